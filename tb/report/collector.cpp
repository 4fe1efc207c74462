#include "collector.h"

#include <algorithm>
#include <bit>

namespace stackscope::report {

unsigned RunConfig::slots() const { return std::min({dispatch_width, issue_width, commit_width}); }

namespace {

pmu::TipConfig tip_config(const RunConfig& c) {
  return {.commit_width = c.commit_width,
          .mode = c.tip_mode == "random" ? pmu::TipMode::kRandom : pmu::TipMode::kPeriodic,
          .period = c.tip_period};
}

}  // namespace

Collector::Collector(const RunConfig& cfg, const pmu::PmuModel* stepped)
    : cfg_(cfg), stepped_(stepped), sampler_(tip_config(cfg)), mux_(cfg) {
  if (stepped_) return;
  own_.emplace(Counters{
      pmu::TopDown(pmu::TopDownConfig{.dispatch_width = cfg.dispatch_width,
                                      .exec_few = cfg.exec_few,
                                      .mem_bw_threshold = cfg.mem_bw_threshold,
                                      .counter_bits = 64}),
      pmu::CpiStack(pmu::CpiStackConfig{
          .dispatch_width = cfg.dispatch_width,
          .issue_width = cfg.issue_width,
          .commit_width = cfg.commit_width,
          .counter_bits = 64,
          .spec = {.rob_entries = std::max(32u, std::bit_ceil(cfg.rob_entries)),
                   .counter_bits = 64}}),
      pmu::FlopsStack(
          pmu::FlopsStackConfig{.units = cfg.fp_units, .vec_len = cfg.vec_len, .counter_bits = 64}),
      pmu::TipOracle(cfg.commit_width)});
}

void Collector::step(const pmu::Probe& p) {
  if (own_) {
    own_->td.step(p);
    own_->cpi.step(p);
    own_->flops.step(p);
    own_->oracle.step(p);
  }
  sampler_.step(p, /*ack=*/true);
  mux_.step(p);
}

void Collector::fill(RunResult& r) const {
  const pmu::TopDown& td = stepped_ ? stepped_->topdown() : own_->td;
  const pmu::CpiStack& cpi = stepped_ ? stepped_->cpi() : own_->cpi;
  const pmu::TipOracle& oracle = stepped_ ? stepped_->oracle() : own_->oracle;
  r.topdown = td.counters();
  for (unsigned s = 0; s < pmu::kNumCpiStages; ++s) r.cpi[s] = cpi.stage(static_cast<pmu::CpiStage>(s));
  if (const pmu::CpiSpec* spec = cpi.spec()) {
    r.spec_available = true;
    for (unsigned s = 0; s < pmu::kNumSpecStages; ++s)
      for (unsigned c = 0; c < pmu::kNumCpiComps; ++c)
        r.spec_cpi[s][c] = spec->get(s, static_cast<pmu::CpiComp>(c));
    r.spec_merges = spec->merges();
  }
  if (stepped_) {  // the oracle follows the flushes the cross-checked model saw
    constexpr auto kBpred = static_cast<unsigned>(pmu::CpiComp::kBpred);
    r.oracle_available = true;
    r.oracle_bpred = {stepped_->oracle_dispatch_stack()[kBpred],
                      stepped_->oracle_issue_stack()[kBpred]};
    r.squashed_dispatched = stepped_->squashed_dispatched();
    r.squashed_issued = stepped_->squashed_issued();
  }
  r.flops = (stepped_ ? stepped_->flops() : own_->flops).components();
  r.tip_samples = sampler_.samples();
  r.tip_samples_per_state = sampler_.samples_per_state();
  r.oracle_cycles_per_state = oracle.cycles_per_state();
  r.oracle = oracle.profile();
  r.tip = sampler_.tip_profile();
  r.nci = sampler_.nci_profile();
  r.lci = sampler_.lci_profile();
  r.disp = sampler_.disp_profile();
  r.mux = mux_.result();
}

}  // namespace stackscope::report
