#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The CPU share of a latency_nice adversary next to CPU hogs on one CPU
# (latency_nice_share): lowering latency_nice needs no privilege, so it must not
# buy CPU time. An unprivileged fork chain at -20 once got up to 1.9x its fair
# share; the credit now needs CAP_SYS_NICE or RLIMIT_NICE. The matrix: the adversary modes fork-chain (W = 1000 and 3000 us per
# child), sleep-spin (W = 1000 us between 1 us sleeps) and spin (the control,
# fair by construction), next to 1 and 4 hogs, at latency_nice 0 and -20, as root
# and as nobody (uid 65534), SHARE_SECS (default 10) s each after a 1 s warm-up,
# all on the last CPU (SHARE_CPU). 32 runs.
#
# Then the group runs: what the adversary gets through a task group. With
# --cgroup, each of the 4 hogs and the adversary is in a cpu cgroup of its own
# under /sys/fs/cgroup/lnshare (equal weights, so the fair share is unchanged),
# and --group-ln is the adversary's group's cpu.latency.nice, written by the
# adversary itself after it became the user (the group is delegated to it). As
# root and as nobody: (a) latency_nice -20 in a group whose cpu.latency.nice is
# never written (group_ln=unset) and (b) latency_nice 0 in a group at -20, each
# with fork-chain 1000 and 3000 and sleep-spin 1000; (c) the control, 0 in a
# group never written, fork-chain 1000. 14 runs.
# 46 runs in all: about 9 minutes at the default.
#
# Then, on a kernel with autogroup on (the bench kernel; the test kernel has
# none), the session runs: the same as the group runs (a) and (c), with every
# participant in a session, so an autogroup, of its own (--sessions): what a -20
# task gets through its autogroup's group entity, which mainline gives its
# members' shortest request; beside them the baseline the credit's bound is
# stated against, mainline's unprivileged custom slice of 0.1 ms (the request an
# unprivileged -20 gets) at latency_nice 0 (--slice-us 100), fork-chain 1000 and
# 3000. 12 runs. On a kernel without latency_nice (the base kernel:
# /proc/self/sched shows none) the runs that need it (a latency_nice or a
# cpu.latency.nice) are skipped, each with an "LN-SHARE: skipped ..." line, and
# the rest run: what mainline gives the same chains.
#
# SHARE_ONLY=matrix runs only the first 32, SHARE_ONLY=groups only the group
# runs, SHARE_ONLY=sessions only the session runs (default: all; the session runs
# only where /proc/sys/kernel/sched_autogroup_enabled is 1). The kernel hands a NAME=VALUE parameter it does not know
# to init's environment: BOOT_APPEND=SHARE_ONLY=groups (or SHARE_SECS=5) sets it.
#
# Output: every line of latency_nice_share prefixed with "LN-SHARE: ", then one
# "LN-SHARE: result ..." line per run with its adversary_over_fair_permille (1000:
# exactly the fair share), or an "LN-SHARE: error ..." line; a group run's lines
# end in "group=on group_ln=LN". Measured and shown, not judged (a kernel that
# refuses the unprivileged cpu.latency.nice write gives an error line). Exit 1 if
# a run failed.
#
# make share boots it as the guest's /demo.sh (SHARE_IMAGE: another kernel).

LNS=${LNS:-latency_nice_share}
SECS=${SHARE_SECS:-10}
CPU=${SHARE_CPU:-$(($(grep -c ^processor /proc/cpuinfo) - 1))}
ONLY=${SHARE_ONLY:-all}
CG=/sys/fs/cgroup
case "$ONLY" in
all | matrix | groups | sessions) ;;
*) echo "LN-SHARE: error: SHARE_ONLY=$ONLY (all, matrix, groups or sessions)"; exit 1 ;;
esac

command -v "$LNS" >/dev/null 2>&1 || { echo "LN-SHARE: error: $LNS not found"; exit 1; }
echo "LN-SHARE: $(uname -r), CPU $CPU, $SECS s a run, runs: $ONLY"

runs=0
failed=0
sessions=off
slice=
has_ln=no
grep -q latency_nice /proc/self/sched 2>/dev/null && has_ln=yes
# run MODE WORK_US HOGS LN USER(root|UID) [GROUP_LN]: with GROUP_LN, in task groups
# (--cgroup), the adversary's at cpu.latency.nice GROUP_LN, or never written ("unset": on
# Linux 7.3 a group written 0 has a value set, which holds the tasks below it at 0).
run() {
	mode=$1 work=$2 hogs=$3 ln=$4 user=$5 group_ln=${6:-}
	as= group= what_group= what_slice= slice_opt=
	[ "$user" = root ] || as="--user $user"
	if [ -n "$slice" ]; then
		slice_opt="--slice-us $slice"
		what_slice=" slice_us=$slice"
	fi
	if [ -n "$group_ln" ]; then
		group="--cgroup $CG/lnshare"
		[ "$group_ln" = unset ] || group="$group --group-ln $group_ln"
		what_group=" group=on group_ln=$group_ln"
	elif [ "$sessions" = on ]; then
		group=--sessions
		what_group=" sessions=on"
	fi
	what="mode=$mode work_us=$work hogs=$hogs ln=$ln user=$user$what_group$what_slice"
	if [ $has_ln = no ] && { [ "$ln" != 0 ] || [ -n "$group_ln" ]; }; then
		echo "LN-SHARE: skipped $what (no latency_nice in this kernel)"
		return
	fi
	runs=$((runs + 1))
	# TERM, not KILL, on a hang: latency_nice_share then kills and reaps what it started.
	out=$(timeout -s TERM $((SECS + 60)) "$LNS" "$mode" --hogs "$hogs" --secs "$SECS" \
		--ln "$ln" --cpu "$CPU" --work-us "$work" $slice_opt $as $group 2>&1)
	rc=$?
	# A loop, not sed: see init (busybox sed in a pipe holds its output).
	printf "%s\n" "$out" | while IFS= read -r l || [ -n "$l" ]; do echo "LN-SHARE: $l"; done
	over=$(printf "%s\n" "$out" | sed -n 's/^share summary adversary_over_fair_permille=\([0-9]*\).*/\1/p')
	if [ $rc = 0 ] && [ -n "$over" ]; then
		echo "LN-SHARE: result $what adversary_over_fair_permille=$over"
	else
		failed=$((failed + 1))
		echo "LN-SHARE: error $what exit=$rc"
	fi
}

if [ "$ONLY" = all ] || [ "$ONLY" = matrix ]; then
	for user in root 65534; do
		for ln in 0 -20; do
			for hogs in 1 4; do
				run fork-chain 1000 $hogs $ln $user
				run fork-chain 3000 $hogs $ln $user
				run sleep-spin 1000 $hogs $ln $user
				run spin 1000 $hogs $ln $user
			done
		done
	done
fi

if [ "$ONLY" = all ] || [ "$ONLY" = groups ]; then
	grep -q " $CG cgroup2 " /proc/mounts || { mkdir -p $CG && mount -t cgroup2 none $CG; }
	for user in root 65534; do
		# (a) the task's latency_nice -20, its group's never written; (b) the task at 0,
		# its group at -20.
		for lns in "-20 unset" "0 -20"; do
			set -- $lns
			run fork-chain 1000 4 $1 $user $2
			run fork-chain 3000 4 $1 $user $2
			run sleep-spin 1000 4 $1 $user $2
		done
		# (c) the control: 0 in a group never written.
		run fork-chain 1000 4 0 $user unset
	done
fi

AUTOGROUP=/proc/sys/kernel/sched_autogroup_enabled
if [ "$ONLY" = sessions ] || { [ "$ONLY" = all ] && [ "$(cat $AUTOGROUP 2>/dev/null)" = 1 ]; }; then
	sessions=on
	for user in root 65534; do
		run fork-chain 1000 4 -20 $user
		run fork-chain 3000 4 -20 $user
		run sleep-spin 1000 4 -20 $user
		run fork-chain 1000 4 0 $user
		slice=100
		run fork-chain 1000 4 0 $user
		run fork-chain 3000 4 0 $user
		slice=
	done
	sessions=off
elif [ "$ONLY" = all ]; then
	echo "LN-SHARE: no session runs: autogroup is off or absent ($AUTOGROUP)"
fi

echo "LN-SHARE: done: $runs runs, $failed failed"
[ $failed = 0 ]
