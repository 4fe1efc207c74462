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
  parameter type         payload_t = logic
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

  logic     [Entries-1:0]         valid_q, rdy1_q, rdy2_q, rdy3;
  logic     [Entries-1:0][PW-1:0] src1_q, src2_q, src3;
  payload_t [Entries-1:0]         payload_q;

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

  function automatic logic woken(logic [PW-1:0] tag, logic [NumWb-1:0] v,
                                 logic [NumWb-1:0][PW-1:0] t);
    logic w;
    w = 1'b0;
    for (int unsigned p = 0; p < NumWb; p++) w |= v[p] && t[p] == tag;
    return w;
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      valid_q <= '0;
      rdy1_q  <= '0;
      rdy2_q  <= '0;
    end else if (flush_i) begin
      valid_q <= '0;
    end else begin
      for (int unsigned e = 0; e < Entries; e++) begin
        if (issue_i[e]) valid_q[e] <= 1'b0;
        if (woken(src1_q[e], wb_valid_i, wb_tag_i)) rdy1_q[e] <= 1'b1;
        if (woken(src2_q[e], wb_valid_i, wb_tag_i)) rdy2_q[e] <= 1'b1;
      end
      for (int unsigned s = 0; s < AllocW; s++) begin
        if (alloc_i[s] && slot_found[s]) begin
          valid_q[slot_entry[s]] <= 1'b1;
          rdy1_q[slot_entry[s]]  <= alloc_rdy1_i[s] | woken(alloc_src1_i[s], wb_valid_i, wb_tag_i);
          rdy2_q[slot_entry[s]]  <= alloc_rdy2_i[s] | woken(alloc_src2_i[s], wb_valid_i, wb_tag_i);
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin : data
    for (int unsigned s = 0; s < AllocW; s++) begin
      if (alloc_i[s] && slot_found[s]) begin
        src1_q[slot_entry[s]]    <= alloc_src1_i[s];
        src2_q[slot_entry[s]]    <= alloc_src2_i[s];
        payload_q[slot_entry[s]] <= alloc_payload_i[s];
      end
    end
  end

  assign valid_o   = valid_q;
  assign ready_o   = valid_q & rdy1_q & rdy2_q & rdy3;
  assign src3_o    = src3;
  assign src1_o    = src1_q;
  assign src2_o    = src2_q;
  assign payload_o = payload_q;

  if (HasSrc3) begin : gen_src3
    logic [Entries-1:0]         rdy3_q;
    logic [Entries-1:0][PW-1:0] src3_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin : regs3
      if (!rst_ni) begin
        rdy3_q <= '0;
      end else if (!flush_i) begin
        for (int unsigned e = 0; e < Entries; e++) begin
          if (woken(src3_q[e], wb_valid_i, wb_tag_i)) rdy3_q[e] <= 1'b1;
        end
        for (int unsigned s = 0; s < AllocW; s++) begin
          if (alloc_i[s] && slot_found[s]) begin
            rdy3_q[slot_entry[s]] <= alloc_rdy3_i[s] | woken(alloc_src3_i[s], wb_valid_i, wb_tag_i);
          end
        end
      end
    end
    always_ff @(posedge clk_i) begin : data3
      for (int unsigned s = 0; s < AllocW; s++) begin
        if (alloc_i[s] && slot_found[s]) src3_q[slot_entry[s]] <= alloc_src3_i[s];
      end
    end
    assign rdy3 = rdy3_q;
    assign src3 = src3_q;
  end else begin : gen_no_src3
    assign rdy3 = '1;
    assign src3 = '0;
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
