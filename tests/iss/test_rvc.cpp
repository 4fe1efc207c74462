// RV32C and RV32FC. Every 16-bit word here was produced by GNU as (riscv64-unknown-elf-as
// -march=rv32imfc; `objdump -M no-aliases` shown beside it) or, for the reserved encodings
// the assembler refuses, laid out by hand from the spec's RVC tables (fields noted). None
// comes from the ISS's expander; the expected effects are worked out from the spec.
#include <catch2/catch.hpp>

#include "commit_log.h"
#include "disasm.h"
#include "rv_asm.h"

using rv::kBase;
using rv::kData;
using stackscope::iss::CommitRecord;
using stackscope::iss::IsaConfig;
namespace csr = stackscope::iss::csr;
namespace cause = stackscope::iss::cause;

namespace {

constexpr IsaConfig kImfc{.f = true, .c = true};
constexpr uint32_t kHandler = kBase + 0x400;
constexpr uint32_t kSp = 2, kRa = 1, kA0 = 10, kA1 = 11;

struct CMachine : rv::Machine {
  explicit CMachine(IsaConfig isa = kImfc) : rv::Machine(isa) { hart.csrs().mtvec = kHandler; }
  void put16(uint32_t addr, uint16_t h) { mem.store<uint16_t>(addr, h); }
  // Places the 16-bit `h` at pc (the next halfword holds a c.nop) and executes it.
  CommitRecord exec16(uint16_t h) {
    put16(hart.pc(), h);
    put16(hart.pc() + 2, 0x0001);
    return hart.step();
  }
};

// Executes `h` at kBase (or `pc`) and checks it retired as a 2-byte instruction.
CommitRecord retire16(CMachine& m, uint16_t h) {
  const uint32_t pc = m.hart.pc();
  const CommitRecord r = m.exec16(h);
  REQUIRE_FALSE(r.trap);
  CHECK(r.pc == pc);
  CHECK(r.insn == h);
  return r;
}

void check_illegal(CMachine& m, uint16_t h) {
  const uint32_t pc = m.hart.pc();
  const CommitRecord r = m.exec16(h);
  INFO("insn 0x" << std::hex << h);
  CHECK(r.trap);
  CHECK(r.cause == cause::kIllegalInsn);
  CHECK(r.tval == h);  // the 16-bit instruction, zero-extended
  CHECK(m.hart.csrs().mtval == h);
  CHECK(m.hart.csrs().mepc == pc);
  CHECK(m.hart.pc() == kHandler);
}

}  // namespace

TEST_CASE("RVC quadrant 0: c.addi4spn c.lw c.sw c.flw c.fsw", "[rvc]") {
  CMachine m;
  m.hart.set_reg(kSp, 0x1000);
  auto r = retire16(m, 0x0808);  // c.addi4spn a0,sp,16
  CHECK(m.hart.reg(kA0) == 0x1010);
  CHECK(r.next_pc == kBase + 2);
  CHECK(m.hart.pc() == kBase + 2);
  retire16(m, 0x1fe4);  // c.addi4spn s1,sp,1020
  CHECK(m.hart.reg(9) == 0x1000 + 1020);

  m.mem.store<uint32_t>(kData + 4, 0xcafef00d);
  m.hart.set_reg(kA1, kData);
  r = retire16(m, 0x41c8);  // c.lw a0,4(a1)
  CHECK(m.hart.reg(kA0) == 0xcafef00d);
  CHECK(r.mem_read);
  CHECK(r.mem_addr == kData + 4);
  m.mem.store<uint32_t>(kData + 124, 0x12345678);
  m.hart.set_reg(8, kData);
  retire16(m, 0x5c7c);  // c.lw a5,124(s0)
  CHECK(m.hart.reg(15) == 0x12345678);

  m.mem.store<uint32_t>(kData + 8, 0x3fc00000);
  retire16(m, 0x6588);  // c.flw fa0,8(a1)
  CHECK(m.hart.freg(10) == 0x3fc00000);

  m.hart.set_reg(12, 0xa5a5a5a5);
  m.hart.set_reg(13, kData);
  r = retire16(m, 0xc2b0);  // c.sw a2,64(a3)
  uint32_t w = 0;
  m.mem.load<uint32_t>(kData + 64, w);
  CHECK(w == 0xa5a5a5a5);
  CHECK(r.mem_write);
  CHECK(r.mem_addr == kData + 64);

  m.hart.set_freg(11, 0xbf800000);
  m.hart.set_reg(14, kData);
  retire16(m, 0xff6c);  // c.fsw fa1,124(a4)
  m.mem.load<uint32_t>(kData + 124, w);
  CHECK(w == 0xbf800000);
}

TEST_CASE("RVC quadrant 1: c.nop c.addi c.li c.addi16sp c.lui", "[rvc]") {
  CMachine m;
  auto r = retire16(m, 0x0001);  // c.nop
  CHECK_FALSE(r.rd_written);
  CHECK(r.next_pc == kBase + 2);
  m.hart.set_reg(kA0, 100);
  retire16(m, 0x1501);  // c.addi a0,-32
  CHECK(m.hart.reg(kA0) == 68);
  m.hart.set_reg(5, 1);
  retire16(m, 0x02fd);  // c.addi t0,31
  CHECK(m.hart.reg(5) == 32);
  retire16(m, 0x55fd);  // c.li a1,-1
  CHECK(m.hart.reg(kA1) == 0xffffffff);
  retire16(m, 0x4ffd);  // c.li t6,31
  CHECK(m.hart.reg(31) == 31);
  m.hart.set_reg(kSp, 0x2000);
  retire16(m, 0x7101);  // c.addi16sp sp,-512
  CHECK(m.hart.reg(kSp) == 0x2000 - 512);
  retire16(m, 0x617d);  // c.addi16sp sp,496
  CHECK(m.hart.reg(kSp) == 0x2000 - 512 + 496);
  retire16(m, 0x6505);  // c.lui a0,0x1
  CHECK(m.hart.reg(kA0) == 0x1000);
  retire16(m, 0x7301);  // c.lui t1,0xfffe0 (nzimm = -32: sign-extended from bit 17)
  CHECK(m.hart.reg(6) == 0xfffe0000);
}

TEST_CASE("RVC quadrant 1: shifts and register-register ALU", "[rvc]") {
  CMachine m;
  m.hart.set_reg(kA0, 0x80000000);
  retire16(m, 0x817d);  // c.srli a0,0x1f
  CHECK(m.hart.reg(kA0) == 1);
  m.hart.set_reg(kA1, 0x80000004);
  retire16(m, 0x8585);  // c.srai a1,0x1
  CHECK(m.hart.reg(kA1) == 0xc0000002);
  m.hart.set_reg(12, 0x12345678);
  retire16(m, 0x9a01);  // c.andi a2,-32
  CHECK(m.hart.reg(12) == 0x12345660);
  m.hart.set_reg(kA0, 5);
  m.hart.set_reg(kA1, 7);
  retire16(m, 0x8d0d);  // c.sub a0,a1
  CHECK(m.hart.reg(kA0) == 0xfffffffe);
  m.hart.set_reg(8, 0xff00ff00);
  m.hart.set_reg(9, 0x0ff00ff0);
  retire16(m, 0x8c25);  // c.xor s0,s1
  CHECK(m.hart.reg(8) == 0xf0f0f0f0);
  m.hart.set_reg(14, 0xff00ff00);
  m.hart.set_reg(15, 0x0ff00ff0);
  retire16(m, 0x8f5d);  // c.or a4,a5
  CHECK(m.hart.reg(14) == 0xfff0fff0);
  m.hart.set_reg(12, 0xff00ff00);
  m.hart.set_reg(13, 0x0ff00ff0);
  retire16(m, 0x8e75);  // c.and a2,a3
  CHECK(m.hart.reg(12) == 0x0f000f00);
}

TEST_CASE("RVC jumps and branches: c.j c.jal c.beqz c.bnez c.jr c.jalr", "[rvc]") {
  CMachine m;
  m.hart.set_pc(kBase + 0x1000);
  auto r = retire16(m, 0x2ffd);  // c.jal .+2046: links pc + 2, not pc + 4
  CHECK(r.next_pc == kBase + 0x1000 + 2046);
  CHECK(m.hart.reg(kRa) == kBase + 0x1002);
  m.hart.set_pc(kBase + 0x1000);
  retire16(m, 0x3001);  // c.jal .-2048
  CHECK(m.hart.pc() == kBase + 0x1000 - 2048);
  CHECK(m.hart.reg(kRa) == kBase + 0x1002);

  m.hart.set_pc(kBase + 0x1000);
  m.hart.set_reg(kRa, 0);
  r = retire16(m, 0xbffd);  // c.j .-2
  CHECK(r.next_pc == kBase + 0x1000 - 2);
  CHECK_FALSE(r.rd_written);

  m.hart.set_pc(kBase + 0x1000);
  m.hart.set_reg(kA0, 0);
  retire16(m, 0xcd7d);  // c.beqz a0,.+254: taken
  CHECK(m.hart.pc() == kBase + 0x1000 + 254);
  m.hart.set_pc(kBase + 0x1000);
  m.hart.set_reg(kA0, 1);
  retire16(m, 0xcd7d);  // not taken: falls through by 2
  CHECK(m.hart.pc() == kBase + 0x1002);
  m.hart.set_pc(kBase + 0x1000);
  m.hart.set_reg(9, 1);
  retire16(m, 0xf081);  // c.bnez s1,.-256: taken
  CHECK(m.hart.pc() == kBase + 0x1000 - 256);
  m.hart.set_pc(kBase + 0x1000);
  m.hart.set_reg(9, 0);
  retire16(m, 0xf081);
  CHECK(m.hart.pc() == kBase + 0x1002);

  m.hart.set_pc(kBase);
  m.hart.set_reg(kRa, kBase + 0x202);  // a 2-aligned target is fine with C
  r = retire16(m, 0x8082);             // c.jr ra
  CHECK(r.next_pc == kBase + 0x202);
  CHECK_FALSE(r.rd_written);

  m.hart.set_pc(kBase + 0x10);
  m.hart.set_reg(15, kBase + 0x300);
  retire16(m, 0x9782);  // c.jalr a5
  CHECK(m.hart.pc() == kBase + 0x300);
  CHECK(m.hart.reg(kRa) == kBase + 0x12);

  // c.jalr ra: the target is read before ra is overwritten with the link.
  m.hart.set_pc(kBase + 0x20);
  m.hart.set_reg(kRa, kBase + 0x400 + 3);  // bit 0 cleared, as jalr does
  retire16(m, 0x9082);                     // c.jalr ra
  CHECK(m.hart.pc() == kBase + 0x402);
  CHECK(m.hart.reg(kRa) == kBase + 0x22);
}

TEST_CASE("RVC quadrant 2: c.slli c.lwsp c.flwsp c.mv c.add c.swsp c.fswsp c.ebreak", "[rvc]") {
  CMachine m;
  m.hart.set_reg(5, 3);
  retire16(m, 0x02fe);  // c.slli t0,0x1f
  CHECK(m.hart.reg(5) == 0x80000000);

  m.hart.set_reg(kSp, kData);
  m.mem.store<uint32_t>(kData + 252, 0x0badf00d);
  auto r = retire16(m, 0x50fe);  // c.lwsp ra,252(sp)
  CHECK(m.hart.reg(kRa) == 0x0badf00d);
  CHECK(r.mem_addr == kData + 252);
  m.mem.store<uint32_t>(kData + 4, 0x40490fdb);
  retire16(m, 0x6012);  // c.flwsp ft0,4(sp)
  CHECK(m.hart.freg(0) == 0x40490fdb);

  m.hart.set_reg(31, 0x7777);
  retire16(m, 0x857e);  // c.mv a0,t6
  CHECK(m.hart.reg(kA0) == 0x7777);
  m.hart.set_reg(5, 0x10);
  retire16(m, 0x9116);  // c.add sp,t0
  CHECK(m.hart.reg(kSp) == kData + 0x10);

  m.hart.set_reg(kSp, kData);
  m.hart.set_reg(27, 0x5a5a5a5a);
  retire16(m, 0xdfee);  // c.swsp s11,252(sp)
  uint32_t w = 0;
  m.mem.load<uint32_t>(kData + 252, w);
  CHECK(w == 0x5a5a5a5a);
  m.hart.set_freg(27, 0xc0000000);
  retire16(m, 0xe06e);  // c.fswsp fs11,0(sp)
  m.mem.load<uint32_t>(kData, w);
  CHECK(w == 0xc0000000);

  const uint32_t pc = m.hart.pc();
  r = m.exec16(0x9002);  // c.ebreak
  CHECK(r.trap);
  CHECK(r.cause == cause::kBreakpoint);
  CHECK(r.tval == pc);
  CHECK(m.hart.csrs().mepc == pc);
}

TEST_CASE("RVC hints retire as no-ops", "[rvc]") {
  CMachine m;
  auto r = retire16(m, 0x6005);  // c.lui zero,0x1 (rd = 0: hint)
  CHECK_FALSE(r.rd_written);
  m.hart.set_reg(8, 0x1234);
  retire16(m, 0x8001);  // c.srli s0,0 (shamt = 0: hint on RV32): s0 keeps its value
  CHECK(m.hart.reg(8) == 0x1234);
  m.hart.set_reg(kRa, 5);
  r = retire16(m, 0x8006);  // c.mv zero,ra (rd = 0: hint)
  CHECK_FALSE(r.rd_written);
  CHECK(m.hart.reg(0) == 0);
}

TEST_CASE("reserved and RV64/D-only compressed encodings are illegal, mtval = the halfword",
          "[rvc][trap]") {
  CMachine m;
  // quadrant 0
  check_illegal(m, 0x0000);  // all zero (c.unimp): c.addi4spn with nzuimm = 0
  check_illegal(m, 0x0004);  // c.addi4spn s1,sp,0: nzuimm = 0 reserved
  check_illegal(m, 0x2000);  // 001: c.fld (no D)
  check_illegal(m, 0x8000);  // 100: reserved
  check_illegal(m, 0xa000);  // 101: c.fsd (no D)
  // quadrant 1
  check_illegal(m, 0x6501);  // c.lui a0 with nzimm = 0: reserved
  check_illegal(m, 0x6101);  // c.addi16sp with nzimm = 0: reserved
  check_illegal(m, 0x9101);  // c.srli a0 with shamt[5] = 1: not RV32 (100 1 00 010 00000 01)
  check_illegal(m, 0x9501);  // c.srai a0 with shamt[5] = 1 (100 1 01 010 00000 01)
  check_illegal(m, 0x9d0d);  // c.subw a0,a1: RV64 only (100 1 11 010 00 011 01)
  check_illegal(m, 0x9d2d);  // c.addw a0,a1: RV64 only (100 1 11 010 01 011 01)
  check_illegal(m, 0x9d4d);  // 100 1 11 .. 10: reserved
  // quadrant 2
  check_illegal(m, 0x1502);  // c.slli a0 with shamt[5] = 1: not RV32 (000 1 01010 00000 10)
  check_illegal(m, 0x2002);  // 001: c.fldsp (no D)
  check_illegal(m, 0x4002);  // c.lwsp with rd = 0: reserved
  check_illegal(m, 0x8002);  // c.jr with rs1 = 0: reserved
  check_illegal(m, 0xa002);  // 101: c.fsdsp (no D)

  // At a pc with bit 1 set: mepc is that pc.
  m.hart.set_pc(kBase + 0x102);
  check_illegal(m, 0x0000);
}

TEST_CASE("C.FLW/C.FSW/C.FLWSP/C.FSWSP without F are illegal", "[rvc][trap]") {
  CMachine m(IsaConfig{.c = true});
  m.hart.set_reg(kA1, kData);
  m.hart.set_reg(kSp, kData);
  check_illegal(m, 0x6588);  // c.flw fa0,8(a1)
  check_illegal(m, 0xff6c);  // c.fsw fa1,124(a4)
  check_illegal(m, 0x6012);  // c.flwsp ft0,4(sp)
  check_illegal(m, 0xe06e);  // c.fswsp fs11,0(sp)
  retire16(m, 0x0808);       // the integer ones run
}

TEST_CASE("without C a 16-bit word is an illegal 32-bit instruction", "[rvc][trap]") {
  rv::Machine m(IsaConfig{.f = true});
  m.hart.csrs().mtvec = kHandler;
  m.put_at(kBase, 0x00004505);  // c.li a0,1 and a zero halfword
  const auto r = m.hart.step();
  CHECK(r.trap);
  CHECK(r.cause == cause::kIllegalInsn);
  CHECK(r.tval == 0x00004505);  // all 32 bits
  CHECK(m.hart.reg(kA0) == 0);
}

TEST_CASE("32-bit instruction at pc % 4 == 2 straddles two words", "[rvc]") {
  CMachine m;
  m.put16(kBase, 0x0001);                           // c.nop
  const uint32_t addi = rv::addi(kA0, 0, 0x123);    // 0x12300513
  m.put16(kBase + 2, static_cast<uint16_t>(addi));  // low half in word 0
  m.put16(kBase + 4, static_cast<uint16_t>(addi >> 16));
  const uint32_t jal = rv::jal(kRa, 0x100);  // at kBase + 6: links pc + 4
  m.put16(kBase + 6, static_cast<uint16_t>(jal));
  m.put16(kBase + 8, static_cast<uint16_t>(jal >> 16));
  auto r = m.hart.step();
  CHECK(r.next_pc == kBase + 2);
  r = m.hart.step();
  REQUIRE_FALSE(r.trap);
  CHECK(r.pc == kBase + 2);
  CHECK(r.insn == addi);
  CHECK(r.next_pc == kBase + 6);
  CHECK(m.hart.reg(kA0) == 0x123);
  r = m.hart.step();
  REQUIRE_FALSE(r.trap);
  CHECK(r.next_pc == kBase + 6 + 0x100);
  CHECK(m.hart.reg(kRa) == kBase + 10);
}

TEST_CASE("fetch fault in the second half of a 32-bit instruction: mtval = that half",
          "[rvc][trap]") {
  CMachine m;
  const uint32_t ram_end = kBase + m.mem.ram_size();
  const uint32_t addi = rv::addi(kA0, 0, 1);
  m.put16(ram_end - 2, static_cast<uint16_t>(addi));  // its upper half would be past RAM
  m.hart.set_pc(ram_end - 2);
  auto r = m.hart.step();
  CHECK(r.trap);
  CHECK(r.cause == cause::kFetchAccess);
  CHECK(r.tval == ram_end);                  // the portion that faulted
  CHECK(m.hart.csrs().mepc == ram_end - 2);  // the instruction's address
  // A 16-bit instruction in RAM's last halfword runs.
  m.put16(ram_end - 2, 0x4505);  // c.li a0,1
  m.hart.set_pc(ram_end - 2);
  r = m.hart.step();
  REQUIRE_FALSE(r.trap);
  CHECK(m.hart.reg(kA0) == 1);
  // The fetch after it faults at its own address.
  r = m.hart.step();
  CHECK(r.trap);
  CHECK(r.tval == ram_end);
  CHECK(m.hart.csrs().mepc == ram_end);
}

TEST_CASE("2-aligned branch and jump targets: legal with C, misaligned without", "[rvc][trap]") {
  for (const bool c : {true, false}) {
    CMachine m(IsaConfig{.f = true, .c = c});
    m.put_at(kBase, rv::beq(0, 0, 6));
    auto r = m.hart.step();
    if (c) {
      CHECK_FALSE(r.trap);
      CHECK(m.hart.pc() == kBase + 6);
    } else {
      CHECK(r.trap);
      CHECK(r.cause == cause::kMisalignedFetch);
      CHECK(r.tval == kBase + 6);
      CHECK(m.hart.csrs().mepc == kBase);
    }
    m.hart.set_pc(kBase + 0x20);
    m.hart.set_reg(5, kBase + 0x102);
    m.put_at(kBase + 0x20, rv::jalr(kRa, 5, 0));
    r = m.hart.step();
    CHECK(r.trap == !c);
    if (c) CHECK(m.hart.reg(kRa) == kBase + 0x24);
  }
}

TEST_CASE("misa.C and mepc with C on and off", "[rvc][csr]") {
  for (const bool c : {true, false}) {
    CMachine m(IsaConfig{.f = true, .c = c});
    m.exec(rv::csrrs(kA0, csr::kMisa, 0));
    CHECK(m.hart.reg(kA0) == (c ? 0x40001124u : 0x40001120u));
    m.hart.set_reg(kA1, ~0u);
    m.exec(rv::csrrw(0, csr::kMisa, kA1));  // WARL: C is not writable
    m.exec(rv::csrrs(kA0, csr::kMisa, 0));
    CHECK(m.hart.reg(kA0) == (c ? 0x40001124u : 0x40001120u));
    m.hart.set_reg(kA1, kBase + 0x203);
    m.exec(rv::csrrw(0, csr::kMepc, kA1));
    m.exec(rv::csrrs(kA0, csr::kMepc, 0));
    CHECK(m.hart.reg(kA0) == (c ? kBase + 0x202 : kBase + 0x200));  // bit 0 / bits 1:0 read 0
  }
  CHECK(IsaConfig{.c = true}.name() == std::string("rv32imc"));
  CHECK(IsaConfig::parse("rv32imfc").c);
  CHECK(IsaConfig::parse("rv32imfc").f);
  CHECK_FALSE(IsaConfig::parse("rv32imf").c);
  CHECK_THROWS(IsaConfig::parse("rv32imcf"));
}

TEST_CASE("mret to a 2-aligned mepc with C", "[rvc][trap]") {
  CMachine m;
  m.hart.csrs().mepc = kBase + 0x302;
  const auto r = m.exec(rv::kMret);
  CHECK(r.next_pc == kBase + 0x302);
  m.put16(kBase + 0x302, 0x4505);  // c.li a0,1
  CHECK_FALSE(m.hart.step().trap);
  CHECK(m.hart.pc() == kBase + 0x304);
}

TEST_CASE("decode cache: 16- and 32-bit code at the same and neighbouring pcs", "[rvc]") {
  CMachine m;
  m.put16(kBase, 0x4505);      // c.li a0,1
  m.put16(kBase + 2, 0x4589);  // c.li a1,2
  m.hart.step();
  m.hart.step();
  CHECK(m.hart.reg(kA0) == 1);
  CHECK(m.hart.reg(kA1) == 2);
  m.put_at(kBase, rv::addi(kA0, 0, 7));  // overwritten by a 32-bit instruction
  m.hart.set_pc(kBase);
  const auto r = m.hart.step();
  CHECK(r.next_pc == kBase + 4);
  CHECK(m.hart.reg(kA0) == 7);
}

TEST_CASE("compressed disassembly", "[rvc][disasm]") {
  using stackscope::iss::disasm;
  // objdump -M no-aliases text, with this disassembler's ", " and absolute targets.
  CHECK(disasm(0x0808, 0, true) == "c.addi4spn a0, sp, 16");
  CHECK(disasm(0x41c8, 0, true) == "c.lw a0, 4(a1)");
  CHECK(disasm(0xc2b0, 0, true) == "c.sw a2, 64(a3)");
  CHECK(disasm(0x6588, 0, true) == "c.flw fa0, 8(a1)");
  CHECK(disasm(0xe06e, 0, true) == "c.fswsp fs11, 0(sp)");
  CHECK(disasm(0x0001, 0, true) == "c.nop");
  CHECK(disasm(0x1501, 0, true) == "c.addi a0, -32");
  CHECK(disasm(0x55fd, 0, true) == "c.li a1, -1");
  CHECK(disasm(0x7101, 0, true) == "c.addi16sp sp, -512");
  CHECK(disasm(0x7301, 0, true) == "c.lui t1, 0xfffe0");
  CHECK(disasm(0x817d, 0, true) == "c.srli a0, 0x1f");
  CHECK(disasm(0x8d0d, 0, true) == "c.sub a0, a1");
  CHECK(disasm(0x2ffd, 0x80000014, true) == "c.jal 0x80000812");
  CHECK(disasm(0xbffd, 0x80000032, true) == "c.j 0x80000030");
  CHECK(disasm(0xcd7d, 0x80000034, true) == "c.beqz a0, 0x80000132");
  CHECK(disasm(0x50fe, 0, true) == "c.lwsp ra, 252(sp)");
  CHECK(disasm(0x8082, 0, true) == "c.jr ra");
  CHECK(disasm(0x857e, 0, true) == "c.mv a0, t6");
  CHECK(disasm(0x9116, 0, true) == "c.add sp, t0");
  CHECK(disasm(0x9782, 0, true) == "c.jalr a5");
  CHECK(disasm(0x9002, 0, true) == "c.ebreak");
  CHECK(disasm(0x0000, 0, true) == ".2byte 0x0000");
  // A word read at a 16-bit instruction's address: only its low half counts.
  CHECK(disasm(0x45894505, 0, true) == "c.li a0, 1");
  CHECK(disasm(0x00150513, 0, true) == "addi a0, a0, 1");  // 32-bit code is unchanged
  // Without C (an ELF without EF_RISCV_RVC, a core without misa.C) the same bits are no
  // instruction: data or an illegal word prints as a word, not as a c.* mnemonic.
  CHECK(disasm(0x0808, 0, false) == ".word 0x00000808");
  CHECK(disasm(0x00000001, 0, false) == ".word 0x00000001");
  CHECK(disasm(0x00150513, 0, false) == disasm(0x00150513, 0, true));  // 32-bit: the same
}

TEST_CASE("commit log prints a 16-bit instruction in 4 digits", "[rvc][log]") {
  CMachine m;
  const auto r = m.exec16(0x4505);  // c.li a0,1
  CHECK(stackscope::iss::CommitLog::format(r) == "core   0: 3 0x80000000 (0x4505) x10 0x00000001");
}
