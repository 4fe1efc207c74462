// The SoC's bus types outside the core's ports (core_pkg has the I-port and D-port): the ports
// between soc_mem and main memory, which the simulation harness's memory model
// (tb/harness/memory_model.*) or the FPGA top's block RAM (rtl/fpga/fpga_mem.sv) serves.
// One field per signal of docs/dev/memory.md; request = towards memory, response = back.
// tb/harness/bus_layout.h, the C++ view of these ports, is generated from this package's
// elaborated types (scripts/gen.py): a field wider than 32 bits must be whole 32-bit words.
`default_nettype none

package soc_pkg;

  // Line size of L1I, L1D and L2, and the width of the line port.
  localparam int unsigned LineBytes = 32;
  typedef logic [LineBytes*8-1:0] line_t;

  // Line port (L2 <-> main memory): a request pulse; answers come in request order.
  typedef struct packed {
    logic        req;
    logic [31:0] addr;
    logic        we;
    line_t       wdata;
  } line_req_t;
  typedef struct packed {
    logic  rvalid;
    logic  err;
    line_t rdata;
  } line_rsp_t;

  // Word port (uncached: MMIO, the tohost line, everything below RAM; one access in flight)
  // and the perfect-L1D ideal port (an access a cycle, answered the next cycle).
  typedef struct packed {
    logic        req;
    logic        we;
    logic [31:0] addr;
    logic [2:0]  size;   // bytes: 1, 2, 4
    logic [31:0] wdata;  // in its byte lanes
  } word_req_t;
  typedef struct packed {
    logic        rvalid;
    logic        err;
    logic [31:0] rdata;  // the whole aligned word
  } word_rsp_t;

  // Perfect-L1I ideal port: the I-port's request (core_pkg::ic_req_t), its 16-byte block
  // answered the next cycle.
  typedef struct packed {
    logic         rvalid;
    logic         err;
    logic [127:0] rdata;
  } block_rsp_t;

  // BEGIN GENERATED soc_ctrl_t (scripts/gen.py from stackscope.spec.options)
  // soc_top's ctrl_i: the run's switches (per run, constant after reset).
  typedef struct packed {
    logic perfect_l1i;  // every fetch hits the L1I
    logic perfect_l1d;  // every data access hits the L1D
    logic perfect_bp;   // perfect branch prediction (an ISS running ahead steers fetch)
    logic fast_alu;     // 1-cycle multiply and divide
  } soc_ctrl_t;
  // END GENERATED soc_ctrl_t

endpackage : soc_pkg
