// Branch unit of the back end (be_issue's branch port): the compare, the target, the next pc
// and the misprediction against the front end's prediction. Without IssueStage its outcome
// goes to the ROB and the front end in the execute cycle; with IssueStage from a register one
// cycle later (docs/dev/core.md "Issue stage"), so the compare reaches neither dispatch nor
// the ROB in its cycle. The ROB marks the branch done with that outcome, so a branch cannot
// commit before its redirect. A mispredicted branch redirects unless an older one already
// has: one pending at the ROB, or, with the register, the one the register holds.
`default_nettype none

module be_branch
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg          = core_cfg_pkg::CfgDefault,
  parameter type       rs_payload_t = logic  // core_backend's RS payload
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                flush_i,
  input  logic [Cfg.RobW-1:0] rob_head_i,
  // The branch port's uop in its execute cycle and its two operands
  input  logic                valid_i,
  input  rs_payload_t         iu_i,
  input  logic [31:0]         a_i,
  input  logic [31:0]         b_i,
  // The oldest mispredicted branch pending at the ROB
  input  logic                pend_i,
  input  logic [Cfg.RobW-1:0] pend_rob_i,
  // The outcome (to the ROB) and the redirect (to the front end)
  output logic                valid_o,
  output rs_payload_t         iu_o,
  output logic                taken_o,
  output logic [31:0]         target_o,
  output logic [31:0]         npc_o,
  output logic                misal_o,
  output logic                mispred_o,
  output logic                redirect_o
);

  function automatic logic [Cfg.RobW-1:0] age(logic [Cfg.RobW-1:0] idx, logic [Cfg.RobW-1:0] head);
    return idx - head;
  endfunction

  logic        cmp, taken, misal, mispred, redirect, pend;
  logic [31:0] target, npc, unused_res;
  logic [Cfg.RobW-1:0] pend_rob;
  core_alu u_alu (
    .op_i        (AluAdd),
    .a_i         (a_i),
    .b_i         (b_i),
    .result_o    (unused_res),
    .br_funct3_i (iu_i.uop.funct3),
    .br_a_i      (a_i),
    .br_b_i      (b_i),
    .br_taken_o  (cmp)
  );
  assign taken    = iu_i.uop.cls == ClsBranch ? cmp : 1'b1;
  assign target   = iu_i.uop.cls == ClsJalr ? ((a_i + iu_i.uop.imm) & ~32'd1)
                                           : iu_i.pc + iu_i.uop.imm;
  assign npc      = taken ? target : iu_i.pc + 32'd4;
  assign misal    = taken && target[1];
  assign mispred  = npc != iu_i.pred_npc && !misal;
  assign redirect = valid_i && mispred
                 && (!pend || age(iu_i.rob, rob_head_i) < age(pend_rob, rob_head_i));

  if (Cfg.IssueStage == 0) begin : gen_now
    assign pend       = pend_i;
    assign pend_rob   = pend_rob_i;
    assign valid_o    = valid_i;
    assign iu_o       = iu_i;
    assign taken_o    = taken;
    assign target_o   = target;
    assign npc_o      = npc;
    assign misal_o    = misal;
    assign mispred_o  = mispred;
    assign redirect_o = redirect;
  end else begin : gen_reg
    logic        v_q, redirect_q, taken_q, misal_q, mispred_q, fire;
    logic [31:0] target_q, npc_q;
    rs_payload_t iu_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin : outcome_valid
      if (!rst_ni) begin
        v_q        <= 1'b0;
        redirect_q <= 1'b0;
      end else begin
        v_q        <= valid_i;
        redirect_q <= redirect;
      end
    end
    always_ff @(posedge clk_i) begin : outcome_data
      iu_q      <= iu_i;
      taken_q   <= taken;
      target_q  <= target;
      npc_q     <= npc;
      misal_q   <= misal;
      mispred_q <= mispred;
    end
    assign fire       = redirect_q && !flush_i;
    assign pend       = pend_i || fire;
    assign pend_rob   = fire ? iu_q.rob : pend_rob_i;
    assign valid_o    = v_q && !flush_i;
    assign iu_o       = iu_q;
    assign taken_o    = taken_q;
    assign target_o   = target_q;
    assign npc_o      = npc_q;
    assign misal_o    = misal_q;
    assign mispred_o  = mispred_q;
    assign redirect_o = fire;
  end

  logic unused;
  assign unused = ^{unused_res, clk_i, rst_ni, flush_i};

endmodule : be_branch
