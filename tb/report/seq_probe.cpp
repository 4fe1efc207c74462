#include "seq_probe.h"

#include "decode.h"

namespace stackscope::report {

namespace {

bool is_load(iss::Op op) { return op >= iss::Op::kLb && op <= iss::Op::kLhu; }
bool is_store(iss::Op op) { return op >= iss::Op::kSb && op <= iss::Op::kSw; }

}  // namespace

void SeqProbe::cycle(const SeqCycle& c) {
  pending_.push_back(c);
  if (c.commit) {
    emit(c.pc, c.insn, true);
    pending_.clear();
  }
}

void SeqProbe::finish(uint32_t next_pc) {
  if (!pending_.empty()) emit(next_pc, 0x13, false);
  pending_.clear();
}

void SeqProbe::emit(uint32_t pc, uint32_t insn, bool committed) {
  const iss::Op op = iss::decode(insn).op;
  const bool load = is_load(op), store = is_store(op);
  bool dmiss = false;
  for (const SeqCycle& c : pending_) dmiss = dmiss || (c.mem_wait && c.l1d_miss);
  // The class is a property of the instruction: a miss (no L2: served by memory), a
  // multi-cycle operation, or a single-cycle one.
  pmu::InstrCls cls = pmu::InstrCls::kSingle;
  if ((load || store) && dmiss)
    cls = pmu::InstrCls::kDcMem;
  else if (load || store || (op >= iss::Op::kMul && op <= iss::Op::kRemu))
    cls = pmu::InstrCls::kLongLat;
  for (size_t i = 0; i < pending_.size(); ++i) {
    const SeqCycle& c = pending_[i];
    const bool last = committed && i + 1 == pending_.size();
    pmu::Probe p{};
    p.disp_cp_mask = 0xF;
    p.next_pc = pc;
    p.mem_outstanding = (c.l1i_miss || c.l1d_miss) ? 1 : 0;
    if (last && c.trap) {
      // Trap instead of retirement: the pipeline is flushed at this instruction.
      p.exception = 1;
      p.flush = 1;
      p.flush_pc = pc;
      p.fe_empty = p.rob_empty = p.rs_empty = 1;
    } else if (last) {
      // The instruction dispatches, issues and commits in its final cycle (width 1).
      p.disp_n = p.iss_n = p.cmt_n = 1;
      p.fe_empty = p.rob_empty = p.rs_empty = 1;
      p.head_valid[0] = p.head_commit[0] = 1;
      p.head_pc[0] = pc;
    } else if (c.fetch_wait) {
      // Nothing fetched yet: a dry front end, blamed on the I-cache when it missed.
      p.fe_empty = 1;
      p.fe_icache_miss = c.l1i_miss;
      p.rob_empty = p.rs_empty = 1;
    } else {
      // The instruction executes: the one-entry window is full, nothing younger can issue.
      p.be_stall = p.rob_full = 1;
      p.iss_nonready = 1;
      p.iss_prod_cls = cls;
      p.rob_head_valid = 1;
      p.rob_head_cls = cls;
      p.head_valid[0] = 1;
      p.head_pc[0] = pc;
      p.ld_inflight = c.mem_wait && load;
      p.ld_l1miss = p.ld_l2miss = c.mem_wait && load && c.l1d_miss;
      p.sb_full = c.mem_wait && store;
    }
    sink_(p);
  }
}

}  // namespace stackscope::report
