#!/usr/bin/env python3
"""Checks a run's Top-Down event counters against analytic bounds.

topdown_check.py CHECK... -- CMD...

CMD is a `stackscope run` with the PMU cross-check on (so the counters are the RTL's, equal to
the golden model every cycle); it must exit 0. It is run with `--json FILE` added. CHECKs:
  share:EXPR:LO:HI   EXPR / clocks in [LO, HI]
  count:EXPR:LO:HI   EXPR in [LO, HI]
EXPR is counter names of the report's counters.topdown joined by + and - (for example
mem_stalls_l1_miss-mem_stalls_l2_miss, the L2_Bound cycles).
The bounds come from the timing analysis in tests/pmu/soc/CMakeLists.txt. Exit 0 if every check
holds, 1 otherwise (the run failed, a counter is unknown, a check is out of bounds).
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def value(expr: str, counters: dict[str, int]) -> int:
    total = 0
    for sign, name in re.findall(r"([+-]?)([a-z0-9_]+)", expr):
        if name not in counters:
            raise KeyError(f"unknown Top-Down counter '{name}'")
        total += -counters[name] if sign == "-" else counters[name]
    return total


def main(argv: list[str]) -> int:
    if "--" not in argv:
        print("usage: topdown_check.py CHECK... -- CMD...")
        return 1
    checks, cmd = argv[: argv.index("--")], argv[argv.index("--") + 1:]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "r.json"
        run = subprocess.run([*cmd, "--json", str(out)], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"FAIL: the run exited {run.returncode}: {run.stderr.strip()[-400:]}")
            return 1
        counters = json.loads(out.read_text())["runs"][0]["counters"]["topdown"]
    clocks = counters["clocks"]
    bad = 0
    for c in checks:
        kind, expr, lo, hi = c.split(":")
        if kind not in ("share", "count"):
            print(f"FAIL: unknown check '{c}'")
            return 1
        try:
            share = value(expr, counters) / (clocks if kind == "share" else 1)
        except KeyError as e:
            print(f"FAIL: {e.args[0]}")
            return 1
        ok = float(lo) <= share <= float(hi)
        bad += not ok
        what = f"{expr} / clocks = {share:.4f}" if kind == "share" else f"{expr} = {share:.0f}"
        print(f"{'ok' if ok else 'FAIL'}: {what} in [{lo}, {hi}]")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
