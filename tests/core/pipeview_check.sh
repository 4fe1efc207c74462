#!/usr/bin/env bash
# pipeview_check.sh OUT SS ELF: `SS run --pipeview OUT ELF` must exit 0 and write a Kanata
# trace with one retire (R ... 0) per committed instruction (the run's summary count; trap
# records retire too, so at least that many) and every started instruction ended.
set -u
out=$1 ss=$2 elf=$3
err=$("$ss" run --pipeview "$out" "$elf" 2>&1 >/dev/null) || { echo "run failed: $err"; exit 1; }
n=$(printf '%s\n' "$err" | sed -n 's/.*exit 0, \([0-9]*\) instructions.*/\1/p' | head -1)
head -1 "$out" | grep -q '^Kanata' || { echo "no Kanata header"; exit 1; }
started=$(grep -c '^I' "$out")
retired=$(grep -cP '^R\t\d+\t\d+\t0$' "$out")
flushed=$(grep -cP '^R\t\d+\t\d+\t1$' "$out")
echo "instructions $n, started $started, retired $retired, flushed $flushed"
[[ -n $n && $retired -ge $n && $((retired + flushed)) -le $started ]]
