#!/usr/bin/env python3
"""Eyerman et al.'s IPC and FLOPS stacks over the FP workloads (stackscope.validate.flops)."""
import sys

from stackscope.validate.flops import main

if __name__ == "__main__":
    sys.exit(main())
