#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Direction of the effect (not a benchmark): a CPU hog and a periodic waker
# (cyclictest, SCHED_OTHER, 1 ms period) share one CPU; the waker's wakeup
# latency with latency_nice -20 must be clearly lower than with 0. Runs are
# interleaved (0, -20, 0, -20, ...) so that TCG's noise hits both alike;
# the histograms of the runs of a value are merged. Under TCG the single
# worst sample is host noise (even SCHED_FIFO sees several ms), so the worst
# case is judged by the share of slow wakeups; the 99th percentile is shown.
# Output: TAP.

LN=/usr/bin/latency-nice
low=${WAKEUP_LATENCY_NICE:--20}	# the value compared with 0 (0 here must fail the test)
cpu=$(($(grep -c ^processor /proc/cpuinfo) - 1))
echo "TAP version 13"
# With more vCPUs than the host has cores (the 8-vCPU NUMA boot on a 2-core
# machine), TCG's own scheduling of vCPU threads swamps the effect; the
# 2-vCPU boot of the same `make test` measures it.
if [ "$cpu" -ge 2 ] && [ -z "$WAKEUP_FORCE" ]; then
	echo "1..0 # SKIP $((cpu + 1)) vCPUs: measured in the 2-vCPU boot (WAKEUP_FORCE=1 to run)"
	exit 0
fi
echo "1..3"

# Wakeups are only precise once high-resolution timers are on, which under
# TCG waits for the refined TSC clocksource (about a second after boot).
for i in $(seq 50); do
	grep -q 'hres_active *: 1' /proc/timer_list && break
	sleep 0.2
done
echo "# clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)," \
	"hres_active $(grep -c 'hres_active *: 1' /proc/timer_list) of $((cpu + 1)) CPUs"

taskset -c $cpu sh -c 'while :; do :; done' & hog=$!
run() { # latency_nice histogram-file
	$LN -n "$1" cyclictest -q -m -t 1 -a $cpu -i 1000 -D 4 --policy=other -h 20000 2>/dev/null |
		grep -E '^[0-9]+ +[0-9]+$' >> "$2"
}
FEAT=/sys/kernel/debug/sched/features
feats() { for f in LATENCY_PICK LATENCY_PREEMPT; do echo $1$f > $FEAT 2>/dev/null; done; }
rm -f /tmp/h0 /tmp/h20 /tmp/hS
for round in 1 2 3; do
	run 0 /tmp/h0
	run $low /tmp/h20
	# For the record, not asserted: the slice mapping alone (latency feats off).
	feats NO_
	run $low /tmp/hS
	feats ""
done
kill $hog; wait 2>/dev/null

# "avg p50 p99 max samples tail" of a merged histogram (bucket = 1 us); tail is
# the per mille of wakeups that took over 300 us.
stats() {
	awk '{ c[$1 + 0] += $2; n += $2; s += $1 * $2; if ($2 && $1 + 0 > max) max = $1 + 0; if ($1 + 0 > 300) t += $2 }
	     END { if (!n) { print "0 0 0 0 0 0"; exit }
		   for (i = 0; i <= max; i++) { a += c[i]; if (!p50 && a >= n * 0.5) p50 = i; if (!p99 && a >= n * 0.99) p99 = i }
		   printf "%d %d %d %d %d %d\n", s / n, p50, p99, max, n, t * 1000 / n }' "$1"
}
set -- $(stats /tmp/h0); avg0=$1 p50_0=$2 p99_0=$3 max0=$4 n0=$5 tail0=$6
set -- $(stats /tmp/h20); avg20=$1 p50_20=$2 p99_20=$3 max20=$4 n20=$5 tail20=$6
echo "# latency_nice   0: avg $avg0 p50 $p50_0 p99 $p99_0 max $max0 us, >300us $tail0 permille ($n0 samples)"
echo "# latency_nice $low: avg $avg20 p50 $p50_20 p99 $p99_20 max $max20 us, >300us $tail20 permille ($n20 samples)"
set -- $(stats /tmp/hS)
echo "# latency_nice $low, NO_LATENCY_PICK NO_LATENCY_PREEMPT: avg $1 p50 $2 p99 $3 max $4 us, >300us $6 permille ($5 samples)"

fail=0
verdict() { # description condition...
	d=$1; shift
	if "$@"; then echo "ok $d"; else echo "not ok $d"; fail=1; fi
}
verdict "1 both runs sampled (>1000 wakeups each)" [ $n0 -gt 1000 -a $n20 -gt 1000 ]
# The slow wakeups are where latency_nice acts: a waker with a short request
# preempts at once instead of waiting out the hog's protected slice. Measured
# here over 11 boots: 109-193 per mille of wakeups over 300 us at 0, 24-99 at
# -20 (1.95-5x fewer), 138/138 with 0 against 0. "Clearly lower" = at most two
# thirds as many slow wakeups, with the average lower too.
verdict "2 slow wakeups (>300 us): $low clearly fewer than 0 ($tail20 vs $tail0 per mille)" \
	[ $((3 * tail20)) -le $((2 * tail0)) ]
verdict "3 average wakeup latency: $low below 0 ($avg20 vs $avg0 us)" [ $avg20 -lt $avg0 ]
# p99 is reported, not asserted: it was lower in every run seen (by 9-35 %), but at the
# 1 % level a few TCG stalls decide it.
echo "# p99: $low $p99_20 us vs 0 $p99_0 us"
exit $fail
