// BMC wrapper of pmu_counter_bank with RAM storage (Store = 1, docs/cost.md "Cheap counter
// storage"): every counter's architectural value (RAM word + pending, read through the read
// port at a free index) equals a flip-flop shadow counter that adds every increment and takes
// every write, i.e. the round-robin drain neither loses nor double-counts an increment; and no
// pending register ever wraps (the width from pmu_pkg::drain_pend_w suffices). Writes are free
// except that two never come in consecutive cycles (the bank's documented premise). With Ovf,
// every counter's overflow output (the gap logic, pmu_csr's Sscofpmf counters) is also held to
// the shadow's carry: set exactly in the cycles whose increment wraps the counter, never in a
// cycle that writes it.
`default_nettype none

module fv_counter_drain
  import pmu_pkg::*;
#(
  parameter int unsigned Num   = 3,
  parameter int unsigned Width = 8,
  parameter int unsigned IncW  = 2,
  parameter int unsigned IdxW  = 2,
  parameter bit          Ovf   = 0   // check ovf_o (needs Width > PendW)
) (
  input wire logic                     clk_i,
  input wire logic [Num-1:0][IncW-1:0] inc_i,
  input wire logic                     we_i,
  input wire logic [IdxW-1:0]          widx_i,
  input wire logic [Width-1:0]         wdata_i,
  input wire logic [IdxW-1:0]          ridx_i
);

  localparam int unsigned PendW = drain_pend_w(Num, IncW);

  logic                      started_q = 1'b0;  // cycle 0 is in reset
  logic                      we_q = 1'b0;
  logic [Width-1:0]          rdata;
  logic [Num-1:0][Width-1:0] shadow_q, unused_value;
  logic [Num-1:0]            ovf;

  always_ff @(posedge clk_i) begin
    started_q <= 1'b1;
    we_q      <= we_i;
  end

  pmu_counter_bank #(
    .Num(Num), .Width(Width), .IncW(IncW), .IdxW(IdxW), .Store(1),
    .OvfMask(Ovf ? {Num{1'b1}} : '0)
  ) u_dut (
    .clk_i, .rst_ni(started_q), .inc_i, .we_i, .widx_i, .wdata_i, .ridx_i, .rdata_o(rdata),
    .value_o(unused_value), .ovf_o(ovf)
  );

  always_ff @(posedge clk_i) begin
    for (int unsigned c = 0; c < Num; c++) begin
      if (!started_q) shadow_q[c] <= '0;
      else if (we_i && widx_i == IdxW'(c)) shadow_q[c] <= wdata_i;
      else shadow_q[c] <= shadow_q[c] + Width'(inc_i[c]);
    end
  end

  always_comb begin
    if (started_q) begin
      NoBackToBackWrites: assume (!(we_i && we_q));
      ArchIsShadow: assert (ridx_i >= IdxW'(Num) || rdata == shadow_q[ridx_i]);
    end
  end

  for (genvar c = 0; c < Num; c++) begin : gen_ovf
    logic [Width:0] carry_sum;
    assign carry_sum = {1'b0, shadow_q[c]} + (Width+1)'(inc_i[c]);
    always_comb begin
      if (started_q && Ovf) begin
        OvfIsCarry: assert (ovf[c] == (carry_sum[Width] && !(we_i && widx_i == IdxW'(c))));
      end
    end
  end

  for (genvar c = 0; c < Num; c++) begin : gen_pend
    logic [PendW:0] next_sum;
    assign next_sum = {1'b0, u_dut.gen_ram.pend_q[c]} + (PendW+1)'(inc_i[c]);
    always_comb begin
      if (started_q) begin
        PendingFits: assert (!next_sum[PendW]);
      end
    end
  end

endmodule : fv_counter_drain

`default_nettype wire
