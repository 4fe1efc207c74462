"""The docs check catches each kind of problem: each case plants one in a scratch copy of the
checkout and asserts that the check reports it there and did not before (docs_check_catches).

Usage: test_docs_check.py ROOT (PYTHONPATH=ROOT/scripts).
"""
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from stackscope.docs import check

ROOT = Path(sys.argv.pop(1)).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]


def copy_checkout(dst: Path) -> None:
    for f in check.repo_files(ROOT):
        (dst / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, dst / f)


class DocsCheckCatches(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = Path(self.tmp.name)
        copy_checkout(self.root)

    def tearDown(self):
        self.tmp.cleanup()

    def problems(self):
        return [str(p) for p in check.check(self.root)]

    def assert_caught(self, plant, pattern):
        """plant() makes the problem; pattern must match a problem after it and none before."""
        rx = re.compile(pattern)
        before = [p for p in self.problems() if rx.search(p)]
        self.assertEqual(before, [], "already reported before planting")
        plant()
        after = [p for p in self.problems() if rx.search(p)]
        self.assertTrue(after, f"not caught: /{pattern}/")

    def edit(self, path, old, new, count=1):
        p = self.root / path
        text = p.read_text()
        self.assertIn(old, text, f"{path}: nothing to edit")
        p.write_text(text.replace(old, new, count))

    def test_figure_edited_by_hand_in_readme(self):
        text = (self.root / "README.md").read_text()
        body = text[text.index("<!-- BEGIN status"):text.index("<!-- END status")]
        number = re.search(r"\d+\.\d+", body).group(0)
        bumped = f"{float(number) + 1:.{len(number.split('.')[1])}f}"
        self.assert_caught(lambda: self.edit("README.md", body, body.replace(number, bumped, 1)),
                           r"README\.md:\d+: generated region 'status' differs")

    def test_figure_edited_by_hand_in_figures_page(self):
        page = (self.root / "docs/figures.md").read_text()
        number = re.search(r"\b\d+ tests\b", page).group(0)
        self.assert_caught(lambda: self.edit("docs/figures.md", number, "1" + number),
                           r"docs/figures\.md: differs from what its sources render")

    def test_hand_figure_outside_a_region(self):
        self.assert_caught(lambda: self.edit("README.md", "## Prerequisites",
                                             "The core runs at 75.3 MHz.\n\n## Prerequisites"),
                           r"figure '75\.3 MHz' outside a generated region")

    def test_link_to_missing_file(self):
        self.assert_caught(lambda: self.edit("docs/terms.md", "\n", "\nSee [gone](gone.md).\n"),
                           r"docs/terms\.md:\d+: link to a missing file: gone\.md")

    def test_missing_repository_path(self):
        self.assert_caught(lambda: self.edit("docs/report.md", "\n", "\nRead rtl/pmu/no_such_unit.sv.\n"),
                           r"names a missing file: rtl/pmu/no_such_unit\.sv")

    def test_missing_section(self):
        self.assert_caught(lambda: self.edit("docs/terms.md", "\n", '\nSee docs/report.md "No Such Heading".\n'),
                           r'docs/terms\.md:\d+: docs/report\.md has no section "No Such Heading"')

    def test_build_product_is_not_a_missing_file(self):
        self.edit("docs/terms.md", "\n", "\nThen run examples/hello/never_built.elf.\n")
        self.assertFalse([p for p in self.problems() if "never_built" in p])

    def test_work_step_words(self):
        self.assert_caught(lambda: self.edit("rtl/pmu/topdown.sv", "\n", "\n// fixed at st" "op 12\n"),
                           r"rtl/pmu/topdown\.sv:\d+: a numbered work step")
        self.assert_caught(lambda: self.edit("sim_model/pmu/topdown.h", "\n", "\n// see iss" "ue 15\n"),
                           r"sim_model/pmu/topdown\.h:\d+: an issue number")
        self.assert_caught(lambda: self.edit("docs/sweep.md", "\n", "\nMeasured in the second sess" "ion.\n"),
                           r"docs/sweep\.md:\d+: a work session")

    def test_issue_width_is_not_an_issue_number(self):
        self.edit("docs/report.md", "\n", "\ncore ooo W=2 (dispatch 2, issue 3, commit 2)\n")
        self.assertFalse([p for p in self.problems() if p.startswith("docs/report.md") and "issue number" in p])

    def test_stale_marker(self):
        sentence = "The core executes one instruction per cycle, in order."
        markers = self.root / check.STALE_MARKERS
        markers.write_text(markers.read_text() + f"docs/terms.md\t{sentence}\n")
        self.assert_caught(lambda: self.edit("docs/terms.md", "\n", f"\n{sentence}\n"),
                           r"docs/terms\.md: stale-page marker found: 'The core executes one")

    def test_readme_command_without_ctest(self):
        self.assert_caught(lambda: self.edit("README.md", "build/stackscope-sc run qsort\n",
                                             "build/stackscope-sc run qsort\nbuild/stackscope run sha256\n"),
                           r"command without a ctest .*: build/stackscope run sha256")

    def test_readme_too_long(self):
        self.assert_caught(lambda: self.edit("README.md", "## License", "\n" * 200 + "## License"),
                           r"README\.md: \d+ lines, over the 200-line budget")


class Collect(unittest.TestCase):
    """make figures restamps validation and papers from their own run records, and only from
    records at least as new as the figures they replace."""

    def test_restamp_from_run_records(self):
        import os, time
        from stackscope.docs import figures
        with tempfile.TemporaryDirectory() as tmp:
            build = Path(tmp)
            (build / "validate").mkdir()
            (build / "validate/validation.json").write_text("{}")
            (build / "papers").mkdir()
            old = build / "papers/tip_97.json"
            old.write_text("{}")
            os.utime(old, (0, 0))  # 1970: older than the record below
            record = {"validation": {"commit": "aaaaaaa", "date": "2000-01-01"},
                      "papers": {"commit": "bbbbbbb", "date": "2000-01-01"}}
            done = figures.collect(ROOT, build, record)
            self.assertEqual(record["validation"]["date"], time.strftime("%Y-%m-%d"))
            self.assertNotEqual(record["validation"]["commit"], "aaaaaaa")
            self.assertEqual(record["papers"], {"commit": "bbbbbbb", "date": "2000-01-01"})
            self.assertIn("validation", done)
            self.assertNotIn("papers", done)


class DocsTimed(unittest.TestCase):
    """docs.py timed, which the Makefile wraps around deps, build, run and test: it passes the
    command's exit status through and records the time with that status."""

    def run_timed(self, build, *cmd):
        return subprocess.run([sys.executable, str(ROOT / "scripts/docs.py"), "timed", "t", "--build-dir",
                               str(build), "--", *cmd], capture_output=True, text=True)

    def test_status_and_record(self):
        import json
        with tempfile.TemporaryDirectory() as tmp:
            p = self.run_timed(tmp, "bash", "-c", "echo out; exit 3")
            self.assertEqual(p.returncode, 3)
            self.assertEqual(p.stdout, "out\n")
            rec = json.loads((Path(tmp) / "figures/times/t.json").read_text())
            self.assertEqual(rec["exit"], 3)
            self.assertGreaterEqual(rec["seconds"], 0)
            p = self.run_timed(tmp, "sleep", "0.3")
            self.assertEqual(p.returncode, 0)
            rec = json.loads((Path(tmp) / "figures/times/t.json").read_text())
            self.assertEqual(rec["exit"], 0)
            self.assertGreaterEqual(rec["seconds"], 0.3)
            self.assertEqual(self.run_timed(tmp).returncode, 2)  # no command


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
