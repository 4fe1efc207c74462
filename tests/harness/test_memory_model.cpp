// tb::MemoryModel timing and access semantics; expected cycles worked out from the model's
// definition (docs/dev/memory.md "Main memory"):
// due = max(issue + latency, bus free) + 32/bandwidth.
#include <catch2/catch.hpp>

#include "memory_model.h"

using stackscope::tb::MemoryModel;
using stackscope::tb::MemRequest;
using stackscope::tb::MemTiming;
namespace mmap = stackscope::iss::mmap;

namespace {
// The first cycle in [from, from+100) in which the line port answers, or 0.
uint64_t line_due(MemoryModel& m, uint64_t from) {
  for (uint64_t c = from; c < from + 100; ++c)
    if (m.line_respond(c).valid) return c;
  return 0;
}
}  // namespace

TEST_CASE("word port answers after the latency, loads see stored bytes", "[memory_model]") {
  stackscope::iss::Memory mem(1 << 16);
  MemoryModel m(mem, MemTiming{.latency = 20});
  m.request({.we = true, .addr = mmap::kRamBase + 6, .wdata = 0xab0000u, .size = 1}, 5);
  CHECK_FALSE(m.respond(24).valid);
  auto r = m.respond(25);
  CHECK(r.valid);
  CHECK_FALSE(r.err);
  m.request({.addr = mmap::kRamBase + 4, .size = 4}, 30);
  r = m.respond(50);
  CHECK(r.valid);
  CHECK(r.rdata == 0x00ab0000u);  // byte 6 = lane 2 of the word at +4
  m.request({.addr = mmap::kRamBase + 6, .size = 2}, 60);
  CHECK(m.respond(80).rdata == 0x00ab0000u);  // halfword at +6 stays in lanes 2-3
}

TEST_CASE("word port faults outside RAM and console", "[memory_model]") {
  stackscope::iss::Memory mem(1 << 16);
  MemoryModel m(mem, MemTiming{.latency = 3});
  m.request({.addr = 0x40000000u, .size = 4}, 0);
  CHECK(m.respond(3).err);
  m.request({.addr = mmap::kConsole, .size = 4}, 10);  // console: byte stores only
  CHECK(m.respond(13).err);
  m.request({.ifetch = true, .addr = mmap::kRamBase + (1 << 16), .size = 4}, 20);
  CHECK(m.respond(23).err);
}

TEST_CASE("perfect L1 answers RAM in one cycle, MMIO still takes the latency", "[memory_model]") {
  stackscope::iss::Memory mem(1 << 16);
  MemoryModel m(mem, MemTiming{.latency = 20, .perfect_l1i = true, .perfect_l1d = true});
  m.request({.ifetch = true, .addr = mmap::kRamBase, .size = 4}, 7);
  CHECK(m.respond(8).valid);
  m.request({.addr = mmap::kRamBase, .size = 4}, 9);
  CHECK(m.respond(10).valid);
  m.request({.addr = 0x40000000u, .size = 4}, 11);
  CHECK_FALSE(m.respond(12).valid);
  CHECK(m.respond(31).err);
}

TEST_CASE("line port: latency plus transfer, beats serialised", "[memory_model]") {
  stackscope::iss::Memory mem(1 << 16);
  MemoryModel m(mem, MemTiming{.latency = 20, .bandwidth = 8, .outstanding = 4});
  uint32_t line[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  m.line_request(mmap::kRamBase + 64, true, line, 10);   // due 10+20+4 = 34
  m.line_request(mmap::kRamBase + 64, false, nullptr, 11);  // start max(31, 34) -> due 38
  CHECK(line_due(m, 0) == 34);
  const auto r = [&] {
    for (uint64_t c = 35; c < 100; ++c)
      if (auto x = m.line_respond(c); x.valid) return std::make_pair(c, x);
    return std::make_pair(uint64_t{0}, stackscope::tb::LineResponse{});
  }();
  CHECK(r.first == 38);
  CHECK(r.second.data[0] == 1);
  CHECK(r.second.data[7] == 8);
}

TEST_CASE("line port: outstanding limit delays the next request's latency", "[memory_model]") {
  stackscope::iss::Memory mem(1 << 16);
  SECTION("one outstanding") {
    MemoryModel m(mem, MemTiming{.latency = 20, .bandwidth = 32, .outstanding = 1});
    m.line_request(mmap::kRamBase, false, nullptr, 10);  // due 31
    m.line_request(mmap::kRamBase + 32, false, nullptr, 11);  // enters at 31: due 52
    CHECK(line_due(m, 0) == 31);
    CHECK(line_due(m, 32) == 52);
  }
  SECTION("four outstanding") {
    MemoryModel m(mem, MemTiming{.latency = 20, .bandwidth = 32, .outstanding = 4});
    m.line_request(mmap::kRamBase, false, nullptr, 10);       // due 31
    m.line_request(mmap::kRamBase + 32, false, nullptr, 11);  // due 32
    CHECK(line_due(m, 0) == 31);
    CHECK(line_due(m, 32) == 32);
  }
}

TEST_CASE("line port: a line outside RAM is an error", "[memory_model]") {
  stackscope::iss::Memory mem(1 << 16);
  MemoryModel m(mem, MemTiming{.latency = 1, .bandwidth = 32});
  m.line_request(mmap::kRamBase + (1 << 16), false, nullptr, 0);
  const auto r = m.line_respond(2);
  CHECK(r.valid);
  CHECK(r.err);
}
