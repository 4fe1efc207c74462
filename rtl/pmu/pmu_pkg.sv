// GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).
// The PMU's own types (counter enums, events, address map) and the event increment
// functions. The probe contract is probe_pkg; the aliases below keep `pmu_pkg::probe_t`
// and friends working for code that has not switched to probe_pkg yet.
// C++ twin: sim_model/pmu/pmu_gen.h. Integration guide: docs/dev/probe.md.
`default_nettype none

package pmu_pkg;

  // ---- the probe contract, re-exported (SV packages do not re-export imports)
  localparam int unsigned MaxWidth = probe_pkg::MaxWidth;
  localparam int unsigned NW = probe_pkg::NW;
  localparam int unsigned ClsW = probe_pkg::ClsW;
  localparam int unsigned MaxFpUnits = probe_pkg::MaxFpUnits;
  localparam int unsigned MaxVecLen = probe_pkg::MaxVecLen;
  localparam int unsigned ElemW = probe_pkg::ElemW;
  localparam int unsigned MemReqW = probe_pkg::MemReqW;
  localparam int unsigned PcW = probe_pkg::PcW;
  localparam int unsigned RobIdxW = probe_pkg::RobIdxW;
  localparam int unsigned ProbeBits = probe_pkg::ProbeBits;
  typedef probe_pkg::instr_cls_e instr_cls_e;
  typedef probe_pkg::probe_t probe_t;
  localparam instr_cls_e ClsSingle = probe_pkg::ClsSingle;
  localparam instr_cls_e ClsLongLat = probe_pkg::ClsLongLat;
  localparam instr_cls_e ClsDcL1 = probe_pkg::ClsDcL1;
  localparam instr_cls_e ClsDcL2 = probe_pkg::ClsDcL2;
  localparam instr_cls_e ClsDcMem = probe_pkg::ClsDcMem;

  // CPI stack stages (index of cpi_stack's first cnt_o dimension).
  typedef enum logic [1:0] {
    StDispatch = 2'd0,  // dispatch
    StIssue = 2'd1,  // issue
    StCommit = 2'd2  // commit
  } cpi_stage_e;
  localparam int unsigned NumCpiStages = 3;

  // CPI stack components (index of cpi_stack's second cnt_o dimension).
  typedef enum logic [3:0] {
    CompBase = 4'd0,  // n slots used (Table II l.2)
    CompIcache = 4'd1,  // front end dry on an I-cache miss (l.5-6)
    CompBpred = 4'd2,  // front end dry while recovering from a misprediction (l.7-8)
    CompDcacheL1 = 4'd3,  // blamed uop has a D-side miss served in L1 (l.11-12)
    CompDcacheL2 = 4'd4,  // blamed uop missed L1, served by L2 (l.11-12)
    CompDcacheMem = 4'd5,  // blamed uop missed L2, served by memory (l.11-12)
    CompAluLat = 4'd6,  // blamed uop has latency > 1 (l.13-14)
    CompDepend = 4'd7,  // blamed uop is single-cycle: dependence chain (l.15-16)
    CompOther = 4'd8  // no Table II cause: front end dry without a miss, backend stall without a full ROB/RS/LSQ, head done but not all slots commit; at issue, structural (no free unit/port)
  } cpi_comp_e;
  localparam int unsigned NumCpiComps = 9;

  // speculative CPI counters (cpi_spec): dispatch and issue components, then merges
  localparam int unsigned NumSpecCnt = 19;

  // Top-Down event counters (Yasin, Table 1): index into topdown's cnt_o.
  typedef enum logic [4:0] {
    TdClocks = 5'd0,  // 1
    TdTotalSlots = 5'd1,  // W
    TdSlotsIssued = 5'd2,  // disp_n
    TdSlotsRetired = 5'd3,  // cmt_n
    TdFetchBubbles = 5'd4,  // !be_stall && (!fe_bpred_recover || fe_icache_miss) ? W - disp_n : 0
    TdFetchBubblesGeW = 5'd5,  // cycles with (!be_stall && (!fe_bpred_recover || fe_icache_miss) ? W - disp_n : 0) >= W
    TdRecoveryBubbles = 5'd6,  // fe_bpred_recover && !fe_icache_miss ? W - disp_n : 0
    TdBrMispredRetired = 5'd7,  // cmt_br_mispred
    TdMachineClears = 5'd8,  // machine_clear
    TdMsSlotsRetired = 5'd9,  // cmt_ms_n
    TdOpsExec0 = 5'd10,  // cycles with (iss_n) == 0
    TdOpsExec1 = 5'd11,  // cycles with (iss_n) == 1
    TdOpsExec2 = 5'd12,  // cycles with (iss_n) == 2
    TdOpsExec3 = 5'd13,  // cycles with (iss_n) == 3
    TdOpsExec4 = 5'd14,  // cycles with (iss_n) >= 4
    TdMemStallsAnyLoad = 5'd15,  // iss_n == 0 && ld_inflight
    TdMemStallsL1Miss = 5'd16,  // iss_n == 0 && ld_l1miss
    TdMemStallsL2Miss = 5'd17,  // iss_n == 0 && ld_l2miss
    TdMemStallsStores = 5'd18,  // iss_n <= FEW && sb_full
    TdExtMemOutstanding = 5'd19,  // mem_outstanding
    TdExtMemGe1 = 5'd20,  // cycles with (mem_outstanding) >= 1
    TdExtMemGeThr = 5'd21  // cycles with (mem_outstanding) >= THR
  } td_counter_e;
  localparam int unsigned NumTdCounters = 22;

  // FLOPS stack components (Eyerman et al., Table III): index into flops_stack's cnt_o.
  typedef enum logic [2:0] {
    FlBase = 3'd0,  // a*m per issued FP op (l.1-2)
    FlNonFma = 3'd1,  // (2-a)*m per issued non-FMA op (l.4-5)
    FlMask = 3'd2,  // 2*(v-m) per issued op (l.6-7)
    FlFrontend = 3'd3,  // 2v per idle unit, no FP op waiting in an RS (l.9-10)
    FlNonVfp = 3'd4,  // 2v per idle unit, an FP unit busy with a non-FP op (l.11-12)
    FlMem = 3'd5,  // 2v per idle unit, oldest FP op waits on a load (l.14-16)
    FlDepend = 3'd6  // 2v per idle unit, oldest FP op waits on another op (l.17-18)
  } flops_comp_e;
  localparam int unsigned NumFlopsComps = 7;

  // TIP commit-stage state of a cycle (Gottschall et al., oracle attribution).
  typedef enum logic [1:0] {
    TipComputing = 2'd0,  // some head entries commit: 1/n cycle to each of the n
    TipStalled = 2'd1,  // no commit, ROB not empty: the cycle goes to the ROB head
    TipFlushed = 2'd2,  // ROB empty after a flush: to the flushing (offending) instruction
    TipDrained = 2'd3  // ROB empty, front end not supplying: to the next uop to dispatch
  } tip_state_e;

  // mhpmevent event ids; increments: event_inc below.
  typedef enum logic [7:0] {
    EvNone = 8'd0,  // counts nothing
    EvCycles = 8'd1,  // 1 per cycle
    EvInstRetired = 8'd2,  // uops committed
    EvTotalSlots = 8'd3,  // W per cycle (Top-Down TotalSlots)
    EvSlotsIssued = 8'd4,  // Top-Down SlotsIssued: allocation slots used
    EvSlotsRetired = 8'd5,  // Top-Down SlotsRetired
    EvFetchBubbles = 8'd6,  // Top-Down FetchBubbles: unused slots, no backend stall, not a recovery bubble
    EvRecoveryBubbles = 8'd7,  // Top-Down RecoveryBubbles: unused slots while recovering from a misprediction, unless the front end waits on an I-cache miss (Frontend, as the CPI stacks' icache)
    EvBrMispredRetired = 8'd8,  // a mispredicted branch committed
    EvMachineClears = 8'd9,  // pipeline flush not caused by a branch
    EvMsSlotsRetired = 8'd10,  // committed microsequencer uops
    EvOpsExecuted = 8'd11,  // uops issued (cmask forms give the OpsExecuted histogram)
    EvMemStallsAnyLoad = 8'd12,  // no uop executed, a load in flight
    EvMemStallsL1Miss = 8'd13,  // no uop executed, a load missed L1
    EvMemStallsL2Miss = 8'd14,  // no uop executed, a load missed L2
    EvMemStallsStores = 8'd15,  // few uops executed, store buffer full
    EvExtMemOutstanding = 8'd16,  // requests outstanding at memory (cmask >= 1 / >= THR forms)
    EvExceptions = 8'd17,  // exception or interrupt taken
    EvRobFull = 8'd18,  // dispatch blocked on a full ROB
    EvFpOps = 8'd19  // flops issued: sum over units of a*m (a = 2 for FMA)
  } pmu_event_e;
  localparam int unsigned NumEvents = 20;

  // Test-only write port families (pmu_top dbg_unit_i; tie dbg_we_i to 0 in silicon).
  typedef enum logic [2:0] {
    DbgCpi = 3'd0,  // CPI counter stage * NumCpiComps + comp
    DbgTopDown = 3'd1,  // Top-Down counter (td_counter_e)
    DbgFlops = 3'd2,  // FLOPS component (flops_comp_e)
    DbgTipSamples = 3'd3,  // TIP sample counter
    DbgCsr = 3'd4,  // a CSR write (idx = address, low 32 bits) replacing the core's
    DbgSpec = 3'd5  // speculative CPI counter (cpi_spec flat index)
  } dbg_unit_e;

  // Increment widths: the largest event bound, and the largest Top-Down counter bound.
  localparam int unsigned EvIncW = 7;
  localparam int unsigned TdIncW = 4;

  // Cheap counter storage (pmu_counter_bank Store = 1): pending-increment bits of a bank
  // of num counters with inc_w-bit increments, drained round-robin; a write stalls the
  // drain for its cycle and writes never come back to back, so a counter waits at most
  // DrainRounds rounds (stackscope.spec.pmu drain_pend_w, docs/cost.md).
  localparam int unsigned DrainRounds = 2;
  function automatic int unsigned drain_pend_w(int unsigned num, int unsigned inc_w);
    longint unsigned bound;
    bound = longint'(DrainRounds) * longint'(num) * ((longint'(1) << inc_w) - 1);
    return $clog2(bound + 1);
  endfunction

  // soc_top's PMU observation port for the harness (tb/harness/pmu_port.h): this cycle's
  // counter-CSR access, every PMU register, and the configuration the harness's model
  // needs. PortCntW and PortNumHpm are soc_top's pmu_top StackCntW and NumHpm.
  localparam int unsigned PortCntW = 48;
  localparam int unsigned PortNumHpm = 4;  // mhpmcounter3.. in pmu_o
  typedef struct packed {
    logic csr_we;  // counter-CSR access this cycle (pmu_csr_req_t)
    logic [11:0] csr_addr;
    logic [31:0] csr_wdata;
    logic [26:0][47:0] cpi;  // CPI stacks, stage-major
    logic [18:0][47:0] spec;  // speculative CPI counters
    logic [21:0][47:0] td;  // Top-Down counters
    logic [6:0][47:0] fl;  // FLOPS stack
    logic tip_valid;  // TIP sample latches (tip_sampler), PmuRegs.tip in order
    logic [1:0] tip_state;  // tip_state_e
    logic [3:0] tip_head_valid;
    logic [3:0] tip_head_commit;
    logic [3:0][31:0] tip_head_pc;
    logic [31:0] tip_offending;
    logic [31:0] tip_next_pc;
    logic nci_valid;
    logic [31:0] nci_pc;
    logic lci_valid;
    logic [31:0] lci_pc;
    logic disp_valid;
    logic [31:0] disp_pc;
    logic [47:0] tip_samples;  // the sample count
    logic [5:0][63:0] csr_cnt;  // mcycle, minstret, mhpmcounter3.. (PmuRegs.csr in order)
    logic [3:0][63:0] csr_event;  // mhpmevent3..
    logic [31:0] csr_inhibit;  // mcountinhibit
    logic [31:0] csr_counteren;  // mcounteren
    logic lcofip;  // mip.LCOFIP
    logic [1:0] bank;  // pmubank
    logic [31:0] tipctrl;  // tipctrl
    logic [19:0] widths;  // {log2 RobEntries, FpUnits, dispatch, issue, commit width}, 4 bits each
    logic [7:0] spec_blocks;  // PmuSpecBlocks
    logic spec_drain;  // PmuSpecDrain
    logic probe_stage;  // PmuProbeStage
  } pmu_port_t;

  // Per-cycle increment of event `ev` (ids above NumEvents count nothing). The one RTL
  // definition of every event: pmu_csr and topdown both count through it. Twin:
  // event_increment() in sim_model/pmu/pmu_gen.h.
  function automatic logic [EvIncW-1:0] event_inc(pmu_event_e ev, probe_t p,
                                                  logic [NW-1:0] w, logic [NW-1:0] few);
    unique case (ev)
      EvNone: return EvIncW'(0);
      EvCycles: return EvIncW'(1);
      EvInstRetired: return EvIncW'(p.cmt_n);
      EvTotalSlots: return EvIncW'(w);
      EvSlotsIssued: return EvIncW'(p.disp_n);
      EvSlotsRetired: return EvIncW'(p.cmt_n);
      EvFetchBubbles: return EvIncW'(!p.be_stall && (!p.fe_bpred_recover || p.fe_icache_miss) ?
          EvIncW'(w) - EvIncW'(p.disp_n) : EvIncW'(0));
      EvRecoveryBubbles: return EvIncW'(p.fe_bpred_recover && !p.fe_icache_miss ? EvIncW'(w) -
          EvIncW'(p.disp_n) : EvIncW'(0));
      EvBrMispredRetired: return EvIncW'(p.cmt_br_mispred);
      EvMachineClears: return EvIncW'(p.machine_clear);
      EvMsSlotsRetired: return EvIncW'(p.cmt_ms_n);
      EvOpsExecuted: return EvIncW'(p.iss_n);
      EvMemStallsAnyLoad: return EvIncW'(EvIncW'(p.iss_n) == EvIncW'(0) && p.ld_inflight);
      EvMemStallsL1Miss: return EvIncW'(EvIncW'(p.iss_n) == EvIncW'(0) && p.ld_l1miss);
      EvMemStallsL2Miss: return EvIncW'(EvIncW'(p.iss_n) == EvIncW'(0) && p.ld_l2miss);
      EvMemStallsStores: return EvIncW'(EvIncW'(p.iss_n) <= EvIncW'(few) && p.sb_full);
      EvExtMemOutstanding: return EvIncW'(p.mem_outstanding);
      EvExceptions: return EvIncW'(p.exception);
      EvRobFull: return EvIncW'(p.rob_full);
      EvFpOps: return EvIncW'((p.fp_issue[0] ? EvIncW'(p.fp_elems[0]) << p.fp_fma[0] : EvIncW'(0)) +
          (p.fp_issue[1] ? EvIncW'(p.fp_elems[1]) << p.fp_fma[1] : EvIncW'(0)) + (p.fp_issue[2] ?
          EvIncW'(p.fp_elems[2]) << p.fp_fma[2] : EvIncW'(0)) + (p.fp_issue[3] ?
          EvIncW'(p.fp_elems[3]) << p.fp_fma[3] : EvIncW'(0)));
      default: return '0;
    endcase
  endfunction

  // Every Top-Down counter's increment of this cycle: its event through its counter-
  // mask form (TD_COUNTERS in stackscope.spec.pmu). The model's twin is hand-written:
  // TopDown::step in sim_model/pmu/topdown.cpp.
  function automatic logic [NumTdCounters-1:0][TdIncW-1:0] td_increments(
      probe_t p, logic [NW-1:0] w, logic [NW-1:0] few, logic [MemReqW-1:0] thr);
    logic [NumTdCounters-1:0][TdIncW-1:0] inc;
    inc[TdClocks] = TdIncW'(event_inc(EvCycles, p, w, few));
    inc[TdTotalSlots] = TdIncW'(event_inc(EvTotalSlots, p, w, few));
    inc[TdSlotsIssued] = TdIncW'(event_inc(EvSlotsIssued, p, w, few));
    inc[TdSlotsRetired] = TdIncW'(event_inc(EvSlotsRetired, p, w, few));
    inc[TdFetchBubbles] = TdIncW'(event_inc(EvFetchBubbles, p, w, few));
    inc[TdFetchBubblesGeW] = TdIncW'(event_inc(EvFetchBubbles, p, w, few) >= EvIncW'(w));
    inc[TdRecoveryBubbles] = TdIncW'(event_inc(EvRecoveryBubbles, p, w, few));
    inc[TdBrMispredRetired] = TdIncW'(event_inc(EvBrMispredRetired, p, w, few));
    inc[TdMachineClears] = TdIncW'(event_inc(EvMachineClears, p, w, few));
    inc[TdMsSlotsRetired] = TdIncW'(event_inc(EvMsSlotsRetired, p, w, few));
    inc[TdOpsExec0] = TdIncW'(event_inc(EvOpsExecuted, p, w, few) == EvIncW'(0));
    inc[TdOpsExec1] = TdIncW'(event_inc(EvOpsExecuted, p, w, few) == EvIncW'(1));
    inc[TdOpsExec2] = TdIncW'(event_inc(EvOpsExecuted, p, w, few) == EvIncW'(2));
    inc[TdOpsExec3] = TdIncW'(event_inc(EvOpsExecuted, p, w, few) == EvIncW'(3));
    inc[TdOpsExec4] = TdIncW'(event_inc(EvOpsExecuted, p, w, few) >= EvIncW'(4));
    inc[TdMemStallsAnyLoad] = TdIncW'(event_inc(EvMemStallsAnyLoad, p, w, few));
    inc[TdMemStallsL1Miss] = TdIncW'(event_inc(EvMemStallsL1Miss, p, w, few));
    inc[TdMemStallsL2Miss] = TdIncW'(event_inc(EvMemStallsL2Miss, p, w, few));
    inc[TdMemStallsStores] = TdIncW'(event_inc(EvMemStallsStores, p, w, few));
    inc[TdExtMemOutstanding] = TdIncW'(event_inc(EvExtMemOutstanding, p, w, few));
    inc[TdExtMemGe1] = TdIncW'(event_inc(EvExtMemOutstanding, p, w, few) >= EvIncW'(1));
    inc[TdExtMemGeThr] = TdIncW'(event_inc(EvExtMemOutstanding, p, w, few) >= EvIncW'(thr));
    return inc;
  endfunction

  // ---- address map: standard counter CSRs served by pmu_csr (docs/dev/pmu.md)
  localparam logic [11:0] AddrMcounteren = 12'h306;  // RW: stored for the core's lower modes
  localparam logic [11:0] AddrMcountinhibit = 12'h320;  // RW: bit i stops counter i (bit 1, time, reads 0)
  localparam logic [11:0] AddrMhpmevent3 = 12'h323;  // RW: event selector of mhpmcounter3 (+i for 3+i)
  localparam logic [11:0] AddrMip = 12'h344;  // mip: the PMU takes writes of LCOFIP (bit 13)
  localparam logic [11:0] AddrMhpmevent3h = 12'h723;  // RW: high half of mhpmevent3 (OF, MINH)
  localparam logic [11:0] AddrMcycle = 12'hB00;  // RW: cycles
  localparam logic [11:0] AddrMinstret = 12'hB02;  // RW: committed uops (cmt_n)
  localparam logic [11:0] AddrMhpmcounter3 = 12'hB03;  // RW: programmable counter 3 (+i for 3+i)
  localparam logic [11:0] AddrHighHalf = 12'h080;  // counter high half: | this
  localparam int unsigned MaxHpm = 29;  // mhpmcounter3..31

  // Custom CSRs and the window (addresses in probe_pkg), re-exported.
  localparam logic [11:0] AddrPmuBank = probe_pkg::AddrPmuBank;
  localparam logic [11:0] AddrTipCtrl = probe_pkg::AddrTipCtrl;
  localparam logic [11:0] AddrTipAck = probe_pkg::AddrTipAck;
  localparam logic [11:0] AddrWindow = probe_pkg::AddrWindow;
  localparam int unsigned WindowWordBits = probe_pkg::WindowWordBits;
  localparam int unsigned WindowWords = 64;
  localparam int unsigned TipCtrlIrqBit = 2;
  localparam int unsigned TipCtrlPeriodShift = 16;

  // Window banks (pmubank) and, per bank, the first word of each segment.
  typedef enum logic [1:0] {
    BankCpi = 2'd0,  // CPI stacks
    BankTdFl = 2'd1,  // Top-Down + FLOPS
    BankTip = 2'd2,  // TIP
    BankSpec = 2'd3  // speculative CPI (method b)
  } win_bank_e;
  localparam int unsigned WinCpiBase = 0;  // BankCpi: 27 x 2 word(s)
  localparam int unsigned WinTdBase = 0;  // BankTdFl: 22 x 2 word(s)
  localparam int unsigned WinFlBase = 44;  // BankTdFl: 7 x 2 word(s)
  localparam int unsigned WinTipBase = 0;  // BankTip: 12 x 1 word(s)
  localparam int unsigned WinSpecBase = 0;  // BankSpec: 19 x 2 word(s)

  // Words of the TIP bank.
  localparam int unsigned TipWordStatus = 0;
  localparam int unsigned TipWordHeadPc0 = 1;
  localparam int unsigned TipWordHeadPc1 = 2;
  localparam int unsigned TipWordHeadPc2 = 3;
  localparam int unsigned TipWordHeadPc3 = 4;
  localparam int unsigned TipWordOffending = 5;
  localparam int unsigned TipWordNextPc = 6;
  localparam int unsigned TipWordNciPc = 7;
  localparam int unsigned TipWordLciPc = 8;
  localparam int unsigned TipWordDispPc = 9;
  localparam int unsigned TipWordSamplesLo = 10;
  localparam int unsigned TipWordSamplesHi = 11;
  localparam int unsigned TipWords = 12;

endpackage : pmu_pkg

`default_nettype wire
