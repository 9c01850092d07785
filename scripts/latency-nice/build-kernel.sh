#!/usr/bin/env bash
# Configure and build the test kernel.
#
# usage: build-kernel.sh SRCDIR BUILDDIR OUTDIR [EXTRA_FRAGMENT...]
#
# EXTRA_FRAGMENTs are merged last, in order (e.g. to turn CONFIG_SCHED_RUST_POLICY off,
# or the benchmark config); a must-have option one of them sets to "n" is not required.
#
# Config: tinyconfig + kvm_guest.config + kernel/configs/latency_nice_qemu.config, then
# olddefconfig; fails if a must-have option (RUST above all) was dropped. The .config is
# only replaced when it changes, so BUILDDIR stays an incremental O= build directory.
# C objects go through ccache. The image is copied to OUTDIR/bzImage.
# KBUILD_KEEP_OBJECTS_EXCEPT="DIR..." (check-config-off.sh, on a copy of a finished build
# directory): only DIRs are compiled again under the new .config, then vmlinux is linked.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$(cd "${1:?usage: build-kernel.sh SRCDIR BUILDDIR OUTDIR}" && pwd)
mkdir -p "$2" "$3"
bdir=$(cd "$2" && pwd)
out=$(cd "$3" && pwd)
fragment=$top/kernel/configs/latency_nice_qemu.config
extras=("${@:4}")
jobs=${JOBS:-$(nproc)}
say() { printf '==> kernel: %s\n' "$*" >&2; }

# LN_LLVM=-19 (make kasan): the whole kernel with Debian's clang-19/ld.lld-19 (LLVM=-19),
# C objects still through ccache; otherwise gcc.
llvm=${LN_LLVM:-}
cc=gcc
[ -n "$llvm" ] && cc=clang$llvm
command -v ccache >/dev/null && cc="ccache $cc"
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/latency-nice-ccache} CCACHE_BASEDIR=$src
# A fragment that asks for BTF (the bench config: sched_ext) gets trixie's pahole, since
# bookworm's 1.24 encodes 7.2's KF_IMPLICIT_ARGS kfuncs wrong (fetch-pahole.sh). Kconfig
# reads PAHOLE's version, so every make of this build is given it, the config's included.
pahole=()
if ((${#extras[@]})) && grep -qx 'CONFIG_DEBUG_INFO_BTF=y' "${extras[@]}"; then
	wrapper=$("$top/scripts/latency-nice/fetch-pahole.sh" "$top/out/pahole") || exit 1
	pahole=(PAHOLE="$wrapper")
fi
kmake() {
	if [ -n "$llvm" ]; then
		make -s -C "$src" O="$bdir" LLVM="$llvm" CC="$cc" "${pahole[@]}" -j"$jobs" "$@"
	else
		make -s -C "$src" O="$bdir" CC="$cc" HOSTCC=gcc "${pahole[@]}" -j"$jobs" "$@"
	fi
}

say "config"
cfg=$(mktemp -d)
trap 'rm -rf "$cfg"' EXIT
kmake O="$cfg" tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$cfg" "$cfg/.config" \
	"$src/kernel/configs/kvm_guest.config" "$fragment" "${extras[@]}" >"$cfg/merge.log"
kmake O="$cfg" olddefconfig >/dev/null 2>"$cfg/olddef.log" || { cat "$cfg/olddef.log" >&2; exit 1; }

# Must-haves: what the fragment asks for and the tests depend on. Dropping RUST is the
# classic silent failure (scripts/rust_is_available.sh failed, HAVE_RUST unset).
missing=()
for opt in 64BIT RUST SCHED_RUST_POLICY SCHED_LATENCY_NICE SCHED_LATENCY_NICE_DEBUG SCHED_SIS_STATS_DEBUG SCHED_LATENCY_NICE_KUNIT_TEST SCHED_CORE UCLAMP_TASK KUNIT KALLSYMS SMP NUMA SCHED_MC CGROUP_SCHED \
	   FAIR_GROUP_SCHED CFS_BANDWIDTH DEBUG_FS SCHEDSTATS BLK_DEV_INITRD DEVTMPFS SERIAL_8250_CONSOLE \
	   PROVE_LOCKING DEBUG_ATOMIC_SLEEP UBSAN UBSAN_BOUNDS UBSAN_SHIFT RUST_OVERFLOW_CHECKS RCU_BOOST; do
	((${#extras[@]})) && grep -qx "# CONFIG_$opt is not set\|CONFIG_$opt=n" "${extras[@]}" && continue
	# LN_REQUIRE=declared (check-series.sh, at a patch before the one that adds an option):
	# an option no Kconfig of the tree declares is not required.
	if [ "${LN_REQUIRE:-all}" = declared ] && ! grep -rqx --include='Kconfig*' "config $opt" "$src"; then
		continue
	fi
	grep -qx "CONFIG_$opt=y" "$cfg/.config" || missing+=("CONFIG_$opt")
done
# What the fragments ask of BTF and sched_ext survives too (a pahole Kconfig found too old
# drops DEBUG_INFO_BTF, and SCHED_CLASS_EXT with it, without a word).
for opt in DEBUG_INFO_BTF SCHED_CLASS_EXT FUNCTION_TRACER; do
	((${#extras[@]})) && grep -qx "CONFIG_$opt=y" "${extras[@]}" || continue
	grep -qx "CONFIG_$opt=y" "$cfg/.config" || missing+=("CONFIG_$opt")
done
if ((${#missing[@]})); then
	echo "build-kernel: olddefconfig dropped ${missing[*]}" >&2
	if [[ " ${missing[*]} " == *" CONFIG_RUST "* ]]; then
		echo "build-kernel: the Rust toolchain is not usable; make rustavailable says:" >&2
		make -s -C "$src" O="$cfg" rustavailable >&2 || true
	fi
	exit 1
fi
if ! cmp -s "$cfg/.config" "$bdir/.config"; then
	cp "$cfg/.config" "$bdir/.config"
	say "new .config in $bdir"
fi

say "build (-j$jobs, O=$bdir)"
kmake olddefconfig >/dev/null
if [ -n "${KBUILD_KEEP_OBJECTS_EXCEPT:-}" ]; then
	# check-config-off.sh: BUILDDIR is a copy of a finished build; keep every object
	# outside the given directories as it is, whatever the new .config. syncconfig writes
	# the new generated headers and include/config/ stamps, prepare the headers generated
	# from them (asm-offsets.h: the series' fields move task_struct's offsets, and a newer
	# asm-offsets.h made every object and the Rust crates compile again, ~8 min a
	# variant on a cold ccache); giving every file one timestamp then makes all of it up
	# to date, and the directories' objects and the link are redone. A compile and link
	# check: the kept objects are not rebuilt for the new layout, so the image is not
	# for booting.
	kmake syncconfig >/dev/null
	kmake prepare >/dev/null
	stamp=$(date +%s)
	find "$bdir" -exec touch -h -d "@$stamp" {} +
	for d in $KBUILD_KEEP_OBJECTS_EXCEPT; do
		find "$bdir/$d" \( -name '*.o' -o -name '*.a' \) -delete
	done
	rm -f "$bdir/vmlinux" "$bdir/vmlinux.o" "$bdir/vmlinux.a"
	sleep 1	# what is built from here on is newer than the stamp
	say "kept every object outside $KBUILD_KEEP_OBJECTS_EXCEPT"
fi
kmake bzImage
cp "$bdir/arch/x86/boot/bzImage" "$out/bzImage"
cp "$bdir/System.map" "$out/System.map"
say "image $out/bzImage ($(stat -c %s "$out/bzImage") bytes)"
