"""SPEC files of `stackscope sweep` (docs/sweep.md "Write a spec"): JSON or TOML.

    name = "memlat"                      # optional (default: the file's stem)
    workloads = ["pchase_l2", "alu_dep"] # manifest names, ELF paths, "suite" or "fp_suite"
    [build]                              # soc_top parameters, or model = a `make build` model
    model = ["w1", "default"]
    [run]                                # `stackscope run` options (long names, no dashes)
    mem-latency = [20, 60]
    max-cycles = 3000000                 # a scalar is fixed, a list is an axis
    [[exclude]]                          # points matching every key are left out
    model = "w1"
    mem-latency = 60
    [[plot]]                             # y: a table column or a stack (cpi_stacks.commit)
    x = "mem-latency"
    y = "cpi_stacks.commit"
"""
from __future__ import annotations

import hashlib
import itertools
import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..common.errors import StackScopeError
from ..spec import builds, options

# `stackscope run` options a spec may set, by long name without dashes: kind of value (the
# run-time options table's sweepable flags and the run's own options it lists,
# stackscope.spec.options).
RUN_OPTIONS = options.sweep_options()
TOP_KEYS = {"name", "workloads", "build", "run", "exclude", "plot"}


@dataclass
class Spec:
    name: str
    path: Path
    workloads: list[str]
    build: dict[str, list]       # axis -> values (a scalar becomes a one-value list)
    run: dict[str, list]
    exclude: list[dict]
    plots: list[dict]
    swept: list[str] = field(default_factory=list)   # axes with more than one value


def load(path: str | Path) -> dict:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise StackScopeError(f"{path}: cannot read the spec ({e.strerror})")
    try:
        if p.suffix == ".toml":
            return tomllib.loads(raw.decode())
        if p.suffix == ".json":
            return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as e:
        raise StackScopeError(f"{path}: not valid {p.suffix[1:].upper()}: {e}")
    raise StackScopeError(f"{path}: a spec is .json or .toml")


def _values(where: str, k, v) -> list:
    vals = v if isinstance(v, list) else [v]
    if not vals:
        raise StackScopeError(f"{where}.{k}: empty list")
    for x in vals:
        if isinstance(x, (dict, list)) or x is None:
            raise StackScopeError(f"{where}.{k}: values must be numbers, strings or booleans")
    if len(set(map(json.dumps, vals))) != len(vals):
        raise StackScopeError(f"{where}.{k}: a value is repeated")
    return vals


def parse(path: str | Path, manifest: dict[str, dict], named_models: dict) -> Spec:
    d = load(path)
    if not isinstance(d, dict):
        raise StackScopeError(f"{path}: the spec must be a table / object")
    bad = sorted(set(d) - TOP_KEYS)
    if bad:
        raise StackScopeError(f"{path}: unknown key '{bad[0]}' (keys: {', '.join(sorted(TOP_KEYS))})")
    name = d.get("name", Path(path).stem)
    if not isinstance(name, str) or not name or any(c in name for c in "/\\\0") or name.startswith("."):
        raise StackScopeError(f"{path}: name must be a plain file name")
    wl = d.get("workloads")
    if wl is None:
        raise StackScopeError(f"{path}: no workloads (names from sw/workloads.json, ELF paths, \"suite\" "
                        "or \"fp_suite\")")
    wl = wl if isinstance(wl, list) else [wl]
    workloads = []
    for w in wl:
        if not isinstance(w, str) or not w:
            raise StackScopeError(f"{path}: workloads must be strings")
        if w in ("suite", "fp_suite"):
            group = "workloads" if w == "suite" else "fp_workloads"
            workloads += [n for n, e in manifest.items()
                          if e.get("group", "workloads") == group and n not in workloads]
        elif w in manifest:
            workloads.append(w)
        elif w.endswith(".elf"):
            e = Path(w) if os.path.isabs(w) else (Path(path).resolve().parent / w)
            if not e.is_file():
                raise StackScopeError(f"{path}: workload {w}: no such ELF file")
            workloads.append(str(e))
        else:
            raise StackScopeError(f"{path}: workload '{w}' is not in the manifest (nor an .elf path)")
    if len(set(workloads)) != len(workloads):
        raise StackScopeError(f"{path}: a workload is listed twice")
    build, run = {}, {}
    for sect, out in (("build", build), ("run", run)):
        s = d.get(sect, {})
        if not isinstance(s, dict):
            raise StackScopeError(f"{path}: [{sect}] must be a table")
        for k, v in s.items():
            out[k] = _values(sect, k, v)
    for k, vals in run.items():
        if k not in RUN_OPTIONS:
            raise StackScopeError(f"{path}: run.{k}: not a run option a sweep sets "
                            f"({', '.join(sorted(RUN_OPTIONS))})")
        kind = RUN_OPTIONS[k]
        for x in vals:
            ok = (isinstance(x, bool) if kind is bool else
                  isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0 if kind is float else
                  isinstance(x, int) and not isinstance(x, bool) and x >= 0 if kind is int else
                  isinstance(x, (str, int)) and not isinstance(x, bool))
            if not ok:
                raise StackScopeError(f"{path}: run.{k} = {json.dumps(x)}: expected "
                                f"{'true/false' if kind is bool else 'a number' if kind in (int, float) else 'a string'}")
    for x in build.get("model", []):
        if x not in named_models:
            raise StackScopeError(f"{path}: build.model = {json.dumps(x)}: not a model of `make build` "
                            f"({', '.join(named_models)})")
    least = {p.name: p.least for p in builds.PARAMS}
    for k, vals in build.items():
        lo = least.get(k, 1)  # an unknown name is reported when its model is resolved
        if k != "model" and not all(isinstance(x, int) and not isinstance(x, bool) and x >= lo
                                    for x in vals):
            raise StackScopeError(f"{path}: build.{k}: values must be "
                                  f"{'positive integers' if lo > 0 else 'integers >= 0'}")
    axes = {"workload": workloads, **build, **run}
    if len(set(build) & set(run)) or "workload" in build or "workload" in run:
        raise StackScopeError(f"{path}: an axis name is used twice")
    exclude = d.get("exclude", [])
    if not isinstance(exclude, list) or not all(isinstance(e, dict) and e for e in exclude):
        raise StackScopeError(f"{path}: exclude must be a list of tables")
    for e in exclude:
        for k in e:
            if k not in axes:
                raise StackScopeError(f"{path}: exclude: '{k}' is not an axis ({', '.join(axes)})")
    plots = d.get("plot", [])
    if not isinstance(plots, list) or not all(isinstance(p, dict) for p in plots):
        raise StackScopeError(f"{path}: plot must be a list of tables")
    for p in plots:
        if set(p) - {"x", "y", "by", "title"} or "x" not in p or "y" not in p:
            raise StackScopeError(f"{path}: a plot has x, y and optionally by, title")
        for k in ("x", "by"):
            if k in p and p[k] not in axes:
                raise StackScopeError(f"{path}: plot.{k} = {p[k]!r} is not an axis ({', '.join(axes)})")
    sp = Spec(name, Path(path), workloads, build, run, exclude, plots)
    sp.swept = [k for k, v in axes.items() if len(v) > 1]
    return sp


def points(sp: Spec) -> list[dict]:
    """Every combination of the axes' values (workload first, then build, then run, in the
    spec's order), less the excluded ones."""
    axes = {"workload": sp.workloads, **sp.build, **sp.run}
    names = list(axes)
    pts = []
    for combo in itertools.product(*axes.values()):
        p = dict(zip(names, combo))
        if any(all(p.get(k) == v for k, v in e.items()) for e in sp.exclude):
            continue
        pts.append(p)
    if not pts:
        raise StackScopeError(f"{sp.path}: every point is excluded")
    return pts


def point_key(params: dict) -> str:
    """A point's file name: stable for its parameters, whatever else the spec holds."""
    wl = os.path.basename(str(params["workload"])).removesuffix(".elf")
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in wl)[:40]
    h = hashlib.sha256(json.dumps(params, sort_keys=True).encode()).hexdigest()[:12]
    return f"{safe}-{h}"


def run_argv(params: dict, run_axes: list[str]) -> list[str]:
    a = []
    for k in run_axes:
        v = params[k]
        if RUN_OPTIONS[k] is bool:
            if v:
                a.append(f"--{k}")
        else:
            a += [f"--{k}", str(v)]
    return a
