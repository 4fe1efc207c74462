#!/usr/bin/env bash
# ctest fusesoc_sim_hello: FuseSoC's `sim` target (tb/fpga/soc_fpga_tb.sv, verilator --binary)
# runs hello to its exit, as a user would from a plain shell (docs/fpga.md "FuseSoC's `sim`
# target"): the image from `stackscope fpga-image`, its entry and tohost as that command
# prints them, then `scripts/fusesoc run --target sim`. Passes if the run exits 0 and its output
# holds hello's line, the UART's exit message with value 0 and the testbench's exit line.
# Usage: fusesoc_sim_hello.sh STACKSCOPE HELLO_FPGA_ELF WORKDIR
set -u
ss=$1 elf=$2 dir=$3
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fail() { echo "fusesoc_sim_hello: FAIL: $*"; exit 1; }

rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || fail "cannot make $dir"
line=$("$ss" fpga-image "$elf" -o hello.hex) || fail "fpga-image exited $?"
re='^entry 0x([0-9a-f]{8}) tohost 0x([0-9a-f]{8})$'
[[ $line =~ $re ]] || fail "fpga-image printed '$line'"
entry=${BASH_REMATCH[1]} tohost=${BASH_REMATCH[2]}
echo "fusesoc_sim_hello: entry $entry tohost $tohost"

"$root/scripts/fusesoc" run --target sim stackscope:stackscope:soc \
  --ss_mem_image="$PWD/hello.hex" --boot="$entry" --tohost="$tohost" >sim.log 2>&1
rc=$?
# the simulation's own lines (FuseSoC's and the Verilator build's logs are in sim.log too)
grep -v '^INFO: \|^make\|^g++\|^ccache' sim.log | tail -n 20
[[ $rc -eq 0 ]] || fail "fusesoc exited $rc (log $PWD/sim.log)"
for want in "Hello from StackScope!" "EXIT 00000000" "soc_fpga_tb: program exited 0"; do
  grep -qxF "$want" sim.log || fail "no line '$want' in $PWD/sim.log"
done
echo "fusesoc_sim_hello: ok"
