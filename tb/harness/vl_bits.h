// Bit fields of a Verilated packed signal, whatever C++ type Verilator gives it: an integer
// (CData, SData, IData, QData: up to 64 bits), a VlWide<N>, or a DPI svBitVecVal array (both
// indexed by 32-bit word, bit 0 = bit 0 of word 0). The generated bus_layout.h and pmu_port.h
// read and write the SoC's port structs through FieldGet / FieldSet.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <type_traits>

namespace stackscope::tb {

// A field's position in a packed signal: bits [lsb, lsb + width), width 1..64.
struct BitField {
  unsigned lsb, width;
};

namespace vl_bits_detail {
inline constexpr uint64_t mask(unsigned width) {
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}
}  // namespace vl_bits_detail

// Bits [lo, lo + width) of `w`, width 1..64.
template <class W>
uint64_t get_bits(const W& w, unsigned lo, unsigned width) {
  if constexpr (std::is_integral_v<W>) {
    return (static_cast<uint64_t>(w) >> lo) & vl_bits_detail::mask(width);
  } else {
    // At most three words hold the field; a word past the field's end is not read.
    const unsigned i = lo / 32, sh = lo % 32;
    uint64_t v = static_cast<uint32_t>(w[i]) >> sh;
    unsigned got = 32 - sh;
    if (got < width) {
      v |= static_cast<uint64_t>(static_cast<uint32_t>(w[i + 1])) << got;
      got += 32;
      if (got < width) v |= static_cast<uint64_t>(static_cast<uint32_t>(w[i + 2])) << got;
    }
    return v & vl_bits_detail::mask(width);
  }
}
template <class W>
uint64_t get_bits(const W& w, BitField f) {
  return get_bits(w, f.lsb, f.width);
}

// Sets bits [lo, lo + width) of `w` to the low `width` bits of v, width 1..64.
template <class W>
void set_bits(W& w, unsigned lo, unsigned width, uint64_t v) {
  if constexpr (std::is_integral_v<W>) {
    const uint64_t m = vl_bits_detail::mask(width) << lo;
    w = static_cast<W>((static_cast<uint64_t>(w) & ~m) | ((v << lo) & m));
  } else {
    for (unsigned put = 0; put < width;) {
      const unsigned i = (lo + put) / 32, sh = (lo + put) % 32;
      const unsigned take = std::min(32 - sh, width - put);
      const uint64_t m = vl_bits_detail::mask(take) << sh;
      const uint64_t part = ((v >> put) << sh) & m;
      w[i] = static_cast<uint32_t>((static_cast<uint32_t>(w[i]) & ~m) | part);
      put += take;
    }
  }
}

// The generated field lists call one(value, {lsb, width}) for a field of up to 64 bits and
// many(elements, lsb, element width) for consecutive elements from bit lsb up (a wide field
// as 32-bit words, or a packed array).
template <class W>
struct FieldGet {
  const W& w;
  template <class T>
  void one(T& v, BitField f) const {
    v = static_cast<T>(get_bits(w, f));
  }
  template <class T, std::size_t N>
  void many(std::span<T, N> v, unsigned lo, unsigned width) const {
    for (std::size_t i = 0; i < v.size(); ++i)
      v[i] = static_cast<T>(get_bits(w, lo + static_cast<unsigned>(width * i), width));
  }
};

template <class W>
struct FieldSet {
  W& w;
  template <class T>
  void one(const T& v, BitField f) const {
    set_bits(w, f.lsb, f.width, v);
  }
  template <class T, std::size_t N>
  void many(std::span<T, N> v, unsigned lo, unsigned width) const {
    for (std::size_t i = 0; i < v.size(); ++i)
      set_bits(w, lo + static_cast<unsigned>(width * i), width, v[i]);
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
