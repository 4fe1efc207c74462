// Memory system of the out-of-order core: serves the I-port and D-port of
// docs/core_contract.md. Inside: L1I (pipelined hits, blocking miss), non-blocking L1D
// (MSHRs), unified L2 with the line port to the harness's main memory, the CLINT, and the
// uncached word port (MMIO, the HTIF tohost line, everything below 0x8000_0000). With the
// perfect-L1 switches every cacheable access goes to the harness's ideal ports instead,
// which answer the next cycle (L1-hit latency) from the RAM image. docs/memory.md.
`default_nettype none

module soc_mem #(
  parameter int unsigned L1ISets     = 128,  // 8 KiB, 2 ways, 32-byte lines
  parameter int unsigned L1IWays     = 2,
  parameter int unsigned L1DSets     = 128,  // 8 KiB, 2 ways, 32-byte lines
  parameter int unsigned L1DWays     = 2,
  parameter int unsigned LineBytes   = 32,   // L1I, L1D, L2 and the line port
  parameter int unsigned L1DMshrs    = 4,
  parameter int unsigned L1DTargets  = 8,    // loads merged into one L1D MSHR (a line's words)
  parameter int unsigned L2Sets      = 256,  // 64 KiB, 8 ways
  parameter int unsigned L2Ways      = 8,
  parameter int unsigned L2Latency   = 8,
  parameter int unsigned L2Mshrs     = 8,
  parameter int unsigned DTagW       = 4
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [31:0]            tohost_addr_i,  // its line stays uncached
  input  logic                   perfect_l1i_i,  // per run: constant after reset
  input  logic                   perfect_l1d_i,
  // I-port (core_contract.md §1).
  input  logic                   ic_req_i,
  input  logic [31:0]            ic_addr_i,
  output logic                   ic_gnt_o,
  output logic                   ic_rvalid_o,
  output logic                   ic_err_o,
  output logic [127:0]           ic_rdata_o,
  output logic                   ic_miss_o,
  // D-port (core_contract.md §2).
  input  logic                   dc_req_i,
  input  logic                   dc_we_i,
  input  logic [31:0]            dc_addr_i,
  input  logic [2:0]             dc_size_i,
  input  logic [31:0]            dc_wdata_i,
  input  logic [DTagW-1:0]       dc_tag_i,
  output logic                   dc_gnt_o,
  output logic                   dc_rvalid_o,
  output logic [DTagW-1:0]       dc_rtag_o,
  output logic                   dc_err_o,
  output logic [31:0]            dc_rdata_o,
  output logic [1:0]             dc_rlevel_o,
  output logic [2**DTagW-1:0]    dc_l1miss_tags_o,
  output logic [2**DTagW-1:0]    dc_l2miss_tags_o,
  output logic                   dc_miss_o,      // L1D waits for L2 (stall reason)
  input  logic                   fencei_req_i,
  output logic                   fencei_done_o,
  output logic [3:0]             mem_outstanding_o,
  // CLINT.
  output logic                   mtip_o,
  output logic                   msip_o,
  output logic [63:0]            mtime_o,
  // Line port (L2 <-> main memory; request pulse, answers in request order).
  output logic                   line_req_o,
  output logic [31:0]            line_addr_o,
  output logic                   line_we_o,
  output logic [LineBytes*8-1:0] line_wdata_o,
  input  logic                   line_rvalid_i,
  input  logic                   line_err_i,
  input  logic [LineBytes*8-1:0] line_rdata_i,
  // Word port (uncached; one request outstanding, rvalid some cycles later).
  output logic                   mem_req_o,
  output logic [31:0]            mem_addr_o,
  output logic                   mem_we_o,
  output logic [2:0]             mem_size_o,
  output logic [31:0]            mem_wdata_o,
  input  logic                   mem_rvalid_i,
  input  logic                   mem_err_i,
  input  logic [31:0]            mem_rdata_i,
  // Ideal ports (perfect L1I / L1D): a request every cycle, answered the next cycle.
  output logic                   pi_req_o,
  output logic [31:0]            pi_addr_o,
  input  logic                   pi_rvalid_i,
  input  logic                   pi_err_i,
  input  logic [127:0]           pi_rdata_i,
  output logic                   pd_req_o,
  output logic                   pd_we_o,
  output logic [31:0]            pd_addr_o,
  output logic [2:0]             pd_size_o,
  output logic [31:0]            pd_wdata_o,
  input  logic                   pd_rvalid_i,
  input  logic                   pd_err_i,
  input  logic [31:0]            pd_rdata_i   // the whole aligned word
);

  localparam int unsigned OffBits = $clog2(LineBytes);
  localparam int unsigned MshrW   = L1DMshrs > 1 ? $clog2(L1DMshrs) : 1;
  localparam int unsigned LineBits = LineBytes * 8;

  // Bus types inside the memory system (the line port's fields are the ports below).
  typedef logic [LineBits-1:0] line_t;
  typedef struct packed {
    logic        req;
    logic [31:0] addr;
    logic        we;
    line_t       wdata;
  } line_req_t;
  typedef struct packed {
    logic  rvalid;
    logic  err;
    line_t rdata;
  } line_rsp_t;
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
  assign clint_hit = dc_size_i == 3'd4
                  && (dc_addr_i == 32'h0200_0000 || dc_addr_i[31:3] == 29'(32'h0200_4000 >> 3)
                      || dc_addr_i[31:3] == 29'(32'h0200_bff8 >> 3));
  assign cacheable = dc_addr_i[31] && dc_addr_i[31:OffBits] != tohost_addr_i[31:OffBits];
  assign to_clint  = clint_hit;
  assign to_l1d    = !clint_hit && cacheable && !perfect_l1d_i;
  assign to_pd     = !clint_hit && cacheable && perfect_l1d_i;
  assign to_uc     = !clint_hit && !cacheable;

  // Answer slot: at most one answer per cycle on the D-port. L1D hits, CLINT and ideal-port
  // accesses answer the cycle after acceptance; a word-port answer arriving now is
  // registered and answers next cycle, so nothing that answers next cycle is accepted now.
  logic uc_busy_q, uc_we_q, st_pending, store_block, fence_busy_q;
  logic [DTagW-1:0] uc_tag_q;
  logic l1d_gnt, next_slot_free;
  assign store_block    = uc_busy_q && uc_we_q;
  assign next_slot_free = !mem_rvalid_i;

  logic acc_clint, acc_pd, acc_uc, other_gnt;
  assign other_gnt = !fence_busy_q && !(dc_we_i && (store_block || st_pending))
                  && (to_uc ? !uc_busy_q : next_slot_free);  // CLINT, ideal port: next cycle
  assign dc_gnt_o  = to_l1d ? l1d_gnt && !fence_busy_q : other_gnt;
  assign acc_clint = dc_req_i && other_gnt && to_clint;
  assign acc_pd    = dc_req_i && other_gnt && to_pd;
  assign acc_uc    = dc_req_i && other_gnt && to_uc;

  // ---------------------------------------------------------------- CLINT
  logic clint_rvalid;
  logic [31:0] clint_rdata;
  logic [DTagW-1:0] ctag_q, pdtag_q;
  soc_clint u_clint (
    .clk_i,
    .rst_ni,
    .req_i    (acc_clint),
    .addr_i   (dc_addr_i),
    .we_i     (dc_we_i),
    .wdata_i  (dc_wdata_i),
    .rvalid_o (clint_rvalid),
    .rdata_o  (clint_rdata),
    .mtip_o,
    .msip_o,
    .mtime_o
  );

  // ---------------------------------------------------------------- uncached word port
  logic uc_rvalid_q, uc_err_q;
  logic [31:0] uc_rdata_q;
  assign mem_req_o   = acc_uc;
  assign mem_addr_o  = dc_addr_i;
  assign mem_we_o    = dc_we_i;
  assign mem_size_o  = dc_size_i;
  assign mem_wdata_o = dc_wdata_i;

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
        uc_we_q   <= dc_we_i;
        uc_tag_q  <= dc_tag_i;
      end else if (mem_rvalid_i) begin
        uc_busy_q <= 1'b0;
      end
      uc_rvalid_q <= mem_rvalid_i;
      uc_err_q    <= mem_err_i;
      uc_rdata_q  <= mem_rdata_i;
      if (acc_clint) ctag_q <= dc_tag_i;
      if (acc_pd) pdtag_q <= dc_tag_i;
    end
  end

  // ---------------------------------------------------------------- ideal D port
  assign pd_req_o   = acc_pd;
  assign pd_we_o    = dc_we_i;
  assign pd_addr_o  = dc_addr_i;
  assign pd_size_o  = dc_size_i;
  assign pd_wdata_o = dc_wdata_i;

  // ---------------------------------------------------------------- L1D
  logic                l1d_rvalid, l1d_err, l1d_flush_done;
  logic [DTagW-1:0]    l1d_rtag;
  logic [31:0]         l1d_rdata;
  logic [1:0]          l1d_rlevel;
  l2d_req_t            d2_req;
  l2d_rsp_t            d2_rsp;
  logic                fence_l1d, fence_l1i, fence_l2;

  soc_l1d #(
    .Sets(L1DSets), .Ways(L1DWays), .LineBytes(LineBytes), .Mshrs(L1DMshrs),
    .Targets(L1DTargets), .TagW(DTagW), .l2d_req_t(l2d_req_t), .l2d_rsp_t(l2d_rsp_t)
  ) u_l1d (
    .clk_i,
    .rst_ni,
    .req_i         (dc_req_i && to_l1d && !fence_busy_q),
    .we_i          (dc_we_i),
    .addr_i        (dc_addr_i),
    .size_i        (dc_size_i),
    .wdata_i       (dc_wdata_i),
    .tag_i         (dc_tag_i),
    .gnt_o         (l1d_gnt),
    .ans_block_i   (mem_rvalid_i || acc_clint || acc_pd),
    .store_block_i (store_block),
    .rvalid_o      (l1d_rvalid),
    .rtag_o        (l1d_rtag),
    .err_o         (l1d_err),
    .rdata_o       (l1d_rdata),
    .rlevel_o      (l1d_rlevel),
    .st_pending_o  (st_pending),
    .l1miss_tags_o (dc_l1miss_tags_o),
    .l2miss_tags_o (dc_l2miss_tags_o),
    .miss_o        (dc_miss_o),
    .flush_req_i   (fence_l1d),
    .flush_done_o  (l1d_flush_done),
    .l2_req_o      (d2_req),
    .l2_rsp_i      (d2_rsp)
  );

  // D-port answer: the sources are exclusive by the grant rule above.
  always_comb begin : d_answer
    dc_rvalid_o = 1'b1;
    dc_rtag_o   = l1d_rtag;
    dc_err_o    = l1d_err;
    dc_rdata_o  = l1d_rdata;
    dc_rlevel_o = l1d_rlevel;
    if (uc_rvalid_q) begin
      dc_rtag_o   = uc_tag_q;
      dc_err_o    = uc_err_q;
      dc_rdata_o  = uc_rdata_q;
      dc_rlevel_o = 2'd3;
    end else if (clint_rvalid) begin
      dc_rtag_o   = ctag_q;
      dc_err_o    = 1'b0;
      dc_rdata_o  = clint_rdata;
      dc_rlevel_o = 2'd3;
    end else if (pd_rvalid_i) begin
      dc_rtag_o   = pdtag_q;
      dc_err_o    = pd_err_i;
      dc_rdata_o  = pd_rdata_i;
      dc_rlevel_o = 2'd0;
    end else if (!l1d_rvalid) begin
      dc_rvalid_o = 1'b0;
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
    .req_i        (ic_req_i && !perfect_l1i_i),
    .addr_i       (ic_addr_i),
    .gnt_o        (l1i_gnt),
    .rvalid_o     (l1i_rvalid),
    .err_o        (l1i_err),
    .rdata_o      (l1i_rdata),
    .miss_o       (l1i_miss),
    .inval_req_i  (fence_l1i),
    .inval_done_o (l1i_inval_done),
    .l2_req_o     (i2_req),
    .l2_rsp_i     (i2_rsp)
  );

  assign pi_req_o    = ic_req_i && perfect_l1i_i;
  assign pi_addr_o   = ic_addr_i;
  assign ic_gnt_o    = perfect_l1i_i ? 1'b1 : l1i_gnt;
  assign ic_rvalid_o = perfect_l1i_i ? pi_rvalid_i : l1i_rvalid;
  assign ic_err_o    = perfect_l1i_i ? pi_err_i : l1i_err;
  assign ic_rdata_o  = perfect_l1i_i ? pi_rdata_i : l1i_rdata;
  assign ic_miss_o   = l1i_miss;

  // ---------------------------------------------------------------- L2
  logic l2_flush_done;  // declared before its use in u_l2 (slang requires it)
  line_req_t l2_line_req;
  line_rsp_t l2_line_rsp;
  assign {line_req_o, line_addr_o, line_we_o, line_wdata_o} = l2_line_req;
  assign l2_line_rsp = '{rvalid: line_rvalid_i, err: line_err_i, rdata: line_rdata_i};
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
    .line_req_o        (l2_line_req),
    .line_rsp_i        (l2_line_rsp),
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
                   $onehot0({uc_rvalid_q, clint_rvalid, pd_rvalid_i, l1d_rvalid}));
  assert property (@(posedge clk_i) disable iff (!rst_ni) fencei_req_i |-> !fence_busy_q);
  assert property (@(posedge clk_i) disable iff (!rst_ni) mem_rvalid_i |-> uc_busy_q);

  // Answers only for outstanding tags, each accepted access answered once. The core must
  // not reuse a tag that is still in flight (contract §2), checked here as well.
  logic [2**DTagW-1:0] tags_inflight_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tags_inflight_q <= '0;
    end else begin
      if (dc_rvalid_o) begin
        assert (tags_inflight_q[dc_rtag_o]) else $error("soc_mem: answer for tag %0d not in flight", dc_rtag_o);
      end
      if (dc_req_i && dc_gnt_o) begin
        assert (!tags_inflight_q[dc_tag_i] || (dc_rvalid_o && dc_rtag_o == dc_tag_i))
          else $error("soc_mem: tag %0d accepted while in flight", dc_tag_i);
      end
      tags_inflight_q <= (tags_inflight_q
                          & ~(dc_rvalid_o ? (2**DTagW)'(1) << dc_rtag_o : '0))
                         | ((dc_req_i && dc_gnt_o) ? (2**DTagW)'(1) << dc_tag_i : '0);
    end
  end
`endif

endmodule : soc_mem
