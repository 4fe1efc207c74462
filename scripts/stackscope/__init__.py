"""StackScope tooling: the facts (spec), their emitters (gen) and the tools around the simulator."""
