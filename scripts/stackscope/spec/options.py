"""The run-time options of `stackscope run` as data: one entry per setting of a run's
configuration (RunConfig). The emitters in stackscope.gen.options_* write every binding of them
(scripts/gen.py; ctest gen_in_sync checks the files are in step):

  tb/report/run_options_gen.h   the C++ fields and defaults (RunOptionValues, which RunConfig
                                extends), the CLI flags, config-file keys, limits, report fields,
                                the SoC control struct and the RunConfig -> SocConfig copy, as
                                X-macros the hand-written code iterates (cli_options.cpp,
                                config.cpp, report_json.cpp, report_text.cpp, cmd_run.cpp)
  rtl/top/soc_pkg.sv            its generated region: soc_ctrl_t, soc_top's ctrl_i
  docs/report.schema.json       the report's "config" object
  docs/report.md                its generated region: the table of options

The sweep's `[run]` keys (stackscope.sweep.spec) and the validation's idealisations
(stackscope.validate.eyerman) are read from here at run time.

Each entry (Option) says:
  name      the dash name: `--NAME` on the command line (unless `flag` says otherwise), the name
            in range errors ("mem-latency 0: must be 1..100000") and the sweep's key
  member    the C++ field of RunConfig
  ctype     bool | unsigned | u64 | double | enum | string
  default   the value when neither the config file nor the command line sets it
  section, field   where the report's "config" holds it (section "" = top level); the config
            file's key is "section.field" (or "field") unless config=False
  lo, hi    the range (integers): both given, the CLI and the config file reject values outside
            it (check_limit), and the schema states it
  choices   the values of an enum
  help      the CLI help; empty: no CLI flag (a config-file key only)
  flag, flag_value   a flag that sets a bool (`--perfect-bp` sets true, `--no-lockstep` false)
  cli_group where `stackscope run --help` lists it (CLI_GROUPS)
  built     the model fixes it (widths, cache geometry): a run must ask for the built value
  report_only   in the report only, not an option (its value comes from the model or the run)
  computed  the report's value is RunConfig's method `member()` (report_only)
  soc_port  its field of soc_top's `ctrl_i` (soc_pkg::soc_ctrl_t), registered in soc_top
  harness   the SocConfig field the harness's own model reads (the memory model's timing)
  ideal     an idealisation (Eyerman et al.'s validation, docs/validation.md): its text-report
            label and the CPI-stack components it removes
  sweep     a sweep may set it (`[run]` of a sweep spec)
  doc       a comment for the C++ field

Adding a run-time option: one entry here, then its behaviour where it acts (an RTL switch: the
logic that reads ctrl_i.<soc_port> in soc_top or below; a harness switch: the model that reads
the SocConfig field), then `python3 scripts/gen.py` (docs/dev/conventions.md, "Adding a
run-time option").
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

CTYPES = {"bool": "bool", "unsigned": "unsigned", "u64": "uint64_t", "double": "double",
          "enum": "std::string", "string": "std::string"}
# `stackscope run --help` lists the table's flags in these groups, each where cli_options.cpp
# places it among the options that are not part of the configuration.
CLI_GROUPS = ("core", "memory", "ideal", "check", "pmu")


@dataclass(frozen=True)
class Ideal:
    label: str                  # text report: "core ..., perfect BP, ..."
    components: tuple[str, ...]  # CPI-stack components it removes (docs/validation.md)
    stack_label: str = ""       # validation tables' short label (default: the first component)


@dataclass(frozen=True)
class Option:
    name: str
    member: str
    ctype: str
    default: object
    section: str
    field: str
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    flag: str = ""
    flag_value: bool | None = None
    cli_group: str = ""
    built: bool = False
    config: bool = True
    report_only: bool = False
    computed: bool = False
    soc_port: str = ""
    harness: str = ""
    ideal: Ideal | None = None
    sweep: bool = False
    doc: str = ""

    @property
    def cli(self) -> str:
        """The command-line flag ('' when the option has none)."""
        if not self.help:
            return ""
        return self.flag or f"--{self.name}"

    @property
    def key(self) -> str:
        """The config file's key ('' when it has none)."""
        if not self.config or self.report_only:
            return ""
        return f"{self.section}.{self.field}" if self.section else self.field

    @property
    def limited(self) -> bool:
        return self.lo is not None and self.hi is not None

    @property
    def sweep_key(self) -> str:
        return self.cli[2:]


def _o(*a, **k):
    return Option(*a, **k)


OPTIONS = [
    # ---- core (as built)
    _o("core", "core", "string", "seq", "core", "name", report_only=True,
       doc="which core the SoC model holds (its probe source)"),
    _o("dispatch-width", "dispatch_width", "unsigned", 1, "core", "dispatch_width", 1, 4,
       help="dispatch width (as built)", cli_group="core", built=True),
    _o("issue-width", "issue_width", "unsigned", 1, "core", "issue_width", 1, 4,
       help="issue width (as built)", cli_group="core", built=True),
    _o("commit-width", "commit_width", "unsigned", 1, "core", "commit_width", 1, 4,
       help="commit width (as built)", cli_group="core", built=True),
    _o("slots", "slots", "unsigned", 1, "core", "slots", 1, 4, report_only=True, computed=True,
       doc="W = min stage width (docs/terms.md)"),
    _o("rob", "rob_entries", "unsigned", 1, "core", "rob_entries", 1, 256,
       help="ROB entries (as built)", cli_group="core", built=True),
    _o("fp-units", "fp_units", "unsigned", 1, "core", "fp_units", 1, 4, built=True,
       doc="the FLOPS stack's k"),
    _o("vec-len", "vec_len", "unsigned", 1, "core", "vec_len", 1, 8, built=True,
       doc="the FLOPS stack's v"),
    # ---- caches (as built; the sets and the line are powers of two: config.cpp's validate)
    _o("l1i-sets", "l1i_sets", "unsigned", 128, "caches", "l1i_sets", built=True,
       doc="L1I sets (a power of two)"),
    _o("l1i-ways", "l1i_ways", "unsigned", 2, "caches", "l1i_ways", 1, 16, built=True,
       doc="L1I ways"),
    _o("l1d-sets", "l1d_sets", "unsigned", 128, "caches", "l1d_sets", built=True,
       doc="L1D sets (a power of two)"),
    _o("l1d-ways", "l1d_ways", "unsigned", 2, "caches", "l1d_ways", 1, 16, built=True,
       doc="L1D ways"),
    _o("line-bytes", "line_bytes", "unsigned", 32, "caches", "line_bytes", built=True,
       doc="cache line bytes (a power of two, at least 4)"),
    # ---- main memory (the harness's memory model)
    _o("mem-latency", "mem_latency", "unsigned", 20, "memory", "latency", 1, 100000,
       help="main-memory latency in cycles", cli_group="memory", harness="mem.latency",
       sweep=True),
    _o("mem-bandwidth", "mem_bandwidth", "unsigned", 8, "memory", "bandwidth", 1, 1024,
       help="main-memory bytes per cycle", cli_group="memory", harness="mem.bandwidth",
       sweep=True),
    _o("mem-outstanding", "mem_outstanding", "unsigned", 4, "memory", "outstanding", 1, 64,
       help="line requests in flight at most", cli_group="memory", harness="mem.outstanding",
       sweep=True),
    # ---- idealisations (Eyerman et al.'s validation, §V-A)
    _o("perfect-l1i", "perfect_l1i", "bool", False, "ideal", "perfect_l1i",
       help="every fetch hits the L1I", flag_value=True, cli_group="ideal",
       soc_port="perfect_l1i", harness="mem.perfect_l1i",
       ideal=Ideal("perfect L1I", ("icache",)), sweep=True),
    _o("perfect-l1d", "perfect_l1d", "bool", False, "ideal", "perfect_l1d",
       help="every data access hits the L1D", flag_value=True, cli_group="ideal",
       soc_port="perfect_l1d", harness="mem.perfect_l1d",
       ideal=Ideal("perfect L1D", ("dcache_l1", "dcache_l2", "dcache_mem"), "dcache"),
       sweep=True),
    _o("perfect-bp", "perfect_bp", "bool", False, "ideal", "perfect_bp",
       help="perfect branch prediction (an ISS running ahead steers fetch)", flag_value=True,
       cli_group="ideal", soc_port="perfect_bp", ideal=Ideal("perfect BP", ("bpred",)),
       sweep=True),
    _o("fast-alu", "fast_alu", "bool", False, "ideal", "fast_alu",
       help="1-cycle multiply and divide", flag_value=True, cli_group="ideal",
       soc_port="fast_alu", ideal=Ideal("1-cycle ALU", ("alu_lat",)), sweep=True),
    # ---- PMU settings of the report's models
    _o("exec-few", "exec_few", "unsigned", 1, "pmu", "exec_few", 0, 14,
       doc="Top-Down's FEW: Core_Bound counts cycles executing at most FEW uops"),
    _o("mem-bw-threshold", "mem_bw_threshold", "unsigned", 4, "pmu", "mem_bw_threshold", 1, 15,
       doc="Top-Down's THR: MEM_Bandwidth counts cycles with THR or more memory requests out"),
    _o("tip-mode", "tip_mode", "enum", "periodic", "pmu", "tip_mode",
       choices=("periodic", "random"), help="TIP sampling: periodic | random", cli_group="pmu",
       sweep=True),
    _o("tip-period", "tip_period", "unsigned", 97, "pmu", "tip_period", 1, 0xFFFF,
       help="TIP: cycles between samples (random: interval mask)", cli_group="pmu", sweep=True),
    _o("mux-counters", "mux_counters", "unsigned", 4, "pmu", "mux_counters", 1, 29,
       help="K programmable counters for the multiplexed Top-Down reading", cli_group="pmu",
       sweep=True, doc="K programmable counters for the multiplexing emulation"),
    # and >= 4K + 4: config.cpp's validate
    _o("mux-slice", "mux_slice", "u64", 2000, "pmu", "mux_slice", 1, 1 << 24,
       help="multiplexing time slice in cycles", cli_group="pmu", sweep=True,
       doc="cycles per time slice"),
    # ---- the run
    _o("freq", "freq_hz", "double", 1e9, "", "freq_hz",
       help="clock frequency in Hz, for FLOP/s", cli_group="pmu", sweep=True, doc="for FLOP/s"),
    _o("max-cycles", "max_cycles", "u64", 20_000_000, "", "max_cycles", 1, 1 << 40,
       help="cycle limit (reaching it: report marked incomplete, exit 3)", cli_group="core",
       sweep=True),
    _o("lockstep", "lockstep", "bool", True, "", "lockstep",
       help="do not check commits against the ISS", flag="--no-lockstep", flag_value=False,
       cli_group="check", sweep=True, doc="commits checked against the ISS"),
    _o("crosscheck", "crosscheck_status", "enum", "on", "", "crosscheck", choices=("on", "off"),
       report_only=True, doc="on | off: the PMU cross-check (RunConfig::crosscheck)"),
]

# `stackscope run` options a sweep may set that are not part of the run's configuration (the
# CLI registers them by hand, tb/app/cli_options.cpp): sweep key -> kind of value.
SWEEP_EXTRA = {"ram-size": str, "no-check": bool, "config": str}

BY_NAME = {o.name: o for o in OPTIONS}


def ideals() -> list[Option]:
    """The idealisations, in table order."""
    return [o for o in OPTIONS if o.ideal]


def soc_ports() -> list[Option]:
    """The fields of soc_ctrl_t, in table order (the first is the struct's most significant)."""
    return [o for o in OPTIONS if o.soc_port]


def sweep_options() -> dict[str, type]:
    """The sweep's `[run]` keys (the CLI flags without their dashes) -> kind of value."""
    kind = {"bool": bool, "unsigned": int, "u64": int, "double": float, "enum": str,
            "string": str}
    out = {o.sweep_key: kind[o.ctype] for o in OPTIONS if o.sweep and o.cli}
    out.update(SWEEP_EXTRA)
    return out


IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
NAME = re.compile(r"^[a-z][a-z0-9-]*$")


def check() -> list[str]:
    """The table's static checks: one line per problem."""
    errs = []
    seen: dict[tuple, str] = {}
    for o in OPTIONS:
        where = f"option {o.name}"
        if not NAME.match(o.name):
            errs.append(f"{where}: name must be lower-case words joined by dashes")
        if not IDENT.match(o.member) or not IDENT.match(o.field):
            errs.append(f"{where}: member and field must be C identifiers")
        if o.ctype not in CTYPES:
            errs.append(f"{where}: ctype {o.ctype!r} is not one of {', '.join(CTYPES)}")
        if o.section and not IDENT.match(o.section):
            errs.append(f"{where}: section must be a C identifier")
        for what, k in (("member", o.member), ("name", o.name), ("report field",
                                                                  (o.section, o.field)),
                        ("flag", o.cli), ("SoC port", o.soc_port)):
            if not k:
                continue
            if (what, k) in seen:
                errs.append(f"{where}: {what} {k!r} is also option {seen[(what, k)]}'s")
            seen[(what, k)] = o.name
        if (o.lo is None) != (o.hi is None) or (o.limited and not o.lo <= o.default <= o.hi):
            errs.append(f"{where}: give both lo and hi, with lo <= default <= hi")
        if o.limited and o.ctype not in ("unsigned", "u64"):
            errs.append(f"{where}: a range is for integer options")
        if o.ctype == "unsigned" and o.limited and o.hi > 0xFFFFFFFF:
            errs.append(f"{where}: hi does not fit an unsigned")
        if (o.ctype == "enum") != bool(o.choices) or (o.choices and o.default not in o.choices):
            errs.append(f"{where}: an enum lists its choices, the default among them")
        if o.help and o.cli_group not in CLI_GROUPS:
            errs.append(f"{where}: a CLI flag needs cli_group, one of {', '.join(CLI_GROUPS)}")
        if o.help and o.report_only:
            errs.append(f"{where}: a report-only field has no CLI flag")
        if (o.flag_value is not None) != (o.ctype == "bool" and bool(o.help)):
            errs.append(f"{where}: a bool with a CLI flag says the value the flag sets "
                        "(flag_value), and only it")
        if o.flag and not o.flag.startswith("--"):
            errs.append(f"{where}: flag must start with --")
        if o.computed and not o.report_only:
            errs.append(f"{where}: a computed field is report-only")
        if (o.soc_port or o.ideal) and o.ctype != "bool":
            errs.append(f"{where}: a SoC switch or an idealisation is a bool")
        if o.ideal and (o.default is not False or o.section != "ideal"):
            errs.append(f"{where}: an idealisation is off by default, in section 'ideal'")
        if o.soc_port and not IDENT.match(o.soc_port):
            errs.append(f"{where}: soc_port must be an SV identifier")
        if o.sweep and not o.cli:
            errs.append(f"{where}: a sweepable option needs a CLI flag")
        if o.built and not o.key:
            errs.append(f"{where}: an as-built setting has a config key")
    if not soc_ports():
        errs.append("no option has a SoC port (soc_ctrl_t would be empty)")
    return errs
