// Top-Down event counters (Yasin, seed 001 Table 1), classified at dispatch (Yasin's issue
// point) with W = DispatchWidth slots per cycle. The metric tree (Table 2) is computed in
// software from these counts. RecoveryBubbles and FetchBubbles never count the same slot, so
// Level 1 (Frontend + Bad Speculation + Retiring + Backend) sums to TotalSlots exactly.
`default_nettype none

module topdown
  import pmu_pkg::*;
#(
  parameter int unsigned DispatchWidth  = 2,
  parameter int unsigned ExecFew        = 1,   // MemStalls.Stores: "few" = iss_n <= ExecFew
  parameter int unsigned MemBwThreshold = 4,   // ExtMemOutstanding[>= THRESHOLD]
  parameter int unsigned CntW           = 48
) (
  input  wire logic            clk_i,
  input  wire logic            rst_ni,
  input  wire probe_t          probe_i,
  input  wire logic            we_i,     // CSR write of one counter
  input  wire td_counter_e     widx_i,
  input  wire logic [CntW-1:0] wdata_i,
  output logic [NumTdCounters-1:0][CntW-1:0] cnt_o
);

  localparam int unsigned IncW = MemReqW > NW ? MemReqW : NW;
  localparam logic [NW-1:0] W = NW'(DispatchWidth);

  logic [NumTdCounters-1:0][IncW-1:0] inc;
  logic [NW-1:0] unused_slots;
  logic          fetch_bubble, recovery, no_exec;

  assign unused_slots = W - probe_i.disp_n;
  assign recovery     = probe_i.fe_bpred_recover;
  assign fetch_bubble = !probe_i.be_stall && !recovery;
  assign no_exec      = probe_i.iss_n == '0;

  always_comb begin : events
    inc = '0;
    inc[TdClocks]           = IncW'(1);
    inc[TdTotalSlots]       = IncW'(W);
    inc[TdSlotsIssued]      = IncW'(probe_i.disp_n);
    inc[TdSlotsRetired]     = IncW'(probe_i.cmt_n);
    inc[TdFetchBubbles]     = fetch_bubble ? IncW'(unused_slots) : '0;
    inc[TdFetchBubblesGeW]  = IncW'(fetch_bubble && probe_i.disp_n == '0);
    inc[TdRecoveryBubbles]  = recovery ? IncW'(unused_slots) : '0;
    inc[TdBrMispredRetired] = IncW'(probe_i.cmt_br_mispred);
    inc[TdMachineClears]    = IncW'(probe_i.machine_clear);
    inc[TdMsSlotsRetired]   = IncW'(probe_i.cmt_ms_n);
    inc[TdOpsExec0]         = IncW'(probe_i.iss_n == 3'd0);
    inc[TdOpsExec1]         = IncW'(probe_i.iss_n == 3'd1);
    inc[TdOpsExec2]         = IncW'(probe_i.iss_n == 3'd2);
    inc[TdOpsExec3]         = IncW'(probe_i.iss_n == 3'd3);
    inc[TdOpsExec4]         = IncW'(probe_i.iss_n >= 3'd4);
    inc[TdMemStallsAnyLoad] = IncW'(no_exec && probe_i.ld_inflight);
    inc[TdMemStallsL1Miss]  = IncW'(no_exec && probe_i.ld_l1miss);
    inc[TdMemStallsL2Miss]  = IncW'(no_exec && probe_i.ld_l2miss);
    inc[TdMemStallsStores]  = IncW'(probe_i.iss_n <= NW'(ExecFew) && probe_i.sb_full);
    inc[TdExtMemOutstanding] = IncW'(probe_i.mem_outstanding);
    inc[TdExtMemGe1]        = IncW'(probe_i.mem_outstanding != '0);
    inc[TdExtMemGeThr]      = IncW'(probe_i.mem_outstanding >= MemReqW'(MemBwThreshold));
  end

  pmu_counter_bank #(
    .Num  (NumTdCounters),
    .Width(CntW),
    .IncW (IncW),
    .IdxW ($bits(td_counter_e))
  ) u_bank (
    .clk_i,
    .rst_ni,
    .inc_i  (inc),
    .we_i,
    .widx_i,
    .wdata_i,
    .value_o(cnt_o)
  );

`ifndef SYNTHESIS
  // Level 1 exactness: per cycle the frontend, recovery and issued slots fit in W.
  logic [IncW:0] level1_used;
  assign level1_used = {1'b0, inc[TdFetchBubbles]} + {1'b0, inc[TdRecoveryBubbles]} +
                       {1'b0, inc[TdSlotsIssued]};
  Level1Fits: assert property (@(posedge clk_i) disable iff (!rst_ni)
                               level1_used <= (IncW + 1)'(DispatchWidth))
    else $error("topdown: %0d slots booked > W = %0d (disp_n %0d)", level1_used, DispatchWidth,
                probe_i.disp_n);

  initial begin : param_check
    assert (DispatchWidth >= 1 && DispatchWidth <= MaxWidth)
      else $fatal(1, "topdown: DispatchWidth must be 1..%0d", MaxWidth);
  end
`endif

endmodule : topdown

`default_nettype wire
