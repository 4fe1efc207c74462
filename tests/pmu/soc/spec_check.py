#!/usr/bin/env python3
"""Checks method (b), the speculative per-block CPI counters (Eyerman et al. §III-B), on a whole
run.

spec_check.py [--tol T] -- CMD...

CMD is a `stackscope run` with the PMU cross-check on (every cycle the RTL's 19 speculative
counters equal the golden model's). From its JSON report (docs/report.md: counters.cpi,
counters.cpi_speculative, metrics.cpi_stacks.wrong_path_*) this checks:
  1. no block merged and the harness compared method (b)'s dispatch and issue base (proven +
     in flight) with the oracle in every cycle of the run (oracle_matched_cycles): the uops the
     stage processed minus those a mispredicted branch flushed (two independent routes: block
     FIFO vs the oracle's window of ROB indices and the issue slots each took);
  2. Eyerman et al. §III-A: "the base component for all stacks is the same, as each correct-path
     instruction has to traverse all stages": method (b)'s dispatch and issue base equal the
     commit base plus what may differ, derived: the uops squashed by flushes that are not
     mispredictions (correct-path work thrown away: they stay base and are fetched again;
     squashed_uops dispatched, squashed_issue_slots issued) -- minus the committed uops of the
     last block, not proven at the end of the run; within T (default 0.002) of the commit base.
     The main issue stack, which cannot tell the wrong path, is reported next to it (it fails
     this check by the wrong-path uops that issued);
  3. method (a)'s bpred exceeds the oracle's by what method (a) cannot tell from the wrong
     path, derived: the squashed uops (at dispatch, at issue) plus those still in flight at the
     exit (0..64, the largest ROB the probe indexes), and at issue less the width carry the
     main issue base still holds (0..63, CarryW = 6).
Exit 0 if all hold, 1 otherwise (or if the report lacks a figure / the run failed).
"""
import sys
from pathlib import Path

from stackscope.common.errors import StackScopeError
from stackscope.common.runner import run_report


def main(argv: list[str]) -> int:
    tol = 0.002
    if argv[:1] == ["--tol"] and len(argv) > 1:
        tol = float(argv[1])
        argv = argv[2:]
    if argv[:1] != ["--"] or len(argv) < 2:
        print(__doc__.splitlines()[2])
        return 1
    try:
        rep, _ = run_report(argv[1:])
    except StackScopeError as e:
        print(e)
        return 1
    stacks = rep["metrics"]["cpi_stacks"]
    spec = stacks.get("wrong_path_speculative", {})
    if "oracle_matched_cycles" not in spec or "cpi_speculative" not in rep["counters"]:
        print("the report has no method (b) stacks checked against the oracle")
        return 1
    cycles, merges = rep["cycles"], spec["block_merges"]
    matched = spec["oracle_matched_cycles"]
    squashed = {"dispatch": spec["squashed_uops"], "issue": spec["squashed_issue_slots"]}
    commit = rep["counters"]["cpi"]["commit"]["base"]
    main_issue = rep["counters"]["cpi"]["issue"]["base"]
    spec_base = {s: rep["counters"]["cpi_speculative"][s]["base"] for s in ("dispatch", "issue")}
    ok = True
    print(f"{cycles} cycles: {merges} block merges, base matched the oracle in "
          f"{matched['dispatch']} cycles at dispatch, {matched['issue']} at issue")
    if merges != 0 or any(v != cycles for v in matched.values()):
        print("FAIL: the oracle comparison did not cover the whole run")
        ok = False
    slack = tol * commit
    for s, base in spec_base.items():
        lo, hi = squashed[s] - slack, squashed[s] + slack
        print(f"method (b) {s} base {base} vs commit base {commit}: {base - commit:+d} "
              f"(allowed {lo:+.0f}..{hi:+.0f}: {squashed[s]} squashed, +-{slack:.0f})")
        if not lo <= base - commit <= hi:
            print(f"FAIL: method (b) {s} base differs from commit base")
            ok = False
    print(f"(main issue stack, wrong path included: base {main_issue}, {main_issue - commit:+d})")
    max_rob, max_carry = 64, 63
    for s in ("dispatch", "issue"):
        w = stacks.get(f"wrong_path_{s}")
        if not w:
            print(f"the report has no wrong_path_{s}")
            return 1
        diff = w["method_a_bpred_slots"] - w["oracle_bpred_slots"]
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
