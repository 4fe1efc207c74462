#!/usr/bin/env python3
"""Seed 000's validation of multi-stage CPI stacks (§IV, DESIGN.md §6.3): the CPI reduction of
an idealised run lies between the commit and the dispatch component of what it removes.

ideal_check.py [--roi] [--method-b] [--tol T] W COMP[+COMP..] FLAG -- CMD...

CMD is a `stackscope run` (PMU cross-check on); it runs once as given and once with FLAG (an
idealisation: --perfect-bp, --perfect-l1d, --perfect-l1i, --fast-alu) inserted after `run`.
Both must exit 0. Reduction = W x (cycles - ideal cycles) slots, compared with the stacks of
the first run: commit COMP <= reduction <= dispatch COMP, where for bpred the dispatch side is
wrong-path adjusted by the simple method (dispatch base - commit base moved to bpred, §III-B),
or with --method-b taken from the speculative per-block counters' dispatch stack (§III-B's
"more accurate" method: every slot booked while dispatching a wrong-path block is bpred).
With --roi the cycles and stacks are the program's region of interest (sw/pmu/roi.h) in both
runs. --tol T widens the range by T x the run's W x cycles slots on each side: the idealised run
also changes other events a little (seed 000 §III: "the actual performance gain might be
larger or smaller than these boundaries" through such coupling), which matters where the
reduction sits on a bound. A stage that is not W wide: exit 77 (skip). Out of the range, or a failed run: exit 1.
"""
import re
import subprocess
import sys


def stacks(text: str, roi: bool) -> tuple[dict[str, dict[str, int]], int]:
    out = {}
    for stage in ("dispatch", "commit"):
        prefix = f"{'ROI ' if roi else ''}CPI stack {stage}:"
        lines = [ln for ln in text.splitlines() if prefix in ln]
        if lines:
            out[stage] = {k: int(v) for k, v in
                          re.findall(r"(\w+)=(\d+)", lines[-1].split(prefix, 1)[1])}
    if roi:
        m = re.findall(r"ROI cycles=(\d+)", text)
    else:
        m = re.findall(r" (\d+) cycles, IPC", text)
    return out, int(m[-1]) if m else 0


def spec_dispatch(text: str) -> dict[str, int] | None:
    """Method (b)'s dispatch stack from the run summary, if it has one."""
    prefix = "method (b) stack dispatch:"
    lines = [ln for ln in text.splitlines() if prefix in ln]
    if not lines:
        return None
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", lines[-1].split(prefix, 1)[1])}


def main(argv: list[str]) -> int:
    roi = argv[:1] == ["--roi"]
    if roi:
        argv = argv[1:]
    method_b = argv[:1] == ["--method-b"]
    if method_b:
        argv = argv[1:]
        if roi:  # the ROI lines hold the main stacks only
            print("--method-b takes the whole run's stacks: not with --roi")
            return 1
    tol = 0.0
    if argv[:1] == ["--tol"] and len(argv) > 1:
        tol = float(argv[1])
        argv = argv[2:]
    if "--" not in argv or argv.index("--") != 3:
        print(__doc__.splitlines()[3])
        return 1
    width, comps, flag, cmd = int(argv[0]), argv[1].split("+"), argv[2], argv[4:]
    if "run" not in cmd:
        print("CMD must be a `stackscope run`")
        return 1
    at = cmd.index("run") + 1
    ideal_cmd = cmd[:at] + [flag] + cmd[at:]
    res = []
    for c in (cmd, ideal_cmd):
        r = subprocess.run(c, capture_output=True, text=True, check=False)
        if r.returncode != 0:
            print(f"run failed (exit {r.returncode}): {' '.join(c)}\n{r.stderr[-2000:]}")
            return 1
        res.append(stacks(r.stdout if roi else r.stderr, roi))
        if method_b and len(res) == 1:
            res[0][0]["method_b"] = spec_dispatch(r.stderr)
    (st, cycles), (_, ideal) = res
    if "dispatch" not in st or "commit" not in st or cycles == 0 or ideal == 0:
        print("missing stack lines or cycle counts")
        return 1
    have = round(sum(st["commit"].values()) / cycles)
    if have != width:
        print(f"commit is {have} wide here, the check is set up for W = {width}: skipped")
        return 77
    lo = sum(st["commit"][c] for c in comps)
    if method_b:
        if st.get("method_b") is None:
            print("no method (b) dispatch stack in the run's summary")
            return 1
        hi = sum(st["method_b"][c] for c in comps)
    else:
        hi = sum(st["dispatch"][c] for c in comps)
        if "bpred" in comps:
            hi += st["dispatch"]["base"] - st["commit"]["base"]
    red = width * (cycles - ideal)
    slack = int(tol * width * cycles)
    print(f"{'ROI ' if roi else ''}cycles {cycles}, with {flag} {ideal}: reduction {red} slots; "
          f"{'+'.join(comps)} commit {lo}, dispatch"
          f"{' (method b)' if method_b else ' (wrong-path adjusted)' if 'bpred' in comps else ''}"
          f" {hi}")
    if slack:
        print(f"tolerance {slack} slots ({tol} of {width * cycles})")
    if lo - slack <= red <= hi + slack:
        print("ok: the reduction lies between the commit and the dispatch component")
        return 0
    print("FAIL: the reduction is outside [commit, dispatch]")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
