// be_unit: the back end's simulator forms against synthesis' forms (be_unit_top.sv). Random
// register-file writes (at most one port a register, as the back end guarantees; sometimes a
// tag in a file the port cannot write, which both forms ignore) and reads, and a random
// reservation station (dispatch into free entries, wake-ups, issue of ready entries, flushes).
// Every cycle each pair's outputs must agree.
//   be_unit --cycles 200000 --seed 1
// --collide lets two ports write one register in a cycle, which the back end never does: the
// per-register form ORs their data and the per-port form keeps one, so the bench must then
// see the register files' forms differ (a check that it can fail); --collide-asserts does the
// same with the RTL's assertions on, which be_prf's one-writer assertion must stop.
// Exit 0: the forms agreed (with --collide: the register files' forms differed) and the run
// exercised them; 1: a check failed; 2: bad usage.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <type_traits>

#include "Vbe_unit.h"
#include "verilated.h"

namespace {

constexpr unsigned kNumWr = 4, kNumRd = 3, kEntries = 8, kAllocW = 2, kNumWb = 7;

// Sets bits [lsb, lsb+width) of a Verilated port, narrow or wide.
template <typename T>
void set_bits(T& port, unsigned lsb, unsigned width, uint64_t v) {
  if constexpr (std::is_integral_v<T>) {
    const T mask = static_cast<T>(((width >= 64) ? ~0ull : ((1ull << width) - 1)) << lsb);
    port = static_cast<T>((port & ~mask) | ((static_cast<T>(v) << lsb) & mask));
  } else {
    for (unsigned b = 0; b < width; ++b) {
      const unsigned bit = lsb + b, w = bit / 32, o = bit % 32;
      port[w] = (port[w] & ~(1u << o)) | (static_cast<uint32_t>((v >> b) & 1u) << o);
    }
  }
}

struct Counts {
  uint64_t writes = 0, foreign = 0, collisions = 0, allocs = 0, wakes = 0, issues = 0;
  uint64_t flushes = 0;
  std::array<uint64_t, 3> mismatches{};
};

class Bench {
 public:
  Bench(uint64_t seed, bool collide, bool asserts) : rng_(seed), collide_(collide) {
    ctx_->randReset(0);
    ctx_->assertOn(asserts);
    top_ = std::make_unique<Vbe_unit>(ctx_.get());
    top_->eval();
    pw_ = top_->pw_o;
    for (unsigned p = 0; p < kNumWr; ++p) port_files_[p] = (top_->wr_files_o >> (2 * p)) & 3u;
  }
  Bench(const Bench&) = delete;
  Bench& operator=(const Bench&) = delete;
  ~Bench() { top_->final(); }

  void reset() {
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->eval();
    top_->clk_i = 1;
    top_->eval();
    top_->clk_i = 0;
    top_->rst_ni = 1;
    top_->eval();
  }

  void cycle(Counts& n) {
    drive_prf(n);
    drive_rs(n);
    top_->eval();
    for (unsigned b = 0; b < 3; ++b) n.mismatches[b] += (top_->mismatch_o >> b) & 1u;
    top_->clk_i = 1;
    top_->eval();
    top_->clk_i = 0;
    top_->eval();
    for (unsigned b = 0; b < 3; ++b) n.mismatches[b] += (top_->mismatch_o >> b) & 1u;
  }

 private:
  uint64_t rnd(uint64_t n) { return std::uniform_int_distribution<uint64_t>(0, n - 1)(rng_); }

  void drive_prf(Counts& n) {
    const unsigned regw = pw_ - 1, regs = 1u << regw;
    std::array<uint32_t, kNumWr> tags{};
    top_->wr_valid_i = 0;
    for (unsigned p = 0; p < kNumWr; ++p) {
      const bool valid = rnd(3) != 0;
      unsigned file = rnd(2);
      if (valid && !((port_files_[p] >> file) & 1u)) {
        if (rnd(8) != 0) file ^= 1u;  // mostly a file the port writes
      }
      uint32_t tag = (file << regw) | static_cast<uint32_t>(rnd(regs));
      bool taken = false;
      for (unsigned q = 0; q < p; ++q) taken |= ((top_->wr_valid_i >> q) & 1u) && tags[q] == tag;
      if (taken && valid && collide_ && rnd(4) == 0) {
        ++n.collisions;
      } else if (taken) {
        continue;  // one writer a register
      }
      tags[p] = tag;
      top_->wr_valid_i |= static_cast<uint8_t>(valid) << p;
      set_bits(top_->wr_tag_i, p * pw_, pw_, tag);
      set_bits(top_->wr_data_i, p * 32, 32, rng_());
      if (valid) ((port_files_[p] >> file) & 1u) ? ++n.writes : ++n.foreign;
    }
    top_->rd_f_i = 0;
    for (unsigned k = 0; k < kNumRd; ++k) {
      set_bits(top_->rd_idx_i, k * regw, regw, rnd(regs));
      top_->rd_f_i |= static_cast<uint8_t>(rnd(2)) << k;
    }
  }

  void drive_rs(Counts& n) {
    const unsigned tags = 1u << pw_;
    top_->flush_i = rnd(300) == 0;
    n.flushes += top_->flush_i;
    unsigned free = top_->free_cnt_o;
    top_->alloc_i = 0;
    top_->alloc_rdy1_i = top_->alloc_rdy2_i = top_->alloc_rdy3_i = 0;
    for (unsigned s = 0; s < kAllocW; ++s) {
      if (free > 0 && rnd(2) == 0) {
        --free;
        top_->alloc_i |= 1u << s;
        ++n.allocs;
      }
      set_bits(top_->alloc_payload_i, s * 16, 16, rnd(1u << 16));
      set_bits(top_->alloc_src1_i, s * pw_, pw_, rnd(tags));
      set_bits(top_->alloc_src2_i, s * pw_, pw_, rnd(tags));
      set_bits(top_->alloc_src3_i, s * pw_, pw_, rnd(tags));
      top_->alloc_rdy1_i |= static_cast<uint8_t>(rnd(2)) << s;
      top_->alloc_rdy2_i |= static_cast<uint8_t>(rnd(2)) << s;
      top_->alloc_rdy3_i |= static_cast<uint8_t>(rnd(2)) << s;
    }
    top_->wb_valid_i = 0;
    for (unsigned p = 0; p < kNumWb; ++p) {
      const bool v = rnd(2) == 0;
      top_->wb_valid_i |= static_cast<uint8_t>(v) << p;
      set_bits(top_->wb_tag_i, p * pw_, pw_, rnd(tags));
      n.wakes += v;
    }
    top_->issue_i = 0;
    for (unsigned e = 0; e < kEntries; ++e) {
      if (((top_->ready_o >> e) & 1u) && rnd(3) == 0) {
        top_->issue_i |= 1u << e;
        ++n.issues;
      }
    }
  }

  std::unique_ptr<VerilatedContext> ctx_ = std::make_unique<VerilatedContext>();
  std::unique_ptr<Vbe_unit> top_;
  std::mt19937_64 rng_;
  bool collide_;
  unsigned pw_ = 0;
  std::array<unsigned, kNumWr> port_files_{};  // be_unit_top's WrFiles (bit 0: x, bit 1: f)
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"be_unit: the back end's simulator forms against synthesis' forms"};
  uint64_t cycles = 200000, seed = 1;
  bool collide = false, collide_asserts = false;
  app.add_option("--cycles", cycles, "cycles to run")->check(CLI::Range(1ull, 1ull << 40));
  app.add_option("--seed", seed, "random seed");
  app.add_flag("--collide", collide, "let two ports write one register (the forms must differ)");
  app.add_flag("--collide-asserts", collide_asserts,
               "--collide with the RTL's assertions on: be_prf's one-writer check must stop it");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  // --collide breaks be_prf's premise on purpose, so its one-writer assertion is off then,
  // unless --collide-asserts asks to see it fire.
  Bench bench(seed, collide || collide_asserts, !collide);
  bench.reset();
  Counts n;
  for (uint64_t c = 0; c < cycles; ++c) bench.cycle(n);
  spdlog::info(
      "be_unit: {} cycles, seed {}: {} register writes, {} foreign-file writes, {} collisions, "
      "{} dispatches, {} wake-ups, {} issues, {} flushes; cycles the forms differ: prf "
      "flip-flops {}, prf RAM {}, rs {}",
      cycles, seed, n.writes, n.foreign, n.collisions, n.allocs, n.wakes, n.issues, n.flushes,
      n.mismatches[0], n.mismatches[1], n.mismatches[2]);
  // Exercised: every kind of event happened (a run too short to show them proves nothing).
  if (n.writes == 0 || n.allocs == 0 || n.wakes == 0 || n.issues == 0) {
    spdlog::error("be_unit: the run exercised too little (raise --cycles)");
    return 1;
  }
  if (collide) {
    if (n.collisions == 0 || n.mismatches[0] == 0) {
      spdlog::error("be_unit: --collide: the register files' forms never differed");
      return 1;
    }
    return 0;
  }
  if (n.mismatches[0] + n.mismatches[1] + n.mismatches[2] != 0) {
    spdlog::error("be_unit: a simulator form differs from synthesis' form");
    return 1;
  }
  return 0;
}
