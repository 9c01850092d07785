#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of make cost's report (cost-report.py) on synthetic results.tsv: the boot (the
mean of its runs) is the unit; the interval is the expanded percentile bootstrap; an A/A
control drawn like base holds (at least 51 of 60 rows over 20 seeds) and one 3 % off fails and
turns every verdict into "unresolved (control failed; ...)"; the issue's targets (key off
within ±0.5 % of base, key on within ±1 %) read "within" or "outside" only when the whole
interval says so, else "unresolved"; pairs are kept by round; under three rounds there is no
interval; the boots needed for 2 % and 10 % follow n = ceil(2 (2.8 CV / d)^2); and bad input
ends in one line on stderr and a non-zero exit."""

import os
import random
import re
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(HERE, "cost-report.py")
HEADER = "round\tkernel\tlevel\tworkload\trep\tns_per_op\n"
CELLS = (("base", "0"), ("control", "0"), ("series", "0"), ("series", "0-key"),
         ("series", "-20"))
WORKLOADS = {"hackbench": 21000.0, "pipe": 48000.0, "pipe-pinned": 17000.0}


def results(path, rounds, boot, within=0.0005, seed=7):
    """boot(kernel, level, workload, round, rng) -> that boot's mean, in units of the
    workload's ns; three runs a boot at mean x (1 - within, 1, 1 + within): their mean is the
    boot's, their sd mean x within."""
    rng = random.Random(seed)
    with open(path, "w") as f:
        f.write(HEADER)
        for r in range(1, rounds + 1):
            for k, lv in CELLS:
                for wl, ns in WORKLOADS.items():
                    m = ns * boot(k, lv, wl, r, rng)
                    for rep, e in enumerate((-within, 0.0, within), 1):
                        f.write(f"{r}\t{k}\t{lv}\t{wl}\t{rep}\t{m * (1 + e)!r}\n")


def factor(table, noise):
    """A boot(): (kernel, level) -> factor (or (kernel, level, workload) -> factor), times a
    normal boot-to-boot noise of sd NOISE."""
    def boot(k, lv, wl, r, rng):
        f = table.get((k, lv, wl), table.get((k, lv), 1.0))
        return f * rng.gauss(1.0, noise)
    return boot


def run(*args):
    return subprocess.run(["/usr/bin/python3", REPORT, *args], capture_output=True, text=True)


def report(path):
    p = run(path)
    if p.returncode:
        raise AssertionError(f"cost-report.py failed ({p.returncode}): {p.stderr}")
    return p.stdout


AA = "| workload | rounds | control / base |"
VS_BASE = "| workload | series | rounds | series / base |"
WITHIN = "| workload | comparison | rounds | ratio |"
BOOTS = "| workload | kernel | latency_nice | boots |"
KEY_OFF, KEY_ON, MINUS20 = "0 (key off)", "0-key (key on, every task at 0)", "-20 (every task at -20)"


def change(cell):
    """"+4.00 % (3.90…4.10)" -> (4.0, 3.9, 4.1)."""
    m = re.fullmatch(r"([+-]\d+\.\d+) % \((-?\d+\.\d+)…(-?\d+\.\d+)\)", cell)
    if not m:
        raise AssertionError(f"not a change in % with its interval: {cell!r}")
    return tuple(float(g) for g in m.groups())


def row(text, table, *cells):
    """The row of TABLE (its header line's start) that starts with CELLS, as its cells."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(table)), None)
    if start is None:
        raise AssertionError(f"no table {table} in:\n{text}")
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        got = [c.strip() for c in line.strip("|").split("|")]
        if got[:len(cells)] == list(cells):
            return got
    raise AssertionError(f"no row {cells} under {table} in:\n{text}")


class Control(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.tsv = os.path.join(self.dir.name, "results.tsv")

    def tearDown(self):
        self.dir.cleanup()

    def test_aa_holds(self):
        # control and base drawn alike (boot-to-boot sd 0.3 %), 12 rounds. Each A/A row is a
        # 95 % interval, so a row fails by chance in about 5 % of draws (over seeds 1-100:
        # 21 of 300 rows) and a run of three rows in about 14 % (17 of 100 seeds): no one seed
        # is asserted to hold everywhere by luck. Seeds 1-20's 60 rows, each seed's three
        # workloads renamed apart into one results.tsv: at least 51 hold (a fair 95 % interval
        # fails 10 or more of 60 in 0.07 % of seed sets at 5 %, 0.8 % at 7 %).
        rows = []
        for seed in range(1, 21):
            results(self.tsv, 12, factor({("series", "0"): 1.001}, 0.003), seed=seed)
            with open(self.tsv) as f:
                next(f)
                for line in f:
                    c = line.split("\t")
                    if c[1] in ("base", "control"):
                        c[3] = f"{c[3]}.{seed}"
                        rows.append("\t".join(c))
        with open(self.tsv, "w") as f:
            f.write(HEADER + "".join(rows))
        text = report(self.tsv)
        got = [row(text, AA, f"{wl}.{seed}")[-1] for seed in range(1, 21) for wl in WORKLOADS]
        for v in got:
            self.assertIn(v, ("holds", "fails (control costs more)", "fails (control costs less)"))
        self.assertGreaterEqual(got.count("holds"), 51, got)
        self.assertIn("The family of A/A rows is this run's 60 workloads", text)
        # The text of a run whose three rows hold: seed 1, one of the 83 of seeds 1-100 where
        # all three do (the report's family note: at least one of 3 fails in about 14 %).
        results(self.tsv, 12, factor({("series", "0"): 1.001}, 0.003), seed=1)
        text = report(self.tsv)
        self.assertIn("virtual nanoseconds (QEMU -icount shift=0", text)
        self.assertIn("not a time on hardware", text)
        self.assertIn("expanded percentile interval", text)
        for wl in WORKLOADS:
            self.assertEqual(row(text, AA, wl)[-1], "holds")
        self.assertNotIn("control failed", text)
        self.assertIn("The family of A/A rows is this run's 3 workloads: each row excludes 1 "
                      "by chance in about 5 % of runs, so at least one of 3 does in about "
                      "14.3 % of runs", text)

    def test_expanded_interval(self):
        # Four rounds, control / base 0.99, 1, 1, 1.02 a round (base 100): alpha' =
        # 2 Phi(-sqrt(4/3) 3.182) = 0.00024 puts both ends on the 3rd resample from each end of
        # 20 000, and some 78 resamples (1 in 256) draw one round four times: the interval is
        # the rounds' own extremes, 0.99…1.02. The plain percentile interval (the 500th from
        # each end) would lie strictly inside them.
        with open(self.tsv, "w") as f:
            f.write(HEADER)
            for r, c in enumerate((99.0, 100.0, 100.0, 102.0), 1):
                f.write(f"{r}\tbase\t0\thackbench\t1\t100.0\n{r}\tcontrol\t0\thackbench\t1\t{c}\n")
        text = report(self.tsv)
        self.assertEqual(row(text, AA, "hackbench")[1:],
                         ["4", "1.0025 (0.9900…1.0200)", "+0.2 % (-1.0…2.0)", "holds"])
        self.assertIn("this run's 1 workload: each row excludes 1 by chance in about 5 % of "
                      "runs, so it does in about 5.00 % of runs", text)

    def test_aa_fails(self):
        # The control 3 % off on one workload only: the run's intervals do not hold, and
        # every verdict below, on every workload, reads unresolved with what it alone says.
        # (hackbench's row holds at seed 7; drawn alike, it does at 92 of seeds 1-100.)
        results(self.tsv, 12, factor({("control", "0", "pipe-pinned"): 1.03,
                                      ("series", "0"): 1.001, ("series", "0-key"): 1.04,
                                      ("series", "-20"): 1.08}, 0.0002))
        text = report(self.tsv)
        self.assertEqual(row(text, AA, "hackbench")[-1], "holds")
        self.assertEqual(row(text, AA, "pipe-pinned")[-1], "fails (control costs more)")
        self.assertIn("**The A/A control failed", text)
        for wl in WORKLOADS:
            self.assertEqual(row(text, VS_BASE, wl, KEY_OFF)[-1],
                             "unresolved (control failed; alone: within ±0.5 %)")
            self.assertEqual(row(text, VS_BASE, wl, KEY_ON)[-1],
                             "unresolved (control failed; alone: outside ±1 %)")
            self.assertEqual(row(text, VS_BASE, wl, MINUS20)[-1],
                             "unresolved (control failed; alone: costs more)")
            self.assertEqual(row(text, WITHIN, wl, "-20 / 0")[-1],
                             "unresolved (control failed; alone: costs more)")


class Verdicts(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.tsv = os.path.join(self.dir.name, "results.tsv")

    def tearDown(self):
        self.dir.cleanup()

    def test_key_off_within(self):
        # The series with its key off 0.1 % over base, boots 0.01 % apart: within ±0.5 %.
        # -20 drawn like base: no difference resolved.
        results(self.tsv, 10, factor({("series", "0"): 1.001}, 0.0001))
        text = report(self.tsv)
        for wl in WORKLOADS:
            r = row(text, VS_BASE, wl, KEY_OFF)
            self.assertEqual(r[2], "10")
            est, lo, hi = change(r[4])
            self.assertAlmostEqual(est, 0.1, delta=0.01)
            self.assertTrue(0 < lo < est < hi < 0.2, r[4])
            self.assertEqual(r[5:], ["±0.5 %", "within ±0.5 %"])
            self.assertEqual(row(text, VS_BASE, wl, MINUS20)[-2:], ["–", "no difference resolved"])

    def test_key_on_outside(self):
        # Key on at 0 4 % over base: outside ±1 %; the key off 1 % under base: outside ±0.5 %
        # (below); -20 10 % over base (hackbench) and 5 % under (pipe): costs more, costs
        # less; within the series, the key on against off: 1.04 / 0.99, +5.05 %.
        results(self.tsv, 8, factor({("series", "0"): 0.99, ("series", "0-key"): 1.04,
                                     ("series", "-20"): 1.10,
                                     ("series", "-20", "pipe"): 0.95}, 0.001))
        text = report(self.tsv)
        for wl in WORKLOADS:
            r = row(text, VS_BASE, wl, KEY_ON)
            self.assertEqual(r[2], "8")
            est, lo, hi = change(r[4])
            self.assertAlmostEqual(est, 4.0, delta=0.2)
            self.assertTrue(3.5 < lo < est < hi < 4.5, r[4])
            self.assertEqual(r[5:], ["±1 %", "outside ±1 %"])
            self.assertEqual(row(text, VS_BASE, wl, KEY_OFF)[-1], "outside ±0.5 %")
            r = row(text, WITHIN, wl, "0-key / 0 (the key on)")
            self.assertAlmostEqual(change(r[4])[0], 5.05, delta=0.2)
            self.assertEqual(r[-1], "costs more")
        self.assertEqual(row(text, VS_BASE, "hackbench", MINUS20)[-1], "costs more")
        self.assertEqual(row(text, VS_BASE, "pipe", MINUS20)[-1], "costs less")
        self.assertEqual(row(text, WITHIN, "pipe", "-20 / 0")[-1], "costs less")

    def test_wide_noise_unresolved(self):
        # Boots 3 % apart, the series drawn like base: an interval of some ±2 % straddles
        # both targets' edges: unresolved, not "within".
        # (Seed 3 is chosen: over seeds 1-100 all three A/A rows hold at 79, and all six
        # target verdicts read unresolved, the control aside, at 89.)
        results(self.tsv, 8, factor({}, 0.03), seed=3)
        text = report(self.tsv)
        for wl in WORKLOADS:
            self.assertEqual(row(text, AA, wl)[-1], "holds")
            self.assertEqual(row(text, VS_BASE, wl, KEY_OFF)[-1], "unresolved")
            self.assertEqual(row(text, VS_BASE, wl, KEY_ON)[-1], "unresolved")

    def test_paired_by_round(self):
        # Every kernel of a round shares the round's offset (up to ±20 %); the series is 2 %
        # over base in every round: the pairs of a round resolve it, rounds drawn apart could
        # not.
        def boot(k, lv, wl, r, rng):
            return (0.8 + 0.04 * r) * (1.02 if k == "series" else 1.0) * rng.gauss(1, 0.0001)
        results(self.tsv, 10, boot)
        text = report(self.tsv)
        for wl in WORKLOADS:
            r = row(text, VS_BASE, wl, KEY_OFF)
            est, lo, hi = change(r[4])
            self.assertAlmostEqual(est, 2.0, delta=0.01)
            self.assertTrue(1.9 < lo < est < hi < 2.1, r[4])
            self.assertEqual(r[-1], "outside ±0.5 %")

    def test_too_few_rounds(self):
        # Two rounds: no interval anywhere; three: one.
        for rounds, interval in ((2, False), (3, True)):
            results(self.tsv, rounds, factor({("series", "-20"): 1.1}, 0.0001))
            text = report(self.tsv)
            for wl in WORKLOADS:
                for r in (row(text, AA, wl), row(text, VS_BASE, wl, KEY_OFF),
                          row(text, VS_BASE, wl, MINUS20), row(text, WITHIN, wl, "-20 / 0")):
                    if interval:
                        self.assertNotIn("too few rounds", r, (rounds, r))
                        self.assertIn("…", r[-3])
                    else:
                        self.assertEqual(r[-1], "too few rounds", r)
                        self.assertNotIn("…", "".join(r))
            if not interval:
                self.assertNotIn("holds", text)


class Boots(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.tsv = os.path.join(self.dir.name, "results.tsv")

    def tearDown(self):
        self.dir.cleanup()

    def test_boot_is_unit(self):
        # base at 0, hackbench: boots of 3, 2 and 1 runs, boot means 100, 110, 120 (the runs'
        # mean is 106.67): mean 110, sd 10, CV 9.09 %, range 100…120; within: squares 2 + 2
        # over 2 + 1 degrees of freedom, sd sqrt(4/3) = 1.15, 1.05 % of 110.
        with open(self.tsv, "w") as f:
            f.write(HEADER)
            for r, vals in ((1, (99, 100, 101)), (2, (109, 111)), (3, (120,))):
                for rep, v in enumerate(vals, 1):
                    f.write(f"{r}\tbase\t0\thackbench\t{rep}\t{v}\n")
        text = report(self.tsv)
        self.assertEqual(row(text, BOOTS, "hackbench", "base", "0"),
                         ["hackbench", "base", "0", "3", "110.0", "10.00", "9.09 %",
                          "100.0…120.0", "1.15 (1.05 %)"])

    def test_boots_needed(self):
        # hackbench's boots 6 % apart in every cell (four rounds at 1 ± 0.06 sqrt(3/4): sd
        # 0.06 exactly): 2 (2.8 x 0.06 / 0.02)^2 = 141.12 -> 142 boots for 2 %,
        # 2 (2.8 x 0.06 / 0.10)^2 = 5.6448 -> 6 for 10 %. pipe's 0.1 %: 2 (0.14)^2 -> at least 2.
        def boot(k, lv, wl, r, rng):
            a = (0.06 if wl == "hackbench" else 0.001) * 0.75 ** 0.5
            return 1 + (a if r % 2 else -a)
        results(self.tsv, 4, boot, within=0.0)
        text = report(self.tsv)
        self.assertIn("- hackbench: boot-to-boot CV 6.00 %: 142 boots per kernel to resolve 2 %, "
                      "6 to resolve 10 %.", text)
        self.assertIn("- pipe: boot-to-boot CV 0.100 %: 2 boots per kernel to resolve 2 %, "
                      "2 to resolve 10 %.", text)
        self.assertEqual(row(text, BOOTS, "hackbench", "series", "-20")[6], "6.00 %")


class BadInput(unittest.TestCase):
    def test_bad_input(self):
        with tempfile.TemporaryDirectory() as d:
            def write(name, text):
                path = os.path.join(d, name)
                with open(path, "w") as f:
                    f.write(text)
                return path
            ok = "1\tbase\t0\thackbench\t1\t100.5\n"
            cases = {
                "no args": (),
                "two args": (write("a", HEADER + ok), write("b", HEADER + ok)),
                "no such file": (os.path.join(d, "missing.tsv"),),
                "empty file": (write("empty", ""),),
                "header only": (write("header", HEADER),),
                "missing column": (write("nocol", HEADER.replace("\tns_per_op", "")
                                         + ok.rsplit("\t", 1)[0] + "\n"),),
                "old header": (write("old", "round\tkernel\tlevel\tworkload\tseconds\n"
                                     "1\tbase\t0\thackbench\t2.0\n"),),
                "not a number": (write("nan", HEADER + ok.replace("100.5", "abc")),),
                "short row": (write("short", HEADER + "1\tbase\t0\n"),),
                "unknown kernel": (write("kernel", HEADER + ok.replace("base", "before")),),
            }
            for what, args in cases.items():
                p = run(*args)
                self.assertNotEqual(p.returncode, 0, what)
                self.assertEqual(p.stdout, "", what)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, (what, p.stderr))
                self.assertNotIn("Traceback", p.stderr, what)


if __name__ == "__main__":
    unittest.main()
