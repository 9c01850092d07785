#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""yield-report.py RESDIR: what a background at 19 does to a default cyclictest (issue 55).

RESDIR is a make bench run (raw/ as bench.sh leaves it, or a committed run's raw.tar.xz
unpacked) whose matrix ran cyclictest-seed and cyclictest-light with the foreground at 0 and
the background at 19 and at 0: the series' latency_nice column (ln) and the base kernel's
(base: nothing set; slice: the background with mainline's 100 ms custom slice). Writes a
Markdown report to stdout: per cell the periods served (mean of the runs) and the wakeup p99
of the pooled samples (virtual µs), then the ratios the issue's targets read, each with a 95 %
percentile interval over the boots (20000 seeded resamples): a boot is the unit, one run of each
cell a boot. Where both cells ran in the same boots (ln at 19 against ln at 0, one kernel), the
boots are resampled together (paired); across kernels each kernel's boots are resampled on
their own. Reads bench-report.py's parser (load()), so the samples are the report's.
"""

import importlib.util
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_report", os.path.join(HERE, "bench-report.py"))
br = importlib.util.module_from_spec(spec)
spec.loader.exec_module(br)

B = 20000
WORKLOADS = ("cyclictest-seed", "cyclictest-light")
# (label, kernel, variant, fg, bg)
CELLS = (
    ("series, background at 19", "series", "ln", "0", "19"),
    ("series, background at 0", "series", "ln", "0", "0"),
    ("base, background with a 100 ms slice", "base", "slice", "0", "19"),
    ("base, nothing set", "base", "base", "0", "0"),
)


def cell_runs(runs, wl, kernel, variant, fg, bg):
    """The cell's runs by repeat (= boot), each as (samples, served fraction)."""
    out = {}
    for r in runs:
        if (r["workload"], r["kernel"], r["variant"], r["fg"], r["bg"]) != (wl, kernel, variant, fg, bg):
            continue
        s = np.asarray(r["samples"]["wakeup_us"], dtype=np.int64)
        exp = r["figures"].get("expected_periods") or len(s)
        out[r["rep"]] = (s, len(s) / exp)
    return out


def cell_bg(runs, wl, kernel, variant, fg, bg, key="bg_cpu_ms"):
    """The background's CPU time (ms) while the foreground ran (or with key="idle_ms" the CPUs'
    idle time meanwhile), by repeat, where recorded."""
    return {r["rep"]: r["figures"][key] for r in runs
            if (r["workload"], r["kernel"], r["variant"], r["fg"], r["bg"]) == (wl, kernel, variant, fg, bg)
            and key in r["figures"]}


def bg_ratio(a, b, rng):
    """mean(a)/mean(b) of two cells' background CPU times over the boots both have, and its
    95 % percentile interval, the boots resampled together (paired)."""
    reps = sorted(set(a) & set(b))
    va = np.asarray([a[r] for r in reps], dtype=float)
    vb = np.asarray([b[r] for r in reps], dtype=float)
    rs = []
    for _ in range(B):
        i = rng.integers(0, len(reps), len(reps))
        m = vb[i].mean()
        rs.append(va[i].mean() / m if m else np.inf)
    return (va.mean() / vb.mean() if vb.mean() else np.inf, len(reps),
            float(np.percentile(rs, 2.5)), float(np.percentile(rs, 97.5)))


def p99(arrays):
    """The p99 of the pooled samples, the nearest rank as bench-report.py's pct() takes it."""
    pooled = np.concatenate(arrays)
    k = br.rank_of(99, len(pooled)) - 1
    return float(np.partition(pooled, k)[k])


def stats(cell):
    reps = sorted(cell)
    return p99([cell[r][0] for r in reps]), float(np.mean([cell[r][1] for r in reps])), len(reps)


def boot_ratio(a, b, paired, rng):
    """Resampled p99(a)/p99(b) and served(a)/served(b): 95 % percentile intervals."""
    ra, rb = sorted(a), sorted(b)
    if paired:
        ra = rb = sorted(set(ra) & set(rb))
    pr, sr = [], []
    for _ in range(B):
        ia = rng.integers(0, len(ra), len(ra))
        ib = ia if paired else rng.integers(0, len(rb), len(rb))
        pa = p99([a[ra[i]][0] for i in ia])
        pb = p99([b[rb[i]][0] for i in ib])
        sa = np.mean([a[ra[i]][1] for i in ia])
        sb = np.mean([b[rb[i]][1] for i in ib])
        pr.append(pa / pb if pb else np.inf)
        sr.append(sa / sb if sb else np.inf)
    q = lambda v: (float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5)))
    return q(pr), q(sr)


def main():
    if len(sys.argv) != 2:
        print("usage: yield-report.py RESDIR", file=sys.stderr)
        return 2
    runs, problems, _, _ = br.load(sys.argv[1])
    rng = np.random.default_rng(55)
    print("# A background at 19 next to a default cyclictest (issue 55)\n")
    print(f"{len(runs)} runs{', problems: ' + '; '.join(problems) if problems else ''}.\n")
    for wl in WORKLOADS:
        cells = {c[0]: cell_runs(runs, wl, *c[1:]) for c in CELLS}
        print(f"## {wl}\n")
        print("| cell | boots | served | wakeup p99 virtual µs |")
        print("|---|---|---|---|")
        for label, cell in cells.items():
            if cell:
                p, s, n = stats(cell)
                print(f"| {label} | {n} | {s:.3f} | {p:.0f} |")
        print()
        print("| comparison | p99 ratio (95 %) | served ratio (95 %) |")
        print("|---|---|---|")
        for a, b, paired in (
            ("series, background at 19", "series, background at 0", True),
            ("series, background at 19", "base, background with a 100 ms slice", False),
            ("series, background at 19", "base, nothing set", False),
            ("base, background with a 100 ms slice", "base, nothing set", False),
            ("series, background at 0", "base, nothing set", False),
        ):
            if not cells[a] or not cells[b]:
                continue
            (pa, pb) = stats(cells[a])[0], stats(cells[b])[0]
            (sa, sb) = stats(cells[a])[1], stats(cells[b])[1]
            (plo, phi), (slo, shi) = boot_ratio(cells[a], cells[b], paired, rng)
            print(f"| {a} / {b}{' (paired)' if paired else ''} | {pa / pb:.3f} ({plo:.3f}…{phi:.3f})"
                  f" | {sa / sb:.4f} ({slo:.4f}…{shi:.4f}) |")
        print()
        # What the background got while the foreground ran (guest/bench.sh's "# bg_cpu_ms";
        # runs before it have none): at 19 against at 0, the series' boots paired.
        bgs = {c[0]: cell_bg(runs, wl, *c[1:]) for c in CELLS}
        a, b = "series, background at 19", "series, background at 0"
        if set(bgs[a]) & set(bgs[b]):
            r, n, lo, hi = bg_ratio(bgs[a], bgs[b], rng)
            idles = {c[0]: cell_bg(runs, wl, *c[1:], key="idle_ms") for c in CELLS}
            if any(idles.values()):
                print("| background CPU time while the foreground ran | boots | mean ms a run"
                      " | CPUs idle meanwhile, mean ms a run |")
                print("|---|---|---|---|")
            else:
                print("| background CPU time while the foreground ran | boots | mean ms a run |")
                print("|---|---|---|")
            for label, v in bgs.items():
                if not v:
                    continue
                idle = idles[label]
                tail = f" {np.mean(list(idle.values())):.0f} |" if idle else (" – |" if any(idles.values()) else "")
                print(f"| {label} | {len(v)} | {np.mean(list(v.values())):.0f} |{tail}")
            print()
            print(f"Background CPU time, {a} / {b} (paired, {n} boots): {r:.4f} ({lo:.4f}…{hi:.4f}).\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
