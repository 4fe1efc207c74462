#!/usr/bin/env bash
# Generates random programs (scripts/randprog.py), links them with the shared start-up code,
# and runs each on the ISS alone (mode iss) or on the Verilated SoC (mode rtl: `stackscope run`
# with lockstep against the ISS and the per-cycle PMU cross-check, the seed's memory timing and
# TIP options from `randprog.py --run-args`). RTL seeds go round-robin over the built cores:
# seed % 3 = 0 the default build, 1 the 1-wide, 2 the 4-wide (stackscope, stackscope_w1,
# stackscope_w4; a missing one falls back to the default). Seeds are printed so any failure
# replays with the same command and COUNT 1.
#   usage: randrun.sh iss|rtl BUILD_DIR FIRST_SEED [COUNT] [extra stackscope args...]
# Environment: RAND_JOBS parallel runs (default 1); RAND_GEN_ARGS extra randprog.py options
# (e.g. "--rounds 40 --max-trips 30"); RAND_MAX_CYCLES the RTL cycle limit (default 50000000);
# RAND_OUT the directory for programs, logs and JSON reports (default BUILD_DIR/rand);
# RAND_TARGET_CYCLES: stop starting seeds once the finished ones have run this many RTL cycles
# (COUNT is then the most seeds). Each seed's outcome is also in OUT/rand_SEED.result
# ("SEED BUILD STATUS CYCLES WALL_SECONDS CPU_SECONDS").
# Links with -march=rv32im so gcc picks the rv32im multilib; the assembler gets zicsr/zifencei.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: randrun.sh iss|rtl BUILD_DIR FIRST_SEED [COUNT] [extra stackscope args...]" >&2
  exit 2
fi
mode=$1 first=$3 count=${4:-1}
build=$(cd "$2" && pwd)
shift $(( $# < 4 ? $# : 4 ))
case $mode in iss|rtl) ;; *) echo "randrun: mode must be iss or rtl, not '$mode'" >&2; exit 2 ;; esac
for n in "$first" "$count" "${RAND_JOBS:-1}" "${RAND_MAX_CYCLES:-1}" "${RAND_TARGET_CYCLES:-0}"; do
  [[ $n =~ ^[0-9]+$ ]] || { echo "randrun: '$n' is not a non-negative integer" >&2; exit 2; }
done
jobs=${RAND_JOBS:-1}
[ "$jobs" -ge 1 ] || jobs=1
max_cycles=${RAND_MAX_CYCLES:-50000000}
target=${RAND_TARGET_CYCLES:-0}
read -ra gen_args <<< "${RAND_GEN_ARGS:-}"
root=$(cd "$(dirname "$0")/.." && pwd)
py=$root/build/venv/bin/python3
[ -x "$py" ] || py=python3
out=${RAND_OUT:-$build/rand}
mkdir -p "$out"
# RV32F programs (randprog.py --fp) need the F mnemonics; the RV32IM ones assemble as before.
asm_march=rv32im_zicsr_zifencei
[[ " ${gen_args[*]} " == *" --fp "* ]] && asm_march=rv32imf_zicsr_zifencei
cc=(riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -Wa,-march=$asm_march
    --specs=picolibc.specs -Wl,--no-warn-rwx-segments
    -nostartfiles -T "$root/sw/common/link.ld" -I "$root/sw/common"
    "$root/sw/common/crt0.S" "$root/sw/common/syscalls.c")
builds=(stackscope stackscope_w1 stackscope_w4)

# One seed (in its own subshell): generate, link, run; the outcome goes to
# $out/rand_SEED.result as "SEED BUILD STATUS CYCLES WALL_SECONDS CPU_SECONDS".
run_seed() {
  local seed=$1 bin=stackscope cycles=0 status=0 t0 t1
  shift
  local base=$out/rand_$seed
  rm -f "$base.result" "$base.json"
  if ! "$py" "$root/scripts/randprog.py" --seed "$seed" "${gen_args[@]}" -o "$base.S" \
       || ! "${cc[@]}" "$base.S" -o "$base.elf" >"$base.log" 2>&1; then
    echo "$seed - gen 0 0" > "$base.result"
    return
  fi
  t0=$(date +%s.%N)
  if [ "$mode" = iss ]; then
    "$build/stackscope" iss "$base.elf" "$@" >"$base.log" 2>&1 || status=$?
  else
    bin=${builds[$(( seed % 3 ))]}
    [ -x "$build/$bin" ] || bin=stackscope
    local run_args
    mapfile -t run_args < <("$py" "$root/scripts/randprog.py" --seed "$seed" --run-args)
    "$build/$bin" run "$base.elf" "${run_args[@]}" --max-cycles "$max_cycles" \
      --json "$base.json" "$@" >"$base.log" 2>&1 || status=$?
    if [ -s "$base.json" ]; then
      cycles=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["runs"][0]["cycles"])' \
               "$base.json")
    fi
  fi
  t1=$(date +%s.%N)
  local secs cpu
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
  # CPU seconds of this seed's processes (generator, compiler, simulator): `times` line 2.
  times > "$base.times"  # in this shell: a subshell would have no children of its own
  cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m");
        t += p[1] * 60 + p[2] } printf "%.1f", t }' "$base.times")
  echo "$seed $bin $status $cycles $secs $cpu" > "$base.result"
  if [ "$status" = 0 ]; then
    [ "$mode" = iss ] || echo "randrun: seed $seed $bin ok, $cycles cycles, $secs s wall, $cpu s CPU"
  else
    echo "randrun: seed $seed $bin FAILED (status $status), $cycles cycles, $secs s"
  fi
}

# Cycles of the seeds from $first up to (not including) $1 that have finished.
done_cycles() {
  local sum=0 s c
  for (( s = first; s < $1; s++ )); do
    [ -f "$out/rand_$s.result" ] && { read -r _ _ _ c _ < "$out/rand_$s.result"; sum=$((sum + c)); }
  done
  echo "$sum"
}

start=$(date +%s)
running=0
last=$((first + count))
for (( seed = first; seed < first + count; seed++ )); do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  if [ "$target" -gt 0 ] && [ "$(done_cycles "$seed")" -ge "$target" ]; then
    last=$seed
    break
  fi
  rm -f "$out/rand_$seed.result"
  run_seed "$seed" "$@" &
  running=$((running + 1))
done
wait || true
wall=$(( $(date +%s) - start ))
count=$((last - first))

failed=0 total_cycles=0 total_cpu=0
for (( seed = first; seed < first + count; seed++ )); do
  read -r s bin status cycles secs cpu < "$out/rand_$seed.result" ||
    { bin=- status=lost cycles=0 secs=0 cpu=0; }
  total_cycles=$((total_cycles + cycles))
  total_cpu=$(awk -v a="$total_cpu" -v b="${cpu:-0}" 'BEGIN{printf "%.1f", a+b}')
  if [ "$status" != 0 ]; then
    failed=$((failed + 1))
    echo "randrun: seed $seed FAILED ($mode, $bin, status $status); replay:" \
         "RAND_GEN_ARGS='${RAND_GEN_ARGS:-}' scripts/randrun.sh $mode $build $seed 1 $*" >&2
    tail -n 5 "$out/rand_$seed.log" >&2 || true
  fi
done
summary="randrun: $mode seeds $first..$((first + count - 1)): $((count - failed)) passed, $failed failed"
if [ "$mode" = rtl ]; then
  summary+="; $total_cycles cycles cross-checked in $wall s wall ($jobs jobs), $total_cpu s CPU"
fi
echo "$summary"
[ "$failed" -eq 0 ]
