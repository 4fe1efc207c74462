// Unified L2: set-associative, write-back, non-inclusive (no back-invalidation of the L1s),
// serving L1I line reads, L1D line reads and L1D write-backs. Requests enter an in-order
// pipeline of Latency-1 stages; the tag check happens at its head, so a hit is answered
// Latency cycles after acceptance. A read miss takes an MSHR, sends a line read to memory and
// lets the pipeline go on (memory-level parallelism up to Mshrs); memory answers in order.
// A head request whose line is being fetched waits (pipeline frozen) until the fill; a fill
// also freezes the pipeline for its cycle (one array access per cycle). Victims: an invalid
// way first, else round-robin per set; a dirty victim is written to memory.
`default_nettype none

module soc_l2 #(
  parameter int unsigned Sets      = 256,  // 64 KiB with 8 ways of 32-byte lines
  parameter int unsigned Ways      = 8,
  parameter int unsigned LineBytes = 32,
  parameter int unsigned Latency   = 8,    // request accepted -> hit answer visible
  parameter int unsigned Mshrs     = 8,    // line reads to memory in flight at most
  parameter int unsigned IdW       = 2,    // L1D request id (its MSHR index)
  // soc_mem's bus types: L1I <-> L2, L1D <-> L2 and the line port, request / response.
  parameter type         l2i_req_t  = logic,
  parameter type         l2i_rsp_t  = logic,
  parameter type         l2d_req_t  = logic,
  parameter type         l2d_rsp_t  = logic,
  parameter type         line_req_t = logic,
  parameter type         line_rsp_t = logic
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // L1I: line reads.
  input  l2i_req_t               i_req_i,
  output l2i_rsp_t               i_rsp_o,
  // L1D: line reads (answered with rid = the request's id) and write-backs (not answered);
  // rlevel 1: L2 hit, 2: from memory; miss: the L1D read miss_id missed L2.
  input  l2d_req_t               d_req_i,
  output l2d_rsp_t               d_rsp_o,
  // Line port to the harness's main memory (request pulse; answers in request order).
  output line_req_t              line_req_o,
  input  line_rsp_t              line_rsp_i,
  output logic [3:0]             mem_outstanding_o,
  // fence.i support for the perfect-L1 modes: flush writes every dirty line to memory
  // (lines stay valid, clean) once the pipeline and MSHRs are empty; inval drops every line
  // (only while idle and clean).
  input  logic                   flush_req_i,
  output logic                   flush_done_o,
  input  logic                   inval_i
);

  localparam int unsigned OffBits = $clog2(LineBytes);
  localparam int unsigned IdxBits = $clog2(Sets);
  localparam int unsigned TagBits = 32 - OffBits - IdxBits;
  localparam int unsigned WayBits = $clog2(Ways);
  localparam int unsigned MshrW   = Mshrs > 1 ? $clog2(Mshrs) : 1;
  localparam int unsigned Stages  = Latency - 1;
  // Line requests in flight: reads (<= Mshrs) plus victim writes; the head waits while fewer
  // than two entries are free, a fill pops one before it may push one.
  localparam int unsigned LqDepth = 16;
  localparam int unsigned LqW     = $clog2(LqDepth);
  localparam int unsigned LineW   = 32 - OffBits;

  typedef logic [TagBits-1:0]   tag_t;
  typedef logic [IdxBits-1:0]   idx_t;
  typedef logic [WayBits-1:0]   way_t;
  typedef logic [LineBytes*8-1:0] line_t;

  // Answers to the L1I and L1D (registered below) and grants.
  logic             i_gnt, i_rvalid_q, i_err_q;
  line_t            i_rdata_q;
  logic             d_gnt, d_rvalid_q, d_err_q, d_miss_q;
  logic [IdW-1:0]   d_rid_q, d_miss_id_q;
  logic [1:0]       d_rlevel_q;
  line_t            d_rdata_q;
  assign i_rsp_o = '{gnt: i_gnt, rvalid: i_rvalid_q, err: i_err_q, rdata: i_rdata_q};
  assign d_rsp_o = '{gnt: d_gnt, rvalid: d_rvalid_q, rid: d_rid_q, err: d_err_q,
                     rlevel: d_rlevel_q, rdata: d_rdata_q, miss: d_miss_q, miss_id: d_miss_id_q};

  // ---------------------------------------------------------------- arrays
  line_t           data_q   [Sets][Ways];
  tag_t            tag_q    [Sets][Ways];
  logic [Ways-1:0] valid_q  [Sets];
  logic [Ways-1:0] dirty_q  [Sets];
  way_t            victim_q [Sets];

  // ---------------------------------------------------------------- pipeline
  logic              pv_q   [Stages];
  logic              psrc_q [Stages];  // 1: L1D
  logic              pwe_q  [Stages];
  logic [LineW-1:0]  pline_q[Stages];
  line_t             pdata_q[Stages];
  logic [IdW-1:0]    pid_q  [Stages];

  // ---------------------------------------------------------------- MSHRs and line queue
  logic [Mshrs-1:0]  mv_q;
  logic [LineW-1:0]  mline_q [Mshrs];
  logic              msrc_q  [Mshrs];
  logic [IdW-1:0]    mid_q   [Mshrs];

  logic              lq_we_q   [LqDepth];   // entry is a write (answer only popped)
  logic [MshrW-1:0]  lq_mshr_q [LqDepth];
  logic [LqW-1:0]    lq_rd_q, lq_wr_q;
  logic [LqW:0]      lq_cnt_q;

  // Flush walk (soc_flush_walk): idle or not, the set it visits.
  logic flush_idle, flush_walk;
  idx_t fset;

  // ---------------------------------------------------------------- head lookup
  logic             h_v, h_src, h_we;
  logic [LineW-1:0] h_line;
  line_t            h_data;
  logic [IdW-1:0]   h_id;
  assign h_v    = pv_q[Stages-1];
  assign h_src  = psrc_q[Stages-1];
  assign h_we   = pwe_q[Stages-1];
  assign h_line = pline_q[Stages-1];
  assign h_data = pdata_q[Stages-1];
  assign h_id   = pid_q[Stages-1];

  idx_t h_idx;
  tag_t h_tag;
  assign h_idx = h_line[IdxBits-1:0];
  assign h_tag = h_line[LineW-1 -: TagBits];

  logic h_hit;
  way_t h_hit_way;
  soc_cache_hit #(
    .Ways   (Ways),
    .TagBits(TagBits)
  ) u_head_lookup (
    .valid_i(valid_q[h_idx]),
    .tags_i (tag_q[h_idx]),
    .tag_i  (h_tag),
    .hit_o  (h_hit),
    .way_o  (h_hit_way)
  );

  logic h_conflict;  // its line is being fetched from memory
  logic m_free_any;
  logic [MshrW-1:0] m_free;
  always_comb begin : mshr_search
    h_conflict = 1'b0;
    m_free_any = 1'b0;
    m_free     = '0;
    for (int unsigned m = 0; m < Mshrs; m++) begin
      if (mv_q[m] && mline_q[m] == h_line) h_conflict = 1'b1;
      if (!mv_q[m] && !m_free_any) begin
        m_free_any = 1'b1;
        m_free     = MshrW'(m);
      end
    end
  end

  // ---------------------------------------------------------------- fill (memory answer)
  logic             lq_head_we;
  logic [MshrW-1:0] f_m;
  logic             fill;      // a line read answers this cycle
  logic [LineW-1:0] f_line;
  idx_t             f_idx;
  way_t             f_way, h_way;
  logic             f_evict, h_evict;
  assign lq_head_we = lq_we_q[lq_rd_q];
  assign f_m        = lq_mshr_q[lq_rd_q];
  assign fill       = line_rsp_i.rvalid && !lq_head_we;
  assign f_line     = mline_q[f_m];
  assign f_idx      = f_line[IdxBits-1:0];
  assign f_evict    = fill && !line_rsp_i.err && valid_q[f_idx][f_way] && dirty_q[f_idx][f_way];

  // Victims: the first invalid way, else the set's round-robin pointer.
  soc_cache_victim #(.Ways(Ways)) u_fill_victim (
    .valid_i(valid_q[f_idx]),
    .rr_i   (victim_q[f_idx]),
    .way_o  (f_way)
  );
  soc_cache_victim #(.Ways(Ways)) u_head_victim (
    .valid_i(valid_q[h_idx]),
    .rr_i   (victim_q[h_idx]),
    .way_o  (h_way)
  );

  // ---------------------------------------------------------------- head actions
  logic lq_room, h_stall, frozen, h_go;
  logic h_rd_hit, h_rd_miss, h_wr_hit, h_wr_miss;
  assign lq_room   = lq_cnt_q <= (LqW+1)'(LqDepth - 2);
  assign h_stall   = h_v && (h_conflict || !lq_room || (!h_we && !h_hit && !m_free_any));
  assign frozen    = fill || h_stall;
  assign h_go      = h_v && !frozen;
  assign h_rd_hit  = h_go && !h_we && h_hit;
  assign h_rd_miss = h_go && !h_we && !h_hit;
  assign h_wr_hit  = h_go && h_we && h_hit;
  assign h_wr_miss = h_go && h_we && !h_hit;
  assign h_evict   = h_wr_miss && valid_q[h_idx][h_way] && dirty_q[h_idx][h_way];

  // Flush walk: one dirty line per cycle to memory, else the next set.
  logic walk_push, pipe_empty;
  way_t walk_way;
  always_comb begin : pipe_idle
    pipe_empty = mv_q == '0;
    for (int unsigned st = 0; st < Stages; st++) if (pv_q[st]) pipe_empty = 1'b0;
  end

  soc_flush_walk #(
    .Sets(Sets),
    .Ways(Ways)
  ) u_flush_walk (
    .clk_i,
    .rst_ni,
    .req_i    (flush_req_i),
    .drained_i(pipe_empty),
    .room_i   (lq_room),
    .empty_i  (lq_cnt_q == '0),
    .valid_i  (valid_q[fset]),
    .dirty_i  (dirty_q[fset]),
    .idle_o   (flush_idle),
    .walk_o   (flush_walk),
    .set_o    (fset),
    .push_o   (walk_push),
    .way_o    (walk_way),
    .done_o   (flush_done_o)
  );

  // The data array's one read: the line an eviction or the flush walk writes back, else the
  // head's hit. They never coincide (a hit needs the head to go, which a fill stops; a write
  // miss is not a hit; the walk waits for an empty pipeline: asserted below), so one read
  // port serves all (distributed RAM on an FPGA is copied once per read port).
  idx_t  rd_idx;
  way_t  rd_way;
  line_t rd_line;
  always_comb begin : data_read
    if (f_evict) begin
      rd_idx = f_idx;
      rd_way = f_way;
    end else if (h_evict) begin
      rd_idx = h_idx;
      rd_way = h_way;
    end else if (walk_push) begin
      rd_idx = fset;
      rd_way = walk_way;
    end else begin
      rd_idx = h_idx;
      rd_way = h_hit_way;
    end
  end
  assign rd_line = data_q[rd_idx][rd_way];

  // The line port: a write-back sends the line data_read names, under its tag; a head read
  // miss asks for the head's line. At most one of them a cycle (asserted below).
  logic wb_line;
  assign wb_line = f_evict || h_evict || walk_push;
  always_comb begin : line_port
    line_req_o.req   = wb_line || h_rd_miss;
    line_req_o.we    = wb_line;
    line_req_o.addr  = wb_line ? {tag_q[rd_idx][rd_way], rd_idx, {OffBits{1'b0}}}
                               : {h_line, {OffBits{1'b0}}};
    line_req_o.wdata = rd_line;
  end

  // ---------------------------------------------------------------- input arbitration
  logic rr_d_q, take_i, take_d;
  logic open_q;
  assign open_q  = flush_idle && !flush_req_i;
  assign take_d  = open_q && !frozen && d_req_i.req && (!i_req_i.req || rr_d_q);
  assign take_i  = open_q && !frozen && i_req_i.req && !take_d;
  assign i_gnt = take_i;
  assign d_gnt = take_d;

  always_ff @(posedge clk_i or negedge rst_ni) begin : pipeline
    if (!rst_ni) begin
      for (int unsigned s = 0; s < Stages; s++) pv_q[s] <= 1'b0;
      rr_d_q <= 1'b0;
    end else if (!frozen) begin
      pv_q[0]    <= take_i || take_d;
      psrc_q[0]  <= take_d;
      pwe_q[0]   <= take_d && d_req_i.we;
      pline_q[0] <= take_d ? d_req_i.addr[31:OffBits] : i_req_i.addr[31:OffBits];
      pdata_q[0] <= d_req_i.wdata;
      pid_q[0]   <= d_req_i.id;
      for (int unsigned s = 1; s < Stages; s++) begin
        pv_q[s]    <= pv_q[s-1];
        psrc_q[s]  <= psrc_q[s-1];
        pwe_q[s]   <= pwe_q[s-1];
        pline_q[s] <= pline_q[s-1];
        pdata_q[s] <= pdata_q[s-1];
        pid_q[s]   <= pid_q[s-1];
      end
      if (take_i || take_d) rr_d_q <= take_i;
    end
  end

  // ---------------------------------------------------------------- MSHRs, line queue
  logic lq_push, lq_push_we, lq_pop;
  assign lq_push    = line_req_o.req;
  assign lq_push_we = line_req_o.we;
  assign lq_pop     = line_rsp_i.rvalid;

  always_ff @(posedge clk_i or negedge rst_ni) begin : mshrs
    if (!rst_ni) begin
      mv_q     <= '0;
      lq_rd_q  <= '0;
      lq_wr_q  <= '0;
      lq_cnt_q <= '0;
    end else begin
      if (fill) mv_q[f_m] <= 1'b0;
      if (h_rd_miss) begin
        mv_q[m_free]    <= 1'b1;
        mline_q[m_free] <= h_line;
        msrc_q[m_free]  <= h_src;
        mid_q[m_free]   <= h_id;
      end
      if (lq_push) begin
        lq_we_q[lq_wr_q]   <= lq_push_we;
        lq_mshr_q[lq_wr_q] <= m_free;
        lq_wr_q            <= lq_wr_q + 1'b1;
      end
      if (lq_pop) lq_rd_q <= lq_rd_q + 1'b1;
      lq_cnt_q <= lq_cnt_q + (LqW+1)'(lq_push) - (LqW+1)'(lq_pop);
    end
  end

  logic unused_sigs;
  assign unused_sigs = ^{i_req_i.addr[OffBits-1:0], d_req_i.addr[OffBits-1:0], flush_walk};

  assign mem_outstanding_o = lq_cnt_q > (LqW+1)'(15) ? 4'd15 : 4'(lq_cnt_q);

  // ---------------------------------------------------------------- arrays
  always_ff @(posedge clk_i or negedge rst_ni) begin : arrays
    if (!rst_ni) begin
      for (int unsigned s = 0; s < Sets; s++) begin
        valid_q[s]  <= '0;
        dirty_q[s]  <= '0;
        victim_q[s] <= '0;
      end
    end else if (inval_i) begin
      for (int unsigned s = 0; s < Sets; s++) valid_q[s] <= '0;
    end else if (walk_push) begin
      dirty_q[fset][walk_way] <= 1'b0;
    end else if (fill) begin
      if (!line_rsp_i.err) begin
        data_q[f_idx][f_way]  <= line_rsp_i.rdata;
        tag_q[f_idx][f_way]   <= f_line[LineW-1 -: TagBits];
        valid_q[f_idx][f_way] <= 1'b1;
        dirty_q[f_idx][f_way] <= 1'b0;
        victim_q[f_idx]       <= f_way + way_t'(1);
      end
    end else if (h_wr_hit) begin
      data_q[h_idx][h_hit_way]  <= h_data;
      dirty_q[h_idx][h_hit_way] <= 1'b1;
    end else if (h_wr_miss) begin
      data_q[h_idx][h_way]  <= h_data;
      tag_q[h_idx][h_way]   <= h_tag;
      valid_q[h_idx][h_way] <= 1'b1;
      dirty_q[h_idx][h_way] <= 1'b1;
      victim_q[h_idx]       <= h_way + way_t'(1);
    end
  end

  // ---------------------------------------------------------------- answers
  always_ff @(posedge clk_i or negedge rst_ni) begin : answers
    if (!rst_ni) begin
      i_rvalid_q  <= 1'b0;
      i_err_q     <= 1'b0;
      d_rvalid_q  <= 1'b0;
      d_err_q     <= 1'b0;
      d_rid_q     <= '0;
      d_rlevel_q  <= 2'd1;
      d_miss_q    <= 1'b0;
      d_miss_id_q <= '0;
    end else begin
      i_rvalid_q  <= (fill && !msrc_q[f_m]) || (h_rd_hit && !h_src);
      d_rvalid_q  <= (fill && msrc_q[f_m]) || (h_rd_hit && h_src);
      i_err_q     <= fill && line_rsp_i.err;
      d_err_q     <= fill && line_rsp_i.err;
      d_rid_q     <= fill ? mid_q[f_m] : h_id;
      d_rlevel_q  <= fill ? 2'd2 : 2'd1;
      d_miss_q    <= h_rd_miss && h_src;
      d_miss_id_q <= h_id;
    end
  end

  // Data registers are not reset (only meaningful with rvalid).
  always_ff @(posedge clk_i) begin : answer_data
    if (fill) begin
      i_rdata_q <= line_rsp_i.rdata;
      d_rdata_q <= line_rsp_i.rdata;
    end else begin
      i_rdata_q <= rd_line;
      d_rdata_q <= rd_line;
    end
  end

`ifndef SYNTHESIS
  initial begin
    assert (Latency >= 2) else $fatal(1, "L2 Latency must be >= 2");
    assert (Ways >= 2 && (Ways & (Ways - 1)) == 0) else $fatal(1, "L2 Ways: power of 2, >= 2");
    assert ((Sets & (Sets - 1)) == 0) else $fatal(1, "L2 Sets must be a power of 2");
    assert (Mshrs <= LqDepth - 2) else $fatal(1, "L2 Mshrs must be <= 14");
  end
  // No two MSHRs fetch the same line.
  always_comb begin : no_dup_mshr
    for (int unsigned a = 0; a < Mshrs; a++)
      for (int unsigned b = a + 1; b < Mshrs; b++)
        assert (!(mv_q[a] && mv_q[b] && mline_q[a] == mline_q[b]) || !rst_ni)
          else $error("L2: two MSHRs for line %h", mline_q[a]);
  end
  // Memory answers only what was asked; a read answer belongs to a live MSHR.
  assert property (@(posedge clk_i) disable iff (!rst_ni) line_rsp_i.rvalid |-> lq_cnt_q != 0);
  assert property (@(posedge clk_i) disable iff (!rst_ni) fill |-> mv_q[f_m]);
  assert property (@(posedge clk_i) disable iff (!rst_ni) lq_cnt_q <= (LqW+1)'(LqDepth));
  // The data array's one read port is never wanted twice in a cycle (data_read above), and
  // the line port carries one request at most (line_port).
  assert property (@(posedge clk_i) disable iff (!rst_ni)
                   $onehot0({f_evict, h_evict, walk_push, h_rd_hit, h_rd_miss}));
  // Invalidation only while nothing is in flight and no line is dirty.
  always_comb begin : inval_idle
    if (rst_ni && inval_i) begin
      assert (pipe_empty && lq_cnt_q == '0) else $error("L2: invalidate while busy");
      for (int unsigned st = 0; st < Sets; st++)
        assert (dirty_q[st] == '0) else $error("L2: invalidate with dirty lines");
    end
  end
`endif

endmodule : soc_l2
