#!/usr/bin/env bash
# probe_mutant.sh CTEST BUILD_DIR PMU_GEN_H MUTANT CATCHER...: reruns each CATCHER ctest with the probe
# mutant MUTANT active (STACKSCOPE_TEST_PROBE_MUTANT, docs/dev/probe.md "Probe mutants") and passes
# when at least one of them FAILS, i.e. the miswired probe is caught. The catchers are ordinary
# ctests that pass on the real probe (ctest runs them too). A catcher that fails for another
# reason than its own checks (not found, the mutant name unknown) is an error, not a catch.
set -u
ctest=$1 dir=$2 gen_h=$3 mutant=$4
shift 4
[[ $# -gt 0 ]] || { echo "probe_mutant: no catcher for $mutant"; exit 1; }
grep -q "{\"$mutant\"," "$gen_h" ||
  { echo "probe_mutant: $mutant is not in sim_model/pmu/pmu_gen.h (scripts/stackscope/spec/pmu.py PROBE_MUTANTS)"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for c in "$@"; do
  STACKSCOPE_TEST_PROBE_MUTANT=$mutant "$ctest" --test-dir "$dir" -R "^$c\$" --no-tests=error \
    --output-on-failure >"$log" 2>&1
  rc=$?
  if grep -q "No tests were found\|no such probe mutant" "$log"; then
    echo "probe_mutant: catcher $c did not run:"; tail -n 5 "$log"; exit 1
  fi
  if [[ $rc != 0 ]] && grep -q " - $c (Failed)" "$log"; then
    echo "ok: $mutant caught by $c:"
    grep -m 3 -i "fail\|error\|probe rule\|expected\|outside" "$log" | grep -v "tests failed\|^The following" | head -n 3
    exit 0
  fi
  echo "$mutant: not caught by $c"
done
echo "FAIL: probe mutant $mutant passes every catcher: $*"
exit 1
