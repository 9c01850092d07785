#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make bench: turn the raw outputs of the guests into data, tables and plots.

usage: bench-report.py RESULTS_DIR [--check] [--no-plots]

RESULTS_DIR is what scripts/latency-nice/bench.sh wrote: raw/<topology>-<kernel>/ (the
guest's index.tsv, meta.txt and one output per run), host.txt, config-*, base-version, seed
and bench-matrix (the matrix the guests ran; guest/bench-matrix where it is missing).
Writes, into RESULTS_DIR:
  results.json  every run with every sample (cyclictest wakeups, schbench wakeup/request
                latencies) and the figures parsed from each tool's output
  results.csv   the same, one row per sample or figure (long format)
  summary.csv   per run: its figures and the statistics (n/min/avg/p50/.../max) of its samples
  report.md     the headline (latency_nice against each comparator and base against each
                peer, with the periods served; its verdicts one family, Holm-corrected) and
                the A/A control, the tables (columns base, custom slice at 0.1/0.3/1/3 ms,
                nice -5, SCHED_FIFO, the peers, latency_nice without and with the credit,
                feats off, no run-on: those that exist for the table's rows; pct against
                base), the targets with their bootstrap intervals and verdicts, and the
                sched_feat on/off comparisons; its units virtual where host.txt says
                clock=virtual
  plots/*.png   latency percentiles, histograms, throughput, the work-per-wakeup sweep
--check: fail (exit 1) unless every cell of the matrix produced data on every boot, as often
as its repeats ask; no
performance figure is judged. The CI smoke run of make test uses it.
--no-plots: no plots/ (bench-recompute.sh compares report.md and summary.csv alone).

BENCH_REPORT_B: the bootstrap's resamples per interval (default 20000, the floor of issue
53's audit; fewer for a quicker look, which the report's text then states). The report is a function of the data: the
resamples are seeded, and nothing in report.md comes from the clock of the machine that
writes it (bench-recompute.sh checks a committed run against its raw samples).
"""

import csv
import json
import math
from fractions import Fraction
import os
import re
import statistics
import sys

try:
    import numpy as np
except ImportError:      # Debian's python3-matplotlib brings python3-numpy (deps.sh)
    np = None

# The matrix: scripts/latency-nice/guest/bench-matrix, the file the guests run (its header
# says what a line means); a result directory carries the copy it ran with (bench.sh).
MATRIX_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "guest", "bench-matrix")
# boot.sh's layouts make bench boots (make bench TOPO=: the Zen3-class ones run the cells the
# matrix gives every topology, the unsuffixed columns, as numa does).
TOPOLOGIES = ("flat", "numa", "zen3-mini", "zen3-nps1", "zen3-nps2")
KERNEL_OF = {"base": "base", "slice": "base", "slice300": "base", "slice1000": "base", "slice3000": "base",
             "nice": "base", "schedqos": "base", "fifo": "base", "lavd": "peers", "bpfland": "peers",
             "ln": "series", "nocredit": "series", "nofeat": "series", "norun": "series",
             "group": "series", "group-task": "series", "aa": "control"}
# The kernels a boot can be (bench.sh): control is the base kernel booted as a third kernel,
# whose aa column (nothing set, on a workload's default cell) is the A/A control; peers the
# base kernel booted as a fourth, for the sched_ext peers alone (base's boots load no BPF
# scheduler, so base against the control compares like with like).
KERNELS = ("base", "series", "control", "peers")
# The custom-slice columns: mainline's alternative at 0.1 ms (slice: what the series' −20
# maps to) and the longer requests a user would try next.
SLICES = ("slice", "slice300", "slice1000", "slice3000")
# The peers: sched_ext schedulers on the base kernel (guest/bench.sh scx_start()), run on a
# workload's default cell (nothing set on tasks) and shown on each of its rows whose
# background is default.
PEERS = ("lavd", "bpfland")
# The columns of a row, in the order the tables show them.
VARIANTS = ("base", *SLICES, "nice", "schedqos", "fifo", *PEERS, "nocredit", "ln", "nofeat", "norun", "group",
            "group-task")
VARIANT_TITLE = {"base": "base", "slice": "custom slice", "slice300": "slice 0.3 ms", "slice1000": "slice 1 ms",
                 "slice3000": "slice 3 ms", "nice": "nice −5", "schedqos": "schedqos (nice −4, 8 ms)",
                 "fifo": "SCHED_FIFO", "aa": "base, control boots",
                 "lavd": "scx_lavd", "bpfland": "scx_bpfland",
                 "nocredit": "latency_nice, no credit", "ln": "latency_nice",
                 "nofeat": "latency_nice, feats off", "norun": "latency_nice, no run-on",
                 "group": "group's cpu.latency.nice", "group-task": "group's and task's"}
# The level a custom slice stands in for (guest/bench.sh slice_of()), in ns.
SLICE_OF = {"-20": 100_000, "19": 100_000_000}
# The cyclictest workload of each regime, in the order the report shows them.
REGIMES = [("seed", "cyclictest-seed"), ("light", "cyclictest-light"),
           ("overload", "cyclictest-hackbench"), ("sessions", "cyclictest-sessions")]
SWEEP_SLEEP_US = 10_000
# The groups regimes (guest/bench.sh): where servers put their tasks. Their own columns are
# group and group-task, on no other workload.
GROUP_REGIMES = [("groups-equal", "cyclictest-groups-equal"), ("groups-many", "cyclictest-groups-many"),
                 ("shared-group", "cyclictest-shared-group"), ("systemd", "cyclictest-systemd")]
GROUP_VARIANTS = ("group", "group-task")
GROUP_REGIME_TEXT = {
    "groups-equal": "The service's group next to one batch group of equal weight running the seed-scaled "
                    "load (the control: two groups of equal weight).",
    "groups-many": "The service's group among 8 sibling groups of equal weight, each running `hackbench "
                   "-g 1 -f 1`: its share a ninth of the machine, its demand under it.",
    "shared-group": "cyclictest and the service's own CPU-bound workers (the seed-scaled load) in one "
                    "group, next to a batch group running the seed-scaled load.",
    "systemd": "systemd's tree in plain cgroupfs: cyclictest in `system.slice/svc.service`, the "
               "seed-scaled load in `user.slice/user-1000.slice/session-1.scope` and in `batch.slice`.",
}
# "Never worse" is non-inferiority with these margins: served periods (requests) at least
# NEVER_WORSE_COUNT of the reference's, wakeup p99 at most NEVER_WORSE_P99 of it. A margin of
# zero would ask the interval to lie wholly above 1: superiority, which "never worse" is not.
NEVER_WORSE_COUNT = 0.98
NEVER_WORSE_P99 = 1.10


# The workloads guest/bench.sh knows (its WORKLOADS; the tests hold the two lists equal).
WORKLOADS = ("cyclictest-idle", "schbench-idle", "hackbench", "messaging", "pipe", "pipe-pinned",
             "cyclictest-hackbench",
             "schbench-hackbench", "two-hogs", "cyclictest-hog", "fifo-burst", "cyclictest-seed", "schbench-seed",
             "cyclictest-light", "cyclictest-sessions", "schbench-w50", "schbench-w500", "schbench-w2000",
             *(wl for _, wl in GROUP_REGIMES))


def read_matrix(path):
    """{(workload, fg, bg): (repeats, {variant: topologies})}, in the file's order. What
    guest/bench.sh --check-matrix refuses raises ValueError: a malformed line, an unknown
    workload, level or variant, a cell or a variant given twice, the slice300/1000/3000 or
    nice column on a row without -20, nice, fifo or a peer on fifo-burst (the probe sets
    its own policy), a peer (lavd, bpfland) off the default cell, group or group-task outside the groups regimes, a workload without its default cell (0 or "-" on both sides: every row's base
    column) or with more than one fifo cell (the floor of all its -20 rows)."""
    matrix = {}
    with open(path) as f:
        for no, line in enumerate(f, 1):
            fields = line.split("#", 1)[0].split()
            if not fields:
                continue
            where = f"{path}:{no}"
            if len(fields) < 5:
                raise ValueError(f"{where}: WORKLOAD FG BG REPEATS VARIANT... expected")
            wl, fg, bg, reps, tokens = fields[0], fields[1], fields[2], fields[3], fields[4:]
            if wl not in WORKLOADS:
                raise ValueError(f"{where}: unknown workload '{wl}'")
            if not all(re.fullmatch(r"-|-?[0-9]+", x) for x in (fg, bg)):
                raise ValueError(f"{where}: levels '{fg}' '{bg}'")
            if reps not in ("J", "X"):
                raise ValueError(f"{where}: repeats '{reps}' (J or X)")
            if (wl, fg, bg) in matrix:
                raise ValueError(f"{where}: cell {wl} {fg} {bg} on more than one line")
            variants = {}
            for tok in tokens:
                v, _, topo = tok.partition("@")
                if v not in KERNEL_OF or (topo and topo not in TOPOLOGIES):
                    raise ValueError(f"{where}: variant '{tok}'")
                if v in variants:
                    raise ValueError(f"{where}: variant '{v}' named twice")
                if (v in SLICES[1:] and "-20" not in (fg, bg)) or (v == "nice" and fg != "-20"):
                    raise ValueError(f"{where}: '{v}' stands where the row sets -20")
                if wl == "fifo-burst" and v in ("nice", "fifo", *PEERS):
                    raise ValueError(f"{where}: the probe has no {v} column")
                if v in PEERS and not (fg in ("0", "-") and bg in ("0", "-")):
                    raise ValueError(f"{where}: '{v}' sets nothing on tasks: only on the default cell")
                if v in GROUP_VARIANTS and wl not in dict(GROUP_REGIMES).values():
                    raise ValueError(f"{where}: '{v}' is a column of the groups regimes")
                variants[v] = {topo} if topo else set(TOPOLOGIES)
            matrix[(wl, fg, bg)] = (reps, variants)
    for wl in dict.fromkeys(c[0] for c in matrix):
        cells = [c for c in matrix if c[0] == wl]
        if not any(c[1] in ("0", "-") and c[2] in ("0", "-") for c in cells):
            raise ValueError(f"{path}: {wl} has no default cell")
        if sum("fifo" in matrix[c][1] for c in cells) > 1:
            raise ValueError(f"{path}: {wl} has more than one fifo cell")
    return matrix


def use_matrix(path):
    """Make PATH the matrix the report reads (the module's names below)."""
    global MATRIX, CELLS, SWEEP, FEATS_OFF, NOCREDIT, RUN_ON_OFF, FIFO_FLOOR, FLAT_ONLY
    MATRIX = read_matrix(path)
    CELLS = {}
    for wl, fg, bg in MATRIX:
        CELLS.setdefault(wl, []).append((fg, bg))
    # The work-per-wakeup sweep: (work per wakeup in µs, workload); schbench-rs -m 1 -t 1
    # -w W -s SWEEP_SLEEP_US next to the seed-scaled load.
    SWEEP = sorted((int(wl[len("schbench-w"):]), wl) for wl in CELLS if re.fullmatch(r"schbench-w\d+", wl))
    # The cells of each self-comparing column, and the SCHED_FIFO floor of each workload
    # (its foreground -20 / background default cell: the fifo column of every foreground -20
    # row).
    FEATS_OFF, NOCREDIT, RUN_ON_OFF = (
        {cell for cell, (_, vs) in MATRIX.items() if v in vs} for v in ("nofeat", "nocredit", "norun"))
    FIFO_FLOOR = {cell[0]: cell[1:] for cell, (_, vs) in MATRIX.items() if "fifo" in vs}
    # Workloads that run on flat only.
    FLAT_ONLY = {wl for wl in CELLS if not cells_of(wl, "numa")}


def runs_on(cell, variant, topo):
    """Whether the matrix runs VARIANT of CELL on TOPO."""
    return topo in MATRIX.get(cell, (None, {}))[1].get(variant, ())


def is_default(level):
    return level in ("0", "-")


def default_cell(wl):
    """The cell of a workload where nothing is set: the base column of all its rows."""
    return next(c for c in CELLS[wl] if is_default(c[0]) and is_default(c[1]))


def cells_of(wl, topo):
    """The cells of WL that run on TOPO, in the matrix's order."""
    return [(fg, bg) for fg, bg in CELLS.get(wl, []) if any(topo in t for t in MATRIX[(wl, fg, bg)][1].values())]


def runs_variant(variant, topo):
    """Whether the matrix runs VARIANT on TOPO at all."""
    return any(topo in vs.get(variant, ()) for _, vs in MATRIX.values())


def expected_runs(kernel, topo, mirror=False):
    """(workload, fg, bg, variant) a boot of this kernel on this topology must produce; with
    MIRROR, a control boot also owes base's columns (guest/bench.sh runs them in PROFILE=full),
    which no table pools."""
    kernels = {kernel, "base"} if kernel == "control" and mirror else {kernel}
    return {(*cell, v) for cell, (_, vs) in MATRIX.items() for v, topos in vs.items()
            if KERNEL_OF[v] in kernels and topo in topos}


def shadow_run(kernel, variant):
    """A run of base's columns in a control boot: it gives the control's boots base's
    history (the A/A compares like with like) and is pooled nowhere."""
    return kernel == "control" and KERNEL_OF.get(variant) == "base"


use_matrix(MATRIX_FILE)


# ---------------------------------------------------------------- parsing

CYC_SAMPLE = re.compile(r"^\s*\d+:\s*\d+:\s*(\d+)\s*$")
CYC_EXPECTED = re.compile(r"^# expected_periods (\d+)\s*$", re.M)
# busybox time -p after cyclictest (guest/bench.sh cyclictest_fg): its CPU time, in seconds.
TIME_CPU = re.compile(r"^(user|sys) ([0-9.]+)\s*$", re.M)
# guest/bench.sh cyclictest_fg: the background's CPU time while the foreground ran.
CYC_BG_CPU = re.compile(r"^# bg_cpu_ms (\d+)(?: idle_ms (\d+))?\s*$", re.M)
SCH_EXPECTED = re.compile(r"^# expected_requests (\d+)\s*$", re.M)
HB_TIME = re.compile(r"^Time:\s*([0-9.]+)")
PERF_TIME = re.compile(r"Total time:\s*([0-9.]+)\s*\[sec\]")
PERF_USOP = re.compile(r"([0-9.]+)\s*usecs/op")
SCHED_KV = re.compile(r"^([A-Za-z_.]+)\s*:\s*(-?[0-9.]+)\s*$")
FIFO_BURST = re.compile(r"^bursts (\d+) matched (\d+) first (\d+) avg_delay_us (\d+) max_delay_us (\d+)$")


def parse_run(wl, path):
    """Figures and samples of one run's output, or None if it has no data."""
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    if wl.startswith("cyclictest"):
        lat = [int(m.group(1)) for m in map(CYC_SAMPLE.match, text.splitlines()) if m]
        if not lat:
            return None
        # The periods the run should have served (bench.sh writes it first; older outputs
        # have none): served/expected in the tables.
        exp = CYC_EXPECTED.search(text)
        fig = {"expected_periods": int(exp.group(1))} if exp else {}
        cpu = TIME_CPU.findall(text)
        if {k for k, _ in cpu} == {"user", "sys"}:
            fig["cpu_ms"] = sum(float(v) for _, v in cpu) * 1000
        bg = CYC_BG_CPU.search(text)
        if bg:
            fig["bg_cpu_ms"] = int(bg.group(1))
            if bg.group(2) is not None:
                fig["idle_ms"] = int(bg.group(2))
        return {"figures": fig, "samples": {"wakeup_us": lat}}
    if wl == "hackbench":
        m = [HB_TIME.match(line) for line in text.splitlines()]
        t = [float(x.group(1)) for x in m if x]
        return {"figures": {"time_s": t[-1]}} if t else None
    if wl in ("messaging", "pipe", "pipe-pinned"):
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
        # The sweep's runs say how many requests the message thread should have posted.
        exp = SCH_EXPECTED.search(text)
        if exp:
            fig["expected_requests"] = int(exp.group(1))
        samples = {"wakeup_us": [], "request_us": []}
        spath = path[: -len(".txt")] + ".samples"
        if os.path.exists(spath):
            with open(spath) as f:
                lines = f.readlines()
            for line in lines:
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


def read_kv(path):
    """KEY=VALUE lines of PATH (host.txt, meta.txt) as a dict; {} where it is missing."""
    kv = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                k, _, v = line.rstrip("\n").partition("=")
                kv[k] = v
    return kv


# The clock the guests ran on (bench.sh BENCH_CLOCK, in host.txt; each boot's meta.txt says it
# too). Under the virtual clock every time a guest measures is virtual: instructions retired,
# not the host's seconds, and the report's units say so.
CLOCK_TEXT = {"virtual": "virtual time: QEMU -icount shift=0,sleep=off, 1 instruction = 1 ns; guest tsc=reliable",
              "wall": "wall clock under TCG"}


def clock_of(resdir, meta):
    """host.txt's clock=, else the boots' meta.txt where they all say one; wall where nothing
    says (the runs before the virtual clock)."""
    clock = read_kv(os.path.join(resdir, "host.txt")).get("clock")
    if not clock:
        said = {m["clock"] for m in meta.values() if m.get("clock")}
        clock = said.pop() if len(said) == 1 else "wall"
    return clock if clock in CLOCK_TEXT else "wall"


def load(resdir):
    runs, problems, meta = [], [], {}
    host_clock = read_kv(os.path.join(resdir, "host.txt")).get("clock")
    if host_clock and host_clock not in CLOCK_TEXT:
        problems.append(f"host.txt: clock={host_clock} (virtual or wall)")
    rawdir = os.path.join(resdir, "raw")
    tags = sorted(os.listdir(rawdir)) if os.path.isdir(rawdir) else []
    for topo in sorted({t.rsplit("-", 1)[0] for t in tags}):
        # A run whose boots were told not to run the peers (ln.peers=0: a kernel without
        # sched_ext, the smoke's) boots no peers kernel.
        no_peers = any(read_kv(os.path.join(rawdir, t, "meta.txt")).get("peers") == "0"
                       for t in tags if t.rsplit("-", 1)[0] == topo)
        problems += [f"{topo}-{k}: no results (the boot did not run, or lost them)"
                     for k in KERNELS if f"{topo}-{k}" not in tags and expected_runs(k, topo)
                     and not (k == "peers" and no_peers)]
    for tag in tags:
        topo, kernel = tag.rsplit("-", 1)
        d = os.path.join(rawdir, tag)
        idx = os.path.join(d, "index.tsv")
        if not os.path.exists(idx):
            problems.append(f"{tag}: no index.tsv (the guest wrote no results)")
            continue
        m = read_kv(os.path.join(d, "meta.txt"))
        meta[tag] = m
        # A boot whose meta.txt names another clock than host.txt's measured in other units.
        if host_clock and m.get("clock") and m["clock"] != host_clock:
            problems.append(f"{tag}: meta.txt says clock={m['clock']}, host.txt clock={host_clock}")
        # The boots of this kernel: bench.sh keeps each boot's meta.txt as
        # meta-rounds-A-B.txt, A-B the repeat rounds it ran; a run belongs to the boot whose
        # rounds hold its repeat ("all" where the results name no boot: one boot ran them).
        blocks = sorted((int(a), int(b)) for a, b in
                        (re.fullmatch(r"meta-rounds-(\d+)-(\d+)\.txt", f).groups()
                         for f in os.listdir(d) if re.fullmatch(r"meta-rounds-(\d+)-(\d+)\.txt", f)))
        seen = {}
        with open(idx) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                key = (row["workload"], row["fg"], row["bg"], row["variant"])
                seen[key] = seen.get(key, 0) + 1
                parsed = parse_run(row["workload"], os.path.join(d, row["file"]))
                where = f"{tag} {row['workload']} fg={row['fg']} bg={row['bg']} {row['variant']} rep {row['rep']}"
                if row["rc"] != "0":
                    problems.append(f"{where}: exit {row['rc']}")
                    # A peer's failed run ran (part of) its workload under EEVDF, after
                    # sched_ext ejected the scheduler or never enabled it: reported, not pooled.
                    if row["variant"] in PEERS:
                        continue
                if parsed is None:
                    problems.append(f"{where}: no data in {row['file']}")
                    continue
                rep = int(row["rep"])
                if shadow_run(kernel, row["variant"]):
                    continue
                runs.append({
                    "topology": topo, "kernel": kernel, "variant": row["variant"],
                    "workload": row["workload"], "fg": row["fg"], "bg": row["bg"],
                    "rep": rep, "seconds": int(row["seconds"]),
                    "block": next((f"{a}-{b}" for a, b in blocks if a <= rep <= b), "all"),
                    "figures": parsed.get("figures", {}), "samples": parsed.get("samples", {}),
                })
        # A control boot that ran base's columns (PROFILE=full) owes all of them.
        want = expected_runs(kernel, topo, mirror=any(shadow_run(kernel, k[3]) for k in seen))
        # A boot told not to run the peers (ln.peers=0: a kernel without sched_ext, the
        # smoke's test kernel) owes none of their runs.
        if m.get("peers") == "0":
            want = {w for w in want if w[3] not in PEERS}
        # A cell with no repeats in this profile (the virtual clock's PROFILE=full runs no
        # explore cell: meta.txt's REPS_EXPLORE=0) and a focused run's cells outside its
        # focus (ln.workloads, ln.cells, ln.variants on the boot's command line) are owed
        # by no boot.
        reps = dict(re.findall(r"(REPS_JUDGED|REPS_EXPLORE)=(\d+)", "D=" + m.get("D", "")))
        if reps.get("REPS_EXPLORE") == "0":
            want = {w for w in want if MATRIX[w[:3]][0] == "J"}
        focus = dict(re.findall(r"\bln\.(workloads|cells|variants)=(\S+)", m.get("cmdline", "")))
        if "workloads" in focus:
            want = {w for w in want if w[0] in focus["workloads"].split(",")}
        if "cells" in focus:
            want = {w for w in want if f"{w[1]}:{w[2]}" in focus["cells"].split(",")}
        if "variants" in focus:
            want = {w for w in want if w[3] in focus["variants"].split(",")}
        for miss in sorted(want - set(seen)):
            problems.append(f"{tag}: cell {miss} never ran")
        for extra in sorted(set(seen) - want):
            problems.append(f"{tag}: unexpected cell {extra} (matrix out of step with bench.sh)")
        # Every run its cell's repeats (meta.txt: "D=... REPS_JUDGED=5 REPS_EXPLORE=1 ..."): a
        # boot of a block of rounds that died leaves a cell short, and bench.sh says which
        # block (missing-rounds).
        if len(reps) == 2:
            for key in sorted(want & set(seen)):
                n = int(reps["REPS_JUDGED" if MATRIX[key[:3]][0] == "J" else "REPS_EXPLORE"])
                if seen[key] != n:
                    problems.append(f"{tag}: cell {key} ran {seen[key]} times, the matrix asks {n}")
        missing = os.path.join(d, "missing-rounds")
        if os.path.exists(missing):
            with open(missing) as f:
                problems += [f"{tag}: {line.strip()}" for line in f if line.strip()]
    return runs, problems, meta, tags


# ---------------------------------------------------------------- statistics

def rank_of(p, n):
    """The nearest rank (1-based) of percentile P among N values, computed exactly: in floating
    point 99.9 / 100 * 1000 is a hair above 999 and its ceiling the maximum."""
    return max(1, min(n, math.ceil(Fraction(str(p)) * n / 100)))


def pct(sorted_vals, p):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_vals:
        return float("nan")
    return sorted_vals[rank_of(p, len(sorted_vals)) - 1]


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


# One estimator for tables, targets and plots: a latency statistic of a column is the
# statistic of the pooled samples of all its runs (its max the worst sample seen), a figure
# (rps, time, served periods) the mean of its runs; the sd of the per-run values stands
# beside it as the spread between runs.
def estimate(runs, fn):
    """FN's estimate over RUNS (None where no run gives a number)."""
    if not runs:
        return None
    return fn.pooled(runs)


class Metric:
    """A per-run value (callable on a run) and its estimate over a column's runs; KEY and STAT
    where the estimate is pooled_stat(runs, KEY, STAT) (the bootstrap's arrays read the
    samples: vec_estimator())."""

    def __init__(self, per_run, pooled=None, key=None, stat=None):
        self.per_run = per_run
        self.pooled = pooled or (lambda runs: mean_sd(per_rep(runs, per_run))[0])
        self.key, self.stat = key, stat

    def __call__(self, r):
        return self.per_run(r)


def pooled_stat(runs, key, stat):
    """STAT (lat_stats()'s names) of the samples KEY of all RUNS together, from their
    per-run histograms (the samples are whole µs): nearest rank over the pooled count."""
    hists = [run_hist(r["samples"][key]) for r in runs if r["samples"].get(key)]
    if not hists:
        return None
    pooled = {}
    for h in hists:
        for v, c in h.items():
            pooled[v] = pooled.get(v, 0) + c
    n = sum(pooled.values())
    vals = sorted(pooled)
    if stat == "n":
        return n / len(hists)
    if stat == "min":
        return vals[0]
    if stat == "max":
        return vals[-1]
    if stat == "avg":
        return sum(v * c for v, c in pooled.items()) / n
    rank = rank_of(stat[1:], n)
    seen = 0
    for v in vals:
        seen += pooled[v]
        if seen >= rank:
            return v
    return vals[-1]


# The bootstrap of a comparison: the quantity (a ratio, a change in %) computed on each of
# BOOT_B resamples, seeded (the report is the same for the same data). The unit resampled:
#   - within one kernel (−20 against 0, a sched_feat on and off: columns of the same boots),
#     the run: runs resampled with replacement within each column (the samples of one run
#     share its background and are not independent);
#   - across kernels (latency_nice against base, a custom slice, a peer, SCHED_FIFO; the A/A
#     control against base), the boot: a kernel's runs share its boot's offset (where its
#     memory lies, how the host treated that QEMU), which resampling runs would take for a
#     difference between the kernels (the A/A check of the last full run resolved one at
#     −18 %). bench.sh boots every kernel once per block of rounds (in PROFILE=full, a block
#     is a round), side by side in time; each kernel's boots are resampled with replacement
#     (the same draw for every column of that kernel: its columns share their boots), then
#     each column's runs within each drawn boot. The kernels' draws are independent: drawing
#     the same blocks for all (pairing the boots of a block) left the interval of five boots
#     the range of five paired ratios, which in a simulated A/A (5 boots a kernel, boot
#     offsets of 5 %, p99 of 3000 samples a run) excluded 1 in 13 of 150 runs; drawn apart,
#     in 5 of 150 (test_bench_report.py's BootUnit, BENCH_REPORT_SIMULATE=150).
# The interval is the expanded percentile interval (Hesterberg, "What Teachers Should Know
# About the Bootstrap", 2015): with n units the plain percentile interval is too narrow
# (a bootstrap sd is sqrt((n - 1) / n) of the sample's, and the normal quantile stands where
# Student's t with n - 1 degrees of freedom should), so the 95 % interval takes the
# percentiles alpha'/2 and 1 - alpha'/2 with alpha' = 2 Phi(-sqrt(n / (n - 1)) t(0.975, n - 1)):
# n = 5 gives alpha' = 0.0019 (the 0.1st and 99.9th percentiles). n is the fewest runs of a
# column, or the blocks. A column needs MIN_RUNS runs, a comparison across kernels MIN_RUNS
# blocks, for an interval (and a verdict other than unresolved).
# B: 2000 resamples put the 0.1st percentile of n = 5 on the 2nd-lowest resample, and the
# p-values of the headline's Holm correction (headline()) need the tails resolved to far
# below 0.05 / (its ~40 comparisons); issue 53 asked for the exact bootstrap or B >= 20 000.
# At that B the resamples are arrays (numpy: boot_dist()), not Python lists: a report of
# ~250 intervals over runs of thousands of samples stays within a minute.
DEFAULT_BOOT_B = 20000


def boot_b():
    """BENCH_REPORT_B (fewer resamples, for a quicker look), else DEFAULT_BOOT_B."""
    v = os.environ.get("BENCH_REPORT_B", "")
    if not v:
        return DEFAULT_BOOT_B
    if not v.isdigit() or int(v) < 100:
        sys.exit(f"bench-report: BENCH_REPORT_B={v}: a number of resamples, 100 or more")
    return int(v)


BOOT_B = boot_b()
MIN_RUNS = 3
# Student's t, two-sided 95 % (the 0.975 quantile), by degrees of freedom; 1.96 past 30.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
        10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
        18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060,
        26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042}


def expanded_alpha(n):
    """alpha' of the expanded percentile interval at 95 % for N units (N >= 2)."""
    z = math.sqrt(n / (n - 1)) * T975.get(n - 1, 1.96)
    return math.erfc(z / math.sqrt(2))         # 2 Phi(-z)


def _betacf(a, b, x):
    """The continued fraction of the incomplete beta function (modified Lentz; Numerical
    Recipes, 3rd ed., 6.4)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def t_sf(t, nu):
    """P(T > t) for Student's t with NU degrees of freedom, t >= 0: half the regularized
    incomplete beta I_x(nu/2, 1/2) at x = nu / (nu + t²)."""
    if t <= 0:
        return 0.5
    x = nu / (nu + t * t)
    if x <= 0:
        return 0.0
    a, b = nu / 2, 0.5
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        ib = front * _betacf(a, b, x) / a
    else:
        ib = 1.0 - front * _betacf(b, a, 1.0 - x) / b
    return 0.5 * ib


def expanded_p(asl, n):
    """The p-value that goes with the expanded percentile interval of N units: the α at which
    the expanded 1 − α interval just reaches the null value, from the plain two-sided
    bootstrap achieved significance level ASL (the share of resamples on the far side of the
    null value, doubled). The expansion maps a nominal α to the plain α' = 2Φ(−√(n/(n−1))
    t(1 − α/2, n − 1)); its inverse: z = Φ⁻¹(1 − ASL/2), p = 2(1 − T_{n−1}(z √((n−1)/n))).
    p < 0.05 where the 95 % interval (expanded_alpha()) excludes the null value (to the
    rounding of T975's quantiles: a verdict asks both, headline()); ASL 0 (no resample on
    the far side) gives 0."""
    if asl >= 1:
        return 1.0
    if asl <= 0:
        return 0.0
    t = statistics.NormalDist().inv_cdf(1 - asl / 2) * math.sqrt((n - 1) / n)
    # Past 30 degrees of freedom T975 (the interval's quantile) is the normal's 1.96: so here.
    return min(1.0, 2 * (t_sf(t, n - 1) if n - 1 <= 30 else statistics.NormalDist().cdf(-t)))


def holm(ps, alpha=0.05):
    """Holm's step-down (Holm 1979) over the family of p-values PS: each one's adjusted p, the
    largest of (m − j + 1)·p_(j) (at most 1) over the ranks j up to its own; a hypothesis is
    rejected at family-wise ALPHA where its adjusted p ≤ ALPHA (the step-down stops at the
    first p_(j) > ALPHA / (m − j + 1), and every adjusted p from there on exceeds ALPHA)."""
    m = len(ps)
    adj, run = [1.0] * m, 0.0
    for j, i in enumerate(sorted(range(m), key=lambda i: (ps[i], i))):
        run = max(run, min(1.0, (m - j) * ps[i]))
        adj[i] = run
    return adj


def kernels_of(groups):
    return {r.get("kernel") for g in groups for r in g}


# ---- the resamples as arrays
#
# A resample of a column is a vector of multiplicities W (how often each of its runs was
# drawn); B resamples are a B × runs matrix, and an estimate (estimate(): the pooled
# statistic of the drawn runs' samples, or the mean of their figures) is a function of W
# computed for all B at once: vec_estimator(). The draws come from numpy's legacy
# RandomState, whose streams numpy keeps fixed across releases, seeded 1 for every interval
# as the Python draws before it were: a report recomputed from the same data is the same.

# Elements of a B × V matrix computed at once: bounds the memory of a pooled percentile.
VEC_CHUNK = 1 << 21


def _sorted_samples(samples):
    """A run's samples as a sorted array (cached by identity like run_stats())."""
    hit = _ARRAYS.get(id(samples))
    if hit is None or hit[0] is not samples:
        hit = _ARRAYS[id(samples)] = (samples, np.sort(np.asarray(samples, dtype=np.int64)))
    return hit[1]


_ARRAYS = {}


def vec_estimator(runs, fn):
    """f(W) -> the B estimates of FN (estimate()) over RUNS drawn W times (W: B × len(RUNS)
    multiplicities), NaN where a resample draws no run with data. The pooled latency
    statistics (lat_fn()) read the samples; every other metric is the mean of its per-run
    values, as Metric's default estimate is."""
    key, stat = getattr(fn, "key", None), getattr(fn, "stat", None)
    if key is None:
        vals = [fn(r) for r in runs]
        ok = np.array([v is not None and not math.isnan(v) for v in vals], dtype=np.float64)
        v = np.array([x if o else 0.0 for x, o in zip(vals, ok)], dtype=np.float64)

        def mean(w):
            n = w @ ok
            with np.errstate(invalid="ignore", divide="ignore"):
                return np.where(n > 0, (w * v).sum(axis=1) / n, np.nan)
        return mean
    arrs = [_sorted_samples(r["samples"][key]) if r["samples"].get(key) else None for r in runs]
    has = np.array([a is not None for a in arrs], dtype=np.float64)
    ns = np.array([len(a) if a is not None else 0 for a in arrs], dtype=np.float64)
    if stat in ("min", "max"):
        ext = np.array([(a[0] if stat == "min" else a[-1]) if a is not None else 0 for a in arrs], dtype=np.float64)

        def extreme(w):
            drawn = (w > 0) & (has > 0)
            fill = np.inf if stat == "min" else -np.inf
            e = (np.where(drawn, ext, fill).min if stat == "min" else np.where(drawn, ext, fill).max)(axis=1)
            return np.where(drawn.any(axis=1), e, np.nan)
        return extreme
    if stat == "avg":
        sums = np.array([int(a.sum()) if a is not None else 0 for a in arrs], dtype=np.float64)

        def average(w):
            n = w @ ns
            with np.errstate(invalid="ignore", divide="ignore"):
                return np.where(n > 0, (w @ sums) / n, np.nan)
        return average
    # A percentile by nearest rank over the pooled samples. The pooled p-th percentile of any
    # weighting of the runs lies between the lowest and the highest of the runs' own p-th
    # percentiles (below the lowest, every run has fewer than its rank: so has the pool;
    # at the highest, every run has its rank: so has the pool), so only the values in that
    # range are counted: per run, its samples below the range, then its cumulative count at
    # each distinct value inside it. A resample's cumulative count is W times those (integers,
    # exact in float64 whatever order the product sums in), and its percentile the first
    # value where the count reaches the rank.
    frac = Fraction(stat[1:])
    num, den = frac.numerator, frac.denominator * 100
    live = [a for a in arrs if a is not None]
    if not live:
        return lambda w: np.full(w.shape[0], np.nan)
    qs = [a[rank_of(stat[1:], len(a)) - 1] for a in live]
    lo, hi = min(qs), max(qs)
    grid = np.unique(np.concatenate([a[np.searchsorted(a, lo, "left"):np.searchsorted(a, hi, "right")]
                                     for a in live]))
    cum = np.zeros((len(runs), len(grid)), dtype=np.float64)
    for i, a in enumerate(arrs):
        if a is not None:
            cum[i] = np.searchsorted(a, grid, "right")
    step = max(1, VEC_CHUNK // max(1, len(grid)))

    def percentile(w):
        n = (w @ ns).astype(np.int64)
        rank = np.clip(-((-num * n) // den), 1, np.maximum(n, 1)).astype(np.float64)
        out = np.empty(w.shape[0], dtype=np.float64)
        for s in range(0, w.shape[0], step):
            c = w[s:s + step] @ cum
            out[s:s + step] = grid[np.minimum((c < rank[s:s + step, None]).sum(axis=1), len(grid) - 1)]
        return np.where(n > 0, out, np.nan)
    return percentile


def _multinomial_rows(rng, n, k):
    """For each row's count N (an array), the counts of N uniform draws among K categories:
    a multinomial with a count per row, by its chain of binomials."""
    out = np.zeros((len(n), k), dtype=np.int64)
    left = n.astype(np.int64)
    for j in range(k - 1):
        out[:, j] = rng.binomial(left, 1.0 / (k - j))
        left = left - out[:, j]
    out[:, k - 1] = left
    return out


def change_pct(x, y):
    """The change of X against Y in %."""
    return (x / y - 1) * 100 if y else None


def quotient(a, b):
    return a / b if a is not None and b else None


def over_best(a, *others):
    """A over the lowest of OTHERS (the best of several columns where lower is better)."""
    return quotient(a, min(others)) if others else None


def _vec_over(a, b):
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(b != 0, a / np.where(b != 0, b, 1.0), np.nan)


# The combines of the report, on arrays (NaN where the scalar one gives None); any other
# combine is called on each resample's estimates.
VEC_COMBINE = {
    quotient: _vec_over,
    over_best: lambda a, *others: _vec_over(a, np.minimum.reduce(others)) if others else np.full(len(a), np.nan),
    change_pct: lambda x, y: (_vec_over(x, y) - 1) * 100,
}


def boot_dist(groups, fns, combine, b=None):
    """(the sorted resampled values of COMBINE(estimate(group, fn)...), n the units) over B
    bootstrap resamples (the run the unit within a kernel, the block of boots across kernels);
    None where a column has fewer than MIN_RUNS runs, a comparison across kernels fewer than
    MIN_RUNS blocks, or fewer than half the resamples give a value."""
    b = b or BOOT_B
    if any(len(g) < MIN_RUNS for g in groups):
        return None
    if np is None:
        sys.exit("bench-report: needs numpy (python3-numpy) for the bootstrap")
    rng = np.random.RandomState(1)
    if len(kernels_of(groups)) > 1:
        kernel = [g[0].get("kernel") for g in groups]
        boots = {k: sorted({r.get("block", "all") for g, gk in zip(groups, kernel) if gk == k for r in g})
                 for k in sorted(set(kernel), key=str)}
        n = min(len(v) for v in boots.values())
        if n < MIN_RUNS:
            return None
        # Each kernel's boots drawn with replacement, the same draw for all its columns:
        # how often each boot was drawn (B × boots).
        times = {}
        for k, bts in boots.items():
            draw = rng.randint(0, len(bts), size=(b, len(bts)))
            times[k] = np.stack([(draw == j).sum(axis=1) for j in range(len(bts))], axis=1)
        # Then each column's runs within each drawn boot: a boot drawn t times gives t × its
        # runs draws among its runs.
        ws = []
        for g, k in zip(groups, kernel):
            w = np.zeros((b, len(g)), dtype=np.int64)
            for j, bt in enumerate(boots[k]):
                idx = [i for i, r in enumerate(g) if r.get("block", "all") == bt]
                if idx:
                    w[:, idx] = _multinomial_rows(rng, times[k][:, j] * len(idx), len(idx))
            ws.append(w)
    else:
        n = min(len(g) for g in groups)
        ws = [rng.multinomial(len(g), [1.0 / len(g)] * len(g), size=b) for g in groups]
    ests = [vec_estimator(g, fn)(w.astype(np.float64)) for g, fn, w in zip(groups, fns, ws)]
    ok = np.logical_and.reduce([np.isfinite(e) for e in ests])
    if combine in VEC_COMBINE:
        vals = VEC_COMBINE[combine](*ests)
    else:
        vals = np.array([v if v is not None else np.nan for v in
                         (combine(*(float(e[i]) for e in ests)) if ok[i] else None for i in range(b))],
                        dtype=np.float64)
    vals = vals[ok & np.isfinite(vals)]
    if len(vals) < b // 2:
        return None
    return np.sort(vals), n


def dist_ci(dist):
    """(lo, hi) of the expanded percentile interval of a boot_dist()."""
    vals, n = dist
    tail = expanded_alpha(n) / 2 * 100
    return float(vals[rank_of(tail, len(vals)) - 1]), float(vals[rank_of(100 - tail, len(vals)) - 1])


def dist_p(dist, null=1.0):
    """The p-value of a boot_dist() against NULL: expanded_p() of its two-sided achieved
    significance level, 2·min(the share of resamples ≤ NULL, the share ≥ NULL)."""
    vals, n = dist
    le = int(np.searchsorted(vals, null, "right"))
    ge = len(vals) - int(np.searchsorted(vals, null, "left"))
    return expanded_p(min(1.0, 2 * min(le, ge) / len(vals)), n)


def boot_ci(groups, fns, combine, b=None):
    """(lo, hi) of COMBINE(estimate(group, fn)...) over bootstrap resamples (boot_dist());
    None where it draws none."""
    dist = boot_dist(groups, fns, combine, b)
    return dist_ci(dist) if dist else None


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


def fmt_count(v):
    """A count (served periods): whole numbers as such."""
    return "–" if v is None else (f"{v:.0f}" if float(v).is_integer() else fmt(v))


def cell_str(vals, base=None, of=None, count=False, est=None):
    """`estimate ±sd`: EST (estimate(); the mean of VALS where None), the sd of the per-run
    VALS, `(pct)` against BASE. COUNT: a count (served periods), `est/OF` where OF (the
    periods expected) is known."""
    m, sd = mean_sd(vals)
    if est is not None:
        m = est
    if m is None:
        return "–"
    s = fmt_count(m) if count else fmt(m)
    if of is not None:
        s += f"/{of}"
    if len(vals) > 1:
        s += f" ±{fmt(sd)}"
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
        """The runs of each column (VARIANTS) of a row; None where the row has no such cell.
        base is the default cell's, fifo the workload's floor cell's (on the foreground -20
        rows: its background is default whatever the row's level), a peer's the default
        cell's too, on the rows whose background is default (what the peer ran next to)."""
        cell = (wl, fg, bg)
        floor = FIFO_FLOOR.get(wl)
        dflt = (wl, *default_cell(wl))

        def col(variant, c=cell):
            return self.select(topo, *c[:1], variant, *c[1:]) if runs_on(c, variant, topo) else None
        return {
            "base": self.select(topo, wl, "base", *default_cell(wl)),
            **{v: col(v) for v in SLICES},
            "nice": col("nice"),
            "schedqos": col("schedqos"),
            "fifo": col("fifo", (wl, *floor)) if floor and fg == floor[0] else None,
            **{v: col(v, dflt) if is_default(bg) else None for v in PEERS},
            "nocredit": col("nocredit"),
            "ln": self.select(topo, wl, "ln", fg, bg),
            "nofeat": col("nofeat"),
            "norun": col("norun"),
            **{v: col(v) for v in GROUP_VARIANTS},
        }


def expected_of(runs):
    """The periods cyclictest runs (the requests sweep runs) should have served, where they
    say so and agree."""
    exp = {r["figures"].get("expected_periods", r["figures"].get("expected_requests")) for r in runs or []}
    return exp.pop() if len(exp) == 1 and None not in exp else None


def metric_row(label, cols, fn, served=False):
    """A row: LABEL, then per column its cell (None where the row has no such column), the
    pct against base. SERVED: the cells read served/expected."""
    bvals = per_rep(cols["base"], fn)
    bmean = estimate(cols["base"], fn)
    cells = {"base": served_cell(bvals, None, cols["base"]) if served
             else cell_str(bvals, est=bmean)}
    for v in VARIANTS[1:]:
        rs = cols[v]
        if rs is not None:
            vals = per_rep(rs, fn)
            cells[v] = (served_cell(vals, bmean, rs) if served
                        else cell_str(vals, bmean, est=estimate(rs, fn)))
        else:
            cells[v] = None
    return [label, cells]


def served_cell(vals, base, runs):
    """cell_str() of served periods: served/expected."""
    return cell_str(vals, base, expected_of(runs), count=True)


def metric_table(rows):
    """The rows of metric_row() under the columns that exist for any of them; base, custom
    slice ("= base" where a row sets no level) and latency_nice always."""
    shown = [v for v in VARIANTS if v in ("base", "slice", "ln") or any(c[v] is not None for _, c in rows)]
    head = [""]
    for v in shown:
        title = "latency_nice (credit)" if v == "ln" and "nocredit" in shown else VARIANT_TITLE[v]
        head.append(title if v == "base" else f"{title} (pct)")
    body = [[label] + [c[v] if c[v] is not None else ("= base" if v == "slice" else "") for v in shown]
            for label, c in rows]
    return table(head, body)


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


_HISTS = {}


def run_hist(samples):
    """{value: count} of a run's samples (cached like run_stats())."""
    hit = _HISTS.get(id(samples))
    if hit is None or hit[0] is not samples:
        h = {}
        for v in samples:
            h[v] = h.get(v, 0) + 1
        hit = _HISTS[id(samples)] = (samples, h)
    return hit[1]


def lat_fn(key, stat):
    def fn(r):
        s = r["samples"].get(key)
        return run_stats(s)[stat] if s else None
    if stat == "n":
        # A count per run (served periods): its estimate is the mean of the runs.
        return Metric(fn)
    return Metric(fn, lambda runs: pooled_stat(runs, key, stat), key, stat)


def fig_fn(key):
    return Metric(lambda r: r["figures"].get(key))


# cyclictest's served periods: one sample per period it ran in (a late wakeup skips the
# periods it missed).
served_fn = lat_fn("wakeup_us", "n")
# cyclictest's CPU time per period served (µs; its whole process: the main thread sleeps).
cpu_per_period_fn = Metric(lambda r: r["figures"]["cpu_ms"] * 1000 / len(r["samples"]["wakeup_us"])
                           if "cpu_ms" in r["figures"] and r["samples"].get("wakeup_us") else None)
# The sweep's served requests: those the worker finished (a request posted while the last
# one waits replaces it).
requests_fn = fig_fn("requests")


def cyclictest_rows(d, topo, wl, load="hackbench", cpu=False):
    """served/min/avg/p99/p99.9/max of every cell of a cyclictest workload (CPU: and its CPU
    time per period); LOAD names its background."""
    rows = []
    for fg, bg in cells_of(wl, topo):
        cols = d.columns(topo, wl, fg, bg)
        lab = f"LN {lvl(fg)}" if bg == "-" else f"{load} {lvl(bg)}, cyclictest {lvl(fg)}:"
        rows.append(metric_row(f"{lab} served", cols, served_fn, served=True))
        for st in ("min", "avg", "p99", "p99.9", "max"):
            rows.append(metric_row(f"{lab} {st}", cols, lat_fn("wakeup_us", st)))
        if cpu:
            rows.append(metric_row(f"{lab} cpu µs/period", cols, cpu_per_period_fn))
    return rows


def schbench_rows(d, topo, wl, load="hackbench"):
    """Wakeup and request percentiles and rps of every cell of a schbench workload."""
    rows = []
    for fg, bg in cells_of(wl, topo):
        cols = d.columns(topo, wl, fg, bg)
        lab = f"schbench {lvl(fg)}" + ("" if bg == "-" else f", {load} {lvl(bg)}")
        for key in ("wakeup_us", "request_us"):
            for st in ("p50", "p90", "p99", "p99.9"):
                rows.append(metric_row(f"{lab}: {key.split('_')[0]} {st}", cols, lat_fn(key, st)))
        rows.append(metric_row(f"{lab}: rps", cols, fig_fn("rps")))
    return rows


def sweep_rows(d, topo):
    """Per work per wakeup W: wakeup p50/p99/p99.9, request p99 and requests served (of those
    posted) of both cells of the sweep."""
    rows = []
    for w, wl in SWEEP:
        for fg, bg in cells_of(wl, topo):
            cols = d.columns(topo, wl, fg, bg)
            lab = f"{w} µs, schbench {lvl(fg)}:"
            for st in ("p50", "p99", "p99.9"):
                rows.append(metric_row(f"{lab} wakeup {st}", cols, lat_fn("wakeup_us", st)))
            rows.append(metric_row(f"{lab} request p99", cols, lat_fn("request_us", "p99")))
            rows.append(metric_row(f"{lab} requests", cols, requests_fn, served=True))
    return rows


def milder_note(wl, topo):
    """[the line before a cyclictest table whose rows hold the milder levels (HEADLINE_LEVELS)],
    [] where it has none."""
    levels = [lv.replace("-", "−") for lv in HEADLINE_LEVELS if (lv, "0") in cells_of(wl, topo)]
    if not levels:
        return []
    return [f"The rows with cyclictest at {' and '.join(levels)} (the background default, latency_nice "
            "alone against base): how much of −20's effect a milder level keeps.\n"]


def read_line(resdir, name):
    """The first line of RESULTS_DIR/name, "?" if there is none."""
    try:
        with open(os.path.join(resdir, name)) as f:
            return f.readline().strip() or "?"
    except OSError:
        return "?"


def report(resdir, runs, meta, tags, problems):
    d = Data(runs)
    host = read_kv(os.path.join(resdir, "host.txt"))
    clock = clock_of(resdir, meta)
    topos = sorted({r["topology"] for r in runs}, key=lambda t: (t != "flat", t))
    anymeta = next(iter(meta.values()), {})
    params = anymeta.get("D", "")  # meta.txt's "D=4 REPS_JUDGED=5 ..." line, after "D="
    md = []
    md.append("# make bench report\n")
    md.append(f"Profile **{anymeta.get('profile', '?')}** (D={params}); base "
              f"{read_line(resdir, 'base-version')}, series at `{read_line(resdir, 'series-commit')}`; "
              f"run order seed {read_line(resdir, 'seed')} (the matrix: `bench-matrix`).\n")
    md.append(f"Clock: **{CLOCK_TEXT[clock]}**" + (
        ". Every time below is the guest's virtual time (the units say \"virtual\"): a latency "
        "counts the instructions retired while the task waited, a thousand to the virtual "
        "microsecond, not the host's time.\n" if clock == "virtual" else
        ": every time below is the guest's, which the host's load stretches.\n"))
    md.append("Cells read `estimate ±sd`: a latency statistic is that of the pooled samples of "
              "all the column's runs (max: the worst sample seen), a figure (rps, time, served) the "
              "mean of its runs; `±sd` is the spread of the per-run values. Repeats: REPS_JUDGED for "
              "the cells a target is judged on, REPS_EXPLORE for the others; every loaded run with a "
              "fresh background (BG_WARM s warm), the runs of a round in a seeded random order. "
              "`(pct)` is "
              "the change against the base column of the same row: **negative is better** for "
              "times and latencies, positive for rps and served periods. Columns: \"base\" = the "
              "base kernel, nothing set; \"custom slice\" = the base kernel with mainline's custom "
              "slice where the row sets a level (−20 → 0.1 ms, 19 → 100 ms), \"= base\" where the row "
              "sets nothing; \"slice 0.3/1/3 ms\" = the same with that slice where the row sets −20 "
              "(the longer requests a user would try next; the best of the four is a target's \"best "
              "custom slice\"); \"nice −5\" = the base kernel with the foreground at nice −5 where "
              "the row sets −20; \"SCHED_FIFO\" = the base kernel with the foreground at SCHED_FIFO 1 and "
              "the background at default: the floor of the rows with the foreground at −20 (one "
              "cell per workload, shown in each of its −20 rows); \"latency_nice, no credit\" = the series with "
              "`NO_LATENCY_CREDIT` (the series without the credit), wherever a task at −20 meets load; "
              "\"schedqos\" = the base kernel with the foreground at nice −4 and an 8 ms slice where "
              "the row sets −20; \"scx_lavd\", \"scx_bpfland\" = the peers, sched_ext schedulers on "
              "the base kernel, nothing set (the default cell's runs, on each row whose background is "
              "default); "
              "\"latency_nice\" = the series with the levels of the row (\"(credit)\" where the "
              "no-credit column stands beside it); \"feats off\" = the series with "
              "`NO_LATENCY_OFFSET` (the request-size mapping alone), on the "
              "rows where latency_nice meets load; \"no run-on\" = the series with `NO_LATENCY_RUN` "
              "on the −20 rows where a wakee meets load; \"group's cpu.latency.nice\" = the series with the "
              "service's cgroup at the row's level and its task at 0, \"group's and task's\" = both (the "
              "groups regimes only). A table shows the columns that exist for its "
              "rows; all come from this one run of make bench.\n")
    md.append("Load regimes (the foreground: cyclictest or schbench-rs): **seed-scaled** "
              "(`hackbench -g 1 -f 3·CPUs/2`, seed 000's ~3 tasks per CPU; cyclictest -i 1000), "
              "**light task under overload** (160 hackbench tasks; cyclictest -i 50000 for LIGHT_S s (2·D, or 6 where D = 2 on the virtual clock), "
              "its demand under its share), **overload** (160 hackbench tasks, -i 1000: demand far "
              "above share, which no fair policy can serve), "
              "**different sessions** (seed-scaled, the background and the foreground each in a "
              "session of its own: with autogroup they meet as two group entities). cyclictest's "
              "`served` = the periods it ran in (samples) / the periods of the run "
              "(duration / interval); every cyclictest latency stands with it (in the tables, the "
              "`served` row opens each cell's rows, the same column; elsewhere beside the figure): "
              "a p99 over a fraction of the periods is not comparable to one over nearly all. "
              "The **work-per-wakeup sweep** (flat only): schbench-rs with "
              "one worker doing 50 µs, 500 µs or 2 ms of work per request, a request every 10 ms, "
              "next to the seed-scaled load; `requests` = the requests served / the requests of "
              "the run (duration / 10 ms). The **groups regimes** (flat only) put cyclictest in a service's "
              "cgroup (cgroup v2, cpu controller, equal weights) next to the seed-scaled load in other "
              "groups: two groups, nine, one shared with the service's own workers, and systemd's tree.\n")
    aa = aa_rows(d, topos)
    aa_bad = aa_failed(aa)
    hrows, family, wins = headline(d, topos, aa_bad)
    hn = len(family)
    md.append("## Headline\n")
    md.append("Per regime, the wakeup p99 (µs) of cyclictest at latency_nice −20 on the series "
              "(background default), and for each comparator its own p99 (base: nothing set; best "
              "slice: the lowest of the custom-slice columns, chosen inside each resample; scx_lavd "
              "and scx_bpfland: the peers, nothing set; schedqos: nice −4 with an 8 ms slice; "
              "SCHED_FIFO: the foreground at FIFO 1) and latency_nice's over it, `ratio× (95 % "
              "interval; p_H), verdict`; beside each peer, base's p99 over the peer's (\"base vs\"). "
              "Every p99 stands with the periods its column served of those of the run "
              "(`served/expected`): a p99 over a fraction of the periods is not comparable to one "
              "over nearly all. The rows at −9 and −7 (where the matrix runs them) set those levels "
              "instead of −20, against base alone. Throughput rows: the time of latency_nice 0 "
              "(every task at default) over the comparator's, and base's over each peer's, lower is "
              "better. Every comparison is across kernels, so the unit is the boot (each kernel's "
              "boots resampled, then runs within them; the expanded percentile interval: see "
              f"Targets; {BOOT_B} seeded resamples).\n")
    md.append(f"The verdicts are one family: the {hn} comparisons of this table that drew an "
              "interval (latency_nice against each comparator, base against each peer, the −9 and "
              "−7 rows), corrected together by Holm–Bonferroni's step-down at a family-wise error "
              f"rate of {FAMILY_ALPHA}. Each comparison's p is its two-sided bootstrap achieved "
              "significance level (twice the smaller of the shares of resamples ≤ 1 and ≥ 1) taken "
              "through the interval's own expansion, p = 2·(1 − T_{n−1}(z·√((n−1)/n))) with z "
              "the normal quantile at 1 − ASL/2: p < 0.05 where the 95 % interval excludes 1. "
              "`p_H` is Holm's adjusted p. **LN better** (the interval below 1) or **LN worse** "
              "(above), **base better** or **peer better** in a base-vs-peer column, only where "
              f"the interval excludes 1 and p_H ≤ {FAMILY_ALPHA}; otherwise **no difference "
              "resolved (Holm)**, with what the interval says alone where it excludes 1."
              + resolution_text(family) + "\n")
    md.append(table(["topology", "regime", "LN", *(HEADLINE_TITLE.get(k, VARIANT_TITLE.get(k, k))
                                                   for k in HEADLINE_COLUMNS)], hrows) + "\n")
    peer_cols = [3 + i for i, k in enumerate(HEADLINE_COLUMNS) if k in PEERS or k.startswith("base/")]
    if any(r[i] != "–" for r in hrows for i in peer_cols):
        md.append("On this test bed (2 vCPUs under QEMU TCG) the comparison with the peers measures how "
                  "the sched_ext schedulers behave on an emulated 2-vCPU guest: where base beats a peer "
                  "by the same factor as latency_nice does, the difference is the peer's on this bed, "
                  "not latency_nice's. The peers ran in boots of their own (the base image booted "
                  "as a fourth kernel), so base against a peer is a comparison across boots as "
                  "latency_nice against one is. " + peer_wins_text(wins, aa_bad) + "\n")
    md.append("### A/A control: the base kernel against itself\n")
    if aa:
        npass = sum(r[-1] == "no difference" for r in aa)
        md.append("The base kernel's image also booted as a third kernel (control) in every block, "
                  "its aa column nothing set on the cells below; its boots also ran every column base's "
                  "boots ran (pooled nowhere: what a boot ran before a run moves the tails, so the control "
                  "does what base does), and neither it nor base ever loaded a "
                  "sched_ext scheduler (the peers ran in boots of their own); control/base of the headline's "
                  "figure with the same interval as every comparison across kernels. Where every "
                  "row says **no difference**, the A/A did not fail, which is all it can say: with "
                  "five boots a kernel it has little power (the width of each interval below is what "
                  "two kernels that are one image may differ by unresolved); where one resolves a difference "
                  "(or draws no interval), every verdict of the headline reads \"unresolved (the A/A "
                  f"control failed; alone: …)\". {npass} of {len(aa)} rows say no difference; with "
                  f"{len(aa)} intervals of 95 %, all hold by chance alone with probability about "
                  f"{0.95 ** len(aa):.2f} when the method is right.\n")
        md.append(table(["topology", "cell", "metric", "base", "control", "control/base (95 % CI)", "says"],
                        aa) + "\n")
    else:
        md.append("This run had no A/A control (no aa column ran): the verdicts across kernels above "
                  "are unchecked.\n")
    md.append("## Setup\n")
    md.append(table(["", ""], [
        ["host", f"{host.get('host_cpu', '?')}, {host.get('host_cores', '?')} cores, {host.get('host_mem_gib', '?')} GiB"],
        ["QEMU", f"{host.get('qemu', '?')}; TCG (no KVM)"],
        ["clock", CLOCK_TEXT[clock] + (f" ({host['qemu_accel']})" if host.get("qemu_accel") else "")
         + (f"; {host['parallel_guests']} guests at once" if host.get("parallel_guests") else "")],
        *([t, host.get(f"qemu_{t}", "")] for t in topos),
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

    sched_args = "-m 1 -t 2 -w 100 -s 5000; µs, rps"
    for topo in topos:
        md.append(f"## Topology `{topo}`\n")
        md.append("### Throughput (lower is better)\n")
        rows = []
        for wl, key, unit in (("hackbench", "time_s", "s"), ("messaging", "time_s", "s"),
                              ("pipe", "usecs_per_op", "µs/op"), ("pipe-pinned", "usecs_per_op", "µs/op")):
            # A focused matrix (a test's, a run of some workloads) may lack any of them.
            for fg, bg in CELLS.get(wl, []):
                rows.append(metric_row(f"{wl} LN {lvl(fg)} ({unit})", d.columns(topo, wl, fg, bg), fig_fn(key)))
        md.append(metric_table(rows) + "\n")

        if cells_of("cyclictest-idle", topo):
            md.append("### cyclictest --policy other, idle VM (the floor; µs)\n")
            md.append(metric_table(cyclictest_rows(d, topo, "cyclictest-idle")) + "\n")
        if cells_of("schbench-idle", topo):
            md.append(f"### schbench-rs alone ({sched_args})\n")
            md.append(metric_table(schbench_rows(d, topo, "schbench-idle")) + "\n")

        md.append("### Seed-scaled regime: cyclictest -i 1000, background level × cyclictest level (µs)\n")
        md.append("Background `hackbench -g 1 -f 3·CPUs/2` (~3 tasks per CPU) at 19, default and −20 "
                  "× cyclictest at default and −20, and at 19 (the cost side of a deprioritised "
                  "task) next to the default and the −20 background; numa and the Zen3 layouts: "
                  "the background at default only. "
                  "`served` = periods served / periods of the run (a starved cyclictest serves "
                  "fewer).\n")
        md += milder_note("cyclictest-seed", topo)
        md.append(metric_table(cyclictest_rows(d, topo, "cyclictest-seed", load="seed load")) + "\n")
        md.append(f"### Seed-scaled regime: schbench-rs ({sched_args})\n")
        md.append(metric_table(schbench_rows(d, topo, "schbench-seed", load="seed load")) + "\n")

        if cells_of("cyclictest-light", topo):
            md.append("### Light task under overload: cyclictest -i 50000 next to 160 hackbench tasks (µs)\n")
            md.append("The period is long enough that cyclictest's demand (~200 µs of CPU per wakeup "
                      "under TCG) stays under half its share: a fair policy can serve every period.\n")
            md += milder_note("cyclictest-light", topo)
            md.append(metric_table(cyclictest_rows(d, topo, "cyclictest-light")) + "\n")

        if cells_of("cyclictest-hackbench", topo):
            md.append("### Overload regime: cyclictest -i 1000 under 160 hackbench tasks (µs)\n")
            md.append("Rows: background hackbench level × cyclictest level. Demand far above "
                      "share: no fair policy can serve every period.\n")
            md.append(metric_table(cyclictest_rows(d, topo, "cyclictest-hackbench")) + "\n")
        if cells_of("schbench-hackbench", topo):
            md.append(f"### Overload regime: schbench-rs with hackbench in the background ({sched_args})\n")
            md.append(metric_table(schbench_rows(d, topo, "schbench-hackbench")) + "\n")

        md.append("### Different sessions (autogroup): cyclictest -i 1000 and the seed-scaled load, "
                  "each in its own session (µs)\n")
        md.append("`setsid` puts each in an autogroup of its own: the two meet only as two group "
                  "entities.\n")
        md.append(metric_table(cyclictest_rows(d, topo, "cyclictest-sessions", load="seed load")) + "\n")

        for name, wl in GROUP_REGIMES:
            if not cells_of(wl, topo):
                continue
            md.append(f"### Servers, {name}: cyclictest -i 1000 in a service's cgroup (µs)\n")
            md.append(GROUP_REGIME_TEXT[name] + " Columns: latency_nice = the task's (its group at 0); "
                      "group's cpu.latency.nice = the service's group at the row's level, its task at 0; "
                      "group's and task's = both.\n")
            md += milder_note(wl, topo)
            md.append(metric_table(cyclictest_rows(d, topo, wl, load="load", cpu=True)) + "\n")
        rows = group_way_rows(d, [topo])
        if rows:
            md.append("### Servers: −20 set three ways against nothing set\n")
            md.append("The series, the same cells: cyclictest at latency_nice −20 in a group at 0 (the task's), "
                      "at 0 in a group at −20 (the group's `cpu.latency.nice`), and both, each against "
                      "cyclictest at 0 in a group at 0; `−20/0` is the ratio of the estimates with its 95 % "
                      "bootstrap interval (the runs resampled); **−20 better** or **−20 worse** where it "
                      "excludes 1 (served: higher is better; latencies: lower).\n")
            md.append(table(["topology", "regime", "set", "metric", "nothing set", "−20 (pct)", "−20/0 (95 % CI)",
                             "says"], rows) + "\n")

        if any(cells_of(wl, topo) for _, wl in SWEEP):
            md.append("### Work per wakeup (schbench-rs, one worker, 10 ms sleep, seed-scaled "
                      "background; flat)\n")
            md.append("`schbench-rs -m 1 -t 1 -w W -s 10000` next to `hackbench -g 1 -f 3·CPUs/2`: "
                      "a periodic task doing W µs of work every ~10 ms (at W = 2 ms ~17 % of a CPU, "
                      "under its ~25 % share). Latencies in µs; `requests` = served / posted "
                      "(duration / 10 ms: the message thread posts every 10 ms whatever W).\n")
            md.append(metric_table(sweep_rows(d, topo)) + "\n")
            md.append(f"![work per wakeup, {topo}](plots/{topo}-sweep.png)\n")

        if "two-hogs" in CELLS:
            md.append("### Seed 004: two CPU hogs on one CPU (stress-ng --cpu 1 --taskset 0)\n")
            md.append("Pairs: both default; then hog A at −20 (0.1 ms slice) and hog B at 19 (100 ms). "
                      "Runtime, switches, average and maximum wait from schedstats.\n")
        rows = []
        for fg, bg in CELLS.get("two-hogs", []):
            cols = d.columns(topo, "two-hogs", fg, bg)
            for who, lab in (("fg", f"hog A ({lvl(fg)})"), ("bg", f"hog B ({lvl(bg)})")):
                for key in ("runtime_ms", "switches", "avg_delay_ms", "max_delay_ms"):
                    rows.append(metric_row(f"{lab} {key}", cols, fig_fn(f"{who}_{key}")))
        if rows:
            md.append(metric_table(rows) + "\n")

        if cells_of("cyclictest-hog", topo):
            md.append("### cyclictest next to a CPU hog on its CPU (-i 1000, both pinned; µs)\n")
            md.append("The waker asks for the CPU every millisecond while the hog holds it: the wait "
                      "is the hog's protected slice unless the waker preempts (latency-offset "
                      "preemption at −20).\n")
            md.append(metric_table(cyclictest_rows(d, topo, "cyclictest-hog", load="hog")) + "\n")

        if cells_of("fifo-burst", topo):
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
            md.append(metric_table(rows) + "\n")

        if cells_of("cyclictest-hackbench", topo):
            md.append(f"![cyclictest p99 under hackbench, {topo}](plots/{topo}-cyclictest-hackbench-p99.png)\n")
        md.append(f"![wakeup latency percentiles, {topo}](plots/{topo}-percentiles.png)\n")
        md.append(f"![wakeup latency histograms, {topo}](plots/{topo}-histograms.png)\n")
        md.append(f"![schbench-rs, {topo}](plots/{topo}-schbench.png)\n")
        md.append(f"![throughput, {topo}](plots/{topo}-throughput.png)\n")

    md.append("## Targets, from this run\n")
    md.append("Reported, never asserted (`--check` judges no figure). The load regimes' rows compare the "
              "foreground −20 row (background default) of each regime and of each work per wakeup "
              "of the sweep with its row at 0 and with SCHED_FIFO. Each target's quantity (a ratio, "
              "or a change in %) is computed from the estimates, with a 95 % bootstrap interval "
              f"({BOOT_B} seeded resamples): **met** where the interval "
              "lies on the target's side of its bound, **missed** where it lies on the other, "
              "**unresolved** where it spans the bound or a column has fewer than 3 runs (PROFILE=full runs "
              "5 of every cell a target reads). The unit resampled is the run within one kernel "
              "(−20 against 0) and the boot across kernels (against base, a slice, SCHED_FIFO: "
              "each kernel's boots resampled, the same draw for all its columns, then runs within them; "
              "fewer than 3 boots of a kernel, no interval). With 5 units the plain percentile interval is "
              "too narrow; each is the expanded percentile interval (Hesterberg 2015: the "
              "percentiles α′/2 and 1 − α′/2, α′ = 2Φ(−√(n/(n−1))·t₀.₉₇₅,ₙ₋₁), 0.1 % and "
              "99.9 % for n = 5). \"Never worse\" is "
              f"non-inferiority with a margin (served or requests ≥ {NEVER_WORSE_COUNT}×, p99 ≤ "
              f"{NEVER_WORSE_P99}× of the reference's); the best custom slice is chosen inside each "
              "resample; a maximum is read plain, without an interval or a verdict.\n")
    rows = targets(d, topos)
    md.append(table(["topology", "target", "figure", "verdict"], rows) + "\n")
    md.append(expected_misses(rows) + "\n")
    md.append("## sched_feat defaults against themselves\n")
    md.append("Each sched_feat's default is judged on every cell its off column runs, not only the "
              "favourable ones: `off/on` is the ratio of the estimates with its 95 % bootstrap "
              "interval (the runs of both columns resampled), and the row says **on better** or "
              "**off better** where the interval excludes 1 (served, requests, rps and first ‰: "
              "higher is better; times and waits: lower), **no difference resolved** where it "
              "spans 1 or a column has fewer than 3 runs. The first line of each section counts "
              "the rows.\n")
    for title, intro, cells, off, on_name in (
            ("LATENCY_OFFSET on (default) vs off", "Same kernel, same cell; `(pct)` is off against "
             "on (negative: off is lower).", FEATS_OFF, "nofeat", "feats"),
            ("LATENCY_CREDIT on (default) vs off", "Same kernel, same cell, the other sched_feats on; "
             "`(pct)` is off against on (negative: off is lower).", NOCREDIT, "nocredit", "credit"),
            ("LATENCY_RUN on (default) vs off", "Same kernel, same cell, latency_nice −20, the other "
             "sched_feats on; `(pct)` is off against on (negative: off is lower). Run-on keeps a "
             "picked −20 task on the CPU for the base slice against the load, past the end of its "
             "0.1 ms request.", RUN_ON_OFF, "norun", "run-on")):
        rows = on_off_rows(d, topos, cells, off)
        md.append(f"### {title}\n")
        md.append(f"{intro} What the rows say of the default: {on_off_tally(rows)}.\n")
        md.append(table(["topology", "cell", "metric", f"{on_name} on", f"{on_name} off (pct)",
                         "off/on (95 % CI)", "says"], rows) + "\n")
    text = "\n".join(md)
    # Under the virtual clock every µs of the report (a latency, a wait, a work per wakeup, a
    # cost per operation: all measured or set in the guest) is a virtual one: every unit says so.
    return text.replace("µs", "virtual µs") if clock == "virtual" else text


# The figures that decide an on/off cell of a sched_feat; (name, fn, served?).
CYC_METRICS = [("served", served_fn, True), ("avg µs", lat_fn("wakeup_us", "avg"), False),
               ("p99 µs", lat_fn("wakeup_us", "p99"), False)]
SCHBENCH_METRICS = [("wakeup p99 µs", lat_fn("wakeup_us", "p99"), False),
                    ("request p99 µs", lat_fn("request_us", "p99"), False), ("rps", fig_fn("rps"), False)]
FEAT_METRICS = {
    "hackbench": [("time s", fig_fn("time_s"), False)],
    "two-hogs": [("hog A avg wait ms", fig_fn("fg_avg_delay_ms"), False),
                 ("hog A max wait ms", fig_fn("fg_max_delay_ms"), False),
                 ("hog A switches", fig_fn("fg_switches"), False)],
    "fifo-burst": [("first ‰", fig_fn("first_permille"), False), ("avg wait µs", fig_fn("avg_delay_us"), False)],
}
SWEEP_METRICS = [("wakeup p99 µs", lat_fn("wakeup_us", "p99"), False),
                 ("request p99 µs", lat_fn("request_us", "p99"), False), ("requests", requests_fn, True)]


def feat_metrics(wl):
    """The figures that decide an on/off cell of WL (any workload of the matrix read)."""
    if re.fullmatch(r"schbench-w\d+", wl):
        return SWEEP_METRICS
    if wl.startswith("cyclictest"):
        return CYC_METRICS
    if wl.startswith("schbench"):
        return SCHBENCH_METRICS
    return FEAT_METRICS.get(wl, [])


def matrix_order(cells):
    """(workload, fg, bg) cells in the order of CELLS."""
    wls = list(CELLS)
    return sorted(cells, key=lambda c: (wls.index(c[0]), CELLS[c[0]].index(c[1:])))


# Which way a figure of an on/off row is better: higher for what is served or done, lower for
# times and waits; neither for the hogs' switches (more switches: shorter waits, more cost).
HIGHER_BETTER = {"served", "requests", "rps", "first ‰"}
NEUTRAL = {"hog A switches"}


def on_off_says(name, cond):
    """What a feature's on/off row says of the default (on): "on better", "off better", "no
    difference resolved" (the interval of off/on spans 1, or fewer than MIN_RUNS runs), or,
    for a figure neither way is better for, "off higher"/"off lower"."""
    if cond.point is None:
        return "–"
    # A row with no interval (a single run, or fewer than MIN_RUNS) says nothing either way:
    # counted apart, not among the rows that resolved nothing.
    if cond.ci is None:
        return "no interval"
    if cond.ci[0] <= 1 <= cond.ci[1]:
        return "no difference resolved"
    off_higher = cond.ci[0] > 1
    if name in NEUTRAL:
        return "off higher" if off_higher else "off lower"
    return "on better" if off_higher != (name in HIGHER_BETTER) else "off better"


def on_off_rows(d, topos, cells, off):
    """ln against the OFF variant (a sched_feat off) on each of CELLS: both estimates, the
    ratio off/on with its bootstrap interval, and what the row says of the default."""
    rows = []
    for topo in topos:
        if not runs_variant(off, topo):
            continue
        for wl, fg, bg in matrix_order(cells):
            if (fg, bg) not in cells_of(wl, topo):
                continue
            on = d.select(topo, wl, "ln", fg, bg)
            offr = d.select(topo, wl, off, fg, bg)
            cell = f"{wl} {lvl(fg)}" + ("" if bg == "-" else f" / bg {lvl(bg)}")
            for name, fn, served in feat_metrics(wl):
                onv, offv = per_rep(on, fn), per_rep(offr, fn)
                onm = estimate(on, fn)
                c = Cond([offr, on], [fn, fn], quotient)
                ci = c.interval().replace("95 % CI ", "") if c.ci else "–"
                vs = f"{ratio(c.point, 1) if c.point is not None else '–'} ({ci})"
                if served:
                    rows.append([topo, cell, name, served_cell(onv, None, on), served_cell(offv, onm, offr),
                                 vs, on_off_says(name, c)])
                else:
                    rows.append([topo, cell, name, cell_str(onv, est=onm),
                                 cell_str(offv, onm, est=estimate(offr, fn)), vs, on_off_says(name, c)])
    return rows


def group_way_rows(d, topos):
    """Per groups regime, each way of setting −20 there (the task's latency_nice, the group's
    cpu.latency.nice, both) against nothing set (latency_nice 0, the series: the same kernel,
    so the run is the unit): served, avg and p99, the ratio −20/0 with its bootstrap interval
    and what it says ("−20 better", "−20 worse", "no difference resolved")."""
    rows = []
    for topo in topos:
        for name, wl in GROUP_REGIMES:
            if not cells_of(wl, topo):
                continue
            r0 = d.select(topo, wl, "ln", "0", "0")
            for v in ("ln", "group", "group-task"):
                if not runs_on((wl, "-20", "0"), v, topo):
                    continue
                rv = d.select(topo, wl, v, "-20", "0")
                if not r0 and not rv:      # a focused run that left the regime out
                    continue
                for metric, fn, served in CYC_METRICS + [("cpu µs/period", cpu_per_period_fn, False)]:
                    c = Cond([rv, r0], [fn, fn], quotient)
                    ci = c.interval().replace("95 % CI ", "") if c.ci else "–"
                    says = on_off_says(metric, c).replace("on better", "−20 worse").replace("off better", "−20 better")
                    v0, vv = per_rep(r0, fn), per_rep(rv, fn)
                    m0 = estimate(r0, fn)
                    cells = ([served_cell(v0, None, r0), served_cell(vv, m0, rv)] if served else
                             [cell_str(v0, est=m0), cell_str(vv, m0, est=estimate(rv, fn))])
                    rows.append([topo, name, VARIANT_TITLE[v] if v != "ln" else "task's latency_nice", metric,
                                 *cells, f"{ratio(c.point, 1) if c.point is not None else '–'} ({ci})", says])
    return rows


def on_off_tally(rows):
    """One line of what ON_OFF_ROWS say of the default, counted over their rows."""
    says = [r[-1] for r in rows if r[-1] != "–"]
    counts = {k: says.count(k) for k in dict.fromkeys(says)}
    return (f"{len(says)} rows: " + ", ".join(f"{k} {v}" for k, v in counts.items())) if says else "no rows"


def ratio(a, b):
    """a/b formatted, "–" where either is missing or b is 0."""
    return fmt(a / b) if a is not None and b else "–"


INF = float("inf")


class Cond:
    """One condition of a target: QUANTITY = COMBINE(estimate(column, fn)...) must lie in
    [LO, HI]. Its point value, its bootstrap interval (boot_ci()) and its verdict: met where
    the interval lies inside [LO, HI], missed where it lies outside, unresolved where it
    spans a bound or cannot be drawn (a column with fewer than MIN_RUNS runs)."""

    def __init__(self, groups, fns, combine, lo=-INF, hi=INF, strict=False):
        self.point = None
        self.strict = strict
        if all(groups) and len(groups) == len(fns):
            ests = [estimate(g, fn) for g, fn in zip(groups, fns)]
            self.point = None if None in ests else combine(*ests)
        self.dist = boot_dist(groups, fns, combine) if self.point is not None else None
        self.ci = dist_ci(self.dist) if self.dist else None
        self.lo, self.hi = lo, hi

    def p(self, null=1.0):
        """The p-value of the quantity against NULL (dist_p()); None without an interval."""
        return dist_p(self.dist, null) if self.dist else None

    def verdict(self):
        if self.point is None:
            return None
        if self.ci is None:
            return "unresolved"
        lo, hi = self.ci
        if self.strict:     # the open interval (LO, HI): a ratio of 1 is not "below"
            inside, outside = self.lo < lo and hi < self.hi, hi <= self.lo or lo >= self.hi
        else:
            inside, outside = self.lo <= lo and hi <= self.hi, hi < self.lo or lo > self.hi
        if inside:
            return "met"
        if outside:
            return "missed"
        return "unresolved"

    def interval(self, unit="×", scale=1.0, signed=False):
        if self.ci is None:
            return f"no interval (fewer than {MIN_RUNS} runs, or boots across kernels)"
        f = (lambda v: f"{v * scale:+.1f}") if signed else (lambda v: fmt(v * scale))
        return f"95 % CI {f(self.ci[0])}…{f(self.ci[1])}{unit}"


def expected_misses(rows):
    """The line under the Targets table: how many of its intervals may miss by chance."""
    n = sum(r[2].count("95 % CI") for r in rows)
    return (f"The table holds {n} intervals, each a 95 % one with no correction for the others: about "
            f"{n * 0.05:.1f} of them are expected to miss their true value by chance alone, so a "
            f"verdict that stands alone, unrepeated, may be one of those.")


def judge(*conds):
    """The verdict of a target made of CONDS: missed if one is missed, met if all are met,
    unresolved otherwise; "–" where a column has no data."""
    vs = [c.verdict() for c in conds]
    if None in vs:
        return "–"
    if "missed" in vs:
        return "missed"
    return "met" if all(v == "met" for v in vs) else "unresolved"


def tenfold_rows(topo, d, wl, what):
    """LN −20 cyclictest p99 of WL (background default) ≥ 10× lower than base and ≤ 0.5× the
    best custom slice of the foreground."""
    p99 = lat_fn("wakeup_us", "p99")
    cols = d.columns(topo, wl, "-20", "0")
    b, l = estimate(cols["base"], p99), estimate(cols["ln"], p99)
    c = Cond([cols["base"], cols["ln"]], [p99, p99], quotient, lo=10)
    rows = [[topo, f"LN −20 cyclictest p99 {what} ≥ 10× lower than base",
             f"{fmt(b)} → {fmt(l)} µs ({ratio(b, l)}×; {c.interval()}; "
             f"{served_pair(cols['base'], cols['ln'], wl)})",
             judge(c)]]
    # The best slice is chosen inside each bootstrap resample (the quantity is LN's p99 over
    # the lowest of the slices' p99s), not once by point estimate outside it: choosing outside
    # would give the chosen column's luck to every resample. The name shown is the point
    # estimate's best.
    slices = [v for v in SLICES if cols[v]]
    best = min(slices, key=lambda v: estimate(cols[v], p99) or INF, default=None)
    sv = estimate(cols[best], p99) if best else None
    c = Cond([cols["ln"], *(cols[v] for v in slices)] if slices else [cols["ln"], []],
             [p99] * (1 + max(len(slices), 1)), over_best, hi=0.5)
    rows.append([topo, "… and ≤ 0.5× the best custom slice",
                 f"{fmt(l)} vs {fmt(sv)} µs ({VARIANT_TITLE[best] if best else '–'}; {ratio(l, sv)}×; "
                 f"{c.interval()}; {served_pair(cols['ln'], cols[best] if best else None, wl, ' vs ')})",
                 judge(c)])
    return rows


def served_str(s, runs):
    exp = expected_of(runs)
    return fmt_count(s) + ("" if exp is None else f"/{exp}")


def served_pair(a, b, wl, sep=" → "):
    """"served A → B" of two columns of WL (requests, in the sweep): beside a latency of each."""
    sa, sb = served_of(a, wl), served_of(b, wl)
    if sa is None and sb is None:
        return "served –"
    word = sa.rsplit(" ", 1)[1] if sa else sb.rsplit(" ", 1)[1]
    strip = lambda x: x.rsplit(" ", 1)[0] if x else "–"  # noqa: E731
    return f"{word} {strip(sa)}{sep}{strip(sb)}"


def never_worse(topo, d, wl, text, count_fn, count_name):
    """LN −20 never worse than LN 0 in WL, as non-inferiority: COUNT_FN (served periods,
    requests) at least NEVER_WORSE_COUNT of LN 0's and the wakeup p99 at most NEVER_WORSE_P99
    of LN 0's, each a ratio with its interval (an interval that reaches past the margin is
    unresolved, one wholly past it missed)."""
    p99 = lat_fn("wakeup_us", "p99")
    r0, r20 = d.select(topo, wl, "ln", "0", "0"), d.select(topo, wl, "ln", "-20", "0")
    s0, s20, p0, p20 = estimate(r0, count_fn), estimate(r20, count_fn), estimate(r0, p99), estimate(r20, p99)
    cs = Cond([r20, r0], [count_fn, count_fn], quotient, lo=NEVER_WORSE_COUNT)
    cp = Cond([r20, r0], [p99, p99], quotient, hi=NEVER_WORSE_P99)
    return [topo, text,
            f"{count_name} {served_str(s0, r0)} → {served_str(s20, r20)} ({cs.interval()}), "
            f"p99 {fmt(p0)} → {fmt(p20)} µs ({ratio(p20, p0)}×; {cp.interval()})", judge(cs, cp)]


def regime_rows(topo, d):
    """The targets in each load regime: foreground −20 (background default) against 0 and
    against SCHED_FIFO; the seed matrix's row with the background at −20."""
    p99, mx = lat_fn("wakeup_us", "p99"), lat_fn("wakeup_us", "max")
    rows = []
    regimes = [(name, wl) for name, wl in REGIMES if cells_of(wl, topo)]
    for name, wl in regimes:
        rows.append(never_worse(topo, d, wl, f"{name}: LN −20 never worse than LN 0 (served ≥ "
                                f"{NEVER_WORSE_COUNT}×, p99 ≤ {NEVER_WORSE_P99}×)",
                                served_fn, "served"))
    # Issue 27's check that the credit's fairness fixes kept the gains: the −20 row against
    # the base kernel with nothing set, avg and p99 each below base's.
    avg = lat_fn("wakeup_us", "avg")
    for name, wl in regimes:
        r20, rb = d.select(topo, wl, "ln", "-20", "0"), d.columns(topo, wl, "-20", "0")["base"]
        ca = Cond([r20, rb], [avg, avg], quotient, hi=1, strict=True)
        cp = Cond([r20, rb], [p99, p99], quotient, hi=1, strict=True)
        rows.append([topo, f"{name}: LN −20 avg and p99 below base's",
                     f"avg {fmt(estimate(rb, avg))} → {fmt(estimate(r20, avg))} µs ({ca.interval()}), "
                     f"p99 {fmt(estimate(rb, p99))} → {fmt(estimate(r20, p99))} µs ({cp.interval()}); "
                     f"{served_pair(rb, r20, wl)}", judge(ca, cp)])
    for name, wl in regimes:
        r20, rf = d.select(topo, wl, "ln", "-20", "0"), d.select(topo, wl, "fifo", "-20", "0")
        s20, sf, p20, pf = estimate(r20, served_fn), estimate(rf, served_fn), estimate(r20, p99), estimate(rf, p99)
        cp = Cond([r20, rf], [p99, p99], quotient, hi=2)
        cs = Cond([r20, rf], [served_fn, served_fn], quotient, lo=0.98)
        gap = f" ({(s20 / sf - 1) * 100:+.1f}%)" if s20 is not None and sf else ""
        rows.append([topo, f"{name}: LN −20 p99 within 2× of SCHED_FIFO's, served within 2 % of it",
                     f"p99 {fmt(p20)} vs {fmt(pf)} µs ({ratio(p20, pf)}×; {cp.interval()}), served "
                     f"{served_str(s20, r20)} vs {served_str(sf, rf)}{gap} ({cs.interval()})", judge(cp, cs)])
    if {("0", "-20"), ("-20", "-20")} <= set(cells_of("cyclictest-seed", topo)):
        r0 = d.select(topo, "cyclictest-seed", "ln", "0", "-20")
        r20 = d.select(topo, "cyclictest-seed", "ln", "-20", "-20")
        # A maximum is the worst sample seen: resampling runs cannot give it an interval (a
        # resample holds no worse sample than the data), so it is read plain and not judged.
        m0, m20 = estimate(r0, mx), estimate(r20, mx)
        rows.append([topo, "seed, background at LN −20: foreground −20 max ≤ 1/10 of foreground 0's",
                     f"{fmt(m0)} → {fmt(m20)} µs ({ratio(m20, m0)}×; a maximum: no interval; "
                     f"{served_pair(r0, r20, 'cyclictest-seed')})",
                     "not judged" if m0 is not None and m20 is not None else "–"])
    return rows


def group_target_rows(topo, d):
    """The targets of the groups regimes: a task at −20 in a group at 0 non-inferior to the
    same task at 0 (never_worse()'s margins: served at least NEVER_WORSE_COUNT of 0's, wakeup
    p99 at most NEVER_WORSE_P99 of 0's), in every regime."""
    p99 = lat_fn("wakeup_us", "p99")
    rows = []
    for name, wl in GROUP_REGIMES:
        if not cells_of(wl, topo):
            continue
        r0, r20 = d.select(topo, wl, "ln", "0", "0"), d.select(topo, wl, "ln", "-20", "0")
        s0, s20, p0, p20 = estimate(r0, served_fn), estimate(r20, served_fn), estimate(r0, p99), estimate(r20, p99)
        cs = Cond([r20, r0], [served_fn, served_fn], quotient, lo=NEVER_WORSE_COUNT)
        cp = Cond([r20, r0], [p99, p99], quotient, hi=NEVER_WORSE_P99)
        rows.append([topo, f"{name}: a task at LN −20 in a group at 0 non-inferior to LN 0 "
                           f"(served ≥ {NEVER_WORSE_COUNT}×, p99 ≤ {NEVER_WORSE_P99}×)",
                     f"served {served_str(s0, r0)} → {served_str(s20, r20)} ({ratio(s20, s0)}×; {cs.interval()}), "
                     f"p99 {fmt(p0)} → {fmt(p20)} µs ({ratio(p20, p0)}×; {cp.interval()})", judge(cs, cp)])
    return rows


def sweep_target_rows(topo, d):
    """The targets across the work per wakeup: for each W, foreground −20 never worse than 0
    (requests, wakeup p99), its wakeup p99 within 2× of SCHED_FIFO's, its requests within
    2 % of SCHED_FIFO's."""
    p99 = lat_fn("wakeup_us", "p99")
    rows = []
    for w, wl in SWEEP:
        if not cells_of(wl, topo):
            continue
        rows.append(never_worse(topo, d, wl, f"work {w} µs: LN −20 never worse than LN 0 (requests ≥ "
                                f"{NEVER_WORSE_COUNT}×, wakeup p99 ≤ {NEVER_WORSE_P99}×)",
                                requests_fn, "requests"))
        r20, rf = d.select(topo, wl, "ln", "-20", "0"), d.select(topo, wl, "fifo", "-20", "0")
        s20, sf = estimate(r20, requests_fn), estimate(rf, requests_fn)
        p20, pf = estimate(r20, p99), estimate(rf, p99)
        c = Cond([r20, rf], [p99, p99], quotient, hi=2)
        rows.append([topo, f"work {w} µs: LN −20 wakeup p99 within 2× of SCHED_FIFO's",
                     f"{fmt(p20)} vs {fmt(pf)} µs ({ratio(p20, pf)}×; {c.interval()}; "
                     f"{served_pair(r20, rf, wl, ' vs ')})", judge(c)])
        c = Cond([r20, rf], [requests_fn, requests_fn], quotient, lo=0.98)
        gap = f" ({(s20 / sf - 1) * 100:+.1f}%)" if s20 is not None and sf else ""
        rows.append([topo, f"work {w} µs: LN −20 requests within 2 % of SCHED_FIFO's",
                     f"{served_str(s20, r20)} vs {served_str(sf, rf)}{gap} ({c.interval()})", judge(c)])
    return rows


def targets(d, topos):
    rows = []
    p99 = lat_fn("wakeup_us", "p99")
    for topo in topos:
        if cells_of("cyclictest-hackbench", topo):
            rows += tenfold_rows(topo, d, "cyclictest-hackbench", "under hackbench (overload)")

        if cells_of("schbench-hackbench", topo):
            cols = d.columns(topo, "schbench-hackbench", "0", "19")
            b, l = estimate(cols["base"], p99), estimate(cols["ln"], p99)
            c = Cond([cols["base"], cols["ln"]], [p99, p99], quotient, lo=5)
            rows.append([topo, "hackbench at LN 19 in the background cuts schbench wakeup p99 ≥ 5× (vs base)",
                         f"{fmt(b)} → {fmt(l)} µs ({ratio(b, l)}×; {c.interval()})", judge(c)])
            # For the record, where the matrix runs the series with hackbench at 0 too.
            r0 = d.select(topo, "schbench-hackbench", "ln", "0", "0")
            if r0:
                l0 = estimate(r0, p99)
                c = Cond([r0, cols["ln"]], [p99, p99], quotient, lo=5)
                rows.append([topo, "… same, against the series with hackbench at LN 0 (for the record)",
                             f"{fmt(l0)} → {fmt(l)} µs ({ratio(l0, l)}×; {c.interval()})", judge(c)])

        if ("19", "-") in cells_of("hackbench", topo):
            cols = d.columns(topo, "hackbench", "19", "-")
            t = fig_fn("time_s")
            b, l = estimate(cols["base"], t), estimate(cols["ln"], t)
            c = Cond([cols["base"], cols["ln"]], [t, t], change_pct, lo=5)
            gain = (b / l - 1) * 100 if b and l else None
            rows.append([topo, "LN 19 hackbench throughput ≥ +5 %",
                         f"{fmt(b)} s → {fmt(l)} s ({gain:+.1f}% throughput; {c.interval('%', signed=True)})"
                         if gain is not None else "–", judge(c)])

        if cells_of("cyclictest-light", topo):
            rows += tenfold_rows(topo, d, "cyclictest-light", "in the light regime")
        rows += regime_rows(topo, d)
        rows += sweep_target_rows(topo, d)
        rows += group_target_rows(topo, d)

        for wl, key, fn in (
                ("hackbench", "time", fig_fn("time_s")),
                ("messaging", "time", fig_fn("time_s")),
                ("pipe", "µs/op", fig_fn("usecs_per_op")),
                ("pipe-pinned", "µs/op", fig_fn("usecs_per_op")),
                ("cyclictest-idle", "avg", lat_fn("wakeup_us", "avg")),
                ("cyclictest-hackbench", "avg", lat_fn("wakeup_us", "avg")),
                ("cyclictest-seed", "avg", lat_fn("wakeup_us", "avg")),
                ("schbench-idle", "rps", fig_fn("rps")),
                ("schbench-idle", "wakeup p99", lat_fn("wakeup_us", "p99")),
                ("schbench-hackbench", "rps", fig_fn("rps")),
                ("schbench-seed", "rps", fig_fn("rps")),
                ("two-hogs", "hog A switches", fig_fn("fg_switches"))):
            if not cells_of(wl, topo):
                continue
            cols = d.columns(topo, wl, *default_cell(wl))
            b, l = estimate(cols["base"], fn), estimate(cols["ln"], fn)
            if not b or l is None:
                rows.append([topo, f"LN 0 within ±2 % of base: {wl} {key}", "–", "–"])
                continue
            c = Cond([cols["ln"], cols["base"]], [fn, fn], change_pct,
                     lo=-2, hi=2)
            served = f"; {served_pair(cols['base'], cols['ln'], wl)}" if served_of(cols["ln"], wl) else ""
            rows.append([topo, f"LN 0 within ±2 % of base: {wl} {key}",
                         f"{fmt(b)} → {fmt(l)} ({(l - b) / b * 100:+.1f}%; {c.interval('%', signed=True)}{served})",
                         judge(c)])
    return rows


# ---------------------------------------------------------------- the A/A control and the headline

# The figure the headline reads of a workload (and so the A/A control's): the wakeup p99 of
# a latency workload, the time (or µs per operation) of a throughput one; lower is better.
def headline_metric(wl):
    if wl in ("hackbench", "messaging"):
        return "time s", fig_fn("time_s")
    if wl in ("pipe", "pipe-pinned"):
        return "µs/op", fig_fn("usecs_per_op")
    return "wakeup p99 µs", lat_fn("wakeup_us", "p99")


def aa_rows(d, topos):
    """The A/A control: on every cell the control kernel ran (its aa column), the base
    kernel's boots against the control's boots of the same image, on the headline's figure:
    the ratio control/base with its interval (the block of boots the unit, as for every
    comparison across kernels), "no difference" where it spans 1, "difference resolved"
    where it excludes 1 (the method mistakes boots for kernels), "no interval" where there
    are too few runs or boots. Rows: [topo, cell, metric, base, control, ratio (CI), says];
    a latency's cells carry their periods served (with_served())."""
    rows = []
    for topo in topos:
        for wl, fg, bg in matrix_order(c for c in MATRIX if runs_on(c, "aa", topo)):
            rb, ra = d.select(topo, wl, "base", fg, bg), d.select(topo, wl, "aa", fg, bg)
            if not rb and not ra:      # a focused run that left the cell out
                continue
            name, fn = headline_metric(wl)
            c = Cond([ra, rb], [fn, fn], quotient)
            if c.point is None:
                says = "–"
            elif c.ci is None:
                says = "no interval"
            else:
                says = "no difference" if c.ci[0] <= 1 <= c.ci[1] else "difference resolved"
            ci = c.interval().replace("95 % CI ", "") if c.ci else "–"
            rows.append([topo, f"{wl} {lvl(fg)}" + ("" if bg == "-" else f" / bg {lvl(bg)}"), name,
                         with_served(cell_str(per_rep(rb, fn), est=estimate(rb, fn)), rb, wl),
                         with_served(cell_str(per_rep(ra, fn), est=estimate(ra, fn)), ra, wl),
                         f"{ratio(c.point, 1) if c.point is not None else '–'} ({ci})", says])
    return rows


def aa_failed(rows):
    """Whether the A/A control failed: a row that resolved a difference, or drew no interval."""
    return any(r[-1] in ("difference resolved", "no interval") for r in rows)


# The headline's rows: the regimes where a latency-sensitive task meets load (its foreground
# −20 row against the comparators, then the milder levels of HEADLINE_LEVELS against base),
# then the throughput the cost side reads (latency_nice 0, every task at default, against
# base and the peers).
HEADLINE_REGIMES = [("overload", "cyclictest-hackbench"), ("seed", "cyclictest-seed"),
                    ("light", "cyclictest-light"), ("sessions", "cyclictest-sessions"),
                    ("systemd", "cyclictest-systemd")]
# Issue 53: how much of −20's effect the milder levels keep, where the matrix runs them (the
# seed, light and systemd regimes: latency_nice alone, against base).
HEADLINE_LEVELS = ("-9", "-7")
HEADLINE_THROUGHPUT = ("hackbench", "pipe", "pipe-pinned")
# A peer's column sits beside base's against the same peer: on this test bed a peer's
# behaviour is the peer's before it is latency_nice's (headline's text).
HEADLINE_COLUMNS = ("base", "best slice", "lavd", "base/lavd", "bpfland", "base/bpfland", "schedqos", "fifo")
HEADLINE_TITLE = {"best slice": "best slice", "base/lavd": "base vs scx_lavd", "base/bpfland": "base vs scx_bpfland"}
# The headline's family: Holm at this family-wise error rate.
FAMILY_ALPHA = 0.05


def served_of(runs, wl):
    """"S/E served" (cyclictest's periods served of those of the run) or "S/E requests" (the
    sweep's) of a column of WL; None for the other workloads, and for no runs."""
    if not runs:
        return None
    if wl.startswith("cyclictest"):
        return f"{served_str(estimate(runs, served_fn), runs)} served"
    if re.fullmatch(r"schbench-w\d+", wl):
        return f"{served_str(estimate(runs, requests_fn), runs)} requests"
    return None


def with_served(text, runs, wl):
    """TEXT (a latency of RUNS) with the periods they served beside it: a p99 over 17 % of the
    periods is not comparable to one over 97 % (issue 53)."""
    s = served_of(runs, wl)
    return f"{text} ({s})" if s else text


def fmt_p(p):
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


class Versus:
    """A comparison of the headline: MINE's estimate over the lowest of OTHERS' (one column,
    or the slices: the best chosen inside each resample), lower is better; WHO is "LN"
    (latency_nice against a comparator) or "base" (base against a peer). Its interval, its
    p-value (Cond.p()), and once the family is known (headline()) its Holm-adjusted p."""

    def __init__(self, mine, others, fn, wl, who="LN"):
        self.who, self.wl, self.cond, self.p_holm = who, wl, None, None
        others = [o for o in others if o]
        if mine and others:
            c = Cond([mine, *others], [fn] * (1 + len(others)), over_best)
            if c.point is not None:
                self.cond = c
                self.best_runs = min(others, key=lambda o: estimate(o, fn))
                self.best = estimate(self.best_runs, fn)

    def in_family(self):
        return self.cond is not None and self.cond.ci is not None

    def alone(self):
        """What the interval says by itself: "LN better" (it lies below 1), "LN worse" (above),
        None (it spans 1); "base better"/"peer better" in a base-vs-peer column."""
        lo, hi = self.cond.ci
        better, worse = ("LN better", "LN worse") if self.who == "LN" else ("base better", "peer better")
        return better if hi < 1 else worse if lo > 1 else None

    def says(self):
        """The verdict after Holm: the interval's where it excludes 1 and the Holm-adjusted p
        is at most FAMILY_ALPHA, else "no difference resolved (Holm …)" with what the
        interval alone says."""
        alone = self.alone()
        if alone and self.p_holm <= FAMILY_ALPHA:
            return alone
        return "no difference resolved (Holm" + (f"; its interval alone: {alone})" if alone else ")")

    def cell(self, aa_bad):
        if self.cond is None:
            return "–"
        head = f"{with_served(fmt(self.best), self.best_runs, self.wl)}: " if self.who == "LN" else ""
        if self.cond.ci is None:
            return f"{head}{fmt(self.cond.point)}× (no interval)"
        lo, hi = self.cond.ci
        says = self.says()
        if aa_bad:
            says = f"unresolved (the A/A control failed; alone: {says})"
        return f"{head}{fmt(self.cond.point)}× ({fmt(lo)}…{fmt(hi)}; p_H {fmt_p(self.p_holm)}), {says}"


def headline(d, topos, aa_bad):
    """The headline table (BENCHMARKS.md's top): per regime and topology, latency_nice −20's
    wakeup p99 (with its periods served) and its ratio to each comparator's, base's to each
    peer's, and the milder levels' (HEADLINE_LEVELS) to base's; per throughput cell,
    latency_nice 0's time against base's and the peers', and base's against the peers'. Every
    comparison with an interval is one of the family the Holm correction runs over. Returns
    (rows, the family: its Versus, the peers' wins: [(who, peer, where, alone)])."""
    rows, family = [], []

    def line(topo, label, wl, mine, fn, comps):
        vs = {k: comps[k] for k in HEADLINE_COLUMNS if k in comps}
        family.extend(v for v in vs.values() if v.in_family())
        rows.append([topo, label, wl, with_served(fmt(estimate(mine, fn)), mine, wl), vs])

    def peers(mine, cols, fn, wl):
        out = {}
        for p in PEERS:
            out[p] = Versus(mine, [cols[p]], fn, wl)
            out[f"base/{p}"] = Versus(cols["base"], [cols[p]], fn, wl, who="base")
        return out

    for topo in topos:
        for name, wl in HEADLINE_REGIMES:
            label, fn = headline_metric(wl)
            if ("-20", "0") in cells_of(wl, topo):
                cols = d.columns(topo, wl, "-20", "0")
                mine = cols["ln"]
                if mine:        # else a focused run that left the series' cell out
                    line(topo, f"{name}: −20, {label}", wl, mine, fn, {
                        "base": Versus(mine, [cols["base"]], fn, wl),
                        "best slice": Versus(mine, [cols[v] for v in SLICES], fn, wl),
                        **peers(mine, cols, fn, wl),
                        "schedqos": Versus(mine, [cols["schedqos"]], fn, wl),
                        "fifo": Versus(mine, [cols["fifo"]], fn, wl)})
            for level in HEADLINE_LEVELS:
                if (level, "0") not in cells_of(wl, topo):
                    continue
                cols = d.columns(topo, wl, level, "0")
                if cols["ln"]:
                    line(topo, f"{name}: {level.replace('-', '−')}, {label}", wl, cols["ln"], fn,
                         {"base": Versus(cols["ln"], [cols["base"]], fn, wl)})
        for wl in HEADLINE_THROUGHPUT:
            if not cells_of(wl, topo):
                continue
            label, fn = headline_metric(wl)
            cols = d.columns(topo, wl, *default_cell(wl))
            mine = cols["ln"]
            if mine:
                line(topo, f"{wl}: LN 0, {label}", wl, mine, fn,
                     {"base": Versus(mine, [cols["base"]], fn, wl), **peers(mine, cols, fn, wl)})
    for v, adj in zip(family, holm([v.cond.p() for v in family], FAMILY_ALPHA)):
        v.p_holm = adj
    wins = []
    for topo, label, wl, _, vs in rows:
        for p in PEERS:
            for who, v in (("latency_nice", vs.get(p)), ("base", vs.get(f"base/{p}"))):
                if v is not None and v.in_family() and v.alone() in ("LN worse", "peer better"):
                    wins.append((who, VARIANT_TITLE[p], f"{label.split(',')[0]} ({topo})",
                                 v.says() not in ("LN worse", "peer better")))
    out = [[topo, label, mine, *(vs[k].cell(aa_bad) if k in vs else "–" for k in HEADLINE_COLUMNS)]
           for topo, label, wl, mine, vs in rows]
    return out, family, wins


def resolution_text(family):
    """What the family's size asks of the fewest units: with n boots, one resample on the far
    side of 1 already gives expanded_p(2/B, n); where that exceeds Holm's first threshold, a
    verdict stands only where no resample crosses 1 (said, so that a reader does not take
    "no difference resolved" for "no difference")."""
    if not family:
        return ""
    n, m = min(v.cond.dist[1] for v in family), len(family)
    floor = expanded_p(2 / BOOT_B, n)
    if floor <= FAMILY_ALPHA / m:
        return ""
    return (f" With {n} units (this table's fewest), a single one of the {BOOT_B} resamples on the "
            f"far side of 1 gives p = {floor:.3f}, above Holm's first threshold of "
            f"{FAMILY_ALPHA}/{m} = {FAMILY_ALPHA / m:.4f}: for those comparisons a verdict stands only "
            f"where no resample crosses 1.")


def peer_wins_text(wins, aa_bad):
    """The sentence under the headline: where a peer beats latency_nice or base, from the data."""
    held = [f"{p} beats {who} in {where}" for who, p, where, alone in wins if not alone]
    alone = [f"{p} beats {who} in {where}" for who, p, where, alone in wins if alone]
    if not held and not alone:
        return ("Where a peer beats latency_nice or base in this table: in no cell, not even by its "
                "interval alone.")
    text = []
    if held:
        text.append("Where a peer beats latency_nice or base in this table (after Holm): "
                    + "; ".join(held) + ".")
    else:
        text.append("No peer beats latency_nice or base in this table after Holm.")
    if alone:
        text.append("By its interval alone, not after Holm: " + "; ".join(alone) + ".")
    if aa_bad:
        text.append("The A/A control failed: these, as every verdict above, are unresolved.")
    return " ".join(text)


# ---------------------------------------------------------------- plots

COLORS = {"base": "#555555", "ln": "#1f77b4", "slice": "#ff7f0e", "slice300": "#ffa54f", "slice1000": "#cd853f",
          "slice3000": "#8b5a2b", "nice": "#e377c2", "nofeat": "#2ca02c", "fifo": "#d62728",
          "lavd": "#7f7f7f", "bpfland": "#000000", "schedqos": "#aec7e8",
          "nocredit": "#9467bd", "norun": "#8c564b", "group": "#17becf", "group-task": "#bcbd22"}


def plots(resdir, runs, clock="wall"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    d = Data(runs)
    us = "virtual µs" if clock == "virtual" else "µs"     # as report() says its units
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
        # p99 of the overload cells, three bars per cell.
        cells = cells_of("cyclictest-hackbench", topo)
        fig, ax = plt.subplots(figsize=(11, 4.2))
        w = 0.27
        for i, v in enumerate(("base", "ln", "slice")):
            ys = []
            for fg, bg in cells:
                cols = d.columns(topo, "cyclictest-hackbench", fg, bg)
                rs = cols[v] if cols[v] is not None else cols["base"]
                ys.append(estimate(rs, lat_fn("wakeup_us", "p99")) or 0)
            ax.bar([k + (i - 1) * w for k in range(len(cells))], ys, w, label=VARIANT_TITLE[v], color=COLORS[v])
        ax.set_xticks(range(len(cells)))
        ax.set_xticklabels([f"hb {lvl(bg)}\ncyc {lvl(fg)}" for fg, bg in cells], fontsize=8)
        ax.set_yscale("log")
        ax.set_ylabel(f"cyclictest p99 wakeup latency ({us})")
        ax.set_title(f"{topo}: cyclictest under hackbench (levels: latency_nice / custom slice)")
        ax.legend()
        if cells:
            save(fig, f"{topo}-cyclictest-hackbench-p99.png")
        else:
            plt.close(fig)

        # Percentile curves and histograms of the key cells.
        keycells = [("cyclictest-idle", "0", "-", "idle VM, cyclictest default"),
                    ("cyclictest-idle", "-20", "-", "idle VM, cyclictest −20"),
                    ("cyclictest-hackbench", "0", "0", "hackbench default, cyclictest default"),
                    ("cyclictest-hackbench", "-20", "0", "hackbench default, cyclictest −20"),
                    ("cyclictest-seed", "-20", "0", "seed load default, cyclictest −20"),
                    ("schbench-hackbench", "0", "19", "schbench wakeups, hackbench 19")]
        ps = [50, 75, 90, 95, 99, 99.5, 99.9]
        fig, axs = plt.subplots(2, 3, figsize=(13, 7))
        fig2, axs2 = plt.subplots(2, 3, figsize=(13, 7))
        for ax, ax2, (wl, fg, bg, title) in zip(axs.flat, axs2.flat, keycells):
            for v, rs in (d.columns(topo, wl, fg, bg) if (fg, bg) in CELLS.get(wl, []) else {}).items():
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
            ax.set_ylabel(f"{us}")
            ax.set_title(title, fontsize=9)
            ax.legend(fontsize=7)
            ax2.set_xscale("log")
            ax2.set_yscale("log")
            ax2.set_xlabel(f"wakeup latency ({us})")
            ax2.set_title(title, fontsize=9)
            ax2.legend(fontsize=7)
        fig.suptitle(f"{topo}: wakeup latency percentiles (all repeats merged)")
        fig2.suptitle(f"{topo}: wakeup latency histograms (density, log bins)")
        save(fig, f"{topo}-percentiles.png")
        save(fig2, f"{topo}-histograms.png")

        # schbench percentiles, every cell.
        fig, axs = plt.subplots(1, 3, figsize=(16, 5))
        for ax, wl in zip(axs, ("schbench-idle", "schbench-hackbench", "schbench-seed")):
            labels, k = [], 0
            for fg, bg in CELLS.get(wl, []):
                for v, rs in d.columns(topo, wl, fg, bg).items():
                    if v == "nofeat":
                        continue
                    # The base column of a non-default row is the default row's: shown once.
                    if v == "base" and not (is_default(fg) and is_default(bg)):
                        continue
                    if not rs:
                        continue
                    y = estimate(rs, lat_fn("wakeup_us", "p99")) or 0
                    ax.bar(k, y, color=COLORS[v])
                    labels.append(f"{VARIANT_TITLE[v]}: sch {lvl(fg)}" + ("" if bg == "-" else f", bg {lvl(bg)}"))
                    k += 1
            ax.set_xticks(range(len(labels)))
            ax.set_xticklabels(labels, fontsize=7, rotation=40, ha="right")
            ax.set_yscale("log")
            ax.set_ylabel(f"wakeup p99 ({us})")
            ax.set_title(wl)
        save(fig, f"{topo}-schbench.png")

        # The work-per-wakeup sweep: wakeup p99 against W, one line per column and level.
        if any(cells_of(wl, topo) for _, wl in SWEEP):
            fig, ax = plt.subplots(figsize=(8, 4.5))
            ws = [w for w, _ in SWEEP]
            for v, fg, style in (("base", "0", "--"), ("ln", "0", ":"), ("slice", "-20", "-"),
                                 ("fifo", "-20", "-"), ("nocredit", "-20", "-"), ("ln", "-20", "-")):
                ys = [estimate(d.select(topo, wl, v, fg, "0"), lat_fn("wakeup_us", "p99")) for _, wl in SWEEP]
                if all(y is None for y in ys):
                    continue
                ax.plot(ws, [y if y is not None else float("nan") for y in ys], style, marker="o",
                        color=COLORS[v], label=f"{VARIANT_TITLE[v]} {lvl(fg)}")
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xticks(ws)
            ax.set_xticklabels([str(w) for w in ws])
            ax.set_xlabel(f"work per wakeup ({us})")
            ax.set_ylabel(f"wakeup p99 ({us})")
            ax.set_title(f"{topo}: schbench-rs, one worker every 10 ms, seed-scaled background")
            ax.legend(fontsize=7)
            save(fig, f"{topo}-sweep.png")

        # Throughput, relative to base.
        fig, ax = plt.subplots(figsize=(10, 4))
        labels, k = [], 0
        for wl, key in (("hackbench", "time_s"), ("messaging", "time_s"), ("pipe", "usecs_per_op"),
                        ("pipe-pinned", "usecs_per_op")):
            for fg, bg in CELLS.get(wl, []):
                cols = d.columns(topo, wl, fg, bg)
                b = estimate(cols["base"], fig_fn(key))
                slc = cols["slice"] if cols["slice"] is not None else cols["base"]
                for i, (v, rs) in enumerate((("ln", cols["ln"]), ("slice", slc))):
                    y = estimate(rs, fig_fn(key))
                    if b and y:
                        ax.bar(k + (i - 0.5) * 0.4, (b / y - 1) * 100, 0.4, color=COLORS[v],
                               label=VARIANT_TITLE[v] if k == 0 else None)
                labels.append(f"{wl}\n{lvl(fg)}")
                k += 1
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, fontsize=7)
        ax.set_ylabel("throughput vs base (%)")
        ax.set_title(f"{topo}: throughput change (positive is faster)")
        ax.legend()
        save(fig, f"{topo}-throughput.png")
    return written


# ---------------------------------------------------------------- main

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check = "--check" in sys.argv[1:]
    if len(args) != 1 or set(sys.argv[1:]) - set(args) - {"--check", "--no-plots"}:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    resdir = args[0]
    # The matrix the guests ran with (bench.sh copies it into the results), else today's.
    try:
        if os.path.exists(os.path.join(resdir, "bench-matrix")):
            use_matrix(os.path.join(resdir, "bench-matrix"))
    except ValueError as e:
        print(f"bench-report: {e}", file=sys.stderr)
        return 1
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
    written = plots(resdir, runs, clock_of(resdir, meta)) if runs and "--no-plots" not in sys.argv[1:] else []
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
