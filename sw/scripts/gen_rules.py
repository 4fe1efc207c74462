#!/usr/bin/env python3
"""Emits make rules for every program in sw/workloads.json (the single program list).

Workload entries carry "src" (path under sw/) and optional "cflags"; ISA tests are built by
the pattern rule from sw/isa/<stem>.S.
"""
import json
import sys


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        manifest = json.load(f)
    elfs = []
    for w in manifest["workloads"]:
        elf = "$(BUILD)/" + w["elf"]
        src = w["src"]
        path = "$(BUILD)/" + src if src.startswith("gen/") else "$(SW)/" + src
        flags = w.get("cflags", "")
        elfs.append(elf)
        print(f"{elf}: {path} $(CRT) $(COMMON_DEPS) | $(BUILD)/workloads")
        print(f"\t$(CC) $(WL_CFLAGS) {flags} -o $@ $(CRT) {path}")
    for t in manifest["isa_tests"]:
        elfs.append("$(BUILD)/" + t["elf"])
    print("ALL_ELFS := " + " ".join(elfs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
