# SPDX-License-Identifier: GPL-2.0
# What a load got beside a measured task, read before and after it (issue 55), sourced by
# guest/bench.sh and guest/diagnose.sh from /usr/share/latency-nice/load-usage.sh.

# bg_cpu_ns: the CPU time (ns, schedstat's run time) of every hackbench process alive now.
# hackbench's workers are processes of one thread each.
bg_cpu_ns() {
	bg_s=0
	for bg_p in $(pidof hackbench); do
		{ read -r bg_ns _ < /proc/$bg_p/schedstat; } 2>/dev/null && bg_s=$((bg_s + bg_ns))
	done
	echo $bg_s
}
# idle_ms: the CPUs' idle time so far, all CPUs together, in ms (/proc/stat's idle and iowait,
# in USER_HZ ticks of 10 ms).
idle_ms() {
	read -r _ _ _ _ idle iowait _ < /proc/stat
	echo $(((idle + iowait) * 10))
}
# uptime_ms: the clock, in ms (/proc/uptime, 10 ms steps).
uptime_ms() {
	read -r up _ < /proc/uptime
	echo $((${up%.*} * 1000 + $(echo "${up#*.}" | sed 's/^0*//;s/^$/0/') * 10))
}
