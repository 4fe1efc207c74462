#!/bin/sh
# The batch script of every job the runner's slurm back end submits (stackscope/common/
# runner.py): it runs its arguments, an argument vector given to sbatch, as they are. No
# string is ever interpreted by a shell.
exec "$@"
