// Dispatch and rename stage of the back end (docs/dev/core.md "Back end"): map table (64 names:
// x0..x31, f0..f31), committed map, one FIFO free list per register file and the ready
// table; decides in order how many of the front end's uops dispatch this cycle (all or a
// prefix: ROB, RS, LQ/SQ and free-register space) and gives each its physical registers,
// ROB / LQ / SQ positions and reservation-station payload.
//
// Recovery: on a commit-time flush the map table is restored from the committed map and the
// free list's allocation pointer from its committed copy.
`default_nettype none

module be_rename
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg          = core_cfg_pkg::CfgDefault,
  parameter type       rob_t        = logic,  // core_backend's ROB entry
  parameter type       rs_payload_t = logic   // core_backend's RS payload
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  // Front end
  input  logic [Cfg.FetchWidth-1:0]            fe_valid_i,
  input  fe_uop_t [Cfg.FetchWidth-1:0]         fe_uop_i,
  input  logic                                 block_i,   // dispatch held (redirect, flush)
  input  logic                                 flush_i,
  // Free space elsewhere
  input  logic [Cfg.RobW:0]                    rob_cnt_i,
  input  logic [Cfg.RobW-1:0]                  rob_tail_i,
  input  logic [Cfg.LqW:0]                     lq_cnt_i,
  input  logic [Cfg.LqW-1:0]                   lq_tail_i,
  input  logic [Cfg.LqEntries-1:0]             lq_busy_i,
  input  logic [Cfg.SqW:0]                     sq_cnt_i,
  input  logic [Cfg.SqW-1:0]                   sq_tail_i,
  input  logic [Cfg.RsCntW-1:0]                rs_free_i [NumRsClasses],
  // Write-back (same-cycle wake-up and the ready table)
  input  logic [Cfg.NumWb-1:0]                 wb_valid_i,
  input  logic [Cfg.NumWb-1:0][Cfg.PW-1:0]     wb_tag_i,
  // Commit: committed map and freed registers
  input  logic [Cfg.CommitWidth-1:0]           cmt_dst_i,
  input  rob_t [Cfg.CommitWidth-1:0]           hd_i,
  // Dispatch decision per slot
  output logic [Cfg.DispatchWidth-1:0]         d_ok_o,
  output logic [TakeW-1:0]                     disp_n_o,
  output logic [Cfg.DispatchWidth-1:0]         d_dst_o,
  output logic [Cfg.DispatchWidth-1:0]         d_load_o,
  output logic [Cfg.DispatchWidth-1:0]         d_store_o,
  output logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_pdst_o,
  output logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_old_o,
  output logic [Cfg.DispatchWidth-1:0][Cfg.LqW-1:0] d_lq_o,
  output logic [Cfg.DispatchWidth-1:0][Cfg.SqW-1:0] d_sq_o,
  // Reservation-station allocation
  output logic [NumRsClasses-1:0][Cfg.DispatchWidth-1:0] rs_alloc_o,
  output rs_payload_t [Cfg.DispatchWidth-1:0]  rs_payload_o,
  output logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_src1_o,
  output logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_src2_o,
  output logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_src3_o,
  output logic [Cfg.DispatchWidth-1:0]         d_rdy1_o,
  output logic [Cfg.DispatchWidth-1:0]         d_rdy2_o,
  output logic [Cfg.DispatchWidth-1:0]         d_rdy3_o,
  // Why dispatch stopped (probe)
  output logic                                 st_rob_full_o,
  output logic                                 st_rs_full_o,
  output logic                                 st_lsq_full_o,
  output logic                                 st_preg_o,
  output logic [Cfg.NumTags-1:0]               rdy_o
);

  // Architectural names {f, r}: x registers 0..31, f registers 32..63. Physical tags: the x
  // file 0..PhysRegs-1, the f file PhysRegs..2*PhysRegs-1 (tag MSB = f). Each file has its own
  // free list (index 0: x, 1: f), so integer code sees exactly the rename pool it had before F.
  localparam int unsigned FlW = $clog2(Cfg.PhysRegs);  // free-list pointer bits
  typedef logic [5:0] name_t;
  logic [Cfg.PW-1:0]   map_q [64];
  logic [Cfg.PW-1:0]   cmap_q [64];
  logic [Cfg.PW-1:0]   fl_q [2][Cfg.PhysRegs];
  logic [FlW-1:0]      fl_head_q [2], fl_chead_q [2], fl_tail_q [2];
  logic [Cfg.NumTags-1:0] rdy_q;

  function automatic logic woken_now(logic [Cfg.PW-1:0] tag, logic [Cfg.NumWb-1:0] v,
                                     logic [Cfg.NumWb-1:0][Cfg.PW-1:0] t);
    logic w;
    w = 1'b0;
    for (int unsigned p = 0; p < Cfg.NumWb; p++) w |= v[p] && t[p] == tag;
    return w;
  endfunction

  // -------------------------------------------------------------------------------------
  // Dispatch: rename and allocate ROB / RS / LQ / SQ entries, in order, all or a prefix.
  logic [Cfg.DispatchWidth-1:0] d_ok;
  rs_class_e [Cfg.DispatchWidth-1:0] d_rs;
  logic [Cfg.DispatchWidth-1:0] d_has_rs, d_dst;
  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_pdst;
  logic [Cfg.DispatchWidth-1:0][Cfg.LqW-1:0] d_lq;
  logic [Cfg.DispatchWidth-1:0][Cfg.SqW-1:0] d_sq;
  logic [FlW:0]               fl_cnt [2];
  assign fl_cnt[0] = {1'b0, fl_tail_q[0] - fl_head_q[0]};
  assign fl_cnt[1] = {1'b0, fl_tail_q[1] - fl_head_q[1]};

  // Architectural names of each slot's destination and sources.
  name_t [Cfg.DispatchWidth-1:0] n_rd, n_rs1, n_rs2, n_rs3;
  always_comb begin : names
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      n_rd[w]  = {fe_uop_i[w].uop.rd_fp, fe_uop_i[w].uop.rd};
      n_rs1[w] = {fe_uop_i[w].uop.rs1_fp, fe_uop_i[w].uop.rs1};
      n_rs2[w] = {fe_uop_i[w].uop.rs2_fp, fe_uop_i[w].uop.rs2};
      n_rs3[w] = {1'b1, fe_uop_i[w].uop.rs3};
    end
  end

  // Allocation positions: slot w takes the entries after those of the older slots (only a
  // dispatched prefix matters, so counting all older slots is exact for it).
  always_comb begin : alloc_pos
    logic [FlW-1:0] np [2];
    logic [Cfg.LqW-1:0] nl;
    logic [Cfg.SqW-1:0] ns;
    logic f;
    np[0] = '0; np[1] = '0; nl = '0; ns = '0;
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      f         = fe_uop_i[w].uop.rd_fp;
      d_dst[w]  = !fe_uop_i[w].fetch_err && fe_uop_i[w].uop.rd_we
               && (fe_uop_i[w].uop.rd != 5'd0 || f)
               && fe_uop_i[w].uop.cls inside {ClsAlu, ClsCsr, ClsBranch, ClsJal, ClsJalr, ClsMul,
                                              ClsDiv, ClsLoad, ClsStore, ClsFpu};
      d_pdst[w] = fl_q[f][FlW'(fl_head_q[f] + np[f])];
      d_lq[w]   = Cfg.LqW'(lq_tail_i + nl);
      d_sq[w]   = Cfg.SqW'(sq_tail_i + ns);
      if (d_dst[w]) np[f] = np[f] + 1'b1;
      if (fe_uop_i[w].uop.cls == ClsLoad) nl = nl + 1'b1;
      if (fe_uop_i[w].uop.cls == ClsStore) ns = ns + 1'b1;
    end
  end

  always_comb begin : dispatch
    logic [Cfg.RsCntW-1:0] need_rs [NumRsClasses];
    logic [Cfg.RobW:0] n_rob;
    logic [Cfg.LqW:0] n_lq;
    logic [Cfg.SqW:0] n_sq;
    logic [FlW:0]  n_preg [2];
    logic          ok, stop;
    uop_t          u;
    logic          uses1, uses2, uses3;
    for (int unsigned c = 0; c < NumRsClasses; c++) need_rs[c] = '0;
    n_rob = '0; n_lq = '0; n_sq = '0; n_preg[0] = '0; n_preg[1] = '0;
    ok = 1'b1; stop = 1'b0;
    st_rob_full_o = 1'b0; st_rs_full_o = 1'b0; st_lsq_full_o = 1'b0; st_preg_o = 1'b0;
    d_ok = '0; disp_n_o = '0;
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      u = fe_uop_i[w].uop;
      d_load_o[w]  = !fe_uop_i[w].fetch_err && u.cls == ClsLoad;
      d_store_o[w] = !fe_uop_i[w].fetch_err && u.cls == ClsStore;
      d_has_rs[w] = !fe_uop_i[w].fetch_err;
      unique case (u.cls)
        ClsAlu, ClsCsr:             d_rs[w] = RsAlu;
        ClsBranch, ClsJal, ClsJalr: d_rs[w] = RsBranch;
        ClsMul, ClsDiv:             d_rs[w] = RsMulDiv;
        ClsLoad, ClsStore:          d_rs[w] = RsLsu;
        ClsFpu:                     d_rs[w] = RsFp;
        default: begin
          d_rs[w]     = RsAlu;
          d_has_rs[w] = 1'b0;
        end
      endcase
      uses1 = d_has_rs[w] && !(u.cls == ClsAlu && (u.src_a_pc || u.alu_op == AluPassB))
           && u.cls != ClsJal && !(u.cls == ClsCsr && u.csr_imm);
      uses2 = d_has_rs[w] && (u.cls == ClsBranch || u.cls == ClsStore || u.cls == ClsMul
           || u.cls == ClsDiv || (u.cls == ClsAlu && !u.src_b_imm)
           || (u.cls == ClsFpu && fpu_pkg::has_b(u.fpu_op)));
      uses3 = d_has_rs[w] && u.cls == ClsFpu && u.uses_rs3;
      // Sources: map table, bypassed from older slots of this group. An unused source is
      // tag 0 (x0's register, always ready).
      d_src1_o[w] = uses1 ? map_q[n_rs1[w]] : '0;
      d_src2_o[w] = uses2 ? map_q[n_rs2[w]] : '0;
      d_src3_o[w] = uses3 ? map_q[n_rs3[w]] : '0;
      d_old_o[w]  = map_q[n_rd[w]];
      d_rdy1_o[w] = rdy_q[d_src1_o[w]] || woken_now(d_src1_o[w], wb_valid_i, wb_tag_i);
      d_rdy2_o[w] = rdy_q[d_src2_o[w]] || woken_now(d_src2_o[w], wb_valid_i, wb_tag_i);
      d_rdy3_o[w] = rdy_q[d_src3_o[w]] || woken_now(d_src3_o[w], wb_valid_i, wb_tag_i);
      for (int unsigned v = 0; v < w; v++) begin
        if (d_dst[v] && uses1 && n_rd[v] == n_rs1[w]) begin
          d_src1_o[w] = d_pdst[v];
          d_rdy1_o[w] = 1'b0;
        end
        if (d_dst[v] && uses2 && n_rd[v] == n_rs2[w]) begin
          d_src2_o[w] = d_pdst[v];
          d_rdy2_o[w] = 1'b0;
        end
        if (d_dst[v] && uses3 && n_rd[v] == n_rs3[w]) begin
          d_src3_o[w] = d_pdst[v];
          d_rdy3_o[w] = 1'b0;
        end
        if (d_dst[v] && n_rd[v] == n_rd[w]) d_old_o[w] = d_pdst[v];
      end
      // Resources for this slot on top of the older slots of the group.
      if (w < Cfg.FetchWidth && fe_valid_i[w] && !stop && !block_i) begin
        if (rob_cnt_i + n_rob + 1 > (Cfg.RobW+1)'(Cfg.RobEntries)) begin
          st_rob_full_o = 1'b1; ok = 1'b0;
        end else if (d_has_rs[w] && need_rs[d_rs[w]] + 1 > rs_free_i[d_rs[w]]) begin
          st_rs_full_o = 1'b1; ok = 1'b0;
        end else if ((d_load_o[w] && (lq_cnt_i + n_lq + 1 > (Cfg.LqW+1)'(Cfg.LqEntries)
                                      || lq_busy_i[d_lq[w]]))
                  || (d_store_o[w] && sq_cnt_i + n_sq + 1 > (Cfg.SqW+1)'(Cfg.SqEntries))) begin
          st_lsq_full_o = 1'b1; ok = 1'b0;
        end else if (d_dst[w] && n_preg[u.rd_fp] + 1 > fl_cnt[u.rd_fp]) begin
          st_preg_o = 1'b1; ok = 1'b0;
        end else begin
          ok = 1'b1;
        end
      end else begin
        ok = 1'b0;
      end
      if (!ok) stop = 1'b1;
      d_ok[w] = ok && !stop;
      if (d_ok[w]) begin
        n_rob = n_rob + 1'b1;
        if (d_has_rs[w]) need_rs[d_rs[w]] = need_rs[d_rs[w]] + 1'b1;
        if (d_load_o[w]) n_lq = n_lq + 1'b1;
        if (d_store_o[w]) n_sq = n_sq + 1'b1;
        if (d_dst[w]) n_preg[u.rd_fp] = n_preg[u.rd_fp] + 1'b1;
        disp_n_o = disp_n_o + 1'b1;
      end
    end
  end

  // Reservation-station payloads
  always_comb begin : rs_alloc_vec
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      rs_payload_o[w].rob      = Cfg.RobW'(rob_tail_i + Cfg.RobW'(w));
      rs_payload_o[w].pdst     = d_pdst[w];
      rs_payload_o[w].has_dst  = d_dst[w];
      rs_payload_o[w].pc       = fe_uop_i[w].pc;
      rs_payload_o[w].pred_npc = fe_uop_i[w].pred_npc;
      rs_payload_o[w].uop      = fe_uop_i[w].uop;
      rs_payload_o[w].lq       = d_lq[w];
      rs_payload_o[w].sq       = d_sq[w];
      for (int unsigned c = 0; c < NumRsClasses; c++) begin
        rs_alloc_o[c][w] = d_ok[w] && d_has_rs[w] && d_rs[w] == rs_class_e'(c);
      end
    end
  end

  assign d_ok_o   = d_ok;
  assign d_dst_o  = d_dst;
  assign d_pdst_o = d_pdst;
  assign d_lq_o   = d_lq;
  assign d_sq_o   = d_sq;
  assign rdy_o    = rdy_q;

  // -------------------------------------------------------------------------------------
  // Rename state
  logic [FlW-1:0] fl_chead_d [2];
  always_comb begin : commit_count
    logic [FlW:0] np [2];
    np[0] = '0; np[1] = '0;
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
      if (cmt_dst_i[k]) np[hd_i[k].rd_fp] = np[hd_i[k].rd_fp] + 1'b1;
    end
    for (int unsigned f = 0; f < 2; f++) fl_chead_d[f] = fl_chead_q[f] + FlW'(np[f]);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : rename
    if (!rst_ni) begin
      for (int unsigned r = 0; r < 32; r++) begin
        map_q[r]       <= Cfg.PW'(r);
        cmap_q[r]      <= Cfg.PW'(r);
        map_q[32 + r]  <= Cfg.PW'(Cfg.PhysRegs + r);
        cmap_q[32 + r] <= Cfg.PW'(Cfg.PhysRegs + r);
      end
      for (int unsigned i = 0; i < Cfg.PhysRegs; i++) begin
        fl_q[0][i] <= Cfg.PW'(i + 32);
        fl_q[1][i] <= Cfg.PW'(Cfg.PhysRegs + ((i + 32) % Cfg.PhysRegs));
      end
      for (int unsigned f = 0; f < 2; f++) begin
        fl_head_q[f]  <= '0;
        fl_chead_q[f] <= '0;
        fl_tail_q[f]  <= FlW'(Cfg.PhysRegs - 32);
      end
      rdy_q      <= '1;
    end else begin
      // Commit: the committed map takes the new mapping, the old register is freed.
      // Each lane writes only its own entry of the maps (a later lane's write of the same name
      // wins, as it is younger), so no cycle copies a whole map; a flush's map is the
      // committed one with this cycle's commits, written over the copy below.
      begin
        automatic logic [FlW-1:0] t [2] = fl_tail_q;
        if (flush_i) map_q <= cmap_q;
        for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
          if (cmt_dst_i[k]) begin
            automatic logic f = hd_i[k].rd_fp;
            cmap_q[{f, hd_i[k].rd}] <= hd_i[k].pdst;
            if (flush_i) map_q[{f, hd_i[k].rd}] <= hd_i[k].pdst;
            fl_q[f][t[f]] <= hd_i[k].old_pdst;
            t[f] = t[f] + 1'b1;
          end
        end
        fl_tail_q  <= t;
        fl_chead_q <= fl_chead_d;
        if (flush_i) begin
          fl_head_q <= fl_chead_d;
          rdy_q     <= '1;
        end else begin
          automatic logic [Cfg.NumTags-1:0] r = rdy_q;
          automatic logic [FlW-1:0] h [2] = fl_head_q;
          for (int unsigned p = 0; p < Cfg.NumWb; p++) if (wb_valid_i[p]) r[wb_tag_i[p]] = 1'b1;
          for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
            if (d_ok[w] && d_dst[w]) begin
              automatic logic f = fe_uop_i[w].uop.rd_fp;
              map_q[n_rd[w]] <= d_pdst[w];
              r[d_pdst[w]] = 1'b0;
              h[f] = h[f] + 1'b1;
            end
          end
          rdy_q     <= r;
          fl_head_q <= h;
        end
      end
    end
  end

endmodule : be_rename
