# StackScope SDK, Makefile include: build your own program for `stackscope iss` / `run`.
#
#   STACKSCOPE ?= /path/to/stackscope
#   include $(STACKSCOPE)/sw/sdk/sdk.mk
#   prog.elf: prog.c
#   	$(SS_CC) $(SS_CFLAGS) -O2 -o $@ $(SS_CRT) $^ $(SS_LDFLAGS)
#
# SS_CFLAGS: the target (sw/sdk/target.flags: -march/-mabi/-misa-spec, the one place they are
# written) and picolibc; SS_LDFLAGS: the SDK's linker script (RAM, stack) and no start files of
# the toolchain's; SS_CRT: the SDK's start-up (crt0.S) and picolibc glue (syscalls.c: printf
# to the console, exit() through HTIF). docs/own-program.md "Build it".
SS_SDK     := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
SS_CROSS   ?= riscv64-unknown-elf-
SS_CC      ?= $(SS_CROSS)gcc
SS_TARGET  := $(strip $(file <$(SS_SDK)/target.flags))
SS_CFLAGS  := $(SS_TARGET) --specs=picolibc.specs -I$(SS_SDK)
SS_LDFLAGS := -static -nostartfiles -T $(SS_SDK)/link.ld -Wl,--no-warn-rwx-segments
SS_CRT     := $(SS_SDK)/crt0.S $(SS_SDK)/syscalls.c
# What a program depends on besides its sources (for make rules).
SS_DEPS    := $(SS_CRT) $(SS_SDK)/link.ld $(SS_SDK)/htif_regs.h $(SS_SDK)/target.flags
