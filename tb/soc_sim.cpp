#include "soc_sim.h"

#include <verilated.h>
#include <verilated_fst_c.h>

#include <fstream>
#include <stdexcept>

#include SOC_MODEL_HEADER
#include "mem_ports.h"

namespace stackscope::tb {

namespace {
// Bits [lo, lo+width) of a Verilator wide signal (width <= 32).
template <class W>
uint32_t bits(const W& w, unsigned lo, unsigned width) {
  uint64_t v = w[lo / 32];
  if (lo % 32 + width > 32) v |= static_cast<uint64_t>(w[lo / 32 + 1]) << 32;
  v >>= lo % 32;
  return static_cast<uint32_t>(width == 32 ? v : v & ((1ull << width) - 1));
}

// core_pkg::commit_t is 236 bits; commit_o packs CommitWidth of them, slot 0 (the oldest)
// at the LSB. Field offsets LSB first (a packed struct's last field is its LSB).
constexpr unsigned kCommitBits = 236;
template <class W>
RtlCommit decode_commit(const W& w, unsigned base) {
  RtlCommit c;
  c.irq_mip = bits(w, base + 0, 32);
  c.mem_size = bits(w, base + 32, 3);
  c.mem_wdata = bits(w, base + 35, 32);
  c.mem_addr = bits(w, base + 67, 32);
  c.mem_we = bits(w, base + 99, 1);
  c.rd_wdata = bits(w, base + 100, 32);
  c.rd = static_cast<uint8_t>(bits(w, base + 132, 5));
  c.rd_we = bits(w, base + 137, 1);
  c.cause = bits(w, base + 138, 32);
  c.trap = bits(w, base + 170, 1);
  c.insn = bits(w, base + 171, 32);
  c.pc = bits(w, base + 203, 32);
  c.valid = bits(w, base + 235, 1);
  return c;
}
// CommitWidth from the width of the Verilated port (whole 32-bit words).
template <class W>
constexpr unsigned commit_width(const W&) {
  return static_cast<unsigned>(sizeof(W) / sizeof(uint32_t) * 32 / kCommitBits);
}
}  // namespace

SocSim::SocSim(iss::Memory& mem, uint32_t boot_addr, const SocConfig& cfg)
    : ctx_(std::make_unique<VerilatedContext>()), mem_(mem, cfg.mem) {
  ctx_->traceEverOn(!cfg.fst.empty());
  top_ = std::make_unique<SOC_MODEL>(ctx_.get(), "soc");
  if (!cfg.fst.empty()) {
    // The FST writer does not report an unwritable path, so probe it first.
    if (!std::ofstream(cfg.fst)) throw std::runtime_error(cfg.fst + ": cannot open for writing");
    fst_ = std::make_unique<VerilatedFstC>();
    top_->trace(fst_.get(), 99);
    fst_->open(cfg.fst.c_str());
  }
  top_->boot_addr_i = boot_addr;
  top_->tohost_addr_i = mem.elf() ? mem.elf()->tohost : 0;
  top_->fast_alu_i = cfg.fast_alu;
  top_->perfect_l1i_i = cfg.mem.perfect_l1i;
  top_->perfect_l1d_i = cfg.mem.perfect_l1d;
  top_->perfect_bp_i = cfg.perfect_bp;
  top_->line_rvalid_i = 0;
  top_->pi_rvalid_i = 0;
  top_->pd_rvalid_i = 0;
  top_->meip_i = 0;
  top_->lcofi_i = 0;
  top_->mem_rvalid_i = 0;
  // An explicit falling edge on rst_ni (the flops reset asynchronously), held over two
  // clock edges.
  top_->clk_i = 0;
  top_->rst_ni = 1;
  eval_dump();
  top_->rst_ni = 0;
  eval_dump();
  for (int i = 0; i < 2; ++i) {
    top_->clk_i = 1;
    eval_dump();
    top_->clk_i = 0;
    eval_dump();
  }
  top_->rst_ni = 1;
  eval_dump();
}

SocSim::~SocSim() {
  top_->final();
  if (fst_) fst_->close();
}

void SocSim::eval_dump() {
  top_->eval();
  if (fst_) fst_->dump(ctx_->time());
  ctx_->timeInc(1);
}

const std::vector<RtlCommit>& SocSim::tick() {
  // Cycle `cycle_`: its memory answers are already driven; settle, then serve the requests
  // the SoC shows in it (consumed by the coming edge).
  top_->clk_i = 0;
  eval_dump();
  serve_requests(*top_, mem_, cycle_);
  top_->clk_i = 1;
  eval_dump();
  commits_.clear();
  for (unsigned k = 0; k < commit_width(top_->commit_o); ++k) {
    const RtlCommit c = decode_commit(top_->commit_o, k * kCommitBits);
    if (c.valid) commits_.push_back(c);
  }
  ++cycle_;
  drive_answers(*top_, mem_, cycle_);
  return commits_;
}

}  // namespace stackscope::tb
