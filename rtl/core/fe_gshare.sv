// gshare direction predictor: 2-bit saturating counters indexed by pc xor global history.
// NumRd combinational lookups (each slot with its own history), trained at commit.
`default_nettype none

module fe_gshare #(
  parameter int unsigned HistBits = 10,
  parameter int unsigned Entries  = 1024,
  parameter int unsigned NumRd    = 2
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  input  logic [NumRd-1:0][31:0]       rd_pc_i,
  input  logic [NumRd-1:0][HistBits-1:0] rd_hist_i,
  output logic [NumRd-1:0]             rd_taken_o,
  input  logic                         upd_i,
  input  logic [31:0]                  upd_pc_i,
  input  logic [HistBits-1:0]          upd_hist_i,
  input  logic                         upd_taken_i
);

  localparam int unsigned IdxW = $clog2(Entries);

  logic [1:0] ctr_q [Entries];

  // Index = spread(pc) xor history (folded when longer than the index). The pc bits are
  // spread by xor-shifts so that neighbouring branches (pcs a few words apart) differ in
  // several, distant index bits: a loop's histories often differ in a single bit (a run
  // shifting along), and with a plain pc xor history such pairs alias (branch_predictable's
  // loop branches did, with opposite outcomes).
  function automatic logic [IdxW-1:0] idx_of(logic [IdxW-1:0] pc_bits, logic [HistBits-1:0] h);
    logic [IdxW-1:0] x;
    x = pc_bits ^ (pc_bits << 3) ^ (pc_bits << 7);
    for (int unsigned b = 0; b < HistBits; b++) x[b % IdxW] ^= h[b];
    return x;
  endfunction

  always_comb begin : lookup
    for (int unsigned r = 0; r < NumRd; r++) begin
      rd_taken_o[r] = ctr_q[idx_of(rd_pc_i[r][2 +: IdxW], rd_hist_i[r])][1];
    end
  end

  logic [IdxW-1:0] upd_idx;
  logic [1:0]      upd_ctr;
  assign upd_idx = idx_of(upd_pc_i[2 +: IdxW], upd_hist_i);
  assign upd_ctr = ctr_q[upd_idx];

  logic unused_upd_pc;
  assign unused_upd_pc = ^{upd_pc_i[31:IdxW+2], upd_pc_i[1:0]};

  always_ff @(posedge clk_i or negedge rst_ni) begin : train
    if (!rst_ni) begin
      for (int unsigned i = 0; i < Entries; i++) ctr_q[i] <= 2'b01;  // weakly not taken
    end else if (upd_i) begin
      if (upd_taken_i && upd_ctr != 2'b11) ctr_q[upd_idx] <= upd_ctr + 2'd1;
      else if (!upd_taken_i && upd_ctr != 2'b00) ctr_q[upd_idx] <= upd_ctr - 2'd1;
    end
  end

`ifndef SYNTHESIS
  initial begin : params
    assert (Entries >= 2 && (Entries & (Entries - 1)) == 0) else $fatal(1, "Entries: power of 2");
    assert (HistBits >= 1 && HistBits <= core_pkg::MaxGhistBits)
      else $fatal(1, "HistBits: 1..MaxGhistBits");
  end
`endif

endmodule : fe_gshare
