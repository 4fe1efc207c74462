#!/usr/bin/env python3
"""Where a run's time goes, by harness part and RTL module (stackscope.bench.profile)."""
import sys

from stackscope.bench.cli import profile_main

if __name__ == "__main__":
    sys.exit(profile_main())
