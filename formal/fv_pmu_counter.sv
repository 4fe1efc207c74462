// BMC wrapper of pmu_counter: the counter follows a shadow model, wraps modulo 2^Width,
// reports overflow exactly when the increment wraps, and a write wins and never overflows.
`default_nettype none

module fv_pmu_counter #(
  parameter int unsigned Width = 8,
  parameter int unsigned IncW  = 3
) (
  input wire logic             clk_i,
  input wire logic [IncW-1:0]  inc_i,
  input wire logic             we_i,
  input wire logic [Width-1:0] wdata_i
);

  logic             started_q = 1'b0;  // cycle 0 is in reset
  logic [Width-1:0] value, shadow_q;
  logic             overflow;
  logic [Width:0]   wide_sum;

  always_ff @(posedge clk_i) started_q <= 1'b1;

  pmu_counter #(.Width(Width), .IncW(IncW)) u_dut (
    .clk_i, .rst_ni(started_q), .inc_i, .we_i, .wdata_i, .value_o(value), .overflow_o(overflow)
  );

  always_ff @(posedge clk_i) begin
    if (!started_q) shadow_q <= '0;
    else shadow_q <= we_i ? wdata_i : Width'(shadow_q + Width'(inc_i));
  end

  assign wide_sum = {1'b0, value} + (Width + 1)'(inc_i);

  always_comb begin
    if (started_q) begin
      CounterFollowsShadow: assert (value == shadow_q);
      OverflowIsWrap: assert (overflow == (!we_i && wide_sum[Width]));
    end
  end

endmodule : fv_pmu_counter

`default_nettype wire
