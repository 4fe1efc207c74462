#include "wrong_path.h"

#include "cpi_spec.h"  // validate_rob_entries

namespace stackscope::pmu {

WrongPathOracle::WrongPathOracle(unsigned rob_entries, bool probe_stage)
    : rob_mask_(rob_entries - 1), probe_stage_(probe_stage) {
  validate_rob_entries(rob_entries);  // the oracle follows ROB indices
}

void WrongPathOracle::step(const Probe& p) {
  const Counts before = now_;
  for (unsigned j = 0; j < p.disp_n; ++j) issue_slots_[(p.disp_rob_idx + j) & rob_mask_] = 0;
  for (unsigned k = 0; k < p.iss_n; ++k) ++issue_slots_[p.iss_rob_idx[k] & rob_mask_];
  now_.issued += p.iss_n;
  // The window after this cycle's commits; a flush discards it (this cycle's dispatches
  // included, if a core dispatches in a flush cycle at all): the youngest indices.
  window_.advance(p, rob_mask_);
  if (p.flush) {
    uint64_t issued = 0;
    for (uint64_t i = 1; i <= window_.uops; ++i)
      issued += issue_slots_[(window_.next_idx - i) & rob_mask_];
    (p.cmt_br_mispred ? now_.wrong_path_disp : now_.squashed_disp) += window_.uops;
    (p.cmt_br_mispred ? now_.wrong_path_iss : now_.squashed_iss) += issued;
    window_.discard(rob_mask_);
  }
  seen_ = probe_stage_ ? before : now_;
}

}  // namespace stackscope::pmu
