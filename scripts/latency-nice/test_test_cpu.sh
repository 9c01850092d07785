#!/usr/bin/env bash
# Tests of the guest's test_cpu wrapper (tools/testing/selftests/sched/cgroup_cpu/test_cpu.sh):
# the timing-free bounds it accepts for the cpu.max, cpu.stat and nice cases pass what TCG's
# timing does to a working kernel, and still fail what a broken controller would report.
# A stub stands in for the kernel's test_cpu and prints the case's TAP and [FAIL] line.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
wrapper=$top/tools/testing/selftests/sched/cgroup_cpu/test_cpu.sh
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
pass=0 fail=0

# case EXPECT NAME ACTUAL WANTED: test_cpu fails NAME with actual=ACTUAL expected=WANTED
# (ACTUAL empty: no [FAIL] line, as when the case fails before its comparison).
case_() {
	local expect=$1 name=$2 actual=$3 wanted=$4 rc=0
	{
		echo '#!/bin/sh'
		echo 'echo "TAP version 13"; echo "1..3"; echo "ok 1 test_cpucg_subtree_control"'
		[ -n "$actual" ] && echo "echo '[FAIL] actual=$actual expected=$wanted | diff=1 | limit=1 | tolerance=1% | actual_error=1.00%' >&2"
		echo "echo 'not ok 2 $name'"
		echo 'echo "ok 3 test_cpucg_weight_overprovisioned"'
		echo 'exit 1'
	} > "$d/test_cpu"
	chmod +x "$d/test_cpu"
	TEST_CPU=$d/test_cpu sh "$wrapper" > "$d/out" 2>&1 || rc=$?
	if { [ "$expect" = pass ] && [ $rc -eq 0 ]; } || { [ "$expect" = fail ] && [ $rc -ne 0 ]; }; then
		pass=$((pass + 1))
	else
		echo "test_test_cpu: $name actual=$actual expected=$wanted: want $expect, got rc=$rc" >&2
		cat "$d/out" >&2
		fail=$((fail + 1))
	fi
}
# What TCG did to a working kernel (make test logs of 2026-12-01 and -02).
case_ pass test_cpucg_max 30090 10000
case_ pass test_cpucg_max_nested 41379 10000
case_ pass test_cpucg_stats 2055642 2000000
case_ pass test_cpucg_nice 1530000 2000000
case_ pass test_cpucg_nice 1713000 2000000
# What a broken controller would report.
case_ fail test_cpucg_max 1000000 10000        # not throttled
case_ fail test_cpucg_stats 1500000 2000000    # usage lost: less than the hog's own time
case_ fail test_cpucg_stats 4100000 2000000    # usage counted twice
case_ fail test_cpucg_nice 0 2000000           # nice time not accounted as nice
case_ fail test_cpucg_nice 4100000 2000000     # counted twice
case_ fail test_cpucg_stats '' ''              # failed before comparing (user_usec 0)
case_ fail test_cpucg_weight_overprovisioned 1 2
# The nested weight case: half the expectation is the unpatched 7.3's own result (accepted on
# 7.3 only); anything else, or any other release, fails.
TEST_CPU_RELEASE=7.3.0-rc7-latency-nice case_ pass test_cpucg_nested_weight_overprovisioned 6661976 13366577
TEST_CPU_RELEASE=7.3.0-rc7-latency-nice case_ fail test_cpucg_nested_weight_overprovisioned 2000000 13366577
TEST_CPU_RELEASE=7.3.0-rc7-latency-nice case_ fail test_cpucg_nested_weight_overprovisioned 13000000 13366577
TEST_CPU_RELEASE=7.2.13-latency-nice case_ fail test_cpucg_nested_weight_overprovisioned 6661976 13366577
echo "test_test_cpu.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
