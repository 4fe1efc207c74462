// Reservation station of one execution class: unordered entries holding a renamed uop until
// its source operands (two, or three with HasSrc3: the FP RS's fmadd family) are ready.
// Wake-up compares every write-back tag with the sources; the back end picks the oldest
// eligible entries (by ROB age) and clears them with issue_i.
`default_nettype none

module be_rs #(
  parameter int unsigned Entries = 8,
  parameter int unsigned AllocW  = 2,   // dispatch slots
  parameter int unsigned NumWb   = 7,   // wake-up (write-back) ports
  parameter int unsigned PW      = 6,   // physical register tag bits
  parameter bit          HasSrc3 = 1'b0,  // a third source (without it src3 reads as tag 0)
  parameter type         payload_t = logic,
  // Wake-up's description: a decoded vector (the simulator's) or tag compares (synthesis')
  parameter bit          WakeVector = core_pkg::SimForm
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  input  logic                           flush_i,
  // Dispatch: slot s writes the s-th free entry (the back end checks free_cnt_o first).
  input  logic     [AllocW-1:0]          alloc_i,
  input  payload_t [AllocW-1:0]          alloc_payload_i,
  input  logic     [AllocW-1:0][PW-1:0]  alloc_src1_i,
  input  logic     [AllocW-1:0][PW-1:0]  alloc_src2_i,
  input  logic     [AllocW-1:0]          alloc_rdy1_i,
  input  logic     [AllocW-1:0]          alloc_rdy2_i,
  input  logic     [AllocW-1:0][PW-1:0]  alloc_src3_i,
  input  logic     [AllocW-1:0]          alloc_rdy3_i,
  // Wake-up: tag written back at the end of this cycle.
  input  logic     [NumWb-1:0]           wb_valid_i,
  input  logic     [NumWb-1:0][PW-1:0]   wb_tag_i,
  // Issue: entries leaving this cycle.
  input  logic     [Entries-1:0]         issue_i,
  output logic     [Entries-1:0]         valid_o,
  output logic     [Entries-1:0]         ready_o,
  output logic     [Entries-1:0][PW-1:0] src1_o,
  output logic     [Entries-1:0][PW-1:0] src2_o,
  output logic     [Entries-1:0][PW-1:0] src3_o,
  output payload_t [Entries-1:0]         payload_o,
  output logic [$clog2(Entries+1)-1:0]   free_cnt_o
);

  // Sources as one array (index 0: src1, 1: src2, 2: src3 with HasSrc3): one wake-up rule.
  localparam int unsigned NumSrc = HasSrc3 ? 3 : 2;
  logic     [Entries-1:0]                    valid_q;
  logic     [Entries-1:0][NumSrc-1:0]        rdy_q;
  logic     [Entries-1:0][NumSrc-1:0][PW-1:0] src_q;
  payload_t [Entries-1:0]                    payload_q;
  logic     [AllocW-1:0][NumSrc-1:0][PW-1:0] a_src;  // the dispatch slots' sources
  logic     [AllocW-1:0][NumSrc-1:0]         a_rdy;
  for (genvar s = 0; s < AllocW; s++) begin : gen_alloc_src
    assign a_src[s][0] = alloc_src1_i[s];
    assign a_src[s][1] = alloc_src2_i[s];
    assign a_rdy[s][0] = alloc_rdy1_i[s];
    assign a_rdy[s][1] = alloc_rdy2_i[s];
    if (HasSrc3) begin : gen_src3
      assign a_src[s][2] = alloc_src3_i[s];
      assign a_rdy[s][2] = alloc_rdy3_i[s];
    end
  end

  // Free entry chosen for each dispatch slot (first free ones in index order).
  logic [AllocW-1:0][$clog2(Entries)-1:0] slot_entry;
  logic [AllocW-1:0]                      slot_found;
  always_comb begin : pick_free
    logic [Entries-1:0] taken;
    taken      = valid_q;
    slot_entry = '0;
    slot_found = '0;
    for (int unsigned s = 0; s < AllocW; s++) begin
      for (int unsigned e = 0; e < Entries; e++) begin
        if (alloc_i[s] && !slot_found[s] && !taken[e]) begin
          slot_found[s] = 1'b1;
          slot_entry[s] = $clog2(Entries)'(e);
        end
      end
      if (slot_found[s]) taken[slot_entry[s]] = 1'b1;
    end
  end

  always_comb begin : count_free
    free_cnt_o = '0;
    for (int unsigned e = 0; e < Entries; e++) begin
      if (!valid_q[e]) free_cnt_o = free_cnt_o + 1'b1;
    end
  end

  // A source is woken when a write-back port writes its tag this cycle. Synthesis compares
  // the tag with each port's (woken_cmp). Under Verilator the ports' tags are decoded once a
  // cycle into one bit per physical register and a source reads its bit (woke, WakeVector):
  // the same answer at a per-cycle cost of ports + sources instead of ports x sources
  // (docs/dev/speed.md).
  function automatic logic woken_cmp(logic [PW-1:0] tag, logic [NumWb-1:0] v,
                                     logic [NumWb-1:0][PW-1:0] t);
    logic w;
    w = 1'b0;
    for (int unsigned p = 0; p < NumWb; p++) w |= v[p] && t[p] == tag;
    return w;
  endfunction
  logic [2**PW-1:0] woke;  // WakeVector: the tags written back this cycle
  if (WakeVector) begin : gen_woke
    always_comb begin : wake_decode
      woke = '0;
      for (int unsigned p = 0; p < NumWb; p++) begin
        if (wb_valid_i[p]) woke[wb_tag_i[p]] = 1'b1;
      end
    end
  end else begin : gen_no_woke
    assign woke = '0;
  end
  function automatic logic woken(logic [PW-1:0] tag, logic [NumWb-1:0] v,
                                 logic [NumWb-1:0][PW-1:0] t, logic [2**PW-1:0] w);
    return WakeVector ? w[tag] : woken_cmp(tag, v, t);
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      valid_q <= '0;
      rdy_q   <= '0;
    end else if (flush_i) begin
      valid_q <= '0;
    end else begin
      for (int unsigned e = 0; e < Entries; e++) begin
        if (issue_i[e]) valid_q[e] <= 1'b0;
        for (int unsigned i = 0; i < NumSrc; i++) begin
          if (woken(src_q[e][i], wb_valid_i, wb_tag_i, woke)) rdy_q[e][i] <= 1'b1;
        end
      end
      for (int unsigned s = 0; s < AllocW; s++) begin
        if (alloc_i[s] && slot_found[s]) begin
          valid_q[slot_entry[s]] <= 1'b1;
          for (int unsigned i = 0; i < NumSrc; i++) begin
            rdy_q[slot_entry[s]][i] <= a_rdy[s][i] | woken(a_src[s][i], wb_valid_i, wb_tag_i, woke);
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin : data
    for (int unsigned s = 0; s < AllocW; s++) begin
      if (alloc_i[s] && slot_found[s]) begin
        src_q[slot_entry[s]]     <= a_src[s];
        payload_q[slot_entry[s]] <= alloc_payload_i[s];
      end
    end
  end

  assign valid_o   = valid_q;
  assign payload_o = payload_q;
  for (genvar e = 0; e < Entries; e++) begin : gen_out
    assign ready_o[e] = valid_q[e] & (&rdy_q[e]);
    assign src1_o[e]  = src_q[e][0];
    assign src2_o[e]  = src_q[e][1];
    if (HasSrc3) begin : gen_src3
      assign src3_o[e] = src_q[e][2];
    end else begin : gen_no_src3
      assign src3_o[e] = '0;  // tag 0: x0's register, always ready
    end
  end
  if (!HasSrc3) begin : gen_unused_src3
    logic unused_src3;
    assign unused_src3 = ^{alloc_src3_i, alloc_rdy3_i};
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin : no_overflow
    if (rst_ni && !flush_i) begin
      for (int unsigned s = 0; s < AllocW; s++) begin
        assert (!alloc_i[s] || slot_found[s]) else $error("be_rs: dispatch into a full RS");
      end
    end
  end
`endif

endmodule : be_rs
