#include "level_check.h"

#include <fmt/format.h>

#include <algorithm>

#include "decode.h"
#include "memmap.h"

namespace stackscope::check {

namespace {

constexpr uint32_t line_of(uint32_t addr) { return addr / tb::kLineBytes * tb::kLineBytes; }

bool judged(uint32_t addr, const tb::LineReadLog& log) {
  return log.cached(addr, iss::memmap::kRamBase) && !log.may_hold_code(addr);
}

const char* name(pmu::InstrCls c) {
  return c == pmu::InstrCls::kDcMem ? "dcache_mem" : c == pmu::InstrCls::kDcL2 ? "dcache_l2" : "?";
}

}  // namespace

LevelCheck::SbWait LevelCheck::sb_wait(uint32_t idx, uint64_t cycle, pmu::InstrCls cls,
                                       const pmu::CoreObs& obs,
                                       const tb::LineReadLog& log) const {
  SbWait w;
  if (named_[idx].sb_bad || !sb_entries_ || obs.sb_free > *sb_entries_) return w;
  // The buffer holds the youngest committed stores; its oldest is the one in the L1D's MSHR.
  const uint64_t held = *sb_entries_ - obs.sb_free;
  if (held == 0 || held > stores_n_ || held > kStores) return w;
  const uint32_t addr = stores_[(stores_n_ - held) % kStores];
  if (!judged(addr, log)) return w;
  w.valid = true, w.idx = idx, w.cycle = cycle, w.named = cls, w.line = line_of(addr);
  for (std::size_t i = 0; i < log.size(); ++i) {
    const tb::LineRead& rd = log.recent(i);
    if (rd.requested < oldest_since_ && rd.answered + kFillSeen < cycle) break;
    if (rd.line != w.line) continue;
    w.r = rd.requested, w.u = rd.answered;
    w.in_tags = rd.requested + kL2MissSeen <= cycle && cycle <= rd.answered + kFillSeen;
    w.served = rd.requested >= oldest_since_ && rd.answered + kFillSeen < cycle;
    break;
  }
  return w;
}

void LevelCheck::judge_sb_wait(const SbWait& w, uint64_t held_now) {
  // Answered in its cycle: an entry left the buffer at the edge after it.
  const bool answered = held_now < w.held_after;
  const bool mem = w.in_tags || (answered && w.served);
  if (w.named == (mem ? pmu::InstrCls::kDcMem : pmu::InstrCls::kDcL2)) return;
  Named& n = named_[w.idx];
  if (n.sb_bad) return;
  n.sb_bad = true;
  n.sb_cycle = w.cycle, n.sb_line = w.line, n.sb_named = w.named;
  n.sb_read = mem, n.sb_r = w.r, n.sb_u = w.u;
}

std::string LevelCheck::judge_store(uint32_t idx, const tb::RtlCommit& c) const {
  const Named& n = named_[idx];
  if (!n.sb_bad) return {};
  if (n.sb_read)
    return fmt::format("probe rule sb_level: the store at pc {:08x} waited on the store buffer "
                       "in cycle {} and the probe named {}, but the buffer's oldest store (line "
                       "{:08x}) missed the L2: its line read was sent in cycle {} and answered in "
                       "cycle {} (dcache_mem from cycle {} to {}, and at the store's answer)",
                       c.pc, n.sb_cycle, name(n.sb_named), n.sb_line, n.sb_r, n.sb_u,
                       n.sb_r + kL2MissSeen, n.sb_u + kFillSeen);
  return fmt::format("probe rule sb_level: the store at pc {:08x} waited on the store buffer in "
                     "cycle {} and the probe named {}, but the buffer's oldest store (line "
                     "{:08x}) was not waiting on memory then: no line read of it in the L1D's "
                     "miss tags, and not its answer from memory",
                     c.pc, n.sb_cycle, name(n.sb_named), n.sb_line);
}

std::string LevelCheck::judge_load(uint32_t idx, const tb::RtlCommit& c, uint32_t addr,
                                   const tb::LineReadLog& log) const {
  const Named& n = named_[idx];
  if ((!n.l2 && !n.mem) || !judged(addr, log)) return {};
  const uint32_t line = line_of(addr);
  const uint64_t lo = std::min(n.l2 ? n.first_l2 : n.first_mem, n.mem ? n.first_mem : n.first_l2);
  const uint64_t hi = std::max(n.l2 ? n.last_l2 : 0, n.mem ? n.last_mem : 0);
  // The read of its line in flight (sent .. in the L1D's miss tags) while it was named a miss,
  // or filled at most kReplayBound cycles before (a load of the same MSHR that reached the head
  // only after the fill, while the MSHR replays).
  const tb::LineRead* served = nullptr;
  bool complete = log.size() < tb::LineReadLog::kCapacity;
  for (std::size_t i = 0; i < log.size(); ++i) {
    const tb::LineRead& rd = log.recent(i);
    if (rd.answered + kFillSeen + kReplayBound < lo) {
      complete = true;  // this and older reads were answered before the load waited
      break;
    }
    if (rd.line == line && rd.requested <= hi) {
      served = &rd;
      break;
    }
  }
  if (served) {
    const uint64_t mem_from = served->requested + kL2MissSeen;
    if (n.mem && n.first_mem < mem_from)
      return fmt::format("probe rule head_level: the load at pc {:08x} (line {:08x}) was named "
                         "dcache_mem in cycle {}, but its line's L2 read was sent in cycle {} "
                         "(dcache_mem from cycle {})",
                         c.pc, line, n.first_mem, served->requested, mem_from);
  }
  // Named dcache_l2 in a cycle a read of its line was in the L1D's miss tags.
  if (n.l2 && !n.l2_overflow)
    for (std::size_t i = 0; i < log.size(); ++i) {
      const tb::LineRead& rd = log.recent(i);
      if (rd.answered + kFillSeen < n.first_l2) break;
      if (rd.line != line) continue;
      const uint64_t from = rd.requested + kL2MissSeen, to = rd.answered + kFillSeen;
      for (uint8_t k = 0; k < n.l2_n; ++k)
        if (n.l2_runs[k].first <= to && n.l2_runs[k].second >= from)
          return fmt::format("probe rule head_level: the load at pc {:08x} (line {:08x}) was "
                             "named dcache_l2 in cycle {}, but its line missed the L2: the read "
                             "was sent in cycle {} and answered in cycle {} (dcache_mem from "
                             "cycle {} to {})",
                             c.pc, line, std::max(n.l2_runs[k].first, from), rd.requested,
                             rd.answered, from, to);
    }
  if (served) return {};
  if (n.mem && complete)
    return fmt::format("probe rule head_level: the load at pc {:08x} (line {:08x}) was named "
                       "dcache_mem in cycle {}, but no line read of it was in flight while it "
                       "waited (nor filled its line just before): the L2 served it",
                       c.pc, line, n.first_mem);
  return {};
}

std::string LevelCheck::step(uint64_t cycle, const pmu::Probe& p, pmu::RobWindow before,
                             const pmu::CoreObs& obs, std::span<const tb::RtlCommit> commits,
                             const tb::LineReadLog& log) {
  if (!sb_entries_) sb_entries_ = obs.sb_free;  // the buffer is empty out of reset
  const uint64_t held = obs.sb_free <= *sb_entries_ ? *sb_entries_ - obs.sb_free : 0;
  if (pending_.valid) judge_sb_wait(pending_, held);
  pending_.valid = false;
  if (held > 0 && held <= stores_n_ && stores_n_ - held != oldest_seq_)
    oldest_seq_ = stores_n_ - held, oldest_since_ = cycle;
  // The head after this cycle's commits, blamed with a miss level.
  const pmu::InstrCls cls = p.rob_head_cls;
  if (p.rob_head_valid && !p.rob_head_done && !p.flush &&
      (cls == pmu::InstrCls::kDcL2 || cls == pmu::InstrCls::kDcMem)) {
    const uint32_t head = (before.oldest(mask_) + p.cmt_n) & mask_;
    Named& n = named_[head];
    if (cls == pmu::InstrCls::kDcL2) {
      if (!n.l2) n.first_l2 = cycle;
      n.l2 = true, n.last_l2 = cycle;
      if (n.l2_n > 0 && n.l2_runs[n.l2_n - 1].second + 1 == cycle)
        n.l2_runs[n.l2_n - 1].second = cycle;
      else if (n.l2_n < n.l2_runs.size())
        n.l2_runs[n.l2_n++] = {cycle, cycle};
      else
        n.l2_overflow = true;
    } else {
      if (!n.mem) n.first_mem = cycle;
      n.mem = true, n.last_mem = cycle;
    }
    pending_ = sb_wait(head, cycle, cls, obs, log);
  }
  // This cycle's commits, the window's oldest entries in order (an interrupt's record is no
  // uop); their stores enter the store buffer at the edge.
  uint32_t idx = before.oldest(mask_);
  uint64_t held_after = held;
  for (const tb::RtlCommit& c : commits) {
    if (c.trap && (c.cause >> 31)) continue;
    if (!c.trap) {
      const iss::decoded_t d = iss::decode(c.insn);
      const bool load = (d.op >= iss::Op::kLb && d.op <= iss::Op::kLhu) || d.op == iss::Op::kFlw;
      const bool store = (d.op >= iss::Op::kSb && d.op <= iss::Op::kSw) || d.op == iss::Op::kFsw;
      const bool base_known = (x_known_ >> d.rs1) & 1u;
      if (std::string e = load && base_known
                              ? judge_load(idx, c, x_[d.rs1] + static_cast<uint32_t>(d.imm), log)
                          : store ? judge_store(idx, c)
                                  : std::string();
          !e.empty())
        return e;
      if (c.rd_we && !c.rd_fp && c.rd != 0) {
        x_[c.rd] = c.rd_wdata;
        x_known_ |= 1u << c.rd;
      }
      if (store && log.cached(c.mem_addr, iss::memmap::kRamBase)) {
        stores_[stores_n_++ % kStores] = c.mem_addr;
        ++held_after;
      }
    }
    idx = (idx + 1) & mask_;
  }
  pending_.held_after = held_after;
  for (uint32_t j = 0; j < p.disp_n && !p.flush; ++j) named_[(p.disp_rob_idx + j) & mask_] = {};
  return {};
}

}  // namespace stackscope::check
