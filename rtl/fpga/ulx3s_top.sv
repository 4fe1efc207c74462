// ULX3S (ECP5 LFE5U-85F) board top for soc_fpga_top: the 25 MHz oscillator as the SoC clock,
// FIRE1 (btn[1]) as reset, the console on the FTDI serial port (115200 8N1), and the LEDs:
// led[0] the program exited, led[1] it exited with a non-zero value, led[6] reset held,
// led[7] a 1.5 Hz heartbeat. Pins: fpga/ulx3s_v20.lpf. The program image and its entry and
// tohost addresses are parameters (`make fpga` sets them from the ELF).
`default_nettype none

module ulx3s_top #(
  parameter string       MemInit    = "",
  parameter logic [31:0] BootAddr   = 32'h8000_0000,
  parameter logic [31:0] TohostAddr = 32'h0000_0000
) (
  input  logic       clk_25mhz,
  input  logic [1:1] btn,
  output logic [7:0] led,
  output logic       ftdi_rxd   // FPGA transmits to the FTDI
);

  // Reset: held for 2^16 cycles after configuration and while FIRE1 is pressed, released
  // synchronously.
  logic [15:0] por_q = '0;
  logic [1:0]  btn_q = '0;
  logic        rst_n_q = 1'b0;
  logic [23:0] beat_q = '0;

  always_ff @(posedge clk_25mhz) begin : reset
    btn_q   <= {btn_q[0], btn[1]};
    if (btn_q[1]) por_q <= '0;
    else if (!(&por_q)) por_q <= por_q + 1'b1;
    rst_n_q <= &por_q;
    beat_q  <= beat_q + 1'b1;
  end

  logic exited, exit_fail;

  soc_fpga_top #(.MemInit(MemInit)) u_soc (
    .clk_i              (clk_25mhz),
    .rst_ni             (rst_n_q),
    .boot_addr_i        (BootAddr),
    .tohost_addr_i      (TohostAddr),
    .uart_tx_o          (ftdi_rxd),
    .exited_o           (exited),
    .exit_fail_o        (exit_fail),
    .probe_mutant_i     ('0),
    .pmu_dbg_we_i       (1'b0),
    .pmu_dbg_unit_i     ('0),
    .pmu_dbg_idx_i      ('0),
    .pmu_dbg_wdata_i    ('0),
    .mem_lines_o        (),
    .uart_clks_per_bit_o(),
    .commit_o           (),
`ifndef SYNTHESIS
    .obs_o              (),
`endif
    .probe_o            (),
    .pmu_o              ()
  );

  assign led = {beat_q[23], !rst_n_q, 4'b0000, exit_fail, exited};

endmodule : ulx3s_top
