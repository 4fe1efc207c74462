#!/usr/bin/env bash
# libFuzzer campaigns on the ELF loader, the config parser and the CLI (fuzz/, docs/robustness.md
# "Fuzzing"), built with clang++-14 + ASan + UBSan in their own build directory.
#   scripts/libfuzz.sh build BUILD_DIR             configure (clang) and build the three targets
#   scripts/libfuzz.sh run BUILD_DIR SECONDS [T..] fuzz each target (elf config cli) SECONDS
# `run` starts from the corpus in the tree (fuzz/corpus/T, read only) plus BUILD_DIR/corpus/T
# (new units go there), replays every seed first, and stops at the first crash, leak, timeout
# or sanitizer report: the input is saved as BUILD_DIR/artifacts/T-crash-* and the script exits
# 1 naming it. A summary line per target gives executions, exec/s, coverage and corpus size.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: libfuzz.sh build|run BUILD_DIR [SECONDS] [TARGET..]}
bdir=${2:?usage: libfuzz.sh build|run BUILD_DIR [SECONDS] [TARGET..]}
CXX_FUZZ=${CXX_FUZZ:-clang++-14}
JOBS=${JOBS:-2}

build() {
  if ! command -v "$CXX_FUZZ" >/dev/null; then
    echo "libfuzz: $CXX_FUZZ not found (scripts/install-deps.sh installs clang-14 and libclang-rt-14-dev)" >&2
    exit 2
  fi
  if [[ ! -f $bdir/CMakeCache.txt ]]; then
    CXX=$CXX_FUZZ cmake -S "$here/fuzz" -B "$bdir" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  fi
  cmake --build "$bdir" -j "$JOBS" >/dev/null
}

run() {
  local secs=${1:?seconds}
  shift
  local targets=("$@")
  [[ ${#targets[@]} -gt 0 ]] || targets=(elf config cli)
  mkdir -p "$bdir/artifacts"
  local failed=0
  for t in "${targets[@]}"; do
    [[ -x $bdir/fuzz_$t ]] || { echo "libfuzz: no target fuzz_$t in $bdir" >&2; exit 2; }
    mkdir -p "$bdir/corpus/$t"
    local log=$bdir/fuzz_$t.log dict=()
    [[ -f $here/fuzz/$t.dict ]] && dict=(-dict="$here/fuzz/$t.dict")
    local rc=0
    # -timeout: one input running 10 s is a hang; -rss_limit_mb: a leak or a runaway allocation.
    "$bdir/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$bdir/artifacts/$t-" "${dict[@]}" \
      "$bdir/corpus/$t" "$here/fuzz/corpus/$t" >"$log" 2>&1 || rc=$?
    local execs eps cov corp
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1 || true)
    echo "fuzz_$t: ${secs} s, ${execs:-?} executions, ${eps:-?} exec/s, ${cov:-no coverage line}, exit $rc"
    if [[ $rc -ne 0 ]]; then
      grep -E 'ERROR: |SUMMARY: |runtime error|Test unit written' "$log" | head -5 >&2 || true
      echo "libfuzz: fuzz_$t failed (log $log)" >&2
      failed=1
    fi
  done
  return $failed
}

case $mode in
  build) build ;;
  run) shift 2; run "$@" ;;
  *) echo "libfuzz: unknown mode '$mode' (build|run)" >&2; exit 2 ;;
esac
