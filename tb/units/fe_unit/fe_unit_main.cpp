// fe_unit: the Verilated core_frontend fetching a real program. An I-port model serves
// 16-byte blocks of the ELF image (hit latency, random misses, random grant stalls); a mock
// back end follows the ISS as the architectural path: it dispatches uops at a random rate,
// checks every correct-path uop (pc, insn, seq, fetch fault), finds the first wrong-path one
// (pred_npc != ISS next pc), redirects after a random resolve delay with that uop's seq and
// bp_meta, and trains the predictor in order as a commit stage would.
//   fe_unit --elf build/sw/workloads/qsort.elf --width 2 --insns 200000 --seed 1
// Exit 0: no mismatch and every --max/--min bound held; 1: a check failed; 2: bad usage.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <algorithm>
#include <map>
#include <vector>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>

#include "Vfe_w1.h"
#include "Vfe_w2.h"
#include "Vfe_w3.h"
#include "Vfe_w4.h"
#include "hart.h"
#include "memory.h"
#include "oracle_bp.h"
#include "verilated.h"

namespace {

using stackscope::iss::CommitRecord;

// Branch kinds as core_pkg::br_kind_e encodes them.
enum class Kind : uint8_t { None = 0, Cond = 1, Jal = 2, Jalr = 3, Call = 4, Ret = 5 };
constexpr const char* kKindName[] = {"none", "cond", "jal", "jalr", "call", "ret"};

// The RISC-V link-register convention (ISA manual, RAS hints), written independently of
// the RTL's predecode.
Kind kind_of(uint32_t insn) {
  const uint32_t op = insn & 0x7f, rd = (insn >> 7) & 31, rs1 = (insn >> 15) & 31;
  const auto link = [](uint32_t r) { return r == 1 || r == 5; };
  if (op == 0x63) return Kind::Cond;
  if (op == 0x6f) return link(rd) ? Kind::Call : Kind::Jal;
  if (op == 0x67) {
    if (link(rd)) return Kind::Call;
    if (rd == 0 && link(rs1)) return Kind::Ret;
    return Kind::Jalr;
  }
  return Kind::None;
}

struct Options {
  std::string elf;
  unsigned width = 2;
  uint64_t insns = 200000;
  uint64_t warmup = 20000;  // instructions before the misprediction statistics start
  uint64_t seed = 1;
  bool perfect_bp = false;
  unsigned hit_latency = 1;
  double miss_rate = 0.02;
  unsigned miss_delay = 12;      // up to this many extra cycles on a miss
  double grant_stall = 0.05;     // probability of a refused request on a hit
  double take_rate = 0.8;        // probability the back end takes everything offered
  unsigned resolve_delay = 6;    // redirect 1..this many cycles after the wrong path starts
  unsigned commit_delay = 10;    // predictor update this many cycles after dispatch
  std::string json;
  // Bounds on the measured rates after warm-up (negative: not checked).
  double max_cond_miss = -1, min_cond_miss = -1, max_ret_miss = -1, max_mispredicts = -1;
  // The conditional branch with the most mispredictions (a program's data-dependent one):
  // bounds on its own rate, and on the rate of all the other conditional branches.
  double min_worst_cond = -1, max_worst_cond = -1, max_other_cond = -1;
  double max_wrong_path = -1;
  double min_fetch_rate = -1, max_fetch_rate = -1;  // uops dispatched per cycle
};

struct Stats {
  uint64_t cycles = 0, retired = 0, wrong_path = 0, redirects = 0, trap_redirects = 0;
  uint64_t exec[6] = {}, miss[6] = {};  // after warm-up, per kind
  uint64_t mispredicts = 0;             // after warm-up, all kinds
  uint64_t fetched = 0, icache_miss_cycles = 0, recover_cycles = 0;
  bool exited = false;
  int exit_code = 0;
  std::map<uint32_t, std::pair<uint64_t, uint64_t>> per_pc;  // after warm-up: exec, miss
  std::map<uint32_t, std::pair<uint64_t, uint64_t>> cond_pc;  // the same, conditional only
};

struct Redirect {
  uint64_t at;
  uint32_t pc, seq;
  uint64_t meta;
  bool branch, taken;
};

struct Update {
  uint64_t at;
  uint32_t pc, target;
  bool taken;
  Kind kind;
  uint64_t meta;
};

class CheckFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

template <class V>
class Bench {
 public:
  Bench(const Options& o)
      : o_(o),
        ctx_(std::make_unique<VerilatedContext>()),
        mem_(),
        rng_(o.seed) {
    mem_.set_console(&console_);
    mem_.load_elf(o.elf);
    arch_.emplace(mem_, mem_.elf()->entry, stackscope::iss::IsaConfig{.f = true});  // as the core
    m_ = std::make_unique<V>(ctx_.get(), "fe");
    if (o.perfect_bp) {
      oracle_.emplace(o.elf);
      hook_ = oracle_->install();
    }
  }
  ~Bench() { m_->final(); }

  Stats run() {
    V& m = *m_;
    m.boot_addr_i = mem_.elf()->entry;
    m.perfect_bp_i = o_.perfect_bp;
    m.rst_ni = 0;
    for (int i = 0; i < 4; ++i) tick_clock();
    m.rst_ni = 1;
    const uint64_t max_cycles = 60 * o_.insns + 100000;
    while (!s_.exited && s_.retired < o_.insns) {
      if (s_.cycles >= max_cycles)
        throw CheckFailed("cycle limit " + std::to_string(max_cycles) + " reached after " +
                          std::to_string(s_.retired) + " instructions: no progress");
      cycle();
    }
    if (oracle_) {
      oracle_queries_ = oracle_->queries();
      oracle_unknown_ = oracle_->unknown();
    }
    return s_;
  }

  uint64_t oracle_queries_ = 0, oracle_unknown_ = 0;

 private:
  std::uniform_real_distribution<double> u01_{0.0, 1.0};
  bool chance(double p) { return u01_(rng_) < p; }
  unsigned upto(unsigned n) { return std::uniform_int_distribution<unsigned>(0, n)(rng_); }

  void tick_clock() {
    m_->clk_i = 1;
    m_->eval();
    ctx_->timeInc(1);
    m_->clk_i = 0;
    m_->eval();
    ctx_->timeInc(1);
  }

  void fail(const std::string& what) {
    throw CheckFailed("cycle " + std::to_string(s_.cycles) + ": " + what);
  }

  void cycle() {
    V& m = *m_;
    // I-port answer (in order; a hit is ready the cycle after acceptance).
    const bool rvalid = !ic_q_.empty() && ic_q_.front().ready <= s_.cycles;
    bool miss_pending = false;
    for (const auto& r : ic_q_) miss_pending |= r.miss;
    m.ic_rvalid_i = rvalid;
    m.ic_err_i = 0;
    m.ic_miss_i = miss_pending;
    for (int i = 0; i < 4; ++i) m.ic_rdata_i[i] = 0;
    if (rvalid) {
      bool ok = true;
      for (int i = 0; i < 4; ++i) {
        uint32_t w = 0;
        ok = ok && mem_.fetch(ic_q_.front().addr + 4 * i, w);
        m.ic_rdata_i[i] = w;
      }
      m.ic_err_i = !ok;
      if (!ok)
        for (int i = 0; i < 4; ++i) m.ic_rdata_i[i] = 0xdeadbeef;
    }
    // Back end: a due redirect, a due predictor update.
    const bool redirect = pending_ && pending_->at <= s_.cycles;
    m.redirect_i = redirect;
    if (redirect) {
      m.redirect_pc_i = pending_->pc;
      m.redirect_seq_i = pending_->seq;
      m.redirect_meta_i = pending_->meta;
      m.redirect_branch_i = pending_->branch;
      m.redirect_taken_i = pending_->taken;
    }
    const bool upd = !upd_q_.empty() && upd_q_.front().at <= s_.cycles && chance(0.8);
    m.bp_upd_valid_i = upd;
    if (upd) {
      const Update& u = upd_q_.front();
      m.bp_upd_pc_i = u.pc;
      m.bp_upd_target_i = u.target;
      m.bp_upd_taken_i = u.taken;
      m.bp_upd_kind_i = static_cast<uint8_t>(u.kind);
      m.bp_upd_meta_i = u.meta;
    }
    m.fe_take_i = 0;
    m.ic_gnt_i = 0;
    m.eval();

    // Outputs of this cycle (all from registered state).
    if (m.fe_recover_o != expect_recover_)
      fail(std::string("fe_recover_o is ") + (m.fe_recover_o ? "1" : "0") + ", expected " +
           (expect_recover_ ? "1" : "0"));
    s_.recover_cycles += m.fe_recover_o;
    s_.icache_miss_cycles += m.fe_icache_miss_o;
    const unsigned valid = m.fe_valid_o;
    unsigned nvalid = 0;
    while (nvalid < o_.width && (valid >> nvalid & 1)) ++nvalid;
    if (valid >> nvalid) fail("fe_valid_o is not an in-order prefix");
    unsigned take = 0;
    if (!redirect && nvalid) take = chance(o_.take_rate) ? nvalid : upto(nvalid);
    const bool req = m.ic_req_o;
    const uint32_t addr = m.ic_addr_o;
    const bool gnt = req && !miss_pending && !chance(o_.grant_stall);
    if (req && (addr & 15)) fail("ic_addr_o not 16-byte aligned");
    m.fe_take_i = take;
    m.ic_gnt_i = gnt;
    m.eval();

    for (unsigned w = 0; w < take && !s_.exited; ++w) dispatch(w);
    if (upd) upd_q_.pop_front();
    if (rvalid) ic_q_.pop_front();
    if (gnt) {
      const bool miss = chance(o_.miss_rate);
      uint64_t ready = s_.cycles + o_.hit_latency + (miss ? 1 + upto(o_.miss_delay) : 0);
      if (!ic_q_.empty()) ready = std::max(ready, ic_q_.back().ready + 1);
      ic_q_.push_back({addr, ready, miss});
    }
    if (redirect) {
      pending_.reset();
      expect_recover_ = true;
      ++s_.redirects;
    } else if (take) {
      expect_recover_ = false;
    }
    s_.fetched += take;
    tick_clock();
    ++s_.cycles;
  }

  // The back end dispatches slot w this cycle.
  void dispatch(unsigned w) {
    V& m = *m_;
    const uint32_t pc = m.fe_pc_o[w], insn = m.fe_insn_o[w], seq = m.fe_seq_o[w];
    const uint32_t pred_npc = m.fe_pred_npc_o[w];
    const uint64_t meta = m.fe_meta_o[w];
    const bool err = m.fe_err_o[w];
    if (pending_) {  // behind an unresolved misprediction
      ++s_.wrong_path;
      return;
    }
    std::ostringstream ctx;
    ctx << std::hex << "slot " << w << " pc 0x" << pc << " insn 0x" << insn << std::dec
        << " seq " << seq << ": ";
    if (seq != expect_seq_)
      fail(ctx.str() + "seq on the correct path, expected " + std::to_string(expect_seq_));
    const CommitRecord r = arch_->step();
    if (r.pc != pc) {
      std::ostringstream e;
      e << std::hex << "pc differs from the ISS (0x" << r.pc << ")";
      fail(ctx.str() + e.str());
    }
    const bool interrupt = r.trap && (r.cause >> 31);
    const bool fetch_fault = r.trap && r.cause == 1;
    if (err != fetch_fault) fail(ctx.str() + "fetch_err differs from the ISS");
    if (!interrupt && !fetch_fault && r.insn != insn) {
      std::ostringstream e;
      e << std::hex << "insn differs from the ISS (0x" << r.insn << ")";
      fail(ctx.str() + e.str());
    }
    ++expect_seq_;
    // Direct jumps are never mispredicted: predecode repairs a BTB miss (decode redirect).
    if (!r.trap && (insn & 0x7f) == 0x6f && pred_npc != r.next_pc)
      fail(ctx.str() + "JAL reached the back end with a wrong pred_npc");
    const Kind kind = r.trap ? Kind::None : kind_of(insn);
    const bool taken = kind == Kind::Cond ? r.next_pc != pc + 4 : kind != Kind::None;
    const bool counted = arch_->instret() > o_.warmup;
    if (std::getenv("FE_TRACE") && kind == Kind::Cond && counted && s_.cycles < 40000)
      std::printf("%llu pc %x hist %03llx btb %d pred %x actual %x\n",
                  static_cast<unsigned long long>(s_.cycles), pc,
                  static_cast<unsigned long long>((meta >> 38) & 0x3ff), int(meta & 1), pred_npc,
                  r.next_pc);
    if (kind != Kind::None) {
      upd_q_.push_back({s_.cycles + o_.commit_delay, pc, r.next_pc, taken, kind, meta});
      if (counted) {
        ++s_.exec[static_cast<int>(kind)];
        ++s_.per_pc[pc].first;
        if (pred_npc != r.next_pc) ++s_.per_pc[pc].second;
        if (kind == Kind::Cond) {
          ++s_.cond_pc[pc].first;
          s_.cond_pc[pc].second += pred_npc != r.next_pc;
        }
      }
    }
    if (!r.trap) ++s_.retired;
    // fence.i: the back end re-fetches what follows (it may have been modified); not a
    // misprediction.
    const bool fence_i = !r.trap && (insn & 0x707f) == 0x100f;
    if (pred_npc != r.next_pc || fence_i) {
      pending_ = Redirect{s_.cycles + 1 + upto(o_.resolve_delay - 1), r.next_pc, seq + 1, meta,
                          kind != Kind::None, taken};
      if (kind == Kind::None) {
        ++s_.trap_redirects;  // trap, mret: the back end's business, not a misprediction
      } else if (counted) {
        ++s_.miss[static_cast<int>(kind)];
        ++s_.mispredicts;
      }
    }
    if (arch_->exited()) {
      s_.exited = true;
      s_.exit_code = arch_->exit_code();
    }
  }

  struct IcReq {
    uint32_t addr;
    uint64_t ready;
    bool miss;
  };

  const Options& o_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::ostringstream console_;
  stackscope::iss::Memory mem_;
  std::optional<stackscope::iss::Hart> arch_;
  std::unique_ptr<V> m_;
  std::optional<stackscope::OracleBp> oracle_;
  stackscope::OracleBp::Hook hook_;
  std::mt19937_64 rng_;
  Stats s_;
  std::deque<IcReq> ic_q_;
  std::deque<Update> upd_q_;
  std::optional<Redirect> pending_;
  uint32_t expect_seq_ = 0;
  bool expect_recover_ = false;
};

double rate(uint64_t a, uint64_t b) { return b ? static_cast<double>(a) / b : 0.0; }

int check_and_report(const Options& o, const Stats& s, uint64_t oq, uint64_t ou) {
  using K = Kind;
  const auto i = [](K k) { return static_cast<int>(k); };
  const double cond = rate(s.miss[i(K::Cond)], s.exec[i(K::Cond)]);
  const double ret = rate(s.miss[i(K::Ret)], s.exec[i(K::Ret)]);
  nlohmann::json j;
  j["elf"] = o.elf;
  j["width"] = o.width;
  j["perfect_bp"] = o.perfect_bp;
  j["cycles"] = s.cycles;
  j["retired"] = s.retired;
  j["exited"] = s.exited;
  j["fetch_per_cycle"] = rate(s.fetched, s.cycles);
  j["wrong_path_uops"] = s.wrong_path;
  j["redirects"] = s.redirects;
  j["trap_redirects"] = s.trap_redirects;
  j["mispredicts_after_warmup"] = s.mispredicts;
  j["icache_miss_cycles"] = s.icache_miss_cycles;
  j["recover_cycles"] = s.recover_cycles;
  for (int k = 1; k < 6; ++k) {
    j["kinds"][kKindName[k]] = {{"exec", s.exec[k]}, {"miss", s.miss[k]},
                                {"rate", rate(s.miss[k], s.exec[k])}};
  }
  std::vector<std::pair<uint64_t, uint32_t>> worst;
  for (const auto& [pc, em] : s.per_pc)
    if (em.second) worst.push_back({em.second, pc});
  std::sort(worst.rbegin(), worst.rend());
  for (size_t k = 0; k < worst.size() && k < 8; ++k) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08x", worst[k].second);
    j["worst_pcs"].push_back({{"pc", hex}, {"exec", s.per_pc.at(worst[k].second).first},
                              {"miss", worst[k].first}});
  }
  uint64_t worst_exec = 0, worst_miss = 0;
  for (const auto& [pc, em] : s.cond_pc)
    if (em.second > worst_miss) std::tie(worst_exec, worst_miss) = em;
  const double worst_rate = rate(worst_miss, worst_exec);
  const double other = rate(s.miss[i(K::Cond)] - worst_miss, s.exec[i(K::Cond)] - worst_exec);
  j["worst_cond"] = {{"exec", worst_exec}, {"miss", worst_miss}, {"rate", worst_rate}};
  j["other_cond_rate"] = other;
  if (o.perfect_bp) j["oracle"] = {{"queries", oq}, {"unknown", ou}};
  if (!o.json.empty()) std::ofstream(o.json) << j.dump(1) << "\n";
  std::printf(
      "fe_unit: %s width %u%s: %llu insns in %llu cycles, %.3f uops/cycle; cond %llu miss %.4f, "
      "ret %llu miss %.4f, jalr %llu miss %.4f, mispredicts %llu, wrong-path uops %llu\n",
      o.elf.c_str(), o.width, o.perfect_bp ? " perfect-bp" : "",
      static_cast<unsigned long long>(s.retired), static_cast<unsigned long long>(s.cycles),
      rate(s.fetched, s.cycles), static_cast<unsigned long long>(s.exec[i(K::Cond)]), cond,
      static_cast<unsigned long long>(s.exec[i(K::Ret)]), ret,
      static_cast<unsigned long long>(s.exec[i(K::Jalr)]), rate(s.miss[i(K::Jalr)], s.exec[i(K::Jalr)]),
      static_cast<unsigned long long>(s.mispredicts), static_cast<unsigned long long>(s.wrong_path));
  int rc = 0;
  const auto bound = [&](bool ok, const std::string& what) {
    if (!ok) {
      std::fprintf(stderr, "fe_unit: FAIL %s\n", what.c_str());
      rc = 1;
    }
  };
  if (o.max_cond_miss >= 0)
    bound(cond <= o.max_cond_miss, "cond miss rate " + std::to_string(cond) + " > " +
                                       std::to_string(o.max_cond_miss));
  if (o.min_cond_miss >= 0)
    bound(cond >= o.min_cond_miss, "cond miss rate " + std::to_string(cond) + " < " +
                                       std::to_string(o.min_cond_miss));
  if (o.max_ret_miss >= 0)
    bound(ret <= o.max_ret_miss,
          "ret miss rate " + std::to_string(ret) + " > " + std::to_string(o.max_ret_miss));
  if (o.min_worst_cond >= 0)
    bound(worst_rate >= o.min_worst_cond, "worst conditional branch miss rate " +
                                         std::to_string(worst_rate) + " < " +
                                         std::to_string(o.min_worst_cond));
  if (o.max_worst_cond >= 0)
    bound(worst_rate <= o.max_worst_cond, "worst conditional branch miss rate " +
                                         std::to_string(worst_rate) + " > " +
                                         std::to_string(o.max_worst_cond));
  if (o.max_other_cond >= 0)
    bound(other <= o.max_other_cond, "other conditional branches miss rate " +
                                         std::to_string(other) + " > " +
                                         std::to_string(o.max_other_cond));
  if (o.max_wrong_path >= 0)
    bound(static_cast<double>(s.wrong_path) <= o.max_wrong_path,
          "wrong-path uops " + std::to_string(s.wrong_path) + " > " +
              std::to_string(static_cast<uint64_t>(o.max_wrong_path)));
  const double fetch_rate = rate(s.fetched, s.cycles);
  if (o.min_fetch_rate >= 0)
    bound(fetch_rate >= o.min_fetch_rate, "uops/cycle " + std::to_string(fetch_rate) + " < " +
                                              std::to_string(o.min_fetch_rate));
  if (o.max_fetch_rate >= 0)
    bound(fetch_rate <= o.max_fetch_rate, "uops/cycle " + std::to_string(fetch_rate) + " > " +
                                              std::to_string(o.max_fetch_rate));
  if (o.max_mispredicts >= 0)
    bound(static_cast<double>(s.mispredicts) <= o.max_mispredicts,
          "mispredicts " + std::to_string(s.mispredicts) + " > " +
              std::to_string(static_cast<uint64_t>(o.max_mispredicts)));
  return rc;
}

template <class V>
int run(const Options& o) {
  Bench<V> b(o);
  const Stats s = b.run();
  return check_and_report(o, s, b.oracle_queries_, b.oracle_unknown_);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"core_frontend unit harness: ELF-fed I-port model and ISS-following mock back end"};
  Options o;
  app.add_option("--elf", o.elf, "program to fetch")->required()->check(CLI::ExistingFile);
  app.add_option("--width", o.width, "FetchWidth of the Verilated config")
      ->check(CLI::IsMember({1, 2, 3, 4}));
  app.add_option("--insns", o.insns, "stop after this many retired instructions");
  app.add_option("--warmup", o.warmup, "instructions before misprediction statistics");
  app.add_option("--seed", o.seed, "random seed");
  app.add_flag("--perfect-bp", o.perfect_bp, "drive perfect_bp_i with the ISS-ahead oracle");
  app.add_option("--hit-latency", o.hit_latency, "I-port hit latency")->check(CLI::Range(1, 8));
  app.add_option("--miss-rate", o.miss_rate, "I-port miss probability")->check(CLI::Range(0.0, 1.0));
  app.add_option("--miss-delay", o.miss_delay, "max extra cycles of a miss");
  app.add_option("--grant-stall", o.grant_stall, "probability of a refused request")
      ->check(CLI::Range(0.0, 0.9));
  app.add_option("--take-rate", o.take_rate, "probability the back end takes all offered")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--resolve-delay", o.resolve_delay, "max cycles to resolve a misprediction")
      ->check(CLI::Range(1, 64));
  app.add_option("--commit-delay", o.commit_delay, "cycles from dispatch to predictor update");
  app.add_option("--json", o.json, "write statistics as JSON");
  app.add_option("--max-cond-miss", o.max_cond_miss, "fail above this conditional miss rate");
  app.add_option("--min-cond-miss", o.min_cond_miss, "fail below this conditional miss rate");
  app.add_option("--max-ret-miss", o.max_ret_miss, "fail above this return miss rate");
  app.add_option("--max-mispredicts", o.max_mispredicts, "fail above this many mispredictions");
  app.add_option("--min-worst-cond", o.min_worst_cond,
                 "fail if the most mispredicted conditional branch's rate is below this");
  app.add_option("--max-worst-cond", o.max_worst_cond,
                 "fail if the most mispredicted conditional branch's rate is above this");
  app.add_option("--max-other-cond", o.max_other_cond,
                 "fail if the other conditional branches' miss rate is above this");
  app.add_option("--min-fetch-rate", o.min_fetch_rate, "fail below this many uops per cycle");
  app.add_option("--max-fetch-rate", o.max_fetch_rate, "fail above this many uops per cycle");
  app.add_option("--max-wrong-path", o.max_wrong_path, "fail above this many wrong-path uops");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::fprintf(stderr, "fe_unit: %s\n", e.what());  // one line, exit 2, as pmu_unit
    return 2;
  }
  try {
    switch (o.width) {
      case 1: return run<Vfe_w1>(o);
      case 2: return run<Vfe_w2>(o);
      case 3: return run<Vfe_w3>(o);
      default: return run<Vfe_w4>(o);
    }
  } catch (const CheckFailed& e) {
    std::fprintf(stderr, "fe_unit: MISMATCH %s (reproduce: fe_unit --elf %s --width %u --seed %llu%s)\n",
                 e.what(), o.elf.c_str(), o.width, static_cast<unsigned long long>(o.seed),
                 o.perfect_bp ? " --perfect-bp" : "");
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fe_unit: %s\n", e.what());
    return 2;
  }
}
