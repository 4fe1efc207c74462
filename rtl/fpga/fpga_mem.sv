// Main memory of the FPGA SoC (soc_fpga_top): MemBytes of block RAM at 0x8000_0000, one
// LineBytes-wide word per line, behind soc_top's line port (L2 fills and write-backs) and a
// word port (the uncached tohost line). One access at a time, each answered a fixed Latency
// cycles after it starts: Latency cycles after its request when the memory is idle. Line
// requests queue in order (the L2 sends them without a handshake, at most QueueDepth in
// flight); a word request waits for the access in progress. A line outside the RAM is
// answered with err; the word port is only given RAM addresses (soc_fpga_top decodes).
// Preloaded from InitFile ($readmemh, one line per row, the highest byte first; written by
// `stackscope fpga-image`); in simulation also from the plusarg +ss_mem_image=FILE.
`default_nettype none

module fpga_mem
  import soc_pkg::*;
#(
  parameter int unsigned MemBytes   = 128 * 1024,
  parameter int unsigned Latency    = 4,   // >= 2
  parameter int unsigned QueueDepth = 16,  // soc_l2's line queue (LqDepth)
  parameter string       InitFile   = ""
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // Line port (soc_pkg)
  input  line_req_t              line_req_i,
  output line_rsp_t              line_rsp_o,
  // Word port: data and byte enables in the word's byte lanes
  input  logic                   word_req_i,
  input  logic [31:0]            word_addr_i,
  input  logic                   word_we_i,
  input  logic [3:0]             word_be_i,
  input  logic [31:0]            word_wdata_i,
  output logic                   word_rvalid_o,
  output logic [31:0]            word_rdata_o,
  // Line requests taken and not yet answered (an answer this cycle still counts)
  output logic [$clog2(QueueDepth+1)-1:0] lines_o
);

  localparam int unsigned Lines   = MemBytes / LineBytes;
  localparam int unsigned IdxW    = $clog2(Lines);
  localparam int unsigned OffBits = $clog2(LineBytes);
  localparam int unsigned QW      = $clog2(QueueDepth);
  localparam int unsigned CntW    = $clog2(QueueDepth + 1);
  localparam int unsigned TimerW  = $clog2(Latency + 1);
  localparam int unsigned WordSel = OffBits - 2;
  localparam logic [31:0] RamBase = 32'h8000_0000;

  // ---- line request queue (in order; distributed RAM on an FPGA)
  logic [31:0]  q_addr  [QueueDepth];
  logic         q_we    [QueueDepth];
  line_t        q_wdata [QueueDepth];
  logic [QW-1:0] q_wr_q, q_rd_q;
  logic [CntW-1:0] q_cnt_q, lines_q;

  // ---- word request (at most one outstanding: soc_mem's word port)
  logic        w_pend_q, w_we_q;
  logic [31:0] w_addr_q, w_wdata_q;
  logic [3:0]  w_be_q;

  // ---- the access in progress
  logic              busy_q, cur_word_q, cur_err_q;
  logic [TimerW-1:0] timer_q;
  logic [WordSel-1:0] cur_sel_q;
  line_t             rdata_q;
  logic              answer, start, start_word;

  line_t          mem_q [Lines];
  logic           ram_en, ram_we, in_ram;
  logic [IdxW-1:0] ram_idx;
  logic [LineBytes-1:0] ram_be;
  line_t          ram_wdata;
  logic [31:0]    s_addr;

  assign answer     = busy_q && timer_q == TimerW'(Latency - 1);
  assign start_word = w_pend_q;
  assign start      = (!busy_q || answer) && (w_pend_q || q_cnt_q != '0);

  always_comb begin : access
    s_addr    = start_word ? w_addr_q : q_addr[q_rd_q];
    in_ram    = s_addr[31:OffBits] - RamBase[31:OffBits] < (32 - OffBits)'(Lines);
    ram_idx   = IdxW'(s_addr[31:OffBits] - RamBase[31:OffBits]);
    ram_en    = start && in_ram;
    ram_we    = start_word ? w_we_q : q_we[q_rd_q];
    ram_wdata = start_word ? {(LineBytes / 4){w_wdata_q}} : q_wdata[q_rd_q];
    ram_be    = '1;
    if (start_word) begin
      ram_be = '0;
      ram_be[{w_addr_q[OffBits-1:2], 2'b00} +: 4] = w_be_q;
    end
  end

  always_ff @(posedge clk_i) begin : ram
    if (ram_en) begin
      for (int b = 0; b < int'(LineBytes); b++) begin
        if (ram_we && ram_be[b]) mem_q[ram_idx][8*b +: 8] <= ram_wdata[8*b +: 8];
      end
      rdata_q <= mem_q[ram_idx];
    end
  end

  always_ff @(posedge clk_i) begin : queue_data
    if (line_req_i.req) begin
      q_addr[q_wr_q]  <= line_req_i.addr;
      q_we[q_wr_q]    <= line_req_i.we;
      q_wdata[q_wr_q] <= line_req_i.wdata;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : ctrl
    if (!rst_ni) begin
      q_wr_q     <= '0;
      q_rd_q     <= '0;
      q_cnt_q    <= '0;
      lines_q    <= '0;
      w_pend_q   <= 1'b0;
      w_we_q     <= 1'b0;
      w_addr_q   <= '0;
      w_wdata_q  <= '0;
      w_be_q     <= '0;
      busy_q     <= 1'b0;
      cur_word_q <= 1'b0;
      cur_err_q  <= 1'b0;
      cur_sel_q  <= '0;
      timer_q    <= '0;
    end else begin
      if (line_req_i.req) q_wr_q <= q_wr_q + 1'b1;
      if (start && !start_word) q_rd_q <= q_rd_q + 1'b1;
      q_cnt_q <= q_cnt_q + CntW'(line_req_i.req) - CntW'(start && !start_word);
      lines_q <= lines_q + CntW'(line_req_i.req) - CntW'(answer && !cur_word_q);
      if (word_req_i) begin
        w_pend_q  <= 1'b1;
        w_we_q    <= word_we_i;
        w_addr_q  <= word_addr_i;
        w_wdata_q <= word_wdata_i;
        w_be_q    <= word_be_i;
      end else if (start && start_word) begin
        w_pend_q <= 1'b0;
      end
      if (start) begin
        busy_q     <= 1'b1;
        cur_word_q <= start_word;
        cur_err_q  <= !in_ram;
        cur_sel_q  <= s_addr[OffBits-1:2];
        timer_q    <= TimerW'(1);
      end else if (answer) begin
        busy_q <= 1'b0;
      end else if (busy_q) begin
        timer_q <= timer_q + 1'b1;
      end
    end
  end

  assign line_rsp_o = '{rvalid: answer && !cur_word_q, err: cur_err_q,
                       rdata: cur_err_q ? '0 : rdata_q};
  assign word_rvalid_o = answer && cur_word_q;
  assign word_rdata_o  = rdata_q[32*cur_sel_q +: 32];
  assign lines_o       = lines_q;

  logic unused_s_addr;
  assign unused_s_addr = ^s_addr[1:0];

  initial begin : preload
    if (InitFile != "") $readmemh(InitFile, mem_q);
`ifndef SYNTHESIS
    begin
      string image;
      if ($value$plusargs("ss_mem_image=%s", image)) $readmemh(image, mem_q);
    end
`endif
  end

`ifndef SYNTHESIS
  initial begin : params
    assert (Latency >= 2) else $fatal(1, "fpga_mem: Latency must be >= 2");
    assert (Lines * LineBytes == MemBytes && (Lines & (Lines - 1)) == 0)
      else $fatal(1, "fpga_mem: MemBytes must be a power-of-2 number of lines");
  end
  assert property (@(posedge clk_i) disable iff (!rst_ni)
                   line_req_i.req |-> q_cnt_q < CntW'(QueueDepth) || start && !start_word)
    else $error("fpga_mem: line queue overflow");
  assert property (@(posedge clk_i) disable iff (!rst_ni) word_req_i |-> !w_pend_q)
    else $error("fpga_mem: two word requests outstanding");
`endif

endmodule : fpga_mem
