// Back end of the out-of-order core (docs/dev/core.md "Back end", ports docs/dev/core_contract.md):
// the thin top that connects its stages, in the manner of Ibex and CVA6 --
//   be_rename      map table, free list, ready table; dispatch (all or a prefix of a group)
//   be_issue       reservation stations (be_rs), select, register file, ALUs, branch unit,
//                  multiplier, divider, AGU and the write-back / wake-up ports
//   be_lsq         load queue, store queue / store buffer, forwarding, D-port
//   be_rob_commit  ROB, in-order commit with precise traps, CSR file, redirects
//   be_probe       the probe bus to the PMU (docs/dev/probe.md)
//   be_tracer      the pipeline-trace DPI calls (simulation only)
// and the two types the stages share (RS payload, ROB entry), whose widths follow the
// parameters.
//
// Recovery: every flush happens at commit and discards everything younger than the
// flushing uop, i.e. the whole window: the map table is restored from the committed map and
// the free list's allocation pointer from its committed copy. A mispredicted branch redirects
// the front end as soon as it executes; dispatch then waits until the branch commits.
`default_nettype none

module core_backend
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg = core_cfg_pkg::CfgDefault
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  input  logic                         fast_alu_i,
  input  logic [31:0]                  ram_size_i,  // RAM bytes from RamBase (static)
  // Front end (contract section 3)
  input  logic [Cfg.FetchWidth-1:0]    fe_valid_i,
  input  fe_uop_t [Cfg.FetchWidth-1:0] fe_uop_i,
  output logic [TakeW-1:0]             fe_take_o,
  output fe_redirect_t                 redirect_o,
  output bp_update_t                   bp_upd_o,
  input  logic                         fe_icache_miss_i,
  input  logic                         fe_recover_i,
  input  logic                         fe_misfetch_i,
  // D-port (contract section 2)
  output dc_req_t                      dc_req_o,
  input  dc_rsp_t                      dc_rsp_i,
  output logic                         fencei_req_o,
  input  logic                         fencei_done_i,
  input  logic [3:0]                   mem_outstanding_i,
  // Interrupts and time
  input  irq_t                         irq_i,
  input  logic [63:0]                  mtime_i,
  // Counter CSRs served by pmu_top (contract section 4)
  output pmu_csr_req_t                 pmu_csr_o,
  input  logic [31:0]                  pmu_csr_rdata_i,
  output commit_t [Cfg.CommitWidth-1:0] commit_o,
`ifndef SYNTHESIS
  output probe_pkg::core_obs_t           obs_o,  // simulation only (be_probe)
`endif
  output probe_pkg::probe_t              probe_o
);

  // -------------------------------------------------------------------------------------
  // Types shared by the stages (their widths follow this instance's parameters, so they are
  // defined here and passed down as type parameters).
  typedef struct packed {
    logic [Cfg.RobW-1:0] rob;
    logic [Cfg.PW-1:0] pdst;
    logic            has_dst;
    logic [31:0]     pc;
    logic [31:0]     pred_npc;
    uop_t            uop;
    logic [Cfg.LqW-1:0] lq;
    logic [Cfg.SqW-1:0] sq;
  } rs_payload_t;

  typedef struct packed {
    logic            done;
    logic            exc;
    logic [31:0]     cause;
    logic [31:0]     tval;
    logic            replay;   // memory-ordering violation: re-fetch this load
    logic            serial;   // flush and re-fetch after it commits (CSR, mret, fence.i)
    logic            mispred;
    logic            ctrl;     // branch or jump: trains the predictor at commit
    logic            taken;
    logic [31:0]     target;   // branch/jump target (taken or not)
    logic [31:0]     pc;
    logic [31:0]     insn;
    logic [31:0]     seq;
    bp_meta_t        meta;
    op_class_e       cls;
    logic            has_dst;
    logic            rd_fp;    // rd is an f register
    logic [4:0]      rd;
    logic [Cfg.PW-1:0] pdst;
    logic [Cfg.PW-1:0] old_pdst;
    logic [Cfg.LqW-1:0] lq;
    logic [Cfg.SqW-1:0] sq;
    logic            mmio;     // store outside RAM: performed at the head before it commits
    logic [31:0]     csr_src;  // CSR op: its rs1 value / uimm, used when it commits
    fpu_pkg::fpu_flags_t fflags;  // FP op: the exception flags it raised (accrue at commit)
  } rob_t;

  // -------------------------------------------------------------------------------------
  // Interconnect
  // Dispatch / rename
  logic [Cfg.DispatchWidth-1:0]           d_ok, d_dst, d_load, d_store, d_rdy1, d_rdy2;
  logic [TakeW-1:0]                       disp_n;
  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_pdst, d_old, d_src1, d_src2, d_src3;
  logic [Cfg.DispatchWidth-1:0]           d_rdy3;
  logic [Cfg.DispatchWidth-1:0][Cfg.LqW-1:0] d_lq;
  logic [Cfg.DispatchWidth-1:0][Cfg.SqW-1:0] d_sq;
  logic [Cfg.DispatchWidth-1:0][2:0]      d_funct3;
  logic [NumRsClasses-1:0][Cfg.DispatchWidth-1:0] rs_alloc;
  rs_payload_t [Cfg.DispatchWidth-1:0]    rs_payload;
  logic                                   d_block;
  logic                                   st_rob_full, st_rs_full, st_lsq_full, st_preg;
  logic [Cfg.NumTags-1:0]                 rdy;
  // Issue / execute
  logic [Cfg.RsCntW-1:0]                  rs_free [NumRsClasses];
  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_valid, rs_ready, rs_issue;
  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src1, rs_src2, rs_src3;
  rs_payload_t [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_pl;
  logic [Cfg.NumPorts-1:0]                sel_grant, grant;
  rs_payload_t [Cfg.NumPorts-1:0]         sel_iu, iu;
  logic [Cfg.NumPorts-1:0][31:0]          opa;
  logic                                   br_taken, br_misal, br_mispred, redirect_exec;
  logic [31:0]                            br_target, br_npc;
  logic                                   mul_done, div_done;
  logic [Cfg.RobW-1:0]                    mul_rob, div_rob;
  // The AGU's result in its execute cycle (agu_x) and as the LSQ, the ROB and the trace see it
  // (agu_m): the same, or with LsqStage from a register one cycle later (docs/dev/core.md
  // "LSQ stages"), so the address add reaches neither the LSQ nor the ROB in its cycle.
  typedef struct packed {
    logic                v, load, store, exc, mmio;
    logic [31:0]         cause, addr, sdata;
    logic [2:0]          size;
    logic [Cfg.RobW-1:0] rob;
    logic [Cfg.LqW-1:0]  lq;
    logic [Cfg.SqW-1:0]  sq;
  } agu_out_t;
  agu_out_t                               agu_x, agu_m;
  logic [Cfg.NumWb-1:0]                   wb_valid;
  logic [Cfg.NumWb-1:0][Cfg.PW-1:0]       wb_tag;
  logic [Cfg.CommitWidth-1:0][Cfg.PW-1:0] cmt_tag;  // the commit record's register reads
  logic [Cfg.CommitWidth-1:0][31:0]       cmt_val;
  logic [Cfg.FpUnits-1:0]                 fma_done;
  logic [Cfg.FpUnits-1:0][Cfg.RobW-1:0]   fma_rob;
  fpu_pkg::fpu_flags_t [Cfg.FpUnits-1:0]  fma_flags;
  logic                                   fdiv_done;
  logic [Cfg.RobW-1:0]                    fdiv_rob;
  fpu_pkg::fpu_flags_t                    fdiv_flags;
  logic [2:0]                             frm;
  logic                                   fs_off;
  // Load/store queues
  logic [Cfg.LqW:0]                       lq_cnt;
  logic [Cfg.LqW-1:0]                     lq_tail;
  logic [Cfg.SqW:0]                       sq_cnt, sb_cnt;
  logic [Cfg.SqW-1:0]                     sq_tail, sq_head;
  logic                                   ld_wb_valid, fwd_wb_valid;
  logic [Cfg.PW-1:0]                      ld_wb_tag, fwd_wb_tag;
  logic [31:0]                            ld_wb_data, fwd_wb_data, ld_addr;
  logic                                   fwd_done, ld_done, st_ans;
  logic [Cfg.RobW-1:0]                    fwd_rob, ld_rob;
  logic [Cfg.LqEntries-1:0]               lq_replay, lq_valid, lq_busy, lq_miss1, lq_miss2;
  logic [Cfg.LqEntries-1:0][Cfg.RobW-1:0] lq_rob;
  logic [Cfg.SqEntries-1:0][31:0]         sq_addr, sq_data;
  logic [Cfg.SqEntries-1:0][2:0]          sq_size;
  // ROB / commit
  logic [Cfg.RobW-1:0]                    rob_head, rob_head_d, rob_tail, pend_rob;
  logic [Cfg.RobW:0]                      rob_cnt;
  logic                                   pend;
  rob_t                                   nh;
  rob_t [Cfg.CommitWidth-1:0]             hd;
  logic [Cfg.CommitWidth-1:0]             hv, cmt, cmt_dst, cmt_ld;
  logic [TakeW-1:0]                       cmt_n;
  logic                                   sb_no_room;  // no store-buffer room after commit
  logic                                   flush, cmt_mispred, cmt_exception, cmt_clear;
  logic [31:0]                            flush_pc;
  logic                                   mmio_start, mmio_busy, mmio_ans, fencei_done;
  logic                                   csr_wb_valid;
  logic [Cfg.PW-1:0]                      csr_wb_tag;
  logic [31:0]                            csr_wb_data;

  // RV32F at dispatch: with mstatus.FS = Off every F instruction is illegal, and an op that
  // rounds with the dynamic mode takes frm, or is illegal for frm 5..7 (the ISS's rules). The
  // state is the CSR file's committed one: only CSR ops change it, and they flush everything
  // younger when they commit, so every uop that commits was dispatched after the last change.
  fe_uop_t [Cfg.FetchWidth-1:0] fe_uop_g;
  always_comb begin : fp_dispatch
    for (int unsigned w = 0; w < Cfg.FetchWidth; w++) begin
      fe_uop_g[w] = fe_uop_i[w];
      if (!fe_uop_i[w].fetch_err && fe_uop_i[w].uop.fp) begin
        if (fs_off || (fe_uop_i[w].uop.rm_used && fe_uop_i[w].uop.rm == fpu_pkg::RmDyn
                       && frm > 3'd4)) begin
          fe_uop_g[w].uop.cls   = ClsIllegal;
          fe_uop_g[w].uop.rd_we = 1'b0;
        end else if (fe_uop_i[w].uop.rm == fpu_pkg::RmDyn) begin
          fe_uop_g[w].uop.rm = fpu_pkg::fpu_rm_e'(frm);
        end
      end
    end
  end

  // Dispatch waits while a branch redirects from execute, a flush commits, or a mispredicted
  // branch that redirected is not yet committed.
  assign d_block   = pend || flush || redirect_exec;
  assign fe_take_o = disp_n;
  for (genvar w = 0; w < Cfg.DispatchWidth; w++) begin : gen_funct3
    assign d_funct3[w] = fe_uop_g[w].uop.funct3;
  end

  // -------------------------------------------------------------------------------------
  // Stages
  be_rename #(
    .Cfg          (Cfg),
    .rob_t        (rob_t),
    .rs_payload_t (rs_payload_t)
  ) u_rename (
    .clk_i,
    .rst_ni,
    .fe_valid_i,
    .fe_uop_i      (fe_uop_g),
    .block_i       (d_block),
    .flush_i       (flush),
    .rob_cnt_i     (rob_cnt),
    .rob_tail_i    (rob_tail),
    .lq_cnt_i      (lq_cnt),
    .lq_tail_i     (lq_tail),
    .lq_busy_i     (lq_busy),
    .sq_cnt_i      (sq_cnt),
    .sq_tail_i     (sq_tail),
    .rs_free_i     (rs_free),
    .wb_valid_i    (wb_valid),
    .wb_tag_i      (wb_tag),
    .cmt_dst_i     (cmt_dst),
    .hd_i          (hd),
    .d_ok_o        (d_ok),
    .disp_n_o      (disp_n),
    .d_dst_o       (d_dst),
    .d_load_o      (d_load),
    .d_store_o     (d_store),
    .d_pdst_o      (d_pdst),
    .d_old_o       (d_old),
    .d_lq_o        (d_lq),
    .d_sq_o        (d_sq),
    .rs_alloc_o    (rs_alloc),
    .rs_payload_o  (rs_payload),
    .d_src1_o      (d_src1),
    .d_src2_o      (d_src2),
    .d_rdy1_o      (d_rdy1),
    .d_rdy2_o      (d_rdy2),
    .d_src3_o      (d_src3),
    .d_rdy3_o      (d_rdy3),
    .st_rob_full_o (st_rob_full),
    .st_rs_full_o  (st_rs_full),
    .st_lsq_full_o (st_lsq_full),
    .st_preg_o     (st_preg),
    .rdy_o         (rdy)
  );

  be_issue #(
    .Cfg          (Cfg),
    .rs_payload_t (rs_payload_t)
  ) u_issue (
    .clk_i,
    .rst_ni,
    .fast_alu_i,
    .ram_size_i,
    .flush_i         (flush),
    .rob_head_i      (rob_head),
    .rs_alloc_i      (rs_alloc),
    .rs_payload_i    (rs_payload),
    .d_src1_i        (d_src1),
    .d_src2_i        (d_src2),
    .d_rdy1_i        (d_rdy1),
    .d_rdy2_i        (d_rdy2),
    .d_src3_i        (d_src3),
    .d_rdy3_i        (d_rdy3),
    .rs_free_o       (rs_free),
    .rs_valid_o      (rs_valid),
    .rs_ready_o      (rs_ready),
    .rs_issue_o      (rs_issue),
    .rs_src1_o       (rs_src1),
    .rs_src2_o       (rs_src2),
    .rs_src3_o       (rs_src3),
    .rs_pl_o         (rs_pl),
    .sel_grant_o     (sel_grant),
    .sel_iu_o        (sel_iu),
    .grant_o         (grant),
    .iu_o            (iu),
    .opa_o           (opa),
    .pend_i          (pend),
    .pend_rob_i      (pend_rob),
    .br_taken_o      (br_taken),
    .br_target_o     (br_target),
    .br_npc_o        (br_npc),
    .br_misal_o      (br_misal),
    .br_mispred_o    (br_mispred),
    .redirect_exec_o (redirect_exec),
    .mul_done_o      (mul_done),
    .mul_rob_o       (mul_rob),
    .div_done_o      (div_done),
    .div_rob_o       (div_rob),
    .fma_done_o      (fma_done),
    .fma_rob_o       (fma_rob),
    .fma_flags_o     (fma_flags),
    .fdiv_done_o     (fdiv_done),
    .fdiv_rob_o      (fdiv_rob),
    .fdiv_flags_o    (fdiv_flags),
    .agu_load_o      (agu_x.load),
    .agu_store_o     (agu_x.store),
    .agu_exc_o       (agu_x.exc),
    .agu_cause_o     (agu_x.cause),
    .agu_mmio_o      (agu_x.mmio),
    .agu_addr_o      (agu_x.addr),
    .agu_sdata_o     (agu_x.sdata),
    .agu_size_o      (agu_x.size),
    .ld_wb_valid_i   (ld_wb_valid),
    .ld_wb_tag_i     (ld_wb_tag),
    .ld_wb_data_i    (ld_wb_data),
    .fwd_wb_valid_i  (fwd_wb_valid),
    .fwd_wb_tag_i    (fwd_wb_tag),
    .fwd_wb_data_i   (fwd_wb_data),
    .csr_wb_valid_i  (csr_wb_valid),
    .csr_wb_tag_i    (csr_wb_tag),
    .csr_wb_data_i   (csr_wb_data),
    .wb_valid_o      (wb_valid),
    .wb_tag_o        (wb_tag),
    .cmt_tag_i       (cmt_tag),
    .cmt_val_o       (cmt_val)
  );

  assign agu_x.v   = grant[Cfg.PAgu];
  assign agu_x.rob = iu[Cfg.PAgu].rob;
  assign agu_x.lq  = iu[Cfg.PAgu].lq;
  assign agu_x.sq  = iu[Cfg.PAgu].sq;
  if (Cfg.LsqStage == 0) begin : gen_agu_now
    assign agu_m = agu_x;
  end else begin : gen_agu_reg
    // grant is gated by the flush of its cycle; a flush in the register's cycle is the
    // consumers' to apply, as in the execute cycle without the register.
    always_ff @(posedge clk_i or negedge rst_ni) begin : agu_reg
      if (!rst_ni) agu_m <= '0;
      else         agu_m <= agu_x;
    end
  end

  be_lsq #(
    .Cfg          (Cfg),
    .rob_t        (rob_t)
  ) u_lsq (
    .clk_i,
    .rst_ni,
    .flush_i          (flush),
    .rob_head_i       (rob_head),
    .d_ok_i           (d_ok),
    .d_load_i         (d_load),
    .d_store_i        (d_store),
    .d_dst_i          (d_dst),
    .d_pdst_i         (d_pdst),
    .d_lq_i           (d_lq),
    .d_sq_i           (d_sq),
    .d_funct3_i       (d_funct3),
    .rob_tail_i       (rob_tail),
    .lq_cnt_o         (lq_cnt),
    .lq_tail_o        (lq_tail),
    .sq_cnt_o         (sq_cnt),
    .sq_tail_o        (sq_tail),
    .agu_load_i       (agu_m.load),
    .agu_store_i      (agu_m.store),
    .agu_exc_i        (agu_m.exc),
    .agu_addr_i       (agu_m.addr),
    .agu_sdata_i      (agu_m.sdata),
    .agu_size_i       (agu_m.size),
    .agu_rob_i        (agu_m.rob),
    .agu_lq_i         (agu_m.lq),
    .agu_sq_i         (agu_m.sq),
    .cmt_i            (cmt),
    .cmt_ld_i         (cmt_ld),
    .hd_i             (hd),
    .mmio_start_i     (mmio_start),
    .mmio_busy_i      (mmio_busy),
    .dc_req_o,
    .dc_rsp_i,
    .ld_wb_valid_o    (ld_wb_valid),
    .ld_wb_tag_o      (ld_wb_tag),
    .ld_wb_data_o     (ld_wb_data),
    .fwd_wb_valid_o   (fwd_wb_valid),
    .fwd_wb_tag_o     (fwd_wb_tag),
    .fwd_wb_data_o    (fwd_wb_data),
    .fwd_done_o       (fwd_done),
    .fwd_rob_o        (fwd_rob),
    .ld_done_o        (ld_done),
    .ld_rob_o         (ld_rob),
    .ld_addr_o        (ld_addr),
    .lq_replay_o      (lq_replay),
    .lq_rob_o         (lq_rob),
    .st_ans_o         (st_ans),
    .sq_head_o        (sq_head),
    .sq_addr_o        (sq_addr),
    .sq_data_o        (sq_data),
    .sq_size_o        (sq_size),
    .sb_cnt_o         (sb_cnt),
    .lq_valid_o       (lq_valid),
    .lq_busy_o        (lq_busy),
    .lq_miss1_o       (lq_miss1),
    .lq_miss2_o       (lq_miss2)
  );

  be_rob_commit #(
    .Cfg          (Cfg),
    .rob_t        (rob_t),
    .rs_payload_t (rs_payload_t)
  ) u_rob_commit (
    .clk_i,
    .rst_ni,
    .fe_uop_i          (fe_uop_g[Cfg.DispatchWidth-1:0]),
    .d_ok_i            (d_ok),
    .disp_n_i          (disp_n),
    .d_dst_i           (d_dst),
    .d_pdst_i          (d_pdst),
    .d_old_i           (d_old),
    .d_lq_i            (d_lq),
    .d_sq_i            (d_sq),
    .grant_i           (grant),
    .iu_i              (iu),
    .opa_i             (opa),
    .br_taken_i        (br_taken),
    .br_target_i       (br_target),
    .br_npc_i          (br_npc),
    .br_misal_i        (br_misal),
    .br_mispred_i      (br_mispred),
    .redirect_exec_i   (redirect_exec),
    .mul_done_i        (mul_done),
    .mul_rob_i         (mul_rob),
    .div_done_i        (div_done),
    .div_rob_i         (div_rob),
    .fma_done_i        (fma_done),
    .fma_rob_i         (fma_rob),
    .fma_flags_i       (fma_flags),
    .fdiv_done_i       (fdiv_done),
    .fdiv_rob_i        (fdiv_rob),
    .fdiv_flags_i      (fdiv_flags),
    .agu_v_i           (agu_m.v),
    .agu_rob_i         (agu_m.rob),
    .agu_store_i       (agu_m.store),
    .agu_exc_i         (agu_m.exc),
    .agu_cause_i       (agu_m.cause),
    .agu_mmio_i        (agu_m.mmio),
    .agu_addr_i        (agu_m.addr),
    .fwd_done_i        (fwd_done),
    .fwd_rob_i         (fwd_rob),
    .ld_done_i         (ld_done),
    .ld_rob_i          (ld_rob),
    .ld_addr_i         (ld_addr),
    .dc_err_i          (dc_rsp_i.err),
    .lq_replay_i       (lq_replay),
    .lq_rob_i          (lq_rob),
    .st_ans_i          (st_ans),
    .sq_head_i         (sq_head),
    .sq_addr_i         (sq_addr),
    .sq_data_i         (sq_data),
    .sq_size_i         (sq_size),
    .sb_cnt_i          (sb_cnt),
    .cmt_tag_o         (cmt_tag),
    .cmt_val_i         (cmt_val),
    .fencei_req_o,
    .fencei_done_i,
    .irq_i,
    .mtime_i,
    .pmu_csr_o,
    .pmu_csr_rdata_i,
    .rob_head_o        (rob_head),
    .rob_tail_o        (rob_tail),
    .rob_cnt_o         (rob_cnt),
    .pend_o            (pend),
    .pend_rob_o        (pend_rob),
    .rob_head_d_o      (rob_head_d),
    .nh_o              (nh),
    .hd_o              (hd),
    .hv_o              (hv),
    .cmt_o             (cmt),
    .cmt_n_o           (cmt_n),
    .sb_no_room_o      (sb_no_room),
    .cmt_dst_o         (cmt_dst),
    .cmt_ld_o          (cmt_ld),
    .flush_o           (flush),
    .flush_pc_o        (flush_pc),
    .cmt_mispred_o     (cmt_mispred),
    .cmt_exception_o   (cmt_exception),
    .cmt_clear_o       (cmt_clear),
    .mmio_start_o      (mmio_start),
    .mmio_busy_o       (mmio_busy),
    .mmio_ans_o        (mmio_ans),
    .fencei_done_o     (fencei_done),
    .csr_wb_valid_o    (csr_wb_valid),
    .csr_wb_tag_o      (csr_wb_tag),
    .csr_wb_data_o     (csr_wb_data),
    .frm_o             (frm),
    .fs_off_o          (fs_off),
    .redirect_o,
    .bp_upd_o,
    .commit_o
  );

  be_probe #(
    .Cfg          (Cfg),
    .rob_t        (rob_t),
    .rs_payload_t (rs_payload_t)
  ) u_probe (
    .clk_i,
    .rst_ni,
    .fe_valid_i,
    .fe_uop_i          (fe_uop_g),
    .fe_icache_miss_i,
    .fe_recover_i,
    .fe_misfetch_i,
    .disp_n_i          (disp_n),
    .d_ok_i            (d_ok),
    .d_dst_i           (d_dst),
    .d_pdst_i          (d_pdst),
    .d_lq_i            (d_lq),
    .d_block_i         (d_block),
    .st_rob_full_i     (st_rob_full),
    .st_rs_full_i      (st_rs_full),
    .st_lsq_full_i     (st_lsq_full),
    .st_preg_i         (st_preg),
    .rdy_i             (rdy),
    .grant_i           (sel_grant),
    .iu_i              (sel_iu),
    .rs_valid_i        (rs_valid),
    .rs_ready_i        (rs_ready),
    .rs_issue_i        (rs_issue),
    .rs_src1_i         (rs_src1),
    .rs_src2_i         (rs_src2),
    .rs_src3_i         (rs_src3),
    .rs_pl_i           (rs_pl),
    .redirect_exec_i   (redirect_exec),
    .lq_valid_i        (lq_valid),
    .lq_busy_i         (lq_busy),
    .lq_miss1_i        (lq_miss1),
    .lq_miss2_i        (lq_miss2),
    .dc_l1miss_tags_i  (dc_rsp_i.l1miss_tags[Cfg.LqEntries-1:0]),
    .dc_l2miss_tags_i  (dc_rsp_i.l2miss_tags[Cfg.LqEntries-1:0]),
    .st_l1miss_i       (dc_rsp_i.l1miss_tags[2**DcTagW-1]),  // the store tag (be_lsq)
    .st_l2miss_i       (dc_rsp_i.l2miss_tags[2**DcTagW-1]),
    .st_ans_i          (st_ans),
    .dc_rlevel_i       (dc_rsp_i.rlevel),
    .sb_cnt_i          (sb_cnt),
    .sb_no_room_i      (sb_no_room),
    .mem_outstanding_i,
    .rob_head_i        (rob_head),
    .rob_tail_i        (rob_tail),
    .rob_cnt_i         (rob_cnt),
    .rob_head_d_i      (rob_head_d),
    .nh_i              (nh),
    .hd_i              (hd),
    .hv_i              (hv),
    .cmt_i             (cmt),
    .cmt_n_i           (cmt_n),
    .flush_i           (flush),
    .flush_pc_i        (flush_pc),
    .cmt_mispred_i     (cmt_mispred),
    .cmt_clear_i       (cmt_clear),
    .cmt_exception_i   (cmt_exception),
`ifndef SYNTHESIS
    .obs_o,
`endif
    .probe_o
  );

`ifndef SYNTHESIS
  be_tracer #(
    .Cfg          (Cfg),
    .rs_payload_t (rs_payload_t)
  ) u_tracer (
    .clk_i,
    .rst_ni,
    .fe_uop_i      (fe_uop_g),
    .d_ok_i        (d_ok),
    .rob_head_i    (rob_head),
    .rob_tail_i    (rob_tail),
    .grant_i       (grant),
    .iu_i          (iu),
    .agu_v_i       (agu_m.v),
    .agu_rob_i     (agu_m.rob),
    .agu_exc_i     (agu_m.exc),
    .agu_store_i   (agu_m.store),
    .agu_mmio_i    (agu_m.mmio),
    .mul_done_i    (mul_done),
    .mul_rob_i     (mul_rob),
    .div_done_i    (div_done),
    .div_rob_i     (div_rob),
    .fma_done_i    (fma_done),
    .fma_rob_i     (fma_rob),
    .fdiv_done_i   (fdiv_done),
    .fdiv_rob_i    (fdiv_rob),
    .fwd_done_i    (fwd_done),
    .fwd_rob_i     (fwd_rob),
    .ld_done_i     (ld_done),
    .ld_rob_i      (ld_rob),
    .mmio_ans_i    (mmio_ans),
    .fencei_done_i (fencei_done),
    .cmt_i         (cmt),
    .flush_i       (flush)
  );
`endif

  logic [Cfg.FetchWidth-1:0] fe_pred_taken;  // the back end checks pred_npc instead
  for (genvar w = 0; w < Cfg.FetchWidth; w++) begin : gen_unused
    assign fe_pred_taken[w] = fe_uop_i[w].pred_taken;
  end
  logic unused;
  assign unused = ^{fe_pred_taken, mmio_ans, fencei_done};  // the last two: be_tracer only

`ifndef SYNTHESIS
  initial begin
    // A parameter set these reject is reported by the harness as one line (SocSim::built_params).
    assert (Cfg.DispatchWidth <= Cfg.FetchWidth) else $error("DispatchWidth > FetchWidth");
    assert (Cfg.DispatchWidth >= 1 && Cfg.DispatchWidth <= 4) else $error("DispatchWidth: 1..4");
    assert (Cfg.CommitWidth >= 1 && Cfg.CommitWidth <= 4) else $error("CommitWidth: 1..4");
    assert (Cfg.NumAlu >= 1 && Cfg.NumAlu <= 4) else $error("NumAlu: 1..4");
    assert (Cfg.LqEntries <= 2**DcTagW - 1)
      else $error("LqEntries %0d: at most %0d (load tags of core_pkg::DcTagW bits, all ones is the store)",
                  Cfg.LqEntries, 2**DcTagW / 2);
    assert (2**Cfg.RobW == Cfg.RobEntries && 2**Cfg.PW == Cfg.NumTags && Cfg.PhysRegs > 32)
      else $error("RobEntries and PhysRegs: powers of 2, PhysRegs > 32");
    assert (Cfg.FpUnits >= 1 && Cfg.FpUnits <= probe_pkg::MaxFpUnits)
      else $error("FpUnits: 1..%0d", probe_pkg::MaxFpUnits);
    assert (2**Cfg.LqW == Cfg.LqEntries && 2**Cfg.SqW == Cfg.SqEntries)
      else $error("LqEntries and SqEntries: powers of 2");
  end
`endif

endmodule : core_backend
