// Front-end predecode of one instruction: is it a branch or jump, which kind, and the target
// of a direct one (branch, JAL). Used to check and repair the fetch-time (BTB) prediction.
`default_nettype none

module fe_predecode
  import core_pkg::*;
(
  input  logic [31:0] pc_i,
  input  logic [31:0] insn_i,
  output br_kind_e    kind_o,    // BrNone for everything else (illegal encodings included)
  output logic        direct_o,  // target known from the encoding (branch, JAL)
  output logic [31:0] target_o   // pc + offset for direct ones
);

  logic [4:0]  rd, rs1;
  logic [31:0] imm_b, imm_j;

  assign rd    = insn_i[11:7];
  assign rs1   = insn_i[19:15];
  assign imm_b = {{19{insn_i[31]}}, insn_i[31], insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
  assign imm_j = {{11{insn_i[31]}}, insn_i[31], insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};

  always_comb begin : classify
    kind_o   = BrNone;
    direct_o = 1'b0;
    target_o = pc_i + imm_b;
    unique case (insn_i[6:0])
      7'h63: if (insn_i[14:13] != 2'b01) begin  // funct3 2 and 3 are illegal
        kind_o   = BrCond;
        direct_o = 1'b1;
      end
      7'h6f: begin
        kind_o   = is_link_reg(rd) ? BrCall : BrJal;
        direct_o = 1'b1;
        target_o = pc_i + imm_j;
      end
      7'h67: if (insn_i[14:12] == 3'd0) begin
        if (is_link_reg(rd)) kind_o = BrCall;
        else if (rd == 5'd0 && is_link_reg(rs1)) kind_o = BrRet;
        else kind_o = BrJalr;
      end
      default: ;
    endcase
  end

endmodule : fe_predecode
