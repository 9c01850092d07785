#!/usr/bin/env bash
# make bench: A/B benchmark of the unpatched base against the series.
#
# usage: bench.sh PROFILE SERIES_SRC OUTDIR
#   PROFILE     tiny (CI smoke: every cell once, ~1 s each) | quick | full
#   SERIES_SRC  the patched tree (make apply); its .latency-nice-base names the base
#   OUTDIR      where kernels, raw data and the report go (OUTDIR/PROFILE/...)
#
# Both kernels are built from the same config (the test fragment + the Debian-like
# kernel/configs/latency_nice_bench.config; the base also gets latency_nice_bench_base.config,
# which only says the series' options do not exist there). Each is booted in the same QEMU
# setups (flat: 2 vCPUs; numa: 2 sockets x 4 CPUs), runs scripts/latency-nice/guest/bench.sh
# and writes its raw outputs to a virtio result disk, unpacked here. bench-report.py then
# writes results.json/results.csv (every sample), report.md and the PNG plots.
# The base kernel also boots as a third kernel, "control", wherever the matrix has an aa
# column: the A/A control of every comparison across kernels (the report's A/A table); and
# as a fourth, "peers", for the sched_ext peers' columns (lavd, bpfland): a boot that has run
# a BPF scheduler is not the boot it was (the first full run in virtual time measured base's
# pinned pipe 1-8 % slower in boots that had run the peers than in the control's, and the
# A/A failed on it), so base's and the control's boots run nothing but the base columns.
# BENCH_TOPOLOGIES (default "flat numa"; "flat" in PROFILE=full) picks the topologies. BENCH_TOPO=T (make bench
# TOPO=T) boots T alone, one of boot.sh's layouts, zen3-* included, and keeps its results
# apart, in OUTDIR/PROFILE-T: a Zen3-class layout runs the cells the matrix gives every
# topology (its unsuffixed columns: throughput, the two hogs, the seed-scaled regime), the
# kernels are the same pair. BENCH_BOOTS="TOPO-KERNEL ..."
# (e.g. "flat-series") runs only those boots again and keeps the other boots' raw results
# of the last run of this profile: for a boot that failed (its kernels must be the same).
#
# What runs is the matrix, scripts/latency-nice/guest/bench-matrix: its cells, their
# repeats and their columns (base, custom slices, nice -5, SCHED_FIFO and the peers
# scx_lavd and scx_bpfland, sched_ext schedulers built from crates.io by build-peers.sh: the
# base kernel; latency_nice with and without its sched_feats: the series), on which
# topologies. Both kernels have sched_ext and BTF (latency_nice_bench.config; trixie's
# pahole through fetch-pahole.sh), so that they stay one config. The load regimes
# (seed-scaled, a light task under overload, overload, different sessions) and the
# work-per-wakeup sweep are described in guest/bench.sh, which also gives the estimate
# printed below (guest/bench.sh --plan KERNEL PROFILE TOPO CPUS, per boot). The method:
# every loaded run starts its own background (warmed, then killed and reaped), the runs of
# each repeat round run in an order drawn from the seed (BENCH_SEED, else drawn here; both
# printed and kept in the results), and the cells a target is judged on run five times in
# PROFILE=full, the others once, which keeps it under two hours on 2 host cores. In
# PROFILE=full every kernel boots once per round: the boot is the unit of the report's
# comparisons across kernels, and five boots of each give it five units.
#
# The clock: BENCH_CLOCK=virtual (the default) boots every guest on QEMU's instruction-counted
# clock (boot.sh BOOT_CLOCK=virtual: -icount shift=0,sleep=off, one instruction a virtual
# nanosecond, the guest on tsc=reliable), so that what a guest measures depends on what it
# executes and not on the host's load; each guest then runs on one host thread, and
# BENCH_PARALLEL (default 2 under the virtual clock, the host's two cores) guests boot at
# once. BENCH_CLOCK=wall keeps the multi-threaded TCG of the runs before 2026-12-06, one
# guest at a time. Every boot gets a seed of its own (ln.bootseed, from the run's seed, the
# boot's tag and its rounds), which the guest draws its run order and the start offsets of
# its foregrounds from: replicates then differ by scheduling, not by the host.
#
# BENCH_IMAGE=BZIMAGE (make bench-smoke) runs both halves of the matrix on that one kernel,
# the test kernel, instead of building the pair: its base half is the series at
# latency_nice 0 and with mainline's custom slice, which exercises every cell, tool,
# parser and the report end to end. Numbers from such a run compare nothing.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
S=$top/scripts/latency-nice
profile=${1:?usage: bench.sh tiny|quick|full SERIES_SRC OUTDIR}
series_src=$(cd "${2:?}" && pwd)
outroot=${3:?}
case "$profile" in tiny | quick | full) ;; *)
	echo "bench: unknown profile '$profile' (tiny|quick|full)" >&2
	exit 2 ;;
esac
say() { printf '==> bench: %s\n' "$*" >&2; }
mkdir -p "$outroot"
outroot=$(cd "$outroot" && pwd)
# The matrix of this run, read once: the plans, the guests (mkinitramfs.sh) and the results
# all get this copy, whatever happens to the file while the run lasts.
matrix=$outroot/bench-matrix.$$
cp "$S/guest/bench-matrix" "$matrix"
trap 'rm -f "$matrix"' EXIT
export BENCH_MATRIX=$matrix
# A focused run (BENCH_WORKLOADS="cyclictest-hackbench", BENCH_CELLS="0:0 -20:0" as FG:BG,
# BENCH_VARIANTS="base ln" (the columns), BENCH_REPS=8; any of them): only those runs, in OUTDIR/PROFILE-focus, so that the full
# matrix's results stay. For a question about a few cells, e.g. whether a difference between
# the kernels holds over more repeats than the matrix can afford.
# Spaces or commas between the names: the guest reads commas.
BENCH_CELLS=$(echo ${BENCH_CELLS:-} | tr ' ' ,)
BENCH_WORKLOADS=$(echo ${BENCH_WORKLOADS:-} | tr ' ' ,)
BENCH_VARIANTS=$(echo ${BENCH_VARIANTS:-} | tr ' ' ,)
export BENCH_WORKLOADS=${BENCH_WORKLOADS:-} BENCH_REPS=${BENCH_REPS:-} BENCH_CELLS BENCH_VARIANTS
focus=''
[ -n "$BENCH_WORKLOADS$BENCH_CELLS$BENCH_VARIANTS$BENCH_REPS" ] && focus=1
# PROFILE=full runs flat alone: numa's 8 vCPUs on 2 host cores starved every cell in the full
# run of 2026-12-01 (a 1 ms cyclictest served ~1/7 of its periods in the seed regime), and
# with a boot per round, the peers and the A/A control, flat alone fills the two hours.
# BENCH_TOPOLOGIES=numa runs it on its own.
topologies=${BENCH_TOPOLOGIES:-$([ "$profile" = full ] && echo flat || echo flat numa)}
# The peer columns (scx_lavd, scx_bpfland: build-peers.sh) need the bench kernels'
# sched_ext; BENCH_IMAGE's test kernel has none, so a smoke runs without them (the guests
# and the report are told: ln.peers=0, meta.txt's peers=0).
export BENCH_PEERS=1
[ -z "${BENCH_IMAGE:-}" ] || BENCH_PEERS=0
if [ -n "${BENCH_TOPO:-}" ]; then
	case "$BENCH_TOPO" in *' '*) echo "bench: TOPO=$BENCH_TOPO: one topology" >&2; exit 2 ;; esac
	topologies=$BENCH_TOPO
fi
res=$outroot/$profile${focus:+-focus}${BENCH_TOPO:+-$BENCH_TOPO}
# cpus_of TOPO: the vCPUs boot.sh gives TOPO (what the guest's plan scales the load by).
cpus_of() {
	case $1 in
	flat) echo 2 ;;
	numa) echo 8 ;;
	zen3-mini) echo 32 ;;
	zen3-nps1 | zen3-nps2) echo 64 ;;
	*) return 1 ;;
	esac
}
boots=${BENCH_BOOTS:-}
clock=${BENCH_CLOCK:-virtual}
case "$clock" in wall | virtual) ;; *) echo "bench: BENCH_CLOCK=$clock: virtual or wall" >&2; exit 2 ;; esac
parallel=${BENCH_PARALLEL:-$([ "$clock" = virtual ] && echo 2 || echo 1)}
case "$parallel" in '' | *[!0-9]* | 0) echo "bench: BENCH_PARALLEL=$parallel: a number of guests (1 or more)" >&2; exit 2 ;; esac
# Wall-clock guests that run side by side time each other.
[ "$clock" = virtual ] || [ "$parallel" = 1 ] ||
	{ echo "bench: BENCH_PARALLEL=$parallel needs BENCH_CLOCK=virtual (wall-clock guests would share the host's cores)" >&2; exit 2; }
# Host seconds per guest second: the guests' estimates (guest/bench.sh est()) are in their own
# seconds. Under the multi-threaded wall clock a guest second took about one host second; on
# the virtual clock a loaded guest runs its 2 vCPUs on one host thread at well under a
# billion instructions a host second (measured 2026-12-06 with a kernel build sharing the 2
# host cores: cyclictest-seed 4 virtual s in 36 host s, cyclictest-light 9 in 79, ~9 host s
# a virtual s; 6 is what a core of its own gives it, from the share it had), and an idle
# guest skips its idle time (cyclictest-idle: 4 virtual s in 1 host s).
slowdown=1
[ "$clock" = wall ] || slowdown=6
# The guests' plans (--plan) take the clock from here: PROFILE=full measures 2 s a run on it.
export BENCH_CLOCK=$clock
# The seed of the guests' run order (guest/bench.sh each_run()): BENCH_SEED, or drawn here;
# printed, and kept in the results (seed), so that a run's order can be made again.
# BENCH_BOOTS completes an earlier run: its seed, and its matrix or nothing.
seed=${BENCH_SEED:-$(od -An -N3 -tu4 /dev/urandom | tr -d ' ')}
if [ -n "$boots" ]; then
	[ -n "${BENCH_SEED:-}" ] || [ ! -f "$res/seed" ] || seed=$(cat "$res/seed")
	if [ -f "$res/bench-matrix" ] && ! cmp -s "$res/bench-matrix" "$matrix"; then
		echo "bench: BENCH_BOOTS: the matrix changed since the run in $res; run it whole" >&2
		exit 1
	fi
fi
case "$seed" in '' | *[!0-9]*) echo "bench: BENCH_SEED=$seed: not a number" >&2; exit 2 ;; esac
export BENCH_SEED=$seed
# wanted TAG: whether this run boots TAG.
wanted() { [ -z "$boots" ] || case " $boots " in *" $1 "*) true ;; *) false ;; esac; }

# The guest's plan for each boot (the same script, --plan: nothing runs): the runs and their
# estimated seconds (guest/bench.sh est()).
# The matrix depends on the topology (the sweep runs on flat only) and the seed load on the
# CPU count, as boot.sh gives them.
plan_runs=0 plan_total=0 plan_rounds=1
for topo in $topologies; do
	ncpu=$(cpus_of "$topo") || {
		echo "bench: unknown topology '$topo' (flat|numa|zen3-mini|zen3-nps1|zen3-nps2)" >&2
		exit 2
	}
	for kernel in base series control peers; do
		wanted "$topo-$kernel" || continue
		plan=$(sh "$S/guest/bench.sh" --plan $kernel "$profile" "$topo" $ncpu) || exit 2
		read -r n s r < <(awk -F'\t' 'NF { n++; s += $6; if ($5 > r) r = $5 } END { print n + 0, s + 0, r + 0 }' <<< "$plan")
		[ "$r" -le "$plan_rounds" ] || plan_rounds=$r
		# A focus may leave one kernel nothing to run (BENCH_VARIANTS=ln): it does not boot;
		# nor does the control where the matrix has no aa column on the topology, nor the
		# peers' kernel where they do not run (BENCH_PEERS=0, or no peer column there).
		[ "$n" -gt 0 ] || [ -n "$focus" ] || [ $kernel = control ] || [ $kernel = peers ] ||
			{ echo "bench: guest/bench.sh --plan $kernel $profile $topo: no runs" >&2; exit 1; }
		plan_runs=$((plan_runs + n)) plan_total=$((plan_total + s))
	done
done
[ "$plan_runs" -gt 0 ] || { echo "bench: the focus leaves no runs in the matrix" >&2; exit 1; }
say "profile $profile: $plan_runs runs in $(wc -w <<< "$topologies") topologies x 4 kernels (base, series, control, peers)," \
    "about $((plan_total * slowdown / parallel / 60)) min of host time, $parallel guest(s) at once, $clock clock (plus the boots and any kernel build), run order seed $seed"

version=$(cat "$series_src/.latency-nice-base" 2>/dev/null || true)
[ -n "$version" ] || { echo "bench: $series_src has no .latency-nice-base (not a fetched base)" >&2; exit 1; }

t0=$(date +%s)
if [ -n "${BENCH_IMAGE:-}" ]; then
	image=$(cd "$(dirname "$BENCH_IMAGE")" && pwd)/$(basename "$BENCH_IMAGE")
	[ -f "$image" ] || { echo "bench: BENCH_IMAGE $BENCH_IMAGE: no such kernel image" >&2; exit 1; }
	say "one kernel for both halves: $image"
	image_base=$image image_series=$image
else
	if [ "$(cat "$outroot/base-src/linux/.latency-nice-base" 2>/dev/null)" != "$version" ]; then
		say "unpacking the unpatched base ($version)"
		"$S/fetch-base.sh" "$outroot/base-src" "$version"
	fi
	say "building the base kernel"
	"$S/build-kernel.sh" "$outroot/base-src/linux" "$outroot/build-base" "$outroot/kernel-base" \
		"$top/kernel/configs/latency_nice_bench.config" "$top/kernel/configs/latency_nice_bench_base.config"
	say "building the series kernel"
	"$S/build-kernel.sh" "$series_src" "$outroot/build-series" "$outroot/kernel-series" \
		"$top/kernel/configs/latency_nice_bench.config"
	if grep -q ' sis_util_nr_idle_scan$' "$outroot/kernel-base/System.map" ||
	   ! grep -q ' latency_nice_fill_slice$' "$outroot/kernel-series/System.map"; then
		echo "bench: the base kernel has the series in it, or the series kernel lacks it" >&2
		exit 1
	fi
	image_base=$outroot/kernel-base/bzImage image_series=$outroot/kernel-series/bzImage
fi
"$S/build-guest-tools.sh"
if [ "$BENCH_PEERS" = 1 ]; then
	"$S/build-peers.sh" "$top/out/peers"
	export LN_PEERS_BIN=$top/out/peers/bin
fi
"$S/mkinitramfs.sh" --bench "$outroot/initramfs-bench.cpio.gz"
say "kernels and initramfs ready in $(($(date +%s) - t0)) s"

if [ -n "$boots" ]; then
	[ -d "$res/raw" ] || { echo "bench: BENCH_BOOTS: no earlier run in $res to complete" >&2; exit 1; }
	say "booting only $boots; the other boots' results in $res stay"
else
	rm -rf "$res"
fi
mkdir -p "$res/raw" "$res/logs"
if [ -z "${BENCH_IMAGE:-}" ]; then
	cp "$outroot/build-series/.config" "$res/config-series"
	cp "$outroot/build-base/.config" "$res/config-base"
fi
(cd "$top" && git describe --always --dirty 2>/dev/null || echo unknown) > "$res/series-commit"
echo "$version" > "$res/base-version"
echo "$seed" > "$res/seed"
cp "$matrix" "$res/bench-matrix"
{
	echo "host_cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
	echo "host_cores=$(nproc)"
	echo "host_mem_gib=$(($(grep MemTotal /proc/meminfo | awk '{print $2}') / 1048576))"
	echo "qemu=$(qemu-system-x86_64 --version | head -n1)"
	echo "clock=$clock"
	echo "parallel_guests=$parallel"
	if [ "$clock" = virtual ]; then
		echo "qemu_accel=-accel tcg,thread=single -icount shift=0,sleep=off (guest: tsc=reliable)"
	else
		echo "qemu_accel=-accel tcg"
	fi
	echo "qemu_flat=-accel tcg -cpu max -smp 2 -m 1G"
	echo "qemu_numa=-accel tcg -cpu max -smp 8,sockets=2,cores=4,threads=1 -m 2G, 2 NUMA nodes of 4 CPUs"
	echo "qemu_zen3-mini=-accel tcg -cpu Skylake-Server -smp 32,sockets=2,dies=1,cores=8,threads=2 -m 2G, a node per socket"
	echo "qemu_zen3-nps1=-accel tcg -cpu Skylake-Server -smp 64,sockets=2,dies=2,cores=8,threads=2 -m 4G, a node per socket"
	echo "qemu_zen3-nps2=-accel tcg -cpu Skylake-Server -smp 64,sockets=2,dies=2,cores=8,threads=2 -m 4G, a node per LLC (SLIT 12/32)"
	echo "rt_tests=$(dpkg-query -W -f='${Version}' rt-tests 2>/dev/null)"
	echo "perf=$(dpkg-query -W -f='${Version}' linux-perf 2>/dev/null)"
	echo "stress_ng=$(dpkg-query -W -f='${Version}' stress-ng 2>/dev/null)"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$res/host.txt"

# The repeat rounds, in blocks of BENCH_ROUND_BLOCK rounds (full: 1; the others: all in one
# boot): every kernel boots once per block, in an order that turns with the seed, the block
# and the topology (kernel_order), so that the kernels' runs of a cell interleave in time as
# the columns of one kernel do inside a boot, and no kernel always boots first. The report
# pairs the kernels' boots of a block and resamples blocks (bench-report.py boot_ci()).
round_block=${BENCH_ROUND_BLOCK:-$([ "$profile" = full ] && echo 1 || echo 999)}
case "$round_block" in '' | *[!0-9]* | 0) echo "bench: BENCH_ROUND_BLOCK=$round_block: a number of rounds" >&2; exit 2 ;; esac
blocks='' a=1
while [ $a -le $plan_rounds ]; do
	b=$((a + round_block - 1))
	[ $b -le $plan_rounds ] || b=$plan_rounds
	blocks="$blocks $a-$b"
	a=$((b + 1))
done
say "rounds 1-$plan_rounds in $(wc -w <<< "$blocks") block(s) of boots:$blocks"

# merge_results FROM TO ROUNDS: one boot's unpacked results into the kernel's raw directory.
merge_results() {
	local from=$1 to=$2 rounds=$3
	mkdir -p "$to"
	if [ ! -f "$from/index.tsv" ]; then
		# The report fails --check on it (and on every cell left short of its repeats).
		echo "rounds $rounds: the boot left no results" >> "$to/missing-rounds"
		return 0
	fi
	if [ -f "$to/index.tsv" ]; then
		tail -n +2 "$from/index.tsv" >> "$to/index.tsv"
	else
		cp "$from/index.tsv" "$to/index.tsv"
	fi
	[ -f "$to/meta.txt" ] || cp "$from/meta.txt" "$to/meta.txt"
	mv "$from/meta.txt" "$to/meta-rounds-$rounds.txt"
	[ ! -f "$from/dmesg.txt" ] || mv "$from/dmesg.txt" "$to/dmesg-rounds-$rounds.txt"
	rm -f "$from/index.tsv"
	cp -a "$from/." "$to/"
}

# kernel_order N: base, series, control and peers in the N-th of eight orders (N mod 8):
# the four rotations of the list, forwards and backwards, so that every kernel boots
# first, last and between the others as N turns.
kernel_order() {
	local k=(base series control peers) r=$(($1 % 4))
	if (($1 / 4 % 2)); then
		echo "${k[(r + 3) % 4]} ${k[(r + 2) % 4]} ${k[(r + 1) % 4]} ${k[r]}"
	else
		echo "${k[r]} ${k[(r + 1) % 4]} ${k[(r + 2) % 4]} ${k[(r + 3) % 4]}"
	fi
}
# boot_one TOPO KERNEL BLOCK: one boot of KERNEL on TOPO for the rounds of BLOCK, its results
# merged into $res/raw/TOPO-KERNEL. Up to $parallel of them run at once (virtual clock).
boot_one() {
	local topo=$1 kernel=$2 blk=$3 tag=$1-$2 ncpu n s disk log image limit qpid rc unpack b0 bootseed
	ncpu=$(cpus_of "$topo")
	read -r n s < <(BENCH_ROUNDS=$blk sh "$S/guest/bench.sh" --plan $kernel "$profile" "$topo" $ncpu |
		awk -F'\t' '{ s += $6 } END { print NR, s + 0 }')
	disk=$res/logs/disk-$tag-$blk.img
	rm -f "$disk"
	truncate -s 256M "$disk"
	log=$res/logs/console-$tag-rounds-$blk.log
	# The control and the peers' kernel are the base kernel's image, booted as kernels of
	# their own.
	image=$image_base
	[ $kernel = series ] && image=$image_series
	# The boot's own seed: the guest's run order and start offsets (guest/bench.sh).
	bootseed=$(printf '%s %s %s' "$seed" "$tag" "$blk" | cksum | cut -d' ' -f1)
	s=$((s * slowdown))
	say "boot $tag, rounds $blk (profile $profile, $n runs, about $((s / 60)) min, boot seed $bootseed)"
	b0=$(date +%s)
	# A boot that times out loses all its results (the disk is written at the end):
	# twice its estimate and 20 minutes more (50 minutes at least) before it counts
	# as hung (the estimate in host seconds: slowdown).
	limit=$((2 * s + 1200))
	[ $limit -ge 3000 ] || limit=3000
	# est() was measured on flat (numa took 1.4x of it); a Zen3-class guest's 32-64
	# vCPUs share the same 2 host cores, and its runs are not measured: its limit
	# grows with its vCPUs per 8.
	[ "$ncpu" -le 8 ] || limit=$((limit * ncpu / 8))
	BOOT_CLOCK=$clock BOOT_TIMEOUT=${BENCH_BOOT_TIMEOUT:-$limit} BOOT_DISK=$disk \
	BOOT_APPEND="ln.kernel=$kernel ln.profile=$profile ln.topo=$topo ln.seed=$seed ln.bootseed=$bootseed ln.clock=$clock ln.rounds=$blk ln.peers=$BENCH_PEERS${BENCH_WORKLOADS:+ ln.workloads=$BENCH_WORKLOADS}${BENCH_CELLS:+ ln.cells=$BENCH_CELLS}${BENCH_VARIANTS:+ ln.variants=$BENCH_VARIANTS}${BENCH_REPS:+ ln.reps=$BENCH_REPS}${BENCH_EXPLORE:+ ln.explore=$BENCH_EXPLORE}" \
		"$S/boot.sh" "$topo" "$image" "$outroot/initramfs-bench.cpio.gz" "$log" bench &
	qpid=$!
	# Progress: the guest's LN-BENCH lines, as they come.
	sleep 1
	tail -n +1 -F --pid=$qpid "$log" 2>/dev/null | grep --line-buffered -a 'LN-BENCH\|LN-DMESG' |
		while IFS= read -r line; do
			printf '    [%s] %s: %s\n' "$(date +%T)" "$tag" "${line%$'\r'}" >&2
		done || true
	rc=0
	wait $qpid || rc=$?
	[ $rc = 0 ] || say "boot $tag: exit $rc (124: timed out), see $log"
	unpack=$res/logs/unpack-$tag-$blk
	rm -rf "$unpack"
	mkdir -p "$unpack"
	tar -x -f "$disk" -C "$unpack" 2>/dev/null ||
		say "boot $tag, rounds $blk: no results on the result disk"
	# One merge at a time: two boots of one kernel (blocks) may end together.
	(
		flock 9
		merge_results "$unpack" "$res/raw/$tag" "$blk"
	) 9> "$res/logs/merge.lock"
	rm -rf "$disk" "$unpack"
	say "boot $tag, rounds $blk: $(($(date +%s) - b0)) s"
}

nblock=0
declare -A booted
for blk in $blocks; do
	nblock=$((nblock + 1))
	ntopo=0
	for topo in $topologies; do
		ntopo=$((ntopo + 1))
		kernels=$(kernel_order $((seed + nblock + ntopo)))
		for kernel in $kernels; do
			tag=$topo-$kernel
			wanted "$tag" || continue
			n=$(BENCH_ROUNDS=$blk sh "$S/guest/bench.sh" --plan $kernel "$profile" "$topo" "$(cpus_of "$topo")" | wc -l)
			[ "$n" -gt 0 ] || continue
			if [ -z "${booted[$tag]:-}" ]; then
				rm -rf "$res/raw/$tag"
				booted[$tag]=1
			fi
			# The pool: at most $parallel boots at once, the next one as soon as one ends.
			while [ "$(jobs -pr | wc -l)" -ge "$parallel" ]; do
				wait -n || true
			done
			boot_one "$topo" "$kernel" "$blk" &
		done
	done
done
wait

say "report"
# Debian's python3 (with python3-matplotlib from deps.sh), not whatever python3 is first on PATH.
/usr/bin/python3 "$S/bench-report.py" "$res"
[ -n "$(ls -A "$res/raw" 2>/dev/null)" ] || { echo "bench: no boot produced results in $res/raw" >&2; exit 1; }
# Every raw sample, compressed, beside the report: what BENCHMARKS.md's tables are recomputed
# from (bench-recompute.sh DIR, once DIR is committed).
tar -C "$res" -cJf "$res/raw.tar.xz" raw host.txt seed bench-matrix base-version series-commit
say "raw samples: $res/raw.tar.xz ($(du -k "$res/raw.tar.xz" | cut -f1) KiB)"
say "done in $(($(date +%s) - t0)) s: $res/report.md"
