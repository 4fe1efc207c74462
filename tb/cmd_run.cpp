// `stackscope run PROG.elf`: the Verilated SoC running a program, checked instruction by
// instruction against the ISS (lockstep) unless --no-lockstep.
#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>

#include "commands.h"
#include "lockstep.h"
#include "memory.h"
#include "pmu_check.h"
#include "soc_sim.h"

namespace stackscope {

namespace {

struct RunOptions {
  std::string prog;
  uint64_t max_cycles = 20'000'000;
  uint32_t ram_size = iss::mmap::kDefaultRamSize;
  unsigned mem_latency = 20, mem_bandwidth = 8, mem_outstanding = 4;
  bool perfect_l1i = false, perfect_l1d = false, perfect_bp = false, fast_alu = false;
  bool no_lockstep = false;
  bool no_check = false;  // PMU cross-check (tb/pmu_check) is on by default
  std::string mutate;     // COUNTER@CYCLE (test-only)
  std::string fst;
};

int run(const RunOptions& o) {
  iss::Memory mem(o.ram_size);
  const iss::ElfImage& elf = mem.load_elf(o.prog);
  std::optional<tb::Lockstep> lockstep;
  if (!o.no_lockstep) lockstep.emplace(o.prog, o.ram_size);

  tb::SocConfig cfg;
  cfg.mem.latency = o.mem_latency;
  cfg.mem.bandwidth = o.mem_bandwidth;
  cfg.mem.outstanding = o.mem_outstanding;
  cfg.mem.perfect_l1i = o.perfect_l1i;
  cfg.mem.perfect_l1d = o.perfect_l1d;
  cfg.fast_alu = o.fast_alu;
  cfg.fst = o.fst;
  tb::SocSim sim(mem, elf.entry, cfg);
  std::optional<tb::PmuCheck> check;
  if (!o.no_check) {
    std::optional<tb::PmuMutation> mutation;
    if (!o.mutate.empty()) mutation = tb::parse_pmu_mutation(o.mutate);
    check.emplace(sim.pmu_model_config(), mutation);
  }
  tb::PmuRegs pmu_regs;
  if (check) sim.read_pmu(pmu_regs);

  const auto t0 = std::chrono::steady_clock::now();
  uint64_t retired = 0;
  bool done = false;
  while (!done) {
    if (sim.cycle() >= o.max_cycles) {
      spdlog::error("{}: no exit after {} cycles", o.prog, o.max_cycles);
      return 3;
    }
    if (check) {
      if (auto w = check->debug_write(sim.cycle(), pmu_regs)) sim.set_pmu_debug_write(*w);
    }
    const tb::RtlCommit c = sim.tick();
    if (check) {
      sim.read_pmu(pmu_regs);
      if (const std::string d = check->step(sim.cycle() - 1, sim.pmu_inputs(), c, pmu_regs);
          !d.empty()) {
        spdlog::error("{}: PMU cross-check: {}{}", o.prog, d,
                      o.fst.empty() ? "" : " (waveform: " + o.fst + ")");
        return 5;
      }
    }
    if (!c.valid) continue;
    if (!c.trap) ++retired;
    spdlog::trace("{} {}", sim.cycle(), tb::to_string(c));
    if (lockstep) {
      if (const std::string diff = lockstep->step(c); !diff.empty()) {
        spdlog::error("{}: lockstep mismatch at cycle {}: {}", o.prog, sim.cycle(), diff);
        return 4;
      }
    }
    // The HTIF store took effect at its request; the program ends when it commits.
    done = mem.exited() && c.mem_we;
  }
  if (lockstep && !lockstep->exited()) {
    spdlog::error("{}: RTL exited but the ISS did not", o.prog);
    return 4;
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const uint64_t cycles = sim.cycle();
  spdlog::info("{}: exit {}, {} instructions, {} cycles, IPC {:.3f} ({:.0f} cycles/s{}{})",
               o.prog, mem.exit_code(), retired, cycles,
               static_cast<double>(retired) / static_cast<double>(cycles),
               static_cast<double>(cycles) / secs, lockstep ? ", lockstep" : "",
               check ? ", PMU cross-check" : "");
  if (check) {
    const tb::PmuRunResults r = check->results();
    spdlog::info("{}: PMU: {} registers matched every cycle, {} PMU CSR reads checked, "
                 "{} TIP samples (profile error vs oracle: TIP {:.1f}%, NCI {:.1f}%)",
                 o.prog, tb::kNumCpiRegs + pmu::kNumTdCounters + pmu::kNumFlopsComps +
                             tb::kNumTipRegs + tb::kNumCsrRegs,
                 r.csr_reads_checked, r.tip_samples, 100 * r.tip_error, 100 * r.nci_error);
    const tb::WrongPathError& wp = r.wrong_path[0];
    spdlog::info("{}: wrong path at dispatch: oracle bpred {} slots, simple method (a) {} "
                 "slots, error {:.4f} of all slots",
                 o.prog, wp.oracle_bpred, wp.simple_bpred, wp.simple_error);
    // One line per CPI-stack stage in slots (W = 1 here: cycles), for tests and scripts.
    for (unsigned st = 0; st < pmu::kNumCpiStages; ++st) {
      std::string line;
      for (unsigned k = 0; k < pmu::kNumCpiComps; ++k)
        line += fmt::format(" {}={}", pmu::kCpiCompNames[k], r.cpi[st][k]);
      spdlog::info("{}: CPI stack {}:{}", o.prog, pmu::kCpiStageNames[st], line);
    }
  }
  return mem.exit_code();
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "run an ELF on the Verilated SoC (lockstep with the ISS)");
  cmd->add_option("prog", o->prog, "RV32IM ELF to run")->required();
  cmd->add_option("--max-cycles", o->max_cycles, "cycle limit (reaching it: exit 3)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--ram-size", o->ram_size, "RAM bytes at 0x80000000")->check(CLI::PositiveNumber);
  cmd->add_option("--mem-latency", o->mem_latency, "main-memory latency in cycles")
      ->check(CLI::Range(1u, 100000u));
  cmd->add_option("--mem-bandwidth", o->mem_bandwidth, "main-memory bytes per cycle (line port)")
      ->check(CLI::Range(1u, 1024u));
  cmd->add_option("--mem-outstanding", o->mem_outstanding, "line requests in flight at most")
      ->check(CLI::Range(1u, 64u));
  cmd->add_flag("--perfect-l1i", o->perfect_l1i, "every instruction fetch hits the L1I (1 cycle)");
  cmd->add_flag("--perfect-l1d", o->perfect_l1d, "every RAM data access hits the L1D (1 cycle)");
  cmd->add_flag("--perfect-bp", o->perfect_bp,
                "perfect branch prediction (the step-0 core never speculates: no effect)");
  cmd->add_flag("--fast-alu", o->fast_alu, "1-cycle multiply and divide");
  cmd->add_flag("--no-lockstep", o->no_lockstep, "do not check commits against the ISS");
  cmd->add_option("--fst", o->fst, "write an FST waveform to FILE");
  cmd->add_flag("--no-check", o->no_check,
                "do not cross-check the PMU against its golden model every cycle");
  cmd->add_option("--mutate", o->mutate,
                  "test only: corrupt PMU register NAME by one at CYCLE (NAME@CYCLE); the "
                  "cross-check must stop with exit 5");
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace stackscope
