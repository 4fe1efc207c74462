#!/usr/bin/env python3
"""`make bench`'s SystemC section (stackscope.sc_bench)."""
import sys

from stackscope.sc_bench import main

if __name__ == "__main__":
    sys.exit(main())
