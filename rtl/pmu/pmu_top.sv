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
  output logic [NumFlopsComps-1:0][StackCntW-1:0] fl_cnt_o,
  input  wire logic [1:0]  tip_mode_i,
  input  wire logic [15:0] tip_period_i,
  input  wire logic        tip_ack_i,
  input  wire logic        tip_cnt_we_i,
  input  wire logic [StackCntW-1:0] tip_cnt_wdata_i,
  output logic             tip_valid_o,
  output tip_state_e       tip_state_o,
  output logic [MaxWidth-1:0] tip_head_valid_o,
  output logic [MaxWidth-1:0] tip_head_commit_o,
  output logic [MaxWidth-1:0][PcW-1:0] tip_head_pc_o,
  output logic [PcW-1:0]   tip_offending_o,
  output logic [PcW-1:0]   tip_next_pc_o,
  output logic             nci_valid_o,
  output logic [PcW-1:0]   nci_pc_o,
  output logic             lci_valid_o,
  output logic [PcW-1:0]   lci_pc_o,
  output logic             disp_valid_o,
  output logic [PcW-1:0]   disp_pc_o,
  output logic [StackCntW-1:0] tip_samples_o,
  output logic             tip_irq_o,
  input  wire logic        csr_we_i,
  input  wire logic [11:0] csr_addr_i,
  input  wire logic [31:0] csr_wdata_i,
  output logic [31:0]      csr_rdata_o,
  output logic             lcofip_o
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

  tip_sampler #(
    .CommitWidth(CommitWidth),
    .PeriodW    (16),
    .CntW       (StackCntW)
  ) u_tip_sampler (
    .clk_i,
    .rst_ni,
    .probe_i,
    .mode_i           (tip_mode_i),
    .period_i         (tip_period_i),
    .ack_i            (tip_ack_i),
    .cnt_we_i         (tip_cnt_we_i),
    .cnt_wdata_i      (tip_cnt_wdata_i),
    .tip_valid_o,
    .tip_state_o,
    .tip_head_valid_o,
    .tip_head_commit_o,
    .tip_head_pc_o,
    .tip_offending_o,
    .tip_next_pc_o,
    .nci_valid_o,
    .nci_pc_o,
    .lci_valid_o,
    .lci_pc_o,
    .disp_valid_o,
    .disp_pc_o,
    .samples_o        (tip_samples_o),
    .irq_o            (tip_irq_o)
  );

  pmu_csr #(
    .NumHpm       (4),
    .DispatchWidth(DispatchWidth)
  ) u_pmu_csr (
    .clk_i,
    .rst_ni,
    .probe_i,
    .csr_we_i,
    .csr_addr_i,
    .csr_wdata_i,
    .csr_rdata_o,
    .lcofip_o
  );

endmodule : pmu_top

`default_nettype wire
