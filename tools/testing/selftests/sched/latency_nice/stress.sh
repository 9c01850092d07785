#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Stress of the latency tree and the group paths, with
# CONFIG_SCHED_LATENCY_NICE_DEBUG checking the tree's membership on every
# pick: while hackbench runs, tasks that sleep and wake change their
# latency_nice and nice at random and switch between SCHED_OTHER and SCHED_IDLE,
# groups change cpu.latency.nice and cpu.idle, tasks move between groups, the
# latency sched_feats flip, and a CPU goes offline and online. (Idle entities
# never join the latency tree: a cpu.idle or policy change must move them.)
# Passes if everything keeps running and the kernel logs no latency-tree
# warning (the console checker also fails the boot on any WARN/BUG).
# Output: TAP.

CG=/sys/fs/cgroup
CG1=/tmp/cgroup-v1-cpu
FEAT=/sys/kernel/debug/sched/features
LN=/usr/bin/latency-nice
CHRT=/usr/lib/util-linux/chrt
ncpu=$(grep -c ^processor /proc/cpuinfo)
# The work is bounded, not the time: exactly $rounds_want rounds (every kind of
# change, hotplug and feature flips included, happens at least twice). Each
# round forks ~20 processes next to hackbench, which under TCG on a busy host
# takes seconds; $limit seconds is only the hang guard, far above any healthy
# run (8 rounds took 21-28 s on an idle 2-core host). ln.stress_rounds=N on the
# kernel command line sets it per boot: make test runs 8 on flat and 2 on the numa
# and smt guests (rounds 1 and 2 already have every kind of change, hotplug and
# feature flips included; 5 and 6 repeat them), where a
# round under TCG costs 2-4x as much (8 vCPUs on 2 host cores, ~29 s a round).
# ln.stress_limit=S raises the hang guard (make kasan: ~6 min a round).
rounds_want=${STRESS_ROUNDS:-8}
limit=${STRESS_LIMIT:-600}
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	ln.stress_rounds=*) rounds_want=${arg#ln.stress_rounds=} ;;
	ln.stress_limit=*) limit=${arg#ln.stress_limit=} ;;
	esac
done
case "$rounds_want" in ''|*[!0-9]*|0) echo "stress: rounds '$rounds_want' is not a count of 1 or more" >&2; exit 2 ;; esac
case "$limit" in ''|*[!0-9]*|0) echo "stress: limit '$limit' is not a number of seconds" >&2; exit 2 ;; esac
# pids of the running hackbench processes (no pgrep here; builtins only,
# a fork per process would starve the loop under hackbench)
hackbench_pids() {
	for c in /proc/[0-9]*/comm; do
		{ read -r comm < $c; } 2>/dev/null && [ "$comm" = hackbench ] && { d=${c%/comm}; echo ${d#/proc/}; }
	done
}
# KTAP through the kselftests' helpers; check DESCRIPTION COMMAND...: one result, COMMAND
# run with its arguments as given (ktap_test_result() splits them again).
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
check() { d=$1; shift; if "$@"; then ktap_test_pass "$d"; else ktap_test_fail "$d"; fi; }
ktap_print_header

# cgroup v2 if the cpu controller is there, else cgroup v1 (cgroup.sh may
# have left it bound to v1, where it stays).
if ! echo +cpu > $CG/cgroup.subtree_control 2>/dev/null; then
	mkdir -p $CG1
	grep -q " $CG1 cgroup " /proc/mounts || mount -t cgroup -o cpu cpu $CG1
	CG=$CG1
fi
echo "# groups under $CG"
mkdir -p $CG/st0 $CG/st1 $CG/st2
check "three groups with cpu.latency.nice" [ -e $CG/st2/cpu.latency.nice ]
warn_before=$(dmesg | grep -c -e "latency tree" -e "WARNING:")

pids=""
# Sleepers/wakers: short sleeps and bursts, so that they are enqueued,
# preempted, delayed and picked all the time.
for i in $(seq 8); do
	sh -c 'while :; do i=0; while [ $i -lt 200 ]; do i=$((i + 1)); done; usleep 2000; done' &
	pids="$pids $!"
done
hackbench -g 2 -f 5 -l 100000000 -s 100 >/dev/null 2>&1 &
hb=$!
start=$(cut -d. -f1 /proc/uptime)
hard_end=$((start + limit))
changes=0 moves=0 groups=0 hotplug=0 feats=0 errors=0 rounds=0 renices=0 idles=0 policies=0
sleep 1
while [ $rounds -lt $rounds_want ] && [ $(cut -d. -f1 /proc/uptime) -lt $hard_end ]; do
	rounds=$((rounds + 1))
	state=''
	for p in $pids; do
		v=$((RANDOM % 40 - 20))
		$LN -n $v -p $p >/dev/null 2>&1 && changes=$((changes + 1)) || errors=$((errors + 1))
		# nice changes reweight queued entities (the tree's key depends on the weight)
		nv=$((RANDOM % 20 - 10))
		renice $nv -p $p >/dev/null 2>&1 && renices=$((renices + 1))
		# SCHED_IDLE or back (chrt keeps latency_nice: sched_setscheduler). A SCHED_IDLE
		# task goes to st2, which is never cpu.idle: one inside an idle group, next to
		# hackbench, has a share of ~1e-7 of a CPU (weight 3 of 3 + ~10^4, at both
		# levels), and if it was preempted inside an RCU read-side section the grace
		# period waits for it past the RCU stall timeout (seen: a 26 s stall). That is
		# EEVDF's arithmetic, mainline's as much as ours; the mix here keeps both kinds of
		# idle entity without stacking them.
		if [ $((RANDOM % 2)) = 0 ]; then pol=-i g=2; else pol=-o g=$((RANDOM % 3)); fi
		echo $p > $CG/st$g/cgroup.procs 2>/dev/null && moves=$((moves + 1))
		$CHRT $pol -p 0 $p >/dev/null 2>&1 && policies=$((policies + 1))
		state="$state $p:ln$v:n$nv:${pol#-}:st$g"
	done
	for g in 0 1 2; do
		echo $((RANDOM % 40 - 20)) > $CG/st$g/cpu.latency.nice && groups=$((groups + 1))
		idle=$((RANDOM % 2)); [ $g = 2 ] && idle=0
		echo $idle > $CG/st$g/cpu.idle && idles=$((idles + 1))
		state="$state st$g:idle$idle"
	done
	# What each task and group was set to (pid:latency_nice:nice:policy:group), so that a
	# kernel report (a stall names the pid) can be matched to its settings.
	echo "# round $rounds:$state"
	# hackbench's tasks too, four at random each round.
	set -- $(hackbench_pids)
	for i in 1 2 3 4; do
		[ $# -gt 0 ] || break
		shift $((RANDOM % $#))
		$LN -n $((RANDOM % 40 - 20)) -p $1 >/dev/null 2>&1 && changes=$((changes + 1))
	done
	case $((rounds % 4)) in
	2) echo NO_LATENCY_OFFSET > $FEAT; echo LATENCY_OFFSET > $FEAT
	   feats=$((feats + 1)) ;;
	1) if [ $ncpu -gt 1 ] && [ -w /sys/devices/system/cpu/cpu1/online ]; then
		if echo 0 > /sys/devices/system/cpu/cpu1/online; then
			echo 1 > /sys/devices/system/cpu/cpu1/online && hotplug=$((hotplug + 1))
		else
			# EBUSY: the deadline bandwidth left would not fit on the other CPUs
			echo "# CPU 1 offline refused; $(grep -m1 'dl_bw->total_bw' /sys/kernel/debug/sched/debug | tr -s ' ')"
		fi
	   fi ;;
	esac
done
echo "# $rounds rounds in $(($(cut -d. -f1 /proc/uptime) - start))s: $changes latency_nice changes, $renices nice changes, $moves group moves," \
	"$groups cpu.latency.nice writes, $idles cpu.idle writes, $policies policy changes," \
	"$feats feature flips, $hotplug CPU offline/online cycles"

check "$rounds_want rounds done before the ${limit}s hang guard ($rounds)" [ $rounds = $rounds_want ]
check "latency_nice changed while running ($changes, $errors refused)" \
	[ $changes -ge $((8 * rounds)) -a $errors = 0 ]
check "nice changed while running ($renices of $((8 * rounds)))" [ $renices = $((8 * rounds)) ]
check "tasks moved between groups ($moves of $((8 * rounds)))" [ $moves = $((8 * rounds)) ]
check "cpu.latency.nice written ($groups of $((3 * rounds)))" [ $groups = $((3 * rounds)) ]
check "cpu.idle written ($idles of $((3 * rounds)))" [ $idles = $((3 * rounds)) ]
check "SCHED_IDLE/SCHED_OTHER switched while running ($policies of $((8 * rounds)))" \
	[ $policies = $((8 * rounds)) ]
check "latency sched_feats flipped ($feats)" [ $feats -gt 0 ]
if [ $ncpu -gt 1 ]; then
	check "CPU 1 went offline and online ($hotplug)" [ $hotplug -gt 0 ]
	check "CPU 1 online at the end" [ "$(cat /sys/devices/system/cpu/cpu1/online)" = 1 ]
fi
check "hackbench still running" kill -0 $hb
check "all sleepers still running" kill -0 $pids
kill $hb $pids $(hackbench_pids) 2>/dev/null
wait 2>/dev/null
echo LATENCY_OFFSET > $FEAT
for p in $(cat $CG/st*/cgroup.procs); do echo $p > $CG/cgroup.procs; done 2>/dev/null
sleep 0.2
rmdir $CG/st0 $CG/st1 $CG/st2
warn_after=$(dmesg | grep -c -e "latency tree" -e "WARNING:")
check "no new warning in the kernel log ($warn_before before, $warn_after after)" [ "$warn_after" = "$warn_before" ]
ktap_set_plan $((KTAP_TESTNO - 1))
ktap_finished
