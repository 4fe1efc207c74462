// Bit fields of a Verilated packed signal, whatever C++ type Verilator gives it: an integer
// (CData, SData, IData, QData: up to 64 bits), a VlWide<N>, or a DPI svBitVecVal array (both
// indexed by 32-bit word, bit 0 = bit 0 of word 0). The generated bus_layout.h and pmu_port.h
// read and write the SoC's port structs through FieldGet / FieldSet.
#pragma once
#include <cstdint>
#include <span>
#include <type_traits>

namespace stackscope::tb {

// Bits [lo, lo + width) of `w`, width 1..32.
template <class W>
uint32_t get_bits(const W& w, unsigned lo, unsigned width) {
  const uint64_t mask = (uint64_t{1} << width) - 1;
  if constexpr (std::is_integral_v<W>) {
    return static_cast<uint32_t>((static_cast<uint64_t>(w) >> lo) & mask);
  } else {
    uint64_t v = static_cast<uint32_t>(w[lo / 32]);
    if (lo % 32 + width > 32) v |= static_cast<uint64_t>(static_cast<uint32_t>(w[lo / 32 + 1])) << 32;
    return static_cast<uint32_t>((v >> lo % 32) & mask);
  }
}

// Sets bits [lo, lo + width) of `w` to the low `width` bits of v, width 1..32.
template <class W>
void set_bits(W& w, unsigned lo, unsigned width, uint32_t v) {
  const uint64_t mask = (uint64_t{1} << width) - 1;
  const uint64_t val = v & mask;
  if constexpr (std::is_integral_v<W>) {
    const uint64_t cur = static_cast<uint64_t>(w);
    w = static_cast<W>((cur & ~(mask << lo)) | (val << lo));
  } else {
    const unsigned i = lo / 32, sh = lo % 32;
    w[i] = static_cast<uint32_t>((w[i] & ~(mask << sh)) | (val << sh));
    if (sh + width > 32)
      w[i + 1] = static_cast<uint32_t>((w[i + 1] & ~(mask >> (32 - sh))) | (val >> (32 - sh)));
  }
}

// The generated field lists call one(value, lsb, width) for a field of up to 64 bits and
// many(elements, lsb, element width) for consecutive elements from bit lsb up (a wide field
// as 32-bit words, or a packed array).
template <class W>
struct FieldGet {
  const W& w;
  static uint64_t get(const W& w, unsigned lo, unsigned width) {
    if (width <= 32) return get_bits(w, lo, width);
    return get_bits(w, lo, 32) | uint64_t{get_bits(w, lo + 32, width - 32)} << 32;
  }
  template <class T>
  void one(T& v, unsigned lo, unsigned width) const {
    v = static_cast<T>(get(w, lo, width));
  }
  template <class T, std::size_t N>
  void many(std::span<T, N> v, unsigned lo, unsigned width) const {
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<T>(get(w, lo + width * i, width));
  }
};

template <class W>
struct FieldSet {
  W& w;
  static void set(W& w, unsigned lo, unsigned width, uint64_t v) {
    set_bits(w, lo, width <= 32 ? width : 32, static_cast<uint32_t>(v));
    if (width > 32) set_bits(w, lo + 32, width - 32, static_cast<uint32_t>(v >> 32));
  }
  template <class T>
  void one(const T& v, unsigned lo, unsigned width) const {
    set(w, lo, width, v);
  }
  template <class T, std::size_t N>
  void many(std::span<T, N> v, unsigned lo, unsigned width) const {
    for (std::size_t i = 0; i < v.size(); ++i) set(w, lo + width * i, width, v[i]);
  }
};

// A port struct T from / to a Verilated port, through T's generated field list
// `fields(T&, const F&)` (bus_layout.h, pmu_port.h), found by argument-dependent lookup.
template <class T, class W>
T unpack(const W& w) {
  T s{};
  fields(s, FieldGet<W>{w});
  return s;
}
template <class W, class T>
void pack(W& w, const T& s) {
  fields(s, FieldSet<W>{w});
}

}  // namespace stackscope::tb
