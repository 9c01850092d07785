#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# latency_nice changes when a task is served, never how much CPU it gets: two
# CPU hogs on one CPU share it as their weights (nice) say, whatever their
# latency_nice or their groups' cpu.latency.nice, with the latency sched_feats
# on (the default). Output: TAP.

LN=/usr/bin/latency-nice
CG=/sys/fs/cgroup
CG1=/tmp/cgroup-v1-cpu
cpu=$(($(grep -c ^processor /proc/cpuinfo) - 1))
n=0
fail=0
echo "TAP version 13"

cputime() { awk '{ print $14 + $15 }' /proc/$1/stat; }

# share A-PID B-PID: run both 3 s, print "a b" CPU ticks over that time.
share() {
	a0=$(cputime $1) b0=$(cputime $2)
	sleep 3
	echo "$(($(cputime $1) - a0)) $(($(cputime $2) - b0))"
	kill $1 $2; wait 2>/dev/null
}

hog() { # [latency_nice] -> pid of a hog pinned to $cpu
	$LN -n ${1:-0} taskset -c $cpu sh -c 'while :; do :; done' >/dev/null 2>&1 &
	echo $!
}

# verdict DESCRIPTION A B LO HI: LO <= 1000 * A / B <= HI
verdict() {
	n=$((n + 1))
	r=$(($2 * 1000 / ($3 > 0 ? $3 : 1)))
	if [ $r -ge $4 ] && [ $r -le $5 ]; then echo "ok $n $1 ($2 vs $3 ticks)"; else
		echo "not ok $n $1 ($2 vs $3 ticks, ratio $r per mille, want $4..$5)"; fail=1; fi
}

set -- $(share $(hog -20) $(hog 0))
verdict "latency_nice -20 next to 0: equal shares" $1 $2 800 1250
set -- $(share $(hog 19) $(hog 0))
verdict "latency_nice 19 next to 0: equal shares" $1 $2 800 1250
a=$(hog -20); b=$(hog 0)
renice 5 -p $a >/dev/null
# nice 5 vs 0: weights 335 and 1024, 327 per mille
set -- $(share $a $b)
verdict "nice 5 at latency_nice -20 next to nice 0: the weight decides" $1 $2 245 410

# Two sibling groups, cpu.latency.nice -20 and 0, one hog each.
if echo +cpu > $CG/cgroup.subtree_control 2>/dev/null; then :; else
	mkdir -p $CG1
	grep -q " $CG1 cgroup " /proc/mounts || mount -t cgroup -o cpu cpu $CG1
	CG=$CG1
fi
mkdir -p $CG/fairA $CG/fairB
echo -20 > $CG/fairA/cpu.latency.nice
sh -c "echo \$\$ > $CG/fairA/cgroup.procs; exec taskset -c $cpu sh -c 'while :; do :; done'" & a=$!
sh -c "echo \$\$ > $CG/fairB/cgroup.procs; exec taskset -c $cpu sh -c 'while :; do :; done'" & b=$!
sleep 0.2
set -- $(share $a $b)
verdict "groups at cpu.latency.nice -20 and 0: equal shares" $1 $2 800 1250
sleep 0.2
rmdir $CG/fairA $CG/fairB

echo "1..$n"
exit $fail
