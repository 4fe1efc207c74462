// tb/harness/vl_bits.h and the generated port layouts (bus_layout.h): fields read and written
// at hand-derived bit positions, in the three representations Verilator gives a packed port
// (an integer up to 64 bits, a VlWide-like word array, a DPI svBitVecVal pointer).
#include <array>
#include <cstdint>

#include <catch2/catch.hpp>

#include "bus_layout.h"
#include "vl_bits.h"

using namespace stackscope::tb;

TEST_CASE("get_bits / set_bits on an integer and across 32-bit words", "[vl_bits]") {
  uint64_t q = 0;
  set_bits(q, 30, 4, 0xfu);  // bits 30..33
  CHECK(q == 0x3c0000000ull);
  CHECK(get_bits(q, 30, 4) == 0xfu);
  CHECK(get_bits(q, 29, 1) == 0u);
  set_bits(q, 31, 2, 0u);  // clears 31..32 only
  CHECK(q == 0x240000000ull);

  std::array<uint32_t, 3> w{};
  set_bits(w, 28, 8, 0xa5u);  // low nibble 0x5 in word 0 bits 28..31, 0xa in word 1 bits 0..3
  CHECK(w[0] == 0x50000000u);
  CHECK(w[1] == 0xau);
  CHECK(get_bits(w, 28, 8) == 0xa5u);
  set_bits(w, 32, 32, 0xffffffffu);
  CHECK(w[0] == 0x50000000u);  // untouched
  CHECK(get_bits(w, 28, 8) == 0xf5u);
}

TEST_CASE("64-bit and 48-bit fields through FieldGet / FieldSet", "[vl_bits]") {
  std::array<uint32_t, 4> w{};
  const FieldSet<std::array<uint32_t, 4>> set{w};
  set.one(uint64_t{0x123456789abcull}, {40, 48});  // bits 40..87
  CHECK(w[0] == 0u);
  CHECK(w[1] == 0x789abc00u);  // value bits 0..23 at bits 40..63
  CHECK(w[2] == 0x00123456u);  // value bits 24..47 at bits 64..87
  CHECK(w[3] == 0u);
  uint64_t v = 0;
  FieldGet<std::array<uint32_t, 4>>{w}.one(v, {40, 48});
  CHECK(v == 0x123456789abcull);
}

TEST_CASE("a 64-bit field across three words, and a whole 64-bit integer", "[vl_bits]") {
  std::array<uint32_t, 3> w{};
  set_bits(w, 16, 64, 0x0123456789abcdefull);
  CHECK(w[0] == 0xcdef0000u);  // value bits 0..15 at bits 16..31
  CHECK(w[1] == 0x456789abu);  // value bits 16..47 at bits 32..63
  CHECK(w[2] == 0x00000123u);  // value bits 48..63 at bits 64..79
  CHECK(get_bits(w, 16, 64) == 0x0123456789abcdefull);
  CHECK(get_bits(w, BitField{20, 8}) == 0xdeu);
  uint64_t q = 1;
  set_bits(q, 0, 64, ~uint64_t{0});
  CHECK(q == ~uint64_t{0});
  CHECK(get_bits(q, 0, 64) == ~uint64_t{0});
}

TEST_CASE("word_req_t: fields at soc_pkg's positions, MSB first", "[bus_layout]") {
  // word_req_t {req, we, addr[31:0], size[2:0], wdata[31:0]}: 69 bits; wdata is bits 0..31,
  // size 32..34, addr 35..66, we 67, req 68.
  static_assert(kWordReqBits == 69);
  std::array<uint32_t, 3> w{};
  pack(w, WordReq{.req = 1, .we = 0, .addr = 0x80001234u, .size = 4, .wdata = 0xdeadbeefu});
  CHECK(w[0] == 0xdeadbeefu);
  CHECK((w[1] & 7u) == 4u);
  CHECK(get_bits(w, 35, 32) == 0x80001234u);
  CHECK(get_bits(w, 67, 1) == 0u);
  CHECK(get_bits(w, 68, 1) == 1u);
  const WordReq r = unpack<WordReq>(w);
  CHECK(r.req == 1u);
  CHECK(r.addr == 0x80001234u);
  CHECK(r.size == 4u);
  CHECK(r.wdata == 0xdeadbeefu);

  // The same struct through a DPI-style pointer.
  const uint32_t* p = w.data();
  CHECK(unpack<WordReq>(p).addr == 0x80001234u);
}

TEST_CASE("line_rsp_t: a 256-bit field is eight words, word 0 lowest", "[bus_layout]") {
  // line_rsp_t {rvalid, err, rdata[255:0]}: rdata bits 0..255, err 256, rvalid 257.
  static_assert(kLineBytes == 32 && kLineRspBits == 258);
  std::array<uint32_t, 9> w{};
  LineRsp l{.rvalid = 1, .err = 0};
  for (unsigned i = 0; i < 8; ++i) l.rdata[i] = 0x11111111u * i;
  pack(w, l);
  for (unsigned i = 0; i < 8; ++i) CHECK(w[i] == 0x11111111u * i);
  CHECK(w[8] == 2u);  // rvalid at bit 257
  const LineRsp back = unpack<LineRsp>(w);
  CHECK(back.rvalid == 1u);
  CHECK(back.err == 0u);
  CHECK(back.rdata == l.rdata);
}

TEST_CASE("ic_req_t fits a 64-bit integer port", "[bus_layout]") {
  // ic_req_t {req, addr[31:0]}: 33 bits, Verilator's QData.
  uint64_t q = 0;
  pack(q, IcReq{.req = 1, .addr = 0x80000010u});
  CHECK(q == 0x180000010ull);
  CHECK(unpack<IcReq>(q).addr == 0x80000010u);
}

TEST_CASE("get_bits against a bit-by-bit read, every position and width", "[vl_bits]") {
  // The reference reads one bit at a time: bit b is bit b % 32 of word b / 32.
  std::array<uint32_t, 5> w{0x9e3779b9u, 0x7f4a7c15u, 0xf39cc060u, 0x5ced1b2bu, 0x0badc0deu};
  for (unsigned lo = 0; lo < 96; ++lo) {
    for (unsigned width = 1; width <= 64 && lo + width <= 160; ++width) {
      uint64_t want = 0;
      for (unsigned b = 0; b < width; ++b)
        want |= static_cast<uint64_t>((w[(lo + b) / 32] >> ((lo + b) % 32)) & 1u) << b;
      INFO("lo " << lo << " width " << width);
      REQUIRE(get_bits(w, lo, width) == want);
    }
  }
}
