#include "collector.h"

#include <algorithm>

namespace stackscope::report {

unsigned RunConfig::slots() const { return std::min({dispatch_width, issue_width, commit_width}); }

namespace {

pmu::TipConfig tip_config(const RunConfig& c) {
  return {.commit_width = c.commit_width,
          .mode = c.tip_mode == "random" ? pmu::TipMode::kRandom : pmu::TipMode::kPeriodic,
          .period = c.tip_period};
}

}  // namespace

Collector::Collector(const RunConfig& cfg)
    : cfg_(cfg),
      td_(pmu::TopDownConfig{.dispatch_width = cfg.dispatch_width,
                             .exec_few = cfg.exec_few,
                             .mem_bw_threshold = cfg.mem_bw_threshold,
                             .counter_bits = 64}),
      cpi_(pmu::CpiStackConfig{.dispatch_width = cfg.dispatch_width,
                               .issue_width = cfg.issue_width,
                               .commit_width = cfg.commit_width,
                               .counter_bits = 64}),
      flops_(pmu::FlopsStackConfig{.units = cfg.fp_units, .vec_len = cfg.vec_len, .counter_bits = 64}),
      oracle_(cfg.commit_width),
      sampler_(tip_config(cfg)),
      mux_(cfg) {}

void Collector::step(const pmu::Probe& p) {
  td_.step(p);
  cpi_.step(p);
  flops_.step(p);
  const pmu::TipCycle c = pmu::TipOracle::classify(p, cfg_.commit_width, flushed_, offending_);
  ++oracle_states_[static_cast<unsigned>(c.state)];
  if (p.flush & 1u) {
    flushed_ = true;
    offending_ = p.flush_pc;
  } else if (p.head_valid[0] & 1u) {
    flushed_ = false;
  }
  oracle_.step(p);
  sampler_.step(p, /*ack=*/true);
  mux_.step(p);
}

void Collector::fill(RunResult& r) const {
  r.topdown = td_.counters();
  for (unsigned s = 0; s < pmu::kNumCpiStages; ++s) r.cpi[s] = cpi_.stage(static_cast<pmu::CpiStage>(s));
  r.flops = flops_.components();
  r.tip_samples = sampler_.samples();
  r.tip_samples_per_state = sampler_.samples_per_state();
  r.oracle_cycles_per_state = oracle_states_;
  r.oracle = oracle_.profile();
  r.tip = sampler_.tip_profile();
  r.nci = sampler_.nci_profile();
  r.lci = sampler_.lci_profile();
  r.disp = sampler_.disp_profile();
  r.mux = mux_.result();
}

}  // namespace stackscope::report
