// Issue and execute stage of the back end (docs/dev/core.md "Back end"): one reservation
// station per class (be_rs) with oldest-first select per issue port, then the IssueWidth
// oldest port candidates; operand read from the physical register file; the functional
// units (NumAlu ALUs, branch unit, pipelined multiplier, iterative divider, AGU, FpUnits
// pipelined FP units and the iterative fdiv/fsqrt); and the write-back ports that wake up the
// RSs and dispatch and write the register files. x and f registers share one tag space (the
// tag's MSB names the file) but are two register files: each issue port reads, and each
// write-back port writes, only the files its instructions can name (src_files, wb_files).
//
// With IssueStage (docs/dev/core.md "Issue stage") a register splits select and wake-up from
// operand read and execute, and another holds the branch outcome for a cycle.
//
// Issue ports: NumAlu ALUs (all fed by the ALU RS), then branch, mul/div, AGU, the FP pipes
// and fdiv/fsqrt (both fed by the FP RS). Write-back ports: one per ALU, branch link, mul, div,
// load answer, store forward (the last two from be_lsq), one per FP pipe, fdiv/fsqrt.
`default_nettype none

module be_issue
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg          = core_cfg_pkg::CfgDefault,
  parameter type       rs_payload_t = logic,  // core_backend's RS payload
  localparam int unsigned RsIdxW = $clog2(Cfg.RsEntries)
) (
  input  logic                                       clk_i,
  input  logic                                       rst_ni,
  input  logic                                       fast_alu_i,
  input  logic [31:0]                                ram_size_i,  // RAM bytes from RamBase
  input  logic                                       flush_i,
  input  logic [Cfg.RobW-1:0]                        rob_head_i,
  // Dispatch (be_rename)
  input  logic [NumRsClasses-1:0][Cfg.DispatchWidth-1:0] rs_alloc_i,
  input  rs_payload_t [Cfg.DispatchWidth-1:0]        rs_payload_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0]   d_src1_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0]   d_src2_i,
  input  logic [Cfg.DispatchWidth-1:0]               d_rdy1_i,
  input  logic [Cfg.DispatchWidth-1:0]               d_rdy2_i,
  input  logic [Cfg.DispatchWidth-1:0][Cfg.PW-1:0]   d_src3_i,
  input  logic [Cfg.DispatchWidth-1:0]               d_rdy3_i,
  output logic [Cfg.RsCntW-1:0]                      rs_free_o [NumRsClasses],
  // Reservation-station contents (probe)
  output logic [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_valid_o,
  output logic [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_ready_o,
  output logic [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_issue_o,
  output logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src1_o,
  output logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src2_o,
  output logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src3_o,
  output rs_payload_t [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_pl_o,
  // Selected uops (leaving the RSs this cycle) and the execute stage's uops: the same
  // without IssueStage, the execute stage one cycle later with it
  output logic [Cfg.NumPorts-1:0]                    sel_grant_o,
  output rs_payload_t [Cfg.NumPorts-1:0]             sel_iu_o,
  output logic [Cfg.NumPorts-1:0]                    grant_o,
  output rs_payload_t [Cfg.NumPorts-1:0]             iu_o,
  output logic [Cfg.NumPorts-1:0][31:0]              opa_o,
  // Branch unit; a mispredicted branch older than any pending one redirects from execute
  input  logic                                       pend_i,
  input  logic [Cfg.RobW-1:0]                        pend_rob_i,
  output logic                                       br_taken_o,
  output logic [31:0]                                br_target_o,
  output logic [31:0]                                br_npc_o,
  output logic                                       br_misal_o,
  output logic                                       br_mispred_o,
  output logic                                       redirect_exec_o,
  // Multiplier / divider results (done this cycle, owner's ROB index)
  output logic                                       mul_done_o,
  output logic [Cfg.RobW-1:0]                        mul_rob_o,
  output logic                                       div_done_o,
  output logic [Cfg.RobW-1:0]                        div_rob_o,
  // FP results (done this cycle, owner's ROB index, exception flags)
  output logic [Cfg.FpUnits-1:0]                     fma_done_o,
  output logic [Cfg.FpUnits-1:0][Cfg.RobW-1:0]       fma_rob_o,
  output fpu_pkg::fpu_flags_t [Cfg.FpUnits-1:0]      fma_flags_o,
  output logic                                       fdiv_done_o,
  output logic [Cfg.RobW-1:0]                        fdiv_rob_o,
  output fpu_pkg::fpu_flags_t                        fdiv_flags_o,
  // AGU
  output logic                                       agu_load_o,
  output logic                                       agu_store_o,
  output logic                                       agu_exc_o,    // the uop faults here
  output logic [31:0]                                agu_cause_o,
  output logic                                       agu_mmio_o,
  output logic [31:0]                                agu_addr_o,
  output logic [31:0]                                agu_sdata_o,
  output logic [2:0]                                 agu_size_o,
  // Load results (be_lsq): answer from the D-port, forward from the store queue
  input  logic                                       ld_wb_valid_i,
  input  logic [Cfg.PW-1:0]                          ld_wb_tag_i,
  input  logic [31:0]                                ld_wb_data_i,
  input  logic                                       fwd_wb_valid_i,
  input  logic [Cfg.PW-1:0]                          fwd_wb_tag_i,
  input  logic [31:0]                                fwd_wb_data_i,
  // CSR op result, written at commit (be_rob_commit)
  input  logic                                       csr_wb_valid_i,
  input  logic [Cfg.PW-1:0]                          csr_wb_tag_i,
  input  logic [31:0]                                csr_wb_data_i,
  // Wake-up ports (be_rename's ready table): the write-back ports, or with IssueStage the
  // single-cycle units' selects (wake above)
  output logic [Cfg.NumWb-1:0]                       wb_valid_o,
  output logic [Cfg.NumWb-1:0][Cfg.PW-1:0]           wb_tag_o,
  // The commit record's reads of the register files (be_rob_commit): tag in, value out
  input  logic [Cfg.CommitWidth-1:0][Cfg.PW-1:0]      cmt_tag_i,
  output logic [Cfg.CommitWidth-1:0][31:0]           cmt_val_o
);

  function automatic logic [Cfg.RobW-1:0] age(logic [Cfg.RobW-1:0] idx, logic [Cfg.RobW-1:0] head);
    return idx - head;
  endfunction

  // Reservation station that feeds issue port p.
  function automatic rs_class_e rs_of_port(int unsigned p);
    if (p < Cfg.NumAlu) return RsAlu;
    if (p == Cfg.PBr) return RsBranch;
    if (p == Cfg.PMd) return RsMulDiv;
    if (p == Cfg.PAgu) return RsLsu;
    return RsFp;
  endfunction

  // The register files (bit 0: x, bit 1: f) source s (0..2) of issue port p can name, from
  // RV32F: the integer units read x only; the AGU's address is x and its store data x (sw) or
  // f (fsw); an FP pipe's first source is x (fcvt.s.w[u], fmv.w.x) or f and its others f;
  // fdiv/fsqrt read f only. An unused source is tag 0 (x0's register, be_rename) on any port.
  function automatic logic [1:0] src_files(int unsigned p, int unsigned s);
    if (p < Cfg.PAgu) return 2'b01;
    if (p == Cfg.PAgu) return s == 0 ? 2'b01 : 2'b11;
    if (p < Cfg.PFdiv) return s == 0 ? 2'b11 : 2'b10;
    return 2'b10;
  endfunction
  // The register files write-back port p can write: the integer units x; the load answer and
  // the store forward x (lw) or f (flw); an FP pipe x (compares, fclass, fcvt.w[u].s, fmv.x.w)
  // or f; fdiv/fsqrt f. A CSR op writes x.
  function automatic logic [1:0] wb_files(int unsigned p);
    if (p < Cfg.WbLd) return 2'b01;
    if (p == Cfg.WbFdiv) return 2'b10;
    return 2'b11;
  endfunction
  function automatic logic in_files(logic [1:0] files, logic is_f);
    return files[is_f];
  endfunction

  localparam int unsigned RegW = Cfg.PW - 1;  // register index within one file
  logic [Cfg.NumWb-1:0]      wb_valid;
  logic [Cfg.NumWb-1:0][Cfg.PW-1:0] wb_tag;
  logic [Cfg.NumWb-1:0][31:0] wb_data;
  // Wake-up of the RSs and dispatch: the write-back ports, except that with IssueStage the
  // single-cycle units' ports (the ALUs, the branch link, and mul/div under fast_alu_i) wake
  // their consumers in the select cycle, so a dependent uop executes the cycle after its
  // producer and reads the register file that producer wrote.
  logic [Cfg.NumWb-1:0]      wake_valid;
  logic [Cfg.NumWb-1:0][Cfg.PW-1:0] wake_tag;

  // -------------------------------------------------------------------------------------
  // Reservation stations
  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0]     rs_valid, rs_ready, rs_issue;
  logic [NumRsClasses-1:0][Cfg.RsEntries-1:0][Cfg.PW-1:0] rs_src1, rs_src2, rs_src3;
  rs_payload_t [NumRsClasses-1:0][Cfg.RsEntries-1:0] rs_pl;

  for (genvar c = 0; c < NumRsClasses; c++) begin : gen_rs
    logic [$clog2(Cfg.RsEntries+1)-1:0] free_cnt;
    be_rs #(
      .Entries (Cfg.RsEntries),
      .AllocW  (Cfg.DispatchWidth),
      .NumWb   (Cfg.NumWb),
      .PW      (Cfg.PW),
      .HasSrc3 (c == RsFp),
      .payload_t (rs_payload_t)
    ) u_rs (
      .clk_i,
      .rst_ni,
      .flush_i,
      .alloc_i         (rs_alloc_i[c]),
      .alloc_payload_i (rs_payload_i),
      .alloc_src1_i    (d_src1_i),
      .alloc_src2_i    (d_src2_i),
      .alloc_rdy1_i    (d_rdy1_i),
      .alloc_rdy2_i    (d_rdy2_i),
      .alloc_src3_i    (d_src3_i),
      .alloc_rdy3_i    (d_rdy3_i),
      .wb_valid_i      (wake_valid),
      .wb_tag_i        (wake_tag),
      .issue_i         (rs_issue[c]),
      .valid_o         (rs_valid[c]),
      .ready_o         (rs_ready[c]),
      .src1_o          (rs_src1[c]),
      .src2_o          (rs_src2[c]),
      .src3_o          (rs_src3[c]),
      .payload_o       (rs_pl[c]),
      .free_cnt_o      (free_cnt)
    );
    assign rs_free_o[c] = Cfg.RsCntW'(free_cnt);
  end

  // -------------------------------------------------------------------------------------
  // Issue: oldest eligible entry per port, then the IssueWidth oldest port candidates.
  logic                              div_busy, fdiv_ready, div_x, fdiv_x;
  logic [Cfg.NumPorts-1:0]           cand, sel_grant, grant, grant_rd;
  logic [Cfg.NumPorts-1:0][RsIdxW-1:0] cand_e;
  logic [Cfg.NumPorts-1:0][Cfg.RobW-1:0] cand_age;

  always_comb begin : select
    logic [Cfg.RsEntries-1:0] elig;
    logic [Cfg.RobW-1:0]  a;
    cand = '0; cand_e = '0; cand_age = '0;
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      if (p < Cfg.NumAlu) begin
        // ALU port p takes the oldest ready entry the lower ALU ports did not take (a CSR
        // op only captures its source here; it acts at commit).
        for (int unsigned e = 0; e < Cfg.RsEntries; e++) begin
          elig[e] = rs_ready[RsAlu][e];
          for (int unsigned q = 0; q < p; q++) begin
            if (cand[q] && cand_e[q] == RsIdxW'(e)) elig[e] = 1'b0;
          end
        end
      end else if (p == Cfg.PBr) begin
        elig = rs_ready[RsBranch];
      end else if (p == Cfg.PMd) begin
        for (int unsigned e = 0; e < Cfg.RsEntries; e++) begin
          elig[e] = rs_ready[RsMulDiv][e] && (rs_pl[RsMulDiv][e].uop.cls == ClsMul
                                          || (!div_busy && !div_x));
        end
      end else if (p == Cfg.PAgu) begin
        elig = rs_ready[RsLsu];
      end else if (p == Cfg.PFdiv) begin
        for (int unsigned e = 0; e < Cfg.RsEntries; e++) begin
          elig[e] = rs_ready[RsFp][e] && fpu_pkg::is_divsqrt(rs_pl[RsFp][e].uop.fpu_op)
                 && fdiv_ready && !fdiv_x;
        end
      end else begin
        // FP pipe p takes the oldest ready non-divide FP entry the lower pipes did not take.
        for (int unsigned e = 0; e < Cfg.RsEntries; e++) begin
          elig[e] = rs_ready[RsFp][e] && !fpu_pkg::is_divsqrt(rs_pl[RsFp][e].uop.fpu_op);
          for (int unsigned q = Cfg.PFma; q < p; q++) begin
            if (cand[q] && cand_e[q] == RsIdxW'(e)) elig[e] = 1'b0;
          end
        end
      end
      for (int unsigned e = 0; e < Cfg.RsEntries; e++) begin
        a = age(rs_pl[rs_of_port(p)][e].rob, rob_head_i);
        if (elig[e] && (!cand[p] || a < cand_age[p])) begin
          cand[p]     = 1'b1;
          cand_e[p]   = RsIdxW'(e);
          cand_age[p] = a;
        end
      end
    end
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      int unsigned older;
      older = 0;
      for (int unsigned q = 0; q < Cfg.NumPorts; q++) begin
        if (q != p && cand[q] && cand_age[q] < cand_age[p]) older++;
      end
      sel_grant[p] = cand[p] && older < Cfg.IssueWidth && !flush_i;
    end
    rs_issue = '0;
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      if (sel_grant[p]) rs_issue[rs_of_port(p)][cand_e[p]] = 1'b1;
    end
  end

  // Operands, read by issue slot. At most IssueWidth ports are granted in a cycle, so the
  // register files need IssueWidth x 3 read ports, not NumPorts x 3: slot k reads for the k-th
  // granted port in port order, and a port takes its operands from its slot. A port that is
  // not granted gets don't-care operands: every consumer of them (the units' valid inputs,
  // the AGU's LSQ and ROB writes, the branch redirect, a CSR op's source) is gated by its
  // grant. With IssueWidth >= NumPorts every port is its own slot. A slot source reads only
  // the files some port's source can name (src_files), and the file bit of the tag picks
  // between them exactly as the port's own read would.
  localparam int unsigned NumSlots = Cfg.IssueWidth < Cfg.NumPorts ? Cfg.IssueWidth
                                                                     : Cfg.NumPorts;
  localparam int unsigned SlotW    = NumSlots > 1 ? $clog2(NumSlots) : 1;
  function automatic logic [1:0] slot_files(int unsigned s);
    logic [1:0] f;
    f = '0;
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      // Only the FP pipes have a third source (be_rs HasSrc3); the others' is tag 0, unused.
      if (s < 2 || (p >= Cfg.PFma && p < Cfg.PFdiv)) f |= src_files(p, s);
    end
    return f;
  endfunction

  rs_payload_t [Cfg.NumPorts-1:0]   sel_iu, iu;  // uop per port: selected, executing
  logic [Cfg.NumPorts-1:0][2:0][Cfg.PW-1:0] sel_src_tag, src_tag;
  logic [Cfg.NumPorts-1:0][2:0]     src_is_f;  // the source reads the f file
  logic [Cfg.NumPorts-1:0][SlotW-1:0] port_slot;
  logic [NumSlots-1:0][2:0][Cfg.PW-1:0] slot_tag;
  logic [NumSlots-1:0][2:0]         slot_is_f;
  logic [NumSlots-1:0][2:0][31:0]   slot_val;
  logic [Cfg.NumPorts-1:0][31:0]    opa, opb, opc;
  // The register files' reads (below): the slots' sources, then the commit record's lanes.
  localparam int unsigned NumRd = NumSlots * 3 + Cfg.CommitWidth;
  logic [NumRd-1:0][RegW-1:0]       rd_idx;
  logic [NumRd-1:0]                 rd_f;    // the read is of the f file
  logic [NumRd-1:0][31:0]           rd_val;
  always_comb begin : selected
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      rs_class_e c;
      c = rs_of_port(p);
      sel_iu[p]      = rs_pl[c][cand_e[p]];
      sel_src_tag[p] = {rs_src3[c][cand_e[p]], rs_src2[c][cand_e[p]], rs_src1[c][cand_e[p]]};
    end
  end

  // The execute stage's uops. Without IssueStage a selected uop reads its operands and
  // executes in its select cycle. With IssueStage the grants, the uops and their source tags
  // are registered: select and wake-up take one cycle, operand read and execute the next,
  // and a flush kills the uops in the register as it kills those it selects.
  if (Cfg.IssueStage == 0) begin : gen_no_stage
    assign grant    = sel_grant;
    assign grant_rd = sel_grant;
    assign iu       = sel_iu;
    assign src_tag  = sel_src_tag;
  end else begin : gen_stage
    logic [Cfg.NumPorts-1:0] grant_q;
    rs_payload_t [Cfg.NumPorts-1:0] iu_q;
    logic [Cfg.NumPorts-1:0][2:0][Cfg.PW-1:0] src_tag_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin : stage_valid
      if (!rst_ni) grant_q <= '0;
      else         grant_q <= sel_grant;
    end
    always_ff @(posedge clk_i) begin : stage_data
      iu_q      <= sel_iu;
      src_tag_q <= sel_src_tag;
    end
    // The operand reads route by the register alone (grant_rd): a flush kills the uops'
    // effects (grant), not their reads, so the commit logic's flush does not reach the
    // register files' read ports.
    assign grant    = grant_q & {Cfg.NumPorts{!flush_i}};
    assign grant_rd = grant_q;
    assign iu       = iu_q;
    assign src_tag  = src_tag_q;
  end
  // A divide (fdiv/fsqrt) in the execute stage has not started its unit yet, so its busy
  // (ready) does not show it: the select holds back the next one for that cycle.
  assign div_x  = Cfg.IssueStage != 0 && grant[Cfg.PMd] && iu[Cfg.PMd].uop.cls == ClsDiv
               && !fast_alu_i;
  assign fdiv_x = Cfg.IssueStage != 0 && grant[Cfg.PFdiv];

  always_comb begin : operands
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      for (int unsigned s = 0; s < 3; s++) begin
        unique case (src_files(p, s))
          2'b01:   src_is_f[p][s] = 1'b0;
          2'b10:   src_is_f[p][s] = 1'b1;
          default: src_is_f[p][s] = src_tag[p][s][RegW];
        endcase
      end
    end
    // Slot of each port: the number of granted ports below it (identity when every port has
    // its own slot).
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      int unsigned below;
      below = 0;
      for (int unsigned q = 0; q < p; q++) below += int'(grant_rd[q]);
      port_slot[p] = NumSlots == Cfg.NumPorts ? SlotW'(p)
                   : below < NumSlots         ? SlotW'(below) : '0;
    end
    slot_tag = '0;
    slot_is_f = '0;
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      if (NumSlots == Cfg.NumPorts ? 1'b1 : grant_rd[p]) begin
        slot_tag[port_slot[p]]  |= src_tag[p];
        slot_is_f[port_slot[p]] |= src_is_f[p];
      end
    end
    for (int unsigned k = 0; k < NumSlots; k++) begin
      for (int unsigned s = 0; s < 3; s++) begin
        rd_idx[k * 3 + s] = slot_tag[k][s][RegW-1:0];
        unique case (slot_files(s))
          2'b01:   rd_f[k * 3 + s] = 1'b0;
          2'b10:   rd_f[k * 3 + s] = 1'b1;
          default: rd_f[k * 3 + s] = slot_is_f[k][s];
        endcase
      end
    end
    for (int unsigned c = 0; c < Cfg.CommitWidth; c++) begin
      rd_idx[NumSlots * 3 + c] = cmt_tag_i[c][RegW-1:0];
      rd_f[NumSlots * 3 + c]   = cmt_tag_i[c][RegW];
    end
  end
  always_comb begin : operand_route
    for (int unsigned k = 0; k < NumSlots; k++) begin
      for (int unsigned s = 0; s < 3; s++) slot_val[k][s] = rd_val[k * 3 + s];
    end
    for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
      opa[p] = slot_val[port_slot[p]][0];
      opb[p] = slot_val[port_slot[p]][1];
      opc[p] = slot_val[port_slot[p]][2];
    end
  end

  // -------------------------------------------------------------------------------------
  // ALUs
  logic [Cfg.NumAlu-1:0][31:0] alu_res;
  logic [Cfg.NumAlu-1:0]   alu_br_unused;
  for (genvar p = 0; p < Cfg.NumAlu; p++) begin : gen_alu
    core_alu u_alu (
      .op_i        (iu[p].uop.alu_op),
      .a_i         (iu[p].uop.src_a_pc ? iu[p].pc : opa[p]),
      .b_i         (iu[p].uop.src_b_imm ? iu[p].uop.imm : opb[p]),
      .result_o    (alu_res[p]),
      .br_funct3_i (iu[p].uop.funct3),
      .br_a_i      (opa[p]),
      .br_b_i      (opb[p]),
      .br_taken_o  (alu_br_unused[p])
    );
  end

  // Branch unit (be_branch): its outcome in the execute cycle, or registered with IssueStage
  logic                br_out_v;
  rs_payload_t         br_out_iu;
  logic                br_out_taken, br_out_misal, br_out_mispred;
  logic [31:0]         br_out_target, br_out_npc;
  be_branch #(
    .Cfg          (Cfg),
    .rs_payload_t (rs_payload_t)
  ) u_branch (
    .clk_i,
    .rst_ni,
    .flush_i,
    .rob_head_i,
    .valid_i      (grant[Cfg.PBr]),
    .iu_i         (iu[Cfg.PBr]),
    .a_i          (opa[Cfg.PBr]),
    .b_i          (opb[Cfg.PBr]),
    .pend_i,
    .pend_rob_i,
    .valid_o      (br_out_v),
    .iu_o         (br_out_iu),
    .taken_o      (br_out_taken),
    .target_o     (br_out_target),
    .npc_o        (br_out_npc),
    .misal_o      (br_out_misal),
    .mispred_o    (br_out_mispred),
    .redirect_o   (redirect_exec_o)
  );

  // Multiplier (pipelined) and divider (iterative)
  logic        mul_issue, div_issue, mul_valid, div_valid, div_busy_unit;
  logic [31:0] mul_result, div_result;
  assign mul_issue = grant[Cfg.PMd] && iu[Cfg.PMd].uop.cls == ClsMul;
  assign div_issue = grant[Cfg.PMd] && iu[Cfg.PMd].uop.cls == ClsDiv;
  // A killed divide still occupies the unit until it finishes.
  assign div_busy  = div_busy_unit;

  core_mul #(.Latency(Cfg.MulLatency)) u_mul (
    .clk_i,
    .rst_ni,
    .fast_i   (fast_alu_i),
    .valid_i  (mul_issue),
    .funct_i  (iu[Cfg.PMd].uop.funct3[1:0]),
    .a_i      (opa[Cfg.PMd]),
    .b_i      (opb[Cfg.PMd]),
    .valid_o  (mul_valid),
    .result_o (mul_result)
  );

  core_div u_div (
    .clk_i,
    .rst_ni,
    .fast_i   (fast_alu_i),
    .start_i  (div_issue),
    .funct_i  (iu[Cfg.PMd].uop.funct3[1:0]),
    .a_i      (opa[Cfg.PMd]),
    .b_i      (opb[Cfg.PMd]),
    .busy_o   (div_busy_unit),
    .valid_o  (div_valid),
    .result_o (div_result)
  );

  // Result owners of the multiplier / divider outputs this cycle.
  logic [Cfg.MulLatency-2:0]       mul_live_q;
  logic [Cfg.MulLatency-2:0][Cfg.PW:0] mul_tag_q;  // {has_dst, pdst}
  logic [Cfg.MulLatency-2:0][Cfg.RobW-1:0] mul_rob_q;
  logic                            div_live_q, div_has_dst_q;
  logic [Cfg.PW-1:0]               div_pdst_q;
  logic [Cfg.RobW-1:0]             div_rob_q;
  logic            mul_out_live, mul_out_dst, div_out_live, div_out_dst;
  logic [Cfg.PW-1:0] mul_out_pdst, div_out_pdst;
  logic [Cfg.RobW-1:0] mul_out_rob, div_out_rob;
  assign mul_out_live = fast_alu_i ? mul_issue : mul_live_q[Cfg.MulLatency-2];
  assign mul_out_dst  = fast_alu_i ? iu[Cfg.PMd].has_dst : mul_tag_q[Cfg.MulLatency-2][Cfg.PW];
  assign mul_out_pdst = fast_alu_i ? iu[Cfg.PMd].pdst : mul_tag_q[Cfg.MulLatency-2][Cfg.PW-1:0];
  assign mul_out_rob  = fast_alu_i ? iu[Cfg.PMd].rob : mul_rob_q[Cfg.MulLatency-2];
  assign div_out_live = fast_alu_i ? div_issue : div_live_q;
  assign div_out_dst  = fast_alu_i ? iu[Cfg.PMd].has_dst : div_has_dst_q;
  assign div_out_pdst = fast_alu_i ? iu[Cfg.PMd].pdst : div_pdst_q;
  assign div_out_rob  = fast_alu_i ? iu[Cfg.PMd].rob : div_rob_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : muldiv_tags
    if (!rst_ni) begin
      mul_live_q    <= '0;
      mul_tag_q     <= '0;
      mul_rob_q     <= '0;
      div_live_q    <= 1'b0;
      div_has_dst_q <= 1'b0;
      div_pdst_q    <= '0;
      div_rob_q     <= '0;
    end else begin
      mul_live_q[0] <= mul_issue && !fast_alu_i && !flush_i;
      mul_tag_q[0]  <= {iu[Cfg.PMd].has_dst, iu[Cfg.PMd].pdst};
      mul_rob_q[0]  <= iu[Cfg.PMd].rob;
      for (int unsigned i = 1; i < Cfg.MulLatency - 1; i++) begin
        mul_live_q[i] <= mul_live_q[i-1] && !flush_i;
        mul_tag_q[i]  <= mul_tag_q[i-1];
        mul_rob_q[i]  <= mul_rob_q[i-1];
      end
      if (div_issue && !fast_alu_i) begin
        div_live_q    <= !flush_i;
        div_has_dst_q <= iu[Cfg.PMd].has_dst;
        div_pdst_q    <= iu[Cfg.PMd].pdst;
        div_rob_q     <= iu[Cfg.PMd].rob;
      end else if (flush_i || div_valid) begin
        div_live_q <= 1'b0;
      end
    end
  end

  // AGU
  logic        agu_misal;
  logic [31:0] agu_addr;
  logic [2:0]  agu_size;
  assign agu_load_o  = grant[Cfg.PAgu] && iu[Cfg.PAgu].uop.cls == ClsLoad;
  assign agu_store_o = grant[Cfg.PAgu] && iu[Cfg.PAgu].uop.cls == ClsStore;
  assign agu_addr    = opa[Cfg.PAgu] + iu[Cfg.PAgu].uop.imm;
  assign agu_size    = size_of(iu[Cfg.PAgu].uop.funct3[1:0]);
  assign agu_misal   = (agu_size == 3'd4 && agu_addr[1:0] != 2'b00)
                    || (agu_size == 3'd2 && agu_addr[0]);
  assign agu_sdata_o = agu_size == 3'd4 ? opb[Cfg.PAgu]
                     : agu_size == 3'd2 ? {16'b0, opb[Cfg.PAgu][15:0]}
                     : {24'b0, opb[Cfg.PAgu][7:0]};
  // Physical memory attributes (core_pkg "Memory map"): below RamBase is device space, where
  // a store goes out at the ROB head and a missing device answers an access fault there.
  // From RamBase, ram_size_i bytes of RAM; an access above them faults here, precisely, so
  // no store ever reaches the store buffer with an address memory cannot take (the ISS:
  // iss::Memory, an access fault outside RAM). Alignment is checked first, as the ISS does.
  logic        agu_fault;
  logic [31:0] agu_off;
  assign agu_off     = agu_addr - RamBase;
  assign agu_fault   = agu_addr[31] && agu_off > ram_size_i - 32'(agu_size);
  assign agu_mmio_o  = !agu_addr[31];
  assign agu_exc_o   = agu_misal || agu_fault;
  always_comb begin : agu_cause
    if (agu_misal) begin
      agu_cause_o = iu[Cfg.PAgu].uop.cls == ClsLoad ? CauseMisalignedLoad : CauseMisalignedStore;
    end else begin
      agu_cause_o = iu[Cfg.PAgu].uop.cls == ClsLoad ? CauseLoadAccess : CauseStoreAccess;
    end
  end

  // -------------------------------------------------------------------------------------
  // FP units: FpUnits pipes (every op but fdiv/fsqrt, latency FpuLatency) and one iterative
  // fdiv/fsqrt. The tag carries the result's owner; a flush kills every op in flight.
  typedef struct packed {
    logic                has_dst;
    logic [Cfg.PW-1:0]   pdst;
    logic [Cfg.RobW-1:0] rob;
  } fp_tag_t;
  logic [Cfg.FpUnits-1:0]       fma_valid;
  logic [Cfg.FpUnits-1:0][31:0] fma_result;
  fp_tag_t [Cfg.FpUnits-1:0]    fma_tag;
  for (genvar j = 0; j < Cfg.FpUnits; j++) begin : gen_fma
    fpu_pipe #(
      .Latency (FpuLatency),
      .TagW    ($bits(fp_tag_t))
    ) u_fma (
      .clk_i,
      .rst_ni,
      .flush_i,
      .valid_i  (grant[Cfg.PFma + j]),
      .op_i     (iu[Cfg.PFma + j].uop.fpu_op),
      .rm_i     (iu[Cfg.PFma + j].uop.rm),
      .a_i      (opa[Cfg.PFma + j]),
      .b_i      (opb[Cfg.PFma + j]),
      .c_i      (opc[Cfg.PFma + j]),
      .tag_i    ({iu[Cfg.PFma + j].has_dst, iu[Cfg.PFma + j].pdst, iu[Cfg.PFma + j].rob}),
      .valid_o  (fma_valid[j]),
      .result_o (fma_result[j]),
      .flags_o  (fma_flags_o[j]),
      .tag_o    (fma_tag[j])
    );
    assign fma_done_o[j] = fma_valid[j];
    assign fma_rob_o[j]  = fma_tag[j].rob;
  end

  logic        fdiv_valid;
  logic [31:0] fdiv_result;
  fp_tag_t     fdiv_tag;
  fpu_divsqrt #(
    .TagW ($bits(fp_tag_t))
  ) u_fdiv (
    .clk_i,
    .rst_ni,
    .flush_i,
    .req_valid_i  (grant[Cfg.PFdiv]),
    .req_ready_o  (fdiv_ready),
    .op_i         (iu[Cfg.PFdiv].uop.fpu_op),
    .rm_i         (iu[Cfg.PFdiv].uop.rm),
    .a_i          (opa[Cfg.PFdiv]),
    .b_i          (opb[Cfg.PFdiv]),
    .tag_i        ({iu[Cfg.PFdiv].has_dst, iu[Cfg.PFdiv].pdst, iu[Cfg.PFdiv].rob}),
    .resp_valid_o (fdiv_valid),
    .result_o     (fdiv_result),
    .flags_o      (fdiv_flags_o),
    .tag_o        (fdiv_tag)
  );
  assign fdiv_done_o = fdiv_valid;
  assign fdiv_rob_o  = fdiv_tag.rob;

  // -------------------------------------------------------------------------------------
  // Write-back ports
  always_comb begin : writeback
    wb_valid = '0;
    wb_tag   = '0;
    wb_data  = '0;
    // ALUs (a CSR op writes its register at commit instead)
    for (int unsigned p = 0; p < Cfg.NumAlu; p++) begin
      wb_valid[p] = grant[p] && iu[p].has_dst && iu[p].uop.cls != ClsCsr;
      wb_tag[p]   = iu[p].pdst;
      wb_data[p]  = alu_res[p];
    end
    wb_valid[Cfg.WbBr] = grant[Cfg.PBr] && iu[Cfg.PBr].has_dst;
    wb_tag[Cfg.WbBr] = iu[Cfg.PBr].pdst;
    wb_data[Cfg.WbBr] = iu[Cfg.PBr].pc + 32'd4;
    wb_valid[Cfg.WbMul] = mul_valid && mul_out_live && mul_out_dst;
    wb_tag[Cfg.WbMul] = mul_out_pdst;
    wb_data[Cfg.WbMul] = mul_result;
    wb_valid[Cfg.WbDiv] = div_valid && div_out_live && div_out_dst;
    wb_tag[Cfg.WbDiv] = div_out_pdst;
    wb_data[Cfg.WbDiv] = div_result;
    wb_valid[Cfg.WbLd] = ld_wb_valid_i;
    wb_tag[Cfg.WbLd] = ld_wb_tag_i;
    wb_data[Cfg.WbLd] = ld_wb_data_i;
    wb_valid[Cfg.WbFwd] = fwd_wb_valid_i;
    wb_tag[Cfg.WbFwd] = fwd_wb_tag_i;
    wb_data[Cfg.WbFwd] = fwd_wb_data_i;
    for (int unsigned j = 0; j < Cfg.FpUnits; j++) begin
      wb_valid[Cfg.WbFma + j] = fma_valid[j] && fma_tag[j].has_dst;
      wb_tag[Cfg.WbFma + j]   = fma_tag[j].pdst;
      wb_data[Cfg.WbFma + j]  = fma_result[j];
    end
    wb_valid[Cfg.WbFdiv] = fdiv_valid && fdiv_tag.has_dst;
    wb_tag[Cfg.WbFdiv]   = fdiv_tag.pdst;
    wb_data[Cfg.WbFdiv]  = fdiv_result;
    if (flush_i) wb_valid = '0;
  end

  always_comb begin : wake
    wake_valid = wb_valid;
    wake_tag   = wb_tag;
    if (Cfg.IssueStage != 0) begin
      for (int unsigned p = 0; p < Cfg.NumAlu; p++) begin
        wake_valid[p] = sel_grant[p] && sel_iu[p].has_dst && sel_iu[p].uop.cls != ClsCsr;
        wake_tag[p]   = sel_iu[p].pdst;
      end
      wake_valid[Cfg.WbBr] = sel_grant[Cfg.PBr] && sel_iu[Cfg.PBr].has_dst;
      wake_tag[Cfg.WbBr]   = sel_iu[Cfg.PBr].pdst;
      if (fast_alu_i) begin
        wake_valid[Cfg.WbMul] = sel_grant[Cfg.PMd] && sel_iu[Cfg.PMd].has_dst
                             && sel_iu[Cfg.PMd].uop.cls == ClsMul;
        wake_tag[Cfg.WbMul]   = sel_iu[Cfg.PMd].pdst;
        wake_valid[Cfg.WbDiv] = sel_grant[Cfg.PMd] && sel_iu[Cfg.PMd].has_dst
                             && sel_iu[Cfg.PMd].uop.cls == ClsDiv;
        wake_tag[Cfg.WbDiv]   = sel_iu[Cfg.PMd].pdst;
      end
    end
  end

  // Physical register files (be_prf), x and f; x0's register p0 is never written. Their
  // write ports: the NumWb write-back ports, then the CSR op's write at commit (x only). A
  // port writes only the files wr_files names, so the f file has no write port from the
  // integer units.
  localparam int unsigned NumWr = Cfg.NumWb + 1;
  function automatic logic [NumWr-1:0][1:0] wr_files();
    for (int unsigned p = 0; p < NumWr; p++) wr_files[p] = p == Cfg.NumWb ? 2'b01 : wb_files(p);
  endfunction
  be_prf #(
    .Cfg     (Cfg),
    .NumWr   (NumWr),
    .NumRd   (NumRd),
    .WrFiles (wr_files())
  ) u_prf (
    .clk_i,
    .rst_ni,
    .wr_valid_i ({csr_wb_valid_i, wb_valid}),
    .wr_tag_i   ({{1'b0, csr_wb_tag_i[RegW-1:0]}, wb_tag}),
    .wr_data_i  ({csr_wb_data_i, wb_data}),
    .rd_idx_i   (rd_idx),
    .rd_f_i     (rd_f),
    .rd_val_o   (rd_val)
  );
  for (genvar c = 0; c < Cfg.CommitWidth; c++) begin : gen_cmt_val
    assign cmt_val_o[c] = rd_val[NumSlots * 3 + c];
  end

  assign rs_valid_o   = rs_valid;
  assign rs_ready_o   = rs_ready;
  assign rs_issue_o   = rs_issue;
  assign rs_src1_o    = rs_src1;
  assign rs_src2_o    = rs_src2;
  assign rs_src3_o    = rs_src3;
  assign rs_pl_o      = rs_pl;
  // The branch port's entry carries its registered outcome with IssueStage (gen_br_reg).
  always_comb begin : exec_out
    grant_o          = grant;
    iu_o             = iu;
    grant_o[Cfg.PBr] = br_out_v;
    iu_o[Cfg.PBr]    = br_out_iu;
  end
  assign opa_o        = opa;
  assign br_taken_o   = br_out_taken;
  assign br_target_o  = br_out_target;
  assign br_npc_o     = br_out_npc;
  assign br_misal_o   = br_out_misal;
  assign br_mispred_o = br_out_mispred;
  assign mul_done_o   = mul_valid && mul_out_live;
  assign mul_rob_o    = mul_out_rob;
  assign div_done_o   = div_valid && div_out_live;
  assign div_rob_o    = div_out_rob;
  assign agu_addr_o   = agu_addr;
  assign agu_size_o   = agu_size;
  assign wb_valid_o   = wake_valid;
  assign wb_tag_o     = wake_tag;
  assign sel_grant_o  = sel_grant;
  assign sel_iu_o     = sel_iu;

  logic unused;
  assign unused = ^alu_br_unused;

`ifndef SYNTHESIS
  // The file split holds only if no port sees a register of a file src_files / wb_files
  // leave out: such a read would return the other file's register, such a write be lost.
  always_ff @(posedge clk_i) begin : file_checks
    if (rst_ni) begin
      for (int unsigned p = 0; p < Cfg.NumPorts; p++) begin
        for (int unsigned s = 0; s < 3; s++) begin
          assert (!grant[p] || src_tag[p][s] == '0
                  || in_files(src_files(p, s), src_tag[p][s][RegW]))
            else $error("be_issue: port %0d source %0d names tag %0d, a file it cannot read",
                        p, s, src_tag[p][s]);
        end
      end
      for (int unsigned p = 0; p < Cfg.NumWb; p++) begin
        assert (!wb_valid[p] || in_files(wb_files(p), wb_tag[p][RegW]))
          else $error("be_issue: write-back port %0d writes tag %0d, a file it cannot write",
                      p, wb_tag[p]);
      end
      assert (!csr_wb_valid_i || !csr_wb_tag_i[RegW])
        else $error("be_issue: a CSR op writes f register tag %0d", csr_wb_tag_i);
    end
  end
`endif

endmodule : be_issue
