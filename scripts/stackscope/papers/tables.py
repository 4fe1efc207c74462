"""The tables and the plot of docs/papers.md, from `stackscope run --json` reports: Yasin's
Table 4 on the matmul workloads and Gottschall et al.'s profile error of TIP, NCI, LCI and
dispatch tagging (stackscope.papers.cli writes the page)."""
import os

import numpy as np

from ..common.errors import StackScopeError

PROFILERS = ("tip", "nci", "lci", "dispatch")
PROF_LABELS = {"tip": "TIP", "nci": "NCI", "lci": "LCI", "dispatch": "Dispatch"}
PROF_COLORS = {"tip": "#4c72b0", "nci": "#55a868", "lci": "#dd8452", "dispatch": "#c44e52"}
MATMUL = ("matmul_naive", "matmul_interchange", "matmul_blocked")
KERNELS = {"matmul_naive": "mm_naive", "matmul_interchange": "mm_interchange",
           "matmul_blocked": "mm_blocked"}

# Yasin's Table 4 (multiply1 / multiply2 / multiply3); None = "-" in the paper.
PAPER_T4 = {
    "speedup": (1.0, 11.8, 16.5), "ipc": (0.17, 1.19, 0.80),
    "frontend_bound": (0.00, 0.07, 0.02), "retiring": (0.05, 0.41, 0.28),
    "bad_speculation": (0.00, 0.00, 0.00), "backend_bound": (0.95, 0.52, 0.70),
    "memory_bound": (0.84, 0.12, 0.31), "l1_bound": (0.05, 0.07, 0.03),
    "l2_bound": (0.03, None, 0.05), "l3_bound": (0.05, None, 0.01),
    "ext_memory_bound": (0.71, 0.07, 0.21), "stores_bound": (None, None, None),
    "core_bound": (0.15, 0.64, 0.55),
}
T4_ROWS = [("frontend_bound", "Frontend Bound"), ("retiring", "Retiring"),
           ("bad_speculation", "Bad Speculation"), ("backend_bound", "Backend Bound"),
           ("memory_bound", "-- Memory Bound"), ("l1_bound", "---- L1 Bound"),
           ("l2_bound", "---- L2 Bound"), ("l3_bound", "---- L3 Bound"),
           ("ext_memory_bound", "---- MEM Bound (ours: Ext_Memory_Bound)"),
           ("stores_bound", "---- Stores Bound"), ("core_bound", "-- Core Bound")]
# Gottschall et al., instruction level: average and maximum error (None: not given in the
# paper's text).
PAPER_TIP = {"tip": (0.016, 0.050), "nci": (0.093, 0.21), "lci": (0.554, None),
             "dispatch": (0.531, None)}
ALIAS_PERIOD = 3   # a short periodic interval that loops resonate with
FAST_MEM = 4       # memory latency of the matmul comparison run (default 20)
NOISE_OK = 0.01    # "enough samples": expected sampling noise at most 1 % of the time
NOISE_DRAWS = 20   # oracle resamplings per (workload, sample count)


def node_values(run):
    nodes = run["metrics"]["topdown"]["nodes"]
    return ({n["name"]: n["value"] for n in nodes}, {n["name"]: n["normalized"] for n in nodes})


def kernel_cycles(run, fn):
    """Cycles the oracle charged to the kernel function (Gottschall et al.'s time-proportional
    attribution, function level), so the speed-up is the kernel's, not the set-up's."""
    for row in run["tip"]["top_functions"]:
        if row["function"] == fn:
            return row["oracle"] * run["cycles"]
    raise StackScopeError(f"{run['workload']}: {fn} not among the oracle's top functions")


def fmt2(v):
    return "-" if v is None else f"{v:.2f}"


def table4(runs):
    lines = []
    cyc = {r["workload"]: r["cycles"] for r in runs}
    kern = {r["workload"]: kernel_cycles(r, KERNELS[r["workload"]]) for r in runs}
    base_k, base_c = kern["matmul_naive"], cyc["matmul_naive"]
    head = ("| metric | multiply1 (paper) | naive | naive norm. | multiply2 (paper) | "
            "interchange | interchange norm. | multiply3 (paper) | blocked | blocked norm. |")
    lines += [head, "|" + "---|" * 10]
    row = ["Speed-up, kernel (whole program)"]
    for i, r in enumerate(runs):
        w = r["workload"]
        row += [f"{PAPER_T4['speedup'][i]:.1f}x",
                f"{base_k / kern[w]:.1f}x ({base_c / cyc[w]:.1f}x)", ""]
    lines.append("| " + " | ".join(row) + " |")
    row = ["IPC (whole program)"]
    for i, r in enumerate(runs):
        row += [fmt2(PAPER_T4["ipc"][i]), f"{r['metrics']['ipc']:.2f}", ""]
    lines.append("| " + " | ".join(row) + " |")
    for key, label in T4_ROWS:
        row = [label]
        for i, r in enumerate(runs):
            val, norm = node_values(r)
            if key == "l3_bound":  # this SoC has no L3 (L1D, L2, memory)
                ours, on = "n/a", "n/a"
            else:
                ours, on = fmt2(val[key]), fmt2(norm[key])
                if key in ("frontend_bound", "retiring", "bad_speculation", "backend_bound"):
                    on = "="
            row += [fmt2(PAPER_T4[key][i]), ours, on]
        lines.append("| " + " | ".join(row) + " |")
    return lines, kern


def direction(runs, fast):
    """The paper's findings, each a yes/no from the JSON values (default memory latency, and
    the FAST_MEM run for the one that depends on hiding the stream's latency)."""
    v = {r["workload"]: node_values(r)[0] for r in runs}
    f = {r["workload"]: node_values(r)[0] for r in fast}
    n, i, b = v["matmul_naive"], v["matmul_interchange"], v["matmul_blocked"]
    fi = f["matmul_interchange"]
    l1 = ("frontend_bound", "bad_speculation", "retiring", "backend_bound")
    return [
        ("naive is Memory Bound: Backend_Bound the largest Level 1 node, Memory_Bound > "
         "Core_Bound, most of it Ext_Memory_Bound",
         max(l1, key=lambda k: n[k]) == "backend_bound" and n["memory_bound"] > n["core_bound"]
         and n["ext_memory_bound"] > n["l1_bound"] + n["l2_bound"]),
        ("loop interchange moves the bottleneck towards the core: Memory_Bound falls below "
         "0.75x naive's and Core_Bound rises above naive's",
         i["memory_bound"] < 0.75 * n["memory_bound"] and i["core_bound"] > n["core_bound"]),
        ("loop interchange is Core Bound (Core_Bound > Memory_Bound) at the default memory "
         f"latency of {runs[0]['config']['memory']['latency']} cycles",
         i["core_bound"] > i["memory_bound"]),
        (f"loop interchange is Core Bound with memory {FAST_MEM} cycles away (the stream's "
         "latency hidden, as the paper's prefetchers do)",
         fi["core_bound"] > fi["memory_bound"]),
        ("blocked + unrolled raises Retiring above naive's and interchange's",
         b["retiring"] > n["retiring"] and b["retiring"] > i["retiring"]),
        ("blocked + unrolled is Core Bound (Core_Bound > Memory_Bound)",
         b["core_bound"] > b["memory_bound"]),
    ]


def fast_table(runs, fast):
    keys = [("ipc", "IPC"), ("retiring", "Retiring"), ("backend_bound", "Backend Bound"),
            ("memory_bound", "-- Memory Bound"), ("core_bound", "-- Core Bound")]
    lines = ["| metric | " + " | ".join(f"{r['workload'].split('_')[1]}, latency {lat}"
                                        for r in runs for lat in (20,) ) + " | " +
             " | ".join(f"{r['workload'].split('_')[1]}, latency {FAST_MEM}" for r in fast) + " |",
             "|" + "---|" * 7]
    for k, label in keys:
        cells = []
        for r in list(runs) + list(fast):
            cells.append(f"{r['metrics']['ipc']:.2f}" if k == "ipc" else fmt2(node_values(r)[0][k]))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


# ---------------------------------------------------------------- Gottschall et al., TIP

def profile_error(sampled, oracle):
    """Gottschall et al.'s instruction-level error as docs/report.md defines it: half the L1 distance
    of the two normalised profiles (the share of time put on the wrong instruction)."""
    ts, to = sum(sampled.values()), sum(oracle.values())
    keys = set(sampled) | set(oracle)
    return sum(abs(sampled.get(k, 0) / ts - oracle.get(k, 0) / to) for k in keys) / 2


def noise_floor(oracle, n, rng):
    """Expected error of an unbiased profiler with n independent samples: draw n samples
    from the oracle's distribution, NOISE_DRAWS times, and average the error."""
    if n <= 0:
        return None
    p = np.array(list(oracle.values()), dtype=float)
    p /= p.sum()
    errs = [0.5 * np.abs(rng.multinomial(n, p) / n - p).sum() for _ in range(NOISE_DRAWS)]
    return float(np.mean(errs))


def sweep_table(docs_by_key):
    """{workload: [Row]} from {key: report}, keys ascending (a period or a random mask)."""
    rng = np.random.default_rng(2021)
    out = {}
    for key in sorted(docs_by_key):
        for r in docs_by_key[key]["runs"]:
            t = r["tip"]
            oracle = t["profiles"]["oracle"]
            out.setdefault(r["workload"], []).append({
                "key": key, "samples": t["samples"], "cycles": r["cycles"], "pcs": len(oracle),
                "err": {p: t["error"]["instruction"][p] for p in PROFILERS},
                "noise": noise_floor(oracle, t["samples"], rng),
                "cls": tip_class(t["oracle_cycles_per_state"])})
    return out


def tip_class(states):
    """Gottschall et al.'s benchmark classes from the commit-stage cycle stack: Compute-Intensive when
    more than 50 % of the time commits, else Flush-Intensive when more than 3 % is flushed,
    else Stall-Intensive."""
    tot = sum(states.values())
    if states["computing"] > 0.5 * tot:
        return "compute"
    return "flush" if states["flushed"] > 0.03 * tot else "stall"


CLASSES = (("compute", "Compute-Intensive (> 50 % of cycles commit)"),
           ("flush", "Flush-Intensive (> 3 % flushed)"),
           ("stall", "Stall-Intensive (the rest)"))


def class_bias(per, every):
    """{class: (workloads, {profiler: mean bias})} over the classes that have workloads."""
    out = {}
    for cls, _ in CLASSES:
        rows = [row_at(r, every) for r in per.values() if row_at(r, every)["cls"] == cls]
        if rows:
            out[cls] = (len(rows), {p: mean(r["err"][p] for r in rows)
                                    for p in ("nci", "lci", "dispatch")})
    return out


def class_table(per, every):
    lines = ["| Gottschall et al.'s class (from the oracle's cycle states) | workloads | "
             "NCI bias | LCI bias | Dispatch bias |", "|---|---|---|---|---|"]
    cb = class_bias(per, every)
    for cls, label in CLASSES:
        if cls not in cb:
            lines.append(f"| {label} | 0 | - | - | - |")
            continue
        n, bias = cb[cls]
        lines.append(f"| {label} | {n} | " + " | ".join(
            pct(bias[p]) for p in ("nci", "lci", "dispatch")) + " |")
    return lines


def row_at(rows, key):
    return next(r for r in rows if r["key"] == key)


def pick_rate(rows):
    """The sparsest swept rate whose expected sampling noise is at most NOISE_OK (the
    densest when none is)."""
    ok = [r for r in rows if r["noise"] is not None and r["noise"] <= NOISE_OK]
    return max(ok, key=lambda r: r["key"]) if ok else rows[0]


def tip_plot(rand, per, out_dir, svg_dir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams["svg.hashsalt"] = "stackscope-papers"
    fig, axes = plt.subplots(1, 4, figsize=(17, 4.4), sharey=True)

    def medians(table, p, what):
        keys = sorted({r["key"] for rows in table.values() for r in rows})
        xs, ys = [], []
        for k in keys:
            pts = [(r["samples"], r["err"][p] if what == "err" else r["noise"])
                   for rows in table.values() for r in rows
                   if r["key"] == k and r["samples"] > 0
                   and (r["err"][p] if what == "err" else r["noise"]) is not None]
            if pts:
                xs.append(float(np.median([x for x, _ in pts])))
                ys.append(float(np.median([y for _, y in pts])))
        return xs, ys

    for ax, p in zip(axes, PROFILERS):
        for rows in rand.values():
            pts = [(r["samples"], r["err"][p]) for r in rows
                   if r["samples"] > 0 and r["err"][p] is not None]
            if pts:
                ax.plot(*zip(*pts), color=PROF_COLORS[p], alpha=0.3, lw=0.8, marker=".", ms=3)
        ax.plot(*medians(rand, p, "err"), color=PROF_COLORS[p], lw=2.6, marker="o",
                label=f"{PROF_LABELS[p]}, random trigger: median of workloads")
        ax.plot(*medians(per, p, "err"), color=PROF_COLORS[p], lw=1.4, ls=":", marker="s", ms=3,
                label=f"{PROF_LABELS[p]}, periodic trigger: median")
        ax.plot(*medians(rand, p, "noise"), color="black", lw=1.2, ls="--",
                label="unbiased profiler (oracle resampled): median")
        ax.set_xscale("log")
        ax.set_title(f"{PROF_LABELS[p]} (Gottschall et al.: average {100 * PAPER_TIP[p][0]:.1f} %)",
                     fontsize=10)
        ax.set_xlabel("samples per run (sampling interval swept)")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=7, loc="upper right")
    axes[0].set_ylabel("instruction-level profile error")
    axes[0].yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    fig.suptitle("Profile error against the number of samples: thin lines = one workload each "
                 "(random trigger), default core", fontsize=10)
    fig.tight_layout()
    # Reproducible files: no date in the metadata, fixed SVG ids.
    fig.savefig(os.path.join(out_dir, "papers_tip_error.png"), dpi=110, bbox_inches="tight",
                metadata={"Software": None})
    fig.savefig(os.path.join(svg_dir, "papers_tip_error.svg"), bbox_inches="tight",
                metadata={"Date": None})
    plt.close(fig)


def pct(v, digits=1):
    return "-" if v is None else f"{100 * v:.{digits}f} %"


def mean(vals):
    vals = [v for v in vals if v is not None]
    return float(np.mean(vals)) if vals else None


def tip_tables(rand, per, default_period, every, alias_period):
    lines = ["| workload | cycles | instrs with time | random mask (samples) | TIP | noise | NCI | "
             f"LCI | Dispatch | bias: NCI / LCI / Dispatch, every cycle | periodic {default_period}: "
             f"TIP (samples), noise | periodic {alias_period}: TIP, noise |",
             "|" + "---|" * 12]
    chosen = {}
    for w in sorted(rand):
        r = pick_rate(rand[w])
        chosen[w] = r
        e1 = row_at(per[w], every)
        d = row_at(per[w], default_period)
        al = row_at(per[w], alias_period)
        cells = [w, f"{r['cycles']:,}", f"{r['pcs']:,}", f"{r['key']} ({r['samples']:,})",
                 pct(r["err"]["tip"]), pct(r["noise"]), pct(r["err"]["nci"]), pct(r["err"]["lci"]),
                 pct(r["err"]["dispatch"]),
                 " / ".join(pct(e1["err"][p]) for p in ("nci", "lci", "dispatch")),
                 f"{pct(d['err']['tip'])} ({d['samples']:,}), {pct(d['noise'])}",
                 f"{pct(al['err']['tip'])}, {pct(al['noise'])}"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines, chosen


def summary(chosen, per, every):
    lines = ["| profiler | Gottschall et al. average | Gottschall et al. max | ours average | "
             "ours max | expected noise, average | bias (every cycle), average | bias, max |",
             "|" + "---|" * 8]
    res = {}
    for p in PROFILERS:
        vals = [r["err"][p] for r in chosen.values() if r["err"][p] is not None]
        bias = [row_at(per[w], every)["err"][p] for w in chosen]
        res[p] = (mean(vals), max(vals), mean(bias))
        lines.append(f"| {PROF_LABELS[p]} | {pct(PAPER_TIP[p][0])} | {pct(PAPER_TIP[p][1])} | "
                     f"{pct(mean(vals))} | {pct(max(vals))} | "
                     f"{pct(mean(r['noise'] for r in chosen.values()))} | {pct(mean(bias))} | "
                     f"{pct(max(bias))} |")
    return lines, res
