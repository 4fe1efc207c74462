#!/usr/bin/env python3
"""Hardware cost of the PMU counter units and the core (stackscope.synth; `synth.py --help`)."""
import sys

from stackscope.synth.cli import main

if __name__ == "__main__":
    sys.exit(main())
