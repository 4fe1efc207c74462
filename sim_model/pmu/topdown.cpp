#include "topdown.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace stackscope::pmu {

void TopDownConfig::validate() const {
  if (dispatch_width < 1 || dispatch_width > kMaxWidth)
    throw std::invalid_argument("Top-Down: dispatch width outside 1..4");
  if (exec_few > kMaxWidth) throw std::invalid_argument("Top-Down: exec_few above 4");
  if (mem_bw_threshold >= (1u << kMemReqW))
    throw std::invalid_argument("Top-Down: memory bandwidth threshold above 15");
  if (counter_bits < 8 || counter_bits > 64)
    throw std::invalid_argument("Top-Down: counter bits must be 8..64");
}

TopDown::TopDown(const TopDownConfig& cfg)
    : cfg_(cfg),
      mask_(cfg.counter_bits == 64 ? ~uint64_t{0} : (uint64_t{1} << cfg.counter_bits) - 1) {
  cfg_.validate();
}

void TopDown::write(TdCounter c, uint64_t value) {
  cnt_[static_cast<unsigned>(c)] = value & mask_;
  pending_write_ = static_cast<int>(c);
}

// Yasin's Table 1, written here by hand from the paper and DESIGN's counter list, apart from the
// RTL's definition (the EVENTS / TD_COUNTERS expressions of scripts/stackscope/spec/pmu.py,
// generated into pmu_pkg::td_increments): the per-cycle cross-check compares two independent
// definitions of every Top-Down counter. Only the names, ids and widths come from pmu_gen.h.
// A counter added to or removed from the spec stops this file compiling until its rule is
// written here (docs/dev/adding-a-counter.md).
static_assert(kNumTdCounters == 22,
              "Top-Down counters changed in stackscope.spec.pmu: write each one's rule in "
              "TopDown::step by hand");

void TopDown::step(const Probe& p) {
  // Probe fields at their bus widths (a 1-bit flag, an n-field of kNW bits).
  const auto flag = [](uint32_t f) { return (f & 1u) != 0; };
  constexpr uint32_t kN = (1u << kNW) - 1;
  const uint32_t w = cfg_.dispatch_width;  // Yasin's issue width: our dispatch slots
  const uint32_t disp = p.disp_n & kN, iss = p.iss_n & kN;
  const uint32_t mem = p.mem_outstanding & ((1u << kMemReqW) - 1);

  // Unused dispatch slots. A slot left empty while the front end refills after a
  // misprediction is a RecoveryBubble (Bad Speculation), unless the front end is also waiting
  // on an I-cache miss: that slot stays the front end's. The rest are FetchBubbles when no
  // back-end stall blocks dispatch. The two never share a slot, so Level 1 partitions
  // TotalSlots.
  const bool recovering = flag(p.fe_bpred_recover) && !flag(p.fe_icache_miss);
  const uint32_t unused = w - disp;
  const uint32_t fetch_bubbles = !flag(p.be_stall) && !recovering ? unused : 0;
  const bool no_exec = iss == 0;  // MemStalls: cycles with no uop executed

  std::array<uint32_t, kNumTdCounters> inc{};
  auto set = [&](TdCounter c, uint32_t v) { inc[static_cast<unsigned>(c)] = v; };
  set(TdCounter::kClocks, 1);
  set(TdCounter::kTotalSlots, w);
  set(TdCounter::kSlotsIssued, disp);
  set(TdCounter::kSlotsRetired, p.cmt_n & kN);
  set(TdCounter::kFetchBubbles, fetch_bubbles);
  set(TdCounter::kFetchBubblesGeW, fetch_bubbles >= w);  // counter mask [>= MIW]
  set(TdCounter::kRecoveryBubbles, recovering ? unused : 0);
  set(TdCounter::kBrMispredRetired, flag(p.cmt_br_mispred));
  set(TdCounter::kMachineClears, flag(p.machine_clear));
  set(TdCounter::kMsSlotsRetired, p.cmt_ms_n & kN);
  // OpsExecuted histogram: cycles with 0, 1, 2, 3 and 4 or more uops executed.
  set(TdCounter::kOpsExec0, iss == 0);
  set(TdCounter::kOpsExec1, iss == 1);
  set(TdCounter::kOpsExec2, iss == 2);
  set(TdCounter::kOpsExec3, iss == 3);
  set(TdCounter::kOpsExec4, iss >= 4);
  set(TdCounter::kMemStallsAnyLoad, no_exec && flag(p.ld_inflight));
  set(TdCounter::kMemStallsL1Miss, no_exec && flag(p.ld_l1miss));
  set(TdCounter::kMemStallsL2Miss, no_exec && flag(p.ld_l2miss));
  // Few uops executed (at most ExecFew) and the store buffer takes no further store.
  set(TdCounter::kMemStallsStores, iss <= cfg_.exec_few && flag(p.sb_full));
  set(TdCounter::kExtMemOutstanding, mem);
  set(TdCounter::kExtMemGe1, mem >= 1);
  set(TdCounter::kExtMemGeThr, mem >= cfg_.mem_bw_threshold);

  // Each increment is kTdIncW bits wide, as the counter bank's increment port.
  constexpr uint32_t kIncMask = (1u << kTdIncW) - 1;
  for (unsigned i = 0; i < kNumTdCounters; ++i)
    if (static_cast<int>(i) != pending_write_) cnt_[i] = (cnt_[i] + (inc[i] & kIncMask)) & mask_;
  pending_write_ = -1;
}

TopDownMetrics topdown_metrics(const std::array<uint64_t, kNumTdCounters>& c,
                               const TopDownConfig& cfg) {
  auto v = [&](TdCounter k) { return static_cast<int64_t>(c[static_cast<unsigned>(k)]); };
  const int64_t clocks = v(TdCounter::kClocks), slots = v(TdCounter::kTotalSlots);
  if (clocks == 0 || slots == 0) throw std::domain_error("Top-Down: no cycles counted");
  TopDownMetrics m{};
  m.total_slots = slots;
  m.frontend_slots = v(TdCounter::kFetchBubbles);
  m.bad_spec_slots =
      v(TdCounter::kSlotsIssued) - v(TdCounter::kSlotsRetired) + v(TdCounter::kRecoveryBubbles);
  m.retiring_slots = v(TdCounter::kSlotsRetired);
  m.backend_slots = slots - m.frontend_slots - m.bad_spec_slots - m.retiring_slots;
  const double s = static_cast<double>(slots), clk = static_cast<double>(clocks);
  m.frontend = m.frontend_slots / s;
  m.bad_spec = m.bad_spec_slots / s;
  m.retiring = m.retiring_slots / s;
  m.backend = m.backend_slots / s;
  m.fetch_latency = v(TdCounter::kFetchBubblesGeW) / clk;
  m.fetch_bandwidth = m.frontend - m.fetch_latency;
  const int64_t br = v(TdCounter::kBrMispredRetired), mc = v(TdCounter::kMachineClears);
  const double br_fraction = br + mc ? static_cast<double>(br) / (br + mc) : 0.0;
  m.branch_mispredicts = br_fraction * m.bad_spec;
  m.machine_clears = m.bad_spec - m.branch_mispredicts;
  m.micro_sequencer = v(TdCounter::kMsSlotsRetired) / s;
  m.base = m.retiring - m.micro_sequencer;
  int64_t few = 0;
  for (unsigned k = 0; k <= std::min(cfg.exec_few, 4u); ++k)
    few += v(static_cast<TdCounter>(static_cast<unsigned>(TdCounter::kOpsExec0) + k));
  const double exec_stalls = few / clk;
  m.memory_bound = (v(TdCounter::kMemStallsAnyLoad) + v(TdCounter::kMemStallsStores)) / clk;
  m.core_bound = exec_stalls - m.memory_bound;
  m.l1_bound = (v(TdCounter::kMemStallsAnyLoad) - v(TdCounter::kMemStallsL1Miss)) / clk;
  m.l2_bound = (v(TdCounter::kMemStallsL1Miss) - v(TdCounter::kMemStallsL2Miss)) / clk;
  m.ext_memory_bound = v(TdCounter::kMemStallsL2Miss) / clk;
  const int64_t ge1 = v(TdCounter::kExtMemGe1), gethr = v(TdCounter::kExtMemGeThr);
  m.mem_bandwidth_share = ge1 ? static_cast<double>(gethr) / ge1 : 0.0;
  m.mem_bandwidth = gethr / clk;
  m.mem_latency = (ge1 - gethr) / clk;
  return m;
}

void check_level1(const std::array<uint64_t, kNumTdCounters>& c) {
  auto v = [&](TdCounter k) { return static_cast<int64_t>(c[static_cast<unsigned>(k)]); };
  const int64_t fe = v(TdCounter::kFetchBubbles), ret = v(TdCounter::kSlotsRetired);
  const int64_t bs = v(TdCounter::kSlotsIssued) - ret + v(TdCounter::kRecoveryBubbles);
  const int64_t be = v(TdCounter::kTotalSlots) - fe - bs - ret;
  if (bs < 0 || be < 0)
    throw std::logic_error("Top-Down Level 1 not a partition: bad speculation " +
                           std::to_string(bs) + ", backend " + std::to_string(be) + " slots");
}

}  // namespace stackscope::pmu
