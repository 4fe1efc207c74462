// Harness wrapper of core_frontend for tb/units/fe_unit: flattens the fe_uop_t slots and the
// bp_meta structs into plain per-field ports (always 4 slots) for the C++ mock back end.
`default_nettype none

module fe_unit_top
  import core_pkg::*;
#(
  // The core's configuration (core_cfg_pkg::CfgBuild: a named build, or STACKSCOPE_CFG); the
  // front end takes its FetchWidth, GshareEntries and BtbEntries. The others are this bench's.
  parameter core_cfg_t   Cfg             = core_cfg_pkg::CfgBuild,
  parameter int unsigned FetchBufEntries = Cfg.FetchWidth > 2 ? 16 : 8,
  parameter int unsigned GshareHistBits  = 10,
  parameter int unsigned RasDepth        = 8,
  parameter int unsigned IcOutstanding   = 4
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [31:0]  boot_addr_i,
  output logic         ic_req_o,
  output logic [31:0]  ic_addr_o,
  input  logic         ic_gnt_i,
  input  logic         ic_rvalid_i,
  input  logic         ic_err_i,
  input  logic [127:0] ic_rdata_i,
  input  logic         ic_miss_i,
  output logic [3:0]   fe_valid_o,
  output logic [31:0]  fe_pc_o       [4],
  output logic [31:0]  fe_insn_o     [4],
  output logic [3:0]   fe_cls_o      [4],
  output logic         fe_err_o      [4],
  output logic [31:0]  fe_pred_npc_o [4],
  output logic         fe_pred_taken_o [4],
  output logic [63:0]  fe_meta_o     [4],
  output logic [31:0]  fe_seq_o      [4],
  input  logic [2:0]   fe_take_i,
  input  logic         redirect_i,
  input  logic [31:0]  redirect_pc_i,
  input  logic [31:0]  redirect_seq_i,
  input  logic [63:0]  redirect_meta_i,
  input  logic         redirect_branch_i,
  input  logic         redirect_taken_i,
  input  logic         bp_upd_valid_i,
  input  logic [31:0]  bp_upd_pc_i,
  input  logic [31:0]  bp_upd_target_i,
  input  logic         bp_upd_taken_i,
  input  logic [2:0]   bp_upd_kind_i,
  input  logic [63:0]  bp_upd_meta_i,
  input  logic         perfect_bp_i,
  output logic         fe_icache_miss_o,
  output logic         fe_recover_o
);

  localparam int unsigned FetchWidth = Cfg.FetchWidth;

  logic [FetchWidth-1:0]    valid;
  fe_uop_t [FetchWidth-1:0] uops;
  ic_req_t                  ic_req;
  fe_redirect_t             redirect;
  bp_update_t               bp_upd;
  // Outputs this bench does not take: the kill of requests in flight (its I-cache stand-in,
  // fe_unit_main.cpp, answers every request it was given) and two observation bits of core_top's
  // obs_o.
  logic                     unused_ic_kill, unused_dec_redirect, unused_fe_misfetch;

  assign ic_req_o  = ic_req.req;
  assign ic_addr_o = ic_req.addr;
  assign redirect  = '{valid: redirect_i, pc: redirect_pc_i, seq: redirect_seq_i,
                       meta: bp_meta_t'(redirect_meta_i[$bits(bp_meta_t)-1:0]),
                       branch: redirect_branch_i, taken: redirect_taken_i};
  assign bp_upd    = '{valid: bp_upd_valid_i, pc: bp_upd_pc_i, target: bp_upd_target_i,
                       taken: bp_upd_taken_i, kind: br_kind_e'(bp_upd_kind_i),
                       meta: bp_meta_t'(bp_upd_meta_i[$bits(bp_meta_t)-1:0])};

  core_frontend #(
    .FetchWidth      (FetchWidth),
    .FetchBufEntries (FetchBufEntries),
    .GshareHistBits  (GshareHistBits),
    .GshareEntries   (Cfg.GshareEntries),
    .BtbEntries      (Cfg.BtbEntries),
    .RasDepth        (RasDepth),
    .IcOutstanding   (IcOutstanding)
  ) u_fe (
    .clk_i,
    .rst_ni,
    .boot_addr_i,
    .ic_req_o          (ic_req),
    .ic_rsp_i          ('{gnt: ic_gnt_i, rvalid: ic_rvalid_i, err: ic_err_i, rdata: ic_rdata_i,
                          miss: ic_miss_i}),
    .fe_valid_o        (valid),
    .fe_uop_o          (uops),
    .fe_take_i,
    .redirect_i        (redirect),
    .bp_upd_i          (bp_upd),
    .perfect_bp_i,
    .fe_icache_miss_o,
    .fe_recover_o,
    .ic_kill_o         (unused_ic_kill),
    .dec_redirect_o    (unused_dec_redirect),
    .fe_misfetch_o     (unused_fe_misfetch)
  );

  assign fe_valid_o = 4'(valid);

  for (genvar w = 0; w < 4; w++) begin : gen_flatten
    if (w < FetchWidth) begin : gen_slot
      assign fe_pc_o[w]         = uops[w].pc;
      assign fe_insn_o[w]       = uops[w].insn;
      assign fe_cls_o[w]        = uops[w].uop.cls;
      assign fe_err_o[w]        = uops[w].fetch_err;
      assign fe_pred_npc_o[w]   = uops[w].pred_npc;
      assign fe_pred_taken_o[w] = uops[w].pred_taken;
      assign fe_meta_o[w]       = 64'(uops[w].bp_meta);
      assign fe_seq_o[w]        = uops[w].seq;
    end else begin : gen_none
      assign fe_pc_o[w]         = '0;
      assign fe_insn_o[w]       = '0;
      assign fe_cls_o[w]        = '0;
      assign fe_err_o[w]        = 1'b0;
      assign fe_pred_npc_o[w]   = '0;
      assign fe_pred_taken_o[w] = 1'b0;
      assign fe_meta_o[w]       = '0;
      assign fe_seq_o[w]        = '0;
    end
  end

endmodule : fe_unit_top
