"""Eyerman et al.'s studies over the workload suite: §V-A's validation of the multi-stage CPI
stacks (eyerman.py, scripts/validate.py, `make validate`) and §V-B's IPC and FLOPS stacks
(flops.py, scripts/flops_study.py, `make flops`), on what they share (study.py)."""
