// Trap-loop detection, shared by `stackscope iss` and `stackscope run` (docs/robustness.md).
//
// Definition: a trap loop is a trap whose (cause, pc, tval) equals that of the record just
// before it, which was itself a trap -- no instruction retired in between. The hart is
// machine-mode only and a trap clears mstatus.MIE, so the second trap starts from the same
// registers, memory and pc as the first and only mstatus.MPIE, mepc/mcause/mtval (now equal
// to their values after the first) and the counters differ; none of them decides whether
// the instruction at pc traps. From then on every step is the same trap: the program can
// never make progress, so the run stops at once instead of spinning to its limit. A trap
// with no handler (mtvec = 0 at reset: the fetch at pc 0 faults) is the common case.
// Loops that retire instructions (a handler returning to the faulting instruction) are not
// detected; they end at the instruction or cycle limit.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>

#include "csr.h"

namespace stackscope::iss {

inline const char* trap_cause_name(uint32_t c) {
  if (c & cause::kInterrupt) {
    switch (c & ~cause::kInterrupt) {
      case cause::kIrqMSoft:
        return "machine software interrupt";
      case cause::kIrqMTimer:
        return "machine timer interrupt";
      case cause::kIrqMExt:
        return "machine external interrupt";
      case cause::kIrqLcof:
        return "counter-overflow interrupt";
      default:
        return "interrupt";
    }
  }
  switch (c) {
    case cause::kMisalignedFetch:
      return "instruction address misaligned";
    case cause::kFetchAccess:
      return "instruction access fault";
    case cause::kIllegalInsn:
      return "illegal instruction";
    case cause::kBreakpoint:
      return "breakpoint";
    case cause::kMisalignedLoad:
      return "load address misaligned";
    case cause::kLoadAccess:
      return "load access fault";
    case cause::kMisalignedStore:
      return "store address misaligned";
    case cause::kStoreAccess:
      return "store access fault";
    case cause::kEcallM:
      return "environment call from M-mode";
    default:
      return "exception";
  }
}

class TrapLoopDetector {
 public:
  // One committed record. `tval` is empty when the caller cannot see it (the RTL's commit
  // stream without the ISS in lockstep): cause and pc are compared then. True when this
  // record closes a trap loop; message() describes it.
  bool step(bool trap, uint32_t cause, uint32_t pc, std::optional<uint32_t> tval) {
    const bool loop =
        trap && prev_trap_ && cause == cause_ && pc == pc_ && (!tval || !tval_ || *tval == *tval_);
    prev_trap_ = trap;
    cause_ = cause;
    pc_ = pc;
    tval_ = tval;
    return loop;
  }

  // A retired instruction (same as step(false, ...), for the ISS's hot loop).
  void retired() { prev_trap_ = false; }

  std::string message() const {
    return fmt::format(
        "trap loop: cause {} ({}) at pc 0x{:08x}, {} -- the same trap again with "
        "no instruction retired (no handler?)",
        cause_ & cause::kInterrupt ? fmt::format("0x{:08x}", cause_) : std::to_string(cause_),
        trap_cause_name(cause_), pc_,
        tval_ ? fmt::format("tval 0x{:08x}", *tval_) : std::string("tval unknown (--no-lockstep)"));
  }

 private:
  bool prev_trap_ = false;
  uint32_t cause_ = 0, pc_ = 0;
  std::optional<uint32_t> tval_;
};

}  // namespace stackscope::iss
