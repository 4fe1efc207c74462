#include "decode.h"

#include <array>
#include <cstddef>

namespace stackscope::iss {
namespace {

constexpr std::array<Op, 8> kBranch = {Op::kBeq, Op::kBne, Op::kIllegal, Op::kIllegal,
                                       Op::kBlt, Op::kBge, Op::kBltu,    Op::kBgeu};
constexpr std::array<Op, 8> kLoad = {Op::kLb,  Op::kLh,  Op::kLw,      Op::kIllegal,
                                     Op::kLbu, Op::kLhu, Op::kIllegal, Op::kIllegal};
constexpr std::array<Op, 8> kStore = {Op::kSb,      Op::kSh,      Op::kSw,      Op::kIllegal,
                                      Op::kIllegal, Op::kIllegal, Op::kIllegal, Op::kIllegal};
constexpr std::array<Op, 8> kOpImm = {Op::kAddi, Op::kSlli, Op::kSlti, Op::kSltiu,
                                      Op::kXori, Op::kSrli, Op::kOri,  Op::kAndi};
constexpr std::array<Op, 8> kOp = {Op::kAdd, Op::kSll, Op::kSlt, Op::kSltu,
                                   Op::kXor, Op::kSrl, Op::kOr,  Op::kAnd};
constexpr std::array<Op, 8> kOpM = {Op::kMul, Op::kMulh, Op::kMulhsu, Op::kMulhu,
                                    Op::kDiv, Op::kDivu, Op::kRem,    Op::kRemu};
constexpr std::array<Op, 8> kCsr = {Op::kIllegal, Op::kCsrrw,  Op::kCsrrs,  Op::kCsrrc,
                                    Op::kIllegal, Op::kCsrrwi, Op::kCsrrsi, Op::kCsrrci};

constexpr std::array<Op, 4> kFma = {Op::kFmadd, Op::kFmsub, Op::kFnmsub, Op::kFnmadd};

// Rounding-mode field: 0-4 static, 7 dynamic; 5 and 6 are reserved (illegal).
constexpr bool valid_rm(unsigned rm) { return rm <= 4 || rm == 7; }

// OP-FP (0x53), single precision only (funct7[1:0] = 00).
Op decode_op_fp(insn_t i) {
  const unsigned f3 = i.funct3(), rs2 = i.rs2();
  const auto with_rm = [&](Op op) { return valid_rm(f3) ? op : Op::kIllegal; };
  switch (i.funct7()) {
    case 0x00:
      return with_rm(Op::kFadd);
    case 0x04:
      return with_rm(Op::kFsub);
    case 0x08:
      return with_rm(Op::kFmul);
    case 0x0c:
      return with_rm(Op::kFdiv);
    case 0x2c:
      return rs2 == 0 ? with_rm(Op::kFsqrt) : Op::kIllegal;
    case 0x10:
      return f3 == 0 ? Op::kFsgnj : f3 == 1 ? Op::kFsgnjn : f3 == 2 ? Op::kFsgnjx : Op::kIllegal;
    case 0x14:
      return f3 == 0 ? Op::kFmin : f3 == 1 ? Op::kFmax : Op::kIllegal;
    case 0x60:
      return rs2 == 0 ? with_rm(Op::kFcvtWS) : rs2 == 1 ? with_rm(Op::kFcvtWuS) : Op::kIllegal;
    case 0x68:
      return rs2 == 0 ? with_rm(Op::kFcvtSW) : rs2 == 1 ? with_rm(Op::kFcvtSWu) : Op::kIllegal;
    case 0x50:
      return f3 == 2 ? Op::kFeq : f3 == 1 ? Op::kFlt : f3 == 0 ? Op::kFle : Op::kIllegal;
    case 0x70:
      if (rs2 != 0) return Op::kIllegal;
      return f3 == 0 ? Op::kFmvXW : f3 == 1 ? Op::kFclass : Op::kIllegal;
    case 0x78:
      return rs2 == 0 && f3 == 0 ? Op::kFmvWX : Op::kIllegal;
    default:
      return Op::kIllegal;
  }
}

Op decode_op(insn_t i) {
  const unsigned f3 = i.funct3(), f7 = i.funct7();
  switch (i.opcode()) {
    case 0x37:
      return Op::kLui;
    case 0x17:
      return Op::kAuipc;
    case 0x6f:
      return Op::kJal;
    case 0x67:
      return f3 == 0 ? Op::kJalr : Op::kIllegal;
    case 0x63:
      return kBranch[f3];
    case 0x03:
      return kLoad[f3];
    case 0x23:
      return kStore[f3];
    case 0x13:
      if (f3 == 1) return f7 == 0 ? Op::kSlli : Op::kIllegal;
      if (f3 == 5) return f7 == 0 ? Op::kSrli : f7 == 0x20 ? Op::kSrai : Op::kIllegal;
      return kOpImm[f3];
    case 0x33:
      if (f7 == 0x01) return kOpM[f3];
      if (f7 == 0x20) return f3 == 0 ? Op::kSub : f3 == 5 ? Op::kSra : Op::kIllegal;
      return f7 == 0 ? kOp[f3] : Op::kIllegal;
    case 0x0f:
      // FENCE ignores its reserved fields (fm/rd/rs1) as the spec asks; FENCE.I is exact-ish.
      return f3 == 0 ? Op::kFence : f3 == 1 ? Op::kFenceI : Op::kIllegal;
    case 0x73:
      if (f3 != 0) return kCsr[f3];
      if (i.rd() != 0 || i.rs1() != 0) return Op::kIllegal;
      switch (i.bits() >> 20) {
        case 0x000:
          return Op::kEcall;
        case 0x001:
          return Op::kEbreak;
        case 0x302:
          return Op::kMret;
        case 0x105:
          return Op::kWfi;
        default:
          return Op::kIllegal;
      }
    case 0x07:
      return f3 == 2 ? Op::kFlw : Op::kIllegal;
    case 0x27:
      return f3 == 2 ? Op::kFsw : Op::kIllegal;
    case 0x43:
    case 0x47:
    case 0x4b:
    case 0x4f:
      if (i.fmt() != 0 || !valid_rm(f3)) return Op::kIllegal;
      return kFma[(i.opcode() >> 2) & 3];
    case 0x53:
      return decode_op_fp(i);
    default:
      return Op::kIllegal;
  }
}

int32_t decode_imm(Op op, insn_t i) {
  switch (op) {
    case Op::kLui:
    case Op::kAuipc:
      return i.imm_u();
    case Op::kJal:
      return i.imm_j();
    case Op::kBeq:
    case Op::kBne:
    case Op::kBlt:
    case Op::kBge:
    case Op::kBltu:
    case Op::kBgeu:
      return i.imm_b();
    case Op::kSb:
    case Op::kSh:
    case Op::kSw:
    case Op::kFsw:
      return i.imm_s();
    case Op::kSlli:
    case Op::kSrli:
    case Op::kSrai:
      return static_cast<int32_t>(i.shamt());
    case Op::kCsrrw:
    case Op::kCsrrs:
    case Op::kCsrrc:
    case Op::kCsrrwi:
    case Op::kCsrrsi:
    case Op::kCsrrci:
      return static_cast<int32_t>(i.csr());
    default:
      return i.imm_i();
  }
}

}  // namespace

decoded_t decode(uint32_t bits) {
  const insn_t i(bits);
  decoded_t d;
  d.bits = bits;
  d.op = decode_op(i);
  d.imm = decode_imm(d.op, i);
  d.rd = static_cast<uint8_t>(i.rd());
  d.rs1 = static_cast<uint8_t>(i.rs1());
  d.rs2 = static_cast<uint8_t>(i.rs2());
  d.rs3 = static_cast<uint8_t>(i.rs3());
  d.rm = static_cast<uint8_t>(i.funct3());
  return d;
}

const char* op_name(Op op) {
  static constexpr std::array<const char*, static_cast<std::size_t>(Op::kCount)> kNames = {
      "illegal", "lui",    "auipc",   "jal",   "jalr",   "beq",   "bne",  "blt",   "bge",
      "bltu",    "bgeu",   "lb",      "lh",    "lw",     "lbu",   "lhu",  "sb",    "sh",
      "sw",      "addi",   "slti",    "sltiu", "xori",   "ori",   "andi", "slli",  "srli",
      "srai",    "add",    "sub",     "sll",   "slt",    "sltu",  "xor",  "srl",   "sra",
      "or",      "and",    "mul",     "mulh",  "mulhsu", "mulhu", "div",  "divu",  "rem",
      "remu",    "fence",  "fence.i", "ecall", "ebreak", "mret",  "wfi",  "csrrw", "csrrs",
      "csrrc",   "csrrwi", "csrrsi",  "csrrci", "flw",     "fsw",      "fmadd.s",  "fmsub.s",
      "fnmsub.s", "fnmadd.s", "fadd.s", "fsub.s", "fmul.s",  "fdiv.s",   "fsqrt.s",  "fsgnj.s",
      "fsgnjn.s", "fsgnjx.s", "fmin.s", "fmax.s", "fcvt.w.s", "fcvt.wu.s", "fmv.x.w", "feq.s",
      "flt.s",    "fle.s",    "fclass.s", "fcvt.s.w", "fcvt.s.wu", "fmv.w.x"};
  return kNames[static_cast<std::size_t>(op)];
}

}  // namespace stackscope::iss
