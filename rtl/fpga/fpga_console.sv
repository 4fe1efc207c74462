// The FPGA SoC's console: program bytes to the UART until the program exits, then the exit
// message "\nEXIT xxxxxxxx\n" (the HTIF exit value, 8 hex digits); bytes written after the
// exit are dropped. exited_o stays set from the exit on (an LED).
`default_nettype none

module fpga_console #(
  parameter int unsigned ClksPerBit = 217
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        byte_valid_i,
  input  logic [7:0]  byte_i,
  output logic        byte_ready_o,
  input  logic        exit_i,       // the HTIF exit store, one cycle
  input  logic [31:0] exit_value_i,
  output logic        exited_o,
  output logic [31:0] exit_value_o,
  output logic        tx_o
);

  localparam int unsigned MsgLen = 15;  // "\nEXIT " + 8 digits + "\n"

  logic        exited_q, uart_valid, uart_ready;
  logic [31:0] value_q;
  logic [3:0]  idx_q;
  logic [7:0]  msg, uart_data;
  logic [3:0]  nibble;

  always_comb begin : message
    nibble = value_q[4 * (13 - 32'(idx_q)) +: 4];
    unique case (idx_q)
      4'd0, 4'd14: msg = 8'h0a;
      4'd1: msg = "E";
      4'd2: msg = "X";
      4'd3: msg = "I";
      4'd4: msg = "T";
      4'd5: msg = " ";
      default: msg = nibble < 4'd10 ? 8'("0") + 8'(nibble) : 8'("a") + 8'(nibble) - 8'd10;
    endcase
  end

  assign uart_valid   = exited_q ? idx_q < 4'(MsgLen) : byte_valid_i;
  assign uart_data    = exited_q ? msg : byte_i;
  assign byte_ready_o = exited_q || uart_ready;

  always_ff @(posedge clk_i or negedge rst_ni) begin : state
    if (!rst_ni) begin
      exited_q <= 1'b0;
      value_q  <= '0;
      idx_q    <= '0;
    end else if (!exited_q) begin
      if (exit_i) begin
        exited_q <= 1'b1;
        value_q  <= exit_value_i;
      end
    end else if (uart_valid && uart_ready) begin
      idx_q <= idx_q + 1'b1;
    end
  end

  fpga_uart_tx #(.ClksPerBit(ClksPerBit)) u_tx (
    .clk_i,
    .rst_ni,
    .valid_i (uart_valid),
    .data_i  (uart_data),
    .ready_o (uart_ready),
    .tx_o
  );

  assign exited_o     = exited_q;
  assign exit_value_o = value_q;

endmodule : fpga_console
