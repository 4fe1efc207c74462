#!/usr/bin/env python3
"""Bounded model checking of the PMU counter units (stackscope.formal; `formal.py --help`)."""
import sys

from stackscope.formal import main

if __name__ == "__main__":
    sys.exit(main())
