#include "probe_random.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace stackscope::pmu {

Probe ProbeRandom::next() {
  if (phase_left_ == 0) {
    phase_ = pick(4);
    phase_left_ = 1 + pick(63);
  }
  --phase_left_;
  Probe p;
  // Steady state draws n over the full range; stall phases favour small n.
  const bool stall = phase_ != 0;
  auto n_for = [&](unsigned width) { return stall && chance(70) ? pick(1) : pick(width); };
  p.disp_n = n_for(w_.dispatch);
  p.iss_n = n_for(w_.issue);
  p.cmt_n = static_cast<uint32_t>(std::min<size_t>(n_for(w_.commit), rob_.size()));
  p.cmt_ms_n = pick(p.cmt_n);

  p.fe_icache_miss = phase_ == 1 ? chance(70) : chance(5);
  p.fe_bpred_recover = phase_ == 2 ? chance(70) : chance(5);
  p.fe_misfetch = phase_ == 2 ? chance(30) : chance(5);
  p.fe_empty =
      (p.fe_icache_miss || p.fe_bpred_recover || p.fe_misfetch) ? chance(80) : chance(15);

  const bool backend = phase_ == 3 || phase_ == 4;
  p.rob_full = backend ? chance(60) : chance(5);
  p.rs_full = chance(backend ? 30 : 5);
  p.lsq_full = chance(backend ? 20 : 3);
  p.be_stall = p.rob_full || p.rs_full || p.lsq_full || chance(5);

  p.rs_empty = (p.fe_icache_miss || p.fe_bpred_recover) ? chance(50) : chance(10);
  p.iss_struct = chance(15);
  p.iss_nonready = chance(70);
  p.iss_prod_cls = phase_ == 4 ? static_cast<InstrCls>(2 + pick(2)) : any_class();

  p.rob_empty = p.rs_empty && chance(60);
  p.rob_head_valid = !p.rob_empty || chance(5);
  p.rob_head_done = backend ? chance(20) : chance(60);
  p.rob_head_cls = phase_ == 4 ? static_cast<InstrCls>(2 + pick(2)) : any_class();
  // Undefined class encodings must behave as single-cycle in RTL and model alike.
  if (chance(1)) p.rob_head_cls = static_cast<InstrCls>(5 + pick(2));
  if (chance(1)) p.iss_prod_cls = static_cast<InstrCls>(5 + pick(2));

  p.cmt_br_mispred = chance(3);
  p.machine_clear = chance(1);
  p.exception = chance(1);
  // A core flushes after a mispredicted branch, machine clear or exception; 1% stray flushes.
  p.flush = ((p.cmt_br_mispred || p.machine_clear || p.exception) && chance(90)) || chance(1);
  p.ld_inflight = chance(50);
  p.ld_l1miss = p.ld_inflight && chance(40);
  p.ld_l2miss = p.ld_l1miss && chance(40);
  p.sb_full = chance(10);
  p.mem_outstanding = pick(15);
  for (unsigned j = 0; j < kMaxFpUnits; ++j) {
    p.fp_issue[j] = chance(50);
    p.fp_fma[j] = chance(50);
    p.fp_elems[j] = chance(60) ? w_.fp_vec_len : pick(w_.fp_vec_len);
  }
  p.fp_wait_rs = chance(50);
  p.fp_unit_nonfp = chance(10);
  p.fp_prod_load = chance(30);
  // ROB head bank: valid entries and committing entries are in-order prefixes; the ROB
  // empties during front-end phases so TIP sees flushed and drained cycles. A small pc set
  // makes profiles repeat.
  const unsigned nvalid = (phase_ == 1 || phase_ == 2) && chance(60) ? 0 : pick(w_.commit);
  const unsigned ncommit = chance(50) ? pick(nvalid) : 0;
  for (unsigned j = 0; j < kMaxWidth; ++j) {
    p.head_valid[j] = j < nvalid;
    p.head_commit[j] = j < ncommit;
    p.head_pc[j] = 0x80000000u + 4 * pick(63);
  }
  p.flush_pc = 0x80000000u + 4 * pick(63);
  p.next_pc = 0x80000000u + 4 * pick(63);
  drive_rob(p);
  return p;
}

// Speculative-counter fields from the ROB model. Order within the cycle as in the core:
// issue picks among uops dispatched in earlier cycles, commit retires the oldest cmt_n, the
// dispatched uops join the tail, and a flush empties the ROB.
void ProbeRandom::drive_rob(Probe& p) {
  // Issue: random uops not yet issued (else, and in 2% of slots, a random index).
  std::vector<size_t> waiting;
  for (size_t i = 0; i < rob_.size(); ++i)
    if (!rob_[i].issued) waiting.push_back(i);
  for (unsigned k = 0; k < kMaxWidth; ++k) {
    p.iss_rob_idx[k] = pick(63);
    if (k >= p.iss_n || waiting.empty() || chance(2)) continue;
    const size_t w = pick(static_cast<unsigned>(waiting.size() - 1));
    p.iss_rob_idx[k] = rob_[waiting[w]].rob_idx;
    rob_[waiting[w]].issued = true;
    waiting.erase(waiting.begin() + static_cast<std::ptrdiff_t>(w));
  }
  p.iss_old_rob_idx = waiting.empty() || chance(2) ? pick(63) : rob_[waiting.front()].rob_idx;

  // Commit: the oldest cmt_n; cmt_br_n counts their branches (2%: any value up to cmt_n).
  p.cmt_br_n = 0;
  for (unsigned j = 0; j < p.cmt_n; ++j) {
    p.cmt_br_n += rob_.front().branch;
    rob_.pop_front();
  }
  if (chance(2)) p.cmt_br_n = pick(p.cmt_n);

  // Dispatch: never past a full ROB; about 22% of uops end a basic block. Mask bits at and
  // above disp_n are junk the units must ignore.
  p.disp_n = std::min<uint32_t>(p.disp_n, static_cast<uint32_t>(kRobEntries - rob_.size()));
  p.disp_rob_idx = rob_tail_;
  for (unsigned j = 0; j < kMaxWidth; ++j) {
    p.disp_br_mask[j] = j < p.disp_n ? chance(22) : chance(10);
    if (j < p.disp_n)
      rob_.push_back({(rob_tail_ + j) % kRobEntries, p.disp_br_mask[j] != 0, false});
  }
  rob_tail_ = (rob_tail_ + p.disp_n) % kRobEntries;
  if (p.flush) rob_.clear();
}

}  // namespace stackscope::pmu
