"""README's quick start: the commands of the ```sh block just before the `quickstart` region are
run as a user would, from the checkout; the region shows what the last one prints.

The simulation is deterministic and the report goes to stdout (the log, with the host's speed,
goes to stderr), so the region must equal what the commands print now, byte for byte.
"""
from __future__ import annotations

import difflib
import re
import subprocess
from pathlib import Path

from ..common import regions
from ..common.errors import StackScopeError
from . import check

REGION = "quickstart"


def commands(text: str) -> list[str]:
    """The commands of the ```sh block that ends right before the region's BEGIN line."""
    r = next((r for r in regions.regions(text) if r.name == REGION), None)
    if r is None:
        raise StackScopeError(f"README.md has no '{REGION}' region")
    lines = text.splitlines()
    end = r.begin - 1
    while end >= 0 and not lines[end].strip():
        end -= 1
    if end < 0 or lines[end].strip() != "```":
        raise StackScopeError("README.md: no ```sh block right before the quickstart region")
    start = end - 1
    while start >= 0 and not lines[start].strip().startswith("```"):
        start -= 1
    return check.readme_commands("\n".join(lines[start:end + 1]))


def _for_build(cmd: str, build: Path, root: Path) -> str:
    """README writes the build tree as build/; a test may use another."""
    if build == root / "build":
        return cmd
    return re.sub(r"(?<![\w/])build/", str(build) + "/", cmd)


HEAD_END = "FLOPS stack"  # the report is shown up to this block; the rest is named after it
HEAD_MAX = 40


def run(root: Path, build: Path) -> tuple[str, str]:
    """Runs the quick start; returns the last command and what it printed on stdout (the
    program's own output, then the report; the log on stderr is not shown)."""
    cmds = commands((root / "README.md").read_text())
    if not cmds:
        raise StackScopeError("README.md's quick start shows no command")
    output = ""
    for cmd in cmds:
        p = subprocess.run(["bash", "-c", _for_build(cmd, build, root)], cwd=root,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            raise StackScopeError(f"quick start command failed (exit {p.returncode}): {cmd}: "
                                  f"{(p.stderr or p.stdout).strip()[-500:]}")
        output = p.stdout
    return cmds[-1], output.replace(str(build) + "/", "build/")


def render(cmd: str, output: str) -> str:
    """The region: the command and the head of its output, then what follows, by name."""
    lines = output.rstrip("\n").splitlines()
    head = []
    for line in lines:
        if line.startswith(HEAD_END) or len(head) == HEAD_MAX:
            break
        head.append(line.rstrip())
    while head and not head[-1]:
        head.pop()
    rest = lines[len(head):]
    titles = [l.split(" (")[0].strip() for l in rest if l and not l.startswith(" ") and l[0].isupper()]
    body = "```text\n$ " + cmd + "\n" + "\n".join(head) + "\n```\n"
    if titles:
        body += "\nThen: " + ", ".join(dict.fromkeys(titles)) + ".\n"
    return body


def diff(want: str, got: str) -> list[str]:
    return list(difflib.unified_diff(want.splitlines(), got.splitlines(), "README.md", "now", lineterm=""))
