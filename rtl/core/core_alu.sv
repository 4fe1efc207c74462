// Integer ALU and branch comparator (single cycle).
`default_nettype none

module core_alu
  import core_pkg::*;
(
  input  alu_op_e     op_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] result_o,
  input  logic [2:0]  br_funct3_i,
  input  logic [31:0] br_a_i,
  input  logic [31:0] br_b_i,
  output logic        br_taken_o
);

  always_comb begin : alu
    unique case (op_i)
      AluAdd:   result_o = a_i + b_i;
      AluSub:   result_o = a_i - b_i;
      AluSll:   result_o = a_i << b_i[4:0];
      AluSlt:   result_o = {31'b0, $signed(a_i) < $signed(b_i)};
      AluSltu:  result_o = {31'b0, a_i < b_i};
      AluXor:   result_o = a_i ^ b_i;
      AluSrl:   result_o = a_i >> b_i[4:0];
      AluSra:   result_o = 32'($signed(a_i) >>> b_i[4:0]);
      AluOr:    result_o = a_i | b_i;
      AluAnd:   result_o = a_i & b_i;
      AluPassB: result_o = b_i;
      default:  result_o = '0;
    endcase
  end

  always_comb begin : branch
    unique case (br_funct3_i)
      3'd0:    br_taken_o = br_a_i == br_b_i;
      3'd1:    br_taken_o = br_a_i != br_b_i;
      3'd4:    br_taken_o = $signed(br_a_i) < $signed(br_b_i);
      3'd5:    br_taken_o = $signed(br_a_i) >= $signed(br_b_i);
      3'd6:    br_taken_o = br_a_i < br_b_i;
      3'd7:    br_taken_o = br_a_i >= br_b_i;
      default: br_taken_o = 1'b0;
    endcase
  end

endmodule : core_alu
