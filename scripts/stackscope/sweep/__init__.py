"""`stackscope sweep` (docs/sweep.md): a matrix of build-time parameters, run-time options and
workloads (spec.py), the Verilated models it needs (models.py, build_model.py), its points run
as tasks of the one runner (stackscope.common.runner: a local process pool or a Slurm job
array) and the merged table and plots (merge.py). The command line is scripts/sweep.py, which
`build/stackscope sweep` execs.
"""
