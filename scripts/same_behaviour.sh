#!/usr/bin/env bash
# same_behaviour.sh [--ignore-key KEY]... BEFORE_BUILD AFTER_BUILD [TARGET]: proof that an RTL
# refactoring changes no behaviour (docs/dev/core.md "Back-end files"). Runs `stackscope run --json` on TARGET (default: the
# whole suite) with the default, 4-wide and 1-wide binaries of both build directories (each with
# its own built workloads) and compares the reports field by field with
# scripts/same_report.py, ignoring only timing fields and the ELF path (and each KEY: a
# report field the change adds); the workloads' load images must be identical too. Exit 0 when
# everything matches, 1 otherwise, 2 on bad input.
set -u
ignore=(--ignore-key elf)
while [[ ${1:-} == --ignore-key ]]; do
  [[ $# -ge 2 ]] || { echo "same_behaviour: --ignore-key needs a KEY" >&2; exit 2; }
  ignore+=(--ignore-key "$2")
  shift 2
done
if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: same_behaviour.sh [--ignore-key KEY]... BEFORE_BUILD AFTER_BUILD [TARGET]" >&2
  exit 2
fi
before=$1 after=$2 target=${3:-suite}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py=$here/build/venv/bin/python3
[[ -x $py ]] || py=python3
for d in "$before" "$after"; do
  [[ -x $d/stackscope && -x $d/stackscope_w4 && -x $d/stackscope_w1 && -d $d/sw/workloads ]] \
    || { echo "same_behaviour: $d is not a built StackScope build directory" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for elf in "$before"/sw/workloads/*.elf; do
  b=$(basename "$elf")
  riscv64-unknown-elf-objcopy -O binary "$elf" "$out/a.bin" \
    && riscv64-unknown-elf-objcopy -O binary "$after/sw/workloads/$b" "$out/b.bin" \
    && cmp -s "$out/a.bin" "$out/b.bin" || { echo "same_behaviour: $b: load images differ" >&2; status=1; }
done
for w in "" _w4 _w1; do
  for side in before after; do
    dir=${!side}
    "$dir/stackscope$w" run --sw-dir "$dir/sw" --json "$out/$side.json" -- "$target" \
      >"$out/$side.log" 2>&1 \
      || { echo "same_behaviour: stackscope$w run $target failed in $dir:" >&2
           tail -3 "$out/$side.log" >&2; status=1; }
  done
  echo -n "stackscope$w: "
  "$py" "$here/scripts/same_report.py" "$out/before.json" "$out/after.json" "${ignore[@]}" \
    || status=1
done
exit $status
