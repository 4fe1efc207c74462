// StackScope SoC: the out-of-order core (core_top), its memory system (soc_mem: L1I, L1D,
// L2, CLINT, uncached word port) and the PMU (pmu_top) on the core's probe bus and
// counter-CSR port. The harness's main-memory model (tb/harness/memory_model.*) serves the line port,
// the word port and, with the perfect-L1 switches, the ideal ports.
`default_nettype none

module soc_top
  import core_pkg::*;
#(
  parameter int unsigned FetchWidth    = 2,
  parameter int unsigned DispatchWidth = 2,
  parameter int unsigned IssueWidth    = 3,
  parameter int unsigned NumAlu        = 2,   // ALU issue ports (1..4)
  parameter int unsigned CommitWidth   = 2,
  parameter int unsigned RobEntries    = 32,
  parameter int unsigned RsEntries     = 8,
  parameter int unsigned LqEntries     = 8,
  parameter int unsigned SqEntries     = 8,
  parameter int unsigned SbEntries     = 4,
  parameter int unsigned PhysRegs      = 64,  // per register file (x, f)
  parameter int unsigned MulLatency    = 3,
  parameter int unsigned FpUnits       = 2,   // pipelined FP units: the FLOPS stack's k
  parameter int unsigned LineBytes     = 32,
  parameter int unsigned StackCntW     = 48,  // PMU stack-component counter bits
  // Cache geometry (soc_mem): the FPGA top (rtl/fpga/soc_fpga_top.sv) uses smaller caches.
  parameter int unsigned L1ISets       = 128,
  parameter int unsigned L1DSets       = 128,
  parameter int unsigned L2Sets        = 256,
  parameter int unsigned L2Ways        = 8,
  // Speculative CPI counters (docs/pmu.md): one block per two ROB entries keeps the blocks of
  // two-uop loops apart (ROB 32: no merge in the suite; 8 blocks merged thousands of times).
  parameter int unsigned PmuSpecBlocks = RobEntries / 2,
  // PMU stack-counter storage (docs/cost.md): 1 = RAM + pending registers, 0 = flip-flops.
  parameter int unsigned PmuCntStore   = 1,
  // Speculative blocks that leave join their globals through the drain queue (1) or all in
  // their cycle (0) (docs/pmu.md).
  parameter int unsigned PmuSpecDrain  = 1
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [31:0]            boot_addr_i,
  input  logic [31:0]            tohost_addr_i,  // its line stays uncached so the harness sees the exit
  input  logic [31:0]            ram_size_i,     // RAM bytes from 0x8000_0000; above: access fault
  // Idealisation switches (per run): 1-cycle mul/div; perfect L1s; perfect branch prediction.
  input  logic                   fast_alu_i,
  input  logic                   perfect_l1i_i,
  input  logic                   perfect_l1d_i,
  input  logic                   perfect_bp_i,
  // Line port (L2 <-> main memory)
  output logic                   line_req_o,
  output logic [31:0]            line_addr_o,
  output logic                   line_we_o,
  output logic [LineBytes*8-1:0] line_wdata_o,
  input  logic                   line_rvalid_i,
  input  logic                   line_err_i,
  input  logic [LineBytes*8-1:0] line_rdata_i,
  // Word port (uncached)
  output logic                   mem_req_o,
  output logic [31:0]            mem_addr_o,
  output logic                   mem_we_o,
  output logic [2:0]             mem_size_o,
  output logic [31:0]            mem_wdata_o,
  input  logic                   mem_rvalid_i,
  input  logic                   mem_err_i,
  input  logic [31:0]            mem_rdata_i,
  // Ideal ports (perfect L1I / L1D)
  output logic                   pi_req_o,
  output logic [31:0]            pi_addr_o,
  input  logic                   pi_rvalid_i,
  input  logic                   pi_err_i,
  input  logic [127:0]           pi_rdata_i,
  output logic                   pd_req_o,
  output logic                   pd_we_o,
  output logic [31:0]            pd_addr_o,
  output logic [2:0]             pd_size_o,
  output logic [31:0]            pd_wdata_o,
  input  logic                   pd_rvalid_i,
  input  logic                   pd_err_i,
  input  logic [31:0]            pd_rdata_i,
  input  logic                   meip_i,
  // Test only (docs/probe.md "Probe mutants"): rewire one probe field (probe_pkg::probe_mutate)
  // before the PMU and the harness see it; 0 = none. Ignored in synthesis.
  input  logic [7:0]             probe_mutant_i,
  output commit_t [CommitWidth-1:0] commit_o,
`ifndef SYNTHESIS
  // Simulation only: the core's structure occupancy the harness checks the probe against.
  output probe_pkg::core_obs_t   obs_o,
`endif
  // PMU observation for the harness's per-cycle cross-check (tb/harness/pmu_check): this cycle's
  // probe and counter-CSR access, and every PMU register.
  output pmu_pkg::probe_t        probe_o,
  output logic                   pmu_csr_we_o,
  output logic [11:0]            pmu_csr_addr_o,
  output logic [31:0]            pmu_csr_wdata_o,
  output logic [pmu_pkg::NumCpiStages-1:0][pmu_pkg::NumCpiComps-1:0][StackCntW-1:0] pmu_cpi_o,
  output logic [pmu_pkg::NumTdCounters-1:0][StackCntW-1:0] pmu_td_o,
  output logic [pmu_pkg::NumFlopsComps-1:0][StackCntW-1:0] pmu_fl_o,
  output logic [pmu_pkg::NumSpecCnt-1:0][StackCntW-1:0] pmu_spec_o,
  output logic                   pmu_tip_valid_o,
  output pmu_pkg::tip_state_e    pmu_tip_state_o,
  output logic [pmu_pkg::MaxWidth-1:0] pmu_tip_head_valid_o,
  output logic [pmu_pkg::MaxWidth-1:0] pmu_tip_head_commit_o,
  output logic [pmu_pkg::MaxWidth-1:0][31:0] pmu_tip_head_pc_o,
  output logic [31:0]            pmu_tip_offending_o,
  output logic [31:0]            pmu_tip_next_pc_o,
  output logic                   pmu_nci_valid_o,
  output logic [31:0]            pmu_nci_pc_o,
  output logic                   pmu_lci_valid_o,
  output logic [31:0]            pmu_lci_pc_o,
  output logic                   pmu_disp_valid_o,
  output logic [31:0]            pmu_disp_pc_o,
  output logic [StackCntW-1:0]   pmu_tip_samples_o,
  output logic [5:0][63:0]       pmu_csr_cnt_o,    // mcycle, minstret, mhpmcounter3..6
  output logic [3:0][63:0]       pmu_csr_event_o,  // mhpmevent3..6
  output logic [31:0]            pmu_csr_inhibit_o,
  output logic [31:0]            pmu_csr_counteren_o,
  output logic                   pmu_lcofip_o,
  output logic [1:0]             pmu_bank_o,
  output logic [31:0]            pmu_tipctrl_o,
  // {FP units, dispatch, issue, commit width}: the model's config
  output logic [19:0]            pmu_widths_o,
  output logic [7:0]             pmu_spec_blocks_o,  // PmuSpecBlocks: the model's config
  output logic                   pmu_spec_drain_o,   // PmuSpecDrain: the model's config
  // Test-only PMU write port (mutation tests, pmu_top): tie to 0 outside the harness.
  input  logic                   pmu_dbg_we_i,
  input  logic [2:0]             pmu_dbg_unit_i,
  input  logic [11:0]            pmu_dbg_idx_i,
  input  logic [StackCntW-1:0]   pmu_dbg_wdata_i
);

  localparam int unsigned DTagW = DcTagW;  // core_pkg: the D-port bundles' tag width

  logic                 ic_req, ic_gnt, ic_rvalid, ic_err, ic_miss;
  logic [31:0]          ic_addr;
  logic [127:0]         ic_rdata;
  dc_req_t              dc_req;
  dc_rsp_t              dc_rsp;
  pmu_csr_req_t         pmu_csr;
  irq_t                 irq;
  logic                 fencei_req, fencei_done;
  logic [3:0]           mem_outstanding;
  logic                 mtip, msip, dc_miss_unused;
  logic [63:0]          mtime;
  logic                 lcofi;
  logic [31:0]          pmu_csr_rdata;
  localparam int unsigned PmuNumHpm = 4;

  // Harness inputs as the core and soc_mem see them. In the `stackscope` simulation builds
  // (SS_HARNESS_DPI, tb/harness/verilated.cmake) the harness's memory model answers over DPI at each
  // rising edge into simulation-only registers, and the run's static switches are registered:
  // the only top-level inputs that change in a run are then the clock, the reset and the PMU
  // debug port, so Verilator evaluates the logic behind the memory answers once per cycle (NBA
  // region) instead of also in its input-combinational region at both evals of a cycle (about
  // 1.5x simulation speed, docs/core.md). The timing is the same: the harness drove these
  // ports right after the edge. Synthesis and every other harness use the ports.
  logic [31:0]            h_boot_addr, h_tohost_addr, h_ram_size;
  logic                   h_fast_alu, h_perfect_l1i, h_perfect_l1d, h_perfect_bp, h_meip;
  logic [7:0]             h_probe_mutant;
  logic                   h_line_rvalid, h_line_err, h_mem_rvalid, h_mem_err;
  logic                   h_pi_rvalid, h_pi_err, h_pd_rvalid, h_pd_err;
  logic [LineBytes*8-1:0] h_line_rdata;
  logic [31:0]            h_mem_rdata, h_pd_rdata;
  logic [127:0]           h_pi_rdata;
`ifdef SS_HARNESS_DPI
  import "DPI-C" function void ss_harness_edge(
    input  bit line_req, input int unsigned line_addr, input bit line_we,
    input  bit [LineBytes*8-1:0] line_wdata,
    input  bit mem_req, input int unsigned mem_addr, input bit mem_we,
    input  int unsigned mem_size, input int unsigned mem_wdata,
    input  bit pi_req, input int unsigned pi_addr,
    input  bit pd_req, input bit pd_we, input int unsigned pd_addr,
    input  int unsigned pd_size, input int unsigned pd_wdata,
    output bit line_rvalid, output bit line_err, output bit [LineBytes*8-1:0] line_rdata,
    output bit mem_rvalid, output bit mem_err, output int unsigned mem_rdata,
    output bit pi_rvalid, output bit pi_err, output bit [127:0] pi_rdata,
    output bit pd_rvalid, output bit pd_err, output int unsigned pd_rdata);

  always_ff @(posedge clk_i) begin : harness_switches
    h_boot_addr   <= boot_addr_i;
    h_tohost_addr <= tohost_addr_i;
    h_ram_size    <= ram_size_i;
    h_fast_alu    <= fast_alu_i;
    h_perfect_l1i <= perfect_l1i_i;
    h_perfect_l1d <= perfect_l1d_i;
    h_perfect_bp  <= perfect_bp_i;
    h_meip        <= meip_i;
    h_probe_mutant <= probe_mutant_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : harness_answers
    if (!rst_ni) begin
      {h_line_rvalid, h_line_err, h_mem_rvalid, h_mem_err} <= '0;
      {h_pi_rvalid, h_pi_err, h_pd_rvalid, h_pd_err} <= '0;
      h_line_rdata <= '0;
      h_mem_rdata  <= '0;
      h_pi_rdata   <= '0;
      h_pd_rdata   <= '0;
    end else begin
      automatic bit lv, le, mv, me, iv, ie, dv, de;
      automatic bit [LineBytes*8-1:0] ld;
      automatic bit [127:0] id;
      automatic int unsigned md, dd;
      ss_harness_edge(line_req_o, line_addr_o, line_we_o, line_wdata_o,
                      mem_req_o, mem_addr_o, mem_we_o, 32'(mem_size_o), mem_wdata_o,
                      pi_req_o, pi_addr_o,
                      pd_req_o, pd_we_o, pd_addr_o, 32'(pd_size_o), pd_wdata_o,
                      lv, le, ld, mv, me, md, iv, ie, id, dv, de, dd);
      {h_line_rvalid, h_line_err, h_line_rdata} <= {lv, le, ld};
      {h_mem_rvalid, h_mem_err, h_mem_rdata}    <= {mv, me, md};
      {h_pi_rvalid, h_pi_err, h_pi_rdata}       <= {iv, ie, id};
      {h_pd_rvalid, h_pd_err, h_pd_rdata}       <= {dv, de, dd};
    end
  end

  logic unused_harness_ports;
  assign unused_harness_ports = ^{line_rvalid_i, line_err_i, line_rdata_i, mem_rvalid_i,
                                  mem_err_i, mem_rdata_i, pi_rvalid_i, pi_err_i, pi_rdata_i,
                                  pd_rvalid_i, pd_err_i, pd_rdata_i};
`else
  assign h_boot_addr   = boot_addr_i;
  assign h_tohost_addr = tohost_addr_i;
  assign h_ram_size    = ram_size_i;
  assign h_fast_alu    = fast_alu_i;
  assign h_perfect_l1i = perfect_l1i_i;
  assign h_perfect_l1d = perfect_l1d_i;
  assign h_perfect_bp  = perfect_bp_i;
  assign h_meip        = meip_i;
  assign h_probe_mutant = probe_mutant_i;
  assign {h_line_rvalid, h_line_err, h_line_rdata} = {line_rvalid_i, line_err_i, line_rdata_i};
  assign {h_mem_rvalid, h_mem_err, h_mem_rdata}    = {mem_rvalid_i, mem_err_i, mem_rdata_i};
  assign {h_pi_rvalid, h_pi_err, h_pi_rdata}       = {pi_rvalid_i, pi_err_i, pi_rdata_i};
  assign {h_pd_rvalid, h_pd_err, h_pd_rdata}       = {pd_rvalid_i, pd_err_i, pd_rdata_i};
`endif

  assign irq = '{meip: h_meip, mtip: mtip, msip: msip, lcofi: lcofi};
  pmu_pkg::probe_t core_probe;

  core_top #(
    .FetchWidth    (FetchWidth),
    .DispatchWidth (DispatchWidth),
    .IssueWidth    (IssueWidth),
    .NumAlu        (NumAlu),
    .CommitWidth   (CommitWidth),
    .RobEntries    (RobEntries),
    .RsEntries     (RsEntries),
    .LqEntries     (LqEntries),
    .SqEntries     (SqEntries),
    .SbEntries     (SbEntries),
    .PhysRegs      (PhysRegs),
    .MulLatency    (MulLatency),
    .FpUnits       (FpUnits)
  ) u_core (
    .clk_i,
    .rst_ni,
    .boot_addr_i       (h_boot_addr),
    .fast_alu_i        (h_fast_alu),
    .ram_size_i        (h_ram_size),
    .perfect_bp_i      (h_perfect_bp),
    .ic_req_o          (ic_req),
    .ic_addr_o         (ic_addr),
    .ic_gnt_i          (ic_gnt),
    .ic_rvalid_i       (ic_rvalid),
    .ic_err_i          (ic_err),
    .ic_rdata_i        (ic_rdata),
    .ic_miss_i         (ic_miss),
    .dc_req_o          (dc_req),
    .dc_rsp_i          (dc_rsp),
    .fencei_req_o      (fencei_req),
    .fencei_done_i     (fencei_done),
    .mem_outstanding_i (mem_outstanding),
    .irq_i             (irq),
    .mtime_i           (mtime),
    .pmu_csr_o         (pmu_csr),
    .pmu_csr_rdata_i   (pmu_csr_rdata),
    .commit_o,
`ifndef SYNTHESIS
    .obs_o,
`endif
    .probe_o           (core_probe)
  );

  // The probe the PMU and the harness see: the core's, or a test mutant of it.
`ifdef SYNTHESIS
  assign probe_o = core_probe;
  logic unused_probe_mutant;
  assign unused_probe_mutant = ^h_probe_mutant;
`else
  assign probe_o = probe_pkg::probe_mutate(core_probe, h_probe_mutant);
`endif

  soc_mem #(
    .L1ISets(L1ISets), .L1DSets(L1DSets), .L2Sets(L2Sets), .L2Ways(L2Ways),
    .LineBytes(LineBytes), .DTagW(DTagW)
  ) u_mem (
    .clk_i,
    .rst_ni,
    .tohost_addr_i     (h_tohost_addr),
    .perfect_l1i_i     (h_perfect_l1i),
    .perfect_l1d_i     (h_perfect_l1d),
    .ic_req_i          (ic_req),
    .ic_addr_i         (ic_addr),
    .ic_gnt_o          (ic_gnt),
    .ic_rvalid_o       (ic_rvalid),
    .ic_err_o          (ic_err),
    .ic_rdata_o        (ic_rdata),
    .ic_miss_o         (ic_miss),
    .dc_req_i          (dc_req.req),
    .dc_we_i           (dc_req.we),
    .dc_addr_i         (dc_req.addr),
    .dc_size_i         (dc_req.size),
    .dc_wdata_i        (dc_req.wdata),
    .dc_tag_i          (dc_req.tag),
    .dc_gnt_o          (dc_rsp.gnt),
    .dc_rvalid_o       (dc_rsp.rvalid),
    .dc_rtag_o         (dc_rsp.rtag),
    .dc_err_o          (dc_rsp.err),
    .dc_rdata_o        (dc_rsp.rdata),
    .dc_rlevel_o       (dc_rsp.rlevel),
    .dc_l1miss_tags_o  (dc_rsp.l1miss_tags),
    .dc_l2miss_tags_o  (dc_rsp.l2miss_tags),
    .dc_miss_o         (dc_miss_unused),
    .fencei_req_i      (fencei_req),
    .fencei_done_o     (fencei_done),
    .mem_outstanding_o (mem_outstanding),
    .mtip_o            (mtip),
    .msip_o            (msip),
    .mtime_o           (mtime),
    .line_req_o,
    .line_addr_o,
    .line_we_o,
    .line_wdata_o,
    .line_rvalid_i    (h_line_rvalid),
    .line_err_i       (h_line_err),
    .line_rdata_i     (h_line_rdata),
    .mem_req_o,
    .mem_addr_o,
    .mem_we_o,
    .mem_size_o,
    .mem_wdata_o,
    .mem_rvalid_i     (h_mem_rvalid),
    .mem_err_i        (h_mem_err),
    .mem_rdata_i      (h_mem_rdata),
    .pi_req_o,
    .pi_addr_o,
    .pi_rvalid_i      (h_pi_rvalid),
    .pi_err_i         (h_pi_err),
    .pi_rdata_i       (h_pi_rdata),
    .pd_req_o,
    .pd_we_o,
    .pd_addr_o,
    .pd_size_o,
    .pd_wdata_o,
    .pd_rvalid_i      (h_pd_rvalid),
    .pd_err_i         (h_pd_err),
    .pd_rdata_i       (h_pd_rdata)
  );

  // The TIP sample interrupt reaches the core inside lcofi (cause 13) when software sets
  // tipctrl.IRQ (docs/pmu.md); the raw line is not needed here.
  logic unused_tip_irq;

  // The FLOPS stack's k is the core's FP pipe count, v = 1 (scalar RV32F).
  pmu_top #(
    .DispatchWidth(DispatchWidth),
    .IssueWidth   (IssueWidth),
    .CommitWidth  (CommitWidth),
    .FpUnits      (FpUnits),
    .FpVecLen     (1),
    .StackCntW    (StackCntW),
    .NumHpm       (PmuNumHpm),
    .SpecBlocks   (PmuSpecBlocks),
    .RobEntries   (RobEntries),
    .CntStore     (PmuCntStore),
    .SpecDrain    (PmuSpecDrain)
  ) u_pmu (
    .clk_i,
    .rst_ni,
    .probe_i          (probe_o),
    .csr_we_i         (pmu_csr.we),
    .csr_addr_i       (pmu_csr.addr),
    .csr_wdata_i      (pmu_csr.wdata),
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
    .spec_cnt_o       (pmu_spec_o),
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
  assign {pmu_csr_we_o, pmu_csr_addr_o, pmu_csr_wdata_o} = pmu_csr;
  assign pmu_widths_o = {4'($clog2(RobEntries)), 4'(FpUnits), 4'(DispatchWidth), 4'(IssueWidth),
                        4'(CommitWidth)};
  assign pmu_spec_blocks_o = 8'(PmuSpecBlocks);
  assign pmu_spec_drain_o  = PmuSpecDrain != 0;

  logic unused;
  assign unused = ^{dc_miss_unused, unused_tip_irq};

endmodule : soc_top
