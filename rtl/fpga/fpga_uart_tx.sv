// UART transmitter, 8N1: a start bit, eight data bits LSB first, a stop bit, each ClksPerBit
// clock cycles (25 MHz / 115200 baud: 217). A byte is taken when valid_i && ready_o; the
// line idles high.
`default_nettype none

module fpga_uart_tx #(
  parameter int unsigned ClksPerBit = 217
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       valid_i,
  input  logic [7:0] data_i,
  output logic       ready_o,
  output logic       tx_o
);

  localparam int unsigned DivW = ClksPerBit > 1 ? $clog2(ClksPerBit) : 1;

  logic [9:0]      shift_q;  // {stop, data, start}, sent from bit 0
  logic [3:0]      bits_q;   // bits left to send
  logic [DivW-1:0] div_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : tx
    if (!rst_ni) begin
      shift_q <= '1;
      bits_q  <= '0;
      div_q   <= '0;
    end else if (bits_q == '0) begin
      if (valid_i) begin
        shift_q <= {1'b1, data_i, 1'b0};
        bits_q  <= 4'd10;
        div_q   <= DivW'(ClksPerBit - 1);
      end
    end else if (div_q != '0) begin
      div_q <= div_q - 1'b1;
    end else begin
      shift_q <= {1'b1, shift_q[9:1]};
      bits_q  <= bits_q - 1'b1;
      div_q   <= DivW'(ClksPerBit - 1);
    end
  end

  assign ready_o = bits_q == '0;
  assign tx_o    = shift_q[0];

`ifndef SYNTHESIS
  initial assert (ClksPerBit >= 2) else $fatal(1, "fpga_uart_tx: ClksPerBit must be >= 2");
`endif

endmodule : fpga_uart_tx
