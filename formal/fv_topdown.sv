// BMC wrapper of topdown. Probe contract assumed: disp_n <= W. In every cycle without a CSR
// write: Clocks grows by 1 and TotalSlots by W; FetchBubbles + RecoveryBubbles +
// SlotsIssued grow by at most W (so Level 1 -- frontend, bad speculation, retiring and the
// backend remainder -- partitions TotalSlots exactly); the OpsExecuted histogram counts
// each cycle once. While no write has happened the same holds for the totals.
`default_nettype none

module fv_topdown
  import pmu_pkg::*;
#(
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned CntW          = 16
) (
  input wire logic            clk_i,
  input wire probe_t          probe_i,
  input wire logic            we_i,
  input wire td_counter_e     widx_i,
  input wire logic [CntW-1:0] wdata_i
);

  logic started_q = 1'b0, prev_q = 1'b0, wr_prev_q, written_q = 1'b0;
  logic [NumTdCounters-1:0][CntW-1:0] cnt, prev_cnt_q;
  logic [CntW-1:0] level1_delta, hist_delta, level1_total, hist_total;

  always_comb begin
    ProbeContract: assume (probe_i.disp_n <= NW'(DispatchWidth));
  end

  topdown #(.DispatchWidth(DispatchWidth), .CntW(CntW)) u_dut (
    .clk_i, .rst_ni(started_q), .probe_i, .we_i, .widx_i, .wdata_i, .cnt_o(cnt)
  );

  always_ff @(posedge clk_i) begin
    started_q  <= 1'b1;
    prev_q     <= started_q;
    wr_prev_q  <= we_i;
    prev_cnt_q <= cnt;
    if (started_q && we_i) written_q <= 1'b1;
  end

  assign level1_delta = (cnt[TdFetchBubbles] - prev_cnt_q[TdFetchBubbles]) +
                        (cnt[TdRecoveryBubbles] - prev_cnt_q[TdRecoveryBubbles]) +
                        (cnt[TdSlotsIssued] - prev_cnt_q[TdSlotsIssued]);
  assign level1_total = cnt[TdFetchBubbles] + cnt[TdRecoveryBubbles] + cnt[TdSlotsIssued];
  always_comb begin
    hist_delta = '0;
    hist_total = '0;
    for (int c = TdOpsExec0; c <= TdOpsExec4; c++) begin
      hist_delta += cnt[c] - prev_cnt_q[c];
      hist_total += cnt[c];
    end
  end

  always_comb begin
    if (prev_q && !wr_prev_q) begin
      assert (cnt[TdClocks] == CntW'(prev_cnt_q[TdClocks] + 1));  // ClocksStep
      assert (cnt[TdTotalSlots] ==  // TotalSlotsStep
                              CntW'(prev_cnt_q[TdTotalSlots] + CntW'(DispatchWidth)));
      assert (level1_delta <= CntW'(DispatchWidth));  // Level1Step
      assert (hist_delta == CntW'(1));  // HistogramStep
    end
    if (prev_q && !written_q) begin
      assert (cnt[TdTotalSlots] == CntW'(cnt[TdClocks] * DispatchWidth));  // TotalIsWClocks
      assert (level1_total <= cnt[TdTotalSlots]);  // Level1Fits
      assert (hist_total == cnt[TdClocks]);  // HistogramIsClocks
    end
  end

endmodule : fv_topdown

`default_nettype wire
