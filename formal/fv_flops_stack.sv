// BMC wrapper of flops_stack: every cycle out of reset the component increments sum to
// exactly 2*k*v (Table III); with CounterFollowsShadow (fv_pmu_counter) the stack sums to
// 2*k*v * cycles. Compositional for the reason given in fv_cpi_stack. Probe contract assumed: an issued op has at most v elements.
`default_nettype none

module fv_flops_stack
  import pmu_pkg::*;
#(
  parameter int unsigned NumUnits = 2,
  parameter int unsigned VecLen   = 1,
  parameter int unsigned CntW     = 16
) (
  input wire logic            clk_i,
  input wire probe_t          probe_i,
  input wire logic            we_i,
  input wire flops_comp_e     widx_i,
  input wire logic [CntW-1:0] wdata_i
);

  localparam int unsigned Full = 2 * NumUnits * VecLen;
  localparam int unsigned IncW = $clog2(Full + 1);

  logic started_q = 1'b0;
  logic [NumFlopsComps-1:0][CntW-1:0] cnt;
  logic [NumFlopsComps-1:0][IncW-1:0] inc;
  logic [IncW+3:0] inc_sum;

  always_comb begin
    for (int j = 0; j < NumUnits; j++) begin
      if (probe_i.fp_issue[j]) assume (probe_i.fp_elems[j] <= ElemW'(VecLen));  // ProbeContract
    end
  end

  flops_stack #(.NumUnits(NumUnits), .VecLen(VecLen), .CntW(CntW)) u_dut (
    .clk_i, .rst_ni(started_q), .probe_i, .we_i, .widx_i, .wdata_i, .cnt_o(cnt)
  );

  assign inc = u_dut.inc_all;

  always_comb begin
    inc_sum = '0;
    for (int c = 0; c < NumFlopsComps; c++) inc_sum += (IncW + 4)'(inc[c]);
  end

  always_ff @(posedge clk_i) started_q <= 1'b1;

  always_comb begin
    if (started_q) assert (inc_sum == (IncW + 4)'(Full));  // StackSum
  end

endmodule : fv_flops_stack

`default_nettype wire
