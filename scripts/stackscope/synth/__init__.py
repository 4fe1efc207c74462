"""The hardware cost of the PMU and the core (docs/cost.md): the jobs (jobs.py), the analytic
flip-flop counts they are held to (expect.py), the tool flow of one job (flow.py, on YoWASP:
yowasp.py), the tables and plot (report.py) and the command line scripts/synth.py (cli.py).
scripts/gates.py (gates.py) and scripts/fpga.py (stackscope.fpga) use the same flow."""
