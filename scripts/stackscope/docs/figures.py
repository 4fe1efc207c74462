"""The measured figures that README and docs quote, and the pages that show them.

One record, docs/figures.json, holds what no other generated file holds: the ctest counts, the
times of the two README commands, the simulator's speed (`make bench`), each stamped with the
commit and date it was measured on. The other figures are read from the generated files that
own them: docs/cost.json (`make synth`), the generated region of docs/validation.md (`make
validate`) and docs/papers.md (`make papers`). `collect` refreshes the record from a build
tree; `render_*` turn the record and those files into docs/figures.md and README's regions.
"""
from __future__ import annotations

import json
import math
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from ..common import regions
from ..common.errors import StackScopeError

RECORD = Path("docs/figures.json")
FIGURES_MD = Path("docs/figures.md")
SPEED_MD = Path("docs/dev/speed.md")
CORE_MD = Path("docs/dev/core.md")
# `make cycle-cost`'s sweep (examples/sweep/issue_stage.toml) and the CoreMark-like program's
# iteration count (its source's one definition)
STAGE_SWEEP = Path("sweep/issue_stage/merged.json")
COREMARK_SRC = Path("sw/bench/coremark_like.c")
BASELINE = Path("bench/baseline.json")
TOOL = "scripts/docs.py"


def git_stamp(root: Path) -> dict:
    """The commit (short hash, "+dirty" when the tree has changes) and today's date."""
    def git(*args: str) -> str:
        r = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)
        return r.stdout.strip() if r.returncode == 0 else ""
    commit = git("rev-parse", "--short=7", "HEAD") or "unknown"
    if git("status", "--porcelain", "--untracked-files=no"):
        commit += "+dirty"
    return {"commit": commit, "date": time.strftime("%Y-%m-%d")}


def load_record(root: Path) -> dict:
    path = root / RECORD
    if not path.exists():
        raise StackScopeError(f"{RECORD} is missing")
    return json.loads(path.read_text())


def save_record(root: Path, record: dict) -> None:
    (root / RECORD).write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")


# ------------------------------------------------------------------------------------------
# Collecting from a build tree
# ------------------------------------------------------------------------------------------

def ctest_counts(build: Path) -> dict:
    """{"total": N, "ci": N, "long": N} from `ctest -N` in build (CI leaves out `long`)."""
    def count(*args: str) -> int:
        r = subprocess.run(["ctest", "-N", *args], cwd=build, capture_output=True, text=True)
        m = re.search(r"Total Tests: (\d+)", r.stdout)
        if r.returncode != 0 or not m:
            raise StackScopeError(f"ctest -N {' '.join(args)} in {build} failed: {r.stderr.strip()[:200]}")
        return int(m.group(1))
    total, ci = count(), count("-LE", "long")
    return {"total": total, "ci": ci, "long": total - ci}


def _run_time(rec: Path) -> dict:
    """{date, mtime} of a run's record file."""
    mtime = rec.stat().st_mtime
    return {"date": time.strftime("%Y-%m-%d", time.gmtime(mtime)), "mtime": round(mtime, 3)}


def _fresh(rec: Path, old: dict) -> bool:
    """Whether the run in rec is newer than the one `old` was collected from: by its file's
    time, or, for an entry collected without one, by a later date."""
    new = _run_time(rec)
    if "mtime" in old:
        return new["mtime"] > old["mtime"]
    return new["date"] > old.get("date", "")


def collect(root: Path, build: Path, record: dict) -> list[str]:
    """Refreshes record from build; returns the names of the sources it refreshed."""
    stamp = git_stamp(root)
    done = []
    if (build / "CTestTestfile.cmake").exists():
        record["tests"] = {**ctest_counts(build), **stamp}
        done.append("tests")
    times_dir = build / "figures" / "times"
    if times_dir.is_dir():
        times = record.setdefault("times", {})
        for f in sorted(times_dir.glob("*.json")):
            t = json.loads(f.read_text())
            if t.get("exit") == 0:
                times[f.stem] = t
                done.append(f"times.{f.stem}")
    # The runs behind docs/validation.md, docs/papers.md and the issue-stage table: a run newer
    # than the one collected last restamps its figures (the date of its record; the commit is
    # the tree's at collection, "+dirty" if changed). A record collected before is not
    # restamped with a later commit it was not run on.
    for key, rec in (("validation", build / "validate" / "validation.json"),
                     ("papers", build / "papers" / "tip_97.json")):
        if rec.exists() and _fresh(rec, record.get(key, {})):
            record[key] = {"commit": stamp["commit"], **_run_time(rec)}
            done.append(key)
    stage = build / STAGE_SWEEP
    if stage.exists() and _fresh(stage, record.get("issue_stage", {})):
        record["issue_stage"] = {**issue_stage_rows(json.loads(stage.read_text())),
                                 "commit": stamp["commit"], **_run_time(stage)}
        done.append("issue_stage")
    results = build / "bench" / "results.json"
    if results.exists():
        data = json.loads(results.read_text())
        bench = {k: data[k] for k in ("simspeed", "trace", "profile", "iss", "systemc") if k in data}
        bench["profile"] = {**record.get("bench", {}).get("profile", {}), **bench.get("profile", {})}
        if bench:
            # bench.sh stamps what it measured; an older results file has only its time.
            mtime = time.strftime("%Y-%m-%d", time.gmtime(results.stat().st_mtime))
            measured = data.get("stamp", {"commit": "unknown", "date": mtime})
            record["bench"] = {**bench, "commit": measured["commit"], "date": measured["date"]}
            done.append("bench")
    return done


# The exit (sw/sdk/crt0.S) stores to tohost and spins on a jump until the store reaches
# memory, so a run's last few instructions depend on its timing.
EXIT_SPIN_SLACK = 16


def issue_stage_rows(merged: dict) -> dict:
    """{"rows": [{workload, cycles: [without, with], instructions: [without, with]}]} from the
    issue-stage sweep's merged table: each workload's two points, IssueStage 0 and 1, both run
    clean, their instruction counts apart by no more than the exit loop's spin (else the
    sweep's result is refused)."""
    by: dict = {}
    for r in merged["rows"]:
        if r.get("status") != "ok":
            raise StackScopeError(f"{STAGE_SWEEP}: {r['workload']} IssueStage "
                                  f"{r.get('IssueStage')}: {r.get('status')} {r.get('reason', '')}")
        by.setdefault(Path(r["workload"]).stem, {})[r["IssueStage"]] = r
    rows = []
    for wl, pts in by.items():
        if set(pts) != {0, 1}:
            raise StackScopeError(f"{STAGE_SWEEP}: {wl} lacks a point with or without the stage")
        if abs(pts[0]["instructions"] - pts[1]["instructions"]) > EXIT_SPIN_SLACK:
            raise StackScopeError(f"{STAGE_SWEEP}: {wl} retires {pts[0]['instructions']} "
                                  f"instructions without the stage, {pts[1]['instructions']} "
                                  "with it")
        rows.append({"workload": wl,
                     "instructions": [pts[0]["instructions"], pts[1]["instructions"]],
                     "cycles": [pts[0]["cycles"], pts[1]["cycles"]]})
    return {"rows": rows}


def coremark_iterations(root: Path) -> int:
    m = re.search(r"#define\s+CM_ITERATIONS\s+(\d+)", (root / COREMARK_SRC).read_text())
    if not m:
        raise StackScopeError(f"{COREMARK_SRC}: no CM_ITERATIONS")
    return int(m.group(1))


def _pct(x: float) -> str:
    """x as a percentage with one decimal, without a sign for what rounds to zero."""
    t = f"{100 * x:.1f}"
    return "0.0" if t == "-0.0" else t


def render_issue_stage(root: Path, record: dict) -> str:
    """docs/dev/core.md's region `issue_stage`: IPC and cycles of every workload on the default
    core without and with the issue stage, and the CoreMark-like score per MHz."""
    rec = record.get("issue_stage")
    if not rec:
        return "Not measured in this record: run `make cycle-cost`.\n"
    rows = rec["rows"]
    ratios = [r["cycles"][1] / r["cycles"][0] for r in rows]
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    out = [f"Measured {_stamp(rec)} (`make cycle-cost`: examples/sweep/issue_stage.toml on the "
           "default core, lockstep and the per-cycle cross-check on).", ""]
    cm = next((r for r in rows if r["workload"] == "coremark_like"), None)
    if cm:
        it = coremark_iterations(root)
        per_mhz = [it * 1e6 / c for c in cm["cycles"]]
        out += [f"CoreMark-like ({it} iterations) per MHz: {per_mhz[0]:.2f} without the stage, "
                f"{per_mhz[1]:.2f} with it ({100 * per_mhz[1] / per_mhz[0]:.1f} %). Over the "
                f"{len(rows)} programs the stage takes {_pct(geo - 1)} % more cycles "
                f"(geometric mean), from {_pct(min(ratios) - 1)} % to {_pct(max(ratios) - 1)} %.",
                ""]
    out += ["| program | IPC without | IPC with | cycles with / without |", "|---|---:|---:|---:|"]
    for r, x in sorted(zip(rows, ratios), key=lambda t: -t[1]):
        ipc = [n / c for n, c in zip(r["instructions"], r["cycles"])]
        out.append(f"| {r['workload']} | {ipc[0]:.3f} | {ipc[1]:.3f} | {x:.3f} |")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------
# Reading the other generated files
# ------------------------------------------------------------------------------------------

VALIDATION_LINE = re.compile(r"^(default|w1|w4)(, method \(b\))?: \d+ of \d+ significant cases in bounds "
                             r"\(\d+ %\), mean error [0-9.]+ % of CPI$")


def validation_lines(root: Path) -> list[str]:
    """The summary lines of docs/validation.md's generated region, in their order."""
    text = (root / "docs/validation.md").read_text()
    found = []
    for r in regions.regions(text):
        found += [l for l in r.body.splitlines() if VALIDATION_LINE.match(l)]
    if not found:
        raise StackScopeError("docs/validation.md: no summary line in its generated region")
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class CostSummary:
    line: str  # "PMU / core on ECP5: LUT4 0.52, FF 0.29, Fmax core 9.66 MHz, core+PMU 9.33 MHz"
    measured: str  # provenance of the SoC rows it comes from
    fpga_synth_s: float | None  # `make fpga`'s flow on the FPGA top as built (row ecp5_soc)
    fpga_pnr_s: float | None
    fpga_measured: str


def cost_summary(root: Path) -> CostSummary:
    text = (root / "docs/cost.md").read_text()
    m = re.search(r"^(PMU / core on ECP5: [^\n]*?)\s*$", text, re.M)
    if not m:
        raise StackScopeError("docs/cost.md: no 'PMU / core on ECP5' summary line")
    jobs = json.loads((root / "docs/cost.json").read_text()).get("jobs", {})
    measured = sorted({jobs[j].get("measured", "") for j in ("ecp5_soc", "ecp5_soc_nopmu") if j in jobs})
    soc = jobs.get("ecp5_soc", {})
    return CostSummary(m.group(1).rstrip(), "; ".join(x for x in measured if x),
                       soc.get("synth_seconds"), soc.get("pnr_seconds"), soc.get("measured", ""))


def papers_profile_errors(root: Path) -> str:
    """docs/papers.md's profiler table: each profiler's instruction-level error against the
    oracle, our average / maximum over the suite ("TIP 1.4 % / 5.4 %, NCI ...")."""
    lines = (root / "docs/papers.md").read_text().splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == "profiler" and "ours average" in cells and "ours max" in cells:
            avg, mx = cells.index("ours average"), cells.index("ours max")
            parts = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                c = [x.strip() for x in row.strip().strip("|").split("|")]
                parts.append(f"{c[0]} {c[avg]} / {c[mx]}")
            if parts:
                return ", ".join(parts)
    raise StackScopeError("docs/papers.md: no profiler table with 'ours average' and 'ours max' columns")


# ------------------------------------------------------------------------------------------
# Rendering
# ------------------------------------------------------------------------------------------

def _stamp(d: dict) -> str:
    return f"{d.get('commit', '?')}, {d.get('date', '?')}"


def _minutes(s: float) -> str:
    s = round(s)
    return f"{s // 60} min {s % 60:02d} s" if s >= 60 else f"{s} s"


def _k(x: float) -> str:
    return f"{x / 1000:.1f} k"


def speed_rows(bench: dict) -> list[tuple[str, ...]]:
    """One row a build: its geometric means per mode, the cross-check's cost and the speed-up of
    the checked runs over the baseline."""
    sp = bench.get("simspeed", {})
    rows = []
    for b, r in sp.get("builds", {}).items():
        g = r["geomean"]
        vs = sp.get("vs_baseline", {}).get(b, {}).get("check")
        rows.append((b, ", ".join(r["workloads"]), _k(g["bare"]), _k(g["lockstep"]), _k(g["check"]),
                     f"{r['check_cost']:.2f}x", f"{vs['speedup']:.2f}x" if vs else "-"))
    return rows


def checked_rates(bench: dict) -> list[int]:
    """The default build's checked runs, cycles per CPU second, one a workload."""
    d = bench.get("simspeed", {}).get("builds", {}).get("default", {})
    return [m["check"]["cycles_per_cpu_s"] for m in d.get("workloads", {}).values()]


def render_figures_md(root: Path, record: dict) -> str:
    out = ["# Figures",
           "",
           f"Generated by `make figures` (`{TOOL}`) from docs/figures.json, docs/cost.json, "
           "docs/validation.md and docs/papers.md; do not edit by hand. Each figure names the "
           "commit and date it was measured on (`+dirty`: a working tree with changes). "
           "README.md quotes this page; the docs check (ctest `docs_check`) fails when they differ.",
           ""]
    t = record.get("tests")
    out += ["## Tests", ""]
    if t:
        out += [f"- ctest: {t['total']} tests, of which {t['ci']} run in CI (`make test` with "
                f"`CI=true`) and {t['long']} are labelled `long` ({_stamp(t)}).", ""]
    times = record.get("times", {})
    out += ["## Time of the README commands", "",
            "Wall time on the 2-core machine, measured by the Makefile as it runs "
            "(`build/figures/times/`).", ""]
    names = {"deps": "dependencies (`scripts/install-deps.sh` in a new checkout: the two Python "
                     "environments from PyPI; the Debian packages were already installed)",
             "build": "`make build` in a new checkout (no ccache)",
             "run": "`make run` (after the build)",
             "test": "`make test` (ctest alone, after the build)",
             "test_ci": "`make test` with `CI=true` (ctest alone, after the build)"}
    for key, label in names.items():
        if key in times:
            out.append(f"- {label}: {_minutes(times[key]['seconds'])} ({_stamp(times[key])})")
    out.append("")
    b = record.get("bench")
    out += ["## Simulation speed", ""]
    if b and b.get("simspeed"):
        sp = b["simspeed"]
        base = sp.get("baseline", {})
        out += [f"`make bench` (`scripts/bench_speed.py`, docs/dev/speed.md), cycles per CPU second, "
                f"geometric mean over the workloads of the median of {sp.get('reps', 3)} runs "
                f"({_stamp(b)}). bare: no lockstep, no cross-check; lockstep: ISS lockstep; "
                "checked: lockstep and the per-cycle PMU cross-check (what `stackscope run` does by "
                "default); check cost: lockstep over checked; speed-up: checked against the "
                f"committed baseline (bench/baseline.json, {base.get('commit', '?')}, "
                f"{base.get('date', '?')}).", "",
                "| build | workloads | bare | lockstep | checked | check cost | speed-up |",
                "|---|---|---:|---:|---:|---:|---:|"]
        out += [f"| {' | '.join(r)} |" for r in speed_rows(b)]
        out.append("")
        ag = sp.get("against", {}).get("vs", {})
        if ag:
            out += ["- Against older binaries measured in the same session, each run alternating "
                    "with one of these (`BENCH_AGAINST`): " + "; ".join(
                        f"{bn} " + ", ".join(f"{m} {r['speedup']:.2f}x" for m, r in modes.items())
                        + ("" if all(r["same_cycles"] for r in modes.values()) else " (cycles differ)")
                        for bn, modes in ag.items()) + ".", ""]
        if sp.get("model_build_s"):
            vs = ", ".join(f"{k} {v:.0f} s" for k, v in sp["model_build_s"].items())
            bp = root / BASELINE
            was = json.loads(bp.read_text()).get("model_build_s", {}) if bp.exists() else {}
            was_s = ", ".join(f"{k} {v:.0f} s" for k, v in was.items())
            out += [f"- Build of one SoC model from nothing (Verilator + C++, `-j 2`, no ccache): {vs}"
                    + (f" (baseline: {was_s})" if was_s else "") + ".", ""]
        parts = b.get("profile", {}).get("parts", {}).get("workloads", {})
        for wl, pr in parts.items():
            out.append(f"- Where a checked run's time goes ({wl}, perf): " +
                       ", ".join(f"{k} {v:.0f} %" for k, v in pr["parts"].items() if v >= 0.5) + ".")
        if parts:
            out.append("")
        t = b.get("trace")
        if t:
            out += [f"- Traces ({t['workload']}, lockstep): {_k(t['lockstep'])} cycles per CPU second; "
                    f"with `--pipeview` {_k(t['pipeview'])}, with `--fst` {_k(t['fst'])}.", ""]
        if "iss" in b:
            out += [f"- ISS alone (`stackscope iss`): {b['iss']['mips']} MIPS on {b['iss']['workload']}.", ""]
        for mode, r in sorted(b.get("systemc", {}).items()):
            out.append(f"- SystemC/TLM-2.0 run (`stackscope-sc`) against the native run, {mode}: "
                       f"{r['ratio']:.2f}x the simulation time over {', '.join(r['workloads'])}.")
        if b.get("systemc"):
            out.append("")
    else:
        out += ["Not measured in this record: run `make bench` and `make figures`.", ""]
    out += ["## Validation (Eyerman et al. §V-A)", "",
            f"From docs/validation.md (`make validate`, {_stamp(record.get('validation', {}))}):", "", "```"]
    out += validation_lines(root)
    out += ["```", ""]
    cost = cost_summary(root)
    out += ["## Cost on the ECP5", "",
            f"From docs/cost.md (`make synth`; SoC rows measured on {cost.measured or '?'}):", "",
            "```", cost.line, "```", ""]
    if cost.fpga_synth_s and cost.fpga_pnr_s:
        out += [f"`make fpga`'s flow on the FPGA top as built (row `ecp5_soc`, {cost.fpga_measured}): "
                f"synthesis {_minutes(cost.fpga_synth_s)}, place and route {_minutes(cost.fpga_pnr_s)}.", ""]
    out += ["## Profilers against the oracle (Gottschall et al.)", "",
            f"From docs/papers.md (`make papers`, {_stamp(record.get('papers', {}))}):", "",
            "Instruction-level error against the every-cycle oracle, average / maximum over the "
            f"suite: {papers_profile_errors(root)}.", ""]
    return "\n".join(out)


def render_readme_status(root: Path, record: dict) -> str:
    """README's status table: what is verified, measured, and not done, each with its evidence."""
    t = record.get("tests", {})
    times = record.get("times", {})
    vl = validation_lines(root)
    default = next((l for l in vl if l.startswith("default:")), vl[0])
    default_b = next((l for l in vl if l.startswith("default, method (b):")), "")
    cost = cost_summary(root)
    rows = [
        ("verified", "Every committed instruction of the RTL core equals the ISS (lockstep), on "
                     "every run", "[verification](docs/dev/architecture.md#verification-in-layers)"),
        ("verified", "Every PMU counter equals its C++ golden model every cycle, on every run",
         "[verification](docs/dev/architecture.md#verification-in-layers), [PMU](docs/dev/pmu.md)"),
        ("verified", f"ctest: {t.get('total', '?')} tests, {t.get('ci', '?')} of them in CI",
         "[tests](docs/dev/tests.md), [figures](docs/figures.md#tests)"),
        ("measured", f"Eyerman et al.'s validation: `{default}`"
                     + (f"; `{default_b}`" if default_b else ""),
         "[validation](docs/validation.md)"),
        ("measured", f"`{cost.line}`", "[cost](docs/cost.md)"),
        ("measured", "Instruction-level profile error against the every-cycle oracle, average / max: "
                     f"{papers_profile_errors(root)}", "[papers](docs/papers.md)"),
    ]
    b = record.get("bench", {})
    checked = checked_rates(b)
    if checked:
        rows.append(("measured", f"Simulation with lockstep and the cross-check: {_k(min(checked))}"
                                 f"-{_k(max(checked))} cycles per CPU second",
                     "[figures](docs/figures.md#simulation-speed)"))
    if "run" in times:
        rows.append(("measured", f"`make run`: {_minutes(times['run']['seconds'])} after the build",
                     "[figures](docs/figures.md#time-of-the-readme-commands)"))
    out = ["| status | what | evidence |", "|---|---|---|"]
    out += [f"| {s} | {w} | {e} |" for s, w, e in rows]
    return "\n".join(out)


def render_readme_times(record: dict) -> str:
    times = record.get("times", {})
    parts = []
    for key, label in (("deps", "Python environments"), ("build", "build"), ("run", "`make run`"),
                       ("test_ci", "`make test` in CI (after the build)"), ("test", "`make test`")):
        if key in times:
            parts.append(f"{label} {_minutes(times[key]['seconds'])}")
    if not parts:
        return "Measured times: not recorded yet (docs/figures.md)."
    return ("Measured on a 2-core machine ([docs/figures.md](docs/figures.md#time-of-the-readme-commands)): "
            + ", ".join(parts) + ".")


README_REGIONS = {
    "status": lambda root, rec: render_readme_status(root, rec),
    "times": lambda root, rec: render_readme_times(rec),
}


def render_speed_profile(root: Path, record: dict) -> str:
    """docs/dev/speed.md's region `profile`: the share of a checked run's time per RTL module and
    harness part, at the committed baseline and in the record (`make bench-profile`)."""
    base_path = root / BASELINE
    base = json.loads(base_path.read_text()).get("profile", {}) if base_path.exists() else {}
    now = record.get("bench", {}).get("profile", {})
    cols = [("baseline", base.get("modules"), json.loads(base_path.read_text())["stamp"]
             if base_path.exists() else {}),
            ("now", now.get("modules"), record.get("bench", {}))]
    cols = [c for c in cols if c[1]]
    if not cols:
        return "Not measured in this record: run `make bench-profile` and `make figures`.\n"
    wls = sorted(set.intersection(*(set(c[1]["workloads"]) for c in cols)))
    out = ["Share of a checked run's samples (perf), with the model Verilated with "
           "`--prof-cfuncs`: " + "; ".join(f"{name} {_stamp(st)}" for name, _, st in cols) + ".", ""]
    for wl in wls:
        out += [f"{wl}:", "", "| | " + " | ".join(c[0] for c in cols) + " |",
                "|---|" + "---:|" * len(cols)]
        for kind, label, n in (("parts", "part", None), ("modules", "module", 12)):
            keys: list[str] = []
            for _, prof, _ in cols:
                ranked = sorted(prof["workloads"][wl][kind].items(), key=lambda kv: -kv[1])
                keys += [k for k, _ in ranked[:n] if k not in keys]
            for k in keys:
                vals = [c[1]["workloads"][wl][kind].get(k) for c in cols]
                out.append(f"| {label} {k} | " + " | ".join(
                    f"{v:.1f} %" if v is not None else "-" for v in vals) + " |")
        out.append("")
    return "\n".join(out)


def render_readme(root: Path, record: dict, text: str) -> str:
    """README text with every figures region re-rendered."""
    for r in regions.regions(text):
        if r.tool == TOOL and r.name in README_REGIONS:
            text = regions.replace(text, r.name, README_REGIONS[r.name](root, record))
    return text
