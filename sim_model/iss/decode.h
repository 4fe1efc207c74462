// Instruction decoding: raw fields of a 32-bit RISC-V instruction and the decoded form the
// hart's hot loop executes (operation + register numbers + one pre-computed immediate).
#pragma once

#include <cstdint>

namespace stackscope::iss {

// Raw field getters, named after the RISC-V unprivileged spec's formats (Ch. 2.3).
class insn_t {
 public:
  constexpr explicit insn_t(uint32_t bits) : b_(bits) {}
  constexpr uint32_t bits() const { return b_; }
  constexpr uint32_t opcode() const { return b_ & 0x7f; }
  constexpr unsigned rd() const { return (b_ >> 7) & 0x1f; }
  constexpr unsigned rs1() const { return (b_ >> 15) & 0x1f; }
  constexpr unsigned rs2() const { return (b_ >> 20) & 0x1f; }
  constexpr unsigned rs3() const { return b_ >> 27; }  // R4 format (fmadd.s ...)
  constexpr unsigned fmt() const { return (b_ >> 25) & 3; }  // R4 format: 0 = single
  constexpr unsigned funct3() const { return (b_ >> 12) & 7; }
  constexpr unsigned funct7() const { return b_ >> 25; }
  constexpr unsigned csr() const { return b_ >> 20; }
  constexpr unsigned shamt() const { return (b_ >> 20) & 0x1f; }
  constexpr int32_t imm_i() const { return static_cast<int32_t>(b_) >> 20; }
  constexpr int32_t imm_s() const {
    return ((static_cast<int32_t>(b_) >> 25) << 5) | static_cast<int32_t>((b_ >> 7) & 0x1f);
  }
  constexpr int32_t imm_b() const {
    return ((static_cast<int32_t>(b_) >> 31) << 12) | static_cast<int32_t>(((b_ >> 7) & 1) << 11) |
           static_cast<int32_t>(((b_ >> 25) & 0x3f) << 5) |
           static_cast<int32_t>(((b_ >> 8) & 0xf) << 1);
  }
  constexpr int32_t imm_u() const { return static_cast<int32_t>(b_ & 0xfffff000u); }
  constexpr int32_t imm_j() const {
    return ((static_cast<int32_t>(b_) >> 31) << 20) |
           static_cast<int32_t>(((b_ >> 12) & 0xff) << 12) |
           static_cast<int32_t>(((b_ >> 20) & 1) << 11) |
           static_cast<int32_t>(((b_ >> 21) & 0x3ff) << 1);
  }

 private:
  uint32_t b_;
};

// One entry per operation the hart executes. The RV32F operations come last (from kFlw), so
// `is_fp(op)` is one compare; they decode whatever the hart's ISA, and execute raises
// illegal instruction when F is off (Hart's IsaConfig, mstatus.FS).
enum class Op : uint8_t {
  kIllegal = 0,
  kLui,
  kAuipc,
  kJal,
  kJalr,
  kBeq,
  kBne,
  kBlt,
  kBge,
  kBltu,
  kBgeu,
  kLb,
  kLh,
  kLw,
  kLbu,
  kLhu,
  kSb,
  kSh,
  kSw,
  kAddi,
  kSlti,
  kSltiu,
  kXori,
  kOri,
  kAndi,
  kSlli,
  kSrli,
  kSrai,
  kAdd,
  kSub,
  kSll,
  kSlt,
  kSltu,
  kXor,
  kSrl,
  kSra,
  kOr,
  kAnd,
  kMul,
  kMulh,
  kMulhsu,
  kMulhu,
  kDiv,
  kDivu,
  kRem,
  kRemu,
  kFence,
  kFenceI,
  kEcall,
  kEbreak,
  kMret,
  kWfi,
  kCsrrw,
  kCsrrs,
  kCsrrc,
  kCsrrwi,
  kCsrrsi,
  kCsrrci,
  kFlw,  // RV32F from here on
  kFsw,
  kFmadd,
  kFmsub,
  kFnmsub,
  kFnmadd,
  kFadd,
  kFsub,
  kFmul,
  kFdiv,
  kFsqrt,
  kFsgnj,
  kFsgnjn,
  kFsgnjx,
  kFmin,
  kFmax,
  kFcvtWS,
  kFcvtWuS,
  kFmvXW,
  kFeq,
  kFlt,
  kFle,
  kFclass,
  kFcvtSW,
  kFcvtSWu,
  kFmvWX,
  kCount
};

// The decoded form: everything execute needs, so the hot loop never re-extracts fields.
// For CSR ops `imm` holds the CSR address; for the ...i forms rs1 holds the 5-bit uimm.
// F ops: rd/rs1/rs2/rs3 name f or x registers as the instruction defines; rm is the
// instruction's rounding-mode field (7 = dynamic, frm); reserved static modes 5 and 6
// decode as illegal.
struct decoded_t {
  uint32_t bits = 0;
  int32_t imm = 0;
  Op op = Op::kIllegal;
  uint8_t rd = 0, rs1 = 0, rs2 = 0, rs3 = 0, rm = 0;
};

constexpr bool is_fp(Op op) { return op >= Op::kFlw && op < Op::kCount; }

decoded_t decode(uint32_t bits);
const char* op_name(Op op);

}  // namespace stackscope::iss
