// Text and CSV views of the report JSON, and the atomic writer.
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "report.h"

namespace stackscope::report {

namespace {

std::string pct(const Json& v) {
  return v.is_number() ? fmt::format("{:5.1f} %", 100.0 * v.get<double>()) : "    - ";
}

std::string area_of(const Json& nodes, const Json& n) {
  // toplev's area column: the Level 1 node's short name, plus Mem/Core below Backend_Bound.
  std::string l1 = n["name"].get<std::string>(), l2;
  std::string parent = n["parent"].get<std::string>();
  while (!parent.empty()) {
    for (const Json& p : nodes)
      if (p["name"] == parent) {
        l2 = l1;
        l1 = parent;
        parent = p["parent"].get<std::string>();
        break;
      }
  }
  if (l1 == "frontend_bound") return "FE";
  if (l1 == "bad_speculation") return "BAD";
  if (l1 == "retiring") return "RET";
  if (l2 == "memory_bound") return "BE/Mem";
  if (l2 == "core_bound") return "BE/Core";
  return "BE";
}

std::string dotted(const Json& nodes, const Json& n) {
  std::string s = n["label"].get<std::string>();
  std::string parent = n["parent"].get<std::string>();
  while (!parent.empty())
    for (const Json& p : nodes)
      if (p["name"] == parent) {
        s = p["label"].get<std::string>() + "." + s;
        parent = p["parent"].get<std::string>();
        break;
      }
  return s;
}

std::vector<const Json*> children(const Json& nodes, const std::string& parent) {
  std::vector<const Json*> out;
  for (const Json& n : nodes)
    if (n["parent"] == parent) out.push_back(&n);
  return out;
}

const Json* dominant(const std::vector<const Json*>& kids) {
  const Json* best = nullptr;
  for (const Json* k : kids)
    if (!best || (*k)["value"].get<double>() > (*best)["value"].get<double>()) best = k;
  return best;
}

// Width of the dotted-name column: the longest name of the tree, so no row runs into its value.
size_t name_width(const Json& nodes) {
  size_t w = 40;
  for (const Json& n : nodes) w = std::max(w, dotted(nodes, n).size() + 1);
  return w;
}

void render_tree(std::string& out, const Json& nodes, const std::string& parent, bool expand_all,
                 const std::string& marked, std::vector<std::string>& folded) {
  const auto kids = children(nodes, parent);
  const Json* dom = dominant(kids);
  const size_t width = name_width(nodes);
  for (const Json* k : kids) {
    const std::string name = (*k)["name"].get<std::string>();
    const std::string unit = (*k)["unit"].get<std::string>();
    // Table 2's value in its unit, then toplev's normalised share of the slots (norm.).
    out += fmt::format("{:<8}{:<{}} {} {:<6}  {}{}\n", area_of(nodes, *k), dotted(nodes, *k) + ":",
                       width, pct((*k)["value"]), unit, pct((*k)["normalized"]),
                       name == marked ? "  <==" : "");
    const bool has_kids = !children(nodes, name).empty();
    if (!has_kids) continue;
    if (expand_all || k == dom)
      render_tree(out, nodes, name, expand_all, marked, folded);
    else
      folded.push_back((*k)["label"].get<std::string>());
  }
}

std::string num(uint64_t v) {  // 1234567 -> 1,234,567
  std::string s = std::to_string(v), o;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i && (s.size() - i) % 3 == 0) o += ',';
    o += s[i];
  }
  return o;
}

std::string status_line(const Json& run) {
  const Json& st = run["status"];
  if (!st["complete"].get<bool>()) return "INCOMPLETE (cycle limit)";
  return st["exit_code"].is_null() ? "complete" : fmt::format("exit {}", st["exit_code"].get<int>());
}

const char* kProfs[] = {"oracle", "tip", "nci", "lci", "dispatch"};

// A TIP table row that would print 0.0 % in every column says nothing: such rows are left out
// of the text (the JSON keeps them).
bool prints_nonzero(const Json& row) {
  for (const char* p : kProfs)
    if (row[p].is_number() && row[p].get<double>() >= 0.0005) return true;
  return false;
}

}  // namespace

std::string render_run_text(const Json& run, const TextOptions& o) {
  std::string out;
  const Json& cfg = run["config"];
  const Json& core = cfg["core"];
  const Json& m = run["metrics"];
  out += fmt::format("== {} ({}) ==\n", run["workload"].get<std::string>(), run["elf"].get<std::string>());
  std::string ideals;  // ", perfect BP" etc.: the idealisations this run had on
#define SS_X(member, field, label) \
  if (cfg["ideal"][field].get<bool>()) ideals += ", " label;
  SS_RUN_IDEALS(SS_X)
#undef SS_X
  out += fmt::format(
      "core {} W={} (dispatch {}, issue {}, commit {}), memory latency {} / {} B/cycle{}, "
      "lockstep {}, PMU cross-check: {}\n",
      core["name"].get<std::string>(), core["slots"].get<unsigned>(),
      core["dispatch_width"].get<unsigned>(), core["issue_width"].get<unsigned>(),
      core["commit_width"].get<unsigned>(), cfg["memory"]["latency"].get<unsigned>(),
      cfg["memory"]["bandwidth"].get<unsigned>(), ideals,
      cfg["lockstep"].get<bool>() ? "on" : "off",
      run["pmu_crosscheck"]["enabled"].get<bool>()
          ? fmt::format("{} RTL PMU registers = golden model every cycle",
                        run["pmu_crosscheck"]["registers_per_cycle"].get<unsigned>())
          : std::string("off"));
  out += fmt::format("{}: {} cycles, {} instructions, IPC {:.3f}, CPI {:.3f}\n\n",
                     status_line(run), num(run["cycles"].get<uint64_t>()),
                     num(run["instructions"].get<uint64_t>()), m["ipc"].get<double>(),
                     m["cpi"].get<double>());
  if (!m.contains("topdown")) return out + "(no cycles: nothing to report)\n";

  // Top-Down: Level 1 always; only the dominant branch is expanded (Yasin: a child is
  // meaningful only below a parent that is a bottleneck).
  const Json& nodes = m["topdown"]["nodes"];
  std::string marked;
  for (std::string p;;) {
    const Json* d = dominant(children(nodes, p));
    if (!d) break;
    marked = p = (*d)["name"].get<std::string>();
  }
  out += fmt::format("Top-Down (Yasin, Level 1 in dispatch slots: {} slots = 100 %)\n",
                     num(m["topdown"]["level1_slots"]["total"].get<uint64_t>()));
  out += fmt::format(
      "{:<8}{:<{}} {:>7} {:<6}  {:>7}\n"
      "        (value: Yasin's Table 2; a Clocks value is a fraction of all cycles, not of its\n"
      "         parent, so it can exceed it. norm.: toplev's view, siblings scaled to sum to their\n"
      "         parent, as a share of all slots)\n",
      "", "", name_width(nodes), "value", "", "norm.");
  std::vector<std::string> folded;
  render_tree(out, nodes, "", o.expand_all, marked, folded);
  if (!folded.empty()) {
    out += "        folded (not the bottleneck; --tree all shows them):";
    for (const auto& f : folded) out += " " + f;
    out += "\n";
  }

  // The three CPI stacks side by side.
  const Json& cs = m["cpi_stacks"];
  out += fmt::format(
      "\nCPI stacks (Eyerman et al.; {} slot(s) per cycle; cycles per instruction)\n",
      cs["slots"].get<unsigned>());
  out += fmt::format("  {:<12} {:>9} {:>9} {:>9}\n", "component", "dispatch", "issue", "commit");
  for (const auto& [name, v] : cs["commit"].items()) {
    if (name == "total") continue;
    out += fmt::format("  {:<12} {:>9.3f} {:>9.3f} {:>9.3f}\n", name, cs["dispatch"][name].get<double>(),
                       cs["issue"][name].get<double>(), v.get<double>());
  }
  out += fmt::format("  {:<12} {:>9.3f} {:>9.3f} {:>9.3f}   (cycles / instructions = {:.3f})\n", "total",
                     cs["dispatch"]["total"].get<double>(), cs["issue"]["total"].get<double>(),
                     cs["commit"]["total"].get<double>(), cs["total_cpi"].get<double>());

  // FLOPS stack.
  const Json& fl = m["flops"];
  const double freq = cfg["freq_hz"].get<double>();
  out += fmt::format(
      "\nFLOPS stack (Eyerman et al., Sec. III-C; k={} FMA units x v={}: peak {:.0f} flop/cycle "
      "= {:.2f} GFLOP/s at {:.3f} GHz)\n",
      core["fp_units"].get<unsigned>(), core["vec_len"].get<unsigned>(),
      fl["peak_per_cycle"].get<double>(), fl["peak_flops_per_second"].get<double>() / 1e9, freq / 1e9);
  out += fmt::format("  achieved {:.3f} flop/cycle = {:.3f} GFLOP/s ({} of peak)\n  ",
                     fl["per_cycle"].get<double>(), fl["flops_per_second"].get<double>() / 1e9,
                     pct(fl["fraction_of_peak"]));
  std::string comps;
  for (const auto& [name, v] : fl["components"].items())
    comps += fmt::format("{}{} {}", comps.empty() ? "" : "  ", name, pct(v));
  out += comps + "\n";
  // Eyerman et al., Fig. 5: the issue-stage CPI stack as an IPC stack (components / cycles,
  // sums to the slots per cycle), in the same per-cycle unit as the FLOPS stack above.
  const double tcpi = cs["total_cpi"].get<double>();
  if (tcpi > 0) {
    const double w = cs["slots"].get<double>();
    out += fmt::format("  beside it, the issue IPC stack (Eyerman et al., Fig. 5; {:.0f} slot(s) "
                       "per cycle): issued {:.3f} per cycle\n  ",
                       w, cs["issue"]["base"].get<double>() / tcpi * w);
    std::string ipc;
    for (const auto& [name, v] : cs["issue"].items())
      if (name != "total")
        ipc += fmt::format("{}{} {:.3f}", ipc.empty() ? "" : "  ", name, v.get<double>() / tcpi * w);
    out += ipc + "\n";
  }

  // TIP.
  const Json& tip = run["tip"];
  out += fmt::format(
      "\nTIP profile (Gottschall et al.; {} sampling, period {}: {} samples; oracle = every "
      "cycle)\n",
      tip["mode"].get<std::string>(), tip["period"].get<unsigned>(), num(tip["samples"].get<uint64_t>()));
  out += "  oracle cycles:";
  for (const auto& [s, v] : tip["oracle_cycles_per_state"].items())
    out += fmt::format(" {} {}", s, pct(Json(run["cycles"].get<uint64_t>() ? v.get<double>() / run["cycles"].get<double>() : 0.0)));
  out += "\n";
  out += fmt::format("  {:<22} {:>8} {:>8} {:>8} {:>8}\n", "error vs oracle", "TIP", "NCI", "LCI", "Dispatch");
  for (const char* lvl : {"instruction", "function"}) {
    const Json& e = tip["error"][lvl];
    out += fmt::format("  {:<22} {:>8} {:>8} {:>8} {:>8}\n", lvl, pct(e["tip"]), pct(e["nci"]),
                       pct(e["lci"]), pct(e["dispatch"]));
  }
  out += fmt::format("\n  {:<36} {:>8} {:>8} {:>8} {:>8} {:>8}\n", "top functions", "oracle", "TIP", "NCI",
                     "LCI", "Dispatch");
  unsigned n = 0;
  for (const Json& f : tip["top_functions"]) {
    if (!prints_nonzero(f)) continue;
    if (n++ >= o.top) break;
    out += fmt::format("  {:<36}", f["function"].get<std::string>().substr(0, 36));
    for (const char* p : kProfs) out += fmt::format(" {:>8}", pct(f[p]));
    out += "\n";
  }
  out += fmt::format("\n  {:<10} {:<24} {:<26} {:>8} {:>8} {:>8} {:>8} {:>8}\n", "top instr.",
                     "symbol", "disassembly", "oracle", "TIP", "NCI", "LCI", "Dispatch");
  n = 0;
  for (const Json& i : tip["top_instructions"]) {
    if (!prints_nonzero(i)) continue;
    if (n++ >= o.top) break;
    out += fmt::format("  {:<10} {:<24} {:<26}", i["pc"].get<std::string>(),
                       i["symbol"].get<std::string>().substr(0, 24),
                       i["disasm"].get<std::string>().substr(0, 26));
    for (const char* p : kProfs) out += fmt::format(" {:>8}", pct(i[p]));
    out += "\n";
  }

  // Multiplexing.
  if (run.contains("multiplex")) {
    const Json& mx = run["multiplex"];
    unsigned groups = 0;
    for (const Json& e : mx["events"]) groups = std::max(groups, e["group"].get<unsigned>() + 1);
    out += fmt::format(
        "\nMultiplexed Top-Down (perf-style: {} events on K={} counters in {} groups, {}-cycle "
        "slices, {} rotations, {} reprogramming cycles)\n",
        mx["events"].size(), mx["counters"].get<unsigned>(), groups,
        mx["slice_cycles"].get<uint64_t>(), mx["rotations"].get<uint64_t>(),
        mx["switch_cycles"].get<uint64_t>());
    const size_t width = name_width(nodes);
    out += fmt::format("  {:<{}} {:>8} {:>8} {:>10}\n", "metric", width, "full", "mux", "|err| pp");
    for (const Json& nd : nodes) {
      const std::string name = nd["name"].get<std::string>();
      if (!mx["metrics"].contains(name)) continue;
      const Json& e = mx["metrics"][name];
      out += fmt::format("  {:<{}} {:>8} {:>8} {:>10.2f}\n", dotted(nodes, nd), width, pct(e["full"]),
                         pct(e["multiplexed"]), 100.0 * e["abs_error"].get<double>());
    }
    out += fmt::format("  largest error {:.2f} percentage points\n",
                       100.0 * mx["max_abs_error"].get<double>());
    std::string never;
    for (const Json& e : mx["events"])
      if (e["time_running"].get<uint64_t>() == 0) never += " " + e["name"].get<std::string>();
    if (!never.empty())
      out += "  never counted (the run ended before their group's slice; scaled to 0):" + never + "\n";
  }
  return out;
}

std::string render_suite_text(const Json& doc) {
  std::string out = fmt::format(
      "{:<20} {:<9} {:>11} {:>11} {:>6} {:>6} {:>6} {:>6} {:>6}  {:<16} {:>7} {:>7} {:>7} {:>7}\n",
      "workload", "status", "cycles", "instrs", "IPC", "FE%", "BAD%", "BE%", "RET%",
      "top commit CPI", "TIP err", "TIP fn", "NCI err", "mux err");
  for (const Json& r : doc["runs"]) {
    const Json& m = r["metrics"];
    std::string st = r["status"]["complete"].get<bool>() ? status_line(r) : "INCOMPLETE";
    if (r["status"]["complete"].get<bool>() && !r["status"]["exit_code"].is_null() &&
        r["status"]["exit_code"] != r["status"]["expected_exit"])
      st = "BAD EXIT";
    auto l1 = [&](const char* n) -> std::string {
      if (!m.contains("topdown")) return "-";
      for (const Json& nd : m["topdown"]["nodes"])
        if (nd["name"] == n) return fmt::format("{:.1f}", 100.0 * nd["value"].get<double>());
      return "-";
    };
    // The largest commit-stage component other than base: where the lost cycles went.
    std::string top = "-";
    double best = 0;
    for (const auto& [k, v] : m["cpi_stacks"]["commit"].items())
      if (k != "base" && k != "total" && v.get<double>() > best) best = v.get<double>(), top = k;
    if (best < 0.005) top = "-";  // nothing but base at two decimals
    if (top != "-") top = fmt::format("{} {:.2f}", top, best);
    auto err = [&](const char* p, const char* level = "instruction") {
      const Json& e = r["tip"]["error"][level][p];
      return e.is_number() ? fmt::format("{:.1f}%", 100.0 * e.get<double>()) : std::string("-");
    };
    const std::string mux = r.contains("multiplex")
                                ? fmt::format("{:.1f}pp", 100.0 * r["multiplex"]["max_abs_error"].get<double>())
                                : "-";
    out += fmt::format(
        "{:<20} {:<9} {:>11} {:>11} {:>6.3f} {:>6} {:>6} {:>6} {:>6}  {:<16} {:>7} {:>7} {:>7} {:>7}\n",
        r["workload"].get<std::string>().substr(0, 20), st, r["cycles"].get<uint64_t>(),
        r["instructions"].get<uint64_t>(), m["ipc"].get<double>(), l1("frontend_bound"),
        l1("bad_speculation"), l1("backend_bound"), l1("retiring"), top, err("tip"),
        err("tip", "function"), err("nci"), mux);
  }
  return out;
}

std::string render_csv(const Json& doc) {
  std::string out = "workload,section,stage,item,value\n";
  auto row = [&](const Json& r, const std::string& sec, const std::string& stage, const std::string& item,
                 const Json& v) {
    std::string val = v.is_null() ? "" : v.dump();
    out += fmt::format("{},{},{},{},{}\n", r["workload"].get<std::string>(), sec, stage, item, val);
  };
  for (const Json& r : doc["runs"]) {
    row(r, "run", "", "complete", r["status"]["complete"]);
    row(r, "run", "", "cycles", r["cycles"]);
    row(r, "run", "", "instructions", r["instructions"]);
    row(r, "run", "", "ipc", r["metrics"]["ipc"]);
    for (const auto& [k, v] : r["counters"]["topdown"].items()) row(r, "counter_topdown", "", k, v);
    for (const auto& [s, st] : r["counters"]["cpi"].items())
      for (const auto& [k, v] : st.items()) row(r, "counter_cpi", s, k, v);
    for (const auto& [k, v] : r["counters"]["flops"].items()) row(r, "counter_flops", "", k, v);
    const Json& m = r["metrics"];
    if (m.contains("topdown"))
      for (const Json& n : m["topdown"]["nodes"]) {
        row(r, "topdown", fmt::format("level{}", n["level"].get<int>()), n["name"], n["value"]);
        row(r, "topdown_normalized", fmt::format("level{}", n["level"].get<int>()), n["name"],
            n["normalized"]);
      }
    for (const char* s : {"dispatch", "issue", "commit"})
      for (const auto& [k, v] : m["cpi_stacks"][s].items()) row(r, "cpi_stack", s, k, v);
    for (const auto& [k, v] : m["flops"]["components"].items()) row(r, "flops_stack", "", k, v);
    row(r, "flops", "", "per_cycle", m["flops"]["per_cycle"]);
    for (const char* lvl : {"instruction", "function"})
      for (const auto& [k, v] : r["tip"]["error"][lvl].items()) row(r, "tip_error", lvl, k, v);
    if (r.contains("multiplex"))
      for (const auto& [k, v] : r["multiplex"]["metrics"].items()) {
        row(r, "multiplex", "full", k, v["full"]);
        row(r, "multiplex", "multiplexed", k, v["multiplexed"]);
      }
  }
  return out;
}

void write_atomic(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  if (p.has_parent_path() && !fs::is_directory(p.parent_path()))
    throw std::runtime_error(path + ": directory does not exist");
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
    f << content;
    f.close();
    if (!f) {
      std::remove(tmp.c_str());
      throw std::runtime_error(path + ": write failed");
    }
  }
  std::error_code ec;
  fs::rename(tmp, p, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw std::runtime_error(path + ": cannot rename into place: " + ec.message());
  }
}

}  // namespace stackscope::report
