"""stackscope sweep SPEC: runs a matrix of parameters, options and workloads (docs/sweep.md).

Merges the reports into one table and plots it. `build/stackscope sweep ...` execs
scripts/sweep.py (tb/app/cmd_sweep.cpp) with --build-dir set to the binary's directory; it can
also be run directly with build/venv/bin/python3.
Exit status: 0 every point ok, 1 some point failed (each recorded with its reason) or sbatch
or the merge job failed, 2 bad input, 130 interrupted by Ctrl-C (and, on the local back end,
SIGTERM); the points done are kept, run again to resume.
"""
from __future__ import annotations

import argparse
import heapq
import json
import os
import sys
from pathlib import Path

from ..common import runner
from ..common.errors import StackScopeError
from . import merge as merge_mod
from . import spec as spec_mod
from .models import ROOT, ModelCache, named_models


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="stackscope sweep", description=__doc__.split("\n")[0])
    ap.add_argument("spec", help="SPEC.toml or SPEC.json (docs/sweep.md)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="local back end: points run at once (default: the core count)")
    ap.add_argument("--out", help="sweep directory (default: BUILD/sweep/NAME)")
    ap.add_argument("--build-dir", default=str(ROOT / "build"),
                    help="the build with the stackscope binaries and sw/ (default: build)")
    ap.add_argument("--cache-dir", help="model cache (default: BUILD/models; on a cluster: a "
                                        "shared file system)")
    ap.add_argument("--retry-failed", action="store_true", help="run the failed points again")
    ap.add_argument("--dry-run", action="store_true",
                    help="plan only: points, models, and (slurm) what sbatch would receive")
    ap.add_argument("--estimate-from", metavar="MERGED.json",
                    help="dry run: per-point times measured by an earlier sweep")
    ap.add_argument("--nodes", default="1,4,16,64", help="dry run: node counts to estimate for")
    ap.add_argument("--cpus-per-node", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    runner.add_backend_args(ap)
    return ap.parse_args(argv)


def load_manifest(build_dir: Path) -> tuple[Path, dict]:
    path = ROOT / "sw" / "workloads.json"
    try:
        m = json.loads(path.read_text())
        # the integer suite ("suite") and the RV32F one ("fp_suite"), each entry tagged
        return path, {w["name"]: dict(w, group=g) for g in ("workloads", "fp_workloads")
                      for w in m.get(g, [])}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise StackScopeError(f"{path}: cannot read the workload manifest ({e})")


def make_plan(a, out: Path):
    build_dir = Path(a.build_dir).resolve()
    manifest_path, manifest = load_manifest(build_dir)
    named = named_models(build_dir)
    sp = spec_mod.parse(a.spec, manifest, named)
    pts = spec_mod.points(sp)
    cache = ModelCache(Path(a.cache_dir).resolve() if a.cache_dir else build_dir / "models", build_dir)
    cache.register_builtin()
    sw_dir = build_dir / "sw"
    if not (sw_dir / "workloads").is_dir():
        raise StackScopeError(f"{sw_dir}: no built workloads (make build)")
    models, tasks, plan_pts = {}, [], []
    for p in pts:
        over = dict(named[p["model"]]["params"]) if "model" in p else {}
        over.update({k: p[k] for k in sp.build if k != "model"})
        h, full = cache.key(over)
        if h not in models:
            b = cache.lookup(h)
            models[h] = {"params": full, "binary": b or str(cache.dir / h / "build" / "stackscope_sweep"),
                         "cached": b is not None}
        key = spec_mod.point_key(p)
        report = out / "points" / f"{key}.json"
        w = p["workload"]
        argv = [models[h]["binary"], "run", w, "--sw-dir", str(sw_dir), "--manifest", str(manifest_path),
                *spec_mod.run_argv(p, list(sp.run)), "--json", str(report)]
        expected = int(manifest[w].get("expected_exit", 0)) if w in manifest else 0
        tasks.append(runner.Task(key=key, argv=argv, output=str(report),
                                 ok_codes=[0 if expected == 0 else 1], stamp=h,
                                 label=" ".join(f"{k}={os.path.basename(str(v))}" for k, v in p.items())))
        plan_pts.append({"key": key, "params": p, "report": str(report), "stamp": h, "model": h})
    plan = {"name": sp.name, "spec": str(Path(a.spec).resolve()), "axes": ["workload", *sp.build, *sp.run],
            "swept": sp.swept, "points": plan_pts, "plots": sp.plots, "no_plots": a.no_plots,
            "models": models}
    builds = [runner.Task(key=f"model-{h}", argv=cache.build_argv(h, m["params"], 2), stamp=h,
                          label=f"model {h}")
              for h, m in models.items() if not m["cached"]]
    return sp, plan, tasks, builds


def estimate(a, tasks, plan, builds) -> None:
    """Time of the planned sweep on N nodes from measured per-point times: each point takes
    the mean measured time of its workload (else of all points); the points are placed
    longest first on the N x cpus slots (list scheduling)."""
    try:
        ref = json.loads(Path(a.estimate_from).read_text())
    except (OSError, ValueError) as e:
        raise StackScopeError(f"--estimate-from {a.estimate_from}: {e}")
    by_wl: dict = {}
    for r in ref.get("rows", []):
        if r.get("status") == "ok" and r.get("time.seconds"):
            by_wl.setdefault(os.path.basename(str(r["workload"])), []).append(r["time.seconds"])
    allv = [v for vs in by_wl.values() for v in vs]
    if not allv:
        raise StackScopeError(f"--estimate-from {a.estimate_from}: no timed point")
    mean_all = sum(allv) / len(allv)
    secs = []
    for p in plan["points"]:
        vs = by_wl.get(os.path.basename(str(p["params"]["workload"])))
        secs.append(sum(vs) / len(vs) if vs else mean_all)
    total = sum(secs)
    print(f"estimate: {len(secs)} points, {total / 3600:.2f} CPU hours at the measured per-point "
          f"times ({len(allv)} measured points, {len(by_wl)} workloads, "
          f"{min(secs):.1f}-{max(secs):.1f} s a point)")
    print(f"{'nodes':>6} {'slots':>6} {'wall':>10}   (cpus per node {a.cpus_per_node}; "
          "+ queue wait and any model builds)")
    for n in [int(x) for x in a.nodes.split(",") if x]:
        slots = [0.0] * (n * a.cpus_per_node)
        heapq.heapify(slots)
        for s in sorted(secs, reverse=True):
            heapq.heappush(slots, heapq.heappop(slots) + s)
        print(f"{n:>6} {n * a.cpus_per_node:>6} {runner.fmt_secs(max(slots)):>10}")
    if builds:
        print(f"+ {len(builds)} model build(s) before the points, in parallel, each one Verilator build "
              "of the SoC (docs/figures.md gives one build's time)")


def main(argv=None) -> int:
    a = parse_args(argv)
    try:
        if a.jobs < 1:
            raise StackScopeError(f"-j {a.jobs}: must be at least 1")
        out0 = Path(a.out).resolve() if a.out else None
        # the name comes from the spec; parse it once for the default directory
        if out0 is None:
            _, man = load_manifest(Path(a.build_dir))
            sp0 = spec_mod.parse(a.spec, man, named_models(Path(a.build_dir).resolve()))
            out0 = Path(a.build_dir).resolve() / "sweep" / sp0.name
        out = out0
        sp, plan, tasks, builds = make_plan(a, out)
        try:
            for d in (out, out / "points", out / "state"):
                d.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StackScopeError(f"--out {out}: {e.strerror}")
    except StackScopeError as e:
        print(f"stackscope sweep: {e}", file=sys.stderr)
        return 2
    state = out / "state"
    runner.write_json_atomic(out / "plan.json", plan)
    todo, kept = runner.plan(tasks, state, a.retry_failed)
    print(f"sweep {sp.name}: {len(tasks)} points ({len(todo)} to run, {len(kept)} done before), "
          f"{len(plan['models'])} model(s) ({len(builds)} to build), {a.backend} back end -> {out}",
          file=sys.stderr)
    if a.dry_run:
        if a.backend == "slurm":
            opts = runner.slurm_options(a, dry=True)
            res = runner.run_slurm(tasks, state, opts, builds,
                                   final=merge_task(out), retry_failed=a.retry_failed, name=sp.name)
            for argv in res["__submitted__"]:
                print(" ".join(argv))
        else:
            for t in todo[:20]:
                print(" ".join(t.argv))
            if len(todo) > 20:
                print(f"... {len(todo) - 20} more")
        if a.estimate_from:
            try:
                estimate(a, tasks, plan, builds)
            except StackScopeError as e:
                print(f"stackscope sweep: {e}", file=sys.stderr)
                return 2
        return 0
    try:
        if a.backend == "local":
            failed_builds = {}
            if builds:
                br = runner.run_local(builds, state, 1, retry_failed=True, quiet=a.quiet,
                                      name=f"{sp.name} models")
                failed_builds = {b.stamp: br[b.key]["reason"] for b in builds if br[b.key]["status"] != "ok"}
            run = [t for t in tasks if t.stamp not in failed_builds]
            for t in tasks:
                if t.stamp in failed_builds:
                    runner.write_json_atomic(runner.result_path(state, t.key), {
                        "key": t.key, "status": "failed", "stamp": t.stamp, "seconds": 0.0, "host": "",
                        "returncode": None, "reason": f"model build failed: {failed_builds[t.stamp]}"})
            results = runner.run_local(run, state, a.jobs, a.retry_failed, a.quiet, sp.name)
            table = merge_mod.merge(out)
        else:
            results = runner.run_slurm(tasks, state, runner.slurm_options(a), builds, final=merge_task(out),
                                       retry_failed=a.retry_failed, quiet=a.quiet, name=sp.name)
            m = results.get("merge")
            if not m or m["status"] != "ok":
                print(f"stackscope sweep: the merge job failed: {m and m.get('reason')}", file=sys.stderr)
                return 1
            table = json.loads((out / "merged.json").read_text())
    except runner.Interrupted:
        print(f"stackscope sweep: interrupted; the points done are kept, run again to resume",
              file=sys.stderr)
        return 130
    except RuntimeError as e:
        print(f"stackscope sweep: {e}", file=sys.stderr)
        return 1
    failed = [r for r in table["rows"] if r["status"] != "ok"]
    for r in failed[:20]:
        lbl = " ".join(f"{k}={os.path.basename(str(r[k]))}" for k in table["axes"])
        print(f"failed: {lbl}: {r['reason']}", file=sys.stderr)
    if len(failed) > 20:
        print(f"... {len(failed) - 20} more failed points (merged.csv)", file=sys.stderr)
    print(f"sweep {sp.name}: {len(table['rows']) - len(failed)} ok, {len(failed)} failed; "
          f"{out / 'merged.csv'}, {out / 'merged.json'}"
          + (f", plots in {out / 'plots'}" if sp.plots and not a.no_plots else ""))
    return 1 if failed else 0


def merge_task(out: Path) -> runner.Task:
    return runner.Task(key="merge", argv=runner.python_argv("stackscope.sweep.merge", str(out)),
                       output=str(out / "merged.json"), label="merge")
