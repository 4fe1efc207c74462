// Machine-mode CSR file: Zicsr, trap entry, mret and the interrupt decision. The counter
// CSRs (Zicntr, Zihpm, Sscofpmf mhpmevent/OF, mcountinhibit, mcounteren, mip.LCOFIP writes)
// and the custom PMU CSRs live in pmu_top: this block forwards those accesses over the
// pmu_* port (read in the access cycle, write when the instruction commits). WARL behaviour
// of the rest matches the ISS (sim_model/iss/csr.cpp); lockstep adopts the RTL's value for
// reads of PMU-owned CSRs (tb/harness/lockstep.cpp).
`default_nettype none

module core_csr
  import core_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  // CSR instruction: read in the execute cycle, write when it commits (same cycle here).
  input  logic [11:0] addr_i,
  input  logic        access_i,    // a CSR instruction is executing
  input  logic        write_i,     // ... and it writes (csrrw*, or rs1/uimm != 0)
  input  csr_op_e     op_i,
  input  logic [31:0] src_i,
  input  logic        commit_i,    // the access retires this cycle
  output logic [31:0] rdata_o,
  output logic        illegal_o,
  // Interrupt lines: live for the decision, sampled (per instruction) for mip reads.
  input  logic [31:0] irq_live_i,
  input  logic [31:0] irq_sampled_i,
  output logic        irq_take_o,
  output logic [31:0] irq_cause_o,
  // Trap entry and return.
  input  logic        trap_i,
  input  logic [31:0] trap_cause_i,
  input  logic [31:0] trap_tval_i,
  input  logic [31:0] trap_pc_i,
  output logic [31:0] trap_target_o,
  input  logic        mret_i,
  output logic [31:0] mepc_o,
  input  logic [63:0] mtime_i,
  // RV32F state: fcsr and mstatus.FS. Committed FP ops accrue their flags and dirty FS (the
  // CSR ops that read them commit alone at the ROB head, after every older op).
  input  fpu_pkg::fpu_flags_t fp_flags_i,  // flags of the FP ops committing this cycle
  input  logic        fp_dirty_i,    // a committing op wrote an f register or raised a flag
  output logic [2:0]  frm_o,         // for dispatch: dynamic rounding mode (5..7 invalid)
  output logic        fs_off_o,      // mstatus.FS = Off: every F instruction is illegal
  output fpu_pkg::fpu_flags_t fflags_o,    // fflags now
  output fpu_pkg::fpu_flags_t fflags_d_o,  // fflags after this cycle's commit
  // CSRs served by pmu_top.
  output logic        pmu_we_o,
  output logic [11:0] pmu_addr_o,
  output logic [31:0] pmu_wdata_o,
  input  logic [31:0] pmu_rdata_i
);

  localparam logic [31:0] MisaValue = 32'h4000_1120;  // RV32 I M F
  localparam logic [31:0] MstatusMie = 32'h0000_0008, MstatusMpie = 32'h0000_0080;
  localparam logic [31:0] MstatusMpp = 32'h0000_1800;  // machine mode only: hardwired
  // mstatus.FS (bits 14:13): Off, Initial (reset), Clean, Dirty; SD (bit 31) = FS is Dirty.
  localparam logic [1:0] FsInitial = 2'd1, FsDirty = 2'd3;

  logic [31:0] mstatus_q, mstatus_d, mie_q, mie_d, mtvec_q, mtvec_d, mepc_q, mepc_d;
  logic [31:0] mcause_q, mcause_d, mtval_q, mtval_d, mscratch_q, mscratch_d;
  logic [1:0]  fs_q, fs_d;
  fpu_pkg::fpu_flags_t fflags_q, fflags_d;
  logic [2:0]  frm_q, frm_d;  // any value: 5..7 make dynamic-rounding ops illegal

  // LCOFIP (bit 13) arrives on the interrupt lines from pmu_top, which also takes its writes.
  logic [31:0] mip_read, mip_live;
  assign mip_read = irq_sampled_i & MipMask;
  assign mip_live = irq_live_i & MipMask;

  // ---------------------------------------------------------------- read
  logic        exists, is_pmu;
  logic [11:0] ra;  // user counter aliases folded onto the machine ones
  always_comb begin : pmu_owned
    ra = addr_i;
    if (addr_i[11:8] == 4'hc && addr_i[7:6] == 2'b00 && addr_i[5] == 1'b0) ra = addr_i - 12'h100;
    if (addr_i[11:8] == 4'hc && addr_i[7:6] == 2'b10 && addr_i[5] == 1'b0) ra = addr_i - 12'h100;
    // Counters (not 0xB01/0xB81: time lives in the CLINT), mhpmevent(h)3..31, inhibit,
    // counteren, and the custom PMU CSRs and window (addresses: probe_pkg, generated).
    is_pmu = ((ra[11:5] == 7'b1011_000 || ra[11:5] == 7'b1011_100) && ra[4:0] != 5'd1)
          || ((addr_i[11:5] == 7'b0011_001 || addr_i[11:5] == 7'b0111_001)
              && addr_i[4:0] >= 5'd3)
          || addr_i == CsrMcountinhibit || addr_i == CsrMcounteren
          || (addr_i >= probe_pkg::AddrPmuBank && addr_i <= probe_pkg::AddrPmuCustomLast)
          || addr_i[11:probe_pkg::WindowWordBits]
             == probe_pkg::AddrWindow[11:probe_pkg::WindowWordBits];
    if (addr_i == CsrTime || addr_i == CsrTimeh) is_pmu = 1'b0;
  end

  always_comb begin : read
    exists  = 1'b1;
    rdata_o = '0;
    if (addr_i == CsrTime) begin
      rdata_o = mtime_i[31:0];
    end else if (addr_i == CsrTimeh) begin
      rdata_o = mtime_i[63:32];
    end else if (is_pmu) begin
      rdata_o = pmu_rdata_i;
    end else begin
      unique case (ra)
        CsrMstatus:       rdata_o = mstatus_q | {fs_q == FsDirty, 16'b0, fs_q, 13'b0};
        CsrFflags:        begin rdata_o = {27'b0, fflags_q}; exists = fs_q != 2'd0; end
        CsrFrm:           begin rdata_o = {29'b0, frm_q}; exists = fs_q != 2'd0; end
        CsrFcsr:          begin rdata_o = {24'b0, frm_q, fflags_q}; exists = fs_q != 2'd0; end
        CsrMisa:          rdata_o = MisaValue;
        CsrMie:           rdata_o = mie_q;
        CsrMtvec:         rdata_o = mtvec_q;
        CsrMstatush:      rdata_o = '0;
        CsrMscratch:      rdata_o = mscratch_q;
        CsrMepc:          rdata_o = mepc_q;
        CsrMcause:        rdata_o = mcause_q;
        CsrMtval:         rdata_o = mtval_q;
        CsrMip:           rdata_o = mip_read;
        CsrMvendorid, CsrMarchid, CsrMimpid, CsrMhartid, CsrMconfigptr: rdata_o = '0;
        default:          exists = 1'b0;
      endcase
    end
  end

  // Address bits [11:10] == 3 mark read-only CSRs (privileged spec 2.1).
  assign illegal_o = access_i & (~exists | (write_i & (addr_i[11:10] == 2'b11)));

  logic [31:0] wdata;
  always_comb begin : write_value
    unique case (op_i)
      CsrOpSet:   wdata = rdata_o | src_i;
      CsrOpClear: wdata = rdata_o & ~src_i;
      default:    wdata = src_i;
    endcase
  end

  // ---------------------------------------------------------------- interrupts
  // Priority (privileged spec 3.1.9): MEI > MSI > MTI, LCOFI last (Sscofpmf).
  logic [31:0] pending;
  assign pending    = mip_live & mie_q;
  assign irq_take_o = (pending != '0) && mstatus_q[3];
  always_comb begin : irq_prio
    if (pending[11])      irq_cause_o = CauseIrqMExt;
    else if (pending[3])  irq_cause_o = CauseIrqMSoft;
    else if (pending[7])  irq_cause_o = CauseIrqMTimer;
    else                  irq_cause_o = CauseIrqLcof;
  end

  logic vector_mode;
  assign vector_mode      = mtvec_q[1:0] == 2'b01 && trap_cause_i[31];
  assign trap_target_o = vector_mode ? {mtvec_q[31:2], 2'b00} + {trap_cause_i[29:0], 2'b00}
                                  : {mtvec_q[31:2], 2'b00};
  assign mepc_o        = mepc_q;
  assign frm_o         = frm_q;
  assign fs_off_o      = fs_q == 2'd0;
  assign fflags_o      = fflags_q;
  assign fflags_d_o    = fflags_d;

  // ---------------------------------------------------------------- update
  logic do_write;
  assign do_write = commit_i & access_i & write_i & ~illegal_o;

  always_comb begin : update
    mstatus_d  = mstatus_q;
    mie_d      = mie_q;
    mtvec_d    = mtvec_q;
    mepc_d     = mepc_q;
    mcause_d   = mcause_q;
    mtval_d    = mtval_q;
    mscratch_d = mscratch_q;
    fs_d       = fp_dirty_i ? FsDirty : fs_q;
    fflags_d   = fflags_q | fp_flags_i;
    frm_d      = frm_q;
    if (do_write && !is_pmu) begin
      unique case (addr_i)
        CsrMstatus: begin
          mstatus_d = (wdata & (MstatusMie | MstatusMpie)) | MstatusMpp;
          fs_d      = wdata[14:13];
        end
        CsrFflags: begin fflags_d = wdata[4:0]; fs_d = FsDirty; end
        CsrFrm:    begin frm_d = wdata[2:0]; fs_d = FsDirty; end
        CsrFcsr:   begin fflags_d = wdata[4:0]; frm_d = wdata[7:5]; fs_d = FsDirty; end
        CsrMie:     mie_d = wdata & MipMask;
        CsrMtvec:   mtvec_d = wdata[1] ? {wdata[31:2], 2'b00} : wdata;
        CsrMscratch: mscratch_d = wdata;
        CsrMepc:    mepc_d = {wdata[31:2], 2'b00};  // IALIGN = 32
        CsrMcause:  mcause_d = wdata;
        CsrMtval:   mtval_d = wdata;
        default: ;  // misa, mstatush: WARL, nothing writable; mip: LCOFIP is in pmu_top
      endcase
    end
    if (trap_i) begin
      mepc_d    = trap_pc_i;
      mcause_d  = trap_cause_i;
      mtval_d   = trap_tval_i;
      mstatus_d = MstatusMpp | (mstatus_q[3] ? MstatusMpie : '0);
    end else if (mret_i) begin
      mstatus_d = MstatusMpp | MstatusMpie | (mstatus_q[7] ? MstatusMie : '0);
    end
  end

  // A software write to a counter wins over that cycle's increment (pmu_csr, as in Spike).
  assign pmu_we_o    = do_write && (is_pmu || addr_i == CsrMip);
  assign pmu_addr_o  = ra;
  assign pmu_wdata_o = wdata;

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      mstatus_q  <= MstatusMpp;
      mie_q      <= '0;
      mtvec_q    <= '0;
      mepc_q     <= '0;
      mcause_q   <= '0;
      mtval_q    <= '0;
      mscratch_q <= '0;
      fs_q       <= FsInitial;
      fflags_q   <= '0;
      frm_q      <= '0;
    end else begin
      fs_q       <= fs_d;
      fflags_q   <= fflags_d;
      frm_q      <= frm_d;
      mstatus_q  <= mstatus_d;
      mie_q      <= mie_d;
      mtvec_q    <= mtvec_d;
      mepc_q     <= mepc_d;
      mcause_q   <= mcause_d;
      mtval_q    <= mtval_d;
      mscratch_q <= mscratch_d;
    end
  end

endmodule : core_csr
