// Speculative per-block CPI counters (Eyerman et al. §III-B, wrong-path method b) for the dispatch
// and issue stages: each slot the main stack books is kept in the counters of a basic block;
// the block joins the global counters when its last branch commits, and a mispredicted-branch
// flush sends every block in flight to bpred. While nothing is speculative (one live block, no
// block-ending uop in it or dispatching) the cycle's slots go straight to the globals, so no
// branch-free stretch can saturate a block. Contract: docs/dev/pmu.md, "Speculative per-block CPI
// counters"; C++ twin sim_model/pmu/cpi_spec.cpp.
//
// How blocks that leave join the globals (Drain):
//  * Drain = 0: every block that leaves in a cycle (all of them at a flush) is added in that
//    cycle: each global adds up to N block counters (the bpred one up to N row sums).
//  * Drain = 1 (the drain queue): a block that leaves keeps its entry, marked leaving with its
//    destination (own components or bpred), and one drain port adds one leaving block per cycle
//    (the first after the tail: the one the FIFO would reach first) to the globals, so each
//    global adds one block counter (bpred one row
//    sum). An entry is reused only once drained: a block-ending branch opens the next entry only
//    if it is free (else the blocks merge, as with all entries live). Two cases need an entry at
//    once and take the drain port in their cycle: the block proven while it is the only one
//    stays the open block, cleared (as with Drain = 0); and after a flush the block that opens
//    is the entry after the last live one (or the proven-and-cleared one), drained first if it
//    is still leaving or was just squashed. Globals then trail the blocks by the queue's
//    backlog (at most N - 1 cycles): per stage, globals + live + leaving blocks = slots booked.
`default_nettype none

module cpi_spec
  import pmu_pkg::*;
#(
  parameter int unsigned W             = 2,   // slots per cycle (the main stack's W)
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned IssueWidth    = 3,
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned SpecBlocks    = 8,   // N: block entries in the FIFO
  parameter int unsigned RobEntries    = 32,  // R: power of two, tag table entries
  parameter int unsigned SpecCntW      = 16,  // bits of a block's counters (saturating)
  parameter int unsigned SpecNbrW      = 4,   // bits of a block's branch count (saturating)
  parameter int unsigned CntW          = 48,  // global counter bits (wrapping)
  parameter int unsigned Store         = 0,   // globals: 0 flip-flops, 1 RAM + pending
  parameter int unsigned Drain         = 0    // leaving blocks: 0 all in their cycle, 1 queue
) (
  input  wire logic                      clk_i,
  input  wire logic                      rst_ni,
  input  wire probe_t                    probe_i,
  // What the main stack booked this cycle: [0] dispatch, [1] issue.
  input  wire logic      [1:0][NW-1:0]   stalled_i,  // W - booked
  input  wire cpi_comp_e [1:0]           blame_i,    // component of the stalled slots
  // CSR write of one global counter (flat index s*9 + c, 18 = merges); wins over the increment.
  input  wire logic                      we_i,
  input  wire logic      [4:0]           widx_i,
  input  wire logic      [CntW-1:0]      wdata_i,
  input  wire logic      [4:0]           ridx_i,   // read port (CSR window)
  output logic           [CntW-1:0]      rdata_o,
  output logic [2*NumCpiComps:0][CntW-1:0] cnt_o  // Store 1: simulation view
);

  localparam int unsigned NumStages = 2;  // dispatch, issue: commit sees no wrong path
  localparam int unsigned NumGlobal = NumStages * NumCpiComps + 1;
  localparam int unsigned MergesIdx = NumStages * NumCpiComps;
  localparam int unsigned N         = SpecBlocks;
  localparam int unsigned EW        = N > 1 ? $clog2(N) : 1;   // block entry index bits
  localparam int unsigned CW        = $clog2(N + 1);           // live count bits (1..N)
  localparam int unsigned RW        = $clog2(RobEntries);      // tag table index bits
  // A global gains at most every counter of every block in one cycle (a flush to bpred), or
  // with the drain queue one block's row of NumCpiComps counters; a cycle's direct bookings
  // (below 2^(NW+1) each: base + stalled if the blame were base) fit in the slack of either:
  // NumCpiComps * CntMax + 2^(NW+1) <= 2^GIncW for SpecCntW >= 4.
  localparam int unsigned GIncW     = SpecCntW + $clog2(NumCpiComps * (Drain != 0 ? 1 : N));
  localparam logic [SpecCntW-1:0] CntMax = '1;
  localparam logic [SpecNbrW-1:0] NbrMax = '1;
  localparam int unsigned StD = 0, StI = 1;

  typedef logic [NumStages-1:0][NumCpiComps-1:0][SpecCntW-1:0] blk_cnt_t;

  // ---------------------------------------------------------------------------------------
  // FIFO index arithmetic modulo N (N need not be a power of two).
  function automatic logic [EW-1:0] next_entry(logic [EW-1:0] e);
    return (32'(e) == N - 1) ? '0 : e + EW'(1);
  endfunction

  function automatic logic [EW-1:0] tail_of(logic [EW-1:0] head, logic [CW-1:0] count);
    logic [EW+CW:0] sum;
    sum = (EW+CW+1)'(head) + (EW+CW+1)'(count) - (EW+CW+1)'(1);
    if (32'(sum) >= N) sum -= (EW+CW+1)'(N);
    return sum[EW-1:0];
  endfunction

  function automatic logic is_live(logic [EW-1:0] e, logic [EW-1:0] head, logic [CW-1:0] count);
    logic [EW:0] ahead;
    ahead = (e >= head) ? (EW+1)'(e) - (EW+1)'(head) : (EW+1)'(e) + (EW+1)'(N) - (EW+1)'(head);
    return (EW+CW+1)'(ahead) < (EW+CW+1)'(count);
  endfunction

  // ---------------------------------------------------------------------------------------
  // State
  blk_cnt_t [N-1:0]                cnt_d, cnt_q;   // per block, per stage, per component
  logic     [N-1:0][SpecNbrW-1:0]  nbr_d, nbr_q;   // block-ending branches in the block
  logic     [RobEntries-1:0][EW-1:0] tag_d, tag_q; // block each ROB index was dispatched into
  logic     [EW-1:0]               head_d, head_q;
  logic     [CW-1:0]               count_d, count_q;
  logic     [N-1:0]                leave_d, leave_q;  // Drain 1: left, waiting for the drain port
  logic     [N-1:0]                lbp_d, lbp_q;      // ... to bpred (else own components)

  // ---------------------------------------------------------------------------------------
  // Steps 1-2: where this cycle's slots go (entry indices only; the counters follow per
  // entry below). Sequential over dispatched slots and issued uops, as the doc states it.
  logic [N-1:0]           opened;         // became the tail this cycle: cleared, then booked
  logic [N-1:0][NW-1:0]   disp_base_inc, nbr_inc, iss_base_inc;
  logic [NW-1:0]          merge_inc;
  logic [EW-1:0]          tail_mid, old_e;
  logic [CW-1:0]          count_mid;

  always_comb begin : book_slots
    logic [EW-1:0] t, e;
    logic [RW-1:0] r;
    r             = '0;
    e             = '0;
    tag_d         = tag_q;
    opened        = '0;
    disp_base_inc = '0;
    nbr_inc       = '0;
    iss_base_inc  = '0;
    merge_inc     = '0;
    count_mid     = count_q;
    t             = tail_of(head_q, count_q);
    tail_mid      = t;
    old_e         = t;
    // 1. Dispatch: each uop books a base slot into the open block; a block-ending uop closes
    //    it and opens the next entry, or with none free the next block shares it (a merge).
    for (int unsigned j = 0; j < DispatchWidth; j++) begin
      if (NW'(j) < probe_i.disp_n) begin
        r = RW'(probe_i.disp_rob_idx + RobIdxW'(j));
        tag_d[r] = t;
        disp_base_inc[t] += NW'(1);
        if (probe_i.disp_br_mask[j]) begin
          nbr_inc[t] += NW'(1);
          if (32'(count_mid) < N && !(Drain != 0 && leave_q[next_entry(t)])) begin
            count_mid += CW'(1);
            t = next_entry(t);
            opened[t] = 1'b1;
          end else begin
            merge_inc += NW'(1);
          end
        end
      end
    end
    tail_mid = t;  // unused dispatch slots go to the block the next uop will join
    // 2. Issue: tags as at the start of the cycle (a uop issues after its dispatch cycle); a
    //    tag naming a dead entry books to the tail.
    for (int unsigned k = 0; k < IssueWidth; k++) begin
      if (NW'(k) < probe_i.iss_n) begin
        e = tag_q[RW'(probe_i.iss_rob_idx[k])];
        if (!is_live(e, head_q, count_mid)) e = tail_mid;
        iss_base_inc[e] += NW'(1);
      end
    end
    e = tag_q[RW'(probe_i.iss_old_rob_idx)];
    old_e = (probe_i.rs_empty || !is_live(e, head_q, count_mid)) ? tail_mid : e;
  end

  // Nothing speculative: the only live block holds no block-ending uop and none dispatches this
  // cycle, so every uop in flight is older than any branch that could mispredict and every slot
  // booked this cycle (all into that block) is correct path. Those slots go straight to the
  // globals (direct_inc) instead of the block, so a long branch-free stretch (a straight-line
  // I-cache sweep) cannot saturate a block counter.
  logic                                       direct;
  logic [NumStages-1:0][NumCpiComps-1:0][NW:0] direct_inc;

  assign direct = count_q == CW'(1) && nbr_q[head_q] == '0 && nbr_inc[head_q] == '0;

  // In a direct cycle every booking of steps 1-2 is into head_q (the tail, and the block of
  // every live tag): its uops' base slots and both stages' stalled slots.
  always_comb begin : direct_book
    direct_inc = '0;
    if (direct) begin
      direct_inc[StD][CompBase]      += (NW+1)'(disp_base_inc[head_q]);
      direct_inc[StI][CompBase]      += (NW+1)'(iss_base_inc[head_q]);
      direct_inc[StD][blame_i[StD]] += (NW+1)'(stalled_i[StD]);
      direct_inc[StI][blame_i[StI]] += (NW+1)'(stalled_i[StI]);
    end
  end

  // Block counters after this cycle's bookings (saturating; one add per counter).
  blk_cnt_t [N-1:0]               cnt_mid;
  logic     [N-1:0][SpecNbrW-1:0] nbr_mid;
  logic     [N-1:0]               sat_now;  // a block counter saturated (assertion only)
  logic     [N-1:0]               active;   // blocks whose adders block_add evaluates

  // Synthesis builds every block's adders. Under Verilator only the blocks whose counters can
  // change are evaluated: a block neither opened nor booked adds 0 to each counter, and a
  // counter is at most CntMax, so its sum is its old value, unsaturated (cnt_mid = cnt_q); the
  // per-cycle cost then follows the few blocks booked, not N (docs/dev/speed.md).
`ifdef VERILATOR
  always_comb begin : active_blocks
    for (int unsigned e = 0; e < N; e++) begin
      active[e] = opened[e] || (!direct && (disp_base_inc[e] != '0 || iss_base_inc[e] != '0 ||
                                            (e == 32'(tail_mid) && stalled_i[StD] != '0) ||
                                            (e == 32'(old_e) && stalled_i[StI] != '0)));
    end
  end
`else
  assign active = '1;
`endif

  always_comb begin : block_add
    logic [SpecCntW-1:0] prev;
    logic [SpecCntW:0]   sum;
    logic [NW-1:0]       add;
    logic [SpecNbrW-1:0] nprev;
    logic [SpecNbrW:0]   nsum;
    sat_now = '0;
    nbr_mid = '0;
    add     = '0;
    prev    = '0;
    sum     = '0;
    nprev   = '0;
    nsum    = '0;
    for (int unsigned e = 0; e < N; e++) begin
      cnt_mid[e] = cnt_q[e];
      if (active[e]) begin
        for (int unsigned s = 0; s < NumStages; s++) begin
          for (int unsigned c = 0; c < NumCpiComps; c++) begin
            add = '0;
            if (!direct) begin  // a direct cycle's bookings go to the globals (direct_book)
              if (c == 32'(CompBase)) add += (s == StD) ? disp_base_inc[e] : iss_base_inc[e];
              if (s == StD && e == 32'(tail_mid) && c == 32'(blame_i[StD])) add += stalled_i[StD];
              if (s == StI && e == 32'(old_e) && c == 32'(blame_i[StI])) add += stalled_i[StI];
            end
            prev = opened[e] ? '0 : cnt_q[e][s][c];
            sum = {1'b0, prev} + (SpecCntW+1)'(add);
            if (sum > {1'b0, CntMax}) begin
              cnt_mid[e][s][c] = CntMax;
              sat_now[e] = 1'b1;
            end else begin
              cnt_mid[e][s][c] = sum[SpecCntW-1:0];
            end
          end
        end
      end
      nprev = opened[e] ? '0 : nbr_q[e];
      nsum = {1'b0, nprev} + (SpecNbrW+1)'(nbr_inc[e]);
      nbr_mid[e] = nsum > {1'b0, NbrMax} ? NbrMax : nsum[SpecNbrW-1:0];
    end
  end

  // ---------------------------------------------------------------------------------------
  // Steps 3-4: which blocks leave this cycle. Sequential over committing branches.
  logic [N-1:0]               drained;    // proven correct-path by a commit this cycle
  logic [N-1:0]               squashed;   // emptied by the flush (live after commit)
  logic [N-1:0][SpecNbrW-1:0] nbr_cmt;
  logic [EW-1:0]              head_cmt;
  logic [CW-1:0]              count_cmt;

  always_comb begin : commit_blocks
    logic [EW-1:0] h;
    nbr_cmt   = nbr_mid;
    drained   = '0;
    squashed  = '0;
    h         = head_q;
    count_cmt = count_mid;
    // 3. Commit: cmt_br_n times, while the head block still has a branch.
    for (int unsigned b = 0; b < CommitWidth; b++) begin
      if (NW'(b) < probe_i.cmt_br_n && nbr_cmt[h] != '0) begin
        nbr_cmt[h] -= SpecNbrW'(1);
        if (nbr_cmt[h] == '0) begin
          drained[h] = 1'b1;
          if (32'(count_cmt) > 1) begin
            h = next_entry(h);
            count_cmt -= CW'(1);
          end
        end
      end
    end
    head_cmt = h;
    // 4. Flush: every block still live is emptied (a drained block that stayed the tail
    //    was cleared, so it is not emptied twice).
    if (probe_i.flush) begin
      for (int unsigned e = 0; e < N; e++) begin
        squashed[e] = is_live(EW'(e), head_cmt, count_cmt) && !drained[e];
      end
    end
  end

  // Global increments: drained and non-branch-flushed blocks to their own components; a
  // mispredicted-branch flush puts every slot of the stage's blocks on bpred.
  logic [NumGlobal-1:0][GIncW-1:0] ginc;
  logic                            to_bpred;
  logic [N-1:0]                    port_sel;  // Drain 1: the entry on the drain port
  logic [EW-1:0]                   new_head;  // Drain 1: the open entry after a flush

  assign to_bpred = probe_i.cmt_br_mispred;

  if (Drain == 0) begin : gen_drain_all
    assign port_sel = '0;
    assign new_head = '0;  // a flush reopens entry 0
    logic unused_queue;
    assign unused_queue = ^{leave_q, lbp_q};

    always_comb begin : global_inc
      logic [GIncW-1:0] row;
      ginc = '0;
      for (int unsigned e = 0; e < N; e++) begin
        for (int unsigned s = 0; s < NumStages; s++) begin
          row = '0;
          for (int unsigned c = 0; c < NumCpiComps; c++) begin
            row += GIncW'(cnt_mid[e][s][c]);
            if (drained[e] || (squashed[e] && !to_bpred)) begin
              ginc[s * NumCpiComps + c] += GIncW'(cnt_mid[e][s][c]);
            end
          end
          if (squashed[e] && to_bpred) ginc[s * NumCpiComps + 32'(CompBpred)] += row;
        end
      end
      for (int unsigned s = 0; s < NumStages; s++) begin
        for (int unsigned c = 0; c < NumCpiComps; c++) begin
          ginc[s * NumCpiComps + c] += GIncW'(direct_inc[s][c]);
        end
      end
      ginc[MergesIdx] = GIncW'(merge_inc);
    end

  end else begin : gen_drain_queue
    // Which entry needs the port now: the proven block that stays open, else after a flush the
    // entry after the last live one unless it is free; otherwise the first leaving entry after
    // the tail as the cycle began (the one the FIFO would need first).
    logic [EW-1:0] forced_e;
    logic          forced;
    logic          stay;      // the proven block stays the open one
    logic [N-1:0]  port_bp;   // where each entry would go on the port
    blk_cnt_t      port_cnt;
    logic          port_to_bp;

    assign stay = drained[head_cmt];  // proven and still the head: it was the only block

    always_comb begin : port_pick
      logic [EW-1:0] nt, pe;   // pe: the entry the port looks at
      logic          found;
      nt       = next_entry(tail_of(head_cmt, count_cmt));
      forced   = 1'b0;
      forced_e = head_cmt;
      new_head = head_cmt;
      if (stay) begin
        forced = 1'b1;
      end else if (probe_i.flush) begin
        new_head = nt;
        forced_e = nt;
        forced   = leave_q[nt] || squashed[nt] || drained[nt];
      end
      port_sel = '0;
      pe       = next_entry(tail_of(head_q, count_q));
      found    = 1'b0;
      if (forced) begin
        port_sel[forced_e] = 1'b1;
      end else begin
        for (int unsigned i = 0; i < N; i++) begin
          if (!found && leave_q[pe]) begin
            port_sel[pe] = 1'b1;
            found        = 1'b1;
          end
          pe = next_entry(pe);
        end
      end
      // destination per entry: waiting ones as recorded, ones leaving now as they leave
      for (int unsigned e = 0; e < N; e++) begin
        port_bp[e] = leave_q[e] ? lbp_q[e] : (squashed[e] && to_bpred);
      end
    end

    always_comb begin : port_mux
      port_cnt   = '0;
      port_to_bp = 1'b0;
      for (int unsigned e = 0; e < N; e++) begin
        if (port_sel[e]) begin
          port_cnt   = cnt_mid[e];
          port_to_bp = port_bp[e];
        end
      end
    end

    always_comb begin : global_inc
      logic [GIncW-1:0] row;
      ginc = '0;
      for (int unsigned s = 0; s < NumStages; s++) begin
        row = '0;
        for (int unsigned c = 0; c < NumCpiComps; c++) begin
          row += GIncW'(port_cnt[s][c]);
          if (!port_to_bp) ginc[s * NumCpiComps + c] = GIncW'(port_cnt[s][c]);
        end
        if (port_to_bp) ginc[s * NumCpiComps + 32'(CompBpred)] = row;
        for (int unsigned c = 0; c < NumCpiComps; c++) begin
          ginc[s * NumCpiComps + c] += GIncW'(direct_inc[s][c]);
        end
      end
      ginc[MergesIdx] = GIncW'(merge_inc);
    end
  end

  always_comb begin : next_state
    for (int unsigned e = 0; e < N; e++) begin
      if (Drain == 0) begin
        // A flush leaves only entry 0 live; clearing all entries costs the same and no
        // freed entry is read before it is cleared again on opening.
        if (drained[e] || probe_i.flush) begin
          cnt_d[e] = '0;
          nbr_d[e] = '0;
        end else begin
          cnt_d[e] = cnt_mid[e];
          nbr_d[e] = nbr_cmt[e];
        end
        leave_d[e] = 1'b0;
        lbp_d[e]   = 1'b0;
      end else begin
        cnt_d[e]   = cnt_mid[e];
        nbr_d[e]   = nbr_cmt[e];
        leave_d[e] = leave_q[e];
        lbp_d[e]   = lbp_q[e];
        if (drained[e] || squashed[e]) begin  // leaves: waits for the port with its counters
          leave_d[e] = 1'b1;
          lbp_d[e]   = squashed[e] && to_bpred;
          nbr_d[e]   = '0;
        end
        if (port_sel[e] || (probe_i.flush && e == 32'(new_head))) begin  // drained / opened
          cnt_d[e]   = '0;
          nbr_d[e]   = '0;
          leave_d[e] = 1'b0;
          lbp_d[e]   = 1'b0;
        end
      end
    end
    // a flush leaves one open block: entry 0 (Drain 0: new_head is 0) or new_head
    head_d  = probe_i.flush ? new_head : head_cmt;
    count_d = probe_i.flush ? CW'(1) : count_cmt;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : state_reg
    if (!rst_ni) begin
      cnt_q   <= '0;
      nbr_q   <= '0;
      tag_q   <= '0;
      head_q  <= '0;
      count_q <= CW'(1);
      leave_q <= '0;
      lbp_q   <= '0;
    end else begin
      cnt_q   <= cnt_d;
      nbr_q   <= nbr_d;
      tag_q   <= tag_d;
      head_q  <= head_d;
      count_q <= count_d;
      leave_q <= leave_d;
      lbp_q   <= lbp_d;
    end
  end

  logic [NumGlobal-1:0] unused_ovf;  // no overflow reported (OvfMask 0): the counters wrap

  pmu_counter_bank #(
    .Num  (NumGlobal),
    .Width(CntW),
    .IncW (GIncW),
    .IdxW (5),
    .Store(Store)
  ) u_bank (
    .clk_i,
    .rst_ni,
    .inc_i  (ginc),
    .we_i,
    .widx_i,
    .wdata_i,
    .ridx_i,
    .rdata_o,
    .value_o(cnt_o),
    .ovf_o  (unused_ovf)
  );

`ifndef SYNTHESIS
  // Invariant (docs/dev/pmu.md): per stage, globals + live (and leaving) blocks = slots booked since reset,
  // adjusted by CSR writes, until a block counter saturates (it then drops slots by design).
  logic [NumStages-1:0][CntW-1:0] expect_q, sum_now;
  logic [NumStages-1:0][NW:0]     booked;
  logic                           sat_q;

  assign booked[StD] = (NW+1)'(probe_i.disp_n) + (NW+1)'(stalled_i[StD]);
  assign booked[StI] = (NW+1)'(probe_i.iss_n) + (NW+1)'(stalled_i[StI]);

  logic [N-1:0] held;  // live or leaving: the blocks whose counters the sum takes

  always_comb begin : sum_blocks
    for (int unsigned e = 0; e < N; e++) begin
      held[e] = is_live(EW'(e), head_q, count_q) || leave_q[e];
    end
    sum_now = '0;
    for (int unsigned s = 0; s < NumStages; s++) begin
      for (int unsigned c = 0; c < NumCpiComps; c++) begin
        sum_now[s] += cnt_o[s * NumCpiComps + c];
        for (int unsigned e = 0; e < N; e++) begin
          if (held[e]) sum_now[s] += CntW'(cnt_q[e][s][c]);
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : expect_reg
    if (!rst_ni) begin
      expect_q <= '0;
      sat_q    <= 1'b0;
    end else begin
      for (int unsigned s = 0; s < NumStages; s++) begin
        if (we_i && 32'(widx_i) / NumCpiComps == s) begin
          expect_q[s] <= expect_q[s] + CntW'(booked[s]) - CntW'(ginc[widx_i]) + wdata_i -
                         cnt_o[widx_i];
        end else begin
          expect_q[s] <= expect_q[s] + CntW'(booked[s]);
        end
      end
      if (sat_now != '0) sat_q <= 1'b1;
    end
  end

  SpecSlotsConserved: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                       sat_q || sum_now == expect_q)
    else $error("cpi_spec: globals + blocks (dispatch %0d, issue %0d) != slots booked (%0d, %0d)",
                sum_now[StD], sum_now[StI], expect_q[StD], expect_q[StI]);
  StalledWithinW: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                   stalled_i[StD] <= NW'(W) && stalled_i[StI] <= NW'(W))
    else $error("cpi_spec: stalled slots above W");
  // The commit walk looks at CommitWidth branches per cycle (cmt_br_n <= cmt_n <= width).
  BranchesWithinWidth: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                        probe_i.cmt_br_n <= NW'(CommitWidth))
    else $error("cpi_spec: cmt_br_n %0d > CommitWidth %0d", probe_i.cmt_br_n, CommitWidth);
  CountInRange: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                 count_q >= CW'(1) && 32'(count_q) <= N && 32'(head_q) < N)
    else $error("cpi_spec: head %0d / count %0d out of range", head_q, count_q);

  initial begin : param_check
    assert (SpecBlocks >= 1 && SpecBlocks <= 64) else $fatal(1, "cpi_spec: SpecBlocks 1..64");
    assert (RobEntries >= 2 && RobEntries <= (1 << RobIdxW) &&
            (RobEntries & (RobEntries - 1)) == 0)
      else $fatal(1, "cpi_spec: RobEntries must be a power of two, 2..%0d", 1 << RobIdxW);
    assert (SpecCntW >= 4 && SpecCntW <= 32) else $fatal(1, "cpi_spec: SpecCntW 4..32");
    assert (SpecNbrW >= 1 && SpecNbrW <= 8) else $fatal(1, "cpi_spec: SpecNbrW 1..8");
    assert (GIncW <= CntW) else $fatal(1, "cpi_spec: CntW too small");
    assert (W >= 1 && W <= MaxWidth) else $fatal(1, "cpi_spec: need 1 <= W <= MaxWidth");
  end
`endif

endmodule : cpi_spec

`default_nettype wire
