#!/usr/bin/env python3
"""Layout rules of rtl/ (shared STYLE.md, docs/dev/core.md "Back-end files"), checked as text:

- no .sv file is over 800 lines;
- a file holds one module (or one package) and is named after it, ending `endmodule : name`;
- every generate loop is labelled, and the label starts with `gen_`.

Usage: check_rtl_layout.py [RTL_DIR]   (default: rtl/ next to this script's repository)
Exit 0 when every rule holds, 1 with one line per violation otherwise.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

MAX_LINES = 800
MODULE = re.compile(r"^\s*(module|package)\s+(\w+)", re.M)
END = re.compile(r"^\s*end(module|package)\s*:\s*(\w+)", re.M)
# A generate for loop (genvar) or a module-level `if (...) begin` with its label, if any.
GEN_FOR = re.compile(r"^\s*for\s*\(\s*genvar\b[^)]*\)\s*begin\s*(?::\s*(\w+))?", re.M)


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def check_file(path: Path) -> list[str]:
    errs = []
    raw = path.read_text()
    n = raw.count("\n")
    if n > MAX_LINES:
        errs.append(f"{path}: {n} lines (at most {MAX_LINES})")
    text = strip_comments(raw)
    mods = MODULE.findall(text)
    if len(mods) != 1:
        errs.append(f"{path}: {len(mods)} modules/packages (want exactly one)")
    elif mods[0][1] != path.stem:
        errs.append(f"{path}: holds {mods[0][0]} {mods[0][1]}, not {path.stem}")
    ends = END.findall(text)
    if len(mods) == 1 and (len(ends) != 1 or ends[0][1] != mods[0][1]):
        errs.append(f"{path}: does not end with `end{mods[0][0]} : {mods[0][1]}`")
    for m in GEN_FOR.finditer(text):
        label = m.group(1)
        line = text.count("\n", 0, m.start()) + 1
        if label is None:
            errs.append(f"{path}:{line}: generate loop without a label")
        elif not label.startswith("gen_"):
            errs.append(f"{path}:{line}: generate label `{label}` does not start with gen_")
    return errs


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "rtl"
    files = sorted(root.rglob("*.sv"))
    if not files:
        print(f"check_rtl_layout: no .sv files under {root}", file=sys.stderr)
        return 1
    errs = [e for f in files for e in check_file(f)]
    for e in errs:
        print(e, file=sys.stderr)
    print(f"check_rtl_layout: {len(files)} files, {len(errs)} violations")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
