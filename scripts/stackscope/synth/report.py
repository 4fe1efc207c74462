"""The tables, summaries and plot of the synthesis results (docs/cost.md's generated regions)."""
from __future__ import annotations

import sys
from pathlib import Path

from .expect import TEA_BITS, storage_bits
from .flow import ECP5_PACKAGE, FPGA_PMU_PARAMS


# ------------------------------------------------------------------ report
def markdown(results: dict) -> str:
    def row(name, r):
        fm = r.get("fmax_mhz")
        exp = r.get("expected_ffs", "-")
        return (f"| {name} | {', '.join(f'{k}={v}' for k, v in r['params'].items()) or 'default'}"
                f" | {r['generic_cells']} | {r['generic_ffs']} | {exp} | {r['ice40_luts']}"
                f" | {r['ice40_carry']} | {r['ice40_ffs']} | {r['ice40_bram']}"
                f" | {fm if fm else ('no fit' if 'fit' in r.get('fmax_error', '') else '-')} |")
    head = ("| job | parameters | generic cells | generic FFs | expected FFs | iCE40 LUT4 | "
            "SB_CARRY | iCE40 FFs | BRAM | Fmax MHz |\n|---|---|---|---|---|---|---|---|---|---|")
    groups: dict[str, list] = {}
    for name, r in results["jobs"].items():
        if r.get("arch") != "ecp5":
            groups.setdefault(r["group"], []).append((name, r))
    out = []
    for g, rows in groups.items():
        out.append(f"\n#### {g}\n\n{head}")
        out += [row(n, r) for n, r in rows]
    if "ratio" in results:
        ra = results["ratio"]
        out.append(f"\nPMU (pmu_top default) / core ({ra['core_top']}): "
                   f"iCE40 LUT4 {ra['luts']:.2f}, FFs {ra['ffs']:.2f}, "
                   f"generic cells {ra['generic_cells']:.2f}")
    return "\n".join(out) + "\n"


# The goals (docs/cost.md): the PMU against the core it watches, on the ECP5.
GOAL_NOSPEC_LUT, GOAL_NOSPEC_FF, GOAL_SPEC8_LUT = 0.10, 0.25, 0.30


def ecp5_summary(results: dict) -> list[str]:
    """The summary line and the goals (met, or missed by how much and what sets it).

    The PMU's cost in place: the FPGA board top with it minus the same top without it
    (ecp5_soc_nopmu: u_pmu deleted, which also folds away the core's probe logic only the PMU
    reads), over the top without it (the core at the FPGA parameters with its caches, main
    memory and UART); Fmax is each top's SoC clock after routing. The units alone against
    ecp5_core (the default core, which does not fit the device) follow, with flip-flop and
    with RAM counters."""
    j = results["jobs"]
    out = []
    nopmu = j.get("ecp5_soc_nopmu")

    def goal(label: str, val: float, lim: float, sets: str) -> str:
        if val <= lim:
            return f"  goal {label} <= {lim:.0%}: met ({val:.1%})"
        return (f"  goal {label} <= {lim:.0%}: MISSED by {val - lim:.1%} of the core "
                f"({val:.1%}); set by {sets}")

    def ratio(row: dict, key: str) -> float:
        return (row[key] - nopmu[key]) / max(1, nopmu[key])

    def mhz(row: dict) -> str:
        return f"{row['fmax_mhz']} MHz" if row.get("fmax_mhz") else \
            f"- ({row.get('fmax_error', 'not placed').split(' (log ')[0]})"

    def path(row: dict) -> str:
        return (f"critical path {' -> '.join(row.get('crit_insts', [])) or '?'}"
                f"{' (through the PMU)' if row.get('crit_pmu') else ' (not in the PMU)'}")

    def families(sfx: str, kind: str) -> str:
        fam = [r for k, r in j.items() if r.get("arch") == "ecp5" and r.get("files") == "pmu"
               and k.endswith("_ff") == (sfx == "_ff") and not r["params"].get("SpecBlocks")
               and r["top"] in ("cpi_stack", "topdown", "flops_stack", "tip_sampler", "pmu_csr")]
        return ", ".join(f"{r['top']} {r[kind]}" for r in
                         sorted(fam, key=lambda r: -r[kind])[:3]) or "-"

    blocks = FPGA_PMU_PARAMS.get("PmuSpecBlocks", "?")
    soc = j.get("ecp5_soc")
    if not (nopmu and soc):
        out.append("(no ecp5_soc / ecp5_soc_nopmu row yet: the summary line needs both)")
    else:
        seeds = {len(r.get("fmax_seeds") or {"1": 0}) for r in (nopmu, soc)}
        n_seeds = (f" ({seeds.pop()} seeds, median)" if len(seeds) == 1 and max(seeds) > 1
                   else "")
        out.append(f"PMU / core on ECP5: LUT4 {ratio(soc, 'ecp5_luts'):.2f}, "
                   f"FF {ratio(soc, 'ecp5_ffs'):.2f}, Fmax core {mhz(nopmu)}, "
                   f"core+PMU {mhz(soc)}{n_seeds}")
        out.append(f"(the PMU in place on the FPGA board top ulx3s_top, as built: {blocks} "
                   "speculative blocks, RAM counters; = ecp5_soc - ecp5_soc_nopmu, over "
                   "ecp5_soc_nopmu)")
        ns, s8 = j.get("ecp5_soc_nospec"), j.get("ecp5_soc_spec8")
        if ns:
            out.append(goal("PMU w/o speculative counters LUT4", ratio(ns, "ecp5_luts"),
                            GOAL_NOSPEC_LUT, f"the counter families (alone: "
                            f"{families('', 'ecp5_luts')}) and the core's probe logic"))
            out.append(goal("PMU w/o speculative counters FF", ratio(ns, "ecp5_ffs"),
                            GOAL_NOSPEC_FF, f"the counter families (alone: "
                            f"{families('', 'ecp5_ffs')}) and the core's probe logic"))
        else:
            out.append("  (no ecp5_soc_nospec row: goals w/o speculative counters not evaluated)")
        if s8:
            sp = j.get("ecp5_cpi_stack_spec8")
            out.append(goal("PMU with 8 speculative blocks LUT4", ratio(s8, "ecp5_luts"),
                            GOAL_SPEC8_LUT, "cpi_spec's per-block counters"
                            + (f" (cpi_stack with 8 blocks alone: {sp['ecp5_luts']} LUT4)"
                               if sp else "")))
        else:
            out.append("  (no ecp5_soc_spec8 row: the 8-block goal not evaluated)")
        for row, what in ((soc, f"{blocks} blocks"), (ns, "no speculative blocks"),
                          (s8, "8 blocks")):
            if not row:
                continue
            fc, fs = nopmu.get("fmax_mhz"), row.get("fmax_mhz")
            if not (fc and fs):
                out.append(f"  goal Fmax core+PMU ({what}) >= core: not evaluated (core "
                           f"{mhz(nopmu)}, core+PMU {mhz(row)})")
            elif fs >= fc:
                out.append(f"  goal Fmax core+PMU ({what}) >= core: met ({fs} >= {fc} MHz; "
                           f"{path(row)})")
            else:
                out.append(f"  goal Fmax core+PMU ({what}) >= core: MISSED by {fc - fs:.2f} "
                           f"MHz, {(fc - fs) / fc:.0%} ({fs} < {fc}); {path(row)}")
        ns_ = j.get("ecp5_soc_nostage")
        if ns_:
            out.append(f"without the probe stage (PmuProbeStage 0): LUT4 "
                       f"{ratio(ns_, 'ecp5_luts'):.2f}, FF {ratio(ns_, 'ecp5_ffs'):.2f}, Fmax "
                       f"core+PMU {mhz(ns_)}; {path(ns_)}")
        ff = j.get("ecp5_soc_ff")
        if ff:
            out.append(f"flip-flop counters (PmuCntStore 0, PmuSpecDrain 0: every leaving "
                       f"block added in its cycle; {blocks} blocks): LUT4 {ratio(ff, 'ecp5_luts'):.2f}, FF "
                       f"{ratio(ff, 'ecp5_ffs'):.2f}, Fmax core+PMU {mhz(ff)} "
                       "(= ecp5_soc_ff - ecp5_soc_nopmu, over ecp5_soc_nopmu)")

    core = j.get("ecp5_core")
    if not core:
        return out + ["(no ecp5_core row: the units against the default core not evaluated)"]
    cl, cf = max(1, core["ecp5_luts"]), max(1, core["ecp5_ffs"])
    out.append(f"The units alone against ecp5_core (the default core_top, {core['ecp5_luts']} "
               f"LUT4, {core['ecp5_ffs']} FF; Fmax {mhz(core)}), context for the goals above:")

    def unit(label: str, val: float, lim: float, what: str) -> str:
        return (f"  {label}: {val:.1%} of ecp5_core ({'within' if val <= lim else 'above'} "
                f"{lim:.0%}; {what})")
    for sfx, what in (("_ff", "flip-flop counters, CntStore 0"), ("", "RAM counters, CntStore 1")):
        ns, s8 = j.get(f"ecp5_pmu_top_nospec{sfx}"), j.get(f"ecp5_pmu_top{sfx}")
        if not (ns or s8):
            continue
        out.append(f"({what})")
        if ns:
            out.append(unit("pmu_top w/o speculative counters LUT4", ns["ecp5_luts"] / cl,
                            GOAL_NOSPEC_LUT, f"largest: {families(sfx, 'ecp5_luts')}"))
            out.append(unit("pmu_top w/o speculative counters FF", ns["ecp5_ffs"] / cf,
                            GOAL_NOSPEC_FF, f"largest: {families(sfx, 'ecp5_ffs')}"))
        if s8:
            out.append(unit("pmu_top with 8 speculative blocks LUT4", s8["ecp5_luts"] / cl,
                            GOAL_SPEC8_LUT, "most of it cpi_spec's per-block counters"))
    return out


def markdown_storage() -> str:
    rows = storage_bits()
    out = ["", "Per-core storage that is not a plain event counter (bits, analytic from the formulas "
           f"the FF check holds the netlists to), against TEA's {TEA_BITS} bits of sampler state:", "",
           "| part | bits | x TEA | what |", "|---|---|---|---|"]
    for name, bits, what in rows:
        out.append(f"| {name} | {bits} | {bits / TEA_BITS:.2f} | {what} |")
    base = sum(b for n, b, _ in rows[:4])
    out.append(f"| **sampler and control (first four rows)** | **{base}** | **{base / TEA_BITS:.2f}** | |")
    return "\n".join(out) + "\n"


def fmax_cell(r: dict) -> str:
    """A row's Fmax: one seed's, or the median over several with their spread."""
    seeds = r.get("fmax_seeds")
    if not seeds or len(seeds) < 2:
        return f"{r['fmax_mhz']}"
    return (f"{r['fmax_mhz']} (median of {len(seeds)} seeds, "
            f"{r.get('fmax_min_mhz')} - {r.get('fmax_max_mhz')})")


def no_fmax(r: dict) -> str:
    """The Fmax cell of a row without one: why."""
    err = r.get("fmax_error", "")
    return "no fit" if "does not fit" in err else "no place" if "does not place" in err else "-"


def markdown_ecp5(results: dict) -> str:
    rows = [(n, r) for n, r in results["jobs"].items() if r.get("arch") == "ecp5"]
    if not rows:
        return "\n(no ECP5 results yet)\n"
    head = ("| job | top | parameters | LUT4 (incl. 2 per CCU2C) | CCU2C | FFs | expected FFs | "
            "DP16KD (bits) | DPR16X4 (bits) | Fmax MHz | critical path (from -> to) | PMU on it "
            "| measured |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    out = [f"\nTools: {results.get('tools_ecp5', '?')}; device LFE5U-85F {ECP5_PACKAGE}, "
           "`--timing-allow-fail`; unit and core rows in the scan wrapper at a 50 MHz target, "
           "nextpnr seed 1; SoC rows (ulx3s_top) through scripts/fpga.py at the board's PLL "
           "clock with router2, their Fmax the median over the seeds the cell names (min - max "
           "beside it), a row without that note one seed's.\n", head]
    for n, r in rows:
        prm = ", ".join(f"{k}={v}" for k, v in r["params"].items()) or "default"
        if r.get("drop"):
            prm += f" (without {r['drop']})"
        fm = r.get("fmax_mhz")
        out.append(f"| {n} | {r['top']} | {prm} | {r['ecp5_luts']} | {r['ecp5_ccu2c']} | "
                   f"{r['ecp5_ffs']} | {r.get('expected_ffs', '-')} | {r['ecp5_dp16kd']} "
                   f"({r['ecp5_bram_bits']}) | {r['ecp5_dpr16x4']} ({r['ecp5_dpr_bits']}) | "
                   f"{fmax_cell(r) if fm else no_fmax(r)} | "
                   f"{(r['crit_from'] + ' -> ' + r['crit_to']) if r.get('crit_from') else '-'} | "
                   f"{('yes' if r.get('crit_pmu') else 'no') if r.get('crit_from') else '-'} | "
                   f"{r.get('measured', '-')} |")
    out.append("")
    out += [f"{line}  " for line in ecp5_summary(results)]
    return "\n".join(out) + "\n" + markdown_storage()


def plot(results: dict, path: Path) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("synth: matplotlib missing, no plot", file=sys.stderr)
        return
    jobs = results["jobs"]
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    series = [("cnt_width", "CntW", lambda r: r["params"].get("CntW", r["params"].get("StackCntW"))),
              ("width_W", "W", lambda r: r["params"].get("DispatchWidth")),
              ("hpm_K", "K", lambda r: r["params"].get("NumHpm"))]
    for ax, (g, label, xf) in zip(axes, series):
        tops: dict[str, list] = {}
        for r in jobs.values():
            if r["group"] == g:
                tops.setdefault(r["top"], []).append((xf(r), r["ice40_luts"] + r["ice40_ffs"]))
        for top, pts in tops.items():
            pts.sort()
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=top)
        ax.set_xlabel(label)
        ax.set_ylabel("iCE40 LUT4 + FF")
        ax.set_title(f"growth with {label}")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
