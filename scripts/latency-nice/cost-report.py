#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make cost's report: the seconds of each workload on the BEFORE and AFTER kernels at
latency_nice 0 (the static key off) and -20 (on), from cost.sh's results.tsv.

The round of four boots is the unit: a ratio of means is resampled over rounds (each
round's boots of the two kernels, or of the two levels, stay paired), 4000 times from a
fixed seed, and its 95 % percentile interval decides: "slower" or "faster" where it
excludes 1, else "no difference resolved". Lower is better (seconds).

usage: cost-report.py RESULTS.TSV
"""
import csv
import random
import statistics
import sys
from collections import defaultdict

RESAMPLES = 4000


def ratio_ci(pairs):
    """pairs: [(num, den)] per round; mean(num) / mean(den) and its bootstrap interval."""
    def ratio(sample):
        den = sum(d for _, d in sample)
        return sum(n for n, _ in sample) / den if den else float("nan")
    rng = random.Random(20261205)
    boots = sorted(ratio([rng.choice(pairs) for _ in pairs]) for _ in range(RESAMPLES))
    return ratio(pairs), boots[int(0.025 * RESAMPLES)], boots[int(0.975 * RESAMPLES) - 1]


def verdict(lo, hi, worse, better):
    if lo > 1:
        return worse
    if hi < 1:
        return better
    return "no difference resolved"


def fmt(values):
    if not values:
        return "–"
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):.3f} ±{sd:.3f} s (n={len(values)})"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: cost-report.py RESULTS.TSV")
    cell = defaultdict(list)  # (workload, kernel, level, round) -> seconds
    with open(sys.argv[1], newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (row["workload"], row["kernel"], row["level"], int(row["round"]))
            cell[key].append(float(row["seconds"]))
    if not cell:
        sys.exit("cost-report: no results")
    mean = {k: statistics.mean(v) for k, v in cell.items()}
    workloads = sorted({k[0] for k in cell})
    rounds = sorted({k[3] for k in cell})

    def per_round(wl, kernel, level):
        return [mean[(wl, kernel, level, r)] for r in rounds if (wl, kernel, level, r) in mean]

    print("# make cost report\n")
    print(f"Rounds: {len(rounds)} (four boots each: both kernels, latency_nice 0 and -20). "
          "Seconds, lower is better; ratios with their 95 % interval over rounds (a "
          "percentile bootstrap: with under ten rounds it covers less than 95 %, so a "
          "verdict near an interval's end is weak).\n")
    print("| workload | latency_nice | before (C) | after (Rust) | after / before | verdict |")
    print("|---|---|---|---|---|---|")
    for wl in workloads:
        for level in ("0", "-20"):
            pairs = [(mean[(wl, "after", level, r)], mean[(wl, "before", level, r)])
                     for r in rounds
                     if (wl, "after", level, r) in mean and (wl, "before", level, r) in mean]
            if len(pairs) < 2:
                ci, v = "–", "too few rounds"
            else:
                est, lo, hi = ratio_ci(pairs)
                ci = f"{est:.3f} ({lo:.3f}…{hi:.3f})"
                v = verdict(lo, hi, "after slower", "after faster")
            print(f"| {wl} | {level} | {fmt(per_round(wl, 'before', level))} | "
                  f"{fmt(per_round(wl, 'after', level))} | {ci} | {v} |")
    print("\nWhat the key costs within each kernel (-20 / 0: every task at -20, the key on, "
          "against the key off):\n")
    print("| workload | kernel | -20 / 0 | verdict |")
    print("|---|---|---|---|")
    for wl in workloads:
        for kernel in ("before", "after"):
            pairs = [(mean[(wl, kernel, "-20", r)], mean[(wl, kernel, "0", r)])
                     for r in rounds
                     if (wl, kernel, "-20", r) in mean and (wl, kernel, "0", r) in mean]
            if len(pairs) < 2:
                print(f"| {wl} | {kernel} | – | too few rounds |")
                continue
            est, lo, hi = ratio_ci(pairs)
            print(f"| {wl} | {kernel} | {est:.3f} ({lo:.3f}…{hi:.3f}) | "
                  f"{verdict(lo, hi, '-20 slower', '-20 faster')} |")


if __name__ == "__main__":
    main()
