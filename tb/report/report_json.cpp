#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include "report.h"
#include "topdown.h"

namespace stackscope::report {

namespace {

using pmu::TdCounter;

double ratio(double a, double b) { return b != 0 ? a / b : 0.0; }

// The report's "config": the run-time options table's fields in its order
// (run_options_gen.h).
Json config_json(const RunConfig& c) {
  Json j;
#define SS_X(section, field, value) (*(section) ? j[section][field] : j[field]) = value;
  SS_RUN_REPORT(SS_X, c)
#undef SS_X
  return j;
}

// Level 1-4 metric values by name (fractions), from a Top-Down counter array.
std::map<std::string, double> topdown_values(const std::array<uint64_t, pmu::kNumTdCounters>& c,
                                             const RunConfig& cfg) {
  const pmu::TopDownMetrics m = pmu::topdown_metrics(
      c, pmu::TopDownConfig{.dispatch_width = cfg.dispatch_width,
                            .exec_few = cfg.exec_few,
                            .mem_bw_threshold = cfg.mem_bw_threshold,
                            .counter_bits = 64});
  const double clk = static_cast<double>(c[static_cast<unsigned>(TdCounter::kClocks)]);
  return {{"frontend_bound", m.frontend},
          {"bad_speculation", m.bad_spec},
          {"retiring", m.retiring},
          {"backend_bound", m.backend},
          {"fetch_latency", m.fetch_latency},
          {"fetch_bandwidth", m.fetch_bandwidth},
          {"branch_mispredicts", m.branch_mispredicts},
          {"machine_clears", m.machine_clears},
          {"base", m.base},
          {"microcode_sequencer", m.micro_sequencer},
          {"memory_bound", m.memory_bound},
          {"core_bound", m.core_bound},
          {"l1_bound", m.l1_bound},
          {"l2_bound", m.l2_bound},
          {"ext_memory_bound", m.ext_memory_bound},
          {"stores_bound", c[static_cast<unsigned>(TdCounter::kMemStallsStores)] / clk},
          {"mem_bandwidth", m.mem_bandwidth},
          {"mem_latency", m.mem_latency}};
}

// The tree: level, parent, unit. Order is print order.
struct Node {
  const char* name;
  const char* label;
  int level;
  const char* parent;
  const char* unit;
};
constexpr Node kTree[] = {
    {"frontend_bound", "Frontend_Bound", 1, "", "Slots"},
    {"fetch_latency", "Fetch_Latency", 2, "frontend_bound", "Slots"},
    {"fetch_bandwidth", "Fetch_Bandwidth", 2, "frontend_bound", "Slots"},
    {"bad_speculation", "Bad_Speculation", 1, "", "Slots"},
    {"branch_mispredicts", "Branch_Mispredicts", 2, "bad_speculation", "Slots"},
    {"machine_clears", "Machine_Clears", 2, "bad_speculation", "Slots"},
    {"backend_bound", "Backend_Bound", 1, "", "Slots"},
    {"memory_bound", "Memory_Bound", 2, "backend_bound", "Clocks"},
    {"l1_bound", "L1_Bound", 3, "memory_bound", "Clocks"},
    {"l2_bound", "L2_Bound", 3, "memory_bound", "Clocks"},
    {"ext_memory_bound", "Ext_Memory_Bound", 3, "memory_bound", "Clocks"},
    {"mem_bandwidth", "MEM_Bandwidth", 4, "ext_memory_bound", "Clocks"},
    {"mem_latency", "MEM_Latency", 4, "ext_memory_bound", "Clocks"},
    {"stores_bound", "Stores_Bound", 3, "memory_bound", "Clocks"},
    {"core_bound", "Core_Bound", 2, "backend_bound", "Clocks"},
    {"retiring", "Retiring", 1, "", "Slots"},
    {"base", "Base", 2, "retiring", "Slots"},
    {"microcode_sequencer", "Microcode_Sequencer", 2, "retiring", "Slots"},
};

// toplev's normalised view (pmu-tools): each set of siblings is scaled to sum to its parent's
// normalised value, so every node is a share of TotalSlots and no child exceeds its parent.
// Level 1 is itself (it partitions the slots). A child's weight is its Yasin Table 2
// value clamped at 0 (Core_Bound = #ExecutionStalls - Memory_Bound can go below 0); when all
// siblings weigh 0 they get 0. The Table 2 values stay in `value`: a Clocks node there is a
// fraction of cycles and may exceed its Slots parent (docs/report.md).
std::map<std::string, double> normalized_values(const std::map<std::string, double>& vals) {
  std::map<std::string, double> norm;
  for (const Node& n : kTree) {  // parents precede their children in kTree
    if (n.level == 1) {
      norm[n.name] = vals.at(n.name);
      continue;
    }
    double sum = 0;
    for (const Node& s : kTree)
      if (std::string_view(s.parent) == n.parent) sum += std::max(vals.at(s.name), 0.0);
    norm[n.name] = sum > 0 ? norm.at(n.parent) * std::max(vals.at(n.name), 0.0) / sum : 0.0;
  }
  return norm;
}

Json topdown_json(const RunResult& r) {
  Json j;
  const auto& c = r.topdown;
  auto v = [&](TdCounter k) { return static_cast<int64_t>(c[static_cast<unsigned>(k)]); };
  const int64_t fe = v(TdCounter::kFetchBubbles), ret = v(TdCounter::kSlotsRetired);
  const int64_t bs = v(TdCounter::kSlotsIssued) - ret + v(TdCounter::kRecoveryBubbles);
  j["level1_slots"] = {{"total", v(TdCounter::kTotalSlots)},
                       {"frontend_bound", fe},
                       {"bad_speculation", bs},
                       {"retiring", ret},
                       {"backend_bound", v(TdCounter::kTotalSlots) - fe - bs - ret}};
  const auto vals = topdown_values(c, r.config);
  const auto norm = normalized_values(vals);
  Json nodes = Json::array();
  for (const Node& n : kTree)
    nodes.push_back({{"name", n.name},
                     {"label", n.label},
                     {"level", n.level},
                     {"parent", n.parent},
                     {"unit", n.unit},
                     {"value", vals.at(n.name)},
                     {"normalized", norm.at(n.name)}});
  j["nodes"] = nodes;
  j["mem_bandwidth_share"] =
      ratio(static_cast<double>(v(TdCounter::kExtMemGeThr)), static_cast<double>(v(TdCounter::kExtMemGe1)));
  return j;
}

Json cpi_json(const RunResult& r) {
  const unsigned w = r.config.slots();
  const double denom = static_cast<double>(w) * static_cast<double>(r.instructions);
  Json j;
  j["slots"] = w;
  for (unsigned s = 0; s < pmu::kNumCpiStages; ++s) {
    Json st;
    uint64_t sum = 0;
    for (unsigned k = 0; k < pmu::kNumCpiComps; ++k) {
      st[std::string(pmu::kCpiCompNames[k])] = ratio(static_cast<double>(r.cpi[s][k]), denom);
      sum += r.cpi[s][k];
    }
    st["total"] = ratio(static_cast<double>(sum), denom);
    j[std::string(pmu::kCpiStageNames[s])] = st;
  }
  // Eyerman et al. §III-B simple method: wrong-path base slots at dispatch/issue moved to bpred.
  Json adj;
  for (unsigned s = 0; s < 2; ++s) {
    const pmu::CpiComponents a = pmu::wrong_path_adjusted(r.cpi[s], r.cpi[2]);
    Json st;
    for (unsigned k = 0; k < pmu::kNumCpiComps; ++k)
      st[std::string(pmu::kCpiCompNames[k])] = ratio(static_cast<double>(a[k]), denom);
    adj[std::string(pmu::kCpiStageNames[s])] = st;
  }
  j["wrong_path_adjusted"] = adj;
  // Eyerman et al. §III-B speculative per-block counters (method b): proven blocks only.
  if (r.spec_available) {
    Json spec;
    for (unsigned s = 0; s < pmu::kNumSpecStages; ++s) {
      Json st;
      for (unsigned k = 0; k < pmu::kNumCpiComps; ++k)
        st[std::string(pmu::kCpiCompNames[k])] =
            ratio(static_cast<double>(r.spec_cpi[s][k]), denom);
      spec[std::string(pmu::kCpiStageNames[s])] = st;
    }
    spec["block_merges"] = r.spec_merges;
    if (r.oracle_available) {
      spec["oracle_matched_cycles"] = {{"dispatch", r.spec_oracle_cycles[0]},
                                       {"issue", r.spec_oracle_cycles[1]}};
      spec["squashed_uops"] = r.squashed_dispatched;
      spec["squashed_issue_slots"] = r.squashed_issued;
    }
    j["wrong_path_speculative"] = spec;
  }
  // Dispatch and issue bpred of each method against the correct-path oracle, in slots.
  if (r.oracle_available) {
    const auto bp = static_cast<unsigned>(pmu::CpiComp::kBpred);
    const double slots = static_cast<double>(w) * static_cast<double>(r.cycles);
    for (unsigned s = 0; s < pmu::kNumSpecStages; ++s) {
      const uint64_t simple = pmu::wrong_path_adjusted(r.cpi[s], r.cpi[2])[bp];
      auto err = [&](uint64_t v) {
        return ratio(std::abs(static_cast<double>(v) - static_cast<double>(r.oracle_bpred[s])),
                     slots);
      };
      Json wp{{"oracle_bpred_slots", r.oracle_bpred[s]},
              {"method_a_bpred_slots", simple},
              {"method_a_error", err(simple)}};
      if (r.spec_available) {
        wp["method_b_bpred_slots"] = r.spec_cpi[s][bp];
        wp["method_b_error"] = err(r.spec_cpi[s][bp]);
      }
      j["wrong_path_" + std::string(pmu::kCpiStageNames[s])] = wp;
    }
  }
  j["total_cpi"] = ratio(static_cast<double>(r.cycles), static_cast<double>(r.instructions));
  return j;
}

Json flops_json(const RunResult& r) {
  const double full = 2.0 * r.config.fp_units * r.config.vec_len;
  const double cyc = static_cast<double>(r.cycles);
  Json j;
  j["peak_per_cycle"] = full;
  const double per_cycle = ratio(static_cast<double>(r.flops[0]), cyc);
  j["per_cycle"] = per_cycle;
  j["fraction_of_peak"] = per_cycle / full;
  j["flops_per_second"] = per_cycle * r.config.freq_hz;
  j["peak_flops_per_second"] = full * r.config.freq_hz;
  Json comp;
  for (unsigned k = 0; k < pmu::kNumFlopsComps; ++k)
    comp[std::string(pmu::kFlopsCompNames[k])] = ratio(static_cast<double>(r.flops[k]), full * cyc);
  j["components"] = comp;
  return j;
}

double profile_total(const pmu::Profile& p) {
  double t = 0;
  for (const auto& [pc, v] : p) t += static_cast<double>(v);
  return t;
}

Json tip_json(const RunResult& r, const Symbolizer& sym, unsigned top_n) {
  Json j;
  j["units_per_cycle"] = pmu::kTipUnitsPerCycle;
  j["mode"] = r.config.tip_mode;
  j["period"] = r.config.tip_period;
  j["samples"] = r.tip_samples;
  Json st, ost;
  for (unsigned s = 0; s < 4; ++s) {
    st[std::string(pmu::kTipStateNames[s])] = r.tip_samples_per_state[s];
    ost[std::string(pmu::kTipStateNames[s])] = r.oracle_cycles_per_state[s];
  }
  j["samples_per_state"] = st;
  j["oracle_cycles_per_state"] = ost;
  const std::pair<const char*, const pmu::Profile*> profs[] = {
      {"oracle", &r.oracle}, {"tip", &r.tip}, {"nci", &r.nci}, {"lci", &r.lci}, {"dispatch", &r.disp}};
  // Raw profiles: pc -> 1/12-cycle units, pcs in ascending order.
  Json raw;
  for (const auto& [name, p] : profs) {
    // ordered_json's operator[] searches linearly: append to the underlying vector instead
    // (keys are unique and already sorted), or a large code footprint costs minutes.
    std::map<uint32_t, uint64_t> sorted(p->begin(), p->end());
    Json::object_t o;
    auto& items = static_cast<std::vector<std::pair<const std::string, Json>>&>(o);
    items.reserve(sorted.size());
    for (const auto& [pc, v] : sorted) items.emplace_back(fmt::format("0x{:08x}", pc), v);
    raw[name] = std::move(o);
  }
  j["profiles"] = raw;
  // Errors against the oracle at instruction and function level (docs/report.md).
  // Function level: every profile folded through one name -> id table.
  std::map<std::string, uint32_t> ids;
  auto fold = [&](const pmu::Profile& p) {
    pmu::Profile out;
    for (const auto& [pc, v] : p) {
      const auto it = ids.emplace(sym.function(pc), static_cast<uint32_t>(ids.size())).first;
      out[it->second] += v;
    }
    return out;
  };
  const pmu::Profile ofun = fold(r.oracle);
  Json err_i, err_f;
  for (const auto& [name, p] : profs) {
    if (std::string(name) == "oracle") continue;
    const bool ok = !p->empty() && !r.oracle.empty();
    err_i[name] = ok ? Json(pmu::profile_error(*p, r.oracle)) : Json(nullptr);
    err_f[name] = ok ? Json(pmu::profile_error(fold(*p), ofun)) : Json(nullptr);
  }
  j["error"] = {{"instruction", err_i}, {"function", err_f}};
  // Top functions and instructions by oracle time, with every profiler's share beside.
  auto share = [](const pmu::Profile& p, uint32_t pc, double total) {
    const auto it = p.find(pc);
    return it == p.end() || total == 0 ? 0.0 : static_cast<double>(it->second) / total;
  };
  double tot[5];
  for (int i = 0; i < 5; ++i) tot[i] = profile_total(*profs[i].second);
  std::vector<std::pair<uint64_t, uint32_t>> order;
  for (const auto& [pc, v] : r.oracle) order.emplace_back(v, pc);
  std::sort(order.begin(), order.end(), [](auto a, auto b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  Json ins = Json::array();
  for (size_t i = 0; i < order.size() && i < top_n; ++i) {
    const uint32_t pc = order[i].second;
    Json row = {{"pc", fmt::format("0x{:08x}", pc)},
                {"symbol", sym.symbol(pc)},
                {"disasm", sym.disasm(pc)}};
    for (int k = 0; k < 5; ++k) row[profs[k].first] = share(*profs[k].second, pc, tot[k]);
    ins.push_back(row);
  }
  j["top_instructions"] = ins;
  // Function shares: every profile folded through the same names.
  std::map<std::string, std::array<double, 5>> fshare;
  for (int k = 0; k < 5; ++k)
    for (const auto& [pc, v] : *profs[k].second)
      fshare[sym.function(pc)][k] += tot[k] ? static_cast<double>(v) / tot[k] : 0.0;
  std::vector<std::pair<double, std::string>> forder;
  for (const auto& [n, s] : fshare) forder.emplace_back(s[0], n);
  std::sort(forder.begin(), forder.end(), [](auto a, auto b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  Json fun = Json::array();
  for (size_t i = 0; i < forder.size() && i < top_n; ++i) {
    Json row = {{"function", forder[i].second}};
    for (int k = 0; k < 5; ++k) row[profs[k].first] = fshare[forder[i].second][k];
    fun.push_back(row);
  }
  j["top_functions"] = fun;
  return j;
}

Json mux_json(const RunResult& r) {
  Json j;
  const MuxResult& m = r.mux;
  j["counters"] = m.counters;
  j["slice_cycles"] = m.slice;
  j["rotations"] = m.rotations;
  j["switch_cycles"] = m.switch_cycles;
  // The Top-Down counter array as the multiplexed reading estimates it.
  std::array<uint64_t, pmu::kNumTdCounters> est{};
  const uint64_t clocks = r.topdown[static_cast<unsigned>(TdCounter::kClocks)];
  est[static_cast<unsigned>(TdCounter::kClocks)] = clocks;  // mcycle: fixed counter
  est[static_cast<unsigned>(TdCounter::kTotalSlots)] = clocks * r.config.dispatch_width;
  Json ev = Json::array();
  for (const MuxEvent& e : m.events) {
    const bool counted = e.time_running > 0;
    const double scaled =
        counted ? static_cast<double>(e.count) * static_cast<double>(e.time_enabled) /
                      static_cast<double>(e.time_running)
                : 0.0;
    ev.push_back({{"name", e.name},
                  {"event_id", e.event_id},
                  {"threshold", e.threshold},
                  {"invert", e.invert},
                  {"group", e.group},
                  {"count", e.count},
                  {"time_enabled", e.time_enabled},
                  {"time_running", e.time_running},
                  {"scaled", scaled}});
    const auto v = static_cast<uint64_t>(std::llround(scaled));
    unsigned idx = 0;
    if (e.name == "ops_executed_few") {
      idx = static_cast<unsigned>(TdCounter::kOpsExec0);  // the metrics only use the sum
    } else {
      for (unsigned k = 0; k < pmu::kNumTdCounters; ++k)
        if (pmu::kTdCounterNames[k] == e.name) idx = k;
    }
    est[idx] = v;
  }
  j["events"] = ev;
  const auto full = topdown_values(r.topdown, r.config);
  std::map<std::string, double> mux;
  bool ok = true;
  try {
    mux = topdown_values(est, r.config);
  } catch (const std::exception&) {
    ok = false;
  }
  Json met;
  double worst = 0;
  for (const Node& n : kTree) {
    if (!ok) break;
    const double a = full.at(n.name), b = mux.at(n.name);
    met[n.name] = {{"full", a}, {"multiplexed", b}, {"abs_error", std::fabs(a - b)}};
    worst = std::max(worst, std::fabs(a - b));
  }
  j["metrics"] = met;
  j["max_abs_error"] = worst;
  return j;
}

}  // namespace

Json run_json(const RunResult& r, const Symbolizer& sym, unsigned top_n) {
  Json j;
  j["workload"] = r.workload;
  j["elf"] = r.elf;
  j["status"] = {{"complete", r.status == "complete"},
                 {"reason", r.status},
                 {"exited", r.exited},
                 {"exit_code", r.exited ? Json(r.exit_code) : Json(nullptr)},
                 {"expected_exit", r.expected_exit}};
  j["config"] = config_json(r.config);
  j["cycles"] = r.cycles;
  j["instructions"] = r.instructions;
  j["sim_seconds"] = r.sim_seconds;
  j["pmu_crosscheck"] = {{"enabled", r.crosscheck_regs > 0},
                         {"registers_per_cycle", r.crosscheck_regs},
                         {"csr_reads_checked", r.csr_reads_checked}};
  Json raw;
  Json td;
  for (unsigned k = 0; k < pmu::kNumTdCounters; ++k) td[std::string(pmu::kTdCounterNames[k])] = r.topdown[k];
  raw["topdown"] = td;
  Json cpi;
  for (unsigned s = 0; s < pmu::kNumCpiStages; ++s) {
    Json st;
    for (unsigned k = 0; k < pmu::kNumCpiComps; ++k) st[std::string(pmu::kCpiCompNames[k])] = r.cpi[s][k];
    cpi[std::string(pmu::kCpiStageNames[s])] = st;
  }
  raw["cpi"] = cpi;
  if (r.spec_available) {  // method (b)'s speculative stacks, proven blocks only
    Json spec;
    for (unsigned s = 0; s < pmu::kNumSpecStages; ++s) {
      Json st;
      for (unsigned k = 0; k < pmu::kNumCpiComps; ++k)
        st[std::string(pmu::kCpiCompNames[k])] = r.spec_cpi[s][k];
      spec[std::string(pmu::kCpiStageNames[s])] = st;
    }
    raw["cpi_speculative"] = spec;
  }
  Json fl;
  for (unsigned k = 0; k < pmu::kNumFlopsComps; ++k) fl[std::string(pmu::kFlopsCompNames[k])] = r.flops[k];
  raw["flops"] = fl;
  j["counters"] = raw;
  Json m;
  m["ipc"] = ratio(static_cast<double>(r.instructions), static_cast<double>(r.cycles));
  m["cpi"] = ratio(static_cast<double>(r.cycles), static_cast<double>(r.instructions));
  if (r.cycles > 0) m["topdown"] = topdown_json(r);
  m["cpi_stacks"] = cpi_json(r);
  m["flops"] = flops_json(r);
  j["metrics"] = m;
  j["tip"] = tip_json(r, sym, top_n);
  if (r.cycles > 0) j["multiplex"] = mux_json(r);
  return j;
}

Json document(std::vector<Json> runs, bool suite) {
  Json d;
  d["schema"] = kSchemaName;
  d["version"] = kSchemaVersion;
  d["kind"] = suite ? "suite" : "single";
  d["runs"] = std::move(runs);
  return d;
}

}  // namespace stackscope::report
