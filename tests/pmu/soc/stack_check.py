#!/usr/bin/env python3
"""Checks one CPI stack of a `stackscope run` against analytic bounds.

stack_check.py [--roi] W STAGE CHECK... -- CMD...

CMD is a run with the PMU cross-check on; it must exit 0. The stack is STAGE's slot counters
in the run's JSON report (`--json FILE` is added to CMD: counters.cpi.STAGE and cycles), or
with --roi the program's own region-of-interest line (stdout, "ROI CPI stack STAGE: ...",
sw/pmu/roi.h), whose values the harness has checked against the golden model as CSR reads
(the report's pmu_crosscheck.csr_reads_checked must be non-zero). STAGE `flops` is the FLOPS
stack (counters.flops, or the "ROI FLOPS stack:" line), W its 2kv flop slots per cycle.
CHECKs, shares of the stage's W x cycles slots:
  share:COMP:LO:HI         COMP / all slots in [LO, HI]
  largest:COMP             COMP larger than every other component except base
  split:COMP:A+B..:LO:HI   COMP / (A + B + ..) in [LO, HI] (e.g. one cache level of all)
  count:A+B..:LO:HI        A + B + .. in slots (not a share) in [LO, HI]
The bounds come from the timing analysis in tests/pmu/soc/CMakeLists.txt. A stage that is not
W wide on the built core means the bounds do not apply: exit 77 (ctest skip). Any other
failure (run failed, line missing, stack not a multiple of the cycles, check out of bounds)
is exit 1.
"""
import re
import sys
from pathlib import Path

from stackscope.common.errors import StackScopeError
from stackscope.common.runner import run_report


def fail(msg: str) -> int:
    print(msg)
    return 1


def parse_stack(text: str, prefix: str) -> dict[str, int] | None:
    lines = [ln for ln in text.splitlines() if prefix in ln]
    if not lines:
        return None
    tail = lines[-1].split(prefix, 1)[1]
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", tail)}


def main(argv: list[str]) -> int:
    roi = False
    if argv and argv[0] == "--roi":
        roi = True
        argv = argv[1:]
    if "--" not in argv or len(argv) < 4:
        return fail(__doc__.splitlines()[2])
    sep = argv.index("--")
    width, stage, checks, cmd = int(argv[0]), argv[1], argv[2:sep], argv[sep + 1:]
    try:
        report, run = run_report(cmd)
    except StackScopeError as e:
        return fail(str(e))
    line = "ROI FLOPS stack:" if stage == "flops" else f"ROI CPI stack {stage}:"
    if roi:
        stack = parse_stack(run.stdout, line)
        m = re.search(r"ROI cycles=(\d+)", run.stdout)
        cycles = int(m.group(1)) if m else 0
        if not report.get("pmu_crosscheck", {}).get("csr_reads_checked"):
            return fail("the ROI values were not checked against the golden model")
    else:
        counters = report.get("counters", {})
        stack = counters.get("flops") if stage == "flops" else counters.get("cpi", {}).get(stage)
        cycles = report.get("cycles", 0)
    if not stack:
        return fail(f"no {'ROI ' if roi else ''}{'FLOPS' if stage == 'flops' else 'CPI'} stack "
                    f"line for {stage}")
    if cycles == 0:
        return fail("no cycle count")
    total = sum(stack.values())
    print(f"{stage} ({'ROI, ' if roi else ''}{cycles} cycles): " +
          " ".join(f"{k}={v} ({v / total:.3f})" for k, v in stack.items()))
    have = round(total / cycles)
    if roi:
        # The two snapshots read the 27 components one after another, so each component's
        # difference covers a slightly different window: allow 1% against W x cycles.
        if have == 0 or abs(total - have * cycles) > 0.01 * total:
            return fail(f"ROI stack sum {total} is not a whole multiple of {cycles} cycles")
    elif total % cycles != 0:
        return fail(f"stack sum {total} is not a whole multiple of {cycles} cycles")
    if have != width:
        print(f"{stage} is {have} wide here, the bounds are for W = {width}: skipped")
        return 77
    bad = 0
    for spec in checks:
        f = spec.split(":")
        try:
            if f[0] == "share" and len(f) == 4:
                x, lo, hi = stack[f[1]] / total, float(f[2]), float(f[3])
                ok = lo <= x <= hi
                what = f"{f[1]} share {x:.4f} in [{lo}, {hi}]"
            elif f[0] == "largest" and len(f) == 2:
                others = {k: v for k, v in stack.items() if k not in ("base", f[1])}
                top = max(others, key=others.get)
                ok = stack[f[1]] > others[top]
                what = f"{f[1]} ({stack[f[1]]}) larger than every non-base component " \
                       f"(next: {top} {others[top]})"
            elif f[0] == "count" and len(f) == 4:
                x = sum(stack[c] for c in f[1].split("+"))
                lo, hi = int(f[2]), int(f[3])
                ok = lo <= x <= hi
                what = f"{f[1]} = {x} slots in [{lo}, {hi}]"
            elif f[0] == "split" and len(f) == 5:
                den = sum(stack[c] for c in f[2].split("+"))
                x = stack[f[1]] / den if den else -1.0
                lo, hi = float(f[3]), float(f[4])
                ok = lo <= x <= hi
                what = f"{f[1]} / ({f[2]}) = {x:.4f} in [{lo}, {hi}]"
            else:
                return fail(f"bad check '{spec}'")
        except KeyError as e:
            return fail(f"no component {e} in the stack")
        print(("ok:   " if ok else "FAIL: ") + what)
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
