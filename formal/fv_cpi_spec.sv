// BMC wrapper of cpi_spec (speculative per-block CPI counters, docs/dev/pmu.md). Inputs are free
// except for the probe contract: n-fields within the stage widths, cmt_br_n <= cmt_n, stalled
// slots <= W, blame a component (the assertions at the end of cpi_spec.sv). Properties, per
// stage s and component c, in the solver-local form of fv_cpi_stack (hierarchical references
// to the DUT's state and this cycle's values):
//  * BookingsConserved: while no block counter saturates, steps 1-2 add exactly the booked
//    slots (n_s to base, stalled_s to blame_s) to the live blocks, or none of them in a direct
//    cycle (one live block holding no branch, none dispatching: computed here from the state and
//    the probe); SlotsNeverGained: a saturating cycle only drops slots.
//  * StepsThreeFour: each global's increment is the cycle's bookings of its component in a
//    direct cycle (else 0) plus what docs/dev/pmu.md steps 3-4 give, computed here
//    from the blocks after steps 1-2 without the RTL's walk: the blocks proven are the longest
//    run of live blocks from the head, each holding a branch, whose branch counts sum to at
//    most cmt_br_n; they go to their own components. At a flush every other live block goes,
//    after a committed misprediction, to bpred (the sum of its 9 counters), else to its own
//    components.
//  * BlocksKept: a live block neither proven nor flushed stays live with its counters; any
//    other live entry after the cycle is empty.
//  * CountInRange: 1 <= count <= N and head < N. FlushLeavesOneEmpty: after a flush only
//    entry 0 is live (head 0, count 1), and it is empty.
// Summed over c, the first three give the RTL's simulation-only SpecSlotsConserved per cycle
// (globals' increments + change of the live blocks = n_s + stalled_s); with
// CounterFollowsShadow (fv_pmu_counter) that is globals + live blocks = slots booked since
// reset, adjusted by CSR writes, until a block counter saturates. Stated end to end (9 * N-term
// stage sums) the same property takes the solver far longer (docs/cost.md).
// With Drain = 1 (the drain queue, docs/dev/pmu.md) steps 3-4 decide the same blocks but a leaving
// block waits in its entry for the one drain port; the properties are then, against the same
// reference walk:
//  * QueueLeavesAsWalk: a block the walk proves (flushes) and the port does not take at once is
//    leaving after the cycle, to its own components (to bpred iff the flush follows a committed
//    misprediction); WaitingKept: a waiting entry the port does not take keeps its counters and
//    destination; LiveNeverLeaving: no live entry after the cycle is leaving.
//  * PortOneBlock: at most one entry on the port, and each global's increment is that entry's
//    counter (own components) or its row sum on bpred, else 0, plus the direct bookings.
//  * QueueConserved: per stage, the live and leaving entries after steps 1-2 plus the direct
//    bookings = the globals' increments + the live and leaving entries after the cycle
//    (nothing lost or doubled).
`default_nettype none

module fv_cpi_spec
  import pmu_pkg::*;
#(
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned IssueWidth    = 3,
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned SpecBlocks    = 2,
  parameter int unsigned RobEntries    = 4,
  parameter int unsigned SpecCntW      = 4,
  parameter int unsigned SpecNbrW      = 2,
  parameter int unsigned CntW          = 10,  // >= SpecCntW + $clog2(9 * SpecBlocks)
  parameter int unsigned Drain         = 0
) (
  input wire logic                 clk_i,
  input wire probe_t               probe_i,
  input wire logic [1:0][NW-1:0]   stalled_i,
  input wire cpi_comp_e [1:0]      blame_i,
  input wire logic                 we_i,
  input wire logic [4:0]           widx_i,
  input wire logic [CntW-1:0]      wdata_i
);

  localparam int unsigned W12   = DispatchWidth < IssueWidth ? DispatchWidth : IssueWidth;
  localparam int unsigned W     = W12 < CommitWidth ? W12 : CommitWidth;
  localparam int unsigned N     = SpecBlocks;
  localparam int unsigned EW    = N > 1 ? $clog2(N) : 1;
  localparam int unsigned CW    = $clog2(N + 1);
  localparam int unsigned SumW  = 16;  // no sum below wraps: 9 * (N + 1) * 2^SpecCntW < 2^16
  localparam int unsigned StD   = 0, StI = 1;

  typedef logic [1:0][NumCpiComps-1:0][SpecCntW-1:0] blk_cnt_t;

  // Narrow arithmetic (no 32-bit modulo for the solver): (e - head) mod N < count.
  function automatic logic [EW:0] ahead(int unsigned e, logic [EW-1:0] head);
    logic [EW+1:0] d;
    d = (EW+2)'(e) + (EW+2)'(N) - (EW+2)'(head);
    if (d >= (EW+2)'(N)) d -= (EW+2)'(N);
    return d[EW:0];
  endfunction

  function automatic logic live(int unsigned e, logic [EW-1:0] head, logic [CW-1:0] count);
    return SumW'(ahead(e, head)) < SumW'(count);
  endfunction

  logic started_q = 1'b0, flush_q = 1'b0;

  always_comb begin
    ProbeContract: assume (probe_i.disp_n <= NW'(DispatchWidth) &&
                           probe_i.iss_n <= NW'(IssueWidth) &&
                           probe_i.cmt_n <= NW'(CommitWidth) &&
                           probe_i.cmt_br_n <= probe_i.cmt_n);
    StalledContract: assume (stalled_i[StD] <= NW'(W) && stalled_i[StI] <= NW'(W) &&
                             blame_i[StD] <= CompOther && blame_i[StI] <= CompOther);
  end

  cpi_spec #(
    .W(W), .DispatchWidth(DispatchWidth), .IssueWidth(IssueWidth), .CommitWidth(CommitWidth),
    .SpecBlocks(SpecBlocks), .RobEntries(RobEntries), .SpecCntW(SpecCntW),
    .SpecNbrW(SpecNbrW), .CntW(CntW), .Drain(Drain)
  ) u_dut (
    .clk_i, .rst_ni(started_q), .probe_i, .stalled_i, .blame_i, .we_i, .widx_i, .wdata_i,
    .cnt_o()
  );

  always_ff @(posedge clk_i) begin
    started_q <= 1'b1;
    flush_q   <= started_q && probe_i.flush;
  end

  // Internal state and this cycle's values (cpi_spec.sv names).
  blk_cnt_t [N-1:0]               cnt_q, cnt_d, cnt_mid;
  logic     [N-1:0][SpecNbrW-1:0] nbr_q, nbr_mid;
  logic     [EW-1:0]              head_q, head_d;
  logic     [CW-1:0]              count_q, count_d, count_mid;
  logic     [N-1:0]               sat_now;
  localparam int unsigned GIncW = SpecCntW + $clog2(NumCpiComps * (Drain != 0 ? 1 : N));
  logic     [2*NumCpiComps:0][GIncW-1:0] ginc;
  assign cnt_q     = u_dut.cnt_q;
  assign cnt_d     = u_dut.cnt_d;
  assign cnt_mid   = u_dut.cnt_mid;
  assign nbr_q     = u_dut.nbr_q;
  assign nbr_mid   = u_dut.nbr_mid;
  assign head_q    = u_dut.head_q;
  assign head_d    = u_dut.head_d;
  assign count_q   = u_dut.count_q;
  assign count_d   = u_dut.count_d;
  assign count_mid = u_dut.count_mid;
  assign sat_now   = u_dut.sat_now;
  assign ginc      = u_dut.ginc;
  logic [N-1:0] leave_q, leave_d, lbp_q, lbp_d, port_sel;
  assign leave_q  = u_dut.leave_q;
  assign leave_d  = u_dut.leave_d;
  assign lbp_q    = u_dut.lbp_q;
  assign lbp_d    = u_dut.lbp_d;
  assign port_sel = u_dut.port_sel;

  // A direct cycle, independent of the RTL's nbr_inc: one live block, holding no block-ending
  // uop, and none among the uops dispatched now.
  logic direct;
  always_comb begin : direct_ref
    direct = count_q == CW'(1) && nbr_q[head_q] == '0;
    for (int unsigned j = 0; j < DispatchWidth; j++) begin
      if (NW'(j) < probe_i.disp_n && probe_i.disp_br_mask[j]) direct = 1'b0;
    end
  end

  // Steps 3-4 from the blocks after steps 1-2, independent of the RTL's commit walk.
  logic [N-1:0] proven, wrong;
  always_comb begin : ref_walk
    logic [SumW-1:0] cum;
    logic            run;
    cum    = '0;
    run    = 1'b1;
    proven = '0;
    for (int unsigned i = 0; i < N; i++) begin  // the i-th live block from the head
      for (int unsigned e = 0; e < N; e++) begin
        if (32'(ahead(e, head_q)) == i) begin
          cum += SumW'(nbr_mid[e]);
          run = run && i < 32'(count_mid) && nbr_mid[e] != '0 &&
                cum <= SumW'(probe_i.cmt_br_n);
          proven[e] = run;
        end
      end
    end
    for (int unsigned i = 0; i < N; i++) begin
      wrong[i] = probe_i.flush && live(i, head_q, count_mid) && !proven[i];
    end
  end

  // Per stage s and component c, over the live entries (proven, wrong and kept partition the
  // live entries after step 1):
  //   pre_c + booked_c = mid_c  (BookingsConserved)
  //   ginc_c = proven_c + (mispredict ? [c == bpred] * sum of wrong rows : wrong_c)
  //   after_c = kept_c  (BlocksKept)
  logic [N-1:0] live_q, live_mid, live_d, kept;
  always_comb begin : liveness
    for (int unsigned e = 0; e < N; e++) begin
      live_q[e]   = live(e, head_q, count_q);
      live_mid[e] = live(e, head_q, count_mid);
      live_d[e]   = live(e, head_d, count_d);
      kept[e]     = live_mid[e] && !proven[e] && !probe_i.flush;
    end
  end

  if (Drain == 0) begin : gen_all_at_once
  for (genvar s = 0; s < 2; s++) begin : gen_stage
    logic [SumW-1:0] n_s;
    logic [NumCpiComps-1:0][SumW-1:0] pre, mid, booked, ref_inc;
    logic [N-1:0][GIncW-1:0] row;
    assign n_s = SumW'(s == StD ? probe_i.disp_n : probe_i.iss_n);

    always_comb begin : sums
      // a wrong block's row as cpi_spec sums it (same order and width: one shared term)
      for (int unsigned e = 0; e < N; e++) begin
        row[e] = '0;
        for (int unsigned c = 0; c < NumCpiComps; c++) row[e] += GIncW'(cnt_mid[e][s][c]);
      end
      for (int unsigned c = 0; c < NumCpiComps; c++) begin
        booked[c] = (c == 32'(CompBase) ? n_s : '0) +
                    (c == 32'(blame_i[s]) ? SumW'(stalled_i[s]) : '0);
        pre[c]     = '0;
        mid[c]     = '0;
        ref_inc[c] = '0;
        for (int unsigned e = 0; e < N; e++) begin
          if (live_q[e]) pre[c] += SumW'(cnt_q[e][s][c]);
          if (live_mid[e]) mid[c] += SumW'(cnt_mid[e][s][c]);
          if (proven[e] || (wrong[e] && !probe_i.cmt_br_mispred)) begin
            ref_inc[c] += SumW'(cnt_mid[e][s][c]);
          end
          if (c == 32'(CompBpred) && wrong[e] && probe_i.cmt_br_mispred) begin
            ref_inc[c] += SumW'(row[e]);
          end
        end
      end
    end

    always_comb begin : props
      if (started_q) begin
        for (int unsigned c = 0; c < NumCpiComps; c++) begin
          if (sat_now == '0) begin  // BookingsConserved
            assert (pre[c] + (direct ? '0 : booked[c]) == mid[c]);
          end
          assert (pre[c] + booked[c] >= mid[c]);  // SlotsNeverGained
          assert (SumW'(ginc[s * NumCpiComps + c]) ==  // StepsThreeFour
                  ref_inc[c] + (direct ? booked[c] : '0));
        end
        for (int unsigned e = 0; e < N; e++) begin
          if (kept[e]) assert (live_d[e] && cnt_d[e][s] == cnt_mid[e][s]);  // BlocksKept
          else if (live_d[e]) assert (cnt_d[e][s] == '0);  // BlocksKept
        end
      end
    end
  end

  always_comb begin : state_props
    if (started_q) begin
      assert (count_q >= CW'(1) && 32'(count_q) <= N && 32'(head_q) < N);  // CountInRange
      if (flush_q) begin
        assert (head_q == '0 && count_q == CW'(1) && cnt_q[0] == '0 &&  // FlushLeavesOneEmpty
                nbr_q[0] == '0);
      end
    end
  end
  end else begin : gen_queue
  for (genvar s = 0; s < 2; s++) begin : gen_stage
    logic [SumW-1:0] n_s, pre, booked, mid, inc, after;
    logic [NumCpiComps-1:0][SumW-1:0] dir;  // direct bookings per component
    logic [N-1:0][GIncW-1:0] row;
    assign n_s = SumW'(s == StD ? probe_i.disp_n : probe_i.iss_n);

    always_comb begin : sums
      booked = n_s + SumW'(stalled_i[s]);
      for (int unsigned c = 0; c < NumCpiComps; c++) begin
        dir[c] = !direct ? '0 : (c == 32'(CompBase) ? n_s : '0) +
                                (c == 32'(blame_i[s]) ? SumW'(stalled_i[s]) : '0);
      end
      pre    = '0;
      mid    = '0;
      after  = '0;
      inc    = '0;
      for (int unsigned e = 0; e < N; e++) begin
        row[e] = '0;
        for (int unsigned c = 0; c < NumCpiComps; c++) begin
          row[e] += GIncW'(cnt_mid[e][s][c]);
          if (live_q[e] || leave_q[e]) pre += SumW'(cnt_q[e][s][c]);
          if (live_mid[e] || leave_q[e]) mid += SumW'(cnt_mid[e][s][c]);
          if (live_d[e] || leave_d[e]) after += SumW'(cnt_d[e][s][c]);
        end
      end
      for (int unsigned c = 0; c < NumCpiComps; c++) inc += SumW'(ginc[s * NumCpiComps + c]);
    end

    always_comb begin : props
      if (started_q) begin
        if (sat_now == '0) assert (pre + (direct ? '0 : booked) == mid);  // QueueBookingsConserved
        assert (mid + (direct ? booked : '0) == inc + after);  // QueueConserved
        for (int unsigned e = 0; e < N; e++) begin
          if (port_sel[e]) begin
            for (int unsigned c = 0; c < NumCpiComps; c++) begin  // PortOneBlock
              if (u_dut.gen_drain_queue.port_bp[e]) begin
                assert (SumW'(ginc[s * NumCpiComps + c]) ==
                        (c == 32'(CompBpred) ? SumW'(row[e]) : '0) + dir[c]);
              end else begin
                assert (SumW'(ginc[s * NumCpiComps + c]) == SumW'(cnt_mid[e][s][c]) + dir[c]);
              end
            end
          end
        end
        if (port_sel == '0) begin  // PortOneBlock
          for (int unsigned c = 0; c < NumCpiComps; c++) begin
            assert (SumW'(ginc[s * NumCpiComps + c]) == dir[c]);
          end
        end
      end
    end
  end

  always_comb begin : queue_props
    if (started_q) begin
      assert ($countones(port_sel) <= 1);  // PortOneBlock
      for (int unsigned e = 0; e < N; e++) begin
        if (live_d[e]) assert (!leave_d[e]);  // LiveNeverLeaving
        if (!port_sel[e] && leave_q[e]) begin  // WaitingKept
          assert (leave_d[e] && lbp_d[e] == lbp_q[e] && cnt_d[e] == cnt_q[e]);
        end
        if (!port_sel[e] && proven[e]) assert (leave_d[e] && !lbp_d[e]);  // QueueLeavesAsWalk
        if (!port_sel[e] && wrong[e]) begin  // QueueLeavesAsWalk
          assert (leave_d[e] && lbp_d[e] == probe_i.cmt_br_mispred);
        end
        // a block the port takes in the cycle it leaves goes where the walk sends it
        if (port_sel[e] && !leave_q[e]) begin
          assert (proven[e] || wrong[e]);
          assert (u_dut.gen_drain_queue.port_bp[e] == (wrong[e] && probe_i.cmt_br_mispred));
        end
      end
      assert (count_q >= CW'(1) && 32'(count_q) <= N && 32'(head_q) < N);  // CountInRange
    end
  end
  end

endmodule : fv_cpi_spec

`default_nettype wire
