// ULX3S (ECP5 LFE5U-85F) board top for soc_fpga_top: the SoC clock from the 25 MHz oscillator
// through the PLL (ecp5_pll; 25 / ClkiDiv * ClkfbDiv MHz, by default 6.25 MHz, below the top's
// routed Fmax: docs/fpga.md), FIRE1 (btn[1]) as reset, the console on the FTDI serial port
// (115200 8N1 at that clock), and the LEDs: led[0] the program exited, led[1] it exited with a
// non-zero value, led[6] reset held, led[7] a heartbeat of about 1 Hz. Reset is held until the
// PLL locks. Pins: fpga/ulx3s_v20.lpf. The program image, its entry and tohost addresses and
// the PLL's divisors are parameters (`make fpga` sets them from the ELF and --freq).
`default_nettype none

module ulx3s_top #(
  parameter string       MemInit    = "",
  parameter logic [31:0] BootAddr   = 32'h8000_0000,
  parameter logic [31:0] TohostAddr = 32'h0000_0000,
  parameter int unsigned ClkiDiv    = 4,
  parameter int unsigned ClkfbDiv   = 1,
  parameter int unsigned ClkopDiv   = 96,
  // The PMU of the named build fpga by default (core_cfg_pkg::CfgFpga); the cost rows of
  // docs/cost.md set them (`fpga.py --pmu-spec-blocks / --pmu-store / --pmu-probe-stage`).
  parameter int unsigned PmuSpecBlocks = core_cfg_pkg::CfgFpga.PmuSpecBlocks,
  parameter int unsigned PmuCntStore   = core_cfg_pkg::CfgFpga.PmuCntStore,
  parameter int unsigned PmuSpecDrain  = core_cfg_pkg::CfgFpga.PmuSpecDrain,
  parameter int unsigned PmuProbeStage = core_cfg_pkg::CfgFpga.PmuProbeStage,
  // The core's issue stage (docs/dev/core.md "Issue stage"; `fpga.py --issue-stage`).
  parameter int unsigned IssueStage    = core_cfg_pkg::CfgFpga.IssueStage
) (
  input  logic       clk_25mhz,
  input  logic [1:1] btn,
  output logic [7:0] led,
  output logic       ftdi_rxd   // FPGA transmits to the FTDI
);

  localparam int unsigned OscHz = 25_000_000;
  localparam int unsigned ClkHz = OscHz / ClkiDiv * ClkfbDiv;
  localparam int unsigned Baud  = 115_200;
  // The heartbeat counter's top bit toggles every 2^(BeatW-1) cycles: about 1 Hz.
  localparam int unsigned BeatW = $clog2(ClkHz);

  logic clk, locked;
  ecp5_pll #(
    .ClkiHz  (OscHz),
    .ClkiDiv (ClkiDiv),
    .ClkfbDiv(ClkfbDiv),
    .ClkopDiv(ClkopDiv)
  ) u_pll (
    .clk_i   (clk_25mhz),
    .clk_o   (clk),
    .locked_o(locked)
  );

  // Reset: held for 2^16 cycles after configuration, while the PLL is not locked and while
  // FIRE1 is pressed, released synchronously (button and lock through two flip-flops each).
  logic [15:0]      por_q = '0;
  logic [1:0]       btn_q = '0;
  logic [1:0]       lock_q = '0;
  logic             rst_n_q = 1'b0;
  logic [BeatW-1:0] beat_q = '0;

  always_ff @(posedge clk) begin : reset
    btn_q   <= {btn_q[0], btn[1]};
    lock_q  <= {lock_q[0], locked};
    if (btn_q[1] || !lock_q[1]) por_q <= '0;
    else if (!(&por_q)) por_q <= por_q + 1'b1;
    rst_n_q <= &por_q;
    beat_q  <= beat_q + 1'b1;
  end

  logic exited, exit_fail;

  // The fpga build with this top's PMU and issue-stage parameters.
  function automatic core_pkg::core_cfg_t soc_cfg();
    core_pkg::core_cfg_t c = core_cfg_pkg::CfgFpga;
    c.PmuSpecBlocks = PmuSpecBlocks;
    c.PmuCntStore   = PmuCntStore;
    c.PmuSpecDrain  = PmuSpecDrain;
    c.PmuProbeStage = PmuProbeStage;
    c.IssueStage    = IssueStage;
    return c;
  endfunction

  soc_fpga_top #(
    .MemInit       (MemInit),
    .UartClksPerBit((ClkHz + Baud / 2) / Baud),
    .Cfg           (soc_cfg())
  ) u_soc (
    .clk_i              (clk),
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

  assign led = {beat_q[BeatW-1], !rst_n_q, 4'b0000, exit_fail, exited};

endmodule : ulx3s_top
