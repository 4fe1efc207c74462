"""The synthesis jobs: one module with one parameter set each (docs/cost.md)."""
from __future__ import annotations

from dataclasses import dataclass, field


# ------------------------------------------------------------------ jobs
@dataclass
class Job:
    name: str                 # unique key in results.json
    group: str                # sweep it belongs to
    top: str
    params: dict = field(default_factory=dict)
    fmax: bool = False
    files: str = "pmu"        # "pmu", "core" (--core-files) or "board" (scripts/fpga.py)
    arch: str = "ice40"       # "ice40": generic + iCE40 mapping; "ecp5": ECP5 mapping + P&R
    drop: str = ""            # a cell of the top removed before mapping (its outputs tied to 0)


def ecp5_jobs(quick: bool) -> list[Job]:
    """The ECP5 rows: the core with its caches (soc_top without u_pmu), the SoC with the PMU
    (soc_top as simulated), and the PMU and its families alone."""
    if quick:  # CI: one small unit through synth_ecp5 + nextpnr-ecp5 with the FF check
        # (named so that `--only pmu_counter`, the sweep test's one iCE40 job, does not match it)
        return [Job("ecp5_counter_w48", "ecp5_smoke", "pmu_counter", {"Width": 48, "IncW": 3},
                    fmax=True,
                    arch="ecp5")]
    # ecp5_core: the out-of-order core alone (core_top, --core-files), at soc_top's default
    # parameters (it does not fit the device). The SoC rows are the FPGA prototype's board top
    # (ulx3s_top: the core at the FPGA parameters with its caches, BRAM main memory, UART),
    # built by `make fpga`'s flow (board_job) without the PMU (with and without the core's
    # issue stage, docs/dev/core.md), with it as built (soc_fpga_top's
    # PMU parameters), without its probe stage, without speculative blocks, with 8 blocks, and
    # with the flip-flop counters: the PMU's cost in place and the Fmax of the core with and
    # without it.
    jobs = [Job("ecp5_core", "ecp5", "core_top", {}, fmax=True, files="core", arch="ecp5"),
            Job("ecp5_soc_nopmu", "ecp5", "ulx3s_top", {}, fmax=True, files="board",
                arch="ecp5", drop="u_pmu"),
            Job("ecp5_soc_nopmu_noissue", "ecp5", "ulx3s_top", {"IssueStage": 0}, fmax=True,
                files="board", arch="ecp5", drop="u_pmu"),
            Job("ecp5_soc", "ecp5", "ulx3s_top", {}, fmax=True, files="board", arch="ecp5"),
            Job("ecp5_soc_nostage", "ecp5", "ulx3s_top", {"PmuProbeStage": 0}, fmax=True,
                files="board", arch="ecp5"),
            Job("ecp5_soc_nospec", "ecp5", "ulx3s_top", {"PmuSpecBlocks": 0}, fmax=True,
                files="board", arch="ecp5"),
            Job("ecp5_soc_spec8", "ecp5", "ulx3s_top", {"PmuSpecBlocks": 8}, fmax=True,
                files="board", arch="ecp5"),
            Job("ecp5_soc_ff", "ecp5", "ulx3s_top", {"PmuCntStore": 0, "PmuSpecDrain": 0},
                fmax=True, files="board", arch="ecp5")]
    # flip-flop counters (suffix _ff: Store 0; every leaving speculative block joins the
    # globals in its cycle, SpecDrain 0) and RAM counters (RAM + pending, Store 1; the drain
    # queue, SpecDrain 1, pmu_top's defaults)
    for sfx, st in (("_ff", 0), ("", 1)):
        jobs += [
            Job(f"ecp5_pmu_top_nospec{sfx}", "ecp5", "pmu_top",
                {"SpecBlocks": 0, "CntStore": st, "SpecDrain": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_pmu_top{sfx}", "ecp5", "pmu_top",
                {"SpecBlocks": 8, "CntStore": st, "SpecDrain": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_cpi_stack{sfx}", "ecp5", "cpi_stack", {"SpecBlocks": 0, "Store": st},
                fmax=True, arch="ecp5"),
            Job(f"ecp5_cpi_stack_spec8{sfx}", "ecp5", "cpi_stack",
                {"SpecBlocks": 8, "Store": st, "SpecDrain": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_topdown{sfx}", "ecp5", "topdown", {"Store": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_flops_stack{sfx}", "ecp5", "flops_stack", {"Store": st}, fmax=True,
                arch="ecp5"),
            Job(f"ecp5_pmu_csr{sfx}", "ecp5", "pmu_csr", {"Store": st}, fmax=True, arch="ecp5"),
        ]
    # the drain queue's own effect: RAM globals, every leaving block added in its cycle
    jobs += [Job("ecp5_cpi_stack_spec8_noqueue", "ecp5", "cpi_stack",
                 {"SpecBlocks": 8, "Store": 1, "SpecDrain": 0}, fmax=True, arch="ecp5"),
             Job("ecp5_tip_sampler", "ecp5", "tip_sampler", {}, fmax=True, arch="ecp5")]
    return jobs


def sweep_jobs(quick: bool) -> list[Job]:
    if quick:
        return [Job("pmu_counter_w48", "smoke", "pmu_counter", {"Width": 48, "IncW": 3}, fmax=True),
                # the main stacks only: cpi_spec (SpecBlocks 8) alone takes minutes to map
                Job("cpi_stack_nospec", "smoke", "cpi_stack", {"SpecBlocks": 0}),
                Job("pmu_csr_k2", "smoke", "pmu_csr", {"NumHpm": 2})]
    jobs = [
        # default configuration of every unit (pmu_top's: W=2 stack, D2/I3/C2, k=2 v=1, K=4)
        Job("cpi_stack", "unit", "cpi_stack", {"SpecBlocks": 0}, fmax=True),
        Job("topdown", "unit", "topdown", {}, fmax=True),
        Job("flops_stack", "unit", "flops_stack", {}, fmax=True),
        Job("tip_sampler", "unit", "tip_sampler", {}, fmax=True),
        Job("pmu_csr", "unit", "pmu_csr", {}, fmax=True),
        # pmu_top does not fit the HX8K with the Fmax wrapper: no P&R (docs/cost.md); its
        # units have Fmax one by one.
        # iCE40 has no asynchronous-read RAM: the RAM counter storage (pmu_top's default) is
        # measured on the ECP5; the iCE40 sweep keeps the flip-flop storage (CntStore 0).
        Job("pmu_top", "unit", "pmu_top", {"CntStore": 0}),
    ]
    for w in (1, 2, 4):
        jobs.append(Job(f"cpi_stack_W{w}", "width_W", "cpi_stack",
                        {"DispatchWidth": w, "IssueWidth": w, "CommitWidth": w,
                         "SpecBlocks": 0}))
        jobs.append(Job(f"topdown_W{w}", "width_W", "topdown", {"DispatchWidth": w}))
    for cw in (32, 48, 64):
        jobs.append(Job(f"cpi_stack_cnt{cw}", "cnt_width", "cpi_stack",
                        {"CntW": cw, "SpecBlocks": 0}))
        jobs.append(Job(f"topdown_cnt{cw}", "cnt_width", "topdown", {"CntW": cw}))
        jobs.append(Job(f"flops_stack_cnt{cw}", "cnt_width", "flops_stack", {"CntW": cw}))
        jobs.append(Job(f"pmu_top_cnt{cw}", "cnt_width", "pmu_top",
                        {"StackCntW": cw, "CntStore": 0}))
    # speculative per-block counters (cpi_spec, docs/dev/pmu.md): the main stacks + N blocks
    for n in (4, 8):
        jobs.append(Job(f"cpi_stack_spec{n}", "spec_blocks", "cpi_stack", {"SpecBlocks": n}))
    for k in (1, 2, 4, 8, 16):
        jobs.append(Job(f"pmu_csr_K{k}", "hpm_K", "pmu_csr", {"NumHpm": k}))
    for c in (1, 2, 4):
        jobs.append(Job(f"tip_sampler_bank{c}", "head_bank", "tip_sampler", {"CommitWidth": c}))
    for k, v in ((1, 1), (2, 1), (4, 1), (4, 8)):
        jobs.append(Job(f"flops_stack_k{k}v{v}", "flops_kv", "flops_stack",
                        {"NumUnits": k, "VecLen": v}))
    return jobs
