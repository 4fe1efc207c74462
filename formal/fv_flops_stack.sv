// BMC wrapper of flops_stack: in every cycle without a CSR write the components grow by
// exactly 2*k*v (Table III). Probe contract assumed: an issued op has at most v elements.
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

  logic started_q = 1'b0, prev_q = 1'b0, wr_prev_q;
  logic [NumFlopsComps-1:0][CntW-1:0] cnt;
  logic [CntW-1:0] sum_now, sum_prev_q;

  always_comb begin
    for (int j = 0; j < NumUnits; j++) begin
      if (probe_i.fp_issue[j]) assume (probe_i.fp_elems[j] <= ElemW'(VecLen));  // ProbeContract
    end
  end

  flops_stack #(.NumUnits(NumUnits), .VecLen(VecLen), .CntW(CntW)) u_dut (
    .clk_i, .rst_ni(started_q), .probe_i, .we_i, .widx_i, .wdata_i, .cnt_o(cnt)
  );

  always_comb begin
    sum_now = '0;
    for (int c = 0; c < NumFlopsComps; c++) sum_now += cnt[c];
  end

  always_ff @(posedge clk_i) begin
    started_q  <= 1'b1;
    prev_q     <= started_q;
    wr_prev_q  <= we_i;
    sum_prev_q <= sum_now;
  end

  always_comb begin
    if (prev_q && !wr_prev_q) begin
      assert (sum_now == CntW'(sum_prev_q + CntW'(2 * NumUnits * VecLen)));  // StackSum
    end
  end

endmodule : fv_flops_stack

`default_nettype wire
