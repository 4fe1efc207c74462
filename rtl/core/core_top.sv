// StackScope out-of-order RV32IM + Zicsr core: core_frontend (fetch, prediction, decode) and
// core_backend (rename, ROB, reservation stations, execution, LSQ, commit) with the fixed
// ports of docs/core_contract.md. soc_top connects the I-port and D-port to soc_mem.
`default_nettype none

module core_top
  import core_pkg::*;
#(
  parameter int unsigned FetchWidth    = 2,
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned IssueWidth    = 3,
  parameter int unsigned NumAlu        = 2,   // ALU issue ports (1..4)
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned RobEntries    = 32,
  parameter int unsigned RsEntries     = 8,
  parameter int unsigned LqEntries     = 8,
  parameter int unsigned SqEntries     = 8,
  parameter int unsigned SbEntries     = 4,
  parameter int unsigned PhysRegs      = 64,
  parameter int unsigned MulLatency    = 3,
  parameter int unsigned DivLatency    = 34,  // core_div: fixed radix-2 iteration
  parameter int unsigned DTagW         = 4
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [31:0]               boot_addr_i,
  input  logic                      fast_alu_i,
  input  logic                      perfect_bp_i,
  // I-port
  output logic                      ic_req_o,
  output logic [31:0]               ic_addr_o,
  input  logic                      ic_gnt_i,
  input  logic                      ic_rvalid_i,
  input  logic                      ic_err_i,
  input  logic [127:0]              ic_rdata_i,
  input  logic                      ic_miss_i,
  // D-port
  output logic                      dc_req_o,
  output logic                      dc_we_o,
  output logic [31:0]               dc_addr_o,
  output logic [2:0]                dc_size_o,
  output logic [31:0]               dc_wdata_o,
  output logic [DTagW-1:0]          dc_tag_o,
  input  logic                      dc_gnt_i,
  input  logic                      dc_rvalid_i,
  input  logic [DTagW-1:0]          dc_rtag_i,
  input  logic                      dc_err_i,
  input  logic [31:0]               dc_rdata_i,
  input  logic [1:0]                dc_rlevel_i,
  input  logic [2**DTagW-1:0]       dc_l1miss_tags_i,
  input  logic [2**DTagW-1:0]       dc_l2miss_tags_i,
  output logic                      fencei_req_o,
  input  logic                      fencei_done_i,
  input  logic [3:0]                mem_outstanding_i,
  // Interrupts and time
  input  logic                      meip_i,
  input  logic                      mtip_i,
  input  logic                      msip_i,
  input  logic                      lcofi_i,
  input  logic [63:0]               mtime_i,
  // Counter CSRs served by pmu_top
  output logic                      pmu_csr_we_o,
  output logic [11:0]               pmu_csr_addr_o,
  output logic [31:0]               pmu_csr_wdata_o,
  input  logic [31:0]               pmu_csr_rdata_i,
  // Lockstep trace and probe bus
  output commit_t [CommitWidth-1:0] commit_o,
  output probe_pkg::probe_t         probe_o
);

  logic [FetchWidth-1:0]    fe_valid;
  fe_uop_t [FetchWidth-1:0] fe_uop;
  logic [2:0]               fe_take;
  logic                     redirect, redirect_branch, redirect_taken;
  logic [31:0]              redirect_pc, redirect_seq;
  bp_meta_t                 redirect_meta, bp_upd_meta;
  logic                     bp_upd_valid, bp_upd_taken;
  logic [31:0]              bp_upd_pc, bp_upd_target;
  br_kind_e                 bp_upd_kind;
  logic                     fe_icache_miss, fe_recover, fe_misfetch;

  core_frontend #(.FetchWidth(FetchWidth)) u_frontend (
    .clk_i,
    .rst_ni,
    .boot_addr_i,
    .ic_req_o,
    .ic_addr_o,
    .ic_gnt_i,
    .ic_rvalid_i,
    .ic_err_i,
    .ic_rdata_i,
    .ic_miss_i,
    .fe_valid_o        (fe_valid),
    .fe_uop_o          (fe_uop),
    .fe_take_i         (fe_take),
    .redirect_i        (redirect),
    .redirect_pc_i     (redirect_pc),
    .redirect_seq_i    (redirect_seq),
    .redirect_meta_i   (redirect_meta),
    .redirect_branch_i (redirect_branch),
    .redirect_taken_i  (redirect_taken),
    .bp_upd_valid_i    (bp_upd_valid),
    .bp_upd_pc_i       (bp_upd_pc),
    .bp_upd_target_i   (bp_upd_target),
    .bp_upd_taken_i    (bp_upd_taken),
    .bp_upd_kind_i     (bp_upd_kind),
    .bp_upd_meta_i     (bp_upd_meta),
    .perfect_bp_i,
    .fe_icache_miss_o  (fe_icache_miss),
    .fe_recover_o      (fe_recover),
    .fe_misfetch_o     (fe_misfetch)
  );

  core_backend #(
    .FetchWidth    (FetchWidth),
    .DispatchWidth (DispatchWidth),
    .IssueWidth    (IssueWidth),
    .NumAlu        (NumAlu),
    .CommitWidth   (CommitWidth),
    .RobEntries    (RobEntries),
    .RsEntries     (RsEntries),
    .LqEntries     (LqEntries),
    .SqEntries     (SqEntries),
    .SbEntries     (SbEntries),
    .PhysRegs      (PhysRegs),
    .MulLatency    (MulLatency),
    .DTagW         (DTagW)
  ) u_backend (
    .clk_i,
    .rst_ni,
    .fast_alu_i,
    .fe_valid_i        (fe_valid),
    .fe_uop_i          (fe_uop),
    .fe_take_o         (fe_take),
    .redirect_o        (redirect),
    .redirect_pc_o     (redirect_pc),
    .redirect_seq_o    (redirect_seq),
    .redirect_meta_o   (redirect_meta),
    .redirect_branch_o (redirect_branch),
    .redirect_taken_o  (redirect_taken),
    .bp_upd_valid_o    (bp_upd_valid),
    .bp_upd_pc_o       (bp_upd_pc),
    .bp_upd_target_o   (bp_upd_target),
    .bp_upd_taken_o    (bp_upd_taken),
    .bp_upd_kind_o     (bp_upd_kind),
    .bp_upd_meta_o     (bp_upd_meta),
    .fe_icache_miss_i  (fe_icache_miss),
    .fe_recover_i      (fe_recover),
    .fe_misfetch_i     (fe_misfetch),
    .dc_req_o,
    .dc_we_o,
    .dc_addr_o,
    .dc_size_o,
    .dc_wdata_o,
    .dc_tag_o,
    .dc_gnt_i,
    .dc_rvalid_i,
    .dc_rtag_i,
    .dc_err_i,
    .dc_rdata_i,
    .dc_rlevel_i,
    .dc_l1miss_tags_i,
    .dc_l2miss_tags_i,
    .fencei_req_o,
    .fencei_done_i,
    .mem_outstanding_i,
    .meip_i,
    .mtip_i,
    .msip_i,
    .lcofi_i,
    .mtime_i,
    .pmu_csr_we_o,
    .pmu_csr_addr_o,
    .pmu_csr_wdata_o,
    .pmu_csr_rdata_i,
    .commit_o,
    .probe_o
  );

`ifndef SYNTHESIS
  initial begin
    assert (DivLatency == 34) else $fatal(1, "core_top: core_div takes 34 cycles");
  end
`endif

endmodule : core_top
