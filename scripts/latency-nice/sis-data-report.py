#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tables of make sis-data's guest lines (guest/sis-data.sh), as markdown.

usage: sis-data-report.py TOPOLOGY SIS-DATA.TXT

Per workload and rule: searches, how many found an idle CPU, how many of the
failures had an idle CPU in the LLC after all, the mean CPUs searched, the
wakeups placed away from the waker, and the run time as a ratio to the util
rule's (mean of the rounds, per-round ratios beside it); then, per workload,
the seed-003 histogram of CPUs searched, a column per rule (sum of rounds).
"""

import collections
import importlib.machinery
import importlib.util
import os
import sys

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../tools/sched/sis-stats/sis-stats")


def load_tool():
    loader = importlib.machinery.SourceFileLoader("sis_stats", TOOL)
    spec = importlib.util.spec_from_loader("sis_stats", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def parse(path, tool):
    runs = {}           # (wl, rule, rep) -> dict(secs, remote, wakeups)
    raw = collections.defaultdict(list)
    order_wl, order_rule = [], []
    with open(path) as f:
        for num, line in enumerate(f, 1):
            f_ = line.split()
            if line.startswith("LN-SIS: run "):
                wl, rule, rep = f_[2], f_[3], int(f_[4])
                kv = dict(zip(f_[5::2], f_[6::2]))
                runs[(wl, rule, rep)] = {"secs": float(kv["secs"]), "remote": int(kv["remote"]),
                                         "wakeups": int(kv["wakeups"])}
                if wl not in order_wl:
                    order_wl.append(wl)
                if rule not in order_rule:
                    order_rule.append(rule)
            elif line.startswith("LN-SISRAW: "):
                raw[(f_[1], f_[2], int(f_[3]))].append(" ".join(f_[4:]))
    stats = {}
    for key in runs:
        if key not in raw:
            sys.exit(f"sis-data-report: {path}: no sis_stats lines for {key}")
        stats[key] = tool.parse("\n".join(raw[key]), f"{path} {key}")
    if not runs:
        sys.exit(f"sis-data-report: {path}: no runs")
    return runs, stats, order_wl, order_rule


def totals(llcs, buckets):
    calls = sum(v[1] for v in llcs.values())
    found = sum(v[2] for v in llcs.values())
    missed = None if any(v[3] is None for v in llcs.values()) else sum(v[3] for v in llcs.values())
    hist = [sum(v[4][i] for v in llcs.values()) for i in range(buckets)]
    return calls, found, missed, hist


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    topo, path = argv[1], argv[2]
    tool = load_tool()
    runs, stats, wls, rules = parse(path, tool)
    reps = sorted({k[2] for k in runs})
    first = next(iter(stats.values()))
    llc_w = max(tool.span_weight(v[0]) for v in first.values())
    out = [f"## Idle-CPU search on `{topo}` ({len(first)} LLCs of up to {llc_w} CPUs, "
           f"{len(reps)} round(s))", "",
           "| workload | rule | searches | found | missed of failed | mean CPUs searched "
           "| remote wakeups | time / util's |", "|---|---|---|---|---|---|---|---|"]
    for wl in wls:
        for rule in rules:
            keys = [(wl, rule, r) for r in reps if (wl, rule, r) in runs]
            if not keys:
                continue
            calls = found = failed_idle = scanned = remote = wake = 0
            have_missed = True
            ratios = []
            for k in keys:
                c, fnd, m, h = totals(stats[k], tool.BUCKETS)
                calls += c
                found += fnd
                if m is None:
                    have_missed = False
                else:
                    failed_idle += m
                scanned += sum(i * n for i, n in enumerate(h))
                remote += runs[k]["remote"]
                wake += runs[k]["wakeups"]
                base = runs.get((wl, "util", k[2]))
                if base and base["secs"] > 0:
                    ratios.append(runs[k]["secs"] / base["secs"])
            failed = calls - found
            if wl.startswith("tbench"):
                # tbench runs for a fixed time: its wall time says nothing.
                ratios = []
            ratio = "-" if not ratios else (
                f"{sum(ratios) / len(ratios):.2f}" + (f" ({', '.join(f'{r:.2f}' for r in ratios)})"
                                                       if len(ratios) > 1 else ""))
            out.append(f"| {wl} | {rule} | {calls} | {tool.pct(found, calls)} | "
                       f"{tool.pct(failed_idle, failed) if have_missed else '-'} | "
                       f"{scanned / calls if calls else 0:.2f} | {tool.pct(remote, wake)} | {ratio} |")
    out += ["", "Missed of failed: searches that found no idle CPU although one the task could "
            "use was idle in the LLC when checked right after (CONFIG_SCHED_SIS_STATS_DEBUG).",
            "Mean CPUs searched counts a 32+ search as 32. Time: the workload's wall time under "
            "TCG, as a ratio to the util rule's in the same round (none for tbench, which runs "
            "for a fixed time).", ""]
    for wl in wls:
        cols = [r for r in rules if any((wl, r, rep) in runs for rep in reps)]
        hists = {}
        for r in cols:
            h = [0] * tool.BUCKETS
            for rep in reps:
                if (wl, r, rep) in stats:
                    h = [a + b for a, b in zip(h, totals(stats[(wl, r, rep)], tool.BUCKETS)[3])]
            hists[r] = h
        top = min(max([llc_w] + [i for r in cols for i, n in enumerate(hists[r]) if n]), tool.BUCKETS - 1)
        out += [f"### {wl}: CPUs searched per select_idle_cpu()", "",
                "| CPU Searched | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
        for i in range(top + 1):
            label = str(i) if i < tool.BUCKETS - 1 else f"{i}+"
            out.append(f"| {label} | " + " | ".join(str(hists[r][i]) for r in cols) + " |")
        out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv)
