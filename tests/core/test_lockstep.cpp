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
