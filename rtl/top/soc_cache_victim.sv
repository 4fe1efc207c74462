// Victim of one set: the lowest invalid way, else the set's round-robin pointer rr_i.
// Shared by the L1D and L2 fills (the L2 also uses it for write-allocate).
`default_nettype none

module soc_cache_victim #(
  parameter int unsigned Ways = 2,
  localparam int unsigned WayBits = $clog2(Ways)
) (
  input  logic [Ways-1:0]    valid_i,
  input  logic [WayBits-1:0] rr_i,
  output logic [WayBits-1:0] way_o
);

  always_comb begin : pick
    way_o = rr_i;
    for (int w = Ways - 1; w >= 0; w--) if (!valid_i[w]) way_o = WayBits'(w);
  end

endmodule : soc_cache_victim
