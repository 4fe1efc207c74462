# StackScope front door. `make run` and `make test` install what is missing first.
SHELL      := /bin/bash
BUILD      ?= build
JOBS       ?= 2
CMAKE_TYPE ?= Release
DEPS_STAMP := $(BUILD)/.deps-stamp
ENV        := source scripts/env.sh &&
# TIMED NAME: runs the rest of the line and records its wall time in $(BUILD)/figures/times/
# (docs/figures.md "Time of the README commands"; `make figures` collects them).
TIMED       = python3 scripts/docs.py timed $(1) --build-dir $(BUILD) --

.PHONY: all deps build sw run test lint bench cycle-cost fuzz fuzz-iss soak soak-mem soak-soc clean distclean synth formal validate flops

all: build

# The dependencies' time is recorded when the venv did not exist yet (a new checkout).
$(DEPS_STAMP): scripts/install-deps.sh scripts/pyproject.toml
	$(if $(wildcard $(BUILD)/venv/bin/python3),,$(call TIMED,deps)) bash scripts/install-deps.sh
	@touch $@

deps: $(DEPS_STAMP)

$(BUILD)/CMakeCache.txt: $(DEPS_STAMP) CMakeLists.txt
	$(ENV) cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(CMAKE_TYPE)

sw: $(DEPS_STAMP)
	$(MAKE) -C sw BUILD=$(abspath $(BUILD))/sw

# The build's time is recorded when the tree had no stackscope binary yet (a fresh build).
build: $(BUILD)/CMakeCache.txt sw
	$(ENV) $(if $(wildcard $(BUILD)/stackscope),,$(call TIMED,build)) cmake --build $(BUILD) -j $(JOBS)

# The whole workload suite on the SoC: summary on stdout; JSON, CSV, per-workload text and
# plots under build/report/ (docs/report.md); then the RV32F suite (fp_suite) the same way
# under build/report/fp/, whose FLOPS-stack plot shows floating-point work.
REPORT_DIR ?= $(BUILD)/report
run: build
	@mkdir -p $(REPORT_DIR)/fp
	$(call TIMED,run) bash -c '$(BUILD)/stackscope run --json $(REPORT_DIR)/report.json \
	  --csv $(REPORT_DIR)/report.csv --text-dir $(REPORT_DIR) --plots $(REPORT_DIR)/plots $(RUN_ARGS) && \
	  $(BUILD)/stackscope run fp_suite --json $(REPORT_DIR)/fp/report.json \
	  --csv $(REPORT_DIR)/fp/report.csv --text-dir $(REPORT_DIR)/fp --plots $(REPORT_DIR)/fp/plots \
	  $(RUN_ARGS)'

# Eyerman et al. §V-A (validation by idealisation) over the suite: every workload as is and
# under each idealisation, on the default
# and 4-wide builds; regenerates docs/validation.md and docs/img/validation*.png, run reports
# and validation.json under build/validate/ (docs/validation.md). Builds only the two binaries it
# runs. VALIDATE_ARGS=--reuse etc.
validate: $(BUILD)/CMakeCache.txt sw
	$(ENV) cmake --build $(BUILD) -j $(JOBS) --target stackscope stackscope_w4
	$(BUILD)/venv/bin/python3 scripts/validate.py -j $(JOBS) --build-dir $(BUILD) \
	  --out $(BUILD)/validate --doc docs/validation.md $(BACKEND_ARGS) $(VALIDATE_ARGS)

# Eyerman et al. §V-B on the FP workloads: IPC stacks beside FLOPS stacks, as is and with a perfect
# L1D; regenerates docs/flops.md's results and docs/img/ipc_flops.png (reports under build/flops/).
flops: $(BUILD)/CMakeCache.txt sw
	$(ENV) cmake --build $(BUILD) -j $(JOBS) --target stackscope
	$(BUILD)/venv/bin/python3 scripts/flops_study.py -j $(JOBS) --build-dir $(BUILD) \
	  --out $(BUILD)/flops --doc docs/flops.md $(BACKEND_ARGS) $(FLOPS_ARGS)

# Sweeps (docs/sweep.md): `make sweep SPEC=examples/sweep/memlat.toml`. BACKEND=slurm sends the
# sweep, `make validate` and `make synth` to Slurm through the same runner (scripts/
# stackscope_sweep); SLURM_ARGS adds its options (--partition P --account A --time T ...).
.PHONY: sweep
BACKEND      ?= local
BACKEND_ARGS  = --backend $(BACKEND) $(SLURM_ARGS)
SPEC         ?= examples/sweep/memlat.toml
sweep: build
	$(BUILD)/stackscope sweep $(SPEC) -j $(JOBS) $(BACKEND_ARGS) $(SWEEP_ARGS)

# CI (CI=true, .ci/run) leaves out the tests labelled `long` (tests/core/CMakeLists.txt).
CTEST_ARGS ?= $(if $(filter true,$(CI)),-LE long,)
test: build
	$(ENV) $(call TIMED,test$(if $(filter true,$(CI)),_ci)) ctest --test-dir $(BUILD) \
	  --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# README's and docs/figures.md's figures from the records (docs/figures.json, docs/cost.json,
# docs/validation.md, docs/papers.md), refreshed from the build tree: ctest's counts, the times
# `make` recorded, `make bench`'s build/bench/results.json. The ctest docs_check compares them.
.PHONY: figures
figures: $(BUILD)/CMakeCache.txt
	$(BUILD)/venv/bin/python3 scripts/docs.py figures --build-dir $(BUILD)

# The core's issue stage in cycles (docs/dev/core.md "Issue stage"): every workload and the
# CoreMark-like program on the default core without and with IssueStage (the sweep Verilates
# the second model), then docs/figures.json and the page's region.
.PHONY: cycle-cost
cycle-cost: build
	$(BUILD)/stackscope sweep examples/sweep/issue_stage.toml -j $(JOBS)
	$(BUILD)/venv/bin/python3 scripts/docs.py figures --build-dir $(BUILD)

# Two papers' case studies reproduced as generated docs (docs/papers.md, docs/img/
# papers_tip_error.png): Yasin's Table 4 (matmul) and Gottschall et al.'s profiler comparison
# (TIP) over a TIP-period sweep of the whole suite. Long (14 suite runs); PAPERS_ARGS=--reuse re-renders
# from the JSON in build/papers/.
.PHONY: papers
papers: build
	$(BUILD)/venv/bin/python3 scripts/papers.py --stackscope $(BUILD)/stackscope \
	  --out $(BUILD)/papers --docs docs --jobs $(JOBS) $(PAPERS_ARGS)

lint: $(DEPS_STAMP)
	$(ENV) bash scripts/lint.sh

bench: build
	$(ENV) bash scripts/bench.sh $(BUILD)

# The Verilated model's build settings (clang++ against g++, -O levels, profile-guided
# optimisation, --threads), each built in a tree of its own under $(BUILD)/bench/settings and
# measured on checked runs; rewrites bench/settings.json and docs/dev/speed.md's table. Long.
.PHONY: bench-settings
bench-settings: $(BUILD)/CMakeCache.txt sw
	$(ENV) flock /tmp/stackscope-build.lock $(BUILD)/venv/bin/python3 scripts/bench_settings.py \
	  --build-dir $(BUILD) $(BENCH_SETTINGS_ARGS)

# Where the simulation's time goes by RTL module (docs/dev/speed.md): the default build
# Verilated with --prof-cfuncs in $(BUILD)/profile, profiled with perf on two programs; the
# summary joins $(BUILD)/bench/results.json (`profile.modules`). `make bench` records the
# profile by harness part.
.PHONY: bench-profile
bench-profile: $(BUILD)/CMakeCache.txt sw
	$(ENV) cmake -S . -B $(BUILD)/profile -DCMAKE_BUILD_TYPE=$(CMAKE_TYPE) \
	  -DSS_VERILATOR_EXTRA=--prof-cfuncs >/dev/null
	$(ENV) cmake --build $(BUILD)/profile -j $(JOBS) --target stackscope
	@mkdir -p $(BUILD)/bench
	$(BUILD)/venv/bin/python3 scripts/bench_profile.py --binary $(BUILD)/profile/stackscope \
	  --build-dir $(BUILD) --label modules --results $(BUILD)/bench/results.json

# SystemC run mode (docs/systemc.md): every workload on `stackscope-sc run` against `stackscope
# run`, the JSON reports compared field by field (ctest runs a few short ones); its speed alone.
.PHONY: systemc-compare bench-systemc
systemc-compare: build
	$(BUILD)/venv/bin/python3 scripts/sc_compare.py --build $(BUILD) suite
bench-systemc: build
	$(BUILD)/venv/bin/python3 scripts/sc_bench.py $(BUILD) 3

# PMU units: long constrained-random RTL-vs-model cross-checks (ctest runs 1M cycles each).
SOAK_CYCLES ?= 100000000
soak: build
	$(BUILD)/pmu_unit --unit cpi --config default --cycles $(SOAK_CYCLES) --seed 101
	$(BUILD)/pmu_unit --unit cpi --config wide --cycles $(SOAK_CYCLES) --seed 102
	$(BUILD)/pmu_unit --unit topdown --config default --cycles $(SOAK_CYCLES) --seed 103
	$(BUILD)/pmu_unit --unit topdown --config wide --cycles $(SOAK_CYCLES) --seed 104
	$(BUILD)/pmu_unit --unit flops --config default --cycles $(SOAK_CYCLES) --seed 105
	$(BUILD)/pmu_unit --unit flops --config wide --cycles $(SOAK_CYCLES) --seed 106
	$(BUILD)/pmu_unit --unit tip --config default --cycles $(SOAK_CYCLES) --seed 107
	$(BUILD)/pmu_unit --unit tip --config wide --cycles $(SOAK_CYCLES) --seed 108
	$(BUILD)/pmu_unit --unit csr --cycles $$(( $(SOAK_CYCLES) / 10 )) --seed 109
	$(MAKE) soak-mem
	$(MAKE) soak-soc

# Memory system: long random-traffic runs against the reference memory (ctest: 200k each).
MEM_SOAK_REQUESTS ?= 20000000
soak-mem: build
	$(BUILD)/mem_unit --config default --footprint 262144 --requests $(MEM_SOAK_REQUESTS) --seed 201
	$(BUILD)/mem_unit --config default --footprint 16384 --requests $(MEM_SOAK_REQUESTS) --seed 202
	$(BUILD)/mem_unit --config default --footprint 131072 --latency 60 --bandwidth 2 --outstanding 2 --requests $$(( $(MEM_SOAK_REQUESTS) / 4 )) --seed 203
	$(BUILD)/mem_unit --config tiny --footprint 65536 --latency 7 --bandwidth 16 --outstanding 8 --requests $(MEM_SOAK_REQUESTS) --seed 204
	$(BUILD)/mem_unit --config tiny --footprint 1024 --requests $(MEM_SOAK_REQUESTS) --seed 205
	$(BUILD)/mem_unit --config default --footprint 524288 --perfect-l1i --requests $(MEM_SOAK_REQUESTS) --seed 206
	$(BUILD)/mem_unit --config tiny --footprint 65536 --perfect-l1d --requests $(MEM_SOAK_REQUESTS) --seed 207

# Random programs (scripts/randprog.py; docs/robustness.md "Random programs") on the SoC with
# lockstep and the PMU cross-check, seeds round-robin over the default, 1-wide and 4-wide builds,
# JOBS at a time; fuzz-iss: on the ISS alone. Replay one seed: scripts/randrun.sh rtl BUILD SEED.
# Then FUZZ_FP_SEEDS RV32F programs (randprog.py --fp) from FUZZ_FP_FIRST.
FUZZ_SEEDS ?= 100
FUZZ_FIRST ?= 1000
FUZZ_FP_SEEDS ?= 50
FUZZ_FP_FIRST ?= 5000
FUZZ_ISS_SEEDS ?= 1000
fuzz: build
	RAND_JOBS=$(JOBS) bash scripts/randrun.sh rtl $(BUILD) $(FUZZ_FIRST) $(FUZZ_SEEDS)
	RAND_JOBS=$(JOBS) RAND_GEN_ARGS=--fp bash scripts/randrun.sh rtl $(BUILD) $(FUZZ_FP_FIRST) $(FUZZ_FP_SEEDS)
fuzz-iss: build
	RAND_JOBS=$(JOBS) bash scripts/randrun.sh iss $(BUILD) $(FUZZ_FIRST) $(FUZZ_ISS_SEEDS)
	RAND_JOBS=$(JOBS) RAND_GEN_ARGS=--fp bash scripts/randrun.sh iss $(BUILD) $(FUZZ_FP_FIRST) $(FUZZ_FP_SEEDS)

# The SoC soak: long random programs (20 rounds, loops up to 16 trips: ~2-15 M cycles each)
# with lockstep and the PMU cross-check until SOAK_SOC_CYCLES cycles have run, JOBS at a time;
# per-seed lines, then the total cycles, wall time and failures (docs/robustness.md "Random programs").
SOAK_SOC_CYCLES ?= 1000000000
SOAK_SOC_FIRST ?= 100000
SOAK_SOC_GEN ?= --rounds 20 --max-trips 16
soak-soc: build
	RAND_JOBS=$(JOBS) RAND_TARGET_CYCLES=$(SOAK_SOC_CYCLES) RAND_MAX_CYCLES=100000000 \
	  RAND_OUT=$(BUILD)/soak-soc RAND_GEN_ARGS="$(SOAK_SOC_GEN)" \
	  bash scripts/randrun.sh rtl $(BUILD) $(SOAK_SOC_FIRST) 100000

# libFuzzer on the ELF loader, the config parser and the CLI (fuzz/, docs/robustness.md
# "Fuzzing"): clang-14 + ASan + UBSan in $(BUILD)/fuzz. fuzz-lib-run: LIBFUZZ_SECONDS per
# target, niced (a long run: without the build lock).
.PHONY: fuzz-lib fuzz-lib-run
LIBFUZZ_SECONDS ?= 1200
fuzz-lib: $(DEPS_STAMP)
	JOBS=$(JOBS) bash scripts/libfuzz.sh build $(BUILD)/fuzz
fuzz-lib-run: fuzz-lib
	nice -n 19 bash scripts/libfuzz.sh run $(BUILD)/fuzz $(LIBFUZZ_SECONDS)

# Hardware cost (docs/cost.md): PMU sweeps + the core beside them; CORE_TOP/CORE_FILES pick
# the core. Long: run without the build lock, niced.
CORE_TOP   ?= core_top
CORE_FILES ?= rtl/pmu/probe.f,rtl/core/core.f
SYNTH_JOBS ?= 2
synth: $(DEPS_STAMP)
	nice -n 10 $(BUILD)/venv/bin/python3 scripts/synth.py -j $(SYNTH_JOBS) --venv $(BUILD)/venv --fe-venv $(BUILD)/venv-slang \
	  --out $(BUILD)/cost --core-top $(CORE_TOP) --core-files $(CORE_FILES) \
	  --markdown $(BUILD)/cost/tables.md --plot $(BUILD)/cost/growth.png \
	  --update-doc docs/cost.md $(BACKEND_ARGS)

# The FPGA prototype (docs/fpga.md): FPGA_ELF's BRAM image, YoWASP Yosys synth_ecp5, nextpnr-ecp5
# (LFE5U-85F CABGA381, fpga/ulx3s_v20.lpf) and ecppack to $(BUILD)/fpga/ulx3s.bit; prints the
# utilisation and Fmax. Long (WebAssembly tools): niced, without the build lock.
.PHONY: fpga
FPGA_ELF ?= $(BUILD)/sw/fpga/pmu_dump.elf
# FPGA_FREQ (MHz): the SoC clock, the PLL's highest output not above it; empty: ulx3s_top's
# default divisors.
FPGA_FREQ ?=
# FPGA_ARGS: more fpga.py options, e.g. "--no-pmu" (the same top without the PMU: the Fmax
# pair of docs/cost.md) or "--router router1" (nextpnr's first router instead of the default
# router2, which routes this top much faster).
FPGA_ARGS ?=
fpga: build
	nice -n 19 $(BUILD)/venv/bin/python3 scripts/fpga.py --elf $(FPGA_ELF) --out $(BUILD)/fpga \
	  --stackscope $(BUILD)/stackscope --venv $(BUILD)/venv --fe-venv $(BUILD)/venv-slang \
	  $(if $(FPGA_FREQ),--freq $(FPGA_FREQ)) $(FPGA_ARGS)

formal: $(DEPS_STAMP)
	nice -n 10 python3 scripts/formal.py --deep --fe-venv $(BUILD)/venv-slang --out $(BUILD)/formal

clean:
	rm -rf $(BUILD)/CMakeFiles $(BUILD)/sw $(BUILD)/stackscope $(BUILD)/tests

distclean:
	rm -rf $(BUILD)

# RV32F: the ISS's FP against the host FPU, long run (the ctest iss_fp_ref runs 2M cases).
FP_REF_CASES ?= 100000000
FP_REF_SEED ?= 1
# Where the logic is, per instance, before LUT mapping (scripts/gates.py, one core):
# GATES_ARGS="--top core_top -G IssueWidth=1" for another top; `make gates GATES_ARGS=--doc
# docs/fpga.md` regenerates the FPGA top's table there, GATES_ARGS="--ecp5 --doc
# docs/fpga.md" its LUT4 table (ECP5 mapping per instance, minutes).
.PHONY: gates
GATES_ARGS ?=
gates: $(DEPS_STAMP)
	nice -n 10 $(BUILD)/venv/bin/python3 scripts/gates.py --fe-venv $(BUILD)/venv-slang \
	  --venv $(BUILD)/venv $(GATES_ARGS)

.PHONY: fp-ref
fp-ref: $(BUILD)/CMakeCache.txt
	$(ENV) cmake --build $(BUILD) -j $(JOBS) --target fp_ref
	$(BUILD)/tests/iss/fp_ref $(FP_REF_CASES) $(FP_REF_SEED)
