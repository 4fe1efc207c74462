// Random reference test of the ISS's RV32F against the host's IEEE 754 arithmetic.
//
// The ISS computes with integers only (sim_model/iss/softfloat32.cpp). The reference here is
// the host FPU: SSE float ops, FMA3 (vfmadd) or glibc's fmaf, sqrtf, int<->float conversions,
// each under the fenv rounding mode, flags from fetestexcept (x86 detects tininess after
// rounding, as RISC-V does; the hand cases in test_fp.cpp pin that). What the host cannot give:
// - RMM (round to nearest, ties away) has no fenv mode: it equals RNE except on an exact tie.
//   The exact result is formed in long double (64-bit significand) with FE_INEXACT as the
//   exactness test; a value that is not exact there has more than 64 significant bits and is
//   no tie (a tie has 25). On a tie RMM picks the neighbour away from zero; its flags equal
//   RNE's (both NX; both tiny or both not; both overflow at the top).
// - The RISC-V rules the ISA manual adds to IEEE: every NaN result is 0x7fc00000; fmin/fmax
//   are minimumNumber/maximumNumber with -0 < +0; feq is quiet, flt/fle signal on any NaN;
//   0 x inf + qNaN raises NV; conversions saturate (NaN -> max) and raise only NV when out of
//   range. These are written here from the manual's text, not from the ISS.
//
// Operands come from a generator over special values (zeros, subnormals, min/max normals,
// infinities, quiet and signalling NaNs, conversion boundaries, x.5, few-bit significands that
// make exact and tie results, cancellations). Each case runs one encoded instruction on a Hart
// with F, with a static rounding mode or rm = dyn and frm set, and compares the result
// register and fflags (accrued over a random initial value). Reserved rounding modes must
// trap. Usage: fp_ref [CASES] [SEED]; exit 0 iff every case matched.
#include <cfenv>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "rv_asm.h"
#include "softfloat32.h"

namespace {

namespace fp = stackscope::iss::fp;
using stackscope::iss::IsaConfig;

float f(uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}
uint32_t bits(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
// GCC has no FENV_ACCESS: it may move float arithmetic across fesetround/fetestexcept.
// An empty volatile asm with the value in memory pins the operation between them.
template <class T>
T pin(T v) {
  asm volatile("" : "+m"(v));
  return v;
}
bool is_nan(uint32_t b) { return (b & 0x7fffffff) > 0x7f800000; }
bool is_snan(uint32_t b) { return is_nan(b) && !(b & 0x400000); }

enum class Kind {
  kFadd,
  kFsub,
  kFmul,
  kFdiv,
  kFsqrt,
  kFmadd,
  kFmsub,
  kFnmsub,
  kFnmadd,
  kFmin,
  kFmax,
  kFeq,
  kFlt,
  kFle,
  kFclass,
  kFcvtWS,
  kFcvtWuS,
  kFcvtSW,
  kFcvtSWu,
  kFsgnj,
  kFsgnjn,
  kFsgnjx,
  kFmvXW,
  kFmvWX,
  kFlw,
  kFsw,
  kCount
};
const char* kNames[] = {"fadd.s",    "fsub.s",   "fmul.s",   "fdiv.s",   "fsqrt.s",   "fmadd.s",
                        "fmsub.s",   "fnmsub.s", "fnmadd.s", "fmin.s",   "fmax.s",    "feq.s",
                        "flt.s",     "fle.s",    "fclass.s", "fcvt.w.s", "fcvt.wu.s", "fcvt.s.w",
                        "fcvt.s.wu", "fsgnj.s",  "fsgnjn.s", "fsgnjx.s", "fmv.x.w",   "fmv.w.x",
                        "flw",       "fsw"};
bool uses_rm(Kind k) {
  switch (k) {
    case Kind::kFadd:
    case Kind::kFsub:
    case Kind::kFmul:
    case Kind::kFdiv:
    case Kind::kFsqrt:
    case Kind::kFmadd:
    case Kind::kFmsub:
    case Kind::kFnmsub:
    case Kind::kFnmadd:
    case Kind::kFcvtWS:
    case Kind::kFcvtWuS:
    case Kind::kFcvtSW:
    case Kind::kFcvtSWu:
      return true;
    default:
      return false;
  }
}

uint32_t host_flags() {
  const int e = std::fetestexcept(FE_ALL_EXCEPT);
  return ((e & FE_INEXACT) ? fp::flag::kNx : 0) | ((e & FE_UNDERFLOW) ? fp::flag::kUf : 0) |
         ((e & FE_OVERFLOW) ? fp::flag::kOf : 0) | ((e & FE_DIVBYZERO) ? fp::flag::kDz : 0) |
         ((e & FE_INVALID) ? fp::flag::kNv : 0);
}
int host_mode(unsigned rm) {
  switch (rm) {
    case fp::kRtz:
      return FE_TOWARDZERO;
    case fp::kRdn:
      return FE_DOWNWARD;
    case fp::kRup:
      return FE_UPWARD;
    default:
      return FE_TONEAREST;  // RNE, and RMM's starting point
  }
}

__attribute__((target("fma"), noinline)) float fma_hw(float a, float b, float c) {
  return __builtin_fmaf(a, b, c);
}
float host_fma(bool hw, float a, float b, float c) {
  return hw ? fma_hw(a, b, c) : std::fmaf(a, b, c);
}

// What the reference saw, so the test can insist the generator reached the corners.
struct Coverage {
  uint64_t flag[5] = {};  // NX UF OF DZ NV raised by the reference
  uint64_t rmm_ties = 0;  // RMM cases whose tie went away from zero (RMM != RNE)
  uint64_t subnormal_results = 0, snan_inputs = 0, exact_zero_sums = 0;
};
// The reference's state: which host fma to use, and what it has seen.
struct RefState {
  bool hw_fma = false;
  Coverage cov;
};

// RMM from RNE: `exact` is the exact result (valid only if `exact_ok`).
uint32_t rmm_fix(uint32_t rne, long double exact, bool exact_ok, Coverage& cov) {
  if (!exact_ok || is_nan(rne) || !std::isfinite(exact) || exact == 0) return rne;
  std::fesetround(FE_TOWARDZERO);
  const float t = pin(static_cast<float>(pin(exact)));
  std::fesetround(FE_TONEAREST);
  const float away = std::nextafterf(t, exact > 0 ? INFINITY : -INFINITY);
  if (std::isinf(away)) return rne;
  const long double mid = (static_cast<long double>(t) + static_cast<long double>(away)) / 2;
  if (exact != mid || bits(away) == rne) return rne;
  ++cov.rmm_ties;
  return bits(away);
}

struct Ref {
  uint32_t value;  // f or x result
  uint32_t flags;
};

// Runs `op` (returning float) under the host mode for rm; NaN results become canonical.
template <class Op>
Ref host_float(unsigned rm, Op op) {
  std::fesetround(host_mode(rm));
  std::feclearexcept(FE_ALL_EXCEPT);
  const float r = pin(op());
  const uint32_t fl = host_flags();
  std::fesetround(FE_TONEAREST);
  return {is_nan(bits(r)) ? fp::kCanonicalNan : bits(r), fl};
}
// The exact value of `op` in long double and whether it is exact.
template <class Op>
long double exact_ld(Op op, bool& ok) {
  std::fesetround(FE_TONEAREST);
  std::feclearexcept(FE_ALL_EXCEPT);
  const long double v = pin(op());
  ok = !std::fetestexcept(FE_INEXACT | FE_INVALID);
  return v;
}

int32_t to_int_ref(uint32_t a, unsigned rm, bool is_unsigned, uint32_t& fl) {
  const float x = f(a);
  if (is_nan(a)) return fl |= fp::flag::kNv, is_unsigned ? -1 : INT32_MAX;
  float r;
  if (rm == fp::kRmm) {
    r = std::roundf(x);  // halfway cases away from zero
  } else {
    std::fesetround(host_mode(rm));
    r = pin(std::nearbyintf(pin(x)));
    std::fesetround(FE_TONEAREST);
  }
  const double d = r;  // an integer, or infinite
  const double lo = is_unsigned ? 0.0 : -2147483648.0;
  const double hi = is_unsigned ? 4294967295.0 : 2147483647.0;
  if (d < lo) return fl |= fp::flag::kNv, is_unsigned ? 0 : INT32_MIN;
  if (d > hi) return fl |= fp::flag::kNv, is_unsigned ? -1 : INT32_MAX;
  if (r != x) fl |= fp::flag::kNx;
  return is_unsigned ? static_cast<int32_t>(static_cast<uint32_t>(d)) : static_cast<int32_t>(d);
}

Ref reference(Kind k, uint32_t a, uint32_t b, uint32_t c, unsigned rm, RefState& st) {
  const float x = f(a), y = f(b), z = f(c);
  bool ok = false;
  long double ex = 0;
  Ref r{};
  switch (k) {
    case Kind::kFadd:
      r = host_float(rm, [&] { return pin(x) + pin(y); });
      ex = exact_ld([&] { return pin(static_cast<long double>(x)) + y; }, ok);
      break;
    case Kind::kFsub:
      r = host_float(rm, [&] { return pin(x) - pin(y); });
      ex = exact_ld([&] { return pin(static_cast<long double>(x)) - y; }, ok);
      break;
    case Kind::kFmul:
      r = host_float(rm, [&] { return pin(x) * pin(y); });
      ex = exact_ld([&] { return pin(static_cast<long double>(x)) * y; }, ok);
      break;
    case Kind::kFdiv:
      r = host_float(rm, [&] { return pin(x) / pin(y); });
      ex = exact_ld([&] { return pin(static_cast<long double>(x)) / y; }, ok);
      break;
    case Kind::kFsqrt:
      r = host_float(rm, [&] { return std::sqrt(pin(x)); });
      ex = exact_ld([&] { return std::sqrt(pin(static_cast<long double>(x))); }, ok);
      break;
    case Kind::kFmadd:
    case Kind::kFmsub:
    case Kind::kFnmsub:
    case Kind::kFnmadd: {
      const bool np = k == Kind::kFnmsub || k == Kind::kFnmadd;
      const bool nc = k == Kind::kFmsub || k == Kind::kFnmadd;
      const float p = np ? -x : x, q = nc ? -z : z;
      r = host_float(rm, [&] { return host_fma(st.hw_fma, pin(p), y, q); });
      ex = exact_ld([&] { return pin(static_cast<long double>(p)) * y + q; }, ok);
      // RISC-V: 0 x inf raises NV even when the addend is a quiet NaN.
      if ((std::isinf(x) && y == 0) || (x == 0 && std::isinf(y))) r.flags |= fp::flag::kNv;
      break;
    }
    case Kind::kFcvtSW:
    case Kind::kFcvtSWu: {
      const long double v = k == Kind::kFcvtSW ? static_cast<long double>(static_cast<int32_t>(a))
                                               : static_cast<long double>(a);
      r = host_float(rm, [&] {
        if (k == Kind::kFcvtSW) return static_cast<float>(pin(static_cast<int32_t>(a)));
        return static_cast<float>(pin(a));
      });
      ex = v;
      ok = true;
      break;
    }
    case Kind::kFcvtWS:
    case Kind::kFcvtWuS: {
      uint32_t fl = 0;
      const int32_t v = to_int_ref(a, rm, k == Kind::kFcvtWuS, fl);
      return {static_cast<uint32_t>(v), fl};
    }
    case Kind::kFmin:
    case Kind::kFmax: {
      uint32_t fl = (is_snan(a) || is_snan(b)) ? fp::flag::kNv : 0;
      if (is_nan(a) && is_nan(b)) return {fp::kCanonicalNan, fl};
      if (is_nan(a)) return {b, fl};
      if (is_nan(b)) return {a, fl};
      if (x == y && std::signbit(x) != std::signbit(y))  // -0 < +0
        return {(std::signbit(x) == (k == Kind::kFmin)) ? a : b, fl};
      if (x == y) return {a, fl};
      return {(k == Kind::kFmin ? x < y : x > y) ? a : b, fl};
    }
    case Kind::kFeq:
      return {static_cast<uint32_t>(!is_nan(a) && !is_nan(b) && x == y),
              (is_snan(a) || is_snan(b)) ? fp::flag::kNv : 0u};
    case Kind::kFlt:
      return {static_cast<uint32_t>(!is_nan(a) && !is_nan(b) && x < y),
              (is_nan(a) || is_nan(b)) ? fp::flag::kNv : 0u};
    case Kind::kFle:
      return {static_cast<uint32_t>(!is_nan(a) && !is_nan(b) && x <= y),
              (is_nan(a) || is_nan(b)) ? fp::flag::kNv : 0u};
    case Kind::kFclass: {
      const bool s = std::signbit(x);
      unsigned bit = 0;
      switch (std::fpclassify(x)) {
        case FP_NAN:
          bit = is_snan(a) ? 8 : 9;
          break;
        case FP_INFINITE:
          bit = s ? 0 : 7;
          break;
        case FP_NORMAL:
          bit = s ? 1 : 6;
          break;
        case FP_SUBNORMAL:
          bit = s ? 2 : 5;
          break;
        case FP_ZERO:
          bit = s ? 3 : 4;
          break;
      }
      return {1u << bit, 0};
    }
    case Kind::kFsgnj:
      return {bits(std::copysign(x, y)), 0};
    case Kind::kFsgnjn:
      return {bits(std::copysign(x, std::signbit(y) ? 1.0f : -1.0f)), 0};
    case Kind::kFsgnjx:
      return {bits(std::copysign(x, std::signbit(x) != std::signbit(y) ? -1.0f : 1.0f)), 0};
    case Kind::kFmvXW:
    case Kind::kFmvWX:
    case Kind::kFlw:
    case Kind::kFsw:
      return {a, 0};  // bit-exact moves: NaNs are not touched
    case Kind::kCount:
      break;
  }
  if (rm == fp::kRmm) r.value = rmm_fix(r.value, ex, ok, st.cov);
  if ((r.value & 0x7f800000) == 0 && (r.value & 0x7fffff)) ++st.cov.subnormal_results;
  if ((r.value & 0x7fffffff) == 0 && ok && ex == 0 && x != 0) ++st.cov.exact_zero_sums;
  return r;
}

// ---- operand generator ------------------------------------------------------------------
class Gen {
 public:
  explicit Gen(uint64_t seed) : rng_(seed) {}
  uint32_t below(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  uint32_t u32() { return static_cast<uint32_t>(rng_()); }
  uint32_t sign() { return below(2) << 31; }

  uint32_t value() {
    static constexpr uint32_t kSpecial[] = {
        0x00000000, 0x00000001, 0x00000002, 0x007fffff, 0x007ffffe, 0x00400000, 0x00800000,
        0x00800001, 0x00ffffff, 0x7f7fffff, 0x7f7ffffe, 0x7f000000, 0x3f800000, 0x3f800001,
        0x3f7fffff, 0x7f800000, 0x7fc00000, 0x7fc00001, 0x7fffffff, 0x7f800001, 0x7fa00000,
        0x7fbfffff, 0x3f000000, 0x3fc00000, 0x40200000, 0x40400000, 0x4effffff, 0x4f000000,
        0x4f000001, 0x4f7fffff, 0x4f800000, 0x4f800001, 0x33800000, 0x34000000, 0x33000000,
        0x0c800000, 0x1f800000, 0x5f800000, 0x3effffff, 0x3f000001, 0x3fbfffff, 0x00000003};
    switch (below(12)) {
      case 0:
      case 1:
        return kSpecial[below(sizeof kSpecial / 4)] | sign();
      case 2:  // subnormal
        return (u32() & 0x807fffff);
      case 3:  // any bit pattern
        return u32();
      case 4:
      case 5:  // moderate exponent, full significand
        return sign() | (below(60) + 97) << 23 | (u32() & 0x7fffff);
      case 6:
      case 7: {  // few-bit significand: exact results and ties
        const unsigned k = 1 + below(12);
        const uint32_t frac = (u32() & 0x7fffff) & ~((1u << (23 - k + 1)) - 1) & 0x7fffff;
        const uint32_t exp = below(4) == 0 ? below(254) + 1 : below(40) + 107;
        return sign() | exp << 23 | frac;
      }
      case 8:  // near the subnormal boundary or the top
        return sign() | (below(2) ? below(4) : 250 + below(5)) << 23 | (u32() & 0x7fffff);
      case 9: {  // integers and halves, conversion range edges
        const float v =
            static_cast<float>(static_cast<int32_t>(u32()) >> below(32)) + (below(2) ? 0.5f : 0.0f);
        return bits(v);
      }
      case 10:  // integer-valued around 2^31 / 2^32
        return sign() | (157 + below(3)) << 23 | (u32() & 0x7fffff);
      default:
        return sign() | (below(254) + 1) << 23 | (u32() & 0x7fffff);
    }
  }
  // b related to a: cancellation, a half-ulp partner (add ties), or independent.
  uint32_t partner(uint32_t a) {
    const uint32_t e = (a >> 23) & 0xff;
    switch (below(6)) {
      case 0:
        return a ^ 0x80000000u;  // a - a
      case 1:
        return (a ^ (below(2) << 31)) + below(5) - 2;  // neighbours
      case 2:
        if (e > 25 && e < 255)
          return sign() | (e - 23 - below(3)) << 23 |
                 (u32() & 0x7fffff & ~((1u << (20 + below(3))) - 1));
        return value();
      default:
        return value();
    }
  }

 private:
  std::mt19937_64 rng_;
};

struct Case {
  Kind k;
  unsigned rm, frm;  // rm field (7 = dyn) and the frm in force
  uint32_t a, b, c, init_flags;
};

std::string describe(const Case& t) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s rm=%u frm=%u a=0x%08x b=0x%08x c=0x%08x flags0=0x%02x",
                kNames[static_cast<int>(t.k)], t.rm, t.frm, t.a, t.b, t.c, t.init_flags);
  return buf;
}

class Runner {
 public:
  explicit Runner(RefState& st) : m_(IsaConfig{.f = true}), st_(st) {}

  // Returns "" on match, else a message.
  std::string run(const Case& t, Gen& g) {
    namespace F = rv::f;
    auto& h = m_.hart;
    // Registers: distinct sources, any destination.
    const unsigned r1 = 1 + g.below(10), r2 = 11 + g.below(10), r3 = 21 + g.below(10);
    const unsigned rd = 1 + g.below(31);
    h.set_freg(r1, t.a);
    h.set_freg(r2, t.b);
    h.set_freg(r3, t.c);
    h.set_reg(r1, t.a);
    h.set_reg(r2, rv::kData);
    h.csrs().fflags = t.init_flags;
    h.csrs().frm = t.frm;
    const unsigned rm = t.rm;
    uint32_t insn = 0;
    bool x_result = false;
    switch (t.k) {
      case Kind::kFadd:
        insn = F::fadd(rd, r1, r2, rm);
        break;
      case Kind::kFsub:
        insn = F::fsub(rd, r1, r2, rm);
        break;
      case Kind::kFmul:
        insn = F::fmul(rd, r1, r2, rm);
        break;
      case Kind::kFdiv:
        insn = F::fdiv(rd, r1, r2, rm);
        break;
      case Kind::kFsqrt:
        insn = F::fsqrt(rd, r1, rm);
        break;
      case Kind::kFmadd:
        insn = F::r4(0x43, rd, r1, r2, r3, rm);
        break;
      case Kind::kFmsub:
        insn = F::r4(0x47, rd, r1, r2, r3, rm);
        break;
      case Kind::kFnmsub:
        insn = F::r4(0x4b, rd, r1, r2, r3, rm);
        break;
      case Kind::kFnmadd:
        insn = F::r4(0x4f, rd, r1, r2, r3, rm);
        break;
      case Kind::kFmin:
        insn = F::fmin(rd, r1, r2);
        break;
      case Kind::kFmax:
        insn = F::fmax(rd, r1, r2);
        break;
      case Kind::kFeq:
        insn = F::feq(rd, r1, r2), x_result = true;
        break;
      case Kind::kFlt:
        insn = F::flt(rd, r1, r2), x_result = true;
        break;
      case Kind::kFle:
        insn = F::fle(rd, r1, r2), x_result = true;
        break;
      case Kind::kFclass:
        insn = F::fclass(rd, r1), x_result = true;
        break;
      case Kind::kFcvtWS:
        insn = F::fcvt_w_s(rd, r1, rm), x_result = true;
        break;
      case Kind::kFcvtWuS:
        insn = F::fcvt_wu_s(rd, r1, rm), x_result = true;
        break;
      case Kind::kFcvtSW:
        insn = F::fcvt_s_w(rd, r1, rm);
        break;
      case Kind::kFcvtSWu:
        insn = F::fcvt_s_wu(rd, r1, rm);
        break;
      case Kind::kFsgnj:
        insn = F::fsgnj(rd, r1, r2);
        break;
      case Kind::kFsgnjn:
        insn = F::fsgnjn(rd, r1, r2);
        break;
      case Kind::kFsgnjx:
        insn = F::fsgnjx(rd, r1, r2);
        break;
      case Kind::kFmvXW:
        insn = F::fmv_x_w(rd, r1), x_result = true;
        break;
      case Kind::kFmvWX:
        insn = F::fmv_w_x(rd, r1);
        break;
      case Kind::kFlw:
        m_.mem.store<uint32_t>(rv::kData + 8, t.a);
        insn = F::flw(rd, r2, 8);
        break;
      case Kind::kFsw:
        insn = F::fsw(r1, r2, 12);
        break;
      case Kind::kCount:
        break;
    }
    h.set_pc(rv::kBase);
    const auto rec = m_.exec(insn);
    const unsigned eff = rm == 7 ? t.frm : rm;
    const bool must_trap = uses_rm(t.k) && eff > 4;
    if (must_trap) {
      if (!rec.trap || rec.cause != 2 || rec.tval != insn)
        return "expected an illegal-instruction trap";
      if (h.csrs().fflags != t.init_flags) return "a trapping instruction changed fflags";
      return "";
    }
    if (rec.trap) return "unexpected trap, cause " + std::to_string(rec.cause);
    const Ref ref = reference(t.k, t.a, t.b, t.c, eff, st_);
    for (int i = 0; i < 5; ++i) st_.cov.flag[i] += (ref.flags >> i) & 1;
    st_.cov.snan_inputs += is_snan(t.a) || is_snan(t.b);
    uint32_t got;
    if (t.k == Kind::kFsw) {
      if (!m_.mem.load<uint32_t>(rv::kData + 12, got)) return "fsw readback failed";
    } else {
      got = x_result ? h.reg(rd) : h.freg(rd);
    }
    const uint32_t got_flags = h.csrs().fflags;
    const uint32_t want_flags = ref.flags | t.init_flags;
    if (got != ref.value || got_flags != want_flags) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "got 0x%08x flags 0x%02x, want 0x%08x flags 0x%02x", got,
                    got_flags, ref.value, want_flags);
      return buf;
    }
    return "";
  }

 private:
  rv::Machine m_;
  RefState& st_;
};

}  // namespace

int main(int argc, char** argv) {
  const uint64_t cases = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  const uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  if (cases == 0) {
    std::fprintf(stderr, "usage: fp_ref [CASES>0] [SEED]\n");
    return 2;
  }
  RefState st;
  st.hw_fma = __builtin_cpu_supports("fma");
  Gen g(seed);
  Runner run(st);
  std::vector<uint64_t> per_kind(static_cast<size_t>(Kind::kCount)), per_rm(8);
  uint64_t failed = 0, traps = 0;
  for (uint64_t i = 0; i < cases; ++i) {
    Case t{};
    t.k = static_cast<Kind>(g.below(static_cast<uint32_t>(Kind::kCount)));
    // Static modes 0-4, or dynamic with frm 0-4; 1 in 64 a reserved dynamic frm (5-7).
    t.rm = g.below(2) ? g.below(5) : 7;
    if (uses_rm(t.k) && g.below(64) == 0) t.rm = 5 + g.below(2);  // reserved static modes
    t.frm = g.below(64) == 0 ? 5 + g.below(3) : g.below(5);
    t.a = g.value();
    t.b = g.below(2) ? g.partner(t.a) : g.value();
    t.c = g.below(3) == 0 ? [&] {  // the fma cancellation case: c = -(a*b) rounded
      std::fesetround(FE_TONEAREST);
      volatile float p = f(t.a) * f(t.b);
      return bits(-p);
    }() : g.value();
    const bool is_fma = t.k >= Kind::kFmadd && t.k <= Kind::kFnmadd;
    if (is_fma && g.below(16) == 0) {  // 0 x inf, with any addend (a quiet NaN must give NV)
      const uint32_t zero = g.sign(), inf = g.sign() | 0x7f800000u;
      t.a = g.below(2) ? zero : inf;
      t.b = t.a == zero ? inf : zero;
      if (g.below(2)) t.c = 0x7fc00000u | g.u32() >> 10;
    }
    if (t.k == Kind::kFcvtSW || t.k == Kind::kFcvtSWu)
      t.a = g.below(2) ? g.u32() : g.u32() >> g.below(32);
    t.init_flags = g.below(4) == 0 ? g.below(32) : 0;
    const std::string err = run.run(t, g);
    const unsigned eff = t.rm == 7 ? t.frm : t.rm;
    if (uses_rm(t.k) && eff > 4) ++traps;
    ++per_kind[static_cast<size_t>(t.k)];
    ++per_rm[eff];
    if (!err.empty()) {
      if (++failed <= 20) std::printf("MISMATCH %s: %s\n", describe(t).c_str(), err.c_str());
    }
  }
  std::printf("fp_ref: %" PRIu64 " cases (seed %" PRIu64 ", host fma %s), %" PRIu64
              " reserved-rm traps, %" PRIu64 " mismatches\n",
              cases, seed, st.hw_fma ? "FMA3" : "glibc fmaf", traps, failed);
  for (size_t k = 0; k < per_kind.size(); ++k)
    std::printf("  %-10s %" PRIu64 "\n", kNames[k], per_kind[k]);
  std::printf("  per effective rm (0 RNE 1 RTZ 2 RDN 3 RUP 4 RMM 5-7 reserved):");
  for (uint64_t n : per_rm) std::printf(" %" PRIu64, n);
  std::printf("\n");
  const Coverage& c = st.cov;
  std::printf("  reference flags NX %" PRIu64 " UF %" PRIu64 " OF %" PRIu64 " DZ %" PRIu64
              " NV %" PRIu64 "; RMM ties away %" PRIu64 "; subnormal results %" PRIu64
              "; signalling-NaN operands %" PRIu64 "; exact zero sums %" PRIu64 "\n",
              c.flag[0], c.flag[1], c.flag[2], c.flag[3], c.flag[4], c.rmm_ties,
              c.subnormal_results, c.snan_inputs, c.exact_zero_sums);
  // The generator must reach every corner in a run of the ctest's size (1 per 20k cases).
  const uint64_t need = cases / 20000;
  bool covered = traps >= need && c.rmm_ties >= need && c.subnormal_results >= need &&
                 c.snan_inputs >= need && c.exact_zero_sums >= need;
  for (uint64_t n : c.flag) covered = covered && n >= need;
  if (!covered) std::printf("coverage too low (each corner needs >= %" PRIu64 ")\n", need);
  return failed || !covered ? 1 : 0;
}
