#!/usr/bin/env bash
# Verilator -Wall lint of every RTL unit; waivers live only in rtl/lint.vlt.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
# Each unit: "<file lists, comma-separated> <top module>". The lists compose (scripts/
# rtl_files.py): the core and the PMU each need the probe contract's list first.
units=(
  "rtl/pmu/probe.f,rtl/core/core.f core_top"
  "rtl/pmu/probe.f,rtl/core/core.f core_frontend"
  "rtl/core/fpu.f fpu_pipe"
  "rtl/core/fpu.f fpu_divsqrt"
  "rtl/pmu/probe.f,rtl/pmu/pmu.f pmu_top"
  "rtl/top/soc.f soc_top"
  "rtl/top/soc.f soc_mem"
  "rtl/fpga/fpga.f ulx3s_top"
)
for u in "${units[@]}"; do
  read -r lists top <<<"$u"
  fargs=()
  IFS=, read -ra fl <<<"$lists"
  for f in "${fl[@]}"; do fargs+=(-f "$f"); done
  if ! verilator --lint-only -Wall --assert rtl/lint.vlt "${fargs[@]}" --top-module "$top"; then
    echo "lint: $top failed" >&2
    status=1
  fi
done
exit $status
