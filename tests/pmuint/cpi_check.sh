#!/usr/bin/env bash
# cpi_check.sh W STAGE COMP LO HI CMD...: CMD (a `stackscope run` with the PMU cross-check on)
# must exit 0, and COMP's share of STAGE's CPI stack must lie in [LO, HI]; with LO >= 0.5
# that also makes it the dominant component. The bounds come from the timing analysis in
# tests/pmuint/CMakeLists.txt for a core whose STAGE is W wide, not from runs; on a core of
# another width (stack sum / cycles != W) the check does not apply: exit 77 (ctest skip).
set -u
width=$1 stage=$2 comp=$3 lo=$4 hi=$5
shift 5
err=$("$@" 2>&1 >/dev/null)
rc=$?
line=$(printf '%s\n' "$err" | grep "CPI stack $stage:" | tail -1)
if [[ $rc != 0 || -z $line ]]; then
  printf 'run failed (exit %s):\n%s\n' "$rc" "$err"
  exit 1
fi
share=$(printf '%s\n' "$line" | awk -v c="$comp" '{
  total = 0; want = -1
  for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) { total += kv[2]; if (kv[1] == c) want = kv[2] }
  if (want < 0 || total == 0) print "none"; else printf "%.4f\n", want / total }')
echo "$line"
cycles=$(printf '%s\n' "$err" | sed -nE 's/.* ([0-9]+) cycles, IPC.*/\1/p' | tail -1)
# A summary line that cannot be parsed is a failure, not a skip.
if [[ -z $cycles || $cycles == 0 ]]; then echo "no cycle count in the run's summary"; exit 1; fi
# The stack must sum to an exact multiple of the cycles (the stage width); anything else is
# a broken stack, not another width.
have=$(printf '%s\n' "$line" | awk -v n="$cycles" '{ total = 0
  for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) total += kv[2]
  if (total % n != 0) print "bad"; else printf "%d\n", total / n }')
if [[ $have == bad || $have == 0 ]]; then echo "$stage stack does not sum to W x $cycles cycles"; exit 1; fi
if [[ $have != "$width" ]]; then
  echo "$stage is $have wide here, the bounds are for W = $width: skipped"
  exit 77
fi
if [[ $share == none ]]; then echo "no component $comp"; exit 1; fi
if awk -v x="$share" -v l="$lo" -v h="$hi" 'BEGIN { exit !(x >= l && x <= h) }'; then
  echo "$stage $comp share $share in [$lo, $hi]"
  exit 0
fi
echo "$stage $comp share $share outside [$lo, $hi]"
exit 1
