# One ctest per ISA test and workload in sw/workloads.json (the single program list), each
# run on the ISS: exit code must equal the entry's expected_exit within its max_insns.
# Label: iss. The ELFs come from sw/Makefile; the sw_build fixture (re)makes them so ctest
# works on its own.
find_program(SW_MAKE make)
set(sw_expect ${CMAKE_SOURCE_DIR}/tests/iss/expect.sh)
set(sw_ss $<TARGET_FILE:stackscope>)

add_test(NAME sw_build COMMAND ${SW_MAKE} -s -C ${CMAKE_SOURCE_DIR}/sw BUILD=${STACKSCOPE_SW_DIR})
set_tests_properties(sw_build PROPERTIES FIXTURES_SETUP sw_elfs LABELS "iss;sw")

file(READ ${STACKSCOPE_MANIFEST} sw_manifest)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${STACKSCOPE_MANIFEST})

string(JSON sw_n LENGTH "${sw_manifest}" workloads)
math(EXPR sw_last "${sw_n} - 1")
foreach(i RANGE ${sw_last})
  string(JSON name GET "${sw_manifest}" workloads ${i} name)
  string(JSON elf GET "${sw_manifest}" workloads ${i} elf)
  string(JSON rc GET "${sw_manifest}" workloads ${i} expected_exit)
  string(JSON limit GET "${sw_manifest}" workloads ${i} max_insns)
  # Exit status (docs/robustness.md): 0 for exit 0, else 1 with the value on stderr.
  if(rc EQUAL 0)
    set(status 0)
  else()
    set(status 1)
  endif()
  if(NOT rc EQUAL 0)
    set(regex "program exit ${rc} ")
  elseif(name STREQUAL "hello")
    set(regex "^Hello from StackScope!$")
  else()
    set(regex ".")
  endif()
  add_test(NAME sw_workload_${name}
           COMMAND ${sw_expect} ${status} ${regex} ${sw_ss} iss --max-insns ${limit}
                   ${STACKSCOPE_SW_DIR}/${elf})
  set_tests_properties(sw_workload_${name} PROPERTIES FIXTURES_REQUIRED sw_elfs LABELS iss)
endforeach()

# RV32F workloads (manifest "fp_workloads") on the ISS; the core runs them in lockstep too
# (tests/core/CMakeLists.txt, core_*workload_<name>).
string(JSON sw_n LENGTH "${sw_manifest}" fp_workloads)
math(EXPR sw_last "${sw_n} - 1")
foreach(i RANGE ${sw_last})
  string(JSON name GET "${sw_manifest}" fp_workloads ${i} name)
  string(JSON elf GET "${sw_manifest}" fp_workloads ${i} elf)
  string(JSON limit GET "${sw_manifest}" fp_workloads ${i} max_insns)
  add_test(NAME sw_fp_workload_${name}
           COMMAND ${sw_expect} 0 "." ${sw_ss} iss --max-insns ${limit} ${STACKSCOPE_SW_DIR}/${elf})
  set_tests_properties(sw_fp_workload_${name} PROPERTIES FIXTURES_REQUIRED sw_elfs LABELS iss)
endforeach()

string(JSON sw_n LENGTH "${sw_manifest}" isa_tests)
math(EXPR sw_last "${sw_n} - 1")
foreach(i RANGE ${sw_last})
  string(JSON name GET "${sw_manifest}" isa_tests ${i} name)
  string(JSON elf GET "${sw_manifest}" isa_tests ${i} elf)
  # `iss` runs RV32IMF by default, so the RV32F tests ("isa": "rv32imf") run as they are.
  add_test(NAME sw_isa_${name}
           COMMAND ${sw_ss} iss --max-insns 100000 ${STACKSCOPE_SW_DIR}/${elf})
  set_tests_properties(sw_isa_${name} PROPERTIES FIXTURES_REQUIRED sw_elfs LABELS iss)
endforeach()

# The run-time's failure paths: an unexpected trap exits 64 + mcause, ss_check its id (the
# value is reported; the process status of any non-zero exit is 1, docs/robustness.md).
add_test(NAME sw_selftest_unexpected_trap
         COMMAND ${sw_expect} 1 "program exit 75 " ${sw_ss} iss ${STACKSCOPE_SW_DIR}/selftest/unexpected_trap.elf)
add_test(NAME sw_selftest_check_fails
         COMMAND ${sw_expect} 1 "program exit 5 " ${sw_ss} iss ${STACKSCOPE_SW_DIR}/selftest/check_fails.elf)
# F code: runs with F (the default, and the configuration the RTL lockstep uses: the core is
# RV32IMF), traps as illegal (exit 64 + 2) with --isa rv32im.
add_test(NAME sw_selftest_fp_iss
         COMMAND ${sw_expect} 0 "." ${sw_ss} iss ${STACKSCOPE_SW_DIR}/selftest/fp_on_rv32im.elf)
add_test(NAME sw_selftest_fp_iss_rv32im
         COMMAND ${sw_expect} 1 "program exit 66 " ${sw_ss} iss --isa rv32im
                 ${STACKSCOPE_SW_DIR}/selftest/fp_on_rv32im.elf)
add_test(NAME sw_iss_bad_isa
         COMMAND ${sw_expect} 2 "--isa" ${sw_ss} iss --isa rv64gc
                 ${STACKSCOPE_SW_DIR}/selftest/fp_on_rv32im.elf)
set_tests_properties(sw_selftest_unexpected_trap sw_selftest_check_fails sw_selftest_fp_iss
                     sw_selftest_fp_iss_rv32im sw_iss_bad_isa
                     PROPERTIES FIXTURES_REQUIRED sw_elfs LABELS iss)

# Benchmark programs (manifest "bench_programs", docs/workloads.md; in no suite) on the ISS.
# coremark_like prints its final CRC: the line below is what its source prints when built
# natively with gcc -DCM_HOST, written here by hand. sw_bench_coremark_like_host requires the
# host build (-O0 and -O2) to print it and exit 0 (its source's constant agrees);
# sw_bench_coremark_like requires the RISC-V ELF to print it on the ISS and exit 0.
set(sw_coremark_line "coremark_like: iterations 8 crc 0x0af1")
string(JSON sw_n LENGTH "${sw_manifest}" bench_programs)
math(EXPR sw_last "${sw_n} - 1")
foreach(i RANGE ${sw_last})
  string(JSON name GET "${sw_manifest}" bench_programs ${i} name)
  string(JSON elf GET "${sw_manifest}" bench_programs ${i} elf)
  string(JSON limit GET "${sw_manifest}" bench_programs ${i} max_insns)
  if(name STREQUAL "coremark_like")
    set(regex "^${sw_coremark_line}$")
  else()
    set(regex ".")
  endif()
  add_test(NAME sw_bench_${name}
           COMMAND ${sw_expect} 0 "${regex}" ${sw_ss} iss --max-insns ${limit}
                   ${STACKSCOPE_SW_DIR}/${elf})
  set_tests_properties(sw_bench_${name} PROPERTIES FIXTURES_REQUIRED sw_elfs LABELS iss)
endforeach()
find_program(SW_HOST_CC NAMES cc gcc clang)
if(SW_HOST_CC)
  add_test(NAME sw_bench_coremark_like_host
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bench_host.sh ${SW_HOST_CC}
                   ${CMAKE_SOURCE_DIR}/sw/bench/coremark_like.c ${CMAKE_CURRENT_BINARY_DIR}/bench
                   "${sw_coremark_line}")
  set_tests_properties(sw_bench_coremark_like_host PROPERTIES LABELS iss)
else()
  message(WARNING "no host C compiler (cc, gcc, clang): sw_bench_coremark_like_host skipped")
endif()
