"""C++ outputs: sim_model/pmu/pmu_gen.h (names, ids, widths, the Probe layout; no counting
rule), sim_model/pmu/pmu_csr_map.h (the address map) and tb/harness/pmu_port.h."""
import textwrap

from stackscope.spec.pmu import (CROSSCHECK_HPM, CUSTOM_CSRS, DRAIN_ROUNDS, ENUMS, EVENTS,
                                 EV_INC_W, FIELDS, HIGH_HALF, NUM_HPM_MAX, NUM_SPEC_CNT,
                                 OBS_FIELDS, PARAMS, PROBE_MUTANTS, STD_CSRS, TD_INC_W,
                                 TIPCTRL_IRQ_BIT, TIPCTRL_PERIOD_SHIFT, TIP_WORDS, WINDOW_BASE,
                                 WINDOW_WORDS, banks, count_of, crosscheck_regs, layout,
                                 pmu_port_fields)
from stackscope.gen.pmu_text import fill_lines, header


def cpp_enum(e):
    L = [f"// {e.doc} Twin of {e.sv}.", f"enum class {e.cpp} : uint8_t {{"]
    for i, (name, short, doc) in enumerate(e.entries):
        L.append(f"  {e.cpp_name(name)} = {i},  // {doc or short}")
    L.append("};")
    if e.cpp_count:
        L.append(f"inline constexpr unsigned {e.cpp_count} = {len(e.entries)};")
    if e.cpp_names:
        L.append(f"inline constexpr std::array<std::string_view, {len(e.entries)}> "
                 f"{e.cpp_names}{{")
        L += textwrap.wrap(", ".join(f'"{s}"' for _, s, _ in e.entries) + "};", 96,
                           initial_indent="    ", subsequent_indent="    ")
    return L


def cpp_struct(fields, tname, words, with_pack, unpack_name="unpack"):
    """The C++ twin of a generated packed struct: the struct, pack() if asked, unpack()."""
    _, lay = layout(fields)
    L = [f"struct {tname} {{"]
    for name, w, c, stage, doc in fields:
        t = "InstrCls" if w == "ClsW" else "uint32_t"
        if c != 1:
            L.append(f"  std::array<{t}, {count_of(c)}> {name}{{}};")
        else:
            L.append(f"  {t} {name}{{}};")
    L += ["};", ""]
    if with_pack:
        L += ["// Packs into the SV packed-struct bit layout (word 0 = bits 31:0).",
              f"inline void pack(const {tname}& p, std::span<uint32_t, {words}> w) {{",
              "  for (auto& x : w) x = 0;",
              "  // Truncates each value to its field width, as the SV assignment would.",
              "  auto put = [&](uint32_t v, unsigned lsb, unsigned width) {",
              "    const uint64_t mask = (uint64_t{1} << width) - 1;",
              "    const uint64_t x = (uint64_t{v} & mask) << (lsb % 32);",
              "    w[lsb / 32] |= static_cast<uint32_t>(x);",
              "    if (lsb % 32 + width > 32) w[lsb / 32 + 1] |= static_cast<uint32_t>(x >> 32);",
              "  };"]
        for (name, w, c, stage, doc), (_, ew, cnt, lsb) in zip(fields, lay):
            cast = "static_cast<uint32_t>" if w == "ClsW" else ""
            if cnt == 1:
                L.append(f"  put({cast}(p.{name}), {lsb}, {ew});")
            else:
                L.append(f"  for (unsigned j = 0; j < {cnt}; ++j) put({cast}(p.{name}[j]), {lsb} + j * {ew}, {ew});")
        L += ["}", ""]
    L += ["// Unpacks the SV bit layout (e.g. a Verilated output port).",
          f"inline {tname} {unpack_name}(std::span<const uint32_t, {words}> w) {{",
          "  auto get = [&](unsigned lsb, unsigned width) {",
          "    uint64_t x = w[lsb / 32] >> (lsb % 32);",
          "    if (lsb % 32 + width > 32) x |= uint64_t{w[lsb / 32 + 1]} << (32 - lsb % 32);",
          "    return static_cast<uint32_t>(x & ((uint64_t{1} << width) - 1));",
          "  };",
          f"  {tname} p;"]
    for (name, w, c, stage, doc), (_, ew, cnt, lsb) in zip(fields, lay):
        if cnt == 1:
            val = f"get({lsb}, {ew})"
            if w == "ClsW":
                val = f"static_cast<InstrCls>({val})"
            L.append(f"  p.{name} = {val};")
        else:
            L.append(f"  for (unsigned j = 0; j < {cnt}; ++j) p.{name}[j] = get({lsb} + j * {ew}, {ew});")
    return L + ["  return p;", "}", ""]


def gen_csr_map_h():
    L = header() + [
        "// The PMU's CSR and read-window address map (docs/dev/pmu.md). Dependency-free so the ISS",
        "// can include it; twin of the Addr*/Win*/TipWord* constants of rtl/pmu/pmu_pkg.sv.",
        "#pragma once", "", "#include <cstdint>", "", "namespace stackscope::pmu {", "",
        "// Standard counter CSRs served by pmu_csr; a counter's high half is at addr | kHighHalf.",
        "namespace csr_addr {"]
    for n, a, doc in STD_CSRS:
        L.append(f"inline constexpr uint16_t k{n} = 0x{a:03X};  // {doc}")
    L += [f"inline constexpr uint16_t kHighHalf = 0x{HIGH_HALF:03X};",
          f"inline constexpr unsigned kMaxHpm = {NUM_HPM_MAX};  // mhpmcounter3..31",
          "}  // namespace csr_addr", "",
          "// Custom CSRs of pmu_top and the window's banks and words.", "namespace custom_csr {"]
    short = {"PmuBank": "kBank", "TipCtrl": "kTipCtrl", "TipAck": "kTipAck"}
    for n, a, acc, doc in CUSTOM_CSRS:
        L.append(f"inline constexpr uint16_t {short[n]} = 0x{a:03X};  // {acc}")
    L += [f"inline constexpr uint16_t kWindow = 0x{WINDOW_BASE:03X}, "
          f"kWindowLast = 0x{WINDOW_BASE + WINDOW_WORDS - 1:03X};",
          f"inline constexpr unsigned kWindowWords = {WINDOW_WORDS};"]
    for i, (bname, doc, segs) in enumerate(banks()):
        L.append(f"inline constexpr unsigned k{bname} = {i};  // {doc}")
    for bname, _, segs in banks():
        base = 0
        for seg, n, w, _ in segs:
            L.append(f"inline constexpr unsigned kWin{seg.capitalize()}Base = {base};")
            base += n * w
    for i, (n, doc) in enumerate(TIP_WORDS):
        L.append(f"inline constexpr unsigned kTipWord{n} = {i};  // {doc.replace('`', '')}")
    L += [f"inline constexpr unsigned kTipWords = {len(TIP_WORDS)};",
          f"inline constexpr uint32_t kTipCtrlIrq = 1u << {TIPCTRL_IRQ_BIT};",
          f"inline constexpr unsigned kTipCtrlPeriodShift = {TIPCTRL_PERIOD_SHIFT};",
          "}  // namespace custom_csr", "", "}  // namespace stackscope::pmu", ""]
    return "\n".join(L)


def gen_cpp():
    total, lay = layout()
    words = (total + 31) // 32
    L = header() + ["// Twin of rtl/pmu/probe_pkg.sv and rtl/pmu/pmu_pkg.sv.",
                    "#pragma once", "", "#include <array>", "#include <cstdint>", "#include <span>",
                    "#include <string_view>", "", "#include \"pmu_csr_map.h\"", "",
                    "namespace stackscope::pmu {", ""]
    for name, val, doc in PARAMS:
        L.append(f"// {doc}")
        L.append(f"inline constexpr unsigned k{name} = {val};")
    L += [f"inline constexpr unsigned kProbeBits = {total};",
          f"inline constexpr unsigned kProbeWords = {words};",
          f"inline constexpr unsigned kObsBits = {layout(OBS_FIELDS)[0]};",
          f"inline constexpr unsigned kObsWords = {(layout(OBS_FIELDS)[0] + 31) // 32};",
          f"inline constexpr unsigned kNumSpecCnt = {NUM_SPEC_CNT};  // pmu_pkg NumSpecCnt",
          f"inline constexpr unsigned kEvIncW = {EV_INC_W}, kTdIncW = {TD_INC_W};",
          "// Cheap counter storage: pending-increment bits of a RAM-stored bank (pmu_pkg::drain_pend_w).",
          f"inline constexpr unsigned kDrainRounds = {DRAIN_ROUNDS};",
          "constexpr unsigned drain_pend_w(unsigned num, unsigned inc_w) {",
          "  uint64_t bound = uint64_t{kDrainRounds} * num * ((uint64_t{1} << inc_w) - 1);",
          "  unsigned w = 0;",
          "  for (; bound != 0; bound >>= 1) ++w;",
          "  return w;",
          "}", ""]
    for key in ("cls", "stage", "comp", "td", "fl", "tip", "ev", "dbg"):
        L += cpp_enum(ENUMS[key]) + [""]
    L += ["// One cycle of the probe bus (field meanings: rtl/pmu/probe_pkg.sv, docs/dev/probe.md)."]
    L += cpp_struct(FIELDS, "Probe", "kProbeWords", True)
    L += ["// Simulation only: the core's observation port (probe_pkg::core_obs_t), which the",
          "// harness's ProbeCheck checks the probe against."]
    L += cpp_struct(OBS_FIELDS, "CoreObs", "kObsWords", False, "unpack_obs")
    # events
    L += ["struct EventInfo {", "  PmuEvent id;", "  std::string_view name;",
          "  std::string_view increment;  // the RTL's increment expression (pmu_pkg::event_inc)",
          "};",
          f"inline constexpr std::array<EventInfo, {len(EVENTS)}> kEvents{{{{"]
    for name, expr, _, _ in EVENTS:
        L.append(f'    {{PmuEvent::k{name[2:]}, "{name[2:]}", "{expr}"}},')
    L += ["}};", "",
          "// The model's increments are not generated: event_increment() (pmu_events.h) and",
          "// TopDown::step (topdown.cpp) write them by hand from the papers' definitions.", ""]
    # cross-check register table
    regs = crosscheck_regs()
    L += ["// Registers the per-cycle cross-checks read through the CSR port, in their order",
          f"// (NumHpm = {CROSSCHECK_HPM}): 64-bit ones as low half at addr, high half at",
          "// addr | kHighHalf (counters) or addr + 0x400 (mhpmeventh).",
          "struct CsrReg {", "  std::string_view name;", "  uint16_t addr;", "};",
          f"inline constexpr unsigned kCrossCheckHpm = {CROSSCHECK_HPM};",
          f"inline constexpr std::array<CsrReg, {len(regs)}> kCsrRegs{{{{"]
    for n, a in regs:
        L.append(f'    {{"{n}", 0x{a:03X}}},')
    L += ["}};", "inline constexpr uint16_t csr_reg_addr(unsigned i) { return kCsrRegs[i].addr; }", "",
          "// Probe mutants (test only, probe_pkg::probe_mutate): id i + 1 is kProbeMutants[i].",
          "struct ProbeMutant {", "  std::string_view name, field, mistake;", "};",
          f"inline constexpr std::array<ProbeMutant, {len(PROBE_MUTANTS)}> kProbeMutants{{{{"]
    for name, field, _, doc in PROBE_MUTANTS:
        L.append(f'    {{"{name}", "{field}", "{doc}"}},')
    L += ["}};", "", "}  // namespace stackscope::pmu", ""]
    return "\n".join(L)


def gen_pmu_port_h():
    """tb/harness/pmu_port.h: the C++ read of soc_top's pmu_o (pmu_pkg::pmu_port_t)."""
    fields = pmu_port_fields()
    total = sum(w * n for _, w, n, _, _ in fields)

    def count_of_member(member):
        return sum(n for _, _, n, (m, _), _ in fields if m == member)
    L = header() + [
        "// C++ read of soc_top's pmu_o (pmu_pkg::pmu_port_t in rtl/pmu/pmu_pkg.sv, both generated",
        "// from stackscope.spec.pmu pmu_port_fields): this cycle's counter-CSR access, every PMU register",
        "// in PmuRegs order, and the configuration the harness builds its model from;",
        "// unpack<PmuPort>(top.pmu_o) (vl_bits.h).",
        "#pragma once", "", "#include <concepts>", "#include <cstdint>", "#include <span>",
        "#include <type_traits>", "", '#include "pmu_check.h"', '#include "vl_bits.h"', "",
        "namespace stackscope::tb {", "",
        f"inline constexpr unsigned kPmuPortBits = {total};",
        f"static_assert(kNumTipRegs == {count_of_member('regs.tip')} && kNumCsrRegs == "
        f"{count_of_member('regs.csr')},",
        '              "pmu_check.h PmuRegs and spec pmu_port_fields disagree");',
        "", "struct PmuPort {", "  uint32_t csr_we = 0, csr_addr = 0, csr_wdata = 0;",
        "  PmuRegs regs;", "  uint32_t widths = 0, spec_blocks = 0, spec_drain = 0, probe_stage = 0;", "};", "",
        "// PmuPort's own fields in pmu_o, for a read of one of them (the CSR access, every cycle)."]
    calls, consts, lsb = [], [], total
    for name, w, n, (member, first), _ in fields:
        lsb -= w * n
        if n > 1:
            calls.append(f"f.many(std::span(p.{member}).subspan({first}, {n}), {lsb}, {w});")
        elif first is None:
            const = "kPmuPort" + "".join(part.capitalize() for part in name.split("_"))
            consts.append(f"inline constexpr BitField {const}{{{lsb}, {w}}};")
            calls.append(f"f.one(p.{member}, {const});")
        else:
            calls.append(f"f.one(p.{member}[{first}], {{{lsb}, {w}}});")
    L += consts + ["", "template <class S, class F>",
                   "  requires std::same_as<std::remove_const_t<S>, PmuPort>",
                   "void fields(S& p, const F& f) {"]
    L += fill_lines(calls, "  ")
    L += ["}", "", "}  // namespace stackscope::tb", ""]
    return "\n".join(L)
