// Decoder tests. Reference encodings come from GNU as (riscv64-unknown-elf-as -march=rv32im),
// an assembler independent of the ISS; they pin both the test assembler and the decoder.
#include <catch2/catch.hpp>
#include <cstddef>

#include "decode.h"
#include "rv_asm.h"

using stackscope::iss::decode;
using stackscope::iss::insn_t;
using stackscope::iss::Op;

TEST_CASE("test assembler matches GNU as", "[decode]") {
  CHECK(rv::addi(10, 0, 10) == 0x00a00513u);
  CHECK(rv::add(3, 1, 2) == 0x002081b3u);
  CHECK(rv::sub(3, 1, 2) == 0x402081b3u);
  CHECK(rv::lw(5, 6, -4) == 0xffc32283u);
  CHECK(rv::sw(7, 8, 8) == 0x00742423u);
  CHECK(rv::beq(1, 2, 16) == 0x00208863u);
  CHECK(rv::bne(1, 2, -8) == 0xfe209ce3u);
  CHECK(rv::jal(1, 2048) == 0x001000efu);
  CHECK(rv::jal(0, -4) == 0xffdff06fu);
  CHECK(rv::jalr(1, 2, 5) == 0x005100e7u);
  CHECK(rv::lui(5, 0x12345) == 0x123452b7u);
  CHECK(rv::auipc(5, 0xfffff) == 0xfffff297u);
  CHECK(rv::srai(5, 6, 31) == 0x41f35293u);
  CHECK(rv::mulhsu(1, 2, 3) == 0x023120b3u);
  CHECK(rv::remu(1, 2, 3) == 0x023170b3u);
  CHECK(rv::csrrw(1, 0x340, 2) == 0x340110f3u);
  CHECK(rv::csrrsi(1, 0x300, 8) == 0x300460f3u);
  CHECK(rv::sb(1, 2, -1) == 0xfe110fa3u);
}

TEST_CASE("field getters", "[decode]") {
  const insn_t lw(0xffc32283);  // lw t0, -4(t1)
  CHECK(lw.opcode() == 0x03);
  CHECK(lw.rd() == 5);
  CHECK(lw.rs1() == 6);
  CHECK(lw.funct3() == 2);
  CHECK(lw.imm_i() == -4);
  CHECK(insn_t(0x00742423).imm_s() == 8);
  CHECK(insn_t(0xfe110fa3).imm_s() == -1);
  CHECK(insn_t(0x00208863).imm_b() == 16);
  CHECK(insn_t(0xfe209ce3).imm_b() == -8);
  CHECK(insn_t(0x001000ef).imm_j() == 2048);
  CHECK(insn_t(0xffdff06f).imm_j() == -4);
  CHECK(insn_t(0x123452b7).imm_u() == 0x12345000);
  CHECK(insn_t(0x41f35293).shamt() == 31);
  CHECK(insn_t(0x41f35293).funct7() == 0x20);
  CHECK(insn_t(0x340110f3).csr() == 0x340);
  CHECK(insn_t(0x023120b3).rs2() == 3);
}

TEST_CASE("decode picks the operation", "[decode]") {
  CHECK(decode(0x00a00513).op == Op::kAddi);
  CHECK(decode(0x00a00513).imm == 10);
  CHECK(decode(0x402081b3).op == Op::kSub);
  CHECK(decode(0x41f35293).op == Op::kSrai);
  CHECK(decode(0x41f35293).imm == 31);
  CHECK(decode(0x023120b3).op == Op::kMulhsu);
  CHECK(decode(0x023170b3).op == Op::kRemu);
  CHECK(decode(0x340110f3).op == Op::kCsrrw);
  CHECK(decode(0x340110f3).imm == 0x340);
  CHECK(decode(0x300460f3).op == Op::kCsrrsi);
  CHECK(decode(0x300460f3).rs1 == 8);
  CHECK(decode(rv::kEcall).op == Op::kEcall);
  CHECK(decode(rv::kEbreak).op == Op::kEbreak);
  CHECK(decode(rv::kMret).op == Op::kMret);
  CHECK(decode(rv::kWfi).op == Op::kWfi);
  CHECK(decode(rv::kFence).op == Op::kFence);
  CHECK(decode(rv::kFenceI).op == Op::kFenceI);
}

TEST_CASE("illegal encodings", "[decode]") {
  CHECK(decode(0x00000000).op == Op::kIllegal);
  CHECK(decode(0xffffffff).op == Op::kIllegal);
  CHECK(decode(rv::op_imm(1, 5, 6, 0x020)).op == Op::kIllegal);       // slli shamt[5]: RV64 only
  CHECK(decode(rv::op(0x20, 1, 1, 2, 3)).op == Op::kIllegal);         // "sub" with funct3 = sll
  CHECK(decode(rv::r_type(0, 0, 0, 3, 1, 0x03)).op == Op::kIllegal);  // ld: RV64 only
  CHECK(decode(rv::system(4, 1, 0, 0)).op == Op::kIllegal);           // funct3 4 of SYSTEM
  // RV32F: decoding does not depend on the hart's ISA (execute traps when F is off), so
  // fadd.s decodes; the double-precision fmt, reserved rounding modes and bad rs2 do not.
  CHECK(decode(0x00000053).op == Op::kFadd);                          // fadd.s f0, f0, f0, rne
  CHECK(decode(0x02000053).op == Op::kIllegal);                       // fadd.d
  CHECK(decode(0x00005053).op == Op::kIllegal);                       // fadd.s, rm = 5
  CHECK(decode(0x00006053).op == Op::kIllegal);                       // fadd.s, rm = 6
  CHECK(decode(0x58100053).op == Op::kIllegal);                       // fsqrt.s with rs2 = 1
  CHECK(decode(0x02000043).op == Op::kIllegal);                       // fmadd.d
  CHECK(decode(0x00003007).op == Op::kIllegal);                       // fld
  CHECK(decode(0xe0003053).op == Op::kIllegal);                       // fmv.x.w funct3 = 3
}

TEST_CASE("every operation has a name", "[decode]") {
  for (std::size_t i = 0; i < static_cast<std::size_t>(Op::kCount); ++i)
    CHECK(stackscope::iss::op_name(static_cast<Op>(i)) != nullptr);
}
