// Branch target buffer: direct mapped, full tag, one entry per instruction address. NumRd
// combinational lookups (one per fetch slot); written at commit by taken branches and jumps.
`default_nettype none

module fe_btb
  import core_pkg::*;
#(
  parameter int unsigned Entries = 64,
  parameter int unsigned NumRd   = 2
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [NumRd-1:0][31:0] rd_pc_i,
  output logic [NumRd-1:0]       rd_hit_o,
  output logic [NumRd-1:0][31:0] rd_target_o,
  output br_kind_e [NumRd-1:0]   rd_kind_o,
  input  logic                   wr_i,
  input  logic [31:0]            wr_pc_i,
  input  logic [31:0]            wr_target_i,
  input  br_kind_e               wr_kind_i
);

  localparam int unsigned IdxW = $clog2(Entries);
  localparam int unsigned TagW = 30 - IdxW;

  typedef struct packed {
    logic            valid;
    logic [TagW-1:0] tag;
    logic [31:2]     target;
    br_kind_e        kind;
  } entry_t;

  entry_t entries_q [Entries];


  always_comb begin : lookup
    for (int unsigned r = 0; r < NumRd; r++) begin
      entry_t e;
      e = entries_q[rd_pc_i[r][2 +: IdxW]];
      rd_hit_o[r]    = e.valid && e.tag == rd_pc_i[r][31 -: TagW];
      rd_target_o[r] = {e.target, 2'b00};
      rd_kind_o[r]   = e.kind;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : write
    if (!rst_ni) begin
      for (int unsigned i = 0; i < Entries; i++) entries_q[i] <= '0;
    end else if (wr_i) begin
      entries_q[wr_pc_i[2 +: IdxW]] <= '{valid: 1'b1, tag: wr_pc_i[31 -: TagW],
                                      target: wr_target_i[31:2], kind: wr_kind_i};
    end
  end

  logic unused_wr_target;
  assign unused_wr_target = ^{wr_target_i[1:0], wr_pc_i[1:0]};  // word aligned

`ifndef SYNTHESIS
  initial begin : params
    assert (Entries >= 2 && (Entries & (Entries - 1)) == 0) else $fatal(1, "Entries: power of 2");
  end
`endif

endmodule : fe_btb
