// All PMU counter units on one probe bus, behind one CSR port: the standard counter CSRs
// (pmu_csr) plus the custom ones -- a bank select, the TIP trigger control and a read-only
// window (AddrWindow, 64 words) onto every stack component and TIP sample register. The map
// (addresses, banks, words, debug units) is generated into pmu_pkg from scripts/stackscope/spec/pmu.py,
// with its C++ and software twins; docs/dev/pmu.md shows it. Lint and synthesis top of rtl/pmu.
`default_nettype none

module pmu_top
  import pmu_pkg::*;
#(
  parameter int unsigned DispatchWidth  = 2,
  parameter int unsigned IssueWidth     = 3,
  parameter int unsigned CommitWidth    = 2,
  parameter int unsigned FpUnits        = 2,
  parameter int unsigned FpVecLen       = 1,
  parameter int unsigned StackCntW      = 48,
  parameter int unsigned NumHpm         = 4,
  // Speculative per-block CPI counters (wrong-path method b, docs/dev/pmu.md): blocks tracked
  // (0 = not built) and the core's ROB size (power of two).
  parameter int unsigned SpecBlocks     = 8,
  parameter int unsigned RobEntries     = 32,
  parameter logic [1:0]  TipResetMode   = 2'd1,    // TIP trigger after reset: periodic
  parameter logic [15:0] TipResetPeriod = 16'd97,
  // Stack-counter storage (docs/cost.md): 1 = RAM + narrow pending registers drained
  // round-robin (exact every cycle), 0 = one flip-flop register and adder per counter.
  parameter int unsigned CntStore       = 1,
  // How leaving speculative blocks join their globals (cpi_spec Drain, docs/dev/pmu.md): 1 = the
  // drain queue (one block per cycle), 0 = every leaving block in its cycle.
  parameter int unsigned SpecDrain      = 1,
  // 1: the counting units (CPI stacks, Top-Down, FLOPS, TIP) see the probe through a register
  // stage, one cycle late, so no path runs from the core's logic into theirs (timing, docs/
  // cost.md); pmu_csr (mcycle, minstret, the mhpmcounters) counts the probe as it comes, so a
  // CSR read is exact for software. 0: every unit counts the cycle's probe in that cycle.
  parameter int unsigned ProbeStage     = 0
) (
  input  wire logic       clk_i,
  input  wire logic       rst_ni,
  input  wire probe_t     probe_i,
  // CSR port from the core: read combinational on csr_addr_i, write at the clock edge.
  input  wire logic        csr_we_i,
  input  wire logic [11:0] csr_addr_i,
  input  wire logic [31:0] csr_wdata_i,
  output logic [31:0]      csr_rdata_o,
  // mip.LCOFIP line to the core (interrupt cause 13): a counter overflow (Sscofpmf) or, with
  // tipctrl.IRQ set, a TIP sample waiting for software (status word bit 0 tells them apart).
  output logic             lcofip_o,
  output logic             tip_irq_o,  // a TIP sample waits (whatever tipctrl.IRQ says)
  // Test-only write port (harness mutation tests; tie to 0 in silicon): unit 0 CPI (idx =
  // stage * NumCpiComps + comp), 1 Top-Down, 2 FLOPS, 3 TIP sample counter, 4 a CSR write
  // (idx = address, low 32 bits of data) that replaces the core's write of that cycle, 5 a
  // speculative CPI counter (idx = stage * NumCpiComps + comp, NumSpecCnt - 1 = merges).
  input  wire logic                 dbg_we_i,
  input  wire logic [2:0]           dbg_unit_i,
  input  wire logic [11:0]          dbg_idx_i,
  input  wire logic [StackCntW-1:0] dbg_wdata_i,
  // Every register, for the harness's per-cycle cross-check.
  output logic [NumCpiStages-1:0][NumCpiComps-1:0][StackCntW-1:0] cpi_cnt_o,
  output logic [NumSpecCnt-1:0][StackCntW-1:0] spec_cnt_o,
  output logic [NumTdCounters-1:0][StackCntW-1:0] td_cnt_o,
  output logic [NumFlopsComps-1:0][StackCntW-1:0] fl_cnt_o,
  output logic             tip_valid_o,
  output tip_state_e       tip_state_o,
  output logic [MaxWidth-1:0] tip_head_valid_o,
  output logic [MaxWidth-1:0] tip_head_commit_o,
  output logic [MaxWidth-1:0][PcW-1:0] tip_head_pc_o,
  output logic [PcW-1:0]   tip_offending_o,
  output logic [PcW-1:0]   tip_next_pc_o,
  output logic             nci_valid_o,
  output logic [PcW-1:0]   nci_pc_o,
  output logic             lci_valid_o,
  output logic [PcW-1:0]   lci_pc_o,
  output logic             disp_valid_o,
  output logic [PcW-1:0]   disp_pc_o,
  output logic [StackCntW-1:0] tip_samples_o,
  output logic [2+NumHpm-1:0][63:0] csr_cnt_o,
  output logic [NumHpm-1:0][63:0]   csr_event_o,
  output logic [31:0]      csr_inhibit_o,
  output logic [31:0]      csr_counteren_o,
  output logic [1:0]       bank_o,
  output logic [31:0]      tipctrl_o
);

  // ---------------------------------------------------------------- CSR port mux
  logic        csr_we, dbg_csr;
  logic [11:0] csr_addr;
  logic [31:0] csr_wdata;
  assign dbg_csr   = dbg_we_i && dbg_unit_i == DbgCsr;
  assign csr_we    = csr_we_i || dbg_csr;
  assign csr_addr  = dbg_csr ? dbg_idx_i : csr_addr_i;
  assign csr_wdata = dbg_csr ? dbg_wdata_i[31:0] : csr_wdata_i;

  logic [1:0]  bank_q;
  logic [1:0]  tip_mode_q;
  logic [15:0] tip_period_q;
  logic        tip_irq_en_q;  // tipctrl[2]: a waiting TIP sample raises LCOFIP
  logic        tip_ack, tip_irq;
  logic [31:0] tipctrl;
  assign tip_ack = csr_we && csr_addr == AddrTipAck;
  assign tipctrl = {tip_period_q, 13'b0, tip_irq_en_q, tip_mode_q};

  always_ff @(posedge clk_i or negedge rst_ni) begin : custom_regs
    if (!rst_ni) begin
      bank_q       <= '0;
      tip_mode_q   <= TipResetMode;
      tip_period_q <= TipResetPeriod;
      tip_irq_en_q <= 1'b0;
    end else if (csr_we) begin
      if (csr_addr == AddrPmuBank) bank_q <= csr_wdata[1:0];
      if (csr_addr == AddrTipCtrl) begin
        tip_mode_q   <= csr_wdata[1:0];
        tip_irq_en_q <= csr_wdata[2];
        tip_period_q <= csr_wdata[31:16];
      end
    end
  end

  // ---------------------------------------------------------------- window read ports
  // The window reads one stack counter at a time through its unit's read port (with RAM
  // storage the all-counter outputs below are a simulation view): the counter index of the
  // word at csr_addr_i in each bank.
  localparam int unsigned NumCpi = NumCpiStages * NumCpiComps;
  cpi_stage_e         cpi_rstage;
  cpi_comp_e          cpi_rcomp;
  td_counter_e        td_ridx;
  flops_comp_e        fl_ridx;
  logic [4:0]         spec_ridx;
  logic [StackCntW-1:0] cpi_rdata, td_rdata, fl_rdata, spec_rdata;
  always_comb begin : read_index
    int unsigned k;
    k = int'(csr_addr_i[WindowWordBits-1:0]) / 2;
    cpi_rstage = cpi_stage_e'(k / NumCpiComps);
    cpi_rcomp  = cpi_comp_e'(k % NumCpiComps);
    td_ridx    = td_counter_e'(k - WinTdBase / 2);
    fl_ridx    = flops_comp_e'(k - WinFlBase / 2);
    spec_ridx  = 5'(k);
  end

  // ---------------------------------------------------------------- probe stage
  // What the counting units count this cycle: the probe, or last cycle's (reset: all zero, a
  // cycle in which nothing happened; the C++ model starts from the same zero probe).
  probe_t probe_cnt;
  if (ProbeStage != 0) begin : gen_probe_stage
    probe_t probe_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin : stage
      if (!rst_ni) probe_q <= '0;
      else         probe_q <= probe_i;
    end
    assign probe_cnt = probe_q;
  end else begin : gen_no_probe_stage
    assign probe_cnt = probe_i;
  end

  // ---------------------------------------------------------------- units
  cpi_stack #(
    .DispatchWidth(DispatchWidth),
    .IssueWidth   (IssueWidth),
    .CommitWidth  (CommitWidth),
    .CntW         (StackCntW),
    .SpecBlocks   (SpecBlocks),
    .RobEntries   (RobEntries),
    .Store        (CntStore),
    .SpecDrain    (SpecDrain)
  ) u_cpi_stack (
    .clk_i,
    .rst_ni,
    .probe_i (probe_cnt),
    .we_i    (dbg_we_i && dbg_unit_i == DbgCpi),
    .wstage_i(cpi_stage_e'(dbg_idx_i / 12'(NumCpiComps))),
    .wcomp_i (cpi_comp_e'(dbg_idx_i % 12'(NumCpiComps))),
    .wdata_i (dbg_wdata_i),
    .cnt_o   (cpi_cnt_o),
    .rstage_i(cpi_rstage),
    .rcomp_i (cpi_rcomp),
    .rdata_o (cpi_rdata),
    .spec_we_i  (dbg_we_i && dbg_unit_i == DbgSpec),
    .spec_widx_i(dbg_idx_i[4:0]),
    .spec_cnt_o,
    .spec_ridx_i (spec_ridx),
    .spec_rdata_o(spec_rdata)
  );

  topdown #(
    .DispatchWidth(DispatchWidth),
    .CntW         (StackCntW),
    .Store        (CntStore)
  ) u_topdown (
    .clk_i,
    .rst_ni,
    .probe_i(probe_cnt),
    .we_i   (dbg_we_i && dbg_unit_i == DbgTopDown),
    .widx_i (td_counter_e'(dbg_idx_i[4:0])),
    .wdata_i(dbg_wdata_i),
    .ridx_i (td_ridx),
    .rdata_o(td_rdata),
    .cnt_o  (td_cnt_o)
  );

  flops_stack #(
    .NumUnits(FpUnits),
    .VecLen  (FpVecLen),
    .CntW    (StackCntW),
    .Store   (CntStore)
  ) u_flops_stack (
    .clk_i,
    .rst_ni,
    .probe_i(probe_cnt),
    .we_i   (dbg_we_i && dbg_unit_i == DbgFlops),
    .widx_i (flops_comp_e'(dbg_idx_i[2:0])),
    .wdata_i(dbg_wdata_i),
    .ridx_i (fl_ridx),
    .rdata_o(fl_rdata),
    .cnt_o  (fl_cnt_o)
  );

  tip_sampler #(
    .CommitWidth(CommitWidth),
    .PeriodW    (16),
    .CntW       (StackCntW)
  ) u_tip_sampler (
    .clk_i,
    .rst_ni,
    .probe_i          (probe_cnt),
    .mode_i           (tip_mode_q),
    .period_i         (tip_period_q),
    .ack_i            (tip_ack),
    .cnt_we_i         (dbg_we_i && dbg_unit_i == DbgTipSamples),
    .cnt_wdata_i      (dbg_wdata_i),
    .tip_valid_o,
    .tip_state_o,
    .tip_head_valid_o,
    .tip_head_commit_o,
    .tip_head_pc_o,
    .tip_offending_o,
    .tip_next_pc_o,
    .nci_valid_o,
    .nci_pc_o,
    .lci_valid_o,
    .lci_pc_o,
    .disp_valid_o,
    .disp_pc_o,
    .samples_o        (tip_samples_o),
    .irq_o            (tip_irq)
  );

  logic [31:0] std_rdata;
  logic        csr_lcofip;

  pmu_csr #(
    .NumHpm       (NumHpm),
    .DispatchWidth(DispatchWidth),
    .Store        (CntStore)
  ) u_pmu_csr (
    .clk_i,
    .rst_ni,
    .probe_i,
    .csr_we_i    (csr_we),
    .csr_addr_i  (csr_addr),
    .csr_wdata_i (csr_wdata),
    .csr_rdata_o (std_rdata),
    .lcofip_o    (csr_lcofip),
    .cnt_o       (csr_cnt_o),
    .event_o     (csr_event_o),
    .inhibit_o   (csr_inhibit_o),
    .counteren_o (csr_counteren_o)
  );

  // ---------------------------------------------------------------- read-only window
  // Word w of the selected bank at AddrWindow + w; 48-bit counters as two words, low half
  // first. BankCpi: CPI stacks, word 2*(stage*NumCpiComps + comp) (+1: high half). BankTdFl:
  // Top-Down counter i at WinTdBase + 2*i, FLOPS component j at WinFlBase + 2*j. BankTip: the
  // TipWord* registers. BankSpec: speculative CPI counters at 2*i (all 0 without SpecBlocks).
  // Other words read 0. The generator checks that every bank fits WindowWords.
  function automatic logic [31:0] half(logic [StackCntW-1:0] v, logic hi);
    logic [63:0] x;
    x = 64'(v);
    return hi ? x[63:32] : x[31:0];
  endfunction

  logic [31:0] tip_word [TipWords];
  always_comb begin : tip_words
    tip_word[TipWordStatus] = {17'b0, disp_valid_o, lci_valid_o, nci_valid_o,
                               tip_head_commit_o, tip_head_valid_o, 1'b0, tip_state_o,
                               tip_valid_o};
    for (int unsigned j = 0; j < MaxWidth; j++) tip_word[TipWordHeadPc0+j] = tip_head_pc_o[j];
    tip_word[TipWordOffending] = tip_offending_o;
    tip_word[TipWordNextPc]    = tip_next_pc_o;
    tip_word[TipWordNciPc]     = nci_pc_o;
    tip_word[TipWordLciPc]     = lci_pc_o;
    tip_word[TipWordDispPc]    = disp_pc_o;
    tip_word[TipWordSamplesLo] = half(tip_samples_o, 1'b0);
    tip_word[TipWordSamplesHi] = half(tip_samples_o, 1'b1);
  end

  logic [31:0] win_rdata, cust_rdata;
  logic        is_custom;
  always_comb begin : window_read
    int unsigned w, k;
    w = int'(csr_addr_i[WindowWordBits-1:0]);
    k = w / 2;
    win_rdata = '0;
    unique case (win_bank_e'(bank_q))
      BankCpi: if (k < NumCpi) win_rdata = half(cpi_rdata, csr_addr_i[0]);
      BankTdFl: begin
        if (k < WinTdBase / 2 + NumTdCounters) begin
          win_rdata = half(td_rdata, csr_addr_i[0]);
        end else if (k < WinFlBase / 2 + NumFlopsComps) begin
          win_rdata = half(fl_rdata, csr_addr_i[0]);
        end
      end
      BankTip: if (w < TipWords) win_rdata = tip_word[w];
      BankSpec: if (k < NumSpecCnt) win_rdata = half(spec_rdata, csr_addr_i[0]);
      default: win_rdata = '0;
    endcase
  end

  always_comb begin : custom_read
    is_custom  = 1'b1;
    cust_rdata = '0;
    if (csr_addr_i[11:WindowWordBits] == AddrWindow[11:WindowWordBits]) begin
      cust_rdata = win_rdata;
    end else if (csr_addr_i == AddrPmuBank) begin
      cust_rdata = {30'b0, bank_q};
    end else if (csr_addr_i == AddrTipCtrl) begin
      cust_rdata = tipctrl;
    end else if (csr_addr_i == AddrTipAck) begin
      cust_rdata = '0;
    end else begin
      is_custom = 1'b0;
    end
  end

  assign csr_rdata_o = is_custom ? cust_rdata : std_rdata;
  assign bank_o      = bank_q;
  assign tipctrl_o   = tipctrl;
  // A TIP sample interrupt shares cause 13 with counter overflow: software reads the TIP status
  // word (bit 0 valid) and acknowledges (tipack), which drops this line, or clears mip.LCOFIP
  // for an overflow. Off after reset, so programs that enable LCOFIE for overflows are not
  // interrupted by the reset-time periodic sampling.
  assign tip_irq_o   = tip_irq;
  assign lcofip_o    = csr_lcofip || (tip_irq && tip_irq_en_q);

endmodule : pmu_top

`default_nettype wire
