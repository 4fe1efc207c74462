#include "cpi_stack.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace stackscope::pmu {

unsigned CpiStackConfig::slots() const {
  return std::min({dispatch_width, issue_width, commit_width});
}

void CpiStackConfig::validate() const {
  for (unsigned w : {dispatch_width, issue_width, commit_width})
    if (w < 1 || w > kMaxWidth)
      throw std::invalid_argument("stage width " + std::to_string(w) + " outside 1.." +
                                  std::to_string(kMaxWidth));
  if (counter_bits < 8 || counter_bits > 64)
    throw std::invalid_argument("counter bits must be 8..64");
  if (carry_bits < kNW || carry_bits > 16) throw std::invalid_argument("carry bits must be 3..16");
}

CpiStack::CpiStack(const CpiStackConfig& cfg)
    : cfg_(cfg),
      w_(cfg.slots()),
      mask_(cfg.counter_bits == 64 ? ~uint64_t{0} : (uint64_t{1} << cfg.counter_bits) - 1) {
  cfg_.validate();
  if (cfg_.spec.blocks > 0) spec_.emplace(cfg_.spec);
}

namespace {

// Table II lines 11-16: what the blamed instruction i is charged as.
CpiComp backend_comp(InstrCls cls) {
  switch (cls) {
    case InstrCls::kDcL1:
      return CpiComp::kDcacheL1;
    case InstrCls::kDcL2:
      return CpiComp::kDcacheL2;
    case InstrCls::kDcMem:
      return CpiComp::kDcacheMem;
    case InstrCls::kLongLat:
      return CpiComp::kAluLat;
    default:
      return CpiComp::kDepend;  // single-cycle: limited ILP
  }
}

// Table II lines 5-8; a dry front end with neither miss is not one of the paper's causes. A
// misfetch (decode redirect) is a branch-prediction miss too.
CpiComp frontend_comp(const Probe& p) {
  if (p.fe_icache_miss) return CpiComp::kIcache;
  if (p.fe_bpred_recover || p.fe_misfetch) return CpiComp::kBpred;
  return CpiComp::kOther;
}

// Table II line 9 (dispatch), "ROB or RS full", for any back-end resource that holds dispatch
// (ROB, RS, LSQ, physical registers: be_stall); i = ROB head.
bool backend_held(const Probe& p) { return !p.fe_empty && p.be_stall && p.rob_head_valid; }

}  // namespace

CpiComp CpiStack::blame(CpiStage s, const Probe& p) {
  switch (s) {
    case CpiStage::kDispatch:
      if (p.fe_empty) return frontend_comp(p);
      if (backend_held(p)) return backend_comp(p.rob_head_cls);  // i = ROB head
      return CpiComp::kOther;
    case CpiStage::kIssue:
      // An RS left empty because the back end holds dispatch waits on the ROB head too.
      if (p.rs_empty) return backend_held(p) ? backend_comp(p.rob_head_cls) : frontend_comp(p);
      if (p.iss_struct) return CpiComp::kOther;                 // structural: no free unit/port
      if (p.iss_nonready) return backend_comp(p.iss_prod_cls);  // i = prod(first non-ready)
      return CpiComp::kOther;
    case CpiStage::kCommit:
      if (p.rob_empty) return frontend_comp(p);
      if (p.rob_head_valid && !p.rob_head_done) return backend_comp(p.rob_head_cls);
      return CpiComp::kOther;
  }
  return CpiComp::kOther;
}

void CpiStack::write(CpiStage s, CpiComp c, uint64_t value) {
  const unsigned si = static_cast<unsigned>(s), ci = static_cast<unsigned>(c);
  written_[si] += (value & mask_) - comps_[si][ci];
  comps_[si][ci] = value & mask_;
  pending_write_[si] = static_cast<int>(ci);
}

void CpiStack::write_spec(unsigned i, uint64_t value) {
  if (!spec_) throw std::logic_error("no speculative counters configured");
  spec_->write(i, value);
}

void CpiStack::step(const Probe& p) {
  std::array<StageBooking, kNumSpecStages> booking{};
  const std::array<uint32_t, kNumCpiStages> n{p.disp_n & 7u, p.iss_n & 7u, p.cmt_n & 7u};
  const uint64_t carry_max = (uint64_t{1} << cfg_.carry_bits) - 1;
  for (unsigned s = 0; s < kNumCpiStages; ++s) {
    // f = n / W with f > 1 transferred to the next cycle: in slots, min(n + carry, W).
    const uint64_t eff = n[s] + carry_[s];
    const uint64_t used = std::min<uint64_t>(eff, w_);
    carry_[s] = std::min(eff - used, carry_max);
    const unsigned stalled = w_ - static_cast<unsigned>(used);
    const unsigned culprit = static_cast<unsigned>(blame(static_cast<CpiStage>(s), p));
    auto add = [&](unsigned c, uint64_t v) {
      if (pending_write_[s] == static_cast<int>(c)) {
        written_[s] -= v;  // the CSR write replaced this cycle's increment
        return;
      }
      comps_[s][c] = (comps_[s][c] + v) & mask_;
    };
    add(static_cast<unsigned>(CpiComp::kBase), used);
    if (stalled) add(culprit, stalled);
    pending_write_[s] = -1;
    if (s < kNumSpecStages) booking[s] = {stalled, static_cast<CpiComp>(culprit)};
  }
  if (spec_) spec_->step(p, booking);
  ++cycles_;
}

void CpiStack::check_invariant() const {
  if (spec_) spec_->check_invariant();
  for (unsigned s = 0; s < kNumCpiStages; ++s) {
    uint64_t sum = 0;
    for (uint64_t v : comps_[s]) sum += v;
    const uint64_t expect = uint64_t{w_} * cycles_ + written_[s];
    if ((sum & mask_) != (expect & mask_))
      throw std::logic_error(std::string(kCpiStageNames[s]) + " stack sums to " +
                             std::to_string(sum & mask_) + ", expected W*cycles " +
                             std::to_string(expect & mask_));
  }
}

CpiComponents wrong_path_adjusted(const CpiComponents& stage, const CpiComponents& commit) {
  CpiComponents out = stage;
  const auto base = static_cast<unsigned>(CpiComp::kBase);
  const auto bpred = static_cast<unsigned>(CpiComp::kBpred);
  if (stage[base] > commit[base]) {
    out[bpred] += stage[base] - commit[base];
    out[base] = commit[base];
  }
  return out;
}

}  // namespace stackscope::pmu
