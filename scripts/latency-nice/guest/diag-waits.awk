#!/usr/bin/awk -f
# make diagnose's trace pass, in the guest: the waits of one thread (tid T) in a text trace
# of sched_switch and sched_wakeup (/sys/kernel/tracing/trace).
#
# usage: awk -v T=TID -v TAG="regime=... way=... rep=..." -f diag-waits.awk TRACE
#
# A wait starts when T is woken (kind "wakeup") or switched out still runnable (prev_state R:
# kind "preempt") and ends when T is switched in. For every wait over 1 ms it notes who ran on
# T's CPU meanwhile: the longest single stretch of one task (and whether that task was a
# hackbench one) and the number of switches; for a preemption, who T was switched out for.
# One "LN-DIAGTRACE:" line per kind, counts and microseconds:
#   n (waits), slow (over 1 ms), max_us, slow_sum_us, seg_lt1/1to2/2to5/5to20/ge20 (the
#   longest stretch of a slow wait, ms), seg_hackbench (slow waits whose longest stretch was
#   a hackbench task's), switches (over the slow waits), by_hackbench (preemptions by a
#   hackbench task); and one "events" line.
function field(name,   i, n) {
	n = length(name) + 1
	for (i = 1; i <= NF; i++)
		if (substr($i, 1, n) == name "=")
			return substr($i, n + 1)
	return ""
}
function start(kind_, cpu_, t_) {
	waiting = 1; kind = kind_; wcpu = cpu_; since = t_; longest = 0; lcomm = ""; nsw = 0
}
BEGIN { waiting = 0; events = 0 }
{
	ev = ""
	for (i = 1; i <= NF; i++)
		if ($i == "sched_switch:" || $i == "sched_wakeup:") { ev = $i; break }
	if (ev == "")
		next
	events++
	t = $(i - 1); sub(/:$/, "", t); t = t * 1000000
	cpu = -1
	for (j = 1; j < i; j++)
		if ($j ~ /^\[[0-9]+\]$/) { cpu = substr($j, 2, length($j) - 2) + 0; break }
	if (ev == "sched_wakeup:") {
		if (field("pid") == T && !waiting)
			start("wakeup", field("target_cpu") + 0, t)
		next
	}
	prev = field("prev_pid"); next_pid = field("next_pid")
	if (waiting && cpu == wcpu && prev != T) {
		from = (cpu in last) && last[cpu] > since ? last[cpu] : since
		if (t - from > longest) { longest = t - from; lcomm = field("prev_comm") }
		nsw++
	}
	last[cpu] = t
	if (prev == T && field("prev_state") ~ /^R/) {
		start("preempt", cpu, t)
		preempter = field("next_comm")
		n_by[kind] += preempter ~ /^hackbench/
	}
	if (next_pid == T && waiting) {
		w = t - since
		n[kind]++
		if (w > max[kind]) max[kind] = w
		if (w > 1000) {
			slow[kind]++; sum[kind] += w; sw[kind] += nsw
			seg_hb[kind] += lcomm ~ /^hackbench/
			b = longest < 1000 ? "lt1" : longest < 2000 ? "1to2" : longest < 5000 ? "2to5" : longest < 20000 ? "5to20" : "ge20"
			seg[kind, b]++
		}
		waiting = 0
	}
}
END {
	printf "LN-DIAGTRACE: %s events=%d\n", TAG, events
	for (k = 1; k <= 2; k++) {
		kd = k == 1 ? "wakeup" : "preempt"
		printf "LN-DIAGTRACE: %s kind=%s n=%d slow=%d max_us=%d slow_sum_us=%d seg_lt1=%d seg_1to2=%d seg_2to5=%d seg_5to20=%d seg_ge20=%d seg_hackbench=%d switches=%d by_hackbench=%d\n",
			TAG, kd, n[kd], slow[kd], max[kd], sum[kd], seg[kd, "lt1"], seg[kd, "1to2"], seg[kd, "2to5"],
			seg[kd, "5to20"], seg[kd, "ge20"], seg_hb[kd], sw[kd], n_by[kd]
	}
}
