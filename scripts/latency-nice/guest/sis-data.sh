#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make sis-data, in the guest: every workload under every search rule, with the
# idle-CPU search counted (sis_stats) and the wakeups placed away from the
# waker (/proc/schedstat ttwu_count - ttwu_local).
#
# Rules (ln.sis_rules, comma-separated):
#   util      SIS_UTIL as mainline (both rules 0), the workload at latency_nice 0
#   small16   sis_small_llc=16
#   lat-20    sis_latency_pct=100, the workload at latency_nice -20
#   lat19     sis_latency_pct=100, the workload at latency_nice 19
#   ln-20     sis_latency_pct=0, the workload at -20 (what -20 does without the rule)
#   ln19      sis_latency_pct=0, the workload at 19
# Workloads (ln.sis_workloads): hackbench-G (G groups of 40 tasks, pipes, threads),
# schbench-W (schbench-rs, one message thread per 16 CPUs, W workers in all) and
# tbench-C (C clients of tbench_srv over loopback, 5 s).
# Rounds (ln.sis_reps) repeat the whole matrix, rules interleaved per workload.
# ln.sis_trace=1 adds a pass after the matrix: each workload once more under util, with
# sched_switch and sched_wakeup traced, read by sched-bursts into the service, sleep and
# wait histograms that sis-model --dist replays (the traced runs are not counted above).
#
# Output lines: "LN-SIS: run WORKLOAD RULE REP secs S remote R wakeups T" and
# "LN-SISRAW: WORKLOAD RULE REP <a line of sis_stats>"; with the trace pass
# "LN-SIS: trace WORKLOAD events E overrun O" and "LN-SISDIST: WORKLOAD <sched-bursts line>";
# then "LN-SIS: end".

DBG=/sys/kernel/debug/sched
TR=/sys/kernel/tracing
ncpu=$(grep -c ^processor /proc/cpuinfo)
rules=util,small16,lat-20,ln-20,lat19,ln19
workloads=hackbench-1,hackbench-4,hackbench-16,schbench-16,schbench-64,tbench-32,tbench-128
reps=1
trace=0
for arg in $(cat /proc/cmdline); do
	case $arg in
	ln.sis_rules=*) rules=${arg#*=} ;;
	ln.sis_workloads=*) workloads=${arg#*=} ;;
	ln.sis_reps=*) reps=${arg#*=} ;;
	ln.sis_trace=*) trace=${arg#*=} ;;
	esac
done
say() { echo "LN-SIS: $*"; }

# Sum of ttwu_count and of ttwu_local over all CPUs (/proc/schedstat version 15+:
# fields 6 and 7 of a cpuN line).
wakeups() { awk '/^cpu[0-9]/ { t += $6; l += $7 } END { print t, l }' /proc/schedstat; }

set_rule() {
	small=0 pct=0 ln=0
	case $1 in
	util) ;;
	small16) small=16 ;;
	lat-20) pct=100 ln=-20 ;;
	lat19) pct=100 ln=19 ;;
	ln-20) ln=-20 ;;
	ln19) ln=19 ;;
	*) say "unknown rule $1"; return 1 ;;
	esac
	echo $small > $DBG/sis_small_llc && echo $pct > $DBG/sis_latency_pct
}

run_workload() {
	case $1 in
	hackbench-*)
		g=${1#hackbench-}
		# About 2*10^4 messages per sender in all, whatever the groups.
		latency-nice -n "$ln" hackbench -p -T -g "$g" -l $((400 / g + 20)) >/dev/null 2>&1 ;;
	schbench-*)
		w=${1#schbench-}
		m=$(((ncpu + 15) / 16))
		t=$(((w + m - 1) / m))
		latency-nice -n "$ln" schbench-rs -m "$m" -t "$t" -r 5 >/dev/null 2>&1 ;;
	tbench-*)
		latency-nice -n "$ln" tbench -t 5 "${1#tbench-}" 127.0.0.1 >/dev/null 2>&1 ;;
	*) say "unknown workload $1"; return 1 ;;
	esac
}

echo 0 > /proc/sys/kernel/sched_schedstats
case $workloads in
*tbench*)
	ifconfig lo 127.0.0.1 up
	tbench_srv >/dev/null 2>&1 &
	sleep 1 ;;
esac
say "start $ncpu CPUs rules $rules workloads $workloads reps $reps"
for rep in $(seq 1 "$reps"); do
	for wl in $(echo "$workloads" | tr , ' '); do
		for rule in $(echo "$rules" | tr , ' '); do
			set_rule "$rule" || continue
			sleep 1
			echo 0 > $DBG/sis_stats
			set -- $(wakeups)
			t0=$1 l0=$2
			echo 1 > /proc/sys/kernel/sched_schedstats
			s0=$(cut -d' ' -f1 /proc/uptime)
			run_workload "$wl" || say "$wl $rule exited with $?"
			s1=$(cut -d' ' -f1 /proc/uptime)
			echo 0 > /proc/sys/kernel/sched_schedstats
			set -- $(wakeups)
			say "run $wl $rule $rep secs $(echo "$s0 $s1" | awk '{ print $2 - $1 }')" \
			    "remote $(($1 - $2 - t0 + l0)) wakeups $(($1 - t0))"
			grep -v '^#' $DBG/sis_stats | sed "s/^/LN-SISRAW: $wl $rule $rep /"
		done
	done
done
# The trace pass. 2 MiB of ring buffer per CPU holds a whole run (~10^5 events; an
# overrun, which drops the oldest events, is reported).
trace_workload() {
	case $1 in
	hackbench-*) comm=hackbench ;;
	schbench-*) comm=schbench ;;
	tbench-*) comm=tbench ;;
	esac
	echo 0 > $TR/tracing_on
	echo 2048 > $TR/buffer_size_kb
	echo > $TR/trace
	echo 1 > $TR/events/sched/sched_switch/enable
	echo 1 > $TR/events/sched/sched_wakeup/enable
	echo 1 > $TR/tracing_on
	run_workload "$1" || say "$1 traced exited with $?"
	echo 0 > $TR/tracing_on
	echo 0 > $TR/events/sched/enable
	say "trace $1 events $(grep -h '^entries:' $TR/per_cpu/cpu*/stats | awk '{ s += $2 } END { print s }')" \
	    "overrun $(grep -h '^overrun:' $TR/per_cpu/cpu*/stats | awk '{ s += $2 } END { print s }')"
	sched-bursts --comm "$comm" < $TR/trace | sed "s/^/LN-SISDIST: $1 /"
	echo 1 > $TR/buffer_size_kb
}
if [ "$trace" = 1 ] && [ ! -d $TR/events/sched ]; then
	mkdir -p /sys/kernel/tracing
	mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
	TR=/sys/kernel/tracing
	[ -d $TR/events/sched ] || { say "trace: no tracefs with sched events, no trace pass"; trace=0; }
fi
if [ "$trace" = 1 ]; then
	set_rule util
	ln=0
	for wl in $(echo "$workloads" | tr , ' '); do
		trace_workload "$wl"
	done
fi
set_rule util
say "end"
