#!/usr/bin/env bash
# report_case.sh KIND PYTHON STACKSCOPE ARGS...: one `stackscope run ARGS` with JSON, CSV and
# text written into a fresh directory, then checked.
#   ok          exit 0; the JSON passes check_report.py (schema + numbers = raw counters), the
#               text report's Top-Down percentages match it, the CSV exists
#   incomplete  exit 3 (cycle limit); the JSON is still written, marked incomplete, consistent
#   plots       as ok, then scripts/plots.py must write every PNG and SVG
#   suite       as ok for a suite run (ARGS name a manifest): one text file per workload, the
#               printed summary matches the JSON
#   bad:RC:RE   exit RC, one stderr line matching RE, and no file left in the directory
#   interrupt:S the run is stopped by SIGINT after S seconds (it must still be running then):
#               no report file, whole or partial, is left in the directory
set -u
kind=$1 py=$2 ss=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; printf 'stdout:\n%s\nstderr:\n%s\n' "$(head -c 4000 "$dir/.out")" "$(cat "$dir/.err")"; exit 1; }
case $kind in
  bad:*)
    IFS=: read -r _ want_rc regex <<<"$kind"
    "$ss" run "$@" --json "$dir/r.json" --csv "$dir/r.csv" --text-dir "$dir" >"$dir/.out" 2>"$dir/.err"
    rc=$?
    [[ $rc == "$want_rc" ]] || fail "exit $rc, expected $want_rc"
    [[ $(grep -c '' "$dir/.err") -le 1 ]] || fail "more than one stderr line"
    grep -Eq -- "$regex" "$dir/.err" || fail "stderr does not match /$regex/"
    left=$(ls -A "$dir" | grep -v '^\.out$\|^\.err$')
    [[ -z $left ]] || fail "files left behind: $left"
    echo "ok: exit $rc, $(cat "$dir/.err")"
    exit 0 ;;
  interrupt:*)
    secs=${kind#interrupt:}
    timeout -s INT "$secs" "$ss" run "$@" --json "$dir/r.json" --csv "$dir/r.csv" --text-dir "$dir" \
      >"$dir/.out" 2>"$dir/.err"
    rc=$?
    [[ $rc == 124 ]] || fail "exit $rc: the run was not interrupted (ended before ${secs}s?)"
    left=$(ls -A "$dir" | grep -v '^\.out$\|^\.err$')
    [[ -z $left ]] || fail "files left behind by an interrupted run: $left"
    echo "ok: interrupted after ${secs}s, nothing written"
    exit 0 ;;
esac
"$ss" run "$@" --json "$dir/r.json" --csv "$dir/r.csv" --text-dir "$dir" >"$dir/.out" 2>"$dir/.err"
rc=$?
want=0
[[ $kind == incomplete ]] && want=3
[[ $rc == "$want" ]] || fail "exit $rc, expected $want"
[[ -s $dir/r.csv ]] || fail "no CSV"
if [[ $kind == suite ]]; then
  n=$("$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["runs"]))' "$dir/r.json")
  [[ $(ls "$dir"/*.txt 2>/dev/null | wc -l) == "$n" ]] || fail "not one text report per workload ($n)"
  "$py" "$here/check_report.py" "$dir/r.json" --suite-text "$dir/.out" || fail "check_report.py (suite)"
  echo "ok (suite of $n)"
  exit 0
fi
txt=$(ls "$dir"/*.txt 2>/dev/null | head -1)
# Without a text report check_report.py would skip the text check and nothing below would
# notice.
[[ -n $txt && -s $txt ]] || fail "no text report"
extra=()
[[ $kind == incomplete ]] && extra=(--expect-incomplete)
"$py" "$here/check_report.py" "$dir/r.json" --text "$txt" "${extra[@]}" || fail "check_report.py"
grep -q 'INCOMPLETE' "$txt" && [[ $kind != incomplete ]] && fail "text says incomplete"
[[ $kind == incomplete ]] && { grep -q 'INCOMPLETE' "$txt" || fail "text not marked incomplete"; }
if [[ $kind == plots ]]; then
  "$py" "$here/../../scripts/plots.py" "$dir/r.json" --out "$dir/plots" || fail "plots.py"
  for p in cpi_stacks topdown_l1 flops_stack multiplex; do
    for e in png svg; do [[ -s $dir/plots/$p.$e ]] || fail "no $p.$e"; done
  done
  ls "$dir"/plots/tip_*.png >/dev/null 2>&1 || fail "no TIP plot"
  file "$dir/plots/cpi_stacks.png" | grep -q PNG || fail "cpi_stacks.png is not a PNG"
  grep -q '<svg' "$dir/plots/cpi_stacks.svg" || fail "cpi_stacks.svg is not an SVG"
fi
echo "ok ($kind)"
