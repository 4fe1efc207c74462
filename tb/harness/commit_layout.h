// GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).
// C++ decode of rtl/core/core_pkg.sv commit_t, whose field list this is generated from.
#pragma once

#include "lockstep.h"

namespace stackscope::tb {

// commit_t is 242 bits; commit_o packs CommitWidth of them, slot 0 (the oldest) at
// the LSB. A packed struct's last field is its LSB.
inline constexpr unsigned kCommitBits = 242;

// One commit_t at bit `base`; get(lo, width) reads bits [lo, lo + width) (width <= 32).
template <class Get>
RtlCommit decode_commit(unsigned base, Get get) {
  RtlCommit c;
  c.valid = static_cast<decltype(c.valid)>(get(base + 241, 1));
  c.pc = static_cast<decltype(c.pc)>(get(base + 209, 32));
  c.insn = static_cast<decltype(c.insn)>(get(base + 177, 32));
  c.trap = static_cast<decltype(c.trap)>(get(base + 176, 1));
  c.cause = static_cast<decltype(c.cause)>(get(base + 144, 32));
  c.rd_we = static_cast<decltype(c.rd_we)>(get(base + 143, 1));
  c.rd_fp = static_cast<decltype(c.rd_fp)>(get(base + 142, 1));
  c.rd = static_cast<decltype(c.rd)>(get(base + 137, 5));
  c.rd_wdata = static_cast<decltype(c.rd_wdata)>(get(base + 105, 32));
  c.fflags = static_cast<decltype(c.fflags)>(get(base + 100, 5));
  c.mem_we = static_cast<decltype(c.mem_we)>(get(base + 99, 1));
  c.mem_addr = static_cast<decltype(c.mem_addr)>(get(base + 67, 32));
  c.mem_wdata = static_cast<decltype(c.mem_wdata)>(get(base + 35, 32));
  c.mem_size = static_cast<decltype(c.mem_size)>(get(base + 32, 3));
  c.irq_mip = static_cast<decltype(c.irq_mip)>(get(base + 0, 32));
  return c;
}

}  // namespace stackscope::tb
