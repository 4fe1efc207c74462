// The golden model's mhpmevent increments, written by hand from each event's definition:
// Yasin's Table 1 for the Top-Down events, Eyerman et al.'s FLOPS stack (a x m per issued FP
// operation) for FpOps, the probe fields' meanings (docs/dev/probe.md) for the rest. The RTL's
// increments are the EVENTS expressions of scripts/stackscope/spec/pmu.py, generated into
// pmu_pkg::event_inc; pmu_gen.h gives the model the event ids and widths only, so the per-cycle
// cross-check of the counter CSRs compares two independent definitions (docs/dev/pmu.md, "What is
// generated and what is written twice").
#pragma once

#include <cstdint>

#include "pmu_gen.h"

namespace stackscope::pmu {

// An event added to or removed from the spec stops this file compiling until its increment is
// written below (docs/dev/adding-a-counter.md).
static_assert(kNumEvents == 20,
              "mhpmevent events changed in stackscope.spec.pmu: write each one's increment in "
              "event_increment by hand");

// The unit parameters an increment uses.
struct EventParams {
  unsigned dispatch_width;  // W: Yasin's issue width, our dispatch slots
  unsigned exec_few;        // FEW: MemStalls.Stores' "few uops executed"
};

// Per-cycle increment of event `id` (an id without an event counts nothing), kEvIncW bits wide
// as the counters' increment port.
inline uint32_t event_increment(unsigned id, const Probe& p, const EventParams& k) {
  // Probe fields at their bus widths (a 1-bit flag, an n-field of kNW bits).
  const auto flag = [](uint32_t f) { return (f & 1u) != 0; };
  constexpr uint32_t kN = (1u << kNW) - 1;
  const uint32_t w = k.dispatch_width;
  const uint32_t disp = p.disp_n & kN, iss = p.iss_n & kN, cmt = p.cmt_n & kN;
  // An unused dispatch slot is a RecoveryBubble while the front end refills after a
  // misprediction, unless it also waits on an I-cache miss (then the slot is the front end's);
  // otherwise a FetchBubble when no back-end stall blocks dispatch.
  const bool recovering = flag(p.fe_bpred_recover) && !flag(p.fe_icache_miss);
  uint32_t r = 0;
  switch (static_cast<PmuEvent>(id)) {
    case PmuEvent::kNone:
      break;
    case PmuEvent::kCycles:
      r = 1;
      break;
    case PmuEvent::kInstRetired:
    case PmuEvent::kSlotsRetired:
      r = cmt;
      break;
    case PmuEvent::kTotalSlots:
      r = w;
      break;
    case PmuEvent::kSlotsIssued:
      r = disp;
      break;
    case PmuEvent::kFetchBubbles:
      r = !flag(p.be_stall) && !recovering ? w - disp : 0;
      break;
    case PmuEvent::kRecoveryBubbles:
      r = recovering ? w - disp : 0;
      break;
    case PmuEvent::kBrMispredRetired:
      r = flag(p.cmt_br_mispred);
      break;
    case PmuEvent::kMachineClears:
      r = flag(p.machine_clear);
      break;
    case PmuEvent::kMsSlotsRetired:
      r = p.cmt_ms_n & kN;
      break;
    case PmuEvent::kOpsExecuted:
      r = iss;
      break;
    case PmuEvent::kMemStallsAnyLoad:
      r = iss == 0 && flag(p.ld_inflight);
      break;
    case PmuEvent::kMemStallsL1Miss:
      r = iss == 0 && flag(p.ld_l1miss);
      break;
    case PmuEvent::kMemStallsL2Miss:
      r = iss == 0 && flag(p.ld_l2miss);
      break;
    case PmuEvent::kMemStallsStores:
      r = iss <= k.exec_few && flag(p.sb_full);
      break;
    case PmuEvent::kExtMemOutstanding:
      r = p.mem_outstanding & ((1u << kMemReqW) - 1);
      break;
    case PmuEvent::kExceptions:
      r = flag(p.exception);
      break;
    case PmuEvent::kRobFull:
      r = flag(p.rob_full);
      break;
    case PmuEvent::kFpOps:  // a x m per FP operation issued: a = 2 for an FMA, m elements
      for (unsigned j = 0; j < kMaxFpUnits; ++j)
        if (flag(p.fp_issue[j]))
          r += (p.fp_elems[j] & ((1u << kElemW) - 1)) * (flag(p.fp_fma[j]) ? 2u : 1u);
      break;
  }
  return r & ((1u << kEvIncW) - 1);
}

}  // namespace stackscope::pmu
