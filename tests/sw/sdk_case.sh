#!/usr/bin/env bash
# sdk_case.sh MODE SRC_ROOT STACKSCOPE WORK: builds tests/sw/prog, copied to WORK (outside
# sw/), with the SDK's Makefile include (MODE make) or CMake toolchain file (MODE cmake), then
# runs it through `stackscope iss` and `stackscope run`: each must exit 0 and print the line
# computed here.
set -euo pipefail
mode=$1 root=$2 ss=$3 work=$4
rm -rf "$work" && mkdir -p "$work/src"
cp "$root/tests/sw/prog/hello_sdk.c" "$root/tests/sw/prog/Makefile" \
   "$root/tests/sw/prog/CMakeLists.txt" "$work/src/"
case $mode in
  make)
    make -s -C "$work/src" STACKSCOPE="$root" hello_sdk.elf
    elf=$work/src/hello_sdk.elf ;;
  cmake)
    cmake -S "$work/src" -B "$work/build" -DCMAKE_TOOLCHAIN_FILE="$root/sw/sdk/toolchain.cmake" >/dev/null
    cmake --build "$work/build" >/dev/null
    elf=$work/build/hello_sdk.elf ;;
  *) echo "sdk_case: unknown mode $mode" >&2; exit 2 ;;
esac
# sum of 0 .. 2^14 - 1 and fib(12), computed here, not by the program
want="hello from StackScope: sum $(( (1 << 14) * ((1 << 14) - 1) / 2 )), fib(12) 144"
fail=0
for cmd in iss run; do
  extra=()
  [[ $cmd == run ]] && extra=(--max-cycles 20000000)
  rc=0
  out=$("$ss" "$cmd" "${extra[@]}" "$elf" 2>"$work/$cmd.err") || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "$cmd: exit $rc, expected 0: $(cat "$work/$cmd.err")"; fail=1
  fi
  if ! grep -qxF "$want" <<<"$out"; then
    echo "$cmd: no line '$want' on stdout:"; head -5 <<<"$out"; fail=1
  fi
done
[[ $fail == 0 ]] && echo "sdk $mode: iss and run exit 0 and print '$want'"
exit $fail
