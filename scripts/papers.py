#!/usr/bin/env python3
"""papers.py: two papers' case studies reproduced on StackScope, as generated docs.

  Yasin (Top-Down) Table 4: the matrix-multiply tuning case. The three matmul
      workloads (naive, loop interchange, blocked + unrolled) run once each; their Top-Down
      Level 1-3 (Table 2's Clocks fractions and toplev's normalised view) are set beside the
      paper's figures.
  Gottschall et al. (TIP): instruction-level profile error of TIP, NCI, LCI and
      dispatch tagging against the every-cycle oracle, over sweeps of the sampling interval
      (random and periodic trigger) on every workload of the suite. The error of a sampled
      profile is bias plus sampling noise: the noise is estimated by drawing the same number
      of samples from the oracle's own distribution (an unbiased profiler), and the bias is
      the error at period 1 (every cycle sampled: no noise).

Writes docs/papers.md and docs/img/papers_tip_error.png; the raw JSON reports and an SVG of the
plot go to --out (build/papers). Every simulation is `stackscope run ... --json` started with
an argument vector (no shell). `make papers` runs it (20 runs, 14 of them over the whole suite);
--reuse renders from the JSON already in --out.

Usage: papers.py --stackscope build/stackscope [--out build/papers] [--docs docs]
                 [--periods 1,3,10,31,97,307,1009] [--masks 1,3,7,31,127,511,2047]
                 [--jobs 2] [--reuse]
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

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


def fail(msg):
    print(f"papers.py: {msg}", file=sys.stderr)
    sys.exit(2)


class SimError(Exception):
    pass


def simulate(argv, out_json):
    """One `stackscope run` (argument vector, no shell); returns the parsed report."""
    t0 = time.time()
    res = subprocess.run(argv + ["--json", out_json], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, check=False)
    if res.returncode != 0:
        lines = res.stderr.strip().splitlines()
        raise SimError(f"{' '.join(argv)}: exit {res.returncode}: {lines[-1] if lines else ''}")
    print(f"  {os.path.basename(out_json)}: {time.time() - t0:.0f} s", flush=True)
    with open(out_json) as f:
        return json.load(f)


def load_or_run(argv, out_json, reuse):
    if reuse:
        with open(out_json) as f:
            return json.load(f)
    return simulate(argv, out_json)


# ---------------------------------------------------------------- Yasin, Table 4

def node_values(run):
    nodes = run["metrics"]["topdown"]["nodes"]
    return ({n["name"]: n["value"] for n in nodes}, {n["name"]: n["normalized"] for n in nodes})


def kernel_cycles(run, fn):
    """Cycles the oracle charged to the kernel function (Gottschall et al.'s time-proportional
    attribution, function level), so the speed-up is the kernel's, not the set-up's."""
    for row in run["tip"]["top_functions"]:
        if row["function"] == fn:
            return row["oracle"] * run["cycles"]
    fail(f"{run['workload']}: {fn} not among the oracle's top functions")


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
         "latency of 20 cycles",
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stackscope", required=True)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "papers"))
    ap.add_argument("--docs", default=os.path.join(ROOT, "docs"))
    ap.add_argument("--periods", default="1,3,10,31,97,307,1009",
                    help="periodic trigger: cycles between samples (must hold 1, 3 and 97)")
    ap.add_argument("--masks", default="1,3,7,31,127,511,2047",
                    help="random trigger: interval 1 + (LFSR & mask)")
    ap.add_argument("--default-period", type=int, default=97)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reuse", action="store_true")
    a = ap.parse_args()
    try:
        periods = sorted({int(x) for x in a.periods.split(",")})
        masks = sorted({int(x) for x in a.masks.split(",")})
    except ValueError:
        fail("--periods / --masks: expected comma-separated integers")
    if not periods or periods[0] != 1 or periods[-1] > 0xFFFF:
        fail("--periods: 1 (every cycle: the bias without noise) first, each at most 65535")
    if not masks or masks[0] < 1 or masks[-1] > 0xFFFF:
        fail("--masks: each mask must be 1..65535")
    if a.default_period not in periods or ALIAS_PERIOD not in periods:
        fail(f"--periods must hold the default period {a.default_period} and {ALIAS_PERIOD}")
    if a.jobs < 1:
        fail("--jobs must be >= 1")
    if not a.reuse and not os.access(a.stackscope, os.X_OK):
        fail(f"{a.stackscope}: not an executable (make build first)")
    ss = a.stackscope

    jobs = [([ss, "run", w], os.path.join(a.out, f"{w}.json")) for w in MATMUL]
    # The same three with main memory FAST_MEM cycles away instead of 20: a stand-in for the
    # paper's hardware prefetchers, which this SoC does not have (see the text).
    jobs += [([ss, "run", w, "--mem-latency", str(FAST_MEM)],
              os.path.join(a.out, f"{w}_lat{FAST_MEM}.json")) for w in MATMUL]
    jobs += [([ss, "run", "suite", "--tip-period", str(p)], os.path.join(a.out, f"tip_{p}.json"))
             for p in periods]
    jobs += [([ss, "run", "suite", "--tip-mode", "random", "--tip-period", str(m)],
              os.path.join(a.out, f"tip_random_{m}.json")) for m in masks]
    if a.reuse:
        missing = [out for _, out in jobs if not os.path.exists(out)]
        if missing:
            fail(f"--reuse: {missing[0]} does not exist (run without --reuse first)")
    os.makedirs(a.out, exist_ok=True)
    os.makedirs(os.path.join(a.docs, "img"), exist_ok=True)
    print(f"papers.py: {len(jobs)} runs, {a.jobs} at a time", flush=True)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            docs = list(ex.map(lambda j: load_or_run(j[0], j[1], a.reuse), jobs))
    except (SimError, OSError, json.JSONDecodeError) as e:
        fail(str(e))
    mm = [d["runs"][0] for d in docs[:len(MATMUL)]]
    mm_fast = [d["runs"][0] for d in docs[len(MATMUL):2 * len(MATMUL)]]
    by_period = dict(zip(periods, docs[2 * len(MATMUL):2 * len(MATMUL) + len(periods)]))
    by_mask = dict(zip(masks, docs[2 * len(MATMUL) + len(periods):]))

    t4, kern = table4(mm)
    findings = direction(mm, mm_fast)
    ft = fast_table(mm, mm_fast)
    per = sweep_table(by_period)
    rand = sweep_table(by_mask)
    tip_plot(rand, per, os.path.join(a.docs, "img"), a.out)
    per_wl, chosen = tip_tables(rand, per, a.default_period, 1, ALIAS_PERIOD)
    summ, res = summary(chosen, per, 1)

    # Where the default period's TIP error comes from: noise vs bias, in numbers.
    dflt = {w: row_at(rows, a.default_period) for w, rows in per.items()}
    tip_d = mean(r["err"]["tip"] for r in dflt.values())
    noise_d = mean(r["noise"] for r in dflt.values())
    worst = sorted(dflt.items(), key=lambda kv: -(kv[1]["err"]["tip"] or 0))[:4]
    few = sorted(w for w, r in dflt.items() if r["samples"] < r["pcs"])
    alias = {w: row_at(rows, ALIAS_PERIOD) for w, rows in per.items()}
    aliased = sorted(((w, r) for w, r in alias.items()
                      if r["err"]["tip"] is not None and r["noise"] is not None
                      and r["err"]["tip"] > max(5 * r["noise"], 0.05)),
                     key=lambda kv: -kv[1]["err"]["tip"])
    rand_dense = {w: rows[0] for w, rows in rand.items()}

    md = []
    md += ["# Papers reproduced on StackScope", "",
           "Generated by `make papers` (`scripts/papers.py`); do not edit by hand. Every figure "
           "below is read from `stackscope run --json` reports (kept in `build/papers/`) on the "
           "default core (2-wide, ROB 32, 8 KiB L1D, 64 KiB L2, memory latency 20 cycles), "
           f"lockstep and PMU cross-check on: {len(jobs)} runs, {len(periods) + len(masks)} of "
           "them over the whole suite. `make papers PAPERS_ARGS=--reuse` renders this page again "
           "from those reports without running anything.", ""]
    md += ["## Yasin's Table 4 on StackScope: the matrix-multiply case", "",
           "`sw/workloads/matmul.c`: C = A·B, uint32, with B 256×256 words (256 KiB: 4× the "
           "L2, 32× the L1D) and A one row of 256 (a second row repeats the same walk over B "
           "and doubles the run). B's rows are 1 KiB apart, so naive's column walk puts its "
           "256 lines into 4 L1D sets and 8 L2 sets and misses both on every element, as the "
           "paper's multiply1 does on big matrices. B is initialised data in the ELF: it is in "
           "memory, in no cache, when the program starts. The three forms are the paper's: "
           "naive (ijk, multiply1), loop interchange (ikj, multiply2) and, in multiply3's role "
           "(fewer instructions per multiply-add; this core has no vector unit), blocked + "
           "unrolled: 4-row panels of B walked together, 4 k-steps jammed into one pass over "
           "C. Each checks every element of C against a closed form (B[k][j] = F(k) + G(j)).",
           "",
           "Paper columns: Yasin's Table 4 (Ivy Bridge, 4-wide). Ours: Table 2's value (Level "
           "1 in slots, Level 2/3 as fractions of clocks, so Memory Bound + Core Bound can "
           "exceed Backend Bound, as in the paper's own column: 0.84 + 0.15 > 0.95); *norm.* "
           "is toplev's normalised view, each set of siblings scaled to sum to its parent (a "
           "share of all slots; `=` where Level 1 is already one). The kernel speed-up divides "
           "the cycles the TIP oracle charges to the kernel function; the whole-program figure "
           "(in brackets) includes start-up and the check.", ""]
    md += t4 + [""]
    md += ["Direction of the paper's findings (each line computed from the JSON; ctest "
           "`papers_matmul_direction` asserts the ones marked yes):", ""]
    md += [f"- **{'yes' if ok else 'no'}**: {txt}" for txt, ok in findings]
    md += ["",
           "**What is not reproduced, and why.** At the default memory latency the interchanged "
           "form is still more Memory Bound than Core Bound. Its single unit-stride stream "
           "misses once per 8 multiply-adds (a 32-byte line of B), and this SoC has no "
           "hardware prefetcher (the paper's Table 3: prefetchers enabled). The 32-entry ROB "
           "and the 8-entry load queue hold 4 iterations of the 8-instruction loop, half a "
           "line, so the next line's miss cannot start before the current one returns, and "
           "each line exposes most of the 35-cycle L1D miss to memory (docs/dev/memory.md). "
           "The blocked form "
           "walks 4 rows of B at once, 4 misses in flight, and its memory stalls drop. "
           f"Measured with main memory {FAST_MEM} cycles away instead of 20 (the same "
           "binaries; a stand-in for a prefetcher that hides the stream):", ""]
    md += ft + [""]
    md += ["With the stream's latency hidden the interchanged form is Core Bound, the "
           "paper's multiply2 result. The naive form is then no longer Memory Bound either: "
           "its misses are serviced 4 at a time and a 4-cycle memory costs little. The "
           "paper's machine has both at once: DRAM ~200 cycles away for the column walk, "
           "prefetchers for the stream. The magnitudes differ too: the naive form loses "
           "less here (memory is 20 cycles away, not ~200), and blocked + unrolled raises "
           "Retiring here while the paper's vectorised multiply3 lowers it (0.41 to 0.28), "
           "because a vector instruction retires several multiply-adds as one uop.", ""]
    md += ["## Gottschall et al.: TIP against NCI, LCI and dispatch tagging", "",
           "Every workload of the suite runs with a random trigger (interval 1 + (LFSR & "
           f"mask), masks {', '.join(map(str, masks))}) and a periodic one (periods "
           f"{', '.join(map(str, periods))} cycles); `stackscope run --tip-mode/--tip-period`. "
           "Error is the instruction-level profile error against the every-cycle oracle, ½ "
           "Σ|share − oracle share| (docs/report.md), the share of time put on the wrong "
           "instruction. *noise* is the expected error of an unbiased profiler with the same "
           f"number of samples: {NOISE_DRAWS} draws of that many independent samples from the "
           "oracle's own distribution. *bias* is the error at period 1: a sample every cycle, "
           "no sampling noise at all, only what the profiler blames. TIP charges a sample "
           "exactly as the oracle charges that cycle, so its bias is 0 by construction and "
           "its error is noise; NCI, LCI and dispatch tagging keep theirs.", "",
           "![profile error against samples](img/papers_tip_error.png)", "",
           "(An SVG is written beside the JSON, `build/papers/papers_tip_error.svg`.) Thin "
           "lines: one workload each, random trigger. "
           "Thick: the median over workloads at each mask; dotted: the periodic trigger's "
           "median; dashed: the median noise of an unbiased profiler.", ""]
    md += [f"### Average and maximum over the {len(chosen)} workloads, each at a rate with "
           "enough samples", "",
           "*Enough samples*: per workload, the sparsest random mask whose expected noise is "
           f"≤ {100 * NOISE_OK:.0f} % of the time (the densest, mask {masks[0]}, where none "
           "is). Averages are plain means over workloads.", ""]
    md += summ + [""]
    # Each claim of the text below is computed from this run's figures.
    paper_order = res["tip"][0] < res["nci"][0] < min(res["lci"][0], res["dispatch"][0])
    noise_avg = mean(r["noise"] for r in chosen.values())
    noisy = [w for w, r in chosen.items() if r["noise"] is not None and r["noise"] > NOISE_OK]
    noisiest = max(noisy, key=lambda w: chosen[w]["noise"]) if noisy else None
    md += [("The ordering is the paper's: TIP below NCI, NCI below LCI and dispatch tagging. "
            if paper_order else
            "The ordering is not the paper's (TIP below NCI, NCI below LCI and dispatch "
            "tagging); see the per-workload table. ") +
           "TIP's error is sampling noise: its bias (every cycle sampled) is 0, and its error "
           "at the chosen rate is " +
           ("below the noise estimate, which assumes independent samples while the random "
            "trigger's short intervals (1 + LFSR & mask) spread them more evenly. "
            if res["tip"][0] < noise_avg else "not below the noise estimate. ") +
           (f"The noise average is raised by the {len(noisy)} workloads that no swept mask "
            f"brings to {100 * NOISE_OK:.0f} % ({', '.join(noisy)}); the largest is "
            f"{noisiest}'s {pct(chosen[noisiest]['noise'])}, its time spread over "
            f"{chosen[noisiest]['pcs']:,} instructions. " if noisy else "") +
           f"NCI's bias averages {pct(res['nci'][2])}, against the paper's average NCI error "
           f"of {pct(PAPER_TIP['nci'][0])}. NCI charges a cycle to one "
           "instruction, the oldest committing, so where a 2-wide core commits two per cycle "
           "it puts half of that time on the wrong one (alu_indep: "
           f"{pct(row_at(per['alu_indep'], 1)['err']['nci'])}). By Gottschall et al.'s own "
           "classes, measured from the oracle's cycle states:", ""]
    md += class_table(per, 1) + [""]
    e1 = {w: row_at(rows, 1)["err"]["nci"] for w, rows in per.items()}
    low = sorted(e1.items(), key=lambda kv: kv[1])[:5]
    cb = class_bias(per, 1)
    above = [c for c in cb if cb[c][1]["nci"] > PAPER_TIP["nci"][0]]
    md += [("NCI's bias is above the paper's average in every class, so the class mix alone "
            "does not explain the difference. " if above and len(above) == len(cb) else
            f"NCI's bias is above the paper's average in {len(above)} of {len(cb)} classes. ") +
           "Its five lowest: " + ", ".join(f"{w} {pct(v)}" for w, v in low) + ". "
           "We have not measured the paper's workloads (SPEC CPU2017 on a 4-wide BOOM); the "
           "comparison of averages is across different programs and cores.", ""]
    md += ["### Per workload", ""] + per_wl + [""]
    md += [f"### Where the suite's TIP error at the default period ({a.default_period}) comes "
           "from", "",
           f"With the periodic trigger at period {a.default_period} the suite's TIP error "
           f"averages {pct(tip_d)}, and an unbiased profiler with the same sample counts would "
           f"average {pct(noise_d)}" +
           (": the error is sampling noise (and, below, aliasing), not bias. "
            if tip_d <= noise_d else ": the error is above the noise (aliasing, below). ") +
           f"{len(few)} of {len(dflt)} workloads get fewer samples than they have "
           f"instructions with time ({', '.join(few)}). The largest: " +
           "; ".join(f"{w} {pct(r['err']['tip'])} with {r['samples']:,} samples over "
                     f"{r['pcs']:,} instructions (noise {pct(r['noise'])})" for w, r in worst) +
           ". With the random trigger at mask " + str(masks[0]) + " (a sample every " +
           f"{1 + masks[0] / 2:.1f} cycles on average) TIP's error averages "
           f"{pct(mean(r['err']['tip'] for r in rand_dense.values()))} and at every cycle it "
           f"is {pct(mean(row_at(per[w], 1)['err']['tip'] for w in per))}.", ""]
    md += ["### Periodic sampling aliases with loops", "",
           f"A periodic trigger whose period is commensurate with a loop's iteration time "
           f"samples the same few instructions every time. At period {ALIAS_PERIOD}, "
           f"{len(aliased)} workloads have a TIP error above 5× their expected noise (and above "
           "5 %): " + "; ".join(f"{w} {pct(r['err']['tip'])} (noise {pct(r['noise'])})"
                                for w, r in aliased) +
           ". That is bias from the trigger, not from TIP: the random trigger with the same "
           "number of samples does not show it (per-workload table). Gottschall et al. found periodic "
           "sampling only slightly worse than random on SPEC at 4 kHz, where the period is "
           "~800,000 cycles, far from any loop's; our short runs need short periods, where "
           "it matters. A prime period such as the default 97 avoids most of it.", ""]
    with open(os.path.join(a.docs, "papers.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(summ))
    for txt, ok in findings:
        print(f"{'yes' if ok else 'NO '}: {txt}")
    print(f"papers.py: wrote {os.path.join(a.docs, 'papers.md')} and img/papers_tip_error.png")


if __name__ == "__main__":
    main()
