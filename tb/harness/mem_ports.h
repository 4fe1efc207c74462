// Connects soc_mem's main-memory ports (rtl/top/soc_pkg.sv: the word port mem_req_o /
// mem_rsp_i, the line port line_*, the ideal ports pi_* / pd_*) to a MemoryModel, on any `Top`
// that has them under those names: a Verilated soc_mem or soc_top, or soc_sim.cpp's DPI view.
// The port structs are read and written through the generated bus_layout.h.
// Per cycle: after evaluating cycle `now` with the clock low, serve_requests(now); after
// the rising edge, drive_answers(now + 1) sets the inputs of the next cycle.
#pragma once
#include <cstdint>

#include "bus_layout.h"
#include "memory_model.h"

namespace stackscope::tb {

template <class Top>
void serve_requests(const Top& top, MemoryModel& mem, uint64_t now) {
  if (const WordReq w = unpack<WordReq>(top.mem_req_o); w.req)
    mem.request({.ifetch = false, .we = w.we != 0, .addr = w.addr, .wdata = w.wdata, .size = w.size},
                now);
  if (const LineReq l = unpack<LineReq>(top.line_req_o); l.req)
    mem.line_request(l.addr, l.we != 0, l.wdata.data(), now);
  if (const IcReq i = unpack<IcReq>(top.pi_req_o); i.req) mem.ideal_fetch_request(i.addr, now);
  if (const WordReq d = unpack<WordReq>(top.pd_req_o); d.req)
    mem.ideal_data_request(
        {.ifetch = false, .we = d.we != 0, .addr = d.addr, .wdata = d.wdata, .size = d.size}, now);
}

template <class Top>
void drive_answers(Top& top, MemoryModel& mem, uint64_t now) {
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
}

}  // namespace stackscope::tb
