// GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).
// C++ view of the SoC's port structs, generated from their SystemVerilog definitions
// (rtl/core/core_pkg.sv, rtl/top/soc_pkg.sv): one plain struct each,
// with its field list, so that unpack<T>(port) and pack(port, value) (vl_bits.h) read and
// write a Verilated port (an integer, a VlWide or a DPI svBitVecVal array). A packed
// struct's last field is its LSB; a field over 32 bits is 32-bit words, word 0 lowest.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <type_traits>

#include "vl_bits.h"

namespace stackscope::tb {

// core_pkg::ic_req_t, 33 bits, and its fields for unpack / pack.
struct IcReq {
  uint32_t req = 0, addr = 0;
};
inline constexpr unsigned kIcReqBits = 33;
inline constexpr BitField kIcReqReq{32, 1}, kIcReqAddr{0, 32};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, IcReq>
void fields(S& s, const F& f) {
  f.one(s.req, kIcReqReq); f.one(s.addr, kIcReqAddr);
}

// core_pkg::ic_rsp_t, 132 bits, and its fields for unpack / pack.
struct IcRsp {
  uint32_t gnt = 0, rvalid = 0, err = 0, miss = 0;
  std::array<uint32_t, 4> rdata{};
};
inline constexpr unsigned kIcRspBits = 132;
inline constexpr BitField kIcRspGnt{131, 1}, kIcRspRvalid{130, 1}, kIcRspErr{129, 1},
    kIcRspMiss{0, 1};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, IcRsp>
void fields(S& s, const F& f) {
  f.one(s.gnt, kIcRspGnt); f.one(s.rvalid, kIcRspRvalid); f.one(s.err, kIcRspErr);
  f.many(std::span(s.rdata), 1, 32); f.one(s.miss, kIcRspMiss);
}

// core_pkg::dc_req_t, 74 bits, and its fields for unpack / pack.
struct DcReq {
  uint32_t req = 0, we = 0, addr = 0, size = 0, wdata = 0, tag = 0;
};
inline constexpr unsigned kDcReqBits = 74;
inline constexpr BitField kDcReqReq{73, 1}, kDcReqWe{72, 1}, kDcReqAddr{40, 32},
    kDcReqSize{37, 3}, kDcReqWdata{5, 32}, kDcReqTag{0, 5};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, DcReq>
void fields(S& s, const F& f) {
  f.one(s.req, kDcReqReq); f.one(s.we, kDcReqWe); f.one(s.addr, kDcReqAddr);
  f.one(s.size, kDcReqSize); f.one(s.wdata, kDcReqWdata); f.one(s.tag, kDcReqTag);
}

// core_pkg::dc_rsp_t, 106 bits, and its fields for unpack / pack.
struct DcRsp {
  uint32_t gnt = 0, rvalid = 0, rtag = 0, err = 0, rdata = 0, rlevel = 0, l1miss_tags = 0,
      l2miss_tags = 0;
};
inline constexpr unsigned kDcRspBits = 106;
inline constexpr BitField kDcRspGnt{105, 1}, kDcRspRvalid{104, 1}, kDcRspRtag{99, 5},
    kDcRspErr{98, 1}, kDcRspRdata{66, 32}, kDcRspRlevel{64, 2}, kDcRspL1missTags{32, 32},
    kDcRspL2missTags{0, 32};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, DcRsp>
void fields(S& s, const F& f) {
  f.one(s.gnt, kDcRspGnt); f.one(s.rvalid, kDcRspRvalid); f.one(s.rtag, kDcRspRtag);
  f.one(s.err, kDcRspErr); f.one(s.rdata, kDcRspRdata); f.one(s.rlevel, kDcRspRlevel);
  f.one(s.l1miss_tags, kDcRspL1missTags); f.one(s.l2miss_tags, kDcRspL2missTags);
}

inline constexpr unsigned kLineBytes = 32;  // soc_pkg::LineBytes

// soc_pkg::line_req_t, 290 bits, and its fields for unpack / pack.
struct LineReq {
  uint32_t req = 0, addr = 0, we = 0;
  std::array<uint32_t, 8> wdata{};
};
inline constexpr unsigned kLineReqBits = 290;
inline constexpr BitField kLineReqReq{289, 1}, kLineReqAddr{257, 32}, kLineReqWe{256, 1};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, LineReq>
void fields(S& s, const F& f) {
  f.one(s.req, kLineReqReq); f.one(s.addr, kLineReqAddr); f.one(s.we, kLineReqWe);
  f.many(std::span(s.wdata), 0, 32);
}

// soc_pkg::line_rsp_t, 258 bits, and its fields for unpack / pack.
struct LineRsp {
  uint32_t rvalid = 0, err = 0;
  std::array<uint32_t, 8> rdata{};
};
inline constexpr unsigned kLineRspBits = 258;
inline constexpr BitField kLineRspRvalid{257, 1}, kLineRspErr{256, 1};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, LineRsp>
void fields(S& s, const F& f) {
  f.one(s.rvalid, kLineRspRvalid); f.one(s.err, kLineRspErr); f.many(std::span(s.rdata), 0, 32);
}

// soc_pkg::word_req_t, 69 bits, and its fields for unpack / pack.
struct WordReq {
  uint32_t req = 0, we = 0, addr = 0, size = 0, wdata = 0;
};
inline constexpr unsigned kWordReqBits = 69;
inline constexpr BitField kWordReqReq{68, 1}, kWordReqWe{67, 1}, kWordReqAddr{35, 32},
    kWordReqSize{32, 3}, kWordReqWdata{0, 32};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, WordReq>
void fields(S& s, const F& f) {
  f.one(s.req, kWordReqReq); f.one(s.we, kWordReqWe); f.one(s.addr, kWordReqAddr);
  f.one(s.size, kWordReqSize); f.one(s.wdata, kWordReqWdata);
}

// soc_pkg::word_rsp_t, 34 bits, and its fields for unpack / pack.
struct WordRsp {
  uint32_t rvalid = 0, err = 0, rdata = 0;
};
inline constexpr unsigned kWordRspBits = 34;
inline constexpr BitField kWordRspRvalid{33, 1}, kWordRspErr{32, 1}, kWordRspRdata{0, 32};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, WordRsp>
void fields(S& s, const F& f) {
  f.one(s.rvalid, kWordRspRvalid); f.one(s.err, kWordRspErr); f.one(s.rdata, kWordRspRdata);
}

// soc_pkg::block_rsp_t, 130 bits, and its fields for unpack / pack.
struct BlockRsp {
  uint32_t rvalid = 0, err = 0;
  std::array<uint32_t, 4> rdata{};
};
inline constexpr unsigned kBlockRspBits = 130;
inline constexpr BitField kBlockRspRvalid{129, 1}, kBlockRspErr{128, 1};
template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, BlockRsp>
void fields(S& s, const F& f) {
  f.one(s.rvalid, kBlockRspRvalid); f.one(s.err, kBlockRspErr); f.many(std::span(s.rdata), 0, 32);
}

}  // namespace stackscope::tb
