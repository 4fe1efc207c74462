"""The RTL file lists (rtl/**/*.f): the one reader of every script.

A list is what Verilator's `-f` reads, restricted to what the repository uses: one
repository-relative `.sv` file per line, `-f other.f` to nest a list, `+define+`/`+incdir+`
options (kept by Verilator, skipped here), `//` comments and blank lines.

The lists are components that compose without overlap (docs/dev/conventions.md "RTL file lists"):
`rtl/pmu/probe.f` is the probe contract, `rtl/core/core.f` the core and `rtl/pmu/pmu.f` the
PMU, each without the contract; `rtl/top/soc.f` nests all three and adds the SoC;
`rtl/fpga/fpga.f` nests soc.f. A file reached twice would be a duplicate module to Verilator
(MODDUP) and to slang, so `read` rejects it.

    python3 scripts/rtl_files.py rtl/top/soc.f          # the flattened .sv list, one per line
    python3 scripts/rtl_files.py --deps rtl/top/soc.f   # the .f lists read, then the .sv files
"""
from __future__ import annotations

import sys
from pathlib import Path

from .common.errors import StackScopeError
from .common.paths import ROOT

PROBE = "rtl/pmu/probe.f"


def rel(p: Path) -> str:
    return str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p)


def read_lists(*lists: str | Path) -> tuple[list[Path], list[Path]]:
    """(the .sv files in order, the .f lists read) for the given lists and their nested ones;
    paths relative to the repository root, returned absolute."""
    files: list[Path] = []
    seen: dict[Path, Path] = {}
    read: list[Path] = []

    def walk(lst: Path, stack: tuple[Path, ...]) -> None:
        if lst in stack:
            raise StackScopeError(f"{rel(lst)} nests itself")
        if not lst.is_file():
            raise StackScopeError(f"file list {lst} not found")
        read.append(lst)
        for n, raw in enumerate(lst.read_text().splitlines(), 1):
            line = raw.split("//")[0].strip()
            if not line or line.startswith("+"):
                continue
            if line.startswith("-f "):
                walk((ROOT / line[3:].strip()).resolve(), stack + (lst,))
            elif line.startswith("-"):
                raise StackScopeError(f"{rel(lst)}:{n}: option {line.split()[0]} "
                                    "is not used in the repository's lists")
            else:
                p = (ROOT / line).resolve()
                if p in seen:
                    raise StackScopeError(f"{line} listed twice (first in {rel(seen[p])}, "
                                        f"again at {rel(lst)}:{n})")
                seen[p] = lst
                files.append(p)

    for lst in lists:
        walk((ROOT / lst).resolve(), ())
    return files, read


def read(*lists: str | Path) -> list[Path]:
    """The .sv files of the given lists, nested lists followed, each once."""
    return read_lists(*lists)[0]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    deps = argv[:1] == ["--deps"]  # CMake (cmake/Verilate.cmake): the lists read, then the files
    lists = argv[1:] if deps else argv
    if not lists:
        print("usage: rtl_files.py [--deps] LIST.f [LIST.f ...]", file=sys.stderr)
        return 2
    try:
        files, read = read_lists(*lists)
    except StackScopeError as e:
        print(f"rtl_files: {e}", file=sys.stderr)
        return 1
    for p in (read + files if deps else files):
        print(rel(p))
    return 0
