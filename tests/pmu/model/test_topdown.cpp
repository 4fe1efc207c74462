// Directed Top-Down tests: a 10-cycle probe sequence whose every event count and Level 1-3
// metric is derived by hand from Yasin's Tables 1-2, checked on the model AND the RTL
// (DispatchWidth 2, so W = 2 and TotalSlots = 20; ExecFew 1; memory threshold 4).
#include <catch2/catch.hpp>
#include <vector>

#include "Vtopdown_d2.h"
#include "topdown.h"
#include "unit_dut.h"

using namespace stackscope::pmu;

namespace {

struct Cycle {
  unsigned disp, iss, cmt;
  bool recover, fe_icache, be_stall;
  unsigned cmt_ms;
  bool br_mispred, clear, ld, l1miss, l2miss, sb_full;
  unsigned mem_out;
};

}  // namespace

TEST_CASE("Top-Down events and metric tree on a hand-worked sequence", "[topdown]") {
  // c0-c1: 4 uops dispatched (one wrong-path), the branch commits mispredicted in c1;
  // c2-c3: recovery (2 + 1 bubbles); c4-c5: I-cache miss, nothing dispatched, no backend
  // stall (2 fetch-latency cycles); c6: 1 dispatched (1 bandwidth bubble); c7-c9: ROB full
  // behind a load that misses L1 (c7-c9) and L2 (c8-c9), a machine clear in c8.
  const std::vector<Cycle> seq = {
      // disp iss cmt rec  icm  bes  ms br  clr  ld   l1m  l2m  sb   mem
      {2, 2, 2, false, false, false, 1, false, false, false, false, false, false, 0},  // c0
      {2, 2, 1, false, false, false, 0, true, false, false, false, false, true, 0},    // c1
      {0, 1, 0, true, false, false, 0, false, false, false, false, false, false, 0},   // c2
      {1, 0, 0, true, false, false, 0, false, false, false, false, false, false, 0},   // c3
      {0, 1, 0, false, true, false, 0, false, false, false, false, false, false, 0},   // c4
      {0, 0, 0, false, true, false, 0, false, false, false, false, false, true, 0},    // c5
      {1, 1, 1, false, false, false, 0, false, false, false, false, false, true, 0},   // c6
      {0, 0, 0, false, false, true, 0, false, false, true, true, false, false, 1},     // c7
      {0, 0, 0, false, false, true, 0, false, true, true, true, true, false, 4},       // c8
      {0, 1, 1, false, false, true, 0, false, false, true, true, true, false, 5},      // c9
  };
  TopDownConfig cfg;
  TopDown model(cfg);
  TopDownDut<Vtopdown_d2> dut;
  for (const Cycle& c : seq) {
    Probe p;
    p.disp_n = c.disp, p.iss_n = c.iss, p.cmt_n = c.cmt, p.cmt_ms_n = c.cmt_ms;
    p.fe_bpred_recover = c.recover, p.fe_icache_miss = c.fe_icache, p.fe_empty = c.fe_icache;
    p.be_stall = c.be_stall, p.rob_full = c.be_stall;
    p.cmt_br_mispred = c.br_mispred, p.machine_clear = c.clear;
    p.ld_inflight = c.ld, p.ld_l1miss = c.l1miss, p.ld_l2miss = c.l2miss, p.sb_full = c.sb_full;
    p.mem_outstanding = c.mem_out;
    model.step(p);
    dut.cycle(p);
  }
  REQUIRE_FALSE(dut.assertion_failed());
  // Table 1 counts by hand:
  //  slots issued 2+2+1+1 = 6, retired 2+1+1+1 = 5, MS slots 1;
  //  fetch bubbles: c4 2 + c5 2 + c6 1 = 5 (c2-c3 are recovery, c7-c9 backend stalled);
  //  fetch bubbles >= W: c4, c5 = 2 cycles; recovery bubbles c2 2 + c3 1 = 3;
  //  OpsExecuted: iss 0 in c3,c5,c7,c8 (4), 1 in c2,c4,c6,c9 (4), 2 in c0,c1 (2);
  //  MemStalls (iss 0): AnyLoad c7,c8 = 2, L1miss c7,c8 = 2, L2miss c8 = 1;
  //  Stores (iss <= 1 and SB full): c5, c6 = 2 (c1 issued 2);
  //  ExtMemOutstanding 1+4+5 = 10, >= 1: 3 cycles, >= 4: 2 cycles.
  const std::vector<std::pair<TdCounter, uint64_t>> want = {
      {TdCounter::kClocks, 10},         {TdCounter::kTotalSlots, 20},
      {TdCounter::kSlotsIssued, 6},     {TdCounter::kSlotsRetired, 5},
      {TdCounter::kFetchBubbles, 5},    {TdCounter::kFetchBubblesGeW, 2},
      {TdCounter::kRecoveryBubbles, 3}, {TdCounter::kBrMispredRetired, 1},
      {TdCounter::kMachineClears, 1},   {TdCounter::kMsSlotsRetired, 1},
      {TdCounter::kOpsExec0, 4},        {TdCounter::kOpsExec1, 4},
      {TdCounter::kOpsExec2, 2},        {TdCounter::kOpsExec3, 0},
      {TdCounter::kOpsExec4, 0},        {TdCounter::kMemStallsAnyLoad, 2},
      {TdCounter::kMemStallsL1Miss, 2}, {TdCounter::kMemStallsL2Miss, 1},
      {TdCounter::kMemStallsStores, 2}, {TdCounter::kExtMemOutstanding, 10},
      {TdCounter::kExtMemGe1, 3},       {TdCounter::kExtMemGeThr, 2},
  };
  for (const auto& [c, v] : want) {
    INFO(kTdCounterNames[static_cast<unsigned>(c)]);
    CHECK(model.get(c) == v);
    CHECK(dut.get(static_cast<unsigned>(c)) == v);
  }
  // Table 2 by hand. Level 1 in slots: FE 5, Bad Spec 6 - 5 + 3 = 4, Retiring 5,
  // Backend 20 - 14 = 6 (exactly the 3 ROB-full cycles c7-c9).
  const TopDownMetrics m = topdown_metrics(model.counters(), cfg);
  CHECK(m.frontend_slots == 5);
  CHECK(m.bad_spec_slots == 4);
  CHECK(m.retiring_slots == 5);
  CHECK(m.backend_slots == 6);
  CHECK(m.frontend + m.bad_spec + m.retiring + m.backend == Approx(1.0));
  CHECK(m.fetch_latency == Approx(0.2));       // 2 / 10 clocks
  CHECK(m.fetch_bandwidth == Approx(0.05));    // 0.25 - 0.2
  CHECK(m.branch_mispredicts == Approx(0.1));  // 1/(1+1) * 4/20
  CHECK(m.machine_clears == Approx(0.1));
  CHECK(m.micro_sequencer == Approx(0.05));  // 1 / 20
  CHECK(m.base == Approx(0.2));              // 5/20 - 1/20
  CHECK(m.memory_bound == Approx(0.4));      // (2 + 2) / 10
  CHECK(m.core_bound == Approx(0.4));        // (4 + 4) / 10 - 0.4
  CHECK(m.l1_bound == Approx(0.0));          // (2 - 2) / 10
  CHECK(m.l2_bound == Approx(0.1));          // (2 - 1) / 10
  CHECK(m.ext_memory_bound == Approx(0.1));  // 1 / 10
  CHECK(m.mem_bandwidth_share == Approx(2.0 / 3));
  CHECK(m.mem_bandwidth == Approx(0.2));  // 2 / 10
  CHECK(m.mem_latency == Approx(0.1));    // (3 - 2) / 10
  REQUIRE_NOTHROW(check_level1(model.counters()));
}

TEST_CASE("Top-Down: a recovering cycle is never also a fetch bubble", "[topdown]") {
  // Recovery with no backend stall: both Table 1 definitions would match; RecoveryBubbles
  // takes the 2 slots so Level 1 stays a partition (FE 0, Bad Spec 2).
  TopDown model(TopDownConfig{});
  TopDownDut<Vtopdown_d2> dut;
  Probe p;
  p.fe_bpred_recover = 1;
  p.fe_empty = 1;
  model.step(p);
  dut.cycle(p);
  CHECK(model.get(TdCounter::kRecoveryBubbles) == 2);
  CHECK(model.get(TdCounter::kFetchBubbles) == 0);
  CHECK(dut.get(static_cast<unsigned>(TdCounter::kRecoveryBubbles)) == 2);
  CHECK(dut.get(static_cast<unsigned>(TdCounter::kFetchBubbles)) == 0);
  CHECK_FALSE(dut.assertion_failed());
}

TEST_CASE("Top-Down: an I-cache miss during recovery is Frontend", "[topdown]") {
  // The refetch after a redirect waits on an I-cache miss (the correct path's, or a killed
  // wrong-path one that blocks the L1I): the CPI stacks book it icache (Table II's order), so
  // Top-Down books the 2 slots as FetchBubbles (Frontend), not RecoveryBubbles; the next
  // cycle, the miss over (flag 0) and the refill not yet dispatched, is a recovery bubble.
  TopDown model(TopDownConfig{});
  TopDownDut<Vtopdown_d2> dut;
  Probe p;
  p.fe_bpred_recover = p.fe_icache_miss = p.fe_empty = 1;
  model.step(p);
  dut.cycle(p);
  p.fe_icache_miss = 0;
  p.disp_n = 1;
  model.step(p);
  dut.cycle(p);
  for (unsigned i = 0; i < 2; ++i) {
    const uint64_t fb = i ? dut.get(static_cast<unsigned>(TdCounter::kFetchBubbles))
                          : model.get(TdCounter::kFetchBubbles);
    const uint64_t rb = i ? dut.get(static_cast<unsigned>(TdCounter::kRecoveryBubbles))
                          : model.get(TdCounter::kRecoveryBubbles);
    CHECK(fb == 2);
    CHECK(rb == 1);
  }
  CHECK_FALSE(dut.assertion_failed());
}

TEST_CASE("Top-Down metrics need cycles; Level 1 check catches retired > issued", "[topdown]") {
  std::array<uint64_t, kNumTdCounters> c{};
  CHECK_THROWS_AS(topdown_metrics(c, TopDownConfig{}), std::domain_error);
  c[static_cast<unsigned>(TdCounter::kTotalSlots)] = 20;
  c[static_cast<unsigned>(TdCounter::kSlotsRetired)] = 3;  // retired with nothing issued
  CHECK_THROWS_AS(check_level1(c), std::logic_error);
}
