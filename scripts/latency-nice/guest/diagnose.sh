#!/bin/sh
# make diagnose, in the guest: why a latency-sensitive task's wakeups wait.
#
# For each load regime and each way of running cyclictest, cyclictest runs for
# ln.diag_secs seconds (default 10) next to the load; then the debug kernel's
# per-task counters of its measurement thread (/proc/PID/task/TID/sched,
# CONFIG_SCHED_LATENCY_NICE_DEBUG) say, for every wakeup that waited over 1 ms
# to run, what the wakeup found: not eligible, current inside its slice
# protection, another entity picked first, a preemption asked now or lazily
# (for the tick), or no fair wakeup check at all; and for every preemption in
# the middle of its work after which it waited over 1 ms, whether it was still
# eligible. One "LN-DIAG:" line per run.
#
# Regimes (2 vCPUs):
#   seed      hackbench -g 1 -f 3 (6 tasks on 2 CPUs, seed 000's ~2.5 per CPU), cyclictest -i 1000
#   light     hackbench -g 4 (160 tasks), cyclictest -i 50000 for five times as long: its
#             demand (cost_us per wakeup, measured and printed: ~200 us at latency_nice 0
#             here) under half its 1/81 share
#   overload  hackbench -g 4, cyclictest -i 1000 (the full bench's cell; demand above share)
#   groups    seed's load and cyclictest each in a cgroup of its own (ln.diag_regimes=groups;
#             not in the default set): the credit through group entities, or two services
#             of systemd, each in its cgroup at cpu.latency.nice 0
#   lightgroups light's load and cyclictest, each in a cgroup of its own likewise (not in the
#             default set)
#   hog       a CPU hog (a busy loop) and cyclictest -i 1000 pinned to the last CPU: make run's
#             demo cell and make bench's cyclictest-hog (ln.diag_regimes=hog; not in the
#             default set)
#   seedtime  what the background pays: seed's load run to its end, hackbench -g 1 -f 3 -l
#             ln.diag_hb_loops (host: DIAG_HB_LOOPS; default 150000, about 4 s at one vCPU
#             in virtual time) with the way's setting, timed, while cyclictest -i 1000
#             (latency_nice 0) runs beside it; the line's hb_s is hackbench's "Time:" (not
#             in the default set)
#   lighttime the same for light's load: hackbench -g 4 -l ln.diag_light_hb_loops (host:
#             DIAG_LIGHT_HB_LOOPS; default 800, the same) beside cyclictest at light's interval
# ln.diag_reps=N (host: DIAG_REPS) runs every regime and way N times, round after round.
# ln.diag_trace=S (host: DIAG_TRACE; default 0, none) traces sched_switch and sched_wakeup (and
# the measuring thread's hrtimer_start, every hrtimer_expire_entry) for the last S seconds but
# one of every run and prints what the measuring thread's waits over 1 ms had running beside
# them and how its timed wakeups split into interrupt lateness and the scheduler's wait
# (diag-waits.awk: "LN-DIAGTRACE:" lines).
# Ways: ln0 (latency_nice 0: mainline's rule), ln-20/nocredit (NO_LATENCY_CREDIT),
# ln-20/norun (the credit without run-on: NO_LATENCY_RUN), ln-20/credit (the series); a way
# ending in /nooffset runs with NO_LATENCY_OFFSET (bg19/nooffset: 19's request alone),
# fifo (SCHED_FIFO 1: the floor); ln.diag_ways (host: DIAG_WAYS) picks them, and also
# ln-20/thread: only the measuring thread at -20 (set once it exists), cyclictest's main
# thread, which wakes every 10 ms, at 0.
# Background ways, cyclictest at latency_nice 0 and the load set instead: bgN (the load at
# latency_nice N, e.g. bg19, bg10, bg5), bgsliceN (the load with a custom slice of N ms,
# sched_runtime, e.g. bgslice100: mainline's longest, the request 19 derives), bgNbase (the
# load at latency_nice N with a custom slice of the base slice: N's offset, latency tree and
# pick without its longer request), bgNxM (the load at latency_nice N with a custom slice of M
# base slices, e.g. bg19x4: N's rules with a shorter request than its own).
LN=/usr/bin/latency-nice
FEAT=/sys/kernel/debug/sched/features
base_secs=10 regimes="seed light overload" light_us=50000 reps=1 trace=0 hb_loops=150000 light_hb_loops=800
TR=/sys/kernel/tracing
ways="ln0 ln-20/nocredit ln-20/norun ln-20/credit fifo"
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	ln.diag_secs=*) base_secs=${arg#ln.diag_secs=} ;;
	ln.diag_regimes=*) regimes=$(echo "${arg#ln.diag_regimes=}" | tr , ' ') ;;
	ln.diag_light_us=*) light_us=${arg#ln.diag_light_us=} ;;
	ln.diag_hb_loops=*) hb_loops=${arg#ln.diag_hb_loops=} ;;
	ln.diag_light_hb_loops=*) light_hb_loops=${arg#ln.diag_light_hb_loops=} ;;
	ln.diag_ways=*) ways=$(echo "${arg#ln.diag_ways=}" | tr , ' ') ;;
	ln.diag_reps=*) reps=${arg#ln.diag_reps=} ;;
	ln.diag_trace=*) trace=${arg#ln.diag_trace=} ;;
	esac
done
if [ "$trace" -gt 0 ] && [ ! -d $TR/events/sched ]; then
	mkdir -p $TR
	mount -t tracefs tracefs $TR 2>/dev/null
	[ -d $TR/events/sched ] || { echo "LN-DIAGTRACE: no tracefs with sched events, no trace pass"; trace=0; }
fi
# Schedstats (nr_wakeups_migrate) are off by default.
echo 1 > /proc/sys/kernel/sched_schedstats 2>/dev/null
preempt=$(cat /sys/kernel/debug/sched/preempt 2>/dev/null | grep -o '([a-z]*)' | tr -d '()')
echo "LN-DIAG: start preempt=${preempt:-unknown} secs=$base_secs base_slice_ns=$(cat /sys/kernel/debug/sched/base_slice_ns)"

# counters PID: the measuring thread's wakeups, its CPU time (per wakeup and in all), its
# involuntary switches, and its slow wakeups by cause. cyclictest -t 1 has two threads: the
# main one, which polls every 10 ms, and the measuring one (TID != PID): at a period above
# 10 ms the main thread has the more switches, so pick by TID. A SCHED_FIFO thread is not counted by the
# fair class: its row has no causes.
counters() { # PID
	best=
	for t in /proc/$1/task/*; do
		[ "${t##*/}" != "$1" ] && [ -r $t/sched ] && { best=$t; break; }
	done
	[ -n "$best" ] || { echo "wakeups=0"; return; }
	# How long after the exec the measuring thread started (stat field 22, in clock ticks of
	# 10 ms): next to 160 runnable tasks, seconds.
	printf 'start_ms=%d ' $((($(cut -d' ' -f22 "$best/stat") - $(cut -d' ' -f22 "/proc/$1/stat")) * 10))
	awk '
		$1 == "se.latency_wakeups" { w = $3 }
		$1 == "se.latency_preemptions" { pr = $3 }
		$1 == "nr_involuntary_switches" { iv = $3 }
		$1 == "se.nr_migrations" { mg = $3 }
		$1 == "nr_wakeups_migrate" { wm = $3 }
		$1 == "se.sum_exec_runtime" { split($3, x, "."); sub(/^0+/, "", x[2]); rt = x[1] * 1000000 + x[2] }
		/^latency\.slow\./ { sub("latency.slow.", "", $1); s = s " " $1 "=" $3; if ($1 !~ /^preempted/) n += $3 }
		END { printf "wakeups=%d cost_us=%d cpu_us=%d invol=%d migrations=%d wakeups_migrated=%d preemptions=%d slow=%d%s\n",
			w, w ? rt / w / 1000 : 0, rt / 1000, iv, mg, wm, pr, n, s }' $best/sched
}

# The groups regime: the load and cyclictest each in a cgroup of its own (cpu controller, both
# at cpu.latency.nice 0), as two sessions meet under autogroup: only through two group
# entities, which take the credit of their most latency-sensitive queued task.
CG=/sys/fs/cgroup
groups_setup() {
	grep -q " $CG cgroup2 " /proc/mounts || { mkdir -p $CG && mount -t cgroup2 none $CG; }
	echo +cpu > $CG/cgroup.subtree_control
	mkdir -p $CG/diag-load $CG/diag-lat
}
# in_group GROUP CMD... &: CMD in GROUP (none: where we are). Only run in the background: it
# execs, so that $! is CMD's own PID.
in_group() {
	g=$1
	shift
	if [ "$g" = none ]; then exec "$@"; fi
	exec sh -c 'echo $$ > '"$CG/$g"'/cgroup.procs && exec "$@"' sh "$@"
}

# What the load got beside the measuring thread (issue 55): the hackbench processes' run time,
# the CPUs' idle time and the clock, read when cyclictest starts and when its counters are read.
. /usr/share/latency-nice/load-usage.sh

nthreads() { # PID
	set -- /proc/"$1"/task/*
	[ -e "$1" ] && echo $# || echo 0
}

# The trace pass of one run (ln.diag_trace): $trace seconds of sched_switch and sched_wakeup,
# 4 MiB of ring buffer per CPU (an overrun, which drops the oldest events, is reported);
# trace_save keeps it in /tmp/trace.txt, with the measuring thread's TID in /tmp/trace.tid,
# once the run's counters are read (reading the trace takes the guest most of a second), and
# trace_report, after the run, gives diag-waits.awk's account of that thread's waits.
trace_waits() { # PID
	tid=
	for t in /proc/$1/task/*; do
		[ "${t##*/}" != "$1" ] && { tid=${t##*/}; break; }
	done
	echo "$tid" > /tmp/trace.tid
	echo 0 > $TR/tracing_on
	echo 4096 > $TR/buffer_size_kb
	echo > $TR/trace
	echo 1 > $TR/events/sched/sched_switch/enable
	echo 1 > $TR/events/sched/sched_wakeup/enable
	echo "common_pid == $tid" > $TR/events/timer/hrtimer_start/filter
	echo 1 > $TR/events/timer/hrtimer_start/enable
	echo 1 > $TR/events/timer/hrtimer_expire_entry/enable
	echo 1 > $TR/tracing_on
	sleep "$trace"
	echo 0 > $TR/tracing_on
	echo 0 > $TR/events/sched/enable
	echo 0 > $TR/events/timer/enable
	echo 0 > $TR/events/timer/hrtimer_start/filter
}
trace_save() {
	cat $TR/trace > /tmp/trace.txt
	overrun=$(grep -h '^overrun:' $TR/per_cpu/cpu*/stats | awk '{ s += $2 } END { print s }')
	echo > $TR/trace
	echo 1 > $TR/buffer_size_kb
}
trace_report() { # TAG
	tid=$(cat /tmp/trace.tid)
	if [ -n "$tid" ]; then
		awk -v T="$tid" -v TAG="$1" -f /usr/share/latency-nice/diag-waits.awk /tmp/trace.txt
	else
		echo "LN-DIAGTRACE: $1 no measuring thread"
	fi
	echo "LN-DIAGTRACE: $1 overrun=$overrun"
	rm -f /tmp/trace.txt /tmp/trace.tid
}

run() { # REGIME HACKBENCH-ARGS INTERVAL WAY SECONDS
	regime=$1 hb=$2 interval=$3 way=$4 secs=$5
	load_g=none lat_g=none
	case $regime in *groups) load_g=diag-load lat_g=diag-lat ;; esac
	pin=''
	if [ $regime = hog ]; then
		pin="-a $last_cpu"
		taskset -c $last_cpu sh -c 'while :; do :; done' &
	else
		case $way in
		bg[0-9]*base) n=${way#bg}
			bg="$LN -n ${n%base} sched-slice -s $(cat /sys/kernel/debug/sched/base_slice_ns)" ;;
		bg[0-9]*x[0-9]*) n=${way#bg}
			bg="$LN -n ${n%x*} sched-slice -s $((${n#*x} * $(cat /sys/kernel/debug/sched/base_slice_ns)))" ;;
		bg[0-9]*) n=${way%%/*}; bg="$LN -n ${n#bg}" ;;
		bgslice[0-9]*) bg="sched-slice -s ${way#bgslice}000000" ;;
		*) bg= ;;
		esac
		if [ "${regime%time}" != "$regime" ]; then
			# The foreground first, so that it runs from the load's first message to its
			# last; the load in the foreground of this shell, timed by itself.
			$LN -n 0 cyclictest -q -m -i "$interval" -D 3600 >/dev/null 2>&1 &
			ctpid=$!
			sleep 1
			loops=$([ $regime = lighttime ] && echo $light_hb_loops || echo $hb_loops)
			hb_s=$($bg hackbench $hb -l $loops 2>&1 | awk '/^Time:/ { print $2 }')
			kill $ctpid 2>/dev/null; wait $ctpid 2>/dev/null
			echo "LN-DIAG: regime=$regime way=$way rep=$rep hb_loops=$loops hb_s=${hb_s:-none}"
			sleep 1
			return
		fi
		in_group $load_g $bg hackbench $hb -l 100000000 >/dev/null 2>&1 &
	fi
	hbpid=$!
	sleep 1
	case $way in
	fifo)	set -- /usr/lib/util-linux/chrt -f 1 ;;
	ln0 | *thread | bg*) set -- $LN -n 0 ;;
	*)	set -- $LN -n -20 ;;
	esac
	case $way in
	*nocredit) echo NO_LATENCY_CREDIT > $FEAT ;;
	*norun) echo NO_LATENCY_RUN > $FEAT ;;
	*nooffset) echo NO_LATENCY_OFFSET > $FEAT ;;
	esac
	in_group $lat_g "$@" cyclictest -q -m -h 100000 $pin -i "$interval" -D "$secs" --policy=$([ $way = fifo ] && echo fifo || echo other) \
		$([ $way = fifo ] && echo -p 1) > /tmp/ct.out 2>&1 &
	ctpid=$!
	bg0=$(bg_cpu_ns) idle0=$(idle_ms) up0=$(uptime_ms)
	t_exec=$(date +%s)
	# -D counts from the exec, and next to 160 runnable tasks the measuring thread starts
	# seconds later under TCG (start_ms): read its counters a second before the end, or as
	# soon as it exists if it starts later than that.
	i=0
	while [ "$(nthreads $ctpid)" -lt 2 ] && [ $i -lt $((secs * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ "${way#*thread}" != "$way" ]; then
		for t in /proc/$ctpid/task/*; do
			[ "${t##*/}" != "$ctpid" ] && $LN -p "${t##*/}" -n -20
		done
	fi
	left=$((t_exec + secs - 1 - $(date +%s)))
	if [ "$trace" -gt 0 ] && [ $left -gt "$trace" ]; then
		sleep $((left - trace))
		trace_waits $ctpid
		c=$(counters $ctpid)
		trace_save
	else
		[ $left -le 0 ] || sleep $left
		c=$(counters $ctpid)
	fi
	bgw="bg_cpu_ms=$((($(bg_cpu_ns) - bg0) / 1000000)) idle_ms=$(($(idle_ms) - idle0)) window_ms=$(($(uptime_ms) - up0))"
	wait $ctpid
	kill $hbpid 2>/dev/null; wait $hbpid 2>/dev/null
	pkill hackbench 2>/dev/null
	case $way in
	*nocredit) echo LATENCY_CREDIT > $FEAT ;;
	*norun) echo LATENCY_RUN > $FEAT ;;
	*nooffset) echo LATENCY_OFFSET > $FEAT ;;
	esac
	# "C:%7lu ... Avg:%8ld Max:%8ld": the value is in the same field or the next; with the
	# histogram (-h) cyclictest prints "# Total:", "# Avg Latencies:" and "# Max Latencies:"
	# instead, after "%06d %06lu" a µs bucket and "# Histogram Overflows: N": the p99 is the
	# nearest rank, 100000 (the histogram's end) if it lies among the overflows.
	# busybox awk reads a number with leading zeros as octal: dec() strips them.
	stats=$(awk 'function v(i, k) { x = substr($i, length(k) + 1); return x != "" ? x : $(i + 1) }
		function dec(x) { sub(/^0+/, "", x); return x + 0 }
		/^T:/ { for (i = 1; i <= NF; i++) {
			if ($i ~ /^C:/) c = v(i, "C:"); if ($i ~ /^Avg:/) a = v(i, "Avg:"); if ($i ~ /^Max:/) m = v(i, "Max:") } }
		/^[0-9]+ [0-9]+$/ { us[n] = dec($1); cnt[n] = dec($2); tot += cnt[n]; n++ }
		/^# Histogram Overflows:/ { tot += dec($4) }
		/^# Total:/ { c = dec($3) } /^# Avg Latencies:/ { a = dec($4) } /^# Max Latencies:/ { m = dec($4) }
		END { k = int((99 * tot + 99) / 100); s = 0; p = 100000
			for (i = 0; i < n; i++) { s += cnt[i]; if (k > 0 && s >= k) { p = us[i]; break } }
			printf "served=%s avg_us=%s max_us=%s p99_us=%s", c, a, m, p }' /tmp/ct.out)
	echo "LN-DIAG: regime=$regime way=$way rep=$rep interval_us=$interval expected=$((secs * 1000000 / interval)) $stats $c $bgw"
	[ -e /tmp/trace.tid ] && trace_report "regime=$regime way=$way rep=$rep"
	sleep 1
}

last_cpu=$(($(grep -c ^processor /proc/cpuinfo) - 1))
for rep in $(seq $reps); do
	for regime in $regimes; do
		case $regime in
		seed)	hb="-g 1 -f 3" interval=1000 ;;
		groups)	hb="-g 1 -f 3" interval=1000; groups_setup ;;
		light)	hb="-g 4" interval=$light_us ;;
		lightgroups) hb="-g 4" interval=$light_us; groups_setup ;;
		overload) hb="-g 4" interval=1000 ;;
		hog)	hb='' interval=1000 ;;
		seedtime) hb="-g 1 -f 3" interval=1000 ;;
		lighttime) hb="-g 4" interval=$light_us ;;
		esac
		for way in $ways; do
			run $regime "$hb" $interval $way $(case $regime in light*) echo $((5 * base_secs)) ;; *) echo $base_secs ;; esac)
		done
	done
done
echo "LN-DIAG: end"
