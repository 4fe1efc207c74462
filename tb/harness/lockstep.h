// Lockstep checker: every record the RTL commits is replayed on the ISS and compared
// (pc, instruction, trap and cause, x or f register write, fflags after it, store effect)
// through this one narrow call. The ISS runs RV32IMF, as the core implements it.
#pragma once
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "hart.h"
#include "memory.h"

namespace stackscope::tb {

// One commit-trace slot as the RTL reports it (rtl/core/core_pkg.sv commit_t).
struct RtlCommit {
  bool valid = false;
  uint32_t pc = 0, insn = 0;
  bool trap = false;
  uint32_t cause = 0;
  bool rd_we = false;
  bool rd_fp = false;  // rd is an f register (RV32F)
  uint8_t rd = 0;
  uint32_t rd_wdata = 0;
  uint8_t fflags = 0;  // fcsr.fflags after this record
  bool mem_we = false;
  uint32_t mem_addr = 0, mem_wdata = 0;
  unsigned mem_size = 0;
  uint32_t irq_mip = 0;
};

std::string to_string(const RtlCommit& c);

class Lockstep {
 public:
  explicit Lockstep(const std::string& elf, uint32_t ram_size);
  // Empty if the ISS agrees, else a description of both records.
  // cycle: the RTL cycle the record committed in.
  std::string step(const RtlCommit& c, uint64_t cycle);
  bool exited() const { return hart_.exited(); }
  int exit_code() const { return hart_.exit_code(); }
  // The ISS's record of the last step() (its tval names a trap loop's fault).
  const iss::CommitRecord& last() const { return last_; }

 private:
  std::ostream null_console_{nullptr};  // the RTL's console is the one printed
  iss::Memory mem_;
  iss::Hart hart_;
  iss::CommitRecord last_;
  // Interrupts: a record's lines are those of its commit cycle. The RTL takes an enabled
  // pending interrupt at the first boundary after that cycle, except that an operation it
  // performs at the ROB head (fence.i, an MMIO access) finishes first -- and such an operation
  // (a store to msip or mtimecmp) can itself raise it. So the ISS holds its interrupts unless
  // the RTL's record is one, and an instruction committed with one pending in a later cycle
  // than the last such point, not itself a head operation, is a mismatch: the RTL ignored it.
  std::optional<uint64_t> irq_deferred_cycle_;
};

}  // namespace stackscope::tb
