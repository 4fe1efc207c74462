// Unit tests of the SoC-level PMU model and the cross-check's plumbing: the custom CSR map
// (values derived by hand from docs/dev/pmu.md), the CSRs the core forwards, probe pack/unpack,
// mutation specs, and wrong-path accounting against the oracle.
#include <catch2/catch.hpp>

#include <vector>

#include "pmu_check.h"
#include "pmu_model.h"

using namespace stackscope;
using pmu::CpiComp;
using pmu::CpiStage;
namespace cc = pmu::custom_csr;

namespace {
pmu::Probe committing_probe(uint32_t pc) {
  pmu::Probe p;
  p.disp_n = p.iss_n = p.cmt_n = 1;
  p.rob_empty = p.rs_empty = 1;
  p.head_valid[0] = p.head_commit[0] = 1;
  p.head_pc[0] = p.next_pc = pc;
  return p;
}

// The 2-wide stream of "the issue-stage oracle follows ROB indices ..." (cycles 0-7, described
// there), then from cycle 8 two uops dispatched per cycle (ROB 4, 6, ...), each pair issued the
// next cycle and committed the one after (cycles 10 and 11 commit two each).
std::vector<pmu::Probe> oracle_stream(unsigned cycles) {
  std::vector<pmu::Probe> seq(cycles);
  for (pmu::Probe& p : seq) p.fe_empty = p.rs_empty = 1;
  auto dispatch = [&](unsigned c, uint32_t rob) {
    seq[c].disp_n = 2;
    seq[c].disp_rob_idx = rob;
    seq[c].fe_empty = 0;
  };
  auto issue = [&](unsigned c, std::initializer_list<uint32_t> robs) {
    for (uint32_t r : robs) seq[c].iss_rob_idx[seq[c].iss_n++] = r;
    seq[c].rs_empty = 0;
  };
  dispatch(0, 30);
  seq[0].disp_br_mask[0] = 1;
  dispatch(1, 0);
  issue(1, {30, 31});
  issue(2, {0});
  seq[3].cmt_n = seq[3].cmt_br_n = 1;
  seq[3].cmt_br_mispred = seq[3].flush = 1;
  dispatch(4, 2);
  issue(5, {2, 3});
  seq[6].cmt_n = 1;
  seq[6].exception = seq[6].flush = 1;
  for (unsigned c = 8; c < cycles; ++c) {
    dispatch(c, 2 * (c - 8) + 4);
    if (c > 8) issue(c, {2 * (c - 9) + 4, 2 * (c - 9) + 5});
    if (c > 9) seq[c].cmt_n = 2;
  }
  return seq;
}
}  // namespace

TEST_CASE("custom window reads every bank as documented") {
  pmu::PmuModel m(pmu::PmuModelConfig::sequential_core());
  // 3 committing cycles then 2 cycles with an empty window waiting on an i-cache miss.
  for (int i = 0; i < 3; ++i) m.step(committing_probe(0x80000000 + 4 * i), std::nullopt);
  pmu::Probe miss;
  miss.fe_empty = miss.fe_icache_miss = miss.rob_empty = miss.rs_empty = 1;
  for (int i = 0; i < 2; ++i) m.step(miss, std::nullopt);
  // Bank 0 (reset): commit base = word 2*(2*9+0) = 36, commit icache = word 38.
  CHECK(m.read(cc::kWindow + 36) == 3);
  CHECK(m.read(cc::kWindow + 37) == 0);  // high half
  CHECK(m.read(cc::kWindow + 38) == 2);
  CHECK(m.read(cc::kWindow + 0) == 3);  // dispatch base
  CHECK(m.read(cc::kWindow + 54) == 0);  // past the last CPI word
  m.step(miss, pmu::CsrWrite{cc::kBank, 1});
  CHECK(m.read(cc::kBank) == 1);
  // Bank 1: Top-Down clocks (word 0) = 6 cycles; slots retired (word 6) = 3; FLOPS frontend
  // (j = 3 at word 2*(22+3) = 50): 2kv = 2 units per idle cycle = 12.
  CHECK(m.read(cc::kWindow + 0) == 6);
  CHECK(m.read(cc::kWindow + 6) == 3);
  CHECK(m.read(cc::kWindow + 50) == 12);
  // Bank 2: TIP, periodic 97 after reset: the countdown starts at 0, so cycle 0 sampled.
  m.step(miss, pmu::CsrWrite{cc::kBank, 2});
  CHECK(m.read(cc::kWindow + cc::kTipWordSamplesLo) == 1);
  CHECK(m.read(cc::kTipCtrl) == cc::tipctrl(pmu::TipMode::kPeriodic, 97));
  // Period 1 written in cycle 7: the running countdown (next trigger at cycle 97) is kept,
  // after that a sample every cycle.
  m.step(miss, pmu::CsrWrite{cc::kTipCtrl, cc::tipctrl(pmu::TipMode::kPeriodic, 1)});
  for (uint32_t c = 8; c <= 97; ++c) m.step(committing_probe(0x80000000 + 4 * c), std::nullopt);
  CHECK(m.read(cc::kWindow + cc::kTipWordSamplesLo) == 2);
  const uint32_t status = m.read(cc::kWindow + cc::kTipWordStatus);
  CHECK((status & 1) == 1);                  // valid
  CHECK(((status >> 1) & 3) == 0);           // computing
  CHECK(((status >> 4) & 0xF) == 1);         // head_valid
  CHECK(((status >> 8) & 0xF) == 1);         // head_commit
  CHECK(m.read(cc::kWindow + cc::kTipWordHeadPc0) == 0x80000000 + 4 * 97);
  m.step(committing_probe(0x80000400), std::nullopt);
  CHECK(m.read(cc::kWindow + cc::kTipWordSamplesLo) == 3);
  CHECK(m.read(cc::kWindow + cc::kTipWordHeadPc0) == 0x80000400);
  CHECK(m.read(cc::kTipAck) == 0);
}

TEST_CASE("the core forwards exactly the PMU-owned CSRs") {
  CHECK(tb::pmu_forwarded_csr(0xB00) == 0xB00);
  CHECK(tb::pmu_forwarded_csr(0xC00) == 0xB00);  // cycle -> mcycle
  CHECK(tb::pmu_forwarded_csr(0xC82) == 0xB82);  // instreth -> minstreth
  CHECK(tb::pmu_forwarded_csr(0xB1F) == 0xB1F);
  CHECK_FALSE(tb::pmu_forwarded_csr(0xC01));     // time: CLINT
  CHECK_FALSE(tb::pmu_forwarded_csr(0xB01));
  CHECK(tb::pmu_forwarded_csr(0x323) == 0x323);
  CHECK(tb::pmu_forwarded_csr(0x73F) == 0x73F);
  CHECK_FALSE(tb::pmu_forwarded_csr(0x322));
  CHECK(tb::pmu_forwarded_csr(0x320) == 0x320);
  CHECK(tb::pmu_forwarded_csr(0x306) == 0x306);
  CHECK(tb::pmu_forwarded_csr(0xBC2) == 0xBC2);
  CHECK_FALSE(tb::pmu_forwarded_csr(0xBC3));
  CHECK(tb::pmu_forwarded_csr(0xFC0) == 0xFC0);
  CHECK_FALSE(tb::pmu_forwarded_csr(0x344));     // mip: the core's own read
  CHECK_FALSE(tb::pmu_forwarded_csr(0x300));
}

TEST_CASE("probe unpack inverts pack") {
  pmu::Probe p = committing_probe(0x8000abcc);
  p.iss_prod_cls = pmu::InstrCls::kDcMem;
  p.rob_head_cls = pmu::InstrCls::kLongLat;
  p.mem_outstanding = 9;
  p.fp_elems = {1, 2, 3, 8};
  p.head_pc = {1, 0xffffffff, 3, 0x12345678};
  p.flush_pc = 0xdeadbeef;
  std::array<uint32_t, pmu::kProbeWords> w{};
  pmu::pack(p, w);
  const pmu::Probe q = pmu::unpack(w);
  std::array<uint32_t, pmu::kProbeWords> w2{};
  pmu::pack(q, w2);
  CHECK(w == w2);
  CHECK(q.head_pc[3] == 0x12345678);
  CHECK(q.rob_head_cls == pmu::InstrCls::kLongLat);
  CHECK(q.fp_elems[3] == 8);
}

TEST_CASE("mutation specs") {
  const tb::PmuMutation m = tb::parse_pmu_mutation("cpi.commit.dcache_mem@77");
  CHECK(m.reg.unit == pmu::PmuUnit::kCpi);
  CHECK(m.reg.index == 2 * pmu::kNumCpiComps + 5);
  CHECK(m.cycle == 77);
  CHECK(tb::parse_pmu_mutation("csr.mhpmcounter6@1").reg.index == 5);
  // The SoC takes the debug write's target a cycle ahead: no write in cycle 0.
  CHECK_THROWS_WITH(tb::parse_pmu_mutation("csr.mcycle@0"), "--mutate: CYCLE must be at least 1");
  CHECK(tb::parse_pmu_mutation("tip.samples@1").reg.unit == pmu::PmuUnit::kTipSamples);
  CHECK_THROWS(tb::parse_pmu_mutation("cpi.commit.base"));
  CHECK_THROWS(tb::parse_pmu_mutation("cpi.nosuch@5"));
  CHECK_THROWS(tb::parse_pmu_mutation("tip.tip_valid@5"));  // no write port
  CHECK_THROWS(tb::parse_pmu_mutation("topdown.clocks@x"));
}

TEST_CASE("wrong path: oracle vs the simple method") {
  // W = 1, one uop dispatched per cycle in cycles 0-4 (A, B, C, D, E), nothing in 5-6:
  //   cycle 2: A, a mispredicted branch, commits and flushes: B and C (dispatched behind it)
  //            were on the wrong path -> oracle wrong path 2;
  //   cycle 4: D commits and takes an exception: E, dispatched behind it in the flush cycle,
  //            is a true-path uop that will be dispatched again -> squashed 1;
  //   cycles 5-6: empty.
  // Dispatch base 5, commit base 2. The simple method moves 5 - 2 = 3 slots to bpred; the
  // oracle moves 2 (B, C) to bpred and 1 (E) to other: error 1 slot of 7 cycles x 1 slot.
  // Method (b): A ends block 0 (disp_br_mask), B and C open block 1; A's commit proves block 0
  // (base 1) and the mispredict flush books block 1 (B, C) to bpred; D and E fill the next
  // block, which the exception empties into their own component (base 2, not bpred). So its
  // dispatch bpred is the oracle's, its base 1 + 2 = 3 = dispatch base - oracle wrong path.
  tb::PmuCheck check(pmu::PmuModelConfig::sequential_core());
  pmu::PmuModel m(pmu::PmuModelConfig::sequential_core());
  std::vector<pmu::Probe> seq;
  for (unsigned c = 0; c < 7; ++c) {
    pmu::Probe p;
    p.disp_n = c < 5 ? 1 : 0;
    p.fe_empty = c >= 5;
    p.rob_empty = c >= 4;
    p.rs_empty = 1;
    p.disp_rob_idx = c;
    seq.push_back(p);
  }
  seq[0].disp_br_mask[0] = 1;
  seq[2].cmt_n = seq[2].cmt_br_n = 1;
  seq[2].cmt_br_mispred = seq[2].flush = 1;
  seq[4].cmt_n = 1;
  seq[4].exception = seq[4].flush = 1;
  tb::PmuRegs regs;
  uint64_t cycle = 0;
  for (const pmu::Probe& p : seq) {
    tb::PmuInputs in;
    pmu::pack(p, in.probe);
    m.step(p, std::nullopt);
    regs = tb::expected_regs(m);
    CHECK(check.step(cycle++, in, std::span<const tb::RtlCommit>{}, regs).empty());
  }
  CHECK(m.wrong_path_dispatched() == 2);
  CHECK(m.squashed_dispatched() == 1);
  const pmu::CpiComponents oracle = m.oracle_dispatch_stack();
  CHECK(oracle[static_cast<unsigned>(CpiComp::kBase)] == 2);  // = commit base
  const tb::PmuRunResults r = check.results();
  const uint64_t disp_bpred = m.cpi().get(CpiStage::kDispatch, CpiComp::kBpred);
  CHECK(r.wrong_path[0].oracle_bpred == disp_bpred + 2);
  CHECK(r.wrong_path[0].simple_bpred == disp_bpred + 3);
  CHECK(r.wrong_path[0].simple_error == Approx(1.0 / 7));
  REQUIRE(r.wrong_path[0].spec_available);
  CHECK(r.wrong_path[0].spec_bpred == disp_bpred + 2);
  CHECK(r.wrong_path[0].spec_error == 0.0);
  CHECK(r.spec_cpi[0][static_cast<unsigned>(CpiComp::kBase)] == 3);
}

TEST_CASE("the issue-stage oracle follows ROB indices across a wrap and both flush kinds") {
  // 2-wide core (W = 2, 3-wide issue), ROB 32, method (b) built:
  //   cycle 0: dispatch A (ROB 30, a branch that will prove mispredicted) and B (31);
  //   cycle 1: dispatch C (0: the index wraps) and D (1); issue A and B;
  //   cycle 2: issue C;
  //   cycle 3: A commits and flushes: B, C, D were on the wrong path, B and C had issued
  //            -> wrong path 3 dispatched, 2 issue slots;
  //   cycle 4: dispatch E (2), F (3); cycle 5: issue E and F;
  //   cycle 6: E commits and takes an exception: F, issued, is squashed -> 1 and 1;
  //   cycle 7: empty.
  // No cycle issues more than W uops, so the main issue base has no carry: 5 uops issued,
  // commit base 2 (A, E). The oracle issue stack moves 2 to bpred and 1 to other (base 2 =
  // commit base); method (a) moves 5 - 2 = 3 to bpred: error 1 slot of 8 cycles x 2 slots.
  // Method (b): A closes block 0 (proven at its commit, issue base 1); B, C, D form block 1,
  // emptied to bpred by the misprediction (its issue base 2 = B, C); E and F the next block,
  // emptied into their own components by the exception: issue base 1 + 2 = 3 = 5 issued - 2
  // wrong path, which the cross-check compares every cycle.
  const pmu::PmuModelConfig cfg = pmu::PmuModelConfig::for_core(2, 3, 2);
  tb::PmuCheck check(cfg);
  pmu::PmuModel m(cfg);
  const std::vector<pmu::Probe> seq = oracle_stream(8);
  uint64_t cycle = 0;
  for (const pmu::Probe& p : seq) {
    tb::PmuInputs in;
    pmu::pack(p, in.probe);
    m.step(p, std::nullopt);
    CHECK(check.step(cycle++, in, std::span<const tb::RtlCommit>{}, tb::expected_regs(m)).empty());
  }
  CHECK(m.uops_issued() == 5);
  CHECK(m.wrong_path_dispatched() == 3);
  CHECK(m.wrong_path_issued() == 2);
  CHECK(m.squashed_dispatched() == 1);
  CHECK(m.squashed_issued() == 1);
  const uint64_t iss_bpred = m.cpi().get(CpiStage::kIssue, CpiComp::kBpred);
  const uint64_t iss_other = m.cpi().get(CpiStage::kIssue, CpiComp::kOther);
  REQUIRE(m.cpi().get(CpiStage::kIssue, CpiComp::kBase) == 5);
  const pmu::CpiComponents oracle = m.oracle_issue_stack();
  CHECK(oracle[static_cast<unsigned>(CpiComp::kBase)] == 2);
  CHECK(oracle[static_cast<unsigned>(CpiComp::kBase)] == m.cpi().get(CpiStage::kCommit, CpiComp::kBase));
  CHECK(oracle[static_cast<unsigned>(CpiComp::kBpred)] == iss_bpred + 2);
  CHECK(oracle[static_cast<unsigned>(CpiComp::kOther)] == iss_other + 1);
  CHECK(check.spec_oracle_cycles(0) == 8);
  CHECK(check.spec_oracle_cycles(1) == 8);
  const tb::PmuRunResults r = check.results();
  CHECK(r.wrong_path[1].oracle_bpred == iss_bpred + 2);
  CHECK(r.wrong_path[1].simple_bpred == iss_bpred + 3);
  CHECK(r.wrong_path[1].simple_error == Approx(1.0 / 16));
  REQUIRE(r.wrong_path[1].spec_available);
  CHECK(r.spec_cpi[1][static_cast<unsigned>(CpiComp::kBase)] == 3);
}

TEST_CASE("probe stage: the counting units count each probe a cycle late, the CSRs at once") {
  // oracle_stream (a mispredict flush in cycle 3, an exception in cycle 6, then four cycles of
  // dispatch, issue and commit). With pmu_top's probe stage the counting units count the all-zero
  // reset probe and then the stream one cycle late: after cycle t their counters and the
  // wrong-path oracle must equal those of a model without the stage fed the zero probe and
  // cycles 0 .. t - 1, while minstret counts cycle t's commits already. Through PmuCheck the
  // method (b) identity reads the lagged oracle (with the live one it fails at the flush).
  pmu::PmuModelConfig cfg = pmu::PmuModelConfig::for_core(2, 3, 2);
  pmu::PmuModel plain(cfg);
  cfg.probe_stage = true;
  pmu::PmuModel staged(cfg);
  tb::PmuCheck check(cfg);
  const std::vector<pmu::Probe> seq = oracle_stream(12);
  uint64_t instret = 0;
  for (unsigned t = 0; t < seq.size(); ++t) {
    plain.step(t == 0 ? pmu::Probe{} : seq[t - 1], std::nullopt);
    tb::PmuInputs in;
    pmu::pack(seq[t], in.probe);
    staged.step(seq[t], std::nullopt);
    INFO("cycle " << t);
    CHECK(check.step(t, in, std::span<const tb::RtlCommit>{}, tb::expected_regs(staged)).empty());
    for (unsigned s = 0; s < pmu::kNumCpiStages; ++s)
      CHECK(staged.cpi().stage(static_cast<CpiStage>(s)) ==
            plain.cpi().stage(static_cast<CpiStage>(s)));
    REQUIRE(staged.cpi().spec());
    for (unsigned i = 0; i < pmu::kNumSpecCnt; ++i)
      CHECK(staged.cpi().spec()->get(i) == plain.cpi().spec()->get(i));
    CHECK(staged.topdown().counters() == plain.topdown().counters());
    CHECK(staged.flops().components() == plain.flops().components());
    CHECK(staged.tip().samples() == plain.tip().samples());
    CHECK(staged.oracle_dispatch_stack() == plain.oracle_dispatch_stack());
    CHECK(staged.oracle_issue_stack() == plain.oracle_issue_stack());
    CHECK(staged.uops_issued() == plain.uops_issued());
    instret += seq[t].cmt_n;
    CHECK(staged.csr().counters()[1] == instret);  // minstret: this cycle's commits included
    CHECK(plain.csr().counters()[1] == instret - seq[t].cmt_n);
  }
  CHECK(staged.wrong_path_dispatched() == 3);
  CHECK(staged.squashed_dispatched() == 1);
  CHECK(staged.cpi().get(CpiStage::kCommit, CpiComp::kBase) == 2 + 2);  // A, E; cycle 10's two
  CHECK(check.spec_oracle_cycles(1) == seq.size());
}

TEST_CASE("the issue oracle identity fails when an issue is reported under a wrong ROB index") {
  // A (ROB 0, a branch), B (ROB 1) and C (ROB 2, a branch) dispatch: blocks {A}, {B, C} and
  // the open block after C. A issues; A commits, proving its block; then B issues but the
  // probe names A's index. Method (b) books that issue to the open block (A's entry is no
  // longer live), the one after C; the oracle books it to index 0, outside the window. C was
  // mispredicted: B and C commit and C flushes. Method (b) proves {B, C} (no issue slot) and
  // moves the open block (the misbooked issue slot) to bpred while the oracle finds no issue
  // younger than C: issue base 2 - 1 = 1 against 2 issued - 0 wrong path, caught in that
  // cycle. (A branch stays in flight throughout, so no cycle is a direct one: docs/dev/pmu.md.)
  const pmu::PmuModelConfig cfg = pmu::PmuModelConfig::for_core(2, 3, 2);
  tb::PmuCheck check(cfg);
  std::vector<pmu::Probe> seq(5);
  seq[0].disp_n = 2;  // A (0, branch), B (1)
  seq[0].disp_br_mask[0] = 1;
  seq[1].disp_n = 1;  // C (2, branch)
  seq[1].disp_rob_idx = 2;
  seq[1].disp_br_mask[0] = 1;
  seq[1].iss_n = 1;  // A issues
  seq[1].iss_rob_idx[0] = 0;
  seq[2].cmt_n = seq[2].cmt_br_n = 1;  // A commits: its block is proven
  seq[3].iss_n = 1;                    // B issues, but reported under A's index
  seq[3].iss_rob_idx[0] = 0;
  seq[4].cmt_n = 2;  // B and C commit; C was mispredicted and flushes
  seq[4].cmt_br_n = 1;
  seq[4].cmt_br_mispred = seq[4].flush = 1;
  pmu::PmuModel m(cfg);
  std::vector<std::string> diffs;
  uint64_t cycle = 0;
  for (pmu::Probe& p : seq) {
    p.rs_empty = p.fe_empty = 1;
    tb::PmuInputs in;
    pmu::pack(p, in.probe);
    m.step(p, std::nullopt);
    diffs.push_back(
        check.step(cycle++, in, std::span<const tb::RtlCommit>{}, tb::expected_regs(m)));
  }
  for (unsigned c = 0; c < 4; ++c) CHECK(diffs[c].empty());
  CHECK(diffs[4] == "cycle 4: method (b) issue base 1 (proven + in flight) != uops issued - "
                    "oracle wrong path 2");
}

TEST_CASE("a waiting TIP sample raises LCOFIP only with tipctrl.IRQ, until acknowledged") {
  pmu::PmuModel m(pmu::PmuModelConfig::sequential_core());
  const pmu::Probe p = committing_probe(0x80000000);
  m.step(p, std::nullopt);  // periodic 97 after reset: cycle 0 samples
  CHECK(m.tip().tip().valid);
  CHECK_FALSE(m.lcofi());   // IRQ clear after reset
  m.step(p, pmu::CsrWrite{cc::kTipCtrl, cc::tipctrl(pmu::TipMode::kPeriodic, 97, true)});
  CHECK(m.read(cc::kTipCtrl) == ((97u << 16) | 4u | 1u));
  CHECK(m.lcofi());
  m.step(p, pmu::CsrWrite{0x344, 0});  // clearing mip.LCOFIP does not drop a TIP sample
  CHECK(m.lcofi());
  m.step(p, pmu::CsrWrite{cc::kTipAck, 1});
  CHECK_FALSE(m.lcofi());
  CHECK_FALSE(m.csr().lcofip());
}

TEST_CASE("the cross-check reports the first difference") {
  tb::PmuCheck check(pmu::PmuModelConfig::sequential_core());
  pmu::PmuModel m(pmu::PmuModelConfig::sequential_core());
  const pmu::Probe p = committing_probe(0x80000000);
  tb::PmuInputs in;
  pmu::pack(p, in.probe);
  m.step(p, std::nullopt);
  tb::PmuRegs regs = tb::expected_regs(m);
  regs.td[0] += 1;
  CHECK(check.step(41, in, std::span<const tb::RtlCommit>{}, regs) ==
        "cycle 41: topdown.clocks expected 1 actual 2");
}

TEST_CASE("CSR reads among several commits of a cycle are checked against the model") {
  tb::PmuCheck check(pmu::PmuModelConfig::for_core(2, 3, 2));
  pmu::PmuModel m(pmu::PmuModelConfig::for_core(2, 3, 2));
  pmu::Probe p;  // an idle cycle: mcycle 0 -> 1
  tb::PmuInputs in;
  pmu::pack(p, in.probe);
  m.step(p, std::nullopt);
  const tb::PmuRegs regs = tb::expected_regs(m);
  // csrrs x5, mcycle, x0 read 0 in cycle 0 (before its update); an addi commits with it.
  tb::RtlCommit addi{};
  addi.valid = true;
  addi.insn = 0x00100293;
  addi.rd_we = true;
  addi.rd_wdata = 1;
  tb::RtlCommit csrr = addi;
  csrr.insn = 0xB00022F3;
  csrr.rd_wdata = 0;
  std::array<tb::RtlCommit, 2> ok{addi, csrr};
  CHECK(check.step(0, in, ok, regs).empty());
  CHECK(check.results().csr_reads_checked == 1);
  tb::PmuCheck bad(pmu::PmuModelConfig::for_core(2, 3, 2));
  ok[1].rd_wdata = 1;
  CHECK(bad.step(0, in, ok, regs) ==
        "cycle 0: csr read 0xb00 at pc 00000000 expected 0x0 actual 0x1");
}

TEST_CASE("the probe's commit fields must agree with the commit port") {
  // Two uops commit: an addi at 0x80000010 and a taken beq at 0x80000014.
  tb::RtlCommit addi{};
  addi.valid = true;
  addi.pc = 0x80000010;
  addi.insn = 0x00100293;  // addi x5, x0, 1
  tb::RtlCommit beq = addi;
  beq.pc = 0x80000014;
  beq.insn = 0x00000463;  // beq x0, x0, +8
  const std::array<tb::RtlCommit, 2> two{addi, beq};
  pmu::Probe p;
  p.cmt_n = 2;
  p.cmt_br_n = 1;
  p.head_valid[0] = p.head_valid[1] = p.head_commit[0] = p.head_commit[1] = 1;
  p.head_pc[0] = addi.pc;
  p.head_pc[1] = beq.pc;
  CHECK(check::check_probe_commits(p, two).empty());
  SECTION("cmt_n counting one slot") {
    p.cmt_n = 1;
    CHECK(check::check_probe_commits(p, two).starts_with("probe rule cmt_n: cmt_n 1, the port committed 2"));
  }
  SECTION("head_pc from another signal") {
    p.head_pc[1] = 0x80000018;
    CHECK(check::check_probe_commits(p, two).starts_with("probe rule head_pc: commit slot 1"));
  }
  SECTION("cmt_br_n unwired") {
    p.cmt_br_n = 0;
    CHECK(check::check_probe_commits(p, two).starts_with("probe rule cmt_br_n"));
  }
  SECTION("an exception the probe does not show, and one it shows without a trap") {
    std::array<tb::RtlCommit, 1> ecall{addi};
    ecall[0].insn = 0x00000073;
    ecall[0].trap = true;
    ecall[0].cause = 11;
    pmu::Probe e;
    e.cmt_n = 1;
    e.head_valid[0] = e.head_commit[0] = 1;
    e.head_pc[0] = addi.pc;
    e.flush = 1;
    e.flush_pc = addi.pc;
    CHECK(check::check_probe_commits(e, ecall).starts_with("probe rule exception: exception 0"));
    e.exception = 1;
    CHECK(check::check_probe_commits(e, ecall).empty());
    e.machine_clear = 1;
    CHECK(check::check_probe_commits(e, ecall).starts_with("probe rule machine_clear"));
    CHECK(check::check_probe_commits(p, two).empty());
    p.exception = 1;
    CHECK(check::check_probe_commits(p, two).starts_with("probe rule exception: exception 1"));
  }
  SECTION("flush_pc is the flushing record's") {
    p.flush = p.cmt_br_mispred = 1;
    p.flush_pc = beq.pc;
    CHECK(check::check_probe_commits(p, two).empty());
    p.flush_pc = 0x80000018;  // next_pc, say
    CHECK(check::check_probe_commits(p, two).starts_with("probe rule flush_pc: flush_pc 80000018"));
  }
  SECTION("an interrupt commits no uop") {
    tb::RtlCommit irq{};
    irq.valid = irq.trap = true;
    irq.pc = 0x80000010;
    irq.cause = 0x80000007;
    pmu::Probe i;
    i.exception = i.flush = 1;
    i.flush_pc = irq.pc;
    CHECK(check::check_probe_commits(i, std::span(&irq, 1)).empty());
    i.cmt_n = 1;
    CHECK(check::check_probe_commits(i, std::span(&irq, 1)).starts_with("probe rule cmt_n"));
  }
}
