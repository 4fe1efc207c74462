#include "run_checks.h"

#include <fmt/format.h>

#include "htif.h"

namespace stackscope {

PmuWatch::PmuWatch(std::string name, tb::SocSim& sim, tb::PmuCheck* check,
                   report::Collector& collector, std::string fst_hint)
    : name_(std::move(name)), fst_hint_(std::move(fst_hint)), sim_(sim), check_(check),
      collector_(collector) {
  if (check_) sim_.read_pmu(regs_);
}

void PmuWatch::before_tick() {
  if (!check_) return;
  if (auto w = check_->debug_write(sim_.cycle(), regs_)) sim_.set_pmu_debug_write(*w);
  if (auto t = check_->debug_target(sim_.cycle() + 1)) sim_.announce_pmu_debug_write(*t);
}

void PmuWatch::after_tick() {
  collector_.step(pmu::unpack(sim_.pmu_inputs().probe));
  if (!check_) return;
  sim_.read_pmu(regs_);
  if (const std::string d = check_->step(sim_.cycle() - 1, sim_.pmu_inputs(), sim_.commits(), regs_);
      !d.empty())
    throw CrosscheckError(fmt::format("{}: PMU cross-check: {}{}", name_, d,
                                      fst_hint_.empty() ? "" : " (waveform: " + fst_hint_ + ")"));
}

CommitWatch::CommitWatch(std::string name, const tb::SocSim& sim, const iss::Memory& mem,
                         tb::Lockstep* lockstep, uint32_t tohost)
    : name_(std::move(name)), sim_(sim), mem_(mem), lockstep_(lockstep), tohost_(tohost) {}

void CommitWatch::step(std::span<const tb::RtlCommit> commits, uint64_t cycle) {
  // The HTIF exit store commits first and reaches memory later, from the store buffer: the
  // run ends when memory has seen it. Records committed after the exit store are counted (the
  // PMU counts them too) but not checked: the ISS stopped at the exit.
  for (const tb::RtlCommit& c : commits) {
    if (!c.trap) ++retired_;
    if (exit_committed_) continue;
    if (lockstep_) {
      if (const std::string diff = lockstep_->step(c, cycle); !diff.empty())
        throw LockstepError(fmt::format("{}: lockstep mismatch at cycle {}: {}", name_, cycle, diff));
    }
    // The ISS names the trap's tval; without lockstep only cause and pc are compared.
    if (trap_loop_.step(c.trap, c.cause, c.pc,
                        lockstep_ ? std::optional<uint32_t>(lockstep_->last().tval) : std::nullopt))
      throw TrapLoopError(name_ + ": " + trap_loop_.message());
    // The one HTIF rule (iss/htif.h), as the ISS applies it in Memory::store.
    exit_committed_ = c.mem_we && iss::htif::is_exit_store(c.mem_addr, c.mem_wdata, tohost_);
  }
}

iss::Memory& NativeEngine::new_memory(uint32_t ram_size, unsigned /*mem_latency*/) { return mem_.emplace(ram_size); }

bool NativeEngine::run(tb::SocSim& sim, const RunWatch& w) {
  while (!w.commits.done()) {
    w.before_cycle(sim.cycle());
    if (sim.cycle() >= w.max_cycles) return false;
    w.pmu.before_tick();
    sim.tick();
    w.pmu.after_tick();
    w.commits.step(sim.commits(), sim.cycle());
  }
  return true;
}

}  // namespace stackscope
