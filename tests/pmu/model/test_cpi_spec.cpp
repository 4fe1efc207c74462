// Directed tests of the speculative per-block CPI counters (Eyerman et al. §III-B, method b; the
// rules are in docs/dev/pmu.md). Every expected count is derived by hand in the comments and
// checked on the golden model AND the Verilated RTL: default configuration D2/I3/C2 (W = 2),
// 8 block entries, ROB 32.
#include <array>
#include <catch2/catch.hpp>
#include <map>
#include <stdexcept>
#include <utility>

#include "cpi_bench.h"

using namespace stackscope::pmu;

namespace {

constexpr unsigned kD = 0, kI = 1;  // speculative stages
using Expect = std::map<std::pair<unsigned, CpiComp>, uint64_t>;  // unlisted: 0

unsigned spec_index(unsigned stage, CpiComp c) {
  return stage * kNumCpiComps + static_cast<unsigned>(c);
}

template <class Base>
struct SpecBench : Base {
  using Base::dut;
  using Base::model;
  // The global speculative counters of both stages, and merges.
  void check(const Expect& want, uint64_t merges = 0) {
    for (unsigned s = 0; s < kNumSpecStages; ++s)
      for (unsigned c = 0; c < kNumCpiComps; ++c) {
        const auto comp = static_cast<CpiComp>(c);
        const uint64_t v = want.count({s, comp}) ? want.at({s, comp}) : 0;
        INFO((s == kD ? "spec_dispatch." : "spec_issue.") << kCpiCompNames[c]);
        CHECK(model.spec()->get(s, comp) == v);
        CHECK(dut.get(kNumCpiStages * kNumCpiComps + spec_index(s, comp)) == v);
      }
    CHECK(model.spec()->merges() == merges);
    CHECK(dut.get(kNumCpiStages * kNumCpiComps + kSpecMergesIndex) == merges);
  }
};
using Bench = SpecBench<CpiBench>;
using QueueBench = SpecBench<CpiQueueBench>;  // the drain queue (cpi_spec Drain 1)

// A cycle in which the front end dries up without a miss and nothing issues: both stages book
// their W = 2 slots to `other` in the open block.
Probe idle() {
  Probe p;
  p.fe_empty = 1;
  p.rs_empty = 1;
  p.rob_head_valid = 1;
  p.rob_head_done = 1;
  return p;
}

// c0-c2 of a mispredicted branch B (ROB indices from 0; block 0 = {a0 (r0), B (r1)}, block 1 =
// the wrong path), with what each cycle books:
std::array<Probe, 3> mispredict_cycles() {
  // c0: dispatch a0, B (B ends block 0; block 1 opens): D base 2 -> block 0. Nothing issues;
  //     the oldest RS uop (r0, tag 0 = block 0) waits on a long-latency producer: I alu_lat 2
  //     -> block 0.
  Probe c0;
  c0.disp_n = 2;
  c0.disp_rob_idx = 0;
  c0.disp_br_mask[1] = 1;
  c0.iss_nonready = 1;
  c0.iss_prod_cls = InstrCls::kLongLat;
  c0.iss_old_rob_idx = 0;
  c0.rob_head_valid = 1;
  c0.rob_head_done = 1;
  // c1: dispatch w0 (r2), w1 (r3) -> D base 2 -> block 1. Issue a0, B (tags 0 -> block 0):
  //     I base 2 -> block 0; 2 issued = W: no unused slot.
  Probe c1;
  c1.disp_n = 2;
  c1.disp_rob_idx = 2;
  c1.iss_n = 2;
  c1.iss_rob_idx = {0, 1, 0, 0};
  c1.rs_empty = 0;
  c1.iss_old_rob_idx = 2;
  c1.rob_head_valid = 1;
  // c2: B redirects at execute: dispatch held, fe_bpred_recover: D bpred 2 -> open block 1.
  //     Issue w0, w1 (tags r2, r3 = block 1): I base 2 -> block 1.
  Probe c2;
  c2.fe_empty = 1;
  c2.fe_bpred_recover = 1;
  c2.iss_n = 2;
  c2.iss_rob_idx = {2, 3, 0, 0};
  c2.rs_empty = 1;
  c2.rob_head_valid = 1;
  return {c0, c1, c2};
}

// c0-c3: every dispatched uop is a branch (r0..r7), two a cycle; c4: w0 (r8), w1 (r9), no
// branch. Nothing issues (RSs empty, no miss).
template <class B>
void run_eight_branches(B& b) {
  for (unsigned c = 0; c < 4; ++c) {
    Probe p = idle();
    p.fe_empty = 0;
    p.disp_n = 2;
    p.disp_rob_idx = 2 * c;
    p.disp_br_mask = {1, 1, 0, 0};
    b.run(p);
  }
  Probe c4 = idle();
  c4.fe_empty = 0;
  c4.disp_n = 2;
  c4.disp_rob_idx = 8;
  b.run(c4);
}

}  // namespace

TEST_CASE("mispredicted branch: the wrong-path block goes to bpred, its own block to its "
          "components", "[cpi][spec]") {
  // ROB indices from 0. Block 0 = {a0 (r0), B (r1)}; B is mispredicted; block 1 = wrong path.
  Bench b;
  const auto [c0, c1, c2] = mispredict_cycles();
  b.run(c0);
  b.run(c1);
  b.run(c2);
  // c3: still recovering: D bpred 2 -> block 1; RSs empty while recovering: I bpred 2 ->
  //     block 1. a0 and B commit, B mispredicted, flush. Commit: B ends block 0 -> block 0
  //     retires (D base 2, I alu_lat 2, I base 2). Flush behind a misprediction: block 1's
  //     D slots (base 2 + bpred 4 = 6) and I slots (base 2 + bpred 2 = 4) -> bpred.
  Probe c3 = c2;
  c3.iss_n = 0;
  c3.cmt_n = 2;
  c3.cmt_br_n = 1;
  c3.cmt_br_mispred = 1;
  c3.flush = 1;
  c3.rob_empty = 1;
  c3.rob_head_valid = 0;
  b.run(c3);
  b.check({{{kD, CpiComp::kBase}, 2},
           {{kD, CpiComp::kBpred}, 6},
           {{kI, CpiComp::kBase}, 2},
           {{kI, CpiComp::kAluLat}, 2},
           {{kI, CpiComp::kBpred}, 4}});
  // The main dispatch stack counts the wrong-path uops as base (base 4, bpred 4); method (b)
  // moved those 2 base slots to bpred (bpred 6 = 4 + 2).
  CHECK(b.model.get(CpiStage::kDispatch, CpiComp::kBase) == 4);
  CHECK(b.model.get(CpiStage::kDispatch, CpiComp::kBpred) == 4);
  // c4: the correct path dispatches c0 (r4), c1 (r5) into the fresh block 0 (D base 2) and
  //     nothing issues with the RSs empty and no front-end miss (I other 2). Nothing is
  //     speculative (block 0 is the only block and holds no branch; none dispatches): both go
  //     straight to the globals. Each stage: globals 10 = 5 cycles x W, nothing in flight.
  Probe c4;
  c4.disp_n = 2;
  c4.disp_rob_idx = 4;
  c4.rs_empty = 1;
  c4.rob_head_valid = 1;
  b.run(c4);
  CHECK(b.model.spec()->in_flight(kD) == 0);
  CHECK(b.model.spec()->in_flight(kI) == 0);
  b.check({{{kD, CpiComp::kBase}, 4},
           {{kD, CpiComp::kBpred}, 6},
           {{kI, CpiComp::kBase}, 2},
           {{kI, CpiComp::kAluLat}, 2},
           {{kI, CpiComp::kBpred}, 4},
           {{kI, CpiComp::kOther}, 2}});
}

TEST_CASE("more blocks in flight than entries: the ninth block merges into the eighth",
          "[cpi][spec]") {
  Bench b;
  // c0-c3: every dispatched uop is a branch (r0..r7): br1..br7 each close a block and open
  //        the next (blocks 0..6 hold one branch, block 7 opens at br7); br8 closes block 7
  //        with all 8 entries live: merges 1 and block 7 stays the tail. D base 2 per cycle.
  //        Nothing issues (RSs empty, no miss): I other 2 per cycle -> the tail after that
  //        cycle's dispatch (blocks 2, 4, 6, 7).
  run_eight_branches(b);
  // c4: w0 (r8), w1 (r9) dispatch into block 7 (merged, behind br8): D base 2 -> block 7;
  //     I other 2 -> block 7.
  // c5-c8: nothing dispatches or issues: D other 2, I other 2 per cycle -> tail = block 7.
  //        Two branches commit per cycle: c5 retires blocks 0, 1; c6 2, 3; c7 4, 5; c8 br7
  //        retires block 6, then br8 takes block 7's branch count to 0 -- block 7 is head and
  //        tail -- so it retires whole, w0/w1 included, although br8 mispredicts and flushes:
  //        the merge hid the wrong path. The flush then finds only the cleared entry.
  for (unsigned c = 5; c <= 8; ++c) {
    Probe p = idle();
    p.cmt_n = 2;
    p.cmt_br_n = 2;
    if (c == 8) {
      p.cmt_br_mispred = 1;
      p.flush = 1;
    }
    b.run(p);
  }
  // D: base 8 branches + w0 + w1 = 10, other 4 cycles x 2 = 8. I: other 9 cycles x 2 = 18.
  // Each sums to 9 cycles x W = 18, all retired; nothing to bpred.
  b.check({{{kD, CpiComp::kBase}, 10}, {{kD, CpiComp::kOther}, 8}, {{kI, CpiComp::kOther}, 18}},
          1);
  CHECK(b.model.spec()->in_flight(kD) + b.model.spec()->in_flight(kI) == 0);
}

// The drain queue (cpi_spec Drain 1, docs/dev/pmu.md): the same blocks leave at the same
// moments as without it, but wait in their entries and join the globals one per cycle.
TEST_CASE("drain queue: proven and squashed blocks join the globals one per cycle",
          "[cpi][spec][queue]") {
  QueueBench b;
  // c0-c2 as in "mispredicted branch" above: block 0 = {a0, B} holds D base 2, I alu_lat 2,
  // I base 2; block 1 (wrong path) holds D base 2, D bpred 2, I base 2 so far.
  const auto [c0, c1, c2] = mispredict_cycles();
  b.run(c0);
  b.run(c1);
  b.run(c2);
  // c3: D bpred 2 and I bpred 2 -> block 1; B commits (block 0 proven: it leaves, to its own
  //     components; head -> block 1) and flushes (block 1 squashed: it leaves, to bpred; the
  //     entry after it, 2, is free and opens). No entry was waiting when c3 began: the port
  //     is idle and the globals stay 0; both blocks still count as in flight: D 2 + 6 = 8,
  //     I (2 + 2) + (2 + 2) = 8.
  Probe c3 = c2;
  c3.iss_n = 0;
  c3.cmt_n = 2;
  c3.cmt_br_n = 1;
  c3.cmt_br_mispred = 1;
  c3.flush = 1;
  c3.rob_empty = 1;
  c3.rob_head_valid = 0;
  b.run(c3);
  b.check({});
  CHECK(b.model.spec()->in_flight(kD) == 8);
  CHECK(b.model.spec()->in_flight(kI) == 8);
  // c4: the correct path dispatches c0, c1 into entry 2 (D base 2, I other 2). Entry 2 is the
  //     only live block and nothing speculative dispatches: both go straight to the globals,
  //     beside the port, which takes the first waiting entry after the tail (2) in FIFO order:
  //     0, to its own components.
  Probe c4;
  c4.disp_n = 2;
  c4.disp_rob_idx = 4;
  c4.rs_empty = 1;
  c4.rob_head_valid = 1;
  b.run(c4);
  b.check({{{kD, CpiComp::kBase}, 4},
           {{kI, CpiComp::kBase}, 2},
           {{kI, CpiComp::kAluLat}, 2},
           {{kI, CpiComp::kOther}, 2}});
  // c5: nothing dispatches (D other 2, I other 2: direct again). The port takes entry 1, to
  //     bpred: D 6, I 4 -- the globals now hold all 6 cycles x W of each stage.
  b.run(idle());
  b.check({{{kD, CpiComp::kBase}, 4},
           {{kD, CpiComp::kBpred}, 6},
           {{kD, CpiComp::kOther}, 2},
           {{kI, CpiComp::kBase}, 2},
           {{kI, CpiComp::kAluLat}, 2},
           {{kI, CpiComp::kBpred}, 4},
           {{kI, CpiComp::kOther}, 4}});
  CHECK(b.model.spec()->in_flight(kD) == 0);
  CHECK(b.model.spec()->in_flight(kI) == 0);
}

TEST_CASE("drain queue: the only block proven takes the port at once; a waiting entry is not "
          "free, so a branch that needs it merges",
          "[cpi][spec][queue]") {
  QueueBench b;
  // c0-c4 as in "more blocks in flight than entries" above: blocks 0..6 hold one branch and
  // D base 1 each; blocks 2, 4, 6 also I other 2; block 7 holds br8 (merged: merges 1), w0,
  // w1: D base 3, I other 4 (c3, c4).
  run_eight_branches(b);
  // c5-c8: D other 2 and I other 2 per cycle -> block 7 (D other 8, I other 4 + 8 = 12). Two
  //        branches commit per cycle: blocks 0, 1 leave in c5; 2, 3 in c6; 4, 5 in c7; the port
  //        takes 0 in c6 and 1 in c7. In c8 br7 proves block 6 (it leaves; head -> 7), br8
  //        proves block 7, the only block: it takes the port at once (instead of entry 2) and
  //        stays the open block, cleared; br8's flush squashes nothing. Globals: blocks 0, 1
  //        and 7: D base 1 + 1 + 3 = 5, D other 8, I other 12.
  for (unsigned c = 5; c <= 8; ++c) {
    Probe p = idle();
    p.cmt_n = 2;
    p.cmt_br_n = 2;
    if (c == 8) {
      p.cmt_br_mispred = 1;
      p.flush = 1;
    }
    b.run(p);
  }
  b.check({{{kD, CpiComp::kBase}, 5}, {{kD, CpiComp::kOther}, 8}, {{kI, CpiComp::kOther}, 12}},
          1);
  // Waiting: entries 2..6 (D base 5, I other 6). c9: two branches dispatch into block 7: the
  // first closes it and opens entry 0, the second closes 0 and opens 1 (both drained, free).
  // The port takes entry 2 (D base 1, I other 2). c10: two more branches: the first closes 1
  // and opens 2 (drained in c9), the second closes 2, but entry 3 was still waiting when c10
  // began: the blocks merge (merges 2). The port takes entry 3 (D base 1).
  for (unsigned c = 9; c <= 10; ++c) {
    Probe p = idle();
    p.fe_empty = 0;
    p.disp_n = 2;
    p.disp_rob_idx = 10 + 2 * (c - 9);
    p.disp_br_mask = {1, 1, 0, 0};
    b.run(p);
  }
  b.check({{{kD, CpiComp::kBase}, 7}, {{kD, CpiComp::kOther}, 8}, {{kI, CpiComp::kOther}, 14}},
          2);
}

TEST_CASE("a flush that is not a misprediction keeps the flushed blocks' components",
          "[cpi][spec]") {
  Bench b;
  // c0: dispatch u0 (r0) and a branch u1 (r1): D base 2 -> block 0; u1 opens block 1, so
  //     from here on the slots are speculative (kept in blocks); I: RSs empty, no miss: other
  //     2 -> block 1 (the tail after dispatch).
  Probe c0 = idle();
  c0.fe_empty = 0;
  c0.disp_n = 2;
  c0.disp_br_mask = {0, 1, 0, 0};
  b.run(c0);
  // c1-c5: the ROB is full behind a load that missed to memory at the head: D dcache_mem 2
  //        per cycle -> block 1 (10); issue: oldest RS uop r1 waits on that load: I
  //        dcache_mem 2 per cycle -> block 0, r1's block (10).
  Probe stall;
  stall.rob_full = stall.be_stall = 1;
  stall.rob_head_valid = 1;
  stall.rob_head_cls = InstrCls::kDcMem;
  stall.iss_nonready = 1;
  stall.iss_prod_cls = InstrCls::kDcMem;
  stall.iss_old_rob_idx = 1;
  b.run(stall, 5);
  // c6: the load faults: exception flush without a misprediction. The blocks never saw their
  //     branches commit, but their uops are correct-path: every counter goes to its own
  //     component. c6 itself books D dcache_mem 2 and I dcache_mem 2 first (same probe).
  Probe c6 = stall;
  c6.exception = 1;
  c6.flush = 1;
  b.run(c6);
  b.check({{{kD, CpiComp::kBase}, 2},
           {{kD, CpiComp::kDcacheMem}, 12},
           {{kI, CpiComp::kOther}, 2},
           {{kI, CpiComp::kDcacheMem}, 12}});
}

// While nothing is speculative -- one live block, holding no block-ending uop, and none
// dispatching -- the cycle's slots go straight to the globals: a branch-free stretch longer
// than a block counter (2^16 - 1 slots) loses nothing. Once a branch is in flight, the slots
// wait in its successor block again until the branch commits.
template <class B>
void run_branch_free_stretch(B& b) {
  // c0..c39999: dispatch 2 non-branch uops a cycle (r = 2c mod 32), RSs empty, no miss:
  //             D base 2, I other 2 per cycle -> 80000 each, beyond the block counters' 65535.
  Probe p = idle();
  p.fe_empty = 0;
  p.disp_n = 2;
  for (unsigned c = 0; c < 40000; ++c) {
    p.disp_rob_idx = (2 * c) % 32;
    b.run(p);
  }
  CHECK(b.model.spec()->exact());
  CHECK(b.model.spec()->in_flight(kD) == 0);
  CHECK(b.model.spec()->in_flight(kI) == 0);
  b.check({{{kD, CpiComp::kBase}, 80000}, {{kI, CpiComp::kOther}, 80000}});
  // c40000: u (r0) and a branch B (r1): B closes the block and opens the next, so nothing
  //         is direct this cycle: D base 2 -> the old block, I other 2 -> the new tail.
  // c40001..c40003: idle: D other 2, I other 2 per cycle -> the new tail (B in flight).
  p.disp_rob_idx = 0;
  p.disp_br_mask = {0, 1, 0, 0};
  b.run(p);
  for (unsigned c = 0; c < 3; ++c) b.run(idle());
  CHECK(b.model.spec()->in_flight(kD) == 2 + 6);
  CHECK(b.model.spec()->in_flight(kI) == 2 + 6);
  // c40004: B commits, correctly predicted: its block (D base 2) is proven; the successor
  //         becomes the only block, still open, and the cycle's idle slots are booked into it
  //         before the commit (B was in flight as the cycle began).
  Probe cb = idle();
  cb.cmt_n = 2;
  cb.cmt_br_n = 1;
  b.run(cb);
  // c40005: nothing speculative again: D other 2, I other 2 straight to the globals.
  b.run(idle());
  // Block 0 (u, B: D base 2) was proven in c40004 (with the drain queue it waited for the port
  // until c40005); block 1 holds D other 6 + 2 (c40001..c40004) and I other 2 + 6 + 2: in
  // flight until its own branch commits.
  CHECK(b.model.spec()->in_flight(kD) == 8);
  CHECK(b.model.spec()->in_flight(kI) == 10);
  b.check({{{kD, CpiComp::kBase}, 80002},
           {{kD, CpiComp::kOther}, 2},
           {{kI, CpiComp::kOther}, 80002}});
}

TEST_CASE("nothing speculative: a branch-free stretch goes straight to the globals, beyond "
          "a block counter's range",
          "[cpi][spec]") {
  Bench b;
  run_branch_free_stretch(b);
}

TEST_CASE("drain queue: nothing speculative goes straight to the globals beside the port",
          "[cpi][spec][queue]") {
  QueueBench b;
  run_branch_free_stretch(b);
}

TEST_CASE("issue books each uop into the block it was dispatched into", "[cpi][spec]") {
  Bench b;
  // c0: x0 (r30) and B (r31, a correctly predicted branch) -> block 0: D base 2; B opens
  //     block 1. Nothing issues; the oldest RS uop is r30 (its tag at the cycle's start is the
  //     reset value, block 0, which is live): I depend 2 -> block 0.
  Probe c0 = idle();
  c0.fe_empty = 0;
  c0.rs_empty = 0;
  c0.iss_nonready = 1;
  c0.iss_prod_cls = InstrCls::kSingle;
  c0.iss_old_rob_idx = 30;
  c0.disp_n = 2;
  c0.disp_rob_idx = 30;
  c0.disp_br_mask = {0, 1, 0, 0};
  b.run(c0);
  // c1: y0 (r0), y1 (r1): the ROB index wraps; D base 2 -> block 1. x0 and B issue (tags
  //     written in c0 -> block 0): I base 2 -> block 0; 2 issued = W, no unused slot.
  Probe c1 = idle();
  c1.fe_empty = 0;
  c1.disp_n = 2;
  c1.disp_rob_idx = 32 % 32;
  c1.iss_n = 2;
  c1.iss_rob_idx = {30, 31, 0, 0};
  b.run(c1);
  // c2: y0, y1 issue (tags -> block 1): I base 2 -> block 1. D: idle, other 2 -> block 1.
  //     B commits (correctly predicted, no flush): block 0 retires D base 2, I depend 2,
  //     I base 2.
  Probe c2 = idle();
  c2.iss_n = 2;
  c2.rs_empty = 1;
  c2.iss_rob_idx = {0, 1, 0, 0};
  c2.cmt_n = 2;
  c2.cmt_br_n = 1;
  b.run(c2);
  // Block 1 is in flight: D base 2 + other 2 = 4, I base 2.
  b.check({{{kD, CpiComp::kBase}, 2}, {{kI, CpiComp::kDepend}, 2}, {{kI, CpiComp::kBase}, 2}});
  CHECK(b.model.spec()->in_flight(kD) == 4);
  CHECK(b.model.spec()->in_flight(kI) == 2);
}

TEST_CASE("speculative counters: CSR write wins over the increment", "[cpi][spec]") {
  Bench b;
  // c0: u0 (r0), B (r1) -> block 0: D base 2; B opens block 1, where the RSs-empty issue
  //     slots go (I other 2, tail after dispatch).
  Probe c0 = idle();
  c0.fe_empty = 0;
  c0.disp_n = 2;
  c0.disp_br_mask = {0, 1, 0, 0};
  b.run(c0);
  // c1: write spec_dispatch.base := 100 in the cycle B commits and block 0 retires into it:
  //     the write wins, the retirement's 2 slots are lost (as any increment under a write).
  //     c1's own slots (D other 2, I other 2) go to block 1, in flight.
  Probe c1 = idle();
  c1.cmt_n = 2;
  c1.cmt_br_n = 1;
  const unsigned base_d = spec_index(kD, CpiComp::kBase);
  b.model.write_spec(base_d, 100);
  b.model.step(c1);
  b.dut.cycle(c1, true, kNumCpiStages * kNumCpiComps + base_d, 100);
  REQUIRE_FALSE(b.dut.assertion_failed());
  REQUIRE_NOTHROW(b.model.check_invariant());
  b.check({{{kD, CpiComp::kBase}, 100}});
  CHECK(b.model.spec()->in_flight(kD) == 2);
  CHECK(b.model.spec()->in_flight(kI) == 4);
}

TEST_CASE("speculative counters: bad configuration is rejected", "[cpi][spec]") {
  CpiSpecConfig c;
  c.rob_entries = 48;  // not a power of two: ROB indices would not wrap like the core's
  CHECK_THROWS_AS(CpiSpec(c), std::invalid_argument);
  c.rob_entries = 128;  // more than the probe's RobIdxW can name
  CHECK_THROWS_AS(CpiSpec(c), std::invalid_argument);
  c = CpiSpecConfig{};
  c.blocks = 65;
  CHECK_THROWS_AS(CpiSpec(c), std::invalid_argument);
}
