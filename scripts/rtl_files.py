#!/usr/bin/env python3
"""The RTL file lists, flattened (stackscope.rtl_files; `rtl_files.py [--deps] LIST.f ...`)."""
import sys

from stackscope.rtl_files import main

if __name__ == "__main__":
    sys.exit(main())
