// tb::Lockstep must accept a record equal to the architectural one and reject any field
// that differs. The reference records come from a second, independent ISS instance.
#include <catch2/catch.hpp>

#include "lockstep.h"

using stackscope::tb::Lockstep;
using stackscope::tb::RtlCommit;

namespace {
const std::string kElf = std::string(STACKSCOPE_SW_DIR) + "/isa/alu_imm.elf";

RtlCommit from_iss(const stackscope::iss::CommitRecord& r) {
  return RtlCommit{.valid = true, .pc = r.pc, .insn = r.insn, .trap = r.trap, .cause = r.cause,
                   .rd_we = r.rd_written, .rd = r.rd, .rd_wdata = r.rd_value,
                   .mem_we = r.mem_write, .mem_addr = r.mem_addr, .mem_wdata = r.mem_wdata,
                   .mem_size = r.mem_size};
}
}  // namespace

TEST_CASE("lockstep accepts the architectural records", "[lockstep]") {
  stackscope::iss::Memory mem;
  stackscope::iss::Hart ref(mem, mem.load_elf(kElf).entry);
  Lockstep ls(kElf, stackscope::iss::mmap::kDefaultRamSize);
  for (int i = 0; i < 50; ++i) REQUIRE(ls.step(from_iss(ref.step()), i).empty());
}

TEST_CASE("lockstep reports a differing field", "[lockstep]") {
  stackscope::iss::Memory mem;
  stackscope::iss::Hart ref(mem, mem.load_elf(kElf).entry);
  Lockstep ls(kElf, stackscope::iss::mmap::kDefaultRamSize);
  // Advance to the first record that writes a register.
  RtlCommit c;
  do {
    c = from_iss(ref.step());
    if (!c.rd_we) REQUIRE(ls.step(c, 0).empty());
  } while (!c.rd_we);
  SECTION("rd value") { c.rd_wdata ^= 1; }
  SECTION("rd index") { c.rd ^= 1; }
  SECTION("pc") { c.pc += 4; }
  SECTION("insn") { c.insn ^= 0x100; }
  SECTION("missing write") { c.rd_we = false; }
  SECTION("spurious store") {
    c.mem_we = true;
    c.mem_size = 4;
  }
  SECTION("spurious trap") {
    c.trap = true;
    c.cause = 2;
  }
  const std::string diff = ls.step(c, 0);
  CHECK(diff.find("rtl ") != std::string::npos);
  CHECK(diff.find("| iss ") != std::string::npos);
}

// RV32F: the lockstep ISS is RV32IMF; an f-register write is compared as such (file, index,
// value) and fflags after every record. The reference is an independent RV32IMF ISS.
TEST_CASE("lockstep compares f registers and fflags", "[lockstep][fp]") {
  namespace iss = stackscope::iss;
  const std::string elf = std::string(STACKSCOPE_SW_DIR) + "/isa/f_arith.elf";
  iss::Memory mem;
  iss::Hart ref(mem, mem.load_elf(elf).entry, iss::IsaConfig{.f = true});
  Lockstep ls(elf, iss::mmap::kDefaultRamSize);
  auto record = [&ref](const iss::CommitRecord& r) {
    RtlCommit c = from_iss(r);
    if (r.frd_written) {
      c.rd_we = true;
      c.rd_fp = true;
      c.rd = r.frd;
      c.rd_wdata = r.frd_value;
    }
    c.fflags = static_cast<uint8_t>(ref.csrs().fflags);
    return c;
  };
  // Up to the first f-register write after some flag was raised.
  RtlCommit c;
  int n = 0;
  for (;; ++n) {
    REQUIRE(n < 5000);
    c = record(ref.step());
    if (c.rd_fp && c.fflags != 0) break;
    REQUIRE(ls.step(c, n).empty());
  }
  SECTION("the architectural record") { CHECK(ls.step(c, n).empty()); }
  SECTION("mismatches") {
    SECTION("f value") { c.rd_wdata ^= 1; }
    SECTION("x instead of f") { c.rd_fp = false; }
    SECTION("f index") { c.rd ^= 1; }
    SECTION("fflags") { c.fflags ^= 1; }
    SECTION("fflags lost") { c.fflags = 0; }
    CHECK(ls.step(c, n).find("| iss ") != std::string::npos);
  }
}

// Interrupts: the ISS takes one only where the RTL's record is one. A record carries the lines
// of its commit cycle, so instructions committed in the same cycle as an enabled interrupt
// became visible (or head operations: MMIO, fence.i) may precede it; an instruction committed
// in a later cycle with the interrupt still pending means the RTL ignored it. The records come
// from a standalone ISS (CLINT-driven lines) and a twin that sees the same lines but never
// takes an interrupt (an RTL that ignores them).
TEST_CASE("lockstep takes interrupts where the RTL does", "[lockstep][irq]") {
  namespace iss = stackscope::iss;
  const std::string elf = std::string(STACKSCOPE_SW_DIR) + "/isa/interrupts.elf";
  iss::Memory mem, mem_held;
  iss::Hart ref(mem, mem.load_elf(elf).entry);
  iss::Hart held(mem_held, mem_held.load_elf(elf).entry);
  held.drive_irqs_from_clint(false);
  held.hold_irqs(true);
  auto drive = [&held](uint32_t mip) {
    held.set_timer_irq(mip & iss::mip::kMtip);
    held.set_software_irq(mip & iss::mip::kMsip);
  };
  Lockstep ls(elf, iss::mmap::kDefaultRamSize);
  uint64_t cycle = 0;
  RtlCommit irq;
  uint32_t mip = 0;
  for (int i = 0; i < 10000; ++i) {
    const iss::CommitRecord r = ref.step();
    mip = ref.csrs().mip;  // the lines this step saw
    irq = from_iss(r);
    irq.irq_mip = mip;
    if (r.trap && (r.cause & iss::cause::kInterrupt)) break;
    drive(mip);
    RtlCommit h = from_iss(held.step());
    h.irq_mip = mip;
    REQUIRE(h.pc == irq.pc);
    REQUIRE(ls.step(irq, ++cycle).empty());
  }
  REQUIRE(irq.trap);
  ++cycle;
  SECTION("the RTL takes it at once") { CHECK(ls.step(irq, cycle).empty()); }
  SECTION("the RTL commits two more in that cycle, then takes it") {
    drive(mip);
    for (int k = 0; k < 2; ++k) {
      RtlCommit h = from_iss(held.step());
      h.irq_mip = mip;
      REQUIRE(ls.step(h, cycle).empty());
    }
    irq.pc = held.pc();
    CHECK(ls.step(irq, cycle + 1).empty());
  }
  SECTION("the RTL ignores it") {
    drive(mip);
    RtlCommit h = from_iss(held.step());
    h.irq_mip = mip;
    REQUIRE(ls.step(h, cycle).empty());
    h = from_iss(held.step());
    h.irq_mip = mip;
    const std::string diff = ls.step(h, cycle + 1);
    CHECK(diff.find("did not take it") != std::string::npos);
  }
}
