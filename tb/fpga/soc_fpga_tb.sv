// FuseSoC's `sim` target (docs/fpga.md "FuseSoC's `sim` target"): soc_fpga_top under
// `verilator --binary --timing`, no C++ harness. Plusargs: +ss_mem_image=FILE (`stackscope
// fpga-image`, read by fpga_mem), +boot=HEX and +tohost=HEX (what fpga-image prints),
// +max_cycles=N. The UART is decoded to stdout (the program's console, then the exit
// message); the simulation ends after the exit message, with an error if the value is
// non-zero or no exit came in max_cycles.
`default_nettype none

module soc_fpga_tb;

  localparam int unsigned Cpb = 16;  // UART clock cycles per bit (the board: 217)
  localparam time Period = 10ns;

  logic        clk = 1'b0, rst_n = 1'b0;
  logic [31:0] boot = 32'h8000_0000, tohost = 32'h0;
  int unsigned max_cycles = 20_000_000;
  logic        tx, exited, exit_fail;

  always #(Period / 2) clk = ~clk;

  soc_fpga_top #(.UartClksPerBit(Cpb)) u_dut (
    .clk_i          (clk),
    .rst_ni         (rst_n),
    .boot_addr_i    (boot),
    .tohost_addr_i  (tohost),
    .uart_tx_o      (tx),
    .exited_o       (exited),
    .exit_fail_o    (exit_fail),
    .probe_mutant_i ('0),
    .pmu_dbg_we_i   (1'b0),
    .pmu_dbg_unit_i ('0),
    .pmu_dbg_idx_i  ('0),
    .pmu_dbg_wdata_i('0),
    // the harness's observation ports, unused here
    .mem_lines_o(), .uart_clks_per_bit_o(), .commit_o(), .obs_o(), .probe_o(), .pmu_o()
  );

  initial begin : run
    void'($value$plusargs("boot=%h", boot));
    void'($value$plusargs("tohost=%h", tohost));
    void'($value$plusargs("max_cycles=%d", max_cycles));
    if (!$test$plusargs("ss_mem_image")) $fatal(1, "soc_fpga_tb: give +ss_mem_image=FILE");
    repeat (4) @(posedge clk);
    rst_n = 1'b1;
    fork
      begin
        wait (exited);
        // the exit message: 15 bytes of 10 bits, and some slack
        repeat (16 * 10 * Cpb) @(posedge clk);
        if (exit_fail) $fatal(1, "soc_fpga_tb: the program exited with a non-zero value");
        $display("soc_fpga_tb: program exited 0");
        $finish;
      end
      begin
        repeat (max_cycles) @(posedge clk);
        $fatal(1, "soc_fpga_tb: no exit after %0d cycles", max_cycles);
      end
    join_any
  end

  // UART receiver: each byte sampled in the middle of its bits.
  initial begin : uart
    logic [7:0] b;
    forever begin
      @(negedge tx);
      #(Period * Cpb * 3 / 2);
      for (int i = 0; i < 8; i++) begin
        b[i] = tx;
        #(Period * Cpb);
      end
      if (!tx) $error("soc_fpga_tb: UART framing error");
      $write("%c", b);
    end
  end

endmodule : soc_fpga_tb
