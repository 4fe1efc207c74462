#!/usr/bin/env python3
"""One list -> rtl/pmu/pmu_pkg.sv, sim_model/pmu/pmu_gen.h and docs/probe.md's field table.

The probe bus layout and the mhpmevent event ids are defined ONLY here, so the SystemVerilog
package and the C++ golden model cannot drift apart. `pmu_gen.py --check` (a ctest) fails if
either committed file differs from what this script produces.
Usage: pmu_gen.py [--check] REPO_ROOT
"""
import sys
import textwrap
from pathlib import Path

# Package parameters (SV localparam, C++ constexpr). Widths are maxima; a core drives the
# unused upper slots with zero.
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

# Blamed-instruction class (Table II lines 11-16 of seed 000), one value per line.
CLASSES = [
    ("ClsSingle", "single-cycle op, or no better reason: booked to depend"),
    ("ClsLongLat", "latency > 1 cycle (mul, div, FP, L1-hit load): booked to alu_lat"),
    ("ClsDcL1", "D-side miss served inside L1 (DTLB miss, MSHR/bank replay): dcache_l1"),
    ("ClsDcL2", "load missed L1 D-cache, served by L2: dcache_l2"),
    ("ClsDcMem", "load missed L2, served by memory: dcache_mem"),
]

# Multi-stage CPI stack: stages and components (seed 000 Table II plus the D-cache level split
# and a catch-all). Index order is the counter order in cpi_stack's cnt_o and in the C++ model.
CPI_STAGES = [("StDispatch", "dispatch"), ("StIssue", "issue"), ("StCommit", "commit")]
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

# Top-Down event counters (seed 001 Table 1), in topdown's cnt_o order. W = DispatchWidth
# (Yasin's machine issue width at allocation); FEW = ExecFew; THR = MemBwThreshold.
TD_COUNTERS = [
    ("TdClocks", "clocks", "1 per cycle"),
    ("TdTotalSlots", "total_slots", "W per cycle"),
    ("TdSlotsIssued", "slots_issued", "disp_n"),
    ("TdSlotsRetired", "slots_retired", "cmt_n"),
    ("TdFetchBubbles", "fetch_bubbles", "W - disp_n when !be_stall && !fe_bpred_recover"),
    ("TdFetchBubblesGeW", "fetch_bubbles_ge_w", "cycles whose fetch_bubbles increment is W"),
    ("TdRecoveryBubbles", "recovery_bubbles", "W - disp_n when fe_bpred_recover"),
    ("TdBrMispredRetired", "br_mispred_retired", "cmt_br_mispred"),
    ("TdMachineClears", "machine_clears", "machine_clear"),
    ("TdMsSlotsRetired", "ms_slots_retired", "cmt_ms_n"),
    ("TdOpsExec0", "ops_executed_0", "cycles with iss_n == 0"),
    ("TdOpsExec1", "ops_executed_1", "cycles with iss_n == 1"),
    ("TdOpsExec2", "ops_executed_2", "cycles with iss_n == 2"),
    ("TdOpsExec3", "ops_executed_3", "cycles with iss_n == 3"),
    ("TdOpsExec4", "ops_executed_4", "cycles with iss_n >= 4"),
    ("TdMemStallsAnyLoad", "mem_stalls_any_load", "iss_n == 0 && ld_inflight"),
    ("TdMemStallsL1Miss", "mem_stalls_l1_miss", "iss_n == 0 && ld_l1miss"),
    ("TdMemStallsL2Miss", "mem_stalls_l2_miss", "iss_n == 0 && ld_l2miss"),
    ("TdMemStallsStores", "mem_stalls_stores", "iss_n <= FEW && sb_full"),
    ("TdExtMemOutstanding", "ext_mem_outstanding", "mem_outstanding"),
    ("TdExtMemGe1", "ext_mem_outstanding_ge_1", "cycles with mem_outstanding >= 1"),
    ("TdExtMemGeThr", "ext_mem_outstanding_ge_thr", "cycles with mem_outstanding >= THR"),
]

# FLOPS stack components (seed 000 Table III), in flops_stack's cnt_o order. Units: 1/(2kv)
# of a cycle, so a cycle adds exactly 2*k*v over all components.
FLOPS_COMPS = [
    ("FlBase", "base", "a*m per issued FP op (l.1-2)"),
    ("FlNonFma", "non_fma", "(2-a)*m per issued non-FMA op (l.4-5)"),
    ("FlMask", "mask", "2*(v-m) per issued op (l.6-7)"),
    ("FlFrontend", "frontend", "2v per idle unit, no FP op waiting in an RS (l.9-10)"),
    ("FlNonVfp", "non_vfp", "2v per idle unit, an FP unit busy with a non-FP op (l.11-12)"),
    ("FlMem", "mem", "2v per idle unit, oldest FP op waits on a load (l.14-16)"),
    ("FlDepend", "depend", "2v per idle unit, oldest FP op waits on another op (l.17-18)"),
]

# TIP commit-stage states (seed 002 oracle attribution), one per cycle.
TIP_STATES = [
    ("TipComputing", "computing", "some head entries commit: 1/n cycle to each of the n"),
    ("TipStalled", "stalled", "no commit, ROB not empty: the cycle goes to the ROB head"),
    ("TipFlushed", "flushed", "ROB empty after a flush: to the flushing (offending) instruction"),
    ("TipDrained", "drained", "ROB empty, front end not supplying: to the next uop to dispatch"),
]

# Probe fields, MSB first as in the SV packed struct: (name, width expr, count, stage, doc).
# count > 1 makes a packed array [count-1:0][width-1:0]; element j sits at bits j*width up.
FIELDS = [
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
     "front end is waiting on an I-cache (or ITLB) miss for a block it still wants (not one a "
     "redirect killed), up to and including the cycle the filled block reaches the fetch buffer"),
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
    ("iss_prod_cls", "ClsW", 1, "issue", "instr_cls_e of that producer (valid if iss_nonready)"),
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
    ("rob_head_cls", "ClsW", 1, "commit", "instr_cls_e of that uop (valid if rob_head_valid)"),
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

# mhpmevent event ids: (name, description). id = position. Increment semantics in docs/pmu.md.
EVENTS = [
    ("EvNone", "counts nothing"),
    ("EvCycles", "1 per cycle"),
    ("EvInstRetired", "cmt_n"),
    ("EvTotalSlots", "W per cycle (Top-Down TotalSlots)"),
    ("EvSlotsIssued", "disp_n (Top-Down SlotsIssued: allocation slots used)"),
    ("EvSlotsRetired", "cmt_n (Top-Down SlotsRetired)"),
    ("EvFetchBubbles", "W - disp_n when !be_stall && !fe_bpred_recover (Top-Down)"),
    ("EvRecoveryBubbles", "W - disp_n when fe_bpred_recover (Top-Down RecoveryBubbles)"),
    ("EvBrMispredRetired", "cmt_br_mispred"),
    ("EvMachineClears", "machine_clear"),
    ("EvMsSlotsRetired", "cmt_ms_n"),
    ("EvOpsExecuted", "iss_n (cmask variants give the OpsExecuted histogram)"),
    ("EvMemStallsAnyLoad", "iss_n == 0 && ld_inflight"),
    ("EvMemStallsL1Miss", "iss_n == 0 && ld_l1miss"),
    ("EvMemStallsL2Miss", "iss_n == 0 && ld_l2miss"),
    ("EvMemStallsStores", "iss_n < FEW && sb_full"),
    ("EvExtMemOutstanding", "mem_outstanding (cmask >= 1 / >= THRESHOLD variants)"),
    ("EvExceptions", "exception"),
    ("EvRobFull", "rob_full"),
    ("EvFpOps", "sum over units of a*m (flops issued)"),
]


def width_of(expr):
    return P[expr] if expr in P else int(expr)


def count_of(c):
    return P[c] if isinstance(c, str) else c


def layout():
    """[(name, elem_width, count, lsb)] with the first field at the top of the struct."""
    total = sum(width_of(w) * count_of(c) for _, w, c, _, _ in FIELDS)
    out, top = [], total
    for name, w, c, _, _ in FIELDS:
        bits = width_of(w) * count_of(c)
        top -= bits
        out.append((name, width_of(w), count_of(c), top))
    return total, out


def gen_sv():
    total, lay = layout()
    L = ["// GENERATED by rtl/pmu/gen/pmu_gen.py from its FIELDS/EVENTS lists -- do not edit.",
         "// The C++ twin is sim_model/pmu/pmu_gen.h (same generator); ctest pmu_gen_in_sync",
         "// fails if the two drift. Integration guide: docs/probe.md.",
         "`default_nettype none", "", "package pmu_pkg;", ""]
    for name, val, doc in PARAMS:
        L.append(f"  // {doc}")
        L.append(f"  localparam int unsigned {name} = {val};")
    L.append(f"  localparam int unsigned ProbeBits = {total};  // width of probe_t")
    L += ["", "  // CPI stack stages (index of cpi_stack's first cnt_o dimension).",
          "  typedef enum logic [1:0] {"]
    for i, (name, short) in enumerate(CPI_STAGES):
        sep = "," if i + 1 < len(CPI_STAGES) else ""
        L.append(f"    {name} = 2'd{i}{sep}  // {short}")
    L += ["  } cpi_stage_e;", f"  localparam int unsigned NumCpiStages = {len(CPI_STAGES)};", "",
          "  // CPI stack components (index of cpi_stack's second cnt_o dimension).",
          "  typedef enum logic [3:0] {"]
    for i, (name, short, doc) in enumerate(CPI_COMPS):
        sep = "," if i + 1 < len(CPI_COMPS) else ""
        L.append(f"    {name} = 4'd{i}{sep}  // {short}")
    L += ["  } cpi_comp_e;", f"  localparam int unsigned NumCpiComps = {len(CPI_COMPS)};",
          "  // speculative CPI counters (cpi_spec): dispatch and issue components, then merges",
          f"  localparam int unsigned NumSpecCnt = {2 * len(CPI_COMPS) + 1};"]
    L += ["", "  // Top-Down event counters (seed 001 Table 1): index into topdown's cnt_o.",
          "  typedef enum logic [4:0] {"]
    for i, (name, short, doc) in enumerate(TD_COUNTERS):
        sep = "," if i + 1 < len(TD_COUNTERS) else ""
        L.append(f"    {name} = 5'd{i}{sep}  // {doc}")
    L += ["  } td_counter_e;", f"  localparam int unsigned NumTdCounters = {len(TD_COUNTERS)};"]
    L += ["", "  // FLOPS stack components (seed 000 Table III): index into flops_stack's cnt_o.",
          "  typedef enum logic [2:0] {"]
    for i, (name, short, doc) in enumerate(FLOPS_COMPS):
        sep = "," if i + 1 < len(FLOPS_COMPS) else ""
        L.append(f"    {name} = 3'd{i}{sep}  // {doc}")
    L += ["  } flops_comp_e;", f"  localparam int unsigned NumFlopsComps = {len(FLOPS_COMPS)};"]
    L += ["", "  // TIP commit-stage state of a cycle (seed 002 oracle attribution).",
          "  typedef enum logic [1:0] {"]
    for i, (name, short, doc) in enumerate(TIP_STATES):
        sep = "," if i + 1 < len(TIP_STATES) else ""
        L.append(f"    {name} = 2'd{i}{sep}  // {doc}")
    L += ["  } tip_state_e;"]
    L += ["", "  // Class of the instruction blamed for a backend stall (seed 000 Table II, l.11-16).",
          "  typedef enum logic [ClsW-1:0] {"]
    for i, (name, doc) in enumerate(CLASSES):
        sep = "," if i + 1 < len(CLASSES) else " "
        L.append(f"    {name} = {i}{sep}  // {doc}")
    L += ["  } instr_cls_e;", "",
          "  // The probe bus: one struct per cycle from the core, sampled at the clock edge.",
          "  typedef struct packed {"]
    cur = None
    for (name, w, c, stage, doc), (_, ew, cnt, lsb) in zip(FIELDS, lay):
        if stage != cur:
            cur = stage
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
    L += ["  } probe_t;", "",
          "  // mhpmevent event ids. Sync: kEvents in sim_model/pmu/pmu_gen.h.",
          "  typedef enum logic [7:0] {"]
    for i, (name, doc) in enumerate(EVENTS):
        sep = "," if i + 1 < len(EVENTS) else " "
        L.append(f"    {name} = 8'd{i}{sep}  // {doc}")
    L += ["  } pmu_event_e;", "", f"  localparam int unsigned NumEvents = {len(EVENTS)};", "",
          "endpackage : pmu_pkg", "", "`default_nettype wire", ""]
    return "\n".join(L)


def gen_cpp():
    total, lay = layout()
    words = (total + 31) // 32
    L = ["// GENERATED by rtl/pmu/gen/pmu_gen.py -- do not edit. Twin of rtl/pmu/pmu_pkg.sv.",
         "#pragma once", "", "#include <array>", "#include <cstdint>", "#include <span>",
         "#include <string_view>", "", "namespace stackscope::pmu {", ""]
    for name, val, doc in PARAMS:
        L.append(f"// {doc}")
        L.append(f"inline constexpr unsigned k{name} = {val};")
    L += [f"inline constexpr unsigned kProbeBits = {total};",
          f"inline constexpr unsigned kProbeWords = {words};", "",
          "enum class InstrCls : uint8_t {"]
    for i, (name, doc) in enumerate(CLASSES):
        L.append(f"  k{name[3:]} = {i},  // {doc}")
    L += ["};", "", "enum class CpiStage : uint8_t {"]
    for i, (name, short) in enumerate(CPI_STAGES):
        L.append(f"  k{name[2:]} = {i},")
    L += ["};", f"inline constexpr unsigned kNumCpiStages = {len(CPI_STAGES)};",
          f"inline constexpr std::array<std::string_view, {len(CPI_STAGES)}> kCpiStageNames{{"
          + ", ".join(f'"{s}"' for _, s in CPI_STAGES) + "};", "",
          "enum class CpiComp : uint8_t {"]
    for i, (name, short, doc) in enumerate(CPI_COMPS):
        L.append(f"  k{name[4:]} = {i},  // {short}")
    L += ["};", f"inline constexpr unsigned kNumCpiComps = {len(CPI_COMPS)};",
          f"inline constexpr std::array<std::string_view, {len(CPI_COMPS)}> kCpiCompNames{{",
          "    " + ", ".join(f'"{s}"' for _, s, _ in CPI_COMPS[:5]) + ",",
          "    " + ", ".join(f'"{s}"' for _, s, _ in CPI_COMPS[5:]) + "};"]
    L += ["", "enum class TdCounter : uint8_t {"]
    for i, (name, short, doc) in enumerate(TD_COUNTERS):
        L.append(f"  k{name[2:]} = {i},  // {doc}")
    L += ["};", f"inline constexpr unsigned kNumTdCounters = {len(TD_COUNTERS)};",
          f"inline constexpr std::array<std::string_view, {len(TD_COUNTERS)}> kTdCounterNames{{"]
    for name, short, doc in TD_COUNTERS:
        L.append(f'    "{short}",')
    L += ["};"]
    L += ["", "enum class FlopsComp : uint8_t {"]
    for i, (name, short, doc) in enumerate(FLOPS_COMPS):
        L.append(f"  k{name[2:]} = {i},  // {doc}")
    L += ["};", f"inline constexpr unsigned kNumFlopsComps = {len(FLOPS_COMPS)};",
          f"inline constexpr std::array<std::string_view, {len(FLOPS_COMPS)}> kFlopsCompNames{{",
          "    " + ", ".join(f'"{s}"' for _, s, _ in FLOPS_COMPS) + "};"]
    L += ["", "enum class TipState : uint8_t {"]
    for i, (name, short, doc) in enumerate(TIP_STATES):
        L.append(f"  k{name[3:]} = {i},  // {doc}")
    L += ["};", f"inline constexpr std::array<std::string_view, {len(TIP_STATES)}> kTipStateNames{{",
          "    " + ", ".join(f'"{s}"' for _, s, _ in TIP_STATES) + "};"]
    L += ["", "// One cycle of the probe bus (field meanings: rtl/pmu/pmu_pkg.sv, docs/probe.md).",
          "struct Probe {"]
    for name, w, c, stage, doc in FIELDS:
        if w == "ClsW":
            t = "InstrCls"
        else:
            t = "uint32_t"
        if c != 1:
            L.append(f"  std::array<{t}, {count_of(c)}> {name}{{}};")
        else:
            L.append(f"  {t} {name}{{}};")
    L += ["};", "",
          "// Packs a probe into the SV packed-struct bit layout (word 0 = bits 31:0).",
          "inline void pack(const Probe& p, std::span<uint32_t, kProbeWords> w) {",
          "  for (auto& x : w) x = 0;",
          "  // Truncates each value to its field width, as the SV assignment would.",
          "  auto put = [&](uint32_t v, unsigned lsb, unsigned width) {",
          "    const uint64_t mask = (uint64_t{1} << width) - 1;",
          "    const uint64_t x = (uint64_t{v} & mask) << (lsb % 32);",
          "    w[lsb / 32] |= static_cast<uint32_t>(x);",
          "    if (lsb % 32 + width > 32) w[lsb / 32 + 1] |= static_cast<uint32_t>(x >> 32);",
          "  };"]
    for (name, w, c, stage, doc), (_, ew, cnt, lsb) in zip(FIELDS, lay):
        cast = "static_cast<uint32_t>" if w == "ClsW" else ""
        if cnt == 1:
            L.append(f"  put({cast}(p.{name}), {lsb}, {ew});")
        else:
            L.append(f"  for (unsigned j = 0; j < {cnt}; ++j) put({cast}(p.{name}[j]), {lsb} + j * {ew}, {ew});")
    L += ["}", "",
          "// Unpacks the SV bit layout (e.g. a Verilated probe_t output) into a probe.",
          "inline Probe unpack(std::span<const uint32_t, kProbeWords> w) {",
          "  auto get = [&](unsigned lsb, unsigned width) {",
          "    uint64_t x = w[lsb / 32] >> (lsb % 32);",
          "    if (lsb % 32 + width > 32) x |= uint64_t{w[lsb / 32 + 1]} << (32 - lsb % 32);",
          "    return static_cast<uint32_t>(x & ((uint64_t{1} << width) - 1));",
          "  };",
          "  Probe p;"]
    for (name, w, c, stage, doc), (_, ew, cnt, lsb) in zip(FIELDS, lay):
        if cnt == 1:
            v = f"get({lsb}, {ew})"
            if w == "ClsW":
                v = f"static_cast<InstrCls>({v})"
            L.append(f"  p.{name} = {v};")
        else:
            L.append(f"  for (unsigned j = 0; j < {cnt}; ++j) p.{name}[j] = get({lsb} + j * {ew}, {ew});")
    L += ["  return p;", "}", "", "struct EventInfo {", "  uint8_t id;", "  std::string_view name;",
          "  std::string_view increment;", "};", "",
          "// mhpmevent ids. Sync: pmu_event_e in rtl/pmu/pmu_pkg.sv.",
          f"inline constexpr std::array<EventInfo, {len(EVENTS)}> kEvents{{{{"]
    for i, (name, doc) in enumerate(EVENTS):
        L.append(f'    {{{i}, "{name[2:]}", "{doc}"}},')
    L += ["}};", "", "}  // namespace stackscope::pmu", ""]
    return "\n".join(L)


def gen_probe_md(old):
    """docs/probe.md with its field table regenerated between the markers."""
    begin = "<!-- BEGIN FIELDS (generated by rtl/pmu/gen/pmu_gen.py) -->"
    end = "<!-- END FIELDS -->"
    rows = []
    for name, w, c, stage, doc in FIELDS:
        bits = width_of(w) * count_of(c)
        shape = f"{count_of(c)} x {width_of(w)}" if c != 1 else str(bits)
        rows.append(f"| `{name}` | {shape} | {stage} | {doc} |")
    head, rest = old.split(begin, 1)
    _, tail = rest.split(end, 1)
    return head + begin + "\n" + "\n".join(rows) + "\n" + end + tail


def main(argv):
    check = "--check" in argv
    args = [a for a in argv[1:] if a != "--check"]
    root = Path(args[0] if args else Path(__file__).resolve().parents[3])
    outs = {root / "rtl/pmu/pmu_pkg.sv": gen_sv(), root / "sim_model/pmu/pmu_gen.h": gen_cpp()}
    md = root / "docs/probe.md"
    if md.exists():
        outs[md] = gen_probe_md(md.read_text())
    bad = 0
    for path, text in outs.items():
        if check:
            if not path.exists() or path.read_text() != text:
                print(f"{path}: out of sync with rtl/pmu/gen/pmu_gen.py (run it)", file=sys.stderr)
                bad = 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
