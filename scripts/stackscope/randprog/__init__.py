"""Random test programs for lockstep runs (docs/robustness.md "Random programs"): the
vocabulary (facts.py), the generator (generator.py) and the command line scripts/randprog.py
(cli.py, whose docstring describes a program)."""
