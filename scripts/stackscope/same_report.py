"""Compare two `stackscope run --json` reports field by field, ignoring only timing fields.

Usage: scripts/same_report.py BEFORE.json AFTER.json [--ignore-key KEY ...]
                                   exit 0 when equal, 1 when not (the differing paths are
                                   listed), 2 on bad input
       scripts/same_report.py --self-test  checks the comparison itself

--ignore-key elf: the ELF path names the build tree, so two trees' reports differ there even
for the same program (compare the ELFs' load images separately, e.g. objcopy -O binary).

Used to prove that an RTL refactoring (e.g. the core_backend split, docs/dev/core.md) changes no
behaviour: every cycle count, instruction count, counter, metric and profile must be equal.
Timing fields are the only ones a correct run may change: the wall-clock run time and what is
derived from it (TIMING_KEYS).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .common.errors import StackScopeError, run_cli

# Keys whose values depend on the host's speed, not on the simulated machine.
TIMING_KEYS = frozenset({"sim_seconds", "wall_seconds", "seconds", "elapsed_seconds",
                         "cycles_per_second", "khz", "mips", "speed"})


def diff(a: Any, b: Any, path: str = "$", out: list[str] | None = None,
         limit: int = 50, skip: frozenset[str] = TIMING_KEYS) -> list[str]:
    """Paths at which a and b differ (keys in skip ignored), at most limit of them."""
    if out is None:
        out = []
    if len(out) >= limit:
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k in skip:
                continue
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'after' if k not in a else 'before'}")
            else:
                diff(a[k], b[k], f"{path}.{k}", out, limit, skip)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: length {len(a)} != {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", out, limit, skip)
    elif type(a) is not type(b) or a != b:
        out.append(f"{path}: {json.dumps(a)[:80]} != {json.dumps(b)[:80]}")
    return out


def load(p: str) -> Any:
    try:
        return json.loads(Path(p).read_text())
    except (OSError, ValueError) as e:
        raise StackScopeError(f"{p}: {e}") from None


def summary(r: Any) -> str:
    runs = r.get("runs", []) if isinstance(r, dict) else []
    return ", ".join(f"{x.get('workload')} {x.get('cycles')}c/{x.get('instructions')}i"
                     for x in runs[:3]) + (f" ... ({len(runs)} runs)" if len(runs) > 3 else "")


def self_test() -> int:
    base = {"kind": "suite", "runs": [{"workload": "w", "cycles": 10, "instructions": 7,
                                       "sim_seconds": 1.5, "counters": {"cpi": [1, 2, 3]},
                                       "metrics": {"ipc": 0.7}}]}
    same_but_time = json.loads(json.dumps(base))
    same_but_time["runs"][0]["sim_seconds"] = 9.0
    checks = [(base, same_but_time, 0)]
    other_elf = json.loads(json.dumps(base))
    other_elf["runs"][0]["elf"] = "/b/x.elf"
    base_elf = json.loads(json.dumps(base))
    base_elf["runs"][0]["elf"] = "/a/x.elf"
    for mutate in (lambda r: r["runs"][0].__setitem__("cycles", 11),
                   lambda r: r["runs"][0]["counters"]["cpi"].__setitem__(2, 4),
                   lambda r: r["runs"][0]["counters"]["cpi"].append(0),
                   lambda r: r["runs"][0]["metrics"].__setitem__("ipc", 0.70001),
                   lambda r: r["runs"][0]["metrics"].__setitem__("ipc", 1),   # type change
                   lambda r: r["runs"][0].pop("metrics"),
                   lambda r: r["runs"].append({})):
        other = json.loads(json.dumps(base))
        mutate(other)
        checks.append((base, other, 1))
    bad = 0
    if not diff(base_elf, other_elf) or diff(base_elf, other_elf,
                                             skip=TIMING_KEYS | {"elf"}):
        print("same_report self-test: --ignore-key elf wrong", file=sys.stderr)
        bad += 1
    for i, (a, b, want) in enumerate(checks):
        got = 1 if diff(a, b) else 0
        if got != want:
            print(f"same_report self-test {i}: expected {want}, got {got}", file=sys.stderr)
            bad += 1
    print(f"same_report self-test: {len(checks) + 1 - bad}/{len(checks) + 1} cases right")
    return 1 if bad else 0


def main(argv=None) -> int:
    return run_cli("same_report", compare, argv)


def compare(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", nargs="?")
    ap.add_argument("after", nargs="?")
    ap.add_argument("--ignore-key", action="append", default=[], metavar="KEY",
                    help="also ignore this key everywhere (e.g. elf)")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.before or not args.after:
        ap.error("BEFORE.json and AFTER.json are required")
    a, b = load(args.before), load(args.after)
    d = diff(a, b, skip=TIMING_KEYS | frozenset(args.ignore_key))
    if d:
        print(f"same_report: {args.before} and {args.after} differ:", file=sys.stderr)
        for line in d:
            print("  " + line, file=sys.stderr)
        return 1
    extra = f" and {', '.join(args.ignore_key)}" if args.ignore_key else ""
    print(f"same_report: identical apart from timing fields{extra}: {summary(a)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
