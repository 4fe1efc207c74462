#!/usr/bin/env python3
"""Checks method (b), the speculative per-block CPI counters (seed 000 §III-B), on a whole run.

spec_check.py [--tol T] -- CMD...

CMD is a `stackscope run` with the PMU cross-check on (every cycle the RTL's 19 speculative
counters equal the golden model's). From its summary (stderr) this checks:
  1. no block merged and the harness compared method (b)'s dispatch base (proven + in flight)
     with the oracle in every cycle of the run: dispatch base minus the uops a mispredicted
     branch flushed (two independent routes: block FIFO vs window occupancy);
  2. seed 000 §III-A: "the base component for all stacks is the same, as each correct-path
     instruction has to traverse all stages": method (b)'s dispatch and issue base equal the
     commit base plus what may differ, derived: the S uops squashed by flushes that are not
     mispredictions (correct-path work thrown away: they stay base and are fetched again; the
     summary prints S) -- all of them at dispatch, those that had issued at issue (0..S) --
     minus the committed uops of the last block, not proven at the end of the run; within
     T (default 0.002) of the commit base. The main issue stack, which cannot tell the wrong
     path, is reported next to it (it fails this check by the wrong-path uops that issued).
Exit 0 if all hold, 1 otherwise (or if a line is missing / the run failed).
"""
import re
import subprocess
import sys


def stack(text: str, prefix: str) -> dict[str, int]:
    lines = [ln for ln in text.splitlines() if prefix in ln]
    if not lines:
        raise ValueError(f"no '{prefix}' line")
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", lines[-1].split(prefix, 1)[1])}


def main(argv: list[str]) -> int:
    tol = 0.002
    if argv[:1] == ["--tol"] and len(argv) > 1:
        tol = float(argv[1])
        argv = argv[2:]
    if argv[:1] != ["--"] or len(argv) < 2:
        print(__doc__.splitlines()[3])
        return 1
    r = subprocess.run(argv[1:], capture_output=True, text=True, check=False)
    if r.returncode != 0:
        print(f"run failed (exit {r.returncode}):\n{r.stderr[-2000:]}")
        return 1
    err = r.stderr
    m = re.search(r"\((\d+) block merges; base matched the oracle in (\d+) cycles; (\d+) uops "
                  r"squashed by other flushes\)", err)
    c = re.findall(r" (\d+) cycles, IPC", err)
    if not m or not c:
        print("missing method (b) summary or cycle count")
        return 1
    merges, matched, cycles = int(m.group(1)), int(m.group(2)), int(c[-1])
    squashed = int(m.group(3))
    try:
        commit = stack(err, "CPI stack commit:")["base"]
        main_issue = stack(err, "CPI stack issue:")["base"]
        spec = {s: stack(err, f"method (b) stack {s}:")["base"] for s in ("dispatch", "issue")}
    except ValueError as e:
        print(e)
        return 1
    ok = True
    print(f"{cycles} cycles: {merges} block merges, dispatch base matched the oracle in "
          f"{matched} cycles")
    if merges != 0 or matched != cycles:
        print("FAIL: the oracle comparison did not cover the whole run")
        ok = False
    slack = tol * commit
    allowed = {"dispatch": (squashed - slack, squashed + slack),
               "issue": (-slack, squashed + slack)}
    for s, base in spec.items():
        lo, hi = allowed[s]
        print(f"method (b) {s} base {base} vs commit base {commit}: {base - commit:+d} "
              f"(allowed {lo:+.0f}..{hi:+.0f}: {squashed} squashed uops, +-{slack:.0f})")
        if not lo <= base - commit <= hi:
            print(f"FAIL: method (b) {s} base differs from commit base")
            ok = False
    print(f"(main issue stack, wrong path included: base {main_issue}, {main_issue - commit:+d})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
