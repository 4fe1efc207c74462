// RV32IM + Zicsr decoder. Illegal encodings follow the ISS decoder (sim_model/iss/decode.cpp)
// exactly, because lockstep compares the illegal-instruction traps too.
`default_nettype none

module core_decode
  import core_pkg::*;
(
  input  logic [31:0] insn_i,
  output uop_t        uop_o
);

  logic [6:0] opcode;
  logic [2:0] f3;
  logic [6:0] f7;
  logic [31:0] imm_i, imm_s, imm_b, imm_u, imm_j;

  assign opcode = insn_i[6:0];
  assign f3     = insn_i[14:12];
  assign f7     = insn_i[31:25];
  assign imm_i  = {{20{insn_i[31]}}, insn_i[31:20]};
  assign imm_s  = {{20{insn_i[31]}}, insn_i[31:25], insn_i[11:7]};
  assign imm_b  = {{19{insn_i[31]}}, insn_i[31], insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
  assign imm_u  = {insn_i[31:12], 12'b0};
  assign imm_j  = {{11{insn_i[31]}}, insn_i[31], insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};

  always_comb begin : decode
    uop_o           = '0;
    uop_o.cls       = ClsIllegal;
    uop_o.alu_op    = AluAdd;
    uop_o.csr_op    = CsrOpWrite;
    uop_o.rd        = insn_i[11:7];
    uop_o.rs1       = insn_i[19:15];
    uop_o.rs2       = insn_i[24:20];
    uop_o.funct3    = f3;
    uop_o.imm       = imm_i;
    uop_o.csr_addr  = insn_i[31:20];
    unique case (opcode)
      7'h37: begin  // LUI
        uop_o.cls = ClsAlu; uop_o.alu_op = AluPassB; uop_o.src_b_imm = 1'b1;
        uop_o.imm = imm_u; uop_o.rd_we = 1'b1;
      end
      7'h17: begin  // AUIPC
        uop_o.cls = ClsAlu; uop_o.src_a_pc = 1'b1; uop_o.src_b_imm = 1'b1;
        uop_o.imm = imm_u; uop_o.rd_we = 1'b1;
      end
      7'h6f: begin
        uop_o.cls = ClsJal; uop_o.imm = imm_j; uop_o.rd_we = 1'b1;
      end
      7'h67: if (f3 == 3'd0) begin
        uop_o.cls = ClsJalr; uop_o.rd_we = 1'b1;
      end
      7'h63: if (f3 != 3'd2 && f3 != 3'd3) begin
        uop_o.cls = ClsBranch; uop_o.imm = imm_b;
      end
      7'h03: if (f3 == 3'd0 || f3 == 3'd1 || f3 == 3'd2 || f3 == 3'd4 || f3 == 3'd5) begin
        uop_o.cls = ClsLoad; uop_o.rd_we = 1'b1;
      end
      7'h23: if (f3 <= 3'd2) begin
        uop_o.cls = ClsStore; uop_o.imm = imm_s;
      end
      7'h13: begin
        uop_o.src_b_imm = 1'b1;
        uop_o.rd_we     = 1'b1;
        unique case (f3)
          3'd0: begin uop_o.cls = ClsAlu; uop_o.alu_op = AluAdd; end
          3'd2: begin uop_o.cls = ClsAlu; uop_o.alu_op = AluSlt; end
          3'd3: begin uop_o.cls = ClsAlu; uop_o.alu_op = AluSltu; end
          3'd4: begin uop_o.cls = ClsAlu; uop_o.alu_op = AluXor; end
          3'd6: begin uop_o.cls = ClsAlu; uop_o.alu_op = AluOr; end
          3'd7: begin uop_o.cls = ClsAlu; uop_o.alu_op = AluAnd; end
          3'd1: if (f7 == 7'h00) begin uop_o.cls = ClsAlu; uop_o.alu_op = AluSll; end
          3'd5: begin
            if (f7 == 7'h00) begin uop_o.cls = ClsAlu; uop_o.alu_op = AluSrl; end
            else if (f7 == 7'h20) begin uop_o.cls = ClsAlu; uop_o.alu_op = AluSra; end
          end
          default: ;
        endcase
        if (uop_o.cls == ClsIllegal) uop_o.rd_we = 1'b0;
      end
      7'h33: begin
        uop_o.rd_we = 1'b1;
        if (f7 == 7'h01) begin
          uop_o.cls = f3[2] ? ClsDiv : ClsMul;
        end else if (f7 == 7'h20) begin
          if (f3 == 3'd0) begin uop_o.cls = ClsAlu; uop_o.alu_op = AluSub; end
          else if (f3 == 3'd5) begin uop_o.cls = ClsAlu; uop_o.alu_op = AluSra; end
        end else if (f7 == 7'h00) begin
          uop_o.cls = ClsAlu;
          unique case (f3)
            3'd0: uop_o.alu_op = AluAdd;
            3'd1: uop_o.alu_op = AluSll;
            3'd2: uop_o.alu_op = AluSlt;
            3'd3: uop_o.alu_op = AluSltu;
            3'd4: uop_o.alu_op = AluXor;
            3'd5: uop_o.alu_op = AluSrl;
            3'd6: uop_o.alu_op = AluOr;
            default: uop_o.alu_op = AluAnd;
          endcase
        end
        if (uop_o.cls == ClsIllegal) uop_o.rd_we = 1'b0;
      end
      7'h0f: begin  // fence ignores its reserved fields
        if (f3 == 3'd0) uop_o.cls = ClsNop;
        else if (f3 == 3'd1) uop_o.cls = ClsFenceI;
      end
      7'h73: begin
        if (f3 != 3'd0) begin
          if (f3 != 3'd4) begin
            uop_o.cls     = ClsCsr;
            uop_o.rd_we   = 1'b1;
            uop_o.csr_imm = f3[2];
            uop_o.csr_op  = csr_op_e'(f3[1:0]);
          end
        end else if (insn_i[11:7] == 5'd0 && insn_i[19:15] == 5'd0) begin
          unique case (insn_i[31:20])
            12'h000: uop_o.cls = ClsEcall;
            12'h001: uop_o.cls = ClsEbreak;
            12'h302: uop_o.cls = ClsMret;
            12'h105: uop_o.cls = ClsNop;  // wfi: interrupts are checked before every insn
            default: ;
          endcase
        end
      end
      default: ;
    endcase
  end

endmodule : core_decode
