// Load/store unit of the back end (docs/dev/core.md "Back end", D-port docs/dev/core_contract.md
// section 2): the load queue (loads issue speculatively past older stores whose address is
// unknown; a store whose address resolves checks the younger loads for a memory-ordering
// violation), the store queue whose committed part is the store buffer, store-to-load
// forwarding, and the D-port arbitration between a load and the store-buffer drain. With
// LsqStage (docs/dev/core.md "LSQ stages") the picked load waits a cycle in a register
// before its D-port request, so the store-queue search and the age pick do not reach the
// L1D's lookup and grant in one cycle.
`default_nettype none

module be_lsq
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg          = core_cfg_pkg::CfgDefault,
  parameter type       rob_t        = logic   // core_backend's ROB entry
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic                          flush_i,
  input  logic [Cfg.RobW-1:0]           rob_head_i,
  // Dispatch (be_rename): new entries at the tails
  input  logic [Cfg.DispatchWidth-1:0]  d_ok_i,
  input  logic [Cfg.DispatchWidth-1:0]  d_load_i,
  input  logic [Cfg.DispatchWidth-1:0]  d_store_i,
  input  logic [Cfg.DispatchWidth-1:0]  d_dst_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0] d_pdst_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.LqW-1:0] d_lq_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.SqW-1:0] d_sq_i,
  input  logic [Cfg.DispatchWidth-1:0][2:0] d_funct3_i,
  input  logic [Cfg.RobW-1:0]           rob_tail_i,
  output logic [Cfg.LqW:0]              lq_cnt_o,
  output logic [Cfg.LqW-1:0]            lq_tail_o,
  output logic [Cfg.SqW:0]              sq_cnt_o,
  output logic [Cfg.SqW-1:0]            sq_tail_o,
  // AGU (be_issue): address, data and size of the uop on the AGU port
  input  logic                          agu_load_i,
  input  logic                          agu_store_i,
  input  logic                          agu_exc_i,   // misaligned or outside RAM: faults at the AGU
  input  logic [31:0]                   agu_addr_i,
  input  logic [31:0]                   agu_sdata_i,
  input  logic [2:0]                    agu_size_i,
  input  logic [Cfg.RobW-1:0]           agu_rob_i,
  input  logic [Cfg.LqW-1:0]            agu_lq_i,
  input  logic [Cfg.SqW-1:0]            agu_sq_i,
  // Commit (be_rob_commit)
  input  logic [Cfg.CommitWidth-1:0]    cmt_i,
  input  logic [Cfg.CommitWidth-1:0]    cmt_ld_i,
  input  rob_t [Cfg.CommitWidth-1:0]    hd_i,
  input  logic                          mmio_start_i,  // the head's MMIO store goes out
  input  logic                          mmio_busy_i,
  // D-port
  output dc_req_t                       dc_req_o,
  input  dc_rsp_t                       dc_rsp_i,
  // Load results: write-back (be_issue) and completion (ROB)
  output logic                          ld_wb_valid_o,
  output logic [Cfg.PW-1:0]             ld_wb_tag_o,
  output logic [31:0]                   ld_wb_data_o,
  output logic                          fwd_wb_valid_o,
  output logic [Cfg.PW-1:0]             fwd_wb_tag_o,
  output logic [31:0]                   fwd_wb_data_o,
  output logic                          fwd_done_o,    // forwarded load done
  output logic [Cfg.RobW-1:0]           fwd_rob_o,
  output logic                          ld_done_o,     // D-port answer for a live load
  output logic [Cfg.RobW-1:0]           ld_rob_o,
  output logic [31:0]                   ld_addr_o,
  output logic [Cfg.LqEntries-1:0]      lq_replay_o,   // younger load read a store's bytes
  output logic [Cfg.LqEntries-1:0][Cfg.RobW-1:0] lq_rob_o,
  output logic                          st_ans_o,      // store-buffer write answered
  output logic [Cfg.SqW-1:0]            sq_head_o,
  // Store queue contents (commit records) and occupancy
  output logic [Cfg.SqEntries-1:0][31:0] sq_addr_o,
  output logic [Cfg.SqEntries-1:0][31:0] sq_data_o,
  output logic [Cfg.SqEntries-1:0][2:0] sq_size_o,
  output logic [Cfg.SqW:0]              sb_cnt_o,
  // Load queue state (probe)
  output logic [Cfg.LqEntries-1:0]      lq_valid_o,
  output logic [Cfg.LqEntries-1:0]      lq_busy_o,
  output logic [Cfg.LqEntries-1:0]      lq_miss1_o,
  output logic [Cfg.LqEntries-1:0]      lq_miss2_o
);

  localparam logic [DcTagW-1:0] StoreTag = '1;

  logic                 dc_gnt_i, dc_rvalid_i, dc_err_i;
  logic [DcTagW-1:0]    dc_rtag_i;
  logic [31:0]          dc_rdata_i;
  logic [1:0]           dc_rlevel_i;
  logic [2**DcTagW-1:0] dc_l1miss_tags_i, dc_l2miss_tags_i;
  assign {dc_gnt_i, dc_rvalid_i, dc_rtag_i, dc_err_i, dc_rdata_i, dc_rlevel_i, dc_l1miss_tags_i,
          dc_l2miss_tags_i} = dc_rsp_i;

  function automatic logic [Cfg.RobW-1:0] age(logic [Cfg.RobW-1:0] idx, logic [Cfg.RobW-1:0] head);
    return idx - head;
  endfunction

  // Load queue
  logic [Cfg.LqEntries-1:0]    lq_valid_q, lq_addr_ok_q, lq_issued_q, lq_busy_q;
  logic [Cfg.LqEntries-1:0]    lq_miss1_q, lq_miss2_q;
  logic [Cfg.LqEntries-1:0][31:0] lq_addr_q;
  logic [Cfg.LqEntries-1:0][2:0] lq_f3_q;
  logic [Cfg.LqEntries-1:0][Cfg.RobW-1:0] lq_rob_q;
  logic [Cfg.LqEntries-1:0][Cfg.PW-1:0] lq_pdst_q;
  logic [Cfg.LqEntries-1:0]    lq_has_dst_q;
  logic [Cfg.LqW-1:0]          lq_head_q;

  // Store queue (its committed prefix is the store buffer)
  logic [Cfg.SqEntries-1:0]    sq_valid_q, sq_addr_ok_q, sq_cmt_q, sq_sent_q;
  logic [Cfg.SqEntries-1:0][31:0] sq_addr_q, sq_data_q;
  logic [Cfg.SqEntries-1:0][2:0] sq_size_q;
  logic [Cfg.SqEntries-1:0][Cfg.RobW-1:0] sq_rob_q;
  logic [Cfg.SqW-1:0]          sq_head_q, sq_send_q;

  // -------------------------------------------------------------------------------------
  // Load queue: pick the oldest load whose address is known and that no older store blocks;
  // forward from the youngest older overlapping store when it covers the load.
  logic [Cfg.LqEntries-1:0]   lq_cand, lq_block, lq_fwd;
  logic [Cfg.LqEntries-1:0][31:0] lq_fwd_word;
  logic                       ld_pick, ld_pick_fwd, ld_req;
  logic [Cfg.LqW-1:0]         ld_pick_idx;
  // The load on the D-port: the pick itself, or with LsqStage the pick register's.
  logic                       pk_v_q, ld_out;
  logic [Cfg.LqW-1:0]         pk_idx_q, ld_out_idx;

  always_comb begin : lq_search
    logic [3:0]     lbe, sbe;
    logic           found;
    logic [Cfg.SqW-1:0] best, pos, best_pos;
    logic [Cfg.RobW-1:0] a, best_age;
    for (int unsigned l = 0; l < Cfg.LqEntries; l++) begin
      lbe   = byte_en(lq_addr_q[l][1:0], size_of(lq_f3_q[l][1:0]));
      found = 1'b0; best = '0; best_pos = '0;
      for (int unsigned s = 0; s < Cfg.SqEntries; s++) begin
        sbe = byte_en(sq_addr_q[s][1:0], sq_size_q[s]);
        pos = Cfg.SqW'(Cfg.SqW'(s) - sq_head_q);
        if (sq_valid_q[s] && sq_addr_ok_q[s]
            && (sq_cmt_q[s] || age(sq_rob_q[s], rob_head_i) < age(lq_rob_q[l], rob_head_i))
            && sq_addr_q[s][31:2] == lq_addr_q[l][31:2] && (sbe & lbe) != '0
            && (!found || pos > best_pos)) begin
          found    = 1'b1;
          best     = Cfg.SqW'(s);
          best_pos = pos;
        end
      end
      sbe            = byte_en(sq_addr_q[best][1:0], sq_size_q[best]);
      lq_cand[l]     = lq_valid_q[l] && lq_addr_ok_q[l] && !lq_issued_q[l] && !lq_busy_q[l]
                    && !(pk_v_q && pk_idx_q == Cfg.LqW'(l));
      lq_fwd[l]      = found && (lbe & ~sbe) == '0;
      lq_block[l]    = found && !lq_fwd[l];
      lq_fwd_word[l] = sq_data_q[best] << {sq_addr_q[best][1:0], 3'b000};
    end
    ld_pick = 1'b0; ld_pick_idx = '0; best_age = '0;
    for (int unsigned l = 0; l < Cfg.LqEntries; l++) begin
      a = age(lq_rob_q[l], rob_head_i);
      if (lq_cand[l] && !lq_block[l] && (!ld_pick || a < best_age)) begin
        ld_pick     = 1'b1;
        ld_pick_idx = Cfg.LqW'(l);
        best_age    = a;
      end
    end
    ld_pick_fwd = ld_pick && lq_fwd[ld_pick_idx];
    ld_req      = ld_pick && !ld_pick_fwd;
  end

  // Memory-ordering violation: a younger load already read the bytes of the store whose
  // address resolves this cycle (the ROB marks the load for replay).
  always_comb begin : ordering
    lq_replay_o = '0;
    if (agu_store_i && !agu_exc_i) begin
      for (int unsigned l = 0; l < Cfg.LqEntries; l++) begin
        if (lq_valid_q[l] && lq_addr_ok_q[l]
            && (lq_issued_q[l] || (ld_pick && ld_pick_idx == Cfg.LqW'(l))
                || (pk_v_q && pk_idx_q == Cfg.LqW'(l)))
            && age(lq_rob_q[l], rob_head_i) > age(agu_rob_i, rob_head_i)
            && lq_addr_q[l][31:2] == agu_addr_i[31:2]
            && (byte_en(lq_addr_q[l][1:0], size_of(lq_f3_q[l][1:0]))
                & byte_en(agu_addr_i[1:0], agu_size_i)) != '0) begin
          lq_replay_o[l] = 1'b1;
        end
      end
    end
  end

  // Store drain (and the head's MMIO store) vs. load on the D-port.
  logic [Cfg.SqW:0] sb_cnt;
  logic         st_sendable, st_req, ld_go, st_go;
  always_comb begin : sb_count
    sb_cnt = '0;
    for (int unsigned s = 0; s < Cfg.SqEntries; s++) begin
      if (sq_valid_q[s] && sq_cmt_q[s]) sb_cnt = sb_cnt + 1'b1;
    end
  end
  assign st_sendable = sq_valid_q[sq_send_q] && sq_cmt_q[sq_send_q] && !sq_sent_q[sq_send_q];
  assign st_req = st_sendable && (!ld_out || sb_cnt >= (Cfg.SqW+1)'(Cfg.SbEntries) || mmio_busy_i);
  assign ld_go  = ld_out && !st_req && dc_gnt_i;
  assign st_go  = st_req && dc_gnt_i;

  // The pick register (LsqStage): a picked load that needs the D-port enters when the
  // register is empty or its load goes out this cycle, and waits there until it goes out. It
  // is not yet issued, so the ordering check above covers it; a flush empties it.
  if (Cfg.LsqStage == 0) begin : gen_no_pick_reg
    assign pk_v_q     = 1'b0;
    assign pk_idx_q   = '0;
    assign ld_out     = ld_req;
    assign ld_out_idx = ld_pick_idx;
  end else begin : gen_pick_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin : pick_reg
      if (!rst_ni) begin
        pk_v_q   <= 1'b0;
        pk_idx_q <= '0;
      end else if (flush_i) begin
        pk_v_q   <= 1'b0;
      end else if (!pk_v_q || ld_go) begin
        pk_v_q   <= ld_req;
        pk_idx_q <= ld_pick_idx;
      end
    end
    assign ld_out     = pk_v_q;
    assign ld_out_idx = pk_idx_q;
  end

  assign dc_req_o.req   = st_req || ld_out;
  assign dc_req_o.we    = st_req;
  assign dc_req_o.addr  = st_req ? sq_addr_q[sq_send_q] : lq_addr_q[ld_out_idx];
  assign dc_req_o.size  = st_req ? sq_size_q[sq_send_q] : size_of(lq_f3_q[ld_out_idx][1:0]);
  assign dc_req_o.wdata = sq_data_q[sq_send_q] << {sq_addr_q[sq_send_q][1:0], 3'b000};
  assign dc_req_o.tag   = st_req ? StoreTag : DcTagW'(ld_out_idx);

  logic           ld_ans, st_ans;
  logic [Cfg.LqW-1:0] ans_idx;
  assign ld_ans  = dc_rvalid_i && dc_rtag_i != StoreTag;
  assign st_ans  = dc_rvalid_i && dc_rtag_i == StoreTag;
  assign ans_idx = Cfg.LqW'(dc_rtag_i);

  // Load results
  assign ld_wb_valid_o  = ld_ans && lq_valid_q[ans_idx] && lq_issued_q[ans_idx] && !dc_err_i
                       && lq_has_dst_q[ans_idx];
  assign ld_wb_tag_o    = lq_pdst_q[ans_idx];
  assign ld_wb_data_o   = load_fmt(dc_rdata_i, lq_addr_q[ans_idx][1:0], lq_f3_q[ans_idx]);
  assign fwd_wb_valid_o = ld_pick_fwd && lq_has_dst_q[ld_pick_idx] && !flush_i;
  assign fwd_wb_tag_o   = lq_pdst_q[ld_pick_idx];
  assign fwd_wb_data_o  = load_fmt(lq_fwd_word[ld_pick_idx], lq_addr_q[ld_pick_idx][1:0],
                                   lq_f3_q[ld_pick_idx]);
  assign fwd_done_o = ld_pick_fwd;
  assign fwd_rob_o  = lq_rob_q[ld_pick_idx];
  assign ld_done_o  = ld_ans && lq_valid_q[ans_idx] && lq_issued_q[ans_idx];
  assign ld_rob_o   = lq_rob_q[ans_idx];
  assign ld_addr_o  = lq_addr_q[ans_idx];

  // -------------------------------------------------------------------------------------
  // Load queue state
  logic [Cfg.LqW:0] lq_push, lq_pop;
  logic [Cfg.LqW-1:0] lq_head_d;
  always_comb begin : lq_counts
    lq_push = '0;
    lq_pop  = '0;
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      if (d_ok_i[w] && d_load_i[w]) lq_push = lq_push + 1'b1;
    end
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) if (cmt_ld_i[k]) lq_pop = lq_pop + 1'b1;
    lq_head_d = lq_head_q + Cfg.LqW'(lq_pop);
  end

  be_ring_ptr #(.Entries(Cfg.LqEntries)) u_lq_ptr (
    .clk_i,
    .rst_ni,
    .flush_i,
    .head_d_i (lq_head_d),
    .push_i   (lq_push),
    .pop_i    (lq_pop),
    .keep_i   ('0),
    .head_o   (lq_head_q),
    .tail_o   (lq_tail_o),
    .cnt_o    (lq_cnt_o)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin : lq
    if (!rst_ni) begin
      lq_valid_q   <= '0;
      lq_addr_ok_q <= '0;
      lq_issued_q  <= '0;
      lq_busy_q    <= '0;
      lq_miss1_q   <= '0;
      lq_miss2_q   <= '0;
    end else begin
      for (int unsigned l = 0; l < Cfg.LqEntries; l++) begin
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
        lq_busy_q[ld_out_idx]   <= 1'b1;
        lq_issued_q[ld_out_idx] <= 1'b1;
      end
      if (ld_pick_fwd) lq_issued_q[ld_pick_idx] <= 1'b1;
      if (agu_load_i) begin
        lq_addr_q[agu_lq_i]    <= agu_addr_i;
        lq_addr_ok_q[agu_lq_i] <= 1'b1;
        // A load that faults at the AGU (misaligned, outside RAM) never goes to memory.
        if (agu_exc_i) lq_issued_q[agu_lq_i] <= 1'b1;
      end
      for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
        if (cmt_ld_i[k]) lq_valid_q[hd_i[k].lq] <= 1'b0;
      end
      for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
        if (d_ok_i[w] && d_load_i[w]) begin
          lq_valid_q[d_lq_i[w]]   <= 1'b1;
          lq_addr_ok_q[d_lq_i[w]] <= 1'b0;
          lq_issued_q[d_lq_i[w]]  <= 1'b0;
          lq_miss1_q[d_lq_i[w]]   <= 1'b0;
          lq_miss2_q[d_lq_i[w]]   <= 1'b0;
          lq_f3_q[d_lq_i[w]]      <= d_funct3_i[w];
          lq_rob_q[d_lq_i[w]]     <= Cfg.RobW'(rob_tail_i + Cfg.RobW'(w));
          lq_pdst_q[d_lq_i[w]]    <= d_pdst_i[w];
          lq_has_dst_q[d_lq_i[w]] <= d_dst_i[w];
        end
      end
      if (flush_i) lq_valid_q <= '0;
    end
  end

  // -------------------------------------------------------------------------------------
  // Store queue state
  logic [Cfg.SqEntries-1:0] sq_valid_d, sq_cmt_d;
  logic [Cfg.SqW:0]     sq_push, sq_keep;
  logic [Cfg.SqW-1:0]   sq_head_d;
  always_comb begin : sq_next
    sq_valid_d = sq_valid_q;
    sq_cmt_d   = sq_cmt_q;
    sq_push    = '0;
    sq_keep    = '0;
    if (st_ans) sq_valid_d[sq_head_q] = 1'b0;
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
      if (cmt_i[k] && hd_i[k].cls == ClsStore && !hd_i[k].exc && !hd_i[k].mmio) begin
        sq_cmt_d[hd_i[k].sq] = 1'b1;
      end
    end
    if (mmio_start_i) sq_cmt_d[hd_i[0].sq] = 1'b1;
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      if (d_ok_i[w] && d_store_i[w]) begin
        sq_valid_d[d_sq_i[w]] = 1'b1;
        sq_cmt_d[d_sq_i[w]]   = 1'b0;
        sq_push = sq_push + 1'b1;
      end
    end
    // A flush keeps the committed stores (the store buffer).
    if (flush_i) sq_valid_d = sq_valid_d & sq_cmt_d;
    for (int unsigned s = 0; s < Cfg.SqEntries; s++) if (sq_valid_d[s]) sq_keep = sq_keep + 1'b1;
    sq_head_d = st_ans ? sq_head_q + 1'b1 : sq_head_q;
  end

  be_ring_ptr #(.Entries(Cfg.SqEntries)) u_sq_ptr (
    .clk_i,
    .rst_ni,
    .flush_i,
    .head_d_i (sq_head_d),
    .push_i   (sq_push),
    .pop_i    ((Cfg.SqW+1)'(st_ans)),
    .keep_i   (sq_keep),
    .head_o   (sq_head_q),
    .tail_o   (sq_tail_o),
    .cnt_o    (sq_cnt_o)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin : sq
    if (!rst_ni) begin
      sq_valid_q   <= '0;
      sq_addr_ok_q <= '0;
      sq_cmt_q     <= '0;
      sq_sent_q    <= '0;
      sq_send_q    <= '0;
    end else begin
      if (agu_store_i && !agu_exc_i) begin
        sq_addr_q[agu_sq_i]    <= agu_addr_i;
        sq_data_q[agu_sq_i]    <= agu_sdata_i;
        sq_size_q[agu_sq_i]    <= agu_size_i;
        sq_addr_ok_q[agu_sq_i] <= 1'b1;
      end
      if (st_go) begin
        sq_sent_q[sq_send_q] <= 1'b1;
        sq_send_q            <= sq_send_q + 1'b1;
      end
      for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
        if (d_ok_i[w] && d_store_i[w]) begin
          sq_addr_ok_q[d_sq_i[w]] <= 1'b0;
          sq_sent_q[d_sq_i[w]]    <= 1'b0;
          sq_rob_q[d_sq_i[w]]     <= Cfg.RobW'(rob_tail_i + Cfg.RobW'(w));
        end
      end
      sq_valid_q <= sq_valid_d;
      sq_cmt_q   <= sq_cmt_d;
    end
  end

  assign st_ans_o   = st_ans;
  assign sq_head_o  = sq_head_q;
  assign sq_addr_o  = sq_addr_q;
  assign sq_data_o  = sq_data_q;
  assign sq_size_o  = sq_size_q;
  assign sb_cnt_o   = sb_cnt;
  assign lq_valid_o = lq_valid_q;
  assign lq_busy_o  = lq_busy_q;
  assign lq_miss1_o = lq_miss1_q;
  assign lq_miss2_o = lq_miss2_q;
  assign lq_rob_o   = lq_rob_q;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin : checks
    if (rst_ni) begin
      assert (!st_ans || sq_valid_q[sq_head_q]) else $error("be_lsq: stray store answer");
      assert (!pk_v_q || (lq_valid_q[pk_idx_q] && lq_addr_ok_q[pk_idx_q] && !lq_issued_q[pk_idx_q]
                          && !lq_busy_q[pk_idx_q]))
        else $error("be_lsq: the pick register holds a load that is not a candidate");
    end
  end
`endif

endmodule : be_lsq
