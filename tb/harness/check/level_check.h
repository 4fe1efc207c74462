// The miss level the probe names for a blamed ROB head, against the memory system's own record
// of which level served it (docs/dev/probe.md "Checking the probe against the machine"). The
// level reaches the probe from the core's load queue and the D-cache's miss tags; the record
// here is the harness memory model's log of line reads (tb/harness/memory_model.h
// LineReadLog): every L2 read miss is one line read, sent in the cycle the L2's lookup misses,
// and a miss the L2 answers itself is none. The L1D's miss tags show the L2 miss from two
// cycles after that lookup (the L2 notifies the L1D at the next edge, which records it at the
// one after) to the cycle after the line port's answer, when the fill clears it (RTL timing,
// docs/dev/memory.md; kL2MissSeen, kFillSeen). So, for a miss on line X whose L2 read was sent
// in cycle r and answered in cycle u:
// - a blamed load (ROB head not done, head class dcache_l2 or dcache_mem) is judged when it
//   commits and its address is known (the commit port names no load address: the check
//   follows the x registers from the records' writes and adds the load's offset to its base
//   register; a base no record has written yet is unknown, and the load is not judged): if a read of its line was in flight (r .. u + 1) in a
//   cycle the probe named a miss level for it, that read served it, and the probe names
//   dcache_mem exactly from cycle r + 2 on (dcache_l2 up to r + 1); with no such read the L2
//   served it and the probe never names dcache_mem. One bound: a younger load of the same
//   MSHR reaches the head only after the fill, while the MSHR replays; a read filled at most
//   kReplayBound cycles before the load was first named counts as serving it (for a load
//   named dcache_mem). A load named dcache_l2 is wrong only in a cycle inside a read's
//   r + 2 .. u + 1 (its runs of dcache_l2 cycles are kept; after the fill a new L1D miss of
//   the same line can hit in the L2);
// - a store-buffer wait (a done store at the head held by a full buffer whose oldest store
//   missed the L1D) is judged in the cycle after it: the buffer's oldest store is known from
//   the committed stores and the buffer's occupancy (observation port, sb_free; an entry
//   leaves the cycle after its answer), and the probe names dcache_mem exactly while a read
//   of that store's line is in the L1D's miss tags (r + 2 .. u + 1), and in the cycle the
//   store's answer arrives if a read of its line sent since it became the buffer's oldest
//   filled its MSHR; dcache_l2 otherwise.
// Lines the L1I may also read (LineReadLog::may_hold_code) and uncached addresses are not
// judged. Per-cycle work allocates nothing; a failure is formatted once.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "lockstep.h"      // tb::RtlCommit
#include "memory_model.h"  // tb::LineReadLog
#include "pmu_gen.h"
#include "rob_window.h"

namespace stackscope::check {

class LevelCheck {
 public:
  explicit LevelCheck(unsigned rob_entries) : mask_(rob_entries - 1) {}
  // One cycle (`before`: the ROB window before it). Empty if the levels agree, else
  // "probe rule NAME: ...".
  std::string step(uint64_t cycle, const pmu::Probe& p, pmu::RobWindow before,
                   const pmu::CoreObs& obs, std::span<const tb::RtlCommit> commits,
                   const tb::LineReadLog& log);

  // Cycles from the L2 read on the line port to the first cycle the probe may name dcache_mem,
  // and from the line port's answer to the last cycle the L1D's miss tags still show it.
  static constexpr uint64_t kL2MissSeen = 2, kFillSeen = 1;
  // A load of an MSHR reaches the head at most this many cycles after the MSHR's fill and
  // still waits for its replay (an MSHR's L1DTargets loads and its store, behind the other
  // MSHRs' replays: 4 x 9, with room).
  static constexpr uint64_t kReplayBound = 64;

 private:
  // The levels named for one ROB entry while it was the blamed head.
  struct Named {
    uint64_t first_l2 = 0, last_l2 = 0, first_mem = 0, last_mem = 0;
    bool l2 = false, mem = false;
    // The runs of consecutive cycles it was named dcache_l2 (more than kL2Runs: not judged).
    std::array<std::pair<uint64_t, uint64_t>, 4> l2_runs{};
    uint8_t l2_n = 0;
    bool l2_overflow = false;
    // The first store-buffer-wait cycle whose level disagreed (judged if the entry is a store).
    bool sb_bad = false;
    uint64_t sb_cycle = 0, sb_r = 0, sb_u = 0;
    uint32_t sb_line = 0;
    pmu::InstrCls sb_named{};
    bool sb_read = false;  // a read of sb_line was found
  };
  // A store-buffer wait named in a cycle, judged in the next (when the buffer shows whether
  // its oldest store was answered).
  struct SbWait {
    bool valid = false;
    uint32_t idx = 0, line = 0;
    uint64_t cycle = 0, held_after = 0;  // buffer entries after the cycle's commits
    pmu::InstrCls named{};
    bool in_tags = false, served = false;  // its line in the miss tags; a read filled its MSHR
    uint64_t r = 0, u = 0;
  };
  SbWait sb_wait(uint32_t idx, uint64_t cycle, pmu::InstrCls cls, const pmu::CoreObs& obs,
                 const tb::LineReadLog& log) const;
  void judge_sb_wait(const SbWait& w, uint64_t held_now);
  std::string judge_load(uint32_t idx, const tb::RtlCommit& c, uint32_t addr,
                         const tb::LineReadLog& log) const;
  std::string judge_store(uint32_t idx, const tb::RtlCommit& c) const;

  static constexpr unsigned kMaxRob = 1u << pmu::kRobIdxW;
  uint32_t mask_;
  std::array<Named, kMaxRob> named_{};
  // The committed cached stores, most recent last (the store buffer holds the youngest ones).
  static constexpr unsigned kStores = 64;
  std::array<uint32_t, kStores> stores_{};
  uint64_t stores_n_ = 0;
  std::optional<uint32_t> sb_entries_;  // the store buffer's size: sb_free in the first cycle
  uint64_t oldest_seq_ = ~0ull, oldest_since_ = 0;  // the buffer's oldest store, since when
  SbWait pending_;
  std::array<uint32_t, 32> x_{};  // the x registers as the records wrote them
  uint32_t x_known_ = 1;          // bit r: x_[r] is known (x0 always)
};

}  // namespace stackscope::check
