#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of check-console.py, the gate of every guest boot: a clean log passes; a
kernel report, a "not ok", a TAP plan not met, a missing KUnit suite or a missing end
marker fails it; a
failure prints the first report with the in-guest test that was running, so that a CI run
whose logs are gone can still be acted on."""

import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "check-console.py")

CLEAN = """Linux version 7.2.13-latency-nice
    ok 1 sched_policy_latency
LN-GUEST: kernel 7.2.13-latency-nice, 2 CPUs, mode test
# selftests: latency_nice-abi.sh
# TAP version 13
# 1..2
# ok 1 size 60 round trip
# ok 2 size 56 is EINVAL
# selftests: latency_nice-abi.sh took 1 s
ok 1 selftests: latency_nice-abi.sh
LN-GUEST: done
"""

STALL = """rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:
rcu: \tTasks blocked on level-0 rcu_node (CPUs 0-1): P523/1:b..l
rcu: \t(detected by 0, t=60002 jiffies, g=12345, q=100 ncpus=2)
"""


def check(log, *suites):
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
        f.write(log)
    try:
        r = subprocess.run([SCRIPT, f.name, *suites], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return r.returncode, r.stdout


class CheckConsole(unittest.TestCase):
    def test_clean_log_passes(self):
        rc, out = check(CLEAN, "sched_policy_latency")
        self.assertEqual(rc, 0, out)
        self.assertTrue(out.startswith("PASS:"), out)

    def test_stall_fails_and_names_the_running_test(self):
        log = CLEAN.replace("# ok 1 size 60", STALL + "# ok 1 size 60")
        rc, out = check(log, "sched_policy_latency")
        self.assertEqual(rc, 1, out)
        self.assertIn("kernel splat: rcu: INFO: rcu_preempt detected stalls", out)
        self.assertIn("first report at line 7, during latency_nice-abi.sh:", out)
        self.assertIn("| rcu: \tTasks blocked on level-0 rcu_node (CPUs 0-1): P523/1:b..l", out)

    def test_report_before_the_runner_is_placed_at_boot(self):
        log = "WARNING: CPU: 0 PID: 1 at kernel/sched/fair.c:1 x\n" + CLEAN
        rc, out = check(log)
        self.assertEqual(rc, 1, out)
        self.assertIn("during boot or KUnit", out)

    def test_not_ok_missing_suite_and_missing_end_fail(self):
        for log, suites, want in (
            (CLEAN.replace("ok 1 selftests", "not ok 1 selftests"), (), "test failed"),
            (CLEAN, ("sched_policy_sis_util",), "KUnit suite sched_policy_sis_util did not run"),
            (CLEAN.replace("LN-GUEST: done\n", ""), (), "did not reach its end marker"),
        ):
            rc, out = check(log, *suites)
            self.assertEqual(rc, 1, out)
            self.assertIn(want, out)
            self.assertNotIn("first report", out)


    def test_plan_not_met_fails(self):
        """A test that exits 0 halfway: its plan says 2, one result came."""
        rc, out = check(CLEAN.replace("# ok 2 size 56 is EINVAL\n", ""), "sched_policy_latency")
        self.assertEqual(rc, 1, out)
        self.assertIn("TAP plan 1..2 at line 6 got 1 result(s)", out)

    def test_trailing_plan_and_nested_blocks_pass(self):
        """Plans after the results (the kernel's selftests), one block per test."""
        log = CLEAN.replace("# 1..2\n", "").replace(
            "# ok 2 size 56 is EINVAL\n", "# ok 2 size 56 is EINVAL\n# 1..2\n")
        log = log.replace("LN-GUEST: done\n", "# selftests: x.sh\n# 1..1\n# ok 1 x\n"
                          "ok 2 selftests: x.sh\nLN-GUEST: done\n")
        rc, out = check(log, "sched_policy_latency")
        self.assertEqual(rc, 0, out)
        rc, out = check(log.replace("# ok 1 x\n", ""), "sched_policy_latency")
        self.assertEqual(rc, 1, out)
        self.assertIn("TAP plan 1..1 at line 12 got 0 result(s)", out)


if __name__ == "__main__":
    unittest.main(verbosity=1)
