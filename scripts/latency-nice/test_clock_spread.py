#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of clock-spread.py: the per-boot spread of a cell and the boots it takes to
resolve a difference, against figures worked out by hand, and its refusals."""

import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "clock-spread.py")
HEAD = "topology,kernel,variant,workload,fg,bg,rep,metric,value\n"


def run_dir(root, name, clock, pipe_us, p99s):
    d = os.path.join(root, name)
    os.makedirs(d)
    with open(os.path.join(d, "summary.csv"), "w") as f:
        f.write(HEAD)
        for rep, v in enumerate(pipe_us, 1):
            f.write(f"flat,base,base,pipe,0,-,{rep},usecs_per_op,{v}\n")
            # Another variant and kernel of the same cell: not base's, not counted.
            f.write(f"flat,series,ln,pipe,0,-,{rep},usecs_per_op,{v * 3}\n")
            f.write(f"flat,base,lavd,pipe,0,-,{rep},usecs_per_op,{v * 2}\n")
        for rep, v in enumerate(p99s, 1):
            f.write(f"flat,base,base,cyclictest-seed,0,0,{rep},wakeup_us.p99,{v}\n")
    if clock:
        with open(os.path.join(d, "host.txt"), "w") as f:
            f.write(f"clock={clock}\n")
    return d


def tool(*args):
    return subprocess.run(["/usr/bin/python3", TOOL, *args], capture_output=True, text=True)


class Spread(unittest.TestCase):
    def test_hand_worked(self):
        with tempfile.TemporaryDirectory() as root:
            # pipe: 9, 10, 11: mean 10, sd 1, CV 10 %: n = 2 * (2.801585 * 0.1 / 0.02)^2 =
            # 392.44, so 393 boots for 2 %. p99: 100, 100, 100, 100: CV 0, the floor of 2.
            wall = run_dir(root, "w", None, [9, 10, 11], [100, 100, 100, 100])
            # pipe: 10.00, 10.01, 10.02: sd 0.01, CV 0.0999 %: 2 * (2.801585 * 0.000999 /
            # 0.02)^2 = 0.0392: the floor of 2.
            virt = run_dir(root, "v", "virtual", [10.00, 10.01, 10.02], [100, 110, 120])
            r = tool(f"wall={wall}", f"virtual={virt}")
            self.assertEqual(r.returncode, 0, r.stderr)
            rows = [l for l in r.stdout.splitlines() if l.startswith("| pipe,")]
            self.assertEqual(len(rows), 2, r.stdout)
            self.assertIn("| wall (wall) | 3 | 10 | 10.00 % | 393 for 2 % |", rows[0])
            self.assertIn("| virtual (virtual) | 3 | 10.01 | 0.10 % | 2 for 2 % |", rows[1])
            seed = [l for l in r.stdout.splitlines() if l.startswith("| seed-scaled")]
            self.assertIn("| wall (wall) | 4 | 100 | 0.00 % | 2 for 10 % |", seed[0])
            # p99 100, 110, 120: sd 10, CV 9.09 %: 2 * (2.801585 * 0.0909 / 0.1)^2 = 12.97: 13.
            self.assertIn("| virtual (virtual) | 3 | 110 | 9.09 % | 13 for 10 % |", seed[1])

    def test_refusals(self):
        self.assertEqual(tool().returncode, 2)
        self.assertEqual(tool("nolabel").returncode, 2)
        r = tool("x=/nonexistent")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
