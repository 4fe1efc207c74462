#include "hart.h"

#include <array>
#include <bit>
#include <stdexcept>

namespace stackscope::iss {

namespace {
// Indexed by f + 2 * c; the canonical extension order of the ISA manual puts C after F.
constexpr std::array<const char*, 4> kIsaNames = {"rv32im", "rv32imf", "rv32imc", "rv32imfc"};
}  // namespace

IsaConfig IsaConfig::parse(const std::string& name) {
  for (unsigned i = 0; i < kIsaNames.size(); ++i)
    if (name == kIsaNames[i]) return IsaConfig{.f = (i & 1) != 0, .c = (i & 2) != 0};
  throw std::runtime_error("unknown ISA '" + name + "' (rv32im, rv32imf, rv32imc or rv32imfc)");
}

const char* IsaConfig::name() const { return kIsaNames[(f ? 1 : 0) + (c ? 2 : 0)]; }

Hart::Hart(Memory& mem, uint32_t reset_pc, IsaConfig isa)
    : mem_(mem),
      isa_(isa),
      misaligned_mask_(isa.c ? 1 : 3),
      cache_shift_(isa.c ? 1 : 2),
      cache_(std::make_unique<decoded_t[]>(size_t{1} << kCacheBits)) {
  s_.pc = reset_pc;
  if (isa.f) s_.csrs.enable_f();  // mstatus.FS resets to Initial: F usable at once
  if (isa.c) s_.csrs.enable_c();
}

bool Hart::fetch(uint32_t& insn, uint32_t& fault) const {
  const uint32_t pc = s_.pc;
  if (mem_.fetch(pc, insn)) {  // all 4 bytes readable: the common case
    if (isa_.c && is_compressed(insn)) insn &= 0xffff;
    return true;
  }
  fault = pc;
  if (!isa_.c) return false;
  // With C the instruction may be a 16-bit one in the last halfword of RAM, or a 32-bit one
  // whose second half is not executable: the privileged spec has mtval name the portion
  // that faulted (mepc stays the instruction's address).
  uint16_t lo, hi;
  if (!mem_.fetch16(pc, lo)) return false;
  if (is_compressed(lo)) return insn = lo, true;
  fault = pc + 2;
  if (!mem_.fetch16(pc + 2, hi)) return false;
  insn = uint32_t{hi} << 16 | lo;
  return true;
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
  uint32_t insn, fault;
  if (!fetch(insn, fault)) {
    take_trap(r, cause::kFetchAccess, fault);
    count(false);
    return r;
  }
  r.insn = insn;
  decoded_t& d = cache_[(s_.pc >> cache_shift_) & ((1u << kCacheBits) - 1)];
  // Decode depends on the bits (and the hart's fixed ISA) only: they are the tag. A 16-bit
  // instruction's tag is below 2^16 with low bits != 0b11, so it never equals a 32-bit one.
  if (d.bits != insn)
    d = isa_.c && is_compressed(insn) ? decode_compressed(static_cast<uint16_t>(insn))
                                      : decode(insn);
  c.minstret_written = c.mcycle_written = false;
  r.next_pc = s_.pc + d.len;
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
