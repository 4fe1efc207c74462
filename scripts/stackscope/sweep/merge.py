"""The merge step of a sweep: `python3 -m stackscope.sweep.merge OUT` reads OUT/plan.json, every point's result file
and JSON report, and writes OUT/merged.json, OUT/merged.csv (one row per point, keyed by its
parameters) and the plans' plots under OUT/plots/. Every file appears whole (a temporary name,
then a rename). Run by the local back end in process and by the slurm back end as a job that
depends on the points' array.

Columns: the point's parameters; status and reason (a failed point's one-line reason);
cycles, instructions and every numeric metric of the report (`metrics` of docs/report.md, the
prefix dropped: ipc, cpi, topdown.level1_slots.*, cpi_stacks.commit.dcache_mem, ...); then the
timing fields, named time.* (wall seconds of the point, simulation seconds, host), which are
the only columns that differ between back ends.
"""
from __future__ import annotations

import csv
import io
import json
import math
import os
import sys
from pathlib import Path

from ..common.runner import write_json_atomic

TIME_COLS = ["time.seconds", "time.sim_seconds", "time.host"]


def flatten(d: dict, prefix: str, out: dict) -> None:
    for k, v in d.items():
        if isinstance(v, dict):
            flatten(v, f"{prefix}{k}.", out)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out[prefix + k] = v


def report_row(path: str) -> dict:
    with open(path) as f:
        rep = json.load(f)
    r = rep["runs"][0]
    row = {"cycles": r["cycles"], "instructions": r["instructions"]}
    flatten(r["metrics"], "", row)
    row["time.sim_seconds"] = r.get("sim_seconds")
    return row


def merge(out: Path) -> dict:
    out = Path(out)
    plan = json.loads((out / "plan.json").read_text())
    rows = []
    for p in plan["points"]:
        row = dict(p["params"])
        try:
            res = json.loads((out / "state" / f"{p['key']}.result.json").read_text())
        except (OSError, ValueError):
            res = {"status": "not run", "reason": "no result (the sweep was interrupted before it ran)"}
        if res.get("stamp", p["stamp"]) != p["stamp"]:
            res = {"status": "not run", "reason": "stale result (the model changed)"}
        row["status"], row["reason"] = res["status"], res.get("reason", "")
        if res["status"] == "ok":
            try:
                row.update(report_row(p["report"]))
            except (OSError, ValueError, KeyError, IndexError) as e:
                row["status"], row["reason"] = "failed", f"unreadable report: {e}"
        row["time.seconds"] = res.get("seconds")
        row["time.host"] = res.get("host")
        rows.append(row)
    axes = list(plan["axes"])
    metric_cols = sorted({k for r in rows for k in r} - set(axes) - {"status", "reason"} - set(TIME_COLS))
    cols = axes + ["status", "reason"] + metric_cols + TIME_COLS
    table = {"schema": "stackscope-sweep", "version": 1, "name": plan["name"], "axes": axes,
             "swept": plan["swept"], "columns": cols, "rows": rows}
    write_json_atomic(out / "merged.json", table)
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: fmt(r.get(k)) for k in cols})
    tmp = out / f"merged.csv.tmp{os.getpid()}"
    tmp.write_text(buf.getvalue())
    os.replace(tmp, out / "merged.csv")
    if plan.get("plots") and not plan.get("no_plots"):
        (out / "plots").mkdir(exist_ok=True)
        for i, spec in enumerate(plan["plots"]):
            try:
                plot(table, spec, out / "plots" / plot_name(spec, i))
            except ValueError as e:  # a y the table lacks: the table is still written
                print(f"merge: {e}", file=sys.stderr)
    return table


def fmt(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    return "" if v is None else v


def plot_name(spec: dict, i: int) -> str:
    safe = lambda s: "".join(c if c.isalnum() or c in "-_." else "_" for c in str(s))
    return f"{i:02d}_{safe(spec['y'])}_vs_{safe(spec['x'])}.png"


def plot(table: dict, spec: dict, path: Path) -> None:
    """y against x: a line per combination of the other swept axes, a panel per value of `by`
    (default: workload when it is swept and is not x); a stack (a prefix of several columns,
    e.g. cpi_stacks.commit) is drawn as stacked bars, its `total` left out."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = [r for r in table["rows"] if r["status"] == "ok"]
    x, y = spec["x"], spec["y"]
    by = spec.get("by") or ("workload" if "workload" in table["swept"] and x != "workload" else None)
    others = [a for a in table["swept"] if a not in (x, by)]
    comps = [c for c in table["columns"] if c.startswith(y + ".") and c.count(".") == y.count(".") + 1
             and not c.endswith(".total")]
    stacked = y not in table["columns"] and bool(comps)
    if y not in table["columns"] and not comps:
        raise ValueError(f"plot: y '{y}' is neither a column nor a stack of the table")
    panels = sorted({r[by] for r in rows}, key=str) if by else [None]
    ncol = min(3, len(panels))
    nrow = math.ceil(len(panels) / ncol)
    fig, axs = plt.subplots(nrow, ncol, figsize=(5.2 * ncol, (4.4 if stacked else 3.8) * nrow),
                            squeeze=False)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, pv in enumerate(panels):
        ax = axs[i // ncol][i % ncol]
        pr = [r for r in rows if by is None or r[by] == pv]
        groups = sorted({tuple(r[o] for o in others) for r in pr}, key=str)
        xs = sorted({r[x] for r in pr}, key=lambda v: (isinstance(v, str), v))
        if stacked:
            ticks, labels, pos = [], [], 0.0
            for xv in xs:
                start = pos
                for g in groups:
                    sel = [r for r in pr if r[x] == xv and tuple(r[o] for o in others) == g]
                    if not sel:
                        continue
                    bottom = 0.0
                    for ci, c in enumerate(comps):
                        v = sel[0].get(c) or 0.0
                        ax.bar(pos, v, 0.8, bottom=bottom, color=colors[ci % len(colors)],
                               label=c.split(".")[-1] if not ticks else None)
                        bottom += v
                    ticks.append(pos)
                    labels.append(",".join(os.path.basename(str(gv)) for gv in g))
                    pos += 1
                ax.annotate(f"{x}={xv}", ((start + pos - 1) / 2, 0), xycoords=("data", "axes fraction"),
                            xytext=(0, -40 if others else -18), textcoords="offset points",
                            ha="center", va="top", fontsize=8)
                pos += 0.6
            ax.set_xticks(ticks)
            ax.set_xticklabels(labels, fontsize=7, rotation=90 if others else 0)
            if i == 0:
                ax.legend(fontsize=7, ncol=2)
        else:
            for gi, g in enumerate(groups):
                pts = sorted(((r[x], r[y]) for r in pr if tuple(r[o] for o in others) == g
                              and r.get(y) is not None), key=lambda t: (isinstance(t[0], str), t[0]))
                if not pts:
                    continue
                lbl = ", ".join(f"{o}={gv}" for o, gv in zip(others, g)) or None
                ax.plot([str(p[0]) for p in pts], [p[1] for p in pts], marker="o",
                        color=colors[gi % len(colors)], label=lbl)
            ax.set_xlabel(x)
            if others:
                ax.legend(fontsize=7)
        ax.set_ylabel(y)
        ax.set_title(f"{by} = {os.path.basename(str(pv))}" if by else spec.get("title", ""), fontsize=9)
        ax.grid(alpha=0.3)
    for j in range(len(panels), nrow * ncol):
        axs[j // ncol][j % ncol].axis("off")
    fig.suptitle(spec.get("title") or f"{table['name']}: {y} vs {x}", fontsize=10)
    fig.tight_layout()
    tmp = path.with_name(path.stem + f".tmp{os.getpid()}.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    os.replace(tmp, path)


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python3 -m stackscope.sweep.merge SWEEP_DIR", file=sys.stderr)
        return 2
    try:
        t = merge(Path(sys.argv[1]))
    except (OSError, ValueError, KeyError) as e:
        print(f"merge: {e}", file=sys.stderr)
        return 1
    ok = sum(r["status"] == "ok" for r in t["rows"])
    print(f"merge: {len(t['rows'])} points, {ok} ok -> {Path(sys.argv[1]) / 'merged.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
