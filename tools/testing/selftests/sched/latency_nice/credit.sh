#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The latency credit (LATENCY_CREDIT) seen from userspace: the sched_feat
# exists and is on, /proc/PID/sched shows each task's credit (L / w, L = base
# slice * -latency_nice / 20, 0 at latency_nice >= 0 and with the feature off),
# the slow-wakeup counters of the debug kernel count, and two CPU hogs at -20
# and 0 on one CPU share it by their (equal) weights: the credit is a burst,
# not a share. The margin (0.5..2) holds on any healthy machine; the 1 % target
# is make bench's (two-hogs). Output: TAP.

LN=/usr/bin/latency-nice
FEAT=/sys/kernel/debug/sched/features
# KTAP through the kselftests' helpers; check DESCRIPTION COMMAND...: one result, COMMAND
# run with its arguments as given (ktap_test_result() splits them again).
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
check() { d=$1; shift; if "$@"; then ktap_test_pass "$d"; else ktap_test_fail "$d"; fi; }
eventually() {
	local tries=0
	until "$@" >/dev/null 2>&1; do
		tries=$((tries + 1)); [ $tries -le 600 ] || { "$@"; return 1; }
		sleep 0.1
	done
}

ktap_print_header

# field PID NAME: the value of NAME in /proc/PID/sched ("se.latency_vcredit  :  1.500000").
field() {
	awk -v f="$2" '$1 == f { print $3 }' "/proc/$1/sched"
}
# Conditions for eventually(), read again on every try.
ln_is() { [ "$(field $1 latency_nice)" = "$2" ]; }
wakeups_at_least() { [ "$(field $1 se.latency_wakeups)" -ge "$2" ]; }
has_runtime() { [ -n "$(field $1 se.sum_exec_runtime)" ]; }

# ns VALUE: a PN-printed value (ms.nnnnnn) in ns (busybox awk reads "070000" as octal:
# strip the zeros first).
ns() {
	echo "$1" | awk -F. '{ f = $2; sub(/^0+/, "", f); printf "%d\n", $1 * 1000000 + f }'
}

base=$(cat /sys/kernel/debug/sched/base_slice_ns)

check "LATENCY_CREDIT is a sched_feat, on by default" grep -qw LATENCY_CREDIT $FEAT

# A sleeping task at each latency_nice: its credit is base * -ln / 20 (nice 0: L / w = L).
credit_of() { # LATENCY_NICE
	$LN -n "$1" sleep 30 &
	pid=$!
	# The CLI sets latency_nice on itself, then runs sleep and waits for it: wait for the
	# setattr to have happened (sched_setattr() requeues the task, which sets its credit).
	eventually ln_is $pid "$1"
	c=$(ns "$(field $pid se.latency_vcredit)")
	kill $pid; wait $pid 2>/dev/null
	echo "$c"
}
for ln in -20 -10 -1; do
	want=$((base * -ln / 20))
	got=$(credit_of $ln)
	check "latency_nice $ln: credit $got ns = base_slice * $((-ln)) / 20 = $want" [ "$got" = "$want" ]
done
for ln in 0 19; do
	got=$(credit_of $ln)
	check "latency_nice $ln: no credit ($got)" [ "$got" = 0 ]
done
echo NO_LATENCY_CREDIT > $FEAT
got=$(credit_of -20)
echo LATENCY_CREDIT > $FEAT
check "NO_LATENCY_CREDIT: a -20 task enqueued after the flip has no credit ($got)" [ "$got" = 0 ]

# The debug kernel's slow-wakeup diagnosis: every wakeup counted, causes listed.
$LN -n -20 sh -c 'i=0; while [ $i -lt 50 ]; do sleep 0.01; i=$((i + 1)); done; sleep 30' &
pid=$!
eventually wakeups_at_least $pid 50
check "se.latency_wakeups counts the wakeups ($(field $pid se.latency_wakeups) >= 50)" \
	[ "$(field $pid se.latency_wakeups)" -ge 50 ]
causes=$(grep -c '^latency\.slow\.' /proc/$pid/sched)
check "eight latency.slow.* causes shown ($causes)" [ "$causes" = 8 ]
kill $pid; wait $pid 2>/dev/null

# Two hogs on CPU 0, -20 and 0, for 3 s: runtimes within 0.5..2 of each other.
taskset -c 0 $LN -n -20 sh -c 'while :; do :; done' &
a=$!
taskset -c 0 $LN -n 0 sh -c 'while :; do :; done' &
b=$!
eventually has_runtime $a
eventually has_runtime $b
# The raw fields are kept and shown: the make kasan boot once computed negative runtimes
# here (-2567873 and -2880731 us), i.e. a second read that came back empty.
fa0=$(field $a se.sum_exec_runtime); fb0=$(field $b se.sum_exec_runtime)
sleep 3
fa1=$(field $a se.sum_exec_runtime); fb1=$(field $b se.sum_exec_runtime)
kill $a $b; wait $a $b 2>/dev/null
echo "# se.sum_exec_runtime (ms) of the -20 hog $a: '$fa0' then '$fa1'; of the 0 hog $b: '$fb0' then '$fb1'"
if [ -n "$fa0" ] && [ -n "$fa1" ] && [ -n "$fb0" ] && [ -n "$fb1" ]; then
	ra=$((($(ns "$fa1") - $(ns "$fa0")) / 1000)); rb=$((($(ns "$fb1") - $(ns "$fb0")) / 1000))
	echo "# CPU 0 for 3 s: latency_nice -20 ran $ra us, 0 ran $rb us"
	check "hogs at -20 and 0 share a CPU by weight (ratio in 0.5..2)" \
		[ $rb -gt 0 -a $((ra * 2)) -ge $rb -a $((rb * 2)) -ge $ra ]
else
	check "hogs at -20 and 0: both runtimes read twice" false
fi

ktap_set_plan $((KTAP_TESTNO - 1))
ktap_finished
