#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Tests of sis-stats on constructed sis_stats files (no kernel needed)."""

import os
import subprocess
import tempfile
import unittest

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sis-stats")
HEADER = "# llc span calls found missed_idle scanned[0..31,32+]\n"


def line(first, span, found, missed, hist):
    hist = hist + [0] * (33 - len(hist))
    return f"{first} {span} {sum(hist)} {found} {missed} " + " ".join(map(str, hist)) + "\n"


def run(*args, env=None):
    p = subprocess.run([TOOL, *args], capture_output=True, text=True,
                       env={**os.environ, **(env or {})})
    return p.returncode, p.stdout, p.stderr


class SisStats(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def file(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_show_sums_llcs(self):
        f = self.file("a", HEADER + line(0, "0-15", 5, 1, [2, 0, 3, 0, 4])
                      + line(16, "16-31", 7, 0, [1, 1, 0, 0, 5]))
        rc, out, err = run("show", f)
        self.assertEqual(rc, 0, err)
        self.assertIn("all 2 LLCs", out)
        self.assertIn("|      2       |   3   |", out)       # bucket 2: 3
        self.assertIn("|      4       |   9   |", out)       # bucket 4: 4 + 5
        self.assertIn("|      16      |   0   |", out)       # up to the LLC size
        # 16 searches, 12 found, 4 failed, 1 missed: 75.0 % and 25.0 %.
        self.assertRegex(out, r"\|\s+16\s+\|\s+12\s+\|\s+4\s+\|\s+1\s+\|\s+75.0 %\s+\|\s+25.0 %\s+\|")

    def test_per_llc_and_no_debug(self):
        f = self.file("a", HEADER + line(0, "0-1,4-5", 1, -1, [0, 0, 0, 0, 2]))
        rc, out, _ = run("show", "--per-llc", f)
        self.assertEqual(rc, 0)
        self.assertIn("LLC 0 (CPUs 0-1,4-5)", out)
        self.assertRegex(out, r"\|\s+2\s+\|\s+1\s+\|\s+1\s+\|\s+-\s+\|\s+50.0 %\s+\|\s+-\s+\|")

    def test_diff(self):
        a = self.file("a", HEADER + line(0, "0-15", 1, 0, [1, 0, 1]))
        b = self.file("b", HEADER + line(0, "0-15", 4, 1, [3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]))
        rc, out, err = run("diff", a, b)
        self.assertEqual(rc, 0, err)
        self.assertIn("|      0       |   2   |", out)
        self.assertIn("|      16      |   2   |", out)
        self.assertRegex(out, r"\|\s+4\s+\|\s+3\s+\|\s+1\s+\|\s+1\s+\|")

    def test_errors(self):
        good = self.file("g", HEADER + line(0, "0-15", 1, 0, [1]))
        for text, what in [("0 0-15 1 2 3\n", "fields"), ("", "no LLC"),
                           (line(0, "0-x", 1, 0, [1]), "not a sis_stats line")]:
            rc, out, err = run("show", self.file("bad", text))
            self.assertEqual(rc, 1)
            self.assertIn(what, err)
            self.assertEqual(len(err.strip().splitlines()), 1)
            self.assertEqual(out, "")
        rc, _, err = run("diff", good, self.file("other", HEADER + line(16, "16-31", 0, 0, [0])))
        self.assertEqual(rc, 1)
        self.assertIn("LLCs changed", err)
        rc, _, err = run("diff", self.file("more", HEADER + line(0, "0-15", 2, 0, [2])), good)
        self.assertEqual(rc, 1)
        self.assertIn("went down", err)
        rc, _, err = run("show", os.path.join(self.dir.name, "missing"))
        self.assertEqual(rc, 1)
        for bad in (["frob"], ["run", "true"], ["diff", good]):
            rc, _, err = run(*bad)
            self.assertEqual(rc, 2, bad)

    def test_run_resets_counts_and_restores(self):
        stats = self.file("stats", HEADER + line(0, "0-3", 9, 0, [9]))
        sched = self.file("schedstats", "0\n")
        env = {"SIS_STATS_FILE": stats, "SIS_STATS_SCHEDSTATS": sched}
        # The command sees schedstats on and a reset ("0" written), then "counts" one search.
        script = (f'[ "$(cat {sched})" = 1 ] && [ "$(cat {stats})" = 0 ] && '
                  f'printf "{HEADER.strip()}\\n{line(0, "0-3", 1, 0, [0, 0, 0, 1]).strip()}\\n" > {stats}')
        rc, out, err = run("run", "--", "sh", "-c", script, env=env)
        self.assertEqual(rc, 0, err)
        self.assertIn("|      3       |   1   |", out)
        with open(sched) as f:
            self.assertEqual(f.read(), "0")
        rc, out, err = run("run", "--", "sh", "-c", f"{script}; exit 3", env=env)
        self.assertEqual(rc, 1)
        self.assertIn("exited with 3", err)


if __name__ == "__main__":
    unittest.main()
