#!/usr/bin/env python3
"""Writes every generated file from stackscope.spec (the emitter families: stackscope.gen).

Usage: gen.py [--check] [--only NAME] [REPO_ROOT]
  --check      write nothing; exit 1 naming each file that differs from what would be written
  --only NAME  one family (e.g. pmu)
The spec's static checks run first: on a problem, one line each and exit 2.
"""
import sys

from stackscope.common.errors import run_cli
from stackscope.gen.cli import main

if __name__ == "__main__":
    sys.exit(run_cli("gen", main, sys.argv[1:]))
