// A bank of Num stack-component / event counters with one CSR write port. When SumPerCycle
// is non-zero the components form a stack that gains exactly SumPerCycle units every cycle
// (seed 000 Table II: W slots; Table III: 2*k*v units), which is asserted through writes.
`default_nettype none

module pmu_counter_bank #(
  parameter int unsigned Num         = 8,
  parameter int unsigned Width       = 48,
  parameter int unsigned IncW        = 3,
  parameter int unsigned IdxW        = 4,
  parameter int unsigned SumPerCycle = 0   // 0: independent event counters, no stack sum
) (
  input  wire logic                       clk_i,
  input  wire logic                       rst_ni,
  input  wire logic [Num-1:0][IncW-1:0]   inc_i,
  input  wire logic                       we_i,     // CSR write of counter widx_i
  input  wire logic [IdxW-1:0]            widx_i,
  input  wire logic [Width-1:0]           wdata_i,
  output logic      [Num-1:0][Width-1:0]  value_o
);

  logic [Num-1:0] unused_overflow;  // stack components and event counters wrap silently

  for (genvar c = 0; c < Num; c++) begin : gen_cnt
    pmu_counter #(
      .Width(Width),
      .IncW (IncW)
    ) u_cnt (
      .clk_i,
      .rst_ni,
      .inc_i     (inc_i[c]),
      .we_i      (we_i && widx_i == IdxW'(c)),
      .wdata_i,
      .value_o   (value_o[c]),
      .overflow_o(unused_overflow[c])
    );
  end

`ifndef SYNTHESIS
  if (SumPerCycle != 0) begin : gen_sum_check
    // The components sum to SumPerCycle * cycles (mod 2^Width), tracked through writes.
    logic [Width-1:0] sum_now, expect_q;
    always_comb begin : sum_comps
      sum_now = '0;
      for (int c = 0; c < Num; c++) sum_now += value_o[c];
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin : expect_reg
      if (!rst_ni) begin
        expect_q <= '0;
      end else if (we_i) begin
        expect_q <= expect_q + Width'(SumPerCycle) - Width'(inc_i[widx_i]) + wdata_i
                  - value_o[widx_i];
      end else begin
        expect_q <= expect_q + Width'(SumPerCycle);
      end
    end
    StackSum: assert property (@(posedge clk_i) disable iff (!rst_ni) sum_now == expect_q)
      else $error("pmu_counter_bank: components sum %0d != %0d per cycle * cycles (%0d)",
                  sum_now, SumPerCycle, expect_q);
  end
`endif

endmodule : pmu_counter_bank

`default_nettype wire
