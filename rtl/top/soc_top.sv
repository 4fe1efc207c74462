// StackScope SoC: the out-of-order core (core_top), its memory system (soc_mem: L1I, L1D,
// L2, CLINT, uncached word port) and the PMU (pmu_top) on the core's probe bus and
// counter-CSR port. The harness's main-memory model (tb/harness/memory_model.*) serves the line port,
// the word port and, with the perfect-L1 switches, the ideal ports.
`default_nettype none

module soc_top
  import core_pkg::*;
  import soc_pkg::*;
#(
  // The configuration (core_pkg::core_cfg_t): the core's, the caches' (soc_mem) and the PMU's
  // build-time parameters (docs/dev/core.md "Named builds", docs/dev/pmu.md, docs/cost.md). The
  // model is Verilated as one named build (core_cfg_pkg::CfgBuild); the FPGA top gives its own.
  parameter core_cfg_t Cfg = core_cfg_pkg::CfgBuild
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [31:0]            boot_addr_i,
  input  logic [31:0]            tohost_addr_i,  // its line stays uncached so the harness sees the exit
  input  logic [31:0]            ram_size_i,     // RAM bytes from 0x8000_0000; above: access fault
  // The run's switches (per run, soc_pkg::soc_ctrl_t, generated from the run-time options
  // table): the idealisations (perfect L1s, perfect branch prediction, 1-cycle mul/div).
  input  soc_ctrl_t              ctrl_i,
  // Main memory (soc_pkg): the line port (L2), the uncached word port, and the ideal ports of
  // the perfect L1I / L1D.
  output line_req_t              line_req_o,
  input  line_rsp_t              line_rsp_i,
  output word_req_t              mem_req_o,
  input  word_rsp_t              mem_rsp_i,
  output ic_req_t                pi_req_o,
  input  block_rsp_t             pi_rsp_i,
  output word_req_t              pd_req_o,
  input  word_rsp_t              pd_rsp_i,
  input  logic                   meip_i,
  // Test only (docs/dev/probe.md "Probe mutants"): rewire one probe field (probe_pkg::probe_mutate)
  // before the PMU and the harness see it; 0 = none. Ignored in synthesis.
  input  logic [7:0]             probe_mutant_i,
  output commit_t [Cfg.CommitWidth-1:0] commit_o,
`ifndef SYNTHESIS
  // Simulation only: the core's structure occupancy the harness checks the probe against.
  output probe_pkg::core_obs_t   obs_o,
`endif
  // PMU observation for the harness's per-cycle cross-check (tb/harness/pmu_check): this cycle's
  // probe; its counter-CSR access, every PMU register and the model's configuration.
  output pmu_pkg::probe_t        probe_o,
  output pmu_pkg::pmu_port_t     pmu_o,
  // Test-only PMU write port (mutation tests, pmu_top): tie to 0 outside the harness.
  input  logic                   pmu_dbg_we_i,
  input  logic [2:0]             pmu_dbg_unit_i,
  input  logic [11:0]            pmu_dbg_idx_i,
  input  logic [pmu_pkg::PortCntW-1:0] pmu_dbg_wdata_i
);

  ic_req_t              ic_req;
  ic_rsp_t              ic_rsp;
  logic                 ic_kill;
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
  // The PMU's counter width and counter CSRs: pmu_o's (what the harness reads).
  localparam int unsigned StackCntW = pmu_pkg::PortCntW;
  localparam int unsigned PmuNumHpm = pmu_pkg::PortNumHpm;

  // Harness inputs as the core and soc_mem see them. In the `stackscope` simulation builds
  // (SS_HARNESS_DPI, tb/harness/verilated.cmake) the harness's memory model answers over DPI at each
  // rising edge into simulation-only registers, and the run's static switches are registered:
  // the only top-level inputs that change in a run are then the clock, the reset and the PMU
  // debug port's write data, so Verilator evaluates the logic behind the memory answers once
  // per cycle (NBA region) instead of also in its input-combinational region at both evals of
  // a cycle (about 1.5x simulation speed, docs/dev/core.md). The timing is the same: the harness
  // drove these ports right after the edge. Synthesis and every other harness use the ports.
  logic [31:0]            h_boot_addr, h_tohost_addr, h_ram_size;
  soc_ctrl_t              h_ctrl;
  logic                   h_meip;
  logic [7:0]             h_probe_mutant;
  logic                   h_dbg_we;
  logic [2:0]             h_dbg_unit;
  logic [11:0]            h_dbg_idx;
  line_rsp_t              h_line_rsp;
  word_rsp_t              h_mem_rsp, h_pd_rsp;
  block_rsp_t             h_pi_rsp;
`ifdef SS_HARNESS_DPI
  // The ports' structs as bit vectors (svBitVecVal arrays in C: tb/harness/bus_layout.h).
  import "DPI-C" function void ss_harness_edge(
    input  bit [$bits(line_req_t)-1:0]  line_req,
    input  bit [$bits(word_req_t)-1:0]  mem_req,
    input  bit [$bits(ic_req_t)-1:0]    pi_req,
    input  bit [$bits(word_req_t)-1:0]  pd_req,
    output bit [$bits(line_rsp_t)-1:0]  line_rsp,
    output bit [$bits(word_rsp_t)-1:0]  mem_rsp,
    output bit [$bits(block_rsp_t)-1:0] pi_rsp,
    output bit [$bits(word_rsp_t)-1:0]  pd_rsp);

  always_ff @(posedge clk_i) begin : harness_switches
    h_boot_addr   <= boot_addr_i;
    h_tohost_addr <= tohost_addr_i;
    h_ram_size    <= ram_size_i;
    h_ctrl        <= ctrl_i;
    h_meip        <= meip_i;
    h_probe_mutant <= probe_mutant_i;
  end

  // The PMU debug port's write strobe and target are registered too: the harness announces a
  // write one cycle ahead (SocSim::announce_pmu_debug_write) and drives only its data in the
  // write's own cycle. pmu_top moves the CSR unit's address to the debug index in a debug
  // write's cycle, and that address reaches the core's CSR read data and from there the register
  // files' write data: from a port, all of that ran in the input-combinational region at both
  // evals of every cycle (docs/dev/core.md, "`stackscope run` and the harness").
  always_ff @(posedge clk_i or negedge rst_ni) begin : harness_debug_port
    if (!rst_ni) begin
      h_dbg_we   <= 1'b0;
      h_dbg_unit <= '0;
      h_dbg_idx  <= '0;
    end else begin
      h_dbg_we   <= pmu_dbg_we_i;
      h_dbg_unit <= pmu_dbg_unit_i;
      h_dbg_idx  <= pmu_dbg_idx_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : harness_answers
    if (!rst_ni) begin
      h_line_rsp <= '0;
      h_mem_rsp  <= '0;
      h_pi_rsp   <= '0;
      h_pd_rsp   <= '0;
    end else begin
      automatic bit [$bits(line_rsp_t)-1:0]  lr;
      automatic bit [$bits(word_rsp_t)-1:0]  mr, dr;
      automatic bit [$bits(block_rsp_t)-1:0] ir;
      ss_harness_edge(line_req_o, mem_req_o, pi_req_o, pd_req_o, lr, mr, ir, dr);
      h_line_rsp <= line_rsp_t'(lr);
      h_mem_rsp  <= word_rsp_t'(mr);
      h_pi_rsp   <= block_rsp_t'(ir);
      h_pd_rsp   <= word_rsp_t'(dr);
    end
  end

  logic unused_harness_ports;
  assign unused_harness_ports = ^{line_rsp_i, mem_rsp_i, pi_rsp_i, pd_rsp_i};
`else
  assign h_boot_addr   = boot_addr_i;
  assign h_tohost_addr = tohost_addr_i;
  assign h_ram_size    = ram_size_i;
  assign h_ctrl        = ctrl_i;
  assign h_meip        = meip_i;
  assign h_probe_mutant = probe_mutant_i;
  assign h_dbg_we      = pmu_dbg_we_i;
  assign h_dbg_unit    = pmu_dbg_unit_i;
  assign h_dbg_idx     = pmu_dbg_idx_i;
  assign h_line_rsp    = line_rsp_i;
  assign h_mem_rsp     = mem_rsp_i;
  assign h_pi_rsp      = pi_rsp_i;
  assign h_pd_rsp      = pd_rsp_i;
`endif

  assign irq = '{meip: h_meip, mtip: mtip, msip: msip, lcofi: lcofi};
  pmu_pkg::probe_t core_probe;

  core_top #(.Cfg(Cfg)) u_core (
    .clk_i,
    .rst_ni,
    .boot_addr_i       (h_boot_addr),
    .fast_alu_i        (h_ctrl.fast_alu),
    .ram_size_i        (h_ram_size),
    .perfect_bp_i      (h_ctrl.perfect_bp),
    .ic_req_o          (ic_req),
    .ic_rsp_i          (ic_rsp),
    .ic_kill_o         (ic_kill),
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
    .L1ISets(Cfg.L1ISets), .L1DSets(Cfg.L1DSets), .L2Sets(Cfg.L2Sets), .L2Ways(Cfg.L2Ways)
  ) u_mem (
    .clk_i,
    .rst_ni,
    .tohost_addr_i     (h_tohost_addr),
    .perfect_l1i_i     (h_ctrl.perfect_l1i),
    .perfect_l1d_i     (h_ctrl.perfect_l1d),
    .ic_req_i          (ic_req),
    .ic_rsp_o          (ic_rsp),
    .ic_kill_i         (ic_kill),
    .dc_req_i          (dc_req),
    .dc_rsp_o          (dc_rsp),
    .dc_miss_o         (dc_miss_unused),
    .fencei_req_i      (fencei_req),
    .fencei_done_o     (fencei_done),
    .mem_outstanding_o (mem_outstanding),
    .mtip_o            (mtip),
    .msip_o            (msip),
    .mtime_o           (mtime),
    .line_req_o,
    .line_rsp_i        (h_line_rsp),
    .mem_req_o,
    .mem_rsp_i         (h_mem_rsp),
    .pi_req_o,
    .pi_rsp_i          (h_pi_rsp),
    .pd_req_o,
    .pd_rsp_i          (h_pd_rsp)
  );

  // The TIP sample interrupt reaches the core inside lcofi (cause 13) when software sets
  // tipctrl.IRQ (docs/dev/pmu.md); the raw line is not needed here.
  logic unused_tip_irq;
  pmu_pkg::tip_state_e tip_state;

  // The FLOPS stack's k is the core's FP pipe count, v = 1 (scalar RV32F).
  pmu_top #(
    .DispatchWidth(Cfg.DispatchWidth),
    .IssueWidth   (Cfg.IssueWidth),
    .CommitWidth  (Cfg.CommitWidth),
    .FpUnits      (Cfg.FpUnits),
    .FpVecLen     (1),
    .StackCntW    (StackCntW),
    .NumHpm       (PmuNumHpm),
    .SpecBlocks   (Cfg.PmuSpecBlocks),
    .RobEntries   (Cfg.RobEntries),
    .CntStore     (Cfg.PmuCntStore),
    .SpecDrain    (Cfg.PmuSpecDrain),
    .ProbeStage   (Cfg.PmuProbeStage)
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
    .dbg_we_i         (h_dbg_we),
    .dbg_unit_i       (h_dbg_unit),
    .dbg_idx_i        (h_dbg_idx),
    .dbg_wdata_i      (pmu_dbg_wdata_i),
    .cpi_cnt_o        (pmu_o.cpi),
    .td_cnt_o         (pmu_o.td),
    .fl_cnt_o         (pmu_o.fl),
    .spec_cnt_o       (pmu_o.spec),
    .tip_valid_o      (pmu_o.tip_valid),
    .tip_state_o      (tip_state),
    .tip_head_valid_o (pmu_o.tip_head_valid),
    .tip_head_commit_o(pmu_o.tip_head_commit),
    .tip_head_pc_o    (pmu_o.tip_head_pc),
    .tip_offending_o  (pmu_o.tip_offending),
    .tip_next_pc_o    (pmu_o.tip_next_pc),
    .nci_valid_o      (pmu_o.nci_valid),
    .nci_pc_o         (pmu_o.nci_pc),
    .lci_valid_o      (pmu_o.lci_valid),
    .lci_pc_o         (pmu_o.lci_pc),
    .disp_valid_o     (pmu_o.disp_valid),
    .disp_pc_o        (pmu_o.disp_pc),
    .tip_samples_o    (pmu_o.tip_samples),
    .csr_cnt_o        (pmu_o.csr_cnt),
    .csr_event_o      (pmu_o.csr_event),
    .csr_inhibit_o    (pmu_o.csr_inhibit),
    .csr_counteren_o  (pmu_o.csr_counteren),
    .bank_o           (pmu_o.bank),
    .tipctrl_o        (pmu_o.tipctrl)
  );
  assign pmu_o.tip_state   = tip_state;
  assign pmu_o.lcofip      = lcofi;
  assign pmu_o.csr_we      = pmu_csr.we;
  assign pmu_o.csr_addr    = pmu_csr.addr;
  assign pmu_o.csr_wdata   = pmu_csr.wdata;
  assign pmu_o.widths      = {4'($clog2(Cfg.RobEntries)), 4'(Cfg.FpUnits),
                              4'(Cfg.DispatchWidth), 4'(Cfg.IssueWidth), 4'(Cfg.CommitWidth)};
  assign pmu_o.spec_blocks = 8'(Cfg.PmuSpecBlocks);
  assign pmu_o.spec_drain  = Cfg.PmuSpecDrain != 0;
  assign pmu_o.probe_stage = Cfg.PmuProbeStage != 0;

  logic unused;
  assign unused = ^{dc_miss_unused, unused_tip_irq};

endmodule : soc_top
