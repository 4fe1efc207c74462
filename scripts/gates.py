#!/usr/bin/env python3
"""`make gates`: where the logic of a design is, per instance (stackscope.synth.gates)."""
import sys

from stackscope.synth.gates import main

if __name__ == "__main__":
    sys.exit(main())
