#!/usr/bin/env python3
"""`make fpga`: the FPGA prototype's bitstream for the ULX3S 85F (stackscope.fpga; `--help`)."""
import sys

from stackscope.fpga import main

if __name__ == "__main__":
    sys.exit(main())
