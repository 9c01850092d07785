#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# sched_latency_nice_used, seen from userspace (/sys/kernel/debug/sched/
# latency_nice_used): off from boot, so that a system where nobody uses
# latency_nice runs mainline's paths; still off after a latency_nice of 0 is
# set (the guest's /init sets one and reads the file before the first test);
# on for good after the first value other than 0. Output: TAP.

F=/sys/kernel/debug/sched/latency_nice_used
BOOT=/tmp/latency_nice_used.boot
# KTAP through the kselftests' helpers; check DESCRIPTION COMMAND...: one result, COMMAND
# run with its arguments as given (ktap_test_result() splits them again).
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
check() { d=$1; shift; if "$@"; then ktap_test_pass "$d"; else ktap_test_fail "$d"; fi; }

ktap_print_header
ktap_set_plan 4
check "the debugfs file exists and reads 0 or 1" grep -qx '[01]' $F
if [ -s $BOOT ]; then
	check "off before any test, after a latency_nice of 0 ($(cat $BOOT))" \
		[ "$(cat $BOOT)" = 0 ]
else
	ktap_test_skip "no value from /init before the first test"
fi
latency-nice -n -1 true
check "on after a latency_nice of -1" [ "$(cat $F)" = 1 ]
latency-nice -n 0 true
check "still on after a latency_nice of 0 again" [ "$(cat $F)" = 1 ]
ktap_finished
