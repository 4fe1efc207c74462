// IEEE 754 binary32 arithmetic for RV32F, in integers only (no host floating point), in the
// style of Berkeley SoftFloat: unpack, exact integer arithmetic with a sticky bit, one
// rounding routine. RISC-V rules: tininess after rounding, canonical NaN 0x7fc00000 for every
// NaN result, fmin/fmax as IEEE 754-2019 minimumNumber/maximumNumber, saturating conversions.
// The reference test (tests/iss/fp_ref.cpp) checks it against the host's FPU.
#pragma once

#include <cstdint>

namespace stackscope::iss::fp {

// Rounding modes, encoded as in the RISC-V frm field.
enum Rm : uint8_t { kRne = 0, kRtz = 1, kRdn = 2, kRup = 3, kRmm = 4 };

// Exception flags, encoded as in fflags.
namespace flag {
constexpr uint32_t kNx = 1, kUf = 2, kOf = 4, kDz = 8, kNv = 16;
}

constexpr uint32_t kCanonicalNan = 0x7fc00000u;

constexpr bool is_nan(uint32_t a) { return (a & 0x7fffffffu) > 0x7f800000u; }
constexpr bool is_snan(uint32_t a) { return is_nan(a) && !(a & 0x00400000u); }

// Every function ORs its exception flags into `fl`.
uint32_t add(uint32_t a, uint32_t b, Rm rm, uint32_t& fl);
uint32_t sub(uint32_t a, uint32_t b, Rm rm, uint32_t& fl);
uint32_t mul(uint32_t a, uint32_t b, Rm rm, uint32_t& fl);
uint32_t div(uint32_t a, uint32_t b, Rm rm, uint32_t& fl);
uint32_t sqrt(uint32_t a, Rm rm, uint32_t& fl);
// (+/-)(a*b) (+/-) c with one rounding: fmadd (false,false), fmsub (false,true),
// fnmsub (true,false), fnmadd (true,true).
uint32_t fma(uint32_t a, uint32_t b, uint32_t c, bool neg_product, bool neg_c, Rm rm, uint32_t& fl);
uint32_t min(uint32_t a, uint32_t b, uint32_t& fl);
uint32_t max(uint32_t a, uint32_t b, uint32_t& fl);
bool eq(uint32_t a, uint32_t b, uint32_t& fl);  // quiet: NV only for signalling NaNs
bool lt(uint32_t a, uint32_t b, uint32_t& fl);  // signalling: NV for any NaN
bool le(uint32_t a, uint32_t b, uint32_t& fl);
uint32_t classify(uint32_t a);                       // fclass.s: one of bits 0..9
uint32_t cvt_w_s(uint32_t a, Rm rm, uint32_t& fl);   // int32 result as bits
uint32_t cvt_wu_s(uint32_t a, Rm rm, uint32_t& fl);  // uint32
uint32_t cvt_s_w(uint32_t x, Rm rm, uint32_t& fl);   // x is an int32
uint32_t cvt_s_wu(uint32_t x, Rm rm, uint32_t& fl);

}  // namespace stackscope::iss::fp
