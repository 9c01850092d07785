#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make cost's report: the seconds of each workload on the BEFORE and AFTER kernels at
latency_nice 0 (the static key off) and -20 (on), from cost.sh's results.tsv.

The round (four boots; six with cost.sh's A/A control, a copy of AFTER) is the unit: a
ratio of means is resampled over rounds (each round's boots of two kernels, or of two
levels, stay paired), 4000 times from a fixed seed, and its 95 % percentile interval
decides: "slower" or "faster" where it excludes 1, else "no difference resolved". Lower is
better (seconds). Where the control resolves a difference between the two identical
kernels, the run's intervals do not hold and every other verdict is shown as unresolved.

usage: cost-report.py RESULTS.TSV
"""
import csv
import random
import statistics
import sys
from collections import defaultdict

RESAMPLES = 4000
LEVELS = ("0", "-20")
KERNEL_ORDER = ["before", "after", "control"]


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

    kernels = {k[1] for k in cell}
    with_control = "control" in kernels

    def pairs_of(wl, num, den):
        """[(num, den)] per round, for two (kernel, level) boots of the same round."""
        return [(mean[(wl, *num, r)], mean[(wl, *den, r)]) for r in rounds
                if (wl, *num, r) in mean and (wl, *den, r) in mean]

    def ci_of(pairs, worse, better):
        if len(pairs) < 2:
            return "–", "too few rounds", False
        est, lo, hi = ratio_ci(pairs)
        v = verdict(lo, hi, worse, better)
        return f"{est:.3f} ({lo:.3f}…{hi:.3f})", v, v != "no difference resolved"

    # The A/A control first: it decides whether the run's intervals can be read at all.
    control_failed = False
    control_rows = []
    if with_control:
        for wl in workloads:
            for level in LEVELS:
                ci, v, resolved = ci_of(pairs_of(wl, ("control", level), ("after", level)),
                                        "control slower", "control faster")
                control_failed |= resolved
                control_rows.append(f"| {wl} | {level} | {ci} | {v} |")

    boots = 6 if with_control else 4
    print("# make cost report\n")
    print(f"Rounds: {len(rounds)} ({boots} boots each: "
          f"{'before, after and a copy of after' if with_control else 'both kernels'}, "
          "latency_nice 0 and -20). Seconds, lower is better; ratios with their 95 % interval "
          "over rounds (a percentile bootstrap: with under ten rounds it covers less than "
          "95 %, so a verdict near an interval's end is weak).\n")
    if with_control:
        print("A/A control (a copy of the after kernel against the after kernel, same rounds): "
              "every row must resolve nothing.\n")
        print("| workload | latency_nice | control / after | verdict |")
        print("|---|---|---|---|")
        print("\n".join(control_rows))
        if control_failed:
            print("\n**The control resolved a difference between two identical kernels: this "
                  "run's intervals do not hold, and every verdict below reads as "
                  "unresolved.**")
        else:
            print("\nThe control holds: no row resolves a difference.")
        print()
    else:
        print("No A/A control in this run (cost.sh's CONTROL_BZIMAGE): a resolved verdict "
              "below may be the test bed's, not the kernels'.\n")

    def shown(v, resolved):
        return f"unresolved (control failed; alone: {v})" if control_failed and resolved else v

    print("| workload | latency_nice | before (C) | after (Rust) | after / before | verdict |")
    print("|---|---|---|---|---|---|")
    for wl in workloads:
        for level in LEVELS:
            ci, v, resolved = ci_of(pairs_of(wl, ("after", level), ("before", level)),
                                    "after slower", "after faster")
            print(f"| {wl} | {level} | {fmt(per_round(wl, 'before', level))} | "
                  f"{fmt(per_round(wl, 'after', level))} | {ci} | {shown(v, resolved)} |")
    print("\nWhat the key costs within each kernel (-20 / 0: every task at -20, the key on, "
          "against the key off):\n")
    print("| workload | kernel | -20 / 0 | verdict |")
    print("|---|---|---|---|")
    for wl in workloads:
        for kernel in sorted(kernels, key=KERNEL_ORDER.index):
            ci, v, resolved = ci_of(pairs_of(wl, (kernel, "-20"), (kernel, "0")),
                                    "-20 slower", "-20 faster")
            print(f"| {wl} | {kernel} | {ci} | {shown(v, resolved)} |")
    print("\nWhat the calls cost beyond the build (the after kernel's -20 / 0 over the before "
          "kernel's, per round: a build difference that slows both levels alike cancels; "
          "above 1 is what the key-on paths of the after kernel add):\n")
    print("| workload | (after -20/0) / (before -20/0) | verdict |")
    print("|---|---|---|")
    for wl in workloads:
        quads = [(mean[(wl, "after", "-20", r)] / mean[(wl, "after", "0", r)],
                  mean[(wl, "before", "-20", r)] / mean[(wl, "before", "0", r)])
                 for r in rounds
                 if all((wl, k, lv, r) in mean for k in ("after", "before") for lv in LEVELS)
                 and mean[(wl, "after", "0", r)] and mean[(wl, "before", "0", r)]]
        ci, v, resolved = ci_of(quads, "the calls cost", "the calls save")
        print(f"| {wl} | {ci} | {shown(v, resolved)} |")

if __name__ == "__main__":
    main()
