#!/usr/bin/env bash
# expect.sh RC REGEX CMD...: CMD must exit with RC, print at most one line on stderr, and
# that line (or stdout) must match REGEX. Used by ctest for the binary's error paths.
set -u
want_rc=$1 regex=$2
shift 2
out=$("$@" 2>/tmp/expect.$$.err)
rc=$?
err=$(cat /tmp/expect.$$.err)
rm -f /tmp/expect.$$.err
lines=$(printf '%s' "$err" | grep -c '')
fail=0
[[ $rc == "$want_rc" ]] || { echo "exit code $rc, expected $want_rc"; fail=1; }
if [[ $want_rc != 0 && $lines -gt 1 ]]; then echo "stderr has $lines lines, expected <= 1"; fail=1; fi
printf '%s\n%s\n' "$out" "$err" | grep -Eq -- "$regex" || { echo "no match for /$regex/"; fail=1; }
[[ $fail == 0 ]] || printf 'stdout:\n%s\nstderr:\n%s\n' "$out" "$err"
exit $fail
