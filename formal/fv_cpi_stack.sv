// BMC wrapper of cpi_stack. Inputs are free except for the probe contract (a stage never
// processes more uops than its width). Properties, per stage s:
//  * StackSum: every cycle out of reset the stage's component increments sum to exactly W;
//    with CounterFollowsShadow (fv_pmu_counter: a counter adds its increment, or takes the
//    written value) the stack sums to W * cycles. Stated compositionally on the DUT's inc
//    vector: the end-to-end form (sum of counter deltas, or of the counters) takes the
//    solver far longer, with yices and z3 alike, even at CntW=4 (docs/cost.md).
//  * LagIsCarry: the uops the stage processed minus its base component (mod 2^CntW) equal
//    the DUT's carry register: base never runs ahead of the uops and lags by the carry,
//    at most 2^CarryW-1. Tracked as a running lag (local: one counter's delta per cycle); stated while no
//    CSR write has happened (writes may set any value) and the carry has not saturated.
//  * BaseExact: a stage no wider than W carries nothing, so base == uops processed.
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
  logic [NumCpiStages-1:0][NumCpiComps-1:0][CntW-1:0] cnt, cnt_prev_q;
  logic [NumCpiStages-1:0][CntW-1:0] lag_now, lag_prev_q;
  logic [NumCpiStages-1:0][NW-1:0] n_prev_q;
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
    .CntW(CntW), .CarryW(CarryW), .SpecBlocks(0)  // the main stacks only
  ) u_dut (
    .clk_i, .rst_ni(started_q), .probe_i, .we_i, .wstage_i, .wcomp_i, .wdata_i, .cnt_o(cnt),
    .spec_we_i(1'b0), .spec_widx_i(5'd0), .spec_cnt_o()
  );

  always_comb begin
    for (int s = 0; s < NumCpiStages; s++) begin
      lag_now[s] = lag_prev_q[s] + CntW'(n_prev_q[s])
                 - (cnt[s][CompBase] - cnt_prev_q[s][CompBase]);
    end
  end

  always_ff @(posedge clk_i) begin
    started_q <= 1'b1;
    prev_q    <= started_q;
    if (started_q && we_i) written_q <= 1'b1;
    cnt_prev_q <= cnt;
    n_prev_q   <= n;
    lag_prev_q <= prev_q ? lag_now : '0;
  end

  for (genvar s = 0; s < NumCpiStages; s++) begin : gen_lag
    logic [CarryW-1:0] carry;
    logic [NumCpiComps-1:0][NW-1:0] inc;
    logic [NW+3:0] inc_sum;
    assign carry = u_dut.gen_stage[s].u_acct.carry_q;
    assign inc   = u_dut.gen_stage[s].u_acct.inc;
    always_comb begin
      inc_sum = '0;
      for (int c = 0; c < NumCpiComps; c++) inc_sum += (NW + 4)'(inc[c]);
      if (started_q) assert (inc_sum == (NW + 4)'(W));  // StackSum
      if (prev_q && !written_q && carry != '1) begin
        assert (lag_now[s] == CntW'(carry));  // LagIsCarry
        if (StageW[s] <= W) assert (lag_now[s] == '0);  // BaseExact
      end
    end
  end

endmodule : fv_cpi_stack

`default_nettype wire
