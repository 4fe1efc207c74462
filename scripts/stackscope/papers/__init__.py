"""Two papers' case studies reproduced on StackScope (docs/papers.md, `make papers`): Yasin's
Table 4 and Gottschall et al.'s TIP comparison. tables.py computes the tables and the plot from
the run reports; cli.py runs them and writes the page (scripts/papers.py)."""
