# latency_nice for Linux 7.2: fetch the pinned base, apply the series, build, boot, test.
#
#   make run     the main job: build the patched kernel, boot it, run the demo
#   make test    everything CI runs (host tests, kernel build, KUnit + in-guest tests
#                on two topologies, series checks, a smoke run of make bench)
#   make bench   A/B benchmark, base 7.2 vs the series vs mainline's custom slice
#                (PROFILE=quick, the default, or full); report in out/bench/PROFILE/
#   make deb     linux-image/linux-headers .debs of the patched kernel for a server, from
#                Debian's 7.2 config or CONFIG_BASE=/boot/config-...; in out/deb/ (README)
#
# KERNEL_SRC=/path/to/linux-7.2 applies the series to that tree (in place) instead of
# fetching Debian's linux-source-7.2.

SHELL       := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
OUT         := $(CURDIR)/out
S           := $(CURDIR)/scripts/latency-nice
KERNEL_SRC  ?=
SRC         := $(if $(KERNEL_SRC),$(abspath $(KERNEL_SRC)),$(OUT)/src/linux)
BUILD       := $(OUT)/build
KUNIT_SUITES := sched_policy_sis_util sched_policy_latency sched_policy_latency_offset \
	sched_policy_latency_credit sched_policy_latency_debt sched_policy_latency_permission \
	sched_policy_latency_pick \
	sched_latency_nice_pick sched_latency_nice_wakeup sched_latency_credit \
	sched_latency_tables sched_latency_run sched_latency_nice_unused sched_policy_sis_depth \
	sched_latency_permission \
	sched_latency_bounds sched_latency_hrtick sched_latency_yield sched_policy_latency_yield
# Suites of one base's patches only: the group entity's request (Linux 7.2, where groups are
# scheduled as entities) and the group's restriction of its tasks' value (Linux 7.3, where
# they are not).
KUNIT_SUITES_7.2 := sched_latency_group sched_policy_latency_group_slice
KUNIT_SUITES_7.3 := sched_policy_latency_group_nice
TOPOLOGIES  := flat numa smt zen3-mini
# What each topology's boot runs of the in-guest tests (ln.only: name prefixes; empty: all).
# smt is there for core scheduling (cookies need SMT siblings) and the stress next to it;
# zen3-mini (2 sockets x one 16-CPU LLC, SMT; boot.sh) for what a Zen3-class layout can
# break: the layout itself and a whole LLC's hotplug, SIS_UTIL's bound on every LLC,
# cpu.latency.nice on every CPU, the latency tree and credit under migrations between LLCs
# and nodes (stress), and a shorter fuzzer run.
ONLY_smt    := core_sched,latency_nice-stress
ONLY_zen3-mini := topology,sis_util,latency_nice-cgroup,latency_nice-stress,fuzz
# Rounds of the stress test per topology (ln.stress_rounds): all 8 on flat; 2 elsewhere
# (every kind of change once, CPU hotplug and sched_feat flips included), where a round costs
# 2-4x as much under TCG. The fuzzer's operations on zen3-mini (ln.fuzz_ops): 20000 of flat's
# 100000.
ROUNDS_numa := 2
ROUNDS_smt  := 2
ROUNDS_zen3-mini := 2
APPEND_zen3-mini := ln.fuzz_ops=20000
STAGE       = $(S)/stage.sh
PROFILE     ?= quick
# The clock of the measuring targets (bench, cost, crowd, share, run's demo): virtual, QEMU's
# instruction-counted clock (boot.sh BOOT_CLOCK=virtual: guest time depends on what the guest
# executes, not on the host's load), or wall, the multi-threaded TCG of the earlier runs.
# make test's boots keep the wall clock: they assert mechanisms, not times.
CLOCK       ?= virtual

.PHONY: all run test kernel shell series clean deps fetch apply initramfs host-test insn-profile \
	guest-test check-bases check-config-off guest-tools check-kernel-rust bench bench-smoke \
	diagnose soak kasan deb deb-test check-series base-apply boot-base share group-write sis-data \
	crowd systemd cost bench-recompute

all: kernel

deps:
	@$(STAGE) deps $(S)/deps.sh

fetch: deps
	@if [ -n "$(KERNEL_SRC)" ]; then echo "==> fetch: using KERNEL_SRC=$(SRC)"; \
	elif [ -f $(SRC)/.latency-nice-base ]; then echo "==> fetch: base $$(cat $(SRC)/.latency-nice-base) already unpacked"; \
	else $(STAGE) fetch $(S)/fetch-base.sh $(OUT)/src; fi

apply: fetch
	@$(STAGE) apply $(S)/apply-series.sh $(SRC)

kernel: apply
	@$(STAGE) build $(S)/build-kernel.sh $(SRC) $(BUILD) $(OUT)

guest-tools: deps
	@$(STAGE) guest-tools $(S)/build-guest-tools.sh

# The kernel's own selftests of what the series touches (cgroup test_cpu, cs_prctl_test),
# built from the applied tree into the guest's /usr/bin.
initramfs: guest-tools apply
	@$(STAGE) peer-tests $(S)/build-peer-tests.sh $(SRC) $(OUT)/guest-bin
	@$(STAGE) initramfs $(S)/mkinitramfs.sh $(OUT)/initramfs.cpio.gz

host-test: deps
	@$(STAGE) host-tests $(S)/host-test.sh

# The smt boot runs the image unpacked from make deb's linux-image package (deb-test): the
# package's kernel is the one booted and tested, at no extra boot.
IMAGE_smt   := $(OUT)/deb-test/vmlinuz
guest-test: kernel initramfs deb-test
	@for t in $(TOPOLOGIES); do \
		only=$$(case $$t in smt) echo "$(ONLY_smt)" ;; zen3-mini) echo "$(ONLY_zen3-mini)" ;; esac); \
		rounds=$$(case $$t in numa) echo "$(ROUNDS_numa)" ;; smt) echo "$(ROUNDS_smt)" ;; \
			zen3-mini) echo "$(ROUNDS_zen3-mini)" ;; esac); \
		extra=$$(case $$t in zen3-mini) echo "$(APPEND_zen3-mini)" ;; esac); \
		image=$$(case $$t in smt) echo "$(IMAGE_smt)" ;; *) echo "$(OUT)/bzImage" ;; esac); \
		BOOT_APPEND="$${only:+ln.only=$$only}$${rounds:+ ln.stress_rounds=$$rounds}$${extra:+ $$extra}" \
		$(STAGE) boot-$$t $(S)/boot.sh $$t $$image $(OUT)/initramfs.cpio.gz $(OUT)/logs/console-$$t.log test || true; \
		$(S)/check-console.py $(OUT)/logs/console-$$t.log $(KUNIT_SUITES) $(KUNIT_SUITES_7.2) || fail=1; \
	done; exit $${fail:-0}

# Fuzzing soak: tools/testing/selftests/sched/fuzz/latency_nice.sh alone on the flat
# topology, at least SOAK_OPS operations and at least SOAK_SECS seconds (SOAK_SECS=3600: an
# hour), seeds from SOAK_SEED (default: random; printed, and every run's seed is in the log),
# the fuzzer's calls at nice SOAK_NICE (default 0; -10 halves the time next to the load).
# No SCHED_DEADLINE calls as root unless SOAK_DEADLINE=1 (then bandwidth left reserved fails
# the soak): Linux 7.2 itself leaks the bandwidth of some of them for good within 10^4-10^6
# operations (shown on the unpatched base kernel by scripts/latency-nice/guest/
# dl-hotplug-leak.sh), which fails the fuzzer's bandwidth check on mainline's account.
# make test's 10^5 operations make them and only report a leak (the fuzz script's default,
# ln.fuzz_deadline=report).
SOAK_OPS    ?= 1000000
SOAK_SECS   ?= 0
SOAK_NICE   ?= 0
SOAK_DEADLINE ?= 0
soak: kernel initramfs
	@seed=$${SOAK_SEED:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}; \
	echo "==> soak: seed $$seed, $(SOAK_OPS) operations, $(SOAK_SECS) s, fuzzer at nice $(SOAK_NICE), deadline calls $(SOAK_DEADLINE)"; \
	BOOT_TIMEOUT=$$(($(SOAK_SECS) + 7200)) \
	BOOT_APPEND="ln.only=fuzz- ln.fuzz_seed=$$seed ln.fuzz_ops=$(SOAK_OPS) ln.fuzz_secs=$(SOAK_SECS) ln.fuzz_nice=$(SOAK_NICE) ln.fuzz_deadline=$(SOAK_DEADLINE)" \
	$(STAGE) soak $(S)/boot.sh flat $(OUT)/bzImage $(OUT)/initramfs.cpio.gz $(OUT)/logs/console-soak.log test || true; \
	$(S)/check-console.py $(OUT)/logs/console-soak.log $(KUNIT_SUITES) $(KUNIT_SUITES_7.2)

# KASAN: the test kernel plus kernel/configs/latency_nice_kasan.config, built with
# clang-19 (LLVM=-19: RUST needs KASAN's compiler to be clang) in out/build-kasan, booted flat
# with the in-guest tests (KASAN_FUZZ_OPS fuzzer operations; 2 stress rounds, ~6 min each
# under KASAN, so a 2400 s hang guard); the console
# checker fails on any KASAN report. A second boot writes one byte past a slab object
# through LKDTM and must be failed by the same checker with a KASAN report: the gate is
# seen to close. Not in make test: a second full kernel build (~25 min cold on 2 cores).
KASAN_FUZZ_OPS ?= 20000
# Every in-guest test but the kernel's test_cpu, whose cases compare CPU usage with timing
# tolerances that a KASAN kernel under TCG misses (cpu.max usage 12-20x its quota, cpu.stat
# 2-4 % off; seen on the first make kasan); the fuzzer drives the same cgroup files.
KASAN_TESTS := core_sched,fuzz-,latency_nice-,sis_util
kasan: apply initramfs
	@LN_LLVM=-19 $(STAGE) kasan-build $(S)/build-kernel.sh $(SRC) $(OUT)/build-kasan $(OUT)/kasan \
		$(CURDIR)/kernel/configs/latency_nice_kasan.config
	@grep -qx 'CONFIG_KASAN=y' $(OUT)/build-kasan/.config && grep -qx 'CONFIG_RUST=y' $(OUT)/build-kasan/.config || \
		{ echo "kasan: the KASAN kernel lacks CONFIG_KASAN or CONFIG_RUST" >&2; exit 1; }
	@BOOT_TIMEOUT=5400 BOOT_APPEND="ln.only=$(KASAN_TESTS) ln.fuzz_ops=$(KASAN_FUZZ_OPS) ln.stress_rounds=2 ln.stress_limit=2400" \
		$(STAGE) boot-kasan $(S)/boot.sh flat $(OUT)/kasan/bzImage $(OUT)/initramfs.cpio.gz $(OUT)/logs/console-kasan.log test || true
	@grep -aq 'KernelAddressSanitizer initialized' $(OUT)/logs/console-kasan.log || \
		{ echo "kasan: the boot did not run with KASAN" >&2; exit 1; }
	@$(S)/check-console.py $(OUT)/logs/console-kasan.log $(KUNIT_SUITES) $(KUNIT_SUITES_7.2)
	@$(S)/mkinitramfs.sh $(OUT)/initramfs-kasan-canary.cpio.gz $(S)/guest/kasan-canary.sh
	@$(STAGE) boot-kasan-canary $(S)/boot.sh flat $(OUT)/kasan/bzImage $(OUT)/initramfs-kasan-canary.cpio.gz \
		$(OUT)/logs/console-kasan-canary.log demo || true
	@if ! grep -aq 'BUG: KASAN: slab-out-of-bounds' $(OUT)/logs/console-kasan-canary.log || \
	    $(S)/check-console.py $(OUT)/logs/console-kasan-canary.log >/dev/null 2>&1; then \
		echo "kasan: the canary's out-of-bounds write was not reported, or the checker let it pass" >&2; exit 1; \
	fi
	@echo "==> kasan: test boot clean; the canary's out-of-bounds write reported and failed by the checker"

# Kernel packages for servers: linux-image and linux-headers .debs through
# bindeb-pkg, from CONFIG_BASE (debian: Debian's config for the pinned 7.2, the default; or a
# config file such as /boot/config-$$(uname -r)) with kernel/configs/latency_nice.config
# merged; LSMOD=FILE for localmodconfig, KDEB_SUITE, DEB_DBG=1 (scripts/latency-nice/
# make-deb.sh). Built in out/deb-build, packages in out/deb/, checked by check-deb.sh.
CONFIG_BASE ?= debian
deb: apply
	@CONFIG_BASE="$(CONFIG_BASE)" LSMOD="$(LSMOD)" $(STAGE) deb $(S)/make-deb.sh $(SRC) $(OUT)/deb-build $(OUT)/deb
	@$(S)/check-deb.sh $(OUT)/deb

# make test's packaging check: the test kernel (CONFIG_MODULES=y, so the headers package is
# made) packaged from its warm build directory (under a minute), checked, its image unpacked
# for the smt boot.
deb-test: kernel
	@CONFIG_BASE=test $(STAGE) deb-test $(S)/make-deb.sh $(SRC) $(BUILD) $(OUT)/deb-test
	@$(S)/check-deb.sh $(OUT)/deb-test $(CURDIR)/kernel/configs/latency_nice_qemu.config

# Kernel-side Rust checks on the crate as the kernel builds it: clippy and rustfmtcheck.
check-kernel-rust: kernel
	@$(STAGE) kernel-rust $(S)/kernel-rust-checks.sh $(SRC) $(BUILD)

# The series applies to every base of base/sources: the pinned linux-source-7.2 versions, and
# linux-source-7.3 (the shared patches, each with its part of patches/7.2/ or patches/7.3/).
check-bases: apply
	@$(STAGE) check-bases $(S)/check-bases.sh $(OUT)/bases $(SRC)

# The test kernel on another base of base/sources (BASE=7.3, the default, or a version of
# base/sources; a prefix picks its first line), booted with make test's initramfs and checked
# like make test's flat boot. Not in make test: a second kernel build (~13 min with ccache
# warm). Tree, build, image and console log are in out/base-<version>/.
BASE         ?= 7.3
BASE_VERSION := $(shell awk '!/^\#/ && NF && index($$1, "$(BASE)") == 1 { print $$1; exit }' base/sources)
BASE_DIR     := $(OUT)/base-$(BASE_VERSION)
base-apply: deps
	@[ -n "$(BASE_VERSION)" ] || { echo "make: BASE=$(BASE) is no version of base/sources" >&2; exit 1; }
	@[ -f $(BASE_DIR)/src/linux/.latency-nice-base ] || \
		$(STAGE) base-fetch $(S)/fetch-base.sh $(BASE_DIR)/src $(BASE_VERSION)
	@$(STAGE) base-apply $(S)/apply-series.sh $(BASE_DIR)/src/linux

boot-base: initramfs base-apply
	@$(STAGE) base-build $(S)/build-kernel.sh $(BASE_DIR)/src/linux $(BASE_DIR)/build $(BASE_DIR)
	@$(STAGE) base-boot $(S)/boot.sh flat $(BASE_DIR)/bzImage $(OUT)/initramfs.cpio.gz \
		$(BASE_DIR)/console.log test || true
	@$(S)/check-console.py $(BASE_DIR)/console.log $(KUNIT_SUITES) \
		$(KUNIT_SUITES_$(shell echo '$(BASE_VERSION)' | sed 's/^\([0-9]*\.[0-9]*\).*/\1/'))

# The mails, for the main base (out/series/) or, with BASE= on the command line, for that
# base (out/series-<version>/; `make series BASE=7.3`).
ifeq ($(origin BASE),command line)
SERIES_VERSION := $(BASE_VERSION)
SERIES_DIR     := $(OUT)/series-$(BASE_VERSION)
else
SERIES_VERSION :=
SERIES_DIR     := $(OUT)/series
endif
series: deps
	@[ "$(origin BASE)" != "command line" ] || [ -n "$(BASE_VERSION)" ] || \
		{ echo "make: BASE=$(BASE) is no version of base/sources" >&2; exit 1; }
	@LN_BASE_VERSION="$(SERIES_VERSION)" $(STAGE) series $(S)/format-series.sh $(SERIES_DIR)

# Before a series change lands (not in make test: ~100 min cold on 2 cores): checkpatch
# --strict on every mail of make series, then every mail applied in order builds (BASE= as
# for make series).
check-series: series
	@LN_BASE_VERSION="$(SERIES_VERSION)" $(STAGE) check-series $(S)/check-series.sh $(SERIES_DIR) \
		$(OUT)/check-series$(if $(SERIES_VERSION),-$(SERIES_VERSION))

# The series with its Kconfig options off: CONFIG_SCHED_RUST_POLICY=n (the C scheduler
# alone: no Rust policy code linked) and CONFIG_SCHED_LATENCY_NICE=n alone (the attribute
# off, SIS_UTIL still in Rust). Both must compile and link: kernel/sched/ is compiled again
# under each config on a copy of the test kernel's build, and vmlinux linked.
check-config-off: kernel
	@$(STAGE) config-off $(S)/check-config-off.sh $(SRC) $(BUILD) $(OUT)/config-off

# The benchmark harness: both kernels built with the Debian-like bench config, booted flat
# and NUMA (PROFILE=full: flat), the base also as the A/A control, the whole matrix run;
# report.md, results.json/csv and plots in out/bench/PROFILE.
# make bench BASE=7.3: the same on that base of base/sources, the unpatched base against the
# series applied to it (tree in out/base-<version>/, results in out/bench-<version>/).
# make bench TOPO=zen3-nps1 (or any layout of boot.sh): that topology alone, the matrix's
# cells for every topology, results in out/bench/PROFILE-TOPO/.
ifeq ($(origin BASE),command line)
bench: base-apply
	@BENCH_CLOCK=$(CLOCK) BENCH_TOPO=$(TOPO) $(STAGE) bench-$(PROFILE) $(S)/bench.sh $(PROFILE) $(BASE_DIR)/src/linux $(OUT)/bench-$(BASE_VERSION)
else
bench: apply
	@BENCH_CLOCK=$(CLOCK) BENCH_TOPO=$(TOPO) $(STAGE) bench-$(PROFILE) $(S)/bench.sh $(PROFILE) $(SRC) $(OUT)/bench
endif

# CI smoke of the harness: every cell once for about a second, on the test kernel (both
# halves of the matrix: latency_nice 0 and custom slice as the base half); checks that every
# cell of every boot produced data, judges no performance figure. A run without data is run
# again with its duration doubled, up to 240 s a run (guest/bench.sh UNTIL_DATA): on a host
# loaded by other jobs a tool next to the background may serve nothing in a second. Flat only: the numa boots
# ran the same tools and parsers on a subset of the cells and cost ~6 of make test's minutes
# (8 vCPUs on 2 host cores); make bench runs both topologies.
# The smoke of every cell runs on the wall clock (~8 min): on the virtual clock the test
# kernel's ~400 loaded virtual seconds would take 20-30 min of make test. A second, focused
# smoke boots the three kernels on the virtual clock, two guests at once (a pipe and the
# seed-scaled regime: ~2 min), so that make bench's default path (icount, boot seeds, the
# boot pool, the report's clock and focus) runs in make test too.
bench-smoke: kernel
	@BENCH_CLOCK=wall BENCH_IMAGE=$(OUT)/bzImage BENCH_TOPOLOGIES=flat $(STAGE) bench-tiny $(S)/bench.sh tiny $(SRC) $(OUT)/bench
	@$(S)/bench-report.py $(OUT)/bench/tiny --check
	@BENCH_CLOCK=virtual BENCH_IMAGE=$(OUT)/bzImage BENCH_TOPOLOGIES=flat BENCH_WORKLOADS=pipe,cyclictest-seed \
		BENCH_CELLS=0:-,0:0 $(STAGE) bench-tiny-virtual $(S)/bench.sh tiny $(SRC) $(OUT)/bench
	@grep -qx 'clock=virtual' $(OUT)/bench/tiny-focus/host.txt
	@$(S)/bench-report.py $(OUT)/bench/tiny-focus --check

test: host-test guest-test check-kernel-rust check-config-off check-bases series bench-smoke
	@echo "==> test: all passed (stage times in $(OUT)/logs/stages.txt)"

run: kernel guest-tools
	@$(S)/mkinitramfs.sh $(OUT)/initramfs-demo.cpio.gz $(S)/guest/demo.sh
	@BOOT_CLOCK=$(CLOCK) $(STAGE) boot-demo $(S)/boot.sh flat $(OUT)/bzImage $(OUT)/initramfs-demo.cpio.gz $(OUT)/logs/console-demo.log demo || true
	@sed -n '/^LN-DEMO/,/^LN-GUEST: done/p' $(OUT)/logs/console-demo.log | sed 's/\r//'
	@$(S)/check-console.py $(OUT)/logs/console-demo.log $(KUNIT_SUITES) $(KUNIT_SUITES_7.2)

shell: kernel initramfs
	$(S)/boot.sh $(or $(TOPO),flat) $(OUT)/bzImage $(OUT)/initramfs.cpio.gz /dev/null shell

clean:
	rm -rf $(OUT) target

# The CPU share of latency_nice adversaries next to CPU hogs on one CPU (fork chains of
# children that spin 1 or 3 ms and exit, a task that spins 1 ms and sleeps 1 us, a plain
# spinner), at latency_nice 0 and -20, as root and as an unprivileged user, then through task
# groups (each participant in a cpu cgroup of its own; the adversary's group delegated to it),
# then, on a kernel with autogroup, through sessions (each participant an autogroup of its own,
# beside mainline's unprivileged 0.1 ms custom slice, the bound's baseline; on the base kernel,
# SHARE_IMAGE=out/bench/kernel-base/bzImage, only the runs without latency_nice run): measured, not judged (guest/share.sh, tools/.../latency_nice/src/share.rs). SHARE_IMAGE boots another
# kernel with the same initramfs (e.g. an older build, for before/after; the bench kernel,
# out/bench/kernel-series/bzImage, for the autogroups the test kernel lacks); BOOT_APPEND=SHARE_ONLY=
# matrix, groups or sessions runs one part. The LN-SHARE result lines are in
# out/logs/console-share.log. Not in make test (timing; ~10 min).
SHARE_IMAGE ?= $(OUT)/bzImage
share: kernel guest-tools
	@$(S)/mkinitramfs.sh $(OUT)/initramfs-share.cpio.gz $(S)/guest/share.sh
	@BOOT_CLOCK=$(CLOCK) $(STAGE) share $(S)/boot.sh flat $(SHARE_IMAGE) $(OUT)/initramfs-share.cpio.gz \
		$(OUT)/logs/console-share.log demo || true
	@grep -a 'LN-SHARE: \([^s]\|skipped\)' $(OUT)/logs/console-share.log | sed 's/\r//'
	@grep -aq 'LN-SHARE: done: [0-9]* runs, 0 failed' $(OUT)/logs/console-share.log

# What a crowd of an unprivileged user's short sleepers (nice 19, run 5 us, sleep 50 ms; 200 and
# 1000 of them at latency_nice 0 and -20 and with mainline's 0.1 ms custom slice, and none)
# costs a nice-0 hog and a cyclictest beside it on one CPU (guest/crowd.sh,
# tools/.../latency_nice/src/crowd.rs): every pick looks at the latency tree. Measured, not
# judged. The default image is the series built with the benchmark config into out/crowd/
# (the test kernel's CONFIG_SCHED_LATENCY_NICE_DEBUG walks the runqueue on every pick, which
# would be all it measured); CROWD_IMAGE boots another (e.g. an older build, for before/after).
# BOOT_APPEND="CROWD_SIZES=1000 CROWD_WAYS=ln-20 CROWD_FEATS=NO_LATENCY_OFFSET" narrows it
# (guest/crowd.sh); a run that does not finish in CROWD_LIMIT (300) s is killed, reported and
# ends the runs. The LN-CROWD lines are in out/logs/console-crowd.log. Not in make test
# (timing; ~6 min when every run finishes).
# What the series costs workloads that never ask for latency_nice, as a path length in virtual
# time (scripts/latency-nice/cost.sh, cost-report.py): the base and the series built with the
# benchmark config (make bench builds both: COST_BASE, COST_SERIES) and a copy of the base
# as an A/A control, on QEMU's instruction-counted clock, hackbench and perf bench sched pipe
# (unpinned and pinned to one CPU) at latency_nice 0 with the static key off, with it on
# (0-key) and at -20; virtual ns per operation, the boot as the unit, COST_BOOTS rounds (10)
# of five boots, two guests at once. COST_SEED, COST_REPS (runs a boot, 3), COST_CLOCK=wall
# for the old clock. out/cost/report.md. Needs make bench's initramfs (make bench-smoke
# builds it). Measured, not judged; not in make test (~40 s a boot on the virtual clock).
# BENCHMARKS.md's tables from the raw samples committed beside them: the full run's report
# and summary (bench-recompute.sh), make cost's report, and the clocks' spread; any
# difference from the committed files fails (host-test.sh runs it too).
bench-recompute:
	@$(S)/recompute-benchmarks.sh

COST_BASE ?= $(OUT)/bench/kernel-base/bzImage
COST_SERIES ?= $(OUT)/bench/kernel-series/bzImage
cost:
	@COST_CLOCK=$(CLOCK) $(STAGE) cost $(S)/cost.sh $(COST_BASE) $(COST_SERIES) $(OUT)/cost

# Where the series' instructions go (scripts/latency-nice/insn-profile.sh, insn-report.py):
# make cost's kernels and levels, each booted once (INSN_BOOTS) on the virtual clock with
# insn-count, a QEMU TCG plugin built against the installed QEMU's plugin API (its header
# from Debian's source package), which counts the guest instructions of every block between
# the sync(2) calls the guest makes around each run; per kernel function and operation of
# pipe (pinned, unpinned) and hackbench. out/insn-profile/report.md; ~2 min. Not in make test.
insn-profile:
	@$(STAGE) insn-profile $(S)/insn-profile.sh $(COST_BASE) $(COST_SERIES) $(OUT)/insn-profile

CROWD_IMAGE ?= $(OUT)/crowd/kernel/bzImage
crowd: apply guest-tools
	@[ "$(CROWD_IMAGE)" != "$(OUT)/crowd/kernel/bzImage" ] || $(STAGE) crowd-kernel \
		$(S)/build-kernel.sh $(SRC) $(OUT)/crowd/build $(OUT)/crowd/kernel \
		$(CURDIR)/kernel/configs/latency_nice_bench.config
	@$(S)/mkinitramfs.sh $(OUT)/initramfs-crowd.cpio.gz $(S)/guest/crowd.sh
	@BOOT_CLOCK=$(CLOCK) $(STAGE) crowd $(S)/boot.sh flat $(CROWD_IMAGE) $(OUT)/initramfs-crowd.cpio.gz \
		$(OUT)/logs/console-crowd.log demo || true
	@grep -a 'LN-CROWD: ' $(OUT)/logs/console-crowd.log | sed 's/\r//'
	@grep -aq 'LN-CROWD: done: [0-9]* runs, 0 failed' $(OUT)/logs/console-crowd.log

# cpu.latency.nice through systemd, for real (issue 40): Debian bookworm's systemd as init
# (a root file system from Debian's packages, mmdebstrap, cached under out/systemd/; run from
# the initramfs), booting the series with the benchmark config (out/crowd/, as make crowd).
# A drop-in (scripts/latency-nice/guest/systemd/latency-nice-example.conf, README's recipe)
# gives a service's cgroup -20; checked after a start, a restart, a daemon-reload and a stop
# and start, and a value written by hand checked not to outlive a restart; then cyclictest as
# a service next to a CPU-bound one, its group at 0 and at -20 (printed, not judged). The
# LN-SYSTEMD lines are in out/logs/console-systemd.log. Needs root. Not in make test (the
# root file system is a download of ~60 MB).
systemd: apply guest-tools
	@$(STAGE) crowd-kernel $(S)/build-kernel.sh $(SRC) $(OUT)/crowd/build $(OUT)/crowd/kernel \
		$(CURDIR)/kernel/configs/latency_nice_bench.config
	@$(S)/mkinitramfs-systemd.sh $(OUT)/initramfs-systemd.cpio.gz
	@BOOT_MEM=2G BOOT_APPEND="systemd.show_status=error" $(STAGE) systemd $(S)/boot.sh flat \
		$(OUT)/crowd/kernel/bzImage $(OUT)/initramfs-systemd.cpio.gz $(OUT)/logs/console-systemd.log demo || true
	@grep -a 'LN-SYSTEMD: ' $(OUT)/logs/console-systemd.log | sed 's/\r//'
	@grep -aq 'LN-SYSTEMD: done: [0-9]* checks, 0 failed' $(OUT)/logs/console-systemd.log

# How long a write of cpu.latency.nice takes next to many runnable tasks of another group on
# one CPU (GW_TASKS, default 1000: more did not finish under TCG; guest/group-write.sh,
# tools/.../latency_nice/src/group_write.rs): on Linux 7.3 a write reaches the group's tasks.
# Measured, not judged; GROUP_WRITE_IMAGE boots another kernel (e.g. out/base-<version>/bzImage).
# The LN-GROUPWRITE lines are in out/logs/console-group-write.log. Not in make test (timing).
GROUP_WRITE_IMAGE ?= $(OUT)/bzImage
group-write: kernel guest-tools
	@$(S)/mkinitramfs.sh $(OUT)/initramfs-group-write.cpio.gz $(S)/guest/group-write.sh
	@$(STAGE) group-write $(S)/boot.sh flat $(GROUP_WRITE_IMAGE) \
		$(OUT)/initramfs-group-write.cpio.gz $(OUT)/logs/console-group-write.log demo || true
	@grep -a 'LN-GROUPWRITE: ' $(OUT)/logs/console-group-write.log | sed 's/\r//'
	@grep -aq 'LN-GROUPWRITE: done' $(OUT)/logs/console-group-write.log

# Why cyclictest's wakeups wait under load (the debug kernel's slow-wakeup counters), with
# preempt=full and preempt=lazy; out/diagnose/report.md. Not part of make test (timing).
diagnose: kernel guest-tools
	@$(STAGE) diagnose $(S)/diagnose.sh $(OUT)/bzImage $(OUT)/diagnose

# The idle-CPU search of hackbench, schbench-rs and tbench under each search rule (SIS_UTIL,
# sis_small_llc, sis_latency_pct at -20 and 19), counted by the test kernel's sis_stats, in a
# guest of TOPO (default zen3-nps1: 64 vCPUs, 4 LLCs of 16); out/sis-data-TOPO/report.md.
# SIS_REPS rounds (default 1); SIS_RULES and SIS_WORKLOADS narrow it (guest/sis-data.sh).
# Not part of make test (counts under load, for BENCHMARKS.md).
sis-data: kernel guest-tools
	@$(STAGE) sis-data $(S)/sis-data.sh $(OUT)/bzImage $(or $(TOPO),zen3-nps1) \
		$(OUT)/sis-data-$(or $(TOPO),zen3-nps1)
