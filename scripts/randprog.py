#!/usr/bin/env python3
"""A random RV32IM(F) test program for one seed (stackscope.randprog; `randprog.py --help`)."""
import sys

from stackscope.randprog.cli import main

if __name__ == "__main__":
    sys.exit(main())
