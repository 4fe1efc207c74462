#include "softfloat32.h"

#include <bit>
#include <utility>

namespace stackscope::iss::fp {
namespace {

using u128 = unsigned __int128;

constexpr uint32_t kSign = 0x80000000u, kInf = 0x7f800000u, kMaxFinite = 0x7f7fffffu;

constexpr bool sign_of(uint32_t a) { return a >> 31; }
constexpr uint32_t exp_field(uint32_t a) { return (a >> 23) & 0xff; }
constexpr uint32_t frac_field(uint32_t a) { return a & 0x7fffff; }
constexpr bool is_inf(uint32_t a) { return (a & 0x7fffffffu) == kInf; }
constexpr bool is_zero(uint32_t a) { return (a & 0x7fffffffu) == 0; }
constexpr uint32_t signed_zero(bool s) { return s ? kSign : 0; }
constexpr uint32_t signed_inf(bool s) { return signed_zero(s) | kInf; }

// A finite nonzero value as sig * 2^exp (sig < 2^24, not normalised for subnormals).
struct Finite {
  uint32_t sig;
  int exp;
};
constexpr Finite unpack(uint32_t a) {
  const uint32_t e = exp_field(a);
  if (e == 0) return {frac_field(a), -149};
  return {frac_field(a) | 0x800000u, static_cast<int>(e) - 150};
}
// Same, with sig's top bit at bit 23.
Finite unpack_norm(uint32_t a) {
  Finite f = unpack(a);
  const int s = std::countl_zero(f.sig) - 8;
  f.sig <<= s;
  f.exp -= s;
  return f;
}

// m >> shift, rounded by rm for a value of sign `sign`; `inexact` set if bits were lost.
uint64_t shift_round(u128 m, int shift, bool sign, Rm rm, bool& inexact) {
  if (shift <= 0) {
    inexact = false;
    return static_cast<uint64_t>(m << -shift);
  }
  if (shift > 126) shift = 126;  // callers' m < 2^125: everything is below half
  const u128 q = m >> shift;
  const u128 rem = m & ((u128{1} << shift) - 1);
  const u128 half = u128{1} << (shift - 1);
  inexact = rem != 0;
  bool inc = false;
  switch (rm) {
    case kRne:
      inc = rem > half || (rem == half && (q & 1));
      break;
    case kRtz:
      break;
    case kRdn:
      inc = sign && inexact;
      break;
    case kRup:
      inc = !sign && inexact;
      break;
    case kRmm:
      inc = rem >= half;
      break;
  }
  return static_cast<uint64_t>(q + inc);
}

// The binary32 nearest (by rm) to m * 2^e, m != 0. If m's bit 0 is a sticky bit (a jam of
// lost lower bits), m must have at least 27 significant bits so the sticky stays below the
// rounding position.
uint32_t round_pack(bool sign, int e, uint64_t m, Rm rm, uint32_t& fl) {
  const int s = std::countl_zero(m);
  m <<= s;
  e -= s;                // m in [2^63, 2^64)
  const int E = e + 63;  // value in [2^E, 2^(E+1))
  bool inexact = false;
  if (E >= -126) {
    const uint64_t q = shift_round(m, 40, sign, rm, inexact);  // q in [2^23, 2^24]
    const uint32_t biased = static_cast<uint32_t>(E + 127) + static_cast<uint32_t>(q >> 24);
    if (biased >= 255) {
      fl |= flag::kOf | flag::kNx;
      const bool to_inf = rm == kRne || rm == kRmm || (rm == kRdn && sign) || (rm == kRup && !sign);
      return signed_zero(sign) | (to_inf ? kInf : kMaxFinite);
    }
    if (inexact) fl |= flag::kNx;
    return signed_zero(sign) + ((static_cast<uint32_t>(E + 126) << 23) + static_cast<uint32_t>(q));
  }
  // Below the normal range: round at 2^-149. Tininess is detected after rounding (RISC-V):
  // tiny unless rounding to 24 bits with an unbounded exponent reaches 2^-126.
  const uint64_t q = shift_round(m, -149 - e, sign, rm, inexact);
  bool unused;
  const bool tiny = E < -127 || shift_round(m, 40, sign, rm, unused) < (uint64_t{1} << 24);
  if (inexact) fl |= flag::kNx | (tiny ? flag::kUf : 0);
  return signed_zero(sign) | static_cast<uint32_t>(q);  // q = 2^23 carries into the exponent
}

uint32_t nan_result(bool signalling, uint32_t& fl) {
  if (signalling) fl |= flag::kNv;
  return kCanonicalNan;
}

uint64_t shift_right_jam(uint64_t v, int d) {
  if (d == 0) return v;
  if (d >= 64) return v != 0;
  return (v >> d) | ((v & ((uint64_t{1} << d) - 1)) != 0);
}
u128 shift_right_jam(u128 v, int d) {
  if (d == 0) return v;
  if (d >= 128) return v != 0;
  return (v >> d) | ((v & ((u128{1} << d) - 1)) != 0);
}
int msb(u128 v) {
  const auto hi = static_cast<uint64_t>(v >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<uint64_t>(v));
}

// Exactly zero sums are +0, or -0 when rounding down (IEEE 754 6.3).
constexpr uint32_t exact_zero_sum(Rm rm) { return signed_zero(rm == kRdn); }

// (sign_p, P * 2^ep) + (sign_c, C * 2^ec), P or C may be 0 but not both results... rounded.
uint32_t add_exact(bool sign_p, u128 p, int ep, bool sign_c, u128 c, int ec, Rm rm, uint32_t& fl) {
  // Normalise both to bit 125 so the larger exponent is the larger magnitude (within 2x);
  // the smaller is then shifted with a sticky bit. A heavy cancellation can only happen for
  // exponents 0 or 1 apart, where no bit is lost.
  const int sp = 125 - msb(p), sc = 125 - msb(c);
  p <<= sp;
  ep -= sp;
  c <<= sc;
  ec -= sc;
  if (ep < ec) {
    std::swap(p, c);
    std::swap(ep, ec);
    std::swap(sign_p, sign_c);
  }
  c = shift_right_jam(c, ep - ec);
  u128 m;
  bool sign = sign_p;
  if (sign_p == sign_c) {
    m = p + c;
  } else if (p >= c) {
    m = p - c;
  } else {
    m = c - p;
    sign = sign_c;
  }
  if (m == 0) return exact_zero_sum(rm);
  // To 64 bits: normalise to bit 127, keep the top 64 with the rest as a sticky bit.
  const int lz = 127 - msb(m);
  m <<= lz;
  const uint64_t m64 = static_cast<uint64_t>(m >> 64) | (static_cast<uint64_t>(m) != 0);
  return round_pack(sign, ep - lz + 64, m64, rm, fl);
}

}  // namespace

uint32_t add(uint32_t a, uint32_t b, Rm rm, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) return nan_result(is_snan(a) || is_snan(b), fl);
  if (is_inf(a)) {
    if (is_inf(b) && sign_of(a) != sign_of(b)) return nan_result(true, fl);
    return a;
  }
  if (is_inf(b)) return b;
  if (is_zero(a) && is_zero(b)) return sign_of(a) == sign_of(b) ? a : exact_zero_sum(rm);
  if (is_zero(a)) return b;
  if (is_zero(b)) return a;
  // Both finite and nonzero. Only equal exponents can hold a subnormal on the larger side,
  // so the larger-exponent operand has 63 significant bits whenever the other is shifted.
  Finite x = unpack(a), y = unpack(b);
  bool sx = sign_of(a), sy = sign_of(b);
  if (x.exp < y.exp) {
    std::swap(x, y);
    std::swap(sx, sy);
  }
  const uint64_t big = uint64_t{x.sig} << 39;
  const uint64_t small = shift_right_jam(uint64_t{y.sig} << 39, x.exp - y.exp);
  uint64_t m;
  bool sign = sx;
  if (sx == sy) {
    m = big + small;
  } else if (big >= small) {
    m = big - small;
  } else {
    m = small - big;
    sign = sy;
  }
  if (m == 0) return exact_zero_sum(rm);
  return round_pack(sign, x.exp - 39, m, rm, fl);
}

uint32_t sub(uint32_t a, uint32_t b, Rm rm, uint32_t& fl) {
  if (is_nan(b)) return add(a, b, rm, fl);  // keep b's signalling bit; the result is canonical
  return add(a, b ^ kSign, rm, fl);
}

uint32_t mul(uint32_t a, uint32_t b, Rm rm, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) return nan_result(is_snan(a) || is_snan(b), fl);
  const bool sign = sign_of(a) != sign_of(b);
  if (is_inf(a) || is_inf(b)) {
    if (is_zero(a) || is_zero(b)) return nan_result(true, fl);
    return signed_inf(sign);
  }
  if (is_zero(a) || is_zero(b)) return signed_zero(sign);
  const Finite x = unpack(a), y = unpack(b);
  return round_pack(sign, x.exp + y.exp, uint64_t{x.sig} * y.sig, rm, fl);
}

uint32_t div(uint32_t a, uint32_t b, Rm rm, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) return nan_result(is_snan(a) || is_snan(b), fl);
  const bool sign = sign_of(a) != sign_of(b);
  if (is_inf(a)) return is_inf(b) ? nan_result(true, fl) : signed_inf(sign);
  if (is_inf(b)) return signed_zero(sign);
  if (is_zero(b)) {
    if (is_zero(a)) return nan_result(true, fl);
    fl |= flag::kDz;
    return signed_inf(sign);
  }
  if (is_zero(a)) return signed_zero(sign);
  const Finite x = unpack_norm(a), y = unpack_norm(b);
  const uint64_t n = uint64_t{x.sig} << 40;  // quotient >= 2^39: plenty of bits for the sticky
  const uint64_t q = n / y.sig;
  const uint64_t m = q | (n % y.sig != 0);
  return round_pack(sign, x.exp - y.exp - 40, m, rm, fl);
}

uint32_t sqrt(uint32_t a, Rm rm, uint32_t& fl) {
  if (is_nan(a)) return nan_result(is_snan(a), fl);
  if (is_zero(a)) return a;
  if (sign_of(a)) return nan_result(true, fl);
  if (is_inf(a)) return a;
  Finite x = unpack_norm(a);
  uint64_t sig = x.sig;
  if (x.exp & 1) {  // make the exponent even
    sig <<= 1;
    x.exp -= 1;
  }
  uint64_t n = sig << 38;  // < 2^63; its root has >= 31 bits
  uint64_t root = 0, bit = uint64_t{1} << 62;
  while (bit > n) bit >>= 2;
  while (bit) {  // digit-by-digit integer square root
    if (n >= root + bit) {
      n -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return round_pack(false, (x.exp - 38) / 2, root | (n != 0), rm, fl);
}

uint32_t fma(uint32_t a, uint32_t b, uint32_t c, bool neg_product, bool neg_c, Rm rm,
             uint32_t& fl) {
  const bool inf_times_zero = (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b));
  if (is_nan(a) || is_nan(b) || is_nan(c))  // 0 x inf is invalid even with a quiet NaN addend
    return nan_result(is_snan(a) || is_snan(b) || is_snan(c) || inf_times_zero, fl);
  if (inf_times_zero) return nan_result(true, fl);
  const bool sp = (sign_of(a) != sign_of(b)) != neg_product;
  const bool sc = sign_of(c) != neg_c;
  if (is_inf(a) || is_inf(b)) {
    if (is_inf(c) && sp != sc) return nan_result(true, fl);
    return signed_inf(sp);
  }
  if (is_inf(c)) return signed_inf(sc);
  if (is_zero(a) || is_zero(b)) {
    if (is_zero(c)) return sp == sc ? signed_zero(sp) : exact_zero_sum(rm);
    return (c & ~kSign) | signed_zero(sc);
  }
  const Finite x = unpack(a), y = unpack(b);
  const uint64_t p = uint64_t{x.sig} * y.sig;
  if (is_zero(c)) return round_pack(sp, x.exp + y.exp, p, rm, fl);
  const Finite z = unpack(c);
  return add_exact(sp, p, x.exp + y.exp, sc, z.sig, z.exp, rm, fl);
}

namespace {
// Total order of non-NaN values with -0 < +0 (for min/max) or -0 == +0 (for compares).
constexpr int64_t key(uint32_t a, bool zeros_differ) {
  const int64_t mag = a & 0x7fffffff;
  return sign_of(a) ? -mag - (zeros_differ ? 1 : 0) : mag;
}
uint32_t min_max(uint32_t a, uint32_t b, bool want_max, uint32_t& fl) {
  if (is_snan(a) || is_snan(b)) fl |= flag::kNv;
  if (is_nan(a) && is_nan(b)) return kCanonicalNan;
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  const bool a_less = key(a, true) < key(b, true);
  return a_less != want_max ? a : b;
}
}  // namespace

uint32_t min(uint32_t a, uint32_t b, uint32_t& fl) { return min_max(a, b, false, fl); }
uint32_t max(uint32_t a, uint32_t b, uint32_t& fl) { return min_max(a, b, true, fl); }

bool eq(uint32_t a, uint32_t b, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) {
    if (is_snan(a) || is_snan(b)) fl |= flag::kNv;
    return false;
  }
  return key(a, false) == key(b, false);
}
bool lt(uint32_t a, uint32_t b, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) return fl |= flag::kNv, false;
  return key(a, false) < key(b, false);
}
bool le(uint32_t a, uint32_t b, uint32_t& fl) {
  if (is_nan(a) || is_nan(b)) return fl |= flag::kNv, false;
  return key(a, false) <= key(b, false);
}

uint32_t classify(uint32_t a) {
  const bool s = sign_of(a);
  if (is_nan(a)) return is_snan(a) ? 1u << 8 : 1u << 9;
  if (is_inf(a)) return s ? 1u << 0 : 1u << 7;
  if (is_zero(a)) return s ? 1u << 3 : 1u << 4;
  if (exp_field(a) == 0) return s ? 1u << 2 : 1u << 5;
  return s ? 1u << 1 : 1u << 6;
}

namespace {
// |a| rounded to an integer by rm, saturated at 2^40 (beyond every range); a finite.
uint64_t round_to_int(uint32_t a, Rm rm, bool& inexact) {
  inexact = false;
  if (is_zero(a)) return 0;
  const Finite f = unpack(a);
  if (f.exp >= 17) return uint64_t{1} << 40;
  return shift_round(f.sig, -f.exp, sign_of(a), rm, inexact);
}
}  // namespace

uint32_t cvt_w_s(uint32_t a, Rm rm, uint32_t& fl) {
  if (is_nan(a)) return fl |= flag::kNv, 0x7fffffffu;
  const bool s = sign_of(a);
  bool inexact = false;
  const uint64_t mag = is_inf(a) ? uint64_t{1} << 40 : round_to_int(a, rm, inexact);
  if (mag > (s ? 0x80000000u : 0x7fffffffu)) return fl |= flag::kNv, s ? 0x80000000u : 0x7fffffffu;
  if (inexact) fl |= flag::kNx;
  return s ? static_cast<uint32_t>(-static_cast<int64_t>(mag)) : static_cast<uint32_t>(mag);
}

uint32_t cvt_wu_s(uint32_t a, Rm rm, uint32_t& fl) {
  if (is_nan(a)) return fl |= flag::kNv, 0xffffffffu;
  const bool s = sign_of(a);
  bool inexact = false;
  const uint64_t mag = is_inf(a) ? uint64_t{1} << 40 : round_to_int(a, rm, inexact);
  if (s ? mag != 0 : mag > 0xffffffffu) return fl |= flag::kNv, s ? 0u : 0xffffffffu;
  if (inexact) fl |= flag::kNx;
  return static_cast<uint32_t>(mag);
}

uint32_t cvt_s_w(uint32_t x, Rm rm, uint32_t& fl) {
  if (x == 0) return 0;
  const bool s = x >> 31;
  const uint64_t mag = s ? uint64_t{0x100000000} - x : x;
  return round_pack(s, 0, mag, rm, fl);
}

uint32_t cvt_s_wu(uint32_t x, Rm rm, uint32_t& fl) {
  if (x == 0) return 0;
  return round_pack(false, 0, x, rm, fl);
}

}  // namespace stackscope::iss::fp
