#!/usr/bin/env python3
"""make diagnose's report: one markdown table per guest run.

usage: diagnose-report.py DIAG.txt...   (the LN-DIAG: lines of one boot each)
"""
import statistics
import sys

COLS = ("regime way rep interval_us served/expected start_ms avg_us max_us wakeups cost_us cpu/served invol "
        "migrations wakeups_migrated slow "
        "ineligible protected not_picked resched lazy other preemptions preempted "
        "preempted_ineligible").split()
HEAD = ("| regime | way | rep | interval µs | served / expected | thread start ms | avg µs | max µs | wakeups "
        "| CPU µs / wakeup | CPU µs / served period | involuntary switches | migrations "
        "| wakeups migrated "
        "| slow wakeups | ineligible | protected | not picked | resched | lazy | other "
        "| preemptions | then waited: eligible | ineligible |")


def fields(line):
    return dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)


def table(path):
    lines = [l for l in open(path).read().splitlines() if l.startswith("LN-DIAG:")]
    if not lines:
        sys.exit(f"diagnose-report: no LN-DIAG lines in {path}")
    head = fields(lines[0])
    secs = int(head.get("secs", 0))
    out = [f"### preempt={head.get('preempt')} (base slice {head.get('base_slice_ns')} ns, "
           f"{secs} s per run; light runs longer, see expected)", "", HEAD,
           "|" + "---|" * (len(COLS) - 1 + 1)]
    for l in lines:
        d = fields(l)
        if "regime" not in d:
            continue
        d["served/expected"] = f"{d.get('served', '–')} / {d.get('expected', '–')}"
        # What the task's work cost per period it was served (older runs: no cpu_us).
        if d.get("cpu_us") and d.get("served", "0").isdigit() and int(d["served"]):
            d["cpu/served"] = str(int(d["cpu_us"]) // int(d["served"]))
        out.append("| " + " | ".join(d.get(c, "–") for c in COLS) + " |")
    out += ["", summary(lines)]
    return "\n".join(out) + "\n"


def summary(lines):
    """Per regime and way over its repeats: the median and the range of the per-run avg and
    max, the served periods and the slow wakeups (make diagnose DIAG_REPS=N)."""
    runs = {}
    for l in lines:
        d = fields(l)
        if "regime" in d:
            runs.setdefault((d["regime"], d["way"]), []).append(d)
    out = ["| regime | way | runs | avg µs: median (min–max) | max µs: median (min–max) | served (mean) "
           "| slow wakeups (mean) |", "|---|---|---|---|---|---|---|"]
    for (regime, way), ds in runs.items():
        def col(key):
            vals = [int(d[key]) for d in ds if d.get(key, "").isdigit()]
            return vals
        def rng(key):
            v = col(key)
            return f"{statistics.median(v):g} ({min(v)}–{max(v)})" if v else "–"
        def mean(key):
            v = col(key)
            return f"{statistics.fmean(v):.1f}" if v else "–"
        out.append(f"| {regime} | {way} | {len(ds)} | {rng('avg_us')} | {rng('max_us')} | {mean('served')} "
                   f"| {mean('slow')} |")
    return "\n".join(out)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print("cyclictest's waits over 1 ms: after a wakeup, by what the wakeup found; after a "
          "preemption in the middle of its work, by whether it was still eligible.\n")
    for p in sys.argv[1:]:
        print(table(p))


if __name__ == "__main__":
    main()
