// Zicntr/Zihpm/Sscofpmf counter CSRs on the probe bus: mcycle, minstret, mhpmcounter3..
// with mhpmevent selectors (event id, counter-mask threshold >= N, invert, edge, OF, MINH),
// mcountinhibit, mcounteren and the local counter-overflow interrupt (LCOFI, cause 13).
// RV32 access: low/high halves at the standard addresses (mhpmeventh holds OF and MINH).
// The counters are one pmu_counter_bank (Store 0: flip-flops; Store 1: RAM + pending registers
// with the bank's exact overflow of the mhpmcounters, docs/cost.md "Cheap counter storage").
`default_nettype none

module pmu_csr
  import pmu_pkg::*;
#(
  parameter int unsigned NumHpm        = 4,  // mhpmcounter3 .. 3+NumHpm-1
  parameter int unsigned DispatchWidth = 2,  // W of the slot events
  parameter int unsigned ExecFew       = 1,  // MemStallsStores: iss_n <= ExecFew
  parameter int unsigned Store         = 0   // counter storage: 0 flip-flops, 1 RAM + pending
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
  // (Store 1: a simulation view, tied to 0 in synthesis; reads go through csr_rdata_o)
  output logic [2+NumHpm-1:0][63:0] cnt_o,      // mcycle, minstret, mhpmcounter3..
  output logic [NumHpm-1:0][63:0]   event_o,    // mhpmevent3.. (64-bit view)
  output logic [31:0]               inhibit_o,
  output logic [31:0]               counteren_o
);

  localparam int unsigned IncW = EvIncW;  // FpOps reaches 2 * 4 units * 8 elements = 64
  localparam int unsigned NumCnt = 2 + NumHpm;  // 0 mcycle, 1 minstret, 2.. hpm
  localparam int unsigned CntIdxW = $clog2(NumCnt + 1);  // NumCnt: no counter

  // Addresses (Addr*) come from pmu_pkg (generated). A counter's high half (mcycleh,
  // minstreth, mhpmcounterNh) is its address | AddrHighHalf.

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
  // Each event's increment is pmu_pkg::event_inc (generated from EVENTS in
  // scripts/stackscope/spec/pmu.py, the same function topdown counts with).
  logic [IncW-1:0] ev_inc [256];  // by event id; undefined ids count nothing

  always_comb begin : events
    for (int e = 0; e < 256; e++) ev_inc[e] = '0;
    for (int unsigned e = 0; e < NumEvents; e++) begin
      ev_inc[e] = event_inc(pmu_event_e'(e), probe_i, NW'(DispatchWidth), NW'(ExecFew));
    end
  end

  // ---------------------------------------------------------------- registers
  hpmevent_t [NumHpm-1:0] event_d, event_q;
  logic      [NumHpm-1:0] cond_q, cond_now;
  logic      [31:0]       inhibit_q, counteren_q;
  logic                   lcofip_q;
  logic [NumCnt-1:0][IncW-1:0] inc;
  logic [NumCnt-1:0]      ovf;
  logic [CntIdxW-1:0]     cnt_idx;    // the counter the CSR address names (NumCnt: none)
  logic                   cnt_we;
  logic [63:0]            cnt_wdata, cnt_rdata;

  // Counter index of a counter CSR address (low or high half), or NumCnt if none.
  function automatic int unsigned cnt_index(logic [11:0] addr);
    logic [11:0] lo, off;
    lo  = addr & ~AddrHighHalf;
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

  // A write of one half keeps the other half of the counter's value (read port, same index).
  assign cnt_idx   = CntIdxW'(cnt_index(csr_addr_i));
  assign cnt_we    = csr_we_i && 32'(cnt_idx) < NumCnt;
  assign cnt_wdata = |(csr_addr_i & AddrHighHalf) ? {csr_wdata_i, cnt_rdata[31:0]}
                                                  : {cnt_rdata[63:32], csr_wdata_i};

  pmu_counter_bank #(
    .Num    (NumCnt),
    .Width  (64),
    .IncW   (IncW),
    .IdxW   (CntIdxW),
    .Store  (Store),
    .OvfMask(NumCnt'({NumHpm{1'b1}}) << 2)  // Sscofpmf: the mhpmcounters
  ) u_bank (
    .clk_i,
    .rst_ni,
    .inc_i  (inc),
    .we_i   (cnt_we),
    .widx_i (cnt_idx),
    .wdata_i(cnt_wdata),
    .ridx_i (cnt_idx),
    .rdata_o(cnt_rdata),
    .value_o(cnt_o),
    .ovf_o  (ovf)
  );

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
    csr_rdata_o = '0;
    if (32'(cnt_idx) < NumCnt) begin
      csr_rdata_o = |(csr_addr_i & AddrHighHalf) ? cnt_rdata[63:32] : cnt_rdata[31:0];
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
  assign event_o     = event_q;
  assign inhibit_o   = inhibit_q;
  assign counteren_o = counteren_q;

  logic unused_ovf;  // mcycle and minstret have no OF bit (not in OvfMask: always 0)
  assign unused_ovf = ^ovf[1:0];

`ifndef SYNTHESIS
  initial begin : param_check
    assert (NumHpm >= 1 && NumHpm <= MaxHpm) else $fatal(1, "pmu_csr: NumHpm must be 1..%0d", MaxHpm);
  end
`endif

endmodule : pmu_csr

`default_nettype wire
