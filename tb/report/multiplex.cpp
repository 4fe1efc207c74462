#include "multiplex.h"

#include <stdexcept>

namespace stackscope::report {

using pmu::CsrWrite;
using pmu::HpmEvent;
namespace csr_addr = pmu::csr_addr;

std::vector<MuxEvent> topdown_mux_events(const RunConfig& cfg) {
  // mcycle is a fixed counter (always on, exact), so Clocks and TotalSlots = W * Clocks are
  // not multiplexed; every other Top-Down event competes for the K programmable counters.
  using E = pmu::PmuEvent;  // event ids: generated (scripts/stackscope/spec/pmu.py)
  auto ev = [](E e) { return static_cast<uint8_t>(e); };
  std::vector<MuxEvent> events = {
      {"slots_issued", ev(E::kSlotsIssued), 0, false, 0},
      {"slots_retired", ev(E::kSlotsRetired), 0, false, 0},
      {"fetch_bubbles", ev(E::kFetchBubbles), 0, false, 0},
      {"fetch_bubbles_ge_w", ev(E::kFetchBubbles), cfg.dispatch_width, false, 0},
      {"recovery_bubbles", ev(E::kRecoveryBubbles), 0, false, 0},
      {"br_mispred_retired", ev(E::kBrMispredRetired), 0, false, 0},
      {"machine_clears", ev(E::kMachineClears), 0, false, 0},
      {"ms_slots_retired", ev(E::kMsSlotsRetired), 0, false, 0},
      // cycles with at most FEW uops executed: OpsExecuted < FEW + 1 (inverted counter mask)
      {"ops_executed_few", ev(E::kOpsExecuted), cfg.exec_few + 1, true, 0},
      {"mem_stalls_any_load", ev(E::kMemStallsAnyLoad), 0, false, 0},
      {"mem_stalls_l1_miss", ev(E::kMemStallsL1Miss), 0, false, 0},
      {"mem_stalls_l2_miss", ev(E::kMemStallsL2Miss), 0, false, 0},
      {"mem_stalls_stores", ev(E::kMemStallsStores), 0, false, 0},
      {"ext_mem_outstanding_ge_1", ev(E::kExtMemOutstanding), 1, false, 0},
      {"ext_mem_outstanding_ge_thr", ev(E::kExtMemOutstanding), cfg.mem_bw_threshold, false, 0},
  };
  for (unsigned i = 0; i < events.size(); ++i) events[i].group = i / cfg.mux_counters;
  return events;
}

Multiplexer::Multiplexer(const RunConfig& cfg)
    : k_(cfg.mux_counters),
      slice_(cfg.mux_slice),
      csr_(pmu::PmuCsrConfig{.num_hpm = cfg.mux_counters,
                             .dispatch_width = cfg.dispatch_width,
                             .exec_few = cfg.exec_few}) {
  res_.counters = k_;
  res_.slice = slice_;
  res_.events = topdown_mux_events(cfg);
  groups_ = res_.events.back().group + 1;
  // Program group 0 before the first slice, as perf does when the events are enabled.
  const uint32_t all = ((1u << k_) - 1) << 3;
  pending_.push_back({csr_addr::kMcountinhibit, all});
  for (unsigned i = 0; i < k_; ++i) pending_.push_back({static_cast<uint16_t>(csr_addr::kMhpmevent3 + i), 0});
  pending_.push_back({csr_addr::kMcountinhibit, 0});
  for (const MuxEvent& e : res_.events)
    if (e.group == 0) {
      const unsigned i = static_cast<unsigned>(&e - res_.events.data());
      pending_[1 + i] = {static_cast<uint16_t>(csr_addr::kMhpmevent3 + i),
                         static_cast<uint32_t>(HpmEvent::make(e.event_id, e.threshold, e.invert))};
    }
}

void Multiplexer::read_group(MuxResult& r) const {
  unsigned slot = 0;
  for (MuxEvent& e : r.events)
    if (e.group == group_) e.count += csr_.counter(2 + slot++);
}

void Multiplexer::step(const pmu::Probe& p) {
  const uint32_t hpm_mask = ((1u << k_) - 1) << 3;
  if (pending_.empty() && cycle_ - slice_start_ >= slice_ && groups_ > 1) {
    pending_.push_back({csr_addr::kMcountinhibit, hpm_mask});
    ++res_.rotations;
  }
  std::optional<CsrWrite> w;
  if (!pending_.empty()) {
    w = pending_.front();
    pending_.erase(pending_.begin());
    ++res_.switch_cycles;
  }
  // Before the first group is programmed the counters run on event 0 (nothing): not time
  // any event was running.
  const bool running = counting_ && (csr_.inhibit() & hpm_mask) == 0;
  if (running)
    for (MuxEvent& e : res_.events)
      if (e.group == group_) ++e.time_running;
  csr_.step(p, w);
  ++cycle_;
  if (!w || w->addr != csr_addr::kMcountinhibit) return;
  if (w->data == 0) {  // counting again: the slice starts
    slice_start_ = cycle_;
    counting_ = true;
    return;
  }
  if (counting_) {  // counters frozen: read the group, program the next one
    read_group(res_);
    counting_ = false;
    group_ = (group_ + 1) % groups_;
    unsigned slot = 0;
    std::vector<uint32_t> sel(k_, 0);
    for (const MuxEvent& e : res_.events)
      if (e.group == group_) sel[slot++] = static_cast<uint32_t>(HpmEvent::make(e.event_id, e.threshold, e.invert));
    for (unsigned i = 0; i < k_; ++i)
      pending_.push_back({static_cast<uint16_t>(csr_addr::kMhpmevent3 + i), sel[i]});
    for (unsigned i = 0; i < k_; ++i)
      pending_.push_back({static_cast<uint16_t>(csr_addr::kMhpmcounter3 + i), 0});
    pending_.push_back({csr_addr::kMcountinhibit, 0});
  }
}

MuxResult Multiplexer::result() const {
  MuxResult r = res_;
  if (counting_) read_group(r);
  for (MuxEvent& e : r.events) e.time_enabled = cycle_;
  return r;
}

}  // namespace stackscope::report
