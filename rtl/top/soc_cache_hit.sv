// Tag match of one set: hit when a valid way holds the tag (at most one does); way_o is that
// way (the highest matching one, 0 on a miss). Shared by the L1I, L1D and L2 lookups.
`default_nettype none

module soc_cache_hit #(
  parameter int unsigned Ways    = 2,
  parameter int unsigned TagBits = 20,
  localparam int unsigned WayBits = $clog2(Ways)
) (
  input  logic [Ways-1:0]    valid_i,
  input  logic [TagBits-1:0] tags_i [Ways],
  input  logic [TagBits-1:0] tag_i,
  output logic               hit_o,
  output logic [WayBits-1:0] way_o
);

  always_comb begin : lookup
    hit_o = 1'b0;
    way_o = '0;
    for (int unsigned w = 0; w < Ways; w++) begin
      if (valid_i[w] && tags_i[w] == tag_i) begin
        hit_o = 1'b1;
        way_o = WayBits'(w);
      end
    end
  end

endmodule : soc_cache_hit
