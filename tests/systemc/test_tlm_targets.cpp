// The TLM-2.0 targets and router of tb/systemc/tlm_targets.h, driven through their sockets:
// reads and writes, byte enables, address errors, console, HTIF exit, CLINT, the error
// device, DMI (not offered) and misuse. Expected values are the bytes written and the
// memory map of iss/memory.h.
#include <catch2/catch.hpp>

#include <cstring>
#include <sstream>
#include <string>

#include "tlm_targets.h"

using stackscope::sc::ErrorTarget;
using stackscope::sc::IssTarget;
using stackscope::sc::Router;
namespace mmap = stackscope::iss::mmap;
using sc_core::SC_NS;
using sc_core::sc_time;

// libsystemc's main() needs it; Catch2's main runs the tests.
int sc_main(int, char**) { return 0; }

namespace {

const sc_time kPeriod(10, SC_NS);

struct Txn {
  tlm::tlm_generic_payload gp;
  sc_time delay = sc_core::SC_ZERO_TIME;
  Txn(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, unsigned len) {
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(data);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  }
};

template <class Target>
tlm::tlm_response_status transport(Target& t, Txn& x) {
  t.socket.get_base_interface().b_transport(x.gp, x.delay);
  return x.gp.get_response_status();
}

struct Initiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Initiator> socket;
  explicit Initiator(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}
};

uint32_t word(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

}  // namespace

TEST_CASE("memory target: reads and writes, latency as delay", "[targets]") {
  stackscope::iss::Memory mem(1 << 16);
  IssTarget ram("ram_rw", mem, mmap::kRamBase, 1 << 16, 20, kPeriod);
  uint8_t w[4] = {0x11, 0x22, 0x33, 0x44};
  Txn wr(tlm::TLM_WRITE_COMMAND, 0x100, w, 4);
  REQUIRE(transport(ram, wr) == tlm::TLM_OK_RESPONSE);
  CHECK(wr.delay == 20 * kPeriod);
  uint32_t v = 0;
  REQUIRE(mem.load<uint32_t>(mmap::kRamBase + 0x100, v));
  CHECK(v == 0x44332211u);
  // A whole line read back, the written word at its offset.
  uint8_t line[32] = {};
  Txn rd(tlm::TLM_READ_COMMAND, 0x100, line, 32);
  REQUIRE(transport(ram, rd) == tlm::TLM_OK_RESPONSE);
  CHECK(word(line) == 0x44332211u);
  CHECK(word(line + 4) == 0);
  // Sub-word: a half-word read at offset 2 of the word.
  uint8_t h[2] = {};
  Txn rh(tlm::TLM_READ_COMMAND, 0x102, h, 2);
  REQUIRE(transport(ram, rh) == tlm::TLM_OK_RESPONSE);
  CHECK((h[0] == 0x33 && h[1] == 0x44));
}

TEST_CASE("memory target: byte enables", "[targets]") {
  stackscope::iss::Memory mem(1 << 16);
  IssTarget ram("ram_be", mem, mmap::kRamBase, 1 << 16, 1, kPeriod);
  REQUIRE(mem.store<uint32_t>(mmap::kRamBase + 0x40, 0xaabbccddu));
  uint8_t w[4] = {0x01, 0x02, 0x03, 0x04};
  uint8_t be[4] = {TLM_BYTE_ENABLED, TLM_BYTE_DISABLED, TLM_BYTE_ENABLED, TLM_BYTE_DISABLED};
  Txn wr(tlm::TLM_WRITE_COMMAND, 0x40, w, 4);
  wr.gp.set_byte_enable_ptr(be);
  wr.gp.set_byte_enable_length(4);
  REQUIRE(transport(ram, wr) == tlm::TLM_OK_RESPONSE);
  uint32_t v = 0;
  REQUIRE(mem.load<uint32_t>(mmap::kRamBase + 0x40, v));
  CHECK(v == 0xaa03cc01u);  // bytes 0 and 2 written, 1 and 3 kept
  // A read with a repeating 2-byte pattern over 8 bytes fills only the enabled lanes.
  REQUIRE(mem.store<uint32_t>(mmap::kRamBase + 0x44, 0x55667788u));
  uint8_t r[8];
  std::memset(r, 0xee, sizeof r);
  uint8_t be2[2] = {TLM_BYTE_DISABLED, TLM_BYTE_ENABLED};
  Txn rd(tlm::TLM_READ_COMMAND, 0x40, r, 8);
  rd.gp.set_byte_enable_ptr(be2);
  rd.gp.set_byte_enable_length(2);
  REQUIRE(transport(ram, rd) == tlm::TLM_OK_RESPONSE);
  const uint8_t want[8] = {0xee, 0xcc, 0xee, 0xaa, 0xee, 0x77, 0xee, 0x55};
  CHECK(std::memcmp(r, want, 8) == 0);
}

TEST_CASE("memory target: out-of-range addresses", "[targets]") {
  stackscope::iss::Memory mem(1 << 16);
  IssTarget ram("ram_oor", mem, mmap::kRamBase, 1 << 16, 1, kPeriod);
  uint8_t d[32] = {};
  Txn past(tlm::TLM_READ_COMMAND, 1 << 16, d, 4);
  CHECK(transport(ram, past) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  Txn across(tlm::TLM_WRITE_COMMAND, (1 << 16) - 16, d, 32);  // crosses the end
  CHECK(transport(ram, across) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  Txn last(tlm::TLM_READ_COMMAND, (1 << 16) - 4, d, 4);
  CHECK(transport(ram, last) == tlm::TLM_OK_RESPONSE);
}

TEST_CASE("memory target: DMI is not offered", "[targets]") {
  stackscope::iss::Memory mem(1 << 16);
  IssTarget ram("ram_dmi", mem, mmap::kRamBase, 1 << 16, 1, kPeriod);
  uint8_t d[4] = {};
  Txn rd(tlm::TLM_READ_COMMAND, 0, d, 4);
  tlm::tlm_dmi dmi;
  CHECK_FALSE(ram.socket.get_base_interface().get_direct_mem_ptr(rd.gp, dmi));
  REQUIRE(transport(ram, rd) == tlm::TLM_OK_RESPONSE);
  CHECK_FALSE(rd.gp.is_dmi_allowed());
}

TEST_CASE("console and HTIF", "[targets]") {
  stackscope::iss::Memory mem(1 << 16);
  std::ostringstream console;
  mem.set_console(&console);
  IssTarget con("console", mem, mmap::kConsole, 4, 1, kPeriod);
  for (char c : std::string("hi\n")) {
    uint8_t b = static_cast<uint8_t>(c);
    Txn wr(tlm::TLM_WRITE_COMMAND, 0, &b, 1);
    REQUIRE(transport(con, wr) == tlm::TLM_OK_RESPONSE);
  }
  CHECK(console.str() == "hi\n");
  uint8_t r[4];
  Txn rd(tlm::TLM_READ_COMMAND, 0, r, 4);  // write-only
  CHECK(transport(con, rd) == tlm::TLM_GENERIC_ERROR_RESPONSE);
  // HTIF: tohost is a RAM word; a store with bit 0 set ends the program with value >> 1.
  IssTarget ram("ram_htif", mem, mmap::kRamBase, 1 << 16, 1, kPeriod);
  mem.set_tohost(mmap::kRamBase + 0x1000);
  uint32_t v = (21u << 1) | 1;
  uint8_t w[4];
  std::memcpy(w, &v, 4);
  Txn ex(tlm::TLM_WRITE_COMMAND, 0x1000, w, 4);
  REQUIRE(transport(ram, ex) == tlm::TLM_OK_RESPONSE);
  CHECK(mem.exited());
  CHECK(mem.exit_code() == 21);
}

TEST_CASE("CLINT target", "[targets]") {
  stackscope::iss::Memory mem(1 << 16);
  IssTarget clint("clint", mem, mmap::kMsip, 0x10000, 1, kPeriod);
  auto put = [&](uint32_t off, uint32_t v) {
    uint8_t w[4];
    std::memcpy(w, &v, 4);
    Txn t(tlm::TLM_WRITE_COMMAND, off, w, 4);
    return transport(clint, t);
  };
  auto get = [&](uint32_t off, uint32_t& v) {
    uint8_t r[4] = {};
    Txn t(tlm::TLM_READ_COMMAND, off, r, 4);
    const auto s = transport(clint, t);
    v = word(r);
    return s;
  };
  REQUIRE(put(mmap::kMtimecmp - mmap::kMsip, 0x1234u) == tlm::TLM_OK_RESPONSE);
  REQUIRE(put(mmap::kMtimecmp - mmap::kMsip + 4, 0x5u) == tlm::TLM_OK_RESPONSE);
  CHECK(mem.clint().mtimecmp == 0x500001234ull);
  REQUIRE(put(0, 3) == tlm::TLM_OK_RESPONSE);  // msip keeps bit 0
  uint32_t v = 0;
  REQUIRE(get(0, v) == tlm::TLM_OK_RESPONSE);
  CHECK(v == 1);
  mem.clint().mtime = 0x700000009ull;
  REQUIRE(get(mmap::kMtime - mmap::kMsip + 4, v) == tlm::TLM_OK_RESPONSE);
  CHECK(v == 7);
  uint8_t b = 0;
  Txn byte(tlm::TLM_READ_COMMAND, 0, &b, 1);  // registers are words
  CHECK(transport(clint, byte) == tlm::TLM_GENERIC_ERROR_RESPONSE);
  CHECK(get(0x10, v) == tlm::TLM_GENERIC_ERROR_RESPONSE);  // no register there
}

TEST_CASE("error device and misuse", "[targets]") {
  ErrorTarget err("bus_error", 3 * kPeriod);
  uint8_t d[4] = {};
  Txn rd(tlm::TLM_READ_COMMAND, 0, d, 4);
  CHECK(transport(err, rd) == tlm::TLM_GENERIC_ERROR_RESPONSE);
  CHECK(rd.delay == 3 * kPeriod);
  stackscope::iss::Memory mem(1 << 16);
  IssTarget ram("ram_misuse", mem, mmap::kRamBase, 1 << 16, 1, kPeriod);
  Txn zero(tlm::TLM_READ_COMMAND, 0, d, 0);
  CHECK_THROWS_WITH(transport(ram, zero), Catch::Contains("zero-length transaction"));
  Txn stream(tlm::TLM_READ_COMMAND, 0, d, 4);
  stream.gp.set_streaming_width(2);
  CHECK(transport(ram, stream) == tlm::TLM_BURST_ERROR_RESPONSE);
}

// Elaborates (once per process): run alone, `[router]` (tests/systemc/CMakeLists.txt).
TEST_CASE("router: decode, relative addresses, address errors", "[router]") {
  stackscope::iss::Memory mem(1 << 16);
  // [0x8000_1000, +4 KiB) slow before the RAM that contains it: the first range wins.
  Router router("router", {{mmap::kRamBase + 0x1000, 0x1000}, {mmap::kRamBase, 1 << 16}, {0x40000000, 0x100}},
                7 * kPeriod);
  IssTarget slow("slow", mem, mmap::kRamBase + 0x1000, 0x1000, 100, kPeriod);
  IssTarget fast("fast", mem, mmap::kRamBase, 1 << 16, 20, kPeriod);
  ErrorTarget err("err", 5 * kPeriod);
  router.out[0].bind(slow.socket);
  router.out[1].bind(fast.socket);
  router.out[2].bind(err.socket);
  Initiator cpu("cpu");
  cpu.socket.bind(router.in);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // completes the bindings
  auto go = [&](uint64_t addr, Txn& t) {
    t.gp.set_address(addr);
    cpu.socket->b_transport(t.gp, t.delay);
    CHECK(t.gp.get_address() == addr);  // restored for the initiator
    return t.gp.get_response_status();
  };
  REQUIRE(mem.store<uint32_t>(mmap::kRamBase + 0x1008, 0xcafef00du));
  uint8_t d[4] = {};
  Txn a(tlm::TLM_READ_COMMAND, 0, d, 4);
  REQUIRE(go(mmap::kRamBase + 0x1008, a) == tlm::TLM_OK_RESPONSE);
  CHECK(word(d) == 0xcafef00du);
  CHECK(a.delay == 100 * kPeriod);  // the slow target
  Txn b(tlm::TLM_READ_COMMAND, 0, d, 4);
  REQUIRE(go(mmap::kRamBase + 0x8, b) == tlm::TLM_OK_RESPONSE);
  CHECK(b.delay == 20 * kPeriod);
  Txn c(tlm::TLM_READ_COMMAND, 0, d, 4);
  CHECK(go(0x30000000, c) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
  CHECK(c.delay == 7 * kPeriod);  // the router's error delay
  Txn e(tlm::TLM_WRITE_COMMAND, 0, d, 4);
  CHECK(go(0x40000000, e) == tlm::TLM_GENERIC_ERROR_RESPONSE);
  CHECK(e.delay == 5 * kPeriod);
  uint8_t line[32] = {};
  Txn f(tlm::TLM_READ_COMMAND, 0, line, 32);  // crosses the end of RAM
  CHECK(go(mmap::kRamBase + (1 << 16) - 16, f) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

// A router output left unbound: elaboration throws (an sc_report, which stackscope-sc prints
// as one line), it does not abort. Run alone: `[unbound]`.
TEST_CASE("misuse: an unbound socket is an exception naming it", "[unbound]") {
  Router router("lonely", {{0, 0x100}});
  try {
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    FAIL("elaboration accepted an unbound socket");
  } catch (const sc_core::sc_report& e) {
    const std::string what = e.what();
    CHECK_THAT(what.substr(0, what.find('\n')), Catch::Contains("not bound") && Catch::Contains("lonely"));
  }
}
