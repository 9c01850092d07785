#!/usr/bin/env bash
# The series with its Kconfig options off must compile and link (make check-config-off):
#
#   off     CONFIG_SCHED_RUST_POLICY=n: the C scheduler alone, none of the functions
#           kernel/sched/policy_*.rs export to C linked
#   ln-off  CONFIG_SCHED_LATENCY_NICE=n alone: no latency_nice, SIS_UTIL still in Rust
#
# usage: check-config-off.sh SRCDIR TEST_BUILDDIR OUTDIR
#
# Neither variant is booted, so neither needs a build of its own. The series' options are
# used in kernel/sched/ (its code, and its object list: policy_*.o) and, for struct layouts
# and prototypes only, in a few headers; this script checks that no other source file uses
# them. So each variant starts from a copy of the test kernel's build directory, gets the
# variant's .config (made by build-kernel.sh, with its must-have checks), compiles
# kernel/sched/ again under it and links vmlinux; every other object is kept as the test
# kernel built it. What that proves: every #ifdef branch of the series compiles, and
# nothing the kernel links against is missing with the option off. What it does not: the
# image is not bootable (the kept objects have the other struct layout) and is not booted.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
S=$top/scripts/latency-nice
src=$(cd "${1:?usage: check-config-off.sh SRCDIR TEST_BUILDDIR OUTDIR}" && pwd)
test_build=$(cd "${2:?}" && pwd)
mkdir -p "${3:?}"
out=$(cd "$3" && pwd)
say() { printf '==> config-off: %s\n' "$*" >&2; }

[ -f "$test_build/vmlinux" ] || { echo "check-config-off: $test_build has no vmlinux (make kernel first)" >&2; exit 1; }

# The options in C sources outside kernel/sched/, or in headers other than the ones that only
# declare under them, would mean objects outside kernel/sched/ change too: say so, do not guess.
opts='CONFIG_SCHED_RUST_POLICY\|CONFIG_SCHED_LATENCY_NICE'
declaring="include/linux/sched.h include/linux/sched/topology.h $(cd "$src" && echo include/linux/sched/policy/*.h)"
users=$(cd "$src" && grep -rl --include='*.[ch]' --include='*.rs' --include=Makefile "$opts" \
	--exclude-dir=.pc . | sed 's|^\./||' | grep -v '^kernel/sched/' | sort)
extra=$(comm -23 <(echo "$users") <(tr ' ' '\n' <<<"$declaring" | sort) | sed '/^$/d')
if [ -n "$extra" ]; then
	echo "check-config-off: the series' options are used outside kernel/sched/ in:" $extra >&2
	echo "check-config-off: rebuild those objects too (extend this script) or build in full" >&2
	exit 1
fi
# The declaring headers: only struct members and prototypes under the options, nothing that
# generates code in the files that include them.
for h in $declaring; do
	if sed -n "/^#if.*\($opts\)/,/^#endif/p" "$src/$h" | grep -q 'static inline\|^#define [a-z_]*(.*)'; then
		echo "check-config-off: $h has code under the series' options; rebuild its users too" >&2
		exit 1
	fi
done

# The copy sits next to the test build (BUILDDIR/../build-config-NAME), at the same depth:
# kbuild names the source tree relative to the build directory (../src/linux), and a copy one
# level deeper changes every object's command line, which kbuild takes as a reason to
# compile the whole kernel again (and ccache misses, on a fresh machine): 2 x 14 min instead
# of kernel/sched/ alone.
bdir_of() { echo "$(dirname "$test_build")/build-config-$1"; }
variant() { # NAME FRAGMENT
	local name=$1 fragment=$2 bdir
	bdir=$(bdir_of "$1")
	say "$name: $(basename "$fragment"), kernel/sched/ compiled again, vmlinux linked"
	rm -rf "$bdir"
	cp -a "$test_build" "$bdir"
	# Everything kept is up to date whatever the new .config says (newer than the
	# include/config/ stamps syncconfig touches); kernel/sched/ and the link are redone.
	KBUILD_KEEP_OBJECTS_EXCEPT=kernel/sched \
		"$S/build-kernel.sh" "$src" "$bdir" "$out/$name" "$fragment"
}

variant off "$top/kernel/configs/latency_nice_off.config"
exports=$(sed -n 's/.*extern "C" fn \([a-z_0-9]*\).*/\1/p' "$top"/kernel/sched/policy_*.rs)
[ -n "$exports" ] || { echo "check-config-off: no extern \"C\" fn in kernel/sched/policy_*.rs" >&2; exit 1; }
for sym in $exports; do
	if grep -q " $sym\$" "$out/off/System.map"; then
		echo "check-config-off: $sym (Rust policy) linked with CONFIG_SCHED_RUST_POLICY=n" >&2
		exit 1
	fi
done
grep -qx '# CONFIG_SCHED_RUST_POLICY is not set' "$(bdir_of off)/.config"
say "CONFIG_SCHED_RUST_POLICY=n compiles and links, none of the $(wc -w <<<"$exports") Rust policy functions in vmlinux"

variant ln-off "$top/kernel/configs/latency_nice_ln_off.config"
if ! grep -q ' T sis_util_nr_idle_scan$' "$out/ln-off/System.map"; then
	echo "check-config-off: no sis_util_nr_idle_scan with CONFIG_SCHED_LATENCY_NICE=n" >&2
	exit 1
fi
if grep -q ' sched_group_set_latency_nice$' "$out/ln-off/System.map"; then
	echo "check-config-off: cpu.latency.nice code linked with CONFIG_SCHED_LATENCY_NICE=n" >&2
	exit 1
fi
grep -qx '# CONFIG_SCHED_LATENCY_NICE is not set' "$(bdir_of ln-off)/.config"
say "CONFIG_SCHED_LATENCY_NICE=n compiles and links, SIS_UTIL still in Rust"
rm -rf "$(bdir_of off)" "$(bdir_of ln-off)"
