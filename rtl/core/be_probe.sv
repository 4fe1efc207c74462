// Probe bus of the core (docs/dev/probe.md): the whole core -> PMU contract in one place. Every
// field of probe_o is computed here from the back end's dispatch, issue, LSQ and commit state;
// the back-end stages only export their state. The producer class per physical register
// (for the issue stage's "waiting on what" classification) is kept here too.
`default_nettype none

module be_probe
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg          = core_cfg_pkg::CfgDefault,
  parameter type       rob_t        = logic,  // core_backend's ROB entry
  parameter type       rs_payload_t = logic   // core_backend's RS payload
) (
  input  logic                                       clk_i,
  input  logic                                       rst_ni,  // the checks only
  // Front end
  input  logic [Cfg.FetchWidth-1:0]                  fe_valid_i,
  input  fe_uop_t [Cfg.FetchWidth-1:0]               fe_uop_i,
  input  logic                                       fe_icache_miss_i,
  input  logic                                       fe_recover_i,
  input  logic                                       fe_misfetch_i,
  // Dispatch (be_rename)
  input  logic [TakeW-1:0]                           disp_n_i,
  input  logic [Cfg.DispatchWidth-1:0]               d_ok_i,
  input  logic [Cfg.DispatchWidth-1:0]               d_dst_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0]   d_pdst_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.LqW-1:0]  d_lq_i,
  input  logic                                       d_block_i,
  input  logic                                       st_rob_full_i,
  input  logic                                       st_rs_full_i,
  input  logic                                       st_lsq_full_i,
  input  logic                                       st_preg_i,
  input  logic [Cfg.NumTags-1:0]                     rdy_i,
  // Issue (be_issue)
  input  logic [Cfg.NumPorts-1:0]                    grant_i,
  input  rs_payload_t [Cfg.NumPorts-1:0]             iu_i,
  input  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_valid_i,
  input  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_ready_i,
  input  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_issue_i,
  input  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src1_i,
  input  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src2_i,
  input  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src3_i,
  input  rs_payload_t [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_pl_i,
  input  logic                                       redirect_exec_i,
  // Load/store queues (be_lsq) and the memory system
  input  logic [Cfg.LqEntries-1:0]                   lq_valid_i,
  input  logic [Cfg.LqEntries-1:0]                   lq_busy_i,
  input  logic [Cfg.LqEntries-1:0]                   lq_miss1_i,
  input  logic [Cfg.LqEntries-1:0]                   lq_miss2_i,
  input  logic [Cfg.LqEntries-1:0]                   dc_l1miss_tags_i,  // D-port tags = LQ
  input  logic [Cfg.LqEntries-1:0]                   dc_l2miss_tags_i,
  input  logic                                       st_l1miss_i,  // a store waits in an MSHR
  input  logic                                       st_l2miss_i,  // ... and missed L2
  input  logic                                       st_ans_i,     // a store answer arrives
  input  logic [1:0]                                 dc_rlevel_i,  // its level
  input  logic [Cfg.SqW:0]                           sb_cnt_i,
  input  logic                                       sb_no_room_i, // after commit (be_rob_commit)
  input  logic [3:0]                                 mem_outstanding_i,
  // ROB and commit (be_rob_commit)
  input  logic [Cfg.RobW-1:0]                        rob_head_i,
  input  logic [Cfg.RobW-1:0]                        rob_tail_i,
  input  logic [Cfg.RobW:0]                          rob_cnt_i,
  input  logic [Cfg.RobW-1:0]                        rob_head_d_i,  // head after this commit
  input  rob_t                                       nh_i,       // entry at rob_head_d_i
  input  rob_t [Cfg.CommitWidth-1:0]                 hd_i,
  input  logic [Cfg.CommitWidth-1:0]                 hv_i,
  input  logic [Cfg.CommitWidth-1:0]                 cmt_i,
  input  logic [TakeW-1:0]                           cmt_n_i,
  input  logic                                       flush_i,
  input  logic [31:0]                                flush_pc_i,
  input  logic                                       cmt_mispred_i,
  input  logic                                       cmt_clear_i,
  input  logic                                       cmt_exception_i,
`ifndef SYNTHESIS
  output probe_pkg::core_obs_t                         obs_o,  // the harness's ProbeCheck
`endif
  output probe_pkg::probe_t                            probe_o
);

  function automatic logic [Cfg.RobW-1:0] age(logic [Cfg.RobW-1:0] idx, logic [Cfg.RobW-1:0] head);
    return idx - head;
  endfunction

  // An RS entry's first source that is not ready (src2 when all are; src3 is tag 0, x0's
  // always-ready register, outside the FP RS).
  function automatic logic [Cfg.PW-1:0] first_waiting(logic [Cfg.PW-1:0] s1, logic [Cfg.PW-1:0] s2,
                                                      logic [Cfg.PW-1:0] s3);
    if (!rdy_i[s1]) return s1;
    if (rdy_i[s2] && !rdy_i[s3]) return s3;
    return s2;
  endfunction

  function automatic probe_pkg::instr_cls_e cls_of(op_class_e c, logic miss1, logic miss2);
    if (c == ClsLoad) begin
      if (miss2) return probe_pkg::ClsDcMem;
      if (miss1) return probe_pkg::ClsDcL2;
      return probe_pkg::ClsLongLat;
    end
    // FP ops are long-latency ops (alu_lat); a load feeding one is classified as any load.
    if (c == ClsMul || c == ClsDiv || c == ClsFpu) return probe_pkg::ClsLongLat;
    return probe_pkg::ClsSingle;
  endfunction

  // Producer class per physical register (loads look up their LQ entry's miss state).
  op_class_e       preg_cls_q [Cfg.NumTags];
  logic [Cfg.LqW-1:0] preg_lq_q [Cfg.NumTags];
  always_ff @(posedge clk_i) begin : preg_class
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      if (d_ok_i[w] && d_dst_i[w]) begin
        preg_cls_q[d_pdst_i[w]] <= fe_uop_i[w].uop.cls;
        preg_lq_q[d_pdst_i[w]]  <= d_lq_i[w];
      end
    end
  end

  typedef struct packed {
    logic [probe_pkg::MaxFpUnits-1:0]                      issue;
    logic [probe_pkg::MaxFpUnits-1:0]                      fma;
    logic [probe_pkg::MaxFpUnits-1:0][probe_pkg::ElemW-1:0] elems;
    logic                                                  wait_rs;
    logic                                                  unit_nonfp;
    logic                                                  prod_load;
  } fp_probe_t;
  fp_probe_t fp_fields;

  // Oldest uop left in the RSs (not issuing this cycle): a tree of pairwise comparisons by
  // ROB age, log2 levels deep instead of a scan through every RS entry (a scan would be the
  // longest combinational path of the FPGA top, docs/fpga.md). The lower-index candidate
  // wins a tie, so the tree picks the first of the oldest in (class, entry) order, as a
  // scan would.
  localparam int unsigned NumCand = NumRsClasses * Cfg.RsEntries;
  localparam int unsigned CandW   = $clog2(NumCand);
  localparam int unsigned NumLeaf = 2 ** CandW;
  localparam int unsigned ClassW  = $clog2(NumRsClasses);
  localparam int unsigned EntryW  = Cfg.RsEntries > 1 ? $clog2(Cfg.RsEntries) : 1;
  typedef struct packed {
    logic                v;
    logic [Cfg.RobW-1:0] age;
    logic [ClassW-1:0]   c;
    logic [EntryW-1:0]   e;
  } rs_cand_t;
  function automatic logic right_older(logic lv, logic [Cfg.RobW-1:0] la, logic rv,
                                       logic [Cfg.RobW-1:0] ra);
    return rv && (!lv || ra < la);
  endfunction
  function automatic rs_cand_t older(rs_cand_t l, rs_cand_t r);
    return right_older(l.v, l.age, r.v, r.age) ? r : l;
  endfunction
  // The root's pick: whether there is a candidate, and where (its age is not needed).
  function automatic logic [ClassW+EntryW:0] root_pick(rs_cand_t l, rs_cand_t r);
    return right_older(l.v, l.age, r.v, r.age) ? {r.v, r.c, r.e} : {l.v, l.c, l.e};
  endfunction
  for (genvar l = 0; l < CandW; l++) begin : gen_oldest
    rs_cand_t [(NumLeaf >> l)-1:0] n;  // n[i]: the oldest of leaves i * 2^l .. (i + 1) * 2^l - 1
    if (l == 0) begin : gen_leaf
      for (genvar k = 0; k < NumLeaf; k++) begin : gen_k
        if (k < NumCand) begin : gen_rs
          localparam int unsigned C = k / Cfg.RsEntries;
          localparam int unsigned E = k % Cfg.RsEntries;
          assign n[k] = '{v:   rs_valid_i[C][E] && !rs_issue_i[C][E],
                          age: age(rs_pl_i[C][E].rob, rob_head_i),
                          c:   ClassW'(C),
                          e:   EntryW'(E)};
        end else begin : gen_pad
          assign n[k] = '0;
        end
      end
    end else begin : gen_pick
      for (genvar i = 0; i < (NumLeaf >> l); i++) begin : gen_i
        assign n[i] = older(gen_oldest[l-1].n[2*i], gen_oldest[l-1].n[2*i+1]);
      end
    end
  end
  logic              oldest_v;
  logic [ClassW-1:0] oldest_c;
  logic [EntryW-1:0] oldest_e;
  assign {oldest_v, oldest_c, oldest_e} = root_pick(gen_oldest[CandW-1].n[0],
                                                    gen_oldest[CandW-1].n[1]);

  always_comb begin : probe
    logic            any_rs, found, src_wait1, head_start, prod_start;
    logic [Cfg.PW-1:0] prod;
    logic [Cfg.RobW-1:0] oldest_rob;
    logic [probe_pkg::NW-1:0] k_iss;
    logic [Cfg.LqEntries-1:0] lq_miss1_now, lq_miss2_now;
    logic            head_sb_wait, sb_miss1, sb_miss2;
    lq_miss1_now = lq_miss1_i | dc_l1miss_tags_i[Cfg.LqEntries-1:0];
    lq_miss2_now = lq_miss2_i | dc_l2miss_tags_i[Cfg.LqEntries-1:0];
    probe_o = '0;
    probe_o.disp_n         = disp_n_i;
    // Speculative CPI counters: block-ending uops (the ROB's ctrl kind) and ROB indices.
    probe_o.disp_rob_idx   = probe_pkg::RobIdxW'(rob_tail_i);
    for (int unsigned w = 0; w < Cfg.DispatchWidth && w < probe_pkg::MaxWidth; w++) begin
      probe_o.disp_br_mask[w] = d_ok_i[w] && !fe_uop_i[w].fetch_err
          && fe_uop_i[w].uop.cls inside {ClsBranch, ClsJal, ClsJalr};
    end
    k_iss = '0;
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      if (grant_i[p] && k_iss < probe_pkg::NW'(probe_pkg::MaxWidth)) begin
        probe_o.iss_rob_idx[k_iss] = probe_pkg::RobIdxW'(iu_i[p].rob);
        k_iss = k_iss + 1'b1;
      end
    end
    probe_o.fe_empty = 1'b1;
    for (int unsigned w = 0; w < Cfg.DispatchWidth; w++) begin
      if (TakeW'(w) == disp_n_i && fe_valid_i[w]) probe_o.fe_empty = 1'b0;
    end
    // While dispatch is held for a redirect (a branch redirecting from execute, a commit-time
    // flush, a mispredicted branch not yet committed) nothing the front end holds can be
    // dispatched: that is the recovery's cost (bpred / RecoveryBubbles), not an unexplained
    // dispatch stall. fe_recover_i only starts the cycle after the redirect.
    if (d_block_i) probe_o.fe_empty = 1'b1;
    probe_o.fe_icache_miss = fe_icache_miss_i;
    probe_o.fe_bpred_recover = fe_recover_i || redirect_exec_i || flush_i;
    probe_o.fe_misfetch    = fe_misfetch_i;
    probe_o.rob_full       = st_rob_full_i;
    probe_o.rs_full        = st_rs_full_i;
    probe_o.lsq_full       = st_lsq_full_i;
    probe_o.be_stall       = st_rob_full_i | st_rs_full_i | st_lsq_full_i | st_preg_i;
    probe_o.iss_n          = 3'($countones(grant_i));
    any_rs = 1'b0;
    for (int unsigned c = 0; c < NumRsClasses; c++) begin
      any_rs |= (rs_valid_i[c] & ~rs_issue_i[c]) != '0;
    end
    probe_o.rs_empty = !any_rs;
    // Oldest uop left in the RSs (gen_oldest above): structural (ready) or waiting on a
    // producer.
    probe_o.iss_struct = 1'b0;
    for (int unsigned c = 0; c < NumRsClasses; c++) begin
      if ((rs_valid_i[c] & ~rs_issue_i[c] & rs_ready_i[c]) != '0) probe_o.iss_struct = 1'b1;
    end
    found = oldest_v;
    oldest_rob = found ? rs_pl_i[oldest_c][oldest_e].rob : '0;
    src_wait1 = found && !rs_ready_i[oldest_c][oldest_e];
    prod = found ? first_waiting(rs_src1_i[oldest_c][oldest_e], rs_src2_i[oldest_c][oldest_e],
                                 rs_src3_i[oldest_c][oldest_e]) : '0;
    probe_o.iss_nonready = found && src_wait1;
    probe_o.iss_old_rob_idx = probe_pkg::RobIdxW'(oldest_rob);
    // A uop's first cycle -- the cycle it issues, or any cycle it still waits in an RS -- would
    // hold its dependant or the ROB head at any latency, so it is dependence (ClsSingle); only
    // the cycles after it are its long latency or its miss (Table II's ALU_lat: "cycles lost
    // due to multi-cycle latency instructions"; docs/dev/probe.md "First cycle").
    head_start = found && oldest_rob == rob_head_d_i;
    prod_start = 1'b0;
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      if (grant_i[p] && iu_i[p].rob == rob_head_d_i) head_start = 1'b1;
      if (grant_i[p] && iu_i[p].has_dst && iu_i[p].pdst == prod) prod_start = 1'b1;
    end
    probe_o.iss_prod_cls = prod_start ? probe_pkg::ClsSingle
        : cls_of(preg_cls_q[prod], lq_miss1_now[preg_lq_q[prod]], lq_miss2_now[preg_lq_q[prod]]);
    probe_o.cmt_n          = cmt_n_i;
    probe_o.cmt_ms_n       = '0;
    // After this cycle's commit: the first uncommitted entry.
    probe_o.rob_empty      = flush_i || rob_cnt_i == (Cfg.RobW+1)'(cmt_n_i);
    probe_o.rob_head_valid = !probe_o.rob_empty;
    probe_o.rob_head_done  = probe_o.rob_head_valid && nh_i.done;
    probe_o.rob_head_cls   = head_start ? probe_pkg::ClsSingle
                             : cls_of(nh_i.cls, lq_miss1_now[nh_i.lq], lq_miss2_now[nh_i.lq]);
    // A done store at the head that the full store buffer cannot take while the buffer drains
    // a store that missed the L1D waits on that miss: Eyerman et al.'s "the ROB head waits on
    // a D-cache miss", at its level (docs/dev/probe.md, "Stores"; the paper has no SB).
    // The miss lasts while the L1D holds the store in an MSHR and in the cycle its answer
    // arrives (its buffer entry frees the cycle after).
    sb_miss1 = st_l1miss_i || (st_ans_i && dc_rlevel_i >= 2'd1);
    sb_miss2 = st_l2miss_i || (st_ans_i && dc_rlevel_i >= 2'd2);
    head_sb_wait = probe_o.rob_head_valid && nh_i.done && nh_i.cls == ClsStore && !nh_i.exc
                && !nh_i.mmio && sb_no_room_i && sb_miss1;
    if (head_sb_wait) begin
      probe_o.rob_head_done = 1'b0;
      probe_o.rob_head_cls  = sb_miss2 ? probe_pkg::ClsDcMem : probe_pkg::ClsDcL2;
    end
    probe_o.cmt_br_mispred = cmt_mispred_i;
    for (int unsigned k = 0; k < Cfg.CommitWidth; k++) begin
      if (cmt_i[k] && hd_i[k].ctrl) probe_o.cmt_br_n = probe_o.cmt_br_n + 1'b1;
    end
    probe_o.machine_clear  = cmt_clear_i;
    probe_o.exception      = cmt_exception_i;
    probe_o.ld_inflight    = (lq_busy_i & lq_valid_i) != '0;
    probe_o.ld_l1miss      = (lq_busy_i & lq_valid_i & lq_miss1_now) != '0;
    probe_o.ld_l2miss      = (lq_busy_i & lq_valid_i & lq_miss2_now) != '0;
    probe_o.sb_full        = sb_cnt_i >= (Cfg.SqW+1)'(Cfg.SbEntries);
    probe_o.mem_outstanding = mem_outstanding_i;
    for (int unsigned k = 0; k < Cfg.CommitWidth && k < probe_pkg::MaxWidth; k++) begin
      probe_o.head_valid[k]  = hv_i[k];
      probe_o.head_commit[k] = cmt_i[k];
      probe_o.head_pc[k]     = hd_i[k].pc;
    end
    probe_o.flush    = flush_i;
    probe_o.flush_pc = flush_pc_i;
    probe_o.next_pc  = fe_uop_i[0].pc;
    probe_o.fp_issue      = fp_fields.issue;
    probe_o.fp_fma        = fp_fields.fma;
    probe_o.fp_elems      = fp_fields.elems;
    probe_o.fp_wait_rs    = fp_fields.wait_rs;
    probe_o.fp_unit_nonfp = fp_fields.unit_nonfp;
    probe_o.fp_prod_load  = fp_fields.prod_load;
  end

  // FLOPS stack (Eyerman et al., Table III; docs/dev/probe.md "FP"): k = FpUnits pipes,
  // v = 1. A pipe issuing FP arithmetic (fpu_pkg::is_arith) does a = 2 (FMA) or 1 flops on its
  // one element; a pipe issuing anything else (min/max, compares, fclass, sign injection,
  // conversions, moves) is busy without flops. fdiv/fsqrt run on their own unit, not on a
  // pipe: they are FP arithmetic waiting in the RS (fp_wait_rs) but never an fp_issue.
  // FP arithmetic uops left in the FP RS after this cycle's issue: what fp_wait_rs and
  // fp_prod_load look at, and what the observation port counts.
  logic [Cfg.RsEntries-1:0] fp_left;
  always_comb begin : fp_left_of
    for (int unsigned e = 0; e < Cfg.RsEntries; e++) begin
      fp_left[e] = rs_valid_i[RsFp][e] && !rs_issue_i[RsFp][e]
                && fpu_pkg::is_arith(rs_pl_i[RsFp][e].uop.fpu_op);
    end
  end

  always_comb begin : fp_probe
    logic                found;
    logic [Cfg.RobW-1:0] a, best;
    logic [Cfg.PW-1:0]   prod;
    logic                waiting;
    fp_fields = '0;
    for (int unsigned j = 0; j < Cfg.FpUnits; j++) begin
      if (grant_i[Cfg.PFma + j]) begin
        if (fpu_pkg::is_arith(iu_i[Cfg.PFma + j].uop.fpu_op)) begin
          fp_fields.issue[j] = 1'b1;
          fp_fields.fma[j]   = fpu_pkg::is_fma(iu_i[Cfg.PFma + j].uop.fpu_op);
          fp_fields.elems[j] = probe_pkg::ElemW'(1);
        end else begin
          fp_fields.unit_nonfp = 1'b1;
        end
      end
    end
    // The oldest FP arithmetic uop left in the FP RS, and the producer of its first source
    // that is not ready.
    found = 1'b0; best = '0; prod = '0; waiting = 1'b0;
    for (int unsigned e = 0; e < Cfg.RsEntries; e++) begin
      a = age(rs_pl_i[RsFp][e].rob, rob_head_i);
      if (fp_left[e] && (!found || a < best)) begin
        found   = 1'b1;
        best    = a;
        waiting = !rs_ready_i[RsFp][e];
        prod = first_waiting(rs_src1_i[RsFp][e], rs_src2_i[RsFp][e], rs_src3_i[RsFp][e]);
      end
    end
    fp_fields.wait_rs   = found;
    fp_fields.prod_load = found && waiting && preg_cls_q[prod] == ClsLoad;
  end

`ifndef SYNTHESIS
  // Observation port (docs/dev/probe.md "Checking the probe against the machine"): the raw
  // occupancy of the structures, as counts, for the harness to re-derive the flags above from
  // their documented meaning. The front-end fields are filled by core_top.
  always_comb begin : observe
    int unsigned free_c, min_free, wait_n, ready_n;
    min_free = Cfg.RsEntries;
    wait_n = 0;
    ready_n = 0;
    for (int unsigned c = 0; c < NumRsClasses; c++) begin
      free_c = $countones(~rs_valid_i[c]);
      if (free_c < min_free) min_free = free_c;
      wait_n += $countones(rs_valid_i[c] & ~rs_issue_i[c]);
      ready_n += $countones(rs_valid_i[c] & rs_ready_i[c] & ~rs_issue_i[c]);
    end
    obs_o = '0;
    obs_o.rs_min_free   = 8'(min_free);
    obs_o.rs_wait       = 8'(wait_n);
    obs_o.rs_ready_left = 8'(ready_n);
    obs_o.lq_waiting    = 8'($countones(lq_busy_i & lq_valid_i));
    obs_o.fp_wait       = 8'($countones(fp_left));
    obs_o.fp_ready_left = 8'($countones(fp_left & rs_ready_i[RsFp]));
    // Saturating: committed device stores wait in the queue too (be_lsq counts them in
    // sb_cnt) beyond the SbEntries cached ones be_rob_commit admits.
    obs_o.sb_free       = sb_cnt_i >= (Cfg.SqW+1)'(Cfg.SbEntries) ? 8'd0
                        : 8'(Cfg.SbEntries) - 8'(sb_cnt_i);
  end

  // Flags tied to the structures that cause them (docs/dev/probe.md). The harness's
  // ProbeCheck checks the window flags against counts it follows itself; these tie the rest to
  // the back end's state, which the dispatch flags were computed from elsewhere (be_rename).
  logic rs_short;  // some RS class has fewer free entries than a dispatch group needs
  always_comb begin : rs_short_any
    rs_short = 1'b0;
    for (int unsigned c = 0; c < NumRsClasses; c++) begin
      if ($countones(~rs_valid_i[c]) < Cfg.DispatchWidth) rs_short = 1'b1;
    end
  end
  always_ff @(posedge clk_i) begin : checks
    if (rst_ni) begin
      assert (!probe_o.rob_full
              || rob_cnt_i + (Cfg.RobW+1)'(disp_n_i) == (Cfg.RobW+1)'(Cfg.RobEntries))
        else $error("be_probe: rob_full with %0d of %0d ROB entries after dispatch",
                    rob_cnt_i + (Cfg.RobW+1)'(disp_n_i), Cfg.RobEntries);
      assert (!probe_o.rs_full || rs_short)
        else $error("be_probe: rs_full while every RS class has room for a group");
      assert (!probe_o.be_stall || !probe_o.fe_empty)
        else $error("be_probe: back-end stall without a uop waiting at dispatch");
      assert (!probe_o.ld_l2miss || probe_o.ld_l1miss)
        else $error("be_probe: a load missed the L2 without missing the L1D");
      assert ((probe_o.fp_fma & ~probe_o.fp_issue) == '0)
        else $error("be_probe: fp_fma on a pipe that issued no FP arithmetic");
      assert (!probe_o.fp_prod_load || probe_o.fp_wait_rs)
        else $error("be_probe: fp_prod_load with no FP op waiting");
      for (int unsigned j = 0; j < probe_pkg::MaxFpUnits; j++) begin
        assert (probe_o.fp_elems[j] == probe_pkg::ElemW'(probe_o.fp_issue[j]))
          else $error("be_probe: fp_elems[%0d] is not v = 1 with fp_issue", j);
      end
    end
  end
`endif

endmodule : be_probe
