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

// 32-bit encoders for the expansion, from the base formats (unprivileged spec 2.2-2.3).
constexpr uint32_t enc_r(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd,
                         uint32_t opc) {
  return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}
constexpr uint32_t enc_i(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t opc) {
  return (static_cast<uint32_t>(imm) & ((1u << 12) - 1)) << 20 | rs1 << 15 | f3 << 12 | rd << 7 |
         opc;
}
constexpr uint32_t enc_s(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t opc) {
  const auto i = static_cast<uint32_t>(imm);
  return (i >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (i & 0x1f) << 7 | opc;
}
constexpr uint32_t enc_b(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3) {
  const auto i = static_cast<uint32_t>(imm);
  return (i >> 12 & 1) << 31 | (i >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
         (i >> 1 & 0xf) << 8 | (i >> 11 & 1) << 7 | 0x63;
}
constexpr uint32_t enc_j(int32_t imm, uint32_t rd) {
  const auto i = static_cast<uint32_t>(imm);
  return (i >> 20 & 1) << 31 | (i >> 1 & 0x3ff) << 21 | (i >> 11 & 1) << 20 |
         (i >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
}

constexpr int32_t sext(uint32_t v, unsigned width) {
  return static_cast<int32_t>(v << (32 - width)) >> (32 - width);
}

// Field access on a 16-bit instruction: f(hi, lo) is bits hi..lo, b(i) bit i.
struct cinsn {
  uint32_t c;
  constexpr uint32_t f(unsigned hi, unsigned lo) const {
    return (c >> lo) & ((1u << (hi - lo + 1)) - 1);
  }
  constexpr uint32_t b(unsigned i) const { return (c >> i) & 1; }
  constexpr uint32_t rd() const { return f(11, 7); }  // also rs1 of the CI/CR forms
  constexpr uint32_t rs2() const { return f(6, 2); }
  constexpr uint32_t rdp() const { return 8 + f(4, 2); }  // rd' / rs2': x8..x15
  constexpr uint32_t rs1p() const { return 8 + f(9, 7); }
  // Immediates, named after the instructions that use them (spec's CI/CSS/CIW/CL/CS/CB/CJ).
  constexpr int32_t imm_ci() const { return sext(b(12) << 5 | f(6, 2), 6); }
  constexpr uint32_t uimm_addi4spn() const {
    return f(12, 11) << 4 | f(10, 7) << 6 | b(6) << 2 | b(5) << 3;
  }
  constexpr uint32_t uimm_lw() const { return f(12, 10) << 3 | b(6) << 2 | b(5) << 6; }
  constexpr uint32_t uimm_lwsp() const { return b(12) << 5 | f(6, 4) << 2 | f(3, 2) << 6; }
  constexpr uint32_t uimm_swsp() const { return f(12, 9) << 2 | f(8, 7) << 6; }
  constexpr int32_t imm_addi16sp() const {
    return sext(b(12) << 9 | b(6) << 4 | b(5) << 6 | f(4, 3) << 7 | b(2) << 5, 10);
  }
  constexpr int32_t imm_j() const {
    return sext(b(12) << 11 | b(11) << 4 | f(10, 9) << 8 | b(8) << 10 | b(7) << 6 | b(6) << 7 |
                    f(5, 3) << 1 | b(2) << 5,
                12);
  }
  constexpr int32_t imm_b() const {
    return sext(b(12) << 8 | f(11, 10) << 3 | f(6, 5) << 6 | f(4, 3) << 1 | b(2) << 5, 9);
  }
};

constexpr uint32_t kOpcLoad = 0x03, kOpcLoadFp = 0x07, kOpcOpImm = 0x13, kOpcStore = 0x23,
                   kOpcStoreFp = 0x27, kOpcOp = 0x33, kOpcLui = 0x37, kOpcJalr = 0x67;
constexpr uint32_t kSp = 2, kRa = 1;
constexpr uint32_t kIllegalWord = 0;  // opcode 0: never a 32-bit instruction

uint32_t expand_q0(cinsn i) {
  switch (i.f(15, 13)) {
    case 0:  // c.addi4spn; nzuimm = 0 is reserved (and covers the all-zero word)
      if (i.uimm_addi4spn() == 0) return kIllegalWord;
      return enc_i(static_cast<int32_t>(i.uimm_addi4spn()), kSp, 0, i.rdp(), kOpcOpImm);
    case 2:  // c.lw
      return enc_i(static_cast<int32_t>(i.uimm_lw()), i.rs1p(), 2, i.rdp(), kOpcLoad);
    case 3:  // c.flw (RV32FC)
      return enc_i(static_cast<int32_t>(i.uimm_lw()), i.rs1p(), 2, i.rdp(), kOpcLoadFp);
    case 6:  // c.sw
      return enc_s(static_cast<int32_t>(i.uimm_lw()), i.rdp(), i.rs1p(), 2, kOpcStore);
    case 7:  // c.fsw (RV32FC)
      return enc_s(static_cast<int32_t>(i.uimm_lw()), i.rdp(), i.rs1p(), 2, kOpcStoreFp);
    default:  // c.fld/c.fsd (no D), 100 reserved
      return kIllegalWord;
  }
}

uint32_t expand_q1(cinsn i) {
  const uint32_t rd = i.rd(), rdp = i.rs1p();  // CB/CA forms: rd' sits in bits 9:7
  switch (i.f(15, 13)) {
    case 0:  // c.addi (c.nop for rd = 0; rd = 0 with imm != 0 and imm = 0 are hints)
      return enc_i(i.imm_ci(), rd, 0, rd, kOpcOpImm);
    case 1:  // c.jal (RV32 only)
      return enc_j(i.imm_j(), kRa);
    case 2:  // c.li (rd = 0: hint)
      return enc_i(i.imm_ci(), 0, 0, rd, kOpcOpImm);
    case 3:
      if (rd == kSp) {  // c.addi16sp; nzimm = 0 is reserved
        if (i.imm_addi16sp() == 0) return kIllegalWord;
        return enc_i(i.imm_addi16sp(), kSp, 0, kSp, kOpcOpImm);
      }
      // c.lui; nzimm = 0 is reserved, rd = 0 is a hint
      if (i.imm_ci() == 0) return kIllegalWord;
      return (static_cast<uint32_t>(i.imm_ci()) << 12) | rd << 7 | kOpcLui;
    case 4:
      switch (i.f(11, 10)) {
        case 0:  // c.srli; shamt[5] = 1 is RV64/128 only (reserved on RV32)
        case 1: {  // c.srai: imm[10] = 1 selects the arithmetic shift
          if (i.b(12)) return kIllegalWord;
          const uint32_t sra = i.f(11, 10) == 1 ? 0x400u : 0;
          return enc_i(static_cast<int32_t>(i.rs2() | sra), rdp, 5, rdp, kOpcOpImm);
        }
        case 2:  // c.andi
          return enc_i(i.imm_ci(), rdp, 7, rdp, kOpcOpImm);
        default: {
          if (i.b(12)) return kIllegalWord;  // c.subw/c.addw (RV64) and reserved
          static constexpr std::array<uint32_t, 4> kF3 = {0, 4, 6, 7};  // sub xor or and
          const uint32_t sel = i.f(6, 5);
          return enc_r(sel == 0 ? 0x20 : 0, i.rdp(), rdp, kF3[sel], rdp, kOpcOp);
        }
      }
    case 5:  // c.j
      return enc_j(i.imm_j(), 0);
    case 6:  // c.beqz
      return enc_b(i.imm_b(), 0, rdp, 0);
    default:  // c.bnez
      return enc_b(i.imm_b(), 0, rdp, 1);
  }
}

uint32_t expand_q2(cinsn i) {
  const uint32_t rd = i.rd(), rs2 = i.rs2();
  switch (i.f(15, 13)) {
    case 0:  // c.slli; shamt[5] = 1 reserved on RV32; rd = 0 or shamt = 0: hints
      if (i.b(12)) return kIllegalWord;
      return enc_i(static_cast<int32_t>(rs2), rd, 1, rd, kOpcOpImm);
    case 2:  // c.lwsp; rd = 0 is reserved
      if (rd == 0) return kIllegalWord;
      return enc_i(static_cast<int32_t>(i.uimm_lwsp()), kSp, 2, rd, kOpcLoad);
    case 3:  // c.flwsp (RV32FC; f0 is a valid destination)
      return enc_i(static_cast<int32_t>(i.uimm_lwsp()), kSp, 2, rd, kOpcLoadFp);
    case 4:
      if (!i.b(12)) {
        if (rs2 == 0) return rd == 0 ? kIllegalWord : enc_i(0, rd, 0, 0, kOpcJalr);  // c.jr
        return enc_r(0, rs2, 0, 0, rd, kOpcOp);  // c.mv (rd = 0: hint)
      }
      if (rs2 == 0)  // c.ebreak, c.jalr
        return rd == 0 ? 0x00100073u : enc_i(0, rd, 0, kRa, kOpcJalr);
      return enc_r(0, rs2, rd, 0, rd, kOpcOp);  // c.add (rd = 0: hint)
    case 6:  // c.swsp
      return enc_s(static_cast<int32_t>(i.uimm_swsp()), rs2, kSp, 2, kOpcStore);
    case 7:  // c.fswsp (RV32FC)
      return enc_s(static_cast<int32_t>(i.uimm_swsp()), rs2, kSp, 2, kOpcStoreFp);
    default:  // c.fldsp/c.fsdsp (no D)
      return kIllegalWord;
  }
}

}  // namespace

uint32_t expand_compressed(uint16_t bits) {
  const cinsn i{bits};
  switch (bits & 3) {
    case 0:
      return expand_q0(i);
    case 1:
      return expand_q1(i);
    case 2:
      return expand_q2(i);
    default:
      return kIllegalWord;  // not a 16-bit instruction
  }
}

decoded_t decode_compressed(uint16_t bits) {
  decoded_t d = decode(expand_compressed(bits));
  d.bits = bits;
  d.len = 2;
  return d;
}

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
