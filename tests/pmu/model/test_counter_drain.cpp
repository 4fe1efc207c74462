// Drain invariants of the cheap counter storage (sim_model/pmu/counter_drain.h): the pending
// width from pmu_gen, a random stream within the bounds, and streams that break them.
#include <array>
#include <cstdint>
#include <random>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "counter_drain.h"

using stackscope::pmu::CounterDrain;
using stackscope::pmu::drain_pend_w;

TEST_CASE("drain pending width: DrainRounds x Num increments of at most 2^IncW - 1") {
  // 2 x 22 x 15 = 660 < 1024; 2 x 9 x 7 = 126 < 128; 2 x 7 x 3 = 42 < 64; 2 x 3 x 3 = 18 < 32
  CHECK(drain_pend_w(22, 4) == 10);
  CHECK(drain_pend_w(9, 3) == 7);
  CHECK(drain_pend_w(7, 2) == 6);
  CHECK(drain_pend_w(3, 2) == 5);
}

TEST_CASE("drain: random increments and spaced writes keep every counter within its bound") {
  constexpr unsigned kNum = 5, kIncW = 3, kW = 16;
  CounterDrain d("t", kNum, kW, kIncW);
  std::mt19937_64 rng(7);
  std::array<uint64_t, kNum> v{};
  bool wrote = false;
  for (int cycle = 0; cycle < 200000; ++cycle) {
    const auto before = v;
    const bool w = !wrote && rng() % 2 == 0;  // as many writes as the premise allows
    const unsigned wi = static_cast<unsigned>(rng() % kNum);
    for (unsigned c = 0; c < kNum; ++c) v[c] = (v[c] + rng() % (1u << kIncW)) & 0xFFFF;
    if (w) {
      v[wi] = rng() & 0xFFFF;
      d.write(wi);
    }
    wrote = w;
    REQUIRE_NOTHROW(d.step(before, v));
  }
  CHECK(d.max_wait() <= 2 * kNum);
  // half the cycles write: a counter waits past one round, so one round's width would not do
  CHECK(d.max_pending() > kNum * ((1u << kIncW) - 1));
  CHECK(d.max_pending() < (uint64_t{1} << d.pend_width()));
}

TEST_CASE("drain: writes in consecutive cycles break the premise") {
  CounterDrain d("t", 3, 16, 2);
  std::array<uint64_t, 3> v{};
  d.write(1);
  d.step(v, v);
  d.write(2);
  CHECK_THROWS_AS(d.step(v, v), std::logic_error);
}

TEST_CASE("drain: an increment above 2^IncW - 1 per cycle overflows a pending register") {
  CounterDrain d("t", 4, 16, 2);  // 5 pending bits: at most 31 between drains
  std::array<uint64_t, 4> v{}, before{};
  bool threw = false;
  for (int cycle = 0; cycle < 8 && !threw; ++cycle) {
    before = v;
    for (auto& x : v) x += 9;  // 9 > 3
    try {
      d.step(before, v);
    } catch (const std::logic_error&) {
      threw = true;
    }
  }
  CHECK(threw);
}
