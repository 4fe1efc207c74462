#include "hart.h"

#include <bit>
#include <stdexcept>

namespace stackscope::iss {

IsaConfig IsaConfig::parse(const std::string& name) {
  if (name == "rv32im") return IsaConfig{};
  if (name == "rv32imf") return IsaConfig{.f = true};
  throw std::runtime_error("unknown ISA '" + name + "' (rv32im or rv32imf)");
}

Hart::Hart(Memory& mem, uint32_t reset_pc, IsaConfig isa)
    : mem_(mem), isa_(isa), cache_(std::make_unique<decoded_t[]>(size_t{1} << kCacheBits)) {
  s_.pc = reset_pc;
  if (isa.f) s_.csrs.enable_f();  // mstatus.FS resets to Initial: F usable at once
}

CommitRecord Hart::step() {
  if (exited()) throw std::logic_error("Hart::step() after the program exited");
  CommitRecord r;
  r.pc = s_.pc;
  Csrs& c = s_.csrs;
  if (irqs_from_clint_) {
    const clint_t& cl = mem_.clint();
    set_line(mip::kMtip, cl.mtime >= cl.mtimecmp);
    set_line(mip::kMsip, cl.msip & 1);
  }
  if (const uint32_t pending = c.mip & c.mie;
      pending && (c.mstatus & mstatus::kMie) && !irqs_held_) {
    // Priority from the privileged spec 3.1.9 (MEI > MSI > MTI), LCOFI last (Sscofpmf).
    const uint32_t code = pending & mip::kMeip   ? cause::kIrqMExt
                          : pending & mip::kMsip ? cause::kIrqMSoft
                          : pending & mip::kMtip ? cause::kIrqMTimer
                                                 : cause::kIrqLcof;
    take_trap(r, cause::kInterrupt | code, 0);
    count(false);
    return r;
  }
  uint32_t insn;
  if (!mem_.fetch(s_.pc, insn)) {
    take_trap(r, cause::kFetchAccess, s_.pc);
    count(false);
    return r;
  }
  r.insn = insn;
  decoded_t& d = cache_[(s_.pc >> 2) & ((1u << kCacheBits) - 1)];
  if (d.bits != insn) d = decode(insn);  // decode depends on the bits only: they are the tag
  c.minstret_written = c.mcycle_written = false;
  r.next_pc = s_.pc + 4;
  if (execute(d, r)) {
    s_.pc = r.next_pc;
    last_rd_ = r.rd_written ? r.rd : 0;
    count(true);
  } else {
    take_trap(r, trap_cause_, trap_tval_);
    count(false);
  }
  return r;
}

void Hart::take_trap(CommitRecord& r, uint32_t cause, uint32_t tval) {
  Csrs& c = s_.csrs;
  r.trap = true;
  r.cause = cause;
  r.tval = tval;
  r.rd_written = r.mem_read = r.mem_write = r.csr_counter_read = r.frd_written = false;
  last_rd_ = 0;
  c.mepc = s_.pc;
  c.mcause = cause;
  c.mtval = tval;
  c.mstatus = (c.mstatus & ~(mstatus::kMie | mstatus::kMpie)) |
              ((c.mstatus & mstatus::kMie) ? mstatus::kMpie : 0);
  const uint32_t base = c.mtvec & ~3u;
  const bool vectored = (c.mtvec & 3) == 1 && (cause & cause::kInterrupt);
  s_.pc = vectored ? base + 4 * (cause & ~cause::kInterrupt) : base;
  r.next_pc = s_.pc;
}

void Hart::count(bool retired) {
  Csrs& c = s_.csrs;
  if (!retired) return;
  ++retired_;
  if (!(c.mcountinhibit & 4) && !c.minstret_written) ++c.minstret;
  // Standalone: one cycle per instruction, and mtime counts instructions too.
  if (!cycle_from_rtl_) {
    if (!(c.mcountinhibit & 1) && !c.mcycle_written) ++c.mcycle;
    ++mem_.clint().mtime;
  }
}

void Hart::override_rd(uint32_t value) {
  if (last_rd_ != 0) s_.x[last_rd_] = value;
}

void Hart::set_cycle(uint64_t cycle) {
  cycle_from_rtl_ = true;
  s_.csrs.mcycle = cycle;
}

}  // namespace stackscope::iss
