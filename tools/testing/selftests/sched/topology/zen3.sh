#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest's topology is the one boot.sh meant to give it: the Zen3-class layouts
# (ln.topo=zen3-mini|zen3-nps1|zen3-nps2: 16-CPU LLCs, SMT pairs, NUMA per socket or per
# LLC) are what the series' SIS_UTIL and latency tests on them rely on. Checked from the
# kernel's own view: CPU count, the LLC each CPU shares (cache index3), SMT siblings, the
# NUMA nodes and their distances, the scheduler domains of CPU 0 (their spans and levels,
# as sched_verbose logged them) and a sis_util file on every LLC; then a whole LLC goes
# offline and online again, and the domains must follow. Other topologies: skipped.
# Output: KTAP.

. "$(dirname "$0")/../../kselftest/ktap_helpers.sh"

topo=''
for arg in $(cat /proc/cmdline); do
	case "$arg" in ln.topo=*) topo=${arg#ln.topo=} ;; esac
done

# Per layout: CPUs, NUMA nodes, the CPUs of a node, the distances node 0 sees, and the
# scheduler domain levels of CPU 0 as "LEVEL:SPAN" (QEMU numbers SMT siblings adjacently:
# CPUs 2k and 2k+1 are one core, 16 consecutive CPUs one die = one LLC).
case "$topo" in
zen3-mini) ncpu=32 nodes=2 per_node=16 dist0="10 20" levels="SMT:0-1 MC:0-15 NUMA:0-31" ;;
zen3-nps1) ncpu=64 nodes=2 per_node=32 dist0="10 20" levels="SMT:0-1 MC:0-15 PKG:0-31 NUMA:0-63" ;;
zen3-nps2) ncpu=64 nodes=4 per_node=16 dist0="10 12 32 32" levels="SMT:0-1 MC:0-15 NUMA:0-31 NUMA:0-63" ;;
*)
	ktap_print_header
	ktap_set_plan 1
	ktap_test_skip "ln.topo=$topo is not a Zen3-class layout"
	ktap_finished
	;;
esac
llc=16

ktap_print_header
ktap_set_plan 8

check() { # COND-STATUS MESSAGE
	if [ "$1" = 0 ]; then ktap_test_pass "$2"; else ktap_test_fail "$2"; fi
}

# 1. CPUs.
have=$(grep -c ^processor /proc/cpuinfo)
[ "$have" = "$ncpu" ]; check $? "$topo: $have CPUs (want $ncpu)"

# blocks FILE SIZE: every CPU's FILE (printf template, %d the CPU) lists the aligned block of
# SIZE consecutive CPUs it belongs to; the CPUs that do not, in $bad.
blocks() {
	bad=''
	cpu=0
	while [ $cpu -lt $ncpu ]; do
		first=$((cpu / $2 * $2))
		want="$first-$((first + $2 - 1))"
		# shellcheck disable=SC2059 # the template is ours
		got=$(cat "$(printf "$1" $cpu)" 2>/dev/null)
		[ "$got" = "$want" ] || bad="$bad cpu$cpu:$got(want $want)"
		cpu=$((cpu + 1))
	done
	[ -z "$bad" ]
}

# 2. Every CPU shares its last-level cache with exactly its 16-CPU die.
blocks /sys/devices/system/cpu/cpu%d/cache/index3/shared_cpu_list $llc
check $? "LLC of every CPU is its die of $llc${bad:+:$bad}"

# 3. SMT: CPUs 2k and 2k+1 are siblings.
blocks /sys/devices/system/cpu/cpu%d/topology/thread_siblings_list 2
check $? "SMT siblings are pairs 2k,2k+1${bad:+:$bad}"

# 4. NUMA nodes, their CPUs and node 0's distances.
bad=''
n=0
while [ $n -lt $nodes ]; do
	want="$((n * per_node))-$((n * per_node + per_node - 1))"
	got=$(cat /sys/devices/system/node/node$n/cpulist 2>/dev/null)
	[ "$got" = "$want" ] || bad="$bad node$n:$got(want $want)"
	n=$((n + 1))
done
[ -e /sys/devices/system/node/node$nodes ] && bad="$bad node$nodes:exists"
got=$(cat /sys/devices/system/node/node0/distance 2>/dev/null)
[ "$got" = "$dist0" ] || bad="$bad distance:$got(want $dist0)"
[ -z "$bad" ]; check $? "$nodes NUMA nodes of $per_node CPUs, node 0 distances $dist0${bad:+:$bad}"

# CPU 0's scheduler domains, as sched_verbose logged them last ("domain-N: span=S level=L"
# after "CPU0 attaching sched-domain(s):"; each rebuild logs them again).
cpu0_domains() {
	dmesg | awk '
		/CPU0 attaching sched-domain/ { s = ""; on = 1; next }
		/CPU[0-9]+ attaching/ { on = 0 }
		on && /domain-[0-9]+: span=/ {
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^span=/) sp = substr($i, 6)
				if ($i ~ /^level=/) lv = substr($i, 7)
			}
			s = s (s == "" ? "" : " ") lv ":" sp
		}
		END { print s }'
}

# 5. CPU 0's domains at boot.
got=$(cpu0_domains)
[ "$got" = "$levels" ]; check $? "CPU 0 domains: $got (want $levels)"

# 6. A SIS_UTIL bound on every LLC: each CPU's MC domain (its LLC) has a sis_util file with
# span_weight 16.
bad=''
cpu=0
while [ $cpu -lt $ncpu ]; do
	found=''
	for d in /sys/kernel/debug/sched/domains/cpu$cpu/domain*; do
		[ "$(cat $d/name 2>/dev/null)" = MC ] || continue
		found=$(awk '$1 == "span_weight" { print $2 }' $d/sis_util 2>/dev/null)
	done
	[ "$found" = $llc ] || bad="$bad cpu$cpu:${found:-none}"
	cpu=$((cpu + 1))
done
[ -z "$bad" ]; check $? "sis_util on the LLC (MC) domain of every CPU, span_weight $llc${bad:+:$bad}"

# 7. A whole LLC offline (the last one: CPUs ncpu-16..ncpu-1) and online again: the domains
# are rebuilt without it (CPU 0's levels lose what only that LLC made) and come back as at
# boot, with a sis_util bound on every LLC again.
first=$((ncpu - llc))
off_levels=$(echo "$levels" | awk -v last=$((first - 1)) '{
	out = ""
	for (i = 1; i <= NF; i++) {
		split($i, lv, ":"); split(lv[2], r, "-")
		hi = r[2] > last ? last : r[2]
		span = r[1] "-" hi
		if (span == prev) continue
		prev = span
		out = out (out == "" ? "" : " ") lv[1] ":" span
	}
	print out }')
bad=''
cpu=$first
while [ $cpu -lt $ncpu ]; do
	echo 0 > /sys/devices/system/cpu/cpu$cpu/online || bad="$bad offline$cpu"
	cpu=$((cpu + 1))
done
got=$(cpu0_domains)
cpu=$first
while [ $cpu -lt $ncpu ]; do
	echo 1 > /sys/devices/system/cpu/cpu$cpu/online || bad="$bad online$cpu"
	cpu=$((cpu + 1))
done
[ -z "$bad" ] && [ "$got" = "$off_levels" ]
check $? "LLC $first-$((ncpu - 1)) offline: CPU 0 domains $got (want $off_levels)${bad:+:$bad}"

got=$(cpu0_domains)
n=0
for d in /sys/kernel/debug/sched/domains/cpu*/domain*; do
	[ "$(cat $d/name 2>/dev/null)" = MC ] && [ -e $d/sis_util ] && n=$((n + 1))
done
[ "$got" = "$levels" ] && [ $n = $ncpu ]
check $? "and online again: CPU 0 domains $got, sis_util on $n LLC domains (want $levels, $ncpu)"

ktap_finished
