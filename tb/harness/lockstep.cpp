#include "lockstep.h"

#include <fmt/format.h>

namespace stackscope::tb {

std::string to_string(const RtlCommit& c) {
  std::string s = fmt::format("pc={:08x} insn={:08x}", c.pc, c.insn);
  if (c.trap) s += fmt::format(" trap cause={:08x}", c.cause);
  if (c.rd_we) s += fmt::format(" {}{}={:08x}", c.rd_fp ? 'f' : 'x', c.rd, c.rd_wdata);
  s += fmt::format(" fflags={:02x}", c.fflags);
  if (c.mem_we) s += fmt::format(" store[{:08x}]/{}={:08x}", c.mem_addr, c.mem_size, c.mem_wdata);
  return s;
}

namespace {
// CSRs only the RTL's PMU knows: counters (they count cycles and events), mhpmevent(h)
// (hardware sets OF; WARL fields and the events beyond mhpmevent6 read 0), and the custom
// PMU CSRs. A read of one is adopted from the RTL (as Spike/RVFI flows do for counters);
// tb/harness/pmu_check compares it with the golden PMU model instead.
bool pmu_owned_read(uint32_t insn) {
  const uint32_t funct3 = (insn >> 12) & 7;
  if ((insn & 0x7f) != 0x73 || funct3 == 0 || funct3 == 4) return false;
  const unsigned a = insn >> 20;
  return iss::Csrs::is_counter(a) || iss::Csrs::is_pmu_custom(a) ||
         (a >= iss::csr::kMhpmevent3 && a <= iss::csr::kMhpmevent31) ||
         (a >= iss::csr::kMhpmeventh3 && a <= iss::csr::kMhpmeventh31);
}

std::string iss_string(const iss::CommitRecord& r, uint32_t fflags) {
  std::string s = fmt::format("pc={:08x} insn={:08x}", r.pc, r.insn);
  if (r.trap) s += fmt::format(" trap cause={:08x}", r.cause);
  if (r.rd_written) s += fmt::format(" x{}={:08x}", r.rd, r.rd_value);
  if (r.frd_written) s += fmt::format(" f{}={:08x}", r.frd, r.frd_value);
  s += fmt::format(" fflags={:02x}", fflags);
  if (r.mem_write)
    s += fmt::format(" store[{:08x}]/{}={:08x}", r.mem_addr, r.mem_size, r.mem_wdata);
  return s;
}
}  // namespace

Lockstep::Lockstep(const std::string& elf, uint32_t ram_size)
    : mem_(ram_size), hart_(mem_, mem_.load_elf(elf).entry, iss::IsaConfig{.f = true}) {
  mem_.set_console(&null_console_);
  hart_.drive_irqs_from_clint(false);  // the RTL's CLINT decides when interrupts are taken
  hart_.set_cycle(0);                  // mcycle reads come from the RTL
}

std::string Lockstep::step(const RtlCommit& c, uint64_t cycle) {
  if (hart_.exited()) return "RTL committed after the ISS exited: rtl " + to_string(c);
  hart_.set_external_irq(c.irq_mip & iss::mip::kMeip);
  hart_.set_timer_irq(c.irq_mip & iss::mip::kMtip);
  hart_.set_software_irq(c.irq_mip & iss::mip::kMsip);
  hart_.set_lcof_irq(c.irq_mip & iss::mip::kLcofip);  // raised by the RTL's PMU
  // The ISS takes an interrupt only where the RTL does (see irq_deferred_cycle_).
  const bool rtl_irq = c.trap && (c.cause & iss::cause::kInterrupt);
  const bool iss_irq = hart_.irq_pending();
  hart_.hold_irqs(!rtl_irq);
  iss::CommitRecord r = hart_.step();
  // Counters (mcycle, mhpmcounter*, time, CLINT mtime) count cycles in the RTL, and the PMU
  // owns its CSRs: adopt their values.
  if ((r.csr_counter_read || (!r.trap && pmu_owned_read(r.insn))) && r.rd_written && c.rd_we &&
      !c.rd_fp && c.rd == r.rd) {
    hart_.override_rd(c.rd_wdata);
    r.rd_value = c.rd_wdata;
  }
  last_ = r;
  if (!rtl_irq && iss_irq) {
    // An operation the RTL performs at the ROB head (fence.i, an access outside RAM: CLINT,
    // console) finishes before any interrupt, and its own effect can raise one.
    const bool head_op = (r.insn & 0x707f) == 0x100f ||
                         ((r.mem_read || r.mem_write) && !mem_.in_ram(r.mem_addr, 1));
    if (irq_deferred_cycle_ && *irq_deferred_cycle_ != cycle && !head_op)
      return fmt::format("rtl {} | iss: interrupt pending and enabled since cycle {} (mip {:08x}, "
                         "mie {:08x}) and the RTL did not take it",
                         to_string(c), *irq_deferred_cycle_, hart_.csrs().mip, hart_.csrs().mie);
    if (!irq_deferred_cycle_ || head_op) irq_deferred_cycle_ = cycle;
  } else {
    irq_deferred_cycle_.reset();
  }
  const uint32_t iss_fflags = hart_.csrs().fflags;
  bool same = r.pc == c.pc && r.insn == c.insn && r.trap == c.trap && iss_fflags == c.fflags;
  if (same && r.trap) same = r.cause == c.cause;
  if (same && !r.trap) {
    // An instruction writes an x or an f register, never both (RV32F has no such op).
    const bool x_ok = r.rd_written == (c.rd_we && !c.rd_fp) &&
                      (!r.rd_written || (r.rd == c.rd && r.rd_value == c.rd_wdata));
    const bool f_ok = r.frd_written == (c.rd_we && c.rd_fp) &&
                      (!r.frd_written || (r.frd == c.rd && r.frd_value == c.rd_wdata));
    same = x_ok && f_ok &&
           r.mem_write == c.mem_we &&
           (!c.mem_we || (r.mem_addr == c.mem_addr && r.mem_size == c.mem_size &&
                          r.mem_wdata == c.mem_wdata));
  }
  if (same) return {};
  return fmt::format("rtl {} | iss {}", to_string(c), iss_string(r, iss_fflags));
}

}  // namespace stackscope::tb
