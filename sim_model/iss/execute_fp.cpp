// RV32F semantics (unprivileged spec ch. "F" Standard Extension), arithmetic in softfloat32.
#include "hart.h"
#include "softfloat32.h"

namespace stackscope::iss {

bool Hart::execute_fp(const decoded_t& d, CommitRecord& r) {
  Csrs& c = s_.csrs;
  // F absent, or mstatus.FS = Off: every F instruction is illegal.
  if (!c.fp_enabled()) return raise(cause::kIllegalInsn, d.bits);
  const uint32_t fa = s_.f[d.rs1], fb = s_.f[d.rs2], fc = s_.f[d.rs3];
  // Dynamic rounding (rm = 7) takes frm; frm = 5, 6, 7 make the instruction illegal. Decode
  // already refused static 5 and 6. Ops without rounding never look at rm.
  const uint32_t rm_bits = d.rm == 7 ? c.frm : d.rm;
  const auto rm = static_cast<fp::Rm>(rm_bits);
  const auto needs_rm = [&] { return rm_bits <= 4; };
  uint32_t fl = 0;
  switch (d.op) {
    case Op::kFlw: {
      uint32_t v;
      if (!load<uint32_t>(s_.x[d.rs1] + static_cast<uint32_t>(d.imm), r, v)) return false;
      write_frd(r, d.rd, v);
      return true;
    }
    case Op::kFsw:
      return store<uint32_t>(s_.x[d.rs1] + static_cast<uint32_t>(d.imm), fb, r);
    case Op::kFsgnj:
      write_frd(r, d.rd, (fa & 0x7fffffffu) | (fb & 0x80000000u));
      return true;
    case Op::kFsgnjn:
      write_frd(r, d.rd, (fa & 0x7fffffffu) | (~fb & 0x80000000u));
      return true;
    case Op::kFsgnjx:
      write_frd(r, d.rd, fa ^ (fb & 0x80000000u));
      return true;
    case Op::kFmvXW:
      write_rd(r, d.rd, fa);
      return true;
    case Op::kFmvWX:
      write_frd(r, d.rd, s_.x[d.rs1]);
      return true;
    case Op::kFclass:
      write_rd(r, d.rd, fp::classify(fa));
      return true;
    case Op::kFmin:
    case Op::kFmax:
      write_frd(r, d.rd, d.op == Op::kFmin ? fp::min(fa, fb, fl) : fp::max(fa, fb, fl));
      break;
    case Op::kFeq:
      write_rd(r, d.rd, fp::eq(fa, fb, fl));
      break;
    case Op::kFlt:
      write_rd(r, d.rd, fp::lt(fa, fb, fl));
      break;
    case Op::kFle:
      write_rd(r, d.rd, fp::le(fa, fb, fl));
      break;
    default: {
      if (!needs_rm()) return raise(cause::kIllegalInsn, d.bits);
      switch (d.op) {
        case Op::kFadd:
          write_frd(r, d.rd, fp::add(fa, fb, rm, fl));
          break;
        case Op::kFsub:
          write_frd(r, d.rd, fp::sub(fa, fb, rm, fl));
          break;
        case Op::kFmul:
          write_frd(r, d.rd, fp::mul(fa, fb, rm, fl));
          break;
        case Op::kFdiv:
          write_frd(r, d.rd, fp::div(fa, fb, rm, fl));
          break;
        case Op::kFsqrt:
          write_frd(r, d.rd, fp::sqrt(fa, rm, fl));
          break;
        case Op::kFmadd:
          write_frd(r, d.rd, fp::fma(fa, fb, fc, false, false, rm, fl));
          break;
        case Op::kFmsub:
          write_frd(r, d.rd, fp::fma(fa, fb, fc, false, true, rm, fl));
          break;
        case Op::kFnmsub:
          write_frd(r, d.rd, fp::fma(fa, fb, fc, true, false, rm, fl));
          break;
        case Op::kFnmadd:
          write_frd(r, d.rd, fp::fma(fa, fb, fc, true, true, rm, fl));
          break;
        case Op::kFcvtWS:
          write_rd(r, d.rd, fp::cvt_w_s(fa, rm, fl));
          break;
        case Op::kFcvtWuS:
          write_rd(r, d.rd, fp::cvt_wu_s(fa, rm, fl));
          break;
        case Op::kFcvtSW:
          write_frd(r, d.rd, fp::cvt_s_w(s_.x[d.rs1], rm, fl));
          break;
        case Op::kFcvtSWu:
          write_frd(r, d.rd, fp::cvt_s_wu(s_.x[d.rs1], rm, fl));
          break;
        default:
          return raise(cause::kIllegalInsn, d.bits);
      }
    }
  }
  if (fl) {  // flags accrue; a change of fcsr dirties the F state
    c.fflags |= fl;
    c.set_fs_dirty();
  }
  return true;
}

}  // namespace stackscope::iss
