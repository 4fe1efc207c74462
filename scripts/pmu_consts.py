"""GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync).

pmu_pkg constants scripts/synth.py's expected counts use."""
PKG = {
    'NumCpiStages': 3,
    'NumCpiComps': 9,
    'NumTdCounters': 22,
    'NumFlopsComps': 7,
    'NumSpecCnt': 19,
    'NumEvents': 20,
    'MaxWidth': 4,
    'PcW': 32,
    'EvIncW': 7,
    'TdIncW': 4,
    'DrainRounds': 2,
    'ProbeBits': 314,
}


def drain_pend_w(num, inc_w):
    """Pending-increment bits of a RAM-stored counter bank (pmu_pkg::drain_pend_w)."""
    return (PKG['DrainRounds'] * num * ((1 << inc_w) - 1)).bit_length()
