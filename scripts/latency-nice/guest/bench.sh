#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench, inside the guest: run this kernel's share of the A/B matrix and write every
# raw output to the result disk (/dev/vda, as a tar archive the host unpacks).
#
# Kernel command line: ln.kernel=base|series ln.profile=tiny|quick|full ln.topo=flat|numa
#
# Variants ("columns" of the report):
#   base kernel    base   nothing set: what an unpatched 7.2 gives
#                  slice  mainline's alternative, a custom slice (sched_runtime, as
#                         chrt --other -T sets it) where the series would set latency_nice
#   series kernel  ln     latency_nice
#                  nofeat latency_nice with the LATENCY_PREEMPT and LATENCY_PICK sched_feats
#                         off (the request-size mapping alone), on the cells of feats_off()
# A cell is (workload, foreground value, background value); values are latency_nice
# levels. On the base kernel a level becomes the custom slice of slice_of(); "base" runs
# only the default cell, which is the base column of every row of that workload.
#
# Progress goes to the console as "LN-BENCH: ..." lines.

export PATH=/bin:/sbin:/usr/bin:/usr/sbin
kernel=series profile=quick topo=flat
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	ln.kernel=*) kernel=${arg#ln.kernel=} ;;
	ln.profile=*) profile=${arg#ln.profile=} ;;
	ln.topo=*) topo=${arg#ln.topo=} ;;
	esac
done
ncpu=$(grep -c ^processor /proc/cpuinfo)
say() { echo "LN-BENCH: $*"; }

# D: seconds of a timed run (cyclictest, schbench, the two hogs); REPS: repeats of every
# cell, interleaved (rep 1 of every cell, then rep 2, ...) so that slow drifts of the
# host hit all cells alike. HB_*: hackbench -g/-l of a throughput run, PM_*: perf bench
# sched messaging, PP_L: perf bench sched pipe loops; BG_G: groups of the background
# hackbench (it runs until stopped; 4 groups = 160 tasks). The CI smoke (tiny) only checks
# the plumbing: one background group, since under TCG every process started next to 160
# runnable tasks takes seconds to get going, and that varied 3x between runs.
case "$profile" in
tiny)	D=1 REPS=1 HB_G=2 HB_L=20 PM_G=2 PM_L=20 PP_L=2000 BG_G=1 ;;
quick)	D=4 REPS=2 HB_G=4 HB_L=100 PM_G=4 PM_L=100 PP_L=20000 BG_G=4 ;;
full)	D=8 REPS=3 HB_G=4 HB_L=400 PM_G=4 PM_L=400 PP_L=20000 BG_G=4 ;;
*)	say "unknown profile '$profile'"; exit 1 ;;
esac
R=/tmp/results
mkdir -p $R

# The custom slice that stands where the series sets latency_nice LEVEL. The series maps
# latency_nice onto the request size (-20 -> the 0.1 ms floor, 19 -> the 100 ms ceiling of
# what sched_setattr() accepts); mainline users get the same ends with a custom slice.
slice_of() {
	case "$1" in
	-20) echo 100000 ;;
	19) echo 100000000 ;;
	*) echo 0 ;;
	esac
}

# wrap VARIANT LEVEL: the command prefix that gives a task (and its children) the setting.
wrap() {
	case "$1" in
	ln | nofeat) echo "latency-nice -n $2" ;;
	slice) [ "$(slice_of "$2")" != 0 ] && echo "sched-slice -s $(slice_of "$2")" ;;
	esac
}

# The cells that also run with the series' two sched_feats off: where latency_nice meets
# load, which is where the features could matter. Their column says which defaults the
# data supports.
feats_off() { # WORKLOAD FG BG
	case "$1 $2 $3" in
	"hackbench 19 -" | "cyclictest-hackbench -20 0" | "cyclictest-hackbench 0 19" | \
	"schbench-hackbench 0 19" | "schbench-hackbench -20 0" | "two-hogs -20 19" | \
	"cyclictest-hog -20 0" | "fifo-burst -20 -") return 0 ;;
	esac
	return 1
}

# Which variants run a cell on this kernel.
variants() { # WORKLOAD FG BG
	if [ "$kernel" = series ]; then
		echo ln
		feats_off "$@" && echo nofeat
		return
	fi
	shift
	set -- "$1" "$([ "$2" = - ] && echo 0 || echo "$2")"
	[ "$1" = 0 ] && [ "$2" = 0 ] && echo base
	[ "$(slice_of "$1")" != 0 ] || [ "$(slice_of "$2")" != 0 ] && echo slice
}

# Workloads and their cells ("FG BG", BG "-" when there is no background).
cells() {
	case "$1" in
	hackbench | messaging | pipe) echo "0 - 19 - -20 -" ;;
	cyclictest-idle | schbench-idle) echo "0 - -20 -" ;;
	cyclictest-hackbench) for bg in 19 0 -20; do for fg in 19 0 -20; do printf '%s %s ' $fg $bg; done; done ;;
	schbench-hackbench) echo "0 0 0 19 -20 0" ;;
	two-hogs) echo "0 0 -20 19" ;;
	cyclictest-hog) echo "0 0 -20 0" ;;
	fifo-burst) echo "0 - -20 -" ;;
	esac
}
WORKLOADS="cyclictest-idle schbench-idle hackbench messaging pipe cyclictest-hackbench schbench-hackbench two-hogs
	   cyclictest-hog fifo-burst"
# The CPU of the one-CPU workloads (cyclictest-hog, fifo-burst): the last one.
last_cpu=$((ncpu - 1))

# feats NO_|"": the series' two sched_feats off or back on.
FEAT=/sys/kernel/debug/sched/features
feats() { for f in LATENCY_PREEMPT LATENCY_PICK; do echo $1$f > $FEAT; done; }

# The background hackbench of the *-hackbench workloads. Starting and stopping 160
# hackbench tasks costs several seconds under TCG, so consecutive cells that want the same
# background (the same command prefix: variant and level) share one; it is stopped when the
# prefix changes and at the end of the workload.
bg_pid= bg_key=
background() { # PREFIX...
	[ -n "$bg_pid" ] && [ "$*" = "$bg_key" ] && return 0
	background_stop
	"$@" hackbench -g $BG_G -l 100000000 >/dev/null 2>&1 &
	bg_pid=$! bg_key="$*"
	sleep 1
}
# SIGKILL, all of them at once: hackbench's own SIGTERM path (the parent signalling and
# reaping its workers in turn) took ~20 s under TCG.
background_stop() {
	[ -n "$bg_pid" ] || return 0
	killall -q -9 hackbench 2>/dev/null
	wait $bg_pid 2>/dev/null
	while pidof hackbench >/dev/null; do sleep 0.1; done
	bg_pid= bg_key=
}

# The stress-ng workers of a stress-ng parent, as /proc/PID/status paths.
hog_workers() { grep -l "^PPid:[[:space:]]*$1\$" /proc/[0-9]*/status 2>/dev/null; }

# One run: its output goes to $out.txt (the caller redirects); schbench also writes $out.samples.
run_one() { # WORKLOAD VARIANT FG BG OUT
	wl=$1 v=$2 fg=$3 bg=$4 out=$5
	lim=$((D * 6 + 120))
	case "$wl" in
	hackbench)
		timeout -s KILL $lim $(wrap $v $fg) hackbench -g $HB_G -l $HB_L ;;
	messaging)
		timeout -s KILL $lim $(wrap $v $fg) perf bench sched messaging -p -t -g $PM_G -l $PM_L ;;
	pipe)
		timeout -s KILL $lim $(wrap $v $fg) perf bench sched pipe -l $PP_L ;;
	cyclictest-idle | cyclictest-hackbench)
		[ $wl = cyclictest-hackbench ] && background $(wrap $v $bg)
		timeout -s KILL $lim $(wrap $v $fg) cyclictest --policy=other -t 1 -i 1000 -D $D -q -m -v ;;
	schbench-idle | schbench-hackbench)
		[ $wl = schbench-hackbench ] && background $(wrap $v $bg)
		timeout -s KILL $lim $(wrap $v $fg) schbench-rs -m 1 -t 2 -r $D -w 100 -s 5000 --json \
			--samples $out.samples ;;
	two-hogs)
		# Seed 004: two CPU hogs on one CPU with different requests; per hog the runtime,
		# switches, and the average and worst wait (schedstats) over D seconds.
		$(wrap $v $fg) stress-ng --cpu 1 --taskset 0 -t $((D + 90)) --quiet &
		pa=$!
		$(wrap $v $bg) stress-ng --cpu 1 --taskset 0 -t $((D + 90)) --quiet &
		pb=$!
		# Each stress-ng forks its worker a moment after it starts (seconds under TCG next
		# to a busy vCPU): wait for both workers (60 s at most), then measure.
		i=0
		while { [ -z "$(hog_workers $pa)" ] || [ -z "$(hog_workers $pb)" ]; } && [ $i -lt 600 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		sleep $D
		for p in $pa $pb; do
			for w in $(hog_workers $p); do
				w=${w#/proc/}
				w=${w%/status}
				echo "== hog $([ $p = $pa ] && echo fg || echo bg) pid $w"
				cat /proc/$w/sched
			done
		done
		kill $pa $pb
		wait $pa $pb 2>/dev/null
		return 0 ;;
	cyclictest-hog)
		# A periodic waker (1 ms) and a CPU hog on one CPU: how long the waker waits for a
		# CPU that the hog holds (the former in-guest wakeup.sh, now measured here).
		$(wrap $v $bg) taskset -c $last_cpu sh -c 'while :; do :; done' &
		hog=$!
		timeout -s KILL $lim $(wrap $v $fg) cyclictest --policy=other -t 1 -a $last_cpu -i 1000 \
			-D $D -q -m -v
		rc=$?
		kill $hog
		wait $hog 2>/dev/null
		return $rc ;;
	fifo-burst)
		# A spinning probe, a CPU hog and a SCHED_FIFO thread bursting 3 ms every 20 ms on
		# one CPU: after how many bursts the probe runs first (the former fifo.sh). The
		# probe sets its own latency_nice or custom slice (microseconds here).
		case $v in
		ln | nofeat) set -- $fg ;;
		base) set -- 0 ;;
		slice) set -- 0 $(($(slice_of $fg) / 1000)) ;;
		esac
		timeout -s KILL $lim latency_nice_fifo_burst $1 $last_cpu $((D * 40)) $2 ;;
	esac
}

# Count the runs first, for the progress lines.
total=0
for wl in $WORKLOADS; do
	set -- $(cells $wl)
	while [ $# -ge 2 ]; do
		total=$((total + $(variants $wl $1 $2 | wc -l)))
		shift 2
	done
done
total=$((total * REPS))

say "kernel $kernel ($(uname -r)), profile $profile, topology $topo, $ncpu CPUs, $total runs"
# Wakeups are only precise once high-resolution timers are on (TCG: the refined TSC
# clocksource comes about a second after boot).
for i in $(seq 50); do
	grep -q 'hres_active *: 1' /proc/timer_list && break
	sleep 0.2
done
{
	echo "kernel=$kernel"
	echo "release=$(uname -r)"
	echo "profile=$profile"
	echo "topology=$topo"
	echo "cpus=$ncpu"
	echo "D=$D REPS=$REPS HB_G=$HB_G HB_L=$HB_L PM_G=$PM_G PM_L=$PM_L PP_L=$PP_L BG_G=$BG_G"
	echo "clocksource=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
	echo "preempt=$(cat /sys/kernel/debug/sched/preempt 2>/dev/null)"
	echo "base_slice_ns=$(cat /sys/kernel/debug/sched/base_slice_ns 2>/dev/null)"
	echo "features=$(cat /sys/kernel/debug/sched/features 2>/dev/null)"
	echo "cmdline=$(cat /proc/cmdline)"
} > $R/meta.txt
printf 'workload\tfg\tbg\tvariant\trep\trc\tseconds\tfile\n' > $R/index.tsv

n=0
for rep in $(seq $REPS); do
	for wl in $WORKLOADS; do
		set -- $(cells $wl)
		while [ $# -ge 2 ]; do
			fg=$1 bg=$2
			shift 2
			for v in $(variants $wl $fg $bg); do
				n=$((n + 1))
				dir=$R/$wl
				mkdir -p $dir
				out=$dir/$v.fg$fg.bg$bg.rep$rep
				say "[$n/$total] $wl fg=$fg bg=$bg $v rep $rep"
				t0=$(date +%s)
				[ $v = nofeat ] && feats NO_
				run_one $wl $v $fg $bg $out > $out.txt 2>&1
				rc=$?
				[ $v = nofeat ] && feats ""
				t1=$(date +%s)
				[ $rc = 0 ] || say "  $wl fg=$fg bg=$bg $v: exit $rc: $(tail -n 2 $out.txt | tr '\n' ' ')"
				printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $wl $fg $bg $v $rep $rc $((t1 - t0)) \
					${out#$R/}.txt >> $R/index.tsv
			done
		done
		background_stop
	done
done

dmesg > $R/dmesg.txt
if [ -b /dev/vda ]; then
	tar -c -f /dev/vda -C $R . && sync
	say "results written to the result disk ($(du -sk $R | cut -f1) KiB)"
else
	say "no result disk (/dev/vda): results lost"
fi
say "done"
