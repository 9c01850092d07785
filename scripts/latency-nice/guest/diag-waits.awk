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
# With timer:hrtimer_start (filtered to T) and timer:hrtimer_expire_entry in the trace, one
# "timer" line splits T's timed wakeups in two: late (its sleep's hrtimer ran its expiry that
# long after the expiry time: interrupt delivery, which under QEMU's round robin of vCPUs
# includes the other vCPUs' turns) and wait (from the wakeup to T running: the scheduler's
# part). n, then p50/p99/max of each (p50 and p99 at 10 us, a bucket's lower edge), of wait
# over every wakeup, and of their sum (what cyclictest reports, less the return to user
# space), and the counts over 0.1 and 1 ms.
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
# The task column before "[cpu]" is comm-pid; a comm may hold '-' or spaces, the pid not.
function pid_of(i,   j, tok) {
	for (j = 1; j < i; j++)
		if ($j ~ /^\[[0-9]+\]$/) { tok = $(j - 1); sub(/.*-/, "", tok); return tok }
	return ""
}
# Histograms in 10 us buckets up to 100 ms; pct() is the nearest rank.
function put(h, x,   b) {
	b = int(x / 10); if (b > 10000) b = 10000
	hist[h, b]++; hn[h]++; if (x > hmax[h]) hmax[h] = x
	if (x > 100) gt100[h]++
	if (x > 1000) gt1000[h]++
}
function pct(h, p,   k, s, b) {
	k = int((p * hn[h] + 99) / 100); s = 0
	for (b = 0; b <= 10000; b++) { s += hist[h, b]; if (k > 0 && s >= k) return b * 10 }
	return 0
}
BEGIN { waiting = 0; events = 0; have_late = 0; wake_late = -1 }
{
	ev = ""
	for (i = 1; i <= NF; i++)
		if ($i == "sched_switch:" || $i == "sched_wakeup:" || $i == "hrtimer_start:" ||
		    $i == "hrtimer_expire_entry:") { ev = $i; break }
	if (ev == "")
		next
	events++
	t = $(i - 1); sub(/:$/, "", t); t = t * 1000000
	cpu = -1
	for (j = 1; j < i; j++)
		if ($j ~ /^\[[0-9]+\]$/) { cpu = substr($j, 2, length($j) - 2) + 0; break }
	if (ev == "hrtimer_start:") {
		if (pid_of(i) == T && field("function") == "hrtimer_wakeup")
			armed[field("hrtimer")] = field("expires")
		next
	}
	if (ev == "hrtimer_expire_entry:") {
		h = field("hrtimer")
		if (h in armed) {
			late = (field("now") - armed[h]) / 1000
			delete armed[h]
			put("late", late); have_late = 1
		}
		next
	}
	if (ev == "sched_wakeup:") {
		if (field("pid") == T && !waiting) {
			start("wakeup", field("target_cpu") + 0, t)
			wake_late = have_late ? late : -1; have_late = 0
		}
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
		if (kind == "wakeup") {
			put("wait", w)
			if (wake_late >= 0) put("sum", wake_late + w)
			wake_late = -1
		}
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
	if (hn["late"] > 0) {
		printf "LN-DIAGTRACE: %s kind=timer n=%d", TAG, hn["late"]
		for (k = 1; k <= 3; k++) {
			h = k == 1 ? "late" : k == 2 ? "wait" : "sum"
			printf " %s_p50_us=%d %s_p99_us=%d %s_max_us=%d %s_gt100=%d %s_gt1000=%d",
				h, pct(h, 50), h, pct(h, 99), h, hmax[h], h, gt100[h], h, gt1000[h]
		}
		printf "\n"
	}
}
