#!/usr/bin/env bash
# Links with -march=rv32im so gcc picks the rv32im multilib; the assembler gets _zicsr.
# Generates random RV32IM programs, links them with the shared start-up code, and runs each
# on the ISS (mode iss) or lockstep on the RTL (mode rtl). Seeds are printed so any failure
# replays with: scripts/randrun.sh MODE BUILD_DIR SEED
#   usage: randrun.sh iss|rtl BUILD_DIR FIRST_SEED [COUNT] [extra stackscope args...]
set -euo pipefail
mode=$1 build=$(cd "$2" && pwd) first=$3 count=${4:-1}
shift $(( $# < 4 ? $# : 4 ))
root=$(cd "$(dirname "$0")/.." && pwd)
py=$root/build/venv/bin/python3
[ -x "$py" ] || py=python3
out=$build/rand
mkdir -p "$out"
case $mode in
  iss) run=(iss) ;;
  rtl) run=(run) ;;
  *) echo "randrun: mode must be iss or rtl, not '$mode'" >&2; exit 2 ;;
esac
cc=(riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -Wa,-march=rv32im_zicsr --specs=picolibc.specs -Wl,--no-warn-rwx-segments
    -nostartfiles -T "$root/sw/common/link.ld" -I "$root/sw/common"
    "$root/sw/common/crt0.S" "$root/sw/common/syscalls.c")
failed=0
for (( seed = first; seed < first + count; seed++ )); do
  "$py" "$root/scripts/randprog.py" --seed "$seed" -o "$out/rand_$seed.S"
  "${cc[@]}" "$out/rand_$seed.S" -o "$out/rand_$seed.elf"
  if ! "$build/stackscope" "${run[@]}" "$out/rand_$seed.elf" "$@" >"$out/rand_$seed.log" 2>&1; then
    echo "randrun: seed $seed FAILED ($mode); replay: scripts/randrun.sh $mode $build $seed" >&2
    tail -n 5 "$out/rand_$seed.log" >&2
    failed=$((failed + 1))
  fi
done
echo "randrun: $mode seeds $first..$((first + count - 1)): $((count - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
