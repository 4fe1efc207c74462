// BMC wrapper of pmu_csr (Zicntr/Zihpm/Sscofpmf) for the overflow corner cases: an overflow
// in the same cycle as a CSR write to that counter or to its mhpmevent/mhpmeventh loses
// neither the interrupt nor the write, and no interrupt (or OF) is raised before a counter
// wraps. CSR writes and the probe are free inputs, so the solver presets counters near 2^64.
// Internal state is read through hierarchical references (u_dut.event_q; with Store 1 the
// counter bank's RAM words, written-since-reset bits and pending registers, whose sum is the
// architectural value: the bank's simulation view is tied to 0 in synthesis).
`default_nettype none

module fv_pmu_csr
  import pmu_pkg::*;
#(
  parameter int unsigned NumHpm = 2,
  parameter int unsigned Store  = 0   // the counters' storage (pmu_counter_bank)
) (
  input wire logic        clk_i,
  input wire probe_t      probe_i,
  input wire logic        csr_we_i,
  input wire logic [11:0] csr_addr_i,
  input wire logic [31:0] csr_wdata_i
);

  localparam int unsigned NumCnt = 2 + NumHpm;

  logic started_q = 1'b0, prev_q = 1'b0;
  logic [31:0] rdata;
  logic        lcofip, plcofip_q, pwe_q;
  logic [11:0] paddr_q;
  logic [31:0] pwdata_q;
  logic [NumCnt-1:0][63:0] val, pval_q;
  logic [NumHpm-1:0] of, pof_q, wrap, ev_lo_wr, ev_hi_wr;
  logic [NumCnt-1:0] cnt_wr;
  logic              mip_set, any_new_wrap;

  logic [NumCnt-1:0][63:0] cnt_view;

  pmu_csr #(.NumHpm(NumHpm), .Store(Store)) u_dut (
    .clk_i, .rst_ni(started_q), .probe_i, .csr_we_i, .csr_addr_i, .csr_wdata_i,
    .csr_rdata_o(rdata), .lcofip_o(lcofip), .cnt_o(cnt_view)
  );

  if (Store == 0) begin : gen_val_ff
    assign val = cnt_view;
  end else begin : gen_val_ram
    always_comb begin
      for (int i = 0; i < NumCnt; i++) begin
        val[i] = (u_dut.u_bank.gen_ram.init_q[i] ? u_dut.u_bank.gen_ram.mem_q[i] : 64'd0)
                 + 64'(u_dut.u_bank.gen_ram.pend_q[i]);
      end
    end
  end

  always_comb begin
    for (int i = 0; i < NumHpm; i++) of[i] = u_dut.event_q[i][63];
  end

  always_ff @(posedge clk_i) begin
    started_q <= 1'b1;
    prev_q    <= started_q;
    pwe_q     <= csr_we_i;
    paddr_q   <= csr_addr_i;
    pwdata_q  <= csr_wdata_i;
    pval_q    <= val;
    pof_q     <= of;
    plcofip_q <= lcofip;
  end

  // What last cycle's CSR access wrote (mcycle, minstret, mhpmcounter3+i, high halves at
  // | AddrHighHalf; mhpmevent3+i, mhpmevent3h+i; mip: addresses from pmu_pkg).
  always_comb begin
    logic [11:0] lo;
    lo = paddr_q & ~AddrHighHalf;
    cnt_wr[0] = pwe_q && lo == AddrMcycle;
    cnt_wr[1] = pwe_q && lo == AddrMinstret;
    for (int i = 0; i < NumHpm; i++) begin
      cnt_wr[2+i] = pwe_q && lo == AddrMhpmcounter3 + 12'(i);
      ev_lo_wr[i] = pwe_q && paddr_q == AddrMhpmevent3 + 12'(i);
      ev_hi_wr[i] = pwe_q && paddr_q == AddrMhpmevent3h + 12'(i);
      wrap[i]     = !cnt_wr[2+i] && val[2+i] < pval_q[2+i];  // increments are < 2^7
    end
    mip_set = pwe_q && paddr_q == AddrMip && pwdata_q[13];
    any_new_wrap = |(wrap & ~pof_q);
  end

  always_comb begin
    if (prev_q) begin
      for (int i = 0; i < NumCnt; i++) begin
        if (cnt_wr[i]) begin
          assert (val[i] == (paddr_q[7] ? {pwdata_q, pval_q[i][31:0]}  // CounterWriteWins
                                                          : {pval_q[i][63:32], pwdata_q}));
        end else begin
          assert (64'(val[i] - pval_q[i]) < 64'd128);  // WrapIsModular
        end
      end
      for (int i = 0; i < NumHpm; i++) begin
        if (wrap[i] && !ev_hi_wr[i]) assert (of[i]);  // OverflowSetsOf
        if (wrap[i] && !pof_q[i]) assert (lcofip);  // OverflowRaisesLcofi
        if (ev_lo_wr[i]) assert (u_dut.event_q[i][13:0] == pwdata_q[13:0]);  // EventLowWriteKept
        if (ev_hi_wr[i]) assert (u_dut.event_q[i][63:62] == pwdata_q[31:30]);  // EventHighWriteKept
        if (of[i] && !pof_q[i]) assert (wrap[i] || (ev_hi_wr[i] && pwdata_q[31]));  // NoEarlyOf
      end
      if (lcofip && !plcofip_q) assert (any_new_wrap || mip_set);  // NoEarlyInterrupt
    end
  end

endmodule : fv_pmu_csr

`default_nettype wire
