"""Plots of a `stackscope run --json` report (docs/report.md): PNG and SVG of

  cpi_stacks      dispatch / issue / commit CPI stacks per workload (Eyerman et al. Fig. 1 style)
  topdown_l1      Top-Down Level 1 per workload (100 % stacked)
  flops_stack     FLOPS stack per workload (share of peak)
  tip_<workload>  per-instruction TIP / NCI / LCI / dispatch shares against the oracle
  multiplex       largest multiplexed Top-Down error per workload

Usage: plots.py REPORT.json --out DIR   (`stackscope run --plots DIR` runs it)
"""
import argparse
import json
import os
import matplotlib

from .common.errors import StackScopeError, run_cli

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


TD_LABELS = {"frontend_bound": "Frontend_Bound", "bad_speculation": "Bad_Speculation",
             "backend_bound": "Backend_Bound", "retiring": "Retiring"}
PROF_LABELS = {"oracle": "oracle", "tip": "TIP", "nci": "NCI", "lci": "LCI", "dispatch": "Dispatch"}


def legend_right(ax, **kw):
    """Legend outside the axes on the right, top entry = top of the stack."""
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(handles[::-1], labels[::-1], loc="upper left", bbox_to_anchor=(1.005, 1.0),
              fontsize=8, frameon=False, **kw)


def workload_ticks(ax, runs):
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels([r["workload"] for r in runs], rotation=60, ha="right", fontsize=8)
    ax.set_xlim(-0.6, len(runs) - 0.4)


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
    workload_ticks(ax, runs)
    ax.set_ylabel("cycles per instruction")
    ax.set_title("CPI stacks per workload: three bars each, dispatch | issue | commit")
    legend_right(ax)
    # One very slow workload (muldiv_chain: CPI ~17) would flatten all others: cut the axis at
    # 1.3x the second-highest total and print the clipped bars' totals above them.
    totals = sorted((max(r["metrics"]["cpi_stacks"][s]["total"] for s in ("dispatch", "issue", "commit")), i)
                    for i, r in enumerate(runs))
    ymax = totals[-1][0] if totals else 0
    if len(totals) >= 3 and totals[-1][0] > 2 * totals[-2][0] > 0:
        ymax = 1.3 * totals[-2][0]
        for t, i in totals:
            if t > ymax:
                ax.text(i, ymax * 0.98, f"{t:.1f}\u2191", ha="center", va="top", fontsize=7,
                        bbox=dict(facecolor="white", edgecolor="none", pad=1))
    ax.set_ylim(0, ymax * 1.05 if ymax > 0 else 1)
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
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
                   label=TD_LABELS[name] if i == 0 else None)
            bottom += 100 * vals[name]
    workload_ticks(ax, runs)
    ax.set_ylabel("% of dispatch slots")
    ax.set_ylim(0, 100)
    w = runs[0]["config"]["core"]["dispatch_width"]
    ax.set_title(f"Top-Down Level 1 (Yasin; {w} dispatch slots per cycle)")
    legend_right(ax)
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
    workload_ticks(ax, runs)
    ax.set_ylabel("% of peak FLOP slots (2kv per cycle)")
    ax.set_ylim(0, 100)
    ax.set_title("FLOPS stack (base = achieved share of peak)")
    if all(r["metrics"]["flops"]["per_cycle"] == 0 for r in runs):
        # integer workloads only: say why every bar is one colour
        ax.text(0.5, 0.5, "no floating-point operations executed by these workloads:\n"
                "every FP slot is lost to 'frontend' (no FP op dispatched)",
                transform=ax.transAxes, ha="center", va="center", fontsize=10,
                bbox=dict(facecolor="white", edgecolor="grey", alpha=0.9))
    legend_right(ax)
    save(fig, out, "flops_stack")


def tip(run, out, top=15):
    profs = ["oracle", "tip", "nci", "lci", "dispatch"]
    rows = [r for r in run["tip"]["top_instructions"] if any(r[p] >= 0.0005 for p in profs)][:top]
    if not rows:
        return
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(rows) + 1.6))
    h = 0.16
    for k, p in enumerate(profs):
        ys = [i + (k - 2) * h for i in range(len(rows))]
        err = run["tip"]["error"]["instruction"].get(p)
        label = PROF_LABELS[p] if err is None else f"{PROF_LABELS[p]} (error {100 * err:.1f} %)"
        ax.barh(ys, [100 * r[p] for r in rows], h * 0.95, color=PROF_COLORS[p], label=label)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([f'{r["symbol"]}  {r["disasm"]}' for r in rows], fontsize=7,
                       family="monospace")
    ax.invert_yaxis()
    ax.set_xlabel("% of run time (oracle: every cycle; profilers: their samples)")
    t = run["tip"]
    ax.set_title(f'{run["workload"]}: top instructions, each profiler against the oracle\n'
                 f'({t["mode"]} sampling, period {t["period"]}: {t["samples"]:,} samples; '
                 f'error = instruction-level profile error)', fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0), frameon=False)
    ax.grid(axis="x", alpha=0.3)
    save(fig, out, f'tip_{run["workload"]}')


def multiplex(runs, out):
    runs = [r for r in runs if "multiplex" in r]
    if not runs:
        return
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(runs) + 2), 3.8))
    # A run too short for every group to get a slice has events that were never counted
    # (scaled to 0): its error says "run longer", not "multiplexing is inaccurate".
    short = [any(e["time_running"] == 0 for e in r["multiplex"]["events"]) for r in runs]
    for i, r in enumerate(runs):
        ax.bar(i, 100 * r["multiplex"]["max_abs_error"], 0.7,
               color="#bbbbbb" if short[i] else "#4c72b0", hatch="//" if short[i] else None,
               edgecolor="#555555" if short[i] else None, linewidth=0.5)
    ax.bar(0, 0, color="#4c72b0", label="every event group counted")
    if any(short):
        ax.bar(0, 0, color="#bbbbbb", hatch="//", edgecolor="#555555",
               label="run shorter than one rotation:\nsome events never counted")
    workload_ticks(ax, runs)
    ax.set_ylabel("largest |error| over Level 1-4\n(percentage points)")
    mx = runs[0]["multiplex"]
    groups = 1 + max(e["group"] for e in mx["events"])
    ax.set_title(f"Multiplexed Top-Down vs full visibility, same run: {len(mx['events'])} events "
                 f"on K={mx['counters']} counters, {groups} groups, {mx['slice_cycles']}-cycle slices",
                 fontsize=10)
    # Such a run's error (up to 100 pp) would flatten the others: cut the axis above the
    # largest error of the runs that saw every group, and print the cut bars' values.
    errs = [100 * r["multiplex"]["max_abs_error"] for r in runs]
    full = [e for e, sh in zip(errs, short) if not sh]
    if any(short) and full and max(errs) > 2 * max(full) > 0:
        top = 1.4 * max(full)
        ax.set_ylim(0, top)
        for i, e in enumerate(errs):
            if e > top:
                ax.text(i, top * 0.98, f"{e:.0f}\u2191", ha="center", va="top", fontsize=7,
                        bbox=dict(facecolor="white", edgecolor="none", pad=1))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.005, 1.0), frameon=False)
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    save(fig, out, "multiplex")


def main(argv=None):
    return run_cli("plots.py", plot_report, argv)


def plot_report(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report")
    ap.add_argument("--out", required=True)
    ap.add_argument("--tip-top", type=int, default=15)
    a = ap.parse_args(argv)
    try:
        with open(a.report) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise StackScopeError(f"{a.report}: {e}", 1) from None
    if doc.get("schema") != "stackscope-report":
        raise StackScopeError(f"{a.report}: not a stackscope report", 1)
    os.makedirs(a.out, exist_ok=True)
    runs = [r for r in doc["runs"] if r["cycles"] > 0 and r["instructions"] > 0]
    if not runs:
        raise StackScopeError(f"{a.report}: no run with instructions to plot", 1)
    cpi_stacks(runs, a.out)
    topdown(runs, a.out)
    flops(runs, a.out)
    multiplex(runs, a.out)
    for r in runs:
        tip(r, a.out, a.tip_top)
    return 0
