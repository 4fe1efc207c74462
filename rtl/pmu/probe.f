// The probe contract between the core and the PMU (scripts/rtl_files.py: the lists compose)
rtl/pmu/probe_pkg.sv
