"""Simulation-speed benchmarks (`make bench`, docs/dev/speed.md)."""
