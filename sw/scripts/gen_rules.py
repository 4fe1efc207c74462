#!/usr/bin/env python3
"""Emits make rules for every program in sw/workloads.json (the single program list).

Workload entries carry "src" (path under sw/) and optional "cflags", and "fpga": true for a
workload also linked for the FPGA top (build/sw/fpga/<name>.elf); ISA tests are built by the
pattern rule from sw/isa/<stem>.S. "bench_programs" (C, the workload flags) go to
build/sw/bench/ and are in no suite.
"""
import json
import sys


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        manifest = json.load(f)
    elfs, fpga = [], []
    for w in manifest["workloads"]:
        elf = "$(BUILD)/" + w["elf"]
        src = w["src"]
        path = "$(BUILD)/" + src if src.startswith("gen/") else "$(SW)/" + src
        flags = w.get("cflags", "")
        elfs.append(elf)
        print(f"{elf}: {path} $(CRT) $(COMMON_DEPS) | $(BUILD)/workloads")
        print(f"\t$(CC) $(WL_CFLAGS) {flags} -o $@ $(CRT) {path}")
        if w.get("fpga"):  # also linked for the FPGA top's 128 KiB BRAM (docs/fpga.md)
            felf = f"$(BUILD)/fpga/{w['name']}.elf"
            fpga.append(felf)
            print(f"{felf}: {path} $(CRT) $(FPGA_LD) $(COMMON_DEPS) | $(BUILD)/fpga")
            print(f"\t$(CC) $(FPGA_CFLAGS) {flags} -o $@ $(CRT) {path}")
    # RV32F workloads (ISS and core): the workload flags plus F_CFLAGS.
    for w in manifest.get("fp_workloads", []):
        elf = "$(BUILD)/" + w["elf"]
        path = "$(SW)/" + w["src"]
        elfs.append(elf)
        print(f"{elf}: {path} $(CRT) $(COMMON_DEPS) | $(BUILD)/workloads")
        print(f"\t$(CC) $(WL_CFLAGS) $(F_CFLAGS) {w.get('cflags', '')} -o $@ $(CRT) {path}")
    for t in manifest["isa_tests"]:
        elfs.append("$(BUILD)/" + t["elf"])
    # PMU programs run only on the SoC (the ISS has no PMU): .S as ISA tests, .c as workloads.
    if manifest.get("pmu_tests"):
        print("$(BUILD)/pmu:\n\tmkdir -p $@")
    for t in manifest.get("pmu_tests", []):
        elf = "$(BUILD)/" + t["elf"]
        path = "$(SW)/" + t["src"]
        elfs.append(elf)
        if t["src"].endswith(".S"):
            print(f"{elf}: {path} $(SW)/isa/test_macros.h $(COMMON_DEPS) | $(BUILD)/pmu")
            print(f"\t$(CC) $(ISA_FLAGS) -o $@ {path}")
        else:
            flags = t.get("cflags", "")
            if t.get("isa") == "rv32imf":  # an FP workload's source with its ROI (ss_roi.h)
                flags = "$(F_CFLAGS) " + flags
            print(f"{elf}: {path} $(SW)/lib/pmu.h $(SW)/pmu/roi.h $(SW)/common/ss_roi.h $(CRT) "
                  "$(COMMON_DEPS) | $(BUILD)/pmu")
            print(f"\t$(CC) $(WL_CFLAGS) {flags} -o $@ $(CRT) {path}")
    # Benchmark programs (`make bench`; not in any suite, docs/workloads.md): C with the workload
    # flags.
    if manifest.get("bench_programs"):
        print("$(BUILD)/bench:\n\tmkdir -p $@")
    for b in manifest.get("bench_programs", []):
        elf = "$(BUILD)/" + b["elf"]
        path = "$(SW)/" + b["src"]
        elfs.append(elf)
        print(f"{elf}: {path} $(CRT) $(COMMON_DEPS) | $(BUILD)/bench")
        print(f"\t$(CC) $(WL_CFLAGS) {b.get('cflags', '')} -o $@ $(CRT) {path}")
    print("ALL_ELFS := " + " ".join(elfs))
    print("FPGA_WL_ELFS := " + " ".join(fpga))
    return 0


if __name__ == "__main__":
    sys.exit(main())
