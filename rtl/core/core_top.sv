// StackScope core, step 0: a sequential (one instruction at a time) RV32IM + Zicsr
// machine-mode core. Fetch overlaps commit: the next instruction is requested in the commit
// cycle and executes in the cycle its answer arrives, so an L1I-hit ALU op takes one cycle. It fixes the contracts the out-of-order core will keep -- the memory
// bus, interrupt inputs, idealisation switches and the commit trace checked against the ISS
// -- and provides the decode / ALU / multiplier / divider / CSR blocks it will reuse.
// Traps and interrupts are precise by construction: an instruction either commits or traps.
`default_nettype none

module core_top
  import core_pkg::*;
#(
  parameter int unsigned MulLatency = 3
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [31:0]  boot_addr_i,
  // Idealisation switch: multiply and divide in one cycle.
  input  logic         fast_alu_i,
  // Memory bus: one outstanding request; req_o is a one-cycle pulse, the answer comes as a
  // one-cycle rvalid_i pulse (err_i = access fault) any number of cycles later.
  output logic         bus_req_o,
  output logic         bus_ifetch_o,
  output logic [31:0]  bus_addr_o,     // byte address (aligned to the access size)
  output logic         bus_we_o,
  output logic [2:0]   bus_size_o,     // bytes: 1, 2, 4
  output logic [31:0]  bus_wdata_o,    // store data in its byte lanes
  output logic         bus_flush_o,    // fence.i (pulse, no req): answered by rvalid_i
  input  logic         bus_rvalid_i,
  input  logic         bus_err_i,
  input  logic [31:0]  bus_rdata_i,    // whole aligned word
  // Interrupts (levels) and the CLINT time for the time CSR.
  input  logic         meip_i,
  input  logic         mtip_i,
  input  logic         msip_i,
  input  logic         lcofi_i,
  input  logic [63:0]  mtime_i,
  // Memory-system state for the probe bus (docs/core_contract.md: ic_miss_i, the L1D's miss
  // flag, mem_outstanding_i).
  input  logic         ic_miss_i,          // the L1I is serving a miss
  input  logic         dc_miss_i,          // the L1D is serving a miss (or a fence.i walk)
  input  logic [3:0]   mem_outstanding_i,  // line requests outstanding at main memory
  // Lockstep trace (registered: describes the instruction that committed at the last edge).
  output commit_t      commit_o,
  output core_status_t status_o,
  // PMU: the probe bus (docs/probe.md) and the counter-CSR port served by pmu_top.
  output pmu_pkg::probe_t probe_o,
  output logic         pmu_csr_we_o,
  output logic [11:0]  pmu_csr_addr_o,
  output logic [31:0]  pmu_csr_wdata_o,
  input  logic [31:0]  pmu_csr_rdata_i
);

  typedef enum logic [2:0] {
    StFetch, StFetchWait, StMemWait, StMul, StDiv
  } state_e;

  state_e      state_q, state_d;
  logic [31:0] pc_q, pc_d, insn_q, insn_d, irq_mip_q, irq_mip_d;
  logic [31:0] rf_q [32];
  commit_t     commit_q, commit_d;

  uop_t        uop;
  logic [31:0] rs1_val, rs2_val, insn_cur;
  logic        exec_now;

  // An instruction executes in the cycle its fetch answer arrives (decoded straight off the
  // bus); multi-cycle ones keep it in insn_q.
  assign exec_now = state_q == StFetchWait && bus_rvalid_i && !bus_err_i;
  assign insn_cur = state_q == StFetchWait ? bus_rdata_i : insn_q;

  core_decode u_decode (
    .insn_i (insn_cur),
    .uop_o  (uop)
  );

  assign rs1_val = rf_q[uop.rs1];
  assign rs2_val = rf_q[uop.rs2];

  // ---------------------------------------------------------------- functional units
  logic [31:0] alu_result;
  logic        br_taken;
  core_alu u_alu (
    .op_i        (uop.alu_op),
    .a_i         (uop.src_a_pc ? pc_q : rs1_val),
    .b_i         (uop.src_b_imm ? uop.imm : rs2_val),
    .result_o    (alu_result),
    .br_funct3_i (uop.funct3),
    .br_a_i      (rs1_val),
    .br_b_i      (rs2_val),
    .br_taken_o  (br_taken)
  );

  logic        mul_start, mul_valid, div_start, div_valid, div_busy;
  logic [31:0] mul_result, div_result;
  assign mul_start = exec_now && uop.cls == ClsMul;
  assign div_start = exec_now && uop.cls == ClsDiv;

  core_mul #(.Latency(MulLatency)) u_mul (
    .clk_i,
    .rst_ni,
    .fast_i   (fast_alu_i),
    .valid_i  (mul_start),
    .funct_i  (uop.funct3[1:0]),
    .a_i      (rs1_val),
    .b_i      (rs2_val),
    .valid_o  (mul_valid),
    .result_o (mul_result)
  );

  core_div u_div (
    .clk_i,
    .rst_ni,
    .fast_i   (fast_alu_i),
    .start_i  (div_start),
    .funct_i  (uop.funct3[1:0]),
    .a_i      (rs1_val),
    .b_i      (rs2_val),
    .busy_o   (div_busy),
    .valid_o  (div_valid),
    .result_o (div_result)
  );

  // ---------------------------------------------------------------- CSRs and traps
  logic [31:0] irq_live, csr_rdata, irq_cause, trap_target, mepc;
  logic        csr_illegal, irq_take, csr_write;
  logic        trap, mret, retire;
  logic [31:0] trap_cause, trap_tval;
  assign irq_live  = {18'b0, lcofi_i, 1'b0, meip_i, 3'b0, mtip_i, 3'b0, msip_i, 3'b0};
  // csrrw/csrrwi always write; csrrs/csrrc(i) write only with rs1/uimm != 0.
  assign csr_write = uop.csr_op == CsrOpWrite || uop.rs1 != 5'd0;

  core_csr u_csr (
    .clk_i,
    .rst_ni,
    .addr_i        (uop.csr_addr),
    .access_i      (exec_now && uop.cls == ClsCsr),
    .write_i       (csr_write),
    .op_i          (uop.csr_op),
    .src_i         (uop.csr_imm ? {27'b0, uop.rs1} : rs1_val),
    .commit_i      (retire),
    .rdata_o       (csr_rdata),
    .illegal_o     (csr_illegal),
    .irq_live_i    (irq_live),
    .irq_sampled_i (irq_mip_q),
    .irq_take_o    (irq_take),
    .irq_cause_o   (irq_cause),
    .trap_i        (trap),
    .trap_cause_i  (trap_cause),
    .trap_tval_i   (trap_tval),
    .trap_pc_i     (pc_q),
    .trap_target_o (trap_target),
    .mret_i        (mret),
    .mepc_o        (mepc),
    .mtime_i,
    .pmu_we_o      (pmu_csr_we_o),
    .pmu_addr_o    (pmu_csr_addr_o),
    .pmu_wdata_o   (pmu_csr_wdata_o),
    .pmu_rdata_i   (pmu_csr_rdata_i)
  );

  // ---------------------------------------------------------------- memory access
  logic [31:0] mem_addr, load_value, store_data;
  logic [2:0]  mem_size;
  logic        mem_misaligned;
  logic [4:0]  lane_shift;
  assign mem_addr       = rs1_val + uop.imm;
  assign mem_size       = uop.funct3[1] ? 3'd4 : uop.funct3[0] ? 3'd2 : 3'd1;
  assign mem_misaligned = (mem_size == 3'd4 && mem_addr[1:0] != 2'b00)
                       || (mem_size == 3'd2 && mem_addr[0]);
  assign lane_shift     = {mem_addr[1:0], 3'b000};
  assign store_data     = mem_size == 3'd4 ? rs2_val
                        : mem_size == 3'd2 ? {16'b0, rs2_val[15:0]} : {24'b0, rs2_val[7:0]};

  always_comb begin : load_format
    logic [31:0] shifted;
    shifted = bus_rdata_i >> lane_shift;
    unique case (uop.funct3)
      3'd0:    load_value = {{24{shifted[7]}}, shifted[7:0]};
      3'd1:    load_value = {{16{shifted[15]}}, shifted[15:0]};
      3'd4:    load_value = {24'b0, shifted[7:0]};
      3'd5:    load_value = {16'b0, shifted[15:0]};
      default: load_value = shifted;
    endcase
  end

  // ---------------------------------------------------------------- sequencing
  logic [31:0] pc_plus4, br_target, jalr_target, next_pc;
  logic        commit, rd_we;
  logic [31:0] rd_wdata;
  assign pc_plus4    = pc_q + 32'd4;
  assign br_target   = pc_q + uop.imm;
  assign jalr_target = (rs1_val + uop.imm) & ~32'd1;

  always_comb begin : fsm
    state_d      = state_q;
    insn_d       = insn_q;
    irq_mip_d    = irq_mip_q;
    commit       = 1'b0;
    trap         = 1'b0;
    mret         = 1'b0;
    trap_cause   = '0;
    trap_tval    = '0;
    rd_we        = 1'b0;
    rd_wdata     = '0;
    next_pc      = pc_plus4;
    bus_req_o    = 1'b0;
    bus_ifetch_o = 1'b0;
    bus_addr_o   = pc_q;
    bus_we_o     = 1'b0;
    bus_size_o   = 3'd4;
    bus_wdata_o  = store_data << lane_shift;
    bus_flush_o  = 1'b0;
    unique case (state_q)
      StFetch: begin
        // Interrupts are taken between instructions; the lines seen here are the ones the
        // lockstep ISS is given for this record, and the ones a csrr mip of it reads.
        irq_mip_d = irq_live;
        if (irq_take) begin
          commit     = 1'b1;
          trap       = 1'b1;
          trap_cause = irq_cause;
        end else begin
          bus_req_o    = 1'b1;
          bus_ifetch_o = 1'b1;
          state_d      = StFetchWait;
        end
      end
      StFetchWait: begin
        if (bus_rvalid_i) begin
          if (bus_err_i) begin
            insn_d     = '0;
            commit     = 1'b1;
            trap       = 1'b1;
            trap_cause = CauseFetchAccess;
            trap_tval  = pc_q;
          end else begin
            insn_d = bus_rdata_i;
            commit = 1'b1;
            rd_we  = uop.rd_we;
            unique case (uop.cls)
              ClsAlu: rd_wdata = alu_result;
              ClsBranch: if (br_taken) next_pc = br_target;
              ClsJal: begin
                next_pc  = br_target;
                rd_wdata = pc_plus4;
              end
              ClsJalr: begin
                next_pc  = jalr_target;
                rd_wdata = pc_plus4;
              end
              ClsLoad, ClsStore: begin
                if (mem_misaligned) begin
                  trap       = 1'b1;
                  trap_cause = uop.cls == ClsLoad ? CauseMisalignedLoad : CauseMisalignedStore;
                  trap_tval  = mem_addr;
                end else begin
                  commit     = 1'b0;
                  bus_req_o  = 1'b1;
                  bus_addr_o = mem_addr;
                  bus_we_o   = uop.cls == ClsStore;
                  bus_size_o = mem_size;
                  state_d    = StMemWait;
                end
              end
              ClsMul: begin
                rd_wdata = mul_result;
                if (!mul_valid) begin
                  commit  = 1'b0;
                  state_d = StMul;
                end
              end
              ClsDiv: begin
                rd_wdata = div_result;
                if (!div_valid) begin
                  commit  = 1'b0;
                  state_d = StDiv;
                end
              end
              ClsCsr: begin
                rd_wdata = csr_rdata;
                if (csr_illegal) begin
                  trap       = 1'b1;
                  trap_cause = CauseIllegalInsn;
                  trap_tval  = insn_cur;
                end
              end
              ClsEcall: begin
                trap       = 1'b1;
                trap_cause = CauseEcallM;
              end
              ClsEbreak: begin
                trap       = 1'b1;
                trap_cause = CauseBreakpoint;
                trap_tval  = pc_q;
              end
              ClsMret: begin
                mret    = 1'b1;
                next_pc = mepc;
              end
              ClsNop: ;
              ClsFenceI: begin
                commit      = 1'b0;
                bus_flush_o = 1'b1;
                state_d     = StMemWait;
              end
              default: begin  // ClsIllegal
                trap       = 1'b1;
                trap_cause = CauseIllegalInsn;
                trap_tval  = insn_cur;
              end
            endcase
            // No C extension: a jump or taken branch to a pc that is not 4-byte aligned traps
            // on the jump itself.
            if (commit && !trap && next_pc[1]) begin
              trap       = 1'b1;
              trap_cause = CauseMisalignedFetch;
              trap_tval  = next_pc;
            end
          end
        end
      end
      StMemWait: begin
        if (bus_rvalid_i) begin
          commit   = 1'b1;
          rd_we    = uop.rd_we;
          rd_wdata = load_value;
          if (bus_err_i) begin
            trap       = 1'b1;
            trap_cause = uop.cls == ClsLoad ? CauseLoadAccess : CauseStoreAccess;
            trap_tval  = mem_addr;
          end
        end
      end
      StMul: begin
        rd_we    = uop.rd_we;
        rd_wdata = mul_result;
        commit   = mul_valid;
      end
      StDiv: begin
        rd_we    = uop.rd_we;
        rd_wdata = div_result;
        commit   = div_valid;
      end
      default: state_d = StFetch;
    endcase
    if (commit) begin
      state_d = StFetch;
      // Fetch the next instruction in the commit cycle unless an interrupt is due or this
      // instruction may change the interrupt enables (CSR access, mret): then the Fetch
      // state decides first.
      if (!trap && !irq_take && uop.cls != ClsCsr && uop.cls != ClsMret) begin
        bus_req_o    = 1'b1;
        bus_ifetch_o = 1'b1;
        bus_addr_o   = next_pc;
        bus_we_o     = 1'b0;
        bus_size_o   = 3'd4;
        bus_flush_o  = 1'b0;
        irq_mip_d    = irq_live;
        state_d      = StFetchWait;
      end
    end
  end

  assign retire = commit & ~trap;
  // Outside the FSM block: the trap target depends on the cause the FSM computes.
  assign pc_d   = !commit ? pc_q : trap ? trap_target : next_pc;

  always_comb begin : trace
    commit_d           = '0;
    commit_d.valid     = commit;
    commit_d.pc        = pc_q;
    commit_d.insn      = state_q == StFetch ? '0 : insn_d;
    commit_d.trap      = trap;
    commit_d.cause     = trap_cause;
    commit_d.rd_we     = retire && rd_we && uop.rd != 5'd0;
    commit_d.rd        = commit_d.rd_we ? uop.rd : 5'd0;
    commit_d.rd_wdata  = commit_d.rd_we ? rd_wdata : '0;
    commit_d.mem_we    = retire && uop.cls == ClsStore;
    commit_d.mem_addr  = commit_d.mem_we ? mem_addr : '0;
    commit_d.mem_wdata = commit_d.mem_we ? store_data : '0;
    commit_d.mem_size  = commit_d.mem_we ? mem_size : 3'd0;
    commit_d.irq_mip   = state_q == StFetch ? irq_live : irq_mip_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      state_q   <= StFetch;
      pc_q      <= boot_addr_i;
      insn_q    <= '0;
      irq_mip_q <= '0;
      commit_q  <= '0;
    end else begin
      state_q   <= state_d;
      pc_q      <= pc_d;
      insn_q    <= insn_d;
      irq_mip_q <= irq_mip_d;
      commit_q  <= commit_d;
    end
  end

  // x0 is never written, so it reads as zero without a mux.
  always_ff @(posedge clk_i or negedge rst_ni) begin : regfile
    if (!rst_ni) begin
      for (int unsigned i = 0; i < 32; i++) rf_q[i] <= '0;
    end else if (commit_d.rd_we) begin
      rf_q[uop.rd] <= rd_wdata;
    end
  end

  // ---------------------------------------------------------------- probe bus
  // A 1-wide in-order machine seen as the out-of-order terms (docs/probe.md, "sequential
  // core"): dispatch = issue = the cycle an instruction starts executing (decoded off the
  // fetch answer), commit = retire; the one-entry window ("ROB") holds a multi-cycle
  // instruction (load/store, mul, div, fence.i) from that cycle until it commits. Nothing
  // speculates, so there are no wrong-path slots and no recovery cycles.
  logic waiting, occupied_after, mem_cls, head_miss, dmiss_q, dmiss_d, fencei_commit;
  assign waiting        = state_q == StMemWait || state_q == StMul || state_q == StDiv;
  assign occupied_after = state_d == StMemWait || state_d == StMul || state_d == StDiv;
  assign mem_cls        = uop.cls == ClsLoad || uop.cls == ClsStore;
  // The L1D raises its miss flag the cycle after the request: the access is classed as a
  // miss from then on (there is no L2 yet, so a miss is served by memory: ClsDcMem).
  assign head_miss      = dmiss_q || (state_q == StMemWait && dc_miss_i);
  assign dmiss_d        = state_q == StMemWait && state_d == StMemWait && head_miss;
  assign fencei_commit  = retire && uop.cls == ClsFenceI;

  always_ff @(posedge clk_i or negedge rst_ni) begin : probe_regs
    if (!rst_ni) dmiss_q <= 1'b0;
    else dmiss_q <= dmiss_d;
  end

  always_comb begin : probe
    probe_o                  = '0;
    probe_o.disp_n           = pmu_pkg::NW'(exec_now);
    probe_o.disp_cp_mask     = '1;  // never on a wrong path
    // While the window is busy the front end is held by the back end (ROB full), not dry.
    probe_o.fe_empty         = !waiting;
    probe_o.fe_icache_miss   = state_q == StFetchWait && ic_miss_i;
    probe_o.fe_bpred_recover = 1'b0;
    probe_o.rob_full         = waiting;
    probe_o.be_stall         = waiting;
    probe_o.iss_n            = pmu_pkg::NW'(exec_now);
    probe_o.rs_empty         = 1'b1;  // an instruction issues in the cycle it dispatches
    probe_o.iss_prod_cls     = pmu_pkg::ClsSingle;
    probe_o.cmt_n            = pmu_pkg::NW'(retire);
    probe_o.rob_empty        = !occupied_after;
    probe_o.rob_head_valid   = occupied_after;
    probe_o.rob_head_done    = 1'b0;  // it commits in the cycle it finishes
    probe_o.rob_head_cls     = mem_cls && head_miss ? pmu_pkg::ClsDcMem : pmu_pkg::ClsLongLat;
    probe_o.machine_clear    = fencei_commit;  // fetch restarts after fence.i
    probe_o.exception        = commit && trap;
    probe_o.ld_inflight      = state_q == StMemWait && uop.cls == ClsLoad;
    probe_o.ld_l1miss        = state_q == StMemWait && uop.cls == ClsLoad && head_miss;
    probe_o.ld_l2miss        = probe_o.ld_l1miss;  // no L2: an L1D miss goes to memory
    // No store buffer: a store in progress blocks the next one (a full zero-entry buffer).
    probe_o.sb_full          = state_q == StMemWait && uop.cls == ClsStore;
    probe_o.mem_outstanding  = mem_outstanding_i;
    probe_o.head_valid[0]    = exec_now || waiting;
    probe_o.head_commit[0]   = retire;
    probe_o.head_pc[0]       = pc_q;
    probe_o.flush            = (commit && trap) || fencei_commit;
    probe_o.flush_pc         = pc_q;
    probe_o.next_pc          = waiting ? pc_plus4 : pc_q;
  end

  assign commit_o             = commit_q;
  assign status_o.fetch_wait  = state_q == StFetchWait && !bus_rvalid_i;
  assign status_o.mem_wait    = state_q == StMemWait;
  assign status_o.muldiv_busy = state_q == StMul || state_q == StDiv || div_busy;

endmodule : core_top
