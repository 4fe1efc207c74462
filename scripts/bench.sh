#!/usr/bin/env bash
# Benchmarks behind `make bench`: bash scripts/bench.sh BUILD_DIR.
# Each section measures one thing and merges its figures into BUILD_DIR/bench/results.json
# under its own key (add_result SECTION JSON). Add new sections at the end, separated like these.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=$build/bench
results=$out/results.json
py=$root/build/venv/bin/python3
[[ -x $py ]] || py=python3
mkdir -p "$out"
[[ -f $results ]] || echo '{}' >"$results"

# add_result SECTION JSON: results.json[SECTION] = JSON (replacing an older value).
add_result() {
  "$py" - "$results" "$1" "$2" <<'PY'
import json, sys
path, key, value = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
data = json.load(open(path))
data[key] = value
json.dump(data, open(path, "w"), indent=2, sort_keys=True)
PY
}

# ---------------------------------------------------------------------------------------------
# Section "iss": instruction-set simulator speed (MIPS) on a long-running program, best of 3.
# Uses the longest workload from sw/workloads.json when built, else the ISS tests' countdown loop.
# ---------------------------------------------------------------------------------------------
section_iss() {
  local elf="" name=""
  if [[ -f $build/sw/workloads.json || -f $root/sw/workloads.json ]]; then
    local manifest=$root/sw/workloads.json
    [[ -f $manifest ]] || manifest=$build/sw/workloads.json
    read -r name elf < <("$py" - "$manifest" <<'PY' || true
import json, sys
w = json.load(open(sys.argv[1])).get("workloads", [])
if w:
    best = max(w, key=lambda e: e.get("max_insns", 0))
    print(best["name"], best["elf"])
PY
    )
    [[ -n $elf ]] && elf=$build/sw/$elf
  fi
  if [[ -z $elf || ! -f $elf ]]; then
    name=countdown
    elf=$build/tests/iss/progs/countdown.elf
  fi
  [[ -f $elf ]] || { echo "bench iss: $elf not built" >&2; return 1; }
  local best=0 insns=0 line mips
  for _ in 1 2 3; do
    line=$("$build/stackscope" iss "$elf" 2>&1 >/dev/null | grep -E 'MIPS\)' | tail -1)
    mips=$(sed -E 's/.*\(([0-9.]+) MIPS\).*/\1/' <<<"$line")
    insns=$(sed -E 's/.* ([0-9]+) instructions.*/\1/' <<<"$line")
    best=$("$py" -c "print(max($best, $mips))")
  done
  add_result iss "{\"workload\": \"$name\", \"instructions\": $insns, \"mips\": $best}"
  printf 'iss: %s, %s instructions, %.1f MIPS (best of 3)\n' "$name" "$insns" "$best"
}
section_iss

# ---------------------------------------------------------------------------------------------
# Section "pmu": RTL-vs-model cross-check speed of the PMU units (cycles/s, 2M random cycles)
# and the Verilator build time of one unit configuration (fresh -Mdir, under the build lock).
# ---------------------------------------------------------------------------------------------
section_pmu() {
  [[ -x $build/pmu_unit ]] || { echo "bench pmu: $build/pmu_unit not built" >&2; return 1; }
  local json="{" sep="" unit cfg rate
  for unit in cpi topdown flops tip csr; do
    for cfg in default wide; do
      [[ $unit == csr && $cfg == wide ]] && continue
      rate=$("$build/pmu_unit" --unit $unit --config $cfg --cycles 2000000 --seed 7 |
             sed -E 's/.* ([0-9]+) cycles\/s$/\1/')
      json+="$sep\"${unit}_${cfg}_cycles_per_s\": $rate"
      sep=", "
      printf 'pmu: %s %s cross-check %s cycles/s\n' "$unit" "$cfg" "$rate"
    done
  done
  local mdir t0 t1
  mdir=$(mktemp -d)
  t0=$(date +%s.%N)
  (cd "$root" && flock /tmp/stackscope-build.lock verilator --cc --build -j 2 -Mdir "$mdir" \
    --assert -O3 -CFLAGS -O2 --top-module cpi_stack rtl/lint.vlt -f rtl/pmu/pmu.f) \
    >/dev/null 2>&1 || { echo "bench pmu: verilator build failed" >&2; rm -rf "$mdir"; return 1; }
  t1=$(date +%s.%N)
  rm -rf "$mdir"
  local secs
  secs=$("$py" -c "print(round($t1 - $t0, 1))")
  json+="$sep\"verilate_cpi_stack_s\": $secs}"
  add_result pmu "$json"
  printf 'pmu: verilator build of cpi_stack %s s (includes waiting for the build lock)\n' "$secs"
}
section_pmu

# ---------------------------------------------------------------------------------------------
# Section "core": simulated cycles/s of the Verilated SoC in lockstep (longest workload), the
# IPC of every workload on the default configuration, and the Verilator build time of the SoC
# model (fresh -Mdir, same flags as tb/verilated.cmake, under the build lock).
# ---------------------------------------------------------------------------------------------
section_core() {
  [[ -x $build/stackscope ]] || { echo "bench core: $build/stackscope not built" >&2; return 1; }
  local manifest=$root/sw/workloads.json json="{\"ipc\": {" sep="" name elf line ipc rate best=0
  while read -r name elf; do
    [[ -f $build/sw/$elf ]] || continue
    line=$("$build/stackscope" run --max-cycles 200000000 "$build/sw/$elf" 2>&1 >/dev/null |
           grep ' IPC ' | tail -1)
    ipc=$(sed -nE 's/.*IPC ([0-9.]+) .*/\1/p' <<<"$line")
    rate=$(sed -nE 's/.*\(([0-9]+) cycles\/s.*/\1/p' <<<"$line")
    [[ -n $ipc ]] || { echo "bench core: $name failed: $line" >&2; continue; }
    (( rate > best )) && best=$rate
    json+="$sep\"$name\": $ipc"
    sep=", "
    printf 'core: %-20s IPC %s (%s cycles/s)\n' "$name" "$ipc" "$rate"
  done < <("$py" -c "import json,sys; [print(w['name'], w['elf']) for w in json.load(open(sys.argv[1]))['workloads']]" "$manifest")
  json+="}, \"lockstep_cycles_per_s\": $best"
  local mdir t0 t1 secs
  mdir=$(mktemp -d)
  t0=$(date +%s.%N)
  (cd "$root" && flock /tmp/stackscope-build.lock verilator --cc --build -j 2 -Mdir "$mdir" \
    --assert -O3 --x-assign fast --x-initial fast --trace-fst -CFLAGS -O2 --top-module soc_top \
    -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include rtl/lint.vlt -f rtl/top/soc.f) >/dev/null 2>&1 \
    || { echo "bench core: verilator build failed" >&2; rm -rf "$mdir"; return 1; }
  t1=$(date +%s.%N)
  rm -rf "$mdir"
  secs=$("$py" -c "print(round($t1 - $t0, 1))")
  json+=", \"verilate_soc_top_s\": $secs}"
  add_result core "$json"
  printf 'core: best %s cycles/s in lockstep; verilator build of soc_top %s s\n' "$best" "$secs"
}
section_core

# ---------------------------------------------------------------------------------------------
# Section "pmuint": simulated cycles/s of the SoC with the per-cycle PMU cross-check on vs off
# (--no-check), best of 3 each, with and without ISS lockstep; ratio = off / on (goal <= 1.3).
# ---------------------------------------------------------------------------------------------
section_pmuint() {
  [[ -x $build/stackscope ]] || { echo "bench pmuint: $build/stackscope not built" >&2; return 1; }
  local wl=pchase_l2 elf json="{\"workload\": \"pchase_l2\"" mode flags check rate best
  elf=$build/sw/workloads/$wl.elf
  [[ -f $elf ]] || { echo "bench pmuint: $elf not built" >&2; return 1; }
  for mode in lockstep no_lockstep; do
    flags=""
    [[ $mode == no_lockstep ]] && flags=--no-lockstep
    for check in on off; do
      best=0
      for _ in 1 2 3; do
        rate=$("$build/stackscope" run $flags $([[ $check == off ]] && echo --no-check) "$elf" \
               2>&1 >/dev/null | sed -nE 's/.*IPC [0-9.]+ \(([0-9]+) cycles\/s.*/\1/p')
        [[ -n $rate ]] || { echo "bench pmuint: run failed" >&2; return 1; }
        (( rate > best )) && best=$rate
      done
      json+=", \"${mode}_check_${check}_cycles_per_s\": $best"
      eval "rate_$check=$best"
    done
    local ratio
    ratio=$("$py" -c "print(round($rate_off / $rate_on, 3))")
    json+=", \"${mode}_ratio\": $ratio"
    printf 'pmuint: %s %s: cross-check on %s cycles/s, off %s cycles/s, ratio %s\n' \
      "$wl" "$mode" "$rate_on" "$rate_off" "$ratio"
  done
  add_result pmuint "$json}"
}
section_pmuint

# ---------------------------------------------------------------------------------------------
echo "results: $results"
cat "$results"
