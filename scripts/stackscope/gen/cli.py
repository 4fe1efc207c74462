"""scripts/gen.py: runs the emitter families of EMITTERS, or checks their files are in step."""
import argparse
import importlib
import sys
from pathlib import Path

from stackscope.common.errors import StackScopeError
from stackscope.gen import EMITTERS

REPO_ROOT = Path(__file__).resolve().parents[3]


def families(only=None):
    """The emitter modules to run: all of EMITTERS, or the one whose last name is `only` (the
    others are not imported)."""
    names = EMITTERS if only is None else [n for n in EMITTERS if n.rsplit(".", 1)[-1] == only]
    if not names:
        raise StackScopeError(f"no emitter family {only!r} (have: "
                         f"{', '.join(n.rsplit('.', 1)[-1] for n in EMITTERS)})")
    return [importlib.import_module(name) for name in names]


def main(argv):
    ap = argparse.ArgumentParser(prog="gen.py", description=__doc__)
    ap.add_argument("--check", action="store_true",
                    help="write nothing; fail naming each file out of step")
    ap.add_argument("--only", metavar="NAME", help="one emitter family")
    ap.add_argument("root", nargs="?", type=Path, default=REPO_ROOT, help="repository root")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    mods = families(args.only)
    errs = [f"{m.__name__.rsplit('.', 1)[-1]}_gen: {e}" for m in mods for e in m.check()]
    if errs:
        print("\n".join(errs), file=sys.stderr)
        return 2
    bad = 0
    for m in mods:
        for path, text in m.outputs(root).items():
            if path.exists() and path.read_text() == text:
                continue
            if args.check:
                print(f"{path}: out of step with stackscope.spec (run scripts/gen.py)",
                      file=sys.stderr)
                bad = 1
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
    return bad
