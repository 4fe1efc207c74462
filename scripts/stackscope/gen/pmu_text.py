"""Shared pieces of the PMU emitters: the expression rewriter (EVENTS, TD_COUNTERS -> SV),
the generated-file note and line filling."""
import re
import textwrap

from stackscope.spec.pmu import FIELD_W, P


def expand(expr):
    """SUM_FP(e) -> (e[j=0]) + (e[j=1]) + ..."""
    m = re.search(r"SUM_FP\((.*)\)$", expr)
    if not m:
        return expr
    body = m.group(1)
    terms = ["(" + re.sub(r"\bj\b", str(j), body) + ")" for j in range(P["MaxFpUnits"])]
    return expr[:m.start()] + " + ".join(terms)


def tokens_map(expr, field, param, lit):
    """Rewrites names and integer literals of an expression (after expand)."""
    def sub(m):
        name, idx, num = m.group(1), m.group(2) or "", m.group(3)
        if num is not None:
            return lit(int(num))
        if name in FIELD_W:
            return field(name, idx)
        return param(name)
    return re.sub(r"\b([A-Za-z_]\w*)(\[\d+\])?|\b(\d+)\b", sub, expand(expr))


SV_PARAM = {"W": "w", "FEW": "few", "THR": "thr"}


def sv_expr(expr, w="EvIncW"):
    # Every multi-bit operand is cast to the increment width, so the arithmetic is modulo
    # 2^w and Verilator -Wall sees no implicit extension; one-bit fields stay booleans.
    return tokens_map(expr, lambda n, i: f"{w}'(p.{n}{i})" if FIELD_W[n] > 1 else f"p.{n}{i}",
                      lambda n: f"{w}'({SV_PARAM[n]})", lambda v: f"{w}'({v})")


def sv_wrap(line, indent):
    return textwrap.wrap(line, 100, subsequent_indent=" " * indent, break_long_words=False,
                         break_on_hyphens=False)


GEN_NOTE = ("GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit "
            "(ctest pmu_gen_in_sync).")


def header(comment="//"):
    return [f"{comment} {GEN_NOTE}"]


def fill_lines(items, indent, width=98, cont=None):
    """Items (no line breaks inside one) joined by spaces into lines of at most `width`; the
    lines after the first indented by `cont` (default: `indent`)."""
    lines, cur = [], indent
    for it in items:
        if cur.strip() and len(cur) + 1 + len(it) > width:
            lines.append(cur)
            cur = indent if cont is None else cont
        cur += (" " if cur.strip() else "") + it
    return lines + ([cur] if cur.strip() else [])
