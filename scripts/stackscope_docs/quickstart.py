"""README's quick start: the commands of the ```sh block just before the `quickstart` region are
run as a user would, from the checkout; the region shows what the last one prints.

Only the host's speed may differ between two runs (the simulator prints its cycles per second);
`normalise` masks it, so everything else the README shows is what the tool prints.
"""
from __future__ import annotations

import difflib
import re
import subprocess
from pathlib import Path

from . import check, regions

REGION = "quickstart"


class QuickstartError(Exception):
    pass


def commands(text: str) -> list[str]:
    """The commands of the ```sh block that ends right before the region's BEGIN line."""
    r = next((r for r in regions.regions(text) if r.name == REGION), None)
    if r is None:
        raise QuickstartError(f"README.md has no '{REGION}' region")
    lines = text.splitlines()
    end = r.begin - 1
    while end >= 0 and not lines[end].strip():
        end -= 1
    if end < 0 or lines[end].strip() != "```":
        raise QuickstartError("README.md: no ```sh block right before the quickstart region")
    start = end - 1
    while start >= 0 and not lines[start].strip().startswith("```"):
        start -= 1
    return check.readme_commands("\n".join(lines[start:end + 1]))


def _for_build(cmd: str, build: Path, root: Path) -> str:
    """README writes the build tree as build/; a test may use another."""
    if build == root / "build":
        return cmd
    return re.sub(r"(?<![\w/])build/", str(build) + "/", cmd)


def run(root: Path, build: Path) -> str:
    """Runs the quick start; returns the region body (a text block with the last command and its output)."""
    cmds = commands((root / "README.md").read_text())
    if not cmds:
        raise QuickstartError("README.md's quick start shows no command")
    output = ""
    for cmd in cmds:
        p = subprocess.run(["bash", "-c", _for_build(cmd, build, root)], cwd=root,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            raise QuickstartError(f"quick start command failed (exit {p.returncode}): {cmd}\n{p.stdout[-2000:]}")
        output = p.stdout
    output = output.replace(str(build) + "/", "build/")
    return "```text\n$ " + cmds[-1] + "\n" + output.rstrip("\n") + "\n```\n"


SPEED = re.compile(r"\d[\d,]*(?:\.\d+)? ?(?:k )?cycles/s|\d+(?:\.\d+)? ?(?:s|ms) wall")


def normalise(text: str) -> list[str]:
    return [SPEED.sub("<speed>", line.rstrip()) for line in text.strip().splitlines()]


def diff(want: str, got: str) -> list[str]:
    return list(difflib.unified_diff(normalise(want), normalise(got), "README.md", "now", lineterm=""))
