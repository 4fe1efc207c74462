// RV32IMF + Zicsr decoder. Illegal encodings follow the ISS decoder (sim_model/iss/decode.cpp)
// exactly, because lockstep compares the illegal-instruction traps too.
`default_nettype none

module core_decode
  import core_pkg::*;
  import fpu_pkg::*;
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

  // Rounding-mode field: 0-4 static, 7 dynamic (frm, resolved at dispatch); 5, 6 reserved.
  logic       rm_ok;
  logic [4:0] rs2;
  assign rm_ok = f3 <= 3'd4 || f3 == 3'd7;
  assign rs2   = insn_i[24:20];

  function automatic fpu_pkg::fpu_op_e fma_op(logic [1:0] sel);
    unique case (sel)
      2'd0:    return fpu_pkg::FpuMadd;
      2'd1:    return fpu_pkg::FpuMsub;
      2'd2:    return fpu_pkg::FpuNmsub;
      default: return fpu_pkg::FpuNmadd;
    endcase
  endfunction

  // An OP-FP / FMA instruction on an FP unit: op, whether it rounds, which registers are f.
  function automatic uop_t fp_uop(uop_t u, fpu_op_e op, logic rounds, logic rd_fp,
                                  logic rs1_fp, logic rs2_fp);
    u.cls     = ClsFpu;
    u.fp      = 1'b1;
    u.fpu_op  = op;
    u.rm_used = rounds;
    u.rm      = rounds ? fpu_rm_e'(u.funct3) : RmRne;
    u.rd_we   = 1'b1;
    u.rd_fp   = rd_fp;
    u.rs1_fp  = rs1_fp;
    u.rs2_fp  = rs2_fp;
    return u;
  endfunction

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
    uop_o.rs3       = insn_i[31:27];
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
      // RV32F (docs/dev/core.md "Floating point"); the same illegal encodings as the ISS.
      7'h07: if (f3 == 3'd2) begin  // flw
        uop_o.cls = ClsLoad; uop_o.rd_we = 1'b1; uop_o.fp = 1'b1; uop_o.rd_fp = 1'b1;
      end
      7'h27: if (f3 == 3'd2) begin  // fsw
        uop_o.cls = ClsStore; uop_o.imm = imm_s; uop_o.fp = 1'b1; uop_o.rs2_fp = 1'b1;
      end
      7'h43, 7'h47, 7'h4b, 7'h4f: if (insn_i[26:25] == 2'b00 && rm_ok) begin
        uop_o = fp_uop(uop_o, fma_op(opcode[3:2]), 1'b1, 1'b1, 1'b1, 1'b1);
        uop_o.uses_rs3 = 1'b1;
      end
      7'h53: begin
        unique case (f7)
          7'h00: if (rm_ok) uop_o = fp_uop(uop_o, FpuAdd, 1'b1, 1'b1, 1'b1, 1'b1);
          7'h04: if (rm_ok) uop_o = fp_uop(uop_o, FpuSub, 1'b1, 1'b1, 1'b1, 1'b1);
          7'h08: if (rm_ok) uop_o = fp_uop(uop_o, FpuMul, 1'b1, 1'b1, 1'b1, 1'b1);
          7'h0c: if (rm_ok) uop_o = fp_uop(uop_o, FpuDiv, 1'b1, 1'b1, 1'b1, 1'b1);
          7'h2c: if (rm_ok && rs2 == 5'd0) uop_o = fp_uop(uop_o, FpuSqrt, 1'b1, 1'b1, 1'b1, 1'b1);
          7'h10: begin
            if (f3 == 3'd0) uop_o = fp_uop(uop_o, FpuSgnj, 1'b0, 1'b1, 1'b1, 1'b1);
            else if (f3 == 3'd1) uop_o = fp_uop(uop_o, FpuSgnjn, 1'b0, 1'b1, 1'b1, 1'b1);
            else if (f3 == 3'd2) uop_o = fp_uop(uop_o, FpuSgnjx, 1'b0, 1'b1, 1'b1, 1'b1);
          end
          7'h14: begin
            if (f3 == 3'd0) uop_o = fp_uop(uop_o, FpuMin, 1'b0, 1'b1, 1'b1, 1'b1);
            else if (f3 == 3'd1) uop_o = fp_uop(uop_o, FpuMax, 1'b0, 1'b1, 1'b1, 1'b1);
          end
          7'h60: if (rm_ok && rs2[4:1] == 4'd0) begin  // fcvt.w[u].s: f -> x
            uop_o = fp_uop(uop_o, rs2[0] ? FpuCvtWuS : FpuCvtWS, 1'b1, 1'b0, 1'b1, 1'b0);
          end
          7'h68: if (rm_ok && rs2[4:1] == 4'd0) begin  // fcvt.s.w[u]: x -> f
            uop_o = fp_uop(uop_o, rs2[0] ? FpuCvtSWu : FpuCvtSW, 1'b1, 1'b1, 1'b0, 1'b0);
          end
          7'h50: begin
            if (f3 == 3'd2) uop_o = fp_uop(uop_o, FpuEq, 1'b0, 1'b0, 1'b1, 1'b1);
            else if (f3 == 3'd1) uop_o = fp_uop(uop_o, FpuLt, 1'b0, 1'b0, 1'b1, 1'b1);
            else if (f3 == 3'd0) uop_o = fp_uop(uop_o, FpuLe, 1'b0, 1'b0, 1'b1, 1'b1);
          end
          7'h70: if (rs2 == 5'd0) begin
            if (f3 == 3'd0) uop_o = fp_uop(uop_o, FpuMvXW, 1'b0, 1'b0, 1'b1, 1'b0);
            else if (f3 == 3'd1) uop_o = fp_uop(uop_o, FpuClass, 1'b0, 1'b0, 1'b1, 1'b0);
          end
          7'h78: if (rs2 == 5'd0 && f3 == 3'd0) begin
            uop_o = fp_uop(uop_o, FpuMvWX, 1'b0, 1'b1, 1'b0, 1'b0);
          end
          default: ;
        endcase
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
