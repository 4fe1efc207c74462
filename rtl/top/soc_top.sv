// StackScope SoC: core + CLINT; RAM, console and everything else are served through the
// memory port by the harness's main-memory model (tb/memory_model.*), which also decides
// access faults for addresses outside RAM/console.
`default_nettype none

module soc_top
  import core_pkg::*;
#(
  parameter int unsigned MulLatency = 3
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [31:0]  boot_addr_i,
  input  logic         fast_alu_i,     // idealisation: 1-cycle mul/div
  // Memory port (protocol as core_top's bus: request pulse, later rvalid pulse).
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
  input  logic         lcofi_i,
  output commit_t      commit_o,
  output core_status_t status_o
);

  logic        bus_req, bus_ifetch, bus_we, bus_rvalid, bus_err;
  logic [31:0] bus_addr, bus_wdata, bus_rdata;
  logic [2:0]  bus_size;
  logic        clint_hit, clint_rvalid, mtip, msip;
  logic [31:0] clint_rdata;
  logic [63:0] mtime;

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
    .bus_rvalid_i (bus_rvalid),
    .bus_err_i    (bus_err),
    .bus_rdata_i  (bus_rdata),
    .meip_i,
    .mtip_i       (mtip),
    .msip_i       (msip),
    .lcofi_i,
    .mtime_i      (mtime),
    .commit_o,
    .status_o
  );

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

  assign mem_req_o    = bus_req && !clint_hit;
  assign mem_ifetch_o = bus_ifetch;
  assign mem_addr_o   = bus_addr;
  assign mem_we_o     = bus_we;
  assign mem_size_o   = bus_size;
  assign mem_wdata_o  = bus_wdata;
  assign bus_rvalid   = clint_rvalid | mem_rvalid_i;
  assign bus_err      = !clint_rvalid && mem_err_i;
  assign bus_rdata    = clint_rvalid ? clint_rdata : mem_rdata_i;

endmodule : soc_top
