// StackScope on an FPGA: the SoC (soc_top: out-of-order core, caches, CLINT, PMU) with its
// main memory in block RAM (fpga_mem, preloaded from the program), the console on a UART
// (fpga_console) and the HTIF exit shown as a UART message and a flag for an LED.
// Word port (uncached): RAM (the tohost line) to fpga_mem; a byte store to the console
// 0x1000_0000 to the UART; anything else an access fault the next cycle.
// The observation outputs (commit_o, probe_o, pmu_o, mem_lines_o, uart_clks_per_bit_o) and
// the test inputs (probe_mutant_i, pmu_dbg_*) are soc_top's, for the simulation harness
// (`stackscope_fpga run`, docs/fpga.md): the board wrapper (ulx3s_top) leaves them open / at 0.
`default_nettype none

module soc_fpga_top
  import core_pkg::*;
  import soc_pkg::*;
#(
  parameter int unsigned MemBytes       = 128 * 1024,
  parameter int unsigned MemLatency     = 4,
  parameter string       MemInit        = "",   // $readmemh image (stackscope fpga-image)
  parameter int unsigned UartClksPerBit = 217,  // 25 MHz / 115200 baud
  // The SoC's configuration: the named build fpga (core_cfg_pkg::CfgFpga, docs/fpga.md
  // "Configuration"), small enough for the LFE5U-85F with the PMU and the caches.
  parameter core_cfg_t   Cfg            = core_cfg_pkg::CfgFpga
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [31:0] boot_addr_i,
  input  logic [31:0] tohost_addr_i,
  output logic        uart_tx_o,
  output logic        exited_o,      // the program has exited (LED)
  output logic        exit_fail_o,   // ... with a non-zero value (LED)
  // ---- simulation harness only
  input  logic [7:0]  probe_mutant_i,
  input  logic                 pmu_dbg_we_i,
  input  logic [2:0]           pmu_dbg_unit_i,
  input  logic [11:0]          pmu_dbg_idx_i,
  input  logic [pmu_pkg::PortCntW-1:0] pmu_dbg_wdata_i,
  output logic [4:0]  mem_lines_o,   // line requests in fpga_mem (the probe's mem_outstanding)
  output logic [15:0] uart_clks_per_bit_o,
  output commit_t [Cfg.CommitWidth-1:0] commit_o,
`ifndef SYNTHESIS
  output probe_pkg::core_obs_t   obs_o,  // soc_top's, for the harness's ProbeCheck
`endif
  output pmu_pkg::probe_t        probe_o,
  output pmu_pkg::pmu_port_t     pmu_o
);

  localparam logic [31:0] ConsoleAddr = 32'h1000_0000;

  // soc_top's memory ports
  line_req_t  line_req_o;
  line_rsp_t  line_rsp_i;
  word_req_t  mem_req_o, pd_req_o;
  word_rsp_t  mem_rsp_i;
  ic_req_t    pi_req_o;

  soc_top #(.Cfg(Cfg)) u_soc (
    .clk_i,
    .rst_ni,
    .boot_addr_i,
    .tohost_addr_i,
    .ram_size_i    (MemBytes),
    .ctrl_i        ('0),  // no idealisation on the FPGA
    .meip_i        (1'b0),
    // the ideal ports are never used with the perfect-L1 switches off
    .pi_rsp_i      ('0),
    .pd_rsp_i      ('0),
    .*
  );

  // ---- word port decode
  logic        w_ram, w_console, w_exit, con_pend_q, con_ready, con_ack_q, err_q;
  logic        ram_rvalid, exited;
  logic [31:0] unused_exit_value;
  logic [3:0]  w_be;
  logic [31:0] w_mask, ram_rdata, tohost_q, tohost_d, exit_value;
  logic [7:0]  con_byte_q;

  always_comb begin : decode
    unique case (mem_req_o.size)
      3'd1:    w_be = 4'b0001 << mem_req_o.addr[1:0];
      3'd2:    w_be = 4'b0011 << mem_req_o.addr[1:0];
      default: w_be = 4'b1111;
    endcase
    w_ram     = mem_req_o.addr - RamBase < MemBytes;
    w_console = mem_req_o.addr == ConsoleAddr && mem_req_o.we && mem_req_o.size == 3'd1;
    // HTIF (sim_model/iss/htif.h): a store to tohost with bit 0 of its data set ends the
    // program; the value is the tohost word after the store, shifted right by one. The tohost
    // line is uncached, so every store to that word comes here: a shadow of it gives the word.
    tohost_d = tohost_q;
    for (int b = 0; b < 4; b++) begin
      if (w_be[b]) tohost_d[8*b +: 8] = mem_req_o.wdata[8*b +: 8];
    end
    w_exit = mem_req_o.req && mem_req_o.we && w_ram && mem_req_o.addr == tohost_addr_i
             && mem_req_o.wdata[{mem_req_o.addr[1:0], 3'b000}];
    exit_value = tohost_d >> 1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : word_regs
    if (!rst_ni) begin
      tohost_q   <= '0;
      con_pend_q <= 1'b0;
      con_byte_q <= '0;
      con_ack_q  <= 1'b0;
      err_q      <= 1'b0;
    end else begin
      if (mem_req_o.req && mem_req_o.we && w_ram && mem_req_o.addr[31:2] == tohost_addr_i[31:2])
        tohost_q <= tohost_d;
      if (mem_req_o.req && w_console) begin
        con_pend_q <= 1'b1;
        con_byte_q <= 8'(mem_req_o.wdata);
      end else if (con_pend_q && con_ready) begin
        con_pend_q <= 1'b0;
      end
      con_ack_q <= con_pend_q && con_ready;  // answered once the UART took the byte
      err_q     <= mem_req_o.req && !w_ram && !w_console;
    end
  end

  fpga_mem #(
    .MemBytes  (MemBytes),
    .Latency   (MemLatency),
    .InitFile  (MemInit)
  ) u_mem (
    .clk_i,
    .rst_ni,
    .line_req_i    (line_req_o),
    .line_rsp_o    (line_rsp_i),
    .word_req_i    (mem_req_o.req && w_ram),
    .word_addr_i   (mem_req_o.addr),
    .word_we_i     (mem_req_o.we),
    .word_be_i     (w_be),
    .word_wdata_i  (mem_req_o.wdata),
    .word_rvalid_o (ram_rvalid),
    .word_rdata_o  (ram_rdata),
    .lines_o       (mem_lines_o)
  );

  // A RAM load answers its own bytes in their lanes (the harness memory does the same).
  logic [3:0] rd_be_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : load_lanes
    if (!rst_ni) rd_be_q <= '0;
    else if (mem_req_o.req) rd_be_q <= mem_req_o.we ? 4'b0000 : w_be;
  end
  for (genvar b = 0; b < 4; b++) begin : gen_mask
    assign w_mask[8*b +: 8] = {8{rd_be_q[b]}};
  end

  assign mem_rsp_i = '{rvalid: ram_rvalid || con_ack_q || err_q, err: err_q,
                      rdata: ram_rvalid ? ram_rdata & w_mask : '0};

  fpga_console #(.ClksPerBit(UartClksPerBit)) u_console (
    .clk_i,
    .rst_ni,
    .byte_valid_i (con_pend_q),
    .byte_i       (con_byte_q),
    .byte_ready_o (con_ready),
    .exit_i       (w_exit),
    .exit_value_i (exit_value),
    .exited_o     (exited),
    .exit_value_o (unused_exit_value),
    .tx_o         (uart_tx_o)
  );
  logic        fail_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : fail_led
    if (!rst_ni) fail_q <= 1'b0;
    else if (w_exit && !exited) fail_q <= exit_value != '0;
  end

  assign exited_o            = exited;
  assign exit_fail_o         = fail_q;
  assign uart_clks_per_bit_o = 16'(UartClksPerBit);

  logic unused;
  assign unused = ^{pi_req_o, pd_req_o, unused_exit_value};

`ifndef SYNTHESIS
  initial assert (MemBytes >= 128 * 1024) else $fatal(1, "soc_fpga_top: MemBytes < 128 KiB");
  assert property (@(posedge clk_i) disable iff (!rst_ni) !pi_req_o.req && !pd_req_o.req)
    else $error("soc_fpga_top: an ideal-port request (perfect L1s are off)");
`endif

endmodule : soc_fpga_top
