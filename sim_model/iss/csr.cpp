#include "csr.h"

namespace stackscope::iss {
namespace {

constexpr uint32_t lo(uint64_t v) { return static_cast<uint32_t>(v); }
constexpr uint32_t hi(uint64_t v) { return static_cast<uint32_t>(v >> 32); }
constexpr uint64_t set_lo(uint64_t v, uint32_t x) { return (v & ~0xffffffffull) | x; }
constexpr uint64_t set_hi(uint64_t v, uint32_t x) {
  return (v & 0xffffffffull) | (static_cast<uint64_t>(x) << 32);
}
constexpr bool in(unsigned a, unsigned first, unsigned last) { return a >= first && a <= last; }

}  // namespace

bool Csrs::is_counter(unsigned a) {
  return in(a, csr::kMcycle, csr::kMhpmcounter31) || in(a, csr::kMcycleh, csr::kMhpmcounter31h) ||
         in(a, csr::kCycle, csr::kHpmcounter31) || in(a, csr::kCycleh, csr::kHpmcounter31h);
}

bool Csrs::is_pmu_custom(unsigned a) {
  return in(a, csr::kPmuBank, csr::kPmuTipAck) || in(a, csr::kPmuWindow, csr::kPmuWindowLast);
}

bool Csrs::exists(unsigned a) {
  uint32_t v;
  return Csrs{}.read(a, csr_env_t{}, v) == Status::kOk;
}

Csrs::Status Csrs::read(unsigned a, const csr_env_t& env, uint32_t& v) const {
  // The user counters (0xC..) shadow the machine ones; mcycle+1 (0xB01) does not exist.
  if (in(a, csr::kCycle, csr::kHpmcounter31h)) {
    if (a == csr::kTime) return v = lo(env.mtime), Status::kOk;
    if (a == csr::kTimeh) return v = hi(env.mtime), Status::kOk;
    a -= csr::kCycle - csr::kMcycle;
  }
  if (in(a, csr::kMhpmcounter3, csr::kMhpmcounter31))
    return v = lo(mhpmcounter[a - csr::kMhpmcounter3]), Status::kOk;
  if (in(a, csr::kMhpmcounter3h, csr::kMhpmcounter31h))
    return v = hi(mhpmcounter[a - csr::kMhpmcounter3h]), Status::kOk;
  if (in(a, csr::kMhpmevent3, csr::kMhpmevent31))
    return v = lo(mhpmevent[a - csr::kMhpmevent3]), Status::kOk;
  if (in(a, csr::kMhpmeventh3, csr::kMhpmeventh31))
    return v = hi(mhpmevent[a - csr::kMhpmeventh3]), Status::kOk;
  // The PMU's custom CSRs (docs/dev/pmu.md) exist; their values come from the RTL in lockstep.
  if (is_pmu_custom(a)) return v = 0, Status::kOk;
  switch (a) {
    case csr::kFflags:
    case csr::kFrm:
    case csr::kFcsr:
      if (!fp_enabled()) return Status::kIllegal;
      v = a == csr::kFflags ? fflags : a == csr::kFrm ? frm : frm << 5 | fflags;
      break;
    case csr::kMstatus:
      v = mstatus | ((mstatus & mstatus::kFs) == mstatus::kFsDirty ? mstatus::kSd : 0);
      break;
    case csr::kMisa:
      v = kMisaValue | (ext_f ? kMisaF : 0) | (ext_c ? kMisaC : 0);
      break;
    case csr::kMie:
      v = mie;
      break;
    case csr::kMtvec:
      v = mtvec;
      break;
    case csr::kMcounteren:
      v = mcounteren;
      break;
    case csr::kMstatush:
      v = 0;
      break;
    case csr::kMcountinhibit:
      v = mcountinhibit;
      break;
    case csr::kMscratch:
      v = mscratch;
      break;
    case csr::kMepc:
      v = mepc;
      break;
    case csr::kMcause:
      v = mcause;
      break;
    case csr::kMtval:
      v = mtval;
      break;
    case csr::kMip:
      v = mip;
      break;
    case csr::kMcycle:
      v = lo(mcycle);
      break;
    case csr::kMcycleh:
      v = hi(mcycle);
      break;
    case csr::kMinstret:
      v = lo(minstret);
      break;
    case csr::kMinstreth:
      v = hi(minstret);
      break;
    case csr::kMvendorid:
    case csr::kMarchid:
    case csr::kMimpid:
    case csr::kMhartid:
    case csr::kMconfigptr:
      v = 0;
      break;
    default:
      return Status::kIllegal;
  }
  return Status::kOk;
}

Csrs::Status Csrs::write(unsigned a, uint32_t v) {
  // Address bits [11:10] == 3 mark read-only CSRs (privileged spec 2.1).
  if ((a >> 10) == 3) return Status::kIllegal;
  if (in(a, csr::kMhpmcounter3, csr::kMhpmcounter31)) {
    auto& c = mhpmcounter[a - csr::kMhpmcounter3];
    return c = set_lo(c, v), Status::kOk;
  }
  if (in(a, csr::kMhpmcounter3h, csr::kMhpmcounter31h)) {
    auto& c = mhpmcounter[a - csr::kMhpmcounter3h];
    return c = set_hi(c, v), Status::kOk;
  }
  if (in(a, csr::kMhpmevent3, csr::kMhpmevent31)) {
    auto& e = mhpmevent[a - csr::kMhpmevent3];
    return e = set_lo(e, v), Status::kOk;
  }
  if (in(a, csr::kMhpmeventh3, csr::kMhpmeventh31)) {
    auto& e = mhpmevent[a - csr::kMhpmeventh3];
    return e = set_hi(e, v), Status::kOk;
  }
  if (is_pmu_custom(a)) return Status::kOk;
  switch (a) {
    case csr::kFflags:
    case csr::kFrm:
    case csr::kFcsr:
      if (!fp_enabled()) return Status::kIllegal;
      if (a != csr::kFrm) fflags = v & 0x1f;
      if (a == csr::kFrm) frm = v & 7;
      if (a == csr::kFcsr) frm = (v >> 5) & 7;
      set_fs_dirty();
      break;
    case csr::kMstatus:
      // FS is writable (all four states) only with F; SD is read-only (computed on read).
      mstatus = (v & (mstatus::kMie | mstatus::kMpie | (ext_f ? mstatus::kFs : 0))) | mstatus::kMpp;
      break;
    case csr::kMisa:
    case csr::kMstatush:
      break;  // WARL, nothing writable
    case csr::kMie:
      mie = v & mip::kAll;
      break;
    case csr::kMtvec:
      mtvec = (v & 3) >= 2 ? v & ~3u : v;
      break;  // modes 2,3 reserved -> direct
    case csr::kMcounteren:
      mcounteren = v;
      break;
    case csr::kMcountinhibit:
      mcountinhibit = v & ~2u;
      break;  // bit 1 (time) is read-only 0
    case csr::kMscratch:
      mscratch = v;
      break;
    case csr::kMepc:
      // IALIGN = 32 without C (bits 1:0 read 0), 16 with it (bit 0 reads 0). misa.C is not
      // writable, so IALIGN never changes and masking on write equals masking on read.
      mepc = v & (ext_c ? ~1u : ~3u);
      break;
    case csr::kMcause:
      mcause = v;
      break;
    case csr::kMtval:
      mtval = v;
      break;
    // MEIP/MTIP/MSIP mirror their sources and are read-only; Sscofpmf makes LCOFIP writable.
    case csr::kMip:
      mip = (mip & ~mip::kLcofip) | (v & mip::kLcofip);
      break;
    case csr::kMcycle:
      mcycle = set_lo(mcycle, v), mcycle_written = true;
      break;
    case csr::kMcycleh:
      mcycle = set_hi(mcycle, v), mcycle_written = true;
      break;
    case csr::kMinstret:
      minstret = set_lo(minstret, v), minstret_written = true;
      break;
    case csr::kMinstreth:
      minstret = set_hi(minstret, v), minstret_written = true;
      break;
    default:
      return Status::kIllegal;
  }
  return Status::kOk;
}

const char* csr_name(unsigned a) {
  switch (a) {
    case csr::kFflags:
      return "fflags";
    case csr::kFrm:
      return "frm";
    case csr::kFcsr:
      return "fcsr";
    case csr::kMstatus:
      return "mstatus";
    case csr::kMisa:
      return "misa";
    case csr::kMie:
      return "mie";
    case csr::kMtvec:
      return "mtvec";
    case csr::kMcounteren:
      return "mcounteren";
    case csr::kMcountinhibit:
      return "mcountinhibit";
    case csr::kMscratch:
      return "mscratch";
    case csr::kMepc:
      return "mepc";
    case csr::kMcause:
      return "mcause";
    case csr::kMtval:
      return "mtval";
    case csr::kMip:
      return "mip";
    case csr::kMcycle:
      return "mcycle";
    case csr::kMinstret:
      return "minstret";
    case csr::kCycle:
      return "cycle";
    case csr::kTime:
      return "time";
    case csr::kInstret:
      return "instret";
    default:
      return nullptr;
  }
}

}  // namespace stackscope::iss
