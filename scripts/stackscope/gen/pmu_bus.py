"""C++ views of SystemVerilog port structs: tb/harness/commit_layout.h and bus_layout.h.

The layouts come from slang (pyslang): the packages are elaborated and each packed struct's
field offsets and widths are read from the type system, so no bit offset is counted here.
"""
from pyslang import DiagnosticEngine, ast, syntax

from stackscope.common.errors import StackScopeError
from stackscope.gen.pmu_text import fill_lines, header

# The packages elaborated, in dependency order: the structs' own packages and what they import.
SV_PACKAGES = ["rtl/pmu/probe_pkg.sv", "rtl/core/fpu_pkg.sv", "rtl/core/core_pkg.sv",
               "rtl/top/soc_pkg.sv"]


class Packages:
    """The elaborated SV_PACKAGES. `texts` ({path: text}) overrides files on disk (a package
    this generator writes in the same run)."""

    def __init__(self, root, texts=None):
        self.comp = ast.Compilation()
        for path in SV_PACKAGES:
            text = (texts or {}).get(path)
            if text is None:
                text = (root / path).read_text()
            self.comp.addSyntaxTree(syntax.SyntaxTree.fromText(text, path))
        errs = [d for d in self.comp.getAllDiagnostics() if d.isError()]
        if errs:
            raise StackScopeError("the SystemVerilog packages do not elaborate:\n" +
                             DiagnosticEngine.reportAll(self.comp.sourceManager, errs))

    def package(self, pkg):
        p = self.comp.getPackage(pkg)
        if p is None:
            raise StackScopeError(f"no package {pkg} in {', '.join(SV_PACKAGES)}")
        return p

    def struct(self, pkg, name):
        """[(field, bits, lsb)] of packed struct pkg::name, MSB first, and its total bits."""
        sym = self.package(pkg).lookupName(name)
        t = sym.canonicalType if sym is not None and sym.isType else None
        if t is None or t.kind != ast.SymbolKind.PackedStructType:
            raise StackScopeError(f"{pkg} has no `typedef struct packed {{...}} {name};`")
        fields = [(m.name, m.type.bitWidth, m.bitOffset) for m in t]
        return sorted(fields, key=lambda f: -f[2]), t.bitWidth

    def int_param(self, pkg, name):
        sym = self.package(pkg).lookupName(name)
        if sym is None or sym.kind != ast.SymbolKind.Parameter:
            raise StackScopeError(f"{pkg} has no `localparam int unsigned {name}`")
        return int(sym.value.value)


def gen_commit_h(pkgs):
    """tb/harness/commit_layout.h: the C++ decode of core_pkg::commit_t, from the SV struct itself
    (so no bit offset is counted by hand)."""
    fields, total = pkgs.struct("core_pkg", "commit_t")
    if any(w > 32 for _, w, _ in fields):
        raise StackScopeError("commit_t fields must be at most 32 bits")
    L = header() + [
        "// C++ decode of rtl/core/core_pkg.sv commit_t, whose field list this is generated from.",
        "#pragma once", "", '#include "lockstep.h"', "", "namespace stackscope::tb {", "",
        f"// commit_t is {total} bits; commit_o packs CommitWidth of them, slot 0 (the oldest) at",
        "// the LSB. A packed struct's last field is its LSB.",
        f"inline constexpr unsigned kCommitBits = {total};", "",
        "// One commit_t at bit `base`; get(lo, width) reads bits [lo, lo + width) (width <= 32).",
        "template <class Get>", "RtlCommit decode_commit(unsigned base, Get get) {",
        "  RtlCommit c;"]
    for name, w, lsb in fields:
        L.append(f"  c.{name} = static_cast<decltype(c.{name})>(get(base + {lsb}, {w}));")
    L += ["  return c;", "}", "", "}  // namespace stackscope::tb", ""]
    return "\n".join(L)


# The port structs the C++ harness and unit benches read and write (bus_layout.h): the core's
# I-port and D-port (core_pkg) and soc_mem's main-memory ports (soc_pkg).
BUS_STRUCTS = [("rtl/core/core_pkg.sv", "core_pkg",
                ["ic_req_t", "ic_rsp_t", "dc_req_t", "dc_rsp_t"]),
               ("rtl/top/soc_pkg.sv", "soc_pkg",
                ["line_req_t", "line_rsp_t", "word_req_t", "word_rsp_t",
                 "block_rsp_t"])]


def gen_bus_h(pkgs):
    """tb/harness/bus_layout.h: one plain C++ struct per port struct of BUS_STRUCTS and its field
    list `fields`, through which vl_bits.h's unpack<T> / pack read and write any Verilated
    representation of the port."""
    L = header() + [
        "// C++ view of the SoC's port structs, generated from their SystemVerilog definitions",
        "// (" + ", ".join(path for path, _, _ in BUS_STRUCTS) + "): one plain struct each,",
        "// with its field list, so that unpack<T>(port) and pack(port, value) (vl_bits.h) read and",
        "// write a Verilated port (an integer, a VlWide or a DPI svBitVecVal array). A packed",
        "// struct's last field is its LSB; a field over 32 bits is 32-bit words, word 0 lowest.",
        "#pragma once", "", "#include <array>", "#include <concepts>", "#include <cstdint>",
        "#include <span>", "#include <type_traits>", "", '#include "vl_bits.h"', "",
        "namespace stackscope::tb {", ""]
    for path, pkg, names in BUS_STRUCTS:
        if pkg == "soc_pkg":
            line_bytes = pkgs.int_param(pkg, "LineBytes")
            L += [f"inline constexpr unsigned kLineBytes = {line_bytes};  // {pkg}::LineBytes",
                  ""]
        for name in names:
            layout, total = pkgs.struct(pkg, name)
            fields = [(f, w) for f, w, _ in layout]
            stem = name[:-2]
            cpp = "".join(part.capitalize() for part in stem.split("_"))
            for f, w in fields:
                if w > 32 and w % 32:
                    raise StackScopeError(f"{path} {name}.{f}: a field over 32 bits must be "
                                     "whole 32-bit words")
            L += [f"// {pkg}::{name}, {total} bits, and its fields for unpack / pack.",
                  f"struct {cpp} {{"]
            L += fill_lines(["uint32_t"] + [f"{f} = 0," for f, w in fields if w <= 32][:-1] +
                            [f"{[f for f, w in fields if w <= 32][-1]} = 0;"], "  ", cont="      ")
            L += [f"  std::array<uint32_t, {w // 32}> {f}{{}};" for f, w in fields if w > 32]
            L += ["};", f"inline constexpr unsigned k{cpp}Bits = {total};"]
            calls, consts = [], []
            for f, w, lsb in layout:
                if w > 32:
                    calls.append(f"f.many(std::span(s.{f}), {lsb}, 32);")
                else:
                    const = f"k{cpp}" + "".join(part.capitalize() for part in f.split("_"))
                    consts.append(f"{const}{{{lsb}, {w}}}")
                    calls.append(f"f.one(s.{f}, {const});")
            L += fill_lines(["inline constexpr BitField"] + [c + "," for c in consts[:-1]] +
                            [consts[-1] + ";"], "", cont="    ")
            L += ["template <class S, class F>",
                  f"  requires std::same_as<std::remove_const_t<S>, {cpp}>",
                  "void fields(S& s, const F& f) {"]
            L += fill_lines(calls, "  ")
            L += ["}", ""]
    L += ["}  // namespace stackscope::tb", ""]
    return "\n".join(L)


def outputs(root, texts=None):
    """{path: text} of the layout headers, when every package of SV_PACKAGES is under root (a
    scratch copy of the PMU alone has none). `texts`: see Packages."""
    if not all((root / path).exists() for path in SV_PACKAGES):
        return {}
    pkgs = Packages(root, texts)
    return {root / "tb/harness/commit_layout.h": gen_commit_h(pkgs),
            root / "tb/harness/bus_layout.h": gen_bus_h(pkgs)}
