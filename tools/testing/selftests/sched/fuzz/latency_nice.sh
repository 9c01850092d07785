#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fuzzing of every entry point of the series (sched_setattr/sched_getattr, cpu.latency.nice
# and the cpu controller's files, group moves and removal, CPU hotplug, sched_feat flips)
# while hackbench runs: latency_nice_fuzz checks each result against the ABI's promises,
# and the console checker fails the boot on any kernel report. Output: TAP.
# It runs before the latency_nice suite: its cgroup.sh ends by binding the cpu controller to
# cgroup v1 for good, and the fuzzer's nested groups are cgroup v2's.
#
# Kernel command line: ln.fuzz_seed=N (default 1: make test replays the same operations),
# ln.fuzz_ops=N (default 100000), ln.fuzz_secs=S (make soak: keep going with new seeds,
# seed+1, seed+2, ..., 100000 operations each, until S seconds have passed and at least
# ln.fuzz_ops operations ran), ln.fuzz_stall=S (default 600: see the watchdog below),
# ln.fuzz_nice=N (the nice the fuzzer's calls run at: FUZZ_NICE, default 0),
# ln.fuzz_deadline=report|1|0 (FUZZ_DEADLINE; default report: root's SCHED_DEADLINE calls
# are made and checked, but deadline bandwidth left reserved at the end is only reported:
# mainline 7.2 leaks it at random, see dl_hotplug_leak, and 10^5 operations of seed 1 kept
# it in one make test and not in the next; 1 fails on it, 0 makes no such calls). On the
# flat topology only (ln.topo): the entry points are the
# same on every topology, and 10^5 operations take minutes under TCG. The load is small
# (4 hackbench tasks): enough to keep every path busy, not so much that the fuzzer gets a
# tenth of a CPU.

seed=1 ops=100000 secs=0 stall=600 topo=flat
export FUZZ_DEADLINE=report
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	ln.topo=*) topo=${arg#ln.topo=} ;;
	ln.fuzz_seed=*) seed=${arg#ln.fuzz_seed=} ;;
	ln.fuzz_ops=*) ops=${arg#ln.fuzz_ops=} ;;
	ln.fuzz_secs=*) secs=${arg#ln.fuzz_secs=} ;;
	ln.fuzz_stall=*) stall=${arg#ln.fuzz_stall=} ;;
	ln.fuzz_nice=*) export FUZZ_NICE=${arg#ln.fuzz_nice=} ;;
	ln.fuzz_deadline=*) export FUZZ_DEADLINE=${arg#ln.fuzz_deadline=} ;;
	esac
done
# KTAP through the kselftests' helpers.
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
ktap_print_header
case "$topo" in
flat | zen3-*) ;;
*)
	ktap_set_plan 1
	ktap_test_skip "fuzz: runs on the flat and zen3 topologies only (this is $topo)"
	ktap_finished
	;;
esac

# The fuzzer prints a line every 10^4 operations (40-80 s under TCG, ~150 s under KASAN).
# Each line it prints stamps /tmp/fuzz.progress with the uptime; a watchdog looks every 60 s
# and, after `stall` seconds without a line, prints every task's state and wait channel and
# asks the kernel for its blocked tasks and runqueues (sysrq w, q), then fails the run. A
# 10^6 soak once went silent for 30 min with no kernel report: this says where it stood.
progress=/tmp/fuzz.progress
rm -f /tmp/fuzz.stalled
uptime_s() { read -r up _ < /proc/uptime; echo "${up%.*}"; }
uptime_s > $progress
prefix() {
	while IFS= read -r l || [ -n "$l" ]; do
		printf '# %s\n' "$l"
		uptime_s > $progress
	done
}
watchdog() {
	while sleep 60; do
		now=$(uptime_s)
		last=$(cat $progress)
		[ $((now - last)) -lt "$stall" ] && continue
		echo "# fuzz watchdog: no fuzzer output for $((now - last)) s; every task:"
		for d in /proc/[0-9]*; do
			echo "#   ${d#/proc/} $(cat $d/comm 2>/dev/null)" \
				"$(grep -E '^State' $d/status 2>/dev/null | tr -s '\t ' ' ')" \
				"wchan=$(cat $d/wchan 2>/dev/null)"
		done
		[ -w /proc/sysrq-trigger ] && echo w > /proc/sysrq-trigger && echo q > /proc/sysrq-trigger
		: > /tmp/fuzz.stalled
		echo "$now" > $progress
	done
}
[ "$stall" -gt 0 ] && { watchdog & wd=$!; }

hackbench -g 1 -f 2 -l 100000000 -s 100 >/dev/null 2>&1 &
hb=$!
start=$(cut -d. -f1 /proc/uptime)
done_ops=0 runs=0 fail=0
chunk=$ops
[ "$secs" -gt 0 ] && [ $ops -gt 100000 ] && chunk=100000
while :; do
	runs=$((runs + 1))
	s=$((seed + runs - 1))
	{ /usr/bin/latency_nice_fuzz $s $chunk 2>&1; echo $? > /tmp/fuzz.rc; } | prefix
	rc=$(cat /tmp/fuzz.rc)
	if [ $rc = 0 ]; then
		ktap_test_pass "fuzz seed $s: $chunk operations, every promise kept"
	else
		ktap_test_fail "fuzz seed $s: exit $rc"
		fail=1
	fi
	done_ops=$((done_ops + chunk))
	now=$(cut -d. -f1 /proc/uptime)
	[ $done_ops -ge $ops ] && [ $((now - start)) -ge $secs ] && break
	[ $fail = 1 ] && break
done
echo "# $runs run(s), $done_ops operations from seed $seed in $(($(cut -d. -f1 /proc/uptime) - start)) s"
if kill -0 $hb 2>/dev/null; then ktap_test_pass "hackbench ran all along"; else ktap_test_fail "hackbench died"; fi
if [ -e /tmp/fuzz.stalled ]; then
	ktap_test_fail "fuzz: stalled for $stall s or more (see the watchdog's dump)"
fi
[ -n "${wd:-}" ] && kill $wd 2>/dev/null
kill $hb 2>/dev/null
killall -q hackbench 2>/dev/null
wait 2>/dev/null
ktap_set_plan $((KTAP_TESTNO - 1))
ktap_finished
