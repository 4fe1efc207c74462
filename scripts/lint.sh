#!/usr/bin/env bash
# Verilator -Wall lint of every RTL unit; waivers live only in rtl/lint.vlt.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
# Each unit: "<file list> <top module>". A unit is linted once its file list exists.
units=(
  "rtl/core/core.f core_top"
  "rtl/core/core.f core_frontend"
  "rtl/core/fpu.f fpu_pipe"
  "rtl/core/fpu.f fpu_divsqrt"
  "rtl/pmu/pmu.f pmu_top"
  "rtl/top/soc.f soc_top"
  "rtl/top/soc.f soc_mem"
  "rtl/fpga/fpga.f ulx3s_top"
)
for u in "${units[@]}"; do
  read -r flist top <<<"$u"
  [ -f "$flist" ] || continue
  if ! verilator --lint-only -Wall --assert rtl/lint.vlt -f "$flist" --top-module "$top"; then
    echo "lint: $top failed" >&2
    status=1
  fi
done
exit $status
