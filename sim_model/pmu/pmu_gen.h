// GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).
// Twin of rtl/pmu/probe_pkg.sv and rtl/pmu/pmu_pkg.sv.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "pmu_csr_map.h"

namespace stackscope::pmu {

// widest dispatch/issue/commit stage the bus can describe
inline constexpr unsigned kMaxWidth = 4;
// bits of an n-field (0..MaxWidth)
inline constexpr unsigned kNW = 3;
// bits of an instr_cls_e
inline constexpr unsigned kClsW = 3;
// k: most FMA units described
inline constexpr unsigned kMaxFpUnits = 4;
// v: most elements per FP operation
inline constexpr unsigned kMaxVecLen = 8;
// bits of an unmasked-element count (0..MaxVecLen)
inline constexpr unsigned kElemW = 4;
// bits of the outstanding-memory-request count
inline constexpr unsigned kMemReqW = 4;
// program counter bits
inline constexpr unsigned kPcW = 32;
// bits of a ROB index (ROBs of up to 64 entries)
inline constexpr unsigned kRobIdxW = 6;
inline constexpr unsigned kProbeBits = 314;
inline constexpr unsigned kProbeWords = 10;
inline constexpr unsigned kObsBits = 58;
inline constexpr unsigned kObsWords = 2;
inline constexpr unsigned kNumSpecCnt = 19;  // pmu_pkg NumSpecCnt
inline constexpr unsigned kEvIncW = 7, kTdIncW = 4;
// Cheap counter storage: pending-increment bits of a RAM-stored bank (pmu_pkg::drain_pend_w).
inline constexpr unsigned kDrainRounds = 2;
constexpr unsigned drain_pend_w(unsigned num, unsigned inc_w) {
  uint64_t bound = uint64_t{kDrainRounds} * num * ((uint64_t{1} << inc_w) - 1);
  unsigned w = 0;
  for (; bound != 0; bound >>= 1) ++w;
  return w;
}

// Class of the instruction blamed for a backend stall (Eyerman et al., Table II, l.11-16). Twin of instr_cls_e.
enum class InstrCls : uint8_t {
  kSingle = 0,  // single-cycle op, or no better reason: booked to depend
  kLongLat = 1,  // latency > 1 cycle (mul, div, FP, L1-hit load): booked to alu_lat
  kDcL1 = 2,  // D-side miss served inside L1 (DTLB miss, MSHR/bank replay): dcache_l1
  kDcL2 = 3,  // load missed L1 D-cache, served by L2: dcache_l2
  kDcMem = 4,  // load missed L2, served by memory: dcache_mem
};

// CPI stack stages (index of cpi_stack's first cnt_o dimension). Twin of cpi_stage_e.
enum class CpiStage : uint8_t {
  kDispatch = 0,  // dispatch
  kIssue = 1,  // issue
  kCommit = 2,  // commit
};
inline constexpr unsigned kNumCpiStages = 3;
inline constexpr std::array<std::string_view, 3> kCpiStageNames{
    "dispatch", "issue", "commit"};

// CPI stack components (index of cpi_stack's second cnt_o dimension). Twin of cpi_comp_e.
enum class CpiComp : uint8_t {
  kBase = 0,  // n slots used (Table II l.2)
  kIcache = 1,  // front end dry on an I-cache miss (l.5-6)
  kBpred = 2,  // front end dry while recovering from a misprediction (l.7-8)
  kDcacheL1 = 3,  // blamed uop has a D-side miss served in L1 (l.11-12)
  kDcacheL2 = 4,  // blamed uop missed L1, served by L2 (l.11-12)
  kDcacheMem = 5,  // blamed uop missed L2, served by memory (l.11-12)
  kAluLat = 6,  // blamed uop has latency > 1 (l.13-14)
  kDepend = 7,  // blamed uop is single-cycle: dependence chain (l.15-16)
  kOther = 8,  // no Table II cause: front end dry without a miss, backend stall without a full ROB/RS/LSQ, head done but not all slots commit; at issue, structural (no free unit/port)
};
inline constexpr unsigned kNumCpiComps = 9;
inline constexpr std::array<std::string_view, 9> kCpiCompNames{
    "base", "icache", "bpred", "dcache_l1", "dcache_l2", "dcache_mem", "alu_lat", "depend",
    "other"};

// Top-Down event counters (Yasin, Table 1): index into topdown's cnt_o. Twin of td_counter_e.
enum class TdCounter : uint8_t {
  kClocks = 0,  // 1
  kTotalSlots = 1,  // W
  kSlotsIssued = 2,  // disp_n
  kSlotsRetired = 3,  // cmt_n
  kFetchBubbles = 4,  // !be_stall && (!fe_bpred_recover || fe_icache_miss) ? W - disp_n : 0
  kFetchBubblesGeW = 5,  // cycles with (!be_stall && (!fe_bpred_recover || fe_icache_miss) ? W - disp_n : 0) >= W
  kRecoveryBubbles = 6,  // fe_bpred_recover && !fe_icache_miss ? W - disp_n : 0
  kBrMispredRetired = 7,  // cmt_br_mispred
  kMachineClears = 8,  // machine_clear
  kMsSlotsRetired = 9,  // cmt_ms_n
  kOpsExec0 = 10,  // cycles with (iss_n) == 0
  kOpsExec1 = 11,  // cycles with (iss_n) == 1
  kOpsExec2 = 12,  // cycles with (iss_n) == 2
  kOpsExec3 = 13,  // cycles with (iss_n) == 3
  kOpsExec4 = 14,  // cycles with (iss_n) >= 4
  kMemStallsAnyLoad = 15,  // iss_n == 0 && ld_inflight
  kMemStallsL1Miss = 16,  // iss_n == 0 && ld_l1miss
  kMemStallsL2Miss = 17,  // iss_n == 0 && ld_l2miss
  kMemStallsStores = 18,  // iss_n <= FEW && sb_full
  kExtMemOutstanding = 19,  // mem_outstanding
  kExtMemGe1 = 20,  // cycles with (mem_outstanding) >= 1
  kExtMemGeThr = 21,  // cycles with (mem_outstanding) >= THR
};
inline constexpr unsigned kNumTdCounters = 22;
inline constexpr std::array<std::string_view, 22> kTdCounterNames{
    "clocks", "total_slots", "slots_issued", "slots_retired", "fetch_bubbles",
    "fetch_bubbles_ge_w", "recovery_bubbles", "br_mispred_retired", "machine_clears",
    "ms_slots_retired", "ops_executed_0", "ops_executed_1", "ops_executed_2", "ops_executed_3",
    "ops_executed_4", "mem_stalls_any_load", "mem_stalls_l1_miss", "mem_stalls_l2_miss",
    "mem_stalls_stores", "ext_mem_outstanding", "ext_mem_outstanding_ge_1",
    "ext_mem_outstanding_ge_thr"};

// FLOPS stack components (Eyerman et al., Table III): index into flops_stack's cnt_o. Twin of flops_comp_e.
enum class FlopsComp : uint8_t {
  kBase = 0,  // a*m per issued FP op (l.1-2)
  kNonFma = 1,  // (2-a)*m per issued non-FMA op (l.4-5)
  kMask = 2,  // 2*(v-m) per issued op (l.6-7)
  kFrontend = 3,  // 2v per idle unit, no FP op waiting in an RS (l.9-10)
  kNonVfp = 4,  // 2v per idle unit, an FP unit busy with a non-FP op (l.11-12)
  kMem = 5,  // 2v per idle unit, oldest FP op waits on a load (l.14-16)
  kDepend = 6,  // 2v per idle unit, oldest FP op waits on another op (l.17-18)
};
inline constexpr unsigned kNumFlopsComps = 7;
inline constexpr std::array<std::string_view, 7> kFlopsCompNames{
    "base", "non_fma", "mask", "frontend", "non_vfp", "mem", "depend"};

// TIP commit-stage state of a cycle (Gottschall et al., oracle attribution). Twin of tip_state_e.
enum class TipState : uint8_t {
  kComputing = 0,  // some head entries commit: 1/n cycle to each of the n
  kStalled = 1,  // no commit, ROB not empty: the cycle goes to the ROB head
  kFlushed = 2,  // ROB empty after a flush: to the flushing (offending) instruction
  kDrained = 3,  // ROB empty, front end not supplying: to the next uop to dispatch
};
inline constexpr std::array<std::string_view, 4> kTipStateNames{
    "computing", "stalled", "flushed", "drained"};

// mhpmevent event ids; increments: event_inc below. Twin of pmu_event_e.
enum class PmuEvent : uint8_t {
  kNone = 0,  // counts nothing
  kCycles = 1,  // 1 per cycle
  kInstRetired = 2,  // uops committed
  kTotalSlots = 3,  // W per cycle (Top-Down TotalSlots)
  kSlotsIssued = 4,  // Top-Down SlotsIssued: allocation slots used
  kSlotsRetired = 5,  // Top-Down SlotsRetired
  kFetchBubbles = 6,  // Top-Down FetchBubbles: unused slots, no backend stall, not a recovery bubble
  kRecoveryBubbles = 7,  // Top-Down RecoveryBubbles: unused slots while recovering from a misprediction, unless the front end waits on an I-cache miss (Frontend, as the CPI stacks' icache)
  kBrMispredRetired = 8,  // a mispredicted branch committed
  kMachineClears = 9,  // pipeline flush not caused by a branch
  kMsSlotsRetired = 10,  // committed microsequencer uops
  kOpsExecuted = 11,  // uops issued (cmask forms give the OpsExecuted histogram)
  kMemStallsAnyLoad = 12,  // no uop executed, a load in flight
  kMemStallsL1Miss = 13,  // no uop executed, a load missed L1
  kMemStallsL2Miss = 14,  // no uop executed, a load missed L2
  kMemStallsStores = 15,  // few uops executed, store buffer full
  kExtMemOutstanding = 16,  // requests outstanding at memory (cmask >= 1 / >= THR forms)
  kExceptions = 17,  // exception or interrupt taken
  kRobFull = 18,  // dispatch blocked on a full ROB
  kFpOps = 19,  // flops issued: sum over units of a*m (a = 2 for FMA)
};
inline constexpr unsigned kNumEvents = 20;
inline constexpr std::array<std::string_view, 20> kEventNames{
    "none", "cycles", "inst_retired", "total_slots", "slots_issued", "slots_retired",
    "fetch_bubbles", "recovery_bubbles", "br_mispred_retired", "machine_clears",
    "ms_slots_retired", "ops_executed", "mem_stalls_any_load", "mem_stalls_l1_miss",
    "mem_stalls_l2_miss", "mem_stalls_stores", "ext_mem_outstanding", "exceptions", "rob_full",
    "fp_ops"};

// Test-only write port families (pmu_top dbg_unit_i; tie dbg_we_i to 0 in silicon). Twin of dbg_unit_e.
enum class PmuUnit : uint8_t {
  kCpi = 0,  // CPI counter stage * NumCpiComps + comp
  kTopDown = 1,  // Top-Down counter (td_counter_e)
  kFlops = 2,  // FLOPS component (flops_comp_e)
  kTipSamples = 3,  // TIP sample counter
  kCsr = 4,  // a CSR write (idx = address, low 32 bits) replacing the core's
  kSpec = 5,  // speculative CPI counter (cpi_spec flat index)
};

// One cycle of the probe bus (field meanings: rtl/pmu/probe_pkg.sv, docs/dev/probe.md).
struct Probe {
  uint32_t disp_n{};
  std::array<uint32_t, 4> disp_br_mask{};
  uint32_t disp_rob_idx{};
  uint32_t fe_empty{};
  uint32_t fe_icache_miss{};
  uint32_t fe_bpred_recover{};
  uint32_t fe_misfetch{};
  uint32_t rob_full{};
  uint32_t rs_full{};
  uint32_t lsq_full{};
  uint32_t be_stall{};
  uint32_t iss_n{};
  uint32_t rs_empty{};
  uint32_t iss_struct{};
  uint32_t iss_nonready{};
  InstrCls iss_prod_cls{};
  std::array<uint32_t, 4> iss_rob_idx{};
  uint32_t iss_old_rob_idx{};
  uint32_t cmt_n{};
  uint32_t cmt_ms_n{};
  uint32_t rob_empty{};
  uint32_t rob_head_valid{};
  uint32_t rob_head_done{};
  InstrCls rob_head_cls{};
  uint32_t cmt_br_mispred{};
  uint32_t cmt_br_n{};
  uint32_t machine_clear{};
  uint32_t exception{};
  uint32_t ld_inflight{};
  uint32_t ld_l1miss{};
  uint32_t ld_l2miss{};
  uint32_t sb_full{};
  uint32_t mem_outstanding{};
  std::array<uint32_t, 4> fp_issue{};
  std::array<uint32_t, 4> fp_fma{};
  std::array<uint32_t, 4> fp_elems{};
  uint32_t fp_wait_rs{};
  uint32_t fp_unit_nonfp{};
  uint32_t fp_prod_load{};
  std::array<uint32_t, 4> head_valid{};
  std::array<uint32_t, 4> head_commit{};
  std::array<uint32_t, 4> head_pc{};
  uint32_t flush{};
  uint32_t flush_pc{};
  uint32_t next_pc{};
};

// Packs into the SV packed-struct bit layout (word 0 = bits 31:0).
inline void pack(const Probe& p, std::span<uint32_t, kProbeWords> w) {
  for (auto& x : w) x = 0;
  // Truncates each value to its field width, as the SV assignment would.
  auto put = [&](uint32_t v, unsigned lsb, unsigned width) {
    const uint64_t mask = (uint64_t{1} << width) - 1;
    const uint64_t x = (uint64_t{v} & mask) << (lsb % 32);
    w[lsb / 32] |= static_cast<uint32_t>(x);
    if (lsb % 32 + width > 32) w[lsb / 32 + 1] |= static_cast<uint32_t>(x >> 32);
  };
  put((p.disp_n), 311, 3);
  for (unsigned j = 0; j < 4; ++j) put((p.disp_br_mask[j]), 307 + j * 1, 1);
  put((p.disp_rob_idx), 301, 6);
  put((p.fe_empty), 300, 1);
  put((p.fe_icache_miss), 299, 1);
  put((p.fe_bpred_recover), 298, 1);
  put((p.fe_misfetch), 297, 1);
  put((p.rob_full), 296, 1);
  put((p.rs_full), 295, 1);
  put((p.lsq_full), 294, 1);
  put((p.be_stall), 293, 1);
  put((p.iss_n), 290, 3);
  put((p.rs_empty), 289, 1);
  put((p.iss_struct), 288, 1);
  put((p.iss_nonready), 287, 1);
  put(static_cast<uint32_t>(p.iss_prod_cls), 284, 3);
  for (unsigned j = 0; j < 4; ++j) put((p.iss_rob_idx[j]), 260 + j * 6, 6);
  put((p.iss_old_rob_idx), 254, 6);
  put((p.cmt_n), 251, 3);
  put((p.cmt_ms_n), 248, 3);
  put((p.rob_empty), 247, 1);
  put((p.rob_head_valid), 246, 1);
  put((p.rob_head_done), 245, 1);
  put(static_cast<uint32_t>(p.rob_head_cls), 242, 3);
  put((p.cmt_br_mispred), 241, 1);
  put((p.cmt_br_n), 238, 3);
  put((p.machine_clear), 237, 1);
  put((p.exception), 236, 1);
  put((p.ld_inflight), 235, 1);
  put((p.ld_l1miss), 234, 1);
  put((p.ld_l2miss), 233, 1);
  put((p.sb_full), 232, 1);
  put((p.mem_outstanding), 228, 4);
  for (unsigned j = 0; j < 4; ++j) put((p.fp_issue[j]), 224 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) put((p.fp_fma[j]), 220 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) put((p.fp_elems[j]), 204 + j * 4, 4);
  put((p.fp_wait_rs), 203, 1);
  put((p.fp_unit_nonfp), 202, 1);
  put((p.fp_prod_load), 201, 1);
  for (unsigned j = 0; j < 4; ++j) put((p.head_valid[j]), 197 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) put((p.head_commit[j]), 193 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) put((p.head_pc[j]), 65 + j * 32, 32);
  put((p.flush), 64, 1);
  put((p.flush_pc), 32, 32);
  put((p.next_pc), 0, 32);
}

// Unpacks the SV bit layout (e.g. a Verilated output port).
inline Probe unpack(std::span<const uint32_t, kProbeWords> w) {
  auto get = [&](unsigned lsb, unsigned width) {
    uint64_t x = w[lsb / 32] >> (lsb % 32);
    if (lsb % 32 + width > 32) x |= uint64_t{w[lsb / 32 + 1]} << (32 - lsb % 32);
    return static_cast<uint32_t>(x & ((uint64_t{1} << width) - 1));
  };
  Probe p;
  p.disp_n = get(311, 3);
  for (unsigned j = 0; j < 4; ++j) p.disp_br_mask[j] = get(307 + j * 1, 1);
  p.disp_rob_idx = get(301, 6);
  p.fe_empty = get(300, 1);
  p.fe_icache_miss = get(299, 1);
  p.fe_bpred_recover = get(298, 1);
  p.fe_misfetch = get(297, 1);
  p.rob_full = get(296, 1);
  p.rs_full = get(295, 1);
  p.lsq_full = get(294, 1);
  p.be_stall = get(293, 1);
  p.iss_n = get(290, 3);
  p.rs_empty = get(289, 1);
  p.iss_struct = get(288, 1);
  p.iss_nonready = get(287, 1);
  p.iss_prod_cls = static_cast<InstrCls>(get(284, 3));
  for (unsigned j = 0; j < 4; ++j) p.iss_rob_idx[j] = get(260 + j * 6, 6);
  p.iss_old_rob_idx = get(254, 6);
  p.cmt_n = get(251, 3);
  p.cmt_ms_n = get(248, 3);
  p.rob_empty = get(247, 1);
  p.rob_head_valid = get(246, 1);
  p.rob_head_done = get(245, 1);
  p.rob_head_cls = static_cast<InstrCls>(get(242, 3));
  p.cmt_br_mispred = get(241, 1);
  p.cmt_br_n = get(238, 3);
  p.machine_clear = get(237, 1);
  p.exception = get(236, 1);
  p.ld_inflight = get(235, 1);
  p.ld_l1miss = get(234, 1);
  p.ld_l2miss = get(233, 1);
  p.sb_full = get(232, 1);
  p.mem_outstanding = get(228, 4);
  for (unsigned j = 0; j < 4; ++j) p.fp_issue[j] = get(224 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) p.fp_fma[j] = get(220 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) p.fp_elems[j] = get(204 + j * 4, 4);
  p.fp_wait_rs = get(203, 1);
  p.fp_unit_nonfp = get(202, 1);
  p.fp_prod_load = get(201, 1);
  for (unsigned j = 0; j < 4; ++j) p.head_valid[j] = get(197 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) p.head_commit[j] = get(193 + j * 1, 1);
  for (unsigned j = 0; j < 4; ++j) p.head_pc[j] = get(65 + j * 32, 32);
  p.flush = get(64, 1);
  p.flush_pc = get(32, 32);
  p.next_pc = get(0, 32);
  return p;
}

// Simulation only: the core's observation port (probe_pkg::core_obs_t), which the
// harness's ProbeCheck checks the probe against.
struct CoreObs {
  uint32_t rs_min_free{};
  uint32_t rs_wait{};
  uint32_t rs_ready_left{};
  uint32_t lq_waiting{};
  uint32_t sb_free{};
  uint32_t fp_wait{};
  uint32_t fp_ready_left{};
  uint32_t dec_redirect{};
  uint32_t be_redirect{};
};

// Unpacks the SV bit layout (e.g. a Verilated output port).
inline CoreObs unpack_obs(std::span<const uint32_t, kObsWords> w) {
  auto get = [&](unsigned lsb, unsigned width) {
    uint64_t x = w[lsb / 32] >> (lsb % 32);
    if (lsb % 32 + width > 32) x |= uint64_t{w[lsb / 32 + 1]} << (32 - lsb % 32);
    return static_cast<uint32_t>(x & ((uint64_t{1} << width) - 1));
  };
  CoreObs p;
  p.rs_min_free = get(50, 8);
  p.rs_wait = get(42, 8);
  p.rs_ready_left = get(34, 8);
  p.lq_waiting = get(26, 8);
  p.sb_free = get(18, 8);
  p.fp_wait = get(10, 8);
  p.fp_ready_left = get(2, 8);
  p.dec_redirect = get(1, 1);
  p.be_redirect = get(0, 1);
  return p;
}

struct EventInfo {
  PmuEvent id;
  std::string_view name;
  std::string_view increment;  // the RTL's increment expression (pmu_pkg::event_inc)
};
inline constexpr std::array<EventInfo, 20> kEvents{{
    {PmuEvent::kNone, "None", "0"},
    {PmuEvent::kCycles, "Cycles", "1"},
    {PmuEvent::kInstRetired, "InstRetired", "cmt_n"},
    {PmuEvent::kTotalSlots, "TotalSlots", "W"},
    {PmuEvent::kSlotsIssued, "SlotsIssued", "disp_n"},
    {PmuEvent::kSlotsRetired, "SlotsRetired", "cmt_n"},
    {PmuEvent::kFetchBubbles, "FetchBubbles", "!be_stall && (!fe_bpred_recover || fe_icache_miss) ? W - disp_n : 0"},
    {PmuEvent::kRecoveryBubbles, "RecoveryBubbles", "fe_bpred_recover && !fe_icache_miss ? W - disp_n : 0"},
    {PmuEvent::kBrMispredRetired, "BrMispredRetired", "cmt_br_mispred"},
    {PmuEvent::kMachineClears, "MachineClears", "machine_clear"},
    {PmuEvent::kMsSlotsRetired, "MsSlotsRetired", "cmt_ms_n"},
    {PmuEvent::kOpsExecuted, "OpsExecuted", "iss_n"},
    {PmuEvent::kMemStallsAnyLoad, "MemStallsAnyLoad", "iss_n == 0 && ld_inflight"},
    {PmuEvent::kMemStallsL1Miss, "MemStallsL1Miss", "iss_n == 0 && ld_l1miss"},
    {PmuEvent::kMemStallsL2Miss, "MemStallsL2Miss", "iss_n == 0 && ld_l2miss"},
    {PmuEvent::kMemStallsStores, "MemStallsStores", "iss_n <= FEW && sb_full"},
    {PmuEvent::kExtMemOutstanding, "ExtMemOutstanding", "mem_outstanding"},
    {PmuEvent::kExceptions, "Exceptions", "exception"},
    {PmuEvent::kRobFull, "RobFull", "rob_full"},
    {PmuEvent::kFpOps, "FpOps", "SUM_FP(fp_issue[j] ? fp_elems[j] << fp_fma[j] : 0)"},
}};

// The model's increments are not generated: event_increment() (pmu_events.h) and
// TopDown::step (topdown.cpp) write them by hand from the papers' definitions.

// Registers the per-cycle cross-checks read through the CSR port, in their order
// (NumHpm = 4): 64-bit ones as low half at addr, high half at
// addr | kHighHalf (counters) or addr + 0x400 (mhpmeventh).
struct CsrReg {
  std::string_view name;
  uint16_t addr;
};
inline constexpr unsigned kCrossCheckHpm = 4;
inline constexpr std::array<CsrReg, 15> kCsrRegs{{
    {"mcycle", 0xB00},
    {"minstret", 0xB02},
    {"mhpmcounter3", 0xB03},
    {"mhpmcounter4", 0xB04},
    {"mhpmcounter5", 0xB05},
    {"mhpmcounter6", 0xB06},
    {"mhpmevent3", 0x323},
    {"mhpmevent4", 0x324},
    {"mhpmevent5", 0x325},
    {"mhpmevent6", 0x326},
    {"mcountinhibit", 0x320},
    {"mcounteren", 0x306},
    {"mip.lcofip", 0x344},
    {"pmubank", 0xBC0},
    {"tipctrl", 0xBC1},
}};
inline constexpr uint16_t csr_reg_addr(unsigned i) { return kCsrRegs[i].addr; }

// Probe mutants (test only, probe_pkg::probe_mutate): id i + 1 is kProbeMutants[i].
struct ProbeMutant {
  std::string_view name, field, mistake;
};
inline constexpr std::array<ProbeMutant, 37> kProbeMutants{{
    {"rob_full_as_rs_full", "rob_full", "rob_full wired to the RS-full signal"},
    {"rs_full_as_lsq_full", "rs_full", "rs_full wired to the LSQ-full signal"},
    {"lsq_full_as_sb_full", "lsq_full", "lsq_full wired to the store-buffer-full signal"},
    {"be_stall_rob_only", "be_stall", "be_stall without its RS, LSQ and register terms"},
    {"fe_empty_as_no_dispatch", "fe_empty", "fe_empty taken as 'nothing dispatched' (a back-end stall looks like a front-end one)"},
    {"fe_icache_miss_unwired", "fe_icache_miss", "fe_icache_miss left unconnected"},
    {"fe_bpred_recover_flush_only", "fe_bpred_recover", "fe_bpred_recover only in the flush cycle, not through the refill"},
    {"fe_misfetch_unwired", "fe_misfetch", "fe_misfetch left unconnected"},
    {"rs_empty_as_rob_empty", "rs_empty", "rs_empty wired to rob_empty"},
    {"iss_struct_unwired", "iss_struct", "iss_struct left unconnected"},
    {"iss_nonready_as_rs_busy", "iss_nonready", "iss_nonready taken as 'some uop waits' (ready or not)"},
    {"iss_prod_cls_as_head_cls", "iss_prod_cls", "iss_prod_cls wired to the ROB head's class"},
    {"rob_head_done_as_valid", "rob_head_done", "rob_head_done wired to rob_head_valid"},
    {"rob_head_cls_mem_as_l2", "rob_head_cls", "the head's miss level loses the L2 miss"},
    {"cmt_br_mispred_as_clear", "cmt_br_mispred", "cmt_br_mispred wired to the machine-clear signal"},
    {"machine_clear_as_exception", "machine_clear", "machine_clear wired to the exception signal"},
    {"exception_unwired", "exception", "exception left unconnected"},
    {"ld_l1miss_as_l2miss", "ld_l1miss", "ld_l1miss wired to the L2-miss signal"},
    {"ld_l2miss_as_l1miss", "ld_l2miss", "ld_l2miss wired to the L1-miss signal"},
    {"ld_inflight_as_l1miss", "ld_inflight", "ld_inflight counts only L1 misses"},
    {"sb_full_as_lsq_full", "sb_full", "sb_full wired to the LSQ-full signal"},
    {"mem_outstanding_unwired", "mem_outstanding", "mem_outstanding left unconnected"},
    {"cmt_n_slot0", "cmt_n", "cmt_n counts only commit slot 0"},
    {"disp_n_one", "disp_n", "disp_n counts only dispatch slot 0"},
    {"iss_n_one", "iss_n", "iss_n counts only one issue port"},
    {"cmt_br_n_unwired", "cmt_br_n", "cmt_br_n left unconnected"},
    {"disp_br_mask_unwired", "disp_br_mask", "disp_br_mask left unconnected"},
    {"flush_mispred_only", "flush", "flush only on a mispredicted branch"},
    {"next_pc_as_head_pc", "next_pc", "next_pc wired to the ROB head's pc"},
    {"flush_pc_as_next_pc", "flush_pc", "flush_pc wired to next_pc"},
    {"head_pc_as_next_pc", "head_pc", "head_pc wired to next_pc"},
    {"iss_old_rob_idx_as_head", "iss_old_rob_idx", "iss_old_rob_idx wired to the first issued uop's index"},
    {"fp_issue_unwired", "fp_issue", "fp_issue left unconnected"},
    {"fp_fma_unwired", "fp_fma", "fp_fma left unconnected (every FMA booked as a = 1)"},
    {"fp_unit_nonfp_unwired", "fp_unit_nonfp", "fp_unit_nonfp left unconnected"},
    {"fp_wait_rs_as_rs_busy", "fp_wait_rs", "fp_wait_rs taken as 'some uop waits in any RS' (integer ones included)"},
    {"fp_prod_load_as_iss_miss", "fp_prod_load", "fp_prod_load taken from the oldest waiting uop of any class (a missing load's consumer)"},
}};

}  // namespace stackscope::pmu
