// `stackscope iss`: run an ELF (or the workload suite) on the instruction-set simulator.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "cli_options.h"
#include "commands.h"
#include "commit_log.h"
#include "exit_status.h"
#include "hart.h"
#include "interrupt.h"
#include "memory.h"
#include "trap_loop.h"

#ifndef STACKSCOPE_MANIFEST
#define STACKSCOPE_MANIFEST "sw/workloads.json"
#endif

namespace stackscope {
namespace {

namespace fs = std::filesystem;
using iss::CommitLog;
using iss::Hart;
using iss::Memory;

struct RunResult {
  uint64_t insns = 0;
  bool exited = false;
  int exit_code = 0;
  std::string trap_loop;  // non-empty: stopped in a trap loop (iss/trap_loop.h)
  double seconds = 0;
  double mips() const { return seconds > 0 ? static_cast<double>(insns) / seconds / 1e6 : 0; }
};

// The hart's ISA: --isa as given, or by default RV32IMF with C added when the ELF was built
// with C (its code would trap otherwise). An explicit ISA without C and an ELF with C
// disagree: refuse rather than trap on the first 16-bit instruction.
iss::IsaConfig isa_for(const std::string& path, const iss::ElfImage& elf, const std::string& isa) {
  iss::IsaConfig c = iss::IsaConfig::parse(isa.empty() ? "rv32imf" : isa);
  if (elf.rvc && !c.c) {
    if (!isa.empty())
      throw std::runtime_error(fmt::format(
          "{}: built with compressed instructions (e_flags RVC) but --isa {} has no C; use "
          "--isa {}c",
          path, isa, isa));
    c.c = true;
  }
  return c;
}

RunResult run_elf(const std::string& path, const IssOptions& o, uint64_t max_insns) {
  Memory mem(o.ram_size);
  const auto& elf = mem.load_elf(path);
  Hart hart(mem, elf.entry, isa_for(path, elf, o.isa));
  std::optional<CommitLog> log;
  if (!o.log_commits.empty()) log.emplace(o.log_commits);
  RunResult res;
  const auto t0 = std::chrono::steady_clock::now();
  // Steps are counted, not instructions: a trap loop that retires instructions must also
  // hit the limit. One with no progress stops at once.
  iss::TrapLoopDetector loop;
  auto run_steps = [&](auto&& on_record) {
    for (uint64_t steps = 0; steps < max_insns && !hart.exited(); ++steps) {
      const iss::CommitRecord r = hart.step();
      on_record(r);
      if (r.trap) {
        if (loop.step(true, r.cause, r.pc, r.tval)) {
          res.trap_loop = loop.message();
          return;
        }
      } else {
        loop.retired();
      }
      if ((steps & 0xFFFF) == 0) check_interrupt();
    }
  };
  if (log)
    run_steps([&](const iss::CommitRecord& r) { log->write(r); });
  else
    run_steps([](const iss::CommitRecord&) {});
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout.flush();
  res.insns = hart.instret();
  res.exited = hart.exited();
  res.exit_code = hart.exit_code();
  return res;
}

int run_single(const IssOptions& o) {
  const RunResult r = run_elf(o.prog, o, o.max_insns);
  if (!r.trap_loop.empty()) {
    spdlog::error("{}: {}", o.prog, r.trap_loop);
    return exit_status::kTrapLoop;
  }
  if (!r.exited) {
    spdlog::error("{}: no exit after {} instructions", o.prog, o.max_insns);
    return exit_status::kLimit;
  }
  if (r.exit_code != 0) {  // the value is reported, never passed through (exit_status.h)
    spdlog::error("{}: program exit {} (status {}), {} instructions", o.prog, r.exit_code,
                  exit_status::kProgramFailed, r.insns);
    return exit_status::kProgramFailed;
  }
  spdlog::info("{}: exit {}, {} instructions in {:.3f} s ({:.1f} MIPS)", o.prog, r.exit_code,
               r.insns, r.seconds, r.mips());
  return exit_status::kOk;
}

int run_suite(const IssOptions& o) {
  std::string manifest = o.manifest;
  if (manifest.empty())
    manifest = fs::exists(STACKSCOPE_MANIFEST) ? STACKSCOPE_MANIFEST : o.sw_dir + "/workloads.json";
  std::ifstream f(manifest);
  if (!f) throw std::runtime_error(manifest + ": cannot open workload manifest");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(f);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(manifest + ": malformed JSON: " + e.what());
  }
  struct Entry {
    std::string name, elf;
    int expected;
    uint64_t max_insns;
  };
  std::vector<Entry> entries;
  try {
    for (const char* group : {"workloads", "fp_workloads", "isa_tests"}) {
      if (!j.contains(group)) continue;
      for (const auto& w : j.at(group))
        entries.push_back({w.at("name").get<std::string>(), w.at("elf").get<std::string>(),
                           w.value("expected_exit", 0), w.value("max_insns", o.max_insns)});
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(manifest + ": bad manifest entry: " + e.what());
  }
  if (entries.empty()) throw std::runtime_error(manifest + ": no workloads listed");

  int failed = 0;
  std::string table = fmt::format("{:<24} {:>12} {:>5} {:>8} {:>6}  {}\n", "workload",
                                  "instructions", "exit", "MIPS", "result", "note");
  for (const auto& e : entries) {
    std::string note, result = "fail";
    RunResult r;
    try {
      r = run_elf(o.sw_dir + "/" + e.elf, o, e.max_insns);
      if (!r.trap_loop.empty())
        note = r.trap_loop;
      else if (!r.exited)
        note = fmt::format("no exit after {} instructions", e.max_insns);
      else if (r.exit_code != e.expected)
        note = fmt::format("expected exit {}", e.expected);
      else
        result = "pass";
    } catch (const Interrupted&) {
      throw;
    } catch (const std::exception& ex) {
      note = ex.what();
    }
    failed += result != "pass";
    const std::string exit_s = r.exited ? std::to_string(r.exit_code) : "-";
    table += fmt::format("{:<24} {:>12} {:>5} {:>8.1f} {:>6}  {}\n", e.name, r.insns, exit_s,
                         r.mips(), result, note);
  }
  std::cout << table << fmt::format("{} of {} passed\n", entries.size() - failed, entries.size());
  return failed ? exit_status::kProgramFailed : exit_status::kOk;
}

}  // namespace

void add_iss_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<IssOptions>();
  auto* cmd = app.add_subcommand("iss", "run an RV32IMF ELF (or the workload suite) on the ISS");
  add_iss_options(cmd, *o);
  cmd->callback([o, &exit_code] {
    if (o->suite || o->prog == "suite") {
      exit_code = run_suite(*o);
    } else {
      check_iss_options(*o);
      exit_code = run_single(*o);
    }
  });
}

}  // namespace stackscope
