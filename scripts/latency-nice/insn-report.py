#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The report of make insn-profile: guest instructions per operation, by kernel function.

usage: insn-report.py OUTDIR --map base=SYSTEM_MAP --map series=SYSTEM_MAP [--top N]

OUTDIR/counts/TAG/ holds one boot's windows (insn-count: window.K, one per run, in the
order of the guest's index.tsv) with its index.tsv and meta.txt; TAG is KERNEL LEVEL-BOOT
(base0-1, series0-1, series0-key-1, series-20-1). A block's instructions go to the
function its first instruction lies in (System.map's text symbols); user space is one
row, [user]. Per operation: a pipe run's round trips (PP_L), a hackbench run's messages
(HB_G x 20 x 20 x HB_L), as make cost counts them.
"""
import argparse
import bisect
import collections
import os
import re
import sys

LEVELS = (("base", "0"), ("series", "0"), ("series", "0-key"), ("series", "-20"))
TITLE = {("base", "0"): "base", ("series", "0"): "series, key off",
         ("series", "0-key"): "series, key on, at 0", ("series", "-20"): "series, −20"}
KERNEL_START = 0xffffffff80000000


def read_map(path):
    """(sorted addresses, names) of the text symbols of a System.map."""
    syms = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[1] in "TtWw":
                syms.append((int(parts[0], 16), parts[2]))
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def function_of(addrs, names, vaddr):
    if vaddr < KERNEL_START:
        return "[user]"
    i = bisect.bisect_right(addrs, vaddr) - 1
    return names[i] if i >= 0 else "[kernel, no symbol]"


def parse_tag(tag):
    """(kernel, level, boot) of base0-1, series0-key-1, series-20-2; None otherwise."""
    m = re.fullmatch(r"(base|series)(0|0-key|-20)-(\d+)", tag)
    return (m.group(1), m.group(2), int(m.group(3))) if m else None


def ops_of(workload, meta):
    d = dict(re.findall(r"\b([A-Z_]+)=(\d+)", meta))
    if workload in ("pipe", "pipe-pinned"):
        return int(d.get("PP_L", 0))
    if workload == "hackbench":
        return int(d.get("HB_G", 0)) * 20 * 20 * int(d.get("HB_L", 0))
    return 0


def load(outdir, maps):
    """{(kernel, level): {workload: [Counter(function -> instructions per op) per boot]}},
    and the problems met."""
    data = collections.defaultdict(lambda: collections.defaultdict(list))
    problems = []
    root = os.path.join(outdir, "counts")
    for tag in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        parsed = parse_tag(tag)
        if not parsed:
            problems.append(f"{tag}: not a KERNEL LEVEL-BOOT tag")
            continue
        kernel, level, _ = parsed
        d = os.path.join(root, tag)
        try:
            with open(os.path.join(d, "meta.txt")) as f:
                meta = f.read()
            with open(os.path.join(d, "index.tsv")) as f:
                rows = [line.rstrip("\n").split("\t") for line in f][1:]
        except OSError as e:
            problems.append(f"{tag}: {e.strerror}: {e.filename}")
            continue
        addrs, names = maps[kernel]
        for k, row in enumerate(rows, 1):
            workload, rc = row[0], row[5]
            path = os.path.join(d, f"window.{k}")
            if rc != "0" or not os.path.exists(path):
                problems.append(f"{tag}: run {k} ({workload}): exit {rc}"
                                + ("" if os.path.exists(path) else ", no window"))
                continue
            ops = ops_of(workload, meta)
            if ops <= 0:
                problems.append(f"{tag}: run {k} ({workload}): no operation count in meta.txt")
                continue
            per_fn = collections.Counter()
            with open(path) as f:
                for line in f:
                    start, _, insns, execs = line.split()
                    per_fn[function_of(addrs, names, int(start, 16))] += int(insns) * int(execs)
            data[(kernel, level)][workload].append(
                collections.Counter({fn: n / ops for fn, n in per_fn.items()}))
    return data, problems


def mean(counters):
    total = collections.Counter()
    for c in counters:
        total.update(c)
    return {fn: n / len(counters) for fn, n in total.items()}


def fmt(x):
    return f"{x:.0f}" if abs(x) >= 10 else f"{x:.1f}"


def report(data, problems, top):
    out = ["# Guest instructions per operation, by kernel function (make insn-profile)\n"]
    out.append("One guest instruction is one virtual nanosecond on make cost's clock. Per operation: "
               "a round trip of `perf bench sched pipe -l 20000` (pipe-pinned: both ends on one CPU), "
               "a message of `hackbench -g 4 -l 400`. A block's instructions count in the function its "
               "first instruction lies in, so a function the compiler inlined counts in its caller; "
               "[user] is user space. A window spans the workload's whole process, its start and exit "
               "included, so the figures per operation carry that cost spread over the operations, the "
               "same on every kernel: the unpatched kernel's pinned round trip counts ~12660 "
               "instructions here where make cost's virtual clock, timing the loop alone, reads ~11550 ns. "
               "A column's figure is the mean over its boots; the range of the "
               "total over boots is in brackets where there was more than one.\n")
    workloads = sorted({w for lv in data.values() for w in lv})
    levels = [lv for lv in LEVELS if lv in data]
    for w in workloads:
        out.append(f"## {w}\n")
        cols = [lv for lv in levels if data[lv].get(w)]
        if ("base", "0") not in cols:
            out.append("No base boot measured this workload.\n")
            continue
        means = {lv: mean(data[lv][w]) for lv in cols}
        base = means[("base", "0")]
        head = "| | " + " | ".join(TITLE[lv] for lv in cols) + " |"
        out.append(head)
        out.append("|---" * (len(cols) + 1) + "|")
        totals = []
        for lv in cols:
            runs = [sum(c.values()) for c in data[lv][w]]
            t = sum(runs) / len(runs)
            rng = f" [{fmt(min(runs))}…{fmt(max(runs))}]" if len(runs) > 1 else ""
            diff = "" if lv == ("base", "0") else f" ({t - sum(base.values()):+.0f}, " \
                f"{(t / sum(base.values()) - 1) * 100:+.2f} %)"
            totals.append(f"{fmt(t)}{rng}{diff}")
        out.append("| all instructions | " + " | ".join(totals) + " |")
        kern = []
        for lv in cols:
            k = sum(n for fn, n in means[lv].items() if fn != "[user]")
            kern.append(fmt(k))
        out.append("| kernel | " + " | ".join(kern) + " |\n")
        # The functions whose count differs most from base's in any column.
        fns = set().union(*means.values())
        delta = {fn: max(abs(means[lv].get(fn, 0) - base.get(fn, 0)) for lv in cols) for fn in fns}
        shown = sorted((fn for fn in fns if delta[fn] >= 0.5), key=lambda fn: -delta[fn])[:top]
        out.append(f"The {len(shown)} functions that differ most from base (instructions per operation; "
                   "the change from base in brackets):\n")
        out.append("| function | " + " | ".join(TITLE[lv] for lv in cols) + " |")
        out.append("|---" * (len(cols) + 1) + "|")
        for fn in shown:
            cells = []
            for lv in cols:
                v = means[lv].get(fn, 0)
                cells.append(fmt(v) if lv == ("base", "0") else f"{fmt(v)} ({v - base.get(fn, 0):+.0f})")
            out.append(f"| `{fn}` | " + " | ".join(cells) + " |")
        rest = {lv: sum(means[lv].get(fn, 0) - base.get(fn, 0) for fn in fns if fn not in shown)
                for lv in cols if lv != ("base", "0")}
        out.append("| every other function | – | " + " | ".join(f"{v:+.0f}" for v in rest.values()) + " |\n")
    if problems:
        out.append("## Problems\n")
        out += [f"- {p}" for p in problems]
        out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--map", action="append", default=[], metavar="KERNEL=SYSTEM_MAP")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    maps = {}
    for m in args.map:
        kernel, _, path = m.partition("=")
        if kernel not in ("base", "series") or not os.path.isfile(path):
            sys.exit(f"insn-report: --map {m}: KERNEL (base or series)=an existing System.map")
        maps[kernel] = read_map(path)
    if set(maps) != {"base", "series"}:
        sys.exit("insn-report: needs --map base=... and --map series=...")
    data, problems = load(args.outdir, maps)
    if not data:
        sys.exit(f"insn-report: no counts under {args.outdir}/counts")
    print(report(data, problems, args.top))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
