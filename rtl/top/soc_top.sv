// StackScope SoC: core, CLINT, blocking L1I and L1D, and the PMU (pmu_top) on the core's
// probe bus and counter-CSR port. Cacheable (RAM window, addr[31] set)
// accesses go through the L1s and their shared line port; MMIO, the HTIF tohost line and
// idealised (perfect-L1) accesses use the word port. The harness's main-memory model
// (tb/memory_model.*) serves both ports and faults addresses outside RAM/console.
`default_nettype none

module soc_top
  import core_pkg::*;
#(
  parameter int unsigned MulLatency = 3,
  parameter int unsigned L1ISets   = 128,  // 8 KiB, 2 ways, 32-byte lines
  parameter int unsigned L1IWays   = 2,
  parameter int unsigned L1DSets   = 128,  // 8 KiB, 2 ways, 32-byte lines
  parameter int unsigned L1DWays   = 2,
  parameter int unsigned LineBytes = 32,
  parameter int unsigned StackCntW = 48   // PMU stack-component counter bits
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [31:0]  boot_addr_i,
  input  logic [31:0]  tohost_addr_i,  // its line stays uncached so the harness sees the exit
  // Idealisation switches (per run): 1-cycle mul/div; every fetch / data access a 1-cycle
  // hit (served uncached through the word port, which the harness answers in one cycle).
  input  logic         fast_alu_i,
  input  logic         perfect_l1i_i,
  input  logic         perfect_l1d_i,
  // Line port of the L1s (same protocol, whole lines).
  output logic                   line_req_o,
  output logic [31:0]            line_addr_o,
  output logic                   line_we_o,
  output logic [LineBytes*8-1:0] line_wdata_o,
  input  logic                   line_rvalid_i,
  input  logic                   line_err_i,
  input  logic [LineBytes*8-1:0] line_rdata_i,
  output logic                   l1i_miss_o,   // stall reasons for the probe bus
  output logic                   l1d_miss_o,
  // Word port (protocol as core_top's bus: request pulse, later rvalid pulse).
  output logic         mem_req_o,
  output logic         mem_ifetch_o,
  output logic [31:0]  mem_addr_o,
  output logic         mem_we_o,
  output logic [2:0]   mem_size_o,
  output logic [31:0]  mem_wdata_o,
  input  logic         mem_rvalid_i,
  input  logic         mem_err_i,
  input  logic [31:0]  mem_rdata_i,
  input  logic         meip_i,
  output commit_t      commit_o,
  output core_status_t status_o,
  // PMU observation for the harness's per-cycle cross-check (tb/pmu_check): this cycle's
  // probe and counter-CSR access, and every PMU register.
  output pmu_pkg::probe_t probe_o,
  output logic         pmu_csr_we_o,
  output logic [11:0]  pmu_csr_addr_o,
  output logic [31:0]  pmu_csr_wdata_o,
  output logic [pmu_pkg::NumCpiStages-1:0][pmu_pkg::NumCpiComps-1:0][StackCntW-1:0] pmu_cpi_o,
  output logic [pmu_pkg::NumTdCounters-1:0][StackCntW-1:0] pmu_td_o,
  output logic [pmu_pkg::NumFlopsComps-1:0][StackCntW-1:0] pmu_fl_o,
  output logic         pmu_tip_valid_o,
  output pmu_pkg::tip_state_e pmu_tip_state_o,
  output logic [pmu_pkg::MaxWidth-1:0] pmu_tip_head_valid_o,
  output logic [pmu_pkg::MaxWidth-1:0] pmu_tip_head_commit_o,
  output logic [pmu_pkg::MaxWidth-1:0][31:0] pmu_tip_head_pc_o,
  output logic [31:0]  pmu_tip_offending_o,
  output logic [31:0]  pmu_tip_next_pc_o,
  output logic         pmu_nci_valid_o,
  output logic [31:0]  pmu_nci_pc_o,
  output logic         pmu_lci_valid_o,
  output logic [31:0]  pmu_lci_pc_o,
  output logic         pmu_disp_valid_o,
  output logic [31:0]  pmu_disp_pc_o,
  output logic [StackCntW-1:0] pmu_tip_samples_o,
  output logic [5:0][63:0] pmu_csr_cnt_o,    // mcycle, minstret, mhpmcounter3..6
  output logic [3:0][63:0] pmu_csr_event_o,  // mhpmevent3..6
  output logic [31:0]  pmu_csr_inhibit_o,
  output logic [31:0]  pmu_csr_counteren_o,
  output logic         pmu_lcofip_o,
  output logic [1:0]   pmu_bank_o,
  output logic [31:0]  pmu_tipctrl_o,
  output logic [11:0]  pmu_widths_o,  // {dispatch, issue, commit} width: the model's config
  // Test-only PMU write port (mutation tests, pmu_top): tie to 0 outside the harness.
  input  logic         pmu_dbg_we_i,
  input  logic [2:0]   pmu_dbg_unit_i,
  input  logic [11:0]  pmu_dbg_idx_i,
  input  logic [StackCntW-1:0] pmu_dbg_wdata_i
);

  // The sequential core is 1-wide at every stage and has no FP unit (the FLOPS stack sees
  // one idle unit).
  localparam int unsigned CoreWidth = 1;
  localparam int unsigned PmuNumHpm = 4;

  logic        bus_req, bus_ifetch, bus_we, bus_rvalid, bus_err, bus_flush;
  logic [31:0] bus_addr, bus_wdata, bus_rdata;
  logic [2:0]  bus_size;
  logic        clint_hit, clint_rvalid, mtip, msip;
  logic [31:0] clint_rdata;
  logic [63:0] mtime;
  logic        lcofi, l1i_miss, l1d_miss;
  logic [3:0]  mem_outstanding;
  logic [31:0] pmu_csr_rdata;

  core_top #(.MulLatency(MulLatency)) u_core (
    .clk_i,
    .rst_ni,
    .boot_addr_i,
    .fast_alu_i,
    .bus_req_o    (bus_req),
    .bus_ifetch_o (bus_ifetch),
    .bus_addr_o   (bus_addr),
    .bus_we_o     (bus_we),
    .bus_size_o   (bus_size),
    .bus_wdata_o  (bus_wdata),
    .bus_flush_o  (bus_flush),
    .bus_rvalid_i (bus_rvalid),
    .bus_err_i    (bus_err),
    .bus_rdata_i  (bus_rdata),
    .meip_i,
    .mtip_i       (mtip),
    .msip_i       (msip),
    .lcofi_i      (lcofi),
    .mtime_i      (mtime),
    .ic_miss_i    (l1i_miss),
    .dc_miss_i    (l1d_miss),
    .mem_outstanding_i (mem_outstanding),
    .commit_o,
    .status_o,
    .probe_o,
    .pmu_csr_we_o,
    .pmu_csr_addr_o,
    .pmu_csr_wdata_o,
    .pmu_csr_rdata_i (pmu_csr_rdata)
  );

  logic unused_tip_irq;  // TIP sample interrupt: not routed to the core yet

  pmu_top #(
    .DispatchWidth(CoreWidth),
    .IssueWidth   (CoreWidth),
    .CommitWidth  (CoreWidth),
    .FpUnits      (1),
    .FpVecLen     (1),
    .StackCntW    (StackCntW),
    .NumHpm       (PmuNumHpm)
  ) u_pmu (
    .clk_i,
    .rst_ni,
    .probe_i          (probe_o),
    .csr_we_i         (pmu_csr_we_o),
    .csr_addr_i       (pmu_csr_addr_o),
    .csr_wdata_i      (pmu_csr_wdata_o),
    .csr_rdata_o      (pmu_csr_rdata),
    .lcofip_o         (lcofi),
    .tip_irq_o        (unused_tip_irq),
    .dbg_we_i         (pmu_dbg_we_i),
    .dbg_unit_i       (pmu_dbg_unit_i),
    .dbg_idx_i        (pmu_dbg_idx_i),
    .dbg_wdata_i      (pmu_dbg_wdata_i),
    .cpi_cnt_o        (pmu_cpi_o),
    .td_cnt_o         (pmu_td_o),
    .fl_cnt_o         (pmu_fl_o),
    .tip_valid_o      (pmu_tip_valid_o),
    .tip_state_o      (pmu_tip_state_o),
    .tip_head_valid_o (pmu_tip_head_valid_o),
    .tip_head_commit_o(pmu_tip_head_commit_o),
    .tip_head_pc_o    (pmu_tip_head_pc_o),
    .tip_offending_o  (pmu_tip_offending_o),
    .tip_next_pc_o    (pmu_tip_next_pc_o),
    .nci_valid_o      (pmu_nci_valid_o),
    .nci_pc_o         (pmu_nci_pc_o),
    .lci_valid_o      (pmu_lci_valid_o),
    .lci_pc_o         (pmu_lci_pc_o),
    .disp_valid_o     (pmu_disp_valid_o),
    .disp_pc_o        (pmu_disp_pc_o),
    .tip_samples_o    (pmu_tip_samples_o),
    .csr_cnt_o        (pmu_csr_cnt_o),
    .csr_event_o      (pmu_csr_event_o),
    .csr_inhibit_o    (pmu_csr_inhibit_o),
    .csr_counteren_o  (pmu_csr_counteren_o),
    .bank_o           (pmu_bank_o),
    .tipctrl_o        (pmu_tipctrl_o)
  );
  assign pmu_lcofip_o = lcofi;
  assign pmu_widths_o = {4'(CoreWidth), 4'(CoreWidth), 4'(CoreWidth)};

  // CLINT registers are 32-bit words, data accesses only; other sizes go out and fault there.
  assign clint_hit = !bus_ifetch && bus_size == 3'd4
                  && (bus_addr == 32'h0200_0000 || bus_addr[31:3] == 29'(32'h0200_4000 >> 3)
                      || bus_addr[31:3] == 29'(32'h0200_bff8 >> 3));

  soc_clint u_clint (
    .clk_i,
    .rst_ni,
    .req_i    (bus_req && clint_hit),
    .addr_i   (bus_addr),
    .we_i     (bus_we),
    .wdata_i  (bus_wdata),
    .rvalid_o (clint_rvalid),
    .rdata_o  (clint_rdata),
    .mtip_o   (mtip),
    .msip_o   (msip),
    .mtime_o  (mtime)
  );

  localparam int unsigned OffBits = $clog2(LineBytes);

  logic cacheable, to_l1i, to_l1d, unused_tohost_offset;
  assign unused_tohost_offset = ^tohost_addr_i[OffBits-1:0];
  assign cacheable = bus_addr[31] && bus_addr[31:OffBits] != tohost_addr_i[31:OffBits];
  assign to_l1i    = bus_ifetch && cacheable && !perfect_l1i_i;
  assign to_l1d    = !bus_ifetch && !clint_hit && cacheable && !perfect_l1d_i;

  logic                   i_rvalid, i_err, d_rvalid, d_err;
  logic [31:0]            i_rdata, d_rdata, i_line_addr, d_line_addr;
  logic                   i_line_req, i_line_we, d_line_req, d_line_we;
  logic [LineBytes*8-1:0] i_line_wdata, d_line_wdata;
  logic                   owner_d_q;  // the L1 whose line request is outstanding

  soc_l1cache #(.Sets(L1ISets), .Ways(L1IWays), .LineBytes(LineBytes)) u_l1i (
    .clk_i,
    .rst_ni,
    .req_i         (bus_req && to_l1i),
    .addr_i        (bus_addr),
    .we_i          (1'b0),
    .size_i        (3'd4),
    .wdata_i       ('0),
    .flush_i       (bus_flush),
    .rvalid_o      (i_rvalid),
    .err_o         (i_err),
    .rdata_o       (i_rdata),
    .line_req_o    (i_line_req),
    .line_addr_o   (i_line_addr),
    .line_we_o     (i_line_we),
    .line_wdata_o  (i_line_wdata),
    .line_rvalid_i (line_rvalid_i && !owner_d_q),
    .line_err_i    (line_err_i),
    .line_rdata_i  (line_rdata_i),
    .miss_o        (l1i_miss)
  );

  soc_l1cache #(.Sets(L1DSets), .Ways(L1DWays), .LineBytes(LineBytes)) u_l1d (
    .clk_i,
    .rst_ni,
    .req_i         (bus_req && to_l1d),
    .addr_i        (bus_addr),
    .we_i          (bus_we),
    .size_i        (bus_size),
    .wdata_i       (bus_wdata),
    .flush_i       (bus_flush),
    .rvalid_o      (d_rvalid),
    .err_o         (d_err),
    .rdata_o       (d_rdata),
    .line_req_o    (d_line_req),
    .line_addr_o   (d_line_addr),
    .line_we_o     (d_line_we),
    .line_wdata_o  (d_line_wdata),
    .line_rvalid_i (line_rvalid_i && owner_d_q),
    .line_err_i    (line_err_i),
    .line_rdata_i  (line_rdata_i),
    .miss_o        (l1d_miss)
  );

  // The core has one access outstanding, so at most one L1 uses the line port at a time.
  assign line_req_o   = i_line_req | d_line_req;
  assign l1i_miss_o   = l1i_miss;
  assign l1d_miss_o   = l1d_miss;

  // Line requests in flight at main memory (probe mem_outstanding): the blocking L1s have
  // at most one, but the count keeps the probe's meaning for a non-blocking hierarchy.
  logic [3:0] mem_outstanding_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin : outstanding
    if (!rst_ni) begin
      mem_outstanding_q <= '0;
    end else if (line_req_o && !line_rvalid_i) begin
      mem_outstanding_q <= mem_outstanding_q + 4'd1;
    end else if (!line_req_o && line_rvalid_i && mem_outstanding_q != '0) begin
      mem_outstanding_q <= mem_outstanding_q - 4'd1;
    end
  end
  assign mem_outstanding = mem_outstanding_q;
  assign line_addr_o  = d_line_req ? d_line_addr : i_line_addr;
  assign line_we_o    = d_line_req ? d_line_we : i_line_we;
  assign line_wdata_o = d_line_req ? d_line_wdata : i_line_wdata;

  always_ff @(posedge clk_i or negedge rst_ni) begin : line_owner
    if (!rst_ni) owner_d_q <= 1'b0;
    else if (line_req_o) owner_d_q <= d_line_req;
  end

  assign mem_req_o    = bus_req && !clint_hit && !to_l1i && !to_l1d;
  assign mem_ifetch_o = bus_ifetch;
  assign mem_addr_o   = bus_addr;
  assign mem_we_o     = bus_we;
  assign mem_size_o   = bus_size;
  assign mem_wdata_o  = bus_wdata;
  // fence.i flushes both L1s; the core is answered once both walks are done.
  logic flush_q, i_flushed_q, d_flushed_q, i_flushed, d_flushed, flush_ack;
  assign i_flushed = i_flushed_q | (flush_q & i_rvalid);
  assign d_flushed = d_flushed_q | (flush_q & d_rvalid);
  assign flush_ack = flush_q & i_flushed & d_flushed;

  always_ff @(posedge clk_i or negedge rst_ni) begin : flush_track
    if (!rst_ni) begin
      flush_q     <= 1'b0;
      i_flushed_q <= 1'b0;
      d_flushed_q <= 1'b0;
    end else if (bus_flush) begin
      flush_q     <= 1'b1;
      i_flushed_q <= 1'b0;
      d_flushed_q <= 1'b0;
    end else if (flush_ack) begin
      flush_q <= 1'b0;
    end else begin
      i_flushed_q <= i_flushed;
      d_flushed_q <= d_flushed;
    end
  end

  assign bus_rvalid   = clint_rvalid | mem_rvalid_i | flush_ack
                      | (i_rvalid & ~flush_q) | (d_rvalid & ~flush_q);
  assign bus_err      = clint_rvalid || flush_q ? 1'b0
                      : i_rvalid ? i_err : d_rvalid ? d_err : mem_err_i;
  assign bus_rdata    = clint_rvalid ? clint_rdata : i_rvalid ? i_rdata
                      : d_rvalid ? d_rdata : mem_rdata_i;

`ifndef SYNTHESIS
  assert property (@(posedge clk_i) disable iff (!rst_ni) !(i_line_req && d_line_req));
`endif

endmodule : soc_top
