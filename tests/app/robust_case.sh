#!/usr/bin/env bash
# robust_case.sh KIND PYTHON STACKSCOPE ELF [ARG]: the robustness checks that need more than
# one command (tests/app/CMakeLists.txt, docs/robustness.md).
#   exit_json       `run ELF --json`: status 1, and the JSON's status.exit_code is ARG
#   plots_path      --json/--plots under a directory named with $(touch PWNED) and $HOME:
#                   exit 0, the plots are drawn there, and nothing named PWNED appears
#   htif            `iss ELF` and `run ELF` (lockstep) both end with program exit ARG
#   symtab          ELF with its symbol table's size patched to wrap 32 bits: exit 2 with
#                   "symbol table ... outside the file", on iss and run
#   outputs_first   --csv in an unwritable place: exit 2 before simulating; the valid
#                   --json beside it is not written
#   all_or_nothing  a failing program (exit 1) still writes every output, together
#   json_stdout     --json -: stdout is exactly the JSON document
#   special         --json naming a symlink, a FIFO or a directory: exit 2, left untouched
#   signal:SIG      SIGSIG during a run (trap_handled spins? no: a long run via --max-cycles):
#                   exit 128+n, one stderr line, no output or temporary file left
#   text_dir        --text-dir a/b/c that does not exist: created, report written in it
set -u
kind=$1 py=$2 ss=$3 elf=$4 arg=${5:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; [[ -f $dir/.out ]] && printf 'stdout:\n%s\n' "$(head -c 3000 "$dir/.out")";
         [[ -f $dir/.err ]] && printf 'stderr:\n%s\n' "$(head -c 3000 "$dir/.err")"; exit 1; }
leftovers() { ls -A "$1" | grep -v '^\.out$\|^\.err$\|^in$\|^link$\|^fifo$\|^target.json$'; }
case $kind in
  exit_json)
    "$ss" run "$elf" --json "$dir/r.json" >"$dir/.out" 2>"$dir/.err"
    rc=$?
    [[ $rc == 1 ]] || fail "exit $rc, expected 1"
    got=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["runs"][0]["status"]["exit_code"])' "$dir/r.json")
    [[ $got == "$arg" ]] || fail "JSON status.exit_code $got, expected $arg"
    grep -q "program exit $arg " "$dir/.err" || fail "no 'program exit $arg' on stderr"
    echo "ok: status 1, exit value $arg in the JSON" ;;
  plots_path)
    sub="$dir/in/a\$(touch PWNED)\$HOME b"
    mkdir -p "$sub"
    # cwd = $dir: a shell would create $dir/PWNED (or in the expanded path).
    (cd "$dir" && "$ss" run "$elf" --json "$sub/r.json" --plots "$sub/plots" >"$dir/.out" 2>"$dir/.err")
    rc=$?
    [[ $rc == 0 ]] || fail "exit $rc"
    found=$(find "$dir" / -maxdepth 1 -name PWNED 2>/dev/null; find "$dir" -name PWNED)
    [[ -z $found ]] || fail "the path was run by a shell: $found"
    [[ -s $sub/plots/cpi_stacks.png && -s $sub/plots/topdown_l1.svg ]] || fail "no plots in '$sub/plots'"
    echo "ok: plots in a \$(...) path, no command run" ;;
  htif)
    "$ss" iss "$elf" >"$dir/.out" 2>"$dir/.err"; irc=$?
    ierr=$(cat "$dir/.err")
    "$ss" run "$elf" >"$dir/.out" 2>"$dir/.err"; rrc=$?
    want_rc=$([[ $arg == 0 ]] && echo 0 || echo 1)
    [[ $irc == "$want_rc" ]] || fail "iss exit $irc, expected $want_rc ($ierr)"
    [[ $rrc == "$want_rc" ]] || fail "run exit $rrc, expected $want_rc"
    grep -Eq "(program )?exit $arg[^0-9]" <<<"$ierr" || fail "iss: no 'exit $arg' ($ierr)"
    grep -Eq "(program )?exit $arg[^0-9]" "$dir/.err" || fail "run: no 'exit $arg'"
    echo "ok: iss and run both end with exit $arg" ;;
  symtab)
    "$py" - "$elf" "$dir/wrap.elf" <<'PY' || fail "could not patch the ELF"
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
shoff, = struct.unpack_from('<I', b, 0x20)
shentsize, shnum = struct.unpack_from('<HH', b, 0x2e)
for i in range(shnum):
    o = shoff + i * shentsize
    if struct.unpack_from('<I', b, o + 4)[0] == 2:        # SHT_SYMTAB
        off, = struct.unpack_from('<I', b, o + 16)
        struct.pack_into('<I', b, o + 20, (0x100000000 - off + 16) & 0xffffffff)  # off + size wraps to 16
        break
else:
    sys.exit('no symtab')
open(sys.argv[2], 'wb').write(b)
PY
    for cmd in iss run; do
      "$ss" $cmd "$dir/wrap.elf" >"$dir/.out" 2>"$dir/.err"; rc=$?
      [[ $rc == 2 ]] || fail "$cmd: exit $rc, expected 2"
      grep -q "wrap.elf: symbol table 0x[0-9a-f]*+0x[0-9a-f]* lies outside the file" "$dir/.err" || fail "$cmd: wrong message"
    done
    echo "ok: $(cat "$dir/.err")" ;;
  outputs_first)
    # /proc takes no new files, even for root; the check must come before the simulation.
    "$ss" run "$elf" --json "$dir/r.json" --csv /proc/stackscope_robust.csv >"$dir/.out" 2>"$dir/.err"; rc=$?
    [[ $rc == 2 ]] || fail "exit $rc, expected 2"
    [[ $(grep -c '' "$dir/.err") == 1 ]] || fail "not one stderr line"
    grep -q "/proc/stackscope_robust.csv: cannot write" "$dir/.err" || fail "message"
    grep -q "Top-Down" "$dir/.out" && fail "the simulation ran before the output check"
    [[ -z $(leftovers "$dir") ]] || fail "files left: $(leftovers "$dir")"
    echo "ok: $(cat "$dir/.err")" ;;
  all_or_nothing)
    "$ss" run "$elf" --json "$dir/r.json" --csv "$dir/r.csv" --text-dir "$dir/t" --pipeview "$dir/p.kanata" \
      >"$dir/.out" 2>"$dir/.err"; rc=$?
    [[ $rc == 1 ]] || fail "exit $rc, expected 1"
    for f in r.json r.csv p.kanata t/exit_3.txt; do [[ -s $dir/$f ]] || fail "no $f"; done
    [[ -z $(find "$dir" -name '.*.tmp*') ]] || fail "temporary files left"
    echo "ok: all outputs of a failing program written" ;;
  json_stdout)
    "$ss" run "$elf" --json - >"$dir/.out" 2>"$dir/.err"; rc=$?
    [[ $rc == 0 ]] || fail "exit $rc"
    "$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["runs"][0]["status"]["exit_code"] == 0' \
      "$dir/.out" || fail "stdout is not the JSON document alone"
    [[ -z $(leftovers "$dir") ]] || fail "files left: $(leftovers "$dir")"
    echo "ok: --json - is the JSON on stdout" ;;
  special)
    echo '{}' >"$dir/target.json"
    ln -s "$dir/target.json" "$dir/link"
    mkfifo "$dir/fifo"
    for p in link fifo in; do
      [[ $p == in ]] && mkdir "$dir/in"
      timeout 20 "$ss" run "$elf" --json "$dir/$p" >"$dir/.out" 2>"$dir/.err"; rc=$?
      [[ $rc == 2 ]] || fail "--json $p: exit $rc, expected 2"
      grep -Eq "$p: (is a symbolic link|is a FIFO|is a directory)" "$dir/.err" || fail "--json $p: message"
    done
    [[ -L $dir/link && -p $dir/fifo && -d $dir/in && $(cat "$dir/target.json") == '{}' ]] || fail "a special file was replaced"
    [[ -z $(leftovers "$dir") ]] || fail "files left: $(leftovers "$dir")"
    echo "ok: symlink, FIFO and directory refused, untouched" ;;
  signal:*)
    sig=${kind#signal:}
    num=$(kill -l "$sig")
    # spin.elf never exits: the run is still going when the signal comes.
    "$ss" run --max-cycles 100000000 "$elf" --json "$dir/r.json" --csv "$dir/r.csv" \
      --text-dir "$dir/t" --pipeview "$dir/p.kanata" --fst "$dir/w.fst" >"$dir/.out" 2>"$dir/.err" &
    pid=$!
    sleep 2
    kill -s "$sig" "$pid"
    wait "$pid"; rc=$?
    [[ $rc == $((128 + num)) ]] || fail "exit $rc, expected $((128 + num))"
    [[ $(grep -c '' "$dir/.err") == 1 ]] || fail "not one stderr line"
    grep -q "interrupted by SIG$sig" "$dir/.err" || fail "message"
    [[ -z $(leftovers "$dir") ]] || fail "files left: $(leftovers "$dir")"
    echo "ok: $(cat "$dir/.err")" ;;
  text_dir)
    "$ss" run "$elf" --text-dir "$dir/a/b/c" >"$dir/.out" 2>"$dir/.err"; rc=$?
    [[ $rc == 0 ]] || fail "exit $rc"
    name=$(basename "$elf" .elf)
    [[ -s $dir/a/b/c/$name.txt ]] || fail "no $dir/a/b/c/$name.txt"
    echo "ok: --text-dir created" ;;
  *) echo "unknown kind $kind"; exit 2 ;;
esac
