#include "config.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <vector>

namespace stackscope::report {

RunConfig built_model() {
  RunConfig c;  // run_result.h's defaults: a 1-wide core with a 1-entry ROB
  return c;
}

namespace {

// The range of every integer setting, by CLI name (--NAME) and config-file key: the one
// rule both apply (check_limit), before a value is narrowed to its field's type.
struct Limit {
  std::string_view cli, key;
  uint64_t lo, hi;
};
constexpr Limit kLimits[] = {
#define SS_X(name, key, lo, hi) {name, key, lo, hi},
    SS_RUN_LIMITS(SS_X)
#undef SS_X
};

const Limit* find_limit(std::string_view name) {
  for (const Limit& l : kLimits)
    if (l.cli == name || l.key == name) return &l;
  return nullptr;
}

using Setter = std::function<void(RunConfig&, const nlohmann::json&)>;

template <class T>
Setter field(T RunOptionValues::*f) {
  return [f](RunConfig& c, const nlohmann::json& v) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      const uint64_t u = v.get<uint64_t>();  // the caller checked: an unsigned number
      if (u > std::numeric_limits<T>::max())
        throw std::invalid_argument(fmt::format("{}: must fit {} bits", u, 8 * sizeof(T)));
      c.*f = static_cast<T>(u);
    } else {
      c.*f = v.get<T>();
    }
  };
}

// The JSON type a key takes: nlohmann converts bool<->number silently otherwise.
enum class Want { Bool, String, Unsigned, Number };

struct Key {
  Want want;
  Setter set;
};

const std::map<std::string, Key>& keys() {
  static const std::map<std::string, Key> m = {
#define SS_X(member, key, want) {key, {Want::want, field(&RunOptionValues::member)}},
      SS_RUN_CONFIG_KEYS(SS_X)
#undef SS_X
  };
  return m;
}

bool has_type(Want want, const nlohmann::json& v) {
  switch (want) {
    case Want::Bool: return v.is_boolean();
    case Want::String: return v.is_string();
    case Want::Unsigned: return v.is_number_unsigned();
    case Want::Number: return v.is_number();
  }
  return false;
}

void apply(const std::string& path, const std::string& prefix, const nlohmann::json& j,
           RunConfig& cfg) {
  for (const auto& [k, v] : j.items()) {
    const std::string key = prefix.empty() ? k : prefix + "." + k;
    if (v.is_object()) {
      apply(path, key, v, cfg);
      continue;
    }
    const auto it = keys().find(key);
    if (it == keys().end()) throw std::invalid_argument(path + ": unknown key '" + key + "'");
    if (!has_type(it->second.want, v))
      throw std::invalid_argument(path + ": '" + key + "' has the wrong type (" + v.dump() + ")");
    try {
      if (v.is_number_unsigned() && find_limit(key)) check_limit(key, v.get<uint64_t>());
      it->second.set(cfg, v);
    } catch (const std::invalid_argument& e) {  // "V: must ..." or "KEY V: must ..."
      const std::string what = e.what();
      throw std::invalid_argument(path + ": " +
                                  (what.rfind(key, 0) == 0 ? what : key + " " + what));
    }
  }
}

bool pow2(unsigned v) { return v && !(v & (v - 1)); }

}  // namespace

void check_limit(std::string_view name, uint64_t v) {
  const Limit* l = find_limit(name);
  if (!l) throw std::logic_error(fmt::format("check_limit: no limit for '{}'", name));
  if (v < l->lo || v > l->hi)
    throw std::invalid_argument(fmt::format("{} {}: must be {}..{}", name, v, l->lo, l->hi));
}

void apply_config_file(const std::string& path, RunConfig& cfg) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::invalid_argument(path + ": is a directory, not a config file");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::invalid_argument(path + ": cannot open config file");
  apply_config_text(path, std::string{std::istreambuf_iterator<char>(f), {}}, cfg);
}

void apply_config_text(const std::string& path, const std::string& text, RunConfig& cfg) {
  // nlohmann's lexer takes a NUL byte for the end of input and would accept whatever follows
  // it: JSON text never contains one.
  if (const size_t nul = text.find('\0'); nul != std::string::npos)
    throw std::invalid_argument(
        fmt::format("{}: malformed JSON (NUL byte at offset {})", path, nul));
  // Duplicate keys are an error (nlohmann keeps the last silently): one set of keys per open
  // object, checked as the parser reports each key. Text after the object is malformed JSON
  // (the parser is strict about the end of input).
  std::vector<std::pair<std::string, std::set<std::string>>> objects;  // (path, keys seen)
  std::string last_key, duplicate;
  const auto on_event = [&](int, nlohmann::json::parse_event_t ev, nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (ev == E::object_start) {
      const std::string outer = objects.empty() ? "" : objects.back().first;
      objects.push_back(
          {objects.empty() ? "" : (outer.empty() ? last_key : outer + "." + last_key), {}});
    } else if (ev == E::object_end) {
      if (!objects.empty()) objects.pop_back();
    } else if (ev == E::key && !objects.empty()) {
      last_key = parsed.get<std::string>();
      const std::string& outer = objects.back().first;
      if (!objects.back().second.insert(last_key).second && duplicate.empty())
        duplicate = outer.empty() ? last_key : outer + "." + last_key;
    }
    return true;
  };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.begin(), text.end(), on_event);
  } catch (const nlohmann::json::exception&) {
    throw std::invalid_argument(path + ": malformed JSON");
  }
  if (!duplicate.empty()) throw std::invalid_argument(path + ": duplicate key '" + duplicate + "'");
  if (!j.is_object()) throw std::invalid_argument(path + ": config must be a JSON object");
  apply(path, "", j, cfg);
}

void validate(const RunConfig& c, const RunConfig& b) {
  auto bad = [](const std::string& msg) { throw std::invalid_argument(msg); };
  auto range = [&](const char* name, uint64_t v, uint64_t lo, uint64_t hi) {
    if (v < lo || v > hi) bad(fmt::format("{} {}: must be {}..{}", name, v, lo, hi));
  };
  auto limit = [](const char* name, uint64_t v) { check_limit(name, v); };
  auto built = [&](const char* name, unsigned v, unsigned want) {
    if (v != want)
      bad(fmt::format("{} {}: this model was built with {} ({} core); change the RTL parameters "
                      "and rebuild",
                      name, v, want, b.core));
  };
  limit("dispatch-width", c.dispatch_width);
  limit("issue-width", c.issue_width);
  limit("commit-width", c.commit_width);
  limit("rob", c.rob_entries);
  limit("fp-units", c.fp_units);
  limit("vec-len", c.vec_len);
  for (auto [name, v] : {std::pair{"l1i-sets", c.l1i_sets}, {"l1d-sets", c.l1d_sets}})
    if (!pow2(v)) bad(fmt::format("{} {}: must be a power of two", name, v));
  limit("l1i-ways", c.l1i_ways);
  limit("l1d-ways", c.l1d_ways);
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
  limit("mem-latency", c.mem_latency);
  limit("mem-bandwidth", c.mem_bandwidth);
  limit("mem-outstanding", c.mem_outstanding);
  if (c.tip_mode != "periodic" && c.tip_mode != "random")
    bad("tip-mode '" + c.tip_mode + "': must be periodic or random");
  limit("tip-period", c.tip_period);
  limit("exec-few", c.exec_few);
  limit("mem-bw-threshold", c.mem_bw_threshold);
  limit("mux-counters", c.mux_counters);
  // A slice must outlast the reprogramming (2K + 2 CSR writes) to count anything.
  range("mux-slice", c.mux_slice, 4 * c.mux_counters + 4, uint64_t{1} << 24);
  if (!(c.freq_hz > 0) || c.freq_hz > 1e12) bad(fmt::format("freq {}: must be in (0, 1e12]", c.freq_hz));
  limit("max-cycles", c.max_cycles);
}

}  // namespace stackscope::report
