#!/usr/bin/env bash
# pipeview_check.sh OUT SS ELF BOUND [--need-wrong-path]: `SS run --pipeview OUT ELF` must exit
# 0, and the Kanata trace must pass tests/harness/pipeview_check.py (stage order from fetch to
# commit, one commit per committed instruction, at most BOUND instructions in flight).
set -u
out=$1 ss=$2 elf=$3 bound=$4
shift 4
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
py=$here/../../build/venv/bin/python3
[[ -x $py ]] || py=python3
err=$("$ss" run --no-check --pipeview "$out" "$elf" 2>&1 >/dev/null) || { echo "run failed: $err"; exit 1; }
n=$(printf '%s\n' "$err" | sed -n 's/.*exit 0, \([0-9]*\) instructions.*/\1/p' | head -1)
[[ -n $n ]] || { echo "no instruction count in: $err"; exit 1; }
exec "$py" "$here/pipeview_check.py" "$out" "$n" "$bound" "$@"
