// RV32F in the ISS: hand-derived corner cases, the F state (misa, mstatus.FS, fcsr) and the
// rv32im configuration the RTL lockstep uses. Values are worked out in the comments from the
// ISA manual's rules, not taken from the ISS. Random cases against the host: fp_ref.cpp.
#include <catch2/catch.hpp>

#include "commit_log.h"
#include "disasm.h"
#include "rv_asm.h"

using namespace rv;
namespace F = rv::f;
using stackscope::iss::IsaConfig;

namespace {

constexpr uint32_t kNx = 1, kUf = 2, kOf = 4, kDz = 8, kNv = 16;
constexpr uint32_t kRne = 0, kRtz = 1, kRdn = 2, kRup = 3, kRmm = 4;

struct FpMachine : Machine {
  FpMachine() : Machine(IsaConfig{.f = true}) {}
  // Runs one instruction at kBase with fflags cleared; returns the record.
  stackscope::iss::CommitRecord run(uint32_t insn) {
    hart.set_pc(kBase);
    hart.csrs().fflags = 0;
    return exec(insn);
  }
  // f1 = a, f2 = b, f3 = c; op writes f4 (or x4): returns f4 (or x4) and leaves flags.
  uint32_t op3(uint32_t insn, uint32_t a, uint32_t b = 0, uint32_t c = 0, bool x_rd = false) {
    hart.set_freg(1, a);
    hart.set_freg(2, b);
    hart.set_freg(3, c);
    const auto r = run(insn);
    REQUIRE_FALSE(r.trap);
    return x_rd ? hart.reg(4) : hart.freg(4);
  }
  uint32_t flags() const { return hart.csrs().fflags; }
};

}  // namespace

TEST_CASE("F off (rv32im, the lockstep configuration): F instructions and f CSRs trap", "[fp]") {
  Machine m;  // default IsaConfig: rv32im, what the RTL core implements
  for (uint32_t insn : {F::fadd(1, 2, 3, 0), F::flw(1, 0, 0), F::fmv_w_x(1, 5),
                        F::r4(0x43, 1, 2, 3, 4, 7), csrrs(5, 0x003, 0), csrrw(0, 0x001, 5)}) {
    m.hart.set_pc(kBase);
    const auto r = m.exec(insn);
    CHECK(r.trap);
    CHECK(r.cause == 2);
    CHECK(r.tval == insn);
  }
  uint32_t misa = 0;
  REQUIRE(m.hart.csrs().read(0x301, {}, misa) == stackscope::iss::Csrs::Status::kOk);
  CHECK(misa == 0x40001100);
  // mstatus.FS is read-only 0 without F.
  m.hart.csrs().write(0x300, 0x6000);
  CHECK((m.hart.csrs().mstatus & 0x6000) == 0);
}

TEST_CASE("F on: misa.F, mstatus.FS Initial -> Dirty, FS = Off traps", "[fp]") {
  FpMachine m;
  uint32_t v = 0;
  m.hart.csrs().read(0x301, {}, v);
  CHECK(v == 0x40001120);  // I (8), M (12), F (5), MXL = 1
  m.hart.csrs().read(0x300, {}, v);
  CHECK((v & 0x6000) == 0x2000);  // Initial at reset: F usable without set-up
  CHECK((v & 0x80000000u) == 0);
  m.op3(F::fadd(4, 1, 2, kRne), 0x3f800000, 0x3f800000);
  CHECK(m.hart.freg(4) == 0x40000000);  // 1 + 1 = 2
  m.hart.csrs().read(0x300, {}, v);
  CHECK((v & 0x6000) == 0x6000);  // Dirty after an f register write
  CHECK((v & 0x80000000u) != 0);  // SD
  // Software may set Clean; then FS = Off makes every F instruction and fcsr access illegal.
  m.hart.csrs().write(0x300, 0x4000);
  m.hart.csrs().read(0x300, {}, v);
  CHECK((v & 0x80006000u) == 0x4000);
  m.hart.csrs().write(0x300, 0);
  for (uint32_t insn : {F::fadd(4, 1, 2, kRne), F::fsgnj(4, 1, 2), csrrs(5, 0x003, 0)}) {
    const auto r = m.run(insn);
    CHECK(r.trap);
    CHECK(r.cause == 2);
  }
}

TEST_CASE("fcsr, frm, fflags: fields and aliasing", "[fp]") {
  FpMachine m;
  m.hart.set_reg(5, 0xffffffff);
  m.run(csrrw(0, 0x003, 5));  // fcsr: bits 31:8 are reserved (read 0)
  CHECK(m.hart.csrs().frm == 7);
  CHECK(m.hart.csrs().fflags == 0x1f);
  m.hart.set_pc(kBase);
  m.exec(csrrs(6, 0x003, 0));
  CHECK(m.hart.reg(6) == 0xff);
  m.hart.set_pc(kBase);
  m.exec(csrrwi(6, 0x002, 1));  // frm = RTZ, old frm read
  CHECK(m.hart.reg(6) == 7);
  m.hart.set_pc(kBase);
  m.exec(csrrs(6, 0x001, 0));
  CHECK(m.hart.reg(6) == 0x1f);
  m.hart.set_pc(kBase);
  m.exec(csrrs(6, 0x003, 0));
  CHECK(m.hart.reg(6) == (1u << 5 | 0x1f));
}

TEST_CASE("rounding modes: static, dynamic, reserved", "[fp]") {
  FpMachine m;
  // 1 + 2^-24 is the tie between 1 and 1 + 2^-23 (0x3f800001).
  const uint32_t one = 0x3f800000, half_ulp = 0x33800000;
  CHECK(m.op3(F::fadd(4, 1, 2, kRne), one, half_ulp) == one);  // tie to even
  CHECK(m.flags() == kNx);
  CHECK(m.op3(F::fadd(4, 1, 2, kRmm), one, half_ulp) == 0x3f800001);  // tie away
  CHECK(m.op3(F::fadd(4, 1, 2, kRtz), one, half_ulp) == one);
  CHECK(m.op3(F::fadd(4, 1, 2, kRup), one, half_ulp) == 0x3f800001);
  CHECK(m.op3(F::fadd(4, 1, 2, kRdn), one | 0x80000000u, half_ulp | 0x80000000u) == 0xbf800001);
  // Dynamic: frm decides; frm 5, 6, 7 make rounding instructions illegal, not the others.
  m.hart.csrs().frm = kRup;
  CHECK(m.op3(F::fadd(4, 1, 2, F::kDyn), one, half_ulp) == 0x3f800001);
  for (uint32_t frm : {5u, 6u, 7u}) {
    m.hart.csrs().frm = frm;
    const auto r = m.run(F::fadd(4, 1, 2, F::kDyn));
    CHECK(r.trap);
    CHECK(r.cause == 2);
    CHECK_FALSE(m.run(F::fsgnj(4, 1, 2)).trap);
    CHECK_FALSE(m.run(F::fmin(4, 1, 2)).trap);
  }
  // Static 5 and 6 are reserved encodings.
  for (uint32_t rm : {5u, 6u}) {
    CHECK(m.run(F::fadd(4, 1, 2, rm)).trap);
    CHECK(m.run(F::fcvt_w_s(4, 1, rm)).trap);
    CHECK(m.run(F::r4(0x43, 4, 1, 2, 3, rm)).trap);
  }
}

TEST_CASE("underflow: tininess after rounding", "[fp]") {
  FpMachine m;
  // (1 + 2^-23) * 2^-126 (1 - 2^-23) = 2^-126 (1 - 2^-46): below 2^-126, but rounded to 24
  // bits with an unbounded exponent it is 2^-126, so it is not tiny after rounding (RNE):
  // result 2^-126, NX without UF. (Detecting before rounding would raise UF.)
  CHECK(m.op3(F::fmul(4, 1, 2, kRne), 0x3f800001, 0x007fffff) == 0x00800000);
  CHECK(m.flags() == kNx);
  // RTZ: 24-bit rounding truncates to 2^-126 - 2^-150, tiny; the subnormal result
  // 0x007fffff is inexact: UF and NX.
  CHECK(m.op3(F::fmul(4, 1, 2, kRtz), 0x3f800001, 0x007fffff) == 0x007fffff);
  CHECK(m.flags() == (kUf | kNx));
  // Exact subnormal results raise nothing: 2^-126 * 0.5 = 2^-127.
  CHECK(m.op3(F::fmul(4, 1, 2, kRne), 0x00800000, 0x3f000000) == 0x00400000);
  CHECK(m.flags() == 0);
  // 2^-149 * 0.5 = 2^-150: the tie between 0 and 2^-149 goes to 0 (even), UF NX; RMM away.
  CHECK(m.op3(F::fmul(4, 1, 2, kRne), 0x00000001, 0x3f000000) == 0);
  CHECK(m.flags() == (kUf | kNx));
  CHECK(m.op3(F::fmul(4, 1, 2, kRmm), 0x00000001, 0x3f000000) == 1);
  CHECK(m.flags() == (kUf | kNx));
}

TEST_CASE("overflow by rounding mode", "[fp]") {
  FpMachine m;
  const uint32_t max = 0x7f7fffff, two = 0x40000000;
  CHECK(m.op3(F::fmul(4, 1, 2, kRne), max, two) == 0x7f800000);
  CHECK(m.flags() == (kOf | kNx));
  CHECK(m.op3(F::fmul(4, 1, 2, kRtz), max, two) == max);
  CHECK(m.op3(F::fmul(4, 1, 2, kRdn), max, two) == max);
  CHECK(m.op3(F::fmul(4, 1, 2, kRup), max, two) == 0x7f800000);
  CHECK(m.op3(F::fmul(4, 1, 2, kRup), max | 0x80000000u, two) == (max | 0x80000000u));
  CHECK(m.op3(F::fmul(4, 1, 2, kRdn), max | 0x80000000u, two) == 0xff800000);
  CHECK(m.op3(F::fmul(4, 1, 2, kRmm), max, two) == 0x7f800000);
  CHECK(m.flags() == (kOf | kNx));
}

TEST_CASE("NaN rules, invalid and divide by zero", "[fp]") {
  FpMachine m;
  const uint32_t qnan_payload = 0x7fc00123, snan = 0x7f800001, one = 0x3f800000, inf = 0x7f800000;
  CHECK(m.op3(F::fadd(4, 1, 2, kRne), qnan_payload, one) == 0x7fc00000);  // canonical
  CHECK(m.flags() == 0);
  CHECK(m.op3(F::fadd(4, 1, 2, kRne), snan, one) == 0x7fc00000);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fsub(4, 1, 2, kRne), inf, inf) == 0x7fc00000);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fdiv(4, 1, 2, kRne), one, 0) == inf);
  CHECK(m.flags() == kDz);
  CHECK(m.op3(F::fdiv(4, 1, 2, kRne), 0, 0x80000000u) == 0x7fc00000);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fsqrt(4, 1, kRne), 0xbf800000) == 0x7fc00000);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fsqrt(4, 1, kRne), 0x80000000u) == 0x80000000u);  // sqrt(-0) = -0
  CHECK(m.flags() == 0);
  // fma: 0 x inf is invalid even with a quiet NaN addend.
  CHECK(m.op3(F::r4(0x43, 4, 1, 2, 3, kRne), 0, inf, 0x7fc00000) == 0x7fc00000);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::r4(0x43, 4, 1, 2, 3, kRne), one, one, 0x7fc00000) == 0x7fc00000);
  CHECK(m.flags() == 0);
  // x - x = +0, but -0 when rounding down.
  CHECK(m.op3(F::fsub(4, 1, 2, kRne), one, one) == 0);
  CHECK(m.op3(F::fsub(4, 1, 2, kRdn), one, one) == 0x80000000u);
  // Moves and sign injection keep NaN payloads.
  CHECK(m.op3(F::fsgnjn(4, 1, 1), snan) == (snan | 0x80000000u));
  CHECK(m.flags() == 0);
  m.hart.set_freg(1, snan);
  m.run(F::fmv_x_w(4, 1));
  CHECK(m.hart.reg(4) == snan);
}

TEST_CASE("fmin/fmax: minimumNumber, -0 < +0", "[fp]") {
  FpMachine m;
  const uint32_t pz = 0, nz = 0x80000000u, one = 0x3f800000, qnan = 0x7fc00000, snan = 0x7fa00000;
  CHECK(m.op3(F::fmin(4, 1, 2), pz, nz) == nz);
  CHECK(m.op3(F::fmax(4, 1, 2), nz, pz) == pz);
  CHECK(m.op3(F::fmin(4, 1, 2), qnan, one) == one);
  CHECK(m.flags() == 0);
  CHECK(m.op3(F::fmax(4, 1, 2), one, snan) == one);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fmax(4, 1, 2), snan, qnan) == 0x7fc00000);
  CHECK(m.flags() == kNv);
}

TEST_CASE("compares: feq quiet, flt/fle signalling", "[fp]") {
  FpMachine m;
  const uint32_t qnan = 0x7fc00000, one = 0x3f800000;
  CHECK(m.op3(F::feq(4, 1, 2), 0, 0x80000000u, 0, true) == 1);  // +0 == -0
  CHECK(m.op3(F::feq(4, 1, 2), qnan, one, 0, true) == 0);
  CHECK(m.flags() == 0);
  CHECK(m.op3(F::feq(4, 1, 2), 0x7f800001, one, 0, true) == 0);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::flt(4, 1, 2), qnan, one, 0, true) == 0);
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fle(4, 1, 2), 0x80000000u, 0, 0, true) == 1);
  CHECK(m.op3(F::flt(4, 1, 2), 0x80000000u, 0, 0, true) == 0);
}

TEST_CASE("conversions: rounding, saturation, flags", "[fp]") {
  FpMachine m;
  const uint32_t two_half = 0x40200000, m_two_half = 0xc0200000;  // 2.5, -2.5
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRne), two_half, 0, 0, true) == 2);
  CHECK(m.flags() == kNx);
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRmm), two_half, 0, 0, true) == 3);
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRdn), m_two_half, 0, 0, true) == static_cast<uint32_t>(-3));
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRup), m_two_half, 0, 0, true) == static_cast<uint32_t>(-2));
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRtz), 0x4f000000, 0, 0, true) == 0x7fffffffu);  // 2^31
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRtz), 0xcf000000, 0, 0, true) == 0x80000000u);  // -2^31
  CHECK(m.flags() == 0);
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRtz), 0x7fc00000, 0, 0, true) == 0x7fffffffu);  // NaN
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fcvt_w_s(4, 1, kRtz), 0xff800000, 0, 0, true) == 0x80000000u);  // -inf
  CHECK(m.op3(F::fcvt_wu_s(4, 1, kRtz), 0xbf800000, 0, 0, true) == 0);           // -1: invalid
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fcvt_wu_s(4, 1, kRtz), 0xbf000000, 0, 0, true) == 0);  // -0.5 -> -0: fine
  CHECK(m.flags() == kNx);
  CHECK(m.op3(F::fcvt_wu_s(4, 1, kRtz), 0x4f800000, 0, 0, true) == 0xffffffffu);  // 2^32
  CHECK(m.flags() == kNv);
  CHECK(m.op3(F::fcvt_wu_s(4, 1, kRtz), 0x7fc00000, 0, 0, true) == 0xffffffffu);
  // int -> float: 2^24 + 1 is the tie between 2^24 and 2^24 + 2.
  m.hart.set_reg(1, 0x01000001);
  m.run(F::fcvt_s_w(4, 1, kRne));
  CHECK(m.hart.freg(4) == 0x4b800000);
  CHECK(m.flags() == kNx);
  m.hart.set_reg(1, 0x01000001);
  m.run(F::fcvt_s_w(4, 1, kRmm));
  CHECK(m.hart.freg(4) == 0x4b800001);
  m.hart.set_reg(1, 0xffffffff);
  m.run(F::fcvt_s_wu(4, 1, kRtz));
  CHECK(m.hart.freg(4) == 0x4f7fffff);
  m.hart.set_reg(1, 0xffffffff);
  m.run(F::fcvt_s_w(4, 1, kRne));
  CHECK(m.hart.freg(4) == 0xbf800000);  // -1
  CHECK(m.flags() == 0);
}

TEST_CASE("fclass", "[fp]") {
  FpMachine m;
  const std::pair<uint32_t, uint32_t> cases[] = {
      {0xff800000, 1u << 0}, {0xbf800000, 1u << 1}, {0x80000001, 1u << 2}, {0x80000000, 1u << 3},
      {0x00000000, 1u << 4}, {0x007fffff, 1u << 5}, {0x3f800000, 1u << 6}, {0x7f800000, 1u << 7},
      {0x7f800001, 1u << 8}, {0x7fc00000, 1u << 9}, {0xffc00000, 1u << 9}};
  for (auto [v, cls] : cases) CHECK(m.op3(F::fclass(4, 1), v, 0, 0, true) == cls);
}

TEST_CASE("flw/fsw: data, misalignment, commit record", "[fp]") {
  FpMachine m;
  m.mem.store<uint32_t>(kData, 0x7f800001);  // a signalling NaN loads unchanged
  m.hart.set_reg(5, kData);
  auto r = m.run(F::flw(7, 5, 0));
  CHECK(r.frd_written);
  CHECK(r.frd == 7);
  CHECK(r.frd_value == 0x7f800001);
  CHECK_FALSE(r.rd_written);
  CHECK(r.mem_read);
  CHECK(stackscope::iss::CommitLog::format(r) ==
        "core   0: 3 0x80000000 (0x0002a387) f7  0x7f800001 mem 0x80008000");
  r = m.run(F::fsw(7, 5, 4));
  CHECK(r.mem_write);
  CHECK(r.mem_wdata == 0x7f800001);
  r = m.run(F::flw(7, 5, 2));
  CHECK(r.trap);
  CHECK(r.cause == 4);
  r = m.run(F::fsw(7, 5, 2));
  CHECK(r.trap);
  CHECK(r.cause == 6);
}

TEST_CASE("disasm: F instructions as objdump prints them", "[fp]") {
  using stackscope::iss::disasm;
  CHECK(disasm(F::fadd(10, 11, 12, F::kDyn), 0, false) == "fadd.s fa0, fa1, fa2");
  CHECK(disasm(F::fadd(10, 11, 12, kRtz), 0, false) == "fadd.s fa0, fa1, fa2, rtz");
  CHECK(disasm(F::r4(0x43, 10, 11, 12, 13, F::kDyn), 0, false) == "fmadd.s fa0, fa1, fa2, fa3");
  CHECK(disasm(F::flw(15, 10, 8), 0, false) == "flw fa5, 8(a0)");
  CHECK(disasm(F::fsw(15, 2, -4), 0, false) == "fsw fa5, -4(sp)");
  CHECK(disasm(F::fcvt_w_s(10, 0, kRtz), 0, false) == "fcvt.w.s a0, ft0, rtz");
  CHECK(disasm(F::fsgnjn(1, 2, 2), 0, false) == "fneg.s ft1, ft2");
  CHECK(disasm(F::feq(10, 8, 9), 0, false) == "feq.s a0, fs0, fs1");
  CHECK(disasm(F::fmv_w_x(0, 10), 0, false) == "fmv.w.x ft0, a0");
  CHECK(disasm(csrrs(10, 0x003, 0), 0, false) == "csrrs a0, fcsr, zero");
  CHECK(disasm(F::fadd(10, 11, 12, 5), 0, false) == ".word 0x00c5d553");  // reserved rm
}
