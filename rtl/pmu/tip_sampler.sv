// TIP time-proportional sampler (Gottschall et al.) with the NCI, LCI and
// dispatch-tagging samplers beside it for comparison. A periodic or LFSR-random trigger
// latches the ROB head bank, the commit-stage state (computing / stalled / flushed /
// drained) and the offending-instruction register, from which software attributes the
// sampled cycle exactly as the oracle does. Samples stay until software acknowledges them.
`default_nettype none

module tip_sampler
  import pmu_pkg::*;
#(
  parameter int unsigned CommitWidth = 2,   // ROB head bank entries
  parameter int unsigned PeriodW     = 16,  // trigger period bits
  parameter int unsigned CntW        = 48
) (
  input  wire logic               clk_i,
  input  wire logic               rst_ni,
  input  wire probe_t             probe_i,
  // Trigger: 0 off, 1 periodic (every period_i cycles), 2 random (next sample after
  // 1 + (lfsr & period_i) cycles: software sets period_i = 2^k - 1).
  input  wire logic [1:0]         mode_i,
  input  wire logic [PeriodW-1:0] period_i,
  input  wire logic               ack_i,          // software read the samples
  input  wire logic               cnt_we_i,       // CSR write of the sample counter
  input  wire logic [CntW-1:0]    cnt_wdata_i,
  // TIP sample
  output logic                    tip_valid_o,
  output tip_state_e              tip_state_o,
  output logic [MaxWidth-1:0]     tip_head_valid_o,
  output logic [MaxWidth-1:0]     tip_head_commit_o,
  output logic [MaxWidth-1:0][PcW-1:0] tip_head_pc_o,
  output logic [PcW-1:0]          tip_offending_o,
  output logic [PcW-1:0]          tip_next_pc_o,
  // Baseline samplers: one pc each
  output logic                    nci_valid_o,
  output logic [PcW-1:0]          nci_pc_o,
  output logic                    lci_valid_o,
  output logic [PcW-1:0]          lci_pc_o,
  output logic                    disp_valid_o,
  output logic [PcW-1:0]          disp_pc_o,
  output logic [CntW-1:0]         samples_o,      // triggers so far
  output logic                    irq_o           // a TIP sample waits for software
);

  localparam logic [1:0] ModePeriodic = 2'd1, ModeRandom = 2'd2;  // 0 and 3: off

  // ---------------------------------------------------------------- trigger
  logic [PeriodW-1:0] countdown_d, countdown_q;
  logic [15:0]        lfsr_d, lfsr_q;
  logic               trigger;

  assign trigger = (mode_i == ModePeriodic || mode_i == ModeRandom) && countdown_q == '0;
  // Galois LFSR x^16 + x^14 + x^13 + x^11 + 1, stepped every cycle.
  assign lfsr_d = {1'b0, lfsr_q[15:1]} ^ (lfsr_q[0] ? 16'hB400 : 16'h0000);

  logic [PeriodW-1:0] lfsr_bits;
  if (PeriodW <= 16) begin : gen_lfsr_narrow
    assign lfsr_bits = lfsr_q[PeriodW-1:0];
  end else begin : gen_lfsr_wide
    assign lfsr_bits = {{(PeriodW - 16){1'b0}}, lfsr_q};
  end

  always_comb begin : next_countdown
    countdown_d = countdown_q - PeriodW'(1);
    if (!trigger && countdown_q == '0) begin
      countdown_d = '0;  // trigger off
    end else if (trigger) begin
      countdown_d = mode_i == ModeRandom ? (lfsr_bits & period_i) : period_i - PeriodW'(1);
    end
  end

  // ---------------------------------------------------------------- commit-stage state
  logic               any_commit, rob_busy, flushed_d, flushed_q;
  logic [PcW-1:0]     offending_d, offending_q;
  logic [PcW-1:0]     youngest_commit_pc;
  tip_state_e         state;

  assign any_commit = |probe_i.head_commit[CommitWidth-1:0];
  assign rob_busy   = probe_i.head_valid[0];
  // In-order commit: the committing entries are a prefix of the bank; LCI wants the last.
  always_comb begin : youngest_commit
    youngest_commit_pc = probe_i.head_pc[0];
    for (int unsigned j = 1; j < CommitWidth; j++) begin
      if (probe_i.head_commit[j]) youngest_commit_pc = probe_i.head_pc[j];
    end
  end

  // Flushed lasts from a flush until the ROB holds a uop again; the offending-instruction
  // register keeps the last flushing pc.
  assign flushed_d   = probe_i.flush ? 1'b1 : (rob_busy ? 1'b0 : flushed_q);
  assign offending_d = probe_i.flush ? probe_i.flush_pc : offending_q;

  always_comb begin : classify
    if (any_commit) begin
      state = TipComputing;
    end else if (rob_busy) begin
      state = TipStalled;
    end else if (flushed_q || probe_i.flush) begin
      state = TipFlushed;
    end else begin
      state = TipDrained;
    end
  end

  // ---------------------------------------------------------------- samples
  logic                tip_valid_q, nci_valid_q, lci_valid_q, disp_valid_q;
  logic                nci_armed_q, disp_armed_q, lci_seen_q;
  logic [PcW-1:0]      nci_pc_q, lci_pc_q, last_commit_pc_q, disp_pc_q, next_pc_q, offs_smp_q;
  tip_state_e          state_q;
  logic [MaxWidth-1:0] head_valid_q, head_commit_q;
  logic [MaxWidth-1:0][PcW-1:0] head_pc_q;
  logic                nci_take, disp_take;

  // NCI takes the oldest committing uop, or the ROB head, or waits for the next commit.
  assign nci_take  = (trigger || nci_armed_q) && (any_commit || rob_busy);
  // Dispatch tagging takes the first uop dispatched at or after the trigger.
  assign disp_take = (trigger || disp_armed_q) && probe_i.disp_n != '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      countdown_q      <= '0;
      lfsr_q           <= 16'hACE1;
      flushed_q        <= 1'b0;
      offending_q      <= '0;
      tip_valid_q      <= 1'b0;
      state_q          <= TipComputing;
      head_valid_q     <= '0;
      head_commit_q    <= '0;
      head_pc_q        <= '0;
      offs_smp_q       <= '0;
      next_pc_q        <= '0;
      nci_valid_q      <= 1'b0;
      nci_armed_q      <= 1'b0;
      nci_pc_q         <= '0;
      lci_valid_q      <= 1'b0;
      lci_seen_q       <= 1'b0;
      lci_pc_q         <= '0;
      last_commit_pc_q <= '0;
      disp_valid_q     <= 1'b0;
      disp_armed_q     <= 1'b0;
      disp_pc_q        <= '0;
    end else begin
      countdown_q <= countdown_d;
      lfsr_q      <= lfsr_d;
      flushed_q   <= flushed_d;
      offending_q <= offending_d;
      if (ack_i) begin
        tip_valid_q  <= 1'b0;
        nci_valid_q  <= 1'b0;
        lci_valid_q  <= 1'b0;
        disp_valid_q <= 1'b0;
      end
      if (any_commit) begin
        last_commit_pc_q <= youngest_commit_pc;
        lci_seen_q       <= 1'b1;
      end
      if (trigger) begin
        tip_valid_q   <= 1'b1;
        state_q       <= state;
        head_valid_q  <= probe_i.head_valid & MaxWidth'((1 << CommitWidth) - 1);
        head_commit_q <= probe_i.head_commit & MaxWidth'((1 << CommitWidth) - 1);
        head_pc_q     <= probe_i.head_pc;
        offs_smp_q    <= offending_d;
        next_pc_q     <= probe_i.next_pc;
        // LCI (Gottschall et al.): the last committed uop, this cycle's commits included.
        if (any_commit || lci_seen_q) begin
          lci_valid_q <= 1'b1;
          lci_pc_q    <= any_commit ? youngest_commit_pc : last_commit_pc_q;
        end
      end
      nci_armed_q <= (trigger || nci_armed_q) && !nci_take;
      if (nci_take) begin
        nci_valid_q <= 1'b1;
        nci_pc_q    <= probe_i.head_pc[0];
      end
      disp_armed_q <= (trigger || disp_armed_q) && !disp_take;
      if (disp_take) begin
        disp_valid_q <= 1'b1;
        disp_pc_q    <= probe_i.next_pc;
      end
    end
  end

  logic unused_overflow;  // 2^48 samples never happen

  pmu_counter #(
    .Width(CntW),
    .IncW (1)
  ) u_samples (
    .clk_i,
    .rst_ni,
    .inc_i     (trigger),
    .we_i      (cnt_we_i),
    .wdata_i   (cnt_wdata_i),
    .value_o   (samples_o),
    .overflow_o(unused_overflow)
  );

  assign tip_valid_o       = tip_valid_q;
  assign tip_state_o       = state_q;
  assign tip_head_valid_o  = head_valid_q;
  assign tip_head_commit_o = head_commit_q;
  assign tip_head_pc_o     = head_pc_q;
  assign tip_offending_o   = offs_smp_q;
  assign tip_next_pc_o     = next_pc_q;
  assign nci_valid_o       = nci_valid_q;
  assign nci_pc_o          = nci_pc_q;
  assign lci_valid_o       = lci_valid_q;
  assign lci_pc_o          = lci_pc_q;
  assign disp_valid_o      = disp_valid_q;
  assign disp_pc_o         = disp_pc_q;
  assign irq_o             = tip_valid_q;

`ifndef SYNTHESIS
  logic commit_is_prefix;
  always_comb begin : prefix_check
    commit_is_prefix = 1'b1;
    for (int unsigned j = 1; j < CommitWidth; j++) begin
      if (probe_i.head_commit[j] && !probe_i.head_commit[j-1]) commit_is_prefix = 1'b0;
    end
  end
  InOrderCommit: assert property (@(posedge clk_i) disable iff (!rst_ni)
                                  commit_is_prefix &&
                                  (probe_i.head_commit & ~probe_i.head_valid) == '0)
    else $error("tip_sampler: head_commit is not an in-order prefix of valid entries");

  initial begin : param_check
    assert (CommitWidth >= 1 && CommitWidth <= MaxWidth)
      else $fatal(1, "tip_sampler: CommitWidth must be 1..%0d", MaxWidth);
  end
`endif

endmodule : tip_sampler

`default_nettype wire
