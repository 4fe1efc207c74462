// All PMU counter units on one probe bus: the lint and synthesis top of rtl/pmu.
`default_nettype none

module pmu_top
  import pmu_pkg::*;
#(
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned IssueWidth    = 3,
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned FpUnits       = 2,
  parameter int unsigned FpVecLen      = 1,
  parameter int unsigned StackCntW     = 48
) (
  input  wire logic       clk_i,
  input  wire logic       rst_ni,
  input  wire probe_t     probe_i,
  input  wire logic       cpi_we_i,
  input  wire cpi_stage_e cpi_wstage_i,
  input  wire cpi_comp_e  cpi_wcomp_i,
  input  wire logic [StackCntW-1:0] cpi_wdata_i,
  output logic [NumCpiStages-1:0][NumCpiComps-1:0][StackCntW-1:0] cpi_cnt_o,
  input  wire logic       td_we_i,
  input  wire td_counter_e td_widx_i,
  input  wire logic [StackCntW-1:0] td_wdata_i,
  output logic [NumTdCounters-1:0][StackCntW-1:0] td_cnt_o,
  input  wire logic       fl_we_i,
  input  wire flops_comp_e fl_widx_i,
  input  wire logic [StackCntW-1:0] fl_wdata_i,
  output logic [NumFlopsComps-1:0][StackCntW-1:0] fl_cnt_o
);

  cpi_stack #(
    .DispatchWidth(DispatchWidth),
    .IssueWidth   (IssueWidth),
    .CommitWidth  (CommitWidth),
    .CntW         (StackCntW)
  ) u_cpi_stack (
    .clk_i,
    .rst_ni,
    .probe_i,
    .we_i    (cpi_we_i),
    .wstage_i(cpi_wstage_i),
    .wcomp_i (cpi_wcomp_i),
    .wdata_i (cpi_wdata_i),
    .cnt_o   (cpi_cnt_o)
  );

  topdown #(
    .DispatchWidth(DispatchWidth),
    .CntW         (StackCntW)
  ) u_topdown (
    .clk_i,
    .rst_ni,
    .probe_i,
    .we_i   (td_we_i),
    .widx_i (td_widx_i),
    .wdata_i(td_wdata_i),
    .cnt_o  (td_cnt_o)
  );

  flops_stack #(
    .NumUnits(FpUnits),
    .VecLen  (FpVecLen),
    .CntW    (StackCntW)
  ) u_flops_stack (
    .clk_i,
    .rst_ni,
    .probe_i,
    .we_i   (fl_we_i),
    .widx_i (fl_widx_i),
    .wdata_i(fl_wdata_i),
    .cnt_o  (fl_cnt_o)
  );

endmodule : pmu_top

`default_nettype wire
