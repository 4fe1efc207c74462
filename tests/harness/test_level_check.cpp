// LevelCheck (tb/harness/check/level_check.h): the miss level the probe names for a blamed ROB
// head against the memory model's record of line reads. Hand-traced machines: a load and a
// store-buffer wait served by memory (line read sent in cycle r, answered in cycle u) and by
// the L2 (no line read); each right level passes, each level swapped in one cycle is reported.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "level_check.h"
#include "memory_model.h"
#include "rob_window.h"

using namespace stackscope;
using pmu::InstrCls;

namespace {

constexpr uint32_t kLw = 0x00432283;     // lw x5, 4(x6)
constexpr uint32_t kAddiX6 = 0x00000313;  // addi x6, x0, 0 (the test sets its result)
constexpr uint32_t kSw = 0x00532023;  // sw x5, 0(x6)
constexpr uint32_t kData = 0x80010000, kCode = 0x80000040;

// A 4-entry ROB, a one-entry store buffer. Each cycle's probe is built from the blamed head's
// class (none: no blame), its commits and the store buffer's free entries.
struct Bench {
  check::LevelCheck check{4};
  tb::LineReadLog log;
  pmu::RobWindow window;
  uint64_t cycle = 0;
  Bench() { log.set_image(0x80000100, 0x80000040); }  // code up to 0x80000040 (+ fetch-ahead)
  std::string step(std::optional<InstrCls> head, unsigned disp = 0, unsigned sb_free = 1,
                   std::vector<tb::RtlCommit> commits = {}) {
    pmu::Probe p;
    p.disp_n = disp;
    p.disp_rob_idx = window.next_idx;
    p.cmt_n = static_cast<uint32_t>(commits.size());
    p.rob_head_valid = head.has_value();
    p.rob_head_done = !head.has_value();
    p.rob_head_cls = head.value_or(InstrCls::kSingle);
    pmu::CoreObs o;
    o.sb_free = sb_free;
    const pmu::RobWindow before = window;
    window.step(p, 3);
    return check.step(cycle++, p, before, o, commits, log);
  }
  static tb::RtlCommit rec(uint32_t insn, uint32_t addr) {
    tb::RtlCommit c;
    c.valid = true, c.pc = 0x80000010, c.insn = insn, c.mem_addr = addr;
    c.mem_we = insn == kSw;
    return c;
  }
};

// A load at the head from cycle 1, answered and committed in cycle 12; its base register
// (x6) is written by the record before it, in cycle 1 (the commit port names no load address:
// the check follows the registers). `level(t)`: what the probe names in cycle t; `read`: the
// memory's line read of its line (sent r=3, answered u=9).
std::string load(uint32_t addr, bool read, InstrCls (*level)(uint64_t)) {
  Bench b;
  std::string e = b.step(std::nullopt, 2);  // cycle 0: the base's write and the load dispatched
  tb::RtlCommit base = Bench::rec(kAddiX6, 0);
  base.rd_we = true, base.rd = 6, base.rd_wdata = addr - 4;
  if (e.empty()) e = b.step(level(1), 0, 1, {base});
  for (uint64_t t = 2; t < 12 && e.empty(); ++t) {
    if (read && t == 3) b.log.add({.line = addr & ~31u, .requested = 3, .answered = 9});
    e = b.step(level(t));
  }
  return e.empty() ? b.step(std::nullopt, 0, 1, {Bench::rec(kLw, 0)}) : e;
}

// Cycle 0: a store commits (the buffer's one entry holds it from cycle 1); a second store waits
// at the head on the full buffer from cycle 1. Its line read (if any) is sent in cycle 4 and
// answered in cycle 10: the L1D's miss tags show it in cycles 6..11; the buffered store's answer
// arrives in cycle 13 and the buffer frees in cycle 14, when the waiting store commits.
std::string sb_wait(bool read, InstrCls (*level)(uint64_t), uint32_t addr = kData) {
  Bench b;
  std::string e = b.step(std::nullopt, 2);  // both stores dispatched
  if (e.empty()) e = b.step(std::nullopt, 0, 1, {Bench::rec(kSw, addr)});
  for (uint64_t t = 2; t < 14 && e.empty(); ++t) {
    if (read && t == 4) b.log.add({.line = addr & ~31u, .requested = 4, .answered = 10});
    e = b.step(level(t), 0, 0);
  }
  return e.empty() ? b.step(std::nullopt, 0, 1, {Bench::rec(kSw, addr + 64)}) : e;
}

InstrCls from_memory(uint64_t t) { return t >= 5 ? InstrCls::kDcMem : InstrCls::kDcL2; }
InstrCls from_l2(uint64_t) { return InstrCls::kDcL2; }
InstrCls sb_from_memory(uint64_t t) {
  return (t >= 6 && t <= 11) || t == 13 ? InstrCls::kDcMem : InstrCls::kDcL2;
}

}  // namespace

TEST_CASE("LevelCheck: a load's miss level against the memory's line reads", "[probe]") {
  CHECK(load(kData, true, from_memory).empty());
  CHECK(load(kData, false, from_l2).empty());
  // Swapped levels, each in one cycle.
  CHECK(load(kData, true, [](uint64_t t) { return t == 4 ? InstrCls::kDcMem : from_memory(t); })
            .starts_with("probe rule head_level: the load at pc 80000010 (line 80010000) was "
                         "named dcache_mem in cycle 4, but its line's L2 read was sent in cycle 3"));
  CHECK(load(kData, true, [](uint64_t t) { return t == 8 ? InstrCls::kDcL2 : from_memory(t); })
            .find("named dcache_l2 in cycle 8, but its line missed the L2") != std::string::npos);
  CHECK(load(kData, false, [](uint64_t t) { return t == 7 ? InstrCls::kDcMem : from_l2(t); })
            .find("the L2 served it") != std::string::npos);
  // The whole swap (a memory miss booked as L2, an L2 hit as memory).
  CHECK(!load(kData, true, from_l2).empty());
  CHECK(!load(kData, false, from_memory).empty());
  // A line the L1I may read too is not judged.
  CHECK(load(kCode, false, from_memory).empty());
}

TEST_CASE("LevelCheck: a store-buffer wait's level against the memory's line reads", "[probe]") {
  CHECK(sb_wait(true, sb_from_memory).empty());
  CHECK(sb_wait(false, from_l2).empty());
  CHECK(sb_wait(true, [](uint64_t t) { return t == 5 ? InstrCls::kDcMem : sb_from_memory(t); })
            .starts_with("probe rule sb_level: the store at pc 80000010 waited on the store "
                         "buffer in cycle 5 and the probe named dcache_mem"));
  CHECK(sb_wait(true, [](uint64_t t) { return t == 9 ? InstrCls::kDcL2 : sb_from_memory(t); })
            .find("in cycle 9 and the probe named dcache_l2, but the buffer's oldest store (line "
                  "80010000) missed the L2") != std::string::npos);
  // After the fill and before the answer the store waits in the L1D as an L2-level wait.
  CHECK(!sb_wait(true, [](uint64_t t) { return t == 12 ? InstrCls::kDcMem : sb_from_memory(t); })
             .empty());
  // The answer's cycle is the memory's level.
  CHECK(!sb_wait(true, [](uint64_t t) { return t == 13 ? InstrCls::kDcL2 : sb_from_memory(t); })
             .empty());
  CHECK(sb_wait(false, [](uint64_t t) { return t == 13 ? InstrCls::kDcMem : from_l2(t); })
            .find("was not waiting on memory then") != std::string::npos);
  CHECK(!sb_wait(true, from_l2).empty());
  CHECK(sb_wait(false, sb_from_memory, kCode).empty());  // a code line: not judged
}
