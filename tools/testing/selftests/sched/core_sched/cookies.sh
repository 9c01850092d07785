#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Core scheduling with latency_nice, on SMT siblings: CPU hogs in two core scheduling
# groups of their own (cookies made by latency_nice_core_cookie), one at latency_nice -20
# and one at 0, next to hogs without a cookie, while the LATENCY_OFFSET sched_feat flips at
# runtime (cfs_prio_less() orders tasks across siblings by latency offset only with it). Passes if every hog keeps running, the cookies were in
# force (the kernel forced a sibling idle for a cookie: core_forceidle_sum > 0 in
# /proc/PID/sched), and the kernel logs nothing (the console checker fails the boot on any
# WARN, lockdep or UBSAN report). Skipped without SMT siblings. Output: TAP.

FEAT=/sys/kernel/debug/sched/features
LN=/usr/bin/latency-nice
COOKIE=/usr/bin/latency_nice_core_cookie
# KTAP through the kselftests' helpers; check DESCRIPTION COMMAND...: one result, COMMAND
# run with its arguments as given (ktap_test_result() splits them again).
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
check() { d=$1; shift; if "$@"; then ktap_test_pass "$d"; else ktap_test_fail "$d"; fi; }
ktap_print_header
if [ "$(cat /sys/devices/system/cpu/smt/active 2>/dev/null)" != 1 ]; then
	ktap_set_plan 1
	ktap_test_skip "core scheduling with latency_nice: no SMT siblings on this topology"
	ktap_finished
fi
hog='while :; do :; done'
pids=""
for i in 1 2; do
	$LN -n -20 $COOKIE sh -c "$hog" & pids="$pids $!"
	$LN -n 0 $COOKIE sh -c "$hog" & pids="$pids $!"
	sh -c "$hog" & pids="$pids $!"
done
sleep 1
check "six hogs started, four with a cookie" kill -0 $pids
flips=0
for i in $(seq 40); do
	echo NO_LATENCY_OFFSET > $FEAT && echo LATENCY_OFFSET > $FEAT && flips=$((flips + 1))
	usleep 50000
done
check "LATENCY_OFFSET flipped off and on ($flips of 40)" [ $flips = 40 ]
check "every hog still running" kill -0 $pids
forced=0
for p in $pids; do
	v=$(sed -n 's/^core_forceidle_sum *: *\([0-9]*\).*/\1/p' /proc/$p/sched)
	[ "${v:-0}" -gt 0 ] && forced=$((forced + 1))
done
check "core scheduling forced a sibling idle for some hog ($forced of 6)" [ $forced -gt 0 ]
kill $pids 2>/dev/null
wait 2>/dev/null
echo LATENCY_OFFSET > $FEAT
ktap_set_plan $((KTAP_TESTNO - 1))
ktap_finished
