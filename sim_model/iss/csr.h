// Machine-mode CSRs: Zicsr, Zicntr, Zihpm (+ Sscofpmf's mhpmeventh), trap setup/handling.
// Counters and event selectors are plain storage here; the PMU model gives them meaning.
#pragma once

#include <array>
#include <cstdint>

#include "../pmu/pmu_csr_map.h"

namespace stackscope::iss {

namespace csr {
enum Addr : uint16_t {
  kFflags = 0x001,  // RV32F (only when the hart has F and mstatus.FS != Off)
  kFrm = 0x002,
  kFcsr = 0x003,
  kMstatus = 0x300,
  kMisa = 0x301,
  kMie = 0x304,
  kMtvec = 0x305,
  kMcounteren = 0x306,
  kMstatush = 0x310,
  kMcountinhibit = 0x320,
  kMhpmevent3 = 0x323,
  kMhpmevent31 = 0x33f,
  kMscratch = 0x340,
  kMepc = 0x341,
  kMcause = 0x342,
  kMtval = 0x343,
  kMip = 0x344,
  kMhpmeventh3 = 0x723,
  kMhpmeventh31 = 0x73f,
  kMcycle = 0xb00,
  kMinstret = 0xb02,
  kMhpmcounter3 = 0xb03,
  kMhpmcounter31 = 0xb1f,
  kMcycleh = 0xb80,
  kMinstreth = 0xb82,
  kMhpmcounter3h = 0xb83,
  kMhpmcounter31h = 0xb9f,
  kCycle = 0xc00,
  kTime = 0xc01,
  kInstret = 0xc02,
  kHpmcounter3 = 0xc03,
  kHpmcounter31 = 0xc1f,
  kCycleh = 0xc80,
  kTimeh = 0xc81,
  kInstreth = 0xc82,
  kHpmcounter3h = 0xc83,
  kHpmcounter31h = 0xc9f,
  kMvendorid = 0xf11,
  kMarchid = 0xf12,
  kMimpid = 0xf13,
  kMhartid = 0xf14,
  kMconfigptr = 0xf15,
  // StackScope PMU custom CSRs (rtl/pmu/pmu_top.sv): bank select, TIP control/ack, and the
  // read-only window onto the selected bank.
  // (addresses generated from scripts/stackscope/spec/pmu.py into pmu_csr_map.h).
  kPmuBank = pmu::custom_csr::kBank,
  kPmuTipCtrl = pmu::custom_csr::kTipCtrl,
  kPmuTipAck = pmu::custom_csr::kTipAck,
  kPmuWindow = pmu::custom_csr::kWindow,
  kPmuWindowLast = pmu::custom_csr::kWindowLast,
};
}  // namespace csr

// Interrupt / exception cause codes (privileged spec Table 3.6).
namespace cause {
constexpr uint32_t kInterrupt = 0x80000000u;
enum : uint32_t {
  kMisalignedFetch = 0,
  kFetchAccess = 1,
  kIllegalInsn = 2,
  kBreakpoint = 3,
  kMisalignedLoad = 4,
  kLoadAccess = 5,
  kMisalignedStore = 6,
  kStoreAccess = 7,
  kEcallM = 11,
  kIrqMSoft = 3,
  kIrqMTimer = 7,
  kIrqMExt = 11,
  kIrqLcof = 13,
};
}  // namespace cause

namespace mip {
constexpr uint32_t kMsip = 1u << 3, kMtip = 1u << 7, kMeip = 1u << 11, kLcofip = 1u << 13;
constexpr uint32_t kAll = kMsip | kMtip | kMeip | kLcofip;
}  // namespace mip

namespace mstatus {
constexpr uint32_t kMie = 1u << 3, kMpie = 1u << 7, kMpp = 3u << 11;
// FS (F state): Off 0, Initial 1, Clean 2, Dirty 3; SD summarises FS == Dirty.
constexpr uint32_t kFs = 3u << 13, kFsInitial = 1u << 13, kFsDirty = 3u << 13, kSd = 1u << 31;
}

// Values other state (the CLINT's mtime) lends to CSR reads without the CSR file owning it.
struct csr_env_t {
  uint64_t mtime = 0;
};

class Csrs {
 public:
  enum class Status { kOk, kIllegal };
  static constexpr uint32_t kMisaValue = (1u << 30) | (1u << 8) | (1u << 12);  // RV32 I M
  static constexpr uint32_t kMisaF = 1u << 5;                                  // + F
  static constexpr uint32_t kMisaC = 1u << 2;                                  // + C
  static constexpr unsigned kNumHpm = 29;                                      // 3..31

  // `read` for every CSR instruction that reads; `write` only when the instruction writes.
  Status read(unsigned addr, const csr_env_t& env, uint32_t& value) const;
  Status write(unsigned addr, uint32_t value);
  // True for CSRs whose value the RTL produces by counting (lockstep adopts the RTL's value).
  static bool is_counter(unsigned addr);
  static bool is_pmu_custom(unsigned addr);  // StackScope PMU custom CSRs
  static bool exists(unsigned addr);

  // F enabled (the hart's IsaConfig): misa.F, a writable mstatus.FS and the f CSRs exist.
  // Set once at construction (Csrs::enable_f).
  void enable_f() {
    ext_f = true;
    mstatus |= mstatus::kFsInitial;
  }
  bool has_f() const { return ext_f; }
  // F instructions and the f CSRs are legal: F present and mstatus.FS != Off.
  bool fp_enabled() const { return ext_f && (mstatus & mstatus::kFs); }
  void set_fs_dirty() { mstatus |= mstatus::kFsDirty; }
  // C enabled (the hart's IsaConfig): misa.C (read-only), IALIGN = 16, so mepc keeps bit 1.
  void enable_c() { ext_c = true; }
  bool has_c() const { return ext_c; }

  // Direct state, used by the hart's trap logic and by tests.
  uint32_t mstatus = mstatus::kMpp;  // machine mode only: MPP is hardwired to M
  uint32_t mie = 0, mip = 0, mtvec = 0, mepc = 0, mcause = 0, mtval = 0, mscratch = 0;
  uint32_t mcounteren = 0, mcountinhibit = 0;
  uint64_t mcycle = 0, minstret = 0;
  std::array<uint64_t, kNumHpm> mhpmcounter{};
  std::array<uint64_t, kNumHpm> mhpmevent{};  // low half mhpmevent, high half mhpmeventh
  // Set by write() when software wrote minstret/mcycle, so the writing instruction's own
  // increment does not clobber the written value (as in Spike).
  bool minstret_written = false, mcycle_written = false;
  uint32_t fflags = 0, frm = 0;  // fcsr = frm << 5 | fflags

 private:
  bool ext_f = false;
  bool ext_c = false;
};

const char* csr_name(unsigned addr);  // "mstatus", or nullptr if unknown

}  // namespace stackscope::iss
