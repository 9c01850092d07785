#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""diag-boots-report.py DIR...: make diagnose's runs over several boots, a boot each DIR.

Each DIR is a diagnose.sh OUTDIR (its diag-MODE.txt files, the guest's "LN-DIAG:" lines). Per
regime and way: the boots, the periods served (mean over the boots of served/expected) and the
wakeup p99 (the mean over the boots of each run's p99, "p99_us", from cyclictest's histogram;
100000 where it lies past the histogram). Then, for every way against the first of the ways
named in --base (default ln0), the ratios of those means with 95 % percentile intervals over
the boots, resampled together (paired: every way ran in every boot), 20000 seeded resamples.
"CPU µs / period" is the measuring thread's CPU time (cpu_us) over the periods it served,
the mean over the runs that have both: what the guest charged it per wakeup. "load's CPU
time" and "idle" are the hackbench processes' run time and the CPUs' idle time over the run's
window (bg_cpu_ms, idle_ms over window_ms), in CPUs, the mean over the runs. Where the DIRs
hold trace-MODE.txt (a trace pass, DIAG_TRACE), a last table gives, per way, the means over
the runs of diag-waits.awk's split of the timed wakeups: the p99 of the timer's lateness
(interrupt delivery), of the wait from the wakeup to running (the scheduler), and of their sum.
The *time regimes' lines (seedtime, lighttime; hb_s: the background's hackbench time next to
the foreground) get a table each first: per way the mean over the boots and the paired ratio to the base.
Writes Markdown to stdout.
"""

import glob
import os
import sys

import numpy as np

B = 20000


def records(dirs, pattern, start):
    """(boot, {key: value}) for every line starting with START in each DIR's PATTERN files."""
    for b, d in enumerate(dirs):
        for path in sorted(glob.glob(os.path.join(d, pattern))):
            with open(path, errors="replace") as f:
                for line in f:
                    if line.startswith(start):
                        yield b, dict(t.split("=", 1) for t in line.split()[1:] if "=" in t)


def load_cpu(dirs):
    """({(regime, way): [cpu_us / served]} over the runs that have both,
    {(regime, way): [(load CPUs, idle CPUs)]} over the runs with bg_cpu_ms and window_ms)."""
    out, load = {}, {}
    for _, kv in records(dirs, "diag-*.txt", "LN-DIAG: regime="):
        if kv.get("served") and int(kv["served"]) > 0 and "cpu_us" in kv:
            out.setdefault((kv["regime"], kv["way"]), []).append(
                int(kv["cpu_us"]) / int(kv["served"]))
        if kv.get("window_ms", "0").isdigit() and int(kv.get("window_ms", "0")) > 0:
            w = int(kv["window_ms"])
            load.setdefault((kv["regime"], kv["way"]), []).append(
                (int(kv["bg_cpu_ms"]) / w, int(kv["idle_ms"]) / w))
    return out, load


def load_timer(dirs):
    """{(regime, way): [(late_p99, wait_p99, sum_p99)]} from the trace passes."""
    out = {}
    for _, kv in records(dirs, "trace-*.txt", "LN-DIAGTRACE:"):
        if kv.get("kind") == "timer":
            out.setdefault((kv["regime"], kv["way"]), []).append(
                (int(kv["late_p99_us"]), int(kv["wait_p99_us"]), int(kv["sum_p99_us"])))
    return out


def load_hb(dirs):
    """{regime: {way: {boot: [hb_s]}}}: the *time regimes' hackbench times."""
    out = {}
    for b, kv in records(dirs, "diag-*.txt", "LN-DIAG: regime="):
        try:
            if kv["regime"].endswith("time"):
                out.setdefault(kv["regime"], {}).setdefault(kv["way"], {}).setdefault(
                    b, []).append(float(kv["hb_s"]))
        except (KeyError, ValueError):
            pass
    return out


def hb_table(regime, hb, base, rng):
    """The background's hackbench time per way, and paired ratios to base over the boots."""
    print(f"## {regime} (what the background pays)\n")
    print(f"| way | boots | hackbench s (mean of the boots') | ratio to {base} (paired, 95 %) |")
    print("|---|---|---|---|")
    for w, v in hb.items():
        m = {b: float(np.mean(x)) for b, x in v.items()}
        ratio = "–"
        if w != base and base in hb:
            z = {b: float(np.mean(x)) for b, x in hb[base].items()}
            boots = sorted(set(m) & set(z))
            if boots:
                a = np.array([m[b] for b in boots])
                c = np.array([z[b] for b in boots])
                rs = []
                for _ in range(B):
                    i = rng.integers(0, len(boots), len(boots))
                    rs.append(a[i].mean() / c[i].mean())
                ratio = (f"{a.mean() / c.mean():.4f} ({np.percentile(rs, 2.5):.4f}…"
                         f"{np.percentile(rs, 97.5):.4f})")
        print(f"| {w} | {len(m)} | {np.mean(list(m.values())):.3f} | {ratio} |")
    print()


def load(dirs):
    """{(regime, way): {boot: [(served_frac, p99)]}}"""
    out = {}
    for b, kv in records(dirs, "diag-*.txt", "LN-DIAG: regime="):
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
    cpu, bgload = load_cpu(dirs)
    timer = load_timer(dirs)
    rng = np.random.default_rng(55)
    print(f"# make diagnose over {len(dirs)} boots\n")
    for regime, hb in sorted(load_hb(dirs).items()):
        hb_table(regime, hb, base, rng)
    for regime in sorted({r for r, _ in data}):
        ways = [w for r, w in data if r == regime]
        print(f"## {regime}\n")
        print("| way | boots (with served) | served | p99 µs (mean of the boots') |"
              " CPU µs / period | load's CPU time, CPUs | idle, CPUs |")
        print("|---|---|---|---|---|---|---|")
        pb = {w: per_boot(data[(regime, w)]) for w in ways}
        for w in ways:
            v = pb[w]
            sv = [x[0] for x in v.values() if not np.isnan(x[0])]
            c = cpu.get((regime, w))
            print(f"| {w} | {len(v)} ({len(sv)}) | {np.mean(sv) if sv else float('nan'):.4f} |"
                  f" {np.mean([x[1] for x in v.values()]):.0f} |"
                  f" {f'{np.mean(c):.0f}' if c else '–'} |"
                  f" {f'{np.mean([x[0] for x in g]):.3f}' if (g := bgload.get((regime, w))) else '–'} |"
                  f" {f'{np.mean([x[1] for x in g]):.3f}' if g else '–'} |")
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
        tw = [w for w in ways if (regime, w) in timer]
        if tw:
            print("| way (trace pass) | runs | timer late p99 µs | wakeup-to-run p99 µs |"
                  " sum p99 µs |")
            print("|---|---|---|---|---|")
            for w in tw:
                t = np.array(timer[(regime, w)], dtype=float)
                print(f"| {w} | {len(t)} | {t[:, 0].mean():.0f} | {t[:, 1].mean():.0f} |"
                      f" {t[:, 2].mean():.0f} |")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
