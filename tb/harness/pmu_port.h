// GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).
// C++ read of soc_top's pmu_o (pmu_pkg::pmu_port_t in rtl/pmu/pmu_pkg.sv, both generated
// from stackscope.spec.pmu pmu_port_fields): this cycle's counter-CSR access, every PMU register
// in PmuRegs order, and the configuration the harness builds its model from;
// unpack<PmuPort>(top.pmu_o) (vl_bits.h).
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <type_traits>

#include "pmu_check.h"
#include "vl_bits.h"

namespace stackscope::tb {

inline constexpr unsigned kPmuPortBits = 4764;
static_assert(kNumTipRegs == 17 && kNumCsrRegs == 15,
              "pmu_check.h PmuRegs and spec pmu_port_fields disagree");

struct PmuPort {
  uint32_t csr_we = 0, csr_addr = 0, csr_wdata = 0;
  PmuRegs regs;
  uint32_t widths = 0, spec_blocks = 0, spec_drain = 0, probe_stage = 0;
};

// PmuPort's own fields in pmu_o, for a read of one of them (the CSR access, every cycle).
inline constexpr BitField kPmuPortCsrWe{4763, 1};
inline constexpr BitField kPmuPortCsrAddr{4751, 12};
inline constexpr BitField kPmuPortCsrWdata{4719, 32};
inline constexpr BitField kPmuPortWidths{10, 20};
inline constexpr BitField kPmuPortSpecBlocks{2, 8};
inline constexpr BitField kPmuPortSpecDrain{1, 1};
inline constexpr BitField kPmuPortProbeStage{0, 1};

template <class S, class F>
  requires std::same_as<std::remove_const_t<S>, PmuPort>
void fields(S& p, const F& f) {
  f.one(p.csr_we, kPmuPortCsrWe); f.one(p.csr_addr, kPmuPortCsrAddr);
  f.one(p.csr_wdata, kPmuPortCsrWdata); f.many(std::span(p.regs.cpi).subspan(0, 27), 3423, 48);
  f.many(std::span(p.regs.spec).subspan(0, 19), 2511, 48);
  f.many(std::span(p.regs.td).subspan(0, 22), 1455, 48);
  f.many(std::span(p.regs.fl).subspan(0, 7), 1119, 48); f.one(p.regs.tip[0], {1118, 1});
  f.one(p.regs.tip[1], {1116, 2}); f.one(p.regs.tip[2], {1112, 4});
  f.one(p.regs.tip[3], {1108, 4}); f.many(std::span(p.regs.tip).subspan(4, 4), 980, 32);
  f.one(p.regs.tip[8], {948, 32}); f.one(p.regs.tip[9], {916, 32});
  f.one(p.regs.tip[10], {915, 1}); f.one(p.regs.tip[11], {883, 32});
  f.one(p.regs.tip[12], {882, 1}); f.one(p.regs.tip[13], {850, 32});
  f.one(p.regs.tip[14], {849, 1}); f.one(p.regs.tip[15], {817, 32});
  f.one(p.regs.tip[16], {769, 48}); f.many(std::span(p.regs.csr).subspan(0, 6), 385, 64);
  f.many(std::span(p.regs.csr).subspan(6, 4), 129, 64); f.one(p.regs.csr[10], {97, 32});
  f.one(p.regs.csr[11], {65, 32}); f.one(p.regs.csr[12], {64, 1}); f.one(p.regs.csr[13], {62, 2});
  f.one(p.regs.csr[14], {30, 32}); f.one(p.widths, kPmuPortWidths);
  f.one(p.spec_blocks, kPmuPortSpecBlocks); f.one(p.spec_drain, kPmuPortSpecDrain);
  f.one(p.probe_stage, kPmuPortProbeStage);
}

}  // namespace stackscope::tb
