#include "soc_sim.h"

#include <verilated.h>
#include <verilated_fst_c.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <utility>

#include SOC_MODEL_HEADER
#include "commit_layout.h"
#include "dpi_target.h"
#include "mem_ports.h"
#include "pmu_port.h"
#include "rtl_messages.h"
#ifdef SS_FPGA_TOP
#include <unistd.h>

#include "fpga_image.h"
#endif
#ifdef SS_HARNESS_DPI
#include <svdpi.h>
#endif

namespace stackscope::tb {

namespace {
// commit_t's layout and decode_commit(): commit_layout.h, generated from core_pkg.sv.
// CommitWidth from the width of the Verilated port (whole 32-bit words).
template <class W>
constexpr unsigned commit_width(const W&) {
  return static_cast<unsigned>(sizeof(W) / sizeof(uint32_t) * 32 / kCommitBits);
}
#ifdef SS_HARNESS_DPI
// soc_top's main-memory ports as the DPI call ss_harness_edge passes them (rtl/top/soc_top.sv,
// SS_HARNESS_DPI): each port struct as an svBitVecVal array, named as on the Verilated top so
// mem_ports.h serves both.
struct HarnessPorts {
  const svBitVecVal* line_req_o;
  const svBitVecVal* mem_req_o;
  const svBitVecVal* pi_req_o;
  const svBitVecVal* pd_req_o;
  svBitVecVal* line_rsp_i;
  svBitVecVal* mem_rsp_i;
  svBitVecVal* pi_rsp_i;
  svBitVecVal* pd_rsp_i;
};
#endif
}  // namespace

#ifdef SS_HARNESS_DPI
// What ss_harness_edge reaches: the SocSim whose model is being evaluated, installed as the
// DPI target while it lives (the DPI function is a plain C symbol). An exception inside the
// DPI call is caught there and kept here, and eval_dump rethrows it once eval() has returned:
// none crosses the C function into Verilated code.
struct HarnessLink {
  MemoryModel* mem = nullptr;
  const uint64_t* cycle = nullptr;
  bool* line_answered = nullptr;  // a line answer was returned at the last edge
  std::exception_ptr error;
  DpiTarget<HarnessLink>::Hook hook;
};
#else
struct HarnessLink {};
#endif

SocSim::SocSim(iss::Memory& mem, uint32_t boot_addr, const SocConfig& cfg, MemPort* port)
    : ctx_(std::make_unique<VerilatedContext>()), mem_(mem, cfg.mem, port) {
  ctx_->traceEverOn(!cfg.fst.empty());
  ctx_->fatalOnError(false);  // an RTL assertion throws RtlAssertion (eval_dump) instead
  take_rtl_message();         // nothing a previous model printed
#ifdef SS_FPGA_TOP
  // The FPGA top has its own memory (BRAM, preloaded from the image through a plusarg by
  // fpga_mem's initial block at the first eval) and no idealisation switches.
  if (cfg.ctrl != SocCtrl{} || cfg.mem.perfect_l1i || cfg.mem.perfect_l1d)
    throw std::invalid_argument("the FPGA top has no perfect-L1, perfect-BP or fast-ALU switch");
  if (cfg.mem.latency != kFpgaMemLatency || cfg.mem.bandwidth != kFpgaLineBytes ||
      cfg.mem.outstanding != 1)
    throw std::invalid_argument(fmt::format(
        "the FPGA top's memory is fixed: --mem-latency {} --mem-bandwidth {} --mem-outstanding 1",
        kFpgaMemLatency, kFpgaLineBytes));
  if (mem.ram_size() != kFpgaRamBytes || !mem.elf())
    throw std::invalid_argument(fmt::format("the FPGA top's RAM is {} KiB (--ram-size {}K)",
                                            kFpgaRamBytes / 1024, kFpgaRamBytes / 1024));
  const std::filesystem::path image = std::filesystem::temp_directory_path() /
                                      fmt::format("stackscope-fpga-{}.hex", ::getpid());
  {
    std::ofstream os(image);
    write_fpga_image(*mem.elf(), kFpgaRamBytes, os);
    if (!os.flush()) throw std::runtime_error(image.string() + ": cannot write the BRAM image");
  }
  const std::string plusarg = "+ss_mem_image=" + image.string();
  const char* args[] = {"stackscope_fpga", plusarg.c_str()};
  ctx_->commandArgsAdd(2, args);
  console_ = cfg.console;
#endif
  top_ = std::make_unique<SOC_MODEL>(ctx_.get(), "soc");
#ifdef SS_HARNESS_DPI
  link_ = std::make_unique<HarnessLink>();
  link_->mem = &mem_, link_->cycle = &cycle_, link_->line_answered = &line_answered_;
  link_->hook = DpiTarget<HarnessLink>::install(link_.get());
#endif
  if (!cfg.fst.empty()) {
    // The FST writer does not report an unwritable path, so probe it first.
    if (!std::ofstream(cfg.fst)) throw std::runtime_error(cfg.fst + ": cannot open for writing");
    fst_ = std::make_unique<VerilatedFstC>();
    top_->trace(fst_.get(), 99);
    fst_->open(cfg.fst.c_str());
  }
  top_->boot_addr_i = boot_addr;
  top_->tohost_addr_i = mem.elf() ? mem.elf()->tohost : 0;
  top_->probe_mutant_i = cfg.probe_mutant;
  top_->pmu_dbg_we_i = 0;
#ifndef SS_FPGA_TOP
  top_->ram_size_i = cfg.rtl_ram_size ? cfg.rtl_ram_size : mem.ram_size();
  top_->ctrl_i = soc_ctrl_bits(cfg.ctrl);
  pack(top_->line_rsp_i, LineRsp{});
  pack(top_->mem_rsp_i, WordRsp{});
  pack(top_->pi_rsp_i, BlockRsp{});
  pack(top_->pd_rsp_i, WordRsp{});
  top_->meip_i = 0;
#endif
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
#ifdef SS_FPGA_TOP
  std::filesystem::remove(image);  // read by the first eval
  uart_.emplace(top_->uart_clks_per_bit_o);  // a constant output, valid after an eval
#endif
}

SocSim::~SocSim() {
  top_->final();
  if (fst_) fst_->close();
}

void SocSim::eval_dump() {
  top_->eval();
#ifdef SS_HARNESS_DPI
  if (link_->error) std::rethrow_exception(std::exchange(link_->error, nullptr));
#endif
  if (ctx_->gotError())
    throw RtlAssertion(fmt::format("RTL assertion failed at cycle {}: {}", cycle_, take_rtl_message()));
  if (fst_) fst_->dump(ctx_->time());
  ctx_->timeInc(1);
}

const std::vector<RtlCommit>& SocSim::tick() {
  // Cycle `cycle_`: its memory answers are already driven; settle, then serve the requests
  // the SoC shows in it (consumed by the coming edge).
  top_->clk_i = 0;
  eval_dump();
#if !defined(SS_HARNESS_DPI) && !defined(SS_FPGA_TOP)  // DPI: ss_harness_edge serves them
  serve_requests(*top_, mem_, cycle_);
#endif
  for (unsigned w = 0; w < pmu::kProbeWords; ++w) pmu_in_.probe[w] = top_->probe_o[w];
  {  // core_obs_t is at most 64 bits: Verilator gives it as one QData
    static_assert(pmu::kObsWords == 2);
    const uint64_t o = top_->obs_o;
    const std::array<uint32_t, 2> w{static_cast<uint32_t>(o), static_cast<uint32_t>(o >> 32)};
    pmu_in_.obs = pmu::unpack_obs(w);
  }
  pmu_in_.csr_we = get_bits(top_->pmu_o, kPmuPortCsrWe) != 0;
  pmu_in_.csr_addr = static_cast<uint16_t>(get_bits(top_->pmu_o, kPmuPortCsrAddr));
  pmu_in_.csr_wdata = static_cast<uint32_t>(get_bits(top_->pmu_o, kPmuPortCsrWdata));
  // Line requests the L2 has sent and not yet taken an answer for: in flight in the memory
  // model, plus one whose answer the model returned at the last edge (soc_top registers it;
  // the L2 takes it at the coming edge). PmuCheck compares mem_outstanding with it.
#ifdef SS_FPGA_TOP
  pmu_in_.mem_lines = top_->mem_lines_o;  // fpga_mem's line requests, answered or not
#else
  pmu_in_.mem_lines = static_cast<uint32_t>(mem_.line_outstanding()) + (line_answered_ ? 1 : 0);
  pmu_in_.line_reads = &mem_.line_reads();  // the probe rules judge the miss levels by it
#endif
  pmu_in_.dbg_we = pmu_dbg_.has_value();
  if (pmu_dbg_) {
    pmu_in_.dbg_unit = pmu_dbg_->dbg_unit;
    pmu_in_.dbg_idx = pmu_dbg_->dbg_idx;
    pmu_in_.dbg_wdata = pmu_dbg_->dbg_wdata;
#ifdef SS_HARNESS_DPI
    // soc_top took the strobe and target at the last edge; only the data is driven now.
    if (!pmu_dbg_armed_ || pmu_dbg_armed_->dbg_unit != pmu_dbg_->dbg_unit ||
        pmu_dbg_armed_->dbg_idx != pmu_dbg_->dbg_idx)
      throw std::runtime_error(fmt::format("PMU debug write at cycle {} was not announced a cycle "
                                           "ahead (the SoC registers its target)", cycle_));
#else
    top_->pmu_dbg_we_i = 1;
    top_->pmu_dbg_unit_i = static_cast<uint8_t>(pmu_dbg_->dbg_unit);
    top_->pmu_dbg_idx_i = pmu_dbg_->dbg_idx;
#endif
    top_->pmu_dbg_wdata_i = pmu_dbg_->dbg_wdata;
    eval_dump();  // settle, so assertions see the write in this cycle
    pmu_dbg_.reset();
  }
#ifdef SS_HARNESS_DPI
  pmu_dbg_armed_.reset();
  if (pmu_dbg_next_) {  // registered at this edge: soc_top applies it in the next cycle
    top_->pmu_dbg_we_i = 1;
    top_->pmu_dbg_unit_i = static_cast<uint8_t>(pmu_dbg_next_->dbg_unit);
    top_->pmu_dbg_idx_i = pmu_dbg_next_->dbg_idx;
    pmu_dbg_armed_ = std::exchange(pmu_dbg_next_, std::nullopt);
  }
#endif
  top_->clk_i = 1;
  eval_dump();
  top_->pmu_dbg_we_i = 0;
  commits_.clear();
  for (unsigned k = 0; k < commit_width(top_->commit_o); ++k) {
    const RtlCommit c = decode_commit(
        k * kCommitBits,
        [&](unsigned lo, unsigned width) { return get_bits(top_->commit_o, lo, width); });
    if (c.valid) commits_.push_back(c);
  }
  ++cycle_;
#ifdef SS_FPGA_TOP
  uart_step();
#elif !defined(SS_HARNESS_DPI)
  line_answered_ = drive_answers(*top_, mem_, cycle_);
#endif
  return commits_;
}

#ifdef SS_FPGA_TOP
// The UART line after this cycle's edge: program bytes to the console; the bytes that start
// once the exit flag (the LED) is up are fpga_console's exit message "\nEXIT xxxxxxxx\n".
void SocSim::uart_step() {
  const bool was_busy = uart_->busy();
  const std::optional<uint8_t> b = uart_->step(top_->uart_tx_o);
  if (!was_busy && uart_->busy()) byte_after_exit_ = top_->exited_o;
  if (!b) return;
  if (!byte_after_exit_) {
    if (console_) console_->put(static_cast<char>(*b));
    return;
  }
  exit_msg_ += static_cast<char>(*b);
  constexpr std::string_view kHead = "\nEXIT ";
  if (exit_msg_.size() < kHead.size() + 9) return;
  unsigned value = 0;
  bool ok = exit_msg_.starts_with(kHead) && exit_msg_.back() == '\n';
  for (std::size_t i = kHead.size(); ok && i < kHead.size() + 8; ++i) {
    const char c = exit_msg_[i];
    ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    value = value << 4 | static_cast<unsigned>(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  if (!ok || uart_exit_) throw std::runtime_error("UART: malformed exit message");
  uart_exit_ = static_cast<int>(value);
}
#endif

std::optional<int> SocSim::program_exit(const iss::Memory& mem) const {
#ifdef SS_FPGA_TOP
  (void)mem;
  return uart_exit_;
#else
  return mem.exited() ? std::optional<int>(mem.exit_code()) : std::nullopt;
#endif
}

namespace {
// soc_top's pmu_o.widths: {log2 RobEntries, FpUnits, dispatch, issue, commit width}, 4 bits each.
SocParams params_of(unsigned w) {
  return {w >> 8 & 15, w >> 4 & 15, w & 15, 1u << (w >> 16 & 15), w >> 12 & 15};
}

}  // namespace

SocParams SocSim::built_params() {
  VerilatedContext ctx;
  const char* args[] = {"stackscope"};  // $value$plusargs needs the arguments set
  ctx.commandArgs(1, args);
  ctx.fatalOnError(false);  // a parameter check that fails is an error here, not an exit(1)
  take_rtl_message();
  SOC_MODEL top(&ctx, "soc");
  top.eval();  // pmu_o.widths is a constant of the configuration; the initial checks run
  if (ctx.gotError())
    throw RtlAssertion("the Verilated model's parameters fail its own check: " + take_rtl_message());
  return params_of(unpack<PmuPort>(top.pmu_o).widths);
}

pmu::PmuModelConfig SocSim::pmu_model_config() const {
  const PmuPort port = unpack<PmuPort>(top_->pmu_o);
  const SocParams b = params_of(port.widths);
  pmu::PmuModelConfig c = pmu::PmuModelConfig::for_core(
      b.dispatch_width, b.issue_width, b.commit_width, port.spec_blocks, b.rob_entries,
      b.fp_units);
  c.cpi.spec.drain_queue = port.spec_drain != 0;
  c.probe_stage = port.probe_stage != 0;
  c.check_probe = true;
  return c;
}

void SocSim::read_pmu(PmuRegs& r) const { r = unpack<PmuPort>(top_->pmu_o).regs; }

}  // namespace stackscope::tb

#ifdef SS_HARNESS_DPI
// soc_top's harness_answers block, at every rising edge out of reset: serve the requests of
// the cycle ending now and return the answers of the next one (what tick() did around the
// edge through the ports without SS_HARNESS_DPI).
extern "C" void ss_harness_edge(const svBitVecVal* line_req, const svBitVecVal* mem_req,
                                const svBitVecVal* pi_req, const svBitVecVal* pd_req,
                                svBitVecVal* line_rsp, svBitVecVal* mem_rsp, svBitVecVal* pi_rsp,
                                svBitVecVal* pd_rsp) {
  using namespace stackscope::tb;
  HarnessLink* h = stackscope::DpiTarget<HarnessLink>::get();
  if (!h) {  // a model evaluated outside a SocSim: a harness bug, not an input error
    std::fputs("stackscope: internal error: ss_harness_edge called with no SocSim\n", stderr);
    std::abort();
  }
  if (h->error) return;  // an earlier call of this eval() failed: eval_dump rethrows it
  try {
    HarnessPorts p{line_req, mem_req, pi_req, pd_req, line_rsp, mem_rsp, pi_rsp, pd_rsp};
    serve_requests(p, *h->mem, *h->cycle);
    *h->line_answered = drive_answers(p, *h->mem, *h->cycle + 1);
  } catch (...) {
    h->error = std::current_exception();
  }
}
#endif
