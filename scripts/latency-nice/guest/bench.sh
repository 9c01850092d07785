#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench, inside the guest: run this kernel's share of the A/B matrix and write every
# raw output to the result disk (/dev/vda, as a tar archive the host unpacks).
#
# Kernel command line: ln.kernel=base|series|control|peers ln.profile=tiny|quick|full
# ln.topo=flat|numa|zen3-mini|zen3-nps1|zen3-nps2 (boot.sh's layouts)
# ln.seed=N ln.rounds=A-B [ln.peers=0] [ln.bootseed=N] [ln.clock=virtual|wall] [ln.keyon=1]. bench.sh --plan KERNEL PROFILE TOPO [CPUS] prints the runs of that boot instead
# (workload, fg, bg, variant, repeat, estimated seconds; one a line, in the order this
# script's awk draws for BENCH_SEED: busybox awk in the guest draws another) and runs
# nothing: the host's estimate reads it. CPUS defaults to the
# topology's (flat 2, numa 8, zen3-mini 32, zen3-nps1 and zen3-nps2 64). bench.sh --has-data WORKLOAD OUT says (exit status) whether a
# run's output holds data, as the guest judges it (has_data()). bench.sh --check-matrix
# checks the matrix file and exits.
#
# What runs is the matrix, bench-matrix beside this script: its cells (workload, foreground
# level, background level), their repeats, and the variants ("columns" of the report) each
# runs. The variants:
#   base kernel    base     nothing set: what an unpatched kernel gives
#                  slice    mainline's alternative, a custom slice (sched_runtime, as
#                           chrt --other -T sets it) where the series would set latency_nice:
#                           a level becomes the slice of slice_of()
#                  slice300, slice1000, slice3000
#                           the same with a custom slice of 0.3, 1 or 3 ms where the series
#                           sets -20: the longer requests a user would try next
#                  nice     the foreground at nice -5 where the series sets -20
#                  schedqos the foreground at nice -4 with an 8 ms custom slice where the
#                           series sets -20: what Qais Yousef's schedqos daemon gives a
#                           USER_INTERACTIVE task (its uclamp_max 1024 is the default)
#                  fifo     the foreground at SCHED_FIFO 1, the background at default: the
#                           floor no fair policy can beat
#   peers kernel   lavd, bpfland
#                           the base kernel booted as a fourth kernel (bench.sh), for the
#                           peers alone (a boot that ran a BPF scheduler is not the boot it
#                           was: base's columns stay in boots that never load one).
#                           The peers: sched_ext's scx_lavd (--performance, a fixed mode
#                           rather than its load-driven autopilot) and scx_bpfland, loaded
#                           before the run's background and foreground start, unloaded after,
#                           nothing set on the tasks (they find latency-critical tasks
#                           themselves). Only on a workload's default cell: the report shows
#                           them on every row of the workload whose background is the default
#                           cell's. A run whose scheduler was not enabled from start to end (the
#                           watchdog ejected it: sched_ext's state and enable_seq differ after
#                           the run) fails, so it is reported and not pooled (scx_start,
#                           scx_stop)
#   control kernel aa       the base kernel booted as a third kernel (bench.sh), nothing
#                           set: the A/A control of every comparison across kernels (its
#                           runs against base's must differ by nothing the report resolves).
#                           Only on a workload's default cell. In PROFILE=full its boots
#                           also run every column of the base kernel, which the report does
#                           not pool: a boot's history (what ran before a run) moves the
#                           tails, so the control does what base does
#   series kernel  ln       latency_nice (with the credit)
#                  nocredit latency_nice with the LATENCY_CREDIT sched_feat off (the series
#                           without the credit)
#                  nofeat   latency_nice with the LATENCY_OFFSET sched_feat off (the
#                           request-size mapping alone)
#                  norun    latency_nice with the LATENCY_RUN sched_feat off (run-on: a
#                           picked -20 task keeps the CPU for the base slice against the
#                           load)
#                  group    the groups regimes only: the service's cgroup at cpu.latency.nice
#                           of the foreground's level, its tasks at 0 (the operator's
#                           "echo -20 > cpu.latency.nice"); the other groups at the
#                           background's level
#                  group-task
#                           both: the group and the foreground task at the foreground's level
#                  (ln, nofeat, nocredit, norun set tasks: the groups stay at 0)
#
# Method: every run of a loaded workload starts its own background, warmed for BG_WARM
# seconds, and kills and reaps it after the run; the runs of a repeat round are shuffled
# (each_run(), seeded), so the columns of a cell interleave in an order that differs per
# round.
#
# Load regimes of the cyclictest/schbench foreground. A fair task is served by its
# share; what latency_nice can change is when, so the regimes differ in demand against share:
#   seed      hackbench -g 1 -f 3*CPUS/2: 3 tasks per CPU (seed 000's ~2.5); cyclictest
#             -i 1000 (cyclictest-seed: foreground 0/-20 x background 19/0/-20 and
#             foreground 19 next to 0/-20; schbench-seed)
#   light     160 hackbench tasks; cyclictest -i 50000 for 2*D s: its demand under half its
#             share (flat: 1/81 of a CPU), so that a fair policy can serve every period
#             (cyclictest-light). make diagnose measured the measuring thread's CPU per period
#             on the test kernel: ~90 us at latency_nice 0, ~190 us at -20 (0.2-0.4 % of a
#             CPU; half the share is 0.6 %). On flat only (a question of demand against
#             share, not of the topology; ~24 s a run in full)
#   overload  160 hackbench tasks; cyclictest -i 1000: demand far above share, which no fair
#             policy can serve (cyclictest-hackbench, schbench-hackbench: the first
#             matrix, kept for continuity, without its foreground at 19)
#   sessions  seed, with the background and the foreground each in its own session (setsid):
#             with autogroup they meet only as two group entities (cyclictest-sessions)
#   sweep     seed's background, and a periodic task doing W us of work per wakeup:
#             schbench-rs -m 1 -t 1 -w W -s 10000 (one worker woken every ~10 ms), W = 50,
#             500, 2000 (schbench-w50, -w500, -w2000). At W = 2000 its demand is ~17 % of a
#             CPU, under its ~25 % share next to 3 tasks per CPU. The target asks for -20 to
#             hold up whatever the work per wakeup. Only on the flat topology (work per
#             wakeup is a property of the task, not of the machine; this keeps PROFILE=full
#             near two hours).
#   groups    where servers put their tasks: cgroup v2 cpu groups of equal weight under
#             /sys/fs/cgroup/lnbench, cyclictest -i 1000 in the service's group:
#             groups-equal   the service's group next to one batch group running the seed
#                            load (two groups of equal weight: the control)
#             groups-many    the service's group among GROUPS_MANY (8) sibling groups, each
#                            running hackbench -g 1 -f 1 (2 tasks): the service's share is a
#                            ninth of the machine, its demand (~10-20 % of a CPU under TCG)
#                            still under it
#             shared-group   cyclictest and the service's own CPU-bound workers (the seed
#                            load) in one group, next to a batch group running the seed load
#             systemd        systemd's tree in plain cgroupfs: system.slice/svc.service
#                            (cyclictest), user.slice/user-1000.slice/session-1.scope and
#                            batch.slice each running the seed load
#             (cyclictest-groups-equal, -groups-many, -shared-group, -systemd; the
#             background's level is every load task's, the foreground's cyclictest's)
# Every cyclictest run writes "# expected_periods N" first (the run's duration / its
# interval), every sweep run "# expected_requests N" (the run's duration / the sleep: the
# message thread posts a request every 10 ms, whatever the worker's W): the report shows
# the periods (samples) or requests served of those.
#
# Progress goes to the console as "LN-BENCH: ..." lines.

# The script splits words on purpose: command prefixes (wrap) and option lists.
# shellcheck disable=SC2086,SC2046
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
kernel=series profile=quick topo=flat plan=''
# A focused run (make bench BENCH_WORKLOADS=... BENCH_CELLS=... BENCH_VARIANTS=...
# BENCH_REPS=...): only those workloads, only those "FG:BG" cells, only those variants
# (columns), that many repeats of each run. The host passes them in the environment for
# --plan and as ln.workloads/ln.cells/ln.variants/ln.reps to the guest (commas).
focus_workloads=${BENCH_WORKLOADS:-} focus_cells=${BENCH_CELLS:-} focus_reps=${BENCH_REPS:-}
focus_variants=${BENCH_VARIANTS:-}
# Commas, or spaces (a hand-written BENCH_WORKLOADS): the filters below compare with commas.
focus_workloads=$(echo $focus_workloads | tr ' ' ,) focus_cells=$(echo $focus_cells | tr ' ' ,)
focus_variants=$(echo $focus_variants | tr ' ' ,)
# SEED: the seed of the run order (each_run()); the host draws it and passes ln.seed (and
# BENCH_SEED for --plan), and the report prints it. ROUNDS=A-B: this boot runs repeat
# rounds A to B only (ln.rounds, BENCH_ROUNDS for --plan): the host spreads the rounds over
# several boots of each kernel, so that the two kernels' runs interleave in time too.
SEED=${BENCH_SEED:-1} ROUNDS=${BENCH_ROUNDS:-1-999}
# PEERS=0 (ln.peers=0, BENCH_PEERS=0 for --plan): the peer columns do not run, for a kernel
# without sched_ext (make bench-smoke's test kernel); meta.txt says so, and the report
# expects none.
PEERS=${BENCH_PEERS:-1}
# BOOTSEED (ln.bootseed): this boot's own seed, which the host derives from the run's seed,
# the boot's kernel and its rounds. The run order of each round and the start offset of each
# run are drawn from it, so that two boots of one kernel differ by where the runs fall
# against the timers and each other, as two boots of a real machine do: under the virtual
# clock a guest that repeats the same instructions would otherwise repeat the same
# schedule, and its boots would replicate the host's noise, not the scheduler's. CLOCK
# (ln.clock) is recorded in meta.txt. KEYON (ln.keyon=1, make cost): one short task sets
# latency_nice 1 and exits before the runs, which turns the series' static key on for the
# rest of the boot while every measured task stays at 0.
# INSNMARK (ln.insnmark=1, make insn-profile): sync(2) right before and right after each
# run's workload, the marker at which the host's instruction counter (insn-count) opens
# and closes a window (busybox's sync is a shell builtin: no fork in the window).
BOOTSEED='' CLOCK=${BENCH_CLOCK:-wall} KEYON=0 EXPLORE=${BENCH_EXPLORE:-0} INSNMARK=0
ask_has_data='' check_matrix='' scx_run=''
if [ "${1:-}" = --has-data ]; then
	ask_has_data=1
elif [ "${1:-}" = --scx-run ]; then
	scx_run=1
elif [ "${1:-}" = --check-matrix ]; then
	check_matrix=1
elif [ "${1:-}" = --plan ]; then
	kernel=$2 profile=$3 topo=${4:-flat} plan=1
	case "$topo" in
	flat) ncpu=${5:-2} ;;
	numa) ncpu=${5:-8} ;;
	zen3-mini) ncpu=${5:-32} ;;
	zen3-nps1 | zen3-nps2) ncpu=${5:-64} ;;
	*) echo "bench.sh --plan: unknown topology '$topo'" >&2; exit 1 ;;
	esac
else
	read -r cmdline < /proc/cmdline
	for arg in $cmdline; do
		case "$arg" in
		ln.kernel=*) kernel=${arg#ln.kernel=} ;;
		ln.profile=*) profile=${arg#ln.profile=} ;;
		ln.topo=*) topo=${arg#ln.topo=} ;;
		ln.workloads=*) focus_workloads=${arg#ln.workloads=} ;;
		ln.cells=*) focus_cells=${arg#ln.cells=} ;;
		ln.variants=*) focus_variants=${arg#ln.variants=} ;;
		ln.reps=*) focus_reps=${arg#ln.reps=} ;;
		ln.seed=*) SEED=${arg#ln.seed=} ;;
		ln.rounds=*) ROUNDS=${arg#ln.rounds=} ;;
		ln.peers=*) PEERS=${arg#ln.peers=} ;;
		ln.bootseed=*) BOOTSEED=${arg#ln.bootseed=} ;;
		ln.clock=*) CLOCK=${arg#ln.clock=} ;;
		ln.keyon=*) KEYON=${arg#ln.keyon=} ;;
		ln.insnmark=*) INSNMARK=${arg#ln.insnmark=} ;;
		ln.explore=*) EXPLORE=${arg#ln.explore=} ;;
		esac
	done
	ncpu=$(grep -c ^processor /proc/cpuinfo)
fi
say() { echo "LN-BENCH: $*"; }

# D: seconds of a timed run (cyclictest, schbench, the two hogs); 3 in full since the peers
# came (4 before: the peer columns' runs had to fit the two hours, and 3000 periods of a
# 1 ms cyclictest, 120 of the light regime's 50 ms, still give the p99 a few samples above
# it). REPS_JUDGED, REPS_EXPLORE:
# the repeats of a matrix cell a target is judged on (J) and of one that only explores (X);
# five judged repeats give a bootstrap interval worth stating, and keep make bench
# PROFILE=full under two hours on 2 host cores (bench.sh prints the estimate); with 2 (quick)
# the report gives no interval. BG_WARM: seconds a fresh background runs before the
# foreground starts: 1 s, enough for the seed load (3 tasks per CPU start at once), and the
# 160-task load warms on while the foreground itself takes ~12 s to start next to it (est()). HB_*: hackbench -g/-l of a throughput run, PM_*: perf
# bench sched messaging, PP_L: perf bench sched pipe loops; BG_G: groups of the background
# hackbench (it runs until stopped; 4 groups = 160 tasks). The CI smoke (tiny) only checks
# the plumbing: one background group, since under TCG every process started next to 160
# runnable tasks takes seconds to get going, and that varied 3x between runs.
#
# UNTIL_DATA (tiny only): a run that produced no data (has_data()) or failed is run again with
# D doubled, until it has data or UNTIL_DATA seconds have passed since it began. A smoke
# checks that every cell produces data, and on a loaded host a tool next to the background
# may serve nothing in 1 s; the timed profiles keep D fixed, so that their runs measure alike.
case "$profile" in
tiny)	D=1 REPS_JUDGED=1 REPS_EXPLORE=1 BG_WARM=1 HB_G=2 HB_L=20 PM_G=2 PM_L=20 PP_L=2000 BG_G=1 UNTIL_DATA=240 ;;
quick)	D=4 REPS_JUDGED=2 REPS_EXPLORE=1 BG_WARM=1 HB_G=4 HB_L=100 PM_G=4 PM_L=100 PP_L=20000 BG_G=4 UNTIL_DATA=0 ;;
full)	D=3 REPS_JUDGED=5 REPS_EXPLORE=1 BG_WARM=1 HB_G=4 HB_L=400 PM_G=4 PM_L=400 PP_L=20000 BG_G=4 UNTIL_DATA=0 ;;
*)	say "unknown profile '$profile'"; exit 1 ;;
esac
# The light regime's run: 2*D seconds (full: 6 s, 120 periods of 50 ms).
LIGHT_S=$((2 * D))
# On the virtual clock (ln.clock=virtual; BENCH_CLOCK for --plan) a loaded virtual second
# costs ~6-9 host seconds (bench.sh's slowdown), so PROFILE=full measures 2 s a run (2000
# periods of a 1 ms cyclictest: a p99 is its 20th worst wakeup) where the wall clock took 3;
# the light regime keeps its 6 s.
# Its explore cells (X) do not run unless asked for (ln.explore=1, BENCH_EXPLORE=1): the
# judged cells (the headline's regimes and the cheap throughput and idle cells) fill the
# host's two hours, five boots of each kernel.
if [ "$profile $CLOCK" = "full virtual" ]; then
	D=2
	[ "$EXPLORE" = 1 ] || REPS_EXPLORE=0
fi
case "$focus_reps" in
'') ;;
*[!0-9]* | 0) say "ln.reps=$focus_reps: a number of repeats (1 or more)" >&2; exit 1 ;;
*) REPS_JUDGED=$focus_reps REPS_EXPLORE=$focus_reps ;;
esac
case "$SEED" in
'' | *[!0-9]*) say "ln.seed=$SEED: the seed of the run order, a number" >&2; exit 1 ;;
esac
BOOTSEED=${BOOTSEED:-$SEED}
case "$BOOTSEED" in
*[!0-9]*) say "ln.bootseed=$BOOTSEED: the boot's seed, a number" >&2; exit 1 ;;
esac
case "$ROUNDS" in
[0-9]*-[0-9]*) round_from=${ROUNDS%-*} round_to=${ROUNDS#*-} ;;
*) round_from='' ;;
esac
case "$round_from$round_to" in
'' | *[!0-9]*) say "ln.rounds=$ROUNDS: a range of repeat rounds, A-B" >&2; exit 1 ;;
esac
# The seed regime's background: hackbench -g 1 -f SEED_F is 2*SEED_F tasks, 3 per CPU.
SEED_F=$((3 * ncpu / 2))
CHRT=/usr/lib/util-linux/chrt
R=/tmp/results

# The custom slice that stands where the series sets latency_nice LEVEL, in the column
# VARIANT. The series maps latency_nice onto the request size (-20 -> the 0.1 ms floor, 19
# -> the 100 ms ceiling of what sched_setattr() accepts); mainline users get the same ends
# with a custom slice (the slice column), or pick a longer one for a task that needs more
# than 0.1 ms per wakeup (sliceN: N us where the series sets -20).
slice_of() { # LEVEL [VARIANT]
	case "$1 ${2:-slice}" in
	"-20 slice") echo 100000 ;;
	"-20 slice"*) echo $((${2#slice} * 1000)) ;;
	"19 "*) echo 100000000 ;;
	*) echo 0 ;;
	esac
}

# wrap VARIANT LEVEL: the command prefix that gives a task (and its children) the setting.
# Nothing for base, and for fifo's background (its foreground: policy(), fg_wrap()). nice:
# nice -5 where the series sets -20 (a user's other choice on mainline: three times the
# weight of nice 0).
wrap() {
	case "$1" in
	ln | nofeat | nocredit | norun | group-task) echo "latency-nice -n $2" ;;
	slice*) [ "$(slice_of "$2" "$1")" != 0 ] && echo "sched-slice -s $(slice_of "$2" "$1")" ;;
	nice) [ "$2" = -20 ] && echo "nice -n -5" ;;
	schedqos) [ "$2" = -20 ] && echo "nice -n -4 sched-slice -s 8000000" ;;
	esac
}
# fg_wrap VARIANT LEVEL: the same for a foreground that does not set its own policy.
fg_wrap() {
	if [ "$1" = fifo ]; then echo "$CHRT -f 1"; else wrap "$@"; fi
}
# policy VARIANT: cyclictest's policy options (it sets its measuring thread's own).
policy() {
	if [ "$1" = fifo ]; then echo "--policy=fifo -p 1"; else echo "--policy=other"; fi
}

# The workloads this script knows, and those where a background runs next to the
# foreground (started fresh for every run: background()).
WORKLOADS="cyclictest-idle schbench-idle hackbench messaging pipe pipe-pinned cyclictest-hackbench schbench-hackbench two-hogs
	   cyclictest-hog fifo-burst cyclictest-seed schbench-seed cyclictest-light cyclictest-sessions
	   schbench-w50 schbench-w500 schbench-w2000 cyclictest-groups-equal cyclictest-groups-many
	   cyclictest-shared-group cyclictest-systemd"
with_background() {
	case "$1" in
	cyclictest-hackbench | schbench-hackbench | cyclictest-seed | schbench-seed | cyclictest-light | \
	cyclictest-sessions | schbench-w* | cyclictest-groups-* | cyclictest-shared-group | \
	cyclictest-systemd) return 0 ;;
	esac
	return 1
}
# The groups regimes (cgroups of their own; the group and group-task columns are theirs).
is_groups() {
	case "$1" in cyclictest-groups-* | cyclictest-shared-group | cyclictest-systemd) return 0 ;; esac
	return 1
}
# The kernel a variant runs on.
kernel_of() {
	case "$1" in
	base | slice | slice300 | slice1000 | slice3000 | nice | schedqos | fifo) echo base ;;
	lavd | bpfland) echo peers ;;
	ln | nofeat | nocredit | norun | group | group-task) echo series ;;
	aa) echo control ;;
	esac
}

# The matrix (bench-matrix beside this script; BENCH_MATRIX=FILE for the host's tests):
# one cell a line, WORKLOAD FG BG REPEATS VARIANT... (the file's header says what they
# mean). matrix_check fails on a line this script cannot run; matrix_runs prints this
# boot's runs of it, "WORKLOAD FG BG VARIANT REPEATS" a line, in the file's order, with
# the focus (ln.workloads, ln.cells, ln.variants) applied.
MATRIX=${BENCH_MATRIX:-$(dirname "$0")/bench-matrix}
matrix_lines() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$MATRIX"; }
# level_ok LEVEL: a latency_nice level (an integer) or "-" (no background).
level_ok() {
	case "$1" in
	-) return 0 ;;
	-*) set -- "${1#-}" ;;
	esac
	case "$1" in '' | *[!0-9]*) return 1 ;; esac
}
# matrix_check: what bench-report.py's read_matrix() refuses too (test_bench_report.py holds
# the two to the same lines).
matrix_check() {
	[ -r "$MATRIX" ] || { say "no matrix: $MATRIX" >&2; return 1; }
	bad=$(matrix_lines | while read -r wl fg bg cls vars; do
		case " $(echo $WORKLOADS) " in *" $wl "*) ;; *) echo "unknown workload '$wl'"; continue ;; esac
		{ level_ok "$fg" && level_ok "$bg"; } || { echo "$wl: levels '$fg' '$bg'"; continue; }
		case "$cls" in J | X) ;; *) echo "$wl $fg $bg: repeats '$cls' (J or X)" ;; esac
		[ -n "$vars" ] || echo "$wl $fg $bg: no variant"
		seen=' '
		for tok in $vars; do
			v=${tok%@*}
			case "$tok" in
			*@flat | *@numa | *@zen3-mini | *@zen3-nps1 | *@zen3-nps2 | "$v") ;;
			*) echo "$wl $fg $bg: topology of '$tok'" ;;
			esac
			[ -n "$(kernel_of "$v")" ] || echo "$wl $fg $bg: unknown variant '$v'"
			case "$seen" in *" $v "*) echo "$wl $fg $bg: variant '$v' named twice" ;; esac
			seen="$seen$v "
			# The longer slices and nice stand where the row sets -20 (nice: the foreground).
			case "$v" in
			slice?*) [ "$fg" = -20 ] || [ "$bg" = -20 ] || echo "$wl $fg $bg: '$v' stands where the row sets -20" ;;
			nice | schedqos) [ "$fg" = -20 ] || echo "$wl $fg $bg: '$v' stands where the row sets -20" ;;
			esac
			case "$v" in
			group | group-task) is_groups "$wl" || echo "$wl $fg $bg: '$v' is a column of the groups regimes" ;;
			lavd | bpfland | aa)
				case "$fg $bg" in
				"0 0" | "0 -" | "- 0" | "- -") ;;
				*) echo "$wl $fg $bg: '$v' sets nothing on tasks: only on the default cell" ;;
				esac ;;
			esac
			# The burst probe sets its own latency_nice or slice, nothing else.
			case "$wl $v" in
			"fifo-burst nice" | "fifo-burst schedqos" | "fifo-burst fifo" | "fifo-burst lavd" | \
			"fifo-burst bpfland" | "fifo-burst aa")
				echo "$wl $fg $bg: the probe has no $v column" ;;
			esac
		done
	done)
	# Per workload: its default cell (every row's base column) and at most one fifo cell (the
	# floor of all its -20 rows).
	bad="$bad${bad:+
}$(matrix_lines | awk '
		{ order[$1] = 1 }
		($2 == "0" || $2 == "-") && ($3 == "0" || $3 == "-") { dflt[$1] = 1 }
		{ for (i = 5; i <= NF; i++) if ($i ~ /^fifo(@|$)/) fifo[$1]++ }
		END {
			for (w in order) {
				if (!(w in dflt)) print w " has no default cell"
				if (fifo[w] > 1) print w " has more than one fifo cell"
			}
		}')"
	bad=$(printf '%s\n' "$bad" | sed '/^$/d')
	dup=$(matrix_lines | awk '{ print $1, $2, $3 }' | sort | uniq -d)
	[ -z "$dup" ] || bad="$bad${bad:+
}cell on more than one line: $dup"
	[ -z "$bad" ] || { printf '%s\n' "$bad" | sed "s|^|$MATRIX: |" >&2; return 1; }
}
matrix_runs() {
	matrix_lines | while read -r wl fg bg cls vars; do
		if [ -n "$focus_workloads" ]; then
			case ",$focus_workloads," in *",$wl,"*) ;; *) continue ;; esac
		fi
		if [ -n "$focus_cells" ]; then
			case ",$focus_cells," in *",$fg:$bg,"*) ;; *) continue ;; esac
		fi
		n=$REPS_EXPLORE
		[ "$cls" = J ] && n=$REPS_JUDGED
		[ "$n" -gt 0 ] || continue
		for tok in $vars; do
			v=${tok%@*}
			[ "$tok" = "$v" ] || [ "$tok" = "$v@$topo" ] || continue
			case "$v" in lavd | bpfland) [ "$PEERS" = 1 ] || continue ;; esac
			if [ -n "$focus_variants" ]; then
				case ",$focus_variants," in *",$v,"*) ;; *) continue ;; esac
			fi
			# In PROFILE=full the control's boots run every column base's boots run
			# as well as its aa cells: the same image doing the same things, so that
			# the A/A compares boots with the same history (the report pools none of
			# them). The smoke's and quick's control runs its aa cells alone.
			k=$(kernel_of "$v")
			{ [ "$k" = "$kernel" ] ||
			  { [ "$kernel" = control ] && [ "$profile" = full ] && [ "$k" = base ]; }; } &&
				echo "$wl $fg $bg $v $n"
		done
	done
}
# The CPU of the one-CPU workloads (cyclictest-hog, fifo-burst): the last one.
last_cpu=$((ncpu - 1))

# Seconds a run takes, for the estimate, as the guests' index.tsv measured them (make bench
# PROFILE=quick, flat, 269 runs): a timed run D plus ~1 s; next to the 160 hackbench tasks
# D plus ~12 s (the tool itself takes that long to start, mlockall() and all, among 80
# runnable tasks per CPU: 16.2 s per cyclictest-hackbench run and 13.9 s per
# schbench-hackbench run at D = 4; 32.8 s per cyclictest-light run at 5*D = 20, then); a
# throughput run ~3 s. A fresh background adds its warm-up and ~2 s to stop and reap it.
# A peer adds its load and unload, as benchmarks/peers-smoke's index.tsv measured them (a
# peer's run against base's of the same cell, flat, D = 4, two runs each): scx_lavd ~12 s
# (11.5 on hackbench, 12.5 in the seed regime and the systemd tree, 6 in the light one),
# scx_bpfland ~2 s.
# On the virtual clock (CLOCK=virtual) the seconds are virtual ones, as a boot of the base
# kernel measured them on 2026-12-06 (index.tsv, D = 3): cyclictest-seed 4, -hackbench 5,
# -systemd 5, -light 9 (LIGHT_S = 6), hackbench 2, pipe 1: a loaded run D plus ~2 s (the
# 160-task load starts no slower than the seed's there: the wall clock's 12 s was the
# emulator's), a throughput run ~2 s; the peers' loads keep the wall clock's figures.
est() { # WORKLOAD [VARIANT]
	if [ "$CLOCK" = virtual ]; then
		case "${2:-}" in
		lavd) echo $(($(est $1) + 12)); return ;;
		bpfland) echo $(($(est $1) + 2)); return ;;
		esac
		case "$1" in
		hackbench | messaging | pipe | pipe-pinned) echo 2 ;;
		cyclictest-light) echo $((LIGHT_S + 3)) ;;
		*) with_background $1 && echo $((D + 2)) || echo $((D + 1)) ;;
		esac
		return
	fi
	case "${2:-}" in
	lavd) echo $(($(est $1) + 12)); return ;;
	bpfland) echo $(($(est $1) + 2)); return ;;
	esac
	case "$1" in
	hackbench | messaging | pipe | pipe-pinned) echo 3 ;;
	cyclictest-light) echo $((LIGHT_S + 13 + BG_WARM + 2)) ;;
	cyclictest-hackbench | schbench-hackbench) echo $((D + 12 + BG_WARM + 2)) ;;
	*) with_background $1 && echo $((D + 1 + BG_WARM + 2)) || echo $((D + 1)) ;;
	esac
}

# each_run FUNCTION: FUNCTION WORKLOAD FG BG VARIANT REP for every run of this boot's rounds
# (ROUNDS), in the order they run: round REP runs every run with at least REP repeats, in an order drawn afresh for
# each round from BOOTSEED (SEED where the host gave none), so that the columns of a cell (and the cells) interleave and no
# column always follows another's load or comes first after boot. awk's srand(SEED + REP)
# draws the order: the same seed gives the same order on the same awk.
each_run() {
	runs=$(matrix_runs)
	max=$(printf '%s\n' "$runs" | awk 'NF { if ($5 > m) m = $5 } END { print m + 0 }')
	order=${TMPDIR:-/tmp}/bench-order.$$
	[ $max -le $round_to ] || max=$round_to
	for rep in $(seq $round_from $max); do
		printf '%s\n' "$runs" | awk -v rep=$rep -v seed=$BOOTSEED \
			'BEGIN { srand(seed + rep) } NF && $5 >= rep { printf "%d %s\n", rand() * 1000000000, $0 }' |
			sort -n > "$order"
		# Read on fd 3, in this shell (not a pipeline's subshell): FUNCTION keeps its
		# counters, and the runs' tools keep stdin.
		while read -r _ wl fg bg v _ <&3; do
			$1 $wl $fg $bg $v $rep
		done 3< "$order"
	done
	rm -f "$order"
}

plan_line() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" $(est $1 $4); }

# has_data WORKLOAD OUT: whether OUT.txt (and OUT.samples) hold what bench-report.py's
# parse_run() reads: a cyclictest sample, hackbench's or perf's time, schbench-rs's summary
# and samples, both hogs' schedstats, a matched burst. bench.sh --has-data WORKLOAD OUT asks
# it on the host (test_bench_report.py holds it to parse_run()).
has_data() {
	case "$1" in
	cyclictest*) grep -Eq '^[[:space:]]*[0-9]+:[[:space:]]*[0-9]+:[[:space:]]*[0-9]+[[:space:]]*$' "$2.txt" ;;
	hackbench) grep -Eq '^Time:[[:space:]]*[0-9.]+' "$2.txt" ;;
	messaging | pipe | pipe-pinned) grep -Eq 'Total time:[[:space:]]*[0-9.]+[[:space:]]*\[sec\]' "$2.txt" ;;
	schbench*) grep -q '^{' "$2.txt" && grep -Eq '^[0-9]+ [0-9]+$' "$2.samples" 2>/dev/null ;;
	two-hogs)
		for hog in fg bg; do
			sed -n "/^== hog $hog /,/^== hog /p" "$2.txt" > "$2.hog" 2>/dev/null
			for k in wait_count wait_sum wait_max; do
				grep -Eq "^(se\.statistics\.)?$k[[:space:]]*:[[:space:]]*-?[0-9.]+[[:space:]]*\$" "$2.hog" ||
					{ rm -f "$2.hog"; return 1; }
			done
		done
		rm -f "$2.hog" ;;
	fifo-burst) grep -Eq '^bursts [0-9]+ matched [1-9][0-9]* first [0-9]+ avg_delay_us [0-9]+ max_delay_us [0-9]+$' "$2.txt" ;;
	*) return 1 ;;
	esac
}

# The peers (lavd, bpfland): a sched_ext scheduler for the length of one run. SCX is
# sched_ext's sysfs directory (SCX_SYSFS for the host's tests). scx_start VARIANT OUT loads
# it (its output in OUT.scx) and waits until sched_ext says it is enabled with its ops;
# scx_stop VARIANT OUT says whether it stayed so until the end (the state still enabled,
# enable_seq unchanged, the process alive: a watchdog ejection ends all three), then unloads
# it and waits for the state to be disabled. Both fail with one line saying why.
# bench.sh --scx-run VARIANT OUT SECONDS runs the two around a sleep and exits with their
# verdict (the host's tests, with a fake sysfs in SCX_SYSFS and fake schedulers in SCX_BIN).
SCX=${SCX_SYSFS:-/sys/kernel/sched_ext}
SCX_WAIT=${SCX_WAIT:-120}	# tenths of a second: loading takes seconds under TCG
scx_pid='' scx_seq=''
scx_cmd() { # VARIANT
	case $1 in
	lavd) echo "${SCX_BIN:+$SCX_BIN/}scx_lavd --performance" ;;
	bpfland) echo "${SCX_BIN:+$SCX_BIN/}scx_bpfland" ;;
	esac
}
# scx_ops_is VARIANT: whether the loaded ops are VARIANT's; scx_utils names them NAME_VERSION
# (e.g. bpfland_1.1.4_...), some schedulers NAME alone.
scx_ops_is() {
	case "$(cat $SCX/root/ops 2>/dev/null)" in "$1" | "$1"_*) return 0 ;; esac
	return 1
}
scx_wait() { # STATE [VARIANT]: whether sched_ext reaches STATE (with VARIANT's ops) in SCX_WAIT
	i=0
	while [ $i -lt $SCX_WAIT ]; do
		if [ "$(cat $SCX/state 2>/dev/null)" = "$1" ]; then
			[ -z "${2:-}" ] || scx_ops_is "$2" && return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
scx_start() { # VARIANT OUT
	[ -r $SCX/state ] || { echo "scx: no $SCX: this kernel has no sched_ext"; return 1; }
	st=$(cat $SCX/state)
	[ "$st" = disabled ] || { echo "scx: sched_ext is $st before $1 loads"; return 1; }
	# Appending, as the lines below do: with two offsets into one file, the scheduler's
	# output would write over them.
	: > $2.scx
	$(scx_cmd $1) >> $2.scx 2>&1 < /dev/null &
	scx_pid=$!
	if ! scx_wait enabled $1; then
		echo "scx: $1 not enabled in $((SCX_WAIT / 10)) s (state $(cat $SCX/state)): $(tail -n 1 $2.scx)"
		scx_unload || :
		return 1
	fi
	scx_seq=$(cat $SCX/enable_seq)
	echo "scx: $1 enabled as $(cat $SCX/root/ops), enable_seq $scx_seq" >> $2.scx
}
# alive PID: a process that has not exited (a child that exited stays a zombie until waited
# for, and kill -0 finds a zombie).
alive() { [ -r /proc/$1/stat ] && ! grep -q ') Z ' /proc/$1/stat; }
# scx_unload: stop the scheduler and wait until sched_ext is disabled; scx_err says why not.
scx_unload() {
	if [ -n "$scx_pid" ]; then
		# SIGINT, as a user's ^C: the scheduler unloads itself. Then SIGKILL, which the
		# kernel answers by unloading it too.
		kill -INT $scx_pid 2>/dev/null
		i=0
		while alive $scx_pid && [ $i -lt $SCX_WAIT ]; do sleep 0.1; i=$((i + 1)); done
		kill -KILL $scx_pid 2>/dev/null
		wait $scx_pid 2>/dev/null
	fi
	scx_pid=''
	scx_wait disabled || { scx_err="scx: sched_ext still $(cat $SCX/state) after unloading"; return 1; }
}
scx_stop() { # VARIANT OUT
	st=$(cat $SCX/state 2>/dev/null) seq=$(cat $SCX/enable_seq 2>/dev/null) ops=$(cat $SCX/root/ops 2>/dev/null)
	alive=0
	! alive $scx_pid || alive=1
	echo "scx: after the run state $st ops $ops enable_seq $seq alive $alive" >> $2.scx
	scx_held=0 scx_unloaded=0
	[ "$st" = enabled ] && scx_ops_is $1 && [ "$seq" = "$scx_seq" ] && [ $alive = 1 ] || scx_held=1
	scx_unload || scx_unloaded=1
	[ $scx_held = 0 ] || { echo "scx: $1 did not stay enabled through the run (state $st, enable_seq $scx_seq -> $seq, alive $alive)"; return 1; }
	[ $scx_unloaded = 0 ] || { echo "$scx_err"; return 1; }
}

if [ -n "$scx_run" ]; then
	scx_start "$2" "$3" || exit 1
	sleep "$4"
	scx_stop "$2" "$3"
	exit
fi
if [ -n "$ask_has_data" ]; then
	has_data "${2:?bench.sh --has-data WORKLOAD OUT}" "${3:?bench.sh --has-data WORKLOAD OUT}"
	exit
fi
matrix_check || exit 1
[ -z "$check_matrix" ] || exit 0
for w in $(echo "$focus_workloads" | tr , ' '); do
	case " $(echo $WORKLOADS) " in
	*" $w "*) ;;
	*) say "ln.workloads: unknown workload '$w' (one of: $(echo $WORKLOADS))" >&2; exit 1 ;;
	esac
done
for v in $(echo "$focus_variants" | tr , ' '); do
	[ -n "$(kernel_of "$v")" ] || {
		say "ln.variants: unknown variant '$v' (base slice slice300 slice1000 slice3000 nice schedqos fifo lavd bpfland aa ln nofeat nocredit norun group group-task)" >&2
		exit 1
	}
done
if [ -n "$plan" ]; then
	each_run plan_line
	exit 0
fi

mkdir -p $R

# feat NAME...: set sched_feats (NO_NAME: off) and check that they took: a kernel without
# one must not give a column its name.
FEAT=/sys/kernel/debug/sched/features
feat() {
	for f; do
		echo $f > $FEAT
		grep -qw $f $FEAT || { say "sched_feat $f did not take"; return 1; }
	done
}

# The background of the workloads under load: started fresh for every run (a background
# that lived through earlier runs would give the later columns an older, different load),
# warmed BG_WARM seconds, then stopped and reaped by run_cell() when the run is done.
bg_pid=''
# start_offset: a pause of 0 to 200 ms drawn from the boot's seed and the run's number, before a
# run's foreground starts (after its background warmed): where the foreground's timers fall
# against the background's and the tick then differs from boot to boot (BOOTSEED).
start_offset() {
	sleep "$(awk -v s="$BOOTSEED" -v n="$n" 'BEGIN { srand(s % 1000003 * 1000 + n); printf "%.3f", rand() / 5 }')"
}
background() { # COMMAND...: COMMAND -l 100000000, from now until stopped
	background_stop
	"$@" -l 100000000 >/dev/null 2>&1 &
	bg_pid=$!
	sleep $BG_WARM
	start_offset
}
# SIGKILL, all of them at once: hackbench's own SIGTERM path (the parent signalling and
# reaping its workers in turn) took ~20 s under TCG.
background_stop() {
	[ -n "$bg_pid" ] || return 0
	killall -q -9 hackbench 2>/dev/null
	wait $bg_pid 2>/dev/null
	while pidof hackbench >/dev/null; do sleep 0.1; done
	bg_pid=''
}

# The groups regimes. IN_CG DIR COMMAND...: COMMAND in cgroup DIR (a script, so that it can
# follow wrap's prefix and precede what timeout and background() run). groups_setup
# WORKLOAD VARIANT FG BG makes the regime's groups afresh (a group that lived through earlier
# runs would carry their load average into the next column) and sets their
# cpu.latency.nice: svc_cg is the service's group, load_cgs those that run the load (the
# service's own among them in shared-group). A write that does not take fails the run.
CG=/sys/fs/cgroup
IN_CG=/tmp/in-cgroup
GROUPS_MANY=8
# enable_cpu DIR: the cpu controller for DIR's children, and so on every level above it.
enable_cpu() {
	[ "$1" = $CG ] || enable_cpu "${1%/*}" || return 1
	grep -qw cpu "$1/cgroup.subtree_control" || echo +cpu > "$1/cgroup.subtree_control"
}
groups_teardown() {
	for g in $CG/lnbench/*/ $CG/lnbench $CG/system.slice/svc.service $CG/system.slice \
		 $CG/user.slice/user-1000.slice/session-1.scope $CG/user.slice/user-1000.slice \
		 $CG/user.slice $CG/batch.slice; do
		[ ! -d "$g" ] || rmdir "$g" 2>/dev/null
	done
}
groups_setup() { # WORKLOAD VARIANT FG BG
	groups_teardown
	case $1 in
	cyclictest-groups-equal) svc_cg=$CG/lnbench/svc load_cgs=$CG/lnbench/batch ;;
	cyclictest-groups-many)
		svc_cg=$CG/lnbench/svc load_cgs=''
		for i in $(seq $GROUPS_MANY); do load_cgs="$load_cgs $CG/lnbench/batch$i"; done ;;
	cyclictest-shared-group) svc_cg=$CG/lnbench/svc load_cgs="$CG/lnbench/svc $CG/lnbench/batch" ;;
	cyclictest-systemd)
		svc_cg=$CG/system.slice/svc.service
		load_cgs="$CG/user.slice/user-1000.slice/session-1.scope $CG/batch.slice" ;;
	esac
	grep -q " $CG cgroup2 " /proc/mounts || mount -t cgroup2 none $CG || return 1
	for g in $svc_cg $load_cgs; do
		mkdir -p "$g" && enable_cpu "${g%/*}" || { echo "groups: cannot make $g"; return 1; }
	done
	# The levels the column gives the groups; 0 where it sets tasks (a kernel without the
	# file, the base, has nothing to reset).
	gl_svc=0 gl_load=0
	case $2 in group | group-task) gl_svc=$3 gl_load=$4 ;; esac
	[ "$gl_load" != - ] || gl_load=0
	for g in $load_cgs $svc_cg; do
		l=$gl_load
		[ "$g" != "$svc_cg" ] || l=$gl_svc
		[ -e "$g/cpu.latency.nice" ] || [ "$l" = 0 ] || { echo "groups: no $g/cpu.latency.nice"; return 1; }
		# 0: no value set ("default"; on 7.3 a 0 written is a value that holds the
		# tasks below at 0), or 0 where the file has no such state (7.2).
		v=$l
		if [ "$l" = 0 ] && [ -e "$g/cpu.latency.nice" ] &&
			{ echo default > "$g/cpu.latency.nice"; } 2>/dev/null; then
			v=default
		fi
		[ ! -e "$g/cpu.latency.nice" ] || [ "$v" = default ] ||
			{ echo "$l" > "$g/cpu.latency.nice" && [ "$(cat "$g/cpu.latency.nice")" = "$l" ]; } ||
			{ echo "groups: cpu.latency.nice $l of $g did not take"; return 1; }
	done
	echo "# groups service $svc_cg at $gl_svc, load$(for g in $load_cgs; do printf ' %s' "${g#$CG/}"; done)"
}
# group_loads VARIANT LEVEL HACKBENCH_ARGS: a hackbench HACKBENCH_ARGS at LEVEL in each of
# load_cgs, from now until background_stop, warmed BG_WARM seconds.
group_loads() {
	background_stop
	for g in $load_cgs; do
		$(wrap $1 $2) $IN_CG "$g" hackbench $3 -l 100000000 >/dev/null 2>&1 &
		bg_pid="$bg_pid $!"
	done
	sleep $BG_WARM
	start_offset
}

printf '#!/bin/sh\n# in-cgroup DIR COMMAND...: COMMAND in cgroup DIR.\necho $$ > "$1/cgroup.procs" || exit 1\nshift\nexec "$@"\n' > $IN_CG
chmod +x $IN_CG

# cyclictest_fg VARIANT LEVEL INTERVAL_US SECONDS PREFIX OPTIONS: the foreground of the
# cyclictest workloads, every sample kept (-v), after a line with the periods it should
# serve. PREFIX (setsid for the sessions regime) runs it, OPTIONS are more of cyclictest's.
# busybox time -p after it: its CPU time ("user S", "sys S", 10 ms steps), so that the report
# can say what a period cost it.
cyclictest_fg() {
	echo "# expected_periods $(($4 * 1000000 / $3))"
	[ -z "$bg_pid" ] || { bg_before=$(bg_cpu_ns); idle_before=$(idle_ms); }
	timeout -s KILL $(($4 * 6 + 120)) $(wrap $1 $2) $5 time -p cyclictest $(policy $1) -t 1 $6 -i $3 \
		-D $4 -q -m -v
	[ -z "$bg_pid" ] || echo "# bg_cpu_ms $((($(bg_cpu_ns) - bg_before) / 1000000)) idle_ms $(($(idle_ms) - idle_before))"
}
# bg_cpu_ns and idle_ms: what the background got, read before and after the foreground
# ("# bg_cpu_ms", issue 55: the background's share next to it; load-usage.sh).
. /usr/share/latency-nice/load-usage.sh

# The stress-ng workers of a stress-ng parent, as /proc/PID/status paths.
hog_workers() { grep -l "^PPid:[[:space:]]*$1\$" /proc/[0-9]*/status 2>/dev/null; }

# One run: its output goes to $out.txt (the caller redirects); schbench also writes $out.samples.
run_one() { # WORKLOAD VARIANT FG BG OUT
	wl=$1 v=$2 fg=$3 bg=$4 out=$5
	lim=$((D * 6 + 120))
	case "$wl" in
	hackbench)
		timeout -s KILL $lim $(wrap $v $fg) hackbench -g $HB_G -l $HB_L ;;
	messaging)
		timeout -s KILL $lim $(wrap $v $fg) perf bench sched messaging -p -t -g $PM_G -l $PM_L ;;
	pipe)
		timeout -s KILL $lim $(wrap $v $fg) perf bench sched pipe -l $PP_L ;;
	pipe-pinned)
		# Both ends on one CPU (perf's two processes inherit the affinity): every round
		# trip is two context switches on that CPU, the scheduler's own path and nothing
		# else (no wakeup across CPUs, no idle).
		timeout -s KILL $lim $(wrap $v $fg) taskset -c $last_cpu perf bench sched pipe -l $PP_L ;;
	cyclictest-idle)
		cyclictest_fg $v $fg 1000 $D "" "" ;;
	cyclictest-hackbench)
		background $(wrap $v $bg) hackbench -g $BG_G
		cyclictest_fg $v $fg 1000 $D "" "" ;;
	cyclictest-seed)
		background $(wrap $v $bg) hackbench -g 1 -f $SEED_F
		cyclictest_fg $v $fg 1000 $D "" "" ;;
	cyclictest-light)
		background $(wrap $v $bg) hackbench -g $BG_G
		cyclictest_fg $v $fg 50000 $LIGHT_S "" "" ;;
	cyclictest-sessions)
		# Each in a session of its own, so in an autogroup of its own. A background job
		# of this (non-interactive) shell, or the command timeout execs, is no process
		# group leader: busybox setsid calls setsid() and execs, so bg_pid and timeout's
		# target stay hackbench's and cyclictest's own.
		background $(wrap $v $bg) setsid hackbench -g 1 -f $SEED_F
		cyclictest_fg $v $fg 1000 $D setsid "" ;;
	cyclictest-groups-* | cyclictest-shared-group | cyclictest-systemd)
		groups_setup $wl $v $fg $bg || return 1
		case $wl in
		cyclictest-groups-many) group_loads $v $bg "-g 1 -f 1" ;;
		*) group_loads $v $bg "-g 1 -f $SEED_F" ;;
		esac
		cyclictest_fg $v $fg 1000 $D "$IN_CG $svc_cg" "" ;;
	schbench-idle | schbench-hackbench | schbench-seed)
		case $wl in
		schbench-hackbench) background $(wrap $v $bg) hackbench -g $BG_G ;;
		schbench-seed) background $(wrap $v $bg) hackbench -g 1 -f $SEED_F ;;
		esac
		timeout -s KILL $lim $(fg_wrap $v $fg) schbench-rs -m 1 -t 2 -r $D -w 100 -s 5000 --json \
			--samples $out.samples ;;
	schbench-w*)
		# The sweep: one worker doing ${wl#schbench-w} us of work per request, a request
		# every 10 ms (the message thread sleeps 10 ms after posting, whether or not the
		# worker is done), next to the seed's background.
		background $(wrap $v $bg) hackbench -g 1 -f $SEED_F
		echo "# expected_requests $((D * 1000000 / 10000))"
		timeout -s KILL $lim $(fg_wrap $v $fg) schbench-rs -m 1 -t 1 -r $D -w ${wl#schbench-w} -s 10000 \
			--json --samples $out.samples ;;
	two-hogs)
		# Seed 004: two CPU hogs on one CPU with different requests; per hog the runtime,
		# switches, and the average and worst wait (schedstats) over D seconds.
		# stress-ng's floating-point cpu methods (and so its default, "all") die of SIGILL
		# on the Zen3-class layouts' -cpu Skylake-Server under TCG (QEMU 7.2: every float
		# method, also with fma or avx2 masked), so there the hogs run an integer method; to
		# the scheduler a hog is a hog. flat and numa (-cpu max) keep the default.
		case $topo in zen3-*) hog_method='--cpu-method int64' ;; *) hog_method= ;; esac
		$(wrap $v $fg) stress-ng --cpu 1 $hog_method --taskset 0 -t $((D + 90)) --quiet &
		pa=$!
		$(wrap $v $bg) stress-ng --cpu 1 $hog_method --taskset 0 -t $((D + 90)) --quiet &
		pb=$!
		# Each stress-ng forks its worker a moment after it starts (seconds under TCG next
		# to a busy vCPU): wait for both workers (60 s at most), then measure.
		i=0
		while { [ -z "$(hog_workers $pa)" ] || [ -z "$(hog_workers $pb)" ]; } && [ $i -lt 600 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		sleep $D
		for p in $pa $pb; do
			for w in $(hog_workers $p); do
				w=${w#/proc/}
				w=${w%/status}
				echo "== hog $([ $p = $pa ] && echo fg || echo bg) pid $w"
				cat /proc/$w/sched
			done
		done
		kill $pa $pb
		wait $pa $pb 2>/dev/null
		return 0 ;;
	cyclictest-hog)
		# A periodic waker (1 ms) and a CPU hog on one CPU: how long the waker waits for a
		# CPU that the hog holds (the former in-guest wakeup.sh, now measured here).
		$(wrap $v $bg) taskset -c $last_cpu sh -c 'while :; do :; done' &
		hog=$!
		cyclictest_fg $v $fg 1000 $D "" "-a $last_cpu"
		rc=$?
		kill $hog
		wait $hog 2>/dev/null
		return $rc ;;
	fifo-burst)
		# A spinning probe, a CPU hog and a SCHED_FIFO thread bursting 3 ms every 20 ms on
		# one CPU: after how many bursts the probe runs first (the former fifo.sh). The
		# probe sets its own latency_nice or custom slice (microseconds here).
		case $v in
		ln | nofeat | nocredit | norun) set -- $fg ;;
		base) set -- 0 ;;
		slice*) set -- 0 $(($(slice_of $fg $v) / 1000)) ;;
		esac
		timeout -s KILL $lim latency_nice_fifo_burst $1 $last_cpu $((D * 40)) $2 ;;
	esac
}

# Count the runs first, for the progress lines and the estimate.
total=0 secs=0
count() { total=$((total + 1)) secs=$((secs + $(est $1 $4))); }
each_run count

# ln.keyon=1: the static key on, every measured task at 0 (a task at 1 that exits at once).
if [ "$KEYON" = 1 ]; then
	latency-nice -n 1 true || { say "ln.keyon: latency-nice -n 1 failed"; exit 1; }
	grep -qx 1 /sys/kernel/debug/sched/latency_nice_used 2>/dev/null ||
		{ say "ln.keyon: the static key did not turn on"; exit 1; }
fi
say "kernel $kernel ($(uname -r)), profile $profile, topology $topo, $ncpu CPUs, $total runs" \
    "(about $((secs / 60)) min), run order seed $SEED"
# Wakeups are only precise once high-resolution timers are on (TCG: the refined TSC
# clocksource comes about a second after boot).
for i in $(seq 50); do
	grep -q 'hres_active *: 1' /proc/timer_list && break
	sleep 0.2
done
{
	echo "kernel=$kernel"
	echo "release=$(uname -r)"
	echo "profile=$profile"
	echo "topology=$topo"
	echo "cpus=$ncpu"
	echo "D=$D LIGHT_S=$LIGHT_S REPS_JUDGED=$REPS_JUDGED REPS_EXPLORE=$REPS_EXPLORE BG_WARM=$BG_WARM HB_G=$HB_G HB_L=$HB_L" \
	     "PM_G=$PM_G PM_L=$PM_L PP_L=$PP_L BG_G=$BG_G SEED_F=$SEED_F"
	echo "seed=$SEED"
	echo "bootseed=$BOOTSEED"
	echo "clock=$CLOCK"
	echo "insnmark=$INSNMARK"
	echo "keyon=$KEYON latency_nice_used=$(cat /sys/kernel/debug/sched/latency_nice_used 2>/dev/null)"
	echo "rounds=$ROUNDS"
	echo "peers=$PEERS"
	echo "clocksource=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
	echo "preempt=$(cat /sys/kernel/debug/sched/preempt 2>/dev/null)"
	echo "base_slice_ns=$(cat /sys/kernel/debug/sched/base_slice_ns 2>/dev/null)"
	echo "features=$(cat $FEAT 2>/dev/null)"
	echo "cmdline=$(cat /proc/cmdline)"
} > $R/meta.txt
printf 'workload\tfg\tbg\tvariant\trep\trc\tseconds\tfile\n' > $R/index.tsv

n=0
# write_results: the results so far onto the result disk (a tar archive; the host unpacks
# the last one written).
write_results() {
	dmesg > $R/dmesg.txt
	if [ -b /dev/vda ]; then
		tar -c -f /dev/vda -C $R . && sync
		say "results written to the result disk ($(du -sk $R | cut -f1) KiB)"
	else
		say "no result disk (/dev/vda): results lost"
	fi
}

# One run, with its sched_feats and its own background.
run_cell() { # WORKLOAD FG BG VARIANT REP
	n=$((n + 1))
	mkdir -p $R/$1
	out=$R/$1/$4.fg$2.bg$3.rep$5
	say "[$n/$total] $1 fg=$2 bg=$3 $4 rep $5"
	t0=$(date +%s)
	ok=0
	case $4 in
	nofeat) feat NO_LATENCY_OFFSET || ok=1 ;;
	nocredit) feat NO_LATENCY_CREDIT || ok=1 ;;
	norun) feat NO_LATENCY_RUN || ok=1 ;;
	esac
	d_run=$D
	with_background $1 || start_offset
	while :; do
		rm -f $out.samples
		scx_rc=0
		case $4 in lavd | bpfland) scx_start $4 $out > $out.scx.err || scx_rc=1 ;; esac
		rc=1
		[ "$INSNMARK" != 1 ] || sync
		[ $scx_rc != 0 ] || { run_one $1 $4 $2 $3 $out > $out.txt 2>&1 < /dev/null; rc=$?; }
		[ "$INSNMARK" != 1 ] || sync
		background_stop
		case $4 in lavd | bpfland) [ $scx_rc != 0 ] || scx_stop $4 $out >> $out.scx.err || scx_rc=1 ;; esac
		# A peer that was not in charge for the whole run measured EEVDF: the run fails.
		if [ $scx_rc != 0 ]; then
			rc=1
			say "  $1 fg=$2 bg=$3 $4: $(tail -n 1 $out.scx.err)"
			cat $out.scx.err >> $out.txt
		fi
		rm -f $out.scx.err
		! is_groups $1 || groups_teardown
		[ "$UNTIL_DATA" -gt 0 ] || break
		[ $rc = 0 ] && has_data $1 $out && break
		[ $(($(date +%s) - t0)) -lt "$UNTIL_DATA" ] || break
		D=$((D * 2))
		say "  $1 fg=$2 bg=$3 $4: exit $rc, $(has_data $1 $out && echo data || echo 'no data');" \
		    "again with D=$D s"
	done
	D=$d_run
	case $4 in
	nofeat) feat LATENCY_OFFSET ;;
	nocredit) feat LATENCY_CREDIT ;;
	norun) feat LATENCY_RUN ;;
	esac
	# A run whose sched_feats did not take measured another column: it fails.
	[ $ok = 0 ] || rc=1
	t1=$(date +%s)
	[ $rc = 0 ] || say "  $1 fg=$2 bg=$3 $4: exit $rc: $(tail -n 2 $out.txt | tr '\n' ' ')"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $1 $2 $3 $4 $5 $rc $((t1 - t0)) \
		"${out#"$R"/}.txt" >> $R/index.tsv
}
each_run run_cell
write_results
say "done"
