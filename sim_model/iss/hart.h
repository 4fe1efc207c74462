// One RV32IM(F)(C) machine-mode hart: architectural state plus step(), which retires one
// instruction or takes one trap and reports it as a CommitRecord (the lockstep contract).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "csr.h"
#include "decode.h"
#include "memory.h"

namespace stackscope::iss {

struct CommitRecord {  // one per retired instruction or trap
  // insn: the instruction as fetched; a 16-bit (RVC) one zero-extended, so its length is
  // is_compressed(insn) ? 2 : 4 (decode.h).
  uint32_t pc = 0, insn = 0;
  bool trap = false;  // trap taken instead of retiring (interrupts too; insn = 0 for those)
  uint32_t cause = 0, tval = 0;
  bool rd_written = false;  // false for x0 and for instructions without rd
  uint8_t rd = 0;
  uint32_t rd_value = 0;
  bool mem_read = false;
  uint32_t mem_addr = 0;
  uint8_t mem_size = 0;  // bytes
  bool mem_write = false;
  uint32_t mem_wdata = 0;         // store data, masked to mem_size
  bool csr_counter_read = false;  // rd came from a counter CSR or CLINT mtime: lockstep overrides
  uint32_t next_pc = 0;
  bool frd_written = false;  // RV32F: an f register was written (never with rd_written)
  uint8_t frd = 0;
  uint32_t frd_value = 0;
};

// The ISA the hart implements. Default RV32IM (F instructions trap); the RTL core is RV32IMF,
// so the lockstep ISS (tb/harness/lockstep.cpp) and `stackscope iss` (--isa rv32imf, its
// default) turn F on. C is off unless asked for: the RTL core has no compressed
// instructions, and the lockstep compares misa.
struct IsaConfig {
  bool f = false;  // RV32F: f registers, fcsr, misa.F, mstatus.FS
  bool c = false;  // RV32C (+ RV32FC with f): 16-bit instructions, IALIGN = 16, misa.C
  // "rv32im", "rv32imf", "rv32imc" or "rv32imfc"; throws std::runtime_error otherwise.
  static IsaConfig parse(const std::string& name);
  const char* name() const;
};

struct state_t {
  uint32_t pc = 0;
  std::array<uint32_t, 32> x{};  // x[0] stays 0: writes to it are dropped
  std::array<uint32_t, 32> f{};  // RV32F registers (binary32 bits; no NaN boxing on RV32)
  Csrs csrs;                      // fflags/frm live here
};

class Hart {
 public:
  Hart(Memory& mem, uint32_t reset_pc, IsaConfig isa = {});
  IsaConfig isa() const { return isa_; }

  CommitRecord step();  // one instruction or one trap entry; not after exited()
  bool exited() const { return mem_.exited(); }
  int exit_code() const { return mem_.exit_code(); }
  uint64_t instret() const { return retired_; }  // retired count, independent of minstret

  // Interrupt lines. By default MTIP/MSIP follow the CLINT (standalone runs); a lockstep
  // harness calls drive_irqs_from_clint(false) and sets the lines when the RTL takes them.
  void set_external_irq(bool level) { set_line(mip::kMeip, level); }
  void set_timer_irq(bool level) { set_line(mip::kMtip, level); }
  void set_software_irq(bool level) { set_line(mip::kMsip, level); }
  void set_lcof_irq(bool level) { set_line(mip::kLcofip, level); }
  void drive_irqs_from_clint(bool on) { irqs_from_clint_ = on; }
  // Whether an enabled pending interrupt would be taken by the next step().
  bool irq_pending() const {
    return (s_.csrs.mip & s_.csrs.mie) && (s_.csrs.mstatus & mstatus::kMie);
  }
  // Lockstep: while held, step() takes no interrupt (the RTL decides the boundary).
  void hold_irqs(bool on) { irqs_held_ = on; }

  // Lockstep: adopt the RTL's value for the last record's rd (counter reads).
  void override_rd(uint32_t value);
  // Lockstep: from now on mcycle follows the RTL (no more +1 per instruction).
  void set_cycle(uint64_t cycle);

  uint32_t reg(unsigned i) const { return s_.x[i & 31]; }
  void set_reg(unsigned i, uint32_t v) {
    if (i & 31) s_.x[i & 31] = v;
  }
  uint32_t freg(unsigned i) const { return s_.f[i & 31]; }
  void set_freg(unsigned i, uint32_t v) { s_.f[i & 31] = v; }
  uint32_t pc() const { return s_.pc; }
  void set_pc(uint32_t pc) { s_.pc = pc; }  // tests
  Csrs& csrs() { return s_.csrs; }
  const Csrs& csrs() const { return s_.csrs; }
  Memory& memory() { return mem_; }

 private:
  static constexpr unsigned kCacheBits = 16;  // decoded-instruction cache, direct mapped by pc

  // The instruction at pc: 4 bytes, or with C a 16-bit one (zero-extended). false: access
  // fault at `fault`, the address of the part that faulted (pc + 2 for the second half).
  bool fetch(uint32_t& insn, uint32_t& fault) const;
  bool execute(const decoded_t& d, CommitRecord& r);  // false: trap (trap_cause_/tval_ set)
  bool raise(uint32_t cause, uint32_t tval) {
    trap_cause_ = cause;
    trap_tval_ = tval;
    return false;
  }
  void take_trap(CommitRecord& r, uint32_t cause, uint32_t tval);
  bool jump(uint32_t target, CommitRecord& r);
  template <class T>
  bool load(uint32_t addr, CommitRecord& r, uint32_t& value);
  template <class T>
  bool store(uint32_t addr, T value, CommitRecord& r);
  bool csr_op(const decoded_t& d, CommitRecord& r);
  bool execute_fp(const decoded_t& d, CommitRecord& r);  // execute_fp.cpp
  void write_frd(CommitRecord& r, unsigned rd, uint32_t v) {
    s_.f[rd] = v;
    s_.csrs.set_fs_dirty();
    r.frd_written = true;
    r.frd = static_cast<uint8_t>(rd);
    r.frd_value = v;
  }
  void write_rd(CommitRecord& r, unsigned rd, uint32_t v) {
    if (rd == 0) return;
    s_.x[rd] = v;
    r.rd_written = true;
    r.rd = static_cast<uint8_t>(rd);
    r.rd_value = v;
  }
  void set_line(uint32_t bit, bool level) {
    s_.csrs.mip = level ? s_.csrs.mip | bit : s_.csrs.mip & ~bit;
  }
  void count(bool retired);

  Memory& mem_;
  IsaConfig isa_;
  uint32_t misaligned_mask_;  // jump targets with these bits set trap (IALIGN 32: 3, 16: 1)
  unsigned cache_shift_;      // pc bits below the cache index (2, or 1 with C)
  state_t s_;
  std::unique_ptr<decoded_t[]> cache_;
  uint64_t retired_ = 0;
  bool irqs_from_clint_ = true;
  bool irqs_held_ = false;
  bool cycle_from_rtl_ = false;
  uint32_t trap_cause_ = 0, trap_tval_ = 0;
  uint8_t last_rd_ = 0;
};

}  // namespace stackscope::iss
