// Directed CPI-stack tests. Every expected count is derived by hand from Eyerman et al.'s Table II
// (derivations in the comments) and checked against BOTH the golden model and the RTL
// (default configuration: dispatch/issue/commit width 2/3/2, so W = 2 slots per cycle).
#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <vector>

#include "cpi_bench.h"

using namespace stackscope::pmu;

namespace {

using Expect = std::map<CpiComp, uint64_t>;  // components not listed must be 0

// Runs a probe sequence through model and RTL and checks one stage of both against `want`.
struct Bench : CpiBench {
  void check(CpiStage s, const Expect& want) {
    for (unsigned c = 0; c < kNumCpiComps; ++c) {
      const auto comp = static_cast<CpiComp>(c);
      const uint64_t v = want.count(comp) ? want.at(comp) : 0;
      INFO(kCpiStageNames[static_cast<unsigned>(s)] << "." << kCpiCompNames[c]);
      CHECK(model.get(s, comp) == v);
      CHECK(dut.get(cpi_index(s, comp)) == v);
    }
  }
};

}  // namespace

TEST_CASE("40-cycle load miss at the ROB head, ROB full from cycle 25", "[cpi]") {
  // A load L that misses to memory (ClsDcMem) sits unfinished at the ROB head for cycles
  // 0..39. The front end keeps delivering, so dispatch and issue run at 2 per cycle until
  // the ROB fills at cycle 25; from then on dispatch is blocked (ROB full) and the RSs hold
  // only consumers of L (first non-ready uop's producer = L).
  //  dispatch: cycles 0-24 n=2 -> base 25*2 = 50; cycles 25-39 ROB full, head = L has a
  //            D-cache miss (Table II l.9-12) -> dcache_mem 15*2 = 30.
  //  issue:    the same split: base 50; cycles 25-39 prod(first non-ready) = L -> 30.
  //  commit:   head not done all 40 cycles (l.9-12) -> dcache_mem 40*2 = 80, base 0.
  // Each stage sums to W*cycles = 80. Commit sees the miss 25 cycles earlier than dispatch.
  Bench b;
  Probe p;
  p.rob_head_valid = 1;
  p.rob_head_done = 0;
  p.rob_head_cls = InstrCls::kDcMem;
  p.disp_n = 2;
  p.iss_n = 2;
  b.run(p, 25);
  p.disp_n = 0;
  p.rob_full = p.be_stall = 1;
  p.iss_n = 0;
  p.iss_nonready = 1;
  p.iss_prod_cls = InstrCls::kDcMem;
  b.run(p, 15);
  b.check(CpiStage::kDispatch, {{CpiComp::kBase, 50}, {CpiComp::kDcacheMem, 30}});
  b.check(CpiStage::kIssue, {{CpiComp::kBase, 50}, {CpiComp::kDcacheMem, 30}});
  b.check(CpiStage::kCommit, {{CpiComp::kDcacheMem, 80}});
}

TEST_CASE("10-cycle I-cache miss: dispatch > issue > commit icache components", "[cpi]") {
  // The front end is dry on an I-cache miss for cycles 0..9 (fe_empty, nothing dispatched).
  //  dispatch: 10 cycles * 2 slots -> icache 20 (l.4-6).
  //  issue:    cycle 0 issues two (RS not empty after); cycle 1 issues one and the RS is then
  //            empty -> icache 1; cycles 2-9 RS empty -> icache 16. base 3, icache 17.
  //  commit:   cycles 0-2 commit 2 each (base 6); cycle 3 commits 1 and the ROB is empty ->
  //            base 1, icache 1; cycles 4-9 ROB empty -> icache 12. base 7, icache 13.
  Bench b;
  Probe p;
  p.fe_empty = 1;
  p.fe_icache_miss = 1;
  p.rob_head_valid = 1;
  p.rob_head_done = 1;
  auto cycle = [&](unsigned iss, bool rs_empty, unsigned cmt, bool rob_empty) {
    p.iss_n = iss;
    p.rs_empty = rs_empty;
    p.cmt_n = cmt;
    p.rob_empty = rob_empty;
    p.rob_head_valid = !rob_empty;
    b.run(p);
  };
  cycle(2, false, 2, false);
  cycle(1, true, 2, false);
  cycle(0, true, 2, false);
  cycle(0, true, 1, true);
  for (int i = 4; i < 10; ++i) cycle(0, true, 0, true);
  b.check(CpiStage::kDispatch, {{CpiComp::kIcache, 20}});
  b.check(CpiStage::kIssue, {{CpiComp::kBase, 3}, {CpiComp::kIcache, 17}});
  b.check(CpiStage::kCommit, {{CpiComp::kBase, 7}, {CpiComp::kIcache, 13}});
}

TEST_CASE("issue wider than W carries the excess to the next cycle", "[cpi]") {
  // Issue width 3, W = 2. iss_n = 3, 3, 0, 1 with the RS empty on an I-cache miss:
  //  c0: 3 -> base 2, carry 1;  c1: 3+1 = 4 -> base 2, carry 2;  c2: 0+2 -> base 2, carry 0;
  //  c3: 1 -> base 1, 1 slot to icache.  Issue: base 7, icache 1 (= 2*4 slots).
  Bench b;
  Probe p;
  p.rs_empty = 1;
  p.fe_icache_miss = 1;
  for (unsigned n : {3u, 3u, 0u, 1u}) {
    p.iss_n = n;
    b.run(p);
  }
  b.check(CpiStage::kIssue, {{CpiComp::kBase, 7}, {CpiComp::kIcache, 1}});
}

TEST_CASE("carry register saturates at 2^CarryW - 1 = 63", "[cpi]") {
  // 100 cycles of iss_n = 3 (one more than W each cycle): base 200, carry would reach 100
  // but stops at 63. Then 40 cycles of iss_n = 0 with a single-cycle producer not ready:
  // 31 cycles drain 62 at 2 per cycle, cycle 32 books the last 1 (+1 depend), then 8 cycles
  // of 2 depend: base 200 + 63 = 263, depend 1 + 16 = 17; total 280 = 2*140.
  Bench b;
  Probe p;
  p.iss_nonready = 1;
  p.iss_prod_cls = InstrCls::kSingle;
  p.iss_n = 3;
  b.run(p, 100);
  p.iss_n = 0;
  b.run(p, 40);
  b.check(CpiStage::kIssue, {{CpiComp::kBase, 263}, {CpiComp::kDepend, 17}});
}

TEST_CASE("Table II cause selection, one row per branch", "[cpi]") {
  // One cycle per row with n = 0 at the stage, so the 2 slots go to the row's component.
  struct Row {
    const char* what;
    CpiStage stage;
    std::function<void(Probe&)> set;
    CpiComp want;
  };
  const std::vector<Row> rows = {
      {"disp FE empty + icache (l.5)", CpiStage::kDispatch,
       [](Probe& p) { p.fe_empty = p.fe_icache_miss = p.fe_bpred_recover = 1; }, CpiComp::kIcache},
      {"disp FE empty + bpred (l.7)", CpiStage::kDispatch,
       [](Probe& p) { p.fe_empty = p.fe_bpred_recover = 1; }, CpiComp::kBpred},
      {"disp FE empty, no miss", CpiStage::kDispatch, [](Probe& p) { p.fe_empty = 1; },
       CpiComp::kOther},
      {"disp FE empty wins over ROB full", CpiStage::kDispatch,
       [](Probe& p) {
         p.fe_empty = p.fe_icache_miss = p.rob_full = p.be_stall = p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kDcMem;
       },
       CpiComp::kIcache},
      {"disp RS full, head L2 hit (l.11)", CpiStage::kDispatch,
       [](Probe& p) {
         p.rs_full = p.be_stall = p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kDcL2;
       },
       CpiComp::kDcacheL2},
      {"disp LSQ full, head L1-side miss", CpiStage::kDispatch,
       [](Probe& p) {
         p.lsq_full = p.be_stall = p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kDcL1;
       },
       CpiComp::kDcacheL1},
      {"disp ROB full, head long latency (l.13)", CpiStage::kDispatch,
       [](Probe& p) {
         p.rob_full = p.be_stall = p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kLongLat;
       },
       CpiComp::kAluLat},
      {"disp ROB full, head single-cycle (l.15)", CpiStage::kDispatch,
       [](Probe& p) {
         p.rob_full = p.be_stall = p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kSingle;
       },
       CpiComp::kDepend},
      {"disp neither FE empty nor backend full", CpiStage::kDispatch,
       [](Probe& p) { p.rob_head_valid = 1; }, CpiComp::kOther},
      {"disp FE empty + misfetch (l.7, decode redirect)", CpiStage::kDispatch,
       [](Probe& p) { p.fe_empty = p.fe_misfetch = 1; }, CpiComp::kBpred},
      {"disp icache wins over misfetch", CpiStage::kDispatch,
       [](Probe& p) { p.fe_empty = p.fe_misfetch = p.fe_icache_miss = 1; }, CpiComp::kIcache},
      {"disp held by physical registers only (be_stall), head L2 (l.9-11)", CpiStage::kDispatch,
       [](Probe& p) {
         p.be_stall = p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kDcL2;
       },
       CpiComp::kDcacheL2},
      {"disp ROB full flag without be_stall is not a backend hold", CpiStage::kDispatch,
       [](Probe& p) {
         p.rob_full = p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kDcL2;
       },
       CpiComp::kOther},
      {"issue RS empty + icache", CpiStage::kIssue,
       [](Probe& p) { p.rs_empty = p.fe_icache_miss = 1; }, CpiComp::kIcache},
      {"issue RS empty + bpred", CpiStage::kIssue,
       [](Probe& p) { p.rs_empty = p.fe_bpred_recover = 1; }, CpiComp::kBpred},
      {"issue RS empty + misfetch", CpiStage::kIssue,
       [](Probe& p) { p.rs_empty = p.fe_misfetch = 1; }, CpiComp::kBpred},
      {"issue RS empty behind a held dispatch: ROB head, not the front end", CpiStage::kIssue,
       [](Probe& p) {
         p.rs_empty = p.rob_full = p.be_stall = p.rob_head_valid = p.fe_icache_miss = 1;
         p.rob_head_cls = InstrCls::kDcMem;
       },
       CpiComp::kDcacheMem},
      {"issue RS empty, FE empty too: the front end", CpiStage::kIssue,
       [](Probe& p) {
         p.rs_empty = p.fe_empty = p.be_stall = p.rob_head_valid = p.fe_icache_miss = 1;
         p.rob_head_cls = InstrCls::kDcMem;
       },
       CpiComp::kIcache},
      {"commit ROB empty + misfetch", CpiStage::kCommit,
       [](Probe& p) { p.rob_empty = p.fe_misfetch = 1; }, CpiComp::kBpred},
      {"issue structural before producer", CpiStage::kIssue,
       [](Probe& p) {
         p.iss_struct = p.iss_nonready = 1;
         p.iss_prod_cls = InstrCls::kDcMem;
       },
       CpiComp::kOther},
      {"issue producer misses to memory", CpiStage::kIssue,
       [](Probe& p) {
         p.iss_nonready = 1;
         p.iss_prod_cls = InstrCls::kDcMem;
       },
       CpiComp::kDcacheMem},
      {"issue producer long latency", CpiStage::kIssue,
       [](Probe& p) {
         p.iss_nonready = 1;
         p.iss_prod_cls = InstrCls::kLongLat;
       },
       CpiComp::kAluLat},
      {"commit ROB empty + bpred", CpiStage::kCommit,
       [](Probe& p) { p.rob_empty = p.fe_bpred_recover = 1; }, CpiComp::kBpred},
      {"commit head not done, single-cycle", CpiStage::kCommit,
       [](Probe& p) { p.rob_head_valid = 1; }, CpiComp::kDepend},
      {"commit head not done, L2 hit", CpiStage::kCommit,
       [](Probe& p) {
         p.rob_head_valid = 1;
         p.rob_head_cls = InstrCls::kDcL2;
       },
       CpiComp::kDcacheL2},
      {"commit head done but slots unused", CpiStage::kCommit,
       [](Probe& p) { p.rob_head_valid = p.rob_head_done = 1; }, CpiComp::kOther},
  };
  for (const auto& row : rows) {
    SECTION(row.what) {
      Bench b;
      Probe p;
      row.set(p);
      b.run(p);
      b.check(row.stage, {{row.want, 2}});
    }
  }
}

TEST_CASE("CSR write wins over the increment; counters wrap at 2^48", "[cpi]") {
  // Write dispatch.base = 2^48 - 1 in a cycle that also dispatches 2: the write wins (the
  // increment is lost), so base = 2^48 - 1. Next cycle dispatches 2: wraps to 1.
  Bench b;
  const uint64_t top = (uint64_t{1} << 48) - 1;
  Probe p;
  p.disp_n = 2;
  b.model.write(CpiStage::kDispatch, CpiComp::kBase, top);
  b.model.step(p);
  b.dut.cycle(p, true, cpi_index(CpiStage::kDispatch, CpiComp::kBase), top);
  CHECK(b.model.get(CpiStage::kDispatch, CpiComp::kBase) == top);
  CHECK(b.dut.get(cpi_index(CpiStage::kDispatch, CpiComp::kBase)) == top);
  b.run(p);
  CHECK(b.model.get(CpiStage::kDispatch, CpiComp::kBase) == 1);
  CHECK(b.dut.get(cpi_index(CpiStage::kDispatch, CpiComp::kBase)) == 1);
}

TEST_CASE("wrong-path simple method moves excess base to bpred", "[cpi]") {
  // Eyerman et al. §III-B: dispatch base 120, bpred 10, commit base 100 -> the 20 wrong-path
  // slots go to bpred: base 100, bpred 30; other components unchanged.
  CpiComponents disp{}, commit{};
  disp[0] = 120, disp[2] = 10, disp[7] = 5;
  commit[0] = 100;
  const CpiComponents adj = wrong_path_adjusted(disp, commit);
  CHECK(adj[0] == 100);
  CHECK(adj[2] == 30);
  CHECK(adj[7] == 5);
}

TEST_CASE("bad configuration is rejected", "[cpi]") {
  CpiStackConfig cfg;
  cfg.issue_width = 5;
  CHECK_THROWS_AS(CpiStack{cfg}, std::invalid_argument);
}

TEST_CASE("RTL asserts when a stage reports more uops than its width", "[cpi]") {
  // Issue width is 3 in this configuration: iss_n = 4 is a probe-driver bug.
  CpiStackDut<Vcpi_stack_d2i3c2> dut;
  Probe p;
  p.iss_n = 3;
  dut.cycle(p);
  CHECK_FALSE(dut.assertion_failed());
  p.iss_n = 4;
  dut.cycle(p);
  CHECK(dut.assertion_failed());
}
