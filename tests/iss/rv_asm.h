// A tiny RV32IM assembler for tests, written from the instruction formats in the RISC-V
// unprivileged spec (Ch. 2.2-2.3, Ch. 37 opcode map), independent of the ISS decoder.
#pragma once

#include <cstdint>

#include "hart.h"
#include "memory.h"

namespace rv {

constexpr uint32_t r_type(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd,
                          uint32_t op) {
  return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
constexpr uint32_t i_type(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op) {
  return (static_cast<uint32_t>(imm) & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
constexpr uint32_t s_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t op) {
  const uint32_t i = static_cast<uint32_t>(imm);
  return ((i >> 5) & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (i & 0x1f) << 7 | op;
}
constexpr uint32_t b_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3) {
  const uint32_t i = static_cast<uint32_t>(imm);
  return ((i >> 12) & 1) << 31 | ((i >> 5) & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
         ((i >> 1) & 0xf) << 8 | ((i >> 11) & 1) << 7 | 0x63;
}
constexpr uint32_t u_type(uint32_t imm20, uint32_t rd, uint32_t op) {
  return imm20 << 12 | rd << 7 | op;
}
constexpr uint32_t j_type(int32_t imm, uint32_t rd) {
  const uint32_t i = static_cast<uint32_t>(imm);
  return ((i >> 20) & 1) << 31 | ((i >> 1) & 0x3ff) << 21 | ((i >> 11) & 1) << 20 |
         ((i >> 12) & 0xff) << 12 | rd << 7 | 0x6f;
}

constexpr uint32_t lui(uint32_t rd, uint32_t imm20) { return u_type(imm20, rd, 0x37); }
constexpr uint32_t auipc(uint32_t rd, uint32_t imm20) { return u_type(imm20, rd, 0x17); }
constexpr uint32_t jal(uint32_t rd, int32_t off) { return j_type(off, rd); }
constexpr uint32_t jalr(uint32_t rd, uint32_t rs1, int32_t off) {
  return i_type(off, rs1, 0, rd, 0x67);
}
constexpr uint32_t beq(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 0); }
constexpr uint32_t bne(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 1); }
constexpr uint32_t blt(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 4); }
constexpr uint32_t bge(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 5); }
constexpr uint32_t bltu(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 6); }
constexpr uint32_t bgeu(uint32_t a, uint32_t b, int32_t off) { return b_type(off, b, a, 7); }
constexpr uint32_t lb(uint32_t rd, uint32_t rs1, int32_t o) { return i_type(o, rs1, 0, rd, 0x03); }
constexpr uint32_t lh(uint32_t rd, uint32_t rs1, int32_t o) { return i_type(o, rs1, 1, rd, 0x03); }
constexpr uint32_t lw(uint32_t rd, uint32_t rs1, int32_t o) { return i_type(o, rs1, 2, rd, 0x03); }
constexpr uint32_t lbu(uint32_t rd, uint32_t rs1, int32_t o) { return i_type(o, rs1, 4, rd, 0x03); }
constexpr uint32_t lhu(uint32_t rd, uint32_t rs1, int32_t o) { return i_type(o, rs1, 5, rd, 0x03); }
constexpr uint32_t sb(uint32_t rs2, uint32_t rs1, int32_t o) {
  return s_type(o, rs2, rs1, 0, 0x23);
}
constexpr uint32_t sh(uint32_t rs2, uint32_t rs1, int32_t o) {
  return s_type(o, rs2, rs1, 1, 0x23);
}
constexpr uint32_t sw(uint32_t rs2, uint32_t rs1, int32_t o) {
  return s_type(o, rs2, rs1, 2, 0x23);
}
constexpr uint32_t op_imm(uint32_t f3, uint32_t rd, uint32_t rs1, int32_t imm) {
  return i_type(imm, rs1, f3, rd, 0x13);
}
constexpr uint32_t addi(uint32_t rd, uint32_t rs1, int32_t i) { return op_imm(0, rd, rs1, i); }
constexpr uint32_t slti(uint32_t rd, uint32_t rs1, int32_t i) { return op_imm(2, rd, rs1, i); }
constexpr uint32_t sltiu(uint32_t rd, uint32_t rs1, int32_t i) { return op_imm(3, rd, rs1, i); }
constexpr uint32_t xori(uint32_t rd, uint32_t rs1, int32_t i) { return op_imm(4, rd, rs1, i); }
constexpr uint32_t ori(uint32_t rd, uint32_t rs1, int32_t i) { return op_imm(6, rd, rs1, i); }
constexpr uint32_t andi(uint32_t rd, uint32_t rs1, int32_t i) { return op_imm(7, rd, rs1, i); }
constexpr uint32_t slli(uint32_t rd, uint32_t rs1, int32_t sh) { return op_imm(1, rd, rs1, sh); }
constexpr uint32_t srli(uint32_t rd, uint32_t rs1, int32_t sh) { return op_imm(5, rd, rs1, sh); }
constexpr uint32_t srai(uint32_t rd, uint32_t rs1, int32_t sh) {
  return op_imm(5, rd, rs1, 0x400 | sh);
}
constexpr uint32_t op(uint32_t f7, uint32_t f3, uint32_t rd, uint32_t a, uint32_t b) {
  return r_type(f7, b, a, f3, rd, 0x33);
}
constexpr uint32_t add(uint32_t d, uint32_t a, uint32_t b) { return op(0, 0, d, a, b); }
constexpr uint32_t sub(uint32_t d, uint32_t a, uint32_t b) { return op(0x20, 0, d, a, b); }
constexpr uint32_t sll(uint32_t d, uint32_t a, uint32_t b) { return op(0, 1, d, a, b); }
constexpr uint32_t slt(uint32_t d, uint32_t a, uint32_t b) { return op(0, 2, d, a, b); }
constexpr uint32_t sltu(uint32_t d, uint32_t a, uint32_t b) { return op(0, 3, d, a, b); }
constexpr uint32_t xor_(uint32_t d, uint32_t a, uint32_t b) { return op(0, 4, d, a, b); }
constexpr uint32_t srl(uint32_t d, uint32_t a, uint32_t b) { return op(0, 5, d, a, b); }
constexpr uint32_t sra(uint32_t d, uint32_t a, uint32_t b) { return op(0x20, 5, d, a, b); }
constexpr uint32_t or_(uint32_t d, uint32_t a, uint32_t b) { return op(0, 6, d, a, b); }
constexpr uint32_t and_(uint32_t d, uint32_t a, uint32_t b) { return op(0, 7, d, a, b); }
constexpr uint32_t mul(uint32_t d, uint32_t a, uint32_t b) { return op(1, 0, d, a, b); }
constexpr uint32_t mulh(uint32_t d, uint32_t a, uint32_t b) { return op(1, 1, d, a, b); }
constexpr uint32_t mulhsu(uint32_t d, uint32_t a, uint32_t b) { return op(1, 2, d, a, b); }
constexpr uint32_t mulhu(uint32_t d, uint32_t a, uint32_t b) { return op(1, 3, d, a, b); }
constexpr uint32_t div(uint32_t d, uint32_t a, uint32_t b) { return op(1, 4, d, a, b); }
constexpr uint32_t divu(uint32_t d, uint32_t a, uint32_t b) { return op(1, 5, d, a, b); }
constexpr uint32_t rem(uint32_t d, uint32_t a, uint32_t b) { return op(1, 6, d, a, b); }
constexpr uint32_t remu(uint32_t d, uint32_t a, uint32_t b) { return op(1, 7, d, a, b); }
constexpr uint32_t system(uint32_t f3, uint32_t rd, uint32_t rs1, uint32_t csr) {
  return csr << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x73;
}
constexpr uint32_t csrrw(uint32_t d, uint32_t csr, uint32_t s) { return system(1, d, s, csr); }
constexpr uint32_t csrrs(uint32_t d, uint32_t csr, uint32_t s) { return system(2, d, s, csr); }
constexpr uint32_t csrrc(uint32_t d, uint32_t csr, uint32_t s) { return system(3, d, s, csr); }
constexpr uint32_t csrrwi(uint32_t d, uint32_t csr, uint32_t u) { return system(5, d, u, csr); }
constexpr uint32_t csrrsi(uint32_t d, uint32_t csr, uint32_t u) { return system(6, d, u, csr); }
constexpr uint32_t csrrci(uint32_t d, uint32_t csr, uint32_t u) { return system(7, d, u, csr); }
constexpr uint32_t kEcall = 0x00000073, kEbreak = 0x00100073, kMret = 0x30200073;
constexpr uint32_t kWfi = 0x10500073, kFence = 0x0ff0000f, kFenceI = 0x0000100f;
constexpr uint32_t kNop = 0x00000013;

constexpr uint32_t kBase = 0x80000000u;
constexpr uint32_t kData = 0x80008000u;  // test data area, away from the code

// A 64 KiB machine with a program written word by word at kBase.
struct Machine {
  stackscope::iss::Memory mem{64 * 1024};
  stackscope::iss::Hart hart{mem, kBase};
  uint32_t at = kBase;

  Machine() = default;
  explicit Machine(stackscope::iss::IsaConfig isa) : hart{mem, kBase, isa} {}

  Machine& put(uint32_t insn) {
    mem.store<uint32_t>(at, insn);
    at += 4;
    return *this;
  }
  void put_at(uint32_t addr, uint32_t insn) { mem.store<uint32_t>(addr, insn); }
  // Places `insn` at the current pc and executes it.
  stackscope::iss::CommitRecord exec(uint32_t insn) {
    put_at(hart.pc(), insn);
    return hart.step();
  }
};

}  // namespace rv

// RV32F encodings (unprivileged spec, "F" chapter and the opcode map), single precision.
namespace rv::f {
constexpr uint32_t kDyn = 7;  // rounding mode field: dynamic (frm)
constexpr uint32_t flw(uint32_t fd, uint32_t rs1, int32_t o) { return i_type(o, rs1, 2, fd, 0x07); }
constexpr uint32_t fsw(uint32_t fs2, uint32_t rs1, int32_t o) {
  return s_type(o, fs2, rs1, 2, 0x27);
}
// R4 format: opcode 0x43 fmadd, 0x47 fmsub, 0x4b fnmsub, 0x4f fnmadd; fmt bits 26:25 = 00.
constexpr uint32_t r4(uint32_t opc, uint32_t fd, uint32_t a, uint32_t b, uint32_t c, uint32_t rm) {
  return c << 27 | b << 20 | a << 15 | rm << 12 | fd << 7 | opc;
}
constexpr uint32_t opfp(uint32_t f7, uint32_t rd, uint32_t a, uint32_t b, uint32_t f3) {
  return r_type(f7, b, a, f3, rd, 0x53);
}
constexpr uint32_t fadd(uint32_t d, uint32_t a, uint32_t b, uint32_t rm) { return opfp(0x00, d, a, b, rm); }
constexpr uint32_t fsub(uint32_t d, uint32_t a, uint32_t b, uint32_t rm) { return opfp(0x04, d, a, b, rm); }
constexpr uint32_t fmul(uint32_t d, uint32_t a, uint32_t b, uint32_t rm) { return opfp(0x08, d, a, b, rm); }
constexpr uint32_t fdiv(uint32_t d, uint32_t a, uint32_t b, uint32_t rm) { return opfp(0x0c, d, a, b, rm); }
constexpr uint32_t fsqrt(uint32_t d, uint32_t a, uint32_t rm) { return opfp(0x2c, d, a, 0, rm); }
constexpr uint32_t fsgnj(uint32_t d, uint32_t a, uint32_t b) { return opfp(0x10, d, a, b, 0); }
constexpr uint32_t fsgnjn(uint32_t d, uint32_t a, uint32_t b) { return opfp(0x10, d, a, b, 1); }
constexpr uint32_t fsgnjx(uint32_t d, uint32_t a, uint32_t b) { return opfp(0x10, d, a, b, 2); }
constexpr uint32_t fmin(uint32_t d, uint32_t a, uint32_t b) { return opfp(0x14, d, a, b, 0); }
constexpr uint32_t fmax(uint32_t d, uint32_t a, uint32_t b) { return opfp(0x14, d, a, b, 1); }
constexpr uint32_t fcvt_w_s(uint32_t rd, uint32_t a, uint32_t rm) { return opfp(0x60, rd, a, 0, rm); }
constexpr uint32_t fcvt_wu_s(uint32_t rd, uint32_t a, uint32_t rm) { return opfp(0x60, rd, a, 1, rm); }
constexpr uint32_t fmv_x_w(uint32_t rd, uint32_t a) { return opfp(0x70, rd, a, 0, 0); }
constexpr uint32_t fclass(uint32_t rd, uint32_t a) { return opfp(0x70, rd, a, 0, 1); }
constexpr uint32_t feq(uint32_t rd, uint32_t a, uint32_t b) { return opfp(0x50, rd, a, b, 2); }
constexpr uint32_t flt(uint32_t rd, uint32_t a, uint32_t b) { return opfp(0x50, rd, a, b, 1); }
constexpr uint32_t fle(uint32_t rd, uint32_t a, uint32_t b) { return opfp(0x50, rd, a, b, 0); }
constexpr uint32_t fcvt_s_w(uint32_t fd, uint32_t rs1, uint32_t rm) { return opfp(0x68, fd, rs1, 0, rm); }
constexpr uint32_t fcvt_s_wu(uint32_t fd, uint32_t rs1, uint32_t rm) { return opfp(0x68, fd, rs1, 1, rm); }
constexpr uint32_t fmv_w_x(uint32_t fd, uint32_t rs1) { return opfp(0x78, fd, rs1, 0, 0); }
}  // namespace rv::f
