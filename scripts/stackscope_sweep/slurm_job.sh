#!/bin/sh
# The batch script of every job the sweep's slurm back end submits (scripts/stackscope_sweep/
# runner.py): it runs its arguments, an argument vector given to sbatch, as they are. No
# string is ever interpreted by a shell.
exec "$@"
