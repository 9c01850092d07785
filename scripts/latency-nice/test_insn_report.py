#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of insn-report.py (make insn-profile's report) on constructed windows: blocks go to
the function their first instruction lies in, counts divide by the run's operations, the
difference from base is per column, a missing window or a failed run is a problem."""
import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "insn-report.py")
spec = importlib.util.spec_from_file_location("insn_report", SCRIPT)
ir = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ir)

BASE_MAP = """ffffffff81000000 T pick_eevdf
ffffffff81000100 t vruntime_eligible
ffffffff81000200 T __x64_sys_sync
ffffffff81000300 D some_data
"""
SERIES_MAP = """ffffffff81000000 T pick_eevdf
ffffffff81000100 t vruntime_eligible
ffffffff81000180 t entity_eligible
ffffffff81000200 T __x64_sys_sync
"""


def put(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def boot(root, tag, windows, pp_l=10, rcs=None):
    """A boot TAG whose runs are pipe-pinned, one per window (a list of block lines)."""
    d = os.path.join(root, "counts", tag)
    rows = ["workload\tfg\tbg\tvariant\trep\trc\tseconds\tfile"]
    for k, blocks in enumerate(windows, 1):
        rc = (rcs or {}).get(k, "0")
        rows.append(f"pipe-pinned\t0\t-\tbase\t{k}\t{rc}\t1\tpipe-pinned/base.fg0.bg-.rep{k}.txt")
        if blocks is not None:
            put(os.path.join(d, f"window.{k}"), "".join(f"{b}\n" for b in blocks))
    put(os.path.join(d, "index.tsv"), "\n".join(rows) + "\n")
    put(os.path.join(d, "meta.txt"), f"kernel=base\nD=2 HB_G=4 HB_L=400 PP_L={pp_l} BG_G=1\n")


class InsnReport(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        put(os.path.join(self.root, "base.map"), BASE_MAP)
        put(os.path.join(self.root, "series.map"), SERIES_MAP)
        self.maps = {"base": ir.read_map(os.path.join(self.root, "base.map")),
                     "series": ir.read_map(os.path.join(self.root, "series.map"))}

    def tearDown(self):
        self.tmp.cleanup()

    def run_report(self):
        return subprocess.run([sys.executable, SCRIPT, self.root,
                               "--map", f"base={self.root}/base.map",
                               "--map", f"series={self.root}/series.map"],
                              capture_output=True, text=True)

    def test_blocks_go_to_their_function_per_operation(self):
        # base: pick_eevdf 10 insns x 20 runs, vruntime_eligible 5 x 40, user 3 x 100; 10 ops.
        boot(self.root, "base0-1", [["ffffffff81000010 ffffffff81000030 10 20",
                                     "ffffffff81000104 ffffffff81000110 5 40",
                                     "401000 401010 3 100"]])
        data, problems = ir.load(self.root, self.maps)
        self.assertEqual(problems, [])
        (c,) = data[("base", "0")]["pipe-pinned"]
        self.assertEqual(dict(c), {"pick_eevdf": 20.0, "vruntime_eligible": 20.0, "[user]": 30.0})

    def test_the_change_from_base_by_function(self):
        boot(self.root, "base0-1", [["ffffffff81000104 ffffffff81000110 5 40"]])
        # The series: the same test out of line in entity_eligible (at 0x...180), 6 insns.
        boot(self.root, "series0-1", [["ffffffff81000104 ffffffff81000110 2 40",
                                       "ffffffff81000190 ffffffff810001a0 6 40"]])
        r = self.run_report()
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("| all instructions | 20 | 32 (+12, +60.00 %) |", r.stdout)
        self.assertIn("| `entity_eligible` | 0.0 | 24 (+24) |", r.stdout)
        self.assertIn("| `vruntime_eligible` | 20 | 8.0 (-12) |", r.stdout)

    def test_boots_are_averaged_and_their_range_shown(self):
        boot(self.root, "base0-1", [["ffffffff81000010 ffffffff81000030 10 10"]])
        boot(self.root, "base0-2", [["ffffffff81000010 ffffffff81000030 10 12"]])
        r = self.run_report()
        self.assertIn("| all instructions | 11 [10…12] |", r.stdout)

    def test_a_failed_run_or_a_missing_window_is_a_problem(self):
        boot(self.root, "base0-1", [["ffffffff81000010 ffffffff81000030 10 10"], None],
             rcs={1: "1"})
        data, problems = ir.load(self.root, self.maps)
        self.assertEqual(problems, ["base0-1: run 1 (pipe-pinned): exit 1",
                                    "base0-1: run 2 (pipe-pinned): exit 0, no window"])
        self.assertEqual(self.run_report().returncode, 1)

    def test_tags_and_operations(self):
        self.assertEqual(ir.parse_tag("series0-key-3"), ("series", "0-key", 3))
        self.assertEqual(ir.parse_tag("series-20-1"), ("series", "-20", 1))
        self.assertIsNone(ir.parse_tag("control0-1"))
        meta = "D=2 HB_G=4 HB_L=400 PP_L=20000"
        self.assertEqual(ir.ops_of("pipe", meta), 20000)
        self.assertEqual(ir.ops_of("hackbench", meta), 4 * 20 * 20 * 400)
        self.assertEqual(ir.ops_of("schbench", meta), 0)

    def test_bad_arguments_fail_with_one_line(self):
        r = subprocess.run([sys.executable, SCRIPT, self.root, "--map", "base=/nonexistent"],
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        r = self.run_report()
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no counts under", r.stderr)


if __name__ == "__main__":
    unittest.main()
