// Constrained-random traffic on soc_mem's I-port and D-port against a C++ reference memory.
// The test plays the core: loads with random free tags, stores in order (each with a tag),
// sizes 1/2/4, addresses over a footprint of cacheable RAM plus the uncached tohost line,
// the CLINT, unmapped and beyond-RAM addresses; 16-byte fetches over the same footprint;
// occasional fence.i. Checked every cycle: each answer's tag (in flight, answered once),
// data (the aligned word as of the access's acceptance), fault, level, stores in order,
// L1-hit and perfect-L1 latency of one cycle, miss-tag masks, mem_outstanding against the
// harness, and fetch data (blocks not stored to since the last fence.i). Occasional kills (a
// redirect) make every fetch in flight dead: its data is not checked, but it is still answered
// once, in order, and in the cycle after the kill (a killed miss's fill goes on in the
// background, soc_l1i).
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "mem_dut.h"

namespace stackscope::tb {

struct RandomConfig {
  uint64_t requests = 100000;  // D-port accesses to complete
  uint64_t seed = 1;
  uint32_t footprint = 4096;   // bytes of cacheable RAM touched
  unsigned kill_permille = 0;  // chance of a fetch kill (redirect) in a cycle, per mille
  MemTiming timing;
};

struct RandomStats {
  uint64_t cycles = 0, loads = 0, stores = 0, fetches = 0, fences = 0;
  uint64_t kills = 0, killed_fetches = 0;
  uint64_t level[4] = {};
  unsigned max_outstanding = 0, max_l1miss = 0;
};

class RandomError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

template <class Top>
class RandomTest {
 public:
  static constexpr uint32_t kRamBytes = 1u << 20;
  static constexpr uint32_t kBase = iss::mmap::kRamBase;
  // Every D-port tag (core_pkg::DcTagW bits, from the generated layout) may be in flight; the
  // miss-tag masks are checked as 32-bit words.
  static constexpr unsigned kTags = 1u << kDcReqTag.width;
  static_assert(kTags <= 32);

  explicit RandomTest(const RandomConfig& c) : cfg_(c), rng_(c.seed), ram_(kRamBytes),
                                               ref_(kRamBytes) {
    for (uint32_t a = 0; a < kRamBytes; a += 4) {
      const uint32_t v = static_cast<uint32_t>(rng_());
      ram_.store<uint32_t>(kBase + a, v);
      std::memcpy(&ref_[a], &v, 4);
    }
    // Footprint: page-aligned region, tohost line at its start + 0x40 (uncached RAM).
    fp_base_ = kBase + 0x10000;
    tohost_ = fp_base_ + 0x40;
    ram_.set_tohost(tohost_);
    stale_.assign(kRamBytes / 16, false);
    dut_ = std::make_unique<MemDut<Top>>(ram_, cfg_.timing, tohost_);
  }

  RandomStats run() {
    const uint64_t limit = cfg_.requests * 400 + 100000;
    while (done_ < cfg_.requests || !inflight_.empty() || !fetches_.empty() || fence_) {
      if (dut_->cycle() > limit) fail("cycle limit reached (deadlock?)");
      cycle();
    }
    st_.cycles = dut_->cycle();
    return st_;
  }

 private:
  enum class Kind { Cached, Uncached, Clint, Mtime };
  struct Access {
    bool we;
    uint32_t addr;
    unsigned size;
    Kind kind;
    bool err;
    uint32_t expect, mask;  // load: expected bits under mask
    uint64_t accepted;
    bool seen_l1 = false, seen_l2 = false;
  };
  struct Fetch {
    uint32_t addr;
    uint64_t accepted;
    bool check;
    std::optional<uint64_t> killed;  // the cycle of the kill that made it dead
  };

  [[noreturn]] void fail(const std::string& what) {
    std::ostringstream os;
    os << "cycle " << dut_->cycle() << ": " << what;
    throw RandomError(os.str());
  }

  uint32_t ref_word(uint32_t addr) const {
    uint32_t v;
    std::memcpy(&v, &ref_[(addr & ~3u) - kBase], 4);
    return v;
  }
  bool in_ram(uint32_t a, unsigned n) const { return a >= kBase && a - kBase <= kRamBytes - n; }

  DReq make_dreq() {
    DReq d;
    std::vector<unsigned> free_tags;
    for (unsigned t = 0; t < kTags; ++t)
      if (!inflight_.count(t)) free_tags.push_back(t);
    d.valid = true;
    d.tag = free_tags[rng_() % free_tags.size()];
    d.we = rng_() % 100 < 30;
    const unsigned sz = rng_() % 3;
    d.size = 1u << sz;
    const unsigned pick = rng_() % 100;
    if (pick < 85) {
      d.addr = fp_base_ + (rng_() % cfg_.footprint);
    } else if (pick < 90) {
      d.addr = tohost_ + (rng_() % 32);
    } else if (pick < 94) {
      static constexpr uint32_t regs[] = {0x02000000u, 0x02004000u, 0x02004004u, 0x0200bff8u,
                                          0x0200bffcu};
      d.addr = regs[rng_() % 5];
      d.size = 4;
      if (d.addr >= 0x0200bff8u) d.we = false;  // mtime: read only here
    } else if (pick < 97) {
      d.addr = 0x20000000u + (rng_() % 0x1000);  // unmapped: faults on the word port
    } else {
      d.addr = kBase + kRamBytes + (rng_() % 0x1000);  // cacheable, beyond RAM: faults
    }
    d.addr &= ~(d.size - 1);
    d.wdata = static_cast<uint32_t>(rng_());
    return d;
  }

  void accept_d(const DReq& d, uint64_t now) {
    Access a{.we = d.we, .addr = d.addr, .size = d.size, .kind = Kind::Cached, .err = false,
             .expect = 0, .mask = 0xffffffffu, .accepted = now};
    const unsigned lane = (d.addr & 3) * 8;
    const uint32_t bytes = d.size == 4 ? 0xffffffffu : ((1u << (8 * d.size)) - 1) << lane;
    if (d.addr >= 0x02000000u && d.addr < 0x02010000u) {
      a.kind = d.addr >= 0x0200bff8u ? Kind::Mtime : Kind::Clint;
      uint32_t* reg = d.addr == 0x02000000u ? &msip_ : d.addr == 0x02004000u ? &cmp_lo_
                                                                              : &cmp_hi_;
      if (a.kind == Kind::Clint) {
        if (d.we) *reg = d.addr == 0x02000000u ? (d.wdata & 1) : d.wdata;
        else a.expect = *reg;
      }
    } else if (!(d.addr & 0x80000000u) || (d.addr & ~31u) == tohost_) {
      a.kind = Kind::Uncached;
      a.err = !in_ram(d.addr, d.size);
      a.mask = bytes;
    } else {
      a.err = !in_ram(d.addr, d.size);
    }
    if (a.kind == Kind::Cached || a.kind == Kind::Uncached) {
      if (d.we && !a.err) {
        for (unsigned b = 0; b < d.size; ++b)
          ref_[d.addr + b - kBase] = static_cast<uint8_t>(d.wdata >> (lane + 8 * b));
        stale_[(d.addr - kBase) / 16] = true;
        for (auto& f : fetches_)
          if (f.addr / 16 == d.addr / 16) f.check = false;
      } else if (!d.we && !a.err) {
        a.expect = ref_word(d.addr);
      }
    }
    inflight_.emplace(d.tag, a);
    if (d.we) {
      stores_.push_back(d.tag);
      ++st_.stores;
    } else {
      ++st_.loads;
    }
  }

  void answer_d(const MemObs& o, uint64_t now) {
    auto it = inflight_.find(o.rtag);
    if (it == inflight_.end()) fail("D answer for tag " + std::to_string(o.rtag) + " not in flight");
    const Access a = it->second;
    inflight_.erase(it);
    ++done_;
    std::ostringstream id;
    id << (a.we ? "store" : "load") << " tag " << o.rtag << " addr 0x" << std::hex << a.addr
       << std::dec << " size " << a.size << " accepted " << a.accepted << ": ";
    if (a.we) {
      if (stores_.empty() || stores_.front() != o.rtag) fail(id.str() + "store answered out of order");
      stores_.pop_front();
    }
    if (o.derr != a.err) fail(id.str() + "fault " + std::to_string(o.derr) + " expected " +
                              std::to_string(a.err));
    const uint64_t lat = now - a.accepted;
    if (a.kind == Kind::Cached) {
      if (o.rlevel > 2) fail(id.str() + "cached access answered with level 3");
      if (cfg_.timing.perfect_l1d && (o.rlevel != 0 || lat != 1))
        fail(id.str() + "perfect L1D: level " + std::to_string(o.rlevel) + " latency " +
             std::to_string(lat));
      if (o.rlevel == 0 && lat != 1) fail(id.str() + "L1D hit answered after " + std::to_string(lat));
      if (o.rlevel == 1 && (!a.seen_l1 || a.seen_l2))
        fail(id.str() + "level 1 (L2 hit) but miss-tag bits l1 " + std::to_string(a.seen_l1) +
             " l2 " + std::to_string(a.seen_l2));
      if (o.rlevel == 2 && (!a.seen_l1 || !a.seen_l2))
        fail(id.str() + "level 2 (memory) but miss-tag bits l1 " + std::to_string(a.seen_l1) +
             " l2 " + std::to_string(a.seen_l2));
      ++st_.level[o.rlevel];
    } else {
      if (o.rlevel != 3) fail(id.str() + "uncached access answered with level " +
                              std::to_string(o.rlevel));
      ++st_.level[3];
    }
    if (a.we || a.err) return;
    if (a.kind == Kind::Mtime) {
      // mtime counts cycles: value minus acceptance cycle is constant (low word).
      const uint32_t off = o.rdata - static_cast<uint32_t>(a.accepted);
      if (a.addr == 0x0200bff8u) {
        if (mtime_off_ && *mtime_off_ != off) fail(id.str() + "mtime not counting cycles");
        mtime_off_ = off;
      }
      return;
    }
    if ((o.rdata & a.mask) != (a.expect & a.mask)) {
      std::ostringstream os;
      os << id.str() << "data 0x" << std::hex << o.rdata << " expected 0x" << a.expect
         << " (mask 0x" << a.mask << ")";
      fail(os.str());
    }
  }

  void cycle() {
    // Stimulus for this cycle.
    if (!dreq_.valid && done_ + inflight_.size() < cfg_.requests && inflight_.size() < kTags &&
        !fence_ && rng_() % 100 < drate_)
      dreq_ = make_dreq();
    if (!ireq_.valid && rng_() % 100 < 40) {
      ireq_.valid = true;
      uint32_t a = fp_base_ + (rng_() % cfg_.footprint);
      if ((a & ~31u) == tohost_) a += 32;
      if (rng_() % 200 == 0) a = kBase + kRamBytes + 0x100;  // fault
      ireq_.addr = a & ~15u;
    }
    bool fence_req = false;
    if (!fence_ && rng_() % 4000 == 0) {
      fence_req = true;
      fence_ = true;
      ++st_.fences;
    }
    // Vary the D-port pressure in phases.
    if (dut_->cycle() % 2000 == 0) drate_ = 20 + rng_() % 81;

    const DReq d = dreq_;
    IReq i = ireq_;
    i.kill = rng_() % 1000 < cfg_.kill_permille;
    const MemObs o = dut_->step(d, i, fence_req);
    // dut_->cycle() is now this cycle + 1; answers and grants belong to this cycle.
    const uint64_t now = dut_->cycle() - 1;
    check_cycle(o, now);
    if (d.valid && o.dgnt) {
      accept_d(d, now);
      dreq_ = {};
    }
    if (i.valid && o.igrant) {
      fetches_.push_back({i.addr, now, !in_ram(i.addr, 16) || !stale_[(i.addr - kBase) / 16]});
      ireq_ = {};
      ++st_.fetches;
    }
    if (i.kill) {
      ++st_.kills;
      for (auto& f : fetches_)
        if (!f.killed) f.killed = now;
    }
    check_killed_answered(now);
  }

  void check_cycle(const MemObs& o, uint64_t now) {
    // Miss-tag masks: only in-flight cached loads and stores; l2 subset of l1.
    uint32_t cached = 0;
    for (auto& [t, a] : inflight_)
      if (a.kind == Kind::Cached) cached |= 1u << t;
    if (o.l1miss_tags & ~cached)
      fail("l1miss_tags has tags that are not cached accesses in flight");
    if (o.l2miss_tags & ~o.l1miss_tags) fail("l2miss_tags not a subset of l1miss_tags");
    for (auto& [t, a] : inflight_) {
      if (o.l1miss_tags >> t & 1) a.seen_l1 = true;
      if (o.l2miss_tags >> t & 1) a.seen_l2 = true;
    }
    st_.max_l1miss = std::max<unsigned>(st_.max_l1miss, __builtin_popcount(o.l1miss_tags));
    const unsigned expect_out = std::min<std::size_t>(15, o.model_outstanding);
    if (o.mem_outstanding != expect_out)
      fail("mem_outstanding " + std::to_string(o.mem_outstanding) + " harness has " +
           std::to_string(o.model_outstanding));
    st_.max_outstanding = std::max(st_.max_outstanding, o.mem_outstanding);
    if (o.drvalid) answer_d(o, now);
    if (o.irvalid) answer_i(o, now);
    if (o.fencei_done) {
      if (!fence_) fail("fencei_done without a fence.i");
      fence_ = false;
      std::fill(stale_.begin(), stale_.end(), false);
    }
  }

  // The fetch answer of this cycle: the oldest fetch in flight (a killed one: nothing to check).
  void answer_i(const MemObs& o, uint64_t now) {
    if (fetches_.empty()) fail("fetch answer with no fetch in flight");
    const Fetch f = fetches_.front();
    fetches_.pop_front();
    if (f.killed) {
      ++st_.killed_fetches;
      return;
    }
    const bool err = !in_ram(f.addr, 16);
    std::ostringstream id;
    id << "fetch 0x" << std::hex << f.addr << std::dec << " accepted " << f.accepted << ": ";
    if (o.ierr != err) fail(id.str() + "fault " + std::to_string(o.ierr));
    if (cfg_.timing.perfect_l1i && now - f.accepted != 1)
      fail(id.str() + "perfect L1I answered after " + std::to_string(now - f.accepted));
    if (f.check && !err) {
      for (unsigned w = 0; w < 4; ++w)
        if (o.irdata[w] != ref_word(f.addr + 4 * w))
          fail(id.str() + "word " + std::to_string(w) + " differs from memory");
    }
  }

  // A fetch killed in cycle k is answered by cycle k + 1: a hit, a fill arriving in k, or a
  // miss the L1I answers at once (its fill goes on in the background).
  void check_killed_answered(uint64_t now) {
    if (!fetches_.empty() && fetches_.front().killed && *fetches_.front().killed < now) {
      std::ostringstream os;
      os << "fetch 0x" << std::hex << fetches_.front().addr << std::dec << " killed in cycle "
         << *fetches_.front().killed << " not answered in the next cycle";
      fail(os.str());
    }
  }

  RandomConfig cfg_;
  std::mt19937_64 rng_;
  iss::Memory ram_;
  std::vector<uint8_t> ref_;
  std::vector<bool> stale_;  // 16-byte blocks stored to since the last fence.i
  uint32_t fp_base_ = 0, tohost_ = 0;
  std::unique_ptr<MemDut<Top>> dut_;
  std::map<unsigned, Access> inflight_;
  std::deque<unsigned> stores_;
  std::deque<Fetch> fetches_;
  DReq dreq_;
  IReq ireq_;
  bool fence_ = false;
  unsigned drate_ = 60;
  uint64_t done_ = 0;
  uint32_t msip_ = 0, cmp_lo_ = 0xffffffffu, cmp_hi_ = 0xffffffffu;
  std::optional<uint32_t> mtime_off_;
  RandomStats st_;
};

}  // namespace stackscope::tb
