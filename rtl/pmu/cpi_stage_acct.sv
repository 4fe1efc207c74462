// One stage of the multi-stage CPI stack (seed 000 Table II) in integer slot units: every
// cycle books min(n + carry, W) slots to base and the rest of the W slots to one blamed
// component; n above W is carried to the next cycle (seed 000 §III-A, wider stages).
`default_nettype none

module cpi_stage_acct
  import pmu_pkg::*;
#(
  parameter int unsigned W          = 2,   // slots per cycle: min of all stage widths
  parameter int unsigned CntW       = 48,  // component counter bits
  parameter int unsigned CarryW     = 6    // carry register bits (saturating)
) (
  input  wire logic                  clk_i,
  input  wire logic                  rst_ni,
  input  wire logic [NW-1:0]         n_i,      // uops processed by the stage this cycle
  input  wire cpi_comp_e             blame_i,  // component for the unused slots (never base)
  input  wire logic                  we_i,     // CSR write of one component
  input  wire cpi_comp_e             wcomp_i,
  input  wire logic [CntW-1:0]       wdata_i,
  output logic [NumCpiComps-1:0][CntW-1:0] cnt_o
);

  localparam int unsigned EffW = CarryW + 1;
  localparam logic [EffW-1:0] WEff = EffW'(W);
  localparam logic [CarryW-1:0] CarryMax = '1;

  logic [CarryW-1:0] carry_d, carry_q;
  logic [EffW-1:0]   eff, excess;
  logic [NW-1:0]     booked;   // slots booked to base this cycle, 0..W
  logic [NW-1:0]     stalled;  // W - booked
  logic [NumCpiComps-1:0][NW-1:0] inc;
  logic [NumCpiComps-1:0] unused_overflow;  // 48-bit stack components wrap silently

  assign eff = {{(EffW - NW){1'b0}}, n_i} + {1'b0, carry_q};

  always_comb begin : carry_rule
    excess  = eff - WEff;
    booked  = NW'(W);
    carry_d = '0;
    if (eff < WEff) begin
      booked = eff[NW-1:0];
    end else if (excess[EffW-1:CarryW] != '0) begin
      carry_d = CarryMax;  // saturate: documented in docs/pmu.md
    end else begin
      carry_d = excess[CarryW-1:0];
    end
  end

  assign stalled = NW'(W) - booked;

  always_comb begin : split_slots
    inc = '0;
    inc[CompBase] = booked;
    if (blame_i != CompBase) begin
      inc[blame_i] = stalled;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : carry_reg
    if (!rst_ni) begin
      carry_q <= '0;
    end else begin
      carry_q <= carry_d;
    end
  end

  for (genvar c = 0; c < NumCpiComps; c++) begin : gen_comp
    pmu_counter #(
      .Width(CntW),
      .IncW (NW)
    ) u_cnt (
      .clk_i,
      .rst_ni,
      .inc_i     (inc[c]),
      .we_i      (we_i && wcomp_i == cpi_comp_e'(c)),
      .wdata_i,
      .value_o   (cnt_o[c]),
      .overflow_o(unused_overflow[c])
    );
  end

`ifndef SYNTHESIS
  // Slot invariant: the components sum to W * cycles (mod 2^CntW), tracked through writes.
  logic [CntW-1:0] sum_now, expect_q;
  always_comb begin : sum_comps
    sum_now = '0;
    for (int c = 0; c < NumCpiComps; c++) sum_now += cnt_o[c];
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin : expect_reg
    if (!rst_ni) begin
      expect_q <= '0;
    end else if (we_i) begin
      expect_q <= expect_q + CntW'(W) - CntW'(inc[wcomp_i]) + wdata_i - cnt_o[wcomp_i];
    end else begin
      expect_q <= expect_q + CntW'(W);
    end
  end
  SlotInvariant: assert property (@(posedge clk_i) disable iff (!rst_ni) sum_now == expect_q)
    else $error("cpi_stage_acct: components sum %0d != W*cycles %0d", sum_now, expect_q);
  NoStallOnBase: assert property (@(posedge clk_i) disable iff (!rst_ni) blame_i != CompBase)
    else $error("cpi_stage_acct: stall blamed on base");

  initial begin : param_check
    assert (W >= 1 && W <= MaxWidth) else $fatal(1, "cpi_stage_acct: need 1 <= W <= MaxWidth");
    assert (CarryW >= NW) else $fatal(1, "cpi_stage_acct: CarryW < NW");
  end
`endif

endmodule : cpi_stage_acct

`default_nettype wire
