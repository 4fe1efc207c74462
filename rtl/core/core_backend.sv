// Back end of the out-of-order core (docs/core.md "Back end", ports docs/core_contract.md):
// rename (map table, FIFO free list, physical register file, ready table), ROB, one
// reservation station per class (ALU, branch, MUL/DIV, LSU) with oldest-first select,
// wake-up at write-back, load queue (speculative past unknown store addresses, memory-ordering
// check when a store address resolves), store queue whose committed part is the store buffer,
// and in-order commit of up to CommitWidth uops with precise traps.
//
// Recovery: every flush happens at commit and discards everything younger than the
// flushing uop, i.e. the whole window: the map table is restored from the committed map and
// the free list's allocation pointer from its committed copy. A mispredicted branch redirects
// the front end as soon as it executes; dispatch then waits until the branch commits.
`default_nettype none

module core_backend
  import core_pkg::*;
#(
  parameter int unsigned FetchWidth    = 2,
  parameter int unsigned DispatchWidth = 2,   // <= FetchWidth
  parameter int unsigned IssueWidth    = 3,   // uops started per cycle over all units
  parameter int unsigned NumAlu        = 2,   // 1..4 ALU ports sharing the ALU RS
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned RobEntries    = 32,  // power of 2
  parameter int unsigned RsEntries     = 8,   // per class
  parameter int unsigned LqEntries     = 8,   // power of 2, <= 8 (D-port tags 0..7)
  parameter int unsigned SqEntries     = 8,   // power of 2
  parameter int unsigned SbEntries     = 4,   // committed stores not yet written, at most
  parameter int unsigned PhysRegs      = 64,  // power of 2, > 32
  parameter int unsigned MulLatency    = 3,
  parameter int unsigned DTagW         = 4,
  localparam int unsigned TakeW        = 3
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  input  logic                         fast_alu_i,
  // Front end (contract section 3)
  input  logic [FetchWidth-1:0]        fe_valid_i,
  input  fe_uop_t [FetchWidth-1:0]     fe_uop_i,
  output logic [TakeW-1:0]             fe_take_o,
  output logic                         redirect_o,
  output logic [31:0]                  redirect_pc_o,
  output logic [31:0]                  redirect_seq_o,
  output bp_meta_t                     redirect_meta_o,
  output logic                         redirect_branch_o,
  output logic                         redirect_taken_o,
  output logic                         bp_upd_valid_o,
  output logic [31:0]                  bp_upd_pc_o,
  output logic [31:0]                  bp_upd_target_o,
  output logic                         bp_upd_taken_o,
  output br_kind_e                     bp_upd_kind_o,
  output bp_meta_t                     bp_upd_meta_o,
  input  logic                         fe_icache_miss_i,
  input  logic                         fe_recover_i,
  input  logic                         fe_misfetch_i,
  // D-port (contract section 2)
  output logic                         dc_req_o,
  output logic                         dc_we_o,
  output logic [31:0]                  dc_addr_o,
  output logic [2:0]                   dc_size_o,
  output logic [31:0]                  dc_wdata_o,
  output logic [DTagW-1:0]             dc_tag_o,
  input  logic                         dc_gnt_i,
  input  logic                         dc_rvalid_i,
  input  logic [DTagW-1:0]             dc_rtag_i,
  input  logic                         dc_err_i,
  input  logic [31:0]                  dc_rdata_i,
  input  logic [1:0]                   dc_rlevel_i,
  input  logic [2**DTagW-1:0]          dc_l1miss_tags_i,
  input  logic [2**DTagW-1:0]          dc_l2miss_tags_i,
  output logic                         fencei_req_o,
  input  logic                         fencei_done_i,
  input  logic [3:0]                   mem_outstanding_i,
  // Interrupts and time
  input  logic                         meip_i,
  input  logic                         mtip_i,
  input  logic                         msip_i,
  input  logic                         lcofi_i,
  input  logic [63:0]                  mtime_i,
  // Counter CSRs served by pmu_top (contract section 4)
  output logic                         pmu_csr_we_o,
  output logic [11:0]                  pmu_csr_addr_o,
  output logic [31:0]                  pmu_csr_wdata_o,
  input  logic [31:0]                  pmu_csr_rdata_i,
  output commit_t [CommitWidth-1:0]    commit_o,
  output pmu_pkg::probe_t              probe_o
);

  localparam int unsigned RobW = $clog2(RobEntries);
  localparam int unsigned PW   = $clog2(PhysRegs);
  localparam int unsigned LqW  = LqEntries > 1 ? $clog2(LqEntries) : 1;
  localparam int unsigned SqW  = SqEntries > 1 ? $clog2(SqEntries) : 1;
  localparam int unsigned DW   = DispatchWidth;
  localparam int unsigned CW   = CommitWidth;
  // Issue ports: NumAlu ALUs (all fed by the ALU RS), then branch, mul/div and AGU.
  localparam int unsigned PBr      = NumAlu;
  localparam int unsigned PMd      = NumAlu + 1;
  localparam int unsigned PAgu     = NumAlu + 2;
  localparam int unsigned NumPorts = NumAlu + 3;
  // Write-back ports: one per ALU, branch link, mul, div, load answer, store forward.
  localparam int unsigned WbBr  = NumAlu;
  localparam int unsigned WbMul = NumAlu + 1;
  localparam int unsigned WbDiv = NumAlu + 2;
  localparam int unsigned WbLd  = NumAlu + 3;
  localparam int unsigned WbFwd = NumAlu + 4;
  localparam int unsigned NumWb = NumAlu + 5;
  localparam logic [DTagW-1:0] StoreTag = '1;

  // -------------------------------------------------------------------------------------
  // Types
  typedef struct packed {
    logic [RobW-1:0] rob;
    logic [PW-1:0]   pdst;
    logic            has_dst;
    logic [31:0]     pc;
    logic [31:0]     pred_npc;
    uop_t            uop;
    logic [LqW-1:0]  lq;
    logic [SqW-1:0]  sq;
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
    logic [4:0]      rd;
    logic [PW-1:0]   pdst;
    logic [PW-1:0]   old_pdst;
    logic [LqW-1:0]  lq;
    logic [SqW-1:0]  sq;
    logic            mmio;     // store outside RAM: performed at the head before it commits
    logic [31:0]     csr_src;  // CSR op: its rs1 value / uimm, used when it commits
  } rob_t;

  // -------------------------------------------------------------------------------------
  // State
  rob_t                  rob_q [RobEntries];
  logic [RobW-1:0]       rob_head_q, rob_tail_q;
  logic [RobW:0]         rob_cnt_q;

  logic [PW-1:0]         map_q [32];
  logic [PW-1:0]         cmap_q [32];
  logic [PW-1:0]         fl_q [PhysRegs];
  logic [PW-1:0]         fl_head_q, fl_chead_q, fl_tail_q;
  logic [PhysRegs-1:0]   rdy_q;
  logic [31:0]           prf_q [PhysRegs];

  // Load queue
  logic [LqEntries-1:0]        lq_valid_q, lq_addr_ok_q, lq_issued_q, lq_busy_q;
  logic [LqEntries-1:0]        lq_miss1_q, lq_miss2_q;
  logic [LqEntries-1:0][31:0]  lq_addr_q;
  logic [LqEntries-1:0][2:0]   lq_f3_q;
  logic [LqEntries-1:0][RobW-1:0] lq_rob_q;
  logic [LqEntries-1:0][PW-1:0]   lq_pdst_q;
  logic [LqEntries-1:0]        lq_has_dst_q;
  logic [LqW-1:0]              lq_head_q, lq_tail_q;
  logic [LqW:0]                lq_cnt_q;

  // Store queue (its committed prefix is the store buffer)
  logic [SqEntries-1:0]        sq_valid_q, sq_addr_ok_q, sq_cmt_q, sq_sent_q;
  logic [SqEntries-1:0][31:0]  sq_addr_q, sq_data_q;
  logic [SqEntries-1:0][2:0]   sq_size_q;
  logic [SqEntries-1:0][RobW-1:0] sq_rob_q;
  logic [SqW-1:0]              sq_head_q, sq_tail_q, sq_send_q;
  logic [SqW:0]                sq_cnt_q;

  logic                  pend_q;       // a mispredicted branch redirected the front end
  logic [RobW-1:0]       pend_rob_q;
  logic                  fencei_busy_q, mmio_busy_q;
  logic [MulLatency-2:0] mul_live_q;
  logic [MulLatency-2:0][PW:0] mul_tag_q;  // {has_dst, pdst}
  logic [MulLatency-2:0][RobW-1:0] mul_rob_q;
  logic                  div_live_q, div_has_dst_q;
  logic [PW-1:0]         div_pdst_q;
  logic [RobW-1:0]       div_rob_q;
  commit_t [CW-1:0]      commit_q, commit_d;

  logic                  flush;  // commit-time flush of the whole window this cycle

  function automatic logic [RobW-1:0] age(logic [RobW-1:0] idx, logic [RobW-1:0] head);
    return idx - head;
  endfunction

  // Reservation station (0 alu, 1 branch, 2 muldiv, 3 lsu) that feeds issue port p.
  function automatic int unsigned rs_of_port(int unsigned p);
    return p < NumAlu ? 0 : p - NumAlu + 1;
  endfunction

  function automatic logic [3:0] byte_en(logic [1:0] off, logic [2:0] size);
    logic [3:0] m;
    m = size == 3'd4 ? 4'b1111 : size == 3'd2 ? 4'b0011 : 4'b0001;
    return m << off;
  endfunction

  function automatic logic [2:0] size_of(logic [1:0] f3);
    return f3[1] ? 3'd4 : f3[0] ? 3'd2 : 3'd1;
  endfunction

  function automatic logic [31:0] load_fmt(logic [31:0] word, logic [1:0] off, logic [2:0] f3);
    logic [31:0] s;
    s = word >> {off, 3'b000};
    unique case (f3)
      3'd0:    return {{24{s[7]}}, s[7:0]};
      3'd1:    return {{16{s[15]}}, s[15:0]};
      3'd4:    return {24'b0, s[7:0]};
      3'd5:    return {16'b0, s[15:0]};
      default: return s;
    endcase
  endfunction

  // -------------------------------------------------------------------------------------
  // Write-back / wake-up ports (declared early: dispatch needs same-cycle wake-ups)
  logic [NumWb-1:0]          wb_valid;
  logic [NumWb-1:0][PW-1:0]  wb_tag;
  logic [NumWb-1:0][31:0]    wb_data;

  function automatic logic woken_now(logic [PW-1:0] tag, logic [NumWb-1:0] v,
                                     logic [NumWb-1:0][PW-1:0] t);
    logic w;
    w = 1'b0;
    for (int unsigned p = 0; p < NumWb; p++) w |= v[p] && t[p] == tag;
    return w;
  endfunction

  // -------------------------------------------------------------------------------------
  // Dispatch: rename and allocate ROB / RS / LQ / SQ entries, in order, all or a prefix.
  logic [4:0] rs_free [4];
  logic [DW-1:0]            d_ok;
  logic [DW-1:0][1:0]       d_rs;       // 0 alu, 1 branch, 2 muldiv, 3 lsu
  logic [DW-1:0]            d_has_rs, d_dst, d_load, d_store;
  logic [DW-1:0][PW-1:0]    d_src1, d_src2, d_pdst, d_old;
  logic [DW-1:0]            d_rdy1, d_rdy2;
  logic [DW-1:0][LqW-1:0]   d_lq;
  logic [DW-1:0][SqW-1:0]   d_sq;
  logic                     d_block;
  logic                     st_rob_full, st_rs_full, st_lsq_full, st_preg;
  logic [PW:0]              fl_cnt;
  logic [TakeW-1:0]         disp_n;

  logic redirect_exec;  // a branch redirects from execute this cycle
  assign fl_cnt  = {1'b0, fl_tail_q - fl_head_q};
  assign d_block = pend_q || flush || redirect_exec;

  // Allocation positions: slot w takes the entries after those of the older slots (only a
  // dispatched prefix matters, so counting all older slots is exact for it).
  always_comb begin : alloc_pos
    logic [PW-1:0]  np;
    logic [LqW-1:0] nl;
    logic [SqW-1:0] ns;
    np = '0; nl = '0; ns = '0;
    for (int unsigned w = 0; w < DW; w++) begin
      d_dst[w]  = !fe_uop_i[w].fetch_err && fe_uop_i[w].uop.rd_we && fe_uop_i[w].uop.rd != 5'd0
               && fe_uop_i[w].uop.cls inside {ClsAlu, ClsCsr, ClsBranch, ClsJal, ClsJalr, ClsMul,
                                              ClsDiv, ClsLoad, ClsStore};
      d_pdst[w] = fl_q[PW'(fl_head_q + np)];
      d_lq[w]   = LqW'(lq_tail_q + nl);
      d_sq[w]   = SqW'(sq_tail_q + ns);
      if (d_dst[w]) np = np + 1'b1;
      if (fe_uop_i[w].uop.cls == ClsLoad) nl = nl + 1'b1;
      if (fe_uop_i[w].uop.cls == ClsStore) ns = ns + 1'b1;
    end
  end

  always_comb begin : dispatch
    logic [4:0] need_rs [4];
    logic [RobW:0] n_rob;
    logic [LqW:0]  n_lq;
    logic [SqW:0]  n_sq;
    logic [PW:0]   n_preg;
    logic          ok, stop;
    uop_t          u;
    logic          uses1, uses2;
    for (int unsigned c = 0; c < 4; c++) need_rs[c] = '0;
    n_rob = '0; n_lq = '0; n_sq = '0; n_preg = '0;
    ok = 1'b1; stop = 1'b0;
    st_rob_full = 1'b0; st_rs_full = 1'b0; st_lsq_full = 1'b0; st_preg = 1'b0;
    d_ok = '0; disp_n = '0;
    for (int unsigned w = 0; w < DW; w++) begin
      u = fe_uop_i[w].uop;
      d_load[w]  = !fe_uop_i[w].fetch_err && u.cls == ClsLoad;
      d_store[w] = !fe_uop_i[w].fetch_err && u.cls == ClsStore;
      d_has_rs[w] = !fe_uop_i[w].fetch_err;
      unique case (u.cls)
        ClsAlu, ClsCsr:             d_rs[w] = 2'd0;
        ClsBranch, ClsJal, ClsJalr: d_rs[w] = 2'd1;
        ClsMul, ClsDiv:             d_rs[w] = 2'd2;
        ClsLoad, ClsStore:          d_rs[w] = 2'd3;
        default: begin
          d_rs[w]     = 2'd0;
          d_has_rs[w] = 1'b0;
        end
      endcase
      uses1 = d_has_rs[w] && !(u.cls == ClsAlu && (u.src_a_pc || u.alu_op == AluPassB))
           && u.cls != ClsJal && !(u.cls == ClsCsr && u.csr_imm);
      uses2 = d_has_rs[w] && (u.cls == ClsBranch || u.cls == ClsStore || u.cls == ClsMul
           || u.cls == ClsDiv || (u.cls == ClsAlu && !u.src_b_imm));
      // Sources: map table, bypassed from older slots of this group.
      d_src1[w] = uses1 ? map_q[u.rs1] : '0;
      d_src2[w] = uses2 ? map_q[u.rs2] : '0;
      d_old[w]  = map_q[u.rd];
      d_rdy1[w] = rdy_q[d_src1[w]] || woken_now(d_src1[w], wb_valid, wb_tag);
      d_rdy2[w] = rdy_q[d_src2[w]] || woken_now(d_src2[w], wb_valid, wb_tag);
      for (int unsigned v = 0; v < w; v++) begin
        if (d_dst[v] && uses1 && fe_uop_i[v].uop.rd == u.rs1) begin
          d_src1[w] = d_pdst[v];
          d_rdy1[w] = 1'b0;
        end
        if (d_dst[v] && uses2 && fe_uop_i[v].uop.rd == u.rs2) begin
          d_src2[w] = d_pdst[v];
          d_rdy2[w] = 1'b0;
        end
        if (d_dst[v] && fe_uop_i[v].uop.rd == u.rd) d_old[w] = d_pdst[v];
      end
      // Resources for this slot on top of the older slots of the group.
      if (w < FetchWidth && fe_valid_i[w] && !stop && !d_block) begin
        if (rob_cnt_q + n_rob + 1 > (RobW+1)'(RobEntries)) begin
          st_rob_full = 1'b1; ok = 1'b0;
        end else if (d_has_rs[w] && need_rs[d_rs[w]] + 1 > rs_free[d_rs[w]]) begin
          st_rs_full = 1'b1; ok = 1'b0;
        end else if ((d_load[w] && (lq_cnt_q + n_lq + 1 > (LqW+1)'(LqEntries)
                                    || lq_busy_q[d_lq[w]]))
                  || (d_store[w] && sq_cnt_q + n_sq + 1 > (SqW+1)'(SqEntries))) begin
          st_lsq_full = 1'b1; ok = 1'b0;
        end else if (d_dst[w] && n_preg + 1 > fl_cnt) begin
          st_preg = 1'b1; ok = 1'b0;
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
        if (d_load[w]) n_lq = n_lq + 1'b1;
        if (d_store[w]) n_sq = n_sq + 1'b1;
        if (d_dst[w]) n_preg = n_preg + 1'b1;
        disp_n = disp_n + 1'b1;
      end
    end
  end
  assign fe_take_o = disp_n;

  // Reservation stations
  logic [3:0][DW-1:0]              rs_alloc;
  rs_payload_t [DW-1:0]            d_payload;
  logic [3:0][RsEntries-1:0]       rs_valid, rs_ready, rs_issue;
  logic [3:0][RsEntries-1:0][PW-1:0] rs_src1, rs_src2;
  rs_payload_t [3:0][RsEntries-1:0]  rs_pl;

  always_comb begin : rs_alloc_vec
    for (int unsigned w = 0; w < DW; w++) begin
      d_payload[w].rob      = RobW'(rob_tail_q + RobW'(w));
      d_payload[w].pdst     = d_pdst[w];
      d_payload[w].has_dst  = d_dst[w];
      d_payload[w].pc       = fe_uop_i[w].pc;
      d_payload[w].pred_npc = fe_uop_i[w].pred_npc;
      d_payload[w].uop      = fe_uop_i[w].uop;
      d_payload[w].lq       = d_lq[w];
      d_payload[w].sq       = d_sq[w];
      for (int unsigned c = 0; c < 4; c++) rs_alloc[c][w] = d_ok[w] && d_has_rs[w] && d_rs[w] == 2'(c);
    end
  end

  for (genvar c = 0; c < 4; c++) begin : g_rs
    logic [$clog2(RsEntries+1)-1:0] free_cnt;
    be_rs #(
      .Entries (RsEntries),
      .AllocW  (DW),
      .NumWb   (NumWb),
      .PW      (PW),
      .payload_t (rs_payload_t)
    ) u_rs (
      .clk_i,
      .rst_ni,
      .flush_i         (flush),
      .alloc_i         (rs_alloc[c]),
      .alloc_payload_i (d_payload),
      .alloc_src1_i    (d_src1),
      .alloc_src2_i    (d_src2),
      .alloc_rdy1_i    (d_rdy1),
      .alloc_rdy2_i    (d_rdy2),
      .wb_valid_i      (wb_valid),
      .wb_tag_i        (wb_tag),
      .issue_i         (rs_issue[c]),
      .valid_o         (rs_valid[c]),
      .ready_o         (rs_ready[c]),
      .src1_o          (rs_src1[c]),
      .src2_o          (rs_src2[c]),
      .payload_o       (rs_pl[c]),
      .free_cnt_o      (free_cnt)
    );
    assign rs_free[c] = 5'(free_cnt);
  end

  // -------------------------------------------------------------------------------------
  // Issue: oldest eligible entry per port, then the IssueWidth oldest port candidates.
  logic [31:0] irq_live, csr_rdata, irq_cause, trap_target, mepc;
  logic        irq_take, csr_illegal;
  logic        div_busy;
  assign irq_live = {18'b0, lcofi_i, 1'b0, meip_i, 3'b0, mtip_i, 3'b0, msip_i, 3'b0};

  logic [NumPorts-1:0]                   cand, grant;
  logic [NumPorts-1:0][$clog2(RsEntries)-1:0] cand_e;
  logic [NumPorts-1:0][RobW-1:0]         cand_age;

  always_comb begin : select
    logic [RsEntries-1:0] elig;
    logic [RobW-1:0]      a;
    cand = '0; cand_e = '0; cand_age = '0;
    for (int unsigned p = 0; p < NumPorts; p++) begin
      if (p < NumAlu) begin
        // ALU port p takes the oldest ready entry the lower ALU ports did not take (a CSR
        // op only captures its source here; it acts at commit).
        for (int unsigned e = 0; e < RsEntries; e++) begin
          elig[e] = rs_ready[0][e];
          for (int unsigned q = 0; q < p; q++) begin
            if (cand[q] && cand_e[q] == $clog2(RsEntries)'(e)) elig[e] = 1'b0;
          end
        end
      end else if (p == PBr) begin
        elig = rs_ready[1];
      end else if (p == PMd) begin
        for (int unsigned e = 0; e < RsEntries; e++) begin
          elig[e] = rs_ready[2][e] && (rs_pl[2][e].uop.cls == ClsMul || !div_busy);
        end
      end else begin
        elig = rs_ready[3];
      end
      for (int unsigned e = 0; e < RsEntries; e++) begin
        a = age(rs_pl[rs_of_port(p)][e].rob, rob_head_q);
        if (elig[e] && (!cand[p] || a < cand_age[p])) begin
          cand[p]     = 1'b1;
          cand_e[p]   = $clog2(RsEntries)'(e);
          cand_age[p] = a;
        end
      end
    end
    for (int unsigned p = 0; p < NumPorts; p++) begin
      int unsigned older;
      older = 0;
      for (int unsigned q = 0; q < NumPorts; q++) begin
        if (q != p && cand[q] && cand_age[q] < cand_age[p]) older++;
      end
      grant[p] = cand[p] && older < IssueWidth && !flush;
    end
    rs_issue = '0;
    for (int unsigned p = 0; p < NumPorts; p++) begin
      if (grant[p]) rs_issue[rs_of_port(p)][cand_e[p]] = 1'b1;
    end
  end

  rs_payload_t [NumPorts-1:0]       iu;     // issued uop per port
  logic [NumPorts-1:0][31:0]        opa, opb;
  always_comb begin : operands
    for (int unsigned p = 0; p < NumPorts; p++) begin
      int unsigned c;
      c = rs_of_port(p);
      iu[p]  = rs_pl[c][cand_e[p]];
      opa[p] = prf_q[rs_src1[c][cand_e[p]]];
      opb[p] = prf_q[rs_src2[c][cand_e[p]]];
    end
  end

  // ALUs
  logic [NumAlu-1:0][31:0] alu_res;
  logic [NumAlu-1:0]       alu_br_unused;
  for (genvar p = 0; p < NumAlu; p++) begin : g_alu
    core_alu u_alu (
      .op_i        (iu[p].uop.alu_op),
      .a_i         (iu[p].uop.src_a_pc ? iu[p].pc : opa[p]),
      .b_i         (iu[p].uop.src_b_imm ? iu[p].uop.imm : opb[p]),
      .result_o    (alu_res[p]),
      .br_funct3_i (iu[p].uop.funct3),
      .br_a_i      (opa[p]),
      .br_b_i      (opb[p]),
      .br_taken_o  (alu_br_unused[p])
    );
  end

  // Branch unit
  logic        br_cmp, br_taken, br_misal, br_mispred;
  logic [31:0] br_target, br_npc, br_unused_res;
  core_alu u_br_alu (
    .op_i        (AluAdd),
    .a_i         (opa[PBr]),
    .b_i         (opb[PBr]),
    .result_o    (br_unused_res),
    .br_funct3_i (iu[PBr].uop.funct3),
    .br_a_i      (opa[PBr]),
    .br_b_i      (opb[PBr]),
    .br_taken_o  (br_cmp)
  );
  assign br_taken   = iu[PBr].uop.cls == ClsBranch ? br_cmp : 1'b1;
  assign br_target  = iu[PBr].uop.cls == ClsJalr ? ((opa[PBr] + iu[PBr].uop.imm) & ~32'd1)
                                                 : iu[PBr].pc + iu[PBr].uop.imm;
  assign br_npc     = br_taken ? br_target : iu[PBr].pc + 32'd4;
  assign br_misal   = br_taken && br_target[1];
  assign br_mispred = br_npc != iu[PBr].pred_npc && !br_misal;
  assign redirect_exec = grant[PBr] && br_mispred
                      && (!pend_q || age(iu[PBr].rob, rob_head_q) < age(pend_rob_q, rob_head_q));

  // Multiplier (pipelined) and divider (iterative)
  logic        mul_issue, div_issue, mul_valid, div_valid, div_busy_unit;
  logic [31:0] mul_result, div_result;
  assign mul_issue = grant[PMd] && iu[PMd].uop.cls == ClsMul;
  assign div_issue = grant[PMd] && iu[PMd].uop.cls == ClsDiv;
  // A killed divide still occupies the unit until it finishes.
  assign div_busy  = div_busy_unit;

  core_mul #(.Latency(MulLatency)) u_mul (
    .clk_i,
    .rst_ni,
    .fast_i   (fast_alu_i),
    .valid_i  (mul_issue),
    .funct_i  (iu[PMd].uop.funct3[1:0]),
    .a_i      (opa[PMd]),
    .b_i      (opb[PMd]),
    .valid_o  (mul_valid),
    .result_o (mul_result)
  );

  core_div u_div (
    .clk_i,
    .rst_ni,
    .fast_i   (fast_alu_i),
    .start_i  (div_issue),
    .funct_i  (iu[PMd].uop.funct3[1:0]),
    .a_i      (opa[PMd]),
    .b_i      (opb[PMd]),
    .busy_o   (div_busy_unit),
    .valid_o  (div_valid),
    .result_o (div_result)
  );

  // Result owners of the multiplier / divider outputs this cycle.
  logic            mul_out_live, mul_out_dst, div_out_live, div_out_dst;
  logic [PW-1:0]   mul_out_pdst, div_out_pdst;
  logic [RobW-1:0] mul_out_rob, div_out_rob;
  assign mul_out_live = fast_alu_i ? mul_issue : mul_live_q[MulLatency-2];
  assign mul_out_dst  = fast_alu_i ? iu[PMd].has_dst : mul_tag_q[MulLatency-2][PW];
  assign mul_out_pdst = fast_alu_i ? iu[PMd].pdst : mul_tag_q[MulLatency-2][PW-1:0];
  assign mul_out_rob  = fast_alu_i ? iu[PMd].rob : mul_rob_q[MulLatency-2];
  assign div_out_live = fast_alu_i ? div_issue : div_live_q;
  assign div_out_dst  = fast_alu_i ? iu[PMd].has_dst : div_has_dst_q;
  assign div_out_pdst = fast_alu_i ? iu[PMd].pdst : div_pdst_q;
  assign div_out_rob  = fast_alu_i ? iu[PMd].rob : div_rob_q;

  // AGU
  logic        agu_load, agu_store, agu_misal, agu_mmio;
  logic [31:0] agu_addr, agu_sdata;
  logic [2:0]  agu_size;
  assign agu_load  = grant[PAgu] && iu[PAgu].uop.cls == ClsLoad;
  assign agu_store = grant[PAgu] && iu[PAgu].uop.cls == ClsStore;
  assign agu_addr  = opa[PAgu] + iu[PAgu].uop.imm;
  assign agu_size  = size_of(iu[PAgu].uop.funct3[1:0]);
  assign agu_misal = (agu_size == 3'd4 && agu_addr[1:0] != 2'b00)
                  || (agu_size == 3'd2 && agu_addr[0]);
  assign agu_sdata = agu_size == 3'd4 ? opb[PAgu]
                   : agu_size == 3'd2 ? {16'b0, opb[PAgu][15:0]} : {24'b0, opb[PAgu][7:0]};
  assign agu_mmio  = !agu_addr[31];

  // -------------------------------------------------------------------------------------
  // Load queue: pick the oldest load whose address is known and that no older store blocks;
  // forward from the youngest older overlapping store when it covers the load.
  logic [LqEntries-1:0]       lq_cand, lq_block, lq_fwd;
  logic [LqEntries-1:0][31:0] lq_fwd_word;
  logic                       ld_pick, ld_pick_fwd, ld_req;
  logic [LqW-1:0]             ld_pick_idx;

  always_comb begin : lq_search
    logic [3:0]     lbe, sbe;
    logic           found;
    logic [SqW-1:0] best, pos, best_pos;
    logic [RobW-1:0] a, best_age;
    for (int unsigned l = 0; l < LqEntries; l++) begin
      lbe   = byte_en(lq_addr_q[l][1:0], size_of(lq_f3_q[l][1:0]));
      found = 1'b0; best = '0; best_pos = '0;
      for (int unsigned s = 0; s < SqEntries; s++) begin
        sbe = byte_en(sq_addr_q[s][1:0], sq_size_q[s]);
        pos = SqW'(SqW'(s) - sq_head_q);
        if (sq_valid_q[s] && sq_addr_ok_q[s]
            && (sq_cmt_q[s] || age(sq_rob_q[s], rob_head_q) < age(lq_rob_q[l], rob_head_q))
            && sq_addr_q[s][31:2] == lq_addr_q[l][31:2] && (sbe & lbe) != '0
            && (!found || pos > best_pos)) begin
          found    = 1'b1;
          best     = SqW'(s);
          best_pos = pos;
        end
      end
      sbe            = byte_en(sq_addr_q[best][1:0], sq_size_q[best]);
      lq_cand[l]     = lq_valid_q[l] && lq_addr_ok_q[l] && !lq_issued_q[l] && !lq_busy_q[l];
      lq_fwd[l]      = found && (lbe & ~sbe) == '0;
      lq_block[l]    = found && !lq_fwd[l];
      lq_fwd_word[l] = sq_data_q[best] << {sq_addr_q[best][1:0], 3'b000};
    end
    ld_pick = 1'b0; ld_pick_idx = '0; best_age = '0;
    for (int unsigned l = 0; l < LqEntries; l++) begin
      a = age(lq_rob_q[l], rob_head_q);
      if (lq_cand[l] && !lq_block[l] && (!ld_pick || a < best_age)) begin
        ld_pick     = 1'b1;
        ld_pick_idx = LqW'(l);
        best_age    = a;
      end
    end
    ld_pick_fwd = ld_pick && lq_fwd[ld_pick_idx];
    ld_req      = ld_pick && !ld_pick_fwd;
  end

  // Store drain (and the head's MMIO store) vs. load on the D-port.
  logic [SqW:0] sb_cnt;
  logic         st_sendable, st_req, ld_go, st_go;
  always_comb begin : sb_count
    sb_cnt = '0;
    for (int unsigned s = 0; s < SqEntries; s++) begin
      if (sq_valid_q[s] && sq_cmt_q[s]) sb_cnt = sb_cnt + 1'b1;
    end
  end
  assign st_sendable = sq_valid_q[sq_send_q] && sq_cmt_q[sq_send_q] && !sq_sent_q[sq_send_q];
  assign st_req = st_sendable && (!ld_req || sb_cnt >= (SqW+1)'(SbEntries) || mmio_busy_q);
  assign ld_go  = ld_req && !st_req && dc_gnt_i;
  assign st_go  = st_req && dc_gnt_i;

  assign dc_req_o   = st_req || ld_req;
  assign dc_we_o    = st_req;
  assign dc_addr_o  = st_req ? sq_addr_q[sq_send_q] : lq_addr_q[ld_pick_idx];
  assign dc_size_o  = st_req ? sq_size_q[sq_send_q] : size_of(lq_f3_q[ld_pick_idx][1:0]);
  assign dc_wdata_o = sq_data_q[sq_send_q] << {sq_addr_q[sq_send_q][1:0], 3'b000};
  assign dc_tag_o   = st_req ? StoreTag : DTagW'(ld_pick_idx);

  logic           ld_ans, st_ans;
  logic [LqW-1:0] ans_idx;
  assign ld_ans  = dc_rvalid_i && dc_rtag_i != StoreTag;
  assign st_ans  = dc_rvalid_i && dc_rtag_i == StoreTag;
  assign ans_idx = LqW'(dc_rtag_i);

  // -------------------------------------------------------------------------------------
  // Write-back ports
  always_comb begin : writeback
    wb_valid = '0;
    wb_tag   = '0;
    wb_data  = '0;
    // ALUs (a CSR op writes its register at commit instead)
    for (int unsigned p = 0; p < NumAlu; p++) begin
      wb_valid[p] = grant[p] && iu[p].has_dst && iu[p].uop.cls != ClsCsr;
      wb_tag[p]   = iu[p].pdst;
      wb_data[p]  = alu_res[p];
    end
    wb_valid[WbBr]  = grant[PBr] && iu[PBr].has_dst;
    wb_tag[WbBr]    = iu[PBr].pdst;
    wb_data[WbBr]   = iu[PBr].pc + 32'd4;
    wb_valid[WbMul] = mul_valid && mul_out_live && mul_out_dst;
    wb_tag[WbMul]   = mul_out_pdst;
    wb_data[WbMul]  = mul_result;
    wb_valid[WbDiv] = div_valid && div_out_live && div_out_dst;
    wb_tag[WbDiv]   = div_out_pdst;
    wb_data[WbDiv]  = div_result;
    wb_valid[WbLd]  = ld_ans && lq_valid_q[ans_idx] && lq_issued_q[ans_idx] && !dc_err_i
                   && lq_has_dst_q[ans_idx];
    wb_tag[WbLd]    = lq_pdst_q[ans_idx];
    wb_data[WbLd]   = load_fmt(dc_rdata_i, lq_addr_q[ans_idx][1:0], lq_f3_q[ans_idx]);
    wb_valid[WbFwd] = ld_pick_fwd && lq_has_dst_q[ld_pick_idx] && !flush;
    wb_tag[WbFwd]   = lq_pdst_q[ld_pick_idx];
    wb_data[WbFwd]  = load_fmt(lq_fwd_word[ld_pick_idx], lq_addr_q[ld_pick_idx][1:0],
                               lq_f3_q[ld_pick_idx]);
    if (flush) wb_valid = '0;
  end

  // -------------------------------------------------------------------------------------
  // Commit
  rob_t [CW-1:0]  hd;
  logic [CW-1:0]  hv, cmt;
  logic           take_irq, cmt_trap, cmt_mret, redirect_cmt;
  logic [31:0]    redirect_cmt_pc, redirect_cmt_seq, trap_cause, trap_tval;
  logic [1:0]     redirect_kind;  // 0 trap target, 1 mepc, 2 redirect_cmt_pc
  logic           csr_go;         // the head CSR op accesses the CSR file and commits
  logic [TakeW-1:0] cmt_n;
  logic           cmt_mispred, cmt_exception, cmt_clear;
  logic [31:0]    flush_pc;
  logic [SqW:0]   st_n;           // stores committed this cycle (they enter the store buffer)

  always_comb begin : commit
    logic stop, seen_ctrl;
    for (int unsigned k = 0; k < CW; k++) begin
      hd[k] = rob_q[RobW'(rob_head_q + RobW'(k))];
      hv[k] = rob_cnt_q > (RobW+1)'(k);
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
    redirect_cmt = 1'b0; redirect_cmt_pc = '0; redirect_cmt_seq = '0; redirect_kind = 2'd2;
    trap_cause = '0; trap_tval = '0; cmt_n = '0;
    cmt_mispred = 1'b0; cmt_exception = 1'b0; cmt_clear = 1'b0; flush_pc = '0;
    bp_upd_valid_o = 1'b0; bp_upd_pc_o = '0; bp_upd_target_o = '0; bp_upd_taken_o = 1'b0;
    bp_upd_kind_o = BrNone; bp_upd_meta_o = '0;
    if (take_irq) begin
      cmt_trap         = 1'b1;
      trap_cause       = irq_cause;
      flush            = 1'b1;
      cmt_exception    = 1'b1;
      flush_pc         = hd[0].pc;
      redirect_cmt     = 1'b1;
      redirect_kind    = 2'd0;
      redirect_cmt_seq = hd[0].seq + 32'd1;
    end else if (hv[0] && hd[0].replay) begin
      flush            = 1'b1;
      cmt_clear        = 1'b1;
      flush_pc         = hd[0].pc;
      redirect_cmt     = 1'b1;
      redirect_cmt_pc  = hd[0].pc;
      redirect_cmt_seq = hd[0].seq;
    end else begin
      for (int unsigned k = 0; k < CW; k++) begin
        if (!stop && hv[k] && hd[k].done && !hd[k].replay
            && (k == 0 || (!hd[k].exc && !hd[k].serial))
            && !(hd[k].ctrl && seen_ctrl)
            && !(hd[k].cls == ClsStore && !hd[k].exc && !hd[k].mmio
                 && sb_cnt + st_n + 1 > (SqW+1)'(SbEntries))) begin
          cmt[k] = 1'b1;
          cmt_n  = cmt_n + 1'b1;
          if (hd[k].cls == ClsStore && !hd[k].exc && !hd[k].mmio) st_n = st_n + 1'b1;
          if (hd[k].ctrl && !hd[k].exc) begin
            seen_ctrl       = 1'b1;
            bp_upd_valid_o  = 1'b1;
            bp_upd_pc_o     = hd[k].pc;
            bp_upd_target_o = hd[k].target;
            bp_upd_taken_o  = hd[k].taken;
            bp_upd_kind_o   = br_kind_of(hd[k].cls, hd[k].rd, hd[k].insn[19:15]);
            bp_upd_meta_o   = hd[k].meta;
          end
          if (hd[k].exc) begin
            cmt_trap         = 1'b1;
            trap_cause       = hd[k].cause;
            trap_tval        = hd[k].tval;
            flush            = 1'b1;
            cmt_exception    = 1'b1;
            flush_pc         = hd[k].pc;
            redirect_cmt     = 1'b1;
            redirect_kind    = 2'd0;
            redirect_cmt_seq = hd[k].seq + 32'd1;
            stop             = 1'b1;
          end else if (hd[k].serial) begin
            cmt_mret         = hd[k].cls == ClsMret;
            flush            = 1'b1;
            cmt_clear        = 1'b1;
            flush_pc         = hd[k].pc;
            redirect_cmt     = 1'b1;
            redirect_kind    = hd[k].cls == ClsMret ? 2'd1 : 2'd2;
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

  assign redirect_o        = redirect_cmt || redirect_exec;
  assign redirect_pc_o     = !redirect_cmt ? br_npc : redirect_kind == 2'd0 ? trap_target
                           : redirect_kind == 2'd1 ? mepc : redirect_cmt_pc;
  assign redirect_seq_o    = redirect_cmt ? redirect_cmt_seq : rob_q[iu[PBr].rob].seq + 32'd1;
  assign redirect_meta_o   = redirect_cmt ? hd[0].meta : rob_q[iu[PBr].rob].meta;
  assign redirect_branch_o = !redirect_cmt;
  assign redirect_taken_o  = br_taken;

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
    .pmu_we_o      (pmu_csr_we_o),
    .pmu_addr_o    (pmu_csr_addr_o),
    .pmu_wdata_o   (pmu_csr_wdata_o),
    .pmu_rdata_i   (pmu_csr_rdata_i)
  );

  // Commit records (registered: they describe the uops committed at the last edge).
  always_comb begin : trace
    for (int unsigned k = 0; k < CW; k++) begin
      commit_d[k] = '0;
      if (k == 0 && take_irq) begin
        commit_d[k].valid   = 1'b1;
        commit_d[k].pc      = hd[0].pc;
        commit_d[k].trap    = 1'b1;
        commit_d[k].cause   = irq_cause;
        commit_d[k].irq_mip = irq_live;
      end else if (cmt[k]) begin
        commit_d[k].valid     = 1'b1;
        commit_d[k].pc        = hd[k].pc;
        commit_d[k].insn      = hd[k].insn;
        commit_d[k].trap      = hd[k].exc;
        commit_d[k].cause     = hd[k].exc ? hd[k].cause : '0;
        commit_d[k].rd_we     = !hd[k].exc && hd[k].has_dst;
        commit_d[k].rd        = commit_d[k].rd_we ? hd[k].rd : 5'd0;
        commit_d[k].rd_wdata  = !commit_d[k].rd_we ? '0
                              : hd[k].cls == ClsCsr ? csr_rdata : prf_q[hd[k].pdst];
        commit_d[k].mem_we    = !hd[k].exc && hd[k].cls == ClsStore;
        commit_d[k].mem_addr  = commit_d[k].mem_we ? sq_addr_q[hd[k].sq] : '0;
        commit_d[k].mem_wdata = commit_d[k].mem_we ? sq_data_q[hd[k].sq] : '0;
        commit_d[k].mem_size  = commit_d[k].mem_we ? sq_size_q[hd[k].sq] : 3'd0;
        commit_d[k].irq_mip   = irq_live;
      end
    end
  end

  // -------------------------------------------------------------------------------------
  // Head-of-ROB operations: fence.i, MMIO store
  logic fencei_start, mmio_start, mmio_ans;
  assign mmio_ans = st_ans && mmio_busy_q && sq_head_q == hd[0].sq;
  assign fencei_start = hv[0] && hd[0].cls == ClsFenceI && !hd[0].done && !hd[0].exc
                     && !fencei_busy_q && sb_cnt == '0 && !take_irq;
  assign mmio_start   = hv[0] && hd[0].cls == ClsStore && hd[0].mmio && !hd[0].done
                     && !mmio_busy_q && !take_irq && !hd[0].replay;
  assign fencei_req_o = fencei_start;

  // -------------------------------------------------------------------------------------
  // State update
  logic [RobW-1:0] rob_head_d;
  logic [LqW-1:0]  lq_head_d;
  logic [SqW-1:0]  sq_head_d;
  logic [PW-1:0]   fl_chead_d;
  logic [CW-1:0]   cmt_dst, cmt_ld;
  always_comb begin : commit_counts
    logic [LqW:0] nl;
    logic [PW:0]  np;
    nl = '0; np = '0;
    for (int unsigned k = 0; k < CW; k++) begin
      cmt_dst[k] = cmt[k] && hd[k].has_dst && !hd[k].exc;
      cmt_ld[k]  = cmt[k] && hd[k].cls == ClsLoad;
      if (cmt_dst[k]) np = np + 1'b1;
      if (cmt_ld[k]) nl = nl + 1'b1;
    end
    rob_head_d = rob_head_q + RobW'(cmt_n);
    lq_head_d  = lq_head_q + LqW'(nl);
    fl_chead_d = fl_chead_q + PW'(np);
    sq_head_d  = st_ans ? sq_head_q + 1'b1 : sq_head_q;
  end

  // ROB
  always_ff @(posedge clk_i) begin : rob_data
    for (int unsigned w = 0; w < DW; w++) begin
      if (d_ok[w]) begin
        automatic fe_uop_t f = fe_uop_i[w];
        automatic rob_t e = '0;
        e.pc       = f.pc;
        e.insn     = f.insn;
        e.seq      = f.seq;
        e.meta     = f.bp_meta;
        e.cls      = f.uop.cls;
        e.rd       = f.uop.rd;
        e.has_dst  = d_dst[w];
        e.pdst     = d_pdst[w];
        e.old_pdst = d_old[w];
        e.lq       = d_lq[w];
        e.sq       = d_sq[w];
        e.ctrl     = !f.fetch_err && (f.uop.cls == ClsBranch || f.uop.cls == ClsJal
                                   || f.uop.cls == ClsJalr);
        if (f.fetch_err) begin
          e.done = 1'b1; e.exc = 1'b1; e.cause = CauseFetchAccess; e.tval = f.pc;
        end else begin
          unique case (f.uop.cls)
            ClsEcall:   begin e.done = 1'b1; e.exc = 1'b1; e.cause = CauseEcallM; end
            ClsEbreak:  begin e.done = 1'b1; e.exc = 1'b1; e.cause = CauseBreakpoint; e.tval = f.pc; end
            ClsIllegal: begin e.done = 1'b1; e.exc = 1'b1; e.cause = CauseIllegalInsn; e.tval = f.insn; end
            ClsMret:    begin e.done = 1'b1; e.serial = 1'b1; end
            ClsNop:     e.done = 1'b1;
            ClsFenceI, ClsCsr: e.serial = 1'b1;
            default: ;
          endcase
          // A non-control uop the front end did not follow with pc+4: re-fetch after it.
          if (!e.ctrl && f.pred_npc != f.pc + 32'd4) e.serial = 1'b1;
        end
        rob_q[RobW'(rob_tail_q + RobW'(w))] <= e;
      end
    end
    // Completions
    for (int unsigned p = 0; p < NumAlu; p++) begin
      if (grant[p]) begin
        rob_q[iu[p].rob].done <= 1'b1;
        if (iu[p].uop.cls == ClsCsr) begin
          rob_q[iu[p].rob].csr_src <= iu[p].uop.csr_imm ? {27'b0, iu[p].uop.rs1} : opa[p];
        end
      end
    end
    if (grant[PBr]) begin
      rob_q[iu[PBr].rob].done    <= 1'b1;
      rob_q[iu[PBr].rob].taken   <= br_taken;
      rob_q[iu[PBr].rob].target  <= br_target;
      rob_q[iu[PBr].rob].mispred <= br_mispred;
      if (br_misal) begin
        rob_q[iu[PBr].rob].exc   <= 1'b1;
        rob_q[iu[PBr].rob].cause <= CauseMisalignedFetch;
        rob_q[iu[PBr].rob].tval  <= br_target;
      end
    end
    if (mul_valid && mul_out_live) rob_q[mul_out_rob].done <= 1'b1;
    if (div_valid && div_out_live) rob_q[div_out_rob].done <= 1'b1;
    if (grant[PAgu]) begin
      if (agu_misal) begin
        rob_q[iu[PAgu].rob].done  <= 1'b1;
        rob_q[iu[PAgu].rob].exc   <= 1'b1;
        rob_q[iu[PAgu].rob].cause <= agu_load ? CauseMisalignedLoad : CauseMisalignedStore;
        rob_q[iu[PAgu].rob].tval  <= agu_addr;
      end else if (agu_store) begin
        if (agu_mmio) rob_q[iu[PAgu].rob].mmio <= 1'b1;
        else rob_q[iu[PAgu].rob].done <= 1'b1;
      end
    end
    // Memory-ordering violation: a younger load already read this store's bytes.
    if (agu_store && !agu_misal) begin
      for (int unsigned l = 0; l < LqEntries; l++) begin
        if (lq_valid_q[l] && lq_addr_ok_q[l]
            && (lq_issued_q[l] || (ld_pick && ld_pick_idx == LqW'(l)))
            && age(lq_rob_q[l], rob_head_q) > age(iu[PAgu].rob, rob_head_q)
            && lq_addr_q[l][31:2] == agu_addr[31:2]
            && (byte_en(lq_addr_q[l][1:0], size_of(lq_f3_q[l][1:0])) & byte_en(agu_addr[1:0], agu_size)) != '0) begin
          rob_q[lq_rob_q[l]].replay <= 1'b1;
        end
      end
    end
    if (ld_pick_fwd) rob_q[lq_rob_q[ld_pick_idx]].done <= 1'b1;
    if (ld_ans && lq_valid_q[ans_idx] && lq_issued_q[ans_idx]) begin
      rob_q[lq_rob_q[ans_idx]].done <= 1'b1;
      if (dc_err_i) begin
        rob_q[lq_rob_q[ans_idx]].exc   <= 1'b1;
        rob_q[lq_rob_q[ans_idx]].cause <= CauseLoadAccess;
        rob_q[lq_rob_q[ans_idx]].tval  <= lq_addr_q[ans_idx];
      end
    end
    if (mmio_ans) begin
      rob_q[rob_head_q].done <= 1'b1;
      if (dc_err_i) begin
        rob_q[rob_head_q].exc   <= 1'b1;
        rob_q[rob_head_q].cause <= CauseStoreAccess;
        rob_q[rob_head_q].tval  <= sq_addr_q[sq_head_q];
      end
    end
    if (fencei_busy_q && fencei_done_i) rob_q[rob_head_q].done <= 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : rob_ptrs
    if (!rst_ni) begin
      rob_head_q    <= '0;
      rob_tail_q    <= '0;
      rob_cnt_q     <= '0;
      pend_q        <= 1'b0;
      pend_rob_q    <= '0;
      fencei_busy_q <= 1'b0;
      mmio_busy_q   <= 1'b0;
      commit_q      <= '0;
    end else begin
      commit_q <= commit_d;
      if (flush) begin
        rob_head_q    <= rob_head_d;
        rob_tail_q    <= rob_head_d;
        rob_cnt_q     <= '0;
        pend_q        <= 1'b0;
        fencei_busy_q <= 1'b0;
        mmio_busy_q   <= 1'b0;
      end else begin
        rob_head_q <= rob_head_d;
        rob_tail_q <= rob_tail_q + RobW'(disp_n);
        rob_cnt_q  <= rob_cnt_q + (RobW+1)'(disp_n) - (RobW+1)'(cmt_n);
        if (redirect_exec) begin
          pend_q     <= 1'b1;
          pend_rob_q <= iu[PBr].rob;
        end
        if (fencei_start) fencei_busy_q <= 1'b1;
        else if (fencei_done_i) fencei_busy_q <= 1'b0;
        if (mmio_start) mmio_busy_q <= 1'b1;
        else if (mmio_ans) mmio_busy_q <= 1'b0;
      end
    end
  end

  // Rename state
  always_ff @(posedge clk_i or negedge rst_ni) begin : rename
    if (!rst_ni) begin
      for (int unsigned r = 0; r < 32; r++) begin
        map_q[r]  <= PW'(r);
        cmap_q[r] <= PW'(r);
      end
      for (int unsigned i = 0; i < PhysRegs; i++) fl_q[i] <= PW'(i + 32);
      fl_head_q  <= '0;
      fl_chead_q <= '0;
      fl_tail_q  <= PW'(PhysRegs - 32);
      rdy_q      <= '1;
    end else begin
      // Commit: the committed map takes the new mapping, the old register is freed.
      begin
        automatic logic [PW-1:0] t = fl_tail_q;
        automatic logic [PW-1:0] cm [32] = cmap_q;
        for (int unsigned k = 0; k < CW; k++) begin
          if (cmt_dst[k]) begin
            cm[hd[k].rd] = hd[k].pdst;
            fl_q[t] <= hd[k].old_pdst;
            t = t + 1'b1;
          end
        end
        fl_tail_q  <= t;
        fl_chead_q <= fl_chead_d;
        cmap_q     <= cm;
        if (flush) begin
          map_q     <= cm;
          fl_head_q <= fl_chead_d;
          rdy_q     <= '1;
        end else begin
          automatic logic [PhysRegs-1:0] r = rdy_q;
          automatic logic [PW-1:0] h = fl_head_q;
          for (int unsigned p = 0; p < NumWb; p++) if (wb_valid[p]) r[wb_tag[p]] = 1'b1;
          for (int unsigned w = 0; w < DW; w++) begin
            if (d_ok[w] && d_dst[w]) begin
              map_q[fe_uop_i[w].uop.rd] <= d_pdst[w];
              r[d_pdst[w]] = 1'b0;
              h = h + 1'b1;
            end
          end
          rdy_q     <= r;
          fl_head_q <= h;
        end
      end
    end
  end

  // Physical register file (x0's register p0 is never written).
  always_ff @(posedge clk_i or negedge rst_ni) begin : prf
    if (!rst_ni) begin
      for (int unsigned i = 0; i < PhysRegs; i++) prf_q[i] <= '0;
    end else begin
      for (int unsigned p = 0; p < NumWb; p++) if (wb_valid[p]) prf_q[wb_tag[p]] <= wb_data[p];
      if (csr_go && hd[0].has_dst) prf_q[hd[0].pdst] <= csr_rdata;
    end
  end

  // Multiplier / divider result owners
  always_ff @(posedge clk_i or negedge rst_ni) begin : muldiv_tags
    if (!rst_ni) begin
      mul_live_q    <= '0;
      mul_tag_q     <= '0;
      mul_rob_q     <= '0;
      div_live_q    <= 1'b0;
      div_has_dst_q <= 1'b0;
      div_pdst_q    <= '0;
      div_rob_q     <= '0;
    end else begin
      mul_live_q[0] <= mul_issue && !fast_alu_i && !flush;
      mul_tag_q[0]  <= {iu[PMd].has_dst, iu[PMd].pdst};
      mul_rob_q[0]  <= iu[PMd].rob;
      for (int unsigned i = 1; i < MulLatency - 1; i++) begin
        mul_live_q[i] <= mul_live_q[i-1] && !flush;
        mul_tag_q[i]  <= mul_tag_q[i-1];
        mul_rob_q[i]  <= mul_rob_q[i-1];
      end
      if (div_issue && !fast_alu_i) begin
        div_live_q    <= !flush;
        div_has_dst_q <= iu[PMd].has_dst;
        div_pdst_q    <= iu[PMd].pdst;
        div_rob_q     <= iu[PMd].rob;
      end else if (flush || div_valid) begin
        div_live_q <= 1'b0;
      end
    end
  end

  // Load queue
  always_ff @(posedge clk_i or negedge rst_ni) begin : lq
    if (!rst_ni) begin
      lq_valid_q   <= '0;
      lq_addr_ok_q <= '0;
      lq_issued_q  <= '0;
      lq_busy_q    <= '0;
      lq_miss1_q   <= '0;
      lq_miss2_q   <= '0;
      lq_head_q    <= '0;
      lq_tail_q    <= '0;
      lq_cnt_q     <= '0;
    end else begin
      automatic logic [LqW:0] nd = '0;
      automatic logic [LqW:0] nc = '0;
      for (int unsigned l = 0; l < LqEntries; l++) begin
        if (lq_busy_q[l]) begin
          lq_miss1_q[l] <= lq_miss1_q[l] | dc_l1miss_tags_i[l];
          lq_miss2_q[l] <= lq_miss2_q[l] | dc_l2miss_tags_i[l];
        end
      end
      if (ld_ans) begin
        lq_busy_q[ans_idx] <= 1'b0;
        if (dc_rlevel_i >= 2'd1) lq_miss1_q[ans_idx] <= 1'b1;
        if (dc_rlevel_i >= 2'd2) lq_miss2_q[ans_idx] <= 1'b1;
      end
      if (ld_go) begin
        lq_busy_q[ld_pick_idx]   <= 1'b1;
        lq_issued_q[ld_pick_idx] <= 1'b1;
      end
      if (ld_pick_fwd) lq_issued_q[ld_pick_idx] <= 1'b1;
      if (agu_load) begin
        lq_addr_q[iu[PAgu].lq]    <= agu_addr;
        lq_addr_ok_q[iu[PAgu].lq] <= 1'b1;
        // A misaligned load never goes to memory.
        if (agu_misal) lq_issued_q[iu[PAgu].lq] <= 1'b1;
      end
      for (int unsigned k = 0; k < CW; k++) begin
        if (cmt_ld[k]) begin
          lq_valid_q[hd[k].lq] <= 1'b0;
          nc = nc + 1'b1;
        end
      end
      for (int unsigned w = 0; w < DW; w++) begin
        if (d_ok[w] && d_load[w]) begin
          lq_valid_q[d_lq[w]]   <= 1'b1;
          lq_addr_ok_q[d_lq[w]] <= 1'b0;
          lq_issued_q[d_lq[w]]  <= 1'b0;
          lq_miss1_q[d_lq[w]]   <= 1'b0;
          lq_miss2_q[d_lq[w]]   <= 1'b0;
          lq_f3_q[d_lq[w]]      <= fe_uop_i[w].uop.funct3;
          lq_rob_q[d_lq[w]]     <= RobW'(rob_tail_q + RobW'(w));
          lq_pdst_q[d_lq[w]]    <= d_pdst[w];
          lq_has_dst_q[d_lq[w]] <= d_dst[w];
          nd = nd + 1'b1;
        end
      end
      if (flush) begin
        lq_valid_q <= '0;
        lq_head_q  <= lq_head_d;
        lq_tail_q  <= lq_head_d;
        lq_cnt_q   <= '0;
      end else begin
        lq_head_q <= lq_head_d;
        lq_tail_q <= lq_tail_q + LqW'(nd);
        lq_cnt_q  <= lq_cnt_q + nd - nc;
      end
    end
  end

  // Store queue
  always_ff @(posedge clk_i or negedge rst_ni) begin : sq
    if (!rst_ni) begin
      sq_valid_q   <= '0;
      sq_addr_ok_q <= '0;
      sq_cmt_q     <= '0;
      sq_sent_q    <= '0;
      sq_head_q    <= '0;
      sq_tail_q    <= '0;
      sq_send_q    <= '0;
      sq_cnt_q     <= '0;
    end else begin
      automatic logic [SqEntries-1:0] v = sq_valid_q;
      automatic logic [SqEntries-1:0] c = sq_cmt_q;
      automatic logic [SqW:0] nd = '0;
      automatic logic [SqW:0] ncm = '0;
      if (agu_store && !agu_misal) begin
        sq_addr_q[iu[PAgu].sq]    <= agu_addr;
        sq_data_q[iu[PAgu].sq]    <= agu_sdata;
        sq_size_q[iu[PAgu].sq]    <= agu_size;
        sq_addr_ok_q[iu[PAgu].sq] <= 1'b1;
      end
      if (st_go) begin
        sq_sent_q[sq_send_q] <= 1'b1;
        sq_send_q            <= sq_send_q + 1'b1;
      end
      if (st_ans) v[sq_head_q] = 1'b0;
      for (int unsigned k = 0; k < CW; k++) begin
        if (cmt[k] && hd[k].cls == ClsStore && !hd[k].exc && !hd[k].mmio) c[hd[k].sq] = 1'b1;
      end
      if (mmio_start) c[hd[0].sq] = 1'b1;
      for (int unsigned w = 0; w < DW; w++) begin
        if (d_ok[w] && d_store[w]) begin
          v[d_sq[w]] = 1'b1;
          c[d_sq[w]] = 1'b0;
          sq_addr_ok_q[d_sq[w]] <= 1'b0;
          sq_sent_q[d_sq[w]]    <= 1'b0;
          sq_rob_q[d_sq[w]]     <= RobW'(rob_tail_q + RobW'(w));
          nd = nd + 1'b1;
        end
      end
      if (flush) begin
        v = v & c;
        for (int unsigned s = 0; s < SqEntries; s++) if (v[s]) ncm = ncm + 1'b1;
        sq_tail_q <= sq_head_d + SqW'(ncm);
        sq_cnt_q  <= ncm;
      end else begin
        sq_tail_q <= sq_tail_q + SqW'(nd);
        sq_cnt_q  <= sq_cnt_q + nd - (SqW+1)'(st_ans);
      end
      sq_valid_q <= v;
      sq_cmt_q   <= c;
      sq_head_q  <= sq_head_d;
    end
  end

  assign commit_o = commit_q;

  // -------------------------------------------------------------------------------------
  // Probe bus (docs/probe.md)
  function automatic pmu_pkg::instr_cls_e cls_of(op_class_e c, logic miss1, logic miss2);
    if (c == ClsLoad) begin
      if (miss2) return pmu_pkg::ClsDcMem;
      if (miss1) return pmu_pkg::ClsDcL2;
      return pmu_pkg::ClsLongLat;
    end
    if (c == ClsMul || c == ClsDiv) return pmu_pkg::ClsLongLat;
    return pmu_pkg::ClsSingle;
  endfunction

  // Producer class per physical register (loads look up their LQ entry's miss state).
  op_class_e       preg_cls_q [PhysRegs];
  logic [LqW-1:0]  preg_lq_q [PhysRegs];
  always_ff @(posedge clk_i) begin : preg_class
    for (int unsigned w = 0; w < DW; w++) begin
      if (d_ok[w] && d_dst[w]) begin
        preg_cls_q[d_pdst[w]] <= fe_uop_i[w].uop.cls;
        preg_lq_q[d_pdst[w]]  <= d_lq[w];
      end
    end
  end

  always_comb begin : probe
    logic            any_rs, found, src_wait1;
    logic [RobW-1:0] a, best;
    logic [PW-1:0]   prod;
    logic [RobW-1:0] oldest_rob;
    logic [pmu_pkg::NW-1:0] k_iss;
    logic [LqEntries-1:0] lq_miss1_now, lq_miss2_now;
    logic            head_sb_wait, sb_miss1, sb_miss2;
    lq_miss1_now = lq_miss1_q | dc_l1miss_tags_i[LqEntries-1:0];
    lq_miss2_now = lq_miss2_q | dc_l2miss_tags_i[LqEntries-1:0];
    probe_o = '0;
    probe_o.disp_n         = disp_n;
    // Speculative CPI counters: block-ending uops (the ROB's ctrl kind) and ROB indices.
    probe_o.disp_rob_idx   = pmu_pkg::RobIdxW'(rob_tail_q);
    for (int unsigned w = 0; w < DW && w < pmu_pkg::MaxWidth; w++) begin
      probe_o.disp_br_mask[w] = d_ok[w] && !fe_uop_i[w].fetch_err
          && fe_uop_i[w].uop.cls inside {ClsBranch, ClsJal, ClsJalr};
    end
    k_iss = '0;
    for (int unsigned p = 0; p < NumPorts; p++) begin
      if (grant[p] && k_iss < pmu_pkg::NW'(pmu_pkg::MaxWidth)) begin
        probe_o.iss_rob_idx[k_iss] = pmu_pkg::RobIdxW'(iu[p].rob);
        k_iss = k_iss + 1'b1;
      end
    end
    probe_o.fe_empty = 1'b1;
    for (int unsigned w = 0; w < DW; w++) begin
      if (TakeW'(w) == disp_n && fe_valid_i[w]) probe_o.fe_empty = 1'b0;
    end
    // While dispatch is held for a redirect (a branch redirecting from execute, a commit-time
    // flush, a mispredicted branch not yet committed) nothing the front end holds can be
    // dispatched: that is the recovery's cost (bpred / RecoveryBubbles), not an unexplained
    // dispatch stall. fe_recover_i only starts the cycle after the redirect.
    if (d_block) probe_o.fe_empty = 1'b1;
    probe_o.fe_icache_miss = fe_icache_miss_i;
    probe_o.fe_bpred_recover = fe_recover_i || redirect_exec || flush;
    probe_o.fe_misfetch    = fe_misfetch_i;
    probe_o.rob_full       = st_rob_full;
    probe_o.rs_full        = st_rs_full;
    probe_o.lsq_full       = st_lsq_full;
    probe_o.be_stall       = st_rob_full | st_rs_full | st_lsq_full | st_preg;
    probe_o.iss_n          = 3'($countones(grant));
    any_rs = 1'b0;
    for (int unsigned c = 0; c < 4; c++) any_rs |= (rs_valid[c] & ~rs_issue[c]) != '0;
    probe_o.rs_empty = !any_rs;
    // Oldest uop left in the RSs: structural (ready) or waiting on a producer.
    found = 1'b0; best = '0; src_wait1 = 1'b0; prod = '0; oldest_rob = '0;
    probe_o.iss_struct = 1'b0;
    for (int unsigned c = 0; c < 4; c++) begin
      for (int unsigned e = 0; e < RsEntries; e++) begin
        a = age(rs_pl[c][e].rob, rob_head_q);
        if (rs_valid[c][e] && !rs_issue[c][e]) begin
          if (rs_ready[c][e]) probe_o.iss_struct = 1'b1;
          if (!found || a < best) begin
            found = 1'b1;
            best  = a;
            oldest_rob = rs_pl[c][e].rob;
            src_wait1 = !rs_ready[c][e];
            prod = rdy_q[rs_src1[c][e]] ? rs_src2[c][e] : rs_src1[c][e];
          end
        end
      end
    end
    probe_o.iss_nonready = found && src_wait1;
    probe_o.iss_old_rob_idx = pmu_pkg::RobIdxW'(oldest_rob);
    probe_o.iss_prod_cls = cls_of(preg_cls_q[prod], lq_miss1_now[preg_lq_q[prod]],
                                  lq_miss2_now[preg_lq_q[prod]]);
    probe_o.cmt_n          = cmt_n;
    probe_o.cmt_ms_n       = '0;
    // After this cycle's commit: the first uncommitted entry.
    probe_o.rob_empty      = flush || rob_cnt_q == (RobW+1)'(cmt_n);
    probe_o.rob_head_valid = !probe_o.rob_empty;
    probe_o.rob_head_done  = probe_o.rob_head_valid && rob_q[rob_head_d].done;
    probe_o.rob_head_cls   = cls_of(rob_q[rob_head_d].cls, lq_miss1_now[rob_q[rob_head_d].lq],
                                    lq_miss2_now[rob_q[rob_head_d].lq]);
    // A done store at the head that the full store buffer cannot take while the buffer drains
    // a store that missed the L1D waits on that miss: seed 000's "the ROB head waits on a
    // D-cache miss", at its level (docs/probe.md, "Stores"). Seed 000 has no store buffer.
    // The miss lasts while the L1D holds the store in an MSHR and in the cycle its answer
    // arrives (its buffer entry frees the cycle after).
    sb_miss1 = dc_l1miss_tags_i[StoreTag] || (st_ans && dc_rlevel_i >= 2'd1);
    sb_miss2 = dc_l2miss_tags_i[StoreTag] || (st_ans && dc_rlevel_i >= 2'd2);
    head_sb_wait = probe_o.rob_head_valid && rob_q[rob_head_d].done
                && rob_q[rob_head_d].cls == ClsStore && !rob_q[rob_head_d].exc
                && !rob_q[rob_head_d].mmio && sb_cnt + st_n + 1 > (SqW+1)'(SbEntries)
                && sb_miss1;
    if (head_sb_wait) begin
      probe_o.rob_head_done = 1'b0;
      probe_o.rob_head_cls  = sb_miss2 ? pmu_pkg::ClsDcMem : pmu_pkg::ClsDcL2;
    end
    probe_o.cmt_br_mispred = cmt_mispred;
    for (int unsigned k = 0; k < CW; k++) begin
      if (cmt[k] && hd[k].ctrl) probe_o.cmt_br_n = probe_o.cmt_br_n + 1'b1;
    end
    probe_o.machine_clear  = cmt_clear;
    probe_o.exception      = cmt_exception;
    probe_o.ld_inflight    = (lq_busy_q & lq_valid_q) != '0;
    probe_o.ld_l1miss      = (lq_busy_q & lq_valid_q & lq_miss1_now) != '0;
    probe_o.ld_l2miss      = (lq_busy_q & lq_valid_q & lq_miss2_now) != '0;
    probe_o.sb_full        = sb_cnt >= (SqW+1)'(SbEntries);
    probe_o.mem_outstanding = mem_outstanding_i;
    for (int unsigned k = 0; k < CW && k < pmu_pkg::MaxWidth; k++) begin
      probe_o.head_valid[k]  = hv[k];
      probe_o.head_commit[k] = cmt[k];
      probe_o.head_pc[k]     = hd[k].pc;
    end
    probe_o.flush    = flush;
    probe_o.flush_pc = flush_pc;
    probe_o.next_pc  = fe_uop_i[0].pc;
  end

  logic unused;
  assign unused = ^{alu_br_unused, br_unused_res, fe_pred_taken};
  logic [FetchWidth-1:0] fe_pred_taken;  // the back end checks pred_npc instead
  for (genvar w = 0; w < FetchWidth; w++) begin : g_unused
    assign fe_pred_taken[w] = fe_uop_i[w].pred_taken;
  end

`ifndef SYNTHESIS
  // Pipeline trace (stackscope run --pipeview, tb/pipeview.*): one DPI call per event, only
  // while a trace writer is installed. Instructions are named by their ROB index.
  import "DPI-C" function bit ss_pipe_on();
  import "DPI-C" function void ss_pipe_event(input int unsigned kind, input int unsigned rob,
                                             input int unsigned pc, input int unsigned insn);
  bit pipe_on;
  initial pipe_on = ss_pipe_on();
  always_ff @(posedge clk_i) begin : pipeview
    if (pipe_on && rst_ni) begin
      for (int unsigned k = 0; k < CW; k++) begin
        if (cmt[k]) ss_pipe_event(3, 32'(RobW'(rob_head_q + RobW'(k))), 0, 0);
      end
      if (flush) ss_pipe_event(4, 0, 0, 0);
      for (int unsigned w = 0; w < DW; w++) begin
        if (d_ok[w]) begin
          ss_pipe_event(0, 32'(RobW'(rob_tail_q + RobW'(w))), fe_uop_i[w].pc, fe_uop_i[w].insn);
        end
      end
      for (int unsigned p = 0; p < NumPorts; p++) begin
        if (grant[p]) ss_pipe_event(1, 32'(iu[p].rob), 0, 0);
      end
      if (!flush) begin
        for (int unsigned p = 0; p <= PBr; p++) if (grant[p]) ss_pipe_event(2, 32'(iu[p].rob), 0, 0);
        if (grant[PAgu] && (agu_misal || (agu_store && !agu_mmio))) ss_pipe_event(2, 32'(iu[PAgu].rob), 0, 0);
        if (mul_valid && mul_out_live) ss_pipe_event(2, 32'(mul_out_rob), 0, 0);
        if (div_valid && div_out_live) ss_pipe_event(2, 32'(div_out_rob), 0, 0);
        if (ld_pick_fwd) ss_pipe_event(2, 32'(lq_rob_q[ld_pick_idx]), 0, 0);
        if (ld_ans && lq_valid_q[ans_idx] && lq_issued_q[ans_idx]) begin
          ss_pipe_event(2, 32'(lq_rob_q[ans_idx]), 0, 0);  // as the ROB's done bit
        end
        if (mmio_ans) ss_pipe_event(2, 32'(rob_head_q), 0, 0);
        if (fencei_busy_q && fencei_done_i) ss_pipe_event(2, 32'(rob_head_q), 0, 0);
      end
    end
  end
`endif

`ifndef SYNTHESIS
  initial begin
    assert (DispatchWidth <= FetchWidth && DispatchWidth >= 1 && DispatchWidth <= 4);
    assert (CommitWidth >= 1 && CommitWidth <= 4);
    assert (NumAlu >= 1 && NumAlu <= 4);
    assert (LqEntries <= 2**DTagW - 1);
    assert (2**RobW == RobEntries && 2**PW == PhysRegs && PhysRegs > 32);
    assert (2**LqW == LqEntries && 2**SqW == SqEntries);
  end
  always_ff @(posedge clk_i) begin : checks
    if (rst_ni) begin
      assert (!(st_ans && !mmio_ans && dc_err_i))
        else $error("core_backend: store buffer write to %h faulted after commit",
                    sq_addr_q[sq_head_q]);
      assert (!st_ans || sq_valid_q[sq_head_q]) else $error("core_backend: stray store answer");
    end
  end
`endif

endmodule : core_backend
