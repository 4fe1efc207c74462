#!/usr/bin/env python3
"""Unit tests of scripts/validate.py's arithmetic and bookkeeping, on synthetic numbers whose
expected values are worked out by hand in the comments (no simulation)."""
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

import stackscope.validate.eyerman as v
from stackscope.common.errors import StackScopeError


def stacks(**over):
    """A stage's nine components, all 0 except the given ones (CPI units)."""
    s = {k: 0.0 for k in ("base", "icache", "bpred", "dcache_l1", "dcache_l2", "dcache_mem",
                          "alu_lat", "depend", "other")}
    s.update(over)
    return s


class BoundsError(unittest.TestCase):
    # components 0.40 (dispatch), 0.55 (issue), 0.70 (commit); CPI 2.0
    C = [0.40, 0.55, 0.70]

    def test_inside(self):
        self.assertEqual(v.bounds_error(0.50, self.C, 2.0), (True, 0.0, 0.0))

    def test_at_bounds(self):
        self.assertTrue(v.bounds_error(0.40, self.C, 2.0)[0])
        self.assertTrue(v.bounds_error(0.70, self.C, 2.0)[0])

    def test_above(self):
        # 1.00 - 0.70 = 0.30 above the top bound = 0.30 / 2.0 = 15 % of CPI; the stacks
        # underestimate the saving: signed (0.70 - 1.00) / 2.0 = -0.15
        ok, err, signed = v.bounds_error(1.00, self.C, 2.0)
        self.assertFalse(ok)
        self.assertAlmostEqual(err, 0.15, places=12)
        self.assertAlmostEqual(signed, -0.15, places=12)

    def test_below(self):
        # 0.40 - 0.30 = 0.10 below the bottom bound = 5 % of CPI, overestimated: +0.05
        ok, err, signed = v.bounds_error(0.30, self.C, 2.0)
        self.assertFalse(ok)
        self.assertAlmostEqual(err, 0.05, places=12)
        self.assertAlmostEqual(signed, 0.05, places=12)

    def test_rounding_allowance(self):
        # allowance 0.1 % of CPI 2.0 = 0.002 at each bound: 0.7019 and 0.3981 are in
        self.assertTrue(v.bounds_error(0.7019, self.C, 2.0)[0])
        self.assertTrue(v.bounds_error(0.3981, self.C, 2.0)[0])
        # 0.7021 is out, its error measured to the bound itself: 0.0021 / 2.0 = 0.00105
        ok, err, _ = v.bounds_error(0.7021, self.C, 2.0)
        self.assertFalse(ok)
        self.assertAlmostEqual(err, 0.00105, places=12)
        ok, err, _ = v.bounds_error(0.3979, self.C, 2.0)
        self.assertFalse(ok)
        self.assertAlmostEqual(err, 0.00105, places=12)

    def test_order_of_stacks_irrelevant(self):
        self.assertEqual(v.bounds_error(1.0, [0.7, 0.4, 0.55], 2.0)[:2],
                         v.bounds_error(1.0, self.C, 2.0)[:2])

    def test_zero(self):
        self.assertEqual(v.bounds_error(0.0, [0.0, 0.0, 0.0], 1.5), (True, 0.0, 0.0))
        # a saving where every stack says 0: 0.3 / 1.5 = 20 % of CPI
        ok, err, signed = v.bounds_error(0.3, [0.0, 0.0, 0.0], 1.5)
        self.assertFalse(ok)
        self.assertAlmostEqual(err, 0.2, places=12)
        self.assertAlmostEqual(signed, -0.2, places=12)

    def test_bad_cpi(self):
        with self.assertRaises(ValueError):
            v.bounds_error(0.1, self.C, 0.0)


class StackAndFilter(unittest.TestCase):
    def test_stack_errors(self):
        # (0.40 - 1.00) / 2 = -0.30; (0.55 - 1.00) / 2 = -0.225; (0.70 - 1.00) / 2 = -0.15
        e = v.stack_errors(1.0, [0.40, 0.55, 0.70], 2.0)
        for got, want in zip(e, [-0.30, -0.225, -0.15]):
            self.assertAlmostEqual(got, want, places=12)

    def test_significant(self):
        # 10 % of CPI 2.0 = 0.2
        self.assertFalse(v.significant(0.05, [0.10, 0.15, 0.19], 2.0))
        self.assertTrue(v.significant(0.05, [0.10, 0.15, 0.20], 2.0))  # a component
        self.assertTrue(v.significant(0.20, [0.0, 0.0, 0.0], 2.0))     # the saving
        self.assertTrue(v.significant(-0.25, [0.0, 0.0, 0.0], 2.0))    # a slowdown as large


class Summary(unittest.TestCase):
    def test_summary_and_line(self):
        def case(sig, ok, err, se):
            return {"significant": sig, "in_bounds": ok, "error": err, "stack_error": se}
        cases = [case(True, True, 0.0, [0.02, -0.01, 0.0]),
                 case(True, False, 0.15, [-0.30, -0.225, -0.15]),
                 case(True, False, 0.05, [0.05, 0.125, 0.2]),
                 case(False, False, 0.50, [1.0, 1.0, 1.0])]  # not significant: left out
        s = v.summarize(cases)
        self.assertEqual((s["significant"], s["in_bounds"]), (3, 1))
        # mean error (0 + 0.15 + 0.05) / 3 = 0.0667; dispatch |.| (0.02 + 0.30 + 0.05) / 3
        self.assertAlmostEqual(s["mean_error"], 0.2 / 3, places=12)
        self.assertAlmostEqual(s["mean_stack_error"]["dispatch"], 0.37 / 3, places=12)
        self.assertAlmostEqual(s["mean_stack_error"]["issue"], 0.36 / 3, places=12)
        self.assertAlmostEqual(s["mean_stack_error"]["commit"], 0.35 / 3, places=12)
        self.assertEqual(v.summary_line("default", s),
                         "default: 1 of 3 significant cases in bounds (33 %), "
                         "mean error 6.7 % of CPI")

    def test_empty(self):
        s = v.summarize([])
        self.assertEqual(v.summary_line("w4", s),
                         "w4: 0 of 0 significant cases in bounds (- %), mean error - % of CPI")


class Cases(unittest.TestCase):
    def recs(self):
        # as is: 3000 cycles, 1000 instructions: CPI 3.0
        base = {"cycles": 3000, "instructions": 1000, "stacks": {
            "dispatch": stacks(base=1.0, icache=0.50, dcache_l1=0.1, dcache_l2=0.2, dcache_mem=0.3,
                               other=0.9),
            "issue": stacks(base=1.0, icache=0.55, dcache_l2=0.5, dcache_mem=0.2, other=0.75),
            "commit": stacks(base=1.0, icache=0.20, dcache_mem=0.8, other=1.0)},
            # dispatch 3.0 and commit 3.0 sum to the CPI; issue 3.0 - 0.05 = 2.95 is 1.7 % short
            "stack_sums": {"dispatch": 3.0, "issue": 2.95, "commit": 3.0}}
        r = {("default", "w", "as-is"): base,
             ("default", "w", "perfect-l1i"): {"cycles": 2400},   # saving 0.6
             ("default", "w", "perfect-l1d"): {"cycles": 2300},   # saving 0.7
             ("default", "w", "perfect-bp"): {"cycles": 3000}}    # saving 0
        return r

    def test_build_cases(self):
        fails = {("default", "w", "fast-alu"): "exit 4: lockstep mismatch"}
        cases = {c["ideal"]: c for c in v.build_cases("default", ["w"], self.recs(), fails)}
        ic = cases["perfect-l1i"]
        # icache 0.50 / 0.55 / 0.20, saving 0.6: 0.05 above the top = 1.667 % of CPI 3.0
        self.assertAlmostEqual(ic["cpi"], 3.0)
        self.assertAlmostEqual(ic["saving"], 0.6)
        self.assertTrue(ic["significant"])
        self.assertFalse(ic["in_bounds"])
        self.assertAlmostEqual(ic["error"], 0.05 / 3.0, places=12)
        # dcache = l1 + l2 + mem: dispatch 0.6, issue 0.7, commit 0.8; saving 0.7 is inside
        dc = cases["perfect-l1d"]
        self.assertAlmostEqual(dc["component"]["dispatch"], 0.6)
        self.assertAlmostEqual(dc["component"]["issue"], 0.7)
        self.assertAlmostEqual(dc["component"]["commit"], 0.8)
        self.assertTrue(dc["in_bounds"])
        # bpred 0 everywhere, saving 0: in bounds, not significant
        self.assertTrue(cases["perfect-bp"]["in_bounds"])
        self.assertFalse(cases["perfect-bp"]["significant"])
        self.assertEqual(cases["fast-alu"]["failed"], "exit 4: lockstep mismatch")
        s = v.summarize([c for c in cases.values() if "failed" not in c])
        self.assertEqual((s["significant"], s["in_bounds"]), (2, 1))

    def test_incomplete_stack_flagged(self):
        r = self.recs()
        tops = v.top_commit("default", ["w"], r)
        every = v.build_cases("default", ["w"], r, {})
        self.assertEqual([c.get("failed") for c in every], [None, None, None, "not run"])
        cases = every[:3]
        text = "\n".join(v.md_build("default", "x", cases, v.summarize(cases), tops, {}, "a"))
        self.assertIn("do not sum to its CPI (by more than 1 %; their components are "
                      "incomplete): w (issue 2.950 of CPI 3.000)", text)
        r[("default", "w", "as-is")]["stack_sums"]["issue"] = 2.975  # 0.8 % short: not flagged
        tops = v.top_commit("default", ["w"], r)
        text = "\n".join(v.md_build("default", "x", cases, v.summarize(cases), tops, {}, "a"))
        self.assertNotIn("do not sum", text)

    def test_other_method_beside(self):
        # The same as-is run, method (b)'s dispatch and issue stacks beside method (a)'s:
        # dispatch icache 0.65, issue 0.60, commit 0.20 (the same stack): saving 0.6 is now
        # inside (0.20 .. 0.65); dcache: dispatch 0.5, issue 0.3, commit 0.8 against 0.7: inside.
        r = self.recs()
        r[("default", "w", "as-is")]["stacks_alt"] = {
            "dispatch": stacks(base=1.0, icache=0.65, dcache_mem=0.5),
            "issue": stacks(base=1.0, icache=0.60, dcache_mem=0.3),
            "commit": r[("default", "w", "as-is")]["stacks"]["commit"]}
        head = v.build_cases("default", ["w"], r, {})[:3]
        alt = v.build_cases("default", ["w"], r, {}, stacks="stacks_alt")[:3]
        ic = alt[0]
        self.assertEqual(ic["ideal"], "perfect-l1i")
        self.assertEqual([ic["component"][s] for s in v.STAGES], [0.65, 0.60, 0.20])
        self.assertTrue(ic["in_bounds"] and ic["significant"])
        self.assertFalse(head[0]["in_bounds"])
        self.assertAlmostEqual(alt[1]["component"]["issue"], 0.3)
        beside = {"wrong_path": "b", "summary": v.summarize(alt), "cases": alt}
        text = "\n".join(v.md_build("default", "x", head, v.summarize(head),
                                    v.top_commit("default", ["w"], r), {}, "a", beside))
        self.assertIn("**default, method (b): 2 of 2 significant cases in bounds (100 %), "
                      "mean error 0.0 % of CPI**", text)
        # only the case whose verdict differs is listed (dcache is in bounds under both;
        # bpred is not significant under either)
        listed = text.split("Cases out of bounds with method (b)", 1)[1].split("Largest", 1)[0]
        rows = [x for x in listed.splitlines() if x.startswith("| w | ")]
        self.assertEqual(rows, ["| w | perfect-l1i | 0.600 | 0.650 | 0.600 | 0.200 | no | yes | "
                                "0.0 |"])

    def test_top_commit(self):
        t = v.top_commit("default", ["w"], self.recs())["w"]
        self.assertEqual(t["component"], "other")   # 1.0 > dcache_mem 0.8 > icache 0.2
        self.assertAlmostEqual(t["value"], 1.0)
        r = self.recs()
        r[("default", "w", "as-is")]["stacks"]["commit"] = stacks(base=3.0, other=0.004)
        self.assertIsNone(v.top_commit("default", ["w"], r)["w"]["component"])


class Files(unittest.TestCase):
    def test_doc_region_keeps_hand_text(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "v.md")
            with open(p, "w") as f:
                f.write(f"# Hand title\nintro\n{v.BEGIN}\nold table\n{v.END}\n\n"
                        "## Hand notes\nkept\n")
            v.write_doc(p, f"{v.BEGIN}\nnew table\n{v.END}\n")
            with open(p) as f:
                text = f.read()
            self.assertEqual(text, f"# Hand title\nintro\n{v.BEGIN}\nnew table\n{v.END}\n\n"
                             "## Hand notes\nkept\n")
            with open(p, "w") as f:
                f.write("no markers\n")
            with self.assertRaises(StackScopeError):
                v.write_doc(p, f"{v.BEGIN}\nx\n{v.END}\n")

    def notes(self, entries):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "n.json")
            with open(p, "w") as f:
                json.dump({"notes": entries}, f)
            return v.load_notes(p, ["qsort", "spmv"])

    def test_notes(self):
        n = self.notes([{"workload": "qsort", "ideal": "perfect-l1d", "text": "measured:\n  x"},
                        {"build": "w4", "workload": "spmv", "ideal": "commit-other", "text": "y"}])
        self.assertEqual(v.note_for(n, "default", "qsort", "perfect-l1d"), "measured: x")
        self.assertEqual(v.note_for(n, "w4", "qsort", "perfect-l1d"), "measured: x")
        self.assertEqual(v.note_for(n, "w4", "spmv", "commit-other"), "y")
        self.assertIsNone(v.note_for(n, "default", "spmv", "commit-other"))
        for bad in ({"workload": "nosuch", "ideal": "perfect-bp", "text": "x"},
                    {"workload": "qsort", "ideal": "perfect-l2", "text": "x"},
                    {"workload": "qsort", "ideal": "perfect-bp", "text": " "},
                    {"build": "w8", "workload": "qsort", "ideal": "perfect-bp", "text": "x"}):
            with self.assertRaises(StackScopeError):
                self.notes([bad])


class BadInput(unittest.TestCase):
    def run_main(self, *args):
        err = io.StringIO()
        with redirect_stderr(err):
            rc = v.main(list(args))
        return rc, err.getvalue()

    def test_bad_lists(self):
        for args, msg in ((["--builds", "w8"], "unknown build 'w8'"),
                          (["--workloads", "qsort,nosuch"], "unknown workload 'nosuch'"),
                          (["--workloads", "hello"], "unknown workload 'hello'"),
                          (["-j", "0"], "must be at least 1"),
                          (["--build-dir", "/nonexistent"], "not built")):
            rc, err = self.run_main(*args)
            self.assertEqual(rc, 2, args)
            self.assertEqual(err.count("\n"), 1, err)
            self.assertIn(msg, err)
        # A build directory that is not built is refused before any output directory is made.
        self.assertFalse(os.path.exists("/nonexistent/validate"))

    def test_doc_without_region_refused_before_running(self):
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "stackscope")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\ntouch \"$0.ran\"\nexit 1\n")
            os.chmod(fake, 0o755)
            doc = os.path.join(d, "v.md")
            with open(doc, "w") as f:
                f.write("# hand-written only\n")
            rc, err = self.run_main("--builds", "default", "--workloads", "qsort",
                                    "--build-dir", d, "--out", d, "--doc", doc)
            self.assertEqual(rc, 2)
            self.assertIn("has no generated region", err)
            self.assertFalse(os.path.exists(fake + ".ran"))


class FailedRuns(unittest.TestCase):
    """A binary whose every run fails: each failure is recorded with its one-line reason (the
    last stderr line), the script finishes, writes its outputs and exits 1."""

    def test_failing_binary(self):
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "stackscope")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\necho 'progress' >&2\n"
                        "echo 'lockstep mismatch at pc 0x80000010' >&2\n"
                        "exit 4\n")
            os.chmod(fake, 0o755)
            os.makedirs(os.path.join(d, "docs"))
            doc = os.path.join(d, "docs", "validation.md")
            out = io.StringIO()
            err = io.StringIO()
            with redirect_stdout(out), redirect_stderr(err):
                rc = v.main(["--builds", "default", "--workloads", "qsort,crc32", "--build-dir", d,
                             "--out", os.path.join(d, "out"), "--doc", doc, "--no-plots",
                             "-j", "2"])
            self.assertEqual(rc, 1)
            with open(os.path.join(d, "out", "validation.json")) as f:
                res = json.load(f)
            self.assertEqual(len(res["failures"]), 10)  # 2 workloads x (as is + 4 ideals)
            for fl in res["failures"]:
                self.assertEqual(fl["reason"], "exit 4: lockstep mismatch at pc 0x80000010")
            cases = res["builds"]["default"]["cases"]
            self.assertEqual(len(cases), 8)
            self.assertTrue(all(c["failed"].startswith("exit 4: lockstep") for c in cases))
            self.assertEqual(out.getvalue().splitlines()[-1],
                             "default: 0 of 0 significant cases in bounds (- %), "
                             "mean error - % of CPI")
            self.assertEqual(err.getvalue().count("exit 4: lockstep mismatch"), 10)
            with open(doc) as f:
                text = f.read()
            self.assertIn("| qsort | perfect-l1d | | | | | | failed | | "
                          "exit 4: lockstep mismatch", text)
            self.assertIn("- crc32 as-is: exit 4: lockstep mismatch at pc 0x80000010", text)


if __name__ == "__main__":
    unittest.main()
