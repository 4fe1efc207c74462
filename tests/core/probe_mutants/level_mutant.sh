#!/usr/bin/env bash
# level_mutant.sh SRC BUILD_DIR MUTANT: a miss-level swap in the core's probe driver
# (rtl/core/be_probe.sv), made in a scratch copy of the tree, must be caught by the harness's
# level rules (docs/dev/probe.md "Level-swap mutants"). Each mutant is one line, lint-clean:
#   load_level_swap   a load that missed L2 is booked as an L2 hit and one that hit L2 as a
#                     memory miss (cls_of: the head's class and a waiting uop's producer class)
#   sb_level_swap     the same for the store-buffer wait at the ROB head
# The script copies SRC (no build/, no .git), applies the mutant's sed to be_probe.sv (it must
# change exactly one line), builds the scratch tree's `stackscope` and runs the mutant's
# workload from BUILD_DIR/sw with the cross-check on: the run must stop on the level rule
# (exit status 5, "probe rule head_level" / "probe rule sb_level"). The same workload passes
# unmutated (ctests core_workload_pchase_l2, core_workload_store_burst).
set -u
src=$1 build=$2 mutant=$3
file=rtl/core/be_probe.sv
case $mutant in
  load_level_swap)
    sed_expr='s/if (miss2) return probe_pkg::ClsDcMem;/if (miss1) return miss2 ? probe_pkg::ClsDcL2 : probe_pkg::ClsDcMem;/'
    elf=$build/sw/workloads/pchase_l2.elf rule="probe rule head_level" ;;
  sb_level_swap)
    sed_expr='s/sb_miss2 ? probe_pkg::ClsDcMem : probe_pkg::ClsDcL2;/sb_miss2 ? probe_pkg::ClsDcL2 : probe_pkg::ClsDcMem;/'
    elf=$build/sw/workloads/store_burst.elf rule="probe rule sb_level" ;;
  *) echo "level_mutant: unknown mutant $mutant"; exit 1 ;;
esac
[[ -f $elf ]] || { echo "level_mutant: $elf is not built"; exit 1; }
scratch=${STACKSCOPE_SCRATCH:-$(mktemp -d "${TMPDIR:-/tmp}/ss_level_mutant.XXXXXX")}
mkdir -p "$scratch/src"
tar -C "$src" --exclude=./build --exclude=./.git -cf - . | tar -C "$scratch/src" -xf - || exit 1
sed -i "$sed_expr" "$scratch/src/$file"
changed=$(diff "$src/$file" "$scratch/src/$file" | grep -c '^>')
[[ $changed == 1 ]] || { echo "level_mutant: $mutant changed $changed lines of $file, not 1"; exit 1; }
echo "level_mutant: $mutant:"
diff "$src/$file" "$scratch/src/$file" | grep '^[<>]'
export STACKSCOPE_VENV=$build/venv
# shellcheck source=/dev/null
source "$src/scripts/env.sh"
log=$scratch/build.log
{ cmake -S "$scratch/src" -B "$scratch/build" -DCMAKE_BUILD_TYPE=Release &&
  cmake --build "$scratch/build" --target stackscope -j "${STACKSCOPE_JOBS:-2}"; } >"$log" 2>&1 ||
  { echo "level_mutant: the scratch build failed:"; tail -n 20 "$log"; exit 1; }
out=$scratch/run.log
"$scratch/build/stackscope" run "$elf" >"$out" 2>&1
rc=$?
if [[ $rc == 5 ]] && grep -q "$rule" "$out"; then
  echo "ok: $mutant caught:"; grep -m 1 "$rule" "$out"
  [[ -n ${STACKSCOPE_SCRATCH:-} ]] || rm -rf "$scratch"
  exit 0
fi
echo "FAIL: $mutant not caught by $rule (exit $rc):"; tail -n 5 "$out"
exit 1
