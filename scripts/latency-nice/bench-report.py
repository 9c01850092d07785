#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make bench: turn the raw outputs of the guests into data, tables and plots.

usage: bench-report.py RESULTS_DIR [--check]

RESULTS_DIR is what scripts/latency-nice/bench.sh wrote: raw/<topology>-<kernel>/ (the
guest's index.tsv, meta.txt and one output per run), host.txt, config-*, base-version.
Writes, into RESULTS_DIR:
  results.json  every run with every sample (cyclictest wakeups, schbench wakeup/request
                latencies) and the figures parsed from each tool's output
  results.csv   the same, one row per sample or figure (long format)
  summary.csv   per run: its figures and the statistics (n/min/avg/p50/.../max) of its samples
  report.md     the tables, "base  latency_nice (pct)  custom slice (pct)", and the targets
  plots/*.png   latency percentiles, histograms, throughput
--check: fail (exit 1) unless every cell of the matrix produced data on every boot; no
performance figure is judged. The CI smoke run of make test uses it.
"""

import csv
import json
import math
import os
import re
import statistics
import sys

# The matrix, as scripts/latency-nice/guest/bench.sh runs it: workload -> (fg, bg) cells.
# Values are latency_nice levels; "-" is "no background".
CELLS = {
    "cyclictest-idle": [("0", "-"), ("-20", "-")],
    "schbench-idle": [("0", "-"), ("-20", "-")],
    "hackbench": [("0", "-"), ("19", "-"), ("-20", "-")],
    "messaging": [("0", "-"), ("19", "-"), ("-20", "-")],
    "pipe": [("0", "-"), ("19", "-"), ("-20", "-")],
    "cyclictest-hackbench": [(fg, bg) for bg in ("19", "0", "-20") for fg in ("19", "0", "-20")],
    "schbench-hackbench": [("0", "0"), ("0", "19"), ("-20", "0")],
    "two-hogs": [("0", "0"), ("-20", "19")],
    "cyclictest-hog": [("0", "0"), ("-20", "0")],
    "fifo-burst": [("0", "-"), ("-20", "-")],
}
SLICE_OF = {"-20": 100_000, "19": 100_000_000}
# Cells the series also runs with LATENCY_PREEMPT and LATENCY_PICK off (bench.sh feats_off).
FEATS_OFF = {("hackbench", "19", "-"), ("cyclictest-hackbench", "-20", "0"),
             ("cyclictest-hackbench", "0", "19"), ("schbench-hackbench", "0", "19"),
             ("schbench-hackbench", "-20", "0"), ("two-hogs", "-20", "19"),
             ("cyclictest-hog", "-20", "0"), ("fifo-burst", "-20", "-")}
VARIANT_TITLE = {"base": "base 7.2", "ln": "latency_nice", "slice": "custom slice",
                 "nofeat": "latency_nice, feats off"}


def is_default(level):
    return level in ("0", "-")


def default_cell(wl):
    """The cell of a workload where nothing is set: the base column of all its rows."""
    return next(c for c in CELLS[wl] if is_default(c[0]) and is_default(c[1]))


def expected_runs(kernel):
    """(workload, fg, bg, variant) a boot of this kernel must produce."""
    out = set()
    for wl, cells in CELLS.items():
        for fg, bg in cells:
            if kernel == "series":
                out.add((wl, fg, bg, "ln"))
                if (wl, fg, bg) in FEATS_OFF:
                    out.add((wl, fg, bg, "nofeat"))
                continue
            if is_default(fg) and is_default(bg):
                out.add((wl, fg, bg, "base"))
            if fg in SLICE_OF or bg in SLICE_OF:
                out.add((wl, fg, bg, "slice"))
    return out


# ---------------------------------------------------------------- parsing

CYC_SAMPLE = re.compile(r"^\s*\d+:\s*\d+:\s*(\d+)\s*$")
HB_TIME = re.compile(r"^Time:\s*([0-9.]+)")
PERF_TIME = re.compile(r"Total time:\s*([0-9.]+)\s*\[sec\]")
PERF_USOP = re.compile(r"([0-9.]+)\s*usecs/op")
SCHED_KV = re.compile(r"^([A-Za-z_.]+)\s*:\s*(-?[0-9.]+)\s*$")
FIFO_BURST = re.compile(r"^bursts (\d+) matched (\d+) first (\d+) avg_delay_us (\d+) max_delay_us (\d+)$")


def parse_run(wl, path):
    """Figures and samples of one run's output, or None if it has no data."""
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return None
    if wl.startswith("cyclictest"):
        lat = [int(m.group(1)) for m in map(CYC_SAMPLE.match, text.splitlines()) if m]
        if not lat:
            return None
        return {"samples": {"wakeup_us": lat}}
    if wl == "hackbench":
        m = [HB_TIME.match(line) for line in text.splitlines()]
        t = [float(x.group(1)) for x in m if x]
        return {"figures": {"time_s": t[-1]}} if t else None
    if wl in ("messaging", "pipe"):
        t = PERF_TIME.search(text)
        if not t:
            return None
        fig = {"time_s": float(t.group(1))}
        u = PERF_USOP.search(text)
        if u:
            fig["usecs_per_op"] = float(u.group(1))
        return {"figures": fig}
    if wl.startswith("schbench"):
        js = [line for line in text.splitlines() if line.startswith("{")]
        if not js:
            return None
        summary = json.loads(js[-1])
        fig = {"rps": summary["rps"], "requests": summary["requests"]}
        samples = {"wakeup_us": [], "request_us": []}
        spath = path[: -len(".txt")] + ".samples"
        if os.path.exists(spath):
            for line in open(spath):
                w, r = line.split()
                samples["wakeup_us"].append(int(w))
                samples["request_us"].append(int(r))
        if not samples["wakeup_us"]:
            return None
        return {"figures": fig, "samples": samples}
    if wl == "two-hogs":
        hogs, cur = {}, None
        for line in text.splitlines():
            if line.startswith("== hog "):
                cur = hogs.setdefault(line.split()[2], {})
                continue
            m = SCHED_KV.match(line)
            if m and cur is not None:
                cur[m.group(1)] = float(m.group(2))
        fig = {}
        for who, kv in hogs.items():
            # 7.2 prints the schedstats bare ("wait_max"); older kernels prefixed them.
            n = kv.get("wait_count", kv.get("se.statistics.wait_count"))
            wsum = kv.get("wait_sum", kv.get("se.statistics.wait_sum"))
            wmax = kv.get("wait_max", kv.get("se.statistics.wait_max"))
            if n is None or wsum is None or wmax is None:
                continue
            fig[f"{who}_runtime_ms"] = kv.get("se.sum_exec_runtime", 0.0)
            fig[f"{who}_switches"] = kv.get("nr_switches", 0.0)
            fig[f"{who}_avg_delay_ms"] = wsum / n if n else 0.0
            fig[f"{who}_max_delay_ms"] = wmax
        return {"figures": fig} if len(fig) == 8 else None
    if wl == "fifo-burst":
        m = [FIFO_BURST.match(line) for line in text.splitlines()]
        m = [x for x in m if x]
        if not m:
            return None
        bursts, matched, first, avg, mx = (int(v) for v in m[-1].groups())
        if not matched:
            return None
        return {"figures": {"bursts": bursts, "matched": matched,
                            "first_permille": first * 1000 / matched,
                            "avg_delay_us": avg, "max_delay_us": mx}}
    return None


def load(resdir):
    runs, problems, meta = [], [], {}
    rawdir = os.path.join(resdir, "raw")
    tags = sorted(os.listdir(rawdir)) if os.path.isdir(rawdir) else []
    for tag in tags:
        topo, kernel = tag.rsplit("-", 1)
        d = os.path.join(rawdir, tag)
        idx = os.path.join(d, "index.tsv")
        if not os.path.exists(idx):
            problems.append(f"{tag}: no index.tsv (the guest wrote no results)")
            continue
        m = {}
        if os.path.exists(os.path.join(d, "meta.txt")):
            for line in open(os.path.join(d, "meta.txt")):
                k, _, v = line.rstrip("\n").partition("=")
                m[k] = v
        meta[tag] = m
        seen = set()
        with open(idx) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                key = (row["workload"], row["fg"], row["bg"], row["variant"])
                seen.add(key)
                parsed = parse_run(row["workload"], os.path.join(d, row["file"]))
                where = f"{tag} {row['workload']} fg={row['fg']} bg={row['bg']} {row['variant']} rep {row['rep']}"
                if row["rc"] != "0":
                    problems.append(f"{where}: exit {row['rc']}")
                if parsed is None:
                    problems.append(f"{where}: no data in {row['file']}")
                    continue
                runs.append({
                    "topology": topo, "kernel": kernel, "variant": row["variant"],
                    "workload": row["workload"], "fg": row["fg"], "bg": row["bg"],
                    "rep": int(row["rep"]), "seconds": int(row["seconds"]),
                    "figures": parsed.get("figures", {}), "samples": parsed.get("samples", {}),
                })
        for miss in sorted(expected_runs(kernel) - seen):
            problems.append(f"{tag}: cell {miss} never ran")
        for extra in sorted(seen - expected_runs(kernel)):
            problems.append(f"{tag}: unexpected cell {extra} (matrix out of step with bench.sh)")
    return runs, problems, meta, tags


# ---------------------------------------------------------------- statistics

def pct(sorted_vals, p):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_vals:
        return float("nan")
    k = max(0, math.ceil(p / 100.0 * len(sorted_vals)) - 1)
    return sorted_vals[min(k, len(sorted_vals) - 1)]


def lat_stats(vals):
    s = sorted(vals)
    return {
        "n": len(s), "min": s[0], "avg": sum(s) / len(s), "p50": pct(s, 50), "p90": pct(s, 90),
        "p99": pct(s, 99), "p99.9": pct(s, 99.9), "max": s[-1],
    }


def per_rep(runs, fn):
    """fn(run) for each run (repeat) that gives a number."""
    return [v for v in (fn(r) for r in runs) if v is not None and not math.isnan(v)]


def mean_sd(vals):
    if not vals:
        return None, None
    return statistics.fmean(vals), (statistics.stdev(vals) if len(vals) > 1 else 0.0)


def fmt(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    a = abs(v)
    if a >= 1000:
        return f"{v:.0f}"
    if a >= 100:
        return f"{v:.1f}"
    if a >= 1:
        return f"{v:.2f}"
    return f"{v:.3f}"


def cell_str(vals, base=None):
    m, sd = mean_sd(vals)
    if m is None:
        return "–"
    s = f"{fmt(m)} ±{fmt(sd)}" if len(vals) > 1 else fmt(m)
    if base is not None and base != 0:
        s += f" ({(m - base) / base * 100:+.1f}%)"
    return s


# ---------------------------------------------------------------- report

class Data:
    def __init__(self, runs):
        self.runs = runs

    def select(self, topo, wl, variant, fg, bg):
        return [r for r in self.runs if r["topology"] == topo and r["workload"] == wl
                and r["variant"] == variant and r["fg"] == fg and r["bg"] == bg]

    def columns(self, topo, wl, fg, bg):
        """Runs of the columns of a row: base (the default cell), ln, slice, and ln with the
        feats off (None where the row has no such cell)."""
        base = self.select(topo, wl, "base", *default_cell(wl))
        ln = self.select(topo, wl, "ln", fg, bg)
        slc = self.select(topo, wl, "slice", fg, bg) if (fg in SLICE_OF or bg in SLICE_OF) else None
        nofeat = self.select(topo, wl, "nofeat", fg, bg) if (wl, fg, bg) in FEATS_OFF else None
        return base, ln, slc, nofeat


def metric_row(label, cols, fn):
    base, ln, slc, nofeat = cols
    bvals = per_rep(base, fn)
    bmean = mean_sd(bvals)[0]
    out = [label, cell_str(bvals), cell_str(per_rep(ln, fn), bmean)]
    out.append("= base" if slc is None else cell_str(per_rep(slc, fn), bmean))
    out.append("" if nofeat is None else cell_str(per_rep(nofeat, fn), bmean))
    return out


def table(head, rows):
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def lvl(x):
    return "default" if x in ("0", "-") else x


# lat_stats() of each sample list, by identity: the tables, targets and plots ask the same
# run for several statistics, and each lat_stats() sorts the whole list. The entry keeps the
# list alive, so its id() cannot be reused by another list.
_STATS = {}


def run_stats(samples):
    hit = _STATS.get(id(samples))
    if hit is None or hit[0] is not samples:
        hit = _STATS[id(samples)] = (samples, lat_stats(samples))
    return hit[1]


def lat_fn(key, stat):
    def fn(r):
        s = r["samples"].get(key)
        return run_stats(s)[stat] if s else None
    return fn


def fig_fn(key):
    return lambda r: r["figures"].get(key)


def cyclictest_rows(d, topo, wl, load="hackbench"):
    """n/min/avg/p99/max of every cell of a cyclictest workload; LOAD names its background."""
    rows = []
    for fg, bg in CELLS[wl]:
        cols = d.columns(topo, wl, fg, bg)
        lab = f"LN {lvl(fg)}" if bg == "-" else f"{load} {lvl(bg)}, cyclictest {lvl(fg)}:"
        for st in ("n", "min", "avg", "p99", "max"):
            rows.append(metric_row(f"{lab} {st}", cols, lat_fn("wakeup_us", st)))
    return rows


def read_line(resdir, name):
    """The first line of RESULTS_DIR/name, "?" if there is none."""
    try:
        with open(os.path.join(resdir, name)) as f:
            return f.readline().strip() or "?"
    except OSError:
        return "?"


def report(resdir, runs, meta, tags, problems):
    d = Data(runs)
    host = {}
    if os.path.exists(os.path.join(resdir, "host.txt")):
        for line in open(os.path.join(resdir, "host.txt")):
            k, _, v = line.rstrip("\n").partition("=")
            host[k] = v
    topos = sorted({r["topology"] for r in runs}, key=lambda t: (t != "flat", t))
    anymeta = next(iter(meta.values()), {})
    params = anymeta.get("D", "")  # meta.txt's "D=8 REPS=3 HB_G=..." line, after "D="
    col = ["", "base 7.2", "latency_nice (pct)", "custom slice (pct)", "latency_nice, feats off (pct)"]
    md = []
    md.append("# make bench report\n")
    md.append(f"Profile **{anymeta.get('profile', '?')}** (D={params}); base linux-source-7.2 "
              f"{read_line(resdir, 'base-version')}, series at `{read_line(resdir, 'series-commit')}`.\n")
    md.append("Cells read `mean ±sd` over the repeats (REPS above); a latency statistic is "
              "computed per repeat, then averaged. `(pct)` is the change against the base 7.2 "
              "column of the same row: **negative is better** for times and latencies, positive "
              "for rps. \"latency_nice\" = the series kernel with the level of the row; "
              "\"custom slice\" = the base kernel with mainline's custom slice where the row sets a "
              "level (−20 → 0.1 ms, 19 → 100 ms); \"= base\" where the row sets nothing; "
              "\"feats off\" = the series with `NO_LATENCY_PREEMPT` and `NO_LATENCY_PICK` (the "
              "request-size mapping alone), on the rows where latency_nice meets load. "
              "All three columns come from this one run of make bench.\n")
    md.append("## Setup\n")
    md.append(table(["", ""], [
        ["host", f"{host.get('host_cpu', '?')}, {host.get('host_cores', '?')} cores, {host.get('host_mem_gib', '?')} GiB"],
        ["QEMU", f"{host.get('qemu', '?')}; TCG (no KVM)"],
        ["flat", host.get("qemu_flat", "")],
        ["numa", host.get("qemu_numa", "")],
        ["guest kernel config", "tinyconfig + kvm_guest + latency_nice_qemu + latency_nice_bench: "
                                "HZ=250, PREEMPT_DYNAMIC (lazy), NO_HZ_FULL, SMT/CLUSTER/MC, NUMA + "
                                "NUMA_BALANCING, AUTOGROUP, CFS_BANDWIDTH, SCHEDSTATS (Debian's amd64 7.2 choices)"],
        ["tools", f"rt-tests {host.get('rt_tests', '?')} (cyclictest, hackbench), linux-perf "
                  f"{host.get('perf', '?')}, stress-ng {host.get('stress_ng', '?')}, schbench-rs (tools/sched)"],
        ["date", host.get("date", "?")],
    ]))
    md.append("")
    for tag in tags:
        m = meta.get(tag, {})
        md.append(f"- `{tag}`: {m.get('release', '?')}, {m.get('cpus', '?')} CPUs, preempt `{m.get('preempt', '?')}`, "
                  f"base_slice {m.get('base_slice_ns', '?')} ns, clocksource {m.get('clocksource', '?')}")
    md.append("")
    if problems:
        md.append("## Problems\n")
        md += [f"- {p}" for p in problems]
        md.append("")

    for topo in topos:
        md.append(f"## Topology `{topo}`\n")
        md.append("### Throughput (lower is better)\n")
        rows = []
        for wl, key, unit in (("hackbench", "time_s", "s"), ("messaging", "time_s", "s"),
                              ("pipe", "usecs_per_op", "µs/op")):
            for fg, bg in CELLS[wl]:
                rows.append(metric_row(f"{wl} LN {lvl(fg)} ({unit})", d.columns(topo, wl, fg, bg), fig_fn(key)))
        md.append(table(col, rows) + "\n")

        md.append("### cyclictest --policy other, idle VM (the floor; µs)\n")
        md.append(table(col, cyclictest_rows(d, topo, "cyclictest-idle")) + "\n")

        md.append("### cyclictest --policy other under hackbench: the 3×3 matrix of seed 000 (µs)\n")
        md.append("Rows: background hackbench level × cyclictest level. `n` = wakeups sampled in "
                  "the run (a starved cyclictest samples fewer).\n")
        md.append(table(col, cyclictest_rows(d, topo, "cyclictest-hackbench")) + "\n")

        for wl, title in (("schbench-idle", "schbench-rs alone"),
                          ("schbench-hackbench", "schbench-rs with hackbench in the background")):
            md.append(f"### {title} (-m 1 -t 2 -w 100 -s 5000; µs, rps)\n")
            rows = []
            for fg, bg in CELLS[wl]:
                cols = d.columns(topo, wl, fg, bg)
                lab = f"schbench {lvl(fg)}" + ("" if bg == "-" else f", hackbench {lvl(bg)}")
                for key, st in (("wakeup_us", "p50"), ("wakeup_us", "p90"), ("wakeup_us", "p99"),
                                ("wakeup_us", "p99.9"), ("request_us", "p50"), ("request_us", "p90"),
                                ("request_us", "p99"), ("request_us", "p99.9")):
                    rows.append(metric_row(f"{lab}: {key.split('_')[0]} {st}", cols, lat_fn(key, st)))
                rows.append(metric_row(f"{lab}: rps", cols, fig_fn("rps")))
            md.append(table(col, rows) + "\n")

        md.append("### Seed 004: two CPU hogs on one CPU (stress-ng --cpu 1 --taskset 0)\n")
        md.append("Pairs: both default; then hog A at −20 (0.1 ms slice) and hog B at 19 (100 ms). "
                  "Runtime, switches, average and maximum wait from schedstats.\n")
        rows = []
        for fg, bg in CELLS["two-hogs"]:
            cols = d.columns(topo, "two-hogs", fg, bg)
            for who, lab in (("fg", f"hog A ({lvl(fg)})"), ("bg", f"hog B ({lvl(bg)})")):
                for key in ("runtime_ms", "switches", "avg_delay_ms", "max_delay_ms"):
                    rows.append(metric_row(f"{lab} {key}", cols, fig_fn(f"{who}_{key}")))
        md.append(table(col, rows) + "\n")

        md.append("### cyclictest next to a CPU hog on its CPU (-i 1000, both pinned; µs)\n")
        md.append("The waker asks for the CPU every millisecond while the hog holds it: the wait "
                  "is the hog's protected slice unless the waker preempts (latency-offset "
                  "preemption at −20).\n")
        md.append(table(col, cyclictest_rows(d, topo, "cyclictest-hog", load="hog")) + "\n")

        md.append("### Who runs first after a SCHED_FIFO burst (latency_nice_fifo_burst)\n")
        md.append("A spinning probe, a CPU hog (default) and a SCHED_FIFO thread bursting 3 ms every "
                  "20 ms share one CPU. `first ‰`: bursts after which the probe got the CPU back "
                  "within 300 µs (the latency tree's job); waits in µs.\n")
        rows = []
        for fg, bg in CELLS["fifo-burst"]:
            cols = d.columns(topo, "fifo-burst", fg, bg)
            for key, lab in (("first_permille", "first ‰"), ("avg_delay_us", "avg wait"),
                             ("max_delay_us", "max wait"), ("matched", "bursts seen")):
                rows.append(metric_row(f"probe {lvl(fg)}: {lab}", cols, fig_fn(key)))
        md.append(table(col, rows) + "\n")

        md.append(f"![cyclictest p99 under hackbench, {topo}](plots/{topo}-cyclictest-hackbench-p99.png)\n")
        md.append(f"![wakeup latency percentiles, {topo}](plots/{topo}-percentiles.png)\n")
        md.append(f"![wakeup latency histograms, {topo}](plots/{topo}-histograms.png)\n")
        md.append(f"![schbench-rs, {topo}](plots/{topo}-schbench.png)\n")
        md.append(f"![throughput, {topo}](plots/{topo}-throughput.png)\n")

    md.append("## Targets (issue 5), from this run\n")
    md.append(table(["topology", "target", "figure", "met?"], targets(d, topos)) + "\n")
    md.append("## sched_feat defaults: LATENCY_PREEMPT + LATENCY_PICK on (default) vs off\n")
    md.append("Same kernel, same cell; `(pct)` is off against on (negative: off is lower).\n")
    md.append(table(["topology", "cell", "metric", "feats on", "feats off (pct)"], feat_rows(d, topos)) + "\n")
    return "\n".join(md)


# The figure that decides each feats-off cell.
FEAT_METRICS = {
    "hackbench": [("time s", fig_fn("time_s"))],
    "cyclictest-hackbench": [("avg µs", lat_fn("wakeup_us", "avg")), ("p99 µs", lat_fn("wakeup_us", "p99"))],
    "schbench-hackbench": [("wakeup p99 µs", lat_fn("wakeup_us", "p99")),
                           ("request p99 µs", lat_fn("request_us", "p99")), ("rps", fig_fn("rps"))],
    "two-hogs": [("hog A avg wait ms", fig_fn("fg_avg_delay_ms")), ("hog A max wait ms", fig_fn("fg_max_delay_ms")),
                 ("hog A switches", fig_fn("fg_switches"))],
    "cyclictest-hog": [("avg µs", lat_fn("wakeup_us", "avg")), ("p99 µs", lat_fn("wakeup_us", "p99"))],
    "fifo-burst": [("first ‰", fig_fn("first_permille")), ("avg wait µs", fig_fn("avg_delay_us"))],
}


def feat_rows(d, topos):
    rows = []
    for topo in topos:
        for wl, fg, bg in sorted(FEATS_OFF):
            on = d.select(topo, wl, "ln", fg, bg)
            off = d.select(topo, wl, "nofeat", fg, bg)
            cell = f"{wl} {lvl(fg)}" + ("" if bg == "-" else f" / bg {lvl(bg)}")
            for name, fn in FEAT_METRICS[wl]:
                onv = per_rep(on, fn)
                rows.append([topo, cell, name, cell_str(onv), cell_str(per_rep(off, fn), mean_sd(onv)[0])])
    return rows


def mean_of(runs, fn):
    return mean_sd(per_rep(runs, fn))[0]


def targets(d, topos):
    rows = []

    def verdict(ok):
        return "–" if ok is None else ("met" if ok else "missed")

    p99 = lat_fn("wakeup_us", "p99")
    for topo in topos:
        base, ln, slc, _ = d.columns(topo, "cyclictest-hackbench", "-20", "0")
        b, l = mean_of(base, p99), mean_of(ln, p99)
        best = [mean_of(d.select(topo, "cyclictest-hackbench", "slice", fg, "0"), p99) for fg in ("-20", "19")]
        best = min([x for x in best if x is not None], default=None)
        ok = None if None in (b, l) or not l else b / l >= 10
        rows.append([topo, "LN −20 cyclictest p99 under hackbench ≥ 10× lower than base",
                     f"{fmt(b)} → {fmt(l)} µs ({fmt(b / l) if b and l else '–'}×)", verdict(ok)])
        ok = None if None in (best, l) else l <= 0.5 * best
        rows.append([topo, "… and ≤ 0.5× the best custom slice",
                     f"{fmt(l)} vs {fmt(best)} µs ({fmt(l / best) if l and best else '–'}×)", verdict(ok)])

        base, ln, slc, _ = d.columns(topo, "schbench-hackbench", "0", "19")
        b, l = mean_of(base, p99), mean_of(ln, p99)
        ok = None if None in (b, l) or not l else b / l >= 5
        rows.append([topo, "hackbench at LN 19 in the background cuts schbench wakeup p99 ≥ 5× (vs base)",
                     f"{fmt(b)} → {fmt(l)} µs ({fmt(b / l) if b and l else '–'}×)", verdict(ok)])
        l0 = mean_of(d.select(topo, "schbench-hackbench", "ln", "0", "0"), p99)
        rows.append([topo, "… same, against the series with hackbench at LN 0 (for the record)",
                     f"{fmt(l0)} → {fmt(l)} µs ({fmt(l0 / l) if l0 and l else '–'}×)",
                     verdict(None if None in (l0, l) or not l else l0 / l >= 5)])

        base, ln, _, _ = d.columns(topo, "hackbench", "19", "-")
        b, l = mean_of(base, fig_fn("time_s")), mean_of(ln, fig_fn("time_s"))
        gain = (b / l - 1) * 100 if b and l else None
        rows.append([topo, "LN 19 hackbench throughput ≥ +5 %",
                     f"{fmt(b)} s → {fmt(l)} s ({gain:+.1f}% throughput)" if gain is not None else "–",
                     verdict(None if gain is None else gain >= 5)])

        for wl, key, fn, hib in (
                ("hackbench", "time", fig_fn("time_s"), False),
                ("messaging", "time", fig_fn("time_s"), False),
                ("pipe", "µs/op", fig_fn("usecs_per_op"), False),
                ("cyclictest-idle", "avg", lat_fn("wakeup_us", "avg"), False),
                ("cyclictest-hackbench", "avg", lat_fn("wakeup_us", "avg"), False),
                ("schbench-idle", "rps", fig_fn("rps"), True),
                ("schbench-idle", "wakeup p99", lat_fn("wakeup_us", "p99"), False),
                ("schbench-hackbench", "rps", fig_fn("rps"), True),
                ("two-hogs", "hog A switches", fig_fn("fg_switches"), False)):
            base, ln, _, _ = d.columns(topo, wl, *default_cell(wl))
            bv, lv = per_rep(base, fn), per_rep(ln, fn)
            b, l = mean_sd(bv)[0], mean_sd(lv)[0]
            if not b or l is None:
                rows.append([topo, f"LN 0 within ±2 % of base: {wl} {key}", "–", "–"])
                continue
            ch = (l - b) / b * 100
            sd = max(mean_sd(bv)[1] or 0, mean_sd(lv)[1] or 0) / b * 100
            v = verdict(abs(ch) <= 2)
            # A difference inside twice the repeats' sd is not a measured regression here.
            if abs(ch) > 2 and len(bv) > 1 and abs(ch) <= 2 * sd:
                v += " (within 2 sd of the repeats)"
            rows.append([topo, f"LN 0 within ±2 % of base: {wl} {key}",
                         f"{fmt(b)} → {fmt(l)} ({ch:+.1f}%, repeat sd {sd:.1f}%)", v])
    return rows


# ---------------------------------------------------------------- plots

COLORS = {"base": "#555555", "ln": "#1f77b4", "slice": "#ff7f0e", "nofeat": "#2ca02c"}


def plots(resdir, runs):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    d = Data(runs)
    pdir = os.path.join(resdir, "plots")
    os.makedirs(pdir, exist_ok=True)
    written = []

    def merged(rs, key="wakeup_us"):
        out = []
        for r in rs:
            out += r["samples"].get(key, [])
        return sorted(out)

    def save(fig, name):
        path = os.path.join(pdir, name)
        fig.tight_layout()
        fig.savefig(path, dpi=90)
        plt.close(fig)
        written.append(path)

    for topo in sorted({r["topology"] for r in runs}):
        # p99 of the 3x3 matrix, three bars per cell.
        fig, ax = plt.subplots(figsize=(11, 4.2))
        cells = CELLS["cyclictest-hackbench"]
        w = 0.27
        for i, v in enumerate(("base", "ln", "slice")):
            ys = []
            for fg, bg in cells:
                cols = dict(zip(("base", "ln", "slice"), d.columns(topo, "cyclictest-hackbench", fg, bg)))
                rs = cols[v] if cols[v] is not None else cols["base"]
                ys.append(mean_of(rs, lat_fn("wakeup_us", "p99")) or 0)
            ax.bar([k + (i - 1) * w for k in range(len(cells))], ys, w, label=VARIANT_TITLE[v], color=COLORS[v])
        ax.set_xticks(range(len(cells)))
        ax.set_xticklabels([f"hb {lvl(bg)}\ncyc {lvl(fg)}" for fg, bg in cells], fontsize=8)
        ax.set_yscale("log")
        ax.set_ylabel("cyclictest p99 wakeup latency (µs)")
        ax.set_title(f"{topo}: cyclictest under hackbench (levels: latency_nice / custom slice)")
        ax.legend()
        save(fig, f"{topo}-cyclictest-hackbench-p99.png")

        # Percentile curves and histograms of the key cells.
        keycells = [("cyclictest-idle", "0", "-", "idle VM, cyclictest default"),
                    ("cyclictest-idle", "-20", "-", "idle VM, cyclictest −20"),
                    ("cyclictest-hackbench", "0", "0", "hackbench default, cyclictest default"),
                    ("cyclictest-hackbench", "-20", "0", "hackbench default, cyclictest −20"),
                    ("cyclictest-hackbench", "0", "19", "hackbench 19, cyclictest default"),
                    ("schbench-hackbench", "0", "19", "schbench wakeups, hackbench 19")]
        ps = [50, 75, 90, 95, 99, 99.5, 99.9]
        fig, axs = plt.subplots(2, 3, figsize=(13, 7))
        fig2, axs2 = plt.subplots(2, 3, figsize=(13, 7))
        for ax, ax2, (wl, fg, bg, title) in zip(axs.flat, axs2.flat, keycells):
            base, ln, slc, nofeat = d.columns(topo, wl, fg, bg)
            for v, rs in (("base", base), ("ln", ln), ("slice", slc), ("nofeat", nofeat)):
                s = merged(rs or [])
                if not s:
                    continue
                ax.plot(range(len(ps)), [max(pct(s, p), 1) for p in ps], marker="o", label=VARIANT_TITLE[v],
                        color=COLORS[v])
                hi = max(s[-1], 2)
                bins = [10 ** (k / 20) for k in range(0, int(math.log10(hi) * 20) + 2)]
                ax2.hist([max(x, 1) for x in s], bins=bins, histtype="step", label=VARIANT_TITLE[v],
                         color=COLORS[v], density=True)
            ax.set_xticks(range(len(ps)))
            ax.set_xticklabels([f"p{p}" for p in ps], fontsize=8)
            ax.set_yscale("log")
            ax.set_ylabel("µs")
            ax.set_title(title, fontsize=9)
            ax.legend(fontsize=7)
            ax2.set_xscale("log")
            ax2.set_yscale("log")
            ax2.set_xlabel("wakeup latency (µs)")
            ax2.set_title(title, fontsize=9)
            ax2.legend(fontsize=7)
        fig.suptitle(f"{topo}: wakeup latency percentiles (all repeats merged)")
        fig2.suptitle(f"{topo}: wakeup latency histograms (density, log bins)")
        save(fig, f"{topo}-percentiles.png")
        save(fig2, f"{topo}-histograms.png")

        # schbench percentiles, every cell.
        fig, axs = plt.subplots(1, 2, figsize=(12, 4))
        for ax, wl in zip(axs, ("schbench-idle", "schbench-hackbench")):
            labels, k = [], 0
            for fg, bg in CELLS[wl]:
                base, ln, slc, _ = d.columns(topo, wl, fg, bg)
                for v, rs in (("base", base), ("ln", ln), ("slice", slc)):
                    # The base column of a non-default row is the default row's: shown once.
                    if v == "base" and not (is_default(fg) and is_default(bg)):
                        continue
                    if not rs:
                        continue
                    y = mean_of(rs, lat_fn("wakeup_us", "p99")) or 0
                    ax.bar(k, y, color=COLORS[v])
                    labels.append(f"{VARIANT_TITLE[v]}\nsch {lvl(fg)}" + ("" if bg == "-" else f" hb {lvl(bg)}"))
                    k += 1
            ax.set_xticks(range(len(labels)))
            ax.set_xticklabels(labels, fontsize=7)
            ax.set_yscale("log")
            ax.set_ylabel("wakeup p99 (µs)")
            ax.set_title(wl)
        save(fig, f"{topo}-schbench.png")

        # Throughput, relative to base.
        fig, ax = plt.subplots(figsize=(10, 4))
        labels, k = [], 0
        for wl, key in (("hackbench", "time_s"), ("messaging", "time_s"), ("pipe", "usecs_per_op")):
            for fg, bg in CELLS[wl]:
                base, ln, slc, _ = d.columns(topo, wl, fg, bg)
                b = mean_of(base, fig_fn(key))
                for i, (v, rs) in enumerate((("ln", ln), ("slice", slc if slc is not None else base))):
                    y = mean_of(rs, fig_fn(key))
                    if b and y:
                        ax.bar(k + (i - 0.5) * 0.4, (b / y - 1) * 100, 0.4, color=COLORS[v],
                               label=VARIANT_TITLE[v] if k == 0 else None)
                labels.append(f"{wl}\n{lvl(fg)}")
                k += 1
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, fontsize=7)
        ax.set_ylabel("throughput vs base 7.2 (%)")
        ax.set_title(f"{topo}: throughput change (positive is faster)")
        ax.legend()
        save(fig, f"{topo}-throughput.png")
    return written


# ---------------------------------------------------------------- main

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check = "--check" in sys.argv[1:]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    resdir = args[0]
    runs, problems, meta, tags = load(resdir)
    if not tags:
        problems.append("no boot produced results (raw/ is empty)")

    with open(os.path.join(resdir, "results.json"), "w") as f:
        json.dump({"meta": meta, "problems": problems, "runs": runs}, f)
    with open(os.path.join(resdir, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["topology", "kernel", "variant", "workload", "fg", "bg", "rep", "metric", "index", "value"])
        for r in runs:
            head = [r["topology"], r["kernel"], r["variant"], r["workload"], r["fg"], r["bg"], r["rep"]]
            for k, v in r["figures"].items():
                w.writerow(head + [k, 0, v])
            for k, vals in r["samples"].items():
                for i, v in enumerate(vals):
                    w.writerow(head + [k, i, v])
    # Per run: its figures and the statistics of its samples (small enough to keep in git).
    with open(os.path.join(resdir, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["topology", "kernel", "variant", "workload", "fg", "bg", "rep", "metric", "value"])
        for r in runs:
            head = [r["topology"], r["kernel"], r["variant"], r["workload"], r["fg"], r["bg"], r["rep"]]
            for k, v in r["figures"].items():
                w.writerow(head + [k, v])
            for k, vals in r["samples"].items():
                for st, v in run_stats(vals).items():
                    w.writerow(head + [f"{k}.{st}", round(v, 3)])
    with open(os.path.join(resdir, "report.md"), "w") as f:
        f.write(report(resdir, runs, meta, tags, problems))
    written = plots(resdir, runs) if runs else []
    nsamples = sum(len(v) for r in runs for v in r["samples"].values())
    print(f"==> bench-report: {len(runs)} runs, {nsamples} samples, {len(written)} plots -> {resdir}/report.md",
          file=sys.stderr)
    for p in problems:
        print(f"bench-report: {p}", file=sys.stderr)
    if check:
        if problems:
            print(f"bench-report: --check: {len(problems)} problem(s)", file=sys.stderr)
            return 1
        print("==> bench-report: --check: every cell of every boot produced data", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
