// Instruction decoding: raw fields of a 32-bit RISC-V instruction and the decoded form the
// hart's hot loop executes (operation + register numbers + one pre-computed immediate).
// 16-bit (RVC) instructions decode by expansion into the 32-bit instruction they stand for.
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
// `bits` is the instruction as fetched: for a 16-bit instruction the 16-bit word
// (zero-extended), which is also what mtval reports when it is illegal; `len` is 2 or 4.
struct decoded_t {
  uint32_t bits = 0;
  int32_t imm = 0;
  Op op = Op::kIllegal;
  uint8_t rd = 0, rs1 = 0, rs2 = 0, rs3 = 0, rm = 0;
  uint8_t len = 4;
};

constexpr bool is_fp(Op op) { return op >= Op::kFlw && op < Op::kCount; }

// A 32-bit instruction. Words whose two low bits are not 0b11 decode as illegal: on a hart
// without C they are no instruction at all.
decoded_t decode(uint32_t bits);

// The two low bits of an instruction's first halfword say its length (unprivileged spec,
// "Expanded Instruction-Length Encoding"): anything but 0b11 is a 16-bit instruction.
constexpr bool is_compressed(uint32_t bits) { return (bits & 3) != 3; }
// The 32-bit instruction that a 16-bit RV32C / RV32FC instruction expands to (unprivileged
// spec, "C" chapter), or 0 -- an illegal 32-bit word -- for the reserved encodings and those
// that exist only on RV64/RV128 or with D.
uint32_t expand_compressed(uint16_t bits);
// A 16-bit instruction, decoded by expansion; the result keeps `bits` and has len 2.
decoded_t decode_compressed(uint16_t bits);
const char* op_name(Op op);

}  // namespace stackscope::iss
