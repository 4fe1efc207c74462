// Memory system of the out-of-order core: serves the I-port and D-port of
// docs/dev/core_contract.md. Inside: L1I (pipelined hits, blocking miss), non-blocking L1D
// (MSHRs), unified L2 with the line port to the harness's main memory, the CLINT, and the
// uncached word port (MMIO, the HTIF tohost line, everything below 0x8000_0000). With the
// perfect-L1 switches every cacheable access goes to the harness's ideal ports instead,
// which answer the next cycle (L1-hit latency) from the RAM image. docs/dev/memory.md.
`default_nettype none

module soc_mem
  import core_pkg::*;
  import soc_pkg::*;
#(
  parameter int unsigned L1ISets     = 128,  // 8 KiB, 2 ways, 32-byte lines (soc_pkg::LineBytes)
  parameter int unsigned L1IWays     = 2,
  parameter int unsigned L1DSets     = 128,  // 8 KiB, 2 ways
  parameter int unsigned L1DWays     = 2,
  parameter int unsigned L1DMshrs    = 4,
  parameter int unsigned L1DTargets  = 8,    // loads merged into one L1D MSHR (a line's words)
  parameter int unsigned L2Sets      = 256,  // 64 KiB, 8 ways
  parameter int unsigned L2Ways      = 8,
  parameter int unsigned L2Latency   = 8,
  parameter int unsigned L2Mshrs     = 8
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [31:0] tohost_addr_i,  // its line stays uncached
  input  logic        perfect_l1i_i,  // per run: constant after reset
  input  logic        perfect_l1d_i,
  // I-port and D-port (core_contract.md sections 1 and 2).
  input  ic_req_t     ic_req_i,
  output ic_rsp_t     ic_rsp_o,
  input  logic        ic_kill_i,      // the fetch unit's redirect: its requests in flight are dead
  input  dc_req_t     dc_req_i,
  output dc_rsp_t     dc_rsp_o,
  output logic        dc_miss_o,      // L1D waits for L2 (stall reason)
  input  logic        fencei_req_i,
  output logic        fencei_done_o,
  output logic [3:0]  mem_outstanding_o,
  // CLINT.
  output logic        mtip_o,
  output logic        msip_o,
  output logic [63:0] mtime_o,
  // Main memory (soc_pkg): the line port, the uncached word port, and the ideal ports of the
  // perfect L1I / L1D (a request every cycle, answered the next cycle).
  output line_req_t   line_req_o,
  input  line_rsp_t   line_rsp_i,
  output word_req_t   mem_req_o,
  input  word_rsp_t   mem_rsp_i,
  output ic_req_t     pi_req_o,
  input  block_rsp_t  pi_rsp_i,
  output word_req_t   pd_req_o,
  input  word_rsp_t   pd_rsp_i
);

  localparam int unsigned OffBits = $clog2(LineBytes);
  localparam int unsigned MshrW   = L1DMshrs > 1 ? $clog2(L1DMshrs) : 1;
  localparam int unsigned DTagW   = DcTagW;

  // Line buses between the L1s and the L2.
  typedef struct packed {    // L1I line reads
    logic        req;
    logic [31:0] addr;
  } l2i_req_t;
  typedef struct packed {
    logic  gnt;
    logic  rvalid;
    logic  err;
    line_t rdata;
  } l2i_rsp_t;
  typedef struct packed {    // L1D line reads (id = MSHR) and write-backs
    logic             req;
    logic             we;
    logic [31:0]      addr;
    line_t            wdata;
    logic [MshrW-1:0] id;
  } l2d_req_t;
  typedef struct packed {
    logic             gnt;
    logic             rvalid;
    logic [MshrW-1:0] rid;
    logic             err;
    logic [1:0]       rlevel;  // 1: L2 hit, 2: from memory
    line_t            rdata;
    logic             miss;    // the L1D read miss_id missed L2
    logic [MshrW-1:0] miss_id;
  } l2d_rsp_t;

  // ---------------------------------------------------------------- D-side routing
  logic clint_hit, cacheable, to_clint, to_l1d, to_pd, to_uc;
  // CLINT registers are 32-bit words; other sizes go to the word port and fault there.
  assign clint_hit = dc_req_i.size == 3'd4
                  && (dc_req_i.addr == 32'h0200_0000
                      || dc_req_i.addr[31:3] == 29'(32'h0200_4000 >> 3)
                      || dc_req_i.addr[31:3] == 29'(32'h0200_bff8 >> 3));
  assign cacheable = dc_req_i.addr[31] && dc_req_i.addr[31:OffBits] != tohost_addr_i[31:OffBits];
  assign to_clint  = clint_hit;
  assign to_l1d    = !clint_hit && cacheable && !perfect_l1d_i;
  assign to_pd     = !clint_hit && cacheable && perfect_l1d_i;
  assign to_uc     = !clint_hit && !cacheable;

  // Answer slot: at most one answer per cycle on the D-port. L1D hits, CLINT and ideal-port
  // accesses answer the cycle after acceptance; a word-port answer arriving now is
  // registered and answers next cycle, so nothing that answers next cycle is accepted now.
  logic uc_busy_q, uc_we_q, st_pending, store_block, fence_busy_q;
  logic [DTagW-1:0] uc_tag_q;
  logic l1d_gnt, next_slot_free, dc_gnt;
  assign store_block    = uc_busy_q && uc_we_q;
  assign next_slot_free = !mem_rsp_i.rvalid;

  logic acc_clint, acc_pd, acc_uc, other_gnt;
  assign other_gnt = !fence_busy_q && !(dc_req_i.we && (store_block || st_pending))
                  && (to_uc ? !uc_busy_q : next_slot_free);  // CLINT, ideal port: next cycle
  assign dc_gnt    = to_l1d ? l1d_gnt && !fence_busy_q : other_gnt;
  assign acc_clint = dc_req_i.req && other_gnt && to_clint;
  assign acc_pd    = dc_req_i.req && other_gnt && to_pd;
  assign acc_uc    = dc_req_i.req && other_gnt && to_uc;

  // ---------------------------------------------------------------- CLINT
  logic clint_rvalid;
  logic [31:0] clint_rdata;
  logic [DTagW-1:0] ctag_q, pdtag_q;
  soc_clint u_clint (
    .clk_i,
    .rst_ni,
    .req_i    (acc_clint),
    .addr_i   (dc_req_i.addr),
    .we_i     (dc_req_i.we),
    .wdata_i  (dc_req_i.wdata),
    .rvalid_o (clint_rvalid),
    .rdata_o  (clint_rdata),
    .mtip_o,
    .msip_o,
    .mtime_o
  );

  // ---------------------------------------------------------------- uncached word port
  logic uc_rvalid_q, uc_err_q;
  logic [31:0] uc_rdata_q;
  assign mem_req_o = '{req: acc_uc, we: dc_req_i.we, addr: dc_req_i.addr, size: dc_req_i.size,
                      wdata: dc_req_i.wdata};

  always_ff @(posedge clk_i or negedge rst_ni) begin : uncached
    if (!rst_ni) begin
      uc_busy_q   <= 1'b0;
      uc_we_q     <= 1'b0;
      uc_tag_q    <= '0;
      uc_rvalid_q <= 1'b0;
      uc_err_q    <= 1'b0;
      uc_rdata_q  <= '0;
      ctag_q      <= '0;
      pdtag_q     <= '0;
    end else begin
      if (acc_uc) begin
        uc_busy_q <= 1'b1;
        uc_we_q   <= dc_req_i.we;
        uc_tag_q  <= dc_req_i.tag;
      end else if (mem_rsp_i.rvalid) begin
        uc_busy_q <= 1'b0;
      end
      uc_rvalid_q <= mem_rsp_i.rvalid;
      uc_err_q    <= mem_rsp_i.err;
      uc_rdata_q  <= mem_rsp_i.rdata;
      if (acc_clint) ctag_q <= dc_req_i.tag;
      if (acc_pd) pdtag_q <= dc_req_i.tag;
    end
  end

  // ---------------------------------------------------------------- ideal D port
  assign pd_req_o = '{req: acc_pd, we: dc_req_i.we, addr: dc_req_i.addr, size: dc_req_i.size,
                     wdata: dc_req_i.wdata};

  // ---------------------------------------------------------------- L1D
  logic                l1d_rvalid, l1d_err, l1d_flush_done;
  logic [DTagW-1:0]    l1d_rtag;
  logic [31:0]         l1d_rdata;
  logic [1:0]          l1d_rlevel;
  logic [2**DTagW-1:0] l1miss_tags, l2miss_tags;
  l2d_req_t            d2_req;
  l2d_rsp_t            d2_rsp;
  logic                fence_l1d, fence_l1i, fence_l2;

  soc_l1d #(
    .Sets(L1DSets), .Ways(L1DWays), .LineBytes(LineBytes), .Mshrs(L1DMshrs),
    .Targets(L1DTargets), .TagW(DTagW), .l2d_req_t(l2d_req_t), .l2d_rsp_t(l2d_rsp_t)
  ) u_l1d (
    .clk_i,
    .rst_ni,
    .req_i         (dc_req_i.req && to_l1d && !fence_busy_q),
    .we_i          (dc_req_i.we),
    .addr_i        (dc_req_i.addr),
    .size_i        (dc_req_i.size),
    .wdata_i       (dc_req_i.wdata),
    .tag_i         (dc_req_i.tag),
    .gnt_o         (l1d_gnt),
    .ans_block_i   (mem_rsp_i.rvalid || acc_clint || acc_pd),
    .store_block_i (store_block),
    .rvalid_o      (l1d_rvalid),
    .rtag_o        (l1d_rtag),
    .err_o         (l1d_err),
    .rdata_o       (l1d_rdata),
    .rlevel_o      (l1d_rlevel),
    .st_pending_o  (st_pending),
    .l1miss_tags_o (l1miss_tags),
    .l2miss_tags_o (l2miss_tags),
    .miss_o        (dc_miss_o),
    .flush_req_i   (fence_l1d),
    .flush_done_o  (l1d_flush_done),
    .l2_req_o      (d2_req),
    .l2_rsp_i      (d2_rsp)
  );

  // D-port answer: the sources are exclusive by the grant rule above.
  always_comb begin : d_answer
    dc_rsp_o = '{gnt: dc_gnt, rvalid: 1'b1, rtag: l1d_rtag, err: l1d_err, rdata: l1d_rdata,
                 rlevel: l1d_rlevel, l1miss_tags: l1miss_tags, l2miss_tags: l2miss_tags};
    if (uc_rvalid_q) begin
      dc_rsp_o.rtag   = uc_tag_q;
      dc_rsp_o.err    = uc_err_q;
      dc_rsp_o.rdata  = uc_rdata_q;
      dc_rsp_o.rlevel = 2'd3;
    end else if (clint_rvalid) begin
      dc_rsp_o.rtag   = ctag_q;
      dc_rsp_o.err    = 1'b0;
      dc_rsp_o.rdata  = clint_rdata;
      dc_rsp_o.rlevel = 2'd3;
    end else if (pd_rsp_i.rvalid) begin
      dc_rsp_o.rtag   = pdtag_q;
      dc_rsp_o.err    = pd_rsp_i.err;
      dc_rsp_o.rdata  = pd_rsp_i.rdata;
      dc_rsp_o.rlevel = 2'd0;
    end else if (!l1d_rvalid) begin
      dc_rsp_o.rvalid = 1'b0;
    end
  end

  // ---------------------------------------------------------------- I side
  logic l1i_gnt, l1i_rvalid, l1i_err, l1i_miss, l1i_inval_done;
  logic [127:0] l1i_rdata;
  l2i_req_t i2_req;
  l2i_rsp_t i2_rsp;

  soc_l1i #(
    .Sets(L1ISets), .Ways(L1IWays), .LineBytes(LineBytes), .l2i_req_t(l2i_req_t),
    .l2i_rsp_t(l2i_rsp_t)
  ) u_l1i (
    .clk_i,
    .rst_ni,
    .req_i        (ic_req_i.req && !perfect_l1i_i),
    .addr_i       (ic_req_i.addr),
    .gnt_o        (l1i_gnt),
    .rvalid_o     (l1i_rvalid),
    .err_o        (l1i_err),
    .rdata_o      (l1i_rdata),
    .miss_o       (l1i_miss),
    .kill_i       (ic_kill_i),
    .inval_req_i  (fence_l1i),
    .inval_done_o (l1i_inval_done),
    .l2_req_o     (i2_req),
    .l2_rsp_i     (i2_rsp)
  );

  assign pi_req_o = '{req: ic_req_i.req && perfect_l1i_i, addr: ic_req_i.addr};
  assign ic_rsp_o = perfect_l1i_i
                  ? '{gnt: 1'b1, rvalid: pi_rsp_i.rvalid, err: pi_rsp_i.err, rdata: pi_rsp_i.rdata,
                      miss: l1i_miss}
                  : '{gnt: l1i_gnt, rvalid: l1i_rvalid, err: l1i_err, rdata: l1i_rdata,
                      miss: l1i_miss};

  // ---------------------------------------------------------------- L2
  logic l2_flush_done;  // declared before its use in u_l2 (slang requires it)
  soc_l2 #(
    .Sets(L2Sets), .Ways(L2Ways), .LineBytes(LineBytes), .Latency(L2Latency),
    .Mshrs(L2Mshrs), .IdW(MshrW), .l2i_req_t(l2i_req_t), .l2i_rsp_t(l2i_rsp_t),
    .l2d_req_t(l2d_req_t), .l2d_rsp_t(l2d_rsp_t), .line_req_t(line_req_t),
    .line_rsp_t(line_rsp_t)
  ) u_l2 (
    .clk_i,
    .rst_ni,
    .i_req_i           (i2_req),
    .i_rsp_o           (i2_rsp),
    .d_req_i           (d2_req),
    .d_rsp_o           (d2_rsp),
    .line_req_o,
    .line_rsp_i,
    .mem_outstanding_o,
    .flush_req_i       (fence_l2),
    .flush_done_o      (l2_flush_done),
    .inval_i           (l1i_inval_done && perfect_l1d_i)
  );

  // ---------------------------------------------------------------- fence.i
  // L1D write-backs first, then the L1I is invalidated (so it cannot refetch a stale line
  // from L2 in between); D-port requests wait until the fence is done. The perfect-L1 modes
  // bypass part of the hierarchy, so they need more: with a perfect L1I (fetches read
  // memory) L2 also writes its dirty lines to memory; with a perfect L1D (stores write
  // memory, L2 holds only instruction lines, all clean) L2 is invalidated with the L1I.
  always_ff @(posedge clk_i or negedge rst_ni) begin : fence
    if (!rst_ni) fence_busy_q <= 1'b0;
    else if (fencei_req_i) fence_busy_q <= 1'b1;
    else if (l1i_inval_done) fence_busy_q <= 1'b0;
  end
  assign fence_l1d     = fencei_req_i;
  assign fence_l2      = l1d_flush_done && perfect_l1i_i;
  assign fence_l1i     = perfect_l1i_i ? l2_flush_done : l1d_flush_done;
  assign fencei_done_o = l1i_inval_done;

  logic unused_tohost;
  assign unused_tohost = ^tohost_addr_i[OffBits-1:0];

`ifndef SYNTHESIS
  // One answer per cycle.
  assert property (@(posedge clk_i) disable iff (!rst_ni)
                   $onehot0({uc_rvalid_q, clint_rvalid, pd_rsp_i.rvalid, l1d_rvalid}));
  assert property (@(posedge clk_i) disable iff (!rst_ni) fencei_req_i |-> !fence_busy_q);
  assert property (@(posedge clk_i) disable iff (!rst_ni) mem_rsp_i.rvalid |-> uc_busy_q);

  // Answers only for outstanding tags, each accepted access answered once. The core must
  // not reuse a tag that is still in flight (contract §2), checked here as well.
  logic [2**DTagW-1:0] tags_inflight_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tags_inflight_q <= '0;
    end else begin
      if (dc_rsp_o.rvalid) begin
        assert (tags_inflight_q[dc_rsp_o.rtag])
          else $error("soc_mem: answer for tag %0d not in flight", dc_rsp_o.rtag);
      end
      if (dc_req_i.req && dc_rsp_o.gnt) begin
        assert (!tags_inflight_q[dc_req_i.tag]
                || (dc_rsp_o.rvalid && dc_rsp_o.rtag == dc_req_i.tag))
          else $error("soc_mem: tag %0d accepted while in flight", dc_req_i.tag);
      end
      tags_inflight_q <= (tags_inflight_q
                          & ~(dc_rsp_o.rvalid ? (2**DTagW)'(1) << dc_rsp_o.rtag : '0))
                         | ((dc_req_i.req && dc_rsp_o.gnt) ? (2**DTagW)'(1) << dc_req_i.tag : '0);
    end
  end
`endif

endmodule : soc_mem
