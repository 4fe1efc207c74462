// Top-Down event counters (Yasin, Table 1), classified at dispatch (Yasin's issue
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
  parameter int unsigned CntW           = 48,
  parameter int unsigned Store          = 0    // 0 flip-flops, 1 RAM + pending (pmu_counter_bank)
) (
  input  wire logic            clk_i,
  input  wire logic            rst_ni,
  input  wire probe_t          probe_i,
  input  wire logic            we_i,     // CSR write of one counter
  input  wire td_counter_e     widx_i,
  input  wire logic [CntW-1:0] wdata_i,
  input  wire td_counter_e     ridx_i,   // read port (CSR window)
  output logic [CntW-1:0]      rdata_o,
  output logic [NumTdCounters-1:0][CntW-1:0] cnt_o  // Store 1: simulation view
);

  localparam int unsigned IncW = TdIncW;

  // Every counter's increment comes from the generated package: td_increments applies each
  // counter's counter-mask form to its event's increment (event_inc, the same function
  // pmu_csr counts any event with); TD_COUNTERS in scripts/stackscope/spec/pmu.py. The golden
  // model's twin is written by hand (sim_model/pmu/topdown.cpp).
  logic [NumTdCounters-1:0][IncW-1:0] inc;
  assign inc = td_increments(probe_i, NW'(DispatchWidth), NW'(ExecFew), MemReqW'(MemBwThreshold));

  logic [NumTdCounters-1:0] unused_ovf;  // no overflow reported (OvfMask 0): the counters wrap

  pmu_counter_bank #(
    .Num  (NumTdCounters),
    .Width(CntW),
    .IncW (IncW),
    .IdxW ($bits(td_counter_e)),
    .Store(Store)
  ) u_bank (
    .clk_i,
    .rst_ni,
    .inc_i  (inc),
    .we_i,
    .widx_i,
    .wdata_i,
    .ridx_i (ridx_i),
    .rdata_o,
    .value_o(cnt_o),
    .ovf_o  (unused_ovf)
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
