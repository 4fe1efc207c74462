#!/usr/bin/env python3
"""stackscope sweep SPEC (stackscope.sweep; `build/stackscope sweep` execs this; docs/sweep.md)."""
import sys

from stackscope.sweep.cli import main

if __name__ == "__main__":
    sys.exit(main())
