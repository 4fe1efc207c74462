#!/usr/bin/env python3
"""Checks method (b), the speculative per-block CPI counters (seed 000 §III-B), on a whole run.

spec_check.py [--tol T] -- CMD...

CMD is a `stackscope run` with the PMU cross-check on (every cycle the RTL's 19 speculative
counters equal the golden model's). From its summary (stderr) this checks:
  1. no block merged and the harness compared method (b)'s dispatch and issue base (proven +
     in flight) with the oracle in every cycle of the run: the uops the stage processed minus
     those a mispredicted branch flushed (two independent routes: block FIFO vs the oracle's
     window of ROB indices and the issue slots each took);
  2. seed 000 §III-A: "the base component for all stacks is the same, as each correct-path
     instruction has to traverse all stages": method (b)'s dispatch and issue base equal the
     commit base plus what may differ, derived: the uops squashed by flushes that are not
     mispredictions (correct-path work thrown away: they stay base and are fetched again; the
     summary prints S dispatched and I issue slots of them) -- S at dispatch, I at issue --
     minus the committed uops of the last block, not proven at the end of the run; within
     T (default 0.002) of the commit base. The main issue stack, which cannot tell the wrong
     path, is reported next to it (it fails this check by the wrong-path uops that issued);
  3. method (a)'s bpred exceeds the oracle's by what method (a) cannot tell from the wrong
     path, derived: the squashed uops (S at dispatch, I at issue) plus those still in flight
     at the exit (0..64, the largest ROB the probe indexes), and at issue less the width
     carry the main issue base still holds (0..63, CarryW = 6).
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
    m = re.search(r"method \(b\): (\d+) block merges; base matched the oracle in (\d+) cycles at "
                  r"dispatch, (\d+) at issue; (\d+) uops squashed by other flushes, (\d+) issue "
                  r"slots of them", err)
    c = re.findall(r" (\d+) cycles, IPC", err)
    if not m or not c:
        print("missing method (b) summary or cycle count")
        return 1
    merges, cycles = int(m.group(1)), int(c[-1])
    matched = {"dispatch": int(m.group(2)), "issue": int(m.group(3))}
    squashed = {"dispatch": int(m.group(4)), "issue": int(m.group(5))}
    try:
        commit = stack(err, "CPI stack commit:")["base"]
        main_issue = stack(err, "CPI stack issue:")["base"]
        spec = {s: stack(err, f"method (b) stack {s}:")["base"] for s in ("dispatch", "issue")}
    except ValueError as e:
        print(e)
        return 1
    ok = True
    print(f"{cycles} cycles: {merges} block merges, base matched the oracle in "
          f"{matched['dispatch']} cycles at dispatch, {matched['issue']} at issue")
    if merges != 0 or any(v != cycles for v in matched.values()):
        print("FAIL: the oracle comparison did not cover the whole run")
        ok = False
    slack = tol * commit
    for s, base in spec.items():
        lo, hi = squashed[s] - slack, squashed[s] + slack
        print(f"method (b) {s} base {base} vs commit base {commit}: {base - commit:+d} "
              f"(allowed {lo:+.0f}..{hi:+.0f}: {squashed[s]} squashed, +-{slack:.0f})")
        if not lo <= base - commit <= hi:
            print(f"FAIL: method (b) {s} base differs from commit base")
            ok = False
    print(f"(main issue stack, wrong path included: base {main_issue}, {main_issue - commit:+d})")
    max_rob, max_carry = 64, 63
    for s in ("dispatch", "issue"):
        w = re.search(rf"wrong path at {s}: bpred oracle (\d+) slots, method \(a\) (\d+) slots", err)
        if not w:
            print(f"missing the wrong path at {s} line")
            return 1
        diff = int(w.group(2)) - int(w.group(1))
        lo = squashed[s] - (max_carry if s == "issue" else 0)
        hi = squashed[s] + max_rob
        print(f"method (a) {s} bpred - oracle bpred: {diff} (allowed {lo}..{hi})")
        if not lo <= diff <= hi:
            print(f"FAIL: method (a) {s} bpred differs from the oracle by more than the squashed "
                  f"and in-flight uops")
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
