"""Eyerman et al.'s validation of the multi-stage CPI stacks (§V-A, Fig. 2) over the suite.

For every workload and build, `stackscope run WORKLOAD --json` runs as is and with each
idealisation (--perfect-l1i, --perfect-l1d, --perfect-bp, --fast-alu). Per case:

  saving     = (cycles as is - cycles idealised) / instructions as is          (CPI)
  components = the idealised event's component in the as-is run's dispatch, issue and
               commit stacks (dispatch and issue wrong-path adjusted, method (a), as the
               report gives them in metrics.cpi_stacks.wrong_path_adjusted; --wrong-path b:
               the speculative per-block counters' stacks, wrong_path_speculative)
  significant: the largest component or |saving| is >= 10 % of the as-is CPI (Eyerman et
               al.'s filter, on the components)
  in bounds  : min(components) - tol <= saving <= max(components) + tol, tol = 0.1 % of CPI
  error      : 0 in bounds, else the distance from the saving to the nearest bound, % of CPI
  stack error: component - saving, % of CPI, per stack (signed: + = the stack overestimates)

The other wrong-path method is evaluated on the same runs beside the chosen one (when every
as-is report has its stacks): its summary line ('default, method (b): ...'), its table per
idealisation, and the cases it leaves out of bounds or judges otherwise.

Writes OUT/validation.json (every case and run), a Markdown report into the generated region
of --doc (between the BEGIN/END markers; the text around it is kept), and the plots
docs/img/validation.png (Fig. 2: error per idealisation and stack) and
docs/img/validation_cases.png (each significant case: saving against the component range).
Hand-written explanations of out-of-bound cases come from --notes (docs/validation_notes.json).

Usage: validate.py [-j N] [--builds default,w4] [--workloads a,b] [--out DIR] [--doc PATH]
                   [--notes FILE] [--reuse] [--wrong-path a|b] [--no-plots]
Exit: 0 done (whatever the figures), 1 a run failed, 2 bad input.
"""
import argparse
import json
import os
import statistics
import sys

from ..common import regions, runner
from ..common.errors import StackScopeError, run_cli
from ..common.paths import ROOT
from ..spec import builds as spec_builds
from ..spec import options
from . import study

# Idealisation: (name, stackscope option, report config.ideal key, components it removes), from
# the run-time options table (stackscope.spec.options).
IDEALS = [(o.name, o.cli, o.field, o.ideal.components) for o in options.ideals()]
IDEAL_NAMES = [i[0] for i in IDEALS]
IDEAL_LABEL = {o.name: o.ideal.stack_label or o.ideal.components[0] for o in options.ideals()}
STAGES = ("dispatch", "issue", "commit")
BUILDS = {b: spec_builds.by_name(b).binary for b in ("default", "w4")}  # the study's builds
SIGNIFICANT = 0.10  # Eyerman et al.: a component (or the saving) of at least 10 % of CPI
TOLERANCE = 0.001   # rounding allowed at each bound: 0.1 % of CPI
SUM_SLACK = 0.01    # a stack summing to less than 99 % of the CPI is flagged as incomplete
TOP_MIN_CPI = 0.005  # as the suite summary: no top component when every one is below this
EXCLUDED = ("hello",)
REGION = "generated"  # the region of --doc this study writes
BEGIN = f"<!-- BEGIN {REGION} by scripts/validate.py: do not edit by hand -->"
END = f"<!-- END {REGION} by scripts/validate.py -->"
OTHER_KEY = "commit-other"  # notes key for "other is the largest commit component"
# Eyerman et al. §III-B's two ways to keep wrong-path uops out of the dispatch and issue
# stacks, as the report gives them: (a) the base in excess of commit's moved to bpred, (b) the
# speculative per-block counters. The chosen one (--wrong-path) is the headline; the other is
# evaluated on the same runs beside it.
WRONG_PATH_KEY = {"a": "wrong_path_adjusted", "b": "wrong_path_speculative"}
OTHER_METHOD = {"a": "b", "b": "a"}


# ---------------------------------------------------------------------------------------------
# The arithmetic (unit-tested by tests/scripts/validate/test_validate.py on hand-computed numbers).

def bounds_error(saving, components, cpi, tol=TOLERANCE):
    """Eyerman et al.'s combined (multi-stage) test of one case.

    Returns (in_bounds, error, signed): in bounds when min(components) - tol*cpi <= saving <=
    max(components) + tol*cpi; error = 0 then, else |saving - nearest bound| / cpi (a fraction
    of CPI, measured to the bound itself, not to the tolerance); signed = (nearest bound -
    saving) / cpi, positive when the stacks overestimate the saving.
    """
    if cpi <= 0:
        raise ValueError("CPI must be positive")
    lo, hi = min(components), max(components)
    slack = tol * cpi
    if lo - slack <= saving <= hi + slack:
        return True, 0.0, 0.0
    bound = lo if saving < lo else hi
    return False, abs(saving - bound) / cpi, (bound - saving) / cpi


def stack_errors(saving, components, cpi):
    """Each single stack's error (component - saving) / cpi, signed, as Fig. 2's boxes."""
    return [(c - saving) / cpi for c in components]


def significant(saving, components, cpi, threshold=SIGNIFICANT):
    """Eyerman et al.'s filter: the largest component or the saving is at least 10 % of CPI."""
    return max(components) >= threshold * cpi or abs(saving) >= threshold * cpi


def summarize(cases):
    """Counts and mean errors over the significant cases (fractions of CPI)."""
    sig = [c for c in cases if c["significant"]]
    n_in = sum(1 for c in sig if c["in_bounds"])
    out = {"significant": len(sig), "in_bounds": n_in,
           "in_bounds_share": n_in / len(sig) if sig else None,
           "mean_error": statistics.fmean(c["error"] for c in sig) if sig else None,
           "max_error": max((c["error"] for c in sig), default=None),
           "mean_stack_error": {}}
    for i, s in enumerate(STAGES):
        out["mean_stack_error"][s] = (statistics.fmean(abs(c["stack_error"][i]) for c in sig)
                                      if sig else None)
    return out


def summary_line(build, s):
    """'default: N of M significant cases in bounds (P %), mean error E % of CPI'."""
    if not s["significant"]:
        return f"{build}: 0 of 0 significant cases in bounds (- %), mean error - % of CPI"
    return (f"{build}: {s['in_bounds']} of {s['significant']} significant cases in bounds "
            f"({100 * s['in_bounds_share']:.0f} %), "
            f"mean error {100 * s['mean_error']:.1f} % of CPI")


# ---------------------------------------------------------------------------------------------
# Reading one report.

def run_record(path, wrong_path="a"):
    """The figures of one `stackscope run --json` report that the validation needs; dispatch
    and issue stacks wrong-path adjusted by method (a) or, with wrong_path "b", the speculative
    per-block counters' stacks (Eyerman et al. §III-B's more accurate method; docs/dev/pmu.md)."""
    with open(path) as f:
        rep = json.load(f)
    if rep.get("schema") != "stackscope-report" or len(rep.get("runs", [])) != 1:
        raise ValueError("not a single-run stackscope report")
    r = rep["runs"][0]
    st = r["status"]
    cs = r["metrics"]["cpi_stacks"]
    if WRONG_PATH_KEY[wrong_path] not in cs:
        raise ValueError(f"the report has no {WRONG_PATH_KEY[wrong_path]} stacks "
                         f"(method {wrong_path})")
    commit = {k: v for k, v in cs["commit"].items() if k != "total"}

    def of(method):
        adj = cs[WRONG_PATH_KEY[method]]
        return {"dispatch": adj["dispatch"], "issue": adj["issue"], "commit": commit}

    stacks = of(wrong_path)
    other = OTHER_METHOD[wrong_path]
    # The other method's stacks of the same run, evaluated beside the chosen one (a build
    # without speculative counters has no method (b): None).
    alt = of(other) if WRONG_PATH_KEY[other] in cs else None
    return {"workload": r["workload"], "elf": r["elf"], "cycles": r["cycles"],
            "instructions": r["instructions"],
            "complete": st["complete"], "reason": st["reason"], "exit_code": st["exit_code"],
            "ideal": r["config"]["ideal"], "slots": cs["slots"],
            "crosscheck": r["config"].get("crosscheck"), "stacks": stacks,
            "stacks_alt": alt,
            "stack_sums": {st: sum(stacks[st].values()) for st in STAGES}}


def ideal_flags_match(rec, variant):
    want = {i[2]: (i[0] == variant) for i in IDEALS}
    return all(bool(rec["ideal"].get(k)) == v for k, v in want.items())


# ---------------------------------------------------------------------------------------------
# Running.

def run_of(key, argv, path, expected_exit, wrong_path):
    """One run of the runner: `stackscope run --json PATH` writes its report whole or not at
    all. docs/robustness.md: status 0 is exit 0, any other program value is status 1 (the value
    itself is the report's status.exit_code). A reused report must have the run's ideal flags."""
    return runner.Run(key=key, argv=argv, output=path,
                      read=lambda p: run_record(p, wrong_path),
                      accept=lambda rec: ideal_flags_match(rec, key[2]),
                      ok_codes=[0 if expected_exit == 0 else 1])


def build_cases(build, workloads, recs, fails, stacks="stacks"):
    """Cases of one build from its run records; failed runs give cases marked failed.
    `stacks`: the records' stacks to take the components from ("stacks": the chosen
    wrong-path method, "stacks_alt": the other one)."""
    cases = []
    for w in workloads:
        base = recs.get((build, w, "as-is"))
        for name, _, _, comps in IDEALS:
            c = {"build": build, "workload": w, "ideal": name, "components": list(comps)}
            ideal = recs.get((build, w, name))
            fail = fails.get((build, w, "as-is")) or fails.get((build, w, name))
            if base is None or ideal is None or base["instructions"] == 0:
                c["failed"] = fail or ("no instructions" if base and base["instructions"] == 0
                                       else "not run")
                cases.append(c)
                continue
            cpi = base["cycles"] / base["instructions"]
            saving = (base["cycles"] - ideal["cycles"]) / base["instructions"]
            comp = [sum(base[stacks][s][k] for k in comps) for s in STAGES]
            ok, err, signed = bounds_error(saving, comp, cpi)
            c.update({"cpi": cpi, "cycles": base["cycles"], "cycles_ideal": ideal["cycles"],
                      "instructions": base["instructions"], "saving": saving,
                      "component": dict(zip(STAGES, comp)),
                      "significant": significant(saving, comp, cpi),
                      "in_bounds": ok, "error": err, "signed_error": signed,
                      "stack_error": stack_errors(saving, comp, cpi)})
            cases.append(c)
    return cases


def top_commit(build, workloads, recs):
    """Per workload: the largest non-base commit component of the as-is run."""
    out = {}
    for w in workloads:
        rec = recs.get((build, w, "as-is"))
        if rec is None:
            continue
        commit = {k: v for k, v in rec["stacks"]["commit"].items() if k != "base"}
        name = max(commit, key=lambda k: commit[k])
        cpi = rec["cycles"] / rec["instructions"] if rec["instructions"] else 0.0
        out[w] = {"component": name if commit[name] >= TOP_MIN_CPI else None,
                  "value": commit[name], "cpi": cpi,
                  # each stack should sum to the CPI; method (b)'s stacks hold proven blocks only
                  "stack_sums": rec["stack_sums"]}
    return out


# ---------------------------------------------------------------------------------------------
# Notes: hand-written, measured explanations of out-of-bound cases.

def load_notes(path, workloads):
    """{(build or '*', workload, ideal or 'commit-other'): text} from the notes file."""
    if not path or not os.path.exists(path):
        return {}
    try:
        with open(path) as f:
            doc = json.load(f)
        entries = doc["notes"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise StackScopeError(f"{path}: malformed notes file ({e})")
    notes = {}
    for i, n in enumerate(entries):
        where = f"{path}: note {i + 1}"
        if not isinstance(n, dict) or not isinstance(n.get("text"), str) or not n["text"].strip():
            raise StackScopeError(f"{where}: needs 'workload', 'ideal' and a non-empty 'text'")
        build = n.get("build", "*")
        if build != "*" and build not in BUILDS:
            raise StackScopeError(f"{where}: unknown build '{build}' (one of {', '.join(BUILDS)}, *)")
        if n.get("ideal") not in IDEAL_NAMES + [OTHER_KEY]:
            raise StackScopeError(f"{where}: unknown ideal '{n.get('ideal')}' "
                             f"(one of {', '.join(IDEAL_NAMES + [OTHER_KEY])})")
        if n.get("workload") not in workloads:
            raise StackScopeError(f"{where}: unknown workload '{n.get('workload')}'")
        notes[(build, n["workload"], n["ideal"])] = " ".join(n["text"].split())
    return notes


def note_key(notes, build, workload, ideal):
    """The key of the note for a case: this build's, else the one for every build, else None."""
    for k in ((build, workload, ideal), ("*", workload, ideal)):
        if k in notes:
            return k
    return None


def note_for(notes, build, workload, ideal):
    k = note_key(notes, build, workload, ideal)
    return notes[k] if k else None


# ---------------------------------------------------------------------------------------------
# Markdown.

def pct(x, digits=1):
    return "-" if x is None else f"{100 * x:.{digits}f}"


METHOD_TEXT = {"a": "wrong-path adjusted, method (a)",
               "b": "the speculative per-block counters, method (b)"}


def method_label(build, wrong_path):
    """The summary-line label of the method evaluated beside the headline: 'default, method (b)'."""
    return f"{build}, method ({wrong_path})"


def md_ideal_table(cases):
    """Per idealisation: significant, in bounds, mean |error| per stack and combined."""
    lines = ["| idealisation | significant | in bounds | dispatch | issue | commit | combined |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for name in IDEAL_NAMES + [None]:
        sub = [c for c in cases if "failed" not in c and (name is None or c["ideal"] == name)]
        s = summarize(sub)
        label = "all" if name is None else f"{name} ({IDEAL_LABEL[name]})"
        lines.append(f"| {label} | {s['significant']} | {s['in_bounds']} | "
                     + " | ".join(pct(s["mean_stack_error"][st]) for st in STAGES)
                     + f" | {pct(s['mean_error'])} |")
    return lines


def md_beside(build, cases, beside):
    """The other wrong-path method on the same runs: its summary, its per-idealisation table,
    and every case whose verdict differs from the headline's or that it leaves out of bounds."""
    m = beside["wrong_path"]
    lines = [f"Beside it, the same runs with the dispatch and issue stacks of {METHOD_TEXT[m]} "
             "(commit is the same stack): "
             f"**{summary_line(method_label(build, m), beside['summary'])}**", ""]
    lines += md_ideal_table(beside["cases"])
    head = {(c["workload"], c["ideal"]): c for c in cases if "failed" not in c}

    def verdict(x):  # as the case table: in parentheses when not significant
        v = "yes" if x["in_bounds"] else "no"
        return v if x["significant"] else f"({v})"

    rows = []
    for c in beside["cases"]:
        h = head.get((c["workload"], c["ideal"]))
        if "failed" in c or h is None or not (c["significant"] or h["significant"]):
            continue
        if c["in_bounds"] and verdict(c) == verdict(h):
            continue
        comp = c["component"]
        rows.append(f"| {c['workload']} | {c['ideal']} | {c['saving']:.3f} | "
                    f"{comp['dispatch']:.3f} | {comp['issue']:.3f} | {comp['commit']:.3f} | "
                    f"{verdict(h)} | {verdict(c)} | "
                    f"{pct(c['error']) if c['significant'] else ''} |")
    if rows:
        lines += ["", f"Cases out of bounds with method ({m}), or whose verdict differs between the "
                  f"methods (components of method ({m}); explanations are those of the "
                  "headline's table):", "",
                  f"| workload | idealisation | saving | dispatch | issue | commit | "
                  f"in bounds, headline | in bounds, method ({m}) | error % CPI |",
                  "|---|---|---:|---:|---:|---:|:-:|:-:|---:|"] + rows
    return lines


def md_build(build, binary, cases, summ, tops, fails, wrong_path, beside=None):
    lines = [f"### Build `{build}` (`{binary}`)", "", f"**{summary_line(build, summ)}**", ""]
    lines += ["Mean |error| over the significant cases, % of CPI (Fig. 2): each stack alone "
              "(|component - saving|) and the three combined (0 within the bounds).", ""]
    lines += md_ideal_table(cases)
    method = METHOD_TEXT[wrong_path]
    lines += ["", "Every case (CPI figures; components from the as-is run; dispatch and issue "
              f"{method}). Significant cases in bold; a verdict in parentheses is not "
              "significant and not counted; out-of-bound ones (**no**) carry their explanation "
              "from `docs/validation_notes.json` (or *unexplained*).", "",
              "| workload | idealisation | CPI | saving | dispatch | issue | commit | in bounds "
              "| error % CPI | explanation |",
              "|---|---|---:|---:|---:|---:|---:|:-:|---:|---|"]
    for c in cases:
        if "failed" in c:
            lines.append(f"| {c['workload']} | {c['ideal']} | | | | | | failed | | "
                         f"{md_escape(c['failed'])} |")
            continue
        comp = c["component"]
        sig = c["significant"]
        b = (lambda t: f"**{t}**") if sig else (lambda t: t)
        if not sig:
            inb = "(yes)" if c["in_bounds"] else "(no)"
        else:
            inb = "yes" if c["in_bounds"] else "**no**"
        expl = ""
        if not c["in_bounds"] and sig:
            expl = md_escape(c.get("note") or "*unexplained*")
        lines.append(f"| {b(c['workload'])} | {c['ideal']} | {c['cpi']:.3f} | {c['saving']:.3f} | "
                     f"{comp['dispatch']:.3f} | {comp['issue']:.3f} | {comp['commit']:.3f} | "
                     f"{inb} | "
                     f"{pct(c['error']) if sig else ''} | {expl} |")
    if beside:
        lines += [""] + md_beside(build, cases, beside)
    lines += ["", "Largest non-base commit component of each workload's as-is run "
              "(`other` flagged: it needs an explanation):", "",
              "| workload | CPI | largest non-base commit component | CPI | share of CPI | note |",
              "|---|---:|---|---:|---:|---|"]
    for w, t in tops.items():
        name = t["component"] or "-"
        note = ""
        if name == "other":
            name = "**other**"
            note = md_escape(t.get("note") or "*unexplained*")
        lines.append(f"| {w} | {t['cpi']:.3f} | {name} | {t['value']:.3f} | "
                     f"{pct(t['value'] / t['cpi'] if t['cpi'] else None)} % | {note} |")
    short = []
    for w, t in tops.items():
        off = [f"{st} {t['stack_sums'][st]:.3f}" for st in STAGES
               if abs(t["stack_sums"][st] - t["cpi"]) > SUM_SLACK * t["cpi"]]
        if off:
            short.append(f"{w} ({', '.join(off)} of CPI {t['cpi']:.3f})")
    if short:
        lines += ["", f"Stacks of an as-is run that do not sum to its CPI (by more than "
                  f"{100 * SUM_SLACK:.0f} %; their components are incomplete): " + "; ".join(short)]
    run_fails = [(k, v) for k, v in fails.items() if k[0] == build]
    if run_fails:
        lines += ["", "Failed runs:", ""]
        lines += [f"- {k[1]} {k[2]}: {md_escape(v)}" for k, v in sorted(run_fails)]
    return lines


def md_escape(s):
    return s.replace("|", "\\|").replace("\n", " ")


def md_report(result, plots, notes_path):
    lines = [BEGIN, "",
             f"Measured by `{result['command']}` (Eyerman et al. §V-A; significant: a component "
             f"or the saving >= {100 * SIGNIFICANT:.0f} % of CPI; rounding allowance "
             f"{100 * TOLERANCE:.1f} % of CPI at each bound; `hello` left out).", ""]
    lines += (["```"] + [summary_line(b, v["summary"]) for b, v in result["builds"].items()]
              + [summary_line(method_label(b, v["beside"]["wrong_path"]), v["beside"]["summary"])
                 for b, v in result["builds"].items() if v.get("beside")]
              + ["```", ""])
    for p in plots:
        lines += [f"![{os.path.basename(p)}]({p})", ""]
    for b, v in result["builds"].items():
        lines += md_build(b, v["binary"], v["cases"], v["summary"], v["top_commit"],
                          {tuple(f["run"]): f["reason"] for f in result["failures"]},
                          result["method"]["wrong_path"], v.get("beside")) + [""]
    unused = result.get("unused_notes") or []
    if unused:
        lines += [f"Notes in `{notes_path}` that match no out-of-bound case (stale?): "
                  + ", ".join(f"{b}/{w}/{i}" for b, w, i in unused), ""]
    lines.append(END)
    return "\n".join(lines) + "\n"


DOC_HEAD = """# Validation: do the CPI stacks predict what an idealisation saves?

Eyerman et al. §V-A (Fig. 2): make one event ideal; the measured CPI reduction should lie
between the smallest and the largest of that event's components in the dispatch, issue and
commit stacks.
`make validate` (`scripts/validate.py`) runs it over the workload suite on the default and the
4-wide builds. The region below is generated; explanations of out-of-bound cases are written by
hand into `docs/validation_notes.json` and shown in the table.

"""


def write_doc(path, text):
    """Replace the generated region of `path` (or create the file around it)."""
    regions.write_block(path, text, DOC_HEAD)


# ---------------------------------------------------------------------------------------------
# Plots.

def plot_fig2(result, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    builds = list(result["builds"])
    fig, axes = plt.subplots(1, len(builds), figsize=(6.2 * len(builds), 4.2), squeeze=False,
                             sharey=True)
    colors = {"dispatch": "#dd8452", "issue": "#8172b3", "commit": "#4c72b0", "combined": "#55a868"}
    kinds = list(STAGES) + ["combined"]
    for ax, b in zip(axes[0], builds):
        cases = [c for c in result["builds"][b]["cases"] if "failed" not in c and c["significant"]]
        for gi, ideal in enumerate(IDEAL_NAMES):
            sub = [c for c in cases if c["ideal"] == ideal]
            for ki, k in enumerate(kinds):
                x = gi * (len(kinds) + 1) + ki
                vals = [100 * (c["signed_error"] if k == "combined" else c["stack_error"][ki])
                        for c in sub]
                if not vals:
                    continue
                bp = ax.boxplot([vals], positions=[x], widths=0.7, whis=(0, 100),
                                patch_artist=True, showfliers=False)
                for patch in bp["boxes"]:
                    patch.set_facecolor(colors[k])
                    patch.set_alpha(0.45)
                ax.scatter([x] * len(vals), vals, s=9, color=colors[k], zorder=3)
        ax.axhline(0, color="#444444", lw=0.7)
        ax.set_xticks([gi * (len(kinds) + 1) + 1.5 for gi in range(len(IDEALS))])
        ax.set_xticklabels([f"{IDEAL_LABEL[i]}\n{sum(c['ideal'] == i for c in cases)} cases"
                            for i in IDEAL_NAMES])
        ax.set_title(f"{b}: {summary_line(b, result['builds'][b]['summary']).split(': ', 1)[1]}",
                     fontsize=8)
        ax.grid(axis="y", lw=0.3)
    axes[0][0].set_ylabel("component - saving, % of CPI\n(+: the stack overestimates)")
    handles = [plt.Rectangle((0, 0), 1, 1, color=colors[k], alpha=0.6) for k in kinds]
    fig.legend(handles, kinds, loc="lower center", ncol=4, frameon=False, fontsize=8,
               bbox_to_anchor=(0.5, -0.04))
    fig.suptitle("Eyerman et al. Fig. 2: error of each stack and of the combined bounds "
                 "(significant cases)", fontsize=9)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    fig.savefig(path, dpi=130, bbox_inches="tight")
    plt.close(fig)


def plot_cases(result, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    builds = list(result["builds"])
    fig, axes = plt.subplots(len(builds), 1, figsize=(11, 3.6 * len(builds)), squeeze=False)
    marks = {"dispatch": ("v", "#dd8452"), "issue": ("D", "#8172b3"), "commit": ("^", "#4c72b0")}
    for ax, b in zip(axes[:, 0], builds):
        cases = [c for c in result["builds"][b]["cases"] if "failed" not in c and c["significant"]]
        for x, c in enumerate(cases):
            comp = [100 * c["component"][s] / c["cpi"] for s in STAGES]
            ax.plot([x, x], [min(comp), max(comp)], color="#999999", lw=3, alpha=0.6,
                    solid_capstyle="butt")
            for s, v in zip(STAGES, comp):
                ax.scatter([x], [v], marker=marks[s][0], color=marks[s][1], s=14, zorder=3,
                           label=s if x == 0 else None)
            ax.scatter([x], [100 * c["saving"] / c["cpi"]], marker="o", s=22, zorder=4,
                       color="#55a868" if c["in_bounds"] else "#c44e52",
                       label=None if x else "saving (green: in bounds, red: out)")
        ax.set_xticks(range(len(cases)))
        ax.set_xticklabels([f"{c['workload']} {IDEAL_LABEL[c['ideal']]}" for c in cases],
                           rotation=60, ha="right", fontsize=7)
        ax.set_xlim(-0.7, max(len(cases), 1) - 0.3)
        ax.set_ylabel("% of as-is CPI")
        ax.set_title(f"{b}: saving against the dispatch / issue / commit components", fontsize=9)
        ax.grid(axis="y", lw=0.3)
        ax.legend(loc="upper left", bbox_to_anchor=(1.005, 1.0), fontsize=7, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=130, bbox_inches="tight")
    plt.close(fig)


def print_table(build, res):
    """The case table on stdout (CPI figures; * = significant)."""
    print(f"{build}: {'workload':<20} {'idealisation':<12} {'CPI':>7} {'saving':>7} "
          f"{'dispatch':>8} "
          f"{'issue':>7} {'commit':>7}  in bounds  error%")
    for c in res["cases"]:
        if "failed" in c:
            print(f"{build}: {c['workload']:<20} {c['ideal']:<12} failed: {c['failed']}")
            continue
        comp = c["component"]
        sig = "*" if c["significant"] else " "
        inb = ("yes" if c["in_bounds"] else "no") if c["significant"] else \
            ("(yes)" if c["in_bounds"] else "(no)")
        err = f"{100 * c['error']:6.1f}" if c["significant"] else ""
        print(f"{build}:{sig}{c['workload']:<20} {c['ideal']:<12} {c['cpi']:7.3f} "
              f"{c['saving']:7.3f} {comp['dispatch']:8.3f} {comp['issue']:7.3f} "
              f"{comp['commit']:7.3f}  {inb:<9}  {err}")


# ---------------------------------------------------------------------------------------------

def parse_list(s, allowed, what):
    items = [x for x in s.split(",") if x]
    if not items:
        raise StackScopeError(f"--{what}: empty list")
    for x in items:
        if x not in allowed:
            raise StackScopeError(f"--{what}: unknown {what[:-1]} '{x}' (one of {', '.join(allowed)})")
    return items


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--builds", default="default,w4", help="default,w4")
    ap.add_argument("--workloads", default=None, help="comma list (default: the suite minus hello)")
    ap.add_argument("--notes", default=os.path.join(ROOT, "docs", "validation_notes.json"))
    ap.add_argument("--wrong-path", choices=("a", "b"), default="a",
                    help="dispatch/issue stacks: a = wrong_path_adjusted (default, "
                         "method a), b = wrong_path_speculative (per-block counters)")
    study.add_args(ap, "BUILD/validate", "docs/validation.md")
    return ap.parse_args(argv)


def main(argv=None):
    return run_cli("validate.py", lambda args: validate(parse_args(args)), argv)


def validate(a):
    builds = parse_list(a.builds, list(BUILDS), "builds")
    suite = [w for w in runner.load_manifest(a.manifest) if w["name"] not in EXCLUDED]
    names = [w["name"] for w in suite]
    expected = {w["name"]: int(w.get("expected_exit", 0)) for w in suite}
    workloads = parse_list(a.workloads, names, "workloads") if a.workloads else names
    notes = load_notes(a.notes, names)
    # The binaries first: a build directory that is not built leaves nothing behind.
    binaries = {b: study.binary(a.build_dir, BUILDS[b]) for b in builds}
    out = study.prepare(a, "validate", REGION, may_create=True)
    for b in builds:
        os.makedirs(os.path.join(out, b), exist_ok=True)

    runs = []
    for b in builds:
        for w in workloads:
            for variant, flag in [("as-is", None)] + [(i[0], i[1]) for i in IDEALS]:
                path = os.path.join(out, b, f"{w}.{variant}.json")
                argv = [binaries[b], "run", w] + ([flag] if flag else [])
                if a.manifest != os.path.join(ROOT, "sw", "workloads.json"):
                    argv += ["--manifest", a.manifest]
                argv += ["--json", path]
                runs.append(run_of((b, w, variant), argv, path, expected[w], a.wrong_path))
    recs, fails = runner.run_reports(runs, out, a, "validate")
    for k, fail in sorted(fails.items()):
        print(f"validate.py: {k[0]} {k[1]} {k[2]}: {fail}", file=sys.stderr)

    result = {"schema": "stackscope-validation", "version": 1,
              "command": "scripts/validate.py " + " ".join(
                  x for x in [f"--builds {','.join(builds)}",
                              f"--workloads {','.join(workloads)}" if a.workloads else "",
                              "--wrong-path b" if a.wrong_path == "b" else ""] if x),
              "method": {"significant": SIGNIFICANT, "tolerance": TOLERANCE,
                         "ideals": {i[0]: list(i[3]) for i in IDEALS},
                         "wrong_path": a.wrong_path,
                         "stacks": ("dispatch, issue: wrong_path_speculative (method b); commit"
                                    if a.wrong_path == "b" else
                                    "dispatch, issue: wrong_path_adjusted (method a); commit")},
              "builds": {}, "notes": {}, "failures": []}
    used = set()
    for b in builds:
        cases = build_cases(b, workloads, recs, fails)
        tops = top_commit(b, workloads, recs)
        for c in cases:
            if "failed" not in c and c["significant"] and not c["in_bounds"]:
                k = note_key(notes, b, c["workload"], c["ideal"])
                if k:
                    c["note"] = notes[k]
                    used.add(k)
        for w, t in tops.items():
            k = note_key(notes, b, w, OTHER_KEY) if t["component"] == "other" else None
            if k:
                t["note"] = notes[k]
                used.add(k)
        binary = os.path.abspath(binaries[b])
        rel = os.path.relpath(binary, ROOT)
        result["builds"][b] = {"binary": binary if rel.startswith("..") else rel,
                               "summary": summarize([c for c in cases if "failed" not in c]),
                               "cases": cases, "top_commit": tops}
        # The other wrong-path method on the same runs, when every as-is run reports it.
        as_is = [recs[(b, w, "as-is")] for w in workloads if (b, w, "as-is") in recs]
        if as_is and all(r["stacks_alt"] is not None for r in as_is):
            alt = build_cases(b, workloads, recs, fails, stacks="stacks_alt")
            result["builds"][b]["beside"] = {
                "wrong_path": OTHER_METHOD[a.wrong_path],
                "summary": summarize([c for c in alt if "failed" not in c]), "cases": alt}
    result["failures"] = [{"run": list(k), "reason": v} for k, v in sorted(fails.items())]
    # Notes for cases not run this time are not stale; only those of cases that ran in bounds.
    ran = {(b, w) for b in builds for w in workloads}
    result["unused_notes"] = sorted(
        k for k in notes if k not in used and any(
            (bb, k[1]) in ran for bb in (builds if k[0] == "*" else [k[0]])))
    result["notes"] = {"/".join(k): v for k, v in notes.items()}

    plots = []
    if not a.no_plots:
        (p1, p2), plots = study.plot_paths(a, out, ["validation.png", "validation_cases.png"])
        plot_fig2(result, p1)
        plot_cases(result, p2)
    md = md_report(result, plots, os.path.relpath(a.notes, ROOT) if a.notes else "")
    study.write_outputs(a, out, "validation", result, md, DOC_HEAD)
    for b in builds:
        print_table(b, result["builds"][b])
    for b in builds:  # the other method first: the headline lines come last
        beside = result["builds"][b].get("beside")
        if beside:
            print(summary_line(method_label(b, beside["wrong_path"]), beside["summary"]))
    for b in builds:
        print(summary_line(b, result["builds"][b]["summary"]))
    return 1 if fails else 0
