"""The one error type of the tooling and the command-line convention around it.

A StackScopeError is bad input or a step that cannot go on: the command line prints
`<prog>: <message>` on one line of stderr and exits with the error's code (2 unless said
otherwise). An interrupted runner (Ctrl-C) exits 130.
"""
from __future__ import annotations

import sys


class StackScopeError(Exception):
    """One line for the user; `code` is the exit status of the command line (default 2)."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def run_cli(prog: str, main, argv=None) -> int:
    """main(argv)'s exit status; a StackScopeError becomes `prog: message` and its code, an
    interrupted runner `prog: interrupted` and 130."""
    from .runner import Interrupted
    try:
        return main(argv)
    except StackScopeError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return e.code
    except (Interrupted, KeyboardInterrupt):
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
