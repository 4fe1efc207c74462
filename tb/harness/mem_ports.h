// Connects the harness-side ports of a Verilated soc_mem (or a top that exposes them with the
// same names: word port mem_*, line port line_*, ideal ports pi_* / pd_*) to a MemoryModel.
// Per cycle: after evaluating cycle `now` with the clock low, serve_requests(now); after
// the rising edge, drive_answers(now + 1) sets the inputs of the next cycle.
#pragma once
#include <cstdint>

#include "memory_model.h"

namespace stackscope::tb {

template <class Top>
void serve_requests(Top& top, MemoryModel& mem, uint64_t now) {
  if (top.mem_req_o) {
    mem.request({.ifetch = false,
                 .we = top.mem_we_o != 0,
                 .addr = top.mem_addr_o,
                 .wdata = top.mem_wdata_o,
                 .size = top.mem_size_o},
                now);
  }
  if (top.line_req_o) {
    uint32_t words[kLineBytes / 4];
    for (unsigned w = 0; w < kLineBytes / 4; ++w) words[w] = top.line_wdata_o[w];
    mem.line_request(top.line_addr_o, top.line_we_o != 0, words, now);
  }
  if (top.pi_req_o) mem.ideal_fetch_request(top.pi_addr_o, now);
  if (top.pd_req_o) {
    mem.ideal_data_request({.ifetch = false,
                            .we = top.pd_we_o != 0,
                            .addr = top.pd_addr_o,
                            .wdata = top.pd_wdata_o,
                            .size = top.pd_size_o},
                           now);
  }
}

template <class Top>
void drive_answers(Top& top, MemoryModel& mem, uint64_t now) {
  const MemResponse r = mem.respond(now);
  top.mem_rvalid_i = r.valid;
  top.mem_err_i = r.err;
  top.mem_rdata_i = r.rdata;
  const LineResponse l = mem.line_respond(now);
  top.line_rvalid_i = l.valid;
  top.line_err_i = l.err;
  for (unsigned w = 0; w < kLineBytes / 4; ++w) top.line_rdata_i[w] = l.data[w];
  const FetchResponse f = mem.ideal_fetch_respond(now);
  top.pi_rvalid_i = f.valid;
  top.pi_err_i = f.err;
  for (unsigned w = 0; w < 4; ++w) top.pi_rdata_i[w] = f.data[w];
  const MemResponse d = mem.ideal_data_respond(now);
  top.pd_rvalid_i = d.valid;
  top.pd_err_i = d.err;
  top.pd_rdata_i = d.rdata;
}

}  // namespace stackscope::tb
