// Blocking L1 cache (used as L1I and L1D): set-associative, write-back, write-allocate,
// round-robin replacement, one miss at a time. Hits answer one cycle after the request;
// a miss writes back a dirty victim, then fills the line through the line port. A fill that
// returns an error (address outside RAM) is answered as an access fault and not allocated.
// flush_i (fence.i) writes back every dirty line, invalidates every line, then answers.
`default_nettype none

module soc_l1cache #(
  parameter int unsigned Sets      = 64,
  parameter int unsigned Ways      = 2,
  parameter int unsigned LineBytes = 32
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // Core side (core_top bus protocol: request pulse, later rvalid pulse).
  input  logic                     req_i,
  input  logic [31:0]              addr_i,
  input  logic                     we_i,
  input  logic [2:0]               size_i,
  input  logic [31:0]              wdata_i,
  input  logic                     flush_i,      // with req_i low; answered by rvalid_o
  output logic                     rvalid_o,
  output logic                     err_o,
  output logic [31:0]              rdata_o,
  // Line port (same protocol, whole lines).
  output logic                     line_req_o,
  output logic [31:0]              line_addr_o,
  output logic                     line_we_o,
  output logic [LineBytes*8-1:0]   line_wdata_o,
  input  logic                     line_rvalid_i,
  input  logic                     line_err_i,
  input  logic [LineBytes*8-1:0]   line_rdata_i,
  output logic                     miss_o        // a miss is being served (stall reason)
);

  localparam int unsigned Words   = LineBytes / 4;
  localparam int unsigned OffBits = $clog2(LineBytes);
  localparam int unsigned IdxBits = $clog2(Sets);
  localparam int unsigned TagBits = 32 - OffBits - IdxBits;
  localparam int unsigned WayBits = $clog2(Ways);
  localparam int unsigned WBits   = $clog2(Words);

  typedef logic [TagBits-1:0] tag_t;
  typedef logic [IdxBits-1:0] idx_t;
  typedef logic [WayBits-1:0] way_t;

  typedef enum logic [2:0] {
    StIdle, StWbReq, StWbWait, StFillReq, StFillWait, StFlush
  } state_e;

  logic [Words-1:0][31:0] data_q [Sets][Ways];
  tag_t                   tag_q  [Sets][Ways];
  logic [Ways-1:0]        valid_q [Sets];
  logic [Ways-1:0]        dirty_q [Sets];
  way_t                   victim_q [Sets];

  state_e      state_q, state_d;
  logic [31:0] addr_q, wdata_q;
  logic        we_q;
  logic [2:0]  size_q;
  way_t        way_q, way_d;
  logic        flushing_q, flushing_d;  // a write-back belongs to a flush walk
  idx_t        fset_q, fset_d;
  way_t        fway_q, fway_d;
  logic        flush_done, flush_step;

  // The request being worked on: the new one in Idle, the held one during a miss.
  logic [31:0] a;
  logic        a_we;
  logic [2:0]  a_size;
  logic [31:0] a_wdata;
  assign a       = state_q == StIdle ? addr_i : addr_q;
  assign a_we    = state_q == StIdle ? we_i : we_q;
  assign a_size  = state_q == StIdle ? size_i : size_q;
  assign a_wdata = state_q == StIdle ? wdata_i : wdata_q;

  idx_t          idx;
  tag_t          tag;
  logic [WBits-1:0] word;
  assign idx  = flushing_q ? fset_q : a[OffBits +: IdxBits];
  assign tag  = a[31 -: TagBits];
  assign word = a[2 +: WBits];

  logic hit;
  way_t hit_way;
  always_comb begin : lookup
    hit     = 1'b0;
    hit_way = '0;
    for (int unsigned w = 0; w < Ways; w++) begin
      if (valid_q[idx][w] && tag_q[idx][w] == tag) begin
        hit     = 1'b1;
        hit_way = way_t'(w);
      end
    end
  end

  logic [3:0] be;
  assign be = a_size == 3'd4 ? 4'hf : a_size == 3'd2 ? (4'h3 << a[1:0]) : (4'h1 << a[1:0]);

  function automatic logic [31:0] merge(logic [31:0] old, logic [31:0] wd, logic [3:0] en);
    for (int unsigned b = 0; b < 4; b++) if (en[b]) old[8*b +: 8] = wd[8*b +: 8];
    return old;
  endfunction

  // ---------------------------------------------------------------- control
  logic hit_access, fill_done, victim_dirty;
  logic [Words-1:0][31:0] fill_line;
  assign fill_line    = line_rdata_i;
  assign victim_dirty = valid_q[idx][victim_q[idx]] && dirty_q[idx][victim_q[idx]];
  // Flush walk: one set/way per cycle; a dirty line is written back first.
  assign flush_step   = state_q == StFlush && !(valid_q[fset_q][fway_q] && dirty_q[fset_q][fway_q]);
  assign flush_done   = flush_step && fset_q == idx_t'(Sets - 1) && fway_q == way_t'(Ways - 1);
  assign hit_access   = state_q == StIdle && req_i && hit;
  assign fill_done    = state_q == StFillWait && line_rvalid_i && !line_err_i;

  always_comb begin : fsm
    state_d      = state_q;
    way_d        = way_q;
    flushing_d   = flushing_q;
    fset_d       = fset_q;
    fway_d       = fway_q;
    line_req_o   = 1'b0;
    line_we_o    = 1'b0;
    line_addr_o  = {a[31:OffBits], {OffBits{1'b0}}};
    line_wdata_o = data_q[idx][way_q];
    unique case (state_q)
      StIdle: begin
        if (flush_i) begin
          flushing_d = 1'b1;
          fset_d     = '0;
          fway_d     = '0;
          state_d    = StFlush;
        end else if (req_i && !hit) begin
          way_d   = victim_q[idx];
          state_d = victim_dirty ? StWbReq : StFillReq;
        end
      end
      StWbReq: begin
        line_req_o  = 1'b1;
        line_we_o   = 1'b1;
        line_addr_o = {tag_q[idx][way_q], idx, {OffBits{1'b0}}};
        state_d     = StWbWait;
      end
      StWbWait: if (line_rvalid_i) state_d = flushing_q ? StFlush : StFillReq;
      StFlush: begin
        if (!flush_step) begin
          way_d   = fway_q;
          state_d = StWbReq;
        end else begin
          {fset_d, fway_d} = {fset_q, fway_q} + 1'b1;
          if (flush_done) begin
            flushing_d = 1'b0;
            state_d    = StIdle;
          end
        end
      end
      StFillReq: begin
        line_req_o = 1'b1;
        state_d    = StFillWait;
      end
      StFillWait: if (line_rvalid_i) state_d = StIdle;
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : ctrl_regs
    if (!rst_ni) begin
      state_q  <= StIdle;
      way_q    <= '0;
      flushing_q <= 1'b0;
      fset_q   <= '0;
      fway_q   <= '0;
      addr_q   <= '0;
      wdata_q  <= '0;
      we_q     <= 1'b0;
      size_q   <= 3'd4;
      rvalid_o <= 1'b0;
      err_o    <= 1'b0;
      rdata_o  <= '0;
    end else begin
      state_q  <= state_d;
      way_q    <= way_d;
      flushing_q <= flushing_d;
      fset_q   <= fset_d;
      fway_q   <= fway_d;
      rvalid_o <= hit_access || (state_q == StFillWait && line_rvalid_i) || flush_done;
      err_o    <= state_q == StFillWait && line_err_i;
      if (state_q == StIdle && req_i) begin
        addr_q  <= addr_i;
        wdata_q <= wdata_i;
        we_q    <= we_i;
        size_q  <= size_i;
      end
      if (hit_access) rdata_o <= data_q[idx][hit_way][word];
      else if (fill_done) rdata_o <= fill_line[word];
    end
  end

  // Arrays: written in place (memory-like), only on a hit store or a fill.
  always_ff @(posedge clk_i or negedge rst_ni) begin : arrays
    if (!rst_ni) begin
      for (int unsigned s = 0; s < Sets; s++) begin
        valid_q[s]  <= '0;
        dirty_q[s]  <= '0;
        victim_q[s] <= '0;
      end
    end else if (state_q == StWbWait && line_rvalid_i && flushing_q) begin
      dirty_q[fset_q][fway_q] <= 1'b0;
    end else if (flush_step) begin
      valid_q[fset_q][fway_q] <= 1'b0;
      dirty_q[fset_q][fway_q] <= 1'b0;
    end else if (hit_access && a_we) begin
      data_q[idx][hit_way][word] <= merge(data_q[idx][hit_way][word], a_wdata, be);
      dirty_q[idx][hit_way]      <= 1'b1;
    end else if (fill_done) begin
      for (int unsigned w = 0; w < Words; w++) begin
        data_q[idx][way_q][w] <= (a_we && WBits'(w) == word)
                                 ? merge(fill_line[w], a_wdata, be) : fill_line[w];
      end
      tag_q[idx][way_q]   <= tag;
      valid_q[idx][way_q] <= 1'b1;
      dirty_q[idx][way_q] <= a_we;
      victim_q[idx]       <= victim_q[idx] + way_t'(1);
    end
  end

  assign miss_o = state_q != StIdle;

`ifndef SYNTHESIS
  initial begin
    assert (Ways >= 2 && (Ways & (Ways - 1)) == 0) else $fatal(1, "Ways: power of 2, >= 2");
    assert ((Sets & (Sets - 1)) == 0) else $fatal(1, "Sets must be a power of 2");
    assert (LineBytes >= 8 && (LineBytes & (LineBytes - 1)) == 0)
      else $fatal(1, "LineBytes must be a power of 2, >= 8");
  end
  // The core waits for every answer: no request while a miss is being served.
  assert property (@(posedge clk_i) disable iff (!rst_ni) req_i |-> state_q == StIdle);
  assert property (@(posedge clk_i) disable iff (!rst_ni) flush_i |-> state_q == StIdle && !req_i);
`endif

endmodule : soc_l1cache
