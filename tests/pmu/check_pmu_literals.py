#!/usr/bin/env python3
"""Fails if a PMU address or event id the generator owns is written by hand outside its outputs.

The known literals come from scripts/stackscope/spec/pmu.py itself (the one source): the custom CSR
and window addresses, the standard counter CSRs pmu_csr serves, and event ids passed as bare
numbers. Scanned: hardware, models, harness, software library, scripts, formal harnesses.
Not scanned for the standard RISC-V addresses: the core's and the ISS's full CSR tables
(rtl/core/core_pkg.sv, sim_model/iss: the ISA's map, which the core implements independently
of the PMU), and tests and test programs, which state their expectations independently on
purpose. `--self-test` plants one literal of each kind in a scratch tree and fails unless every
one is reported and a clean file is not.
Usage: check_pmu_literals.py [--self-test] REPO_ROOT
"""
import importlib.util
import re
import sys
import tempfile
from pathlib import Path

SRC_EXT = {".sv", ".svh", ".h", ".hpp", ".cpp", ".c", ".S", ".py"}


def load_gen(root):
    spec = importlib.util.spec_from_file_location("pmu_spec",
                                                  root / "scripts/stackscope/spec/pmu.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def addr_re(addrs):
    alts = "|".join(f"0*{a:x}" for a in sorted(set(addrs)))
    return re.compile(rf"(?:\b0x|'h)(?:{alts})\b", re.I)


def rules(gen):
    custom = [a for _, a, _, _ in gen.CUSTOM_CSRS]
    custom += [gen.WINDOW_BASE, gen.WINDOW_BASE + gen.WINDOW_WORDS - 1]
    std = [a for _, a, _ in gen.STD_CSRS]
    std += [a | gen.HIGH_HALF for n, a, _ in gen.STD_CSRS
            if n in ("Mcycle", "Minstret", "Mhpmcounter3")]
    everywhere = ("rtl/", "sim_model/", "tb/", "sw/", "scripts/", "formal/")
    pmu_side = ("rtl/pmu/", "sim_model/pmu/", "tb/", "sw/lib/", "scripts/", "formal/")
    ev = re.compile(r"HpmEvent::make\(\s*\d|PMU_EVENT\(\s*\d|event_increment\(\s*\d"
                    r"|\{\"\w+\",\s*\d+,\s*\w")
    return [
        ("custom PMU CSR address", addr_re(custom), everywhere, ()),
        ("PMU counter CSR address", addr_re(std), pmu_side, ()),
        ("event id", ev, everywhere + ("tests/",), ()),
        ("event id in a switch", re.compile(r"\bcase\s+\d+\s*:"), ("sim_model/pmu/",), ()),
    ]


def generated(gen):
    full = {"rtl/pmu/probe_pkg.sv", "rtl/pmu/pmu_pkg.sv", "sim_model/pmu/pmu_gen.h",
            "sim_model/pmu/pmu_csr_map.h", "scripts/stackscope/spec/pmu.py",
            "tb/harness/commit_layout.h",
            "tests/pmu/check_pmu_literals.py"}
    regions = {"sw/lib/pmu.h": ("/* BEGIN GENERATED MAP */", "/* END GENERATED MAP */")}
    return full, regions


def scan(root, gen):
    full, regions = generated(gen)
    hits = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if (not path.is_file() or path.suffix not in SRC_EXT or rel in full
                or rel.startswith(("build/", ".git/"))):
            continue
        text = path.read_text(errors="replace")
        if rel in regions:
            b, e = regions[rel]
            if b in text and e in text:
                head, rest = text.split(b, 1)
                text = head + "\n" * rest.split(e, 1)[0].count("\n") + rest.split(e, 1)[1]
        for what, rx, dirs, _ in rules(gen):
            if not rel.startswith(dirs):
                continue
            for m in rx.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                hits.append(f"{rel}:{line}: {what} written by hand: '{m.group(0)}' "
                            f"(use the generated constant; scripts/stackscope/spec/pmu.py)")
    return hits


def self_test(root, gen):
    planted = {"rtl/pmu/x.sv": "localparam logic [11:0] A = 12'hBC1;\n",
               "tb/x.cpp": "uint16_t a = 0xB03;\n",
               "sim_model/pmu/x.cpp": "switch (id) { case 15: return 1; }\n",
               "tb/report/x.cpp": "MuxEvent e{\"fetch_bubbles\", 6, 0};\n",
               "sw/lib/x.h": "#define X PMU_EVENT(6, 0, 0, 0)\n",
               "tests/x.cpp": "auto e = HpmEvent::make(4);\n",
               "sim_model/pmu/y.cpp": "w = 0xfc0 + i;\n"}
    clean = {"tb/clean.cpp": "uint16_t a = csr_addr::kMcycle; // 0xB00 in a comment is ok? no\n"}
    with tempfile.TemporaryDirectory() as d:
        t = Path(d)
        for rel, body in {**planted, **clean}.items():
            (t / rel).parent.mkdir(parents=True, exist_ok=True)
            (t / rel).write_text(body)
        (t / "tb/clean.cpp").write_text("uint16_t a = csr_addr::kMcycle;\n")
        hits = scan(t, gen)
    missed = [rel for rel in planted if not any(h.startswith(rel + ":") for h in hits)]
    wrong = [h for h in hits if h.startswith("tb/clean.cpp")]
    if missed or wrong or len(hits) != len(planted):
        print(f"check_pmu_literals self-test: missed {missed}, false {wrong}, hits {hits}",
              file=sys.stderr)
        return 1
    print(f"check_pmu_literals self-test: {len(planted)} planted literals all reported")
    return 0


def main(argv):
    args = [a for a in argv[1:] if a != "--self-test"]
    root = Path(args[0] if args else Path(__file__).resolve().parents[2])
    gen = load_gen(root)
    if "--self-test" in argv:
        return self_test(root, gen)
    hits = scan(root, gen)
    for h in hits:
        print(h, file=sys.stderr)
    if not hits:
        print("check_pmu_literals: no hand-written PMU address or event id")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
