#include "commit_check.h"

#include <fmt/format.h>

#include "decode.h"

namespace stackscope::check {

std::string check_probe_commits(const pmu::Probe& p, std::span<const tb::RtlCommit> commits) {
  auto bad = [&](const char* rule, const std::string& what) {
    return fmt::format("probe rule {}: {} (commit port: {} records)", rule, what, commits.size());
  };
  unsigned uops = 0, ctrl = 0;
  bool trap = false;
  uint32_t last_pc = 0;
  for (const tb::RtlCommit& c : commits) {
    trap |= c.trap;
    last_pc = c.pc;
    if (c.trap && (c.cause >> 31)) continue;  // an interrupt: no uop committed
    if (uops < pmu::kMaxWidth && (!p.head_commit[uops] || p.head_pc[uops] != c.pc))
      return bad("head_pc", fmt::format("commit slot {}: head_commit {} head_pc {:08x}, the record's "
                                        "pc {:08x}", uops, p.head_commit[uops], p.head_pc[uops], c.pc));
    ++uops;
    const iss::Op op = iss::decode(c.insn).op;  // branch, jal, jalr
    ctrl += op >= iss::Op::kJal && op <= iss::Op::kBgeu;
  }
  if (p.cmt_n != uops) return bad("cmt_n", fmt::format("cmt_n {}, the port committed {} uops", p.cmt_n, uops));
  if (p.exception != trap)
    return bad("exception", fmt::format("exception {}, a record traps: {}", p.exception, trap));
  if (p.machine_clear && p.exception) return bad("machine_clear", "a machine clear with an exception");
  // A flush that commits (trap, mispredict, serialising op) is caused by the last record; an
  // interrupt's record names the pc it was taken at. (A replay at the head commits nothing.)
  if (p.flush && !commits.empty() && p.flush_pc != last_pc)
    return bad("flush_pc", fmt::format("flush_pc {:08x}, the flushing record's pc {:08x}", p.flush_pc, last_pc));
  if (p.cmt_br_n != ctrl)
    return bad("cmt_br_n", fmt::format("cmt_br_n {}, the port committed {} branches and jumps", p.cmt_br_n, ctrl));
  return {};
}

std::string ProbeHistoryCheck::step(const pmu::Probe& p, pmu::RobWindow before,
                                    std::span<const tb::RtlCommit> commits) {
  auto bit = [](pmu::InstrCls c) { return static_cast<uint8_t>(1u << static_cast<unsigned>(c)); };
  // Any producer is ClsSingle in the cycle it issues (docs/dev/probe.md "First cycle").
  const uint8_t single = bit(pmu::InstrCls::kSingle);
  const uint8_t long_lat_cls = single | bit(pmu::InstrCls::kLongLat);
  const uint8_t load = long_lat_cls | bit(pmu::InstrCls::kDcL2) | bit(pmu::InstrCls::kDcMem);
  // FP pipes: what the probe says they started (docs/dev/probe.md "Driving the FP fields").
  for (unsigned j = 0; j < fp_units_; ++j) {
    fp_issued_ += p.fp_issue[j] & 1u;
    fp_issued_fma_ += p.fp_issue[j] & p.fp_fma[j] & 1u;
  }
  fp_nonfp_cycles_ += p.fp_unit_nonfp & 1u;
  // Commit: the oldest entries of the window, in order (an interrupt's record is no uop).
  uint32_t idx = before.oldest(mask_);
  for (const tb::RtlCommit& c : commits) {
    if (c.trap && (c.cause >> 31)) continue;
    const unsigned rs1 = (c.insn >> 15) & 31, rs2 = (c.insn >> 20) & 31, rs3 = c.insn >> 27;
    const iss::Op op = iss::decode(c.insn).op;
    // RV32F formats: rs1/rs2 may name x or f registers (allow both), rs3 an f register.
    const bool f_format = iss::is_fp(op);
    if (disp_pc_known_[idx] && disp_pc_[idx] != c.pc)
      return fmt::format("probe rule next_pc: the uop dispatched as slot 0 at ROB index {} had "
                         "next_pc {:08x}, it committed at pc {:08x}", idx, disp_pc_[idx], c.pc);
    // Decoding rs2 of a format without one only widens what is allowed.
    uint8_t allowed = writer_cls_[rs1] | writer_cls_[rs2];
    if (f_format)
      allowed |= writer_cls_[32 + rs1] | writer_cls_[32 + rs2] | writer_cls_[32 + rs3];
    if (prod_seen_[idx] & ~allowed)
      return fmt::format("probe rule iss_prod_cls: while ROB index {} (pc {:08x}) waited in an RS, "
                         "iss_prod_cls named classes {:#04x}, its sources' producers allow {:#04x}",
                         idx, c.pc, prod_seen_[idx], allowed);
    disp_pc_known_[idx] = false;
    prod_seen_[idx] = 0;
    if (c.trap) {
      idx = (idx + 1) & mask_;
      continue;
    }
    if (f_format) {  // an FP op on a pipe: arithmetic (FMA or not) or not (fdiv/fsqrt: no pipe)
      const bool fma = op >= iss::Op::kFmadd && op <= iss::Op::kFnmadd;
      fp_cmt_fma_ += fma;
      fp_cmt_ += fma || (op >= iss::Op::kFadd && op <= iss::Op::kFmul);
      fp_cmt_nonfp_ += op >= iss::Op::kFsgnj && op <= iss::Op::kFmvWX;
      if (fp_cmt_ > fp_issued_ || fp_cmt_fma_ > fp_issued_fma_ ||
          fp_cmt_nonfp_ > fp_units_ * fp_nonfp_cycles_)
        return fmt::format("probe rule fp_issue/fp_fma/fp_unit_nonfp: at pc {:08x}, {} FP "
                           "arithmetic ops ({} FMAs) and {} other pipe ops committed, but the "
                           "probe issued {} ({} FMAs) and had {} non-FP-arithmetic cycles",
                           c.pc, fp_cmt_, fp_cmt_fma_, fp_cmt_nonfp_, fp_issued_, fp_issued_fma_,
                           fp_nonfp_cycles_);
    }
    if (c.rd_we && (c.rd != 0 || c.rd_fp)) {
      const bool is_load = (op >= iss::Op::kLb && op <= iss::Op::kLhu) || op == iss::Op::kFlw;
      // mul/div and every FP-unit op (f or x result) are long-latency producers.
      const bool long_lat = (op >= iss::Op::kMul && op <= iss::Op::kRemu) ||
                            (f_format && !is_load);
      writer_cls_[(c.rd_fp ? 32 : 0) + c.rd] = is_load ? load : long_lat ? long_lat_cls : single;
    }
    idx = (idx + 1) & mask_;
  }
  if (p.flush) {  // the window empties
    disp_pc_known_.fill(false);
    prod_seen_.fill(0);
    return {};
  }
  for (uint32_t k = 0; k < p.disp_n; ++k) {  // new occupants
    const uint32_t e = (p.disp_rob_idx + k) & mask_;
    disp_pc_known_[e] = k == 0;
    disp_pc_[e] = p.next_pc;
    prod_seen_[e] = 0;
  }
  if (p.iss_nonready && !p.rs_empty) prod_seen_[p.iss_old_rob_idx & mask_] |= bit(p.iss_prod_cls);
  return {};
}

}  // namespace stackscope::check
