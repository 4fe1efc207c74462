// fence.i flush walk of a write-back cache (L1D, L2): on req_i, wait until drained_i (no miss
// in flight), then visit every set in order; in a set, push_o hands one valid dirty line
// (the lowest such way, way_o of set_o) per cycle to the parent's write-back path while
// room_i, and the walk moves to the next set once the set is clean. After the last set it
// waits for empty_i (all write-backs accepted) and pulses done_o. The parent clears the
// pushed line's dirty bit and feeds valid_i/dirty_i of set_o back.
`default_nettype none

module soc_flush_walk #(
  parameter int unsigned Sets = 128,
  parameter int unsigned Ways = 2,
  localparam int unsigned IdxBits = $clog2(Sets),
  localparam int unsigned WayBits = $clog2(Ways)
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               req_i,      // pulse, only while idle_o
  input  logic               drained_i,  // nothing in flight: the walk may start
  input  logic               room_i,     // the write-back path takes a line this cycle
  input  logic               empty_i,    // every pushed line has been accepted downstream
  input  logic [Ways-1:0]    valid_i,    // of set set_o
  input  logic [Ways-1:0]    dirty_i,    // of set set_o
  output logic               idle_o,
  output logic               walk_o,     // walking: set_o is the set being visited
  output logic [IdxBits-1:0] set_o,
  output logic               push_o,     // write back line (set_o, way_o) this cycle
  output logic [WayBits-1:0] way_o,
  output logic               done_o      // pulse
);

  typedef enum logic [1:0] {FIdle, FDrain, FWalk, FWait} fstate_e;

  fstate_e            fstate_q, fstate_d;
  logic [IdxBits-1:0] fset_q, fset_d;
  logic               done_d;

  logic dirty, next;
  always_comb begin : pick
    dirty = 1'b0;
    way_o = '0;
    for (int w = Ways - 1; w >= 0; w--) begin
      if (valid_i[w] && dirty_i[w]) begin
        dirty = 1'b1;
        way_o = WayBits'(w);
      end
    end
  end
  assign push_o = fstate_q == FWalk && dirty && room_i;
  assign next   = fstate_q == FWalk && !dirty;

  always_comb begin : fsm
    fstate_d = fstate_q;
    fset_d   = fset_q;
    done_d   = 1'b0;
    unique case (fstate_q)
      FIdle:  if (req_i) fstate_d = FDrain;
      FDrain: begin
        fset_d = '0;
        if (drained_i) fstate_d = FWalk;
      end
      FWalk: begin
        if (next) begin
          fset_d = fset_q + 1'b1;
          if (fset_q == IdxBits'(Sets - 1)) fstate_d = FWait;
        end
      end
      FWait: begin
        if (empty_i) begin
          fstate_d = FIdle;
          done_d   = 1'b1;
        end
      end
      default: fstate_d = FIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      fstate_q <= FIdle;
      fset_q   <= '0;
      done_o   <= 1'b0;
    end else begin
      fstate_q <= fstate_d;
      fset_q   <= fset_d;
      done_o   <= done_d;
    end
  end

  assign idle_o = fstate_q == FIdle;
  assign walk_o = fstate_q == FWalk;
  assign set_o  = fset_q;

endmodule : soc_flush_walk
