#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What a crowd of an unprivileged user's short sleepers costs a CPU hog and a
# cyclictest beside it on one CPU (latency_nice_crowd): nice 19 processes of
# uid 65534 that run 5 us and sleep 50 ms, at latency_nice 0 and -20 (their own
# sched_setattr(), no privilege) and with mainline's custom slice of 0.1 ms
# (the request an unprivileged -20 gets), CROWD_SIZES (default "200 1000")
# processes each, and no crowd at all; a nice-0 hog counts fixed units of work
# for CROWD_SECS (default 8) s after a 1 s warm-up, while cyclictest (nice 0,
# 10 ms period) wakes on the same CPU. CROWD_ROUNDS (default 2) rounds, each
# in the same order. Every pick looks at the latency tree: a pick that walked
# past every ineligible -20 entity made 1000 of them cost the hog five sixths
# of its throughput.
#
# Output: one "LN-CROWD: crowd ..." line a run (latency_nice_crowd's) followed
# by its cyclictest summary ("LN-CROWD: cyclictest ... C: served Avg: ... Max:
# ..."), then "LN-CROWD: done: N runs, F failed". A benchmark: nothing judged.

secs=${CROWD_SECS:-8}
rounds=${CROWD_ROUNDS:-2}
sizes=${CROWD_SIZES:-200 1000}
cpu=${CROWD_CPU:-0}
runs=0 failed=0

echo "LN-CROWD: kernel $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPUs, CPU $cpu, ${secs} s a run, $rounds rounds"
# run ARGS...: one latency_nice_crowd run with cyclictest beside it.
run() {
	runs=$((runs + 1))
	cyclictest -q -t1 -a "$cpu" --policy=other -i 10000 -D "$((secs + 1))" > /tmp/cyc.out 2>&1 &
	cyc=$!
	if out=$(latency_nice_crowd --cpu "$cpu" --secs "$secs" "$@" 2>&1); then
		echo "LN-CROWD: $out"
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
		run --tasks "$n" --ln 0
		run --tasks "$n" --ln -20
		run --tasks "$n" --slice-us 100
	done
done
echo "LN-CROWD: done: $runs runs, $failed failed"
