// Report library: collector invariants on synthetic probe streams, multiplexing emulation,
// the sequential-core probe, configuration errors, atomic writes, the disassembler.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "collector.h"
#include "config.h"
#include "disasm.h"
#include "probe_random.h"
#include "report.h"

using namespace stackscope;
using namespace stackscope::report;

namespace {

RunConfig wide_config() {
  RunConfig c;
  c.dispatch_width = 2;
  c.issue_width = 3;
  c.commit_width = 2;
  return c;
}

RunResult run_random(const RunConfig& cfg, uint64_t cycles, uint64_t seed) {
  Collector col(cfg);
  pmu::ProbeRandom gen(seed, {.dispatch = cfg.dispatch_width, .issue = cfg.issue_width,
                              .commit = cfg.commit_width, .fp_vec_len = cfg.vec_len});
  for (uint64_t i = 0; i < cycles; ++i) col.step(gen.next());
  RunResult r;
  r.workload = "random";
  r.config = cfg;
  col.fill(r);
  r.cycles = r.topdown[static_cast<unsigned>(pmu::TdCounter::kClocks)];
  r.instructions = r.topdown[static_cast<unsigned>(pmu::TdCounter::kSlotsRetired)];
  return r;
}

double node(const Json& run, const std::string& name) {
  for (const Json& n : run["metrics"]["topdown"]["nodes"])
    if (n["name"] == name) return n["value"].get<double>();
  FAIL("no node " << name);
  return 0;
}

}  // namespace

TEST_CASE("report: raw counters keep the stack invariants and the JSON derives from them") {
  const RunConfig cfg = wide_config();
  const RunResult r = run_random(cfg, 200000, 7);
  const unsigned w = cfg.slots();
  for (unsigned s = 0; s < pmu::kNumCpiStages; ++s) {
    uint64_t sum = 0;
    for (uint64_t v : r.cpi[s]) sum += v;
    CHECK(sum == w * r.cycles);
  }
  uint64_t fl = 0;
  for (uint64_t v : r.flops) fl += v;
  CHECK(fl == 2 * cfg.fp_units * cfg.vec_len * r.cycles);
  const Json j = run_json(r, Symbolizer());
  const Json& l1 = j["metrics"]["topdown"]["level1_slots"];
  CHECK(l1["frontend_bound"].get<int64_t>() + l1["bad_speculation"].get<int64_t>() +
            l1["retiring"].get<int64_t>() + l1["backend_bound"].get<int64_t>() ==
        l1["total"].get<int64_t>());
  CHECK(node(j, "retiring") == Approx(static_cast<double>(r.instructions) / (2.0 * r.cycles)));
  CHECK(j["metrics"]["cpi_stacks"]["commit"]["total"].get<double>() ==
        Approx(static_cast<double>(r.cycles) / static_cast<double>(r.instructions)));
  // The oracle charges 12 units to every cycle.
  uint64_t units = 0;
  for (const auto& [pc, v] : r.oracle) units += v;
  CHECK(units == 12 * r.cycles);
  // FLOPS (this random stream issues FP ops, so the derived FLOPS numbers are non-trivial):
  // Eyerman et al.'s §III-C formulas from the raw counters.
  const double full = 2.0 * cfg.fp_units * cfg.vec_len, cyc = static_cast<double>(r.cycles);
  const Json& fj = j["metrics"]["flops"];
  REQUIRE(r.flops[0] > 0);
  CHECK(fj["per_cycle"].get<double>() == Approx(static_cast<double>(r.flops[0]) / cyc));
  CHECK(fj["fraction_of_peak"].get<double>() == Approx(static_cast<double>(r.flops[0]) / (full * cyc)));
  CHECK(fj["flops_per_second"].get<double>() ==
        Approx(static_cast<double>(r.flops[0]) / cyc * cfg.freq_hz));
  double share_sum = 0;
  for (unsigned k = 0; k < pmu::kNumFlopsComps; ++k) {
    const double v = fj["components"][std::string(pmu::kFlopsCompNames[k])].get<double>();
    CHECK(v == Approx(static_cast<double>(r.flops[k]) / (full * cyc)));
    share_sum += v;
  }
  CHECK(share_sum == Approx(1.0));
  // toplev's normalised view: every set of siblings sums to its parent and none exceeds it;
  // Level 1 is unchanged and sums to 1. A random probe stream makes Memory_Bound +
  // Core_Bound (Clocks) differ from Backend_Bound (Slots), so the scaling is exercised.
  const Json& nodes = j["metrics"]["topdown"]["nodes"];
  auto norm = [&](const std::string& name) {
    for (const Json& n : nodes)
      if (n["name"] == name) return n["normalized"].get<double>();
    FAIL("no node " << name);
    return 0.0;
  };
  double l1_sum = 0;
  for (const Json& n : nodes) {
    const std::string parent = n["parent"].get<std::string>();
    if (parent.empty()) {
      CHECK(n["normalized"].get<double>() == n["value"].get<double>());
      l1_sum += n["normalized"].get<double>();
      continue;
    }
    CHECK(n["normalized"].get<double>() >= 0.0);
    CHECK(n["normalized"].get<double>() <= norm(parent) + 1e-12);
  }
  CHECK(l1_sum == Approx(1.0));
  CHECK(node(j, "memory_bound") + node(j, "core_bound") != Approx(node(j, "backend_bound")));
  for (const char* p : {"backend_bound", "memory_bound", "frontend_bound", "retiring"}) {
    double kids = 0;
    for (const Json& n : nodes)
      if (n["parent"] == p) kids += n["normalized"].get<double>();
    CHECK(kids == Approx(norm(p)));
  }
  // Siblings keep their Table 2 proportions.
  REQUIRE(node(j, "core_bound") > 0);
  CHECK(norm("memory_bound") / norm("core_bound") ==
        Approx(node(j, "memory_bound") / node(j, "core_bound")));
  const std::string text = render_run_text(j, {});
  CHECK(text.find("norm.: toplev's view") != std::string::npos);
  CHECK(text.find("Backend_Bound") != std::string::npos);
  CHECK(text.find("CPI stacks") != std::string::npos);
  CHECK(text.find("TIP profile") != std::string::npos);
  CHECK(text.find("Multiplexed Top-Down") != std::string::npos);
  const std::string csv = render_csv(document({j}, false));
  CHECK(csv.rfind("workload,section,stage,item,value\n", 0) == 0);
  CHECK(csv.find("random,counter_topdown,,clocks,200000\n") != std::string::npos);
}

TEST_CASE("report: multiplexing with every event on a counter is exact but for setup cycles") {
  RunConfig cfg = wide_config();
  cfg.mux_counters = 15;  // one group: no rotation
  const RunResult r = run_random(cfg, 100000, 11);
  CHECK(r.mux.rotations == 0);
  CHECK(r.mux.switch_cycles == 17);  // inhibit, 15 selectors, enable
  const Json j = run_json(r, Symbolizer());
  CHECK(j["multiplex"]["max_abs_error"].get<double>() < 2e-3);
}

TEST_CASE("report: multiplexing over 4 counters rotates and stays close on a stationary stream") {
  RunConfig cfg = wide_config();
  cfg.mux_counters = 4;
  cfg.mux_slice = 1000;
  const RunResult r = run_random(cfg, 400000, 12);
  CHECK(r.mux.rotations > 300);
  for (const MuxEvent& e : r.mux.events) {
    CHECK(e.time_running > 0);
    CHECK(e.time_running < e.time_enabled / 3);  // 4 groups share the time
  }
  const Json j = run_json(r, Symbolizer());
  const double err = j["multiplex"]["max_abs_error"].get<double>();
  CHECK(err > 0);
  CHECK(err < 0.05);
}

TEST_CASE("report: a constant probe stream is read exactly through the multiplexer") {
  RunConfig cfg = wide_config();
  cfg.mux_counters = 2;
  cfg.mux_slice = 100;
  Collector col(cfg);
  pmu::Probe p{};
  p.disp_n = 1;
  p.iss_n = 1;
  p.cmt_n = 1;
  p.fe_empty = 1;
  p.head_valid[0] = p.head_commit[0] = 1;
  p.head_pc[0] = 0x80000000;
  for (int i = 0; i < 100000; ++i) col.step(p);
  RunResult r;
  r.config = cfg;
  col.fill(r);
  r.cycles = r.instructions = 100000;
  unsigned matched = 0;  // the checks below must all have run (event names can change)
  for (const MuxEvent& e : r.mux.events) {
    const double scaled = static_cast<double>(e.count) * e.time_enabled / e.time_running;
    if (e.name == "slots_issued" || e.name == "slots_retired" || e.name == "fetch_bubbles" ||
        e.name == "ops_executed_few") {
      CHECK(scaled == Approx(100000).epsilon(1e-9));
      ++matched;
    }
    if (e.name == "mem_stalls_any_load") {
      CHECK(e.count == 0);
      ++matched;
    }
  }
  CHECK(matched == 5);
  const Json j = run_json(r, Symbolizer());
  CHECK(j["multiplex"]["max_abs_error"].get<double>() < 1e-9);
}

TEST_CASE("report: configuration errors are one line naming the field") {
  const RunConfig built = built_model();
  RunConfig c = built;
  c.dispatch_width = 0;
  CHECK_THROWS_WITH(validate(c, built), Catch::Contains("dispatch-width 0: must be 1..4"));
  c = built;
  c.commit_width = 2;
  CHECK_THROWS_WITH(validate(c, built), Catch::Contains("built with 1"));
  c = built;
  c.l1d_sets = 100;
  CHECK_THROWS_WITH(validate(c, built), Catch::Contains("power of two"));
  c = built;
  c.tip_mode = "sometimes";
  CHECK_THROWS_WITH(validate(c, built), Catch::Contains("tip-mode"));
  c = built;
  c.mux_slice = 3;
  CHECK_THROWS_WITH(validate(c, built), Catch::Contains("mux-slice"));
  CHECK_NOTHROW(validate(built, built));

  const auto dir = std::filesystem::temp_directory_path();
  const std::string bad = (dir / "ss_report_bad.json").string();
  std::ofstream(bad) << R"({"core": {"dispatch_width": 1, "bogus": 3}})";
  c = built;
  CHECK_THROWS_WITH(apply_config_file(bad, c), Catch::Contains("unknown key 'core.bogus'"));
  std::ofstream(bad) << R"({"memory": {"latency": "fast"}})";
  CHECK_THROWS_WITH(apply_config_file(bad, c), Catch::Contains("wrong type"));
  std::ofstream(bad) << "{not json";
  CHECK_THROWS_WITH(apply_config_file(bad, c), Catch::Contains("malformed JSON"));
  std::ofstream(bad) << R"({"memory": {"latency": 7}, "ideal": {"fast_alu": true}})";
  c = built;
  apply_config_file(bad, c);
  CHECK(c.mem_latency == 7);
  CHECK(c.fast_alu);
  std::filesystem::remove(bad);
}

TEST_CASE("report: atomic writes leave either the whole file or nothing") {
  const auto dir = std::filesystem::temp_directory_path() / "ss_report_atomic";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "r.json").string();
  write_atomic(path, "hello\n");
  std::ifstream f(path);
  std::string s;
  std::getline(f, s);
  CHECK(s == "hello");
  CHECK(!std::filesystem::exists(path + ".tmp"));
  CHECK_THROWS_WITH(write_atomic((dir / "no/such/r.json").string(), "x"),
                    Catch::Contains("directory does not exist"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("disasm: objdump-like RV32IM text") {
  CHECK(iss::disasm(0x00150513, 0, false) == "addi a0, a0, 1");
  CHECK(iss::disasm(0x00852783, 0, false) == "lw a5, 8(a0)");
  CHECK(iss::disasm(0x00f12423, 0, false) == "sw a5, 8(sp)");
  CHECK(iss::disasm(0x00008067, 0, false) == "ret");
  CHECK(iss::disasm(0x00000013, 0, false) == "nop");
  CHECK(iss::disasm(0x00b50463, 0x80000000, false) == "beq a0, a1, 0x80000008");
  CHECK(iss::disasm(0x02b50533, 0, false) == "mul a0, a0, a1");
  CHECK(iss::disasm(0xb0002573, 0, false) == "csrrs a0, mcycle, zero");
  CHECK(iss::disasm(0x40a5d513, 0, false) == "srai a0, a1, 10");
  CHECK(iss::disasm(0xffffffff, 0, false) == ".word 0xffffffff");
}
