// Head, tail and occupancy of an in-order ring (ROB, load queue, store queue): the owner
// allocates push_i entries at the tail, frees pop_i entries, and gives the next head itself
// (a ring frees from its head in order, but each owner knows best which entries went). On a
// flush the ring keeps keep_i entries after the new head (the store queue's committed stores;
// 0 for the others) and drops everything younger.
`default_nettype none

module be_ring_ptr #(
  parameter int unsigned Entries = 8,  // power of 2
  localparam int unsigned IdxW   = Entries > 1 ? $clog2(Entries) : 1
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          flush_i,
  input  logic [IdxW-1:0] head_d_i,  // head after this cycle's frees
  input  logic [IdxW:0]   push_i,
  input  logic [IdxW:0]   pop_i,
  input  logic [IdxW:0]   keep_i,    // entries kept on a flush
  output logic [IdxW-1:0] head_o,
  output logic [IdxW-1:0] tail_o,
  output logic [IdxW:0]   cnt_o
);

  logic [IdxW-1:0] head_q, tail_q;
  logic [IdxW:0]   cnt_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : ptrs
    if (!rst_ni) begin
      head_q <= '0;
      tail_q <= '0;
      cnt_q  <= '0;
    end else begin
      head_q <= head_d_i;
      if (flush_i) begin
        tail_q <= head_d_i + IdxW'(keep_i);
        cnt_q  <= keep_i;
      end else begin
        tail_q <= tail_q + IdxW'(push_i);
        cnt_q  <= cnt_q + push_i - pop_i;
      end
    end
  end

  assign head_o = head_q;
  assign tail_o = tail_q;
  assign cnt_o  = cnt_q;

`ifndef SYNTHESIS
  initial begin : params
    assert (2 ** IdxW == Entries) else $fatal(1, "be_ring_ptr: Entries must be a power of 2");
  end
`endif

endmodule : be_ring_ptr
