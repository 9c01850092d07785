#!/usr/bin/env bash
# Check the packages make deb built, and unpack the image for a boot.
#
# usage: check-deb.sh DEBDIR [CONFIG_FRAGMENT]
#
# DEBDIR holds what make-deb.sh left: one linux-image .deb, one linux-headers .deb when the
# config has CONFIG_MODULES=y, no linux-libc-dev, and no -dbg package unless DEB_DBG=1. The image package
# must carry vmlinuz, System.map and config of one kernel release; the config every =y
# option of CONFIG_FRAGMENT (default kernel/configs/latency_nice.config); System.map every
# function the Rust policy code of its base exports to C (the `extern "C" fn`s of the
# kernel/sched/policy_*.rs the series adds on that base).
# The headers package must carry what external modules build against: Makefile,
# Module.symvers, include/config/auto.conf (with the fragment's options) and autoconf.h.
# An external module that reads se.latency_nice is built against the unpacked headers
# (DEB_CHECK_MODULE=0 skips it). The image is unpacked to DEBDIR/root and its vmlinuz
# linked as DEBDIR/vmlinuz, for boot.sh.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:?usage: check-deb.sh DEBDIR [CONFIG_FRAGMENT]}
fragment=${2:-$top/kernel/configs/latency_nice.config}
fail() { printf 'check-deb: %s\n' "$*" >&2; exit 1; }
say() { printf '==> deb-check: %s\n' "$*" >&2; }

shopt -s nullglob
images=() headers=("$dir"/linux-headers-*.deb) others=("$dir"/linux-libc-dev*.deb)
for deb in "$dir"/linux-image-*.deb; do
	case "$deb" in
	*-dbg_*) [ "${DEB_DBG:-0}" = 1 ] || others+=("$deb") ;;
	*) images+=("$deb") ;;
	esac
done
((${#images[@]} == 1)) || fail "expected one linux-image package in $dir, found ${#images[@]}"
((${#others[@]} == 0)) || fail "unexpected packages: ${others[*]##*/}"
image=${images[0]}
release=$(dpkg-deb -f "$image" Package); release=${release#linux-image-}
[ -n "$release" ] || fail "$image has no package name"

rm -rf "$dir/root"
mkdir -p "$dir/root"
dpkg-deb -x "$image" "$dir/root"
for f in vmlinuz System.map config; do
	[ -s "$dir/root/boot/$f-$release" ] || fail "${image##*/} lacks /boot/$f-$release"
done
config=$dir/root/boot/config-$release
while read -r line; do
	case "$line" in CONFIG_*=y) grep -qxF "$line" "$config" || fail "/boot/config-$release lacks $line" ;; esac
done < "$fragment"
# The crates of the release's base only: a crate whose patch is another base's only
# (patches/overlay names its patch; apply-series.sh skips it there) is not in this kernel.
base=$(sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p' <<<"$release")
crates=()
for rs in "$top"/kernel/sched/policy_*.rs; do
	owner=$(awk -v f="kernel/sched/${rs##*/}" -F': ' '$2 ~ "(^| )" f "( |$)" { print $1 }' \
		"$top/patches/overlay")
	[ -n "$owner" ] || fail "patches/overlay names no patch for kernel/sched/${rs##*/}"
	[ -f "$top/patches/$owner" ] || [ -f "$top/patches/$base/$owner" ] && crates+=("$rs")
done
((${#crates[@]})) || fail "no Rust policy crate of base $base in kernel/sched/"
exports=$(sed -n 's/.*extern "C" fn \([a-z_0-9]*\).*/\1/p' "${crates[@]}" | sort -u)
[ -n "$exports" ] || fail "no extern \"C\" fn found in the crates of base $base"
for sym in $exports; do
	grep -q " [Tt] $sym\$" "$dir/root/boot/System.map-$release" ||
		fail "/boot/System.map-$release lacks $sym (the Rust policy code is not linked)"
done
say "${image##*/}: vmlinuz, config and System.map of $release; $(wc -w <<<"$exports") Rust policy functions linked"

if grep -qx 'CONFIG_MODULES=y' "$config"; then
	((${#headers[@]} == 1)) || fail "CONFIG_MODULES=y but ${#headers[@]} linux-headers packages in $dir"
	listing=$(dpkg-deb -c "${headers[0]}")
	for f in Makefile Module.symvers include/config/auto.conf include/generated/autoconf.h; do
		grep -qxF "./usr/src/linux-headers-$release/$f" <<<"$(awk '{print $6}' <<<"$listing")" ||
			fail "${headers[0]##*/} lacks /usr/src/linux-headers-$release/$f"
	done
	auto=$(dpkg-deb --fsys-tarfile "${headers[0]}" | tar -xO "./usr/src/linux-headers-$release/include/config/auto.conf")
	while read -r line; do
		case "$line" in CONFIG_*=y) grep -qxF "$line" <<<"$auto" ||
			fail "${headers[0]##*/}: include/config/auto.conf lacks $line" ;; esac
	done < "$fragment"
	say "${headers[0]##*/}: Makefile, Module.symvers and the config (auto.conf) external modules build against"
	if [ "${DEB_CHECK_MODULE:-1}" = 1 ]; then
		# An external module built against the unpacked headers, as DKMS would: it reads
		# the series' field of struct sched_entity, so it compiles only against headers of
		# the patched kernel; its vermagic must name the release.
		mod=$(mktemp -d)
		trap 'rm -rf "$mod"' EXIT
		dpkg-deb -x "${headers[0]}" "$mod/h"
		mkdir "$mod/m"
		cat > "$mod/m/ln_probe.c" <<'C'
#include <linux/module.h>
#include <linux/sched.h>

static int __init ln_probe_init(void)
{
	pr_info("latency_nice %d\n", current->se.latency_nice);
	return 0;
}
module_init(ln_probe_init);
MODULE_DESCRIPTION("make deb's check: the headers are the patched kernel's");
MODULE_LICENSE("GPL");
C
		echo 'obj-m := ln_probe.o' > "$mod/m/Makefile"
		make -s -C "$mod/h/usr/src/linux-headers-$release" M="$mod/m" modules >"$mod/log" 2>&1 ||
			{ cat "$mod/log" >&2; fail "an external module does not build against ${headers[0]##*/}"; }
		vermagic=$(modinfo -F vermagic "$mod/m/ln_probe.ko")
		[ "${vermagic%% *}" = "$release" ] || fail "the module's vermagic is '$vermagic', not $release"
		say "an external module reading se.latency_nice builds against it (vermagic $vermagic)"
	fi
else
	((${#headers[@]} == 0)) || fail "a headers package without CONFIG_MODULES"
	say "no headers package (CONFIG_MODULES is off)"
fi
ln -sf "root/boot/vmlinuz-$release" "$dir/vmlinuz"
say "image unpacked: $dir/vmlinuz"
