#!/usr/bin/env python3
"""Eyerman et al.'s validation of the CPI stacks (stackscope.validate.eyerman; `--help`)."""
import sys

from stackscope.validate.eyerman import main

if __name__ == "__main__":
    sys.exit(main())
