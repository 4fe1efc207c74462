# StackScope SDK, CMake toolchain file: build your own program for `stackscope iss` / `run`.
#
#   cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE=/path/to/stackscope/sw/sdk/toolchain.cmake
#   # CMakeLists.txt:  project(prog C ASM)
#   #                  add_executable(prog.elf prog.c ${STACKSCOPE_SDK_CRT})
#
# The target flags come from sw/sdk/target.flags (-march/-mabi/-misa-spec, the one place they
# are written, shared with sdk.mk); picolibc; the SDK's linker script (RAM, stack), start-up
# (crt0.S) and picolibc glue (syscalls.c: printf to the console, exit() through HTIF).
# docs/own-program.md "Build it".
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(STACKSCOPE_SDK_DIR ${CMAKE_CURRENT_LIST_DIR})
set(STACKSCOPE_CROSS riscv64-unknown-elf- CACHE STRING "cross-compiler prefix")
set(CMAKE_C_COMPILER ${STACKSCOPE_CROSS}gcc)
set(CMAKE_CXX_COMPILER ${STACKSCOPE_CROSS}g++)
set(CMAKE_ASM_COMPILER ${STACKSCOPE_CROSS}gcc)
# Test compiles build a library: a program needs the SDK's start-up to link.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

file(STRINGS ${STACKSCOPE_SDK_DIR}/target.flags ss_target LIMIT_COUNT 1)
set(CMAKE_C_FLAGS_INIT "${ss_target} --specs=picolibc.specs -I${STACKSCOPE_SDK_DIR}")
set(CMAKE_CXX_FLAGS_INIT "${CMAKE_C_FLAGS_INIT}")
set(CMAKE_ASM_FLAGS_INIT "${CMAKE_C_FLAGS_INIT}")
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "-static -nostartfiles -T ${STACKSCOPE_SDK_DIR}/link.ld -Wl,--no-warn-rwx-segments")
set(STACKSCOPE_SDK_CRT ${STACKSCOPE_SDK_DIR}/crt0.S ${STACKSCOPE_SDK_DIR}/syscalls.c)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
