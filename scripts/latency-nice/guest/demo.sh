#!/bin/sh
# `make run`: what the series does, shown in the running guest.
echo "LN-DEMO: $(uname -r) on $(grep -c ^processor /proc/cpuinfo) CPUs"
echo "LN-DEMO: Rust policy functions in this kernel (the exports fair.c calls):"
grep -E ' (sis_util_nr_idle_scan|latency_nice_(fill_slice|fill_offset|fill_credit|voffset|wakeup_action))$' /proc/kallsyms |
	sed 's/^/    /'
echo "LN-DEMO: KUnit at boot:"
dmesg | grep -E '(ok|not ok) [0-9]+ sched_|# sched_.*pass:' | sed 's/^/    /'

echo "LN-DEMO: SIS_UTIL scan bound (computed in Rust) as the load grows; sum_util is the LLC"
echo "LN-DEMO: utilisation the current bound was computed from (written when the bound changes)"
sis=$(ls /sys/kernel/debug/sched/domains/cpu0/domain*/sis_util | head -1)
hogs=""
for load in 0 1 2; do
	[ $load -gt 0 ] && { ( while :; do :; done ) & hogs="$hogs $!"; }
	sleep 1
	echo "    $load busy loops: $(tr '\n' ' ' < "$sis")"
done
kill $hogs; wait 2>/dev/null

echo "LN-DEMO: latency_nice (sched_setattr, SCHED_FLAG_LATENCY_NICE) with the latency-nice CLI"
sleep 30 & t=$!
latency-nice -p $t
latency-nice -v -n -15 -p $t
echo "    /proc/$t/sched:"
grep -E '^(policy|prio|latency_nice|se.slice) ' /proc/$t/sched | sed 's/^/      /'
latency-nice -n 10 sh -c 'latency-nice -p $$; grep -E "^(latency_nice|se.slice) " /proc/$$/sched | sed "s/^/      /"'
latency-nice -n 25 -p $t; echo "    (exit status $?)"
kill $t

cpu=$(($(grep -c ^processor /proc/cpuinfo) - 1))
# The hog cell: five interleaved 2-s runs of each way, every wakeup kept (cyclictest -v), the
# latencies pooled per way; the spread is the range of the runs' averages. One run each
# (as this demo once did) swung by more than the ways differ.
echo "LN-DEMO: a CPU hog and a 1 ms periodic waker (cyclictest) on CPU $cpu: latency_nice 0, -20 and"
echo "LN-DEMO: SCHED_FIFO (the floor), 5 interleaved runs of 2 s each, wakeup latency pooled over them:"
taskset -c $cpu sh -c 'while :; do :; done' & hog=$!
rm -f /tmp/demo-hog-*
for rep in 1 2 3 4 5; do
	for way in 0 -20 fifo; do
		case $way in
		fifo) set -- /usr/lib/util-linux/chrt -f 1 cyclictest --policy=fifo -p 1 ;;
		*) set -- latency-nice -n $way cyclictest --policy=other ;;
		esac
		"$@" -q -v -t 1 -a $cpu -i 1000 -D 2 2>/dev/null |
			awk '$1 == "0:" { print $3 }' > /tmp/demo-hog-run
		awk '{ s += $1 } END { if (NR) print int(s / NR) }' /tmp/demo-hog-run >> /tmp/demo-hog-$way.avg
		cat /tmp/demo-hog-run >> /tmp/demo-hog-$way
	done
done
kill $hog; wait 2>/dev/null
for way in 0 -20 fifo; do
	sort -n /tmp/demo-hog-$way | awk -v way=$way -v runs="$(sort -n /tmp/demo-hog-$way.avg | awk 'NR == 1 { a = $1 } { b = $1 } END { print a "-" b }')" '
		{ v[NR] = $1; s += $1 }
		END {
			if (!NR) { printf "    %-16s no samples\n", way; exit }
			printf "    %-16s %5d wakeups: avg %5d us, p50 %5d, p99 %6d, max %6d (run averages %s us)\n",
				(way == "fifo" ? "SCHED_FIFO" : "latency_nice " way), NR, s / NR,
				v[int(NR * 0.50 + 0.999)], v[int(NR * 0.99 + 0.999)], v[NR], runs
		}'
done
echo "LN-DEMO: the waker needs ~10 % of the CPU against its 50 % share: EEVDF already lets it"
echo "LN-DEMO: preempt the hog at once, so -20 has little to add here and SCHED_FIFO marks how"
echo "LN-DEMO: close latency_nice 0 already is; differences inside the run averages' range are"
echo "LN-DEMO: noise (TCG). Where -20 matters (a light task among 160) see make bench's light regime."

echo "LN-DEMO: cpu.latency.nice on a cgroup v2 group with a task in it"
cg=/sys/fs/cgroup
echo +cpu > $cg/cgroup.subtree_control && mkdir -p $cg/demo
sh -c "echo \$\$ > $cg/demo/cgroup.procs; exec sh -c 'while :; do :; done'" & h=$!
sleep 0.5
for v in -20 19 0; do
	echo $v > $cg/demo/cpu.latency.nice
	echo "    echo $v > cpu.latency.nice; read back $(cat $cg/demo/cpu.latency.nice);" \
		"group entity: $(awk '/^cfs_rq\[[0-9]+\]:\/demo$/ { g = 1; next } /^cfs_rq/ { g = 0 }
			g && $1 ~ /^\.se->(slice|latency_nice)$/ { printf "%s %s  ", substr($1, 6), $3 }' \
			/sys/kernel/debug/sched/debug)"
done
echo 20 > $cg/demo/cpu.latency.nice; echo "    (echo 20: exit status $?, value $(cat $cg/demo/cpu.latency.nice))"
kill $h; wait 2>/dev/null
echo "LN-DEMO: sched_feats: $(tr ' ' '\n' < /sys/kernel/debug/sched/features | grep -E '^(NO_)?LATENCY_[A-Z]+$' | tr '\n' ' ')"
echo "LN-DEMO: a SCHED_FIFO burst every 20 ms on a CPU shared by a hog and a periodic probe"
echo "LN-DEMO: (after how many of 40 bursts the probe ran first; make bench measures it, fifo-burst):"
for v in 0 -20; do
	echo "    probe at latency_nice $v: $(latency_nice_fifo_burst $v $cpu 40)"
done
