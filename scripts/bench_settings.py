#!/usr/bin/env python3
"""The Verilated model's build settings, measured one by one (stackscope.bench.settings)."""
import sys

from stackscope.bench.cli import settings_main

if __name__ == "__main__":
    sys.exit(settings_main())
