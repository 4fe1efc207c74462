"""`scripts/bench_speed.py` (simulation speed of the named builds, stackscope.bench.simspeed),
`scripts/bench_profile.py` (where a run's time goes, stackscope.bench.profile) and
`scripts/bench_settings.py` (build settings measured one by one, stackscope.bench.settings)."""
from __future__ import annotations

import argparse
import json
import subprocess
from datetime import date
from pathlib import Path

from ..common.errors import StackScopeError, run_cli
from . import buildtime, profile, settings, simspeed
from ..common import regions


def _stamp(root: Path) -> dict:
    """The commit measured ("+dirty": with changes to tracked files) and the date."""
    p = subprocess.run(["git", "-C", str(root), "rev-parse", "--short=7", "HEAD"],
                       capture_output=True, text=True, check=False)
    d = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                       capture_output=True, text=True, check=False)
    commit = (p.stdout.strip() or "unknown") + ("+dirty" if d.stdout.strip() else "")
    return {"commit": commit, "date": date.today().isoformat()}


def _main(argv) -> int:
    root = Path(__file__).resolve().parents[3]
    ap = argparse.ArgumentParser(prog="bench_speed.py", description=__doc__)
    ap.add_argument("--build-dir", type=Path, default=root / "build",
                    help="build tree: its sw/ programs, and its binaries unless --bin-dir")
    ap.add_argument("--bin-dir", type=Path, help="directory of the stackscope binaries to measure")
    ap.add_argument("--builds", default="default,w1,w4", help="named builds, comma-separated")
    ap.add_argument("--reps", type=int, default=3, help="runs per figure (median)")
    ap.add_argument("--results", type=Path,
                    help="JSON file to merge the figures into, under the key `simspeed`")
    ap.add_argument("--baseline", type=Path, default=root / "bench" / "baseline.json",
                    help="baseline to compare with (skipped if the file does not exist)")
    ap.add_argument("--write-baseline", type=Path, metavar="PATH",
                    help="write the figures as a baseline file instead of comparing")
    ap.add_argument("--merge", action="store_true",
                    help="keep the builds of --results' record that this run does not measure")
    ap.add_argument("--against", type=Path, metavar="DIR",
                    help="also measure the binaries in DIR (an older tree's), alternating runs "
                         "with these, and give the speed-up over them")
    ap.add_argument("--build-times", default="default", metavar="BUILDS",
                    help="named builds whose model is also built from nothing and timed "
                         "(BUILD/bench/scratch), comma-separated; empty: none")
    a = ap.parse_args(argv)
    builds = [b for b in a.builds.split(",") if b]
    now, other = simspeed.measure(a.bin_dir or a.build_dir, a.build_dir / "sw", builds, a.reps,
                                  against=a.against)
    record = {"stamp": _stamp(root), "reps": a.reps, "builds": now}
    if other is not None:
        record["against"] = {"dir": str(a.against), "builds": other,
                             "vs": simspeed.compare(now, other)}
        for b, modes in record["against"]["vs"].items():
            for mode, r in modes.items():
                same = "same cycles" if r["same_cycles"] else "CYCLES DIFFER"
                print(f"bench_speed: {b:8s} {mode:9s} {r['speedup']:5.2f}x the binaries in "
                      f"{a.against} (runs alternated), {same}")
    timed = [b for b in a.build_times.split(",") if b]
    if timed:
        record["model_build_s"] = buildtime.measure(root, a.build_dir / "bench" / "scratch",
                                                    timed)
    if a.write_baseline:
        a.write_baseline.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        print(f"bench_speed: baseline written to {a.write_baseline}")
        return 0
    if a.baseline.is_file():
        base = simspeed.load(a.baseline)
        record["baseline"] = base["stamp"]
        record["vs_baseline"] = simspeed.compare(now, base["builds"])
        for b, modes in record["vs_baseline"].items():
            for mode, r in modes.items():
                same = "same cycles" if r["same_cycles"] else "CYCLES DIFFER"
                print(f"bench_speed: {b:8s} {mode:9s} {r['speedup']:5.2f}x the baseline "
                      f"({base['stamp']['commit']}), {same}")
    if a.results:
        data = simspeed.load(a.results) if a.results.is_file() else {}
        old = data.get("simspeed", {})
        if a.merge and old:  # this run's builds join (or replace) the record's
            for key in ("builds", "vs_baseline", "model_build_s"):
                record[key] = {**old.get(key, {}), **record.get(key, {})}
            if "against" in old or "against" in record:
                ag_old, ag_new = old.get("against", {}), record.get("against", {})
                record["against"] = {"dir": ag_new.get("dir", ag_old.get("dir")),
                                     "builds": {**ag_old.get("builds", {}), **ag_new.get("builds", {})},
                                     "vs": {**ag_old.get("vs", {}), **ag_new.get("vs", {})}}
        data["simspeed"] = record
        a.results.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    return 0


def main(argv=None) -> int:
    return run_cli("bench_speed.py", _main, argv)


def _profile_main(argv) -> int:
    root = Path(__file__).resolve().parents[3]
    ap = argparse.ArgumentParser(prog="bench_profile.py",
                                 description="perf profile of `stackscope run`, by harness part "
                                             "and (with a --prof-cfuncs model) by RTL module")
    ap.add_argument("--binary", type=Path, required=True, help="a stackscope binary")
    ap.add_argument("--build-dir", type=Path, default=root / "build", help="for its sw/ programs")
    ap.add_argument("--workloads", default="bench/coremark_like,workloads/qsort",
                    help="programs under BUILD/sw, without .elf, comma-separated")
    ap.add_argument("--mode", choices=list(simspeed.MODES), default="check")
    ap.add_argument("--label", default="", help="key of this profile in --results")
    ap.add_argument("--results", type=Path, help="JSON file to merge into, under `profile`")
    a = ap.parse_args(argv)
    out = {}
    for wl in [w for w in a.workloads.split(",") if w]:
        s = profile.profile(a.binary, a.build_dir / "sw" / f"{wl}.elf", simspeed.MODES[a.mode])
        out[wl.split("/")[-1]] = s
        print(f"profile: {wl} ({a.mode}) by part: " +
              ", ".join(f"{k} {v}%" for k, v in s["parts"].items()))
        if s["modules"]:
            print(f"profile: {wl} by module: " +
                  ", ".join(f"{k} {v}%" for k, v in list(s["modules"].items())[:12]))
    if a.results:
        data = simspeed.load(a.results) if a.results.is_file() else {}
        data.setdefault("profile", {})[a.label or a.mode] = {"mode": a.mode, "workloads": out}
        a.results.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    return 0


def profile_main(argv=None) -> int:
    return run_cli("bench_profile.py", _profile_main, argv)


def _settings_main(argv) -> int:
    root = Path(__file__).resolve().parents[3]
    ap = argparse.ArgumentParser(prog="bench_settings.py",
                                 description="the model's build settings, measured one by one")
    ap.add_argument("--build-dir", type=Path, default=root / "build",
                    help="for its sw/ programs; the settings' trees go to BUILD/bench/settings")
    ap.add_argument("--settings", default=",".join(s.name for s in settings.SETTINGS),
                    help="comma-separated, the first is the reference")
    ap.add_argument("--reps", type=int, default=3, help="runs per workload (median)")
    ap.add_argument("--out", type=Path, default=root / "bench" / "settings.json")
    ap.add_argument("--doc", type=Path, default=root / "docs" / "dev" / "speed.md",
                    help="Markdown file whose region `settings` gets the table")
    ap.add_argument("--render-only", action="store_true", help="the table from --out, no runs")
    ap.add_argument("--merge", action="store_true",
                    help="keep --out's rows; the settings after the first (measured against it "
                         "again) replace theirs")
    a = ap.parse_args(argv)
    if a.render_only:
        record = simspeed.load(a.out)
    else:
        if a.reps < 1:
            raise StackScopeError(f"--reps must be at least 1, not {a.reps}")
        names = [n for n in a.settings.split(",") if n]
        record = {"stamp": _stamp(root), **settings.measure(root, a.build_dir, names, a.reps)}
        if a.merge:
            record = settings.merge(simspeed.load(a.out), record)
        a.out.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    regions.write_region(a.doc, "settings", settings.render(record))
    return 0


def settings_main(argv=None) -> int:
    return run_cli("bench_settings.py", _settings_main, argv)
