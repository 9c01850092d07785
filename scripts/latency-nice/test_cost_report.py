#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of make cost's report (cost-report.py) and cost.sh's arguments: an A/A control
that holds leaves the before/after verdicts as they are, one that resolves a difference turns
every verdict into "unresolved", the calls' cost beyond the build cancels a difference that
slows both levels alike, and cost.sh refuses a control that is not a copy of AFTER."""

import os
import random
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(HERE, "cost-report.py")
COST = os.path.join(HERE, "cost.sh")


def results(path, rounds, seconds):
    """seconds(kernel, level, workload, round, rng) -> seconds; one row per boot."""
    rng = random.Random(7)
    with open(path, "w") as f:
        f.write("round\tkernel\tlevel\tworkload\tseconds\n")
        for r in range(1, rounds + 1):
            for k in ("before", "after", "control"):
                for lv in ("0", "-20"):
                    for wl in ("hackbench", "pipe"):
                        f.write(f"{r}\t{k}\t{lv}\t{wl}\t{seconds(k, lv, wl, r, rng):.4f}\n")


def report(path):
    return subprocess.run(["/usr/bin/python3", REPORT, path], check=True,
                          capture_output=True, text=True).stdout


CONTROL = "| workload | latency_nice | control / after |"
BEFORE_AFTER = "| workload | latency_nice | before (C) |"
CALLS = "| workload | (after -20/0) / (before -20/0) |"


def row(text, table, *cells):
    """The row of TABLE (its header line) that starts with CELLS."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(table))
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        if line.startswith("| " + " | ".join(cells) + " |"):
            return line
    raise AssertionError(f"no row {cells} under {table} in:\n{text}")


class CostReport(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.tsv = os.path.join(self.dir.name, "results.tsv")

    def tearDown(self):
        self.dir.cleanup()

    def test_control_holds(self):
        # After is 20 % slower at -20 only; the control is the after kernel's twin.
        def s(k, lv, wl, r, rng):
            slow = 1.2 if k != "before" and lv == "-20" else 1.0
            return 2.0 * slow * rng.uniform(0.98, 1.02)
        results(self.tsv, 12, s)
        text = report(self.tsv)
        self.assertIn("The control holds", text)
        self.assertIn("no difference resolved", row(text, CONTROL, "hackbench", "-20"))
        self.assertIn("| after slower |", row(text, BEFORE_AFTER, "hackbench", "-20"))
        self.assertIn("no difference resolved", row(text, BEFORE_AFTER, "hackbench", "0"))
        self.assertIn("| the calls cost |", row(text, CALLS, "pipe"))

    def test_control_fails(self):
        # The control's boots at 0 fall into a slow mode: two identical kernels differ.
        def s(k, lv, wl, r, rng):
            slow = 1.3 if k == "control" and lv == "0" else 1.0
            slow *= 1.2 if k == "after" and lv == "-20" else 1.0
            return 2.0 * slow * rng.uniform(0.98, 1.02)
        results(self.tsv, 12, s)
        text = report(self.tsv)
        self.assertIn("control slower", row(text, CONTROL, "hackbench", "0"))
        self.assertIn("this run's intervals do not hold", text)
        self.assertIn("unresolved (control failed; alone: after slower)",
                      row(text, BEFORE_AFTER, "hackbench", "-20"))

    def test_build_difference_cancels(self):
        # After is 10 % slower at both levels (layout, not calls): the calls cost nothing.
        def s(k, lv, wl, r, rng):
            return 2.0 * (1.1 if k != "before" else 1.0) * rng.uniform(0.99, 1.01)
        results(self.tsv, 12, s)
        text = report(self.tsv)
        self.assertIn("| after slower |", row(text, BEFORE_AFTER, "hackbench", "0"))
        for wl in ("hackbench", "pipe"):
            self.assertIn("no difference resolved", row(text, CALLS, wl))


class CostArgs(unittest.TestCase):
    def test_control_must_be_a_copy(self):
        with tempfile.TemporaryDirectory() as d:
            a, b, c = (os.path.join(d, n) for n in ("a", "b", "c"))
            for path, data in ((a, b"before"), (b, b"after"), (c, b"other")):
                with open(path, "wb") as f:
                    f.write(data)
            for control in (c, b):  # other bytes; the after kernel's own file
                p = subprocess.run([COST, a, b, os.path.join(d, "out"), control],
                                   capture_output=True, text=True)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertFalse(os.path.exists(os.path.join(d, "out")))


if __name__ == "__main__":
    unittest.main()
