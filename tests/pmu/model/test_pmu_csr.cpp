// Directed tests of the counter CSRs (Zicntr/Zihpm/Sscofpmf + counter mask), expected
// values derived by hand from the privileged spec and the event table; model AND RTL.
#include <catch2/catch.hpp>
#include <vector>

#include "Vpmu_csr_k4.h"
#include "pmu_csr.h"
#include "unit_dut.h"

using namespace stackscope::pmu;
namespace a = stackscope::pmu::csr_addr;

namespace {

struct Bench {
  PmuCsr model{PmuCsrConfig{}};
  CsrDut<Vpmu_csr_k4> dut;
  void cycle(const Probe& p, std::optional<CsrWrite> w = std::nullopt) {
    dut.top().csr_we_i = w.has_value();
    dut.top().csr_addr_i = w ? w->addr : 0;
    dut.top().csr_wdata_i = w ? w->data : 0;
    dut.cycle(p);
    model.step(p, w);
    REQUIRE_FALSE(dut.assertion_failed());
  }
  void write(uint16_t addr, uint32_t data) { cycle(Probe{}, CsrWrite{addr, data}); }
  // Reads through the RTL's CSR port and checks the model agrees.
  uint32_t read(uint16_t addr) {
    dut.top().csr_addr_i = addr;
    dut.top().eval();
    const uint32_t v = dut.top().csr_rdata_o;
    CHECK(model.read(addr) == v);
    return v;
  }
  uint64_t read64(uint16_t addr) { return read(addr) | uint64_t{read(addr | a::kHighHalf)} << 32; }
};

Probe disp(unsigned n) {
  Probe p;
  p.disp_n = n;
  p.be_stall = 1;  // keep FetchBubbles out of the way
  return p;
}

}  // namespace

TEST_CASE("mhpmevent: plain count, threshold, invert and edge", "[csr]") {
  // Four counters on SlotsIssued (event 4), dispatch stream 2, 1, 2, 0, 1, 1, 0, 2:
  //  plain                      : 2+1+2+0+1+1+0+2 = 9
  //  threshold 2 (cycles >= 2)  : cycles 0, 2, 7 = 3
  //  threshold 2, invert (< 2)  : 8 - 3 = 5
  //  threshold 1, edge (0 -> >=1): cycle 0 (previous cycle counted 0), cycle 4, cycle 7 = 3
  // Setup runs with the four counters inhibited (mcountinhibit bits 3-6): a setup cycle
  // dispatches nothing, which the inverted counter would otherwise count. The write that
  // lifts the inhibit takes effect after its own cycle, so counting starts with the stream.
  Bench b;
  b.write(a::kMcountinhibit, 0x78);
  const auto slots_issued = static_cast<uint8_t>(PmuEvent::kSlotsIssued);
  b.write(a::kMhpmevent3 + 0, static_cast<uint32_t>(HpmEvent::make(slots_issued)));
  b.write(a::kMhpmevent3 + 1, static_cast<uint32_t>(HpmEvent::make(slots_issued, 2)));
  b.write(a::kMhpmevent3 + 2, static_cast<uint32_t>(HpmEvent::make(slots_issued, 2, true)));
  b.write(a::kMhpmevent3 + 3, static_cast<uint32_t>(HpmEvent::make(slots_issued, 1, false, true)));
  b.write(a::kMcountinhibit, 0);
  for (unsigned n : {2u, 1u, 2u, 0u, 1u, 1u, 0u, 2u}) b.cycle(disp(n));
  CHECK(b.read64(a::kMhpmcounter3 + 0) == 9);
  CHECK(b.read64(a::kMhpmcounter3 + 1) == 3);
  CHECK(b.read64(a::kMhpmcounter3 + 2) == 5);
  CHECK(b.read64(a::kMhpmcounter3 + 3) == 3);
}

TEST_CASE("mcountinhibit stops mcycle, minstret and one hpm counter", "[csr]") {
  // Two setup writes (mhpmevent3, mhpmevent4 <- Cycles; each takes effect the cycle after),
  // then 5 cycles committing 2 each: mcycle 2 + 5 = 7, minstret 10, mhpmcounter3 1 + 5 = 6
  // (it counts the second setup cycle), mhpmcounter4 5. Then inhibit CY, IR and HPM4
  // (0x15; bit 1, TM, reads 0 whatever is written): the inhibit write's own cycle still
  // counts everywhere, the 5 cycles after it only in mhpmcounter3.
  Bench b;
  b.write(a::kMhpmevent3, 1);      // mhpmcounter3 <- Cycles
  b.write(a::kMhpmevent3 + 1, 1);  // mhpmcounter4 <- Cycles
  Probe p;
  p.cmt_n = 2;
  for (int i = 0; i < 5; ++i) b.cycle(p);
  CHECK(b.read64(a::kMcycle) == 7);  // 2 setup cycles + 5
  CHECK(b.read64(a::kMinstret) == 10);
  CHECK(b.read64(a::kMhpmcounter3) == 6);
  b.write(a::kMcountinhibit, 0x17);
  CHECK(b.read(a::kMcountinhibit) == 0x15);
  for (int i = 0; i < 5; ++i) b.cycle(p);
  CHECK(b.read64(a::kMcycle) == 8);         // 7 + the inhibit write's cycle
  CHECK(b.read64(a::kMinstret) == 10);      // that cycle committed nothing
  CHECK(b.read64(a::kMhpmcounter3) == 12);  // 6 + 1 + 5
  CHECK(b.read64(a::kMhpmcounter3 + 1) == 6);
}

TEST_CASE("Sscofpmf: overflow sets OF and raises LCOFI once", "[csr]") {
  // mhpmcounter3 counts cycles from 0xFFFFFFFF_FFFFFFFE: the 2nd increment wraps to 0, so
  // OF (mhpmeventh bit 31) and mip.LCOFIP (bit 13, interrupt cause 13) are set.
  Bench b;
  b.write(a::kMhpmevent3, 1);
  b.write(a::kMhpmcounter3 | a::kHighHalf, 0xFFFFFFFF);
  b.write(a::kMhpmcounter3, 0xFFFFFFFE);
  CHECK(b.read64(a::kMhpmcounter3) == 0xFFFFFFFFFFFFFFFEull);
  b.cycle(Probe{});
  CHECK_FALSE(b.dut.top().lcofip_o);
  b.cycle(Probe{});
  CHECK(b.read64(a::kMhpmcounter3) == 0);
  CHECK(b.read(a::kMhpmevent3h) == 0x80000000u);
  CHECK(b.read(a::kMip) == 1u << 13);
  CHECK(b.dut.top().lcofip_o);
  // Software clears mip.LCOFIP but not OF: a second overflow must NOT raise LCOFI again.
  b.write(a::kMip, 0);
  b.write(a::kMhpmcounter3, 0xFFFFFFFF);
  b.write(a::kMhpmcounter3 | a::kHighHalf, 0xFFFFFFFF);
  b.cycle(Probe{});  // wraps with OF still set
  CHECK(b.read(a::kMip) == 0);
  // Clearing OF re-arms it: the next wrap raises LCOFI.
  b.write(a::kMhpmevent3h, 0);
  b.write(a::kMhpmcounter3, 0xFFFFFFFF);
  b.write(a::kMhpmcounter3 | a::kHighHalf, 0xFFFFFFFF);
  b.cycle(Probe{});
  CHECK(b.read(a::kMip) == 1u << 13);
  CHECK(b.read(a::kMhpmevent3h) == 0x80000000u);
}

TEST_CASE("MINH inhibits an hpm counter; undefined events count nothing", "[csr]") {
  Bench b;
  b.write(a::kMhpmevent3, 1);
  b.write(a::kMhpmevent3h, 1u << 30);  // MINH: the core runs in M-mode only
  b.write(a::kMhpmevent3 + 1, 200);    // no such event
  b.write(a::kMhpmcounter3, 0);
  for (int i = 0; i < 4; ++i) b.cycle(Probe{});
  CHECK(b.read64(a::kMhpmcounter3) == 0);
  CHECK(b.read64(a::kMhpmcounter3 + 1) == 0);
  CHECK(b.read(a::kMhpmevent3h) == 1u << 30);
}
