// The ECP5's PLL (EHXPLLL) with one output: clk_o = clk_i / ClkiDiv * ClkfbDiv, fed back from
// CLKOP, the VCO at clk_o * ClkopDiv. The Lattice limits (ECP5 family data sheet, sysCLOCK PLL
// timing) are checked at elaboration for the ClkiHz given: phase detector 3.125-400 MHz, VCO
// 400-800 MHz, output 3.125-400 MHz. scripts/fpga.py picks the divisors for a target clock.
// nextpnr-ecp5 derives the output's clock constraint from the input's (fpga/ulx3s_v20.lpf).
//
// Outside synthesis (Verilator lint of the board top) the input clock passes through, locked.
`default_nettype none

module ecp5_pll #(
  parameter int unsigned ClkiHz   = 25_000_000,
  parameter int unsigned ClkiDiv  = 4,
  parameter int unsigned ClkfbDiv = 1,
  parameter int unsigned ClkopDiv = 96
) (
  input  logic clk_i,
  output logic clk_o,
  output logic locked_o
);

  localparam longint unsigned PfdHz = longint'(ClkiHz) / longint'(ClkiDiv);
  localparam longint unsigned OutHz = PfdHz * longint'(ClkfbDiv);
  localparam longint unsigned VcoHz = OutHz * longint'(ClkopDiv);

  if (ClkiDiv < 1 || ClkiDiv > 128 || ClkfbDiv < 1 || ClkfbDiv > 80 || ClkopDiv < 1 ||
      ClkopDiv > 128) begin : gen_bad_div
    $error("ecp5_pll: divisor out of range (CLKI 1-128, CLKFB 1-80, CLKOP 1-128)");
  end
  if (PfdHz < 3_125_000 || PfdHz > 400_000_000) begin : gen_bad_pfd
    $error("ecp5_pll: phase detector frequency outside 3.125-400 MHz");
  end
  if (VcoHz < 400_000_000 || VcoHz > 800_000_000) begin : gen_bad_vco
    $error("ecp5_pll: VCO frequency outside 400-800 MHz");
  end
  if (OutHz < 3_125_000 || OutHz > 400_000_000) begin : gen_bad_out
    $error("ecp5_pll: output frequency outside 3.125-400 MHz");
  end

`ifdef SYNTHESIS
  // CLKOP's coarse phase is half its period in VCO cycles, as Lattice's tools set it.
  EHXPLLL #(
    .PLLRST_ENA      ("DISABLED"),
    .INTFB_WAKE      ("DISABLED"),
    .STDBY_ENABLE    ("DISABLED"),
    .DPHASE_SOURCE   ("DISABLED"),
    .OUTDIVIDER_MUXA ("DIVA"),
    .OUTDIVIDER_MUXB ("DIVB"),
    .OUTDIVIDER_MUXC ("DIVC"),
    .OUTDIVIDER_MUXD ("DIVD"),
    .CLKI_DIV        (ClkiDiv),
    .CLKFB_DIV       (ClkfbDiv),
    .CLKOP_ENABLE    ("ENABLED"),
    .CLKOP_DIV       (ClkopDiv),
    .CLKOP_CPHASE    (ClkopDiv / 2),
    .CLKOP_FPHASE    (0),
    .FEEDBK_PATH     ("CLKOP")
  ) u_pll (
    .CLKI        (clk_i),
    .CLKFB       (clk_o),
    .PHASESEL1   (1'b0),
    .PHASESEL0   (1'b0),
    .PHASEDIR    (1'b0),
    .PHASESTEP   (1'b0),
    .PHASELOADREG(1'b0),
    .STDBY       (1'b0),
    .PLLWAKESYNC (1'b0),
    .RST         (1'b0),
    .ENCLKOP     (1'b0),
    .ENCLKOS     (1'b0),
    .ENCLKOS2    (1'b0),
    .ENCLKOS3    (1'b0),
    .CLKOP       (clk_o),
    .CLKOS       (),
    .CLKOS2      (),
    .CLKOS3      (),
    .LOCK        (locked_o),
    .INTLOCK     (),
    .REFCLK      (),
    .CLKINTFB    ()
  );
`else
  assign clk_o    = clk_i;
  assign locked_o = 1'b1;
`endif

endmodule : ecp5_pll
