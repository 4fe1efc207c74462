// Directed TIP tests built on Gottschall et al.'s four worked examples (computing, stalled,
// flushed, drained): the oracle profile must reproduce the paper's numbers; with a sample every
// cycle the profile software builds from the RTL's sample registers must equal the oracle; NCI and
// LCI must show the misattributions the paper describes. Units: 1/12 cycle (12 = 1 cycle).
#include <catch2/catch.hpp>
#include <vector>

#include "Vtip_sampler_c4.h"
#include "tip.h"
#include "unit_dut.h"

using namespace stackscope::pmu;

namespace {

constexpr uint32_t I1 = 0x100, I2 = 0x104, I3 = 0x108, I4 = 0x10c, I5 = 0x110, I6 = 0x114,
                   I7 = 0x118, I8 = 0x11c, Load = 0x200, Br = 0x300;

// A probe whose ROB head bank holds `pcs` (oldest first), the first `commit` of them committing.
Probe bank(std::vector<uint32_t> pcs, unsigned commit) {
  Probe p;
  for (unsigned j = 0; j < pcs.size(); ++j) {
    p.head_valid[j] = 1;
    p.head_commit[j] = j < commit;
    p.head_pc[j] = pcs[j];
  }
  return p;
}

struct Bench {
  TipConfig cfg{4, TipMode::kPeriodic, 1};  // a sample every cycle
  TipSampler model{cfg};
  TipOracle oracle{4};
  TipDut<Vtip_sampler_c4> dut;
  Profile from_rtl;  // what software builds from the RTL's sample registers

  void run(const Probe& p, unsigned cycles = 1) {
    for (unsigned i = 0; i < cycles; ++i) {
      dut.top().mode_i = 1;
      dut.top().period_i = cfg.period;
      dut.top().ack_i = 1;  // software drains every sample
      dut.cycle(p);
      model.step(p, true);
      oracle.step(p);
      REQUIRE_FALSE(dut.assertion_failed());
      REQUIRE(dut.get(0) == 1);  // a fresh sample each cycle
      software_attributes();
    }
  }
  // Software's side of TIP: one sampled cycle, attributed from the registers alone.
  void software_attributes() {
    const auto state = static_cast<TipState>(dut.get(1));
    const uint64_t commit = dut.get(3);
    if (state == TipState::kComputing) {
      const unsigned n = __builtin_popcountll(commit);
      for (unsigned j = 0; j < 4; ++j)
        if ((commit >> j) & 1) from_rtl[static_cast<uint32_t>(dut.get(4 + j))] += 12 / n;
    } else if (state == TipState::kStalled) {
      from_rtl[static_cast<uint32_t>(dut.get(4))] += 12;
    } else if (state == TipState::kFlushed) {
      from_rtl[static_cast<uint32_t>(dut.get(8))] += 12;
    } else {
      from_rtl[static_cast<uint32_t>(dut.get(9))] += 12;
    }
  }
};

}  // namespace

TEST_CASE("TIP computing: 1/n cycle to each co-committing instruction", "[tip]") {
  // Gottschall et al., Fig. (a): cycles 1-3 commit I1+I2, I3+I4, I5+I6 -> oracle 0.5 each
  // (6 units). NCI takes the head (I1, I3, I5); LCI the last committed (I2, I4, I6): both
  // attribute whole cycles to one of two co-committing instructions ("not accounting for ILP").
  Bench b;
  b.run(bank({I1, I2, I3, I4}, 2));
  b.run(bank({I3, I4, I5, I6}, 2));
  b.run(bank({I5, I6, I7, I8}, 2));
  const Profile want{{I1, 6}, {I2, 6}, {I3, 6}, {I4, 6}, {I5, 6}, {I6, 6}};
  CHECK(b.oracle.profile() == want);
  CHECK(b.model.tip_profile() == want);
  CHECK(b.from_rtl == want);
  CHECK(b.model.nci_profile() == Profile{{I1, 12}, {I3, 12}, {I5, 12}});
  CHECK(b.model.lci_profile() == Profile{{I2, 12}, {I4, 12}, {I6, 12}});
}

TEST_CASE("TIP stalled: a 40-cycle load stall goes to the load", "[tip]") {
  // Gottschall et al., Fig. (b): cycle 1 commits I1; cycles 2-41 stall on Load at the head;
  // cycle 42 commits Load and I3. Oracle: I1 1, Load 40 + 0.5 = 40.5, I3 0.5 cycles (12/486/6).
  // NCI: I1 1, Load 41 (cycles 2-42). LCI: I1 for cycles 1-41 (the paper's "stall
  // misattribution"), then I3, the last committed in cycle 42.
  Bench b;
  b.run(bank({I1, Load, I3, I4}, 1));
  b.run(bank({Load, I3, I4, I5}, 0), 40);
  b.run(bank({Load, I3, I4, I5}, 2));
  const Profile want{{I1, 12}, {Load, 486}, {I3, 6}};
  CHECK(b.oracle.profile() == want);
  CHECK(b.model.tip_profile() == want);
  CHECK(b.from_rtl == want);
  CHECK(b.model.nci_profile() == Profile{{I1, 12}, {Load, 41 * 12}});
  CHECK(b.model.lci_profile() == Profile{{I1, 41 * 12}, {I3, 12}});
}

TEST_CASE("TIP flushed: empty-ROB cycles after a misprediction go to the branch", "[tip]") {
  // Cycle 1 commits I1 and the mispredicted Br (flush, offending = Br); cycles 2-4 the ROB is
  // empty; cycle 5 commits I5. Oracle: I1 0.5, Br 0.5 + 3 = 3.5, I5 1 (6/42/12 units).
  // LCI charges the flush to Br (correct, as the paper says). NCI waits for the next commit:
  // the triggers of cycles 2-5 collapse into one sample of I5 and Br gets none.
  Bench b;
  Probe c1 = bank({I1, Br}, 2);
  c1.flush = 1;
  c1.flush_pc = Br;
  b.run(c1);
  Probe empty;
  empty.next_pc = I5;
  b.run(empty, 3);
  CHECK(static_cast<TipState>(b.dut.get(1)) == TipState::kFlushed);
  CHECK(b.dut.get(8) == Br);  // offending-instruction register
  b.run(bank({I5}, 1));
  const Profile want{{I1, 6}, {Br, 42}, {I5, 12}};
  CHECK(b.oracle.profile() == want);
  CHECK(b.from_rtl == want);
  CHECK(b.model.lci_profile() == Profile{{Br, 48}, {I5, 12}});
  CHECK(b.model.nci_profile() == Profile{{I1, 12}, {I5, 12}});
}

TEST_CASE("TIP drained: an I-cache stall goes to the next instruction", "[tip]") {
  // Gottschall et al., Fig. (d): cycle 1 commits I1 and I2; the ROB is empty (no flush) until
  // cycle 42, when I3 arrives and sits at the head. Oracle: I1 0.5, I2 0.5, I3 40 + 1 = 41 cycles.
  // LCI charges all 42 cycles' worth to I2, as the paper says.
  Bench b;
  b.run(bank({I1, I2}, 2));
  Probe empty;
  empty.next_pc = I3;
  b.run(empty, 40);
  CHECK(static_cast<TipState>(b.dut.get(1)) == TipState::kDrained);
  b.run(bank({I3}, 0));
  const Profile want{{I1, 6}, {I2, 6}, {I3, 41 * 12}};
  CHECK(b.oracle.profile() == want);
  CHECK(b.from_rtl == want);
  CHECK(b.model.lci_profile() == Profile{{I2, 42 * 12}});
  CHECK(profile_error(b.model.tip_profile(), b.oracle.profile()) == Approx(0.0));
  CHECK(profile_error(b.model.lci_profile(), b.oracle.profile()) > 0.9);
}

TEST_CASE("TIP triggers: periodic and LFSR-random", "[tip]") {
  SECTION("periodic, period 5: samples in cycles 0, 5, 10, 15") {
    TipConfig cfg{2, TipMode::kPeriodic, 5};
    TipSampler model(cfg);
    TipDut<Vtip_sampler_c4> dut;
    for (unsigned c = 0; c < 20; ++c) {
      dut.top().mode_i = 1, dut.top().period_i = 5, dut.top().ack_i = 0;
      dut.cycle(Probe{});
      model.step(Probe{}, false);
      const uint64_t want = c / 5 + 1;
      CHECK(model.samples() == want);
      CHECK(dut.get(kTipSamplesReg) == want);
    }
    CHECK(dut.get(17) == 1);  // irq: a sample waits for software
  }
  SECTION("random, mask 3: intervals 1 + (lfsr & 3)") {
    // Galois LFSR x^16+x^14+x^13+x^11+1 from 0xACE1, one step per cycle:
    //  c0 0xACE1 (&3 = 1) -> next trigger c2;  c1 0xE270;  c2 0x7138 (&3 = 0) -> c3;
    //  c3 0x389C (&3 = 0) -> c4;  c4 0x1C4E (&3 = 2) -> c7.  Triggers: 0, 2, 3, 4, 7.
    TipConfig cfg{2, TipMode::kRandom, 3};
    TipSampler model(cfg);
    TipDut<Vtip_sampler_c4> dut;
    const std::vector<uint64_t> after = {1, 1, 2, 3, 4, 4, 4, 5};
    for (unsigned c = 0; c < after.size(); ++c) {
      dut.top().mode_i = 2, dut.top().period_i = 3, dut.top().ack_i = 0;
      dut.cycle(Probe{});
      model.step(Probe{}, false);
      INFO("cycle " << c);
      CHECK(model.samples() == after[c]);
      CHECK(dut.get(kTipSamplesReg) == after[c]);
    }
  }
  SECTION("acknowledge clears the samples and the interrupt") {
    TipDut<Vtip_sampler_c4> dut;
    dut.top().mode_i = 1, dut.top().period_i = 100, dut.top().ack_i = 0;
    dut.cycle(Probe{});
    CHECK(dut.get(0) == 1);
    dut.top().ack_i = 1;
    dut.cycle(Probe{});
    CHECK(dut.get(0) == 0);
    CHECK(dut.get(17) == 0);
  }
}
