"""Software and document outputs: sw/lib/pmu.h's map, docs/dev/probe.md's field table,
docs/dev/pmu.md's tables and docs/report.schema.json's counter lists."""
import re
import textwrap

from stackscope.spec.pmu import (CPI_COMPS, CUSTOM_CSRS, ENUMS, EVENTS, FIELDS, FLOPS_COMPS,
                                 HIGH_HALF, STD_CSRS, TD_COUNTERS, TIPCTRL_IRQ_BIT,
                                 TIPCTRL_PERIOD_SHIFT, TIP_WORDS, WINDOW_BASE, WINDOW_WORDS, banks,
                                 count_of, snake, td_doc, width_of)
from stackscope.common.errors import StackScopeError
from stackscope.common.regions import replace_between
from stackscope.gen.pmu_text import GEN_NOTE


def replace_region(old, begin, end, lines, path):
    """old with the lines between the marker strings begin and end replaced by `lines`."""
    return replace_between(old, begin, end, "\n" + "\n".join(lines) + "\n", where=str(path))


def c_enum(e):
    names = [e.c_name(n) for n, _, _ in e.entries] + ([e.c_count] if e.c_count else [])
    return (["enum {"] + textwrap.wrap(", ".join(names), 92, initial_indent="    ",
                                       subsequent_indent="    ") + ["};"])


def gen_sw_region():
    L = ["/* " + GEN_NOTE + " */"]
    for n, a, acc, doc in CUSTOM_CSRS:
        sw = {"PmuBank": "BANK"}.get(n, n.upper())  # PMU_CSR_BANK, PMU_CSR_TIPCTRL, ...
        L.append(f"#define PMU_CSR_{sw} 0x{a:03X} /* {acc} */")
    L.append(f"#define PMU_CSR_WINDOW 0x{WINDOW_BASE:03X} /* RO: + word of the selected bank */")
    for n, a, _ in STD_CSRS:
        L.append(f"#define PMU_CSR_{n.upper()} 0x{a:03X}")
    L.append(f"#define PMU_CSR_HIGH_HALF 0x{HIGH_HALF:03X} /* counter high half: address | this */")
    for i, (bname, doc, segs) in enumerate(banks()):
        L.append(f"#define PMU_{snake(bname).upper()} {i} /* {doc} */")
    for bname, _, segs in banks():
        base = 0
        for seg, n, w, _ in segs:
            L.append(f"#define PMU_WIN_{seg.upper()}_BASE {base}")
            base += n * w
    L.append(f"#define PMU_TIPCTRL_IRQ (1u << {TIPCTRL_IRQ_BIT})")
    L.append(f"#define PMU_TIPCTRL_PERIOD_SHIFT {TIPCTRL_PERIOD_SHIFT}")
    for key in ("stage", "comp", "td", "fl", "ev"):
        L.append(f"/* {ENUMS[key].sv} */")
        L += c_enum(ENUMS[key])
    L.append("/* TIP bank words */")
    names = [f"PMU_TIP_{snake(n).upper()}" for n, _ in TIP_WORDS] + ["PMU_TIP_WORDS"]
    L += ["enum {"] + textwrap.wrap(", ".join(names), 92, initial_indent="    ",
                                    subsequent_indent="    ") + ["};"]
    return L


def md(text):
    return text.replace("|", "\\|")  # inside a table cell


def md_tables():
    """docs/dev/pmu.md generated regions: {marker: lines}."""
    csr = ["| address | access | meaning |", "|---|---|---|"]
    for n, a, acc, doc in CUSTOM_CSRS:
        csr.append(f"| 0x{a:03X} | {acc} | {doc} |")
    csr.append(f"| 0x{WINDOW_BASE:03X} + w | RO | word w (0-{WINDOW_WORDS - 1}) of the selected "
               f"bank; a 48-bit counter is two words, low half first |")
    csr += ["", "| bank | words used | layout |", "|---|---|---|"]
    for i, (bname, doc, segs) in enumerate(banks()):
        used = sum(n * w for _, n, w, _ in segs)
        parts, base = [], 0
        for seg, n, w, sdoc in segs:
            parts.append(f"{sdoc}: words {base}-{base + n * w - 1}")
            base += n * w
        if bname == "BankTip":
            parts = ["; ".join(f"{i_} {n}" for i_, (n, _) in enumerate(TIP_WORDS)) +
                     f". Status word: {TIP_WORDS[0][1]}"]
        csr.append(f"| {i} {doc} | {used} of {WINDOW_WORDS} | {'; '.join(parts)} |")
    ev = ["| id | event | increment per cycle | |", "|---|---|---|---|"]
    for i, (name, expr, _, doc) in enumerate(EVENTS):
        ev.append(f"| {i} | `{name}` | `{md(expr)}` | {doc} |")
    td = ["| counter | event | counts per cycle |", "|---|---|---|"]
    for name, short, evn, form in TD_COUNTERS:
        td.append(f"| `{short}` | `{evn}` | `{md(td_doc(evn, form))}` |")
    return {"CSRMAP": csr, "EVENTS": ev, "TDCOUNTERS": td}


def gen_schema(old):
    """docs/report.schema.json with its counter-name lists regenerated."""
    def lst(names, indent):
        items = ", ".join(f'"{n}"' for n in names)
        return ("\n" + " " * indent).join(textwrap.wrap(items, 100 - indent))

    def sub(pattern, names, text):
        m = re.search(pattern, text, re.S)
        if not m:
            raise StackScopeError(f"docs/report.schema.json: no match for {pattern}")
        indent = m.start(2) - text.rfind("\n", 0, m.start(2)) - 1
        return text[:m.start(2)] + lst(names, indent) + text[m.end(2):]

    t = sub(r'("topdown": \{\s*"allOf": \[\{"\$ref": "#/\$defs/counts"\}\],\s*"required": \[)'
            r'(.*?)\]', [s for _, s, _, _ in TD_COUNTERS], old)
    t = sub(r'("cpi_comps": \{\s*"type": "object",\s*"required": \[)(.*?)\]',
            [s for _, s, _ in CPI_COMPS], t)
    t = sub(r'("flops_comps": \{\s*"type": "object",\s*"required": \[)(.*?)\]',
            [s for _, s, _ in FLOPS_COMPS], t)
    return t


def gen_probe_md(old, path):
    rows = []
    for name, w, c, stage, doc in FIELDS:
        bits = width_of(w) * count_of(c)
        shape = f"{count_of(c)} x {width_of(w)}" if c != 1 else str(bits)
        rows.append(f"| `{name}` | {shape} | {stage} | {doc} |")
    return replace_region(old, "<!-- BEGIN FIELDS (generated by scripts/gen.py) -->",
                          "<!-- END FIELDS -->", rows, path)


def gen_sw_h(old, path):
    """sw/lib/pmu.h with its generated map replaced."""
    return replace_region(old, "/* BEGIN GENERATED MAP */", "/* END GENERATED MAP */",
                          gen_sw_region(), path)


def gen_pmu_md(text, path):
    """docs/dev/pmu.md with its generated tables replaced."""
    for marker, lines in md_tables().items():
        text = replace_region(text, f"<!-- BEGIN {marker} (generated by scripts/gen.py) -->",
                              f"<!-- END {marker} -->", lines, path)
    return text
