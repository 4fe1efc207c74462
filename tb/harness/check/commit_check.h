// The probe's commit-time fields against the core's commit port, in the same cycle and later
// (docs/dev/probe.md "Checking the probe against the machine").
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "lockstep.h"  // tb::RtlCommit
#include "pmu_gen.h"
#include "rob_window.h"

namespace stackscope::check {

// The probe's commit fields against the core's commit port (docs/dev/probe.md
// "Checking the probe against the machine"): two separate wirings of the same commits, so a
// probe field wired to the wrong signal disagrees with the records. Empty if every rule holds,
// else "probe rule NAME: ...". The rules: cmt_n is the number of records that are not an
// interrupt (an interrupt commits no uop; its record is slot 0, a trap with cause bit 31);
// head_commit[k] and head_pc[k] name record k; exception holds exactly when a record traps;
// machine_clear never with an exception; cmt_br_n counts the records that are a branch, jal
// or jalr (by opcode); a flush in a cycle with records has the last record's pc as flush_pc.
std::string check_probe_commits(const pmu::Probe& p, std::span<const tb::RtlCommit> commits);

// The probe's dispatch- and issue-time fields against what the same uops show when they
// commit, later, on the commit port (docs/dev/probe.md "Checking the probe against the
// machine"). Per ROB entry it remembers the pc next_pc named when the entry was dispatched as
// slot 0, and every class iss_prod_cls named while the entry was the oldest uop waiting in the
// RSs on a producer; when the entry commits, the pc must be the record's, and each class must
// be that of an instruction that last wrote one of the record's source registers in program
// order (a load: an L1 hit's long latency or a miss level; mul/div: long latency; any of them
// also single cycle, their class in the cycle they issue; anything else: single cycle). A
// flush forgets every entry.
class ProbeHistoryCheck {
 public:
  // fp_units: the FP pipes (FpUnits), at most that many non-FP-arithmetic ops start per cycle
  ProbeHistoryCheck(unsigned rob_entries, unsigned fp_units)
      : mask_(rob_entries - 1), fp_units_(fp_units) {}
  // One cycle, given the ROB window before it. Empty if every rule holds.
  std::string step(const pmu::Probe& p, pmu::RobWindow before,
                   std::span<const tb::RtlCommit> commits);

 private:
  static constexpr unsigned kMaxRob = 1u << pmu::kRobIdxW;
  uint32_t mask_;
  unsigned fp_units_;
  std::array<uint32_t, kMaxRob> disp_pc_{};
  std::array<bool, kMaxRob> disp_pc_known_{};
  std::array<uint8_t, kMaxRob> prod_seen_{};  // bit c: iss_prod_cls named class c
  // Per architectural register (x0..x31, then f0..f31): allowed producer classes.
  std::array<uint8_t, 64> writer_cls_{};
  // FP issue vs commit: an op commits after it issued on a pipe (wrong-path ops issue and never
  // commit), so each committed count is at most its issued count, every cycle.
  uint64_t fp_issued_ = 0, fp_issued_fma_ = 0, fp_nonfp_cycles_ = 0;
  uint64_t fp_cmt_ = 0, fp_cmt_fma_ = 0, fp_cmt_nonfp_ = 0;
};

}  // namespace stackscope::check
