// `stackscope run [PROG.elf | WORKLOAD | suite]`: the Verilated SoC running programs, checked
// instruction by instruction against the ISS (lockstep) unless --no-lockstep, with the golden
// PMU models stepped on the probe stream; prints the report (tb/report/, docs/report.md) and
// writes JSON / CSV / plots.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli_options.h"
#include "collector.h"
#include "commands.h"
#include "config.h"
#include "exit_status.h"
#ifdef SS_FPGA_TOP
#include "fpga_image.h"
#endif
#include "interrupt.h"
#include "lockstep.h"
#include "memory.h"
#include "oracle_bp.h"
#include "outputs.h"
#include "pipeview.h"
#include "pmu_check.h"
#include "report.h"
#include "rtl_messages.h"
#include "run_checks.h"
#include "run_process.h"
#include "soc_sim.h"

#ifndef STACKSCOPE_MANIFEST
#define STACKSCOPE_MANIFEST "sw/workloads.json"
#endif

namespace stackscope {

namespace {

namespace fs = std::filesystem;
using report::RunConfig;

// The report's configuration defaults: what the Verilated SoC was built with.
RunConfig built_model() {
  static const tb::SocParams p = tb::SocSim::built_params();
  RunConfig c = report::built_model();
  c.core = "ooo";
  c.dispatch_width = p.dispatch_width;
  c.issue_width = p.issue_width;
  c.commit_width = p.commit_width;
  c.rob_entries = p.rob_entries;
  c.fp_units = p.fp_units;
#ifdef SS_FPGA_TOP
  // fpga_mem: a fixed latency, one 32-byte line per access, one access at a time.
  c.mem_latency = tb::kFpgaMemLatency;
  c.mem_bandwidth = tb::kFpgaLineBytes;
  c.mem_outstanding = 1;
#endif
  return c;
}

struct Target {
  std::string name, elf;
  int expected_exit = 0;
};

nlohmann::json load_manifest(const RunOptions& o, std::string& path) {
  path = o.manifest;
  if (path.empty())
    path = fs::exists(STACKSCOPE_MANIFEST) ? STACKSCOPE_MANIFEST : o.sw_dir + "/workloads.json";
  std::ifstream f(path);
  if (!f) throw std::runtime_error(path + ": cannot open workload manifest");
  try {
    return nlohmann::json::parse(f);
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error(path + ": malformed workload manifest");
  }
}

// PROG.elf, a workload name from the manifest (its "workloads" or RV32F "fp_workloads"), the
// whole suite (no argument / `suite`: the "workloads"), or `fp_suite` (the "fp_workloads").
std::vector<Target> resolve(const RunOptions& o, bool& suite) {
  const bool fp_suite = o.target == "fp_suite";
  suite = o.target.empty() || o.target == "suite" || fp_suite;
  const bool is_file = !suite && (o.target.find('/') != std::string::npos ||
                                  o.target.ends_with(".elf") || fs::exists(o.target));
  if (is_file) return {{fs::path(o.target).stem().string(), o.target, 0}};
  std::string path;
  const nlohmann::json j = load_manifest(o, path);
  std::vector<Target> out;
  try {
    for (const char* group : {"workloads", "fp_workloads"}) {
      if (!j.contains(group)) continue;
      const bool whole = suite && (std::string_view(group) == "fp_workloads") == fp_suite;
      for (const auto& w : j.at(group)) {
        Target t{w.at("name").get<std::string>(), o.sw_dir + "/" + w.at("elf").get<std::string>(),
                 w.value("expected_exit", 0)};
        if (whole || (!suite && t.name == o.target)) out.push_back(t);
      }
    }
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error(path + ": bad manifest entry");
  }
  if (out.empty()) {
    if (suite) throw std::runtime_error(path + ": no workloads listed");
    throw std::runtime_error("unknown workload '" + o.target + "' (not an ELF file, not in " + path + ")");
  }
  return out;
}

class Progress {
 public:
  explicit Progress(std::string name) : name_(std::move(name)), on_(isatty(STDERR_FILENO)) {}
  void update(uint64_t cycles, uint64_t insns) {
    if (!on_ || (cycles & 0xFFFF) != 0) return;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    std::fprintf(stderr, "\r%s: %llu cycles, %llu instructions, %.0f kHz   ", name_.c_str(),
                 static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(insns),
                 s > 0 ? static_cast<double>(cycles) / s / 1e3 : 0.0);
  }
  ~Progress() {
    if (on_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  std::string name_;
  bool on_;
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};

// Where a run's files go: the temporary paths of the OutputSet (renamed at the end).
struct RunFiles {
  std::string fst, pipeview;           // temporary paths; empty: not written
  std::ostream* console = &std::cout;  // the program's console and the text report
};

// One program on the SoC. Bad input throws; a cycle limit returns a result marked incomplete;
// a lockstep mismatch, cross-check mismatch or trap loop throws its one-line error
// (tb/harness/run_checks.h; exits 4, 5, 6 in the caller).
report::RunResult run_one(const Target& t, const CheckedRun& checked, const RunOptions& o,
                          bool quiet, const RunFiles& files, SocEngine& engine,
                          report::Json& json_out) {
  const RunConfig& cfg = checked.cfg;
  std::ostream null_console(nullptr);
  iss::Memory& mem = engine.new_memory(o.ram_size, cfg.mem_latency);
  mem.set_console(quiet ? &null_console : files.console);
  const iss::ElfImage& elf = mem.load_elf(t.elf);
  // The core has no C extension: a 16-bit instruction would trap, or end in a lockstep
  // mismatch, somewhere in the run. Say so at the start (docs/robustness.md).
  if (elf.rvc)
    throw iss::elf_error(t.elf + ": built with compressed instructions (e_flags RVC); the core "
                         "runs rv32imf without C: compile with -march=rv32imf");
  std::optional<tb::Lockstep> lockstep;
  if (cfg.lockstep) lockstep.emplace(t.elf, o.ram_size);

  tb::SocConfig sc;  // the SoC's switches and the harness's settings (run_options_gen.h)
#define SS_X(member, soc_field) sc.soc_field = cfg.member;
  SS_RUN_TO_SOC(SS_X)
#undef SS_X
  sc.fst = files.fst;
  sc.rtl_ram_size = o.rtl_ram_size;
  sc.probe_mutant = checked.probe_mutant;
  sc.console = quiet ? nullptr : files.console;  // the FPGA top's UART (SS_FPGA_TOP)
  std::optional<OracleBp> oracle;  // the ISS running ahead steers fetch (DPI ss_oracle_next_pc)
  OracleBp::Hook oracle_hook;
  if (cfg.perfect_bp) {
    oracle.emplace(t.elf, o.ram_size);
    oracle_hook = oracle->install();
  }
  std::optional<tb::Pipeview> pipeview;  // Kanata, fed by the core's DPI trace calls
  tb::Pipeview::Hook pipeview_hook;
  if (!files.pipeview.empty()) {
    pipeview.emplace(files.pipeview);
    pipeview_hook = pipeview->install();
  }
  tb::SocSim sim(mem, elf.entry, sc, engine.port());
  // The RTL PMU checked every cycle against its golden model; the report's Top-Down, CPI,
  // FLOPS and TIP-oracle counters are then that model's (stepped once, by the check). The
  // collector steps only the report's own models (TIP samplers at the run's period,
  // multiplexing) on the same RTL probe, and all of them without a check.
  std::optional<tb::PmuCheck> check;
  if (cfg.crosscheck) check.emplace(sim.pmu_model_config(), checked.mutation);
  std::vector<std::pair<uint16_t, uint32_t>> csr_log;
  if (check && !o.csr_log.empty()) check->record_csr_reads(&csr_log);

  report::Collector collector(cfg, check ? &check->model() : nullptr);
  Progress progress(t.name);
  report::RunResult r;
  r.workload = t.name;
  r.elf = t.elf;
  r.expected_exit = t.expected_exit;
  r.config = cfg;
  const auto t0 = std::chrono::steady_clock::now();
  PmuWatch pmu_watch(t.name, sim, check ? &*check : nullptr, collector, o.fst);
  CommitWatch commit_watch(t.name, sim, mem, lockstep ? &*lockstep : nullptr, elf.tohost);
  const RunWatch watch{.pmu = pmu_watch,
                       .commits = commit_watch,
                       .before_cycle =
                           [&](uint64_t cycle) {
                             check_interrupt();
                             if (pipeview) pipeview->set_cycle(cycle);
                             progress.update(cycle, commit_watch.retired());
                           },
                       .max_cycles = cfg.max_cycles};
  const bool done = engine.run(sim, watch);
  if (!done) r.status = "cycle_limit";
  const uint64_t retired = commit_watch.retired();
  if (done && lockstep && !lockstep->exited())
    throw LockstepError(t.name + ": RTL exited but the ISS did not");
  r.exited = done;
  r.exit_code = done ? *sim.program_exit(mem) : 0;
  if (!o.csr_log.empty()) {
    std::ofstream os(o.csr_log);
    for (const auto& [addr, value] : csr_log) os << fmt::format("{:03x} {:08x}\n", addr, value);
    if (!os.flush()) throw std::runtime_error(o.csr_log + ": cannot write the CSR log");
  }
  r.cycles = sim.cycle();
  r.instructions = retired;
  r.sim_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  collector.fill(r);
  if (check) {
    const tb::PmuRunResults pr = check->results();
    r.crosscheck_regs = tb::kNumPmuRegs;
    r.csr_reads_checked = pr.csr_reads_checked;
    r.spec_oracle_cycles = {check->spec_oracle_cycles(0), check->spec_oracle_cycles(1)};
    if (r.status == "complete" && !quiet) {  // incomplete: stderr is its one error line
      // A summary on stderr for the reader; the tests read these figures from the JSON report.
      spdlog::info("{}: PMU: {} registers matched every cycle, {} PMU CSR reads checked, "
                   "{} TIP samples (profile error vs oracle: TIP {:.1f}%, NCI {:.1f}%)",
                   t.name, r.crosscheck_regs, pr.csr_reads_checked, pr.tip_samples,
                   100 * pr.tip_error, 100 * pr.nci_error);
      // docs/dev/pmu.md "Wrong path": each method's bpred against the oracle, per stage
      for (unsigned s = 0; s < pmu::kNumSpecStages; ++s) {
        const tb::WrongPathError& wp = pr.wrong_path[s];
        const std::string_view stage = pmu::kCpiStageNames[s];
        spdlog::info("{}: wrong path at {}: bpred oracle {} slots, method (a) {} slots, "
                     "error {:.2f}% of the slots",
                     t.name, stage, wp.oracle_bpred, wp.simple_bpred, 100 * wp.simple_error);
        if (wp.spec_available)
          spdlog::info("{}: wrong path at {}, method (b): bpred {} slots, error {:.2f}% of the "
                       "slots",
                       t.name, stage, wp.spec_bpred, 100 * wp.spec_error);
      }
      if (pr.wrong_path[0].spec_available)
        spdlog::info("{}: method (b): {} block merges; base matched the oracle in {} cycles at "
                     "dispatch, {} at issue; {} uops squashed by other flushes, {} issue slots "
                     "of them",
                     t.name, pr.spec_merges, r.spec_oracle_cycles[0], r.spec_oracle_cycles[1],
                     r.squashed_dispatched, r.squashed_issued);
      auto stack_line = [](const pmu::CpiComponents& c) {
        std::string line;
        for (unsigned k = 0; k < pmu::kNumCpiComps; ++k)
          line += fmt::format(" {}={}", pmu::kCpiCompNames[k], c[k]);
        return line;
      };
      for (unsigned st = 0; st < pmu::kNumCpiStages; ++st)
        spdlog::info("{}: CPI stack {}:{}", t.name, pmu::kCpiStageNames[st], stack_line(pr.cpi[st]));
      // Method (b)'s stacks hold only proven blocks: those still in flight at the end are not
      // in them (docs/dev/pmu.md "Speculative per-block CPI counters").
      if (pr.wrong_path[0].spec_available)
        for (unsigned st = 0; st < pmu::kNumSpecStages; ++st)
          spdlog::info("{}: method (b) stack {}:{}", t.name, pmu::kCpiStageNames[st],
                       stack_line(pr.spec_cpi[st]));
    }
  }
  json_out = report::run_json(r, report::Symbolizer(elf), 50);
  return r;
}

int run(const RunOptions& o, SocEngine& engine) {
  const RunConfig built = built_model();
  const CheckedRun checked = check_run_options(o, built);
  const RunConfig& cfg = checked.cfg;
  bool suite = false;
  const std::vector<Target> targets = resolve(o, suite);
  // Every ELF is checked before anything runs, so bad input costs no simulation.
  for (const Target& t : targets) iss::read_elf(t.elf, iss::mmap::kRamBase, o.ram_size);

  // Every output is checked and its temporary file created before anything runs; they are
  // renamed into place together at the end (tb/app/outputs.h).
  OutputSet out;
  RunFiles files;
  if (o.json == "-") files.console = &std::cerr;  // stdout carries only the JSON
  std::string json_tmp, csv_tmp, plots_tmp;
  if (!o.json.empty()) json_tmp = out.add_file(o.json);
  if (!o.csv.empty()) csv_tmp = out.add_file(o.csv);
  if (!o.fst.empty()) files.fst = out.add_file(o.fst);
  if (!o.pipeview.empty()) files.pipeview = out.add_file(o.pipeview);
  if (!o.text_dir.empty()) {
    out.ensure_dir(o.text_dir);
    for (const Target& t : targets) out.add_file(o.text_dir + "/" + t.name + ".txt");
  }
  if (!o.plots.empty()) plots_tmp = out.add_dir(o.plots);
  // On a mismatch the waveform and pipeline trace are what one debugs it with: they are kept
  // (the reports are not written).
  auto keep_traces = [&] {
    if (!o.fst.empty()) out.keep(o.fst);
    if (!o.pipeview.empty()) out.keep(o.pipeview);
  };

  std::vector<report::Json> runs;
  int rc = exit_status::kOk;
  const report::TextOptions topt{.expand_all = o.tree == "all", .top = o.top};
  for (const Target& t : targets) {
    report::Json j;
    report::RunResult r;
    try {
      r = run_one(t, checked, o, suite, files, engine, j);
    } catch (const LockstepError& e) {
      keep_traces();
      spdlog::error("{}", e.what());
      return exit_status::kLockstep;
    } catch (const CrosscheckError& e) {
      keep_traces();
      spdlog::error("{}", e.what());
      return exit_status::kCrosscheck;
    } catch (const TrapLoopError& e) {
      keep_traces();
      spdlog::error("{}", e.what());
      return exit_status::kTrapLoop;
    } catch (const tb::RtlAssertion& e) {
      keep_traces();
      spdlog::error("{}: {}", t.name, e.what());
      return exit_status::kRtlAssertion;
    }
    const std::string text = report::render_run_text(j, topt);
    if (!suite) *files.console << '\n' << text << std::flush;
    if (!o.text_dir.empty()) out.write(o.text_dir + "/" + t.name + ".txt", text);
    if (r.status == "complete")
      spdlog::info("{}: exit {}, {} instructions, {} cycles, IPC {:.3f} ({:.0f} cycles/s{})", t.name,
                   r.exit_code, r.instructions, r.cycles,
                   r.cycles ? static_cast<double>(r.instructions) / static_cast<double>(r.cycles) : 0.0,
                   r.sim_seconds > 0 ? static_cast<double>(r.cycles) / r.sim_seconds : 0.0,
                   cfg.lockstep ? ", lockstep" : "");
    if (r.status != "complete") {
      spdlog::error("{}: no exit after {} cycles (report marked incomplete)", t.name, cfg.max_cycles);
      rc = exit_status::kLimit;
    } else if (suite && r.exit_code != t.expected_exit) {
      spdlog::error("{}: exit {}, expected {}", t.name, r.exit_code, t.expected_exit);
      rc = rc ? rc : exit_status::kProgramFailed;
    } else if (!suite && r.exit_code != 0) {
      // The program's value is reported (here and in the JSON), never passed through.
      spdlog::error("{}: program exit {} (status {})", t.name, r.exit_code,
                    exit_status::kProgramFailed);
      rc = rc ? rc : exit_status::kProgramFailed;
    }
    runs.push_back(std::move(j));
  }
  const report::Json doc = report::document(std::move(runs), suite);
  if (suite) *files.console << report::render_suite_text(doc) << std::flush;
  if (!o.json.empty()) out.write(o.json, doc.dump(1) + "\n");
  if (!o.csv.empty()) out.write(o.csv, report::render_csv(doc));
  if (!o.plots.empty()) {
    // An argument vector, no shell: no path is ever interpreted (tb/app/run_process.h).
    const std::vector<std::string> argv = {STACKSCOPE_PYTHON, STACKSCOPE_PLOTS_PY, json_tmp,
                                           "--out", plots_tmp};
    const int status = run_process(argv);
    check_interrupt();
    if (status != 0)
      throw std::runtime_error(
          fmt::format("plots: {} exited {} (no output written)", STACKSCOPE_PLOTS_PY, status));
  }
  check_interrupt();
  out.commit();
  return rc;
}

}  // namespace

CLI::App* add_run_command(CLI::App& app, int& exit_code, SocEngine* engine) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand(
      "run", "run a program (or the workload suite) on the Verilated SoC and report where its cycles went");
  add_run_options(cmd, *o, built_model());
  cmd->callback([o, &exit_code, engine] {
    NativeEngine native;
    exit_code = run(*o, engine ? *engine : native);
  });
  return cmd;
}

}  // namespace stackscope
