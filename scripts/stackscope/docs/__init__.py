"""Docs tooling: generated figures (docs/figures.md, README regions) and the docs check.

Library modules; the command line is scripts/docs.py (stackscope.docs.cli).
"""
