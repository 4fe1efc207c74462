#!/usr/bin/env python3
"""Simulation speed of the named builds against the committed baseline (stackscope.bench)."""
import sys

from stackscope.bench.cli import main

if __name__ == "__main__":
    sys.exit(main())
