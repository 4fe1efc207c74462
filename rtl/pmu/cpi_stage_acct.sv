// One stage of the multi-stage CPI stack (Eyerman et al., Table II) in integer slot units: every
// cycle books min(n + carry, W) slots to base and the rest of the W slots to one blamed
// component; n above W is carried to the next cycle (Eyerman et al. §III-A, wider stages).
`default_nettype none

module cpi_stage_acct
  import pmu_pkg::*;
#(
  parameter int unsigned W          = 2,   // slots per cycle: min of all stage widths
  parameter int unsigned CntW       = 48,  // component counter bits
  parameter int unsigned CarryW     = 6,   // carry register bits (saturating)
  parameter int unsigned Store      = 0    // 0 flip-flops, 1 RAM + pending (pmu_counter_bank)
) (
  input  wire logic                  clk_i,
  input  wire logic                  rst_ni,
  input  wire logic [NW-1:0]         n_i,      // uops processed by the stage this cycle
  input  wire cpi_comp_e             blame_i,  // component for the unused slots (never base)
  input  wire logic                  we_i,     // CSR write of one component
  input  wire cpi_comp_e             wcomp_i,
  input  wire logic [CntW-1:0]       wdata_i,
  input  wire cpi_comp_e             rcomp_i,  // read port (CSR window)
  output logic [CntW-1:0]            rdata_o,
  output logic [NumCpiComps-1:0][CntW-1:0] cnt_o,  // Store 1: simulation view
  output logic [NW-1:0]              stalled_o  // this cycle's unused slots, W - booked
);

  localparam int unsigned EffW = CarryW + 1;
  localparam logic [EffW-1:0] WEff = EffW'(W);
  localparam logic [CarryW-1:0] CarryMax = '1;

  logic [CarryW-1:0] carry_d, carry_q;
  logic [EffW-1:0]   eff, excess;
  logic [NW-1:0]     booked;   // slots booked to base this cycle, 0..W
  logic [NW-1:0]     stalled;  // W - booked
  logic [NumCpiComps-1:0][NW-1:0] inc;

  assign eff = {{(EffW - NW){1'b0}}, n_i} + {1'b0, carry_q};

  always_comb begin : carry_rule
    excess  = eff - WEff;
    booked  = NW'(W);
    carry_d = '0;
    if (eff < WEff) begin
      booked = eff[NW-1:0];
    end else if (excess[EffW-1:CarryW] != '0) begin
      carry_d = CarryMax;  // saturate: documented in docs/dev/pmu.md
    end else begin
      carry_d = excess[CarryW-1:0];
    end
  end

  assign stalled   = NW'(W) - booked;
  assign stalled_o = stalled;

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

  logic [NumCpiComps-1:0] unused_ovf;  // no overflow reported (OvfMask 0): the counters wrap

  pmu_counter_bank #(
    .Num        (NumCpiComps),
    .Width      (CntW),
    .IncW       (NW),
    .IdxW       ($bits(cpi_comp_e)),
    .SumPerCycle(W),
    .Store      (Store)
  ) u_bank (
    .clk_i,
    .rst_ni,
    .inc_i  (inc),
    .we_i,
    .widx_i (wcomp_i),
    .wdata_i,
    .ridx_i (rcomp_i),
    .rdata_o,
    .value_o(cnt_o),
    .ovf_o  (unused_ovf)
  );

`ifndef SYNTHESIS
  NoStallOnBase: assert property (@(posedge clk_i) disable iff (!rst_ni) blame_i != CompBase)
    else $error("cpi_stage_acct: stall blamed on base");

  initial begin : param_check
    assert (W >= 1 && W <= MaxWidth) else $fatal(1, "cpi_stage_acct: need 1 <= W <= MaxWidth");
    assert (CarryW >= NW) else $fatal(1, "cpi_stage_acct: CarryW < NW");
  end
`endif

endmodule : cpi_stage_acct

`default_nettype wire
