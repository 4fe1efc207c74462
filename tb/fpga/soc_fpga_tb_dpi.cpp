// The RTL's DPI imports for FuseSoC's `sim` target (tb/fpga/soc_fpga_tb.sv), which has no
// C++ harness: the pipeline trace is off (tb/harness/pipeview.cpp serves it in stackscope)
// and the perfect-branch oracle (tb/harness/oracle_bp.cpp) is never asked, since
// soc_fpga_top ties soc_top's ctrl_i (perfect_bp among them) to 0. The prototypes are
// Verilator's (Vsoc_fpga_tb__Dpi.h).
#include <cstdio>
#include <cstdlib>

extern "C" unsigned char ss_pipe_on() { return 0; }

extern "C" void ss_pipe_fe(unsigned int, unsigned int, unsigned int, unsigned int) {}

extern "C" void ss_pipe_event(unsigned int, unsigned int, unsigned int, unsigned int) {}

extern "C" unsigned int ss_oracle_next_pc(unsigned int, unsigned int) {
  std::fprintf(stderr, "soc_fpga_tb: the perfect-branch oracle was asked (ctrl_i.perfect_bp is 0)\n");
  std::abort();
}
