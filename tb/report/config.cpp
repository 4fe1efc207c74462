#include "config.h"

#include <fmt/format.h>

#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace stackscope::report {

RunConfig built_model() {
  RunConfig c;  // defaults of run_result.h are the step-0 sequential core's
  return c;
}

namespace {

using Setter = std::function<void(RunConfig&, const nlohmann::json&)>;

template <class T>
Setter field(T RunConfig::*f) {
  return [f](RunConfig& c, const nlohmann::json& v) { c.*f = v.get<T>(); };
}

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> m = {
      {"core.dispatch_width", field(&RunConfig::dispatch_width)},
      {"core.issue_width", field(&RunConfig::issue_width)},
      {"core.commit_width", field(&RunConfig::commit_width)},
      {"core.rob_entries", field(&RunConfig::rob_entries)},
      {"core.fp_units", field(&RunConfig::fp_units)},
      {"core.vec_len", field(&RunConfig::vec_len)},
      {"caches.l1i_sets", field(&RunConfig::l1i_sets)},
      {"caches.l1i_ways", field(&RunConfig::l1i_ways)},
      {"caches.l1d_sets", field(&RunConfig::l1d_sets)},
      {"caches.l1d_ways", field(&RunConfig::l1d_ways)},
      {"caches.line_bytes", field(&RunConfig::line_bytes)},
      {"memory.latency", field(&RunConfig::mem_latency)},
      {"memory.bandwidth", field(&RunConfig::mem_bandwidth)},
      {"memory.outstanding", field(&RunConfig::mem_outstanding)},
      {"ideal.perfect_l1i", field(&RunConfig::perfect_l1i)},
      {"ideal.perfect_l1d", field(&RunConfig::perfect_l1d)},
      {"ideal.perfect_bp", field(&RunConfig::perfect_bp)},
      {"ideal.fast_alu", field(&RunConfig::fast_alu)},
      {"pmu.exec_few", field(&RunConfig::exec_few)},
      {"pmu.mem_bw_threshold", field(&RunConfig::mem_bw_threshold)},
      {"pmu.tip_mode", field(&RunConfig::tip_mode)},
      {"pmu.tip_period", field(&RunConfig::tip_period)},
      {"pmu.mux_counters", field(&RunConfig::mux_counters)},
      {"pmu.mux_slice", field(&RunConfig::mux_slice)},
      {"freq_hz", field(&RunConfig::freq_hz)},
      {"max_cycles", field(&RunConfig::max_cycles)},
      {"lockstep", field(&RunConfig::lockstep)},
  };
  return m;
}

void apply(const std::string& path, const std::string& prefix, const nlohmann::json& j,
           RunConfig& cfg) {
  for (const auto& [k, v] : j.items()) {
    const std::string key = prefix.empty() ? k : prefix + "." + k;
    if (v.is_object()) {
      apply(path, key, v, cfg);
      continue;
    }
    const auto it = setters().find(key);
    if (it == setters().end()) throw std::invalid_argument(path + ": unknown key '" + key + "'");
    // Only numbers for numeric fields: nlohmann converts bool<->number silently otherwise.
    const bool want_bool = key.rfind("ideal.", 0) == 0 || key == "lockstep";
    const bool want_str = key == "pmu.tip_mode";
    const bool ok = want_bool ? v.is_boolean()
                    : want_str ? v.is_string()
                               : (v.is_number() && (key == "freq_hz" || v.is_number_unsigned()));
    if (!ok) throw std::invalid_argument(path + ": '" + key + "' has the wrong type (" + v.dump() + ")");
    it->second(cfg, v);
  }
}

bool pow2(unsigned v) { return v && !(v & (v - 1)); }

}  // namespace

void apply_config_file(const std::string& path, RunConfig& cfg) {
  std::ifstream f(path);
  if (!f) throw std::invalid_argument(path + ": cannot open config file");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(f);
  } catch (const nlohmann::json::exception&) {
    throw std::invalid_argument(path + ": malformed JSON");
  }
  if (!j.is_object()) throw std::invalid_argument(path + ": config must be a JSON object");
  apply(path, "", j, cfg);
}

void validate(const RunConfig& c, const RunConfig& b) {
  auto bad = [](const std::string& msg) { throw std::invalid_argument(msg); };
  auto range = [&](const char* name, uint64_t v, uint64_t lo, uint64_t hi) {
    if (v < lo || v > hi) bad(fmt::format("{} {}: must be {}..{}", name, v, lo, hi));
  };
  auto built = [&](const char* name, unsigned v, unsigned want) {
    if (v != want)
      bad(fmt::format("{} {}: this model was built with {} ({} core); change the RTL parameters "
                      "and rebuild",
                      name, v, want, b.core));
  };
  range("dispatch-width", c.dispatch_width, 1, 4);
  range("issue-width", c.issue_width, 1, 4);
  range("commit-width", c.commit_width, 1, 4);
  range("rob", c.rob_entries, 1, 256);
  range("fp-units", c.fp_units, 1, 4);
  range("vec-len", c.vec_len, 1, 8);
  for (auto [name, v] : {std::pair{"l1i-sets", c.l1i_sets}, {"l1d-sets", c.l1d_sets}})
    if (!pow2(v)) bad(fmt::format("{} {}: must be a power of two", name, v));
  range("l1i-ways", c.l1i_ways, 1, 16);
  range("l1d-ways", c.l1d_ways, 1, 16);
  if (!pow2(c.line_bytes) || c.line_bytes < 4)
    bad(fmt::format("line-bytes {}: must be a power of two >= 4", c.line_bytes));
  built("dispatch-width", c.dispatch_width, b.dispatch_width);
  built("issue-width", c.issue_width, b.issue_width);
  built("commit-width", c.commit_width, b.commit_width);
  built("rob", c.rob_entries, b.rob_entries);
  built("fp-units", c.fp_units, b.fp_units);
  built("vec-len", c.vec_len, b.vec_len);
  built("l1i-sets", c.l1i_sets, b.l1i_sets);
  built("l1i-ways", c.l1i_ways, b.l1i_ways);
  built("l1d-sets", c.l1d_sets, b.l1d_sets);
  built("l1d-ways", c.l1d_ways, b.l1d_ways);
  built("line-bytes", c.line_bytes, b.line_bytes);
  range("mem-latency", c.mem_latency, 1, 100000);
  range("mem-bandwidth", c.mem_bandwidth, 1, 1024);
  range("mem-outstanding", c.mem_outstanding, 1, 64);
  if (c.tip_mode != "periodic" && c.tip_mode != "random")
    bad("tip-mode '" + c.tip_mode + "': must be periodic or random");
  range("tip-period", c.tip_period, 1, 0xFFFF);
  range("exec-few", c.exec_few, 0, 14);
  range("mem-bw-threshold", c.mem_bw_threshold, 1, 15);
  range("mux-counters", c.mux_counters, 1, 29);
  // A slice must outlast the reprogramming (2K + 2 CSR writes) to count anything.
  range("mux-slice", c.mux_slice, 4 * c.mux_counters + 4, uint64_t{1} << 24);
  if (!(c.freq_hz > 0) || c.freq_hz > 1e12) bad(fmt::format("freq {}: must be in (0, 1e12]", c.freq_hz));
  range("max-cycles", c.max_cycles, 1, uint64_t{1} << 40);
}

}  // namespace stackscope::report
