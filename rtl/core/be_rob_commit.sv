// Reorder buffer and commit stage of the back end (docs/dev/core.md "Back end"): ROB entries
// written at dispatch and completed by the units, in-order commit of up to CommitWidth uops
// with precise traps and interrupts, the machine-mode CSR file (a CSR op acts in its commit
// cycle), the head-of-ROB operations (fence.i, MMIO store), the commit-time redirect and
// predictor update, and the registered commit records for lockstep.
//
// Every flush happens at commit and discards everything younger than the flushing uop, i.e.
// the whole window. A mispredicted branch redirects the front end as soon as it executes
// (be_issue); dispatch then waits (pend_o) until the branch commits.
`default_nettype none

module be_rob_commit
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg          = core_cfg_pkg::CfgDefault,
  parameter type       rob_t        = logic,  // core_backend's ROB entry
  parameter type       rs_payload_t = logic   // core_backend's RS payload
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  // Dispatch (be_rename): new entries at the tail
  input  fe_uop_t [Cfg.DispatchWidth-1:0] fe_uop_i,
  input  logic [Cfg.DispatchWidth-1:0]  d_ok_i,
  input  logic [TakeW-1:0]              disp_n_i,
  input  logic [Cfg.DispatchWidth-1:0]  d_dst_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_pdst_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_old_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.LqW-1:0] d_lq_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.SqW-1:0] d_sq_i,
  // Completions from be_issue
  input  logic [Cfg.NumPorts-1:0]       grant_i,
  input  rs_payload_t [Cfg.NumPorts-1:0] iu_i,
  input  logic [Cfg.NumPorts-1:0][31:0] opa_i,
  input  logic                          br_taken_i,
  input  logic [31:0]                   br_target_i,
  input  logic [31:0]                   br_npc_i,
  input  logic                          br_misal_i,
  input  logic                          br_mispred_i,
  input  logic                          redirect_exec_i,
  input  logic                          mul_done_i,
  input  logic [Cfg.RobW-1:0]           mul_rob_i,
  input  logic                          div_done_i,
  input  logic [Cfg.RobW-1:0]           div_rob_i,
  input  logic [Cfg.FpUnits-1:0]        fma_done_i,
  input  logic [Cfg.FpUnits-1:0][Cfg.RobW-1:0] fma_rob_i,
  input  fpu_pkg::fpu_flags_t [Cfg.FpUnits-1:0] fma_flags_i,
  input  logic                          fdiv_done_i,
  input  logic [Cfg.RobW-1:0]           fdiv_rob_i,
  input  fpu_pkg::fpu_flags_t           fdiv_flags_i,
  input  logic                          agu_v_i,      // the AGU's uop (core_backend's agu_m)
  input  logic [Cfg.RobW-1:0]           agu_rob_i,
  input  logic                          agu_store_i,
  input  logic                          agu_exc_i,    // the AGU's uop faults (cause below)
  input  logic [31:0]                   agu_cause_i,
  input  logic                          agu_mmio_i,
  input  logic [31:0]                   agu_addr_i,
  // Completions from be_lsq
  input  logic                          fwd_done_i,
  input  logic [Cfg.RobW-1:0]           fwd_rob_i,
  input  logic                          ld_done_i,
  input  logic [Cfg.RobW-1:0]           ld_rob_i,
  input  logic [31:0]                   ld_addr_i,
  input  logic                          dc_err_i,
  input  logic [Cfg.LqEntries-1:0]      lq_replay_i,
  input  logic [Cfg.LqEntries-1:0][Cfg.RobW-1:0] lq_rob_i,
  input  logic                          st_ans_i,
  input  logic [Cfg.SqW-1:0]            sq_head_i,
  input  logic [Cfg.SqEntries-1:0][31:0] sq_addr_i,
  input  logic [Cfg.SqEntries-1:0][31:0] sq_data_i,
  input  logic [Cfg.SqEntries-1:0][2:0] sq_size_i,
  input  logic [Cfg.SqW:0]              sb_cnt_i,
  // The commit record's destination values: lane k's tag out, its register's value back
  // (be_issue's commit read ports).
  output logic [Cfg.CommitWidth-1:0][Cfg.PW-1:0] cmt_tag_o,
  input  logic [Cfg.CommitWidth-1:0][31:0]       cmt_val_i,
  output logic                          fencei_req_o,
  input  logic                          fencei_done_i,
  // Interrupts and time
  input  irq_t                          irq_i,
  input  logic [63:0]                   mtime_i,
  // Counter CSRs served by pmu_top (contract section 4)
  output pmu_csr_req_t                  pmu_csr_o,
  input  logic [31:0]                   pmu_csr_rdata_i,
  // ROB state
  output logic [Cfg.RobW-1:0]           rob_head_o,
  output logic [Cfg.RobW-1:0]           rob_tail_o,
  output logic [Cfg.RobW:0]             rob_cnt_o,
  output logic                          pend_o,        // a mispredicted branch redirected
  output logic [Cfg.RobW-1:0]           pend_rob_o,
  output logic [Cfg.RobW-1:0]           rob_head_d_o,  // head after this cycle's commits
  output rob_t                          nh_o,          // entry at rob_head_d_o
  // Commit
  output rob_t [Cfg.CommitWidth-1:0]    hd_o,          // the CommitWidth oldest entries
  output logic [Cfg.CommitWidth-1:0]    hv_o,
  output logic [Cfg.CommitWidth-1:0]    cmt_o,
  output logic [TakeW-1:0]              cmt_n_o,
  output logic                          sb_no_room_o,  // no room for a store after this commit
  output logic [Cfg.CommitWidth-1:0]    cmt_dst_o,
  output logic [Cfg.CommitWidth-1:0]    cmt_ld_o,
  output logic                          flush_o,       // commit-time flush of the window
  output logic [31:0]                   flush_pc_o,
  output logic                          cmt_mispred_o,
  output logic                          cmt_exception_o,
  output logic                          cmt_clear_o,
  output logic                          mmio_start_o,
  output logic                          mmio_busy_o,
  output logic                          mmio_ans_o,
  output logic                          fencei_done_o, // the head's fence.i finished
  output logic                          csr_wb_valid_o,  // CSR op's rd, written at commit
  output logic [Cfg.PW-1:0]             csr_wb_tag_o,
  output logic [31:0]                   csr_wb_data_o,
  // RV32F state for dispatch (core_csr; changed only by serialising CSR ops)
  output logic [2:0]                    frm_o,
  output logic                          fs_off_o,
  // Front end: redirect and predictor training
  output fe_redirect_t                  redirect_o,
  output bp_update_t                    bp_upd_o,
  output commit_t [Cfg.CommitWidth-1:0] commit_o
);

  rob_t                  rob_q [Cfg.RobEntries];
  logic [Cfg.RobW-1:0]   rob_head_q, rob_tail_q;
  logic [Cfg.RobW:0]     rob_cnt_q;
  logic                  pend_q;
  logic [Cfg.RobW-1:0]   pend_rob_q;
  logic                  fencei_busy_q, mmio_busy_q;
  commit_t [Cfg.CommitWidth-1:0] commit_q, commit_d;

  logic [31:0] irq_live, csr_rdata, irq_cause, trap_target, mepc;
  logic        irq_take, csr_illegal;
  assign irq_live = {18'b0, irq_i.lcofi, 1'b0, irq_i.meip, 3'b0, irq_i.mtip, 3'b0, irq_i.msip,
                     3'b0};

  // -------------------------------------------------------------------------------------
  // Commit
  rob_t [Cfg.CommitWidth-1:0] hd;
  logic [Cfg.CommitWidth-1:0] hv, cmt;
  logic           take_irq, cmt_trap, cmt_mret, redirect_cmt, flush;
  logic [31:0]    redirect_cmt_pc, redirect_cmt_seq, trap_cause, trap_tval;
  redirect_kind_e redirect_kind;
  logic           csr_go;         // the head CSR op accesses the CSR file and commits
  logic [TakeW-1:0] cmt_n;
  logic           cmt_mispred, cmt_exception, cmt_clear;
  logic [31:0]    flush_pc;

  logic [Cfg.SqW:0] st_n;           // stores committed this cycle (they enter the store buffer)
  // The one store-buffer rule: with n stores committed before it this cycle, a store can only
  // commit if the buffer has room for it (be_probe books a head held by it, sb_no_room_o).
  function automatic logic no_sb_room(logic [Cfg.SqW:0] n);
    return sb_cnt_i + n + 1 > (Cfg.SqW+1)'(Cfg.SbEntries);
  endfunction
  always_comb begin : commit
    logic stop, seen_ctrl;
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
      hd[k] = rob_q[Cfg.RobW'(rob_head_q + Cfg.RobW'(k))];
      hv[k] = rob_cnt_q > (Cfg.RobW+1)'(k);
    end
    // A CSR op reads and writes the CSR file in its commit cycle (contract section 4); an
    // illegal access turns into its trap there.
    if (hv[0] && hd[0].cls == ClsCsr && hd[0].done && !hd[0].exc && csr_illegal) begin
      hd[0].exc   = 1'b1;
      hd[0].cause = CauseIllegalInsn;
      hd[0].tval  = hd[0].insn;
    end
    // Not while the head has performed its side effect (CSR write, MMIO store, fence.i):
    // it must commit, not re-execute after the handler.
    take_irq = irq_take && hv[0] && !fencei_busy_q && !mmio_busy_q
            && !hd[0].mmio && !(hd[0].cls == ClsFenceI && hd[0].done);
    cmt = '0; stop = 1'b0; seen_ctrl = 1'b0; st_n = '0;
    cmt_trap = 1'b0; cmt_mret = 1'b0; flush = 1'b0;
    redirect_cmt = 1'b0; redirect_cmt_pc = '0; redirect_cmt_seq = '0; redirect_kind = RedirPc;
    trap_cause = '0; trap_tval = '0; cmt_n = '0;
    cmt_mispred = 1'b0; cmt_exception = 1'b0; cmt_clear = 1'b0; flush_pc = '0;
    bp_upd_o = '0;
    bp_upd_o.kind = BrNone;
    if (take_irq) begin
      cmt_trap         = 1'b1;
      trap_cause       = irq_cause;
      flush            = 1'b1;
      cmt_exception    = 1'b1;
      flush_pc         = hd[0].pc;
      redirect_cmt     = 1'b1;
      redirect_kind    = RedirTrap;
      redirect_cmt_seq = hd[0].seq + 32'd1;
    end else if (hv[0] && hd[0].replay) begin
      flush            = 1'b1;
      cmt_clear        = 1'b1;
      flush_pc         = hd[0].pc;
      redirect_cmt     = 1'b1;
      redirect_cmt_pc  = hd[0].pc;
      redirect_cmt_seq = hd[0].seq;
    end else begin
      for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
        if (!stop && hv[k] && hd[k].done && !hd[k].replay
            && (k == 0 || (!hd[k].exc && !hd[k].serial))
            && !(hd[k].ctrl && seen_ctrl)
            && !(hd[k].cls == ClsStore && !hd[k].exc && !hd[k].mmio
                 && no_sb_room(st_n))) begin
          cmt[k] = 1'b1;
          cmt_n  = cmt_n + 1'b1;
          if (hd[k].cls == ClsStore && !hd[k].exc && !hd[k].mmio) st_n = st_n + 1'b1;
          if (hd[k].ctrl && !hd[k].exc) begin
            seen_ctrl       = 1'b1;
            bp_upd_o.valid  = 1'b1;
            bp_upd_o.pc     = hd[k].pc;
            bp_upd_o.target = hd[k].target;
            bp_upd_o.taken  = hd[k].taken;
            bp_upd_o.kind   = br_kind_of(hd[k].cls, hd[k].rd, hd[k].insn[19:15]);
            bp_upd_o.meta   = hd[k].meta;
          end
          if (hd[k].exc) begin
            cmt_trap         = 1'b1;
            trap_cause       = hd[k].cause;
            trap_tval        = hd[k].tval;
            flush            = 1'b1;
            cmt_exception    = 1'b1;
            flush_pc         = hd[k].pc;
            redirect_cmt     = 1'b1;
            redirect_kind    = RedirTrap;
            redirect_cmt_seq = hd[k].seq + 32'd1;
            stop             = 1'b1;
          end else if (hd[k].serial) begin
            cmt_mret         = hd[k].cls == ClsMret;
            flush            = 1'b1;
            cmt_clear        = 1'b1;
            flush_pc         = hd[k].pc;
            redirect_cmt     = 1'b1;
            redirect_kind    = hd[k].cls == ClsMret ? RedirMepc : RedirPc;
            redirect_cmt_pc  = hd[k].pc + 32'd4;
            redirect_cmt_seq = hd[k].seq + 32'd1;
            stop             = 1'b1;
          end else if (hd[k].mispred) begin
            flush       = 1'b1;
            cmt_mispred = 1'b1;
            flush_pc    = hd[k].pc;
            stop        = 1'b1;
          end
        end else begin
          stop = 1'b1;
        end
      end
    end
  end

  // RV32F: the committing ops' exception flags accrue into fflags, and an op that wrote an f
  // register or raised a flag makes mstatus.FS Dirty (as the ISS). A CSR op reading them commits
  // alone at the head, so it sees every older op's flags.
  // flags_upto[k]: the flags of committing slots 0..k (slot k's record shows fflags after it).
  fpu_pkg::fpu_flags_t fp_flags, fflags_q, fflags_d;
  fpu_pkg::fpu_flags_t [Cfg.CommitWidth-1:0] flags_upto;
  logic                fp_dirty;
  always_comb begin : fp_commit
    fpu_pkg::fpu_flags_t acc;
    acc      = '0;
    fp_dirty = 1'b0;
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
      if (cmt[k] && !hd[k].exc) begin
        acc      |= hd[k].fflags;
        fp_dirty |= (hd[k].has_dst && hd[k].rd_fp) || hd[k].fflags != '0;
      end
      flags_upto[k] = acc;
    end
    fp_flags = acc;
  end

  always_comb begin : redirect_pc
    unique case (redirect_kind)
      RedirTrap: redirect_o.pc = trap_target;
      RedirMepc: redirect_o.pc = mepc;
      default:   redirect_o.pc = redirect_cmt_pc;
    endcase
    if (!redirect_cmt) redirect_o.pc = br_npc_i;
  end
  assign redirect_o.valid  = redirect_cmt || redirect_exec_i;
  assign redirect_o.seq    = redirect_cmt ? redirect_cmt_seq : rob_q[iu_i[Cfg.PBr].rob].seq + 32'd1;
  assign redirect_o.meta   = redirect_cmt ? hd[0].meta : rob_q[iu_i[Cfg.PBr].rob].meta;
  assign redirect_o.branch = !redirect_cmt;
  assign redirect_o.taken  = br_taken_i;

  // CSR file: the head CSR op (inputs straight from the ROB head entry, not through the
  // commit logic, which reads illegal_o).
  logic        csr_write, csr_head;
  rob_t        head0;
  assign head0     = rob_q[rob_head_q];
  assign csr_head  = rob_cnt_q != '0 && head0.cls == ClsCsr;
  assign csr_write = head0.insn[13:12] == 2'(CsrOpWrite) || head0.insn[19:15] != 5'd0;
  assign csr_go    = cmt[0] && hd[0].cls == ClsCsr && !hd[0].exc;

  core_csr u_csr (
    .clk_i,
    .rst_ni,
    .addr_i        (head0.insn[31:20]),
    .access_i      (csr_head),
    .write_i       (csr_write),
    .op_i          (csr_op_e'(head0.insn[13:12])),
    .src_i         (head0.csr_src),
    .commit_i      (csr_go),
    .rdata_o       (csr_rdata),
    .illegal_o     (csr_illegal),
    .irq_live_i    (irq_live),
    .irq_sampled_i (irq_live),
    .irq_take_o    (irq_take),
    .irq_cause_o   (irq_cause),
    .trap_i        (cmt_trap),
    .trap_cause_i  (trap_cause),
    .trap_tval_i   (trap_tval),
    .trap_pc_i     (flush_pc),
    .trap_target_o (trap_target),
    .mret_i        (cmt_mret),
    .mepc_o        (mepc),
    .mtime_i,
    .fp_flags_i    (fp_flags),
    .fp_dirty_i    (fp_dirty),
    .frm_o,
    .fs_off_o,
    .fflags_o      (fflags_q),
    .fflags_d_o    (fflags_d),
    .pmu_we_o      (pmu_csr_o.we),
    .pmu_addr_o    (pmu_csr_o.addr),
    .pmu_wdata_o   (pmu_csr_o.wdata),
    .pmu_rdata_i   (pmu_csr_rdata_i)
  );

  assign csr_wb_valid_o = csr_go && hd[0].has_dst;
  assign csr_wb_tag_o   = hd[0].pdst;
  assign csr_wb_data_o  = csr_rdata;

  // Commit records (registered: they describe the uops committed at the last edge).
  for (genvar k = 0; k < Cfg.CommitWidth; k++) begin : gen_cmt_tag
    assign cmt_tag_o[k] = hd[k].pdst;
  end
  always_comb begin : trace
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
      commit_d[k] = '0;
      if (k == 0 && take_irq) begin
        commit_d[k].valid   = 1'b1;
        commit_d[k].pc      = hd[0].pc;
        commit_d[k].trap    = 1'b1;
        commit_d[k].cause   = irq_cause;
        commit_d[k].irq_mip = irq_live;
        commit_d[k].fflags  = fflags_q;
      end else if (cmt[k]) begin
        // A CSR op commits alone (slot 0): its record shows fflags after its own write.
        commit_d[k].fflags    = hd[k].cls == ClsCsr && !hd[k].exc ? fflags_d
                                                                  : fflags_q | flags_upto[k];
        commit_d[k].rd_fp     = !hd[k].exc && hd[k].has_dst && hd[k].rd_fp;
        commit_d[k].valid     = 1'b1;
        commit_d[k].pc        = hd[k].pc;
        commit_d[k].insn      = hd[k].insn;
        commit_d[k].trap      = hd[k].exc;
        commit_d[k].cause     = hd[k].exc ? hd[k].cause : '0;
        commit_d[k].rd_we     = !hd[k].exc && hd[k].has_dst;
        commit_d[k].rd        = commit_d[k].rd_we ? hd[k].rd : 5'd0;
        commit_d[k].rd_wdata  = !commit_d[k].rd_we ? '0
                              : hd[k].cls == ClsCsr ? csr_rdata : cmt_val_i[k];
        commit_d[k].mem_we    = !hd[k].exc && hd[k].cls == ClsStore;
        commit_d[k].mem_addr  = commit_d[k].mem_we ? sq_addr_i[hd[k].sq] : '0;
        commit_d[k].mem_wdata = commit_d[k].mem_we ? sq_data_i[hd[k].sq] : '0;
        commit_d[k].mem_size  = commit_d[k].mem_we ? sq_size_i[hd[k].sq] : 3'd0;
        commit_d[k].irq_mip   = irq_live;
      end
    end
  end

  // -------------------------------------------------------------------------------------
  // Head-of-ROB operations: fence.i, MMIO store
  logic fencei_start, mmio_start, mmio_ans;
  assign mmio_ans = st_ans_i && mmio_busy_q && sq_head_i == hd[0].sq;
  assign fencei_start = hv[0] && hd[0].cls == ClsFenceI && !hd[0].done && !hd[0].exc
                     && !fencei_busy_q && sb_cnt_i == '0 && !take_irq;
  assign mmio_start   = hv[0] && hd[0].cls == ClsStore && hd[0].mmio && !hd[0].done
                     && !mmio_busy_q && !take_irq && !hd[0].replay;
  assign fencei_req_o = fencei_start;

  // -------------------------------------------------------------------------------------
  // State update
  logic [Cfg.RobW-1:0] rob_head_d;
  logic [Cfg.CommitWidth-1:0] cmt_dst, cmt_ld;
  always_comb begin : commit_counts
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
      cmt_dst[k] = cmt[k] && hd[k].has_dst && !hd[k].exc;
      cmt_ld[k]  = cmt[k] && hd[k].cls == ClsLoad;
    end
    rob_head_d = rob_head_q + Cfg.RobW'(cmt_n);
  end

  // ROB
  always_ff @(posedge clk_i) begin : rob_data
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      if (d_ok_i[w]) begin
        automatic fe_uop_t f = fe_uop_i[w];
        automatic rob_t e = '0;
        e.pc       = f.pc;
        e.insn     = f.insn;
        e.seq      = f.seq;
        e.meta     = f.bp_meta;
        e.cls      = f.uop.cls;
        e.rd       = f.uop.rd;
        e.rd_fp    = f.uop.rd_fp;
        e.has_dst  = d_dst_i[w];
        e.pdst     = d_pdst_i[w];
        e.old_pdst = d_old_i[w];
        e.lq       = d_lq_i[w];
        e.sq       = d_sq_i[w];
        e.ctrl     = !f.fetch_err && (f.uop.cls == ClsBranch || f.uop.cls == ClsJal
                                   || f.uop.cls == ClsJalr);
        if (f.fetch_err) begin
          e.done = 1'b1; e.exc = 1'b1; e.cause = CauseFetchAccess; e.tval = f.pc;
        end else begin
          unique case (f.uop.cls)
            ClsEcall:   begin e.done = 1'b1; e.exc = 1'b1; e.cause = CauseEcallM; end
            ClsEbreak:  begin
              e.done = 1'b1; e.exc = 1'b1; e.cause = CauseBreakpoint; e.tval = f.pc;
            end
            ClsIllegal: begin
              e.done = 1'b1; e.exc = 1'b1; e.cause = CauseIllegalInsn; e.tval = f.insn;
            end
            ClsMret:    begin e.done = 1'b1; e.serial = 1'b1; end
            ClsNop:     e.done = 1'b1;
            ClsFenceI, ClsCsr: e.serial = 1'b1;
            default: ;
          endcase
          // A non-control uop the front end did not follow with pc+4: re-fetch after it.
          if (!e.ctrl && f.pred_npc != f.pc + 32'd4) e.serial = 1'b1;
        end
        rob_q[Cfg.RobW'(rob_tail_q + Cfg.RobW'(w))] <= e;
      end
    end
    // Completions
    for (int unsigned p = 0; p < Cfg.NumAlu; p++) begin
      if (grant_i[p]) begin
        rob_q[iu_i[p].rob].done <= 1'b1;
        if (iu_i[p].uop.cls == ClsCsr) begin
          rob_q[iu_i[p].rob].csr_src <= iu_i[p].uop.csr_imm ? {27'b0, iu_i[p].uop.rs1} : opa_i[p];
        end
      end
    end
    if (grant_i[Cfg.PBr]) begin
      rob_q[iu_i[Cfg.PBr].rob].done <= 1'b1;
      rob_q[iu_i[Cfg.PBr].rob].taken <= br_taken_i;
      rob_q[iu_i[Cfg.PBr].rob].target <= br_target_i;
      rob_q[iu_i[Cfg.PBr].rob].mispred <= br_mispred_i;
      if (br_misal_i) begin
        rob_q[iu_i[Cfg.PBr].rob].exc <= 1'b1;
        rob_q[iu_i[Cfg.PBr].rob].cause <= CauseMisalignedFetch;
        rob_q[iu_i[Cfg.PBr].rob].tval <= br_target_i;
      end
    end
    if (mul_done_i) rob_q[mul_rob_i].done <= 1'b1;
    if (div_done_i) rob_q[div_rob_i].done <= 1'b1;
    for (int unsigned j = 0; j < Cfg.FpUnits; j++) begin
      if (fma_done_i[j]) begin
        rob_q[fma_rob_i[j]].done   <= 1'b1;
        rob_q[fma_rob_i[j]].fflags <= fma_flags_i[j];
      end
    end
    if (fdiv_done_i) begin
      rob_q[fdiv_rob_i].done   <= 1'b1;
      rob_q[fdiv_rob_i].fflags <= fdiv_flags_i;
    end
    if (agu_v_i) begin
      if (agu_exc_i) begin
        rob_q[agu_rob_i].done <= 1'b1;
        rob_q[agu_rob_i].exc <= 1'b1;
        rob_q[agu_rob_i].cause <= agu_cause_i;
        rob_q[agu_rob_i].tval <= agu_addr_i;
      end else if (agu_store_i) begin
        if (agu_mmio_i) rob_q[agu_rob_i].mmio <= 1'b1;
        else rob_q[agu_rob_i].done <= 1'b1;
      end
    end
    // Memory-ordering violation (be_lsq): a younger load already read this store's bytes.
    for (int unsigned l = 0; l < Cfg.LqEntries; l++) begin
      if (lq_replay_i[l]) rob_q[lq_rob_i[l]].replay <= 1'b1;
    end
    if (fwd_done_i) rob_q[fwd_rob_i].done <= 1'b1;
    if (ld_done_i) begin
      rob_q[ld_rob_i].done <= 1'b1;
      if (dc_err_i) begin
        rob_q[ld_rob_i].exc   <= 1'b1;
        rob_q[ld_rob_i].cause <= CauseLoadAccess;
        rob_q[ld_rob_i].tval  <= ld_addr_i;
      end
    end
    if (mmio_ans) begin
      rob_q[rob_head_q].done <= 1'b1;
      if (dc_err_i) begin
        rob_q[rob_head_q].exc   <= 1'b1;
        rob_q[rob_head_q].cause <= CauseStoreAccess;
        rob_q[rob_head_q].tval  <= sq_addr_i[sq_head_i];
      end
    end
    if (fencei_busy_q && fencei_done_i) rob_q[rob_head_q].done <= 1'b1;
  end

  be_ring_ptr #(.Entries(Cfg.RobEntries)) u_rob_ptr (
    .clk_i,
    .rst_ni,
    .flush_i  (flush),
    .head_d_i (rob_head_d),
    .push_i   ((Cfg.RobW+1)'(disp_n_i)),
    .pop_i    ((Cfg.RobW+1)'(cmt_n)),
    .keep_i   ('0),
    .head_o   (rob_head_q),
    .tail_o   (rob_tail_q),
    .cnt_o    (rob_cnt_q)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin : rob_state
    if (!rst_ni) begin
      pend_q        <= 1'b0;
      pend_rob_q    <= '0;
      fencei_busy_q <= 1'b0;
      mmio_busy_q   <= 1'b0;
      commit_q      <= '0;
    end else begin
      commit_q <= commit_d;
      if (flush) begin
        pend_q        <= 1'b0;
        fencei_busy_q <= 1'b0;
        mmio_busy_q   <= 1'b0;
      end else begin
        if (redirect_exec_i) begin
          pend_q     <= 1'b1;
          pend_rob_q <= iu_i[Cfg.PBr].rob;
        end
        if (fencei_start) fencei_busy_q <= 1'b1;
        else if (fencei_done_i) fencei_busy_q <= 1'b0;
        if (mmio_start) mmio_busy_q <= 1'b1;
        else if (mmio_ans) mmio_busy_q <= 1'b0;
      end
    end
  end

  assign rob_head_o      = rob_head_q;
  assign rob_tail_o      = rob_tail_q;
  assign rob_cnt_o       = rob_cnt_q;
  assign pend_o          = pend_q;
  assign pend_rob_o      = pend_rob_q;
  assign rob_head_d_o    = rob_head_d;
  assign nh_o            = rob_q[rob_head_d];
  assign hd_o            = hd;
  assign hv_o            = hv;
  assign cmt_o           = cmt;
  assign cmt_n_o         = cmt_n;
  assign sb_no_room_o    = no_sb_room(st_n);
  assign cmt_dst_o       = cmt_dst;
  assign cmt_ld_o        = cmt_ld;
  assign flush_o         = flush;
  assign flush_pc_o      = flush_pc;
  assign cmt_mispred_o   = cmt_mispred;
  assign cmt_exception_o = cmt_exception;
  assign cmt_clear_o     = cmt_clear;
  assign mmio_start_o    = mmio_start;
  assign mmio_busy_o     = mmio_busy_q;
  assign mmio_ans_o      = mmio_ans;
  assign fencei_done_o   = fencei_busy_q && fencei_done_i;
  assign commit_o        = commit_q;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin : checks
    if (rst_ni) begin
      assert (!(st_ans_i && !mmio_ans && dc_err_i))
        else $error("be_rob_commit: store buffer write to %h faulted after commit",
                    sq_addr_i[sq_head_i]);
    end
  end
`endif

endmodule : be_rob_commit
