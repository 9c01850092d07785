#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of bench-report.py: the parsers on the tools' real output shapes, and --check
on a synthetic result tree (complete: passes; a cell missing, failed or empty: fails)."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "bench-report.py")
spec = importlib.util.spec_from_file_location("bench_report", SCRIPT)
br = importlib.util.module_from_spec(spec)
spec.loader.exec_module(br)

CYCLICTEST = """# /dev/cpu_dma_latency set to 0us
Thread 0 Interval: 1000
       0:       0:     103
       0:       1:      97
       0:       2:   12001
"""
HACKBENCH = """Running in process mode with 4 groups using 40 file descriptors each (== 160 tasks)
Each sender will pass 100 messages of 100 bytes
Time: 1.234
"""
MESSAGING = """# Running 'sched/messaging' benchmark:
# 20 sender and receiver threads per group
# 4 groups == 160 threads run

     Total time: 0.532 [sec]
"""
PIPE = """# Running 'sched/pipe' benchmark:
# Executed 50000 pipe operations between two processes

     Total time: 1.234 [sec]

      24.680 usecs/op
           40518 ops/sec
"""
SCHBENCH = '{"wakeup_us":{"p50":10,"p90":20,"p99":30,"p99.9":40},"request_us":' \
           '{"p50":110,"p90":120,"p99":130,"p99.9":140},"rps":199,"requests":796}\n'
SCHED = """stress-ng-cpu (123, #threads: 1)
-------------------------------------------------------------------
se.exec_start                                :          5060.123456
se.sum_exec_runtime                          :          4934.206000
nr_switches                                  :                   58
wait_max                                     :           101.998000
wait_sum                                     :          4300.000000
wait_count                                   :                   50
"""
FIFO_BURST = "bursts 40 matched 38 first 19 avg_delay_us 2150 max_delay_us 4031\n"
OUTPUT = {
    "cyclictest-idle": CYCLICTEST, "cyclictest-hackbench": CYCLICTEST, "cyclictest-hog": CYCLICTEST,
    "fifo-burst": FIFO_BURST, "hackbench": HACKBENCH,
    "messaging": MESSAGING, "pipe": PIPE, "schbench-idle": SCHBENCH, "schbench-hackbench": SCHBENCH,
    "two-hogs": "== hog fg pid 123\n" + SCHED + "== hog bg pid 124\n" + SCHED,
}


def write_tree(root, drop=None, fail=None, empty=None):
    """A result tree as bench.sh leaves it, every expected run once."""
    for topo in ("flat",):
        for kernel in ("base", "series"):
            d = os.path.join(root, "raw", f"{topo}-{kernel}")
            os.makedirs(d)
            open(os.path.join(d, "meta.txt"), "w").write(f"kernel={kernel}\nprofile=tiny\nD=1 REPS=1\n")
            rows = ["workload\tfg\tbg\tvariant\trep\trc\tseconds\tfile"]
            for n, (wl, fg, bg, v) in enumerate(sorted(br.expected_runs(kernel))):
                if (wl, fg, bg, v) == drop:
                    continue
                f = f"{wl}/{v}.fg{fg}.bg{bg}.rep1.txt"
                os.makedirs(os.path.join(d, wl), exist_ok=True)
                text = "" if (wl, fg, bg, v) == empty else OUTPUT[wl]
                open(os.path.join(d, f), "w").write(text)
                if wl.startswith("schbench"):
                    open(os.path.join(d, f[:-4] + ".samples"), "w").write("10 110\n30 130\n")
                rc = 1 if (wl, fg, bg, v) == fail else 0
                rows.append(f"{wl}\t{fg}\t{bg}\t{v}\t1\t{rc}\t1\t{f}")
            open(os.path.join(d, "index.tsv"), "w").write("\n".join(rows) + "\n")


def check(root):
    return subprocess.run([sys.executable, SCRIPT, root, "--check"], capture_output=True, text=True)


class Parsers(unittest.TestCase):
    def test_cyclictest_keeps_every_sample(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write(CYCLICTEST)
            f.flush()
            self.assertEqual(br.parse_run("cyclictest-idle", f.name)["samples"]["wakeup_us"], [103, 97, 12001])

    def test_throughput_figures(self):
        for wl, text, want in (("hackbench", HACKBENCH, {"time_s": 1.234}),
                               ("messaging", MESSAGING, {"time_s": 0.532}),
                               ("pipe", PIPE, {"time_s": 1.234, "usecs_per_op": 24.68})):
            with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
                f.write(text)
                f.flush()
                self.assertEqual(br.parse_run(wl, f.name)["figures"], want)

    def test_two_hogs_from_proc_sched(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write(OUTPUT["two-hogs"])
            f.flush()
            fig = br.parse_run("two-hogs", f.name)["figures"]
        self.assertEqual(fig["fg_switches"], 58)
        self.assertAlmostEqual(fig["fg_avg_delay_ms"], 86.0)
        self.assertAlmostEqual(fig["bg_max_delay_ms"], 101.998)

    def test_fifo_burst_share_of_first(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write(FIFO_BURST)
            f.flush()
            fig = br.parse_run("fifo-burst", f.name)["figures"]
        self.assertEqual((fig["matched"], fig["first_permille"], fig["avg_delay_us"]), (38, 500.0, 2150))

    def test_output_without_data_is_none(self):
        for wl in OUTPUT:
            with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
                f.write("hackbench: command not found\n")
                f.flush()
                self.assertIsNone(br.parse_run(wl, f.name), wl)

    def test_percentile_is_nearest_rank(self):
        s = list(range(1, 101))
        self.assertEqual((br.pct(s, 50), br.pct(s, 99), br.pct(s, 100)), (50, 99, 100))
        self.assertEqual(br.pct([7], 99.9), 7)


class Check(unittest.TestCase):
    def test_complete_tree_passes_and_reports(self):
        with tempfile.TemporaryDirectory() as root:
            write_tree(root)
            r = check(root)
            self.assertEqual(r.returncode, 0, r.stderr)
            report = open(os.path.join(root, "report.md")).read()
            self.assertIn("| LN -20 p99 |", report)
            self.assertIn("| hog default, cyclictest -20: p99 |", report)
            self.assertIn("| probe -20: first ‰ |", report)
            self.assertTrue(os.path.exists(os.path.join(root, "plots", "flat-histograms.png")))

    def test_missing_failed_or_empty_cell_fails(self):
        cell = ("cyclictest-hackbench", "-20", "0", "ln")
        for kw in ({"drop": cell}, {"fail": cell}, {"empty": cell}):
            with tempfile.TemporaryDirectory() as root:
                write_tree(root, **kw)
                r = check(root)
                self.assertEqual(r.returncode, 1, kw)
                self.assertIn("cyclictest-hackbench", r.stderr)


if __name__ == "__main__":
    unittest.main()
