"""The docs check: README and docs/ against their sources.

It fails on
- README.md over its length budget;
- a generated figures region of README.md or docs/figures.md that differs from what its sources
  render (a figure edited by hand, or a source changed without `make figures`);
- a measured-looking figure in README.md outside a generated region;
- the ctest counts of docs/figures.json against the build tree's own (with a build tree);
- a link or a repository path in README.md or docs/ that names no file, or a reference to a
  page's section ("docs/x.md "Heading"") anywhere that names no heading of that page;
- work-history words (numbered work steps, work sessions, branch names) in any tracked file;
- a stale-page marker of tests/docs/stale_markers.tsv found on its page;
- a README command without its ctest in tests/docs/readme_commands.tsv, or the other way round.
"""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..common import regions
from ..common.errors import StackScopeError
from . import figures

README_MAX_LINES = 200
STALE_MARKERS = Path("tests/docs/stale_markers.tsv")
README_COMMANDS = Path("tests/docs/readme_commands.tsv")

# Words that tell the history of the work instead of the product. Each pattern is followed by
# what it means, for the message.
HISTORY = [
    (re.compile(r"\b[Ss]tops? \d+\b|\b(?:until|since|at|before|after|of|in) [Ss]top\b"), "a numbered work step"),
    # "issue N" as a work item. The core's issue width ("Dispatch 2, Issue 3", "issues 2 per
    # cycle") is at most 4 and an issue-stage CPI has a decimal point, so those are not one.
    (re.compile(r"\b[Ii]ssue (?:#\d+|(?:[5-9]|\d\d+)(?![.\d]))"), "an issue number"),
    (re.compile(r"\b(?:this|next|previous|earlier|later|first|second|third|fourth|fifth|last|one) "
                r"sessions?\b|\bsession time\b|\bthe session\b", re.I), "a work session"),
    (re.compile("pmuint" + "-ooo|branch `?back" + r"end`?\b"), "a branch name"),
]
# Files that hold these patterns as data.
HISTORY_EXEMPT = {"scripts/stackscope/docs/check.py", "tests/docs/test_docs_check.py"}

# A figure that someone measured: a number with a unit of time, speed, size or share.
MEASURED = re.compile(
    r"\b\d[\d,]*(?:\.\d+)?\s?(?:%|MHz|k?\s?cycles/s|cycles per (?:CPU )?second|LUT4s?\b|FFs?\b|"
    r"MIPS\b|min\b|ms\b|s wall\b|seconds?\b|minutes?\b|hours?\b)|\b\d+ of \d+ (?:tests|cases|ctests)")

BUILD_PRODUCTS = {".elf", ".hex", ".bit", ".o", ".fst", ".vcd"}
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
TOP_DIRS = ("docs", "rtl", "scripts", "sw", "tb", "tests", "sim_model", "examples", "fpga", "formal",
            "fuzz", "cmake", ".ci")
REPO_PATH = re.compile(r"(?<![\w/.$-])((?:" + "|".join(re.escape(d) for d in TOP_DIRS) +
                       r")/[\w./-]*[\w])")
TEXT_SUFFIXES = {".md", ".sv", ".svh", ".v", ".py", ".cpp", ".h", ".hpp", ".c", ".S", ".sh", ".txt",
                 ".cmake", ".json", ".toml", ".f", ".vlt", ".core", ".ld", ".mk", ".flags", ".tsv",
                 ".lpf", ".tcl", ".yml", ".yaml", ".cfg", ""}


@dataclass(frozen=True)
class Problem:
    where: str  # path:line
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def repo_files(root: Path) -> list[str]:
    r = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                       capture_output=True, text=True)
    if r.returncode == 0 and r.stdout.strip():
        return [f for f in r.stdout.splitlines() if (root / f).is_file()]
    skip = {".git", "build", "__pycache__", "obj_dir"}
    return [str(p.relative_to(root)) for p in root.rglob("*")
            if p.is_file() and not skip.intersection(p.relative_to(root).parts)]


def doc_files(root: Path) -> list[str]:
    return ["README.md"] + sorted(str(p.relative_to(root)) for p in (root / "docs").rglob("*.md"))


def check_readme_length(root: Path) -> list[Problem]:
    n = len((root / "README.md").read_text().splitlines())
    return [Problem("README.md", f"{n} lines, over the {README_MAX_LINES}-line budget")] if n > README_MAX_LINES else []


def check_generated(root: Path) -> list[Problem]:
    out = []
    try:
        record = figures.load_record(root)
        readme = (root / "README.md").read_text()
        want = figures.render_readme(root, record, readme)
        if want != readme:
            for r_have, r_want in zip(regions.regions(readme), regions.regions(want)):
                if r_have.body != r_want.body:
                    diff = _first_difference(r_have.body, r_want.body)
                    out.append(Problem(f"README.md:{r_have.begin + 1}",
                                       f"generated region '{r_have.name}' differs from its sources "
                                       f"(docs/figures.md's; edited by hand? run make figures): {diff}"))
        page = figures.render_figures_md(root, record)
        have = (root / figures.FIGURES_MD).read_text() if (root / figures.FIGURES_MD).exists() else ""
        if have != page:
            out.append(Problem(str(figures.FIGURES_MD), "differs from what its sources render "
                               f"(run make figures): {_first_difference(have, page)}"))
        speed = root / figures.SPEED_MD
        if speed.exists():
            want_p = figures.render_speed_profile(root, record)
            have_p = regions.body(speed.read_text(), "profile")
            if have_p != want_p:
                out.append(Problem(str(figures.SPEED_MD), "region 'profile' differs from what its "
                                   f"sources render (run make figures): {_first_difference(have_p, want_p)}"))
        core = root / figures.CORE_MD
        want_s = figures.render_issue_stage(root, record)
        have_s = regions.body(core.read_text(), "issue_stage")
        if have_s != want_s:
            out.append(Problem(str(figures.CORE_MD), "region 'issue_stage' differs from what its "
                               f"sources render (run make figures): {_first_difference(have_s, want_s)}"))
    except (StackScopeError, OSError, ValueError, KeyError) as e:
        out.append(Problem("docs/figures.json", f"cannot render the figures: {e}"))
    return out


def _first_difference(have: str, want: str) -> str:
    for a, b in zip(have.splitlines(), want.splitlines()):
        if a != b:
            return f"has {a.strip()[:160]!r}, sources give {b.strip()[:160]!r}"
    return "a line is missing or extra"


def check_readme_figures(root: Path) -> list[Problem]:
    text = (root / "README.md").read_text()
    out = []
    for n, line in regions.outside(text):
        m = MEASURED.search(line)
        if m:
            out.append(Problem(f"README.md:{n}", f"figure '{m.group(0)}' outside a generated region: "
                               "quote it from docs/figures.md through a region, or drop it"))
    return out


def check_test_counts(root: Path, build: Path) -> list[Problem]:
    try:
        have = figures.ctest_counts(build)
        rec = figures.load_record(root).get("tests", {})
    except StackScopeError as e:
        return [Problem(str(build), str(e))]
    diff = [f"{k} {rec.get(k)} recorded, {have[k]} in the build" for k in ("total", "ci", "long")
            if rec.get(k) != have[k]]
    return [Problem("docs/figures.json", "ctest counts differ (run make figures): " + "; ".join(diff))] if diff else []


def check_links(root: Path) -> list[Problem]:
    """Markdown links relative to their page; repository paths (rtl/..., docs/...) relative to the
    root, where a stem names its files (tb/harness/lockstep: lockstep.h and lockstep.cpp)."""
    files = repo_files(root)
    out = []
    for f in doc_files(root):
        lines = (root / f).read_text().splitlines()
        base = (root / f).parent
        for n, line in enumerate(lines, 1):
            missing = []
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                    continue
                path = target.split("#")[0]
                if path and not (base / path).exists():
                    missing.append(f"link to a missing file: {target}")
            for path in REPO_PATH.findall(LINK.sub("", line)):  # links are checked above
                if any(c in path for c in "*<>{}") or re.search(r"(?:^|/)[A-Z]+(?:[/._]|$)|[A-Z]{3,}", path):
                    continue  # a pattern or a placeholder (sw/workloads/NAME.c)
                if Path(path).suffix in BUILD_PRODUCTS:
                    continue  # made by a command the page shows (examples/hello/hello.elf)
                if not (root / path).exists() and not any(x.startswith(path) for x in files):
                    missing.append(f"names a missing file: {path}")
            out += [Problem(f"{f}:{n}", m) for m in dict.fromkeys(missing)]
    return out


SECTION_REF = re.compile(r'(README(?:\.md)?|docs/[\w/.-]+\.md)\s*,?\s*(?:section\s*)?"([A-Z`][^"\[\]+=(){}]{1,78})"')


def text_lines(root: Path):
    """(path, line number, line) of every tracked text file but the check's own data."""
    for f in repo_files(root):
        if f in HISTORY_EXEMPT or Path(f).suffix not in TEXT_SUFFIXES:
            continue
        try:
            text = (root / f).read_text()
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            yield f, n, line


# A section: a heading, or a bold run-in label that starts a paragraph or a list item.
SECTION_NAME = re.compile(r"^(?:#+\s*(.+)|(?:- )?\*\*([^*]+)\*\*)")


def check_sections(root: Path) -> list[Problem]:
    """A reference to a page's section (docs/core.md "Timing", README "Quick start") in any
    tracked file names a heading or a bold run-in label the page has."""
    headings: dict[str, list[str] | None] = {}

    def of(doc: str) -> list[str] | None:
        doc = "README.md" if doc == "README" else doc
        if doc not in headings:
            p = root / doc
            lines = p.read_text().splitlines() if p.exists() else None
            headings[doc] = (None if lines is None else
                             [(m.group(1) or m.group(2)).strip() for m in map(SECTION_NAME.match, lines) if m])
        return headings[doc]

    out = []
    for f, n, line in text_lines(root):
        for doc, sec in SECTION_REF.findall(line):
            h = of(doc)
            if h is not None and not any(sec in x for x in h):
                out.append(Problem(f"{f}:{n}", f"{doc} has no section \"{sec}\""))
    return out


def check_history(root: Path) -> list[Problem]:
    out = []
    for f, n, line in text_lines(root):
        for pattern, meaning in HISTORY:
            m = pattern.search(line)
            if m:
                out.append(Problem(f"{f}:{n}", f"{meaning} ('{m.group(0)}'): the repository "
                                   "speaks of the product as it is"))
    return out


def read_tsv(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


def check_stale_markers(root: Path) -> list[Problem]:
    out = []
    for row in read_tsv(root / STALE_MARKERS):
        if len(row) != 2:
            out.append(Problem(str(STALE_MARKERS), f"row {row!r}: want PATH<TAB>TEXT"))
            continue
        path, marker = row
        p = root / path
        if p.exists() and marker in p.read_text():
            out.append(Problem(path, f"stale-page marker found: {marker!r}"))
    return out


def readme_commands(text: str) -> list[str]:
    """The command lines of README's ```sh blocks (comments cut, continuations joined)."""
    cmds, inside, pending = [], False, ""
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("```"):
            inside = s == "```sh"
            continue
        if not inside or not s or s.startswith("#"):
            continue
        s = re.sub(r"\s+#\s.*$", "", s)
        if s.endswith("\\"):
            pending += s[:-1].strip() + " "
            continue
        cmds.append((pending + s).strip())
        pending = ""
    return cmds


def check_readme_commands(root: Path) -> list[Problem]:
    cmds = readme_commands((root / "README.md").read_text())
    rows = [r for r in read_tsv(root / README_COMMANDS)]
    out = [Problem(str(README_COMMANDS), f"row {r!r}: want NAME<TAB>LABELS<TAB>EXPECT<TAB>COMMAND")
           for r in rows if len(r) != 4]
    table = {r[3]: r[0] for r in rows if len(r) == 4}
    out += [Problem("README.md", f"command without a ctest in {README_COMMANDS}: {c}")
            for c in cmds if c not in table]
    out += [Problem(str(README_COMMANDS), f"ctest {t} runs a command README no longer shows: {c}")
            for c, t in table.items() if c not in cmds]
    ci = root / ".ci/run"
    for c, t in table.items():
        if t == "ci" and (not ci.exists() or c not in ci.read_text()):
            out.append(Problem(str(README_COMMANDS), f"'{c}' is marked as run by CI, but .ci/run does not run it"))
    return out


def check(root: Path, build: Path | None = None) -> list[Problem]:
    problems = []
    problems += check_readme_length(root)
    problems += check_generated(root)
    problems += check_readme_figures(root)
    if build is not None:
        problems += check_test_counts(root, build)
    problems += check_links(root)
    problems += check_sections(root)
    problems += check_history(root)
    problems += check_stale_markers(root)
    problems += check_readme_commands(root)
    return problems
