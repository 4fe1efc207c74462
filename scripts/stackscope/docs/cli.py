"""The docs' figures and their check: the command line scripts/docs.py.

  docs.py figures  [--build-dir B]   refresh docs/figures.json from B, regenerate docs/figures.md
                                     and README's figures regions (make figures)
  docs.py check    [--build-dir B]   the docs check (ctest docs_check); exit 1 on a problem
  docs.py timed NAME --build-dir B -- CMD...
                                     run CMD, record its wall time as B/figures/times/NAME.json
  docs.py quickstart --build-dir B [--write]
                                     run README's quick start; compare its output with README's
                                     quickstart region (exit 1 if it differs), or write it there
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from ..common import regions
from ..common.errors import StackScopeError
from ..common.paths import ROOT
from . import check, figures, quickstart


def cmd_figures(args) -> int:
    record = figures.load_record(args.root)
    done = figures.collect(args.root, args.build_dir, record) if args.build_dir else []
    figures.save_record(args.root, record)
    (args.root / figures.FIGURES_MD).write_text(figures.render_figures_md(args.root, record))
    readme = args.root / "README.md"
    readme.write_text(figures.render_readme(args.root, record, readme.read_text()))
    regions.write_region(args.root / figures.SPEED_MD, "profile",
                         figures.render_speed_profile(args.root, record))
    regions.write_region(args.root / figures.CORE_MD, "issue_stage",
                         figures.render_issue_stage(args.root, record))
    print(f"figures: refreshed {', '.join(done) or 'nothing'}; wrote {figures.FIGURES_MD}, README.md's, "
          f"{figures.SPEED_MD}'s and {figures.CORE_MD}'s regions")
    return 0


def cmd_check(args) -> int:
    problems = check.check(args.root, args.build_dir)
    for p in problems:
        print(p)
    print(f"docs check: {len(problems)} problem(s)")
    return 1 if problems else 0


def cmd_timed(args) -> int:
    if not args.cmd:
        print("docs.py timed: no command after --", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    rc = subprocess.call(args.cmd)
    secs = round(time.monotonic() - t0, 1)
    out = args.build_dir / "figures" / "times"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{args.name}.json").write_text(json.dumps(
        {"seconds": secs, "exit": rc, **figures.git_stamp(args.root)}, indent=2) + "\n")
    return rc


def cmd_quickstart(args) -> int:
    readme = args.root / "README.md"
    text = readme.read_text()
    got = quickstart.render(*quickstart.run(args.root, args.build_dir))
    if args.write:
        readme.write_text(regions.replace(text, quickstart.REGION, got))
        print("quickstart: README.md's region written")
        return 0
    want = regions.body(text, quickstart.REGION)
    if got != want:
        print("quickstart: README.md shows output the quick start no longer prints:")
        for line in quickstart.diff(want, got):
            print(line)
        return 1
    print("quickstart: README.md's output is what the commands print")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout (default: this one)")
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("figures")
    p.add_argument("--build-dir", type=Path)
    p.set_defaults(fn=cmd_figures)
    p = sub.add_parser("check")
    p.add_argument("--build-dir", type=Path)
    p.set_defaults(fn=cmd_check)
    p = sub.add_parser("timed")
    p.add_argument("name")
    p.add_argument("--build-dir", type=Path, required=True)
    p.set_defaults(fn=cmd_timed)
    p = sub.add_parser("quickstart")
    p.add_argument("--build-dir", type=Path, required=True)
    p.add_argument("--write", action="store_true")
    p.set_defaults(fn=cmd_quickstart)
    argv = list(sys.argv[1:] if argv is None else argv)
    cmd = argv[argv.index("--") + 1:] if "--" in argv else []
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    args.cmd = cmd
    args.root = args.root.resolve()
    if getattr(args, "build_dir", None):
        args.build_dir = args.build_dir.resolve()
    try:
        return args.fn(args)
    except (StackScopeError, OSError) as e:
        print(f"docs.py: {e}", file=sys.stderr)
        return 2
