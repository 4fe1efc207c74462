// Front end of the out-of-order core (docs/dev/core.md "Front end", ports docs/dev/core_contract.md):
// F0 predicts a fetch group (up to FetchWidth instructions of one 16-byte block, ending at the
// first predicted-taken branch/jump: BTB + gshare + RAS, or the perfect-BP oracle) and requests
// the block; F1 takes the in-order I-port answer, predecodes it (repairs a missed or wrong
// direct target: decode redirect), and writes the group to the fetch buffer, whose oldest
// FetchWidth entries are decoded and offered to the back end.
`default_nettype none

module core_frontend
  import core_pkg::*;
#(
  parameter int unsigned FetchWidth      = 2,     // 1..4 instructions per cycle
  // Power of 2, >= FetchWidth. Full fetch rate needs >= 3 * FetchWidth (docs/dev/core.md).
  parameter int unsigned FetchBufEntries = FetchWidth > 2 ? 16 : 8,
  parameter int unsigned GshareHistBits  = 10,    // 1..MaxGhistBits
  parameter int unsigned GshareEntries   = 1024,  // 2-bit counters, power of 2
  parameter int unsigned BtbEntries      = 64,    // direct mapped, power of 2
  parameter int unsigned RasDepth        = 8,     // 1..2**MaxRasPtrW
  parameter int unsigned IcOutstanding   = 4      // I-port requests in flight
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [31:0]               boot_addr_i,

  // I-port (contract section 1)
  output ic_req_t                   ic_req_o,
  input  ic_rsp_t                   ic_rsp_i,
  output logic                      ic_kill_o,  // every request in flight is dead (redirect)

  // to the back end (contract section 3)
  output logic [FetchWidth-1:0]     fe_valid_o,
  output fe_uop_t [FetchWidth-1:0]  fe_uop_o,
  input  logic [TakeW-1:0]          fe_take_i,
  input  fe_redirect_t              redirect_i,
  input  bp_update_t                bp_upd_i,

  input  logic                      perfect_bp_i,

  output logic                      fe_icache_miss_o,
  output logic                      fe_recover_o,
`ifndef SYNTHESIS
  output logic                      dec_redirect_o,  // simulation only (core_top's obs_o)
`endif
  output logic                      fe_misfetch_o
);

  localparam int unsigned HW      = GshareHistBits;
  localparam int unsigned RasPtrW = RasDepth > 1 ? $clog2(RasDepth) : 1;
  localparam int unsigned NW      = $clog2(FetchWidth + 1);
  localparam int unsigned QPtrW   = IcOutstanding > 1 ? $clog2(IcOutstanding) : 1;
  localparam int unsigned QCntW   = $clog2(IcOutstanding + 1);
  localparam int unsigned BufCntW = $clog2(FetchBufEntries + 1);

`ifndef SYNTHESIS
  // Perfect branch prediction: the harness's ISS-ahead oracle (tb/harness/oracle_bp.h).
  import "DPI-C" function int unsigned ss_oracle_next_pc(input int unsigned seq,
                                                         input int unsigned pc);
`endif

  // One fetch group in flight on the I-port.
  typedef struct packed {
    logic [31:0]                pc;        // first slot
    logic [NW-1:0]              n;         // slots in the group
    logic [31:0]                seq;       // seq of the first slot
    logic                       taken;     // the last slot was predicted taken ...
    logic [31:0]                target;    // ... to here
    logic [FetchWidth-1:0]      oracle;    // slot predicted by the perfect-BP oracle
    logic [FetchWidth-1:0]      btb_hit;
    logic [FetchWidth-1:0][HW-1:0] ghist;  // history before each slot
    logic [RasPtrW-1:0]         ras_ptr;   // RAS before the group
    logic [31:0]                ras_top;
    logic [31:0]                ras_second;
  } ifq_t;

  // One fetch-buffer entry: fe_uop_t without the decoded uop (decoded at the output).
  typedef struct packed {
    logic [31:0] pc;
    logic [31:0] insn;
    logic        fetch_err;
    logic [31:0] pred_npc;
    logic        pred_taken;
    bp_meta_t    bp_meta;
    logic [31:0] seq;
  } fb_entry_t;

  // ---------------------------------------------------------------------------------------
  // State
  logic              booted_q;
  logic [31:0]       fetch_pc_q, fetch_pc_d;
  logic [31:0]       seq_q, seq_d;
  logic [HW-1:0]     ghist_q, ghist_d;
  logic              err_stop_q, err_stop_d;  // fetch fault delivered: wait for a redirect
  logic              recover_q;

  ifq_t              ifq_q [IcOutstanding];
  logic [IcOutstanding-1:0] ifq_kill_q, ifq_kill_d;
  logic [QPtrW-1:0]  ifq_head_q, ifq_tail_q;
  logic [QCntW-1:0]  ifq_cnt_q;
  logic [BufCntW+1:0] reserved_q, reserved_d;  // buffer slots promised to requests in flight

  // ---------------------------------------------------------------------------------------
  // F0: predict a group and request its block
  logic [31:0]                   f0_pc;
  logic [FetchWidth-1:0][31:0]   slot_pc;
  logic [FetchWidth-1:0]         slot_ok;
  logic [FetchWidth-1:0]         btb_hit;
  logic [FetchWidth-1:0][31:0]   btb_target;
  br_kind_e [FetchWidth-1:0]     btb_kind;
  logic [FetchWidth-1:0][HW-1:0] slot_hist;
  logic [FetchWidth-1:0]         gs_taken;
  logic [FetchWidth-1:0]         slot_taken, slot_oracle;
  logic [FetchWidth-1:0][31:0]   slot_target;
  logic [RasPtrW-1:0]            ras_ptr;
  logic [31:0]                   ras_top, ras_second;

  logic [NW-1:0]                 grp_n;
  logic                          grp_taken;
  logic [31:0]                   grp_target, grp_next_pc;
  br_kind_e                      grp_end_kind;  // BTB kind of a taken last slot
  logic [31:0]                   grp_end_pc;
  logic [HW-1:0]                 grp_hist;      // history after the group
  logic                          can_req, fire;

  assign f0_pc = booted_q ? fetch_pc_q : boot_addr_i;

  always_comb begin : slots
    for (int unsigned s = 0; s < FetchWidth; s++) begin
      slot_pc[s] = f0_pc + 32'(4 * s);
      slot_ok[s] = 32'(f0_pc[3:2]) + s < 4;
    end
  end

  fe_btb #(.Entries(BtbEntries), .NumRd(FetchWidth)) u_btb (
    .clk_i,
    .rst_ni,
    .rd_pc_i     (slot_pc),
    .rd_hit_o    (btb_hit),
    .rd_target_o (btb_target),
    .rd_kind_o   (btb_kind),
    .wr_i        (bp_upd_i.valid && bp_upd_i.taken),
    .wr_pc_i     (bp_upd_i.pc),
    .wr_target_i (bp_upd_i.target),
    .wr_kind_i   (bp_upd_i.kind)
  );

  // Every slot the BTB knows shifts its predicted direction into the history; a slot is only
  // reached if all earlier BTB hits of the group were predicted not taken, so its history is
  // the group's history with one 0 per earlier hit (no dependence on the gshare answers).
  always_comb begin : histories
    logic [HW-1:0] h;
    h = ghist_q;
    for (int unsigned s = 0; s < FetchWidth; s++) begin
      slot_hist[s] = h;
      if (btb_hit[s]) h = {h[HW-2:0], 1'b0};
    end
  end

  fe_gshare #(.HistBits(HW), .Entries(GshareEntries), .NumRd(FetchWidth)) u_gshare (
    .clk_i,
    .rst_ni,
    .rd_pc_i     (slot_pc),
    .rd_hist_i   (slot_hist),
    .rd_taken_o  (gs_taken),
    .upd_i       (bp_upd_i.valid && bp_upd_i.kind == BrCond),
    .upd_pc_i    (bp_upd_i.pc),
    .upd_hist_i  (bp_upd_i.meta.ghist[HW-1:0]),
    .upd_taken_i (bp_upd_i.taken)
  );

  always_comb begin : predict
    logic [31:0] o;
    o = '1;
    for (int unsigned s = 0; s < FetchWidth; s++) begin
      slot_oracle[s] = 1'b0;
      slot_taken[s]  = 1'b0;
      slot_target[s] = btb_target[s];
      if (btb_hit[s]) begin
        unique case (btb_kind[s])
          BrCond:  slot_taken[s] = gs_taken[s];
          BrRet: begin
            slot_taken[s]  = 1'b1;
            slot_target[s] = ras_top;
          end
          BrJal, BrJalr, BrCall: slot_taken[s] = 1'b1;
          default: ;
        endcase
      end
`ifndef SYNTHESIS
      // Only registered values reach the call, so it sees one (seq, pc) per slot and cycle.
      if (perfect_bp_i && slot_ok[s]) begin
        o = ss_oracle_next_pc(seq_q + s, slot_pc[s]);
        if (o != 32'hffff_ffff) begin
          slot_oracle[s] = 1'b1;
          slot_taken[s]  = o != slot_pc[s] + 32'd4;
          slot_target[s] = o;
        end
      end
`endif
    end
  end

  always_comb begin : group
    logic stop;
    stop         = 1'b0;
    grp_n        = '0;
    grp_taken    = 1'b0;
    grp_target   = '0;
    grp_end_kind = BrNone;
    grp_end_pc   = f0_pc;
    grp_hist     = ghist_q;
    for (int unsigned s = 0; s < FetchWidth; s++) begin
      if (!stop && slot_ok[s]) begin
        grp_n = grp_n + 1'b1;
        if (btb_hit[s]) grp_hist = {grp_hist[HW-2:0], slot_taken[s]};
        if (slot_taken[s]) begin
          stop         = 1'b1;
          grp_taken    = 1'b1;
          grp_target   = slot_target[s];
          grp_end_kind = btb_hit[s] ? btb_kind[s] : BrNone;
          grp_end_pc   = slot_pc[s];
        end
      end else begin
        stop = 1'b1;
      end
    end
    grp_next_pc = grp_taken ? grp_target : f0_pc + 32'({grp_n, 2'b00});
  end

  // Room for a whole group in the buffer, counting the groups already in flight.
  logic [BufCntW-1:0] fb_count;
  assign can_req = !err_stop_q && 32'(ifq_cnt_q) < IcOutstanding &&
                   32'(fb_count) + 32'(reserved_q) + FetchWidth <= FetchBufEntries;
  assign ic_req_o.req  = can_req;
  assign ic_req_o.addr = {f0_pc[31:4], 4'b0000};
  assign fire      = can_req && ic_rsp_i.gnt;

  // ---------------------------------------------------------------------------------------
  // F1: the answer of the oldest request in flight
  ifq_t                          head;
  logic                          f1_live;
  logic [FetchWidth-1:0][31:0]   f1_pc, f1_insn, f1_npc;
  logic [FetchWidth-1:0]         f1_taken;
  br_kind_e [FetchWidth-1:0]     pd_kind;
  logic [FetchWidth-1:0]         pd_direct;
  logic [FetchWidth-1:0][31:0]   pd_target;
  logic [NW-1:0]                 f1_n;        // slots written
  logic                          dec_redirect;
  logic [31:0]                   dec_pc, dec_seq;
  logic [HW-1:0]                 dec_hist;
  logic [RasPtrW-1:0]            dec_ras_ptr;
  logic [31:0]                   dec_ras_top;
  logic                          f1_err;
  fb_entry_t [FetchWidth-1:0]    f1_entry;
  logic [FetchWidth-1:0][RasPtrW-1:0] post_ras_ptr;
  logic [FetchWidth-1:0][31:0]   post_ras_top;

  assign head    = ifq_q[ifq_head_q];
  assign f1_live = ic_rsp_i.rvalid && !ifq_kill_q[ifq_head_q];
  assign f1_err  = f1_live && ic_rsp_i.err;

  function automatic logic [RasPtrW-1:0] ras_inc(logic [RasPtrW-1:0] p);
    return 32'(p) == RasDepth - 1 ? '0 : p + 1'b1;
  endfunction
  function automatic logic [RasPtrW-1:0] ras_dec(logic [RasPtrW-1:0] p);
    return p == '0 ? RasPtrW'(RasDepth - 1) : p - 1'b1;
  endfunction

  for (genvar s = 0; s < FetchWidth; s++) begin : gen_predecode
    assign f1_pc[s]   = head.pc + 32'(4 * s);
    assign f1_insn[s] = ic_rsp_i.rdata[32 * f1_pc[s][3:2] +: 32];
    fe_predecode u_predecode (
      .pc_i     (f1_pc[s]),
      .insn_i   (f1_insn[s]),
      .kind_o   (pd_kind[s]),
      .direct_o (pd_direct[s]),
      .target_o (pd_target[s])
    );
  end

  always_comb begin : check
    logic        stop, fix, fix_taken;
    logic [31:0] fix_npc;
    stop         = 1'b0;
    fix          = 1'b0;
    fix_taken    = 1'b0;
    fix_npc      = '0;
    f1_n         = head.n;
    dec_redirect = 1'b0;
    dec_pc       = '0;
    dec_seq      = '0;
    dec_hist     = '0;
    dec_ras_ptr  = '0;
    dec_ras_top  = '0;
    for (int unsigned s = 0; s < FetchWidth; s++) begin
      f1_taken[s] = head.taken && 32'(head.n) == s + 1;
      f1_npc[s]   = f1_taken[s] ? head.target : f1_pc[s] + 32'd4;
      // RAS state after this slot's own push/pop (what a redirect to its successor restores).
      post_ras_ptr[s] = head.ras_ptr;
      post_ras_top[s] = head.ras_top;
      if (pd_kind[s] == BrCall) begin
        post_ras_ptr[s] = ras_inc(head.ras_ptr);
        post_ras_top[s] = f1_pc[s] + 32'd4;
      end else if (pd_kind[s] == BrRet) begin
        post_ras_ptr[s] = ras_dec(head.ras_ptr);
        post_ras_top[s] = head.ras_second;
      end
    end
    for (int unsigned s = 0; s < FetchWidth; s++) begin
      if (!stop && 32'(head.n) > s && !head.oracle[s]) begin
        fix       = 1'b0;
        fix_taken = f1_taken[s];
        fix_npc   = f1_npc[s];
        if (pd_kind[s] == BrNone && f1_taken[s]) begin
          // Stale BTB entry on a non-branch: fall through.
          fix = 1'b1; fix_taken = 1'b0; fix_npc = f1_pc[s] + 32'd4;
        end else if (pd_direct[s] && (f1_taken[s] || pd_kind[s] != BrCond) &&
                     f1_npc[s] != pd_target[s]) begin
          // JAL not predicted (BTB miss) or a direct target that disagrees with the encoding.
          fix = 1'b1; fix_taken = 1'b1; fix_npc = pd_target[s];
        end else if (pd_kind[s] == BrRet && !f1_taken[s]) begin
          // Return missing in the BTB: its target is the RAS top (no earlier slot of the
          // group pushed or popped, or it would have ended the group).
          fix = 1'b1; fix_taken = 1'b1; fix_npc = head.ras_top;
        end
        if (fix) begin
          stop         = 1'b1;
          f1_n         = NW'(s + 1);
          f1_taken[s]  = fix_taken;
          f1_npc[s]    = fix_npc;
          dec_redirect = f1_live && !ic_rsp_i.err;
          dec_pc       = fix_npc;
          dec_seq      = head.seq + s + 1;
          dec_hist     = pd_kind[s] != BrNone ? {head.ghist[s][HW-2:0], fix_taken}
                                              : head.ghist[s];
          dec_ras_ptr  = post_ras_ptr[s];
          dec_ras_top  = post_ras_top[s];
        end
      end
    end
    if (ic_rsp_i.err) f1_n = NW'(1);
  end

  always_comb begin : entries
    for (int unsigned s = 0; s < FetchWidth; s++) begin
      f1_entry[s].pc                = f1_pc[s];
      f1_entry[s].insn              = ic_rsp_i.err ? '0 : f1_insn[s];
      f1_entry[s].fetch_err         = ic_rsp_i.err;
      f1_entry[s].pred_npc          = f1_npc[s];
      f1_entry[s].pred_taken        = f1_taken[s];
      f1_entry[s].bp_meta           = '0;
      f1_entry[s].bp_meta.ghist     = MaxGhistBits'(head.ghist[s]);
      f1_entry[s].bp_meta.ras_ptr   = MaxRasPtrW'(post_ras_ptr[s]);
      f1_entry[s].bp_meta.ras_top   = post_ras_top[s];
      f1_entry[s].bp_meta.btb_hit   = head.btb_hit[s];
      f1_entry[s].seq               = head.seq + s;
    end
  end

  // ---------------------------------------------------------------------------------------
  // Fetch buffer and decode at its output
  logic [FetchWidth-1:0]                       fb_valid;
  logic [FetchWidth-1:0][$bits(fb_entry_t)-1:0] fb_rdata;

  fe_fetch_buffer #(
    .Entries (FetchBufEntries),
    .Width   (FetchWidth),
    .DataW   ($bits(fb_entry_t))
  ) u_fetch_buffer (
    .clk_i,
    .rst_ni,
    .flush_i    (redirect_i.valid),
    .wr_n_i     (f1_live ? f1_n : '0),
    .wr_data_i  (f1_entry),
    .rd_n_i     (NW'(fe_take_i)),
    .rd_valid_o (fb_valid),
    .rd_data_o  (fb_rdata),
    .count_o    (fb_count)
  );

  assign fe_valid_o = fb_valid;

  for (genvar w = 0; w < FetchWidth; w++) begin : gen_decode
    fb_entry_t e;
    uop_t      u;
    assign e = fb_entry_t'(fb_rdata[w]);
    core_decode u_decode (
      .insn_i (e.insn),
      .uop_o  (u)
    );
    assign fe_uop_o[w] = '{pc: e.pc, insn: e.insn, uop: u, fetch_err: e.fetch_err,
                           pred_npc: e.pred_npc, pred_taken: e.pred_taken,
                           bp_meta: e.bp_meta, seq: e.seq};
  end

  // ---------------------------------------------------------------------------------------
  // RAS: speculative push/pop at F0, restored on any redirect
  logic          ras_restore, ras_push, ras_pop;
  logic [RasPtrW-1:0] ras_restore_ptr;
  logic [31:0]   ras_restore_top;

  always_comb begin : ras_ctrl
    ras_restore     = redirect_i.valid || dec_redirect;
    ras_restore_ptr = redirect_i.valid ? RasPtrW'(redirect_i.meta.ras_ptr) : dec_ras_ptr;
    ras_restore_top = redirect_i.valid ? redirect_i.meta.ras_top : dec_ras_top;
    ras_push        = fire && grp_taken && grp_end_kind == BrCall;
    ras_pop         = fire && grp_taken && grp_end_kind == BrRet;
  end

  fe_ras #(.Depth(RasDepth)) u_ras (
    .clk_i,
    .rst_ni,
    .ptr_o         (ras_ptr),
    .top_o         (ras_top),
    .second_o      (ras_second),
    .restore_i     (ras_restore),
    .restore_ptr_i (ras_restore_ptr),
    .restore_top_i (ras_restore_top),
    .push_i        (ras_push),
    .push_addr_i   (grp_end_pc + 32'd4),
    .pop_i         (ras_pop)
  );

  // ---------------------------------------------------------------------------------------
  // Next state: back-end redirect > decode redirect / fetch fault > F0 request
  always_comb begin : next_state
    fetch_pc_d = f0_pc;
    seq_d      = seq_q;
    ghist_d    = ghist_q;
    err_stop_d = err_stop_q;
    ifq_kill_d = ifq_kill_q;
    if (redirect_i.valid) begin
      fetch_pc_d = redirect_i.pc;
      seq_d      = redirect_i.seq;
      ghist_d    = redirect_i.meta.ghist[HW-1:0];
      if (redirect_i.branch) ghist_d = {ghist_d[HW-2:0], redirect_i.taken};
      err_stop_d = 1'b0;
      ifq_kill_d = '1;
    end else if (dec_redirect || f1_err) begin
      fetch_pc_d = dec_pc;
      seq_d      = dec_seq;
      ghist_d    = dec_hist;
      err_stop_d = f1_err;
      ifq_kill_d = '1;
    end else if (fire) begin
      fetch_pc_d = grp_next_pc;
      seq_d      = seq_q + 32'(grp_n);
      ghist_d    = grp_hist;
    end
  end

  // Redirects kill every request in flight, including one pushed in the same cycle. The L1I
  // is told, so that it can answer a killed miss at once and serve the new path's hits while
  // it finishes that fill (soc_l1i); a cache that ignores it answers the killed miss later.
  logic kill_new;
  assign kill_new  = redirect_i.valid || dec_redirect || f1_err;
  assign ic_kill_o = kill_new;

  ifq_t new_entry;
  always_comb begin : new_group
    new_entry            = '0;
    new_entry.pc         = f0_pc;
    new_entry.n          = grp_n;
    new_entry.seq        = seq_q;
    new_entry.taken      = grp_taken;
    new_entry.target     = grp_target;
    new_entry.oracle     = slot_oracle;
    new_entry.btb_hit    = btb_hit;
    new_entry.ghist      = slot_hist;
    new_entry.ras_ptr    = ras_ptr;
    new_entry.ras_top    = ras_top;
    new_entry.ras_second = ras_second;
  end

  always_comb begin : reserve
    reserved_d = reserved_q;
    if (fire) reserved_d = reserved_d + (BufCntW + 2)'(grp_n);
    if (ic_rsp_i.rvalid) reserved_d = reserved_d - (BufCntW + 2)'(head.n);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      booted_q   <= 1'b0;
      fetch_pc_q <= '0;
      seq_q      <= '0;
      ghist_q    <= '0;
      err_stop_q <= 1'b0;
      recover_q  <= 1'b0;
      ifq_kill_q <= '0;
      ifq_head_q <= '0;
      ifq_tail_q <= '0;
      ifq_cnt_q  <= '0;
      reserved_q <= '0;
      for (int unsigned i = 0; i < IcOutstanding; i++) ifq_q[i] <= '0;
    end else begin
      booted_q   <= 1'b1;
      fetch_pc_q <= fetch_pc_d;
      seq_q      <= seq_d;
      ghist_q    <= ghist_d;
      err_stop_q <= err_stop_d;
      reserved_q <= reserved_d;
      if (redirect_i.valid) recover_q <= 1'b1;
      else if (fe_take_i != '0) recover_q <= 1'b0;
      ifq_kill_q <= ifq_kill_d;
      if (fire) begin
        ifq_q[ifq_tail_q]      <= new_entry;
        ifq_kill_q[ifq_tail_q] <= kill_new;
        ifq_tail_q             <= QPtrW'(32'(ifq_tail_q) == IcOutstanding - 1 ? 0 :
                                         32'(ifq_tail_q) + 1);
      end
      if (ic_rsp_i.rvalid) begin
        ifq_head_q <= QPtrW'(32'(ifq_head_q) == IcOutstanding - 1 ? 0 : 32'(ifq_head_q) + 1);
      end
      ifq_cnt_q <= ifq_cnt_q + QCntW'(fire) - QCntW'(ic_rsp_i.rvalid);
    end
  end

  // Probe (docs/dev/probe.md, fe_icache_miss): the front end waits on an I-cache miss while the
  // L1I misses a request in flight (it accepts nothing meanwhile), and in the cycle a live
  // block's fill answer reaches F1 (a hit would have been written to the fetch buffer a cycle
  // earlier, so that cycle is part of the miss penalty). After a redirect the L1I answers the
  // killed miss at once and finishes its fill in the background, taking only requests that hit;
  // a request it holds back meanwhile waits on that miss. The L1I's miss flag means exactly
  // "the requester waits on a miss" (docs/dev/core_contract.md), so it is taken as it is; Table II
  // tests "Icache miss" before "bpred miss" (docs/dev/pmu.md).
  logic ic_miss_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : icache_miss_reg
    if (!rst_ni) ic_miss_q <= 1'b0;
    else ic_miss_q <= ic_rsp_i.miss;
  end
  assign fe_icache_miss_o = ic_rsp_i.miss || (ic_miss_q && f1_live);
  assign fe_recover_o     = recover_q;

  // Probe (docs/dev/probe.md, fe_misfetch): from a decode redirect (a taken branch or jump the
  // BTB missed or gave a wrong direct target) until its first correct-path uop, sequence
  // number misfetch_seq_q, is taken by dispatch. Only the front end lost time: no wrong-path
  // uop reached the back end. A back-end redirect ends it (fe_recover_o takes over).
  logic        misfetch_q, misfetch_took;
  logic [31:0] misfetch_seq_q;
  always_comb begin : misfetch_end
    misfetch_took = 1'b0;
    for (int unsigned w = 0; w < FetchWidth; w++) begin
      if (TakeW'(w) < fe_take_i && fe_uop_o[w].seq == misfetch_seq_q) misfetch_took = 1'b1;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin : misfetch_reg
    if (!rst_ni) begin
      misfetch_q     <= 1'b0;
      misfetch_seq_q <= '0;
    end else if (redirect_i.valid) begin
      misfetch_q     <= 1'b0;
    end else if (dec_redirect) begin
      misfetch_q     <= 1'b1;
      misfetch_seq_q <= dec_seq;
    end else if (misfetch_took) begin
      misfetch_q     <= 1'b0;
    end
  end
  assign fe_misfetch_o = misfetch_q;
`ifndef SYNTHESIS
  assign dec_redirect_o = dec_redirect;
`endif

  // Fields of the meta the configured predictor does not use.
  logic unused_meta;
  assign unused_meta = ^{redirect_i.meta, bp_upd_i.meta};

`ifdef SYNTHESIS
  logic unused_perfect_bp;
  assign unused_perfect_bp = perfect_bp_i;
`endif

`ifndef SYNTHESIS
  initial begin : params
    assert (FetchWidth >= 1 && FetchWidth <= 4) else $fatal(1, "FetchWidth: 1..4");
    assert (GshareHistBits >= 2 && GshareHistBits <= MaxGhistBits)
      else $fatal(1, "GshareHistBits: 2..MaxGhistBits");
    assert (RasDepth >= 1 && RasDepth <= 2 ** MaxRasPtrW) else $fatal(1, "RasDepth");
    assert (IcOutstanding >= 1) else $fatal(1, "IcOutstanding >= 1");
  end

  // Pipeline trace (stackscope run --pipeview, tb/harness/pipeview.*): fetch-side events, only while a
  // trace writer is installed. The harness mirrors the in-flight queue and the fetch buffer
  // from them (both in order), so no id travels with the uop and no flop is added.
  import "DPI-C" function bit ss_pipe_on();
  import "DPI-C" function void ss_pipe_fe(input int unsigned kind, input int unsigned a,
                                          input int unsigned b, input int unsigned c);
  bit pipe_on;
  initial pipe_on = ss_pipe_on();
  always_ff @(posedge clk_i) begin : pipeview
    if (pipe_on && rst_ni) begin
      // Fetch: group requested (pc, slots, FetchWidth); Answer: one slot answered (slot, kept
      // in the buffer, insn); Take: uops taken by dispatch; Flush: buffer flushed by a redirect.
      if (fire) ss_pipe_fe(PipeFeFetch, f0_pc, 32'(grp_n), FetchWidth);
      if (ic_rsp_i.rvalid) begin
        for (int unsigned s = 0; s < FetchWidth; s++) begin
          if (32'(head.n) > s) begin
            ss_pipe_fe(PipeFeAnswer, s, 32'(f1_live && !redirect_i.valid && 32'(f1_n) > s),
                       f1_entry[s].insn);
          end
        end
      end
      if (fe_take_i != '0) ss_pipe_fe(PipeFeTake, 32'(fe_take_i), 0, 0);
      if (redirect_i.valid) ss_pipe_fe(PipeFeFlush, 0, 0, 0);
    end
  end

  always_ff @(posedge clk_i) begin : checks
    if (rst_ni) begin
      assert (!ic_rsp_i.rvalid || ifq_cnt_q != '0) else $error("I-port answer without a request");
      assert (!redirect_i.valid || redirect_i.pc[1:0] == 2'b00) else $error("misaligned redirect");
      assert (32'(fe_take_i) <= FetchWidth) else $error("fe_take_i > FetchWidth");
    end
  end
`endif

endmodule : core_frontend
