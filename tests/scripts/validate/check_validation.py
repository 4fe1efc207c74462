#!/usr/bin/env python3
"""check_validation.py BUILD_DIR WORKLOADS [KNOWN_GOOD...]: scripts/validate.py end to end on a
few workloads of the default build, checked against the run reports it leaves behind.

- exit 0, the summary lines of the documented shape last on stdout (method (b), then the
  headline), the same lines in the doc;
- every case's saving and dispatch / issue / commit components recomputed here from the raw
  slot counters of the run reports (counters.cpi, config.core.slots, method (a) applied here),
  and its in-bounds verdict and error recomputed from Eyerman et al.'s rule; the same for method (b)
  beside it, from the per-block counters' raw slots (counters.cpi_speculative);
- the summary figures equal those of the cases; the doc's table has one row per case; the
  hand-written text around the generated region survives; a note is shown beside its case;
- the plots are PNG files; a second run with --reuse runs nothing and gives the same cases,
  a third, after one report is made older than the binary, runs that one only;
- KNOWN_GOOD cases (WORKLOAD:IDEAL, chosen for an analytic reason, see CMakeLists.txt) are
  significant and in bounds.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from stackscope.spec import options

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "..", "scripts", "validate.py")
# The idealisations the script runs, from the run-time options table: name -> (report
# config.ideal key, components it removes). What is checked below is recomputed from the reports.
IDEALS = {o.name: (o.field, list(o.ideal.components)) for o in options.ideals()}


# The idealisation of the first workload that gets a hand-written note.
NOTED_IDEAL = "perfect-l1i"

def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def close(a, b, what):
    if abs(a - b) > 1e-9 * max(1.0, abs(a), abs(b)):
        fail(f"{what}: {a!r} != {b!r}")


def components(run, comps, method="a"):
    """Per stage: sum of comps in slots / (W x I); dispatch/issue with method (a) done here,
    or, method "b", the speculative per-block counters' raw slots (counters.cpi_speculative)."""
    raw = run["counters"]["cpi"]
    w = run["config"]["core"]["slots"]
    n = run["instructions"]
    out = []
    for stage in ("dispatch", "issue", "commit"):
        s = dict(raw[stage])
        if stage != "commit" and method == "b":
            s = dict(run["counters"]["cpi_speculative"][stage])
        elif stage != "commit" and s["base"] > raw["commit"]["base"]:
            s["bpred"] += s["base"] - raw["commit"]["base"]
            s["base"] = raw["commit"]["base"]
        out.append(sum(s[k] for k in comps) / (w * n))
    return out


def verdict(saving, comp, cpi):
    """(in bounds, significant, error): Eyerman et al.'s rule, written out here."""
    lo, hi, tol = min(comp), max(comp), 0.001 * cpi
    inb = lo - tol <= saving <= hi + tol
    err = 0.0 if inb else min(abs(saving - lo), abs(saving - hi)) / cpi
    sig = max(comp) >= 0.1 * cpi or abs(saving) >= 0.1 * cpi
    return inb, sig, err


def check_summary(line, cases, label):
    """The summary line `label: N of M ... (P %), mean error E % of CPI` against the cases."""
    m = re.match(rf"^{re.escape(label)}: (\d+) of (\d+) significant cases in bounds "
                 r"\((\d+|-) %\), mean error (\d+\.\d|-) % of CPI$", line)
    if not m:
        fail(f"not a summary line of {label}: {line!r}")
    sig = [c for c in cases if c["significant"]]
    n_in = sum(c["in_bounds"] for c in sig)
    if (int(m.group(1)), int(m.group(2))) != (n_in, len(sig)):
        fail(f"summary line {line!r} vs {n_in} of {len(sig)} in the cases")
    if sig:
        mean = sum(c["error"] for c in sig) / len(sig)
        if m.group(4) != f"{100 * mean:.1f}" or m.group(3) != f"{100 * n_in / len(sig):.0f}":
            fail(f"summary line {line!r}: mean error {100 * mean:.3f} %")


def main():
    build, workloads = sys.argv[1], sys.argv[2].split(",")
    known_good = [tuple(x.split(":")) for x in sys.argv[3:]]
    with tempfile.TemporaryDirectory() as d:
        out, doc = os.path.join(d, "out"), os.path.join(d, "docs", "validation.md")
        os.makedirs(os.path.dirname(doc))
        from stackscope.validate import eyerman as validate  # the region markers only
        begin, end = validate.BEGIN, validate.END
        with open(doc, "w") as f:
            f.write(f"# hand title\n\n{begin}\nold\n{end}\n\n## hand section\nkept text\n")
        notes = os.path.join(d, "notes.json")
        note_text = "test note: measured by hand"
        with open(notes, "w") as f:
            # one note for a case (shown beside it if it is out of bounds, else listed as
            # stale), one for each known-good case (in bounds: listed as stale)
            json.dump({"notes": [{"workload": workloads[0], "ideal": NOTED_IDEAL,
                                  "text": note_text}] +
                       [{"workload": w, "ideal": i, "text": "stale"} for w, i in known_good]}, f)
        argv = [sys.executable, SCRIPT, "--builds", "default", "--workloads", ",".join(workloads),
                "--build-dir", build, "--out", out, "--doc", doc, "--notes", notes]
        p = subprocess.run(argv, capture_output=True, text=True)
        if p.returncode != 0:
            fail(f"exit {p.returncode}\n{p.stdout}\n{p.stderr}")
        lines = p.stdout.splitlines()
        with open(os.path.join(out, "validation.json")) as f:
            res = json.load(f)
        cases = res["builds"]["default"]["cases"]
        if res["builds"]["default"].get("beside", {}).get("wrong_path") != "b":
            fail("no method (b) evaluation beside the headline")
        beside = res["builds"]["default"]["beside"]["cases"]
        if sorted((c["workload"], c["ideal"]) for c in cases) != sorted(
                (w, i) for w in workloads for i in IDEALS):
            fail("not one case per workload and idealisation")
        for c in cases:
            what = f"{c['workload']} {c['ideal']}"
            if "failed" in c:
                fail(f"{what}: failed: {c['failed']}")
            with open(os.path.join(out, "default", f"{c['workload']}.as-is.json")) as f:
                base = json.load(f)["runs"][0]
            with open(os.path.join(out, "default", f"{c['workload']}.{c['ideal']}.json")) as f:
                ideal = json.load(f)["runs"][0]
            key, comps = IDEALS[c["ideal"]]
            if not ideal["config"]["ideal"][key] or base["config"]["ideal"][key]:
                fail(f"{what}: the runs do not carry the idealisation flag as expected")
            if ideal["instructions"] != base["instructions"]:
                fail(f"{what}: idealised run retired a different number of instructions")
            cpi = base["cycles"] / base["instructions"]
            saving = (base["cycles"] - ideal["cycles"]) / base["instructions"]
            comp = components(base, comps)
            close(c["cpi"], cpi, f"{what} cpi")
            close(c["saving"], saving, f"{what} saving")
            for s, x in zip(("dispatch", "issue", "commit"), comp):
                close(c["component"][s], x, f"{what} {s}")
            inb, sig, err = verdict(saving, comp, cpi)
            if (c["in_bounds"], c["significant"]) != (inb, sig):
                fail(f"{what}: verdict {c['in_bounds']}/{c['significant']}, expected {inb}/{sig}")
            close(c["error"], err, f"{what} error")
            # Method (b) beside it: the same runs, the per-block counters' raw slots.
            cb = next(x for x in beside if (x["workload"], x["ideal"]) == (c["workload"],
                                                                          c["ideal"]))
            comp = components(base, comps, "b")
            for s, x in zip(("dispatch", "issue", "commit"), comp):
                close(cb["component"][s], x, f"{what} {s}, method (b)")
            inb, sig, err = verdict(saving, comp, cpi)
            if (cb["in_bounds"], cb["significant"]) != (inb, sig):
                fail(f"{what}, method (b): verdict {cb['in_bounds']}/{cb['significant']}, "
                     f"expected {inb}/{sig}")
            close(cb["error"], err, f"{what} error, method (b)")
        check_summary(lines[-1], cases, "default")
        check_summary(lines[-2], beside, "default, method (b)")
        for w, i in known_good:
            c = next(c for c in cases if (c["workload"], c["ideal"]) == (w, i))
            if not (c["significant"] and c["in_bounds"]):
                fail(f"known-good case {w} {i}: saving {c['saving']:.4f}, components "
                     f"{c['component']}, significant {c['significant']}")

        with open(doc) as f:
            text = f.read()
        if not text.startswith("# hand title\n\n" + begin) or \
                not text.endswith(end + "\n\n## hand section\nkept text\n") or "\nold\n" in text:
            fail("the doc's hand-written text around the generated region was not kept")
        for line in lines[-2:]:
            if f"\n{line}\n" not in text:
                fail(f"the summary line {line!r} is not in the doc")
        for c in cases:
            row = [r for r in text.splitlines()
                   if re.match(rf"^\| \**{re.escape(c['workload'])}\** \| {c['ideal']} \|", r)]
            if len(row) != 1:
                fail(f"{c['workload']} {c['ideal']}: {len(row)} table rows in the doc")
            cells = [x.strip() for x in row[0].strip("|").split("|")]
            if len(cells) != 10 or float(cells[3]) != round(c["saving"], 3):
                fail(f"malformed row: {row[0]}")
            out_of_bounds = c["significant"] and not c["in_bounds"]
            noted = c["workload"] == workloads[0] and c["ideal"] == NOTED_IDEAL
            want = (note_text if noted else "*unexplained*") if out_of_bounds else ""
            if cells[9] != want:
                fail(f"explanation cell {cells[9]!r}, expected {want!r}: {row[0]}")
        planted = next(c for c in cases
                       if c["workload"] == workloads[0] and c["ideal"] == NOTED_IDEAL)
        stale = [["*", w, i] for w, i in known_good]
        if not planted["significant"] or planted["in_bounds"]:
            stale.append(["*", workloads[0], NOTED_IDEAL])
        stale.sort()
        if res["unused_notes"] != stale:
            fail(f"stale notes {res['unused_notes']}, expected {stale}")
        if stale and not all("/".join(k) in text for k in stale):
            fail("the stale notes are not listed in the doc")
        for png in ("validation.png", "validation_cases.png"):
            with open(os.path.join(d, "docs", "img", png), "rb") as f:
                if f.read(8) != b"\x89PNG\r\n\x1a\n":
                    fail(f"{png} is not a PNG")

        # --reuse: nothing runs again (the reports keep their mtimes), same cases.
        mt = {n: os.stat(os.path.join(out, "default", n)).st_mtime_ns
              for n in os.listdir(os.path.join(out, "default"))}
        p2 = subprocess.run(argv + ["--reuse", "--no-plots"], capture_output=True, text=True)
        if p2.returncode != 0 or p2.stdout.splitlines()[-1] != lines[-1]:
            fail(f"--reuse: exit {p2.returncode}, {p2.stdout[-300:]} {p2.stderr}")
        if any(os.stat(os.path.join(out, "default", n)).st_mtime_ns != t for n, t in mt.items()):
            fail("--reuse ran a workload again")
        with open(os.path.join(out, "validation.json")) as f:
            if json.load(f)["builds"]["default"]["cases"] != cases:
                fail("--reuse gave different cases")
        # A report older than the binary is stale: that one runs again, the others do not.
        old = os.path.join(out, "default", f"{workloads[0]}.fast-alu.json")
        os.utime(old, (0, 0))
        p3 = subprocess.run(argv + ["--reuse", "--no-plots"], capture_output=True, text=True)
        again = [n for n, t in mt.items()
                 if os.stat(os.path.join(out, "default", n)).st_mtime_ns != t]
        if p3.returncode != 0 or again != [os.path.basename(old)] or os.stat(old).st_mtime == 0:
            fail(f"--reuse with one stale report: exit {p3.returncode}, ran again: {again}")
    print(f"ok: {lines[-1]} ({len(cases)} cases checked against the run reports)")


if __name__ == "__main__":
    main()
