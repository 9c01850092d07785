#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The kernel's own core scheduling selftest, tools/testing/selftests/sched/cs_prctl_test
# (built from the base tree by scripts/latency-nice/build-peer-tests.sh): cookies created,
# shared and read back with PR_SCHED_CORE across threads, processes and process groups, on
# the patched kernel. Core scheduling needs SMT siblings: it runs on the smt topology and
# is skipped where /sys/devices/system/cpu/smt/active is not 1. Output: TAP.

# KTAP through the kselftests' helpers.
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
ktap_print_header
ktap_set_plan 1
if [ "$(cat /sys/devices/system/cpu/smt/active 2>/dev/null)" != 1 ]; then
	ktap_test_skip "cs_prctl_test: no SMT siblings on this topology"
	ktap_finished
fi
/usr/bin/cs_prctl_test > /tmp/cs_prctl.out 2>&1
rc=$?
sed 's/^/# /' /tmp/cs_prctl.out
if [ $rc = 0 ] && grep -q "SUCCESS" /tmp/cs_prctl.out; then
	ktap_test_pass "cs_prctl_test"
else
	ktap_test_fail "cs_prctl_test: exit $rc"
fi
ktap_finished
