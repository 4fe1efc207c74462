"""What the two studies of Eyerman et al. share (eyerman.py: §V-A's validation, flops.py:
§V-B's IPC and FLOPS stacks): the command line, the checks made before any run, where the
outputs go and how they are written. The runs themselves go through the one runner
(stackscope.common.runner.run_reports)."""
from __future__ import annotations

import json
import os

from ..common import regions, runner
from ..common.errors import StackScopeError
from ..common.paths import BUILD, MANIFEST


def add_args(ap, out_default: str, doc_example: str) -> None:
    """The options every study has."""
    ap.add_argument("--build-dir", default=str(BUILD))
    ap.add_argument("--manifest", default=str(MANIFEST))
    ap.add_argument("--out", default=None, help=f"run reports and the result (default {out_default})")
    ap.add_argument("--doc", default=None,
                    help=f"Markdown file whose generated region is (re)written, e.g. {doc_example}")
    ap.add_argument("--img-dir", default=None, help="plots (default: docs/img beside --doc, else OUT)")
    ap.add_argument("--no-plots", action="store_true")
    runner.add_run_args(ap)


def prepare(a, out_name: str, doc_name: str, may_create: bool = False) -> str:
    """Checks made before hours of runs, not after: -j, the doc's directory and region (with
    may_create, a doc that does not exist yet is created around the region). Returns the
    output directory."""
    if a.jobs < 1:
        raise StackScopeError(f"-j {a.jobs}: must be at least 1")
    if a.doc and not os.path.isdir(os.path.dirname(os.path.abspath(a.doc))):
        raise StackScopeError(f"--doc {a.doc}: directory does not exist")
    if a.doc and not may_create and not os.path.exists(a.doc):
        raise StackScopeError(f"--doc {a.doc}: no such file")
    if a.doc and os.path.exists(a.doc):
        if not any(r.name == doc_name for r in regions.regions(regions.read(a.doc))):
            raise StackScopeError(f"{a.doc}: has no generated region '{doc_name}'")
    out = a.out or os.path.join(a.build_dir, out_name)
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise StackScopeError(f"--out {out}: {e.strerror}") from None
    return out


def binary(build_dir: str, name: str) -> str:
    path = os.path.join(build_dir, name)
    if not os.access(path, os.X_OK):
        raise StackScopeError(f"{path}: not built (make build)")
    return path


def plot_paths(a, out: str, names: list[str]) -> tuple[list[str], list[str]]:
    """(where each plot is written, how the Markdown names it) for plot file names."""
    img = a.img_dir or (os.path.join(os.path.dirname(os.path.abspath(a.doc)), "img")
                        if a.doc else out)
    os.makedirs(img, exist_ok=True)
    base = os.path.dirname(os.path.abspath(a.doc)) if a.doc else out
    paths = [os.path.join(img, n) for n in names]
    return paths, [os.path.relpath(p, base) for p in paths]


def write_outputs(a, out: str, name: str, result: dict, md: str, doc_head: str = "") -> None:
    """OUT/name.json, OUT/name.md and, with --doc, the doc's generated region."""
    regions.write_text(os.path.join(out, f"{name}.json"), json.dumps(result, indent=1))
    regions.write_text(os.path.join(out, f"{name}.md"), md)
    if a.doc:
        regions.write_block(a.doc, md, doc_head)
