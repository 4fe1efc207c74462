#!/usr/bin/env python3
"""Plots of a `stackscope run --json` report (stackscope.plots)."""
import sys

from stackscope.plots import main

if __name__ == "__main__":
    sys.exit(main())
