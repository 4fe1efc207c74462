// Directed soc_mem tests with latencies derived by hand from the RTL's protocol (see the
// latency table in docs/dev/memory.md). Default parameters: L2Latency = 8, 128-set 2-way L1D,
// 256-set 8-way L2, 32-byte lines, 4 L1D MSHRs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "Vsoc_mem.h"
#include "mem_dut.h"

using namespace stackscope::tb;
namespace mmap = stackscope::iss::mmap;

namespace {

constexpr unsigned kL2Lat = 8;
constexpr unsigned kL1DSets = 128;
constexpr uint32_t kA = mmap::kRamBase + 0x20000;

struct Bench {
  explicit Bench(MemTiming t) : ram(1u << 20), dut(ram, t, 0) {
    for (uint32_t a = 0; a < (1u << 20); a += 4) ram.store<uint32_t>(mmap::kRamBase + a, a * 7 + 1);
  }
  stackscope::iss::Memory ram;
  MemDut<Vsoc_mem> dut;
  std::vector<MemObs> log;  // one entry per cycle
  uint64_t now() const { return dut.cycle(); }

  MemObs step(const DReq& d = {}, const IReq& i = {}, bool fence = false) {
    log.push_back(dut.step(d, i, fence));
    return log.back();
  }
  // Presents `d` until granted; returns the acceptance cycle.
  uint64_t issue(const DReq& d) {
    for (int n = 0; n < 1000; ++n) {
      const uint64_t c = now();
      if (step(d).dgnt) return c;
    }
    FAIL("request never granted");
    return 0;
  }
  uint64_t fetch(uint32_t addr) {
    for (int n = 0; n < 1000; ++n) {
      const uint64_t c = now();
      if (step({}, {.valid = true, .addr = addr}).igrant) return c;
    }
    FAIL("fetch never granted");
    return 0;
  }
  // Cycles until the D answer for `tag` (searching the log from `from`, stepping as needed).
  MemObs wait_d(unsigned tag, uint64_t from, uint64_t& at) {
    for (uint64_t c = from; c < from + 2000; ++c) {
      while (log.size() <= c) step();
      if (log[c].drvalid && log[c].rtag == tag) {
        at = c;
        return log[c];
      }
    }
    FAIL("no answer for tag " << tag);
    return {};
  }
  MemObs wait_i(uint64_t from, uint64_t& at) {
    for (uint64_t c = from; c < from + 2000; ++c) {
      while (log.size() <= c) step();
      if (log[c].irvalid) {
        at = c;
        return log[c];
      }
    }
    FAIL("no fetch answer");
    return {};
  }
  // A load; returns {latency, level}.
  std::pair<uint64_t, unsigned> load(uint32_t addr, unsigned tag = 1) {
    const uint64_t t = issue({.valid = true, .we = false, .addr = addr, .size = 4, .tag = tag});
    uint64_t at;
    const MemObs o = wait_d(tag, t + 1, at);
    CHECK(o.rdata == (addr - mmap::kRamBase) * 7 + 1);
    return {at - t, o.rlevel};
  }
};

// L1I miss that also misses the L2, fetch accepted in cycle t, answered in t + this (docs/
// memory.md, L1I miss / L2 miss = L2Latency + M + T + 2): the L1I sends its L2 request in t + 1;
// the L2 accepts it and moves it through its L2Latency - 1 pipeline stages, whose head
// (t + L2Latency) finds the miss and sends the line read in that same cycle (soc_l2 line_port:
// line_req_o = h_rd_miss); memory answers M + T cycles later (T = line / bandwidth beats, answer
// in the cycle after the last one); the L2 registers its answer (+1); the L1I fills and
// registers its own answer (+1).
constexpr unsigned kL1ILineBytes = 32;
constexpr unsigned l1i_l2_miss_latency(unsigned mem_lat, unsigned bandwidth) {
  return kL2Lat + mem_lat + kL1ILineBytes / bandwidth + 1 + 1;
}

MemTiming timing(unsigned lat, unsigned bw, unsigned outstanding) {
  MemTiming t;
  t.latency = lat;
  t.bandwidth = bw;
  t.outstanding = outstanding;
  return t;
}

}  // namespace

TEST_CASE("L1D load latencies: L2 miss, L1 hit, L1 miss / L2 hit", "[mem]") {
  Bench b(timing(20, 8, 4));
  // L2 miss: the L2 head sends the line read L2Latency after the L1D's request (accepted the
  // cycle after the load), memory answers after latency + 32/8 beats; the L2 registers the
  // fill (+1), the L1D fills then replays the load the next cycle (+1, +1 visible).
  CHECK(b.load(kA) == std::pair<uint64_t, unsigned>{kL2Lat + 20 + 4 + 3, 2});
  // L1 hit: answered the cycle after acceptance.
  CHECK(b.load(kA + 4) == std::pair<uint64_t, unsigned>{1, 0});
  // Two more lines in kA's L1D set (stride Sets * 32 = 4 KiB) evict kA from the 2-way L1D;
  // all three stay in L2 (8 ways).
  b.load(kA + 4096);
  b.load(kA + 8192);
  // L1 miss, L2 hit: 1 (MSHR to L2) + L2Latency + 1 (fill) + 1 (replay).
  CHECK(b.load(kA + 8) == std::pair<uint64_t, unsigned>{kL2Lat + 3, 1});
}

TEST_CASE("Independent L2 misses overlap (memory-level parallelism)", "[mem]") {
  SECTION("bandwidth-bound: 4 lines, 4-cycle transfers") {
    Bench b(timing(20, 8, 4));
    // Loads accepted in 4 consecutive cycles t..t+3 reach memory at t+k+L2Lat; the first
    // starts after 20 cycles, the rest queue for the data bus: due t+32, 36, 40, 44; each
    // answered 3 cycles after its line arrives.
    std::vector<uint64_t> acc;
    for (unsigned k = 0; k < 4; ++k)
      acc.push_back(b.issue({.valid = true, .addr = kA + 0x1000 * k + 0x100, .size = 4,
                             .tag = k}));
    for (unsigned k = 1; k < 4; ++k) CHECK(acc[k] == acc[0] + k);
    for (unsigned k = 0; k < 4; ++k) {
      uint64_t at;
      const MemObs o = b.wait_d(k, acc[0], at);
      CHECK(o.rlevel == 2);
      CHECK(at == acc[0] + kL2Lat + 20 + 4 * (k + 1) + 3);
    }
  }
  SECTION("latency-bound: 4 lines overlap fully") {
    Bench b(timing(100, 32, 4));
    std::vector<uint64_t> acc;
    for (unsigned k = 0; k < 4; ++k)
      acc.push_back(b.issue({.valid = true, .addr = kA + 0x1000 * k, .size = 4, .tag = k}));
    unsigned max_out = 0;
    for (unsigned k = 0; k < 4; ++k) {
      uint64_t at;
      b.wait_d(k, acc[0], at);
      // Serial would be 4 * 112 cycles; overlapped each takes L2Lat + 100 + 1 + 3.
      CHECK(at - acc[k] == kL2Lat + 100 + 1 + 3);
    }
    for (const auto& o : b.log) max_out = std::max(max_out, o.mem_outstanding);
    CHECK(max_out == 4);
  }
  SECTION("outstanding limit 2 at the memory controller") {
    Bench b(timing(20, 32, 2));
    std::vector<uint64_t> acc;
    for (unsigned k = 0; k < 4; ++k)
      acc.push_back(b.issue({.valid = true, .addr = kA + 0x1000 * k, .size = 4, .tag = k}));
    // Line reads reach memory at t+8..t+11. The first two are due at t+29, t+30; the third
    // enters when the first answers (t+29) and sees the whole latency: t+50; the fourth
    // enters at t+30: t+51. Answers 3 cycles after.
    const uint64_t t = acc[0];
    const uint64_t due[4] = {t + 29, t + 30, t + 50, t + 51};
    for (unsigned k = 0; k < 4; ++k) {
      uint64_t at;
      b.wait_d(k, t, at);
      CHECK(at == due[k] + 3);
    }
    unsigned max_out = 0;
    for (const auto& o : b.log) max_out = std::max(max_out, o.mem_outstanding);
    CHECK(max_out == 4);  // soc_mem has 4 requests at the controller, 2 being served
  }
}

TEST_CASE("MSHRs: secondary misses merge; a fifth miss waits for a free MSHR", "[mem]") {
  SECTION("merge") {
    Bench b(timing(20, 8, 4));
    const uint64_t req0 = b.dut.model().line_requests();
    const uint64_t t0 = b.issue({.valid = true, .addr = kA, .size = 4, .tag = 3});
    const uint64_t t1 = b.issue({.valid = true, .addr = kA + 12, .size = 2, .tag = 5});
    CHECK(t1 == t0 + 1);
    uint64_t a0, a1;
    b.wait_d(3, t0, a0);
    b.wait_d(5, t0, a1);
    CHECK(a0 == t0 + kL2Lat + 20 + 4 + 3);
    CHECK(a1 == a0 + 1);  // replayed from the same MSHR the next cycle
    CHECK(b.dut.model().line_requests() - req0 == 1);
  }
  SECTION("MSHR limit") {
    Bench b(timing(20, 32, 8));
    std::vector<uint64_t> acc;
    for (unsigned k = 0; k < 5; ++k)
      acc.push_back(b.issue({.valid = true, .addr = kA + 0x1000 * k, .size = 4, .tag = k}));
    uint64_t a0, a4;
    b.wait_d(0, acc[0], a0);
    b.wait_d(4, acc[0], a4);
    CHECK(acc[3] == acc[0] + 3);
    CHECK(acc[4] > a0);  // had to wait for MSHR 0
    CHECK(a4 - acc[4] == kL2Lat + 20 + 1 + 3);
  }
}

TEST_CASE("L1I: pipelined hits, miss latencies", "[mem]") {
  constexpr unsigned kMemLat = 20, kBandwidth = 8;
  Bench b(timing(kMemLat, kBandwidth, 4));
  uint64_t at;
  uint64_t t = b.fetch(kA);  // an L2 miss
  CHECK(b.wait_i(t + 1, at).irdata[0] == 0x20000 * 7 + 1);
  CHECK(at - t == l1i_l2_miss_latency(kMemLat, kBandwidth));  // 34 with the defaults
  // Hits: one per cycle, each answered the next cycle.
  const uint64_t t1 = b.fetch(kA + 16);
  const uint64_t t2 = b.fetch(kA);
  CHECK(t2 == t1 + 1);
  b.step();
  CHECK(b.log[t1 + 1].irvalid);
  CHECK(b.log[t2 + 1].irvalid);
  CHECK(b.log[t2 + 1].irdata[1] == (0x20000 + 4) * 7 + 1);
  // L1I miss that hits L2 (the line was brought in by a data load): L2Latency + 2.
  b.load(kA + 0x40);
  t = b.fetch(kA + 0x40);
  b.wait_i(t + 1, at);
  CHECK(at - t == kL2Lat + 2);
}

TEST_CASE("L1I: a killed miss is answered at once and filled in the background", "[mem]") {
  // docs/dev/memory.md "Hit under a killed miss". The fetch unit's kill (a redirect) while the L1I
  // misses: the miss is answered the cycle after the kill with a block nobody reads, the fill
  // goes on, hits are served meanwhile, a request that misses waits (miss flag up) until the
  // fill is done, and the killed line is allocated.
  constexpr unsigned kMemLat = 20, kBandwidth = 8;
  constexpr unsigned kMissLat = l1i_l2_miss_latency(kMemLat, kBandwidth);
  Bench b(timing(kMemLat, kBandwidth, 4));
  uint64_t at;
  const uint32_t hit_addr = kA + 0x1000, miss_addr = kA, other_addr = kA + 0x2000;
  uint64_t t = b.fetch(hit_addr);  // bring a line in
  b.wait_i(t + 1, at);
  // The miss, accepted in t; killed in t + 3: answered in t + 4.
  t = b.fetch(miss_addr);
  b.step();
  b.step();
  b.step({}, {.kill = true});
  b.step();
  REQUIRE(b.log.size() == t + 5);
  CHECK(!b.log[t + 1].irvalid);
  CHECK(!b.log[t + 3].irvalid);
  CHECK(b.log[t + 4].irvalid);
  // A hit under the background fill: granted at once, answered the next cycle, right data.
  const uint64_t th = b.fetch(hit_addr + 16);
  CHECK(th == t + 5);
  b.step();
  CHECK(b.log[th + 1].irvalid);
  CHECK(b.log[th + 1].irdata[0] == (hit_addr + 16 - mmap::kRamBase) * 7 + 1);
  // A miss waits for the background fill: its answer would have come in t + kMissLat, so the
  // fill was in t + kMissLat - 1 and the L1I is idle again in t + kMissLat.
  const uint64_t asked = b.now();
  const uint64_t tm = b.fetch(other_addr);
  CHECK(tm == t + kMissLat);
  for (uint64_t c = asked; c < tm; ++c) {
    CHECK(b.log[c].imiss);   // waiting on the I-cache
    CHECK(!b.log[c].irvalid);  // and no answer for the killed miss's fill
  }
  CHECK(!b.log[tm].imiss);
  // The killed line was allocated: it hits now (after the other miss is answered).
  b.wait_i(tm + 1, at);
  CHECK(b.log[at].irdata[0] == (other_addr - mmap::kRamBase) * 7 + 1);
  const uint64_t tk = b.fetch(miss_addr);
  b.step();
  CHECK(b.log[tk + 1].irvalid);
  CHECK(b.log[tk + 1].irdata[2] == (miss_addr + 8 - mmap::kRamBase) * 7 + 1);
  // A kill in the cycle a missing fetch is accepted answers it the next cycle too.
  const uint64_t tc = b.now();
  CHECK(b.step({}, {.valid = true, .addr = kA + 0x3000, .kill = true}).igrant);
  b.step();
  CHECK(b.log[tc + 1].irvalid);
}

TEST_CASE("fence.i: dirty L1D lines reach the L1I", "[mem]") {
  Bench b(timing(20, 8, 4));
  uint64_t at;
  const uint64_t t = b.fetch(kA);
  b.wait_i(t + 1, at);  // the L1I holds the old block
  const uint64_t s = b.issue({.valid = true, .we = true, .addr = kA + 4, .wdata = 0xdeadbeef,
                              .size = 4, .tag = 2});
  b.wait_d(2, s + 1, at);
  const uint64_t f = b.now();
  b.step({}, {}, true);
  uint64_t done = 0;
  for (int n = 0; n < 1000 && !done; ++n)
    if (b.step().fencei_done) done = b.now() - 1;
  // Drain 1, walk one cycle per set plus one per dirty line (1), wait for the write-back
  // FIFO 1, L1I invalidation 2 (request, done): Sets + 1 + 5 cycles after the request.
  CHECK(done - f == kL1DSets + 1 + 5);
  const uint64_t t2 = b.fetch(kA);
  CHECK(b.wait_i(t2 + 1, at).irdata[1] == 0xdeadbeef);
}

TEST_CASE("Perfect L1: every cacheable access answered the next cycle", "[mem]") {
  MemTiming tm = timing(50, 4, 1);
  tm.perfect_l1i = tm.perfect_l1d = true;
  Bench b(tm);
  for (unsigned k = 0; k < 8; ++k) CHECK(b.load(kA + 0x1000 * k, k) == std::pair<uint64_t, unsigned>{1, 0});
  uint64_t at;
  const uint64_t t = b.fetch(kA + 0x3000);
  CHECK(b.wait_i(t + 1, at).irdata[0] == (0x23000) * 7 + 1);
  CHECK(at == t + 1);
  CHECK(b.dut.model().line_requests() == 0);
}

namespace {

struct StreamResult {
  uint64_t cycles = 0;
  double avg_mem_outstanding = 0, avg_l1miss = 0;
  unsigned max_mem_outstanding = 0;
};

// Plays a core issuing word loads from `addrs` in order, one request per cycle, holding a
// request until granted, with at most `tags` loads in flight (the core's load queue).
// Returns the cycles from the first request to the last answer.
StreamResult run_stream(Bench& b, const std::vector<uint32_t>& addrs, unsigned tags) {
  std::vector<bool> busy(tags, false);
  std::size_t next = 0, answered = 0;
  uint64_t sum_out = 0, sum_miss = 0;
  StreamResult r;
  const uint64_t t0 = b.now();
  for (uint64_t n = 0; answered < addrs.size(); ++n) {
    REQUIRE(n < 100 * addrs.size() + 1000);
    DReq d;
    unsigned tag = tags;
    for (unsigned t = 0; t < tags && next < addrs.size(); ++t)
      if (!busy[t]) { tag = t; break; }
    if (tag < tags) d = {.valid = true, .addr = addrs[next], .size = 4, .tag = tag};
    const MemObs o = b.step(d);
    if (o.drvalid) {
      REQUIRE(o.rtag < tags);
      REQUIRE(busy[o.rtag]);
      busy[o.rtag] = false;
      ++answered;
    }
    if (d.valid && o.dgnt) {
      busy[tag] = true;
      ++next;
    }
    sum_out += o.mem_outstanding;
    sum_miss += __builtin_popcount(o.l1miss_tags);
    r.max_mem_outstanding = std::max(r.max_mem_outstanding, o.mem_outstanding);
  }
  r.cycles = b.now() - t0;
  r.avg_mem_outstanding = double(sum_out) / double(r.cycles);
  r.avg_l1miss = double(sum_miss) / double(r.cycles);
  return r;
}

}  // namespace

TEST_CASE("Streams: misses of independent loads overlap (MLP)", "[mem]") {
  constexpr unsigned kLines = 512;  // 16 KiB, cold in L1D and L2
  constexpr uint64_t kL2MissLat = kL2Lat + 20 + 4 + 3;  // one isolated L2 miss: 35
  SECTION("one load per line: limited by the 4 L1D MSHRs") {
    Bench b(timing(20, 8, 4));
    std::vector<uint32_t> addrs;
    for (unsigned l = 0; l < kLines; ++l) addrs.push_back(kA + 32 * l);
    const StreamResult r = run_stream(b, addrs, 16);
    // Serial misses would take kLines * 35 cycles. Each MSHR turns over in one isolated miss
    // latency plus 1 cycle to free it and 1 (the grant lost to the fill/replay), so 4 lines
    // per 37 cycles, at most 4 line reads at the memory controller.
    const double per_line = double(r.cycles) / kLines;
    std::printf("stream 1 load/line: %.2f cycles/line, avg mem_outstanding %.2f, "
                "avg L1D-miss loads %.2f\n", per_line, r.avg_mem_outstanding, r.avg_l1miss);
    CHECK(per_line <= (kL2MissLat + 2) / 4.0 + 0.5);
    CHECK(per_line >= kL2MissLat / 4.0);
    // Each MSHR's line read spends M + T = 24 of those 37 cycles at the controller.
    CHECK(r.max_mem_outstanding == 4);
    CHECK(r.avg_mem_outstanding >= 4.0 * 24 / (kL2MissLat + 2) - 0.2);
  }
  SECTION("stream_load's word order: 8 loads per line merge into one MSHR") {
    Bench b(timing(20, 8, 4));
    std::vector<uint32_t> addrs;
    for (unsigned l = 0; l < kLines; ++l)
      for (unsigned w : {0u, 4u, 1u, 5u, 2u, 6u, 3u, 7u}) addrs.push_back(kA + 32 * l + 4 * w);
    const StreamResult r = run_stream(b, addrs, 16);
    const double per_line = double(r.cycles) / kLines;
    std::printf("stream 8 loads/line: %.2f cycles/line, avg mem_outstanding %.2f, "
                "avg L1D-miss loads %.2f\n", per_line, r.avg_mem_outstanding, r.avg_l1miss);
    // Tag-bound: 16 tags cover two lines. Line k's loads are accepted from s_k, one per
    // cycle, and merge into one MSHR (8 targets); its fill comes back 35 cycles after s_k
    // and its 8 answers free a tag per cycle; line k + 2 reuses them one cycle later
    // (misses are accepted under replays), so s_{k+2} = s_k + 36: 18 cycles per line,
    // each line read 24 of them at the controller. The line fills overtake nothing, so
    // replays of neighbouring lines never collide. (Targets = 4 would block the 5th load
    // of a line until its fill: ~42 cycles per line; no grants under replays: 25.)
    const double period = kL2MissLat + 1;
    CHECK(per_line >= period / 2 - 0.5);
    CHECK(per_line <= period / 2 + 1.0);
    CHECK(r.avg_mem_outstanding >= 2 * 24 / period - 0.1);
  }
  SECTION("stream_load's word order with 8 tags (the back end's 8-entry load queue)") {
    Bench b(timing(20, 8, 4));
    std::vector<uint32_t> addrs;
    for (unsigned l = 0; l < kLines; ++l)
      for (unsigned w : {0u, 4u, 1u, 5u, 2u, 6u, 3u, 7u}) addrs.push_back(kA + 32 * l + 4 * w);
    const StreamResult r = run_stream(b, addrs, 8);
    const double per_line = double(r.cycles) / kLines;
    std::printf("stream 8 loads/line, 8 tags: %.2f cycles/line, avg mem_outstanding %.2f\n",
                per_line, r.avg_mem_outstanding);
    // 8 tags cover one line: line k + 1 reuses the tags freed by line k's answers, one
    // cycle after each: s_{k+1} = s_k + 36, one line read in flight (24 of 36 cycles).
    const double period = kL2MissLat + 1;
    CHECK(per_line >= period - 0.5);
    CHECK(per_line <= period + 1.0);
    CHECK(r.max_mem_outstanding <= 2);
  }
}
