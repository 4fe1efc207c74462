"""Facts as data: each module holds one family of the project's facts, read by the emitters
(stackscope.gen) and by the tools."""
