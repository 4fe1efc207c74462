"""StackScope's sweep runner (docs/sweep.md).

One runner for every batch of independent commands the project runs: `stackscope sweep`
(spec.py: a matrix of build-time parameters, run-time options and workloads), `make validate`
(scripts/validate.py), `make synth` (scripts/synth.py) and `make flops`
(scripts/flops_study.py). Each command is a Task (runner.py)
with an argument vector; a back end runs the tasks (local: a process pool; slurm: a job
array through sbatch) and every task leaves its own result file, so the outcome never depends
on the back end or on the scheduler's accounting.
"""
