#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A latency-sensitive task preempted by a SCHED_FIFO burst runs first once
# the burst ends (the latency tree's job, with the slice mapping's help): a
# CPU hog at latency_nice 0, a spinning probe, and a SCHED_FIFO thread that
# bursts 3 ms every 20 ms share one CPU (latency_nice_fifo_burst). The probe
# at -20 must get the CPU back first after clearly more bursts than at 0, and
# wait less on average. Runs of the two values are interleaved so that TCG's
# noise hits both alike. Ratios within this boot, not absolute numbers.
# Output: TAP.

low=${FIFO_LATENCY_NICE:--20}	# the value compared with 0 (0 here must fail)
cpu=$(($(grep -c ^processor /proc/cpuinfo) - 1))
echo "TAP version 13"
if [ "$cpu" -ge 2 ] && [ -z "$FIFO_FORCE" ]; then
	echo "1..0 # SKIP $((cpu + 1)) vCPUs: measured in the 2-vCPU boot (FIFO_FORCE=1 to run)"
	exit 0
fi
echo "1..3"

run() { # latency_nice [slice_us] -> "matched first sum_delay_us"
	out=$(latency_nice_fifo_burst "$1" $cpu 40 $2) || { echo "# fifo_burst $1 failed" >&2; echo 0 0 0; return; }
	echo "$out" | awk '{ print $4, $6, $4 * $8 }'
}
FEAT=/sys/kernel/debug/sched/features
feats() { for f in LATENCY_PICK LATENCY_PREEMPT; do echo $1$f > $FEAT; done; }
m0=0 f0=0 s0=0 m20=0 f20=0 s20=0 mS=0 fS=0 sS=0
for round in 1 2 3; do
	set -- $(run 0); m0=$((m0 + $1)) f0=$((f0 + $2)) s0=$((s0 + $3))
	set -- $(run $low); m20=$((m20 + $1)) f20=$((f20 + $2)) s20=$((s20 + $3))
	# For the record, not asserted: the slice mapping alone (both feats off).
	feats NO_
	set -- $(run $low); mS=$((mS + $1)) fS=$((fS + $2)) sS=$((sS + $3))
	feats ""
done
# Both with the same custom slice (3 ms): latency_nice no longer changes the
# slice, only the latency offset (tree, preemption) tells them apart.
c0=0 g0=0 t0=0 c20=0 g20=0 t20=0 cS=0 gS=0 tS=0
for round in 1 2 3; do
	set -- $(run 0 3000); c0=$((c0 + $1)) g0=$((g0 + $2)) t0=$((t0 + $3))
	set -- $(run $low 3000); c20=$((c20 + $1)) g20=$((g20 + $2)) t20=$((t20 + $3))
	feats NO_
	set -- $(run $low 3000); cS=$((cS + $1)) gS=$((gS + $2)) tS=$((tS + $3))
	feats ""
done
echo "# custom slice 3 ms: latency_nice 0: first after $g0 of $c0, average wait $((t0 / (c0 > 0 ? c0 : 1))) us;" \
	"$low: $g20 of $c20, $((t20 / (c20 > 0 ? c20 : 1))) us;" \
	"$low with the latency feats off: $gS of $cS, $((tS / (cS > 0 ? cS : 1))) us"
a0=$((s0 / (m0 > 0 ? m0 : 1))) a20=$((s20 / (m20 > 0 ? m20 : 1)))
echo "# latency_nice   0: first after $f0 of $m0 bursts, average wait $a0 us"
echo "# latency_nice $low: first after $f20 of $m20 bursts, average wait $a20 us"
echo "# latency_nice $low, NO_LATENCY_PICK NO_LATENCY_PREEMPT: first after $fS of $mS bursts," \
	"average wait $((sS / (mS > 0 ? mS : 1))) us"

fail=0
verdict() { d=$1; shift; if "$@"; then echo "ok $d"; else echo "not ok $d"; fail=1; fi; }
verdict "1 bursts seen by the probe (>= 60 of 120 each)" [ $m0 -ge 60 -a $m20 -ge 60 ]
# Share of bursts after which the probe ran first, in per mille.
p0=$((f0 * 1000 / (m0 > 0 ? m0 : 1))) p20=$((f20 * 1000 / (m20 > 0 ? m20 : 1)))
verdict "2 $low runs first clearly more often than 0 ($p20 vs $p0 per mille)" \
	[ $((p20 - p0)) -ge 100 ]
verdict "3 $low waits less on average than 0 ($a20 vs $a0 us)" [ $a20 -lt $a0 ]
exit $fail
