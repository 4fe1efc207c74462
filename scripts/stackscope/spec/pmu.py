"""The PMU's facts as data: the probe bus, every counter list, the mhpmevent events, the CSR and
read-window address map and the test-port codes. The emitters in stackscope.gen.pmu_* write every
file that names one of them (scripts/gen.py; ctest pmu_gen_in_sync checks the files are in step).

What is generated from here and what is written by hand: names, ids, addresses, widths and bit
layouts are generated for the RTL, the C++ model, software and docs. Every counting rule is
written twice: the RTL's from the expressions below (EVENTS, TD_COUNTERS, generated into
pmu_pkg.sv's event_inc / td_increments), the golden model's by hand from the papers' tables
(sim_model/pmu/pmu_events.h for the events, sim_model/pmu/topdown.cpp for Top-Down), so the
per-cycle cross-check compares two independent definitions (docs/dev/pmu.md, "What is generated and what is written twice").

Static checks (check(): one line per problem): every enum fits its width, every window bank fits
its 64 words, no two CSRs share an address, every event's increment bound fits the increment
width, every Top-Down counter names a known event.

Expressions (EVENTS, TD_COUNTERS): C syntax common to SystemVerilog and C++ -- probe field names
(`fp_elems[j]`), the unit parameters W (dispatch width), FEW (ExecFew) and THR (MemBwThreshold),
integer literals, ! && || == != < <= > >= + - << and one ?: . `SUM_FP(e)` sums e over the
MaxFpUnits FP units (j = unit). Arithmetic is modulo 2^EvIncW (every operand is cast to EvIncW
bits in SV; the model's hand-written increments are masked to the same width).
"""
import re

# ====================================================================== the tables
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
# expression is the RTL's definition of the event: pmu_csr (any mhpmcounter) and topdown (its
# fixed counters) both count it through pmu_pkg's event_inc. The golden model's twin is
# hand-written in sim_model/pmu/pmu_events.h (not generated). `bound` is the largest increment of
# a legal probe (n-fields <= the stage width), checked against EvIncW / TdIncW.
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
# derived from the event's expression (td_doc), so they cannot disagree with it. The golden
# model's twin of each rule is hand-written in sim_model/pmu/topdown.cpp (not generated).
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
# other ctest must (tests/probe_mutants). (name, field, SV expression over the probe `p` that
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



def pkg_consts():
    """The pmu_pkg constants the flip-flop formulas of the synthesis checks use."""
    return {"NumCpiStages": len(CPI_STAGES), "NumCpiComps": len(CPI_COMPS),
            "NumTdCounters": len(TD_COUNTERS), "NumFlopsComps": len(FLOPS_COMPS),
            "NumSpecCnt": NUM_SPEC_CNT, "NumEvents": len(EVENTS), "MaxWidth": P["MaxWidth"],
            "PcW": P["PcW"], "EvIncW": EV_INC_W, "TdIncW": TD_INC_W,
            "DrainRounds": DRAIN_ROUNDS,
            "ProbeBits": layout()[0]}  # probe_t: pmu_top's probe stage register


PKG = pkg_consts()
