#!/bin/sh
# `make run`: what the series does, shown in the running guest.
echo "LN-DEMO: $(uname -r) on $(grep -c ^processor /proc/cpuinfo) CPUs"
echo "LN-DEMO: Rust policy functions in this kernel:"
grep ' sched_rs_' /proc/kallsyms | sed 's/^/    /'
echo "LN-DEMO: KUnit at boot:"
dmesg | grep -E '(ok|not ok) [0-9]+ sched_rs_|# sched_rs_.*pass:' | sed 's/^/    /'

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

echo "LN-DEMO: a CPU hog and a 1 ms periodic waker (cyclictest) on one CPU, latency_nice 0 vs -20:"
/tests/latency_nice-wakeup.sh | grep -E '^# (latency|clock)|ok' | sed 's/^/    /'
