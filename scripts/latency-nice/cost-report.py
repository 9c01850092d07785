#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make cost's report: the scheduler's path length on the unpatched base kernel and on the
series kernel, in virtual nanoseconds (QEMU -icount shift=0), from cost.sh's results.tsv:

    round  kernel  level  workload  rep  ns_per_op

kernel: base, series, or control (a copy of base's image booted as a kernel of its own: the
A/A control); level: 0 (nothing set), 0-key (the series with its static key turned on, every
measured task at 0) or -20 (every task of the workload at -20); base and control boot at 0
only. A round boots every (kernel, level) once.

The boot is the unit: a (round, kernel, level, workload)'s runs are averaged into one boot
mean, and everything below is computed on boot means. A comparison is a ratio of means over
the rounds where both sides have a boot, the boots of a round kept as a pair; its interval is
the 95 % expanded percentile bootstrap over rounds (Hesterberg's, as bench-report.py's;
RESAMPLES resamples, a fixed seed; fewer than MIN_ROUNDS rounds: no interval). The A/A
control (control / base at 0) comes first: if any of its intervals excludes 1, every other
verdict reads "unresolved (control failed; ...)".

usage: cost-report.py RESULTS.TSV
"""
import csv
import math
import sys
from collections import defaultdict

try:
    import numpy as np
except ImportError:
    np = None

RESAMPLES = 20000
SEED = 20260530
MIN_ROUNDS = 3
COLUMNS = ("round", "kernel", "level", "workload", "rep", "ns_per_op")
# The (kernel, level) cells a run can have, in the order they are shown.
CELLS = (("base", "0"), ("control", "0"), ("series", "0"), ("series", "0-key"),
         ("series", "-20"))
WORKLOAD_ORDER = ("hackbench", "pipe", "pipe-pinned")
# The targets against base at 0: the series with its key off, and with it on.
TARGETS = {"0": 0.005, "0-key": 0.01}
# The sample size of a two-sided 5 % test at 80 % power: z(0.975) + z(0.80).
Z_SUM = 1.96 + 0.84
DELTAS = (0.02, 0.10)
# The interval is the expanded percentile interval (Hesterberg, "What Teachers Should Know
# About the Bootstrap", 2015), as bench-report.py's: over n rounds the plain percentile
# interval is too narrow (a bootstrap sd is sqrt((n - 1) / n) of the sample's, and the normal
# quantile stands where Student's t with n - 1 degrees of freedom should), so the 95 %
# interval takes the percentiles alpha'/2 and 1 - alpha'/2 with
# alpha' = 2 Phi(-sqrt(n / (n - 1)) t(0.975, n - 1)): n = 10 gives alpha' = 0.017 (the
# 0.86th and 99.14th percentiles).
# Student's t, two-sided 95 % (the 0.975 quantile), by degrees of freedom; 1.96 past 30.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
        10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
        18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060,
        26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042}


def die(msg, code=1):
    print(f"cost-report: {msg}", file=sys.stderr)
    sys.exit(code)


def read(path):
    """{(workload, kernel, level, round): [ns_per_op of each run]}; dies on garbled input."""
    try:
        f = open(path, newline="")
    except OSError as e:
        die(f"{path}: {e.strerror}")
    runs = defaultdict(list)
    seen = set()
    with f:
        reader = csv.DictReader(f, delimiter="\t")
        if reader.fieldnames is None:
            die(f"{path}: empty (no header, no results)")
        missing = [c for c in COLUMNS if c not in reader.fieldnames]
        if missing:
            die(f"{path}: no column {', '.join(missing)} in the header "
                f"(expected {' '.join(COLUMNS)})")
        for row in reader:
            line = reader.line_num
            if None in row or any(row[c] is None for c in COLUMNS):
                die(f"{path}:{line}: not {len(reader.fieldnames)} tab-separated fields")
            try:
                rnd, rep = int(row["round"]), int(row["rep"])
                v = float(row["ns_per_op"])
            except ValueError:
                die(f"{path}:{line}: round, rep or ns_per_op is not a number: "
                    f"{row['round']!r} {row['rep']!r} {row['ns_per_op']!r}")
            kernel, level, wl = row["kernel"], row["level"], row["workload"]
            if (kernel, level) not in CELLS:
                die(f"{path}:{line}: kernel {kernel!r} at level {level!r} is none of "
                    + ", ".join(f"{k} {lv}" for k, lv in CELLS))
            if not wl:
                die(f"{path}:{line}: no workload")
            if not math.isfinite(v) or v <= 0:
                die(f"{path}:{line}: ns_per_op {row['ns_per_op']!r} is not a positive number")
            key = (wl, kernel, level, rnd)
            if (key, rep) in seen:
                die(f"{path}:{line}: run {rep} of round {rnd} {kernel} {level} {wl} twice")
            seen.add((key, rep))
            runs[key].append(v)
    if not runs:
        die(f"{path}: no results (a header only)")
    return runs


def mean(xs):
    return sum(xs) / len(xs)


def sd(xs):
    """The sample sd (n - 1); nan under two values."""
    if len(xs) < 2:
        return math.nan
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def cell_stats(boot_runs):
    """Stats of one (workload, kernel, level) from its boots' runs ([[runs of a boot]])."""
    means = [mean(r) for r in boot_runs]
    m, s = mean(means), sd(means)
    ss = sum(sum((x - mean(r)) ** 2 for x in r) for r in boot_runs)
    df = sum(len(r) - 1 for r in boot_runs)
    return {"n": len(means), "mean": m, "sd": s, "cv": s / m,
            "lo": min(means), "hi": max(means),
            "within": math.sqrt(ss / df) if df else math.nan}


def boots_needed(cv, delta):
    """Boots per kernel to resolve DELTA at 80 % power, two-sided 5 %, for a boot-to-boot CV."""
    if not math.isfinite(cv):
        return None
    # A hair below the integer: 2 (2.8 cv / delta)^2 exact in reals must not round up a boot.
    return max(2, math.ceil(2 * (Z_SUM * cv / delta) ** 2 - 1e-9))


def expanded_alpha(n):
    """alpha' of the expanded percentile interval at 95 % for N units (N >= 2): as
    bench-report.py's."""
    z = math.sqrt(n / (n - 1)) * T975.get(n - 1, 1.96)
    return math.erfc(z / math.sqrt(2))         # 2 Phi(-z)


def rank_of(q, n):
    """The nearest rank (1-based) of the quantile Q (0…1) among N values."""
    return max(1, min(n, math.ceil(q * n)))


def ratio_ci(pairs):
    """pairs: [(num, den)], a round each; mean(num) / mean(den) and its 95 % expanded
    percentile interval over RESAMPLES resamples of the rounds (a round's pair stays
    together): the nearest-rank alpha'/2 and 1 - alpha'/2 percentiles, alpha' =
    expanded_alpha(rounds)."""
    num = np.array([p[0] for p in pairs])
    den = np.array([p[1] for p in pairs])
    rng = np.random.default_rng(SEED)
    idx = rng.integers(0, len(pairs), size=(RESAMPLES, len(pairs)))
    r = np.sort(num[idx].sum(axis=1) / den[idx].sum(axis=1))
    tail = expanded_alpha(len(pairs)) / 2
    lo, hi = r[rank_of(tail, len(r)) - 1], r[rank_of(1 - tail, len(r)) - 1]
    return num.sum() / den.sum(), float(lo), float(hi)


def decimals(lo, hi):
    """Decimals of a percentage that give its interval's width two digits: 1 to 4."""
    width = (hi - lo) * 100
    if width <= 0:
        return 2
    return min(4, max(1, 1 - math.floor(math.log10(width))))


def fmt_change(est, lo, hi):
    """A ratio and its interval as a change in %: "+4.00 % (3.90…4.10)"."""
    d = decimals(lo, hi)

    def p(x, sign=""):
        v = (x - 1) * 100
        return f"{0.0 if round(v, d) == 0 else v:{sign}.{d}f}"
    return f"{p(est, '+')} % ({p(lo)}…{p(hi)})"


def fmt_ratio(est, lo, hi):
    d = max(4, decimals(lo, hi) + 2)
    return f"{est:.{d}f} ({lo:.{d}f}…{hi:.{d}f})"


def fmt_ns(v):
    if not math.isfinite(v):
        return "–"
    a = abs(v)
    if a >= 100:
        return f"{v:.1f}"
    if a >= 1:
        return f"{v:.2f}"
    return f"{v:.3f}"


def fmt_pct(x):
    """A fraction as a percentage, three significant digits."""
    if not math.isfinite(x):
        return "–"
    p = x * 100
    if p == 0:
        return "0 %"
    if abs(p) < 0.001:
        return "<0.001 %"
    p = float(f"{p:.3g}")
    return f"{p:.{max(0, 2 - math.floor(math.log10(abs(p))))}f} %"


def verdict_plain(lo, hi):
    if lo > 1:
        return "costs more"
    if hi < 1:
        return "costs less"
    return "no difference resolved"


def verdict_target(lo, hi, x):
    """Against a target of ±X: the whole interval inside [1 - X, 1 + X], or outside it."""
    pct = f"±{x * 100:g} %"
    if lo >= 1 - x and hi <= 1 + x:
        return f"within {pct}"
    if lo > 1 + x or hi < 1 - x:
        return f"outside {pct}"
    return "unresolved"


def main():
    if len(sys.argv) != 2:
        die("usage: cost-report.py RESULTS.TSV", 2)
    if np is None:
        die("needs numpy (python3-numpy) for the bootstrap")
    runs = read(sys.argv[1])
    boot = {k: mean(v) for k, v in runs.items()}
    rounds = sorted({k[3] for k in runs})
    present = {k[0] for k in runs}
    workloads = [w for w in WORKLOAD_ORDER if w in present] + sorted(present - set(WORKLOAD_ORDER))
    stats = {}
    for wl in workloads:
        for kernel, level in CELLS:
            b = [runs[(wl, kernel, level, r)] for r in rounds if (wl, kernel, level, r) in runs]
            if b:
                stats[(wl, kernel, level)] = cell_stats(b)

    def compare(wl, num, den):
        """(rounds paired, (est, lo, hi) or None under MIN_ROUNDS) of NUM / DEN at WL."""
        pairs = [(boot[(wl, *num, r)], boot[(wl, *den, r)]) for r in rounds
                 if (wl, *num, r) in boot and (wl, *den, r) in boot]
        return len(pairs), (ratio_ci(pairs) if len(pairs) >= MIN_ROUNDS else None)

    def cols(n, ci):
        if ci is None:
            return f"{n} | too few rounds | too few rounds"
        return f"{n} | {fmt_ratio(*ci)} | {fmt_change(*ci)}"

    print("# make cost report\n")
    print("Values are virtual nanoseconds (QEMU -icount shift=0: instructions retired, every "
          "instruction one ns) — a path length, not a time on hardware: no caches or branch "
          "prediction. hackbench: virtual ns per message; pipe: perf bench sched pipe, ns per "
          "round trip, unpinned on 2 vCPUs; pipe-pinned: both ends pinned to one CPU. Lower is "
          "a shorter path.\n")
    print(f"Rounds: {len(rounds)}. The boot is the unit: each boot's runs of a workload are "
          "averaged into one boot mean. A ratio is the mean over rounds of one side's boot "
          "means over the other's, the two boots of a round kept as a pair, with its 95 % "
          f"bootstrap interval ({RESAMPLES} resamples of the rounds, seed {SEED}): Hesterberg's "
          "expanded percentile interval, the α′/2 and 1 − α′/2 percentiles with "
          "α′ = 2Φ(−√(n/(n−1))·t(0.975, n−1)) over n paired rounds, as a plain percentile "
          "interval over few rounds is too narrow. Simulated, one A/A row of two identical "
          "kernels excludes 1 by chance in about 5 % of runs of 10 rounds (6 % of 6, 5 % of "
          "20; the plain percentile interval: 9.5 % of 10), as a 95 % interval should. Under "
          f"{MIN_ROUNDS} paired rounds: no interval.\n")

    print("## Boots\n")
    print("sd and CV across boots (of the boot means); the range of the boot means; the "
          "within-boot sd, pooled over boots, of a boot's runs about its own mean (in % of "
          "the mean).\n")
    print("| workload | kernel | latency_nice | boots | mean | sd across boots | CV "
          "| range of boot means | within-boot sd |")
    print("|---|---|---|---|---|---|---|---|---|")
    for wl in workloads:
        for kernel, level in CELLS:
            s = stats.get((wl, kernel, level))
            if s is None:
                continue
            within = (f"{fmt_ns(s['within'])} ({fmt_pct(s['within'] / s['mean'])})"
                      if math.isfinite(s["within"]) else "– (one run a boot)")
            print(f"| {wl} | {kernel} | {level} | {s['n']} | {fmt_ns(s['mean'])} "
                  f"| {fmt_ns(s['sd'])} | {fmt_pct(s['cv'])} "
                  f"| {fmt_ns(s['lo'])}…{fmt_ns(s['hi'])} | {within} |")

    # The A/A control first: it decides whether the run's intervals can be read at all.
    print("\n## A/A control: control / base at latency_nice 0\n")
    control_failed = False
    if not any(k[1] == "control" for k in runs):
        print("No control boots in these results: a resolved verdict below may be the test "
              "bed's, not the kernels'.")
    else:
        print("The same image booted as two kernels: every interval must contain 1.\n")
        print("| workload | rounds | control / base | change | verdict |")
        print("|---|---|---|---|---|")
        for wl in workloads:
            n, ci = compare(wl, ("control", "0"), ("base", "0"))
            if ci is None:
                v = "too few rounds"
            elif ci[1] > 1 or ci[2] < 1:
                control_failed = True
                v = f"fails ({verdict_plain(ci[1], ci[2]).replace('costs', 'control costs')})"
            else:
                v = "holds"
            print(f"| {wl} | {cols(n, ci)} | {v} |")
        checked = sum(1 for wl in workloads if compare(wl, ("control", "0"), ("base", "0"))[1])
        if not checked:
            print("\nThe control could not be checked (too few rounds).")
        else:
            # Each row is a 95 % interval: the family of A/A rows, one a workload, fails by
            # chance more often than any one row (simulated, three rows of 10 rounds drawn
            # alike: at least one fails in 14.5 % of runs).
            print(f"\nThe family of A/A rows is this run's {checked} workload"
                  f"{'s' if checked > 1 else ''}: each row excludes 1 by chance in about 5 % of "
                  f"runs, so {'at least one of ' + str(checked) if checked > 1 else 'it'} does "
                  f"in about {fmt_pct(1 - 0.95 ** checked)} of runs; a failure of one row alone, "
                  "near 1, may be chance.")
        if control_failed:
            print("\n**The A/A control failed: two boots of the same image resolved a "
                  "difference, so this run's intervals do not hold, and every verdict below is "
                  "\"unresolved (control failed; alone: …)\".**")

    def shown(v):
        return f"unresolved (control failed; alone: {v})" if control_failed else v

    print("\n## The series against base at latency_nice 0\n")
    print("Targets (the issue's): the key off within ±0.5 % of base, the key on with every "
          "task at 0 within ±1 %: \"within\" when the whole interval lies inside, \"outside\" "
          "when it lies wholly outside, else \"unresolved\". -20 has no target.\n")
    print("| workload | series | rounds | series / base | change | target | verdict |")
    print("|---|---|---|---|---|---|---|")
    labels = {"0": "0 (key off)", "0-key": "0-key (key on, every task at 0)",
              "-20": "-20 (every task at -20)"}
    for wl in workloads:
        for level in ("0", "0-key", "-20"):
            n, ci = compare(wl, ("series", level), ("base", "0"))
            x = TARGETS.get(level)
            target = f"±{x * 100:g} %" if x else "–"
            if ci is None:
                v = "too few rounds"
            elif x:
                v = shown(verdict_target(ci[1], ci[2], x))
            else:
                v = shown(verdict_plain(ci[1], ci[2]))
            print(f"| {wl} | {labels[level]} | {cols(n, ci)} | {target} | {v} |")

    print("\n## Within the series\n")
    print("| workload | comparison | rounds | ratio | change | verdict |")
    print("|---|---|---|---|---|---|")
    for wl in workloads:
        for level, label in (("0-key", "0-key / 0 (the key on)"), ("-20", "-20 / 0")):
            n, ci = compare(wl, ("series", level), ("series", "0"))
            v = "too few rounds" if ci is None else shown(verdict_plain(ci[1], ci[2]))
            print(f"| {wl} | {label} | {cols(n, ci)} | {v} |")

    print("\n## Boots needed\n")
    print("A property of the test bed under this clock, not of the kernels: the boots per "
          "kernel that would resolve a difference of 2 % (and of 10 %) at 80 % power "
          "(two-sided 5 %), from the boot-to-boot CV pooled over the workload's kernels and "
          "levels: n = ceil(2·((1.96+0.84)·CV/δ)²), at least 2.\n")
    for wl in workloads:
        cells = [s for (w, _, _), s in stats.items() if w == wl and s["n"] >= 2]
        df = sum(s["n"] - 1 for s in cells)
        if not df:
            print(f"- {wl}: under two boots of every kernel and level: no CV.")
            continue
        cv = math.sqrt(sum((s["n"] - 1) * s["cv"] ** 2 for s in cells) / df)
        need = [boots_needed(cv, d) for d in DELTAS]
        print(f"- {wl}: boot-to-boot CV {fmt_pct(cv)}: {need[0]} boots per kernel to resolve "
              f"2 %, {need[1]} to resolve 10 %.")


if __name__ == "__main__":
    main()
