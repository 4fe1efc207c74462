// Multi-stage CPI stacks (Eyerman et al., Table II) at dispatch, issue and commit, from the
// probe bus only. Per stage, the cause of the unused slots is chosen here; the slot arithmetic
// and counters are in cpi_stage_acct. Wrong-path slots: the simple method (§III-B) is a derived
// figure in software; with SpecBlocks > 0, cpi_spec keeps a second, method-(b) copy of the
// dispatch and issue stacks in per-block speculative counters (docs/dev/pmu.md).
`default_nettype none

module cpi_stack
  import pmu_pkg::*;
#(
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned IssueWidth    = 3,
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned CntW          = 48,
  parameter int unsigned CarryW        = 6,
  parameter int unsigned SpecBlocks    = 8,   // speculative blocks (0: no cpi_spec)
  parameter int unsigned RobEntries    = 32,  // ROB entries the speculative tags cover
  parameter int unsigned SpecCntW      = 16,  // bits of a block's counters
  parameter int unsigned SpecNbrW      = 4,   // bits of a block's branch count
  parameter int unsigned Store         = 0,   // 0 flip-flops, 1 RAM + pending (pmu_counter_bank)
  parameter int unsigned SpecDrain     = 0    // leaving blocks: 0 all at once, 1 drain queue
) (
  input  wire logic       clk_i,
  input  wire logic       rst_ni,
  input  wire probe_t     probe_i,
  // CSR write port: one component of one stage per cycle.
  input  wire logic       we_i,
  input  wire cpi_stage_e wstage_i,
  input  wire cpi_comp_e  wcomp_i,
  input  wire logic [CntW-1:0] wdata_i,
  output logic [NumCpiStages-1:0][NumCpiComps-1:0][CntW-1:0] cnt_o,  // Store 1: simulation view
  input  wire cpi_stage_e rstage_i,  // read port (CSR window): one main-stack counter
  input  wire cpi_comp_e  rcomp_i,
  output logic [CntW-1:0] rdata_o,
  // Speculative counters: flat index s*9 + c (s = 0 dispatch, 1 issue), 18 = merges.
  input  wire logic       spec_we_i,
  input  wire logic [4:0] spec_widx_i,
  output logic [2*NumCpiComps:0][CntW-1:0] spec_cnt_o,  // Store 1: simulation view
  input  wire logic [4:0] spec_ridx_i,  // read port: one speculative global counter
  output logic [CntW-1:0] spec_rdata_o
);

  localparam int unsigned W12 = DispatchWidth < IssueWidth ? DispatchWidth : IssueWidth;
  localparam int unsigned W   = W12 < CommitWidth ? W12 : CommitWidth;

  // Table II lines 11-16: the blamed uop's class picks the backend component.
  function automatic cpi_comp_e class_comp(instr_cls_e cls);
    unique case (cls)
      ClsLongLat: return CompAluLat;
      ClsDcL1:    return CompDcacheL1;
      ClsDcL2:    return CompDcacheL2;
      ClsDcMem:   return CompDcacheMem;
      default:    return CompDepend;  // ClsSingle (and undefined encodings)
    endcase
  endfunction

  // Table II lines 5-8: a dry front end is blamed on its miss, I-cache first; a misfetch
  // (decode redirect) is a branch-prediction miss too (docs/dev/pmu.md, "Rules").
  function automatic cpi_comp_e frontend_comp(logic icache_miss, logic bpred_recover,
                                              logic misfetch);
    if (icache_miss) return CompIcache;
    if (bpred_recover || misfetch) return CompBpred;
    return CompOther;
  endfunction

  // Table II line 9 (dispatch), "ROB or RS full", for any back-end resource that holds
  // dispatch (ROB, RS, LSQ, physical registers: be_stall); i = ROB head.
  logic backend_held;
  assign backend_held = !probe_i.fe_empty && probe_i.be_stall && probe_i.rob_head_valid;

  cpi_comp_e fe_comp;  // lines 5-8, the same split at every stage
  assign fe_comp = frontend_comp(probe_i.fe_icache_miss, probe_i.fe_bpred_recover,
                                 probe_i.fe_misfetch);

  cpi_comp_e [NumCpiStages-1:0] blame;
  logic      [NumCpiStages-1:0][NW-1:0] n, stalled;

  always_comb begin : blame_dispatch
    if (probe_i.fe_empty) begin
      blame[StDispatch] = fe_comp;
    end else if (backend_held) begin
      blame[StDispatch] = class_comp(probe_i.rob_head_cls);
    end else begin
      blame[StDispatch] = CompOther;
    end
  end

  // An RS left empty because the back end holds dispatch is not a front-end stall: the
  // issue stage then waits on what dispatch waits on, the ROB head (docs/dev/pmu.md, "Rules").
  always_comb begin : blame_issue
    if (probe_i.rs_empty) begin
      blame[StIssue] = backend_held ? class_comp(probe_i.rob_head_cls) : fe_comp;
    end else if (probe_i.iss_struct) begin
      blame[StIssue] = CompOther;
    end else if (probe_i.iss_nonready) begin
      blame[StIssue] = class_comp(probe_i.iss_prod_cls);
    end else begin
      blame[StIssue] = CompOther;
    end
  end

  always_comb begin : blame_commit
    if (probe_i.rob_empty) begin
      blame[StCommit] = fe_comp;
    end else if (probe_i.rob_head_valid && !probe_i.rob_head_done) begin
      blame[StCommit] = class_comp(probe_i.rob_head_cls);
    end else begin
      blame[StCommit] = CompOther;
    end
  end

  logic unused_commit_stalled;  // only dispatch and issue see wrong-path uops
  assign unused_commit_stalled = ^stalled[StCommit];

  assign n[StDispatch] = probe_i.disp_n;
  assign n[StIssue]    = probe_i.iss_n;
  assign n[StCommit]   = probe_i.cmt_n;

  logic [NumCpiStages-1:0][CntW-1:0] stage_rdata;
  assign rdata_o = 32'(rstage_i) < NumCpiStages ? stage_rdata[rstage_i] : '0;

  for (genvar s = 0; s < NumCpiStages; s++) begin : gen_stage
    cpi_stage_acct #(
      .W         (W),
      .CntW      (CntW),
      .CarryW    (CarryW),
      .Store     (Store)
    ) u_acct (
      .clk_i,
      .rst_ni,
      .n_i    (n[s]),
      .blame_i(blame[s]),
      .we_i   (we_i && wstage_i == cpi_stage_e'(s)),
      .wcomp_i,
      .wdata_i,
      .rcomp_i,
      .rdata_o(stage_rdata[s]),
      .cnt_o  (cnt_o[s]),
      .stalled_o(stalled[s])
    );
  end

  if (SpecBlocks > 0) begin : gen_spec
    cpi_spec #(
      .W            (W),
      .DispatchWidth(DispatchWidth),
      .IssueWidth   (IssueWidth),
      .CommitWidth  (CommitWidth),
      .SpecBlocks   (SpecBlocks),
      .RobEntries   (RobEntries),
      .SpecCntW     (SpecCntW),
      .SpecNbrW     (SpecNbrW),
      .CntW         (CntW),
      .Store        (Store),
      .Drain        (SpecDrain)
    ) u_spec (
      .clk_i,
      .rst_ni,
      .probe_i,
      .stalled_i({stalled[StIssue], stalled[StDispatch]}),
      .blame_i  ({blame[StIssue], blame[StDispatch]}),
      .we_i     (spec_we_i),
      .widx_i   (spec_widx_i),
      .wdata_i,
      .ridx_i   (spec_ridx_i),
      .rdata_o  (spec_rdata_o),
      .cnt_o    (spec_cnt_o)
    );
  end else begin : gen_no_spec
    logic unused_spec;
    assign unused_spec = ^{spec_we_i, spec_widx_i, spec_ridx_i, stalled[StDispatch], stalled[StIssue],
                           RobEntries[0], SpecCntW[0], SpecNbrW[0]};
    assign spec_cnt_o  = '0;
    assign spec_rdata_o = '0;
  end

`ifndef SYNTHESIS
  localparam int unsigned StageWidths[NumCpiStages] = '{DispatchWidth, IssueWidth, CommitWidth};
  for (genvar s = 0; s < NumCpiStages; s++) begin : gen_width_check
    NWithinWidth: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                   n[s] <= NW'(StageWidths[s]))
      else $error("cpi_stack: stage %0d processed %0d > its width %0d", s, n[s], StageWidths[s]);
  end

  initial begin : param_check
    assert (DispatchWidth >= 1 && DispatchWidth <= MaxWidth && IssueWidth >= 1 &&
            IssueWidth <= MaxWidth && CommitWidth >= 1 && CommitWidth <= MaxWidth)
      else $fatal(1, "cpi_stack: stage widths must be 1..%0d", MaxWidth);
  end
`endif

endmodule : cpi_stack

`default_nettype wire
