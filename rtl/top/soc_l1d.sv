// Non-blocking L1 data cache: set-associative, write-back, write-allocate, Mshrs miss status
// holding registers with secondary-miss merging (up to Targets loads per MSHR), hit under
// miss, loads answered out of order. Hits answer the cycle after acceptance. A filled MSHR
// replays its waiting accesses one per cycle (priority over new requests). Ordering rules:
// - stores are answered in order: a store is accepted only while no store waits in an MSHR
//   (and none is in flight elsewhere, store_block_i); a store miss is answered at its fill;
// - a store to a line whose MSHR holds loads waits for the fill, so an MSHR's store (applied
//   over the fill data) is always older than its loads, which therefore see it.
// Victims are chosen at fill time (an invalid way first, else round-robin per set); a dirty
// victim goes to a write-back FIFO that drains to L2 before any line read, so a re-miss on
// a just-evicted line reads the written-back data. flush (fence.i) waits for the MSHRs, then
// writes every dirty line back (lines stay valid, now clean) and answers once all
// write-backs have been accepted by L2.
`default_nettype none

module soc_l1d #(
  parameter int unsigned Sets      = 128,
  parameter int unsigned Ways      = 2,
  parameter int unsigned LineBytes = 32,
  parameter int unsigned Mshrs     = 4,
  parameter int unsigned Targets   = 8,  // loads merged into one MSHR at most
  parameter int unsigned TagW      = 4,
  parameter type         l2d_req_t = logic,  // soc_mem's L1D <-> L2 request / response
  parameter type         l2d_rsp_t = logic,
  localparam int unsigned MshrW    = Mshrs > 1 ? $clog2(Mshrs) : 1
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   req_i,
  input  logic                   we_i,
  input  logic [31:0]            addr_i,
  input  logic [2:0]             size_i,
  input  logic [31:0]            wdata_i,
  input  logic [TagW-1:0]        tag_i,
  output logic                   gnt_o,
  input  logic                   ans_block_i,    // next cycle's answer slot is taken
  input  logic                   store_block_i,  // a store is in flight outside the L1D
  output logic                   rvalid_o,
  output logic [TagW-1:0]        rtag_o,
  output logic                   err_o,
  output logic [31:0]            rdata_o,
  output logic [1:0]             rlevel_o,
  output logic                   st_pending_o,   // an MSHR holds an unanswered store
  output logic [2**TagW-1:0]     l1miss_tags_o,  // tags of cached loads/stores waiting on a miss
  output logic [2**TagW-1:0]     l2miss_tags_o,  // of those, the ones that also missed L2
  output logic                   miss_o,         // some MSHR is waiting for L2
  input  logic                   flush_req_i,    // pulse
  output logic                   flush_done_o,   // pulse
  // L2 side: line reads (id = MSHR) and write-backs.
  output l2d_req_t               l2_req_o,
  input  l2d_rsp_t               l2_rsp_i
);

  localparam int unsigned Words   = LineBytes / 4;
  localparam int unsigned OffBits = $clog2(LineBytes);
  localparam int unsigned IdxBits = $clog2(Sets);
  localparam int unsigned TagBits = 32 - OffBits - IdxBits;
  localparam int unsigned WayBits = $clog2(Ways);
  localparam int unsigned WBits   = $clog2(Words);
  localparam int unsigned LineW   = 32 - OffBits;
  localparam int unsigned TgtW    = Targets > 1 ? $clog2(Targets) : 1;
  // Each unfilled MSHR may push one victim; the flush walk pushes only with all MSHRs free.
  localparam int unsigned WbDepth = 2 ** $clog2(2 * Mshrs);
  localparam int unsigned WbW     = $clog2(WbDepth);

  typedef logic [TagBits-1:0]      tag_t;
  typedef logic [IdxBits-1:0]      idx_t;
  typedef logic [WayBits-1:0]      way_t;
  typedef logic [Words-1:0][31:0]  line_t;

  // ---------------------------------------------------------------- state
  line_t           data_q   [Sets][Ways];
  tag_t            tag_q    [Sets][Ways];
  logic [Ways-1:0] valid_q  [Sets];
  logic [Ways-1:0] dirty_q  [Sets];
  way_t            victim_q [Sets];

  logic [Mshrs-1:0] mv_q, msent_q, ml2miss_q, mfilled_q, merr_q, mst_q;
  logic [LineW-1:0] mline_q   [Mshrs];
  logic [1:0]       mlevel_q  [Mshrs];
  line_t            mdata_q   [Mshrs];
  logic [TagW-1:0]  mst_tag_q [Mshrs];
  logic [WBits-1:0] mst_word_q[Mshrs];
  logic [3:0]       mst_be_q  [Mshrs];
  logic [31:0]      mst_wdata_q[Mshrs];
  logic [Targets-1:0] mtv_q   [Mshrs];
  logic [TagW-1:0]  mttag_q   [Mshrs][Targets];
  logic [WBits-1:0] mtword_q  [Mshrs][Targets];

  logic [LineW-1:0] wb_line_q [WbDepth];
  line_t            wb_data_q [WbDepth];
  logic [WbW-1:0]   wb_rd_q, wb_wr_q;
  logic [WbW:0]     wb_cnt_q;

  // Flush walk (soc_flush_walk): its state and the set it visits.
  logic             flush_idle, flush_walk;
  idx_t             fset;

  // ---------------------------------------------------------------- request lookup
  idx_t             idx;
  tag_t             tag;
  logic [WBits-1:0] word;
  logic [LineW-1:0] line;
  assign idx  = flush_walk ? fset : addr_i[OffBits +: IdxBits];
  assign tag  = addr_i[31 -: TagBits];
  assign word = addr_i[2 +: WBits];
  assign line = addr_i[31:OffBits];

  logic hit;
  way_t hit_way;
  soc_cache_hit #(
    .Ways   (Ways),
    .TagBits(TagBits)
  ) u_lookup (
    .valid_i(valid_q[idx]),
    .tags_i (tag_q[idx]),
    .tag_i  (tag),
    .hit_o  (hit),
    .way_o  (hit_way)
  );

  logic [3:0] be;
  assign be = size_i == 3'd4 ? 4'hf : size_i == 3'd2 ? (4'h3 << addr_i[1:0])
                                                     : (4'h1 << addr_i[1:0]);

  function automatic logic [31:0] merge(logic [31:0] old, logic [31:0] wd, logic [3:0] en);
    for (int unsigned b = 0; b < 4; b++) if (en[b]) old[8*b +: 8] = wd[8*b +: 8];
    return old;
  endfunction

  // MSHR search: a pending (unfilled) MSHR for this line, a free MSHR, free target slots.
  logic             match, free_any, tfree_any;
  logic [MshrW-1:0] match_m, free_m;
  logic [TgtW-1:0]  tfree;
  logic [MshrW:0]   unfilled;
  always_comb begin : mshr_search
    match    = 1'b0;
    match_m  = '0;
    free_any = 1'b0;
    free_m   = '0;
    unfilled = '0;
    for (int unsigned m = 0; m < Mshrs; m++) begin
      if (mv_q[m] && !mfilled_q[m]) begin
        unfilled = unfilled + 1'b1;
        if (mline_q[m] == line) begin
          match   = 1'b1;
          match_m = MshrW'(m);
        end
      end
      if (!mv_q[m] && !free_any) begin
        free_any = 1'b1;
        free_m   = MshrW'(m);
      end
    end
    tfree_any = 1'b0;
    tfree     = '0;
    for (int unsigned t = 0; t < Targets; t++) begin
      if (!mtv_q[match_m][t] && !tfree_any) begin
        tfree_any = 1'b1;
        tfree     = TgtW'(t);
      end
    end
  end

  // ---------------------------------------------------------------- replay selection
  logic             rp_any, rp_go, rp_store, rp_free;
  logic [MshrW-1:0] rp_m, rp_free_m;
  logic [TgtW-1:0]  rp_t;
  always_comb begin : replay_pick
    rp_any    = 1'b0;
    rp_m      = '0;
    rp_free   = 1'b0;
    rp_free_m = '0;
    for (int m = Mshrs - 1; m >= 0; m--) begin
      if (mv_q[m] && mfilled_q[m]) begin
        if (mst_q[m] || |mtv_q[m]) begin
          rp_any = 1'b1;
          rp_m   = MshrW'(m);
        end else begin
          rp_free   = 1'b1;
          rp_free_m = MshrW'(m);
        end
      end
    end
    rp_store = mst_q[rp_m];
    rp_t     = '0;
    for (int t = Targets - 1; t >= 0; t--) if (mtv_q[rp_m][t]) rp_t = TgtW'(t);
  end
  assign rp_go = rp_any && !ans_block_i;

  // ---------------------------------------------------------------- accept
  // A replay takes next cycle's answer slot, so hits and stores wait for it; a load that
  // misses (merges or allocates) answers later and is accepted under a replay, which keeps
  // the next line's misses going out while a filled line is answered word by word. A
  // replay reads its MSHR's copy of the line and touches only filled MSHRs, a load
  // accepted under it only unfilled or free ones.
  logic fill, busy, busy_ld, can_alloc, accept, acc_hit, acc_merge, acc_alloc;
  assign fill      = l2_rsp_i.rvalid;
  assign busy_ld   = fill || ans_block_i || !flush_idle;
  assign busy      = busy_ld || rp_any;
  assign can_alloc = free_any && (WbW+1)'(wb_cnt_q) + (WbW+1)'(unfilled) < (WbW+1)'(WbDepth);
  always_comb begin : accept_rule
    if (!we_i) gnt_o = !busy_ld && (hit ? !rp_any : (match ? tfree_any : can_alloc));
    else gnt_o = !busy && !store_block_i && !(|mst_q) && (hit || (!match && can_alloc));
  end
  assign accept    = req_i && gnt_o;
  assign acc_hit   = accept && hit;
  assign acc_merge = accept && !hit && match;
  assign acc_alloc = accept && !hit && !match;

  // ---------------------------------------------------------------- fill
  line_t            f_line;
  logic [LineW-1:0] f_addr;
  idx_t             f_idx;
  way_t             f_way;
  logic             f_evict;
  always_comb begin : fill_merge
    f_line = l2_rsp_i.rdata;
    if (mst_q[l2_rsp_i.rid])
      f_line[mst_word_q[l2_rsp_i.rid]] = merge(f_line[mst_word_q[l2_rsp_i.rid]],
                                           mst_wdata_q[l2_rsp_i.rid], mst_be_q[l2_rsp_i.rid]);
  end
  assign f_addr = mline_q[l2_rsp_i.rid];
  assign f_idx  = f_addr[IdxBits-1:0];
  soc_cache_victim #(.Ways(Ways)) u_fill_victim (
    .valid_i(valid_q[f_idx]),
    .rr_i   (victim_q[f_idx]),
    .way_o  (f_way)
  );
  assign f_evict = fill && !l2_rsp_i.err && valid_q[f_idx][f_way] && dirty_q[f_idx][f_way];

  // ---------------------------------------------------------------- flush walk
  logic walk_push;
  way_t walk_way;
  soc_flush_walk #(
    .Sets(Sets),
    .Ways(Ways)
  ) u_flush_walk (
    .clk_i,
    .rst_ni,
    .req_i    (flush_req_i),
    .drained_i(mv_q == '0),
    .room_i   (wb_cnt_q != (WbW+1)'(WbDepth)),
    .empty_i  (wb_cnt_q == '0),
    .valid_i  (valid_q[fset]),
    .dirty_i  (dirty_q[fset]),
    .idle_o   (flush_idle),
    .walk_o   (flush_walk),
    .set_o    (fset),
    .push_o   (walk_push),
    .way_o    (walk_way),
    .done_o   (flush_done_o)
  );

  // ---------------------------------------------------------------- L2 requests
  logic             rq_any;
  logic [MshrW-1:0] rq_m;
  always_comb begin : read_pick
    rq_any = 1'b0;
    rq_m   = '0;
    for (int m = Mshrs - 1; m >= 0; m--) begin
      if (mv_q[m] && !msent_q[m]) begin
        rq_any = 1'b1;
        rq_m   = MshrW'(m);
      end
    end
  end

  // Write-backs first: a read never overtakes a write-back of the same line.
  logic wb_pop, wb_push, rq_sent;
  assign l2_req_o.req   = wb_cnt_q != '0 || rq_any;
  assign l2_req_o.we    = wb_cnt_q != '0;
  assign l2_req_o.addr  = {l2_req_o.we ? wb_line_q[wb_rd_q] : mline_q[rq_m], {OffBits{1'b0}}};
  assign l2_req_o.wdata = wb_data_q[wb_rd_q];
  assign l2_req_o.id    = rq_m;
  assign wb_pop     = l2_rsp_i.gnt && l2_req_o.we;
  assign rq_sent    = l2_rsp_i.gnt && !l2_req_o.we;
  assign wb_push    = f_evict || walk_push;

  always_ff @(posedge clk_i or negedge rst_ni) begin : wb_fifo
    if (!rst_ni) begin
      wb_rd_q  <= '0;
      wb_wr_q  <= '0;
      wb_cnt_q <= '0;
    end else begin
      if (wb_push) begin
        wb_line_q[wb_wr_q] <= f_evict ? {tag_q[f_idx][f_way], f_idx}
                                      : {tag_q[fset][walk_way], fset};
        wb_data_q[wb_wr_q] <= f_evict ? data_q[f_idx][f_way] : data_q[fset][walk_way];
        wb_wr_q            <= wb_wr_q + 1'b1;
      end
      if (wb_pop) wb_rd_q <= wb_rd_q + 1'b1;
      wb_cnt_q <= wb_cnt_q + (WbW+1)'(wb_push) - (WbW+1)'(wb_pop);
    end
  end

  // ---------------------------------------------------------------- MSHRs
  always_ff @(posedge clk_i or negedge rst_ni) begin : mshrs
    if (!rst_ni) begin
      mv_q      <= '0;
      msent_q   <= '0;
      ml2miss_q <= '0;
      mfilled_q <= '0;
      merr_q    <= '0;
      mst_q     <= '0;
      for (int unsigned m = 0; m < Mshrs; m++) mtv_q[m] <= '0;
    end else begin
      if (rq_sent) msent_q[rq_m] <= 1'b1;
      if (l2_rsp_i.miss) ml2miss_q[l2_rsp_i.miss_id] <= 1'b1;
      if (fill) begin
        mfilled_q[l2_rsp_i.rid] <= 1'b1;
        ml2miss_q[l2_rsp_i.rid] <= 1'b0;
        merr_q[l2_rsp_i.rid]    <= l2_rsp_i.err;
        mlevel_q[l2_rsp_i.rid]  <= l2_rsp_i.rlevel;
        mdata_q[l2_rsp_i.rid]   <= f_line;
      end
      if (rp_go) begin
        if (rp_store) mst_q[rp_m] <= 1'b0;
        else mtv_q[rp_m][rp_t] <= 1'b0;
      end
      if (rp_free) mv_q[rp_free_m] <= 1'b0;
      if (acc_merge) begin
        mtv_q[match_m][tfree]    <= 1'b1;
        mttag_q[match_m][tfree]  <= tag_i;
        mtword_q[match_m][tfree] <= word;
      end
      if (acc_alloc) begin
        mv_q[free_m]        <= 1'b1;
        msent_q[free_m]     <= 1'b0;
        ml2miss_q[free_m]   <= 1'b0;
        mfilled_q[free_m]   <= 1'b0;
        mline_q[free_m]     <= line;
        mst_q[free_m]       <= we_i;
        mst_tag_q[free_m]   <= tag_i;
        mst_word_q[free_m]  <= word;
        mst_be_q[free_m]    <= be;
        mst_wdata_q[free_m] <= wdata_i;
        mtv_q[free_m]       <= {{(Targets-1){1'b0}}, !we_i};
        mttag_q[free_m][0]  <= tag_i;
        mtword_q[free_m][0] <= word;
      end
    end
  end

  // ---------------------------------------------------------------- arrays
  always_ff @(posedge clk_i or negedge rst_ni) begin : arrays
    if (!rst_ni) begin
      for (int unsigned s = 0; s < Sets; s++) begin
        valid_q[s]  <= '0;
        dirty_q[s]  <= '0;
        victim_q[s] <= '0;
      end
    end else if (fill) begin
      if (!l2_rsp_i.err) begin
        data_q[f_idx][f_way]  <= f_line;
        tag_q[f_idx][f_way]   <= f_addr[LineW-1 -: TagBits];
        valid_q[f_idx][f_way] <= 1'b1;
        dirty_q[f_idx][f_way] <= mst_q[l2_rsp_i.rid];
        victim_q[f_idx]       <= f_way + way_t'(1);
      end
    end else if (walk_push) begin
      dirty_q[fset][walk_way] <= 1'b0;
    end else if (acc_hit && we_i) begin
      data_q[idx][hit_way][word] <= merge(data_q[idx][hit_way][word], wdata_i, be);
      dirty_q[idx][hit_way]      <= 1'b1;
    end
  end

  // ---------------------------------------------------------------- answers
  always_ff @(posedge clk_i or negedge rst_ni) begin : answers
    if (!rst_ni) begin
      rvalid_o <= 1'b0;
      rtag_o   <= '0;
      err_o    <= 1'b0;
      rlevel_o <= '0;
    end else begin
      rvalid_o <= rp_go || accept && hit;
      rtag_o   <= rp_go ? (rp_store ? mst_tag_q[rp_m] : mttag_q[rp_m][rp_t]) : tag_i;
      err_o    <= rp_go && merr_q[rp_m];
      rlevel_o <= rp_go ? mlevel_q[rp_m] : 2'd0;
    end
  end

  always_ff @(posedge clk_i) begin : answer_data
    rdata_o <= rp_go ? mdata_q[rp_m][mtword_q[rp_m][rp_t]] : data_q[idx][hit_way][word];
  end

  always_comb begin : miss_tags
    l1miss_tags_o = '0;
    l2miss_tags_o = '0;
    for (int unsigned m = 0; m < Mshrs; m++) begin
      for (int unsigned t = 0; t < Targets; t++) begin
        if (mv_q[m] && mtv_q[m][t]) begin
          l1miss_tags_o[mttag_q[m][t]] = 1'b1;
          if (ml2miss_q[m]) l2miss_tags_o[mttag_q[m][t]] = 1'b1;
        end
      end
      // A store miss waits in its MSHR too (until its replay answers it): the core's probe
      // books a store that cannot leave behind it to the D-cache (docs/dev/probe.md, "Stores").
      if (mv_q[m] && mst_q[m]) begin
        l1miss_tags_o[mst_tag_q[m]] = 1'b1;
        if (ml2miss_q[m]) l2miss_tags_o[mst_tag_q[m]] = 1'b1;
      end
    end
  end

  assign st_pending_o = |mst_q;
  assign miss_o       = |(mv_q & ~mfilled_q);

`ifndef SYNTHESIS
  initial begin
    assert (Ways >= 2 && (Ways & (Ways - 1)) == 0) else $fatal(1, "L1D Ways: power of 2, >= 2");
    assert ((Sets & (Sets - 1)) == 0) else $fatal(1, "L1D Sets must be a power of 2");
    assert (LineBytes >= 8 && (LineBytes & (LineBytes - 1)) == 0)
      else $fatal(1, "L1D LineBytes must be a power of 2, >= 8");
    assert (Mshrs >= 1 && Targets >= 1) else $fatal(1, "L1D needs Mshrs, Targets >= 1");
  end
  // No two pending MSHRs for one line.
  always_comb begin : no_dup_mshr
    for (int unsigned a = 0; a < Mshrs; a++)
      for (int unsigned b = a + 1; b < Mshrs; b++)
        assert (!rst_ni || !(mv_q[a] && mv_q[b] && !mfilled_q[a] && !mfilled_q[b]
                             && mline_q[a] == mline_q[b]))
          else $error("L1D: two MSHRs for line %h", mline_q[a]);
  end
  // L2 answers only sent, unfilled MSHRs; the write-back FIFO never overflows.
  assert property (@(posedge clk_i) disable iff (!rst_ni)
                   fill |-> mv_q[l2_rsp_i.rid] && msent_q[l2_rsp_i.rid]
                            && !mfilled_q[l2_rsp_i.rid]);
  assert property (@(posedge clk_i) disable iff (!rst_ni)
                   wb_push |-> wb_cnt_q != (WbW+1)'(WbDepth));
  assert property (@(posedge clk_i) disable iff (!rst_ni) flush_req_i |-> flush_idle);
`endif

endmodule : soc_l1d
