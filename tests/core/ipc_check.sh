#!/usr/bin/env bash
# ipc_check.sh LO HI CMD...: CMD (a `stackscope run`) must exit 0 under lockstep and report
# an IPC in [LO, HI]. The bounds come from the core's timing (docs/core.md), not from runs.
set -u
lo=$1 hi=$2
shift 2
err=$("$@" 2>&1 >/dev/null)
rc=$?
ipc=$(printf '%s\n' "$err" | sed -n 's/.*IPC \([0-9.]*\).*lockstep.*/\1/p' | tail -1)
if [[ $rc != 0 || -z $ipc ]]; then
  printf 'run failed (exit %s):\n%s\n' "$rc" "$err"
  exit 1
fi
if awk -v x="$ipc" -v l="$lo" -v h="$hi" 'BEGIN { exit !(x >= l && x <= h) }'; then
  echo "IPC $ipc in [$lo, $hi]"
  exit 0
fi
echo "IPC $ipc outside [$lo, $hi]"
exit 1
