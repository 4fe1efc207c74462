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
  constexpr unsigned rs3() const { return b_ >> 27; }  // R4 format, for RV32F later
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

// One entry per operation the hart executes. RV32F adds its operations here (and an
// OP-FP / LOAD-FP / STORE-FP / FMADD row in decode.cpp); the hart's FP register file waits.
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
  kCount
};

// The decoded form: everything execute needs, so the hot loop never re-extracts fields.
// For CSR ops `imm` holds the CSR address; for the ...i forms rs1 holds the 5-bit uimm.
struct decoded_t {
  uint32_t bits = 0;
  int32_t imm = 0;
  Op op = Op::kIllegal;
  uint8_t rd = 0, rs1 = 0, rs2 = 0;
};

decoded_t decode(uint32_t bits);
const char* op_name(Op op);

}  // namespace stackscope::iss
