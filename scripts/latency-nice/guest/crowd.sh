#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What a crowd of an unprivileged user's short sleepers costs a CPU hog and a
# cyclictest beside it on one CPU (latency_nice_crowd): nice 19 processes of
# uid 65534 that run 5 us and sleep 50 ms, at latency_nice 0 and -20 (their own
# sched_setattr(), no privilege) and with mainline's custom slice of 0.1 ms
# (the request an unprivileged -20 gets), CROWD_SIZES (default "200 1000")
# processes each, and no crowd at all (CROWD_SIZES, comma-separated); a nice-0 hog counts fixed units of work
# for CROWD_SECS (default 8) s after a 1 s warm-up, while cyclictest (nice 0,
# 10 ms period) wakes on the same CPU. CROWD_ROUNDS (default 2) rounds, each
# in the same order. Every pick looks at the latency tree: a pick that walked
# past every ineligible -20 entity made 1000 of them cost the hog five sixths
# of its throughput.
#
# latency_nice_crowd times its window and kills from another CPU (the next
# one), so that a crowd that starves CPU 0 ends on time with what the hog got.
# A run that does not finish within CROWD_LIMIT (default 300) s is killed,
# reported ("did not finish") and ends the runs: its crowd is left behind.
# CROWD_WAYS (default "ln0,ln-20,slice100") narrows the ways a crowd runs;
# CROWD_FEATS (e.g. NO_LATENCY_OFFSET) writes sched_feats before the runs, to
# tell the mechanisms apart. Values are comma-separated: the kernel hands a
# NAME=VALUE parameter it does not know to init's environment
# (BOOT_APPEND="CROWD_SIZES=1000 CROWD_WAYS=ln-20").
#
# Output: one "LN-CROWD: crowd ..." line a run (latency_nice_crowd's) followed
# by its cyclictest summary ("LN-CROWD: cyclictest ... C: served Avg: ... Max:
# ..."), then "LN-CROWD: done: N runs, F failed". A benchmark: nothing judged.

secs=${CROWD_SECS:-8}
rounds=${CROWD_ROUNDS:-2}
sizes=$(echo "${CROWD_SIZES:-200,1000}" | tr , ' ')
ways=",${CROWD_WAYS:-ln0,ln-20,slice100},"
cpu=${CROWD_CPU:-0}
limit=${CROWD_LIMIT:-300}
runs=0 failed=0 stop=0

for f in $(echo "${CROWD_FEATS:-}" | tr , ' '); do
	echo "$f" > /sys/kernel/debug/sched/features || { echo "LN-CROWD: failed: sched_feat $f"; failed=1; }
done
echo "LN-CROWD: sched_feats $(cat /sys/kernel/debug/sched/features 2>/dev/null | tr ' ' '\n' | grep -E 'LATENCY' | tr '\n' ' ')"

echo "LN-CROWD: kernel $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPUs, CPU $cpu, ${secs} s a run, $rounds rounds"
# run ARGS...: one latency_nice_crowd run with cyclictest beside it.
run() {
	[ $stop = 0 ] || return 0
	runs=$((runs + 1))
	cyclictest -q -t1 -a "$cpu" --policy=other -i 10000 -D "$((secs + 1))" > /tmp/cyc.out 2>&1 &
	cyc=$!
	out=$(timeout -s KILL "$limit" latency_nice_crowd --cpu "$cpu" --secs "$secs" "$@" 2>&1)
	rc=$?
	if [ $rc = 0 ]; then
		echo "LN-CROWD: $out"
	elif [ $rc = 137 ]; then
		# Its crowd is left running: no later run would measure anything else.
		failed=$((failed + 1)) stop=1
		echo "LN-CROWD: did not finish in $limit s: latency_nice_crowd $*"
	else
		failed=$((failed + 1))
		echo "LN-CROWD: failed: latency_nice_crowd $*: $out"
	fi
	wait $cyc
	echo "LN-CROWD: cyclictest $* $(grep 'T: 0' /tmp/cyc.out | sed 's/.*\(C:.*\)/\1/')"
}

r=0
while [ $r -lt "$rounds" ]; do
	r=$((r + 1))
	run --tasks 0
	for n in $sizes; do
		case $ways in *,ln0,*) run --tasks "$n" --ln 0 ;; esac
		case $ways in *,ln-20,*) run --tasks "$n" --ln -20 ;; esac
		case $ways in *,slice100,*) run --tasks "$n" --slice-us 100 ;; esac
	done
done
echo "LN-CROWD: done: $runs runs, $failed failed"
