// GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).
// The PMU's CSR and read-window address map (docs/dev/pmu.md). Dependency-free so the ISS
// can include it; twin of the Addr*/Win*/TipWord* constants of rtl/pmu/pmu_pkg.sv.
#pragma once

#include <cstdint>

namespace stackscope::pmu {

// Standard counter CSRs served by pmu_csr; a counter's high half is at addr | kHighHalf.
namespace csr_addr {
inline constexpr uint16_t kMcounteren = 0x306;  // RW: stored for the core's lower modes
inline constexpr uint16_t kMcountinhibit = 0x320;  // RW: bit i stops counter i (bit 1, time, reads 0)
inline constexpr uint16_t kMhpmevent3 = 0x323;  // RW: event selector of mhpmcounter3 (+i for 3+i)
inline constexpr uint16_t kMip = 0x344;  // mip: the PMU takes writes of LCOFIP (bit 13)
inline constexpr uint16_t kMhpmevent3h = 0x723;  // RW: high half of mhpmevent3 (OF, MINH)
inline constexpr uint16_t kMcycle = 0xB00;  // RW: cycles
inline constexpr uint16_t kMinstret = 0xB02;  // RW: committed uops (cmt_n)
inline constexpr uint16_t kMhpmcounter3 = 0xB03;  // RW: programmable counter 3 (+i for 3+i)
inline constexpr uint16_t kHighHalf = 0x080;
inline constexpr unsigned kMaxHpm = 29;  // mhpmcounter3..31
}  // namespace csr_addr

// Custom CSRs of pmu_top and the window's banks and words.
namespace custom_csr {
inline constexpr uint16_t kBank = 0xBC0;  // RW
inline constexpr uint16_t kTipCtrl = 0xBC1;  // RW
inline constexpr uint16_t kTipAck = 0xBC2;  // W
inline constexpr uint16_t kWindow = 0xFC0, kWindowLast = 0xFFF;
inline constexpr unsigned kWindowWords = 64;
inline constexpr unsigned kBankCpi = 0;  // CPI stacks
inline constexpr unsigned kBankTdFl = 1;  // Top-Down + FLOPS
inline constexpr unsigned kBankTip = 2;  // TIP
inline constexpr unsigned kBankSpec = 3;  // speculative CPI (method b)
inline constexpr unsigned kWinCpiBase = 0;
inline constexpr unsigned kWinTdBase = 0;
inline constexpr unsigned kWinFlBase = 44;
inline constexpr unsigned kWinTipBase = 0;
inline constexpr unsigned kWinSpecBase = 0;
inline constexpr unsigned kTipWordStatus = 0;  // [0] valid, [2:1] state (tip_state_e), [7:4] head_valid, [11:8] head_commit, [12] NCI valid, [13] LCI valid, [14] dispatch-tag valid
inline constexpr unsigned kTipWordHeadPc0 = 1;  // pc of ROB head bank entry 0
inline constexpr unsigned kTipWordHeadPc1 = 2;  // pc of ROB head bank entry 1
inline constexpr unsigned kTipWordHeadPc2 = 3;  // pc of ROB head bank entry 2
inline constexpr unsigned kTipWordHeadPc3 = 4;  // pc of ROB head bank entry 3
inline constexpr unsigned kTipWordOffending = 5;  // offending (flushing) pc
inline constexpr unsigned kTipWordNextPc = 6;  // next pc to dispatch
inline constexpr unsigned kTipWordNciPc = 7;  // NCI sample pc
inline constexpr unsigned kTipWordLciPc = 8;  // LCI sample pc
inline constexpr unsigned kTipWordDispPc = 9;  // dispatch-tag sample pc
inline constexpr unsigned kTipWordSamplesLo = 10;  // sample count, low half
inline constexpr unsigned kTipWordSamplesHi = 11;  // sample count, high 16 bits
inline constexpr unsigned kTipWords = 12;
inline constexpr uint32_t kTipCtrlIrq = 1u << 2;
inline constexpr unsigned kTipCtrlPeriodShift = 16;
}  // namespace custom_csr

}  // namespace stackscope::pmu
