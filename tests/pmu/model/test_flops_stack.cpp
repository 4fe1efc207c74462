// Directed FLOPS-stack tests: every count derived by hand from Eyerman et al.'s Table III in units
// of 1/(2kv) cycle, checked on the model AND the RTL.
#include <catch2/catch.hpp>
#include <map>

#include "Vflops_stack_k2v1.h"
#include "Vflops_stack_k4v8.h"
#include "flops_stack.h"
#include "unit_dut.h"

using namespace stackscope::pmu;

namespace {

template <class VTop>
struct Bench {
  FlopsStack model;
  FlopsStackDut<VTop> dut;
  explicit Bench(FlopsStackConfig cfg) : model(cfg) {}
  void run(const Probe& p) {
    model.step(p);
    dut.cycle(p);
    REQUIRE_FALSE(dut.assertion_failed());
    REQUIRE_NOTHROW(model.check_invariant());
  }
  void check(const std::map<FlopsComp, uint64_t>& want) {
    for (unsigned c = 0; c < kNumFlopsComps; ++c) {
      const auto comp = static_cast<FlopsComp>(c);
      const uint64_t v = want.count(comp) ? want.at(comp) : 0;
      INFO(kFlopsCompNames[c]);
      CHECK(model.get(comp) == v);
      CHECK(dut.get(c) == v);
    }
  }
};

Probe issue(std::initializer_list<std::array<unsigned, 2>> ops) {  // {fma, m} per unit
  Probe p;
  unsigned j = 0;
  for (const auto& op : ops) {
    p.fp_issue[j] = 1, p.fp_fma[j] = op[0], p.fp_elems[j] = op[1];
    ++j;
  }
  return p;
}

}  // namespace

TEST_CASE("FLOPS stack k=4 v=8: one cycle per Table III branch", "[flops]") {
  // 2kv = 64 units per cycle.
  // c0: FMA m=8 -> base 16; add m=8 -> base 8, non_fma 8; FMA m=4 -> base 8, mask 2*(8-4)=8;
  //     unit 3 idle, FP op waiting on a load -> mem 2*8*(4-3) = 16.    (sum 64)
  // c1: nothing issued, no FP op in the RSs -> frontend 64 (l.9-10).
  // c2: nothing issued, FP op waiting, a unit busy with a non-FP op -> non_vfp 64 (l.11-12).
  // c3: nothing issued, FP op waiting on a non-load producer -> depend 64 (l.17-18).
  // c4: four FMAs, m=8 -> base 64 (f = 1, no stall).
  // Totals: base 96, non_fma 8, mask 8, frontend 64, non_vfp 64, mem 16, depend 64 = 5*64.
  Bench<Vflops_stack_k4v8> b({4, 8, 48});
  Probe p = issue({{1, 8}, {0, 8}, {1, 4}});
  p.fp_wait_rs = 1, p.fp_prod_load = 1;
  b.run(p);
  b.run(Probe{});
  Probe nonvfp;
  nonvfp.fp_wait_rs = 1, nonvfp.fp_unit_nonfp = 1, nonvfp.fp_prod_load = 1;
  b.run(nonvfp);
  Probe dep;
  dep.fp_wait_rs = 1;
  b.run(dep);
  b.run(issue({{1, 8}, {1, 8}, {1, 8}, {1, 8}}));
  b.check({{FlopsComp::kBase, 96},
           {FlopsComp::kNonFma, 8},
           {FlopsComp::kMask, 8},
           {FlopsComp::kFrontend, 64},
           {FlopsComp::kNonVfp, 64},
           {FlopsComp::kMem, 16},
           {FlopsComp::kDepend, 64}});
  // 96 flops in 5 cycles (8*2 + 8 + 4*2 + 4*8*2 = 96).
  CHECK(flops_per_cycle(b.model.components(), b.model.cycles()) == Approx(19.2));
}

TEST_CASE("FLOPS stack on the scalar core, k=2 v=1", "[flops]") {
  // 2kv = 4 units per cycle.
  // c0: fmadd -> base 2; fadd -> base 1, non_fma 1.                     (sum 4)
  // c1: fadd with its one element masked (m=0) -> mask 2; unit 1 idle with no FP op
  //     waiting -> frontend 2.                                           (sum 4)
  Bench<Vflops_stack_k2v1> b({2, 1, 48});
  b.run(issue({{1, 1}, {0, 1}}));
  b.run(issue({{0, 0}}));
  b.check({{FlopsComp::kBase, 3},
           {FlopsComp::kNonFma, 1},
           {FlopsComp::kMask, 2},
           {FlopsComp::kFrontend, 2}});
}

TEST_CASE("FLOPS stack rejects k or v out of range", "[flops]") {
  CHECK_THROWS_AS(FlopsStack(FlopsStackConfig{5, 1, 48}), std::invalid_argument);
  CHECK_THROWS_AS(FlopsStack(FlopsStackConfig{1, 9, 48}), std::invalid_argument);
}
