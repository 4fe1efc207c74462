// fpu_unit: the FP datapath (rtl/core/fpu_pipe.sv at Latency 4 and 2, fpu_divsqrt.sv) against
// the ISS's softfloat32. Operands are biased to special values, rounding ties, cancellations,
// the overflow and underflow edges and the conversion limits; rounding modes are random. The
// pipe takes one op per cycle (runs back to back, runs with random bubbles, random flushes);
// fdiv/fsqrt go through fpu_divsqrt's handshake. Every result and flag set is compared, and
// every flag an op can raise must have been raised (no vacuous pass).
//   fpu_unit --op all --count 1000000 --seed 1
// Exit 0: no mismatch, every flag covered; 1: a check failed; 2: bad usage.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "Vfpu_divsqrt.h"
#include "Vfpu_pipe_l2.h"
#include "Vfpu_pipe_l4.h"
#include "Vfpu_pipe_l4_fpu_pkg.h"
#include "softfloat32.h"
#include "verilated.h"

namespace {

namespace fp = stackscope::iss::fp;

// The ops are fpu_pkg::fpu_op_e itself (rtl/core/fpu_pkg.sv, Verilated as a public enum), so
// their values have one source; each op's name, the flags it can raise (each must be seen at
// least once: fadd/fsub cannot underflow, a sum below 2^-126 being exact; conversions to float
// cannot overflow or be invalid) and its group (--op) are in kOps.
using Pkg = Vfpu_pipe_l4_fpu_pkg;
using Op = Pkg::fpu_op_e;
constexpr unsigned kNumOps = 24;  // fpu_op_e's values are 0 .. kNumOps - 1
constexpr uint32_t kNx = fp::flag::kNx, kUf = fp::flag::kUf, kOf = fp::flag::kOf,
                   kDz = fp::flag::kDz, kNv = fp::flag::kNv;
constexpr uint32_t kArith = kNx | kUf | kOf | kNv;
enum class Group : uint8_t { kFma, kMisc, kCvt, kDivSqrt };
struct OpInfo {
  Op op;
  const char* name;
  uint32_t can_raise;
  Group group;
};
// clang-format off
constexpr std::array<OpInfo, kNumOps> kOps = {{
    {Pkg::FpuAdd, "fadd", kNx | kOf | kNv, Group::kFma},
    {Pkg::FpuSub, "fsub", kNx | kOf | kNv, Group::kFma},
    {Pkg::FpuMul, "fmul", kArith, Group::kFma},
    {Pkg::FpuMadd, "fmadd", kArith, Group::kFma},
    {Pkg::FpuMsub, "fmsub", kArith, Group::kFma},
    {Pkg::FpuNmsub, "fnmsub", kArith, Group::kFma},
    {Pkg::FpuNmadd, "fnmadd", kArith, Group::kFma},
    {Pkg::FpuMin, "fmin", kNv, Group::kMisc},
    {Pkg::FpuMax, "fmax", kNv, Group::kMisc},
    {Pkg::FpuEq, "feq", kNv, Group::kMisc},
    {Pkg::FpuLt, "flt", kNv, Group::kMisc},
    {Pkg::FpuLe, "fle", kNv, Group::kMisc},
    {Pkg::FpuClass, "fclass", 0, Group::kMisc},
    {Pkg::FpuSgnj, "fsgnj", 0, Group::kMisc},
    {Pkg::FpuSgnjn, "fsgnjn", 0, Group::kMisc},
    {Pkg::FpuSgnjx, "fsgnjx", 0, Group::kMisc},
    {Pkg::FpuCvtWS, "fcvt.w.s", kNx | kNv, Group::kCvt},
    {Pkg::FpuCvtWuS, "fcvt.wu.s", kNx | kNv, Group::kCvt},
    {Pkg::FpuCvtSW, "fcvt.s.w", kNx, Group::kCvt},
    {Pkg::FpuCvtSWu, "fcvt.s.wu", kNx, Group::kCvt},
    {Pkg::FpuMvXW, "fmv.x.w", 0, Group::kMisc},
    {Pkg::FpuMvWX, "fmv.w.x", 0, Group::kMisc},
    {Pkg::FpuDiv, "fdiv", kArith | kDz, Group::kDivSqrt},
    {Pkg::FpuSqrt, "fsqrt", kNx | kNv, Group::kDivSqrt}}};
// clang-format on
// kOps by op value; every value once
constexpr std::array<const OpInfo*, kNumOps> kOpInfo = [] {
  std::array<const OpInfo*, kNumOps> a{};
  for (const OpInfo& o : kOps) a[o.op] = &o;
  return a;
}();
static_assert([] {
  for (const OpInfo* o : kOpInfo)
    if (!o) return false;
  return true;
}(), "kOps must name every fpu_op_e value once");
const char* op_name(Op op) { return kOpInfo[op]->name; }
constexpr std::array<const char*, 5> kRmName = {"rne", "rtz", "rdn", "rup", "rmm"};
constexpr std::array<const char*, 5> kFlagName = {"NX", "UF", "OF", "DZ", "NV"};

struct Case {
  Op op;
  uint32_t a, b, c;
  fp::Rm rm;
};

struct Result {
  uint32_t value, flags;
};

Result reference(const Case& k) {
  uint32_t fl = 0, v = 0;
  const uint32_t a = k.a, b = k.b, c = k.c;
  switch (k.op) {
    case Pkg::FpuAdd:
      v = fp::add(a, b, k.rm, fl);
      break;
    case Pkg::FpuSub:
      v = fp::sub(a, b, k.rm, fl);
      break;
    case Pkg::FpuMul:
      v = fp::mul(a, b, k.rm, fl);
      break;
    case Pkg::FpuMadd:
      v = fp::fma(a, b, c, false, false, k.rm, fl);
      break;
    case Pkg::FpuMsub:
      v = fp::fma(a, b, c, false, true, k.rm, fl);
      break;
    case Pkg::FpuNmsub:
      v = fp::fma(a, b, c, true, false, k.rm, fl);
      break;
    case Pkg::FpuNmadd:
      v = fp::fma(a, b, c, true, true, k.rm, fl);
      break;
    case Pkg::FpuMin:
      v = fp::min(a, b, fl);
      break;
    case Pkg::FpuMax:
      v = fp::max(a, b, fl);
      break;
    case Pkg::FpuEq:
      v = fp::eq(a, b, fl);
      break;
    case Pkg::FpuLt:
      v = fp::lt(a, b, fl);
      break;
    case Pkg::FpuLe:
      v = fp::le(a, b, fl);
      break;
    case Pkg::FpuClass:
      v = fp::classify(a);
      break;
    case Pkg::FpuSgnj:
      v = (a & 0x7fffffffu) | (b & 0x80000000u);
      break;
    case Pkg::FpuSgnjn:
      v = (a & 0x7fffffffu) | (~b & 0x80000000u);
      break;
    case Pkg::FpuSgnjx:
      v = a ^ (b & 0x80000000u);
      break;
    case Pkg::FpuCvtWS:
      v = fp::cvt_w_s(a, k.rm, fl);
      break;
    case Pkg::FpuCvtWuS:
      v = fp::cvt_wu_s(a, k.rm, fl);
      break;
    case Pkg::FpuCvtSW:
      v = fp::cvt_s_w(a, k.rm, fl);
      break;
    case Pkg::FpuCvtSWu:
      v = fp::cvt_s_wu(a, k.rm, fl);
      break;
    case Pkg::FpuMvXW:
    case Pkg::FpuMvWX:
      v = a;
      break;
    case Pkg::FpuDiv:
      v = fp::div(a, b, k.rm, fl);
      break;
    case Pkg::FpuSqrt:
      v = fp::sqrt(a, k.rm, fl);
      break;
    default:
      throw std::logic_error("bad op");
  }
  return {v, fl};
}

// Operand generator: a mix of special values, raw random bits, extreme exponents and
// operands derived from each other (ties, cancellation, overflow/underflow edges).
class Gen {
 public:
  explicit Gen(uint64_t seed) : rng_(seed) {}

  uint32_t bits() { return static_cast<uint32_t>(rng_()); }
  unsigned below(unsigned n) { return static_cast<unsigned>(rng_() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }
  int between(int lo, int hi) { return lo + static_cast<int>(below(hi - lo + 1)); }

  static uint32_t make(bool s, int e, uint32_t frac) {
    return (s ? 0x80000000u : 0) | (static_cast<uint32_t>(e) << 23) | (frac & 0x7fffff);
  }
  uint32_t frac() {
    switch (below(6)) {
      case 0:
        return 0;
      case 1:
        return 0x7fffff;
      case 2:
        return bits() & 0x7fffff & ~0xfu;  // low bits clear
      case 3:
        return (bits() & 0x7fffff) | 0x7ffff0;  // all ones near the bottom
      default:
        return bits() & 0x7fffff;
    }
  }

  uint32_t special() {
    static constexpr uint32_t kSpecial[] = {
        0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000,
        0x80800000, 0x00800001, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001,
        0xff800001, 0x7fa00000, 0x7fffffff, 0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff,
        0x3f000000, 0x3fc00000, 0x40000000, 0x4b000000, 0x4b7fffff, 0x3f7fffff, 0x00400000};
    return kSpecial[below(sizeof kSpecial / sizeof kSpecial[0])];
  }

  uint32_t any_float() {
    switch (below(10)) {
      case 0:
      case 1:
        return special();
      case 2:
      case 3:
        return bits();
      case 4:
        return make(chance(50), between(0, 3), frac());  // subnormal / tiny
      case 5:
        return make(chance(50), between(251, 254), frac());  // huge
      default:
        return make(chance(50), between(100, 154), frac());
    }
  }

  // b next to a: same or nearby exponent, or shifted by about the significand width.
  uint32_t near(uint32_t a) {
    const int ea = static_cast<int>((a >> 23) & 0xff);
    switch (below(5)) {
      case 0:
        return a ^ (1u << below(23)) ^ (chance(50) ? 0x80000000u : 0);
      case 1:
        return (a ^ 0x80000000u) + static_cast<uint32_t>(between(-3, 3));
      default: {
        const int e = ea - between(-26, 26);
        if (e < 0 || e > 254) return any_float();
        return make(chance(50), e, frac());
      }
    }
  }

  // fmul/fmadd operand b with a's exponent so the product lands near 2^target.
  uint32_t product_near(uint32_t a, int target) {
    const int ea = static_cast<int>((a >> 23) & 0xff) - 127;
    const int eb = target - ea + between(-2, 2) + 127;
    if (eb < 0 || eb > 254) return any_float();
    return make(chance(50), eb, frac());
  }

  // A 32-bit integer: small, random, near the float rounding edges or the int limits.
  uint32_t integer() {
    switch (below(8)) {
      case 0:
        return static_cast<uint32_t>(between(-300, 300));
      case 1:
        return bits();
      case 2:
        return 0x80000000u + static_cast<uint32_t>(between(-200, 200));
      case 3:
        return static_cast<uint32_t>(between(-200, 200)) - 1u;  // near 2^32 and 0
      case 4: {  // 25 significant bits ending in 1: an exact rounding tie
        const uint32_t m = (bits() & 0xffffff) | 0x1000000 | 1;
        return m << below(8);
      }
      case 5:
        return ((bits() & 0xffffff) | 0x1000000) << below(8);
      default:
        return (bits() >> below(32)) * (chance(50) ? 1u : ~0u);
    }
  }

  // A float to convert to an integer: near the limits, halves, random exponents.
  uint32_t float_for_int() {
    switch (below(7)) {
      case 0:
        return special();
      case 1: {  // near +-2^31 and 2^32
        static constexpr uint32_t kEdge[] = {0x4f000000, 0xcf000000, 0x4f800000, 0xcf800000};
        return kEdge[below(4)] + static_cast<uint32_t>(between(-3, 3));
      }
      case 2: {  // an integer plus a half (exact): ties
        uint32_t fl = 0;
        const uint32_t n = (bits() >> below(32)) | 1;  // odd
        const uint32_t f = fp::cvt_s_wu(n & 0xffffff, fp::kRne, fl);
        return f == 0 ? 0x3f000000u : (f - (1u << 23)) | (chance(50) ? 0x80000000u : 0);
      }
      case 3:
        return make(chance(50), between(120, 128), frac());  // around 1
      default:
        return make(chance(50), between(126, 159), frac());
    }
  }

  Case operands(Op op) {
    Case k{op, any_float(), 0, 0, static_cast<fp::Rm>(below(5))};
    k.b = chance(40) ? near(k.a) : any_float();
    k.c = any_float();
    switch (op) {
      case Pkg::FpuMul:
      case Pkg::FpuDiv:
        if (chance(30)) {
          const int target = chance(50) ? -126 : 127;
          if (op == Pkg::FpuMul) {
            k.b = product_near(k.a, target);
          } else {  // quotient near 2^target: eb = ea - target
            const int ea = static_cast<int>((k.a >> 23) & 0xff);
            const int eb = ea - target + between(-2, 2);
            if (eb >= 0 && eb <= 254) k.b = make(chance(50), eb, frac());
          }
        }
        break;
      case Pkg::FpuMadd:
      case Pkg::FpuMsub:
      case Pkg::FpuNmsub:
      case Pkg::FpuNmadd:
        if (chance(30)) k.b = product_near(k.a, chance(50) ? -126 : between(-20, 127));
        if (chance(35)) {  // c cancels a*b to within a few ulps
          uint32_t fl = 0;
          const uint32_t p = fp::mul(k.a, k.b, static_cast<fp::Rm>(below(5)), fl);
          k.c = (p ^ (chance(50) ? 0x80000000u : 0)) + static_cast<uint32_t>(between(-2, 2));
        } else if (chance(30)) {
          k.c = near(k.a);
        } else if (chance(50)) {  // c at the edges of the addend alignment (docs/dev/fpu.md):
          // shift = ea + eb - ec + 27 near 0 (c far above a*b) or near 77 (all sticky)
          const int ea = static_cast<int>((k.a >> 23) & 0xff) - 127;
          const int eb = static_cast<int>((k.b >> 23) & 0xff) - 127;
          const int shift = chance(50) ? between(-3, 3) : between(45, 80);
          const int ec = ea + eb + 27 - shift + 127;
          if (ec >= 0 && ec <= 254) k.c = make(chance(50), ec, frac());
        }
        break;
      case Pkg::FpuCvtWS:
      case Pkg::FpuCvtWuS:
        k.a = float_for_int();
        break;
      case Pkg::FpuCvtSW:
      case Pkg::FpuCvtSWu:
      case Pkg::FpuMvWX:
        k.a = integer();
        break;
      case Pkg::FpuSqrt:
        if (chance(20)) {  // a perfect square (exact root)
          uint32_t fl = 0;
          const uint32_t r = 1 + below(4095);
          k.a = fp::cvt_s_wu(r * r, fp::kRne, fl);
        } else if (chance(60)) {
          k.a &= 0x7fffffffu;
        }
        break;
      default:
        break;
    }
    return k;
  }

 private:
  std::mt19937_64 rng_;
};

struct Options {
  uint64_t seed = 1;
  uint64_t count = 200000;
  std::string ops = "all";
  std::string latency = "all";
  unsigned bubble_pct = 30;     // in the bubbly runs
  unsigned flush_permille = 2;  // per cycle
  std::string inject = "none";  // mutation: flip a result's LSB or drop a flag
  uint64_t inject_at = 1000;    // ... in this compared case
};

struct Stats {
  std::array<uint64_t, kNumOps> cases{};
  std::array<std::array<uint64_t, 5>, kNumOps> flag_hits{};
  uint64_t cycles = 0, flushes = 0, killed = 0;
  // Inexact results of magnitude 2^-126 (rounded up from below): tiny after rounding (UF) or
  // not (tininess is detected after rounding, so the two differ only in rounding at 24 bits).
  uint64_t min_normal_uf = 0, min_normal_no_uf = 0;
};

std::string hex(uint32_t v) {
  char s[16];
  std::snprintf(s, sizeof s, "%08x", v);
  return s;
}

class Checker {
 public:
  Checker(const Options& o, Stats& st) : o_(o), st_(st) {}

  void check(const Case& k, uint32_t value, uint32_t flags) {
    if (o_.inject != "none" && ++compared_ == o_.inject_at) {
      if (o_.inject == "result")
        value ^= 1;
      else
        flags = flags ? flags & (flags - 1) : kNx;  // drop the lowest flag (or add NX)
    }
    const Result r = reference(k);
    if (value != r.value || flags != r.flags) {
      throw std::runtime_error("MISMATCH " + std::string(op_name(k.op)) + " " + hex(k.a) + " " +
                               hex(k.b) + " " + hex(k.c) + " " + kRmName[k.rm] + ": rtl " +
                               hex(value) + " flags " + hex(flags) + ", ref " + hex(r.value) +
                               " flags " + hex(r.flags));
    }
    ++st_.cases[k.op];
    for (unsigned f = 0; f < 5; ++f) st_.flag_hits[k.op][f] += (r.flags >> f) & 1;
    if ((r.value & 0x7fffffffu) == 0x00800000u && (r.flags & kNx) && k.op != Pkg::FpuCvtSW &&
        k.op != Pkg::FpuCvtSWu)
      ++((r.flags & kUf) ? st_.min_normal_uf : st_.min_normal_no_uf);
  }

 private:
  const Options& o_;
  Stats& st_;
  uint64_t compared_ = 0;
};

struct InFlight {
  Case k;
  uint64_t due;  // the cycle the result must appear in
  uint32_t tag;
};

template <typename Model>
void drive_pipe(const Options& o, unsigned latency, const std::vector<Op>& ops, Gen& gen,
                Checker& chk, Stats& st) {
  auto ctx = std::make_unique<VerilatedContext>();
  auto m = std::make_unique<Model>(ctx.get(), "pipe");
  m->clk_i = 0;
  m->rst_ni = 0;
  m->eval();
  m->rst_ni = 1;
  m->eval();
  std::deque<InFlight> q;
  uint64_t issued = 0, cycle = 0;
  uint32_t next_tag = 0;
  while (issued < o.count || !q.empty()) {
    const bool bubbly = (cycle >> 12) & 1;  // alternate back-to-back and bubbly runs
    const bool flush = gen.below(1000) < o.flush_permille;
    const bool issue = issued < o.count && !(bubbly && gen.chance(o.bubble_pct));
    Case k{};
    m->clk_i = 0;
    m->flush_i = flush;
    m->valid_i = issue;
    if (issue) {
      k = gen.operands(ops[gen.below(static_cast<unsigned>(ops.size()))]);
      m->op_i = k.op;
      m->rm_i = k.rm;
      m->a_i = k.a;
      m->b_i = k.b;
      m->c_i = k.c;
      m->tag_i = next_tag;
    } else {  // idle inputs are garbage
      m->op_i = gen.below(kNumOps);  // garbage (not valid)
      m->a_i = gen.bits();
    }
    m->eval();
    m->clk_i = 1;
    m->eval();
    if (flush) {
      st.flushes++;
      st.killed += q.size() + (issue ? 1 : 0);
      q.clear();
    } else if (issue) {
      q.push_back({k, cycle + latency, next_tag});
    }
    if (issue) {
      ++issued;
      ++next_tag;
    }
    ++cycle;  // the outputs now show cycle `cycle`
    const bool due = !q.empty() && q.front().due == cycle;
    if (m->valid_o != due)
      throw std::runtime_error("pipe L" + std::to_string(latency) + ": valid_o " +
                               std::to_string(m->valid_o) + " in cycle " + std::to_string(cycle) +
                               (due ? " but an op is due" : " with nothing due"));
    if (due) {
      const InFlight f = q.front();
      q.pop_front();
      if (m->tag_o != f.tag)
        throw std::runtime_error("pipe: tag " + std::to_string(m->tag_o) + ", expected " +
                                 std::to_string(f.tag));
      chk.check(f.k, m->result_o, m->flags_o);
    }
  }
  st.cycles += cycle;
  m->final();
}

void drive_divsqrt(const Options& o, const std::vector<Op>& ops, Gen& gen, Checker& chk,
                   Stats& st) {
  constexpr uint64_t kLatency = 16;  // 28 bits at 2 a cycle + setup + round (docs/dev/fpu.md)
  auto ctx = std::make_unique<VerilatedContext>();
  auto m = std::make_unique<Vfpu_divsqrt>(ctx.get(), "divsqrt");
  m->clk_i = 0;
  m->rst_ni = 0;
  m->eval();
  m->rst_ni = 1;
  m->eval();
  std::deque<InFlight> q;
  uint64_t done = 0, cycle = 0;
  uint32_t next_tag = 0;
  while (done < o.count || !q.empty()) {
    const bool flush = gen.below(1000) < o.flush_permille * 4;  // ~6% of ops aborted
    const bool offer = done < o.count && gen.chance(q.empty() ? 70 : 30);
    const Case k = gen.operands(ops[gen.below(static_cast<unsigned>(ops.size()))]);
    m->clk_i = 0;
    m->flush_i = flush;
    m->req_valid_i = offer;
    m->op_i = k.op;
    m->rm_i = k.rm;
    m->a_i = k.a;
    m->b_i = k.b;
    m->tag_i = next_tag;
    m->eval();
    const bool taken = offer && m->req_ready_o;
    if (taken && !q.empty()) throw std::runtime_error("divsqrt: ready while busy");
    if (flush && m->req_ready_o) throw std::runtime_error("divsqrt: ready during a flush");
    m->clk_i = 1;
    m->eval();
    if (flush) {
      st.flushes++;
      st.killed += q.size();
      q.clear();
    }
    if (taken) {
      q.push_back({k, cycle + kLatency, next_tag++});
      ++done;
    }
    ++cycle;
    const bool due = !q.empty() && q.front().due == cycle;
    if (m->resp_valid_o != due)
      throw std::runtime_error("divsqrt: resp_valid_o " + std::to_string(m->resp_valid_o) +
                               " in cycle " + std::to_string(cycle) +
                               (due ? " but an op is due" : " with nothing due"));
    if (due) {
      const InFlight f = q.front();
      q.pop_front();
      if (m->tag_o != f.tag) throw std::runtime_error("divsqrt: wrong tag");
      chk.check(f.k, m->result_o, m->flags_o);
    }
  }
  st.cycles += cycle;
  m->final();
}

// "all", a group (fma, misc, cvt, divsqrt) or op names, comma-separated.
std::vector<Op> parse_ops(const std::string& spec) {
  std::vector<Op> out;
  std::stringstream ss(spec);
  std::string w;
  constexpr std::array<std::pair<const char*, Group>, 4> kGroups = {
      {{"fma", Group::kFma}, {"misc", Group::kMisc}, {"cvt", Group::kCvt},
       {"divsqrt", Group::kDivSqrt}}};
  while (std::getline(ss, w, ',')) {
    const auto g = std::find_if(kGroups.begin(), kGroups.end(),
                                [&](const auto& kv) { return w == kv.first; });
    const size_t before = out.size();
    for (const OpInfo& o : kOps)
      if (w == "all" || w == o.name || (g != kGroups.end() && o.group == g->second))
        out.push_back(o.op);
    if (out.size() == before) throw std::invalid_argument("unknown op or group '" + w + "'");
  }
  return out;
}

int run(const Options& o) {
  const std::vector<Op> ops = parse_ops(o.ops);
  std::vector<Op> pipe_ops, ds_ops;
  for (Op op : ops) (kOpInfo[op]->group == Group::kDivSqrt ? ds_ops : pipe_ops).push_back(op);
  Stats st;
  Checker chk(o, st);
  Gen gen(o.seed);
  if (!pipe_ops.empty()) {
    if (o.latency == "all" || o.latency == "4")
      drive_pipe<Vfpu_pipe_l4>(o, 4, pipe_ops, gen, chk, st);
    if (o.latency == "all" || o.latency == "2")
      drive_pipe<Vfpu_pipe_l2>(o, 2, pipe_ops, gen, chk, st);
  }
  if (!ds_ops.empty()) drive_divsqrt(o, ds_ops, gen, chk, st);

  uint64_t total = 0;
  bool covered = true;
  for (Op op : ops) {
    const auto& h = st.flag_hits[op];
    total += st.cases[op];
    spdlog::info("{:10} {:9} cases  NX {:8} UF {:7} OF {:7} DZ {:7} NV {:7}", op_name(op),
                 st.cases[op], h[0], h[1], h[2], h[3], h[4]);
    for (unsigned f = 0; f < 5; ++f) {
      if ((kOpInfo[op]->can_raise >> f & 1) && h[f] == 0) {
        std::fprintf(stderr, "fpu_unit: %s never raised %s (coverage)\n", op_name(op),
                     kFlagName[f]);
        covered = false;
      }
    }
  }
  spdlog::info("inexact results of magnitude 2^-126: {} tiny (UF), {} not", st.min_normal_uf,
               st.min_normal_no_uf);
  spdlog::info("{} cases, 0 mismatches, {} cycles, {} flushes killing {} ops", total, st.cycles,
               st.flushes, st.killed);
  return covered ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"FP datapath unit bench: fpu_pipe and fpu_divsqrt against softfloat32"};
  Options o;
  app.add_option("--seed", o.seed, "random seed");
  app.add_option("--count", o.count, "cases per unit stream (per pipe latency, and div/sqrt)");
  app.add_option("--op", o.ops, "all, a group (fma, misc, cvt, divsqrt) or op names, with commas");
  app.add_option("--latency", o.latency, "pipe latency to run")
      ->check(CLI::IsMember({"all", "4", "2"}));
  app.add_option("--bubble-pct", o.bubble_pct, "bubble probability in the bubbly runs")
      ->check(CLI::Range(0, 95));
  app.add_option("--flush-permille", o.flush_permille, "flush probability per cycle (1/1000)")
      ->check(CLI::Range(0, 100));
  app.add_option("--inject", o.inject, "mutation: flip a result LSB or drop a flag")
      ->check(CLI::IsMember({"none", "result", "flag"}));
  app.add_option("--inject-at", o.inject_at, "the compared case the mutation hits");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::fprintf(stderr, "fpu_unit: %s\n", e.what());
    return 2;
  }
  try {
    return run(o);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "fpu_unit: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::printf("%s\n", e.what());
    return 1;
  }
}
