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
  top_->pmu_dbg_we_i = 0;
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
  for (unsigned w = 0; w < pmu::kProbeWords; ++w) pmu_in_.probe[w] = top_->probe_o[w];
  pmu_in_.csr_we = top_->pmu_csr_we_o;
  pmu_in_.csr_addr = top_->pmu_csr_addr_o;
  pmu_in_.csr_wdata = top_->pmu_csr_wdata_o;
  pmu_in_.dbg_we = pmu_dbg_.has_value();
  if (pmu_dbg_) {
    pmu_in_.dbg_unit = pmu_dbg_->dbg_unit;
    pmu_in_.dbg_idx = pmu_dbg_->dbg_idx;
    pmu_in_.dbg_wdata = pmu_dbg_->dbg_wdata;
    top_->pmu_dbg_we_i = 1;
    top_->pmu_dbg_unit_i = static_cast<uint8_t>(pmu_dbg_->dbg_unit);
    top_->pmu_dbg_idx_i = pmu_dbg_->dbg_idx;
    top_->pmu_dbg_wdata_i = pmu_dbg_->dbg_wdata;
    eval_dump();  // settle, so assertions see the write in this cycle
    pmu_dbg_.reset();
  }
  top_->clk_i = 1;
  eval_dump();
  top_->pmu_dbg_we_i = 0;
  commits_.clear();
  for (unsigned k = 0; k < commit_width(top_->commit_o); ++k) {
    const RtlCommit c = decode_commit(top_->commit_o, k * kCommitBits);
    if (c.valid) commits_.push_back(c);
  }
  ++cycle_;
  drive_answers(*top_, mem_, cycle_);
  return commits_;
}

SocParams SocSim::built_params() {
  VerilatedContext ctx;
  SOC_MODEL top(&ctx, "soc");
  top.eval();  // pmu_widths_o is a constant of the configuration
  const unsigned w = top.pmu_widths_o;
  return {w >> 8 & 15, w >> 4 & 15, w & 15, SOC_ROB_ENTRIES};
}

pmu::PmuModelConfig SocSim::pmu_model_config() const {
  const unsigned w = top_->pmu_widths_o;
  return pmu::PmuModelConfig::for_core(w >> 8 & 15, w >> 4 & 15, w & 15);
}

void SocSim::read_pmu(PmuRegs& r) const {
  const SOC_MODEL& t = *top_;
  auto w48 = [](const auto& w, unsigned i) {
    const unsigned lsb = i * 48;
    uint64_t v = uint64_t{w[lsb / 32]} >> (lsb % 32);
    v |= uint64_t{w[lsb / 32 + 1]} << (32 - lsb % 32);
    if (lsb % 32 > 16) v |= uint64_t{w[lsb / 32 + 2]} << (64 - lsb % 32);
    return v & ((uint64_t{1} << 48) - 1);
  };
  auto w64 = [](const auto& w, unsigned i) {
    return uint64_t{w[2 * i]} | uint64_t{w[2 * i + 1]} << 32;
  };
  for (unsigned i = 0; i < kNumCpiRegs; ++i) r.cpi[i] = w48(t.pmu_cpi_o, i);
  for (unsigned i = 0; i < pmu::kNumTdCounters; ++i) r.td[i] = w48(t.pmu_td_o, i);
  for (unsigned i = 0; i < pmu::kNumFlopsComps; ++i) r.fl[i] = w48(t.pmu_fl_o, i);
  r.tip = {t.pmu_tip_valid_o,      t.pmu_tip_state_o,        t.pmu_tip_head_valid_o,
           t.pmu_tip_head_commit_o, t.pmu_tip_head_pc_o[0],  t.pmu_tip_head_pc_o[1],
           t.pmu_tip_head_pc_o[2],  t.pmu_tip_head_pc_o[3],  t.pmu_tip_offending_o,
           t.pmu_tip_next_pc_o,     t.pmu_nci_valid_o,       t.pmu_nci_pc_o,
           t.pmu_lci_valid_o,       t.pmu_lci_pc_o,          t.pmu_disp_valid_o,
           t.pmu_disp_pc_o,         t.pmu_tip_samples_o};
  for (unsigned i = 0; i < 6; ++i) r.csr[i] = w64(t.pmu_csr_cnt_o, i);
  for (unsigned i = 0; i < 4; ++i) r.csr[6 + i] = w64(t.pmu_csr_event_o, i);
  r.csr[10] = t.pmu_csr_inhibit_o;
  r.csr[11] = t.pmu_csr_counteren_o;
  r.csr[12] = t.pmu_lcofip_o;
  r.csr[13] = t.pmu_bank_o;
  r.csr[14] = t.pmu_tipctrl_o;
}

}  // namespace stackscope::tb
