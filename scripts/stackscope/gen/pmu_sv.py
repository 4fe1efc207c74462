"""SystemVerilog outputs: rtl/pmu/probe_pkg.sv (the core->PMU contract) and rtl/pmu/pmu_pkg.sv
(the PMU's types, the event increment functions and the address map)."""
import textwrap

from stackscope.spec.pmu import (CLASSES, CROSSCHECK_HPM, CUSTOM_CSRS, DRAIN_ROUNDS, ENUMS, EVENTS,
                                 EV_INC_W, FIELDS, HIGH_HALF, NUM_HPM_MAX, NUM_SPEC_CNT,
                                 OBS_FIELDS, PARAMS, PORT_CNT_W, PROBE_MUTANTS, STD_CSRS,
                                 TD_COUNTERS, TD_INC_W, TIPCTRL_IRQ_BIT, TIPCTRL_PERIOD_SHIFT,
                                 TIP_WORDS, WINDOW_BASE, WINDOW_WORDS, banks, layout,
                                 pmu_port_fields, snake)
from stackscope.gen.pmu_text import sv_expr, sv_wrap, header


def sv_enum(e, indent="  "):
    L = [f"{indent}// {e.doc}", f"{indent}typedef enum logic [{e.width}-1:0] {{"
         if isinstance(e.width, str) else f"{indent}typedef enum logic [{e.width - 1}:0] {{"]
    for i, (name, short, doc) in enumerate(e.entries):
        sep = "," if i + 1 < len(e.entries) else ""
        lit = f"{e.bits()}'d{i}"
        L.append(f"{indent}  {name} = {lit}{sep}  // {doc or short}")
    L.append(f"{indent}}} {e.sv};")
    if e.sv_count:
        L.append(f"{indent}localparam int unsigned {e.sv_count} = {len(e.entries)};")
    return L


def sv_struct(fields, tname):
    L = ["  typedef struct packed {"]
    for name, w, c, stage, doc in fields:
        if w == "ClsW":
            decl = "instr_cls_e"
        elif w == "1":
            decl = "logic"
        else:
            decl = f"logic [{w}-1:0]"
        if c != 1:
            decl = f"logic [{c}-1:0]" + ("" if w == "1" else f"[{w}-1:0]")
        for line in textwrap.wrap(f"[{stage}] {doc}", 92):
            L.append(f"    // {line}")
        L.append(f"    {decl} {name};")
    return L + [f"  }} {tname};"]


def gen_probe_pkg():
    total, _ = layout()
    L = header() + [
        "// The core->PMU contract and nothing else: the probe bus (docs/dev/probe.md) and the CSR",
        "// addresses a core forwards to the PMU. rtl/core imports only this package.",
        "`default_nettype none", "", "package probe_pkg;", ""]
    for name, val, doc in PARAMS:
        L += [f"  // {doc}", f"  localparam int unsigned {name} = {val};"]
    L += [f"  localparam int unsigned ProbeBits = {total};  // width of probe_t", ""]
    L += sv_enum(ENUMS["cls"]) + ["",
          "  // The probe bus: one struct per cycle from the core, sampled at the clock edge."]
    L += sv_struct(FIELDS, "probe_t") + ["",
          "  // Simulation only: the core's observation port (not read by the PMU; the harness",
          "  // checks the probe against it, docs/dev/probe.md \"Checking the probe against the machine\")."]
    L += sv_struct(OBS_FIELDS, "core_obs_t") + ["",
          "  // CSRs served by pmu_top (the core forwards accesses to them): custom CSRs and the",
          "  // read-only window. The standard counter CSRs are the RISC-V ones (core_pkg).",
          "  // Custom CSRs are consecutive: the forwarded range is AddrPmuBank..AddrPmuCustomLast."]
    for n, a, acc, doc in CUSTOM_CSRS:
        L.append(f"  localparam logic [11:0] Addr{n} = 12'h{a:03X};  // {acc}")
    L += [f"  localparam logic [11:0] AddrPmuCustomLast = 12'h{CUSTOM_CSRS[-1][1]:03X};",
          f"  localparam logic [11:0] AddrWindow = 12'h{WINDOW_BASE:03X};  // RO, "
          f"{WINDOW_WORDS} words",
          f"  localparam int unsigned WindowWordBits = {WINDOW_WORDS.bit_length() - 1};",
          ""]
    L += ["  // Test only (docs/dev/probe.md \"Probe mutants\"): the probe with mutant m applied (0: none).",
          f"  localparam int unsigned NumProbeMutants = {len(PROBE_MUTANTS)};",
          "  function automatic probe_t probe_mutate(probe_t p, logic [7:0] m);",
          "    probe_t q;", "    q = p;", "    case (m)"]
    for i, (name, field, expr, _) in enumerate(PROBE_MUTANTS, 1):
        L.append(f"      8'd{i}: q.{field} = {expr};  // {name}")
    L += ["      default: ;", "    endcase", "    return q;", "  endfunction", "",
          "endpackage : probe_pkg", "", "`default_nettype wire", ""]
    return "\n".join(L)


def sv_event_inc():
    L = ["  // Per-cycle increment of event `ev` (ids above NumEvents count nothing). The one RTL",
         "  // definition of every event: pmu_csr and topdown both count through it. Twin:",
         "  // event_increment() in sim_model/pmu/pmu_gen.h.",
         "  function automatic logic [EvIncW-1:0] event_inc(pmu_event_e ev, probe_t p,",
         "                                                  logic [NW-1:0] w, logic [NW-1:0] few);",
         "    unique case (ev)"]
    for name, expr, _, _ in EVENTS:
        e = sv_expr(expr)
        e = e if e.startswith("EvIncW'(") and e.endswith(")") and e.count("(") == 1 \
            else f"EvIncW'({e})"
        L += sv_wrap(f"      {name}: return {e};", 10)
    L += ["      default: return '0;", "    endcase", "  endfunction", "",
          "  // Every Top-Down counter's increment of this cycle: its event through its counter-",
          "  // mask form (TD_COUNTERS in stackscope.spec.pmu). The model's twin is hand-written:",
          "  // TopDown::step in sim_model/pmu/topdown.cpp.",
          "  function automatic logic [NumTdCounters-1:0][TdIncW-1:0] td_increments(",
          "      probe_t p, logic [NW-1:0] w, logic [NW-1:0] few, logic [MemReqW-1:0] thr);",
          "    logic [NumTdCounters-1:0][TdIncW-1:0] inc;"]
    if not any(f != "raw" and "THR" in str(f[1]) for *_, f in TD_COUNTERS):
        L += ["    logic unused_thr;", "    unused_thr = ^thr;"]
    for name, _, ev, form in TD_COUNTERS:
        e = f"event_inc({ev}, p, w, few)"
        if form == "raw":
            rhs = f"TdIncW'({e})"
        elif form[0] == "==":
            rhs = f"TdIncW'({e} == EvIncW'({form[1]}))"
        else:
            rhs = f"TdIncW'({e} >= {sv_expr(str(form[1]))})"
        L += sv_wrap(f"    inc[{name}] = {rhs};", 8)
    L += ["    return inc;", "  endfunction"]
    return L


def v(ev):
    return "e_" + snake(ev[2:])


def gen_pmu_pkg():
    L = header() + [
        "// The PMU's own types (counter enums, events, address map) and the event increment",
        "// functions. The probe contract is probe_pkg; the aliases below keep `pmu_pkg::probe_t`",
        "// and friends working for code that has not switched to probe_pkg yet.",
        "// C++ twin: sim_model/pmu/pmu_gen.h. Integration guide: docs/dev/probe.md.",
        "`default_nettype none", "", "package pmu_pkg;", "",
        "  // ---- the probe contract, re-exported (SV packages do not re-export imports)"]
    for name, _, _ in PARAMS + [("ProbeBits", 0, "")]:
        L.append(f"  localparam int unsigned {name} = probe_pkg::{name};")
    L += ["  typedef probe_pkg::instr_cls_e instr_cls_e;", "  typedef probe_pkg::probe_t probe_t;"]
    for name, _, _ in CLASSES:
        L.append(f"  localparam instr_cls_e {name} = probe_pkg::{name};")
    L.append("")
    for key in ("stage", "comp"):
        L += sv_enum(ENUMS[key]) + [""]
    L += [f"  // speculative CPI counters (cpi_spec): dispatch and issue components, then merges",
          f"  localparam int unsigned NumSpecCnt = {NUM_SPEC_CNT};", ""]
    for key in ("td", "fl", "tip", "ev", "dbg"):
        L += sv_enum(ENUMS[key]) + [""]
    L += [f"  // Increment widths: the largest event bound, and the largest Top-Down counter bound.",
          f"  localparam int unsigned EvIncW = {EV_INC_W};",
          f"  localparam int unsigned TdIncW = {TD_INC_W};", "",
          "  // Cheap counter storage (pmu_counter_bank Store = 1): pending-increment bits of a bank",
          "  // of num counters with inc_w-bit increments, drained round-robin; a write stalls the",
          f"  // drain for its cycle and writes never come back to back, so a counter waits at most",
          f"  // DrainRounds rounds (stackscope.spec.pmu drain_pend_w, docs/cost.md).",
          f"  localparam int unsigned DrainRounds = {DRAIN_ROUNDS};",
          "  function automatic int unsigned drain_pend_w(int unsigned num, int unsigned inc_w);",
          "    longint unsigned bound;",
          "    bound = longint'(DrainRounds) * longint'(num) * ((longint'(1) << inc_w) - 1);",
          "    return $clog2(bound + 1);",
          "  endfunction", ""]
    L += ["  // soc_top's PMU observation port for the harness (tb/harness/pmu_port.h): this cycle's",
          "  // counter-CSR access, every PMU register, and the configuration the harness's model",
          "  // needs. PortCntW and PortNumHpm are soc_top's pmu_top StackCntW and NumHpm.",
          f"  localparam int unsigned PortCntW = {PORT_CNT_W};",
          f"  localparam int unsigned PortNumHpm = {CROSSCHECK_HPM};  // mhpmcounter3.. in pmu_o",
          "  typedef struct packed {"]
    for name, w, n, _, doc in pmu_port_fields():
        decl = "logic" + (" " if n > 1 or w > 1 else "") + (f"[{n - 1}:0]" if n > 1 else "") + \
            (f"[{w - 1}:0]" if w > 1 else "")
        L.append(f"    {decl} {name};" + (f"  // {doc}" if doc else ""))
    L += ["  } pmu_port_t;", ""]
    L += sv_event_inc() + ["",
          "  // ---- address map: standard counter CSRs served by pmu_csr (docs/dev/pmu.md)"]
    for n, a, doc in STD_CSRS:
        L.append(f"  localparam logic [11:0] Addr{n} = 12'h{a:03X};  // {doc}")
    L += [f"  localparam logic [11:0] AddrHighHalf = 12'h{HIGH_HALF:03X};  // counter high half: "
          f"| this",
          f"  localparam int unsigned MaxHpm = {NUM_HPM_MAX};  // mhpmcounter3..31", "",
          "  // Custom CSRs and the window (addresses in probe_pkg), re-exported."]
    for n, _, _, _ in CUSTOM_CSRS:
        L.append(f"  localparam logic [11:0] Addr{n} = probe_pkg::Addr{n};")
    L += ["  localparam logic [11:0] AddrWindow = probe_pkg::AddrWindow;",
          "  localparam int unsigned WindowWordBits = probe_pkg::WindowWordBits;",
          f"  localparam int unsigned WindowWords = {WINDOW_WORDS};",
          f"  localparam int unsigned TipCtrlIrqBit = {TIPCTRL_IRQ_BIT};",
          f"  localparam int unsigned TipCtrlPeriodShift = {TIPCTRL_PERIOD_SHIFT};", "",
          "  // Window banks (pmubank) and, per bank, the first word of each segment.",
          "  typedef enum logic [1:0] {"]
    bl = banks()
    for i, (bname, doc, _) in enumerate(bl):
        L.append(f"    {bname} = 2'd{i}{',' if i + 1 < len(bl) else ''}  // {doc}")
    L.append("  } win_bank_e;")
    for bname, _, segs in bl:
        base = 0
        for seg, n, w, _ in segs:
            L.append(f"  localparam int unsigned Win{seg.capitalize()}Base = {base};"
                     f"  // {bname}: {n} x {w} word(s)")
            base += n * w
    L += ["", "  // Words of the TIP bank."]
    for i, (n, doc) in enumerate(TIP_WORDS):
        L.append(f"  localparam int unsigned TipWord{n} = {i};")
    L += [f"  localparam int unsigned TipWords = {len(TIP_WORDS)};", "",
          "endpackage : pmu_pkg", "", "`default_nettype wire", ""]
    return "\n".join(L)
