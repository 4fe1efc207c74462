// A Verilated soc_mem with its main-memory model, stepped one clock cycle at a time by a
// test that plays the core: it drives the I-port, D-port and fence.i and sees every output
// of the cycle before the edge (grants, answers, miss-tag masks).
#pragma once
#include <verilated.h>

#include <array>
#include <cstdint>
#include <memory>

#include "mem_ports.h"
#include "memory.h"
#include "memory_model.h"

namespace stackscope::tb {

struct DReq {
  bool valid = false, we = false;
  uint32_t addr = 0, wdata = 0;  // wdata in its byte lanes
  unsigned size = 4, tag = 0;
};

struct IReq {
  bool valid = false;
  uint32_t addr = 0;
  bool kill = false;  // the fetch unit's redirect: every fetch in flight (and this one) is dead
};

// Outputs of one cycle (before its rising edge).
struct MemObs {
  bool dgnt = false, igrant = false;
  bool drvalid = false, derr = false;
  unsigned rtag = 0, rlevel = 0;
  uint32_t rdata = 0;
  uint32_t l1miss_tags = 0, l2miss_tags = 0;
  bool irvalid = false, ierr = false, imiss = false;
  std::array<uint32_t, 4> irdata{};
  bool fencei_done = false;
  unsigned mem_outstanding = 0;
  std::size_t model_outstanding = 0;  // the harness's count at the same point
};

template <class Top>
class MemDut {
 public:
  MemDut(iss::Memory& ram, const MemTiming& t, uint32_t tohost)
      : ctx_(std::make_unique<VerilatedContext>()), mem_(ram, t) {
    top_ = std::make_unique<Top>(ctx_.get(), "mem");
    top_->tohost_addr_i = tohost;
    top_->perfect_l1i_i = t.perfect_l1i;
    top_->perfect_l1d_i = t.perfect_l1d;
    top_->clk_i = 0;
    top_->rst_ni = 1;
    top_->eval();
    top_->rst_ni = 0;
    top_->eval();
    for (int i = 0; i < 2; ++i) {
      top_->clk_i = 1;
      top_->eval();
      top_->clk_i = 0;
      top_->eval();
    }
    top_->rst_ni = 1;
    top_->eval();
  }
  ~MemDut() { top_->final(); }
  MemDut(const MemDut&) = delete;
  MemDut& operator=(const MemDut&) = delete;

  MemObs step(const DReq& d, const IReq& i, bool fencei) {
    Top& t = *top_;
    pack(t.dc_req_i, DcReq{.req = d.valid, .we = d.we, .addr = d.addr, .size = d.size,
                           .wdata = d.wdata, .tag = d.tag});
    pack(t.ic_req_i, IcReq{.req = i.valid, .addr = i.addr});
    t.ic_kill_i = i.kill;
    t.fencei_req_i = fencei;
    t.clk_i = 0;
    t.eval();
    MemObs o;
    const DcRsp dr = unpack<DcRsp>(t.dc_rsp_o);
    const IcRsp ir = unpack<IcRsp>(t.ic_rsp_o);
    o.dgnt = dr.gnt;
    o.igrant = ir.gnt;
    o.drvalid = dr.rvalid;
    o.derr = dr.err;
    o.rtag = dr.rtag;
    o.rlevel = dr.rlevel;
    o.rdata = dr.rdata;
    o.l1miss_tags = dr.l1miss_tags;
    o.l2miss_tags = dr.l2miss_tags;
    o.irvalid = ir.rvalid;
    o.ierr = ir.err;
    o.imiss = ir.miss;
    o.irdata = ir.rdata;
    o.fencei_done = t.fencei_done_o;
    o.mem_outstanding = t.mem_outstanding_o;
    // The model already dropped a line answered in this cycle; the RTL drops it at the edge.
    o.model_outstanding = mem_.line_outstanding() + (line_answered_ ? 1 : 0);
    serve_requests(t, mem_, cycle_);
    t.clk_i = 1;
    t.eval();
    ++cycle_;
    line_answered_ = drive_answers(t, mem_, cycle_);
    return o;
  }

  uint64_t cycle() const { return cycle_; }
  const MemoryModel& model() const { return mem_; }
  Top& top() { return *top_; }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  MemoryModel mem_;
  uint64_t cycle_ = 0;
  bool line_answered_ = false;  // this cycle's inputs hold a line answer
};

}  // namespace stackscope::tb
