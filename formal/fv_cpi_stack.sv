// BMC wrapper of cpi_stack. Inputs are free except for the probe contract (a stage never
// processes more uops than its width). Properties, per stage s:
//  * StackSum: in a cycle without a CSR write to the stage, the components grow by exactly W
//    (mod 2^CntW): the stack sums to W * cycles.
//  * CarryBound: uops processed minus base (mod 2^CntW) is the carry, 0..2^CarryW-1: base
//    never runs ahead of the uops and lags by at most the carry register. (Once the carry
//    saturates, after >= 2^CarryW cycles, excess is dropped: beyond any bound used here.)
//  * BaseExact: a stage no wider than W carries nothing, so base == uops processed.
// The last two are stated while no CSR write has happened (writes may set any value).
`default_nettype none

module fv_cpi_stack
  import pmu_pkg::*;
#(
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned IssueWidth    = 3,
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned CntW          = 8,
  parameter int unsigned CarryW        = 6
) (
  input wire logic            clk_i,
  input wire probe_t          probe_i,
  input wire logic            we_i,
  input wire cpi_stage_e      wstage_i,
  input wire cpi_comp_e       wcomp_i,
  input wire logic [CntW-1:0] wdata_i
);

  localparam int unsigned W12 = DispatchWidth < IssueWidth ? DispatchWidth : IssueWidth;
  localparam int unsigned W   = W12 < CommitWidth ? W12 : CommitWidth;
  localparam int unsigned StageW[NumCpiStages] = '{DispatchWidth, IssueWidth, CommitWidth};

  logic started_q = 1'b0, prev_q = 1'b0, written_q = 1'b0;
  logic [NumCpiStages-1:0][NumCpiComps-1:0][CntW-1:0] cnt;
  logic [NumCpiStages-1:0][CntW-1:0] sum_now, sum_prev_q, processed_q;
  logic [NumCpiStages-1:0] wr_prev_q;
  logic [NumCpiStages-1:0][NW-1:0] n;

  assign n[StDispatch] = probe_i.disp_n;
  assign n[StIssue]    = probe_i.iss_n;
  assign n[StCommit]   = probe_i.cmt_n;

  always_comb begin
    for (int s = 0; s < NumCpiStages; s++) begin
      assume (n[s] <= NW'(StageW[s]));  // ProbeContract
    end
    assume (wstage_i <= StCommit);  // WriteStageValid
  end

  cpi_stack #(
    .DispatchWidth(DispatchWidth), .IssueWidth(IssueWidth), .CommitWidth(CommitWidth),
    .CntW(CntW), .CarryW(CarryW)
  ) u_dut (
    .clk_i, .rst_ni(started_q), .probe_i, .we_i, .wstage_i, .wcomp_i, .wdata_i, .cnt_o(cnt)
  );

  always_comb begin
    for (int s = 0; s < NumCpiStages; s++) begin
      sum_now[s] = '0;
      for (int c = 0; c < NumCpiComps; c++) sum_now[s] += cnt[s][c];
    end
  end

  always_ff @(posedge clk_i) begin
    started_q <= 1'b1;
    prev_q    <= started_q;
    if (started_q && we_i) written_q <= 1'b1;
    sum_prev_q <= sum_now;
    for (int s = 0; s < NumCpiStages; s++) begin
      wr_prev_q[s]   <= we_i && wstage_i == cpi_stage_e'(s);
      processed_q[s] <= started_q ? processed_q[s] + CntW'(n[s]) : '0;
    end
  end

  always_comb begin
    if (prev_q) begin
      for (int s = 0; s < NumCpiStages; s++) begin
        if (!wr_prev_q[s]) assert (sum_now[s] == CntW'(sum_prev_q[s] + CntW'(W)));  // StackSum
        if (!written_q) begin
          assert (CntW'(processed_q[s] - cnt[s][CompBase]) <= CntW'(2 ** CarryW - 1));  // CarryBound
          if (StageW[s] <= W) assert (cnt[s][CompBase] == processed_q[s]);  // BaseExact
        end
      end
    end
  end

endmodule : fv_cpi_stack

`default_nettype wire
