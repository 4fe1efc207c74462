// Pipeline trace of the back end (stackscope run --pipeview, tb/harness/pipeview.*): one DPI call per
// dispatch, issue, completion, commit and flush, only while a trace writer is installed.
// Instructions are named by their ROB index. Simulation only: core_backend instantiates it
// under `ifndef SYNTHESIS, and its body is empty with SYNTHESIS defined.
`default_nettype none

module be_tracer
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg          = core_cfg_pkg::CfgDefault,
  parameter type       rs_payload_t = logic   // core_backend's RS payload
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  fe_uop_t [Cfg.FetchWidth-1:0] fe_uop_i,
  input  logic [Cfg.DispatchWidth-1:0] d_ok_i,
  input  logic [Cfg.RobW-1:0]        rob_head_i,
  input  logic [Cfg.RobW-1:0]        rob_tail_i,
  input  logic [Cfg.NumPorts-1:0]    grant_i,
  input  rs_payload_t [Cfg.NumPorts-1:0] iu_i,
  input  logic                       agu_v_i,     // the AGU's uop as the ROB sees it
  input  logic [Cfg.RobW-1:0]        agu_rob_i,
  input  logic                       agu_exc_i,
  input  logic                       agu_store_i,
  input  logic                       agu_mmio_i,
  input  logic                       mul_done_i,
  input  logic [Cfg.RobW-1:0]        mul_rob_i,
  input  logic                       div_done_i,
  input  logic [Cfg.RobW-1:0]        div_rob_i,
  input  logic [Cfg.FpUnits-1:0]     fma_done_i,
  input  logic [Cfg.FpUnits-1:0][Cfg.RobW-1:0] fma_rob_i,
  input  logic                       fdiv_done_i,
  input  logic [Cfg.RobW-1:0]        fdiv_rob_i,
  input  logic                       fwd_done_i,
  input  logic [Cfg.RobW-1:0]        fwd_rob_i,
  input  logic                       ld_done_i,
  input  logic [Cfg.RobW-1:0]        ld_rob_i,
  input  logic                       mmio_ans_i,
  input  logic                       fencei_done_i,
  input  logic [Cfg.CommitWidth-1:0] cmt_i,
  input  logic                       flush_i
);

`ifndef SYNTHESIS
  import "DPI-C" function bit ss_pipe_on();
  import "DPI-C" function void ss_pipe_event(input int unsigned kind, input int unsigned rob,
                                             input int unsigned pc, input int unsigned insn);
  bit pipe_on;
  initial pipe_on = ss_pipe_on();
  always_ff @(posedge clk_i) begin : pipeview
    if (pipe_on && rst_ni) begin
      for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
        if (cmt_i[k]) ss_pipe_event(PipeBeCommit, 32'(Cfg.RobW'(rob_head_i + Cfg.RobW'(k))), 0, 0);
      end
      if (flush_i) ss_pipe_event(PipeBeFlush, 0, 0, 0);
      for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
        if (d_ok_i[w]) begin
          ss_pipe_event(PipeBeDispatch, 32'(Cfg.RobW'(rob_tail_i + Cfg.RobW'(w))), fe_uop_i[w].pc,
                        fe_uop_i[w].insn);
        end
      end
      for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
        if (grant_i[p]) ss_pipe_event(PipeBeIssue, 32'(iu_i[p].rob), 0, 0);
      end
      // Done: as the ROB entry's done bit is set (be_rob_commit), not on a flush.
      if (!flush_i) begin
        for (int unsigned p = 0; p <= Cfg.PBr; p++) begin
          if (grant_i[p]) ss_pipe_event(PipeBeDone, 32'(iu_i[p].rob), 0, 0);
        end
        if (agu_v_i && (agu_exc_i || (agu_store_i && !agu_mmio_i))) begin
          ss_pipe_event(PipeBeDone, 32'(agu_rob_i), 0, 0);
        end
        if (mul_done_i) ss_pipe_event(PipeBeDone, 32'(mul_rob_i), 0, 0);
        if (div_done_i) ss_pipe_event(PipeBeDone, 32'(div_rob_i), 0, 0);
        for (int unsigned j = 0; j < Cfg.FpUnits; j++) begin
          if (fma_done_i[j]) ss_pipe_event(PipeBeDone, 32'(fma_rob_i[j]), 0, 0);
        end
        if (fdiv_done_i) ss_pipe_event(PipeBeDone, 32'(fdiv_rob_i), 0, 0);
        if (fwd_done_i) ss_pipe_event(PipeBeDone, 32'(fwd_rob_i), 0, 0);
        if (ld_done_i) ss_pipe_event(PipeBeDone, 32'(ld_rob_i), 0, 0);
        if (mmio_ans_i) ss_pipe_event(PipeBeDone, 32'(rob_head_i), 0, 0);
        if (fencei_done_i) ss_pipe_event(PipeBeDone, 32'(rob_head_i), 0, 0);
      end
    end
  end
`else
  logic unused;
  assign unused = ^{clk_i, rst_ni, fe_uop_i, d_ok_i, rob_head_i, rob_tail_i, grant_i, iu_i,
                    agu_v_i, agu_rob_i, agu_exc_i, agu_store_i, agu_mmio_i, mul_done_i,
                    mul_rob_i, div_done_i, div_rob_i, fma_done_i, fma_rob_i, fdiv_done_i, fdiv_rob_i, fwd_done_i,
                    fwd_rob_i, ld_done_i, ld_rob_i, mmio_ans_i,
                    fencei_done_i, cmt_i, flush_i};
`endif

endmodule : be_tracer
