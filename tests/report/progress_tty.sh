#!/usr/bin/env bash
# progress_tty.sh STACKSCOPE: the progress line (cycles, instructions, simulated kHz) appears on
# stderr when it is a terminal and never when it is redirected. alu_indep runs ~66 k cycles,
# past the first update at 65,536.
set -u
ss=$1
command -v script >/dev/null || { echo "FAIL: util-linux 'script' not found"; exit 1; }
tty_out=$(script -q -e -c "'$ss' run alu_indep --no-check >/dev/null" /dev/null)
rc=$?
[[ $rc == 0 ]] || { echo "FAIL: run under script exited $rc"; echo "$tty_out"; exit 1; }
re='alu_indep: [0-9]+ cycles, [0-9]+ instructions, [0-9]+ kHz'
grep -Eq "$re" <<<"$tty_out" || { echo "FAIL: no progress line on a terminal:"; echo "$tty_out"; exit 1; }
# The line is erased at the end (carriage return + clear to end of line).
grep -q $'\r\e\[K' <<<"$tty_out" || { echo "FAIL: progress line not erased"; exit 1; }
piped=$("$ss" run alu_indep --no-check 2>&1 >/dev/null)
grep -Eq "$re" <<<"$piped" && { echo "FAIL: progress line on a redirected stderr"; exit 1; }
echo "ok: progress line on a terminal only"
