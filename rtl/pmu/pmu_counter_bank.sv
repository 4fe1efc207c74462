// A bank of Num stack-component / event counters with one CSR write port and one read port.
// When SumPerCycle is non-zero the components form a stack that gains exactly SumPerCycle
// units every cycle (Eyerman et al., Table II: W slots; Table III: 2*k*v units), which is asserted
// through writes.
//
// Storage (docs/cost.md, "Cheap counter storage"):
//  * Store = 0: every counter is a Width-bit flip-flop register with its own adder.
//  * Store = 1: the counters live in a RAM (Num x Width, one write port, asynchronous reads:
//    distributed RAM on an FPGA, a register-file macro in ASIC terms). Each counter has a
//    narrow pending-increment register (PendW = pmu_pkg::drain_pend_w(Num, IncW) bits) that
//    takes its increments every cycle; one shared Width-bit adder drains one counter per cycle,
//    round-robin, RAM[c] += pending[c]. The architectural value of counter c is
//    RAM[c] + pending[c] (a word not yet written since reset reads 0), exact in every cycle:
//    rdata_o and the simulation view value_o return it. A write of counter w takes the RAM port
//    in its cycle (RAM[w] = wdata, pending[w] = 0: the write wins over the cycle's increment);
//    if w is not the counter due, the drain stalls one cycle. Writes never come in consecutive
//    cycles (asserted), so every counter is drained within DrainRounds * Num cycles and its
//    pending register cannot overflow (asserted; proven by the drain BMC, scripts/formal.py).
//
// Overflow (OvfMask, the Sscofpmf counters of pmu_csr): ovf_o[c] is set in the cycle whose
// increment carries counter c's architectural value past 2^Width - 1, never in a cycle that
// writes c (the write wins), in both storages. Store = 0 takes the counter's carry. Store = 1
// cannot see the whole sum every cycle, so each masked counter keeps its gap to the wrap,
// 2^Width - RAM word, when that is below 2^PendW (else 2^PendW, "far"): GapW = PendW + 1 bits,
// recomputed from the word the RAM takes at each drain or write (an AND over the word's top
// bits and a PendW-bit subtraction). Between two RAM writes the pending register only grows
// and stays below 2^PendW, so the value wraps exactly when pending + increment first reaches
// the gap: ovf = pend < gap && pend + inc >= gap.
`default_nettype none

module pmu_counter_bank
  import pmu_pkg::*;
#(
  parameter int unsigned Num         = 8,
  parameter int unsigned Width       = 48,
  parameter int unsigned IncW        = 3,
  parameter int unsigned IdxW        = 4,
  parameter int unsigned SumPerCycle = 0,  // 0: independent event counters, no stack sum
  parameter int unsigned Store       = 0,  // 0: flip-flops, 1: RAM + pending registers
  parameter logic [Num-1:0] OvfMask  = '0  // counters whose overflow ovf_o reports
) (
  input  wire logic                       clk_i,
  input  wire logic                       rst_ni,
  input  wire logic [Num-1:0][IncW-1:0]   inc_i,
  input  wire logic                       we_i,     // CSR write of counter widx_i
  input  wire logic [IdxW-1:0]            widx_i,
  input  wire logic [Width-1:0]           wdata_i,
  input  wire logic [IdxW-1:0]            ridx_i,   // read port (CSR window): counter ridx_i
  output logic      [Width-1:0]           rdata_o,  // its architectural value
  // Every counter's architectural value. With Store = 1 this is a simulation view (the
  // harness's per-cycle cross-check); synthesis ties it to 0, reads go through rdata_o.
  output logic      [Num-1:0][Width-1:0]  value_o,
  output logic      [Num-1:0]             ovf_o     // this cycle's increment wrapped (OvfMask)
);

  if (Store == 0) begin : gen_ff
    logic [Num-1:0] overflow;

    for (genvar c = 0; c < Num; c++) begin : gen_cnt
      pmu_counter #(
        .Width(Width),
        .IncW (IncW)
      ) u_cnt (
        .clk_i,
        .rst_ni,
        .inc_i     (inc_i[c]),
        .we_i      (we_i && widx_i == IdxW'(c)),
        .wdata_i,
        .value_o   (value_o[c]),
        .overflow_o(overflow[c])
      );
    end
    assign rdata_o = ridx_i < IdxW'(Num) ? value_o[ridx_i] : '0;
    assign ovf_o   = overflow & OvfMask;  // the others wrap silently

  end else begin : gen_ram
    localparam int unsigned PendW = drain_pend_w(Num, IncW);
    localparam int unsigned RrW   = Num > 1 ? $clog2(Num) : 1;

    logic [Width-1:0]          mem_q [Num];  // the counter RAM: no reset, one write port
    logic [Num-1:0]            init_q;       // word written since reset (else it reads 0)
    logic [Num-1:0][PendW-1:0] pend_d, pend_q;
    logic [RrW-1:0]            rr_d, rr_q;   // the counter drained this cycle
    logic                      mem_we;
    logic [RrW-1:0]            mem_waddr;
    logic [Width-1:0]          mem_wdata, drain_word;
    logic [Num-1:0]            init_d;

    // RAM read ports (asynchronous): the drain's and the CSR window's.
    assign drain_word = init_q[rr_q] ? mem_q[rr_q] : '0;

    always_comb begin : drain
      rr_d      = rr_q == RrW'(Num - 1) ? '0 : rr_q + 1'b1;
      mem_we    = 1'b1;
      mem_waddr = rr_q;
      mem_wdata = drain_word + Width'(pend_q[rr_q]);
      init_d    = init_q;
      init_d[rr_q] = 1'b1;
      for (int unsigned c = 0; c < Num; c++) pend_d[c] = pend_q[c] + PendW'(inc_i[c]);
      pend_d[rr_q] = PendW'(inc_i[rr_q]);  // drained: only this cycle's increment stays
      if (we_i && widx_i < IdxW'(Num)) begin
        mem_waddr = RrW'(widx_i);
        mem_wdata = wdata_i;
        init_d[RrW'(widx_i)] = 1'b1;
        pend_d[RrW'(widx_i)] = '0;  // the write wins over this cycle's increment
        if (RrW'(widx_i) != rr_q) begin  // the drain stalls: the counter due keeps its pending
          rr_d = rr_q;
          pend_d[rr_q] = pend_q[rr_q] + PendW'(inc_i[rr_q]);
          init_d[rr_q] = init_q[rr_q];  // its word was not written
        end
      end
    end

    always_ff @(posedge clk_i) begin : ram_write
      if (mem_we) mem_q[mem_waddr] <= mem_wdata;
    end

    // Overflow of the masked counters: the gap to the wrap, from the word the RAM takes.
    localparam int unsigned GapW = PendW + 1;
    localparam logic [GapW-1:0] GapFar = GapW'(1) << PendW;
    logic [GapW-1:0] new_gap;

    if (OvfMask != '0) begin : gen_new_gap  // (Width > PendW, checked below)
      assign new_gap = &mem_wdata[Width-1:PendW] ? GapFar - GapW'(mem_wdata[PendW-1:0]) : GapFar;
    end else begin : gen_no_new_gap
      assign new_gap = GapFar;
      logic unused_new_gap;
      assign unused_new_gap = ^new_gap;
    end

    for (genvar c = 0; c < Num; c++) begin : gen_ovf
      if (OvfMask[c]) begin : gen_gap
        logic [GapW-1:0] gap_q;
        logic [GapW:0]   reach;
        assign reach    = (GapW+1)'(pend_q[c]) + (GapW+1)'(inc_i[c]);
        assign ovf_o[c] = !(we_i && widx_i == IdxW'(c)) && (GapW+1)'(pend_q[c]) < {1'b0, gap_q}
                          && reach >= {1'b0, gap_q};
        always_ff @(posedge clk_i or negedge rst_ni) begin : gap_reg
          if (!rst_ni) begin
            gap_q <= GapFar;  // the word reads 0 until written
          end else if (mem_we && mem_waddr == RrW'(c)) begin
            gap_q <= new_gap;
          end
        end
      end else begin : gen_no_gap
        assign ovf_o[c] = 1'b0;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin : drain_regs
      if (!rst_ni) begin
        pend_q <= '0;
        rr_q   <= '0;
        init_q <= '0;
      end else begin
        pend_q <= pend_d;
        rr_q   <= rr_d;
        init_q <= init_d;
      end
    end

    function automatic logic [Width-1:0] arch(int unsigned c);
      return (init_q[c] ? mem_q[c] : '0) + Width'(pend_q[c]);
    endfunction

    assign rdata_o = ridx_i < IdxW'(Num) ? arch(int'(ridx_i)) : '0;

`ifdef SYNTHESIS
    assign value_o = '0;  // no N-port RAM in silicon: reads go through rdata_o
`else
    always_comb begin : sim_view
      for (int unsigned c = 0; c < Num; c++) value_o[c] = arch(c);
    end

    // Drain invariants, every simulated cycle: a write never follows a write (the bound's
    // premise), and no pending register wraps (the increment always fits).
    logic we_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin : we_reg
      if (!rst_ni) we_q <= 1'b0;
      else         we_q <= we_i;
    end
    NoBackToBackWrites: assert property (@(posedge clk_i) disable iff (!rst_ni) !(we_i && we_q))
      else $error("pmu_counter_bank: writes in consecutive cycles stall the drain past its bound");
    // One assertion for the bank (not one a counter: each costs the simulator a call a cycle).
    logic [Num-1:0] pend_wraps;   // the counter's pending register would carry out
    int unsigned    pend_wrap_c;  // the first such counter, for the message
    always_comb begin : pend_check
      logic [PendW:0] next_sum;
      pend_wrap_c = 0;
      for (int c = int'(Num) - 1; c >= 0; c--) begin  // down: the lowest index is reported
        next_sum = {1'b0, pend_q[c]} + (PendW+1)'(inc_i[c]);
        pend_wraps[c] = next_sum[PendW];
        if (next_sum[PendW]) pend_wrap_c = unsigned'(c);
      end
    end
    PendingFits: assert property (@(posedge clk_i) disable iff (!rst_ni) pend_wraps == '0)
      else $error("pmu_counter_bank: pending register %0d overflows (PendW %0d)", pend_wrap_c,
                  PendW);
`endif
  end

`ifndef SYNTHESIS
  if (SumPerCycle != 0) begin : gen_sum_check
    // The components sum to SumPerCycle * cycles (mod 2^Width), tracked through writes.
    logic [Width-1:0] sum_now, expect_q;
    always_comb begin : sum_comps
      sum_now = '0;
      for (int c = 0; c < Num; c++) sum_now += value_o[c];
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin : expect_reg
      if (!rst_ni) begin
        expect_q <= '0;
      end else if (we_i) begin
        expect_q <= expect_q + Width'(SumPerCycle) - Width'(inc_i[widx_i]) + wdata_i
                  - value_o[widx_i];
      end else begin
        expect_q <= expect_q + Width'(SumPerCycle);
      end
    end
    StackSum: assert property (@(posedge clk_i) disable iff (!rst_ni) sum_now == expect_q)
      else $error("pmu_counter_bank: components sum %0d != %0d per cycle * cycles (%0d)",
                  sum_now, SumPerCycle, expect_q);
  end
  initial begin : param_check
    assert (Store <= 1) else $fatal(1, "pmu_counter_bank: Store must be 0 or 1");
    // the gap covers every reachable pending amount only below the counter's width
    assert (Store == 0 || OvfMask == '0 || drain_pend_w(Num, IncW) < Width)
      else $fatal(1, "pmu_counter_bank: overflow with RAM storage needs Width > PendW");
  end
`endif

endmodule : pmu_counter_bank

`default_nettype wire
