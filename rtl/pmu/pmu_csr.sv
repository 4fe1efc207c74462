// Zicntr/Zihpm/Sscofpmf counter CSRs on the probe bus: mcycle, minstret, mhpmcounter3..
// with mhpmevent selectors (event id, counter-mask threshold >= N, invert, edge, OF, MINH),
// mcountinhibit, mcounteren and the local counter-overflow interrupt (LCOFI, cause 13).
// RV32 access: low/high halves at the standard addresses (mhpmeventh holds OF and MINH).
`default_nettype none

module pmu_csr
  import pmu_pkg::*;
#(
  parameter int unsigned NumHpm        = 4,  // mhpmcounter3 .. 3+NumHpm-1
  parameter int unsigned DispatchWidth = 2,  // W of the slot events
  parameter int unsigned ExecFew       = 1   // MemStallsStores: iss_n <= ExecFew
) (
  input  wire logic        clk_i,
  input  wire logic        rst_ni,
  input  wire probe_t      probe_i,
  input  wire logic        csr_we_i,
  input  wire logic [11:0] csr_addr_i,
  input  wire logic [31:0] csr_wdata_i,
  output logic [31:0]      csr_rdata_o,
  output logic             lcofip_o,    // mip.LCOFIP: the core takes interrupt cause 13
  // Every register at once, for the harness's per-cycle cross-check (no read-port sweep).
  output logic [2+NumHpm-1:0][63:0] cnt_o,      // mcycle, minstret, mhpmcounter3..
  output logic [NumHpm-1:0][63:0]   event_o,    // mhpmevent3.. (64-bit view)
  output logic [31:0]               inhibit_o,
  output logic [31:0]               counteren_o
);

  localparam int unsigned IncW = 7;  // FpOps reaches 2 * 4 units * 8 elements = 64
  localparam int unsigned NumCnt = 2 + NumHpm;  // 0 mcycle, 1 minstret, 2.. hpm

  // A counter's high half (mcycleh, minstreth, mhpmcounterNh) is its address | 0x080.
  localparam logic [11:0] AddrMcountinhibit = 12'h320, AddrMcounteren = 12'h306,
                          AddrMip = 12'h344, AddrMcycle = 12'hB00, AddrMinstret = 12'hB02,
                          AddrMhpmcounter3 = 12'hB03, AddrMhpmevent3 = 12'h323,
                          AddrMhpmevent3h = 12'h723;

  // mhpmevent layout (64 bits): [7:0] event, [11:8] threshold N, [12] invert, [13] edge,
  // [62] MINH, [63] OF (Sscofpmf).
  typedef struct packed {
    logic       of;
    logic       minh;
    logic [47:0] unused_hi;  // WARL, reads 0
    logic       edge_det;
    logic       invert;
    logic [3:0] threshold;
    pmu_event_e event_id;
  } hpmevent_t;

  // ---------------------------------------------------------------- event increments
  logic [IncW-1:0] ev_inc [256];  // by event id; undefined ids count nothing
  logic [NW-1:0]   w_slots, bubbles;
  logic [IncW-1:0] fp_ops;

  assign w_slots = NW'(DispatchWidth);
  assign bubbles = w_slots - probe_i.disp_n;

  always_comb begin : fp_count
    fp_ops = '0;
    for (int unsigned j = 0; j < MaxFpUnits; j++) begin
      if (probe_i.fp_issue[j]) fp_ops = fp_ops + (IncW'(probe_i.fp_elems[j]) << probe_i.fp_fma[j]);
    end
  end

  always_comb begin : events
    for (int e = 0; e < 256; e++) ev_inc[e] = '0;
    ev_inc[EvCycles]            = IncW'(1);
    ev_inc[EvInstRetired]       = IncW'(probe_i.cmt_n);
    ev_inc[EvTotalSlots]        = IncW'(w_slots);
    ev_inc[EvSlotsIssued]       = IncW'(probe_i.disp_n);
    ev_inc[EvSlotsRetired]      = IncW'(probe_i.cmt_n);
    ev_inc[EvFetchBubbles]      = (!probe_i.be_stall && !probe_i.fe_bpred_recover) ?
                                  IncW'(bubbles) : '0;
    ev_inc[EvRecoveryBubbles]   = probe_i.fe_bpred_recover ? IncW'(bubbles) : '0;
    ev_inc[EvBrMispredRetired]  = IncW'(probe_i.cmt_br_mispred);
    ev_inc[EvMachineClears]     = IncW'(probe_i.machine_clear);
    ev_inc[EvMsSlotsRetired]    = IncW'(probe_i.cmt_ms_n);
    ev_inc[EvOpsExecuted]       = IncW'(probe_i.iss_n);
    ev_inc[EvMemStallsAnyLoad]  = IncW'(probe_i.iss_n == '0 && probe_i.ld_inflight);
    ev_inc[EvMemStallsL1Miss]   = IncW'(probe_i.iss_n == '0 && probe_i.ld_l1miss);
    ev_inc[EvMemStallsL2Miss]   = IncW'(probe_i.iss_n == '0 && probe_i.ld_l2miss);
    ev_inc[EvMemStallsStores]   = IncW'(probe_i.iss_n <= NW'(ExecFew) && probe_i.sb_full);
    ev_inc[EvExtMemOutstanding] = IncW'(probe_i.mem_outstanding);
    ev_inc[EvExceptions]        = IncW'(probe_i.exception);
    ev_inc[EvRobFull]           = IncW'(probe_i.rob_full);
    ev_inc[EvFpOps]             = fp_ops;
  end

  // ---------------------------------------------------------------- registers
  hpmevent_t [NumHpm-1:0] event_d, event_q;
  logic      [NumHpm-1:0] cond_q, cond_now;
  logic      [31:0]       inhibit_q, counteren_q;
  logic                   lcofip_q;
  logic [NumCnt-1:0][IncW-1:0] inc;
  logic [NumCnt-1:0]      cnt_we, ovf;
  logic [NumCnt-1:0][63:0] cnt_wdata, cnt_val;

  // Counter index of a counter CSR address (low or high half), or NumCnt if none.
  function automatic int unsigned cnt_index(logic [11:0] addr);
    logic [11:0] lo, off;
    lo  = addr & 12'hF7F;
    off = lo - AddrMhpmcounter3;
    if (lo == AddrMcycle) return 0;
    if (lo == AddrMinstret) return 1;
    if (lo >= AddrMhpmcounter3 && lo < AddrMhpmcounter3 + 12'(NumHpm)) return 2 + {20'b0, off};
    return NumCnt;
  endfunction

  always_comb begin : selection
    for (int unsigned i = 0; i < NumHpm; i++) begin
      logic [IncW-1:0] raw;
      logic            ge;
      raw = ev_inc[event_q[i].event_id];
      ge  = event_q[i].threshold == '0 ? raw != '0 : raw >= IncW'(event_q[i].threshold);
      cond_now[i] = ge ^ event_q[i].invert;
      if (event_q[i].edge_det) begin
        inc[2+i] = IncW'(cond_now[i] && !cond_q[i]);
      end else if (event_q[i].threshold != '0 || event_q[i].invert) begin
        inc[2+i] = IncW'(cond_now[i]);
      end else begin
        inc[2+i] = raw;
      end
      if (inhibit_q[3+i] || event_q[i].minh) inc[2+i] = '0;  // all cycles are M-mode
    end
    inc[0] = inhibit_q[0] ? '0 : IncW'(1);
    inc[1] = inhibit_q[2] ? '0 : IncW'(probe_i.cmt_n);
  end

  always_comb begin : counter_writes
    int unsigned idx;
    idx = cnt_index(csr_addr_i);
    for (int unsigned i = 0; i < NumCnt; i++) begin
      cnt_we[i]    = csr_we_i && idx == i;
      cnt_wdata[i] = csr_addr_i[7] ? {csr_wdata_i, cnt_val[i][31:0]}
                                   : {cnt_val[i][63:32], csr_wdata_i};
    end
  end

  for (genvar i = 0; i < NumCnt; i++) begin : gen_cnt
    pmu_counter #(
      .Width(64),
      .IncW (IncW)
    ) u_cnt (
      .clk_i,
      .rst_ni,
      .inc_i     (inc[i]),
      .we_i      (cnt_we[i]),
      .wdata_i   (cnt_wdata[i]),
      .value_o   (cnt_val[i]),
      .overflow_o(ovf[i])
    );
  end

  logic new_overflow;
  always_comb begin : event_regs
    event_d = event_q;
    new_overflow = 1'b0;
    for (int unsigned i = 0; i < NumHpm; i++) begin
      if (ovf[2+i]) begin
        if (!event_q[i].of) new_overflow = 1'b1;  // Sscofpmf: LCOFI only when OF was clear
        event_d[i].of = 1'b1;
      end
      if (csr_we_i && csr_addr_i == AddrMhpmevent3 + 12'(i)) begin
        event_d[i][31:0] = csr_wdata_i;
      end
      if (csr_we_i && csr_addr_i == AddrMhpmevent3h + 12'(i)) begin
        event_d[i][63:32] = csr_wdata_i;  // a write wins over this cycle's overflow
      end
      event_d[i].unused_hi = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      event_q     <= '0;
      cond_q      <= '0;
      inhibit_q   <= '0;
      counteren_q <= '0;
      lcofip_q    <= 1'b0;
    end else begin
      event_q <= event_d;
      cond_q  <= cond_now;
      if (csr_we_i && csr_addr_i == AddrMcountinhibit) inhibit_q <= csr_wdata_i & 32'hFFFF_FFFD;
      if (csr_we_i && csr_addr_i == AddrMcounteren) counteren_q <= csr_wdata_i;
      if (new_overflow) begin
        lcofip_q <= 1'b1;
      end else if (csr_we_i && csr_addr_i == AddrMip) begin
        lcofip_q <= csr_wdata_i[13];
      end
    end
  end

  always_comb begin : csr_read
    int unsigned idx;
    idx = cnt_index(csr_addr_i);
    csr_rdata_o = '0;
    if (idx < NumCnt) begin
      csr_rdata_o = csr_addr_i[7] ? cnt_val[idx][63:32] : cnt_val[idx][31:0];
    end
    for (int unsigned i = 0; i < NumHpm; i++) begin
      if (csr_addr_i == AddrMhpmevent3 + 12'(i)) csr_rdata_o = event_q[i][31:0];
      if (csr_addr_i == AddrMhpmevent3h + 12'(i)) csr_rdata_o = event_q[i][63:32];
    end
    if (csr_addr_i == AddrMcountinhibit) csr_rdata_o = inhibit_q;
    if (csr_addr_i == AddrMcounteren) csr_rdata_o = counteren_q;
    if (csr_addr_i == AddrMip) csr_rdata_o = {18'b0, lcofip_q, 13'b0};
  end

  assign lcofip_o    = lcofip_q;
  assign cnt_o       = cnt_val;
  assign event_o     = event_q;
  assign inhibit_o   = inhibit_q;
  assign counteren_o = counteren_q;

  logic unused_ovf;  // mcycle and minstret have no OF bit
  assign unused_ovf = ^ovf[1:0];

`ifndef SYNTHESIS
  initial begin : param_check
    assert (NumHpm >= 1 && NumHpm <= 29) else $fatal(1, "pmu_csr: NumHpm must be 1..29");
  end
`endif

endmodule : pmu_csr

`default_nettype wire
