"""What every tool shares: the one error type (errors), the generated-region writer (regions),
the runner of batches of commands with reuse and the workload manifest (runner) and the
repository's paths (paths)."""
