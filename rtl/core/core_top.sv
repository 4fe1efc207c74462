// StackScope out-of-order RV32IM + Zicsr core: core_frontend (fetch, prediction, decode) and
// core_backend (rename, ROB, reservation stations, execution, LSQ, commit) with the fixed
// ports of docs/dev/core_contract.md. soc_top connects the I-port and D-port to soc_mem.
`default_nettype none

module core_top
  import core_pkg::*;
#(
  // The configuration (core_pkg::core_cfg_t): the named build the model is elaborated as
  // (core_cfg_pkg::CfgBuild, docs/dev/core.md "Named builds") unless the instance gives one.
  parameter core_cfg_t Cfg = core_cfg_pkg::CfgBuild
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [31:0]               boot_addr_i,
  input  logic                      fast_alu_i,
  input  logic [31:0]               ram_size_i,  // RAM bytes from core_pkg::RamBase (static)
  input  logic                      perfect_bp_i,
  // I-port
  output ic_req_t                   ic_req_o,
  input  ic_rsp_t                   ic_rsp_i,
  output logic                      ic_kill_o,
  // D-port
  output dc_req_t                   dc_req_o,
  input  dc_rsp_t                   dc_rsp_i,
  output logic                      fencei_req_o,
  input  logic                      fencei_done_i,
  input  logic [3:0]                mem_outstanding_i,
  // Interrupts and time
  input  irq_t                      irq_i,
  input  logic [63:0]               mtime_i,
  // Counter CSRs served by pmu_top
  output pmu_csr_req_t              pmu_csr_o,
  input  logic [31:0]               pmu_csr_rdata_i,
  // Lockstep trace and probe bus
  output commit_t [Cfg.CommitWidth-1:0] commit_o,
`ifndef SYNTHESIS
  output probe_pkg::core_obs_t      obs_o,  // simulation only: the harness's ProbeCheck
`endif
  output probe_pkg::probe_t         probe_o
);

  localparam int unsigned FetchWidth = Cfg.FetchWidth;

  logic [FetchWidth-1:0]    fe_valid;
  fe_uop_t [FetchWidth-1:0] fe_uop;
  logic [TakeW-1:0]         fe_take;
  fe_redirect_t             redirect;
  bp_update_t               bp_upd;
  logic                     fe_icache_miss, fe_recover, fe_misfetch;
`ifndef SYNTHESIS
  logic                     fe_dec_redirect;
  probe_pkg::core_obs_t     be_obs;
  always_comb begin : observe
    obs_o              = be_obs;
    obs_o.dec_redirect = fe_dec_redirect;
    obs_o.be_redirect  = redirect.valid;
  end
`endif

  core_frontend #(
    .FetchWidth    (FetchWidth),
    .GshareEntries (Cfg.GshareEntries),
    .BtbEntries    (Cfg.BtbEntries)
  ) u_frontend (
    .clk_i,
    .rst_ni,
    .boot_addr_i,
    .ic_req_o,
    .ic_rsp_i,
    .ic_kill_o,
    .fe_valid_o        (fe_valid),
    .fe_uop_o          (fe_uop),
    .fe_take_i         (fe_take),
    .redirect_i        (redirect),
    .bp_upd_i          (bp_upd),
    .perfect_bp_i,
    .fe_icache_miss_o  (fe_icache_miss),
    .fe_recover_o      (fe_recover),
`ifndef SYNTHESIS
    .dec_redirect_o    (fe_dec_redirect),
`endif
    .fe_misfetch_o     (fe_misfetch)
  );

  core_backend #(.Cfg(core_cfg(Cfg))) u_backend (
    .clk_i,
    .rst_ni,
    .fast_alu_i,
    .ram_size_i,
    .fe_valid_i        (fe_valid),
    .fe_uop_i          (fe_uop),
    .fe_take_o         (fe_take),
    .redirect_o        (redirect),
    .bp_upd_o          (bp_upd),
    .fe_icache_miss_i  (fe_icache_miss),
    .fe_recover_i      (fe_recover),
    .fe_misfetch_i     (fe_misfetch),
    .dc_req_o,
    .dc_rsp_i,
    .fencei_req_o,
    .fencei_done_i,
    .mem_outstanding_i,
    .irq_i,
    .mtime_i,
    .pmu_csr_o,
    .pmu_csr_rdata_i,
    .commit_o,
`ifndef SYNTHESIS
    .obs_o             (be_obs),
`endif
    .probe_o
  );

endmodule : core_top
