#!/usr/bin/env python3
"""make diagnose's report: one markdown table per guest run.

usage: diagnose-report.py DIAG.txt...   (the LN-DIAG: lines of one boot each)
"""
import sys

COLS = ("regime way interval_us served/expected start_ms avg_us max_us wakeups cost_us cpu/served invol "
        "migrations wakeups_migrated slow "
        "ineligible protected not_picked resched lazy other preemptions preempted "
        "preempted_ineligible").split()
HEAD = ("| regime | way | interval µs | served / expected | thread start ms | avg µs | max µs | wakeups "
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
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print("cyclictest's waits over 1 ms: after a wakeup, by what the wakeup found; after a "
          "preemption in the middle of its work, by whether it was still eligible.\n")
    for p in sys.argv[1:]:
        print(table(p))


if __name__ == "__main__":
    main()
