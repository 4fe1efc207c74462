#!/usr/bin/env python3
"""Two papers' case studies reproduced on StackScope, as generated docs (stackscope.papers)."""
import sys

from stackscope.papers.cli import main

if __name__ == "__main__":
    sys.exit(main())
