#!/usr/bin/env bash
# bench_host.sh CC SRC OUT_DIR LINE: builds a benchmark program of sw/bench/ natively with
# -DCM_HOST (its platform bits become printf/exit) at -O0 and -O2, runs each, and requires
# exit 0 and stdout equal to LINE. The program exits non-zero when its CRC differs from the
# constant in its source, so this ties that constant, LINE and the host's result together.
set -u
[[ $# == 4 ]] || { echo "usage: bench_host.sh CC SRC OUT_DIR LINE" >&2; exit 2; }
cc=$1 src=$2 out=$3 line=$4
mkdir -p "$out"
fail=0
for opt in -O0 -O2; do
  exe=$out/$(basename "$src" .c)_host$opt
  "$cc" -std=c11 $opt -Wall -Wextra -Werror -DCM_HOST -o "$exe" "$src" ||
    { echo "$opt: host build failed"; fail=1; continue; }
  got=$("$exe")
  rc=$?
  [[ $rc == 0 ]] || { echo "$opt: exit code $rc, expected 0"; fail=1; }
  [[ $got == "$line" ]] || { echo "$opt: printed '$got', expected '$line'"; fail=1; }
done
exit $fail
