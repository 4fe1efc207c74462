"""The PMU units' parameter defaults as slang (pyslang) elaborates each unit alone from the
PMU's file lists: the expected flip-flop counts (expect.py) take a parameter a job does not set
from here, so no default value is written twice."""
from __future__ import annotations

from functools import cache

from .. import rtl_files
from ..common.errors import StackScopeError

UNITS = ("pmu_counter", "cpi_stack", "topdown", "flops_stack", "tip_sampler", "pmu_csr",
         "pmu_top")


@cache
def unit_defaults() -> dict[str, dict[str, int]]:
    """{unit: {parameter: default}} for every integer parameter of each unit of UNITS."""
    import pyslang  # the venv's (scripts/install-deps.sh); only the expected counts need it
    from pyslang import DiagnosticEngine, ast, syntax
    opts = ast.CompilationOptions()
    opts.topModules = set(UNITS)
    comp = ast.Compilation(pyslang.Bag([opts]))
    for f in rtl_files.read(rtl_files.PROBE, "rtl/pmu/pmu.f"):
        comp.addSyntaxTree(syntax.SyntaxTree.fromFile(str(f)))
    errs = [d for d in comp.getAllDiagnostics() if d.isError()]
    if errs:
        raise StackScopeError("synth: the PMU does not elaborate:\n" +
                              DiagnosticEngine.reportAll(comp.sourceManager, errs))
    out = {}
    for inst in comp.getRoot().topInstances:
        out[inst.name] = {m.name: int(m.value.value) for m in inst.body
                          if m.kind == ast.SymbolKind.Parameter and not m.isLocalParam
                          and isinstance(m.value.value, pyslang.SVInt)}
    return out


def with_defaults(unit: str, params: dict) -> dict[str, int]:
    """params with unit's defaults filled in."""
    return {**unit_defaults()[unit], **params}
