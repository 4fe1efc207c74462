#!/usr/bin/env python3
"""Two `stackscope run --json` reports compared field by field, timing aside (stackscope.same_report)."""
import sys

from stackscope.same_report import main

if __name__ == "__main__":
    sys.exit(main())
