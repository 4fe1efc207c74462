#!/usr/bin/env python3
"""fusesoc.core's filesets against the RTL file lists (stackscope.fusesoc)."""
import sys

from stackscope.fusesoc import main

if __name__ == "__main__":
    sys.exit(main())
