// Zicsr/Zicntr semantics, precise traps and interrupts (privileged spec, machine mode).
#include <catch2/catch.hpp>

#include "rv_asm.h"

using rv::kBase;
using rv::kData;
namespace csr = stackscope::iss::csr;

namespace {
constexpr uint32_t kHandler = kBase + 0x400;
constexpr uint32_t kMie = 1u << 3, kMpie = 1u << 7;

void check_trap(const stackscope::iss::CommitRecord& r, rv::Machine& m, uint32_t cause,
                uint32_t tval, uint32_t epc) {
  CHECK(r.trap);
  CHECK(r.cause == cause);
  CHECK(r.tval == tval);
  CHECK_FALSE(r.rd_written);
  CHECK(m.hart.csrs().mcause == cause);
  CHECK(m.hart.csrs().mtval == tval);
  CHECK(m.hart.csrs().mepc == epc);
  CHECK(m.hart.pc() == kHandler);
  CHECK(r.next_pc == kHandler);
}

rv::Machine with_handler() {
  rv::Machine m;
  m.hart.csrs().mtvec = kHandler;
  return m;
}
}  // namespace

TEST_CASE("csrrw/csrrs/csrrc and immediate forms", "[csr]") {
  rv::Machine m;
  m.hart.set_reg(2, 0x1234);
  m.exec(rv::csrrw(1, csr::kMscratch, 2));
  CHECK(m.hart.reg(1) == 0);
  CHECK(m.hart.csrs().mscratch == 0x1234);
  m.hart.set_reg(4, 0xf0);
  m.exec(rv::csrrs(3, csr::kMscratch, 4));
  CHECK(m.hart.reg(3) == 0x1234);
  CHECK(m.hart.csrs().mscratch == 0x12f4);
  m.hart.set_reg(6, 0x4);
  m.exec(rv::csrrc(5, csr::kMscratch, 6));
  CHECK(m.hart.reg(5) == 0x12f4);
  CHECK(m.hart.csrs().mscratch == 0x12f0);
  m.exec(rv::csrrwi(7, csr::kMscratch, 5));
  CHECK(m.hart.reg(7) == 0x12f0);
  CHECK(m.hart.csrs().mscratch == 5);
  m.exec(rv::csrrsi(0, csr::kMscratch, 2));
  CHECK(m.hart.csrs().mscratch == 7);
  m.exec(rv::csrrci(8, csr::kMscratch, 1));
  CHECK(m.hart.reg(8) == 7);
  CHECK(m.hart.csrs().mscratch == 6);
}

TEST_CASE("read-only CSRs: reading is fine, writing traps", "[csr][trap]") {
  auto m = with_handler();
  // rs1 = x0 / uimm = 0 means no write, so these retire.
  CHECK_FALSE(m.exec(rv::csrrs(1, csr::kMvendorid, 0)).trap);
  CHECK_FALSE(m.exec(rv::csrrsi(1, csr::kCycle, 0)).trap);
  CHECK_FALSE(m.exec(rv::csrrc(1, csr::kMhartid, 0)).trap);
  CHECK(m.exec(rv::csrrs(1, csr::kMisa, 0)).rd_value == 0x40001100);  // RV32, I, M
  // Any other rs1 is a write attempt, even when the register holds 0.
  const uint32_t pc = m.hart.pc();
  const uint32_t insn = rv::csrrs(1, csr::kMvendorid, 5);
  check_trap(m.exec(insn), m, 2, insn, pc);
  m.hart.csrs().mtvec = kHandler;
  const uint32_t w = rv::csrrw(0, csr::kCycle, 0);  // csrrw always writes
  check_trap(m.exec(w), m, 2, w, kHandler);
  const uint32_t wi = rv::csrrsi(1, csr::kInstret, 1);
  check_trap(m.exec(wi), m, 2, wi, kHandler);
}

TEST_CASE("unknown CSR is an illegal instruction", "[csr][trap]") {
  auto m = with_handler();
  const uint32_t insn = rv::csrrs(1, 0x7c0, 0);
  check_trap(m.exec(insn), m, 2, insn, kBase);
  CHECK(m.hart.reg(1) == 0);
  const uint32_t b01 = rv::csrrs(1, 0xb01, 0);  // between mcycle and minstret: no such CSR
  check_trap(m.exec(b01), m, 2, b01, kHandler);
}

TEST_CASE("minstret/mcycle count; mcountinhibit stops them", "[csr][counters]") {
  rv::Machine m;
  for (int i = 0; i < 3; ++i) m.exec(rv::kNop);
  CHECK(m.hart.csrs().minstret == 3);
  CHECK(m.hart.csrs().mcycle == 3);  // standalone: one cycle per instruction
  auto r = m.exec(rv::csrrs(1, csr::kInstret, 0));
  CHECK(r.rd_value == 3);  // reads the value before this instruction retires
  CHECK(r.csr_counter_read);
  CHECK(m.exec(rv::csrrs(1, csr::kMinstret, 0)).rd_value == 4);
  // The write applies to the writing instruction's own increment (as in Spike): 3 nops and
  // 2 reads counted, the csrrwi that sets IR not.
  m.exec(rv::csrrwi(0, csr::kMcountinhibit, 4));  // IR
  CHECK(m.hart.csrs().minstret == 5);
  for (int i = 0; i < 5; ++i) m.exec(rv::kNop);
  CHECK(m.hart.csrs().minstret == 5);
  CHECK(m.hart.csrs().mcycle == 11);  // CY still counts
  CHECK(m.hart.instret() == 11);
  m.exec(rv::csrrwi(0, csr::kMcountinhibit, 1));  // IR off, CY on: this one counts, mcycle not
  m.exec(rv::kNop);
  CHECK(m.hart.csrs().minstret == 7);
  CHECK(m.hart.csrs().mcycle == 11);
}

TEST_CASE("writing minstret sets it for the next instruction", "[csr][counters]") {
  rv::Machine m;
  m.hart.set_reg(2, 100);
  m.exec(rv::csrrw(0, csr::kMinstret, 2));
  CHECK(m.hart.csrs().minstret == 100);
  m.exec(rv::kNop);
  CHECK(m.hart.csrs().minstret == 101);
  m.hart.set_reg(2, 7);
  m.exec(rv::csrrw(0, csr::kMinstreth, 2));
  CHECK(m.hart.csrs().minstret == (7ull << 32 | 101));
}

TEST_CASE("counter reads are flagged and can be overridden (lockstep)", "[csr][counters]") {
  rv::Machine m;
  m.hart.set_cycle(1000);
  m.exec(rv::kNop);
  auto r = m.exec(rv::csrrs(1, csr::kCycle, 0));
  CHECK(r.rd_value == 1000);  // the RTL drives mcycle now
  CHECK(r.csr_counter_read);
  m.hart.override_rd(1234);
  CHECK(m.hart.reg(1) == 1234);
  CHECK_FALSE(m.exec(rv::csrrs(1, csr::kMscratch, 0)).csr_counter_read);
  CHECK(m.exec(rv::csrrs(1, csr::kMhpmcounter3 + 4, 0)).csr_counter_read);
}

TEST_CASE("hpm counters and event selectors are storage", "[csr][counters]") {
  rv::Machine m;
  m.hart.set_reg(2, 0xdeadbeef);
  m.exec(rv::csrrw(0, csr::kMhpmcounter31, 2));
  m.exec(rv::csrrw(0, csr::kMhpmcounter3h, 2));
  m.exec(rv::csrrw(0, csr::kMhpmevent3, 2));
  m.exec(rv::csrrw(0, csr::kMhpmeventh31, 2));
  CHECK(m.hart.csrs().mhpmcounter[28] == 0xdeadbeef);
  CHECK(m.hart.csrs().mhpmcounter[0] == 0xdeadbeef00000000ull);
  CHECK(m.exec(rv::csrrs(1, csr::kHpmcounter31, 0)).rd_value == 0xdeadbeef);
  CHECK(m.exec(rv::csrrs(1, csr::kMhpmevent3, 0)).rd_value == 0xdeadbeef);
  CHECK(m.exec(rv::csrrs(1, csr::kMhpmeventh31, 0)).rd_value == 0xdeadbeef);
}

TEST_CASE("ecall, ebreak, illegal", "[trap]") {
  auto m = with_handler();
  check_trap(m.exec(rv::kEcall), m, 11, 0, kBase);
  CHECK(m.hart.instret() == 0);  // traps do not retire
  check_trap(m.exec(rv::kEbreak), m, 3, kHandler, kHandler);
  check_trap(m.exec(0xffffffff), m, 2, 0xffffffff, kHandler);
  check_trap(m.exec(0x00000000), m, 2, 0, kHandler);
}

TEST_CASE("misaligned loads and stores trap with the address in mtval", "[trap][mem]") {
  auto m = with_handler();
  m.hart.set_reg(1, kData);
  check_trap(m.exec(rv::lw(3, 1, 1)), m, 4, kData + 1, kBase);
  check_trap(m.exec(rv::lh(3, 1, 3)), m, 4, kData + 3, kHandler);
  check_trap(m.exec(rv::lhu(3, 1, 1)), m, 4, kData + 1, kHandler);
  check_trap(m.exec(rv::sw(3, 1, 2)), m, 6, kData + 2, kHandler);
  check_trap(m.exec(rv::sh(3, 1, 1)), m, 6, kData + 1, kHandler);
  CHECK_FALSE(m.exec(rv::lb(3, 1, 3)).trap);  // bytes are always aligned
}

TEST_CASE("access faults outside the memory map", "[trap][mem]") {
  auto m = with_handler();
  m.hart.set_reg(1, 0x00001000);
  check_trap(m.exec(rv::lw(3, 1, 0)), m, 5, 0x1000, kBase);
  check_trap(m.exec(rv::sw(3, 1, 0)), m, 7, 0x1000, kHandler);
  m.hart.set_reg(1, kBase + 64 * 1024);  // one past the end of the 64 KiB RAM
  check_trap(m.exec(rv::lw(3, 1, 0)), m, 5, kBase + 64 * 1024, kHandler);
  m.hart.set_reg(1, 0x10000000);
  check_trap(m.exec(rv::sw(3, 1, 0)), m, 7, 0x10000000, kHandler);  // console is byte-wide
}

TEST_CASE("jumps to a misaligned target trap on the jump", "[trap]") {
  auto m = with_handler();
  m.hart.set_reg(2, kBase + 0x102);
  check_trap(m.exec(rv::jalr(1, 2, 0)), m, 0, kBase + 0x102, kBase);
  CHECK(m.hart.reg(1) == 0);  // rd not written
  check_trap(m.exec(rv::jal(1, 6)), m, 0, kHandler + 6, kHandler);
  check_trap(m.exec(rv::beq(0, 0, 2)), m, 0, kHandler + 2, kHandler);
  CHECK_FALSE(m.exec(rv::bne(0, 0, 2)).trap);  // not taken: no trap
}

TEST_CASE("fetch outside RAM is an instruction access fault", "[trap]") {
  auto m = with_handler();
  m.exec(rv::lui(1, 0x1));
  m.exec(rv::jalr(0, 1, 0));  // to 0x1000
  REQUIRE(m.hart.pc() == 0x1000);
  const auto r = m.hart.step();
  check_trap(r, m, 1, 0x1000, 0x1000);
}

TEST_CASE("interrupts: taken only when enabled, with the right mcause", "[irq]") {
  auto m = with_handler();
  m.hart.set_external_irq(true);
  CHECK_FALSE(m.exec(rv::kNop).trap);  // mie.MEIE = 0
  m.hart.csrs().mie = 1u << 11;
  CHECK_FALSE(m.exec(rv::kNop).trap);  // mstatus.MIE = 0
  CHECK(m.hart.csrs().mip == 1u << 11);
  m.hart.csrs().mstatus |= kMie;
  const uint32_t pc = m.hart.pc();
  const auto r = m.hart.step();
  check_trap(r, m, 0x8000000b, 0, pc);
  CHECK(m.hart.csrs().mstatus == (kMpie | 3u << 11));  // MIE -> MPIE, MIE cleared
  CHECK(m.hart.instret() == 2);
  // Still pending but now masked by MIE = 0: the handler runs.
  CHECK_FALSE(m.exec(rv::kNop).trap);
  m.hart.set_external_irq(false);
  m.put_at(m.hart.pc(), rv::kMret);
  m.hart.step();
  CHECK(m.hart.pc() == pc);
  CHECK((m.hart.csrs().mstatus & kMie) != 0);  // mret restores MIE from MPIE
  CHECK((m.hart.csrs().mstatus & kMpie) != 0);
}

TEST_CASE("timer interrupt from the CLINT, vectored mtvec", "[irq]") {
  auto m = with_handler();
  m.hart.csrs().mtvec = kHandler | 1;
  m.hart.csrs().mie = 1u << 7;
  m.hart.csrs().mstatus |= kMie;
  m.mem.clint().mtimecmp = 2;  // mtime counts retired instructions in standalone runs
  CHECK_FALSE(m.exec(rv::kNop).trap);
  CHECK_FALSE(m.exec(rv::kNop).trap);
  const auto r = m.hart.step();
  CHECK(r.trap);
  CHECK(r.cause == 0x80000007);
  CHECK(m.hart.pc() == kHandler + 4 * 7);
  CHECK(m.hart.csrs().mepc == kBase + 8);
}

TEST_CASE("software interrupt through msip; exceptions stay non-vectored", "[irq]") {
  auto m = with_handler();
  m.hart.csrs().mtvec = kHandler | 1;
  m.hart.csrs().mie = 1u << 3;
  m.hart.csrs().mstatus |= kMie;
  m.mem.clint().msip = 1;
  auto r = m.hart.step();
  CHECK(r.cause == 0x80000003);
  CHECK(m.hart.pc() == kHandler + 12);
  m.mem.clint().msip = 0;
  m.put_at(m.hart.pc(), rv::kEcall);
  r = m.hart.step();
  CHECK(r.cause == 11);
  CHECK(m.hart.pc() == kHandler);
}

TEST_CASE("counter-overflow interrupt (LCOFI) and priorities", "[irq]") {
  auto m = with_handler();
  m.hart.csrs().mie = (1u << 13) | (1u << 7) | (1u << 11);
  m.hart.set_reg(2, 1u << 13);
  m.exec(rv::csrrs(0, csr::kMip, 2));  // LCOFIP is software-writable (Sscofpmf)
  CHECK(m.hart.csrs().mip == 1u << 13);
  m.hart.csrs().mstatus |= kMie;
  m.hart.set_timer_irq(true);
  m.hart.set_external_irq(true);
  m.hart.drive_irqs_from_clint(false);
  auto r = m.hart.step();
  CHECK(r.cause == 0x8000000b);  // MEI first
  m.hart.set_external_irq(false);
  m.hart.csrs().mstatus |= kMie;
  r = m.hart.step();
  CHECK(r.cause == 0x80000007);  // then MTI
  m.hart.set_timer_irq(false);
  m.hart.csrs().mstatus |= kMie;
  r = m.hart.step();
  CHECK(r.cause == 0x8000000d);  // LCOFI last
  CHECK(r.insn == 0);
}

TEST_CASE("mip's external bits are read-only to software", "[csr]") {
  rv::Machine m;
  m.hart.set_reg(2, 0xffffffff);
  m.exec(rv::csrrw(0, csr::kMip, 2));
  CHECK(m.hart.csrs().mip == 1u << 13);
  m.exec(rv::csrrw(0, csr::kMie, 2));
  CHECK(m.hart.csrs().mie == ((1u << 3) | (1u << 7) | (1u << 11) | (1u << 13)));
}

TEST_CASE("mtime load is flagged as a counter read", "[mem][counters]") {
  rv::Machine m;
  m.exec(rv::kNop);
  m.hart.set_reg(1, 0x0200bff8);
  const auto r = m.exec(rv::lw(3, 1, 0));
  CHECK(r.csr_counter_read);
  CHECK(m.hart.reg(3) == 1);  // one instruction retired before the load
}
