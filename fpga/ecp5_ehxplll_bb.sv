// The ECP5 PLL primitive (EHXPLLL), ports and the parameters rtl/fpga/ecp5_pll.sv sets, as a
// blackbox for the read_slang front end: slang imports Yosys' own cell library without its
// parameters, so an instance's parameters would be dropped. synth_ecp5 replaces this module
// by its library's blackbox and keeps the instance's parameters for nextpnr. Synthesis only
// (scripts/fpga.py and the FuseSoC fpga target); Verilator sees ecp5_pll's stand-in.
(* blackbox *)
module EHXPLLL #(
  parameter int    CLKI_DIV        = 1,
  parameter int    CLKFB_DIV       = 1,
  parameter int    CLKOP_DIV       = 8,
  parameter int    CLKOP_CPHASE    = 0,
  parameter int    CLKOP_FPHASE    = 0,
  parameter string CLKOP_ENABLE    = "ENABLED",
  parameter string FEEDBK_PATH     = "CLKOP",
  parameter string OUTDIVIDER_MUXA = "DIVA",
  parameter string OUTDIVIDER_MUXB = "DIVB",
  parameter string OUTDIVIDER_MUXC = "DIVC",
  parameter string OUTDIVIDER_MUXD = "DIVD",
  parameter string STDBY_ENABLE    = "DISABLED",
  parameter string DPHASE_SOURCE   = "DISABLED",
  parameter string PLLRST_ENA      = "DISABLED",
  parameter string INTFB_WAKE      = "DISABLED"
) (
  input  wire CLKI,
  input  wire CLKFB,
  input  wire PHASESEL1,
  input  wire PHASESEL0,
  input  wire PHASEDIR,
  input  wire PHASESTEP,
  input  wire PHASELOADREG,
  input  wire STDBY,
  input  wire PLLWAKESYNC,
  input  wire RST,
  input  wire ENCLKOP,
  input  wire ENCLKOS,
  input  wire ENCLKOS2,
  input  wire ENCLKOS3,
  output wire CLKOP,
  output wire CLKOS,
  output wire CLKOS2,
  output wire CLKOS3,
  output wire LOCK,
  output wire INTLOCK,
  output wire REFCLK,
  output wire CLKINTFB
);
endmodule
