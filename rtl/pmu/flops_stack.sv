// FLOPS stack (Eyerman et al., Table III) at issue over K FMA units of V elements, in integer units
// of 1/(2*K*V) cycle: each issued op books a*m to base, (2-a)*m to non_fma and 2*(V-m) to
// mask; each idle unit books 2*V to the component explaining why no FP op issued on it.
`default_nettype none

module flops_stack
  import pmu_pkg::*;
#(
  parameter int unsigned NumUnits = 2,   // k
  parameter int unsigned VecLen   = 1,   // v (1 on the scalar core)
  parameter int unsigned CntW     = 48,
  parameter int unsigned Store    = 0    // 0 flip-flops, 1 RAM + pending (pmu_counter_bank)
) (
  input  wire logic            clk_i,
  input  wire logic            rst_ni,
  input  wire probe_t          probe_i,
  input  wire logic            we_i,     // CSR write of one component
  input  wire flops_comp_e     widx_i,
  input  wire logic [CntW-1:0] wdata_i,
  input  wire flops_comp_e     ridx_i,   // read port (CSR window)
  output logic [CntW-1:0]      rdata_o,
  output logic [NumFlopsComps-1:0][CntW-1:0] cnt_o  // Store 1: simulation view
);

  localparam int unsigned Full = 2 * NumUnits * VecLen;  // units per cycle
  localparam int unsigned IncW = $clog2(Full + 1);

  logic [NumFlopsComps-1:0][IncW-1:0] inc;
  logic [IncW-1:0] idle_units;

  always_comb begin : per_unit
    inc = '0;
    idle_units = IncW'(NumUnits);
    for (int unsigned j = 0; j < NumUnits; j++) begin
      if (probe_i.fp_issue[j]) begin
        idle_units = idle_units - IncW'(1);
        // a = 2 for FMA, 1 otherwise: a*m = m << fma
        inc[FlBase] = inc[FlBase] + (IncW'(probe_i.fp_elems[j]) << probe_i.fp_fma[j]);
        if (!probe_i.fp_fma[j]) begin
          inc[FlNonFma] = inc[FlNonFma] + IncW'(probe_i.fp_elems[j]);
        end
        inc[FlMask] = inc[FlMask] + ((IncW'(VecLen) - IncW'(probe_i.fp_elems[j])) << 1);
      end
    end
  end

  flops_comp_e idle_cause;
  always_comb begin : idle_blame
    if (!probe_i.fp_wait_rs) begin
      idle_cause = FlFrontend;
    end else if (probe_i.fp_unit_nonfp) begin
      idle_cause = FlNonVfp;
    end else if (probe_i.fp_prod_load) begin
      idle_cause = FlMem;
    end else begin
      idle_cause = FlDepend;
    end
  end

  logic [NumFlopsComps-1:0][IncW-1:0] inc_all;
  always_comb begin : add_idle
    inc_all = inc;
    inc_all[idle_cause] = IncW'(idle_units * IncW'(2 * VecLen));
  end

  logic [NumFlopsComps-1:0] unused_ovf;  // no overflow reported (OvfMask 0): the counters wrap

  pmu_counter_bank #(
    .Num        (NumFlopsComps),
    .Width      (CntW),
    .IncW       (IncW),
    .IdxW       ($bits(flops_comp_e)),
    .SumPerCycle(Full),
    .Store      (Store)
  ) u_bank (
    .clk_i,
    .rst_ni,
    .inc_i  (inc_all),
    .we_i,
    .widx_i,
    .wdata_i,
    .ridx_i (ridx_i),
    .rdata_o,
    .value_o(cnt_o),
    .ovf_o  (unused_ovf)
  );

`ifndef SYNTHESIS

  logic elems_ok;
  always_comb begin : elems_check
    elems_ok = 1'b1;
    for (int unsigned j = 0; j < NumUnits; j++) begin
      if (probe_i.fp_issue[j] && probe_i.fp_elems[j] > ElemW'(VecLen)) elems_ok = 1'b0;
    end
  end
  ElemsWithinV: assert property (@(posedge clk_i) disable iff (!rst_ni) elems_ok)
    else $error("flops_stack: an issued op has more than v = %0d unmasked elements", VecLen);

  initial begin : param_check
    assert (NumUnits >= 1 && NumUnits <= MaxFpUnits && VecLen >= 1 && VecLen <= MaxVecLen)
      else $fatal(1, "flops_stack: need 1 <= k <= %0d, 1 <= v <= %0d", MaxFpUnits, MaxVecLen);
  end
`endif

endmodule : flops_stack

`default_nettype wire
