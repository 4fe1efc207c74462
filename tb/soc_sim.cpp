#include "soc_sim.h"

#include <verilated.h>
#include <verilated_fst_c.h>

#include <fstream>
#include <stdexcept>

#include "Vsoc_top.h"

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

// Field offsets of core_pkg::commit_t, LSB first (a packed struct's last field is its LSB).
RtlCommit decode_commit(const VlWide<8>& w) {
  RtlCommit c;
  c.irq_mip = bits(w, 0, 32);
  c.mem_size = bits(w, 32, 3);
  c.mem_wdata = bits(w, 35, 32);
  c.mem_addr = bits(w, 67, 32);
  c.mem_we = bits(w, 99, 1);
  c.rd_wdata = bits(w, 100, 32);
  c.rd = static_cast<uint8_t>(bits(w, 132, 5));
  c.rd_we = bits(w, 137, 1);
  c.cause = bits(w, 138, 32);
  c.trap = bits(w, 170, 1);
  c.insn = bits(w, 171, 32);
  c.pc = bits(w, 203, 32);
  c.valid = bits(w, 235, 1);
  return c;
}
}  // namespace

SocSim::SocSim(iss::Memory& mem, uint32_t boot_addr, const SocConfig& cfg)
    : ctx_(std::make_unique<VerilatedContext>()), mem_(mem, cfg.mem) {
  ctx_->traceEverOn(!cfg.fst.empty());
  top_ = std::make_unique<Vsoc_top>(ctx_.get(), "soc");
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
  top_->line_rvalid_i = 0;
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

RtlCommit SocSim::tick() {
  // Cycle `cycle_`: its memory answer is already driven; settle, then serve the request the
  // core shows in it (consumed by the coming edge).
  top_->clk_i = 0;
  eval_dump();
  if (top_->mem_req_o) {
    mem_.request({.ifetch = top_->mem_ifetch_o != 0,
                  .we = top_->mem_we_o != 0,
                  .addr = top_->mem_addr_o,
                  .wdata = top_->mem_wdata_o,
                  .size = top_->mem_size_o},
                 cycle_);
  }
  if (top_->line_req_o) {
    uint32_t words[kLineBytes / 4];
    for (unsigned w = 0; w < kLineBytes / 4; ++w) words[w] = top_->line_wdata_o[w];
    mem_.line_request(top_->line_addr_o, top_->line_we_o != 0, words, cycle_);
  }
  status_ = {.fetch_wait = (top_->status_o >> 2 & 1) != 0,
             .mem_wait = (top_->status_o >> 1 & 1) != 0,
             .muldiv_busy = (top_->status_o & 1) != 0,
             .l1i_miss = top_->l1i_miss_o != 0,
             .l1d_miss = top_->l1d_miss_o != 0};
  top_->clk_i = 1;
  eval_dump();
  const RtlCommit c = decode_commit(top_->commit_o);
  ++cycle_;
  const MemResponse r = mem_.respond(cycle_);
  top_->mem_rvalid_i = r.valid;
  top_->mem_err_i = r.err;
  top_->mem_rdata_i = r.rdata;
  const LineResponse l = mem_.line_respond(cycle_);
  top_->line_rvalid_i = l.valid;
  top_->line_err_i = l.err;
  for (unsigned w = 0; w < kLineBytes / 4; ++w) top_->line_rdata_i[w] = l.data[w];
  return c;
}

}  // namespace stackscope::tb
