#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""diag-boots-report.py DIR...: make diagnose's runs over several boots, a boot each DIR.

Each DIR is a diagnose.sh OUTDIR (its diag-MODE.txt files, the guest's "LN-DIAG:" lines). Per
regime and way: the boots, the periods served (mean over the boots of served/expected) and the
wakeup p99 (the mean over the boots of each run's p99, "p99_us", from cyclictest's histogram;
100000 where it lies past the histogram). Then, for every way against the first of the ways
named in --base (default ln0), the ratios of those means with 95 % percentile intervals over
the boots, resampled together (paired: every way ran in every boot), 20000 seeded resamples.
Writes Markdown to stdout.
"""

import glob
import os
import sys

import numpy as np

B = 20000


def load(dirs):
    """{(regime, way): {boot: [(served_frac, p99)]}}"""
    out = {}
    for b, d in enumerate(dirs):
        for path in sorted(glob.glob(os.path.join(d, "diag-*.txt"))):
            with open(path, errors="replace") as f:
                for line in f:
                    if not line.startswith("LN-DIAG: regime="):
                        continue
                    kv = dict(t.split("=", 1) for t in line.split()[1:] if "=" in t)
                    if "p99_us" not in kv:
                        continue
                    # A run whose summary line was not read has no served count: its p99 counts.
                    frac = int(kv["served"]) / int(kv["expected"]) if kv.get("served") else None
                    out.setdefault((kv["regime"], kv["way"]), {}).setdefault(b, []).append(
                        (frac, int(kv["p99_us"])))
    return out


def per_boot(cell):
    """{boot: (served fraction or nan, p99)}: the means of the boot's runs."""
    def mean(xs):
        xs = [x for x in xs if x is not None]
        return float(np.mean(xs)) if xs else float("nan")
    return {b: (mean([r[0] for r in v]), mean([r[1] for r in v])) for b, v in cell.items()}


def main(argv):
    base = "ln0"
    if len(argv) > 2 and argv[1] == "--base":
        base, argv = argv[2], [argv[0]] + argv[3:]
    dirs = argv[1:]
    if not dirs:
        print("usage: diag-boots-report.py [--base WAY] DIR...", file=sys.stderr)
        return 2
    data = load(dirs)
    rng = np.random.default_rng(55)
    print(f"# make diagnose over {len(dirs)} boots\n")
    for regime in sorted({r for r, _ in data}):
        ways = [w for r, w in data if r == regime]
        print(f"## {regime}\n")
        print("| way | boots (with served) | served | p99 µs (mean of the boots') |")
        print("|---|---|---|---|")
        pb = {w: per_boot(data[(regime, w)]) for w in ways}
        for w in ways:
            v = pb[w]
            sv = [x[0] for x in v.values() if not np.isnan(x[0])]
            print(f"| {w} | {len(v)} ({len(sv)}) | {np.mean(sv) if sv else float('nan'):.4f} |"
                  f" {np.mean([x[1] for x in v.values()]):.0f} |")
        print()
        if base not in pb:
            continue
        print(f"| ratio to {base} (paired) | boots (with served) | p99 (95 %) | served (95 %) |")
        print("|---|---|---|---|")
        for w in ways:
            if w == base:
                continue
            boots = sorted(set(pb[w]) & set(pb[base]))
            if not boots:
                continue
            a = np.array([pb[w][b] for b in boots])
            z = np.array([pb[base][b] for b in boots])
            # Served over the boots where both ways have it.
            ok = ~np.isnan(a[:, 0]) & ~np.isnan(z[:, 0])
            sa, sz = a[ok, 0], z[ok, 0]
            pr, sr = [], []
            for _ in range(B):
                i = rng.integers(0, len(boots), len(boots))
                pr.append(a[i, 1].mean() / z[i, 1].mean())
                if len(sa):
                    j = rng.integers(0, len(sa), len(sa))
                    sr.append(sa[j].mean() / sz[j].mean())
            q = lambda x: (np.percentile(x, 2.5), np.percentile(x, 97.5))
            plo, phi = q(pr)
            served = "–"
            if len(sa):
                slo, shi = q(sr)
                served = f"{sa.mean() / sz.mean():.4f} ({slo:.4f}…{shi:.4f})"
            print(f"| {w} / {base} | {len(boots)} ({len(sa)}) |"
                  f" {a[:, 1].mean() / z[:, 1].mean():.3f} ({plo:.3f}…{phi:.3f}) | {served} |")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
