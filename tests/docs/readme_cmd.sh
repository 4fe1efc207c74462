#!/usr/bin/env bash
# Runs one README command as a user would: from the checkout, in a plain environment (env -i:
# nothing sourced, the system PATH), with README's build/ read as the build tree BUILD.
# Usage: readme_cmd.sh ROOT BUILD EXPECT COMMAND. Passes when the command exits 0 and, unless
# EXPECT is "-", its output matches the extended regex EXPECT.
set -uo pipefail
root=$1 build=$2 expect=$3 cmd=$4
if [[ $build != "$root/build" ]]; then
  cmd=$(sed -E "s#(^|[ =])build/#\1$build/#g" <<<"$cmd")
fi
[[ $cmd == make\ * ]] && cmd+=" BUILD=$build"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
cd "$root" || exit 2
env -i HOME="$HOME" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 bash -c "$cmd" >"$out" 2>&1
rc=$?
tail -n 40 "$out"
if [[ $rc -ne 0 ]]; then
  echo "readme_cmd: '$4' exited $rc"
  exit 1
fi
if [[ $expect != "-" ]] && ! grep -Eq -- "$expect" "$out"; then
  echo "readme_cmd: '$4' printed nothing matching /$expect/"
  exit 1
fi
echo "readme_cmd: '$4' ok"
