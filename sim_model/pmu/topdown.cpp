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

void TopDown::step(const Probe& p) {
  // Table 1's events through their counter-mask forms: the generated td_increments (one
  // definition per event in rtl/pmu/gen/pmu_gen.py, shared with the CSR block). A recovering
  // slot is not a fetch bubble (Bad Speculation takes it), which keeps Level 1 an exact
  // partition: EvFetchBubbles requires !fe_bpred_recover.
  const auto inc =
      td_increments(p, EventParams{cfg_.dispatch_width, cfg_.exec_few, cfg_.mem_bw_threshold});
  for (unsigned i = 0; i < kNumTdCounters; ++i)
    if (static_cast<int>(i) != pending_write_) cnt_[i] = (cnt_[i] + inc[i]) & mask_;
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
