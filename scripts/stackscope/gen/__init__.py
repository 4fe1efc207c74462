"""Emitters: each writes the generated files of one family from the facts in stackscope.spec.

EMITTERS names every family's module, in the order scripts/gen.py runs them; the last part of
the name is the family's (`scripts/gen.py --only pmu`). A family's module has
  check()            the spec's static checks: a list of problems, one line each (empty: fine);
  outputs(root)      {path: text} of every file it writes under the repository root `root`
                     (a whole file, or the file with its generated regions replaced).
A new family appends its module name here.
"""
EMITTERS = [
    "stackscope.gen.pmu",
    "stackscope.gen.builds",
    "stackscope.gen.options",
]
