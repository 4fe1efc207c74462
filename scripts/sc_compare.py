#!/usr/bin/env python3
"""The SystemC run against the native run, field by field (stackscope.sc_compare)."""
import sys

from stackscope.sc_compare import main

if __name__ == "__main__":
    sys.exit(main())
