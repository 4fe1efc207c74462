// StackScope SoC: core, CLINT, blocking L1I and L1D. Cacheable (RAM window, addr[31] set)
// accesses go through the L1s and their shared line port; MMIO, the HTIF tohost line and
// idealised (perfect-L1) accesses use the word port. The harness's main-memory model
// (tb/memory_model.*) serves both ports and faults addresses outside RAM/console.
`default_nettype none

module soc_top
  import core_pkg::*;
#(
  parameter int unsigned MulLatency = 3,
  parameter int unsigned L1ISets   = 128,  // 8 KiB, 2 ways, 32-byte lines
  parameter int unsigned L1IWays   = 2,
  parameter int unsigned L1DSets   = 128,  // 8 KiB, 2 ways, 32-byte lines
  parameter int unsigned L1DWays   = 2,
  parameter int unsigned LineBytes = 32
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [31:0]  boot_addr_i,
  input  logic [31:0]  tohost_addr_i,  // its line stays uncached so the harness sees the exit
  // Idealisation switches (per run): 1-cycle mul/div; every fetch / data access a 1-cycle
  // hit (served uncached through the word port, which the harness answers in one cycle).
  input  logic         fast_alu_i,
  input  logic         perfect_l1i_i,
  input  logic         perfect_l1d_i,
  // Line port of the L1s (same protocol, whole lines).
  output logic                   line_req_o,
  output logic [31:0]            line_addr_o,
  output logic                   line_we_o,
  output logic [LineBytes*8-1:0] line_wdata_o,
  input  logic                   line_rvalid_i,
  input  logic                   line_err_i,
  input  logic [LineBytes*8-1:0] line_rdata_i,
  output logic                   l1i_miss_o,   // stall reasons for the probe bus
  output logic                   l1d_miss_o,
  // Word port (protocol as core_top's bus: request pulse, later rvalid pulse).
  output logic         mem_req_o,
  output logic         mem_ifetch_o,
  output logic [31:0]  mem_addr_o,
  output logic         mem_we_o,
  output logic [2:0]   mem_size_o,
  output logic [31:0]  mem_wdata_o,
  input  logic         mem_rvalid_i,
  input  logic         mem_err_i,
  input  logic [31:0]  mem_rdata_i,
  input  logic         meip_i,
  input  logic         lcofi_i,
  output commit_t      commit_o,
  output core_status_t status_o
);

  logic        bus_req, bus_ifetch, bus_we, bus_rvalid, bus_err, bus_flush;
  logic [31:0] bus_addr, bus_wdata, bus_rdata;
  logic [2:0]  bus_size;
  logic        clint_hit, clint_rvalid, mtip, msip;
  logic [31:0] clint_rdata;
  logic [63:0] mtime;

  core_top #(.MulLatency(MulLatency)) u_core (
    .clk_i,
    .rst_ni,
    .boot_addr_i,
    .fast_alu_i,
    .bus_req_o    (bus_req),
    .bus_ifetch_o (bus_ifetch),
    .bus_addr_o   (bus_addr),
    .bus_we_o     (bus_we),
    .bus_size_o   (bus_size),
    .bus_wdata_o  (bus_wdata),
    .bus_flush_o  (bus_flush),
    .bus_rvalid_i (bus_rvalid),
    .bus_err_i    (bus_err),
    .bus_rdata_i  (bus_rdata),
    .meip_i,
    .mtip_i       (mtip),
    .msip_i       (msip),
    .lcofi_i,
    .mtime_i      (mtime),
    .commit_o,
    .status_o
  );

  // CLINT registers are 32-bit words, data accesses only; other sizes go out and fault there.
  assign clint_hit = !bus_ifetch && bus_size == 3'd4
                  && (bus_addr == 32'h0200_0000 || bus_addr[31:3] == 29'(32'h0200_4000 >> 3)
                      || bus_addr[31:3] == 29'(32'h0200_bff8 >> 3));

  soc_clint u_clint (
    .clk_i,
    .rst_ni,
    .req_i    (bus_req && clint_hit),
    .addr_i   (bus_addr),
    .we_i     (bus_we),
    .wdata_i  (bus_wdata),
    .rvalid_o (clint_rvalid),
    .rdata_o  (clint_rdata),
    .mtip_o   (mtip),
    .msip_o   (msip),
    .mtime_o  (mtime)
  );

  localparam int unsigned OffBits = $clog2(LineBytes);

  logic cacheable, to_l1i, to_l1d, unused_tohost_offset;
  assign unused_tohost_offset = ^tohost_addr_i[OffBits-1:0];
  assign cacheable = bus_addr[31] && bus_addr[31:OffBits] != tohost_addr_i[31:OffBits];
  assign to_l1i    = bus_ifetch && cacheable && !perfect_l1i_i;
  assign to_l1d    = !bus_ifetch && !clint_hit && cacheable && !perfect_l1d_i;

  logic                   i_rvalid, i_err, d_rvalid, d_err;
  logic [31:0]            i_rdata, d_rdata, i_line_addr, d_line_addr;
  logic                   i_line_req, i_line_we, d_line_req, d_line_we;
  logic [LineBytes*8-1:0] i_line_wdata, d_line_wdata;
  logic                   owner_d_q;  // the L1 whose line request is outstanding

  soc_l1cache #(.Sets(L1ISets), .Ways(L1IWays), .LineBytes(LineBytes)) u_l1i (
    .clk_i,
    .rst_ni,
    .req_i         (bus_req && to_l1i),
    .addr_i        (bus_addr),
    .we_i          (1'b0),
    .size_i        (3'd4),
    .wdata_i       ('0),
    .flush_i       (bus_flush),
    .rvalid_o      (i_rvalid),
    .err_o         (i_err),
    .rdata_o       (i_rdata),
    .line_req_o    (i_line_req),
    .line_addr_o   (i_line_addr),
    .line_we_o     (i_line_we),
    .line_wdata_o  (i_line_wdata),
    .line_rvalid_i (line_rvalid_i && !owner_d_q),
    .line_err_i    (line_err_i),
    .line_rdata_i  (line_rdata_i),
    .miss_o        (l1i_miss_o)
  );

  soc_l1cache #(.Sets(L1DSets), .Ways(L1DWays), .LineBytes(LineBytes)) u_l1d (
    .clk_i,
    .rst_ni,
    .req_i         (bus_req && to_l1d),
    .addr_i        (bus_addr),
    .we_i          (bus_we),
    .size_i        (bus_size),
    .wdata_i       (bus_wdata),
    .flush_i       (bus_flush),
    .rvalid_o      (d_rvalid),
    .err_o         (d_err),
    .rdata_o       (d_rdata),
    .line_req_o    (d_line_req),
    .line_addr_o   (d_line_addr),
    .line_we_o     (d_line_we),
    .line_wdata_o  (d_line_wdata),
    .line_rvalid_i (line_rvalid_i && owner_d_q),
    .line_err_i    (line_err_i),
    .line_rdata_i  (line_rdata_i),
    .miss_o        (l1d_miss_o)
  );

  // The core has one access outstanding, so at most one L1 uses the line port at a time.
  assign line_req_o   = i_line_req | d_line_req;
  assign line_addr_o  = d_line_req ? d_line_addr : i_line_addr;
  assign line_we_o    = d_line_req ? d_line_we : i_line_we;
  assign line_wdata_o = d_line_req ? d_line_wdata : i_line_wdata;

  always_ff @(posedge clk_i or negedge rst_ni) begin : line_owner
    if (!rst_ni) owner_d_q <= 1'b0;
    else if (line_req_o) owner_d_q <= d_line_req;
  end

  assign mem_req_o    = bus_req && !clint_hit && !to_l1i && !to_l1d;
  assign mem_ifetch_o = bus_ifetch;
  assign mem_addr_o   = bus_addr;
  assign mem_we_o     = bus_we;
  assign mem_size_o   = bus_size;
  assign mem_wdata_o  = bus_wdata;
  // fence.i flushes both L1s; the core is answered once both walks are done.
  logic flush_q, i_flushed_q, d_flushed_q, i_flushed, d_flushed, flush_ack;
  assign i_flushed = i_flushed_q | (flush_q & i_rvalid);
  assign d_flushed = d_flushed_q | (flush_q & d_rvalid);
  assign flush_ack = flush_q & i_flushed & d_flushed;

  always_ff @(posedge clk_i or negedge rst_ni) begin : flush_track
    if (!rst_ni) begin
      flush_q     <= 1'b0;
      i_flushed_q <= 1'b0;
      d_flushed_q <= 1'b0;
    end else if (bus_flush) begin
      flush_q     <= 1'b1;
      i_flushed_q <= 1'b0;
      d_flushed_q <= 1'b0;
    end else if (flush_ack) begin
      flush_q <= 1'b0;
    end else begin
      i_flushed_q <= i_flushed;
      d_flushed_q <= d_flushed;
    end
  end

  assign bus_rvalid   = clint_rvalid | mem_rvalid_i | flush_ack
                      | (i_rvalid & ~flush_q) | (d_rvalid & ~flush_q);
  assign bus_err      = clint_rvalid || flush_q ? 1'b0
                      : i_rvalid ? i_err : d_rvalid ? d_err : mem_err_i;
  assign bus_rdata    = clint_rvalid ? clint_rdata : i_rvalid ? i_rdata
                      : d_rvalid ? d_rdata : mem_rdata_i;

`ifndef SYNTHESIS
  assert property (@(posedge clk_i) disable iff (!rst_ni) !(i_line_req && d_line_req));
`endif

endmodule : soc_top
