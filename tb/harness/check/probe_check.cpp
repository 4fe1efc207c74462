#include "probe_check.h"

#include "cpi_spec.h"  // validate_rob_entries

namespace stackscope::check {

using pmu::kMaxWidth;

ProbeCheck::ProbeCheck(unsigned rob_entries, unsigned dispatch_width, unsigned commit_width)
    : rob_entries_(rob_entries), dispatch_width_(dispatch_width), commit_width_(commit_width) {
  pmu::validate_rob_entries(rob_entries);
}

std::string ProbeCheck::check(const Probe& p, RobWindow before) const {
  const uint32_t mask = rob_entries_ - 1;
  const uint64_t w = before.uops;  // at the start of the cycle
  auto bad = [&](const char* rule, const std::string& what) {
    return std::string("probe rule ") + rule + ": " + what + " (ROB window " + std::to_string(w) +
           " of " + std::to_string(rob_entries_) + ", disp_n " + std::to_string(p.disp_n) +
           ", cmt_n " + std::to_string(p.cmt_n) + ")";
  };
  auto b = [](uint32_t v) { return std::to_string(v); };
  // Commit: at most the window, the head bank is the window's oldest entries.
  if (p.cmt_n > w) return bad("cmt_n<=window", "committed more uops than are in the ROB");
  unsigned head_valid = 0, head_commit = 0;
  for (unsigned k = 0; k < kMaxWidth; ++k) {
    head_valid += p.head_valid[k];
    head_commit += p.head_commit[k];
  }
  const uint64_t want_head = std::min<uint64_t>(w, commit_width_);
  if (head_valid != want_head)
    return bad("head_valid", b(head_valid) + " head entries valid, the window holds " +
                                 std::to_string(want_head) + " of the commit width");
  if (head_commit != p.cmt_n) return bad("head_commit", b(head_commit) + " head entries commit");
  // Flushes come from commit.
  if ((p.cmt_br_mispred || p.machine_clear || p.exception) && !p.flush)
    return bad("flush", "mispredict, machine clear or exception without flush");
  // After this cycle's commit: empty exactly when nothing is left (a flush leaves nothing).
  const bool empty = p.flush || w == p.cmt_n;
  if (p.rob_empty != empty) return bad("rob_empty", "rob_empty " + b(p.rob_empty));
  if (p.rob_head_valid == p.rob_empty)
    return bad("rob_head_valid", "rob_head_valid " + b(p.rob_head_valid));
  if (p.rob_empty && p.rob_head_done) return bad("rob_head_done", "a done head in an empty ROB");
  // Dispatch: in order into the next ROB indices; blocked by a full ROB exactly when the ROB is
  // full after this cycle's dispatch and a uop was waiting (dispatch sees no entry a commit
  // frees in the same cycle).
  if (p.disp_n > dispatch_width_) return bad("disp_n", "above the dispatch width");
  if (p.disp_n && p.flush) return bad("disp_n", "dispatch in a flush cycle");
  if (w + p.disp_n > rob_entries_) return bad("window<=rob", "dispatched into a full ROB");
  if (p.disp_n && p.disp_rob_idx != before.next_idx)
    return bad("disp_rob_idx", "dispatched at ROB index " + b(p.disp_rob_idx) +
                                   ", the next free is " + b(before.next_idx));
  const bool full = !p.fe_empty && w + p.disp_n == rob_entries_;
  if (p.rob_full != full)
    return bad("rob_full", "rob_full " + b(p.rob_full) + ", fe_empty " + b(p.fe_empty));
  if ((p.rob_full || p.rs_full || p.lsq_full) && !p.be_stall)
    return bad("be_stall", "a full ROB, RS or LSQ without be_stall");
  if (p.be_stall && p.fe_empty)
    return bad("be_stall", "dispatch held by the back end with no uop waiting");
  // Issue: only uops in the window (this cycle's dispatches included).
  const uint32_t tail = p.disp_n ? (p.disp_rob_idx + p.disp_n) & mask : before.next_idx;
  const uint64_t live = w + p.disp_n;
  for (unsigned k = 0; k < p.iss_n && k < kMaxWidth; ++k)
    if (((tail - p.iss_rob_idx[k] - 1) & mask) >= live)
      return bad("iss_rob_idx",
                 "issued ROB index " + b(p.iss_rob_idx[k]) + " is not in the window");
  if (p.iss_n > live) return bad("iss_n", "issued more uops than are in the ROB");
  if (!p.rs_empty && w == 0 && p.disp_n == 0)
    return bad("rs_empty", "a uop waits in an RS of an empty ROB");
  // The oldest uop left in the RSs is in the window and did not issue this cycle.
  if (!p.rs_empty && !p.flush) {
    if (((tail - p.iss_old_rob_idx - 1) & mask) >= live)
      return bad("iss_old_rob_idx", "oldest waiting ROB index " + b(p.iss_old_rob_idx) +
                                        " is not in the window");
    for (unsigned k = 0; k < p.iss_n && k < kMaxWidth; ++k)
      if (p.iss_rob_idx[k] == p.iss_old_rob_idx)
        return bad("iss_old_rob_idx", "oldest waiting ROB index " + b(p.iss_old_rob_idx) +
                                          " issued this cycle");
  }

  return {};
}

std::string ProbeCheck::check_obs(const Probe& p, const CoreObs& o) {
  auto bad = [&](const char* rule, const std::string& what) {
    return std::string("probe rule ") + rule + ": " + what + " (RS: fewest free " +
           std::to_string(o.rs_min_free) + ", waiting " + std::to_string(o.rs_wait) +
           ", ready " + std::to_string(o.rs_ready_left) + "; loads waiting " +
           std::to_string(o.lq_waiting) + "; store buffer free " + std::to_string(o.sb_free) + ")";
  };
  auto b = [](uint32_t v) { return std::to_string(v); };
  const CoreObs prev = prev_obs_;
  const bool had_prev = have_prev_;
  const uint32_t prev_misfetch = prev_misfetch_;
  have_prev_ = true;
  prev_obs_ = o;
  prev_misfetch_ = p.fe_misfetch;
  // Dispatch: "the needed reservation station is full" -- some class cannot take a group.
  if (p.rs_full && o.rs_min_free >= dispatch_width_)
    return bad("rs_full", "rs_full while every RS class has room for a dispatch group");
  // Issue: empty, structural and waiting-on-a-producer, from the counts left after issue.
  if (p.rs_empty != (o.rs_wait == 0)) return bad("rs_empty", "rs_empty " + b(p.rs_empty));
  if (p.iss_struct != (o.rs_ready_left > 0))
    return bad("iss_struct", "iss_struct " + b(p.iss_struct));
  if (o.rs_wait > 0 && o.rs_ready_left == o.rs_wait && p.iss_nonready)
    return bad("iss_nonready", "the oldest waiting uop waits on a producer, yet every waiting "
                               "uop is ready");
  if (o.rs_wait > 0 && o.rs_ready_left == 0 && !p.iss_nonready)
    return bad("iss_nonready", "no uop left in the RSs is ready, yet the oldest does not wait on "
                               "a producer");
  // FLOPS: "an FP arithmetic uop waits in the RS"; the oldest one waiting on a load implies
  // one of them is not ready.
  if (p.fp_wait_rs != (o.fp_wait > 0))
    return bad("fp_wait_rs", "fp_wait_rs " + b(p.fp_wait_rs) + " with " + b(o.fp_wait) +
                                 " FP arithmetic uops left in the FP RS");
  if (p.fp_prod_load && o.fp_ready_left == o.fp_wait)
    return bad("fp_prod_load", "fp_prod_load while no FP arithmetic uop waits on a producer (" +
                                   b(o.fp_wait) + " left, " + b(o.fp_ready_left) + " ready)");
  // Memory: a load waits for data; the store buffer has no free entry.
  if (p.ld_inflight != (o.lq_waiting > 0)) return bad("ld_inflight", "ld_inflight " + b(p.ld_inflight));
  if (p.sb_full != (o.sb_free == 0)) return bad("sb_full", "sb_full " + b(p.sb_full));
  // Front end: a misfetch starts the cycle after a decode redirect the back end did not
  // override, and lasts only while no back-end redirect came.
  if (had_prev) {
    if (prev.dec_redirect && !prev.be_redirect && !p.fe_misfetch)
      return bad("fe_misfetch", "no misfetch the cycle after a decode redirect");
    if (p.fe_misfetch && (prev.be_redirect || !(prev.dec_redirect || prev_misfetch)))
      return bad("fe_misfetch", "a misfetch without a decode redirect, or past a back-end "
                                "redirect");
  }
  return {};
}

}  // namespace stackscope::check
