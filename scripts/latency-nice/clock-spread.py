#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""How much a boot varies under each clock, and how many boots each needs to resolve a
difference: the base kernel's default cells of make bench runs (their summary.csv, one run
of a judged cell per boot in PROFILE=full), side by side.

For each cell, the per-boot values (of the base kernel's boots, and of the A/A control's
where the run has one) of its metric (pipe: µs per round trip; hackbench:
seconds; cyclictest: the wakeup p99 of the run, µs), their coefficient of variation across
boots, and the boots per kernel a two-sided test at α = 0.05 with 80 % power needs to resolve
a difference δ between two kernels with that spread: n = 2·((z₀.₉₇₅ + z₀.₈)·CV/δ)², rounded
up (δ = 2 % for throughput, 10 % for a p99, the issue's yardsticks). A boot-level CV is the
test bed's property under that clock, not a kernel's.

usage: clock-spread.py LABEL=RUN_DIR [LABEL=RUN_DIR ...]
"""
import csv
import math
import os
import statistics
import sys

# (workload, fg, bg, metric, δ, what)
CELLS = [
    ("pipe", "0", "-", "usecs_per_op", 0.02, "pipe, µs per round trip"),
    ("pipe-pinned", "0", "-", "usecs_per_op", 0.02, "pipe pinned to one CPU, µs per round trip"),
    ("hackbench", "0", "-", "time_s", 0.02, "hackbench, s"),
    ("cyclictest-hackbench", "0", "0", "wakeup_us.p99", 0.10, "overload, wakeup p99"),
    ("cyclictest-seed", "0", "0", "wakeup_us.p99", 0.10, "seed-scaled, wakeup p99"),
    ("cyclictest-light", "0", "0", "wakeup_us.p99", 0.10, "light, wakeup p99"),
    ("cyclictest-systemd", "0", "0", "wakeup_us.p99", 0.10, "systemd tree, wakeup p99"),
]
Z = 1.959964 + 0.841621


def boots_needed(cv, delta):
    return max(2, math.ceil(2 * (Z * cv / delta) ** 2 - 1e-9))


def per_boot(path, kernel="base", variant="base"):
    vals = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["topology"] != "flat" or row["kernel"] != kernel or row["variant"] != variant:
                continue
            for wl, fg, bg, metric, _, _ in CELLS:
                if (row["workload"], row["fg"], row["bg"], row["metric"]) == (wl, fg, bg, metric):
                    vals.setdefault(wl, []).append(float(row["value"]))
    return vals


def clock_of(run):
    try:
        with open(os.path.join(run, "host.txt")) as f:
            for line in f:
                if line.startswith("clock="):
                    return line.strip().split("=", 1)[1]
    except OSError:
        pass
    return "wall"


def main(args):
    if not args or any("=" not in a for a in args):
        print("usage: clock-spread.py LABEL=RUN_DIR [LABEL=RUN_DIR ...]", file=sys.stderr)
        return 2
    runs = []
    for a in args:
        label, run = a.split("=", 1)
        summary = os.path.join(run, "summary.csv")
        if not os.path.isfile(summary):
            print(f"clock-spread: {summary}: no such file", file=sys.stderr)
            return 1
        runs.append((label, clock_of(run), per_boot(summary)))
        # The A/A control's boots (the base image booted as a kernel of its own: its aa
        # column), where the run has them: a second look at the same image.
        control = per_boot(summary, "control", "aa")
        if control:
            runs.append((f"{label}, control", clock_of(run), control))
    print("| cell | run (clock) | boots | mean | CV across boots | boots a kernel to resolve δ |")
    print("|---|---|---|---|---|---|")
    for wl, _, _, _, delta, what in CELLS:
        for label, clock, vals in runs:
            v = vals.get(wl, [])
            if len(v) < 2:
                continue
            mean = statistics.mean(v)
            cv = statistics.stdev(v) / mean if mean else float("nan")
            print(f"| {what} | {label} ({clock}) | {len(v)} | {mean:.4g} | {100 * cv:.2f} % | "
                  f"{boots_needed(cv, delta)} for {100 * delta:.0f} % |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
