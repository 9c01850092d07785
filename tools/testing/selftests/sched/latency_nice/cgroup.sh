#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# cpu.latency.nice, cgroup v1 and v2: the file's semantics (default, range,
# every error leaves the value alone, root), that a write reaches the group's
# entity on every CPU at once (latency_nice and the slice it implies, read
# back from /sys/kernel/debug/sched/debug), that tasks in the group keep their
# own latency_nice, and that tasks can move between groups while running.
# Where tasks are scheduled in one flat queue (Linux 7.3) a group has no
# entity: the write reaches the group's tasks instead, running or queued, as
# their "effective latency_nice" and slice in /proc/PID/sched. There a value
# restricts, as cpu.uclamp.max does: the innermost value set, a task's own
# included, decides within what every group above allows (none more
# latency-sensitive than any group on its path says); a group written 0 has
# a value set, one never written has none.
# Output: TAP.

CG2=/sys/fs/cgroup
CG1=/tmp/cgroup-v1-cpu
DEBUG=/sys/kernel/debug/sched/debug
ncpu=$(grep -c ^processor /proc/cpuinfo)
# KTAP through the kselftests' helpers; check DESCRIPTION COMMAND...: one result, COMMAND
# run with its arguments as given (ktap_test_result() splits them again).
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"
check() { d=$1; shift; if "$@"; then ktap_test_pass "$d"; else ktap_test_fail "$d"; fi; }
# eventually COMMAND...: COMMAND succeeds within 60 s. Tasks started or moved
# here take a while to get there under TCG on a busy host; the state waited
# for is a fact that either arrives or does not, not a measurement.
eventually() {
	local tries=0
	until "$@" >/dev/null 2>&1; do
		tries=$((tries + 1)); [ $tries -le 600 ] || { "$@"; return 1; }
		sleep 0.1
	done
}

ktap_print_header

# write FILE VALUE: the error message of a failed write, empty on success
# (ash's echo reports "write error: <strerror>"; printf does not).
write() {
	(echo "$2" > "$1") 2>&1 | sed 's/.*: //'
}

# expect_error FILE VALUE ERRNO-TEXT: the write fails with that error and the
# value read back is what it was before.
expect_error() {
	before=$(cat "$1")
	err=$(write "$1" "$2")
	after=$(cat "$1")
	case $err in
	*"$3"*) [ "$after" = "$before" ] && return 0
		echo "# '$2': value changed $before -> $after" ;;
	*) echo "# '$2': got '$err', want '$3'" ;;
	esac
	return 1
}

# expect_value_as FILE VALUE READ: the write succeeds and the file reads READ.
expect_value_as() {
	err=$(write "$1" "$2")
	[ -z "$err" ] && [ "$(cat "$1")" = "$3" ] && return 0
	echo "# write '$2': '$err', read back '$(cat "$1")', want '$3'"
	return 1
}

expect_value() { # FILE VALUE
	err=$(write "$1" "$2")
	[ -z "$err" ] && [ "$(cat "$1")" = "$2" ] && return 0
	echo "# write '$2': '$err', read back '$(cat "$1")'"
	return 1
}

# The slice latency_nice asks for (policy/latency.rs), from the live base slice: a
# positive value's at most four base slices.
weights="88761 71755 56483 46273 36291 29154 23254 18705 14949 11916 9548 7620 6100 4904 3906 3121 2501 1991 1586 1277 1024 820 655 526 423 335 272 215 172 137 110 87 70 56 45 36 29 23 18 15"
latency_slice() {
	base=$(cat /sys/kernel/debug/sched/base_slice_ns)
	[ "$1" = 0 ] && { echo "$base"; return; }
	w=$(echo $weights | cut -d' ' -f$(($1 + 21)))
	s=$((base * 1024 / w))
	lo=100000; [ "$base" -lt $lo ] && lo=$base
	hi=100000000; [ $((4 * base)) -lt $hi ] && hi=$((4 * base))
	[ "$base" -gt $hi ] && hi=$base
	[ $s -lt $lo ] && s=$lo
	[ $s -gt $hi ] && s=$hi
	echo $s
}

# group_field GROUP-PATH FIELD: "cpu value" for each CPU, from the cfs_rq
# sections of the debug file (cfs_rq[N]:/PATH), value in ns for se->slice.
group_field() {
	awk -v path="$1" -v field="$2" '
		/^cfs_rq\[/ { match($0, /\[[0-9]+\]/); cpu = substr($0, RSTART + 1, RLENGTH - 2)
			      sub(/^cfs_rq\[[0-9]+\]:/, ""); sub(/:?$/, ""); in_group = ($0 == path); next }
		in_group && $1 == ".se->" field {
			v = $3
			if (field == "slice") { split(v, p, "."); v = p[1] * 1000000 + p[2] }
			print cpu, v }' "$DEBUG"
}

# Flat: /proc/self/sched shows the latency_nice a task is scheduled with.
flat=0
grep -q '^effective latency_nice' /proc/self/sched && flat=1

# task_value PID NAME: the value of NAME in /proc/PID/sched.
task_value() { sed -n "s/^$2 *: *//p" "/proc/$1/sched"; }

# every_task NAME VALUE PID...: each task's /proc/PID/sched has it.
every_task() {
	local name=$1 want=$2 pid got
	shift 2
	for pid; do
		got=$(task_value "$pid" "$name")
		[ "$got" = "$want" ] || { echo "# task $pid: $name '$got', want $want"; return 1; }
	done
}

# every_cpu GROUP-PATH FIELD VALUE: the group's entity on every CPU has it.
# (The debug file lists a group on a CPU only while it has load there: the
# callers keep one task of the group running on each CPU.)
every_cpu() {
	got=$(group_field "$1" "$2")
	[ "$(echo "$got" | grep -c .)" = "$ncpu" ] || { echo "# $1 $2 not on $ncpu CPUs: $(echo $got)"; return 1; }
	echo "$got" | awk -v want="$3" '$2 != want { bad = 1 } END { exit bad }' && return 0
	echo "# $1 $2, want $3 everywhere: $(echo $got)"
	return 1
}

# start_hogs PROCS-FILE: one CPU hog per CPU, each started inside the group
# (it moves itself in before it execs), pids in $hogs.
hogs=""
start_hogs() {
	for c in $(seq 0 $((ncpu - 1))); do
		sh -c "echo \$\$ > $1; exec taskset -c $c sh -c 'while :; do :; done'" &
		hogs="$hogs $!"
	done
	eventually in_group "$1" $hogs
}
# in_group PROCS-FILE PID...: every PID is listed in the group's procs file.
in_group() {
	local procs=$1 pid
	shift
	for pid; do grep -qx "$pid" "$procs" || { echo "# $pid not in $procs"; return 1; }; done
}
stop_hogs() { [ -n "$hogs" ] && kill $hogs 2>/dev/null; wait 2>/dev/null; hogs=""; }
trap stop_hogs EXIT

# ---- cgroup v2 ----
echo +cpu > $CG2/cgroup.subtree_control
check "v2: cpu controller enabled" grep -qw cpu $CG2/cgroup.subtree_control
check "v2: no cpu.latency.nice on the root" [ ! -e $CG2/cpu.latency.nice ]
mkdir -p $CG2/lnA $CG2/lnB
f=$CG2/lnA/cpu.latency.nice
check "v2: default 0" [ "$(cat $f)" = 0 ]
check "v2: -20 is taken" expect_value $f -20
check "v2: 19 is taken" expect_value $f 19
check "v2: 0 is taken" expect_value $f 0
expect_value $f 5 >/dev/null
check "v2: 20 is ERANGE, unchanged" expect_error $f 20 "out of range"
check "v2: -21 is ERANGE, unchanged" expect_error $f -21 "out of range"
check "v2: 2^64 is ERANGE, unchanged" expect_error $f 18446744073709551616 "out of range"
check "v2: garbage is EINVAL, unchanged" expect_error $f abc "Invalid argument"
check "v2: empty is EINVAL, unchanged" expect_error $f "" "Invalid argument"
check "v2: two numbers are EINVAL, unchanged" expect_error $f "1 2" "Invalid argument"
check "v2: a sibling is independent" [ "$(cat $CG2/lnB/cpu.latency.nice)" = 0 ]

# Tasks inside, running: the group entity of every CPU follows at once.
start_hogs $CG2/lnA/cgroup.procs
check "v2: new tasks start in lnA ($(grep -c . $CG2/lnA/cgroup.procs) of $ncpu)" \
	[ "$(grep -c . $CG2/lnA/cgroup.procs)" = "$ncpu" ]
if [ $flat = 1 ]; then
	for v in -20 19 0; do
		expect_value $f $v >/dev/null
		check "v2: $v: every task of lnA scheduled at $v" \
			every_task "effective latency_nice" $v $hogs
		want=$(latency_slice $v)
		check "v2: $v: every task's slice latency_slice($v) = $want ns" \
			every_task se.slice "$want" $hogs
	done
else
	expect_value $f -20 >/dev/null
	check "v2: -20 on every CPU's group entity" eventually every_cpu /lnA latency_nice -20
	# The credit is given like a lower nice, on the writer's privilege:
	# root's -20 has it, a delegated group's user's -20 only the request.
	check "v2: -20 written by root: its credit on every CPU" every_cpu /lnA credit_nice -20
	chown 65534 $f
	err=$(su nobody -c "echo -20 > $f" 2>&1)
	check "v2: -20 written by nobody (delegated) is taken ($err)" [ "$(cat $f)" = -20 ]
	check "v2: -20 written by nobody: no credit on any CPU" every_cpu /lnA credit_nice 0
	check "v2: -20 written by nobody: the request of -20" \
		every_cpu /lnA slice "$(latency_slice -20)"
	expect_value $f -20 >/dev/null
	check "v2: -20 written again by root: the credit is back" every_cpu /lnA credit_nice -20
	# cgroup files decide on whoever opened them, as cgroup.procs does: nobody's
	# descriptor written by root gives the request of -20, not the credit.
	expect_value $f 0 >/dev/null
	err=$(latency_nice_opener_write 65534 $f -20 2>&1)
	check "v2: -20 through a descriptor nobody opened, written by root, is taken ($err)" \
		[ "$(cat $f)" = -20 ]
	check "v2: -20 through nobody's descriptor: no credit on any CPU" every_cpu /lnA credit_nice 0
	expect_value $f -20 >/dev/null
	check "v2: -20 opened and written by root: the credit again" every_cpu /lnA credit_nice -20
	chown 0 $f
	want=$(latency_slice -20)
	check "v2: -20: group slice latency_slice(-20) = $want ns on every CPU" \
		eventually every_cpu /lnA slice "$want"
	expect_value $f 19 >/dev/null
	want=$(latency_slice 19)
	check "v2: 19: group slice latency_slice(19) = $want ns on every CPU" \
		eventually every_cpu /lnA slice "$want"
	expect_value $f 0 >/dev/null
	want=$(latency_slice 0)
	check "v2: 0: back to its tasks' shortest slice, $want ns" eventually every_cpu /lnA slice "$want"
fi
hog=${hogs# }; hog=${hog%% *}
check "v2: tasks keep their own latency_nice" \
	[ "$(awk '$1 == "latency_nice" { print $3 }' /proc/$hog/sched)" = 0 ]

# New tasks in a group with a value; moves between groups while running.
expect_value $CG2/lnB/cpu.latency.nice -10 >/dev/null
sh -c "echo \$\$ > $CG2/lnB/cgroup.procs; exec sh -c 'while :; do :; done'" &
hog2=$!
check "v2: a new task starts in lnB" eventually in_group $CG2/lnB/cgroup.procs $hog2
moved=0
for i in $(seq 100); do
	echo $hog > $CG2/lnB/cgroup.procs && echo $hog2 > $CG2/lnA/cgroup.procs &&
	echo $hog > $CG2/lnA/cgroup.procs && echo $hog2 > $CG2/lnB/cgroup.procs && moved=$((moved + 1))
	[ $((i % 10)) = 0 ] && echo $(( (i % 40) - 20 )) > $CG2/lnA/cpu.latency.nice
done
check "v2: 100 rounds of moves of two running tasks ($moved done)" [ $moved = 100 ]
check "v2: both still running" kill -0 $hog $hog2
kill $hog2
stop_hogs

# Flat: nested groups and a task's own value; a value restricts what lies
# below it and never lowers what is set there.
if [ $flat = 1 ]; then
	# (lnA's killed tasks leave it once reaped, a moment later)
	eventually sh -c "echo +cpu > $CG2/lnA/cgroup.subtree_control"
	mkdir -p $CG2/lnA/sub
	echo 5 > $CG2/lnA/sub/cpu.latency.nice
	echo -10 > $CG2/lnA/cpu.latency.nice
	start_hogs $CG2/lnA/sub/cgroup.procs
	check "v2: nested: lnA -10, the delegated lnA/sub takes it back to 5" \
		every_task "effective latency_nice" 5 $hogs
	echo 5 > $CG2/lnA/cpu.latency.nice
	echo -10 > $CG2/lnA/sub/cpu.latency.nice
	check "v2: nested: lnA 5 keeps lnA/sub -10 at 5" every_task "effective latency_nice" 5 $hogs
	echo -10 > $CG2/lnA/cpu.latency.nice
	echo 0 > $CG2/lnA/sub/cpu.latency.nice
	check "v2: nested: lnA -10 over lnA/sub written 0: 0 (a 0 written is set)" \
		every_task "effective latency_nice" 0 $hogs
	echo -20 > $CG2/lnA/sub/cpu.latency.nice
	check "v2: nested: lnA -10 over lnA/sub -20: -10" \
		every_task "effective latency_nice" -10 $hogs
	hog=${hogs# }; hog=${hog%% *}
	/usr/bin/latency-nice -n 19 -p $hog >/dev/null
	check "v2: nested: a task's own 19 under lnA -10 stands" \
		every_task "effective latency_nice" 19 $hog
	check "v2: nested: a task's own 19: its slice latency_slice(19)" \
		every_task se.slice "$(latency_slice 19)" $hog
	/usr/bin/latency-nice -n -20 -p $hog >/dev/null
	check "v2: nested: a task's own -20 under lnA -10 is kept at -10" \
		every_task "effective latency_nice" -10 $hog
	echo 0 > $CG2/lnA/cpu.latency.nice
	check "v2: nested: lnA written 0 over lnA/sub -20: a task's own -20 is kept at 0" \
		every_task "effective latency_nice" 0 $hog
	echo 0 > $CG2/lnA/sub/cpu.latency.nice
	check "v2: nested: a group set to 0 reads 0" [ "$(cat $CG2/lnA/sub/cpu.latency.nice)" = 0 ]
	echo -10 > $CG2/lnA/cpu.latency.nice
	check "v2: nested: lnA -10 over lnA/sub written 0: the task at 0" \
		every_task "effective latency_nice" 0 $hog
	check "v2: nested: \"default\" takes lnA/sub back to no value set" \
		expect_value_as $CG2/lnA/sub/cpu.latency.nice default 0
	check "v2: nested: lnA -10 over lnA/sub unset: the task's own -20 kept at -10" \
		every_task "effective latency_nice" -10 $hog
	check "v2: \"defaults\" is EINVAL, unchanged" \
		expect_error $CG2/lnA/sub/cpu.latency.nice defaults "Invalid argument"
	echo 0 > $CG2/lnA/cpu.latency.nice
	/usr/bin/latency-nice -n 0 -p $hog >/dev/null
	echo 5 > $CG2/lnA/sub/cpu.latency.nice
	check "v2: nested: lnA 0, lnA/sub 5 decides" every_task "effective latency_nice" 5 $hogs
	echo 0 > $CG2/lnA/sub/cpu.latency.nice
	check "v2: nested: both 0, tasks' own 0" every_task "effective latency_nice" 0 $hogs
	stop_hogs
	# A group made under a set one takes its value when it comes online
	# (the stored effective value an enqueue reads), with no write below.
	echo -10 > $CG2/lnA/cpu.latency.nice
	mkdir -p $CG2/lnA/late
	start_hogs $CG2/lnA/late/cgroup.procs
	check "v2: nested: a group made under lnA at -10 decides -10 for its tasks" \
		every_task "effective latency_nice" -10 $hogs
	# The rule does not depend on how group shares reach the flat queue:
	# each cgroup_mode, with a group never written and one written 0.
	mode=/sys/kernel/debug/sched/cgroup_mode
	if [ -w $mode ]; then
		was=$(sed -n 's/.*(\([a-z]*\)).*/\1/p' $mode)
		for m in $(tr -d '()' < $mode); do
			echo $m > $mode
			mkdir $CG2/lnA/m-$m
			for h in $hogs; do echo $h > $CG2/lnA/m-$m/cgroup.procs; done
			check "v2: cgroup_mode $m: under lnA -10, a group never written: -10" \
				every_task "effective latency_nice" -10 $hogs
			echo 0 > $CG2/lnA/m-$m/cpu.latency.nice
			check "v2: cgroup_mode $m: under lnA -10, a group written 0: 0" \
				every_task "effective latency_nice" 0 $hogs
			echo 19 > $CG2/lnA/cpu.latency.nice
			check "v2: cgroup_mode $m: under lnA 19, a group written 0: 19" \
				every_task "effective latency_nice" 19 $hogs
			echo -10 > $CG2/lnA/cpu.latency.nice
			for h in $hogs; do echo $h > $CG2/lnA/late/cgroup.procs; done
			rmdir $CG2/lnA/m-$m
		done
		echo "$was" > $mode
		check "v2: cgroup_mode back to $was" grep -q "($was)" $mode
	else
		ktap_test_fail "v2: no $mode to write"
	fi
	stop_hogs
	echo 0 > $CG2/lnA/cpu.latency.nice
	eventually rmdir $CG2/lnA/late
	eventually rmdir $CG2/lnA/sub
	echo -cpu > $CG2/lnA/cgroup.subtree_control
else
	# A write reaches the levels above at once: lnA at 0 takes the shortest
	# slice queued in it, as an enqueue would give it, without waiting for
	# one (its tasks spin: nothing is enqueued or dequeued under it).
	eventually sh -c "echo +cpu > $CG2/lnA/cgroup.subtree_control"
	mkdir -p $CG2/lnA/sub
	echo 0 > $CG2/lnA/cpu.latency.nice
	start_hogs $CG2/lnA/sub/cgroup.procs
	for v in -20 0; do
		echo $v > $CG2/lnA/sub/cpu.latency.nice
		want=$(latency_slice $v)
		eventually every_cpu /lnA/sub slice "$want"
		check "v2: nested: lnA/sub at $v gives lnA its slice $want ns at once" \
			every_cpu /lnA slice "$want"
	done
	# A task's latency_nice stays inside its group: its setattr requeues it,
	# and the groups above, at 0, keep asking for the base slice; a custom
	# slice is an explicit request and reaches them, as in mainline.
	base=$(latency_slice 0)
	for h in $hogs; do /usr/bin/latency-nice -n -20 -p $h >/dev/null; done
	check "v2: nested: tasks at -20 in lnA/sub (at 0)" \
		every_task latency_nice -20 $hogs
	check "v2: nested: tasks at -20 leave lnA/sub at the base slice $base ns" \
		every_cpu /lnA/sub slice "$base"
	check "v2: nested: tasks at -20 leave lnA at the base slice $base ns" \
		every_cpu /lnA slice "$base"
	for h in $hogs; do /usr/bin/sched-slice -s 300000 -p $h >/dev/null; done
	check "v2: nested: their custom slice of 300000 ns reaches lnA/sub" \
		every_cpu /lnA/sub slice 300000
	check "v2: nested: their custom slice of 300000 ns reaches lnA" \
		every_cpu /lnA slice 300000
	stop_hogs
	eventually rmdir $CG2/lnA/sub
	echo -cpu > $CG2/lnA/cgroup.subtree_control
fi
check "v2: values survive: lnB -10" [ "$(cat $CG2/lnB/cpu.latency.nice)" = -10 ]
# A killed task leaves its group once it is reaped, a moment later.
eventually rmdir $CG2/lnB
check "v2: groups removed" eventually rmdir $CG2/lnA
# ---- cgroup v1, last: once v1 has the cpu controller, it keeps it (a v1
# hierarchy that still has tasks outlives its unmount). Later tests that
# need groups use this mount (see stress.sh). ----
# The controller leaves v2 once no v2 group uses it any more.
echo -cpu > $CG2/cgroup.subtree_control
mkdir -p $CG1
for i in $(seq 50); do
	mount -t cgroup -o cpu cpu $CG1 2>/dev/null && break
	sleep 0.1
done
if grep -q " $CG1 cgroup " /proc/mounts; then
	check "v1: root has cpu.latency.nice, 0" [ "$(cat $CG1/cpu.latency.nice)" = 0 ]
	check "v1: root rejects a write with EINVAL" expect_error $CG1/cpu.latency.nice -5 "Invalid argument"
	mkdir $CG1/g
	check "v1: child defaults to 0" [ "$(cat $CG1/g/cpu.latency.nice)" = 0 ]
	check "v1: child takes -20" expect_value $CG1/g/cpu.latency.nice -20
	check "v1: 20 is ERANGE, unchanged" expect_error $CG1/g/cpu.latency.nice 20 "out of range"
	check "v1: garbage is EINVAL, unchanged" expect_error $CG1/g/cpu.latency.nice abc "Invalid argument"
	start_hogs $CG1/g/cgroup.procs
	if [ $flat = 1 ]; then
		check "v1: every task of g scheduled at -20" every_task "effective latency_nice" -20 $hogs
	else
		check "v1: every CPU's group entity at -20" eventually every_cpu /g latency_nice -20
	fi
	stop_hogs
	eventually rmdir $CG1/g
else
	ktap_test_fail "v1: cannot mount the cpu controller on cgroup v1"
fi

check "no latency tree warning" sh -c '! dmesg | grep -q "latency tree"'

ktap_set_plan $((KTAP_TESTNO - 1))
ktap_finished
