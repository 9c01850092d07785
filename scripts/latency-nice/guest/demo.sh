#!/bin/sh
# `make run`: what the series does, shown in the running guest.
echo "LN-DEMO: $(uname -r) on $(grep -c ^processor /proc/cpuinfo) CPUs"
echo "LN-DEMO: Rust policy functions in this kernel:"
grep -E ' (sis_util_nr_idle_scan|latency_nice_(calc_slice|calc_voffset|calc_credit|key|group_slice|wakeup_action|fill_tables))$' /proc/kallsyms | sed 's/^/    /'
echo "LN-DEMO: KUnit at boot:"
dmesg | grep -E '(ok|not ok) [0-9]+ sched_policy_|# sched_policy_.*pass:' | sed 's/^/    /'

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
echo "LN-DEMO: a CPU hog and a 1 ms periodic waker (cyclictest) on CPU $cpu, latency_nice 0 vs -20"
echo "LN-DEMO: (one run each, shown, not judged: make bench measures it, cyclictest-hog):"
taskset -c $cpu sh -c 'while :; do :; done' & hog=$!
for v in 0 -20; do
	echo "    latency_nice $v: $(latency-nice -n $v cyclictest -q -t 1 -a $cpu -i 1000 -D 3 --policy=other |
		sed -n 's/.*Avg: *\([0-9]*\) Max: *\([0-9]*\).*/avg \1 us, max \2 us/p')"
done
kill $hog; wait 2>/dev/null

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
