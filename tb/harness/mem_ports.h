// Connects soc_mem's main-memory ports (rtl/top/soc_pkg.sv: the word port mem_req_o /
// mem_rsp_i, the line port line_*, the ideal ports pi_* / pd_*) to a MemoryModel, on any `Top`
// that has them under those names: a Verilated soc_mem or soc_top, or soc_sim.cpp's DPI view.
// The port structs are read and written through the generated bus_layout.h.
// Per cycle: after evaluating cycle `now` with the clock low, serve_requests(now); after
// the rising edge, drive_answers(now + 1) sets the inputs of the next cycle and says whether
// they hold a line answer.
#pragma once
#include <cstdint>

#include "bus_layout.h"
#include "memory_model.h"

namespace stackscope::tb {

template <class Top>
void serve_requests(const Top& top, MemoryModel& mem, uint64_t now) {
  // Each request struct is read whole only when its request bit is set (every cycle).
  if (get_bits(top.mem_req_o, kWordReqReq)) {
    const WordReq w = unpack<WordReq>(top.mem_req_o);
    mem.request(
        {.ifetch = false, .we = w.we != 0, .addr = w.addr, .wdata = w.wdata, .size = w.size}, now);
  }
  if (get_bits(top.line_req_o, kLineReqReq)) {
    const LineReq l = unpack<LineReq>(top.line_req_o);
    mem.line_request(l.addr, l.we != 0, l.wdata.data(), now);
  }
  if (get_bits(top.pi_req_o, kIcReqReq))
    mem.ideal_fetch_request(static_cast<uint32_t>(get_bits(top.pi_req_o, kIcReqAddr)), now);
  if (get_bits(top.pd_req_o, kWordReqReq)) {
    const WordReq d = unpack<WordReq>(top.pd_req_o);
    mem.ideal_data_request(
        {.ifetch = false, .we = d.we != 0, .addr = d.addr, .wdata = d.wdata, .size = d.size}, now);
  }
}

template <class Top>
bool drive_answers(Top& top, MemoryModel& mem, uint64_t now) {
  const MemResponse r = mem.respond(now);
  pack(top.mem_rsp_i, WordRsp{.rvalid = r.valid, .err = r.err, .rdata = r.rdata});
  const LineResponse l = mem.line_respond(now);
  LineRsp line{.rvalid = l.valid, .err = l.err};
  for (unsigned w = 0; w < kLineBytes / 4; ++w) line.rdata[w] = l.data[w];
  pack(top.line_rsp_i, line);
  const FetchResponse f = mem.ideal_fetch_respond(now);
  BlockRsp block{.rvalid = f.valid, .err = f.err};
  for (unsigned w = 0; w < 4; ++w) block.rdata[w] = f.data[w];
  pack(top.pi_rsp_i, block);
  const MemResponse d = mem.ideal_data_respond(now);
  pack(top.pd_rsp_i, WordRsp{.rvalid = d.valid, .err = d.err, .rdata = d.rdata});
  return l.valid;
}

}  // namespace stackscope::tb
