#!/usr/bin/env python3
"""The ONE source of the PMU's facts; everything else that names them is generated from here.

Defined here and nowhere else: the probe bus (fields, widths), every counter list (CPI stack,
Top-Down, FLOPS, TIP states), the mhpmevent event ids with each event's per-cycle increment
expression, every Top-Down counter as an event plus a counter-mask form, the CSR and read-window
address map (banks, words, TIP words), and the test-port unit codes. Outputs:

  rtl/pmu/probe_pkg.sv        the core->PMU contract only: probe_t, instr_cls_e, bus limits and
                              the CSR addresses the core forwards to the PMU
  rtl/pmu/pmu_pkg.sv          the PMU's own types, the event increment functions (event_inc,
                              td_increments) and the address map
  sim_model/pmu/pmu_gen.h     the C++ twin: Probe with pack/unpack, enums and name tables, the same
                              increment functions, the cross-check register table
  sim_model/pmu/pmu_csr_map.h the address map alone (dependency-free; the ISS includes it)
  sw/lib/pmu.h                its generated region (addresses, banks, enums, event ids)
  scripts/pmu_consts.py       the package constants scripts/synth.py's expected counts use
  docs/dev/probe.md, docs/dev/pmu.md, docs/report.schema.json   their generated regions / lists

Static checks (the generator exits non-zero with one line per problem): every enum fits its
width, every window bank fits its 64 words, no two CSRs share an address, every event's
increment bound fits the increment width, every Top-Down counter names a known event.
`pmu_gen.py --check` (ctest pmu_gen_in_sync) fails if any output differs from what it produces.

Expressions (EVENTS, TD_COUNTERS): C syntax common to SystemVerilog and C++ -- probe field names
(`fp_elems[j]`), the unit parameters W (dispatch width), FEW (ExecFew) and THR (MemBwThreshold),
integer literals, ! && || == != < <= > >= + - << and one ?: . `SUM_FP(e)` sums e over the
MaxFpUnits FP units (j = unit). Arithmetic is modulo 2^EvIncW in both languages (every operand is
cast to EvIncW bits in SV and the C++ result is masked), so RTL and model agree bit for bit.

Usage: pmu_gen.py [--check] [REPO_ROOT]
"""
import json
import re
import sys
import textwrap
from pathlib import Path

# ====================================================================== the one source
# Probe-bus limits (SV localparam in probe_pkg, C++ constexpr). Widths are maxima; a core drives
# the unused upper slots with zero.
PARAMS = [
    ("MaxWidth", 4, "widest dispatch/issue/commit stage the bus can describe"),
    ("NW", 3, "bits of an n-field (0..MaxWidth)"),
    ("ClsW", 3, "bits of an instr_cls_e"),
    ("MaxFpUnits", 4, "k: most FMA units described"),
    ("MaxVecLen", 8, "v: most elements per FP operation"),
    ("ElemW", 4, "bits of an unmasked-element count (0..MaxVecLen)"),
    ("MemReqW", 4, "bits of the outstanding-memory-request count"),
    ("PcW", 32, "program counter bits"),
    ("RobIdxW", 6, "bits of a ROB index (ROBs of up to 64 entries)"),
]
P = {name: val for name, val, _ in PARAMS}

# Enumerations: (key, SV type, C++ type, SV name prefix, width, C prefix, C count name, entries).
# An entry is (SV name, short name, doc). The position is the value.
CLASSES = [
    ("ClsSingle", "single", "single-cycle op, or no better reason: booked to depend"),
    ("ClsLongLat", "long_lat", "latency > 1 cycle (mul, div, FP, L1-hit load): booked to alu_lat"),
    ("ClsDcL1", "dc_l1", "D-side miss served inside L1 (DTLB miss, MSHR/bank replay): dcache_l1"),
    ("ClsDcL2", "dc_l2", "load missed L1 D-cache, served by L2: dcache_l2"),
    ("ClsDcMem", "dc_mem", "load missed L2, served by memory: dcache_mem"),
]
CPI_STAGES = [("StDispatch", "dispatch", ""), ("StIssue", "issue", ""),
              ("StCommit", "commit", "")]
CPI_COMPS = [
    ("CompBase", "base", "n slots used (Table II l.2)"),
    ("CompIcache", "icache", "front end dry on an I-cache miss (l.5-6)"),
    ("CompBpred", "bpred", "front end dry while recovering from a misprediction (l.7-8)"),
    ("CompDcacheL1", "dcache_l1", "blamed uop has a D-side miss served in L1 (l.11-12)"),
    ("CompDcacheL2", "dcache_l2", "blamed uop missed L1, served by L2 (l.11-12)"),
    ("CompDcacheMem", "dcache_mem", "blamed uop missed L2, served by memory (l.11-12)"),
    ("CompAluLat", "alu_lat", "blamed uop has latency > 1 (l.13-14)"),
    ("CompDepend", "depend", "blamed uop is single-cycle: dependence chain (l.15-16)"),
    ("CompOther", "other",
     "no Table II cause: front end dry without a miss, backend stall without a full ROB/RS/LSQ, "
     "head done but not all slots commit; at issue, structural (no free unit/port)"),
]
FLOPS_COMPS = [
    ("FlBase", "base", "a*m per issued FP op (l.1-2)"),
    ("FlNonFma", "non_fma", "(2-a)*m per issued non-FMA op (l.4-5)"),
    ("FlMask", "mask", "2*(v-m) per issued op (l.6-7)"),
    ("FlFrontend", "frontend", "2v per idle unit, no FP op waiting in an RS (l.9-10)"),
    ("FlNonVfp", "non_vfp", "2v per idle unit, an FP unit busy with a non-FP op (l.11-12)"),
    ("FlMem", "mem", "2v per idle unit, oldest FP op waits on a load (l.14-16)"),
    ("FlDepend", "depend", "2v per idle unit, oldest FP op waits on another op (l.17-18)"),
]
TIP_STATES = [
    ("TipComputing", "computing", "some head entries commit: 1/n cycle to each of the n"),
    ("TipStalled", "stalled", "no commit, ROB not empty: the cycle goes to the ROB head"),
    ("TipFlushed", "flushed", "ROB empty after a flush: to the flushing (offending) instruction"),
    ("TipDrained", "drained", "ROB empty, front end not supplying: to the next uop to dispatch"),
]

# mhpmevent event ids: (SV name, increment expression, bound, doc). id = position. The
# expression is the event's ONE definition: pmu_csr (any mhpmcounter) and topdown (its fixed
# counters) both count it through event_inc / event_increment. `bound` is the largest
# increment of a legal probe (n-fields <= the stage width), checked against EvIncW / TdIncW.
EVENTS = [
    ("EvNone", "0", 0, "counts nothing"),
    ("EvCycles", "1", 1, "1 per cycle"),
    ("EvInstRetired", "cmt_n", 7, "uops committed"),
    ("EvTotalSlots", "W", 4, "W per cycle (Top-Down TotalSlots)"),
    ("EvSlotsIssued", "disp_n", 7, "Top-Down SlotsIssued: allocation slots used"),
    ("EvSlotsRetired", "cmt_n", 7, "Top-Down SlotsRetired"),
    ("EvFetchBubbles", "!be_stall && (!fe_bpred_recover || fe_icache_miss) ? W - disp_n : 0", 4,
     "Top-Down FetchBubbles: unused slots, no backend stall, not a recovery bubble"),
    ("EvRecoveryBubbles", "fe_bpred_recover && !fe_icache_miss ? W - disp_n : 0", 4,
     "Top-Down RecoveryBubbles: unused slots while recovering from a misprediction, unless the "
     "front end waits on an I-cache miss (Frontend, as the CPI stacks' icache)"),
    ("EvBrMispredRetired", "cmt_br_mispred", 1, "a mispredicted branch committed"),
    ("EvMachineClears", "machine_clear", 1, "pipeline flush not caused by a branch"),
    ("EvMsSlotsRetired", "cmt_ms_n", 7, "committed microsequencer uops"),
    ("EvOpsExecuted", "iss_n", 7, "uops issued (cmask forms give the OpsExecuted histogram)"),
    ("EvMemStallsAnyLoad", "iss_n == 0 && ld_inflight", 1, "no uop executed, a load in flight"),
    ("EvMemStallsL1Miss", "iss_n == 0 && ld_l1miss", 1, "no uop executed, a load missed L1"),
    ("EvMemStallsL2Miss", "iss_n == 0 && ld_l2miss", 1, "no uop executed, a load missed L2"),
    ("EvMemStallsStores", "iss_n <= FEW && sb_full", 1, "few uops executed, store buffer full"),
    ("EvExtMemOutstanding", "mem_outstanding", 15,
     "requests outstanding at memory (cmask >= 1 / >= THR forms)"),
    ("EvExceptions", "exception", 1, "exception or interrupt taken"),
    ("EvRobFull", "rob_full", 1, "dispatch blocked on a full ROB"),
    ("EvFpOps", "SUM_FP(fp_issue[j] ? fp_elems[j] << fp_fma[j] : 0)", 2 * 4 * 8,
     "flops issued: sum over units of a*m (a = 2 for FMA)"),
]

# Top-Down counters (Yasin, Table 1), in topdown's cnt_o order: (SV name, short name, event,
# counter-mask form). Form: "raw" (the event's increment), ("==", k) or (">=", expr): 1 in the
# cycles whose increment compares so (x86 cmask; expr may use W, FEW, THR). The doc strings are
# derived from the event's expression (td_doc), so they cannot disagree with it.
TD_COUNTERS = [
    ("TdClocks", "clocks", "EvCycles", "raw"),
    ("TdTotalSlots", "total_slots", "EvTotalSlots", "raw"),
    ("TdSlotsIssued", "slots_issued", "EvSlotsIssued", "raw"),
    ("TdSlotsRetired", "slots_retired", "EvSlotsRetired", "raw"),
    ("TdFetchBubbles", "fetch_bubbles", "EvFetchBubbles", "raw"),
    ("TdFetchBubblesGeW", "fetch_bubbles_ge_w", "EvFetchBubbles", (">=", "W")),
    ("TdRecoveryBubbles", "recovery_bubbles", "EvRecoveryBubbles", "raw"),
    ("TdBrMispredRetired", "br_mispred_retired", "EvBrMispredRetired", "raw"),
    ("TdMachineClears", "machine_clears", "EvMachineClears", "raw"),
    ("TdMsSlotsRetired", "ms_slots_retired", "EvMsSlotsRetired", "raw"),
    ("TdOpsExec0", "ops_executed_0", "EvOpsExecuted", ("==", 0)),
    ("TdOpsExec1", "ops_executed_1", "EvOpsExecuted", ("==", 1)),
    ("TdOpsExec2", "ops_executed_2", "EvOpsExecuted", ("==", 2)),
    ("TdOpsExec3", "ops_executed_3", "EvOpsExecuted", ("==", 3)),
    ("TdOpsExec4", "ops_executed_4", "EvOpsExecuted", (">=", "4")),
    ("TdMemStallsAnyLoad", "mem_stalls_any_load", "EvMemStallsAnyLoad", "raw"),
    ("TdMemStallsL1Miss", "mem_stalls_l1_miss", "EvMemStallsL1Miss", "raw"),
    ("TdMemStallsL2Miss", "mem_stalls_l2_miss", "EvMemStallsL2Miss", "raw"),
    ("TdMemStallsStores", "mem_stalls_stores", "EvMemStallsStores", "raw"),
    ("TdExtMemOutstanding", "ext_mem_outstanding", "EvExtMemOutstanding", "raw"),
    ("TdExtMemGe1", "ext_mem_outstanding_ge_1", "EvExtMemOutstanding", (">=", "1")),
    ("TdExtMemGeThr", "ext_mem_outstanding_ge_thr", "EvExtMemOutstanding", (">=", "THR")),
]

# Test-only write port families (pmu_top dbg_unit_i).
DBG_UNITS = [
    ("DbgCpi", "cpi", "CPI counter stage * NumCpiComps + comp"),
    ("DbgTopDown", "top_down", "Top-Down counter (td_counter_e)"),
    ("DbgFlops", "flops", "FLOPS component (flops_comp_e)"),
    ("DbgTipSamples", "tip_samples", "TIP sample counter"),
    ("DbgCsr", "csr", "a CSR write (idx = address, low 32 bits) replacing the core's"),
    ("DbgSpec", "spec", "speculative CPI counter (cpi_spec flat index)"),
]

def td_doc(ev, form):
    expr = {e[0]: e[1] for e in EVENTS}.get(ev, "?")
    return expr if form == "raw" else f"cycles with ({expr}) {form[0]} {form[1]}"


ENUMS = {}  # filled below: key -> Enum


class Enum:
    """One enumeration, emitted as an SV typedef enum, a C++ enum class with a name table and a
    C enum for software, by one function each."""

    def __init__(self, key, sv, cpp, prefix, width, c_prefix, c_count, entries, *, doc,
                 sv_count=None, cpp_count=None, cpp_names=None, probe=False):
        self.key, self.sv, self.cpp, self.prefix, self.width = key, sv, cpp, prefix, width
        self.c_prefix, self.c_count, self.entries, self.doc = c_prefix, c_count, entries, doc
        self.sv_count, self.cpp_count, self.cpp_names = sv_count, cpp_count, cpp_names
        self.probe = probe  # part of the core->PMU contract (probe_pkg)
        ENUMS[key] = self

    def bits(self):
        return P[self.width] if isinstance(self.width, str) else self.width

    def cpp_name(self, sv_name):
        return "k" + sv_name[len(self.prefix):]

    def c_name(self, sv_name):
        return self.c_prefix + snake(sv_name[len(self.prefix):]).upper()


def snake(camel):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).lower()


Enum("cls", "instr_cls_e", "InstrCls", "Cls", "ClsW", None, None, CLASSES, probe=True,
     doc="Class of the instruction blamed for a backend stall (Eyerman et al., Table II, l.11-16).")
Enum("stage", "cpi_stage_e", "CpiStage", "St", 2, "PMU_ST_", "PMU_NUM_CPI_STAGES", CPI_STAGES,
     doc="CPI stack stages (index of cpi_stack's first cnt_o dimension).",
     sv_count="NumCpiStages", cpp_count="kNumCpiStages", cpp_names="kCpiStageNames")
Enum("comp", "cpi_comp_e", "CpiComp", "Comp", 4, "PMU_CPI_", "PMU_NUM_CPI_COMPS", CPI_COMPS,
     doc="CPI stack components (index of cpi_stack's second cnt_o dimension).",
     sv_count="NumCpiComps", cpp_count="kNumCpiComps", cpp_names="kCpiCompNames")
Enum("td", "td_counter_e", "TdCounter", "Td", 5, "PMU_TD_", "PMU_NUM_TD",
     [(n, s, td_doc(ev, f)) for n, s, ev, f in TD_COUNTERS],
     doc="Top-Down event counters (Yasin, Table 1): index into topdown's cnt_o.",
     sv_count="NumTdCounters", cpp_count="kNumTdCounters", cpp_names="kTdCounterNames")
Enum("fl", "flops_comp_e", "FlopsComp", "Fl", 3, "PMU_FL_", "PMU_NUM_FL", FLOPS_COMPS,
     doc="FLOPS stack components (Eyerman et al., Table III): index into flops_stack's cnt_o.",
     sv_count="NumFlopsComps", cpp_count="kNumFlopsComps", cpp_names="kFlopsCompNames")
Enum("tip", "tip_state_e", "TipState", "Tip", 2, "PMU_TIP_STATE_", None, TIP_STATES,
     doc="TIP commit-stage state of a cycle (Gottschall et al., oracle attribution).",
     cpp_names="kTipStateNames")
Enum("ev", "pmu_event_e", "PmuEvent", "Ev", 8, "PMU_EV_", "PMU_NUM_EV",
     [(n, snake(n[2:]), d) for n, _, _, d in EVENTS],
     doc="mhpmevent event ids; increments: event_inc below.",
     sv_count="NumEvents", cpp_count="kNumEvents", cpp_names="kEventNames")
Enum("dbg", "dbg_unit_e", "PmuUnit", "Dbg", 3, None, None, DBG_UNITS,
     doc="Test-only write port families (pmu_top dbg_unit_i; tie dbg_we_i to 0 in silicon).")

# ---------------------------------------------------------------------- address map
# Standard counter CSRs pmu_csr implements (RISC-V Zicntr/Zihpm/Sscofpmf): (name, address, doc).
NUM_HPM_MAX = 29  # mhpmcounter3..31
STD_CSRS = [
    ("Mcounteren", 0x306, "RW: stored for the core's lower modes"),
    ("Mcountinhibit", 0x320, "RW: bit i stops counter i (bit 1, time, reads 0)"),
    ("Mhpmevent3", 0x323, "RW: event selector of mhpmcounter3 (+i for 3+i)"),
    ("Mip", 0x344, "mip: the PMU takes writes of LCOFIP (bit 13)"),
    ("Mhpmevent3h", 0x723, "RW: high half of mhpmevent3 (OF, MINH)"),
    ("Mcycle", 0xB00, "RW: cycles"),
    ("Minstret", 0xB02, "RW: committed uops (cmt_n)"),
    ("Mhpmcounter3", 0xB03, "RW: programmable counter 3 (+i for 3+i)"),
]
HIGH_HALF = 0x080  # a counter's high half (mcycleh, minstreth, mhpmcounterNh): address | 0x080
# Custom CSRs in pmu_top: (name, address, access, doc). The window is WINDOW_WORDS addresses.
CUSTOM_CSRS = [
    ("PmuBank", 0xBC0, "RW", "`pmubank`: bank shown in the window (0-3)"),
    ("TipCtrl", 0xBC1, "RW", "`tipctrl`: TIP trigger: [1:0] mode (0 off, 1 periodic, 2 "
     "LFSR-random), [2] IRQ (a waiting sample raises mip.LCOFIP), [31:16] period (random: mask "
     "2^k-1). Reset: periodic, 97, IRQ off"),
    ("TipAck", 0xBC2, "W", "`tipack`: any write acknowledges the TIP samples (reads 0)"),
]
WINDOW_BASE, WINDOW_WORDS = 0xFC0, 64
TIPCTRL_IRQ_BIT, TIPCTRL_PERIOD_SHIFT = 2, 16

# TIP bank words, in order.
TIP_WORDS = [("Status", "[0] valid, [2:1] state (`tip_state_e`), [7:4] head_valid, [11:8] "
              "head_commit, [12] NCI valid, [13] LCI valid, [14] dispatch-tag valid")]
TIP_WORDS += [(f"HeadPc{j}", f"pc of ROB head bank entry {j}") for j in range(P["MaxWidth"])]
TIP_WORDS += [("Offending", "offending (flushing) pc"), ("NextPc", "next pc to dispatch"),
              ("NciPc", "NCI sample pc"), ("LciPc", "LCI sample pc"),
              ("DispPc", "dispatch-tag sample pc"), ("SamplesLo", "sample count, low half"),
              ("SamplesHi", "sample count, high 16 bits")]

NUM_SPEC_CNT = 2 * len(CPI_COMPS) + 1  # cpi_spec: dispatch and issue components, then merges


def banks():
    """[(SV name, doc, [(segment, items, words per item, doc)])]: the window's banks."""
    return [
        ("BankCpi", "CPI stacks", [("cpi", len(CPI_STAGES) * len(CPI_COMPS), 2,
                                    "2*(stage*NumCpiComps + comp), stage in `cpi_stage_e`, comp "
                                    "in `cpi_comp_e` order")]),
        ("BankTdFl", "Top-Down + FLOPS", [
            ("td", len(TD_COUNTERS), 2, "Top-Down counter i (`td_counter_e`) at 2*i"),
            ("fl", len(FLOPS_COMPS), 2, f"FLOPS component j (`flops_comp_e`) at "
                                        f"2*({len(TD_COUNTERS)} + j)")]),
        ("BankTip", "TIP", [("tip", len(TIP_WORDS), 1, "`TipWord*` below")]),
        ("BankSpec", "speculative CPI (method b)", [
            ("spec", NUM_SPEC_CNT, 2, "2*(stage*NumCpiComps + comp) for stage dispatch/issue "
                                      "(0-1), then block merges; all 0 if SpecBlocks = 0")]),
    ]


# Registers the per-cycle cross-checks read back through the CSR port (tb/units/pmu_unit and
# tb/harness/pmu_check), for the NumHpm = 4 configuration the SoC builds: (name, address).
CROSSCHECK_HPM = 4

# soc_top's pmu_o (pmu_pkg::pmu_port_t, tb/harness/pmu_port.h): what the harness's per-cycle
# cross-check reads of the PMU, one struct through soc_top and soc_fpga_top. This cycle's
# counter-CSR access, every PMU register (tb/harness/pmu_check.h PmuRegs, in its order) and the
# configuration the harness builds its model from (pmu_port_fields: the first field is the
# struct's MSB).
PORT_CNT_W = 48  # soc_top's counter width (pmu_top StackCntW): the cross-check reads 48 bits


def pmu_port_fields():
    """[(field, element bits, count, (C++ member of PmuPort, first element or None), doc)]."""
    mw, pc, cw, hpm = P["MaxWidth"], P["PcW"], PORT_CNT_W, CROSSCHECK_HPM
    tip = [("tip_valid", 1, 1, "TIP sample latches (tip_sampler), PmuRegs.tip in order"),
           ("tip_state", ENUMS["tip"].bits(), 1, "tip_state_e"), ("tip_head_valid", mw, 1, ""),
           ("tip_head_commit", mw, 1, ""), ("tip_head_pc", pc, mw, ""),
           ("tip_offending", pc, 1, ""), ("tip_next_pc", pc, 1, ""), ("nci_valid", 1, 1, ""),
           ("nci_pc", pc, 1, ""), ("lci_valid", 1, 1, ""), ("lci_pc", pc, 1, ""),
           ("disp_valid", 1, 1, ""), ("disp_pc", pc, 1, ""),
           ("tip_samples", cw, 1, "the sample count")]
    csr = [("csr_cnt", 64, 2 + hpm, "mcycle, minstret, mhpmcounter3.. (PmuRegs.csr in order)"),
           ("csr_event", 64, hpm, "mhpmevent3.."), ("csr_inhibit", 32, 1, "mcountinhibit"),
           ("csr_counteren", 32, 1, "mcounteren"), ("lcofip", 1, 1, "mip.LCOFIP"),
           ("bank", 2, 1, "pmubank"), ("tipctrl", 32, 1, "tipctrl")]

    def into(member, group):
        out, first = [], 0
        for name, w, n, doc in group:
            out.append((name, w, n, (member, first), doc))
            first += n
        return out
    return ([("csr_we", 1, 1, ("csr_we", None), "counter-CSR access this cycle (pmu_csr_req_t)"),
             ("csr_addr", 12, 1, ("csr_addr", None), ""),
             ("csr_wdata", 32, 1, ("csr_wdata", None), "")] +
            [(n, cw, c, (f"regs.{n}", 0), doc) for n, c, doc in (
                ("cpi", len(CPI_STAGES) * len(CPI_COMPS), "CPI stacks, stage-major"),
                ("spec", NUM_SPEC_CNT, "speculative CPI counters"),
                ("td", len(TD_COUNTERS), "Top-Down counters"),
                ("fl", len(FLOPS_COMPS), "FLOPS stack"))] +
            into("regs.tip", tip) + into("regs.csr", csr) +
            [("widths", 20, 1, ("widths", None),
              "{log2 RobEntries, FpUnits, dispatch, issue, commit width}, 4 bits each"),
             ("spec_blocks", 8, 1, ("spec_blocks", None), "PmuSpecBlocks"),
             ("spec_drain", 1, 1, ("spec_drain", None), "PmuSpecDrain"),
             ("probe_stage", 1, 1, ("probe_stage", None), "PmuProbeStage")])


def crosscheck_regs():
    a = {n: v for n, v, _ in STD_CSRS}
    c = {n: v for n, v, _, _ in CUSTOM_CSRS}
    r = [("mcycle", a["Mcycle"]), ("minstret", a["Minstret"])]
    r += [(f"mhpmcounter{3 + i}", a["Mhpmcounter3"] + i) for i in range(CROSSCHECK_HPM)]
    r += [(f"mhpmevent{3 + i}", a["Mhpmevent3"] + i) for i in range(CROSSCHECK_HPM)]
    r += [("mcountinhibit", a["Mcountinhibit"]), ("mcounteren", a["Mcounteren"]),
          ("mip.lcofip", a["Mip"]), ("pmubank", c["PmuBank"]), ("tipctrl", c["TipCtrl"])]
    return r


# ====================================================================== static checks
def width_of(expr):
    return P[expr] if expr in P else int(expr)


def count_of(c):
    return P[c] if isinstance(c, str) else c


def bits_for(n):
    return max(1, n.bit_length())


EV_INC_W = bits_for(max(b for _, _, b, _ in EVENTS))


def td_bound(ev, form):
    return {e[0]: e[2] for e in EVENTS}.get(ev, 0) if form == "raw" else 1  # check() names
    # an unknown event


TD_INC_W = bits_for(max(td_bound(ev, f) for _, _, ev, f in TD_COUNTERS))


def check():
    errs = []
    for e in ENUMS.values():
        if len(e.entries) > 2 ** e.bits():
            errs.append(f"enum {e.sv}: {len(e.entries)} values do not fit {e.bits()} bits")
        names = [n for n, _, _ in e.entries]
        if len(set(names)) != len(names) or not all(n.startswith(e.prefix) for n in names):
            errs.append(f"enum {e.sv}: names must be unique and start with {e.prefix}")
    if (1 << P["NW"]) <= P["MaxWidth"]:
        errs.append("NW cannot hold MaxWidth")
    if (1 << P["ElemW"]) <= P["MaxVecLen"]:
        errs.append("ElemW cannot hold MaxVecLen")
    ev_names = {e[0] for e in EVENTS}
    for name, _, ev, form in TD_COUNTERS:
        if ev not in ev_names:
            errs.append(f"Top-Down counter {name}: unknown event {ev}")
        if form != "raw" and (not isinstance(form, tuple) or form[0] not in ("==", ">=")):
            errs.append(f"Top-Down counter {name}: form must be raw, ('==', k) or ('>=', expr)")
    for name, expr, bound, _ in EVENTS:
        if bound >= 1 << EV_INC_W:
            errs.append(f"event {name}: bound {bound} does not fit EvIncW = {EV_INC_W}")
        for tok in re.findall(r"[A-Za-z_]\w*", expr.replace("SUM_FP", "")):
            if tok not in FIELD_W and tok not in ("W", "FEW", "THR", "j"):
                errs.append(f"event {name}: unknown name {tok} in '{expr}'")
    # addresses: every CSR the PMU answers, expanded, must be distinct
    addrs = {}

    def claim(a, who):
        if a in addrs:
            errs.append(f"CSR address 0x{a:03X}: {who} and {addrs[a]}")
        addrs[a] = who

    for n, a, _ in STD_CSRS:
        span = NUM_HPM_MAX if n in ("Mhpmevent3", "Mhpmevent3h", "Mhpmcounter3") else 1
        for i in range(span):
            claim(a + i, f"{n}+{i}")
            if n in ("Mcycle", "Minstret", "Mhpmcounter3"):
                claim((a + i) | HIGH_HALF, f"{n}+{i} high half")
    for n, a, _, _ in CUSTOM_CSRS:
        claim(a, n)
    for w in range(WINDOW_WORDS):
        claim(WINDOW_BASE + w, f"window word {w}")
    if any(a > 0xFFF for a in addrs):
        errs.append("CSR address above 0xFFF")
    if WINDOW_BASE % WINDOW_WORDS or WINDOW_WORDS & (WINDOW_WORDS - 1):
        errs.append("window must be a power-of-two block aligned to its size")
    for bname, _, segs in banks():
        used = sum(n * w for _, n, w, _ in segs)
        if used > WINDOW_WORDS:
            errs.append(f"window bank {bname}: {used} words > {WINDOW_WORDS} (add a bank)")
    mut_names = [m[0] for m in PROBE_MUTANTS]
    if len(set(mut_names)) != len(mut_names):
        errs.append("probe mutant names must be unique")
    for name, field, _, _ in PROBE_MUTANTS:
        if field not in FIELD_W:
            errs.append(f"probe mutant {name}: unknown field {field}")
    if len(PROBE_MUTANTS) > 255:
        errs.append("more than 255 probe mutants: the select is 8 bits")
    if len(banks()) > 4:
        errs.append("more than 4 banks: pmubank is 2 bits")
    return errs


# ====================================================================== probe layout
FIELDS = [
    # (name, width expr, count, stage, doc); MSB first as in the SV packed struct. count > 1
    # makes a packed array [count-1:0][width-1:0]; element j sits at bits j*width up.
    # -- dispatch (rename/allocate, in order) --
    ("disp_n", "NW", 1, "dispatch", "uops given a ROB entry this cycle (wrong path included)"),
    ("disp_br_mask", "1", "MaxWidth", "dispatch",
     "dispatched slot j (j < disp_n) is a control transfer that can commit as mispredicted "
     "(branch, jal, jalr): it ends a basic block (speculative CPI counters)"),
    ("disp_rob_idx", "RobIdxW", 1, "dispatch",
     "ROB index of dispatched slot 0; slot j gets the next j-th index (speculative CPI counters)"),
    ("fe_empty", "1", 1, "dispatch",
     "after the disp_n dispatched, the front end had no further uop ready for dispatch"),
    ("fe_icache_miss", "1", 1, "fetch",
     "front end is waiting on an I-cache (or ITLB) miss, up to and including the cycle the "
     "filled block reaches the fetch buffer; after a redirect, a request the L1I holds back "
     "while it finishes a killed miss's fill counts (Table II: Icache miss before bpred miss)"),
    ("fe_bpred_recover", "1", 1, "fetch",
     "front end is refilling after a misprediction (or machine-clear) redirect: from the "
     "redirect until the first correct-path uop reaches dispatch"),
    ("fe_misfetch", "1", 1, "fetch",
     "front end is refilling after a decode-time redirect (a taken branch or jump the BTB "
     "missed or mistargeted; no wrong-path uop was dispatched): from the redirect until its "
     "first correct-path uop is dispatched"),
    ("rob_full", "1", 1, "dispatch", "dispatch blocked: no free ROB entry"),
    ("rs_full", "1", 1, "dispatch", "dispatch blocked: the needed reservation station is full"),
    ("lsq_full", "1", 1, "dispatch", "dispatch blocked: load/store queue full"),
    ("be_stall", "1", 1, "dispatch",
     "dispatch blocked by any backend resource (superset of rob/rs/lsq_full), Top-Down"),
    # -- issue (RS -> functional units, out of order) --
    ("iss_n", "NW", 1, "issue", "uops sent to functional units this cycle"),
    ("rs_empty", "1", 1, "issue", "all reservation stations empty (after this cycle's issue)"),
    ("iss_struct", "1", 1, "issue",
     "a ready uop stayed in its RS for lack of a free unit/port (structural stall)"),
    ("iss_nonready", "1", 1, "issue", "the oldest uop left in the RSs waits on a producer"),
    ("iss_prod_cls", "ClsW", 1, "issue",
     "instr_cls_e of that producer (valid if iss_nonready); ClsSingle in the cycle it issues"),
    ("iss_rob_idx", "RobIdxW", "MaxWidth", "issue",
     "ROB index of issued uop k, k < iss_n (speculative CPI counters)"),
    ("iss_old_rob_idx", "RobIdxW", 1, "issue",
     "ROB index of the oldest uop left in the RSs (valid if !rs_empty; speculative CPI counters)"),
    # -- commit (ROB head, in order) --
    ("cmt_n", "NW", 1, "commit", "uops committed this cycle"),
    ("cmt_ms_n", "NW", 1, "commit", "of those, uops supplied by a microsequencer/multi-op expansion"),
    ("rob_empty", "1", 1, "commit", "ROB empty (after this cycle's commit)"),
    ("rob_head_valid", "1", 1, "commit",
     "after this cycle's commit the ROB head holds a uop (the oldest uop not committed)"),
    ("rob_head_done", "1", 1, "commit", "that uop has finished executing"),
    ("rob_head_cls", "ClsW", 1, "commit",
     "instr_cls_e of that uop (valid if rob_head_valid); ClsSingle while it waits in an RS and "
     "in the cycle it issues"),
    ("cmt_br_mispred", "1", 1, "commit", "a mispredicted branch committed this cycle"),
    ("cmt_br_n", "NW", 1, "commit",
     "of the cmt_n, uops that end a basic block (the disp_br_mask kind; speculative CPI counters)"),
    ("machine_clear", "1", 1, "commit", "pipeline flush not caused by a branch (ordering, fence.i, CSR)"),
    ("exception", "1", 1, "commit", "exception or interrupt taken at commit this cycle"),
    # -- memory --
    ("ld_inflight", "1", 1, "memory", "at least one issued load has not returned data"),
    ("ld_l1miss", "1", 1, "memory", "at least one in-flight demand load missed the L1 D-cache"),
    ("ld_l2miss", "1", 1, "memory", "at least one in-flight demand load missed the L2"),
    ("sb_full", "1", 1, "memory", "store buffer full: no further store can issue"),
    ("mem_outstanding", "MemReqW", 1, "memory", "requests outstanding at the memory controller"),
    # -- floating point (one element per FMA unit; unit j in element j) --
    ("fp_issue", "1", "MaxFpUnits", "issue", "unit j started an FP arithmetic op this cycle"),
    ("fp_fma", "1", "MaxFpUnits", "issue", "that op is a fused multiply-add (a = 2, else a = 1)"),
    ("fp_elems", "ElemW", "MaxFpUnits", "issue", "unmasked elements m (0..v) of that op"),
    ("fp_wait_rs", "1", 1, "issue", "at least one FP arithmetic uop waits in an RS"),
    ("fp_unit_nonfp", "1", 1, "issue", "an FP unit is busy with a non-FP-arithmetic uop"),
    ("fp_prod_load", "1", 1, "issue", "the producer of the oldest waiting FP uop is a load"),
    # -- TIP (ROB head bank, flushes, next pc) --
    ("head_valid", "1", "MaxWidth", "commit", "ROB head bank entry j holds a uop"),
    ("head_commit", "1", "MaxWidth", "commit", "ROB head bank entry j commits this cycle"),
    ("head_pc", "PcW", "MaxWidth", "commit", "pc of ROB head bank entry j"),
    ("flush", "1", 1, "commit", "a flush (mispredict, exception, machine clear) this cycle"),
    ("flush_pc", "PcW", 1, "commit", "pc of the instruction causing that flush"),
    ("next_pc", "PcW", 1, "dispatch",
     "pc of the oldest uop at dispatch this cycle: dispatched now, or next to enter the ROB "
     "when disp_n = 0 (TIP drained-state blame, dispatch-tagging sampler)"),
]
FIELD_W = {name: width_of(w) for name, w, _, _, _ in FIELDS}

# The core's observation port (simulation only, docs/dev/probe.md "Checking the probe against the
# machine"): raw occupancy of the structures each probe flag describes, read from the
# structures themselves, so the harness's ProbeCheck can re-derive the flags from their
# documented meaning and catch a flag wired to the wrong signal. Not part of the PMU contract:
# the PMU never reads it, and synthesis has no such port. Same tuple shape as FIELDS.
OBS_FIELDS = [
    ("rs_min_free", "8", 1, "issue", "free entries of the reservation-station class with the fewest"),
    ("rs_wait", "8", 1, "issue", "uops left in the reservation stations after this cycle's issue"),
    ("rs_ready_left", "8", 1, "issue", "of those, uops whose sources are ready"),
    ("lq_waiting", "8", 1, "memory", "load-queue entries issued to the D-cache and waiting for data"),
    ("sb_free", "8", 1, "memory", "free store-buffer entries"),
    ("fp_wait", "8", 1, "issue", "FP arithmetic uops left in the FP reservation station after this cycle's issue"),
    ("fp_ready_left", "8", 1, "issue", "of those, uops whose sources are ready"),
    ("dec_redirect", "1", 1, "fetch", "the decode stage redirected fetch this cycle"),
    ("be_redirect", "1", 1, "fetch", "the back end redirected the front end this cycle"),
]

# Probe mutants (test only; docs/dev/probe.md "Probe mutants"): each rewires ONE probe field to a
# plausible wrong signal, the way a designer could miswire the probe. The RTL PMU and the
# golden model then read the same wrong bus, so the per-cycle cross-check cannot see it: some
# other ctest must (tests/core/probe_mutants). (name, field, SV expression over the probe `p` that
# replaces the field, the mistake it stands for). Ids are 1.. in this order; 0 is none.
PROBE_MUTANTS = [
    ("rob_full_as_rs_full", "rob_full", "p.rs_full", "rob_full wired to the RS-full signal"),
    ("rs_full_as_lsq_full", "rs_full", "p.lsq_full", "rs_full wired to the LSQ-full signal"),
    ("lsq_full_as_sb_full", "lsq_full", "p.sb_full", "lsq_full wired to the store-buffer-full signal"),
    ("be_stall_rob_only", "be_stall", "p.rob_full", "be_stall without its RS, LSQ and register terms"),
    ("fe_empty_as_no_dispatch", "fe_empty", "p.disp_n == '0",
     "fe_empty taken as 'nothing dispatched' (a back-end stall looks like a front-end one)"),
    ("fe_icache_miss_unwired", "fe_icache_miss", "1'b0", "fe_icache_miss left unconnected"),
    ("fe_bpred_recover_flush_only", "fe_bpred_recover", "p.flush",
     "fe_bpred_recover only in the flush cycle, not through the refill"),
    ("fe_misfetch_unwired", "fe_misfetch", "1'b0", "fe_misfetch left unconnected"),
    ("rs_empty_as_rob_empty", "rs_empty", "p.rob_empty", "rs_empty wired to rob_empty"),
    ("iss_struct_unwired", "iss_struct", "1'b0", "iss_struct left unconnected"),
    ("iss_nonready_as_rs_busy", "iss_nonready", "!p.rs_empty",
     "iss_nonready taken as 'some uop waits' (ready or not)"),
    ("iss_prod_cls_as_head_cls", "iss_prod_cls", "p.rob_head_cls",
     "iss_prod_cls wired to the ROB head's class"),
    ("rob_head_done_as_valid", "rob_head_done", "p.rob_head_valid",
     "rob_head_done wired to rob_head_valid"),
    ("rob_head_cls_mem_as_l2", "rob_head_cls", "p.rob_head_cls == ClsDcMem ? ClsDcL2 : p.rob_head_cls",
     "the head's miss level loses the L2 miss"),
    ("cmt_br_mispred_as_clear", "cmt_br_mispred", "p.machine_clear",
     "cmt_br_mispred wired to the machine-clear signal"),
    ("machine_clear_as_exception", "machine_clear", "p.exception",
     "machine_clear wired to the exception signal"),
    ("exception_unwired", "exception", "1'b0", "exception left unconnected"),
    ("ld_l1miss_as_l2miss", "ld_l1miss", "p.ld_l2miss", "ld_l1miss wired to the L2-miss signal"),
    ("ld_l2miss_as_l1miss", "ld_l2miss", "p.ld_l1miss", "ld_l2miss wired to the L1-miss signal"),
    ("ld_inflight_as_l1miss", "ld_inflight", "p.ld_l1miss", "ld_inflight counts only L1 misses"),
    ("sb_full_as_lsq_full", "sb_full", "p.lsq_full", "sb_full wired to the LSQ-full signal"),
    ("mem_outstanding_unwired", "mem_outstanding", "'0", "mem_outstanding left unconnected"),
    ("cmt_n_slot0", "cmt_n", "NW'(p.head_commit[0])", "cmt_n counts only commit slot 0"),
    ("disp_n_one", "disp_n", "NW'(p.disp_n != '0)", "disp_n counts only dispatch slot 0"),
    ("iss_n_one", "iss_n", "NW'(p.iss_n != '0)", "iss_n counts only one issue port"),
    ("cmt_br_n_unwired", "cmt_br_n", "'0", "cmt_br_n left unconnected"),
    ("disp_br_mask_unwired", "disp_br_mask", "'0", "disp_br_mask left unconnected"),
    ("flush_mispred_only", "flush", "p.cmt_br_mispred", "flush only on a mispredicted branch"),
    ("next_pc_as_head_pc", "next_pc", "p.head_pc[0]", "next_pc wired to the ROB head's pc"),
    ("flush_pc_as_next_pc", "flush_pc", "p.next_pc", "flush_pc wired to next_pc"),
    ("head_pc_as_next_pc", "head_pc", "{MaxWidth{p.next_pc}}", "head_pc wired to next_pc"),
    ("iss_old_rob_idx_as_head", "iss_old_rob_idx", "p.iss_rob_idx[0]",
     "iss_old_rob_idx wired to the first issued uop's index"),
    ("fp_issue_unwired", "fp_issue", "'0", "fp_issue left unconnected"),
    ("fp_fma_unwired", "fp_fma", "'0", "fp_fma left unconnected (every FMA booked as a = 1)"),
    ("fp_unit_nonfp_unwired", "fp_unit_nonfp", "1'b0", "fp_unit_nonfp left unconnected"),
    ("fp_wait_rs_as_rs_busy", "fp_wait_rs", "!p.rs_empty",
     "fp_wait_rs taken as 'some uop waits in any RS' (integer ones included)"),
    ("fp_prod_load_as_iss_miss", "fp_prod_load",
     "p.iss_nonready && (p.iss_prod_cls == ClsDcL2 || p.iss_prod_cls == ClsDcMem)",
     "fp_prod_load taken from the oldest waiting uop of any class (a missing load's consumer)"),
]


def layout(fields=None):
    """[(name, elem_width, count, lsb)] with the first field at the top of the struct."""
    fields = FIELDS if fields is None else fields
    total = sum(width_of(w) * count_of(c) for _, w, c, _, _ in fields)
    out, top = [], total
    for name, w, c, _, _ in fields:
        bits = width_of(w) * count_of(c)
        top -= bits
        out.append((name, width_of(w), count_of(c), top))
    return total, out


# ====================================================================== expressions
def expand(expr):
    """SUM_FP(e) -> (e[j=0]) + (e[j=1]) + ..."""
    m = re.search(r"SUM_FP\((.*)\)$", expr)
    if not m:
        return expr
    body = m.group(1)
    terms = ["(" + re.sub(r"\bj\b", str(j), body) + ")" for j in range(P["MaxFpUnits"])]
    return expr[:m.start()] + " + ".join(terms)


def tokens_map(expr, field, param, lit):
    """Rewrites names and integer literals of an expression (after expand)."""
    def sub(m):
        name, idx, num = m.group(1), m.group(2) or "", m.group(3)
        if num is not None:
            return lit(int(num))
        if name in FIELD_W:
            return field(name, idx)
        return param(name)
    return re.sub(r"\b([A-Za-z_]\w*)(\[\d+\])?|\b(\d+)\b", sub, expand(expr))


SV_PARAM = {"W": "w", "FEW": "few", "THR": "thr"}
CPP_PARAM = {"W": "k.dispatch_width", "FEW": "k.exec_few", "THR": "k.mem_bw_threshold"}


def sv_expr(expr, w="EvIncW"):
    # Every multi-bit operand is cast to the increment width, so the arithmetic is modulo
    # 2^w and Verilator -Wall sees no implicit extension; one-bit fields stay booleans.
    return tokens_map(expr, lambda n, i: f"{w}'(p.{n}{i})" if FIELD_W[n] > 1 else f"p.{n}{i}",
                      lambda n: f"{w}'({SV_PARAM[n]})", lambda v: f"{w}'({v})")


def sv_wrap(line, indent):
    return textwrap.wrap(line, 100, subsequent_indent=" " * indent, break_long_words=False,
                         break_on_hyphens=False)


def cpp_expr(expr):
    return tokens_map(expr, lambda n, i: f"(p.{n}{i} & {hex((1 << FIELD_W[n]) - 1)}u)",
                      lambda n: CPP_PARAM[n], lambda v: f"{v}u")


# ====================================================================== emitters
GEN_NOTE = "GENERATED by rtl/pmu/gen/pmu_gen.py -- do not edit; ctest pmu_gen_in_sync checks it."


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


def c_enum(e):
    names = [e.c_name(n) for n, _, _ in e.entries] + ([e.c_count] if e.c_count else [])
    return (["enum {"] + textwrap.wrap(", ".join(names), 92, initial_indent="    ",
                                       subsequent_indent="    ") + ["};"])


def header(comment="//"):
    return [f"{comment} {GEN_NOTE}"]


# ---------------------------------------------------------------------- SystemVerilog
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
          "  // mask form (TD_COUNTERS in the generator). Twin: td_increments() in pmu_gen.h.",
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
          f"  // DrainRounds rounds (rtl/pmu/gen/pmu_gen.py drain_pend_w, docs/cost.md).",
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


# ---------------------------------------------------------------------- C++
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
          "  std::string_view increment;  // the expression event_increment() computes", "};",
          f"inline constexpr std::array<EventInfo, {len(EVENTS)}> kEvents{{{{"]
    for name, expr, _, _ in EVENTS:
        L.append(f'    {{PmuEvent::k{name[2:]}, "{name[2:]}", "{expr}"}},')
    L += ["}};", "",
          "// The unit parameters an increment may use (W, FEW, THR of the generator).",
          "struct EventParams {", "  unsigned dispatch_width;", "  unsigned exec_few;",
          "  unsigned mem_bw_threshold = 0;", "};", "",
          "// Per-cycle increment of an event (ids above kNumEvents count nothing): the C++ twin",
          "// of pmu_pkg::event_inc, modulo 2^kEvIncW like the RTL.",
          "inline uint32_t event_increment(unsigned id, const Probe& p, const EventParams& k) {",
          "  uint32_t r = 0;", "  switch (static_cast<PmuEvent>(id)) {"]
    for name, expr, _, _ in EVENTS:
        L.append(f"    case PmuEvent::k{name[2:]}:")
        L.append(f"      r = static_cast<uint32_t>({cpp_expr(expr)});")
        L.append("      break;")
    L += ["    default:", "      break;", "  }",
          f"  return r & {hex((1 << EV_INC_W) - 1)}u;", "}", "",
          "// Every Top-Down counter's increment of this cycle (twin of pmu_pkg::td_increments).",
          "inline std::array<uint32_t, kNumTdCounters> td_increments(const Probe& p,",
          "                                                          const EventParams& k) {",
          "  auto ev = [&](PmuEvent e) { return event_increment(static_cast<unsigned>(e), p, k); };"]
    used = sorted({ev for _, _, ev, _ in TD_COUNTERS}, key=[e[0] for e in EVENTS].index)
    for ev in used:
        L.append(f"  const uint32_t {v(ev)} = ev(PmuEvent::k{ev[2:]});")
    L.append("  std::array<uint32_t, kNumTdCounters> inc{};")
    tdmask = hex((1 << TD_INC_W) - 1)
    for name, _, ev, form in TD_COUNTERS:
        if form == "raw":
            rhs = f"{v(ev)} & {tdmask}u"
        elif form[0] == "==":
            rhs = f"{v(ev)} == {form[1]}u"
        else:
            rhs = f"{v(ev)} >= ({cpp_expr(str(form[1]))})"
        L.append(f"  inc[static_cast<unsigned>(TdCounter::k{name[2:]})] = {rhs};")
    L += ["  return inc;", "}", ""]
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


# ---------------------------------------------------------------------- software, scripts, docs
def gen_sw_region():
    L = ["/* " + GEN_NOTE + " */"]
    for n, a, acc, doc in CUSTOM_CSRS:
        sw = {"PmuBank": "BANK"}.get(n, n.upper())  # PMU_CSR_BANK, PMU_CSR_TIPCTRL, ...
        L.append(f"#define PMU_CSR_{sw} 0x{a:03X} /* {acc} */")
    L.append(f"#define PMU_CSR_WINDOW 0x{WINDOW_BASE:03X} /* RO: + word of the selected bank */")
    for n, a, _ in STD_CSRS:
        L.append(f"#define PMU_CSR_{n.upper()} 0x{a:03X}")
    L.append(f"#define PMU_CSR_HIGH_HALF 0x{HIGH_HALF:03X} /* counter high half: address | this */")
    for i, (bname, doc, segs) in enumerate(banks()):
        L.append(f"#define PMU_{snake(bname).upper()} {i} /* {doc} */")
    for bname, _, segs in banks():
        base = 0
        for seg, n, w, _ in segs:
            L.append(f"#define PMU_WIN_{seg.upper()}_BASE {base}")
            base += n * w
    L.append(f"#define PMU_TIPCTRL_IRQ (1u << {TIPCTRL_IRQ_BIT})")
    L.append(f"#define PMU_TIPCTRL_PERIOD_SHIFT {TIPCTRL_PERIOD_SHIFT}")
    for key in ("stage", "comp", "td", "fl", "ev"):
        L.append(f"/* {ENUMS[key].sv} */")
        L += c_enum(ENUMS[key])
    L.append("/* TIP bank words */")
    names = [f"PMU_TIP_{snake(n).upper()}" for n, _ in TIP_WORDS] + ["PMU_TIP_WORDS"]
    L += ["enum {"] + textwrap.wrap(", ".join(names), 92, initial_indent="    ",
                                    subsequent_indent="    ") + ["};"]
    return L


def sv_int(expr, env, what):
    """An integer SystemVerilog constant expression over `env`'s localparams (+ - * / ** ())."""
    if not re.fullmatch(r"[\w\s*+\-()/]+", expr):
        raise SystemExit(f"pmu_gen: {what}: '{expr}' is not an integer expression")
    try:
        return int(eval(expr.replace("/", "//"), {"__builtins__": {}}, dict(env)))
    except Exception:  # an unknown name or a malformed expression
        raise SystemExit(f"pmu_gen: {what}: cannot evaluate '{expr}'") from None


def sv_pkg_structs(text, path):
    """The packed structs of a SystemVerilog package: {name: [(field, bits)], MSB first}, for the
    structs whose fields are `logic`, `logic [E:0]` or a `typedef logic [E:0] t;` of the package
    (E over its `localparam int unsigned`s); None for the others. Also the localparams."""
    env = {}
    for m in re.finditer(r"localparam\s+int\s+unsigned\s+(\w+)\s*=\s*([^;]+);", text):
        try:
            env[m.group(1)] = sv_int(m.group(2), env, path)
        except SystemExit:  # e.g. $clog2: not needed by a decoded struct
            pass
    types = {"logic": 1}
    for m in re.finditer(r"typedef\s+logic\s*\[([^\]]+):0\]\s*(\w+);", text):
        types[m.group(2)] = sv_int(m.group(1), env, f"{path} {m.group(2)}") + 1
    structs = {}
    for m in re.finditer(r"typedef struct packed \{([^{}]*)\}\s*(\w+);", text):
        fields = []
        for line in m.group(1).splitlines():
            code = line.split("//")[0].strip()
            if not code:
                continue
            f = re.fullmatch(r"(\w+)\s*(?:\[([^\]]+):0\])?\s*(\w+);", code)
            if not f or f.group(1) not in types:
                fields = None
                break
            what = f"{path} {m.group(2)}.{f.group(3)}"
            dim = sv_int(f.group(2), env, what) + 1 if f.group(2) else 1
            fields.append((f.group(3), types[f.group(1)] * dim))
        structs[m.group(2)] = fields
    return structs, env


def struct_fields(structs, name, path):
    fields = structs.get(name)
    if not fields:
        raise SystemExit(f"pmu_gen: {path} has no `typedef struct packed {{...}} {name};` of "
                         "`logic` fields (or its typedefs)")
    return fields


def fill_lines(items, indent, width=98, cont=None):
    """Items (no line breaks inside one) joined by spaces into lines of at most `width`; the
    lines after the first indented by `cont` (default: `indent`)."""
    lines, cur = [], indent
    for it in items:
        if cur.strip() and len(cur) + 1 + len(it) > width:
            lines.append(cur)
            cur = indent if cont is None else cont
        cur += (" " if cur.strip() else "") + it
    return lines + ([cur] if cur.strip() else [])


def gen_commit_h(core_pkg_text):
    """tb/harness/commit_layout.h: the C++ decode of core_pkg::commit_t, from the SV struct itself
    (so no bit offset is counted by hand)."""
    structs, _ = sv_pkg_structs(core_pkg_text, "rtl/core/core_pkg.sv")
    fields = struct_fields(structs, "commit_t", "rtl/core/core_pkg.sv")
    if any(w > 32 for _, w in fields):
        raise SystemExit("pmu_gen: commit_t fields must be at most 32 bits")
    total = sum(w for _, w in fields)
    L = header() + [
        "// C++ decode of rtl/core/core_pkg.sv commit_t, whose field list this is generated from.",
        "#pragma once", "", '#include "lockstep.h"', "", "namespace stackscope::tb {", "",
        f"// commit_t is {total} bits; commit_o packs CommitWidth of them, slot 0 (the oldest) at",
        "// the LSB. A packed struct's last field is its LSB.",
        f"inline constexpr unsigned kCommitBits = {total};", "",
        "// One commit_t at bit `base`; get(lo, width) reads bits [lo, lo + width) (width <= 32).",
        "template <class Get>", "RtlCommit decode_commit(unsigned base, Get get) {",
        "  RtlCommit c;"]
    lsb = total
    for name, w in fields:
        lsb -= w
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


def gen_bus_h(pkg_texts):
    """tb/harness/bus_layout.h: one plain C++ struct per port struct of BUS_STRUCTS and its field
    list `fields`, through which vl_bits.h's unpack<T> / pack read and write any Verilated
    representation of the port. `pkg_texts`: {path: text}."""
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
        structs, env = sv_pkg_structs(pkg_texts[path], path)
        if pkg == "soc_pkg":
            if "LineBytes" not in env:
                raise SystemExit(f"pmu_gen: {path} has no `localparam int unsigned LineBytes`")
            L += [f"inline constexpr unsigned kLineBytes = {env['LineBytes']};  // {pkg}::LineBytes",
                  ""]
        for name in names:
            fields = struct_fields(structs, name, path)
            stem = name[:-2]
            cpp = "".join(part.capitalize() for part in stem.split("_"))
            total = sum(w for _, w in fields)
            for f, w in fields:
                if w > 32 and w % 32:
                    raise SystemExit(f"pmu_gen: {path} {name}.{f}: a field over 32 bits must be "
                                     "whole 32-bit words")
            L += [f"// {pkg}::{name}, {total} bits, and its fields for unpack / pack.",
                  f"struct {cpp} {{"]
            L += fill_lines(["uint32_t"] + [f"{f} = 0," for f, w in fields if w <= 32][:-1] +
                            [f"{[f for f, w in fields if w <= 32][-1]} = 0;"], "  ", cont="      ")
            L += [f"  std::array<uint32_t, {w // 32}> {f}{{}};" for f, w in fields if w > 32]
            L += ["};", f"inline constexpr unsigned k{cpp}Bits = {total};"]
            calls, consts, lsb = [], [], total
            for f, w in fields:
                lsb -= w
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


def gen_pmu_port_h():
    """tb/harness/pmu_port.h: the C++ read of soc_top's pmu_o (pmu_pkg::pmu_port_t)."""
    fields = pmu_port_fields()
    total = sum(w * n for _, w, n, _, _ in fields)

    def count_of_member(member):
        return sum(n for _, _, n, (m, _), _ in fields if m == member)
    L = header() + [
        "// C++ read of soc_top's pmu_o (pmu_pkg::pmu_port_t in rtl/pmu/pmu_pkg.sv, both generated",
        "// from pmu_gen.py's pmu_port_fields): this cycle's counter-CSR access, every PMU register",
        "// in PmuRegs order, and the configuration the harness builds its model from;",
        "// unpack<PmuPort>(top.pmu_o) (vl_bits.h).",
        "#pragma once", "", "#include <concepts>", "#include <cstdint>", "#include <span>",
        "#include <type_traits>", "", '#include "pmu_check.h"', '#include "vl_bits.h"', "",
        "namespace stackscope::tb {", "",
        f"inline constexpr unsigned kPmuPortBits = {total};",
        f"static_assert(kNumTipRegs == {count_of_member('regs.tip')} && kNumCsrRegs == "
        f"{count_of_member('regs.csr')},",
        '              "pmu_check.h PmuRegs and pmu_gen.py pmu_port_fields disagree");',
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


def replace_region(old, begin, end, lines, path):
    if begin not in old or end not in old:
        raise SystemExit(f"pmu_gen: {path} lacks the markers {begin!r} ... {end!r}")
    head, rest = old.split(begin, 1)
    _, tail = rest.split(end, 1)
    return head + begin + "\n" + "\n".join(lines) + "\n" + end + tail


# ---------------------------------------------------------------------- cheap counter storage
# A counter bank with RAM storage (pmu_counter_bank Store = 1, docs/cost.md) keeps each counter's
# not-yet-drained increments in a narrow pending register; one adder drains one counter per cycle
# round-robin into the RAM. A CSR write takes the RAM port for its cycle (the drain stalls), and
# writes never come in consecutive cycles, so a counter is drained at least once every
# DRAIN_ROUNDS * Num cycles: its pending register holds at most DRAIN_ROUNDS * Num increments
# of at most 2^IncW - 1 each. This is the only place the width is derived.
DRAIN_ROUNDS = 2


def drain_pend_w(num, inc_w):
    return (DRAIN_ROUNDS * num * ((1 << inc_w) - 1)).bit_length()


def gen_consts_py():
    consts = {"NumCpiStages": len(CPI_STAGES), "NumCpiComps": len(CPI_COMPS),
              "NumTdCounters": len(TD_COUNTERS), "NumFlopsComps": len(FLOPS_COMPS),
              "NumSpecCnt": NUM_SPEC_CNT, "NumEvents": len(EVENTS), "MaxWidth": P["MaxWidth"],
              "PcW": P["PcW"], "EvIncW": EV_INC_W, "TdIncW": TD_INC_W}
    consts["DrainRounds"] = DRAIN_ROUNDS
    consts["ProbeBits"] = layout()[0]  # probe_t: pmu_top's probe stage register
    body = ",\n".join(f"    {k!r}: {val}" for k, val in consts.items())
    return f'"""{GEN_NOTE}\n\npmu_pkg constants scripts/synth.py\'s expected counts use."""\n' \
           f"PKG = {{\n{body},\n}}\n\n\n" \
           f"def drain_pend_w(num, inc_w):\n" \
           f"    \"\"\"Pending-increment bits of a RAM-stored counter bank (pmu_pkg::drain_pend_w).\"\"\"\n" \
           f"    return (PKG['DrainRounds'] * num * ((1 << inc_w) - 1)).bit_length()\n"


def md(text):
    return text.replace("|", "\\|")  # inside a table cell


def md_tables():
    """docs/dev/pmu.md generated regions: {marker: lines}."""
    csr = ["| address | access | meaning |", "|---|---|---|"]
    for n, a, acc, doc in CUSTOM_CSRS:
        csr.append(f"| 0x{a:03X} | {acc} | {doc} |")
    csr.append(f"| 0x{WINDOW_BASE:03X} + w | RO | word w (0-{WINDOW_WORDS - 1}) of the selected "
               f"bank; a 48-bit counter is two words, low half first |")
    csr += ["", "| bank | words used | layout |", "|---|---|---|"]
    for i, (bname, doc, segs) in enumerate(banks()):
        used = sum(n * w for _, n, w, _ in segs)
        parts, base = [], 0
        for seg, n, w, sdoc in segs:
            parts.append(f"{sdoc}: words {base}-{base + n * w - 1}")
            base += n * w
        if bname == "BankTip":
            parts = ["; ".join(f"{i_} {n}" for i_, (n, _) in enumerate(TIP_WORDS)) +
                     f". Status word: {TIP_WORDS[0][1]}"]
        csr.append(f"| {i} {doc} | {used} of {WINDOW_WORDS} | {'; '.join(parts)} |")
    ev = ["| id | event | increment per cycle | |", "|---|---|---|---|"]
    for i, (name, expr, _, doc) in enumerate(EVENTS):
        ev.append(f"| {i} | `{name}` | `{md(expr)}` | {doc} |")
    td = ["| counter | event | counts per cycle |", "|---|---|---|"]
    for name, short, evn, form in TD_COUNTERS:
        td.append(f"| `{short}` | `{evn}` | `{md(td_doc(evn, form))}` |")
    return {"CSRMAP": csr, "EVENTS": ev, "TDCOUNTERS": td}


def gen_schema(old):
    """docs/report.schema.json with its counter-name lists regenerated."""
    def lst(names, indent):
        items = ", ".join(f'"{n}"' for n in names)
        return ("\n" + " " * indent).join(textwrap.wrap(items, 100 - indent))

    def sub(pattern, names, text):
        m = re.search(pattern, text, re.S)
        if not m:
            raise SystemExit(f"pmu_gen: docs/report.schema.json: no match for {pattern}")
        indent = m.start(2) - text.rfind("\n", 0, m.start(2)) - 1
        return text[:m.start(2)] + lst(names, indent) + text[m.end(2):]

    t = sub(r'("topdown": \{\s*"allOf": \[\{"\$ref": "#/\$defs/counts"\}\],\s*"required": \[)'
            r'(.*?)\]', [s for _, s, _, _ in TD_COUNTERS], old)
    t = sub(r'("cpi_comps": \{\s*"type": "object",\s*"required": \[)(.*?)\]',
            [s for _, s, _ in CPI_COMPS], t)
    t = sub(r'("flops_comps": \{\s*"type": "object",\s*"required": \[)(.*?)\]',
            [s for _, s, _ in FLOPS_COMPS], t)
    return t


def gen_probe_md(old, path):
    rows = []
    for name, w, c, stage, doc in FIELDS:
        bits = width_of(w) * count_of(c)
        shape = f"{count_of(c)} x {width_of(w)}" if c != 1 else str(bits)
        rows.append(f"| `{name}` | {shape} | {stage} | {doc} |")
    return replace_region(old, "<!-- BEGIN FIELDS (generated by rtl/pmu/gen/pmu_gen.py) -->",
                          "<!-- END FIELDS -->", rows, path)


def outputs(root):
    outs = {root / "rtl/pmu/probe_pkg.sv": gen_probe_pkg(),
            root / "rtl/pmu/pmu_pkg.sv": gen_pmu_pkg(),
            root / "sim_model/pmu/pmu_gen.h": gen_cpp(),
            root / "sim_model/pmu/pmu_csr_map.h": gen_csr_map_h(),
            root / "scripts/pmu_consts.py": gen_consts_py()}
    core_pkg = root / "rtl/core/core_pkg.sv"
    if core_pkg.exists():
        outs[root / "tb/harness/commit_layout.h"] = gen_commit_h(core_pkg.read_text())
    if (root / "tb/harness").is_dir():
        outs[root / "tb/harness/pmu_port.h"] = gen_pmu_port_h()
    if all((root / path).exists() for path, _, _ in BUS_STRUCTS):
        outs[root / "tb/harness/bus_layout.h"] = gen_bus_h(
            {path: (root / path).read_text() for path, _, _ in BUS_STRUCTS})
    edits = {
        "docs/dev/probe.md": gen_probe_md,
        "sw/lib/pmu.h": lambda t, p: replace_region(t, "/* BEGIN GENERATED MAP */",
                                                    "/* END GENERATED MAP */", gen_sw_region(), p),
        "docs/dev/pmu.md": lambda t, p: _md(t, p),
        "docs/report.schema.json": lambda t, p: gen_schema(t),
    }
    for rel, fn in edits.items():
        path = root / rel
        if path.exists():
            outs[path] = fn(path.read_text(), path)
    return outs


def _md(text, path):
    for marker, lines in md_tables().items():
        text = replace_region(text, f"<!-- BEGIN {marker} (generated by rtl/pmu/gen/pmu_gen.py) -->",
                              f"<!-- END {marker} -->", lines, path)
    return text


def main(argv):
    check_only = "--check" in argv
    args = [a for a in argv[1:] if a != "--check"]
    root = Path(args[0] if args else Path(__file__).resolve().parents[3])
    errs = check()
    if errs:
        for e in errs:
            print(f"pmu_gen: {e}", file=sys.stderr)
        return 2
    bad = 0
    for path, text in outputs(root).items():
        if check_only:
            if not path.exists() or path.read_text() != text:
                print(f"{path}: out of sync with rtl/pmu/gen/pmu_gen.py (run it)", file=sys.stderr)
                bad = 1
        elif not path.exists() or path.read_text() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
