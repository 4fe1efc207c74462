// Pipelined multiplier: MUL/MULH/MULHSU/MULHU in Latency cycles (a new operation may enter
// every cycle). fast_i (idealisation switch) answers in the issue cycle instead.
`default_nettype none

module core_mul #(
  parameter int unsigned Latency = 3
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        fast_i,
  input  logic        valid_i,
  input  logic [1:0]  funct_i,   // funct3[1:0]: 0 mul, 1 mulh, 2 mulhsu, 3 mulhu
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        valid_o,
  output logic [31:0] result_o
);

  logic [63:0] product;
  logic [31:0] result_now;

  always_comb begin : multiply
    logic signed [32:0] a_ext, b_ext;
    a_ext      = {(funct_i == 2'd1 || funct_i == 2'd2) & a_i[31], a_i};
    b_ext      = {(funct_i == 2'd1) & b_i[31], b_i};
    product    = 64'(a_ext * b_ext);
    result_now = funct_i == 2'd0 ? product[31:0] : product[63:32];
  end

  // Latency-1 register stages after the multiply (retiming spreads the multiplier over them
  // in synthesis); the consumer takes the result at the end of cycle Latency-1.
  logic [Latency-2:0]       valid_q;
  logic [Latency-2:0][31:0] data_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : pipe
    if (!rst_ni) begin
      valid_q <= '0;
      data_q  <= '0;
    end else begin
      valid_q[0] <= valid_i & ~fast_i;
      data_q[0]  <= result_now;
      for (int unsigned i = 1; i < Latency - 1; i++) begin
        valid_q[i] <= valid_q[i-1];
        data_q[i]  <= data_q[i-1];
      end
    end
  end

  assign valid_o  = fast_i ? valid_i : valid_q[Latency-2];
  assign result_o = fast_i ? result_now : data_q[Latency-2];

`ifndef SYNTHESIS
  initial assert (Latency >= 2) else $fatal(1, "core_mul: Latency must be >= 2");
`endif

endmodule : core_mul
