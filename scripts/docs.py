#!/usr/bin/env python3
"""The docs' figures and their check (stackscope.docs; `docs.py --help`)."""
import sys

from stackscope.docs.cli import main

if __name__ == "__main__":
    sys.exit(main())
