#!/usr/bin/env python3
"""Plots of a `stackscope run --json` report (docs/report.md): PNG and SVG of

  cpi_stacks      dispatch / issue / commit CPI stacks per workload (seed 000 Fig. 1 style)
  topdown_l1      Top-Down Level 1 per workload (100 % stacked)
  flops_stack     FLOPS stack per workload (share of peak)
  tip_<workload>  per-instruction TIP / NCI / LCI / dispatch shares against the oracle
  multiplex       largest multiplexed Top-Down error per workload

Usage: plots.py REPORT.json --out DIR
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CPI_COLORS = {
    "base": "#4c72b0", "icache": "#dd8452", "bpred": "#c44e52", "dcache_l1": "#8172b3",
    "dcache_l2": "#937860", "dcache_mem": "#da8bc3", "alu_lat": "#55a868", "depend": "#ccb974",
    "other": "#8c8c8c",
}
TD_COLORS = {"frontend_bound": "#dd8452", "bad_speculation": "#c44e52",
             "backend_bound": "#4c72b0", "retiring": "#55a868"}
FLOPS_COLORS = {"base": "#55a868", "non_fma": "#8172b3", "mask": "#937860", "frontend": "#dd8452",
                "non_vfp": "#da8bc3", "mem": "#4c72b0", "depend": "#ccb974"}
PROF_COLORS = {"oracle": "#222222", "tip": "#4c72b0", "nci": "#55a868", "lci": "#dd8452",
               "dispatch": "#c44e52"}


def save(fig, out, name):
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, f"{name}.{ext}"), dpi=130, bbox_inches="tight")
    plt.close(fig)


def cpi_stacks(runs, out):
    comps = [c for c in CPI_COLORS if any(r["metrics"]["cpi_stacks"][s][c] > 0
                                          for r in runs for s in ("dispatch", "issue", "commit"))]
    n = len(runs)
    fig, ax = plt.subplots(figsize=(max(6, 0.62 * n * 1.0 + 2), 4.8))
    width = 0.27
    for i, r in enumerate(runs):
        cs = r["metrics"]["cpi_stacks"]
        for k, stage in enumerate(("dispatch", "issue", "commit")):
            x = i + (k - 1) * width
            bottom = 0.0
            for c in comps:
                v = cs[stage][c]
                ax.bar(x, v, width * 0.92, bottom=bottom, color=CPI_COLORS[c],
                       label=c if (i == 0 and k == 0) else None, edgecolor="white", linewidth=0.3)
                bottom += v
    ax.set_xticks(range(n))
    ax.set_xticklabels([r["workload"] for r in runs], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("CPI")
    ax.set_title("CPI stacks per workload: dispatch | issue | commit (left to right)")
    ax.legend(ncol=min(len(comps), 5), fontsize=8, loc="upper left", frameon=False)
    ymax = max(r["metrics"]["cpi_stacks"]["commit"]["total"] for r in runs)
    ax.set_ylim(0, ymax * 1.25 if ymax > 0 else 1)
    ax.grid(axis="y", alpha=0.3)
    save(fig, out, "cpi_stacks")


def topdown(runs, out):
    runs = [r for r in runs if "topdown" in r["metrics"]]
    if not runs:
        return
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(runs) + 2), 4.2))
    for i, r in enumerate(runs):
        vals = {n["name"]: n["value"] for n in r["metrics"]["topdown"]["nodes"] if n["level"] == 1}
        bottom = 0.0
        for name, col in TD_COLORS.items():
            ax.bar(i, 100 * vals[name], 0.75, bottom=bottom, color=col,
                   label=name if i == 0 else None)
            bottom += 100 * vals[name]
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels([r["workload"] for r in runs], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("% of dispatch slots")
    ax.set_ylim(0, 100)
    ax.set_title("Top-Down Level 1")
    ax.legend(ncol=4, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.32), frameon=False)
    save(fig, out, "topdown_l1")


def flops(runs, out):
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(runs) + 2), 4.2))
    for i, r in enumerate(runs):
        comp = r["metrics"]["flops"]["components"]
        bottom = 0.0
        for name, col in FLOPS_COLORS.items():
            ax.bar(i, 100 * comp[name], 0.75, bottom=bottom, color=col,
                   label=name if i == 0 else None)
            bottom += 100 * comp[name]
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels([r["workload"] for r in runs], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("% of peak FLOP slots (2kv per cycle)")
    ax.set_ylim(0, 100)
    ax.set_title("FLOPS stack (base = achieved share of peak)")
    if all(r["metrics"]["flops"]["per_cycle"] == 0 for r in runs):
        # RV32IM has no FP instructions: say why every bar is one colour.
        ax.text(0.5, 0.5, "no floating-point operations executed (RV32IM core):\n"
                "every FP slot is lost to 'frontend' (no FP op dispatched)",
                transform=ax.transAxes, ha="center", va="center", fontsize=10,
                bbox=dict(facecolor="white", edgecolor="grey", alpha=0.9))
    ax.legend(ncol=7, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.32), frameon=False)
    save(fig, out, "flops_stack")


def tip(run, out, top=15):
    rows = run["tip"]["top_instructions"][:top]
    if not rows:
        return
    profs = ["oracle", "tip", "nci", "lci", "dispatch"]
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(rows) + 1.6))
    h = 0.16
    for k, p in enumerate(profs):
        ys = [i + (k - 2) * h for i in range(len(rows))]
        err = run["tip"]["error"]["instruction"].get(p)
        label = p if err is None else f"{p} (error {100 * err:.1f} %)"
        ax.barh(ys, [100 * r[p] for r in rows], h * 0.95, color=PROF_COLORS[p], label=label)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([f'{r["symbol"]}  {r["disasm"]}' for r in rows], fontsize=7,
                       family="monospace")
    ax.invert_yaxis()
    ax.set_xlabel("% of cycles")
    ax.set_title(f'{run["workload"]}: instruction profiles against the oracle')
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    save(fig, out, f'tip_{run["workload"]}')


def multiplex(runs, out):
    runs = [r for r in runs if "multiplex" in r]
    if not runs:
        return
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(runs) + 2), 3.8))
    ax.bar(range(len(runs)), [100 * r["multiplex"]["max_abs_error"] for r in runs], 0.7,
           color="#4c72b0")
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels([r["workload"] for r in runs], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("largest |error|, percentage points")
    k = runs[0]["multiplex"]["counters"]
    ax.set_title(f"Multiplexed Top-Down (K={k} counters) vs full visibility")
    ax.grid(axis="y", alpha=0.3)
    save(fig, out, "multiplex")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report")
    ap.add_argument("--out", required=True)
    ap.add_argument("--tip-top", type=int, default=15)
    a = ap.parse_args()
    try:
        with open(a.report) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"plots.py: {a.report}: {e}")
    if doc.get("schema") != "stackscope-report":
        sys.exit(f"plots.py: {a.report}: not a stackscope report")
    os.makedirs(a.out, exist_ok=True)
    runs = [r for r in doc["runs"] if r["cycles"] > 0 and r["instructions"] > 0]
    if not runs:
        sys.exit(f"plots.py: {a.report}: no run with instructions to plot")
    cpi_stacks(runs, a.out)
    topdown(runs, a.out)
    flops(runs, a.out)
    multiplex(runs, a.out)
    for r in runs:
        tip(r, a.out, a.tip_top)


if __name__ == "__main__":
    main()
