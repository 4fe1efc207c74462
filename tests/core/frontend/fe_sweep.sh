#!/usr/bin/env bash
# Runs build/fe_unit over every workload, ISA and PMU test of sw/workloads.json with one fetch
# width; fails on the first mismatch. Usage: fe_sweep.sh FE_UNIT SW_DIR MANIFEST WIDTH [ARGS...]
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: fe_sweep.sh FE_UNIT SW_DIR MANIFEST WIDTH [ARGS...]" >&2; exit 2; }
fe=$1 sw=$2 manifest=$3 width=$4
shift 4
elfs=$(python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
print("\n".join(e["elf"] for e in m["workloads"] + m["isa_tests"] + m.get("pmu_tests", [])))' "$manifest")
for elf in $elfs; do
  "$fe" --elf "$sw/$elf" --width "$width" "$@"
done
