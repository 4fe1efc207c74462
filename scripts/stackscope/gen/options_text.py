"""The non-C++ bindings of stackscope.spec.options: soc_pkg.sv's soc_ctrl_t, the report schema's
"config" object and docs/report.md's table of options."""
from __future__ import annotations

import json
import re
import textwrap

from stackscope.common import regions
from stackscope.common.errors import StackScopeError
from stackscope.spec import options as spec

SV_BEGIN = "// BEGIN GENERATED soc_ctrl_t (scripts/gen.py from stackscope.spec.options)\n"
SV_END = "  // END GENERATED soc_ctrl_t\n"
MD_REGION = "OPTIONS"


def gen_soc_pkg(old: str, path) -> str:
    """soc_pkg.sv with soc_ctrl_t regenerated: one bit per SoC switch, the first the MSB."""
    body = ["  // soc_top's ctrl_i: the run's switches (per run, constant after reset).",
            "  typedef struct packed {"]
    width = max(len(o.soc_port) for o in spec.soc_ports())
    for o in spec.soc_ports():
        body.append(f"    logic {(o.soc_port + ';').ljust(width + 1)}  // {o.help}")
    body.append("  } soc_ctrl_t;")
    return regions.replace_between(old, SV_BEGIN, SV_END, "\n".join(body) + "\n", str(path))


# ---------------------------------------------------------------------- report.schema.json
def _prop(o: spec.Option) -> dict:
    if o.ctype == "bool":
        return {"type": "boolean"}
    if o.ctype == "string":
        return {"type": "string"}
    if o.ctype == "enum":
        return {"enum": list(o.choices)}
    if o.ctype == "double":
        return {"type": "number", "exclusiveMinimum": 0}
    p = {"type": "integer", "minimum": 1 if o.lo is None else o.lo}
    if o.hi is not None:
        p["maximum"] = o.hi
    return p


def config_schema() -> dict:
    """The schema of the report's "config" object, sections and fields in report order."""
    top: dict = {}
    for o in spec.OPTIONS:
        if o.section:
            sec = top.setdefault(o.section, {"type": "object", "required": [],
                                             "additionalProperties": False, "properties": {}})
            sec["required"].append(o.field)
            sec["properties"][o.field] = _prop(o)
        else:
            top[o.field] = _prop(o)
    return {"type": "object", "required": list(top), "additionalProperties": False,
            "properties": top}


def _fmt(v, indent: int, col: int | None = None) -> str:
    """JSON in the schema's hand style: objects of objects one key per line, leaves on one.
    indent: the indent of v's line; col: the column v starts at (default indent)."""
    col = indent if col is None else col
    if isinstance(v, dict):
        one = "{" + ", ".join(f"{json.dumps(k)}: {_fmt(x, indent, 0)}" for k, x in v.items()) + "}"
        if not any(isinstance(x, dict) for x in v.values()) and col + len(one) <= 98:
            return one
        pad = " " * (indent + 2)
        items = [f"{pad}{json.dumps(k)}: {_fmt(x, indent + 2, indent + 4 + len(json.dumps(k)))}"
                 for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    if isinstance(v, list):
        items = ", ".join(json.dumps(x) for x in v)
        return "[" + ("\n" + " " * (col + 1)).join(textwrap.wrap(items, 98 - col)) + "]"
    return json.dumps(v)


def gen_schema(old: str, path) -> str:
    """report.schema.json with the run's "config" object regenerated (the object that follows
    the run's "status" object)."""
    m = re.search(r'\n( *)"config": \{\n', old)
    if not m:
        raise StackScopeError(f"{path}: no \"config\" object")
    start, depth = m.end() - 2, 0
    for i in range(start, len(old)):
        depth += {"{": 1, "}": -1}.get(old[i], 0)
        if depth == 0:
            break
    else:
        raise StackScopeError(f"{path}: the \"config\" object never closes")
    return old[:start] + _fmt(config_schema(), len(m.group(1))) + old[i + 1:]


# ---------------------------------------------------------------------- docs/report.md
def _md_default(o: spec.Option) -> str:
    if o.ctype == "bool":
        return "true" if o.default else "false"
    if o.ctype == "double":
        return f"{o.default:g}"
    if isinstance(o.default, int) and o.default >= 10000:
        return f"{o.default:,}"
    return str(o.default)


def md_table() -> list[str]:
    rows = ["| option | config key | default | range | meaning |", "|---|---|---|---|---|"]
    for o in spec.OPTIONS:
        if o.report_only:
            continue
        flag = f"`{o.cli}`" if o.cli else "(config file only)"
        rng = ""
        if o.limited:
            rng = f"{o.lo} .. {o.hi:,}"
        elif o.choices:
            rng = " \\| ".join(o.choices)
        meaning = o.help or o.doc or ""
        if o.built:
            meaning = (o.doc or meaning.replace(" (as built)", "")) + "; as built"
        if o.ideal:
            meaning += f"; an idealisation: removes {', '.join(o.ideal.components)}"
        meaning = meaning.replace("|", "\\|")
        rows.append(f"| {flag} | `{o.key}` | {_md_default(o)} | {rng} | {meaning} |")
    return rows


def gen_report_md(old: str, path) -> str:
    try:
        return regions.replace(old, MD_REGION, "\n".join(md_table()) + "\n")
    except StackScopeError as e:
        raise StackScopeError(f"{path}: {e}") from None
