// L1 instruction cache: set-associative, read-only, round-robin replacement, 16-byte fetch
// blocks. Hits are pipelined: a request may be accepted every cycle and is answered the next
// cycle. A miss is accepted too, then blocks: no request is accepted until its line is back
// from L2 and the block is answered (answers stay in request order). A fill error (address
// outside RAM) is answered as a fault and not allocated. inval_req_i (fence.i) invalidates
// every line once no miss is in progress.
//
// Hit under a killed miss: kill_i (the fetch unit's redirect: every request in flight is dead)
// while a miss is in progress answers that miss at once, the cycle after, with a block nobody
// reads, and finishes its fill in the background: the line is still allocated, and meanwhile a
// request that hits is accepted and answered as usual. A request that misses waits (no grant)
// until the fill is done, and miss_o tells the requester it waits on a miss. So the correct
// path after a mispredict waits for a wrong-path miss only when it misses too (docs/dev/memory.md).
`default_nettype none

module soc_l1i #(
  parameter int unsigned Sets      = 128,
  parameter int unsigned Ways      = 2,
  parameter int unsigned LineBytes = 32,
  parameter type         l2i_req_t = logic,  // soc_mem's L1I <-> L2 request / response
  parameter type         l2i_rsp_t = logic
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   req_i,
  input  logic [31:0]            addr_i,      // 16-byte aligned
  output logic                   gnt_o,
  output logic                   rvalid_o,
  output logic                   err_o,
  output logic [127:0]           rdata_o,
  output logic                   miss_o,       // the requester waits on a miss
  input  logic                   kill_i,       // every request in flight is dead
  input  logic                   inval_req_i,  // pulse
  output logic                   inval_done_o, // pulse
  // Line reads from L2.
  output l2i_req_t               l2_req_o,
  input  l2i_rsp_t               l2_rsp_i
);

  localparam int unsigned Blocks  = LineBytes / 16;
  localparam int unsigned OffBits = $clog2(LineBytes);
  localparam int unsigned IdxBits = $clog2(Sets);
  localparam int unsigned TagBits = 32 - OffBits - IdxBits;
  localparam int unsigned WayBits = $clog2(Ways);
  localparam int unsigned BlkBits = Blocks > 1 ? $clog2(Blocks) : 1;

  typedef logic [TagBits-1:0] tag_t;
  typedef logic [IdxBits-1:0] idx_t;
  typedef logic [WayBits-1:0] way_t;
  typedef enum logic [1:0] {StIdle, StReq, StWait} state_e;

  logic [Blocks-1:0][127:0] data_q  [Sets][Ways];
  tag_t                     tag_q   [Sets][Ways];
  logic [Ways-1:0]          valid_q [Sets];
  way_t                     victim_q[Sets];

  state_e      state_q, state_d;
  logic [31:0] maddr_q;     // the missing request
  logic        dead_q, dead_d;  // the miss in progress was killed and answered: a background fill
  logic        inval_pend_q;

  // Lookup of the new request; the fill's line is the held miss's.
  idx_t             idx, fidx;
  tag_t             tag, ftag;
  logic [BlkBits-1:0] blk, fblk;
  assign idx  = addr_i[OffBits +: IdxBits];
  assign tag  = addr_i[31 -: TagBits];
  assign fidx = maddr_q[OffBits +: IdxBits];
  assign ftag = maddr_q[31 -: TagBits];
  if (Blocks > 1) begin : gen_blk
    assign blk  = addr_i[4 +: BlkBits];
    assign fblk = maddr_q[4 +: BlkBits];
  end else begin : gen_one_blk
    assign blk  = '0;
    assign fblk = '0;
  end

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

  logic accept, fill, fill_ans, do_inval, live_miss, kill_ans;
  // Idle takes any request; a background fill, only one that hits.
  assign gnt_o    = (state_q == StIdle || (dead_q && hit)) && !inval_pend_q;
  assign accept   = req_i && gnt_o;
  assign fill     = state_q == StWait && l2_rsp_i.rvalid;
  assign fill_ans = fill && !dead_q;  // a fill that answers its (live) request
  assign do_inval = state_q == StIdle && inval_pend_q;
  // A miss the requester still waits for: in progress and not killed.
  assign live_miss = state_q != StIdle && !dead_q;
  // Answer a killed miss the cycle after the kill: one accepted in this cycle, or the one in
  // progress unless its own fill answers it now.
  assign kill_ans = kill_i && ((state_q == StIdle && accept && !hit) || (live_miss && !fill));
  // Dead from the kill's answer until the fill (in Idle dead_q is 0, asserted below).
  assign dead_d   = (dead_q || kill_ans) && !fill;

  always_comb begin : fsm
    state_d = state_q;
    unique case (state_q)
      StIdle:  if (accept && !hit) state_d = StReq;
      StReq:   if (l2_rsp_i.gnt) state_d = StWait;
      StWait:  if (l2_rsp_i.rvalid) state_d = StIdle;
      default: state_d = StIdle;
    endcase
  end

  assign l2_req_o.req  = state_q == StReq;
  assign l2_req_o.addr = {maddr_q[31:OffBits], {OffBits{1'b0}}};
  assign miss_o    = live_miss || (dead_q && req_i && !gnt_o);

  logic [Blocks-1:0][127:0] fill_line;
  assign fill_line = l2_rsp_i.rdata;

  always_ff @(posedge clk_i or negedge rst_ni) begin : ctrl
    if (!rst_ni) begin
      state_q      <= StIdle;
      maddr_q      <= '0;
      dead_q       <= 1'b0;
      inval_pend_q <= 1'b0;
      rvalid_o     <= 1'b0;
      err_o        <= 1'b0;
      inval_done_o <= 1'b0;
    end else begin
      state_q      <= state_d;
      dead_q       <= dead_d;
      if (accept && state_q == StIdle) maddr_q <= addr_i;
      if (inval_req_i) inval_pend_q <= 1'b1;
      else if (do_inval) inval_pend_q <= 1'b0;
      inval_done_o <= do_inval;
      rvalid_o     <= (accept && hit) || fill_ans || kill_ans;
      err_o        <= fill_ans && l2_rsp_i.err;
    end
  end

  always_ff @(posedge clk_i) begin : answer_data
    if (fill_ans) rdata_o <= fill_line[fblk];
    else rdata_o <= data_q[idx][hit_way][blk];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : arrays
    if (!rst_ni) begin
      for (int unsigned s = 0; s < Sets; s++) begin
        valid_q[s]  <= '0;
        victim_q[s] <= '0;
      end
    end else if (do_inval) begin
      for (int unsigned s = 0; s < Sets; s++) valid_q[s] <= '0;
    end else if (fill && !l2_rsp_i.err) begin
      data_q[fidx][victim_q[fidx]]  <= fill_line;
      tag_q[fidx][victim_q[fidx]]   <= ftag;
      valid_q[fidx][victim_q[fidx]] <= 1'b1;
      victim_q[fidx]                <= victim_q[fidx] + way_t'(1);
    end
  end

  logic unused_addr;
  assign unused_addr = ^{addr_i[3:0], maddr_q[3:0]};

`ifndef SYNTHESIS
  initial begin
    assert (Ways >= 2 && (Ways & (Ways - 1)) == 0) else $fatal(1, "L1I Ways: power of 2, >= 2");
    assert ((Sets & (Sets - 1)) == 0) else $fatal(1, "L1I Sets must be a power of 2");
    assert (LineBytes >= 16 && (LineBytes & (LineBytes - 1)) == 0)
      else $fatal(1, "L1I LineBytes must be a power of 2, >= 16");
  end
  assert property (@(posedge clk_i) disable iff (!rst_ni) l2_rsp_i.rvalid |-> state_q == StWait);
  // A background fill is a miss in progress; while it lasts only hits are granted.
  assert property (@(posedge clk_i) disable iff (!rst_ni) dead_q |-> state_q != StIdle);
  assert property (@(posedge clk_i) disable iff (!rst_ni) accept && state_q != StIdle |-> hit);
  // At most one answer a cycle (the fetch unit pops one request per answer).
  assert property (@(posedge clk_i) disable iff (!rst_ni)
                   $onehot0({accept && hit, fill_ans, kill_ans}));
`endif

endmodule : soc_l1i
