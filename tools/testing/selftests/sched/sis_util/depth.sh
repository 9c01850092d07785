#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# How deep select_idle_cpu() searches, as the running kernel counts it:
# /sys/kernel/debug/sched/sis_stats (one line per LLC: first CPU, span, calls,
# found, missed_idle, then the histogram of CPUs visited, 0..31 and 32+), and
# what sis_latency_pct does to them (sis_small_llc: sis_util.sh).
# Mechanisms only, by counts: which bucket a search lands in, never how long
# anything took. Output: KTAP.

DBG=/sys/kernel/debug/sched
STATS=$DBG/sis_stats
DOMAINS=$DBG/domains
ncpu=$(grep -c ^processor /proc/cpuinfo)
. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"

ktap_print_header
ktap_set_plan 6

hogs=""
start_hog() { ( while :; do :; done ) & hogs="$hogs $!"; }
stop_hogs() { [ -n "$hogs" ] && kill $hogs 2>/dev/null; wait 2>/dev/null; hogs=""; }
# What the test changes, put back as it was.
schedstats0=$(cat /proc/sys/kernel/sched_schedstats)
delay0=DELAY_DEQUEUE
grep -qw NO_DELAY_DEQUEUE $DBG/features 2>/dev/null && delay0=NO_DELAY_DEQUEUE
restore() {
	stop_hogs
	echo 0 > $DBG/sis_latency_pct 2>/dev/null
	echo "$schedstats0" > /proc/sys/kernel/sched_schedstats
	echo $delay0 > $DBG/features 2>/dev/null
}
trap restore EXIT

if [ ! -r $STATS ] || [ ! -w $DBG/sis_latency_pct ]; then
	ktap_skip_all "no $STATS or sis_latency_pct"
	exit "$KSFT_SKIP"
fi
echo 0 > /proc/sys/kernel/sched_schedstats
# Without DELAY_DEQUEUE while the test runs: a sleeper still queued, delayed,
# wakes where it is (ttwu_runnable()) and is never searched for, which next to
# a hog on every CPU was most wakeups (3 searches in 200 periods on zen3-mini,
# 201 without it).
echo NO_DELAY_DEQUEUE > $DBG/features

# A burst of wakeups: a periodic SCHED_OTHER waker, 200 periods (or the second
# argument) of 1 ms, at the latency_nice given (default 0). Under TCG a loaded
# guest overruns many periods, which then end without a sleep.
wakeups() {
	latency-nice -n "${1:-0}" cyclictest -q -l "${2:-200}" -i 1000 --policy=other >/dev/null 2>&1
}

# The counters with the comment line dropped.
counters() { grep -v '^#' $STATS; }

# 1. One well-formed line per LLC; the spans cover every online CPU once.
lines_ok=1 covered=""
while read -r first span calls found missed hist; do
	set -- $hist
	[ $# = 33 ] || { echo "# LLC $first: $# buckets"; lines_ok=0; }
	covered="$covered,$span"
done <<EOF
$(counters)
EOF
# Expand "0-15,16-31" into CPU numbers and compare with 0..ncpu-1.
expanded=$(echo "${covered#,}" | tr , '\n' | while IFS=- read -r a b; do seq "$a" "${b:-$a}"; done | sort -n | tr '\n' ' ')
want=$(seq 0 $((ncpu - 1)) | tr '\n' ' ')
[ $lines_ok = 1 ] && [ "$expanded" = "$want" ] &&
	ktap_test_pass "sis_stats: $(counters | wc -l) LLCs, spans cover CPUs 0-$((ncpu - 1)) once" ||
	ktap_test_fail "sis_stats lines malformed or spans wrong: '$expanded'"

# 2. Bad writes are refused and change nothing; 0 resets.
echo 0 > $STATS
before=$(counters)
bad=0
for v in 5 x -1; do
	if echo "$v" > $STATS 2>/dev/null; then echo "# write '$v' accepted"; bad=1; fi
done
[ $bad = 0 ] && [ "$(counters)" = "$before" ] && ktap_test_pass "writes other than 0 are refused" ||
	ktap_test_fail "sis_stats accepted a bad write or changed"

# 3. Schedstats off: searches happen (the load of 4, where they are counted)
# but nothing is counted.
for i in $(seq 1 "$ncpu"); do start_hog; done
echo 0 > $STATS
wakeups 0 500
stop_hogs
zero=1
while read -r first span calls found missed hist; do
	for n in $calls $found $hist; do [ "$n" = 0 ] || zero=0; done
done <<EOF
$(counters)
EOF
[ $zero = 1 ] && ktap_test_pass "nothing counted with schedstats off" ||
	ktap_test_fail "counted with schedstats off: $(counters | head -2)"

# 4. Schedstats on: consistent counts, read once counting is off again. Every
# CPU busy, so that a wakeup finds its previous CPU busy and searches (with
# one CPU left idle, the waker lived there and searched 5 times in 500).
for i in $(seq 1 "$ncpu"); do start_hog; done
echo 1 > /proc/sys/kernel/sched_schedstats
echo 0 > $STATS
wakeups 0 500
echo 0 > /proc/sys/kernel/sched_schedstats
stop_hogs
consistent=1 total=0
while read -r first span calls found missed hist; do
	sum=0 i=0 beyond=0
	w=$(echo "$span" | tr , '\n' | while IFS=- read -r a b; do seq "$a" "${b:-$a}"; done | wc -l)
	for n in $hist; do
		sum=$((sum + n))
		[ $i -gt "$w" ] && [ $i -lt 32 ] && [ "$n" != 0 ] && beyond=1
		i=$((i + 1))
	done
	total=$((total + calls))
	if [ "$sum" != "$calls" ] || [ "$found" -gt "$calls" ] || [ $beyond = 1 ] ||
	   { [ "$missed" != -1 ] && [ "$missed" -gt $((calls - found)) ]; }; then
		echo "# LLC $first ($w CPUs): calls $calls found $found missed $missed histogram sum $sum"
		consistent=0
	fi
done <<EOF
$(counters)
EOF
[ $consistent = 1 ] && [ $total -gt 0 ] &&
	ktap_test_pass "with schedstats on: $total searches, histogram sums to calls, found <= calls" ||
	ktap_test_fail "inconsistent or no counts ($total searches)"

# 5. sis_latency_pct: every CPU busy, so SIS_UTIL's bound is 0 and a search
# stops before visiting any CPU; at 100 % a wakee at -20 visits its whole LLC.
files=$(ls $DOMAINS/cpu*/domain*/sis_util 2>/dev/null)
for i in $(seq 1 "$ncpu"); do start_hog; done
for try in $(seq 1 40); do
	busy=1
	for f in $files; do
		read -r key nr < "$f"
		[ "$key $nr" = "nr_idle_scan 0" ] || busy=0
	done
	[ $busy = 1 ] && break
	sleep 0.25
done
# "W A": the searches that visited a whole LLC, and those that visited any CPU,
# over all LLCs.
whole_llc_scans() {
	t=0 a=0
	while read -r first span calls found missed hist; do
		w=$(echo "$span" | tr , '\n' | while IFS=- read -r a b; do seq "$a" "${b:-$a}"; done | wc -l)
		[ "$w" -gt 31 ] && w=32
		set -- $hist
		a=$((a + calls - $1))
		shift "$w"
		t=$((t + $1))
	done <<EOF
$(counters)
EOF
	echo "$t $a"
}
run_at() {
	echo "$1" > $DBG/sis_latency_pct
	echo 0 > $STATS
	echo 1 > /proc/sys/kernel/sched_schedstats
	wakeups "$2" 500
	echo 0 > /proc/sys/kernel/sched_schedstats
	whole_llc_scans
}
set -- $(run_at 100 -20); deep=$1 deep_any=$2
echo "# -20 at 100 %: $(counters | head -1)"
set -- $(run_at 0 -20); flat=$1 flat_any=$2
set -- $(run_at 100 19); tolerant=$1 tolerant_any=$2
echo 0 > $DBG/sis_latency_pct
stop_hogs
# With every bound at 0 a search visits no CPU, unless the rule deepens it: at
# least 25 of the 500 periods must end in a wakeup that searches the whole LLC
# (489-508 seen on zen3-mini, 56-66 on flat, where the 2 vCPUs overrun most
# periods next to 2 hogs), and without the rule (almost) no search may visit a
# CPU at all. The test runs as root: its -20 is allowed the credit, and so the
# deeper search.
echo "# all CPUs busy (bounds 0: $busy); searches of the whole LLC / of any CPU in 500 periods:" \
     "-20 at 100 %: $deep / $deep_any, -20 at 0 %: $flat / $flat_any, 19 at 100 %: $tolerant / $tolerant_any"
[ -n "$files" ] && [ $busy = 1 ] && [ "$deep" -ge 25 ] && ktap_test_pass "sis_latency_pct=100: a -20 wakee searches its whole LLC ($deep of 500 periods)" ||
	ktap_test_fail "sis_latency_pct=100: -20 wakee's whole-LLC searches $deep of 500 periods (bounds 0: $busy)"
[ "$flat_any" -le $((deep / 5)) ] && [ "$tolerant_any" -le $((deep / 5)) ] &&
	ktap_test_pass "at 0 %, or at latency_nice 19, the bound of 0 holds ($flat_any, $tolerant_any searches visited a CPU)" ||
	ktap_test_fail "searches that visited a CPU without the rule: $flat_any at 0 %, $tolerant_any at 19"

ktap_finished
