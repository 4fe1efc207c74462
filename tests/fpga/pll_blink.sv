// ctest fpga_pll's design (tests/fpga/check_pll.py): ulx3s_top's clocking alone, the ECP5 PLL
// (rtl/fpga/ecp5_pll.sv) clocking a counter on the LEDs that runs once the PLL has locked, so
// that nextpnr-ecp5 derives the PLL output's clock constraint and routes it in seconds.
`default_nettype none

module pll_blink #(
  parameter int unsigned ClkiDiv  = 4,
  parameter int unsigned ClkfbDiv = 1,
  parameter int unsigned ClkopDiv = 96
) (
  input  logic       clk_25mhz,
  output logic [7:0] led
);

  logic clk, locked;
  ecp5_pll #(
    .ClkiDiv (ClkiDiv),
    .ClkfbDiv(ClkfbDiv),
    .ClkopDiv(ClkopDiv)
  ) u_pll (
    .clk_i   (clk_25mhz),
    .clk_o   (clk),
    .locked_o(locked)
  );

  logic [31:0] cnt_q = '0;
  always_ff @(posedge clk) begin : count
    cnt_q <= locked ? cnt_q + 32'd1 : '0;
  end
  assign led = cnt_q[31:24];

endmodule : pll_blink
