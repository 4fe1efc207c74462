// GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).
// The core->PMU contract and nothing else: the probe bus (docs/dev/probe.md) and the CSR
// addresses a core forwards to the PMU. rtl/core imports only this package.
`default_nettype none

package probe_pkg;

  // widest dispatch/issue/commit stage the bus can describe
  localparam int unsigned MaxWidth = 4;
  // bits of an n-field (0..MaxWidth)
  localparam int unsigned NW = 3;
  // bits of an instr_cls_e
  localparam int unsigned ClsW = 3;
  // k: most FMA units described
  localparam int unsigned MaxFpUnits = 4;
  // v: most elements per FP operation
  localparam int unsigned MaxVecLen = 8;
  // bits of an unmasked-element count (0..MaxVecLen)
  localparam int unsigned ElemW = 4;
  // bits of the outstanding-memory-request count
  localparam int unsigned MemReqW = 4;
  // program counter bits
  localparam int unsigned PcW = 32;
  // bits of a ROB index (ROBs of up to 64 entries)
  localparam int unsigned RobIdxW = 6;
  localparam int unsigned ProbeBits = 314;  // width of probe_t

  // Class of the instruction blamed for a backend stall (Eyerman et al., Table II, l.11-16).
  typedef enum logic [ClsW-1:0] {
    ClsSingle = 3'd0,  // single-cycle op, or no better reason: booked to depend
    ClsLongLat = 3'd1,  // latency > 1 cycle (mul, div, FP, L1-hit load): booked to alu_lat
    ClsDcL1 = 3'd2,  // D-side miss served inside L1 (DTLB miss, MSHR/bank replay): dcache_l1
    ClsDcL2 = 3'd3,  // load missed L1 D-cache, served by L2: dcache_l2
    ClsDcMem = 3'd4  // load missed L2, served by memory: dcache_mem
  } instr_cls_e;

  // The probe bus: one struct per cycle from the core, sampled at the clock edge.
  typedef struct packed {
    // [dispatch] uops given a ROB entry this cycle (wrong path included)
    logic [NW-1:0] disp_n;
    // [dispatch] dispatched slot j (j < disp_n) is a control transfer that can commit as
    // mispredicted (branch, jal, jalr): it ends a basic block (speculative CPI counters)
    logic [MaxWidth-1:0] disp_br_mask;
    // [dispatch] ROB index of dispatched slot 0; slot j gets the next j-th index (speculative CPI
    // counters)
    logic [RobIdxW-1:0] disp_rob_idx;
    // [dispatch] after the disp_n dispatched, the front end had no further uop ready for dispatch
    logic fe_empty;
    // [fetch] front end is waiting on an I-cache (or ITLB) miss, up to and including the cycle the
    // filled block reaches the fetch buffer; after a redirect, a request the L1I holds back while
    // it finishes a killed miss's fill counts (Table II: Icache miss before bpred miss)
    logic fe_icache_miss;
    // [fetch] front end is refilling after a misprediction (or machine-clear) redirect: from the
    // redirect until the first correct-path uop reaches dispatch
    logic fe_bpred_recover;
    // [fetch] front end is refilling after a decode-time redirect (a taken branch or jump the BTB
    // missed or mistargeted; no wrong-path uop was dispatched): from the redirect until its first
    // correct-path uop is dispatched
    logic fe_misfetch;
    // [dispatch] dispatch blocked: no free ROB entry
    logic rob_full;
    // [dispatch] dispatch blocked: the needed reservation station is full
    logic rs_full;
    // [dispatch] dispatch blocked: load/store queue full
    logic lsq_full;
    // [dispatch] dispatch blocked by any backend resource (superset of rob/rs/lsq_full), Top-Down
    logic be_stall;
    // [issue] uops sent to functional units this cycle
    logic [NW-1:0] iss_n;
    // [issue] all reservation stations empty (after this cycle's issue)
    logic rs_empty;
    // [issue] a ready uop stayed in its RS for lack of a free unit/port (structural stall)
    logic iss_struct;
    // [issue] the oldest uop left in the RSs waits on a producer
    logic iss_nonready;
    // [issue] instr_cls_e of that producer (valid if iss_nonready); ClsSingle in the cycle it
    // issues
    instr_cls_e iss_prod_cls;
    // [issue] ROB index of issued uop k, k < iss_n (speculative CPI counters)
    logic [MaxWidth-1:0][RobIdxW-1:0] iss_rob_idx;
    // [issue] ROB index of the oldest uop left in the RSs (valid if !rs_empty; speculative CPI
    // counters)
    logic [RobIdxW-1:0] iss_old_rob_idx;
    // [commit] uops committed this cycle
    logic [NW-1:0] cmt_n;
    // [commit] of those, uops supplied by a microsequencer/multi-op expansion
    logic [NW-1:0] cmt_ms_n;
    // [commit] ROB empty (after this cycle's commit)
    logic rob_empty;
    // [commit] after this cycle's commit the ROB head holds a uop (the oldest uop not committed)
    logic rob_head_valid;
    // [commit] that uop has finished executing
    logic rob_head_done;
    // [commit] instr_cls_e of that uop (valid if rob_head_valid); ClsSingle while it waits in an
    // RS and in the cycle it issues
    instr_cls_e rob_head_cls;
    // [commit] a mispredicted branch committed this cycle
    logic cmt_br_mispred;
    // [commit] of the cmt_n, uops that end a basic block (the disp_br_mask kind; speculative CPI
    // counters)
    logic [NW-1:0] cmt_br_n;
    // [commit] pipeline flush not caused by a branch (ordering, fence.i, CSR)
    logic machine_clear;
    // [commit] exception or interrupt taken at commit this cycle
    logic exception;
    // [memory] at least one issued load has not returned data
    logic ld_inflight;
    // [memory] at least one in-flight demand load missed the L1 D-cache
    logic ld_l1miss;
    // [memory] at least one in-flight demand load missed the L2
    logic ld_l2miss;
    // [memory] store buffer full: no further store can issue
    logic sb_full;
    // [memory] requests outstanding at the memory controller
    logic [MemReqW-1:0] mem_outstanding;
    // [issue] unit j started an FP arithmetic op this cycle
    logic [MaxFpUnits-1:0] fp_issue;
    // [issue] that op is a fused multiply-add (a = 2, else a = 1)
    logic [MaxFpUnits-1:0] fp_fma;
    // [issue] unmasked elements m (0..v) of that op
    logic [MaxFpUnits-1:0][ElemW-1:0] fp_elems;
    // [issue] at least one FP arithmetic uop waits in an RS
    logic fp_wait_rs;
    // [issue] an FP unit is busy with a non-FP-arithmetic uop
    logic fp_unit_nonfp;
    // [issue] the producer of the oldest waiting FP uop is a load
    logic fp_prod_load;
    // [commit] ROB head bank entry j holds a uop
    logic [MaxWidth-1:0] head_valid;
    // [commit] ROB head bank entry j commits this cycle
    logic [MaxWidth-1:0] head_commit;
    // [commit] pc of ROB head bank entry j
    logic [MaxWidth-1:0][PcW-1:0] head_pc;
    // [commit] a flush (mispredict, exception, machine clear) this cycle
    logic flush;
    // [commit] pc of the instruction causing that flush
    logic [PcW-1:0] flush_pc;
    // [dispatch] pc of the oldest uop at dispatch this cycle: dispatched now, or next to enter the
    // ROB when disp_n = 0 (TIP drained-state blame, dispatch-tagging sampler)
    logic [PcW-1:0] next_pc;
  } probe_t;

  // Simulation only: the core's observation port (not read by the PMU; the harness
  // checks the probe against it, docs/dev/probe.md "Checking the probe against the machine").
  typedef struct packed {
    // [issue] free entries of the reservation-station class with the fewest
    logic [8-1:0] rs_min_free;
    // [issue] uops left in the reservation stations after this cycle's issue
    logic [8-1:0] rs_wait;
    // [issue] of those, uops whose sources are ready
    logic [8-1:0] rs_ready_left;
    // [memory] load-queue entries issued to the D-cache and waiting for data
    logic [8-1:0] lq_waiting;
    // [memory] free store-buffer entries
    logic [8-1:0] sb_free;
    // [issue] FP arithmetic uops left in the FP reservation station after this cycle's issue
    logic [8-1:0] fp_wait;
    // [issue] of those, uops whose sources are ready
    logic [8-1:0] fp_ready_left;
    // [fetch] the decode stage redirected fetch this cycle
    logic dec_redirect;
    // [fetch] the back end redirected the front end this cycle
    logic be_redirect;
  } core_obs_t;

  // CSRs served by pmu_top (the core forwards accesses to them): custom CSRs and the
  // read-only window. The standard counter CSRs are the RISC-V ones (core_pkg).
  // Custom CSRs are consecutive: the forwarded range is AddrPmuBank..AddrPmuCustomLast.
  localparam logic [11:0] AddrPmuBank = 12'hBC0;  // RW
  localparam logic [11:0] AddrTipCtrl = 12'hBC1;  // RW
  localparam logic [11:0] AddrTipAck = 12'hBC2;  // W
  localparam logic [11:0] AddrPmuCustomLast = 12'hBC2;
  localparam logic [11:0] AddrWindow = 12'hFC0;  // RO, 64 words
  localparam int unsigned WindowWordBits = 6;

  // Test only (docs/dev/probe.md "Probe mutants"): the probe with mutant m applied (0: none).
  localparam int unsigned NumProbeMutants = 37;
  function automatic probe_t probe_mutate(probe_t p, logic [7:0] m);
    probe_t q;
    q = p;
    case (m)
      8'd1: q.rob_full = p.rs_full;  // rob_full_as_rs_full
      8'd2: q.rs_full = p.lsq_full;  // rs_full_as_lsq_full
      8'd3: q.lsq_full = p.sb_full;  // lsq_full_as_sb_full
      8'd4: q.be_stall = p.rob_full;  // be_stall_rob_only
      8'd5: q.fe_empty = p.disp_n == '0;  // fe_empty_as_no_dispatch
      8'd6: q.fe_icache_miss = 1'b0;  // fe_icache_miss_unwired
      8'd7: q.fe_bpred_recover = p.flush;  // fe_bpred_recover_flush_only
      8'd8: q.fe_misfetch = 1'b0;  // fe_misfetch_unwired
      8'd9: q.rs_empty = p.rob_empty;  // rs_empty_as_rob_empty
      8'd10: q.iss_struct = 1'b0;  // iss_struct_unwired
      8'd11: q.iss_nonready = !p.rs_empty;  // iss_nonready_as_rs_busy
      8'd12: q.iss_prod_cls = p.rob_head_cls;  // iss_prod_cls_as_head_cls
      8'd13: q.rob_head_done = p.rob_head_valid;  // rob_head_done_as_valid
      8'd14: q.rob_head_cls = p.rob_head_cls == ClsDcMem ? ClsDcL2 : p.rob_head_cls;  // rob_head_cls_mem_as_l2
      8'd15: q.cmt_br_mispred = p.machine_clear;  // cmt_br_mispred_as_clear
      8'd16: q.machine_clear = p.exception;  // machine_clear_as_exception
      8'd17: q.exception = 1'b0;  // exception_unwired
      8'd18: q.ld_l1miss = p.ld_l2miss;  // ld_l1miss_as_l2miss
      8'd19: q.ld_l2miss = p.ld_l1miss;  // ld_l2miss_as_l1miss
      8'd20: q.ld_inflight = p.ld_l1miss;  // ld_inflight_as_l1miss
      8'd21: q.sb_full = p.lsq_full;  // sb_full_as_lsq_full
      8'd22: q.mem_outstanding = '0;  // mem_outstanding_unwired
      8'd23: q.cmt_n = NW'(p.head_commit[0]);  // cmt_n_slot0
      8'd24: q.disp_n = NW'(p.disp_n != '0);  // disp_n_one
      8'd25: q.iss_n = NW'(p.iss_n != '0);  // iss_n_one
      8'd26: q.cmt_br_n = '0;  // cmt_br_n_unwired
      8'd27: q.disp_br_mask = '0;  // disp_br_mask_unwired
      8'd28: q.flush = p.cmt_br_mispred;  // flush_mispred_only
      8'd29: q.next_pc = p.head_pc[0];  // next_pc_as_head_pc
      8'd30: q.flush_pc = p.next_pc;  // flush_pc_as_next_pc
      8'd31: q.head_pc = {MaxWidth{p.next_pc}};  // head_pc_as_next_pc
      8'd32: q.iss_old_rob_idx = p.iss_rob_idx[0];  // iss_old_rob_idx_as_head
      8'd33: q.fp_issue = '0;  // fp_issue_unwired
      8'd34: q.fp_fma = '0;  // fp_fma_unwired
      8'd35: q.fp_unit_nonfp = 1'b0;  // fp_unit_nonfp_unwired
      8'd36: q.fp_wait_rs = !p.rs_empty;  // fp_wait_rs_as_rs_busy
      8'd37: q.fp_prod_load = p.iss_nonready && (p.iss_prod_cls == ClsDcL2 || p.iss_prod_cls == ClsDcMem);  // fp_prod_load_as_iss_miss
      default: ;
    endcase
    return q;
  endfunction

endpackage : probe_pkg

`default_nettype wire
