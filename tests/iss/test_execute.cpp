// RV32IM semantics. Every expected value is worked out by hand from the unprivileged spec.
#include <catch2/catch.hpp>
#include <sstream>

#include "rv_asm.h"

using rv::kBase;
using rv::kData;

namespace {

// Runs `insn` with x1 = a, x2 = b and returns x3.
uint32_t alu(uint32_t insn, uint32_t a, uint32_t b) {
  rv::Machine m;
  m.hart.set_reg(1, a);
  m.hart.set_reg(2, b);
  const auto r = m.exec(insn);
  REQUIRE_FALSE(r.trap);
  REQUIRE(r.next_pc == kBase + 4);
  return m.hart.reg(3);
}
uint32_t rr(uint32_t (*f)(uint32_t, uint32_t, uint32_t), uint32_t a, uint32_t b) {
  return alu(f(3, 1, 2), a, b);
}

}  // namespace

TEST_CASE("register-register ALU", "[exec]") {
  CHECK(rr(rv::add, 5, 7) == 12);
  CHECK(rr(rv::add, 0xffffffff, 1) == 0);  // wraps
  CHECK(rr(rv::sub, 5, 7) == 0xfffffffe);
  CHECK(rr(rv::xor_, 0xff00ff00, 0x0ff00ff0) == 0xf0f0f0f0);
  CHECK(rr(rv::or_, 0xff00ff00, 0x0ff00ff0) == 0xfff0fff0);
  CHECK(rr(rv::and_, 0xff00ff00, 0x0ff00ff0) == 0x0f000f00);
  CHECK(rr(rv::slt, 0xffffffff, 1) == 1);  // -1 < 1
  CHECK(rr(rv::slt, 1, 0xffffffff) == 0);
  CHECK(rr(rv::sltu, 0xffffffff, 1) == 0);  // 2^32-1 > 1
  CHECK(rr(rv::sltu, 1, 0xffffffff) == 1);
  CHECK(rr(rv::slt, 7, 7) == 0);
}

TEST_CASE("shifts use only the low 5 bits of rs2", "[exec]") {
  CHECK(rr(rv::sll, 1, 33) == 2);
  CHECK(rr(rv::sll, 1, 32) == 1);
  CHECK(rr(rv::srl, 0x80000000, 36) == 0x08000000);
  CHECK(rr(rv::sra, 0x80000000, 36) == 0xf8000000);
  CHECK(rr(rv::sra, 0x40000000, 4) == 0x04000000);
  CHECK(rr(rv::sll, 0x12345678, 0xffffffe0) == 0x12345678);  // rs2 = -32 -> shift 0
}

TEST_CASE("register-immediate ALU", "[exec]") {
  CHECK(alu(rv::addi(3, 1, -1), 0, 0) == 0xffffffff);
  CHECK(alu(rv::addi(3, 1, 2047), 1, 0) == 2048);
  CHECK(alu(rv::slti(3, 1, -1), 0xfffffffe, 0) == 1);           // -2 < -1
  CHECK(alu(rv::sltiu(3, 1, -1), 5, 0) == 1);                   // imm sign-extends to 0xffffffff
  CHECK(alu(rv::sltiu(3, 1, 1), 0, 0) == 1);                    // seqz idiom
  CHECK(alu(rv::xori(3, 1, -1), 0x0000ffff, 0) == 0xffff0000);  // not
  CHECK(alu(rv::ori(3, 1, 0x0f0), 0x00f, 0) == 0x0ff);
  CHECK(alu(rv::andi(3, 1, 0x0f0), 0xfff, 0) == 0x0f0);
  CHECK(alu(rv::slli(3, 1, 31), 3, 0) == 0x80000000);
  CHECK(alu(rv::srli(3, 1, 31), 0x80000000, 0) == 1);
  CHECK(alu(rv::srai(3, 1, 31), 0x80000000, 0) == 0xffffffff);
  CHECK(alu(rv::srai(3, 1, 0), 0x80000000, 0) == 0x80000000);
}

TEST_CASE("x0 ignores writes", "[exec]") {
  rv::Machine m;
  const auto r = m.exec(rv::addi(0, 0, 5));
  CHECK_FALSE(r.trap);
  CHECK_FALSE(r.rd_written);
  CHECK(m.hart.reg(0) == 0);
  m.hart.set_reg(0, 7);
  CHECK(m.hart.reg(0) == 0);
  m.exec(rv::lui(0, 0x12345));
  CHECK(m.hart.reg(0) == 0);
}

TEST_CASE("RV32M multiply", "[exec][m]") {
  CHECK(rr(rv::mul, 6, 7) == 42);
  CHECK(rr(rv::mul, 0xffffffff, 0xffffffff) == 1);              // (-1)(-1), low word
  CHECK(rr(rv::mulh, 0xffffffff, 0xffffffff) == 0);             // +1 -> high word 0
  CHECK(rr(rv::mulhu, 0xffffffff, 0xffffffff) == 0xfffffffe);   // 0xfffffffe_00000001
  CHECK(rr(rv::mulhsu, 0xffffffff, 0xffffffff) == 0xffffffff);  // -(2^32-1) = 0xffffffff_00000001
  CHECK(rr(rv::mulh, 0x80000000, 0x80000000) == 0x40000000);    // 2^62
  CHECK(rr(rv::mulhu, 0x80000000, 0x80000000) == 0x40000000);
  CHECK(rr(rv::mulhsu, 0x80000000, 0x80000000) == 0xc0000000);  // -2^31 * 2^31 = -2^62
  CHECK(rr(rv::mulhsu, 2, 0x80000000) == 1);                    // 2^32
  CHECK(rr(rv::mulh, 0xfffffffe, 3) == 0xffffffff);             // -6
}

TEST_CASE("RV32M divide, incl. by zero and overflow (spec Table 7.1)", "[exec][m]") {
  CHECK(rr(rv::div, 0xfffffff9, 2) == 0xfffffffd);  // -7/2 = -3 (toward zero)
  CHECK(rr(rv::rem, 0xfffffff9, 2) == 0xffffffff);  // -7%2 = -1 (sign of dividend)
  CHECK(rr(rv::divu, 0xfffffff9, 2) == 0x7ffffffc);
  CHECK(rr(rv::remu, 0xfffffff9, 2) == 1);
  CHECK(rr(rv::div, 7, 0) == 0xffffffff);
  CHECK(rr(rv::divu, 7, 0) == 0xffffffff);
  CHECK(rr(rv::rem, 7, 0) == 7);
  CHECK(rr(rv::remu, 7, 0) == 7);
  CHECK(rr(rv::div, 0x80000000, 0xffffffff) == 0x80000000);
  CHECK(rr(rv::rem, 0x80000000, 0xffffffff) == 0);
  CHECK(rr(rv::div, 0x80000000, 1) == 0x80000000);
}

TEST_CASE("lui, auipc", "[exec]") {
  rv::Machine m;
  m.exec(rv::lui(5, 0x12345));
  CHECK(m.hart.reg(5) == 0x12345000);
  const auto r = m.exec(rv::auipc(6, 0x1));  // at kBase + 4
  CHECK(r.pc == kBase + 4);
  CHECK(m.hart.reg(6) == kBase + 4 + 0x1000);
  m.exec(rv::auipc(7, 0xfffff));  // -4096
  CHECK(m.hart.reg(7) == kBase + 8 - 0x1000);
}

TEST_CASE("jal and jalr", "[exec]") {
  rv::Machine m;
  auto r = m.exec(rv::jal(1, 16));
  CHECK(r.next_pc == kBase + 16);
  CHECK(m.hart.pc() == kBase + 16);
  CHECK(m.hart.reg(1) == kBase + 4);
  r = m.exec(rv::jal(0, -8));
  CHECK(m.hart.pc() == kBase + 8);
  CHECK_FALSE(r.rd_written);
  // jalr clears bit 0 of the target; rd = pc + 4 even when rd == rs1.
  m.hart.set_reg(2, kBase + 0x101);
  r = m.exec(rv::jalr(2, 2, 3));
  CHECK(m.hart.pc() == kBase + 0x104);
  CHECK(m.hart.reg(2) == kBase + 12);
}

TEST_CASE("branches", "[exec]") {
  struct Case {
    uint32_t insn, a, b;
    bool taken;
  };
  const Case cases[] = {
      {rv::beq(1, 2, 16), 5, 5, true},
      {rv::beq(1, 2, 16), 5, 6, false},
      {rv::bne(1, 2, 16), 5, 6, true},
      {rv::bne(1, 2, 16), 5, 5, false},
      {rv::blt(1, 2, 16), 0xffffffff, 1, true},
      {rv::blt(1, 2, 16), 1, 0xffffffff, false},
      {rv::bge(1, 2, 16), 1, 1, true},
      {rv::bge(1, 2, 16), 0x80000000, 0, false},
      {rv::bltu(1, 2, 16), 0xffffffff, 1, false},
      {rv::bltu(1, 2, 16), 1, 0xffffffff, true},
      {rv::bgeu(1, 2, 16), 0xffffffff, 1, true},
      {rv::bgeu(1, 2, 16), 0, 1, false},
  };
  for (const auto& c : cases) {
    rv::Machine m;
    m.hart.set_reg(1, c.a);
    m.hart.set_reg(2, c.b);
    const auto r = m.exec(c.insn);
    CHECK_FALSE(r.trap);
    CHECK_FALSE(r.rd_written);
    CHECK(m.hart.pc() == (c.taken ? kBase + 16 : kBase + 4));
  }
  rv::Machine m;  // backward
  m.exec(rv::jal(0, 8));
  m.exec(rv::beq(0, 0, -8));
  CHECK(m.hart.pc() == kBase);
}

TEST_CASE("loads sign- or zero-extend", "[exec][mem]") {
  rv::Machine m;
  m.mem.store<uint32_t>(kData, 0x80017f80);  // bytes 80 7f 01 80
  m.hart.set_reg(1, kData);
  auto r = m.exec(rv::lb(3, 1, 0));
  CHECK(m.hart.reg(3) == 0xffffff80);
  CHECK(r.mem_read);
  CHECK(r.mem_addr == kData);
  CHECK(r.mem_size == 1);
  m.exec(rv::lbu(3, 1, 0));
  CHECK(m.hart.reg(3) == 0x80);
  m.exec(rv::lb(3, 1, 1));
  CHECK(m.hart.reg(3) == 0x7f);
  m.exec(rv::lh(3, 1, 2));
  CHECK(m.hart.reg(3) == 0xffff8001);
  m.exec(rv::lhu(3, 1, 2));
  CHECK(m.hart.reg(3) == 0x8001);
  m.exec(rv::lh(3, 1, 0));
  CHECK(m.hart.reg(3) == 0x7f80);
  r = m.exec(rv::lw(3, 1, 0));
  CHECK(m.hart.reg(3) == 0x80017f80);
  CHECK(r.mem_size == 4);
  m.hart.set_reg(2, kData + 8);
  m.exec(rv::lw(3, 2, -8));  // negative offset
  CHECK(m.hart.reg(3) == 0x80017f80);
}

TEST_CASE("stores write only their bytes", "[exec][mem]") {
  rv::Machine m;
  m.mem.store<uint32_t>(kData, 0x11223344);
  m.hart.set_reg(1, kData);
  m.hart.set_reg(2, 0xaabbccdd);
  auto r = m.exec(rv::sb(2, 1, 1));
  CHECK(r.mem_write);
  CHECK(r.mem_addr == kData + 1);
  CHECK(r.mem_size == 1);
  CHECK(r.mem_wdata == 0xdd);
  uint32_t w;
  REQUIRE(m.mem.load<uint32_t>(kData, w));
  CHECK(w == 0x1122dd44);
  r = m.exec(rv::sh(2, 1, 2));
  CHECK(r.mem_wdata == 0xccdd);
  REQUIRE(m.mem.load<uint32_t>(kData, w));
  CHECK(w == 0xccdddd44);
  m.exec(rv::sw(2, 1, 0));
  REQUIRE(m.mem.load<uint32_t>(kData, w));
  CHECK(w == 0xaabbccdd);
}

TEST_CASE("fence, fence.i, wfi retire as nops", "[exec]") {
  for (uint32_t insn : {rv::kFence, rv::kFenceI, rv::kWfi, rv::kNop}) {
    rv::Machine m;
    const auto r = m.exec(insn);
    CHECK_FALSE(r.trap);
    CHECK(m.hart.pc() == kBase + 4);
    CHECK(m.hart.instret() == 1);
  }
}

TEST_CASE("self-modifying code is seen after a store", "[exec]") {
  rv::Machine m;
  m.put(rv::addi(5, 0, 1)).put(rv::jal(0, -4));
  m.hart.step();
  m.hart.step();
  CHECK(m.hart.reg(5) == 1);
  m.mem.store<uint32_t>(kBase, rv::addi(5, 0, 2));
  m.hart.step();
  CHECK(m.hart.reg(5) == 2);
}

TEST_CASE("HTIF exit and console", "[exec][mem]") {
  rv::Machine m;
  m.mem.set_tohost(kData);
  std::ostringstream console;
  m.mem.set_console(&console);
  m.hart.set_reg(1, 0x10000000);
  m.hart.set_reg(2, 'A');
  m.exec(rv::sb(2, 1, 0));
  CHECK(console.str() == "A");
  m.hart.set_reg(1, kData);
  m.hart.set_reg(2, 2);  // bit 0 clear: not an exit
  m.exec(rv::sw(2, 1, 0));
  CHECK_FALSE(m.hart.exited());
  m.hart.set_reg(2, (5 << 1) | 1);
  m.exec(rv::sw(2, 1, 0));
  CHECK(m.hart.exited());
  CHECK(m.hart.exit_code() == 5);
  CHECK_THROWS(m.hart.step());
}
