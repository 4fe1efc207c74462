#!/usr/bin/env python3
"""Eyerman et al.'s validation of multi-stage CPI stacks (§V-A): the CPI reduction of an
idealised run lies between the commit and the dispatch component of what it removes.

ideal_check.py [--roi] [--method-b] [--tol T] W COMP[+COMP..] FLAG -- CMD...

CMD is a `stackscope run` (PMU cross-check on); it runs once as given and once with FLAG (an
idealisation: --perfect-bp, --perfect-l1d, --perfect-l1i, --fast-alu) inserted after `run`,
each with `--json FILE` added. Both must exit 0. Reduction = W x (cycles - ideal cycles)
slots, compared with the stacks of the first run (the JSON report's cycles and
counters.cpi.STAGE): commit COMP <= reduction <= dispatch COMP, where for bpred the dispatch
side is wrong-path adjusted by the simple method (dispatch base - commit base moved to bpred,
§III-B), or with --method-b (COMP bpred only) the speculative per-block counters' dispatch
bpred (metrics.cpi_stacks.wrong_path_dispatch.method_b_bpred_slots; §III-B's "more accurate"
method: every slot booked while dispatching a wrong-path block is bpred).
With --roi the cycles and stacks are the program's region of interest (sw/pmu/roi.h, its own
lines on stdout, whose values the harness checked as CSR reads: the report's
pmu_crosscheck.csr_reads_checked must be non-zero) in both runs. --tol T widens the range by
T x the run's W x cycles slots on each side: the idealised run
also changes other events a little (Eyerman et al. §III: "the actual performance gain might be
larger or smaller than these boundaries" through such coupling), which matters where the
reduction sits on a bound. A stage that is not W wide: exit 77 (skip). Out of the range, or a failed run: exit 1.
"""
import re
import sys
from pathlib import Path

from stackscope.common.errors import StackScopeError
from stackscope.common.runner import run_report


def roi_stacks(stdout: str) -> tuple[dict[str, dict[str, int]], int]:
    """The program's ROI lines (stdout): its dispatch and commit stacks and cycles."""
    out = {}
    for stage in ("dispatch", "commit"):
        prefix = f"ROI CPI stack {stage}:"
        lines = [ln for ln in stdout.splitlines() if prefix in ln]
        if lines:
            out[stage] = {k: int(v) for k, v in
                          re.findall(r"(\w+)=(\d+)", lines[-1].split(prefix, 1)[1])}
    m = re.findall(r"ROI cycles=(\d+)", stdout)
    return out, int(m[-1]) if m else 0


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
    if method_b and comps != ["bpred"]:
        print("--method-b checks bpred only (the report has method (b)'s bpred slots)")
        return 1
    if "run" not in cmd:
        print("CMD must be a `stackscope run`")
        return 1
    at = cmd.index("run") + 1
    ideal_cmd = cmd[:at] + [flag] + cmd[at:]
    res = []
    for c in (cmd, ideal_cmd):
        try:
            report, proc = run_report(c)
        except StackScopeError as e:
            print(f"{' '.join(c)}: {e}")
            return 1
        stdout = proc.stdout
        if roi:
            if not report.get("pmu_crosscheck", {}).get("csr_reads_checked"):
                print("the ROI values were not checked against the golden model")
                return 1
            res.append(roi_stacks(stdout))
        else:
            res.append((dict(report.get("counters", {}).get("cpi", {})), report.get("cycles", 0)))
        if method_b and len(res) == 1:
            wp = report.get("metrics", {}).get("cpi_stacks", {}).get("wrong_path_dispatch", {})
            res[0][0]["method_b"] = wp.get("method_b_bpred_slots")
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
            print("no method (b) dispatch bpred in the run's report")
            return 1
        hi = st["method_b"]
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
