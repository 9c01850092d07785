#!/usr/bin/env bash
# Host tests of check-deb.sh (make test's gate on the packages make deb builds): fake
# linux-image/linux-headers packages made with dpkg-deb, one good set and one broken
# variant per promise the checker makes; each broken one must fail with its message.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
check=$top/scripts/latency-nice/check-deb.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rel=7.2.13-latency-nice
frag=$tmp/fragment.config
printf 'CONFIG_RUST=y\nCONFIG_SCHED_LATENCY_NICE=y\n# CONFIG_FOO is not set\n' > "$frag"
exports=$(sed -n 's/.*extern "C" fn \([a-z_0-9]*\).*/\1/p' "$top"/kernel/sched/*.rs | sort -u)

# mkpkg DIR NAME FILE... : a .deb of package NAME whose files are the FILEs (paths in the
# package; written by the caller under DIR/NAME/).
mkpkg() {
	local dir=$1 name=$2 root=$1/$2
	mkdir -p "$root/DEBIAN"
	printf 'Package: %s\nVersion: 7.2.13-1+ln1~test\nArchitecture: amd64\nMaintainer: t <t@t>\nDescription: t\n' \
		"$name" > "$root/DEBIAN/control"
	dpkg-deb --build -Zgzip "$root" "$dir/${name}_7.2.13-1+ln1~test_amd64.deb" >/dev/null
	rm -rf "$root"
}

# good DIR [modules]: a package set that passes.
good() {
	local dir=$1 img=$1/linux-image-$rel
	mkdir -p "$img/boot"
	echo x > "$img/boot/vmlinuz-$rel"
	{ echo 'CONFIG_X86_64=y'; grep '=y$' "$frag"; [ "${2:-}" = modules ] && echo 'CONFIG_MODULES=y'; true; } > "$img/boot/config-$rel"
	for s in $exports other_symbol; do echo "ffffffff81000000 T $s"; done > "$img/boot/System.map-$rel"
	if [ "${2:-}" = modules ]; then
		local h=$1/linux-headers-$rel/usr/src/linux-headers-$rel
		mkdir -p "$h/include/config" "$h/include/generated"
		cp "$img/boot/config-$rel" "$h/include/config/auto.conf"
		echo x > "$h/Module.symvers"; echo x > "$h/Makefile"; echo x > "$h/include/generated/autoconf.h"
	fi
	mkpkg "$dir" "linux-image-$rel"
	[ "${2:-}" != modules ] || mkpkg "$dir" "linux-headers-$rel"
}

pass=0 fail=0
expect() {	# expect ok|fail NAME DIR [MESSAGE]
	local want=$1 name=$2 dir=$3 msg=${4:-} out rc=0
	out=$(DEB_CHECK_MODULE=0 "$check" "$dir" "$frag" 2>&1) || rc=$?
	if { [ "$want" = ok ] && [ $rc = 0 ]; } ||
	   { [ "$want" = fail ] && [ $rc != 0 ] && grep -q -- "$msg" <<<"$out"; }; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		printf 'not ok: %s (rc %s)\n%s\n' "$name" "$rc" "$out" >&2
	fi
}

d=$tmp/good; mkdir -p "$d"; good "$d"; expect ok "image alone, no MODULES" "$d"
[ -L "$d/vmlinuz" ] && [ "$(cat "$d/vmlinuz")" = x ] || { echo "not ok: vmlinuz not unpacked" >&2; fail=$((fail + 1)); }
d=$tmp/goodmod; mkdir -p "$d"; good "$d" modules; expect ok "image and headers" "$d"

d=$tmp/nosym; mkdir -p "$d"; good "$d"
dpkg-deb -R "$d"/linux-image-*.deb "$d/x"; rm "$d"/linux-image-*.deb
sed -i "/ $(head -1 <<<"$exports")\$/d" "$d/x/boot/System.map-$rel"
dpkg-deb --build -Zgzip "$d/x" "$d/linux-image-${rel}_1_amd64.deb" >/dev/null; rm -rf "$d/x"
expect fail "a Rust export missing from System.map" "$d" "lacks $(head -1 <<<"$exports")"

d=$tmp/noopt; mkdir -p "$d"; good "$d"
dpkg-deb -R "$d"/linux-image-*.deb "$d/x"; rm "$d"/linux-image-*.deb
sed -i '/CONFIG_SCHED_LATENCY_NICE=y/d' "$d/x/boot/config-$rel"
dpkg-deb --build -Zgzip "$d/x" "$d/linux-image-${rel}_1_amd64.deb" >/dev/null; rm -rf "$d/x"
expect fail "an option of the fragment missing from the config" "$d" "lacks CONFIG_SCHED_LATENCY_NICE=y"

d=$tmp/libc; mkdir -p "$d"; good "$d"; mkdir -p "$d/linux-libc-dev/usr/include"; mkpkg "$d" linux-libc-dev
expect fail "linux-libc-dev left in" "$d" "unexpected packages"

d=$tmp/dbg; mkdir -p "$d"; good "$d"; mkdir -p "$d/linux-image-$rel-dbg/usr/lib"; mkpkg "$d" "linux-image-$rel-dbg"
expect fail "a -dbg package without DEB_DBG=1" "$d" "unexpected packages"

d=$tmp/nohdr; mkdir -p "$d"; good "$d" modules; rm "$d"/linux-headers-*.deb
expect fail "CONFIG_MODULES without a headers package" "$d" "CONFIG_MODULES=y but 0 linux-headers"

d=$tmp/hdrcfg; mkdir -p "$d"; good "$d" modules
dpkg-deb -R "$d"/linux-headers-*.deb "$d/x"; rm "$d"/linux-headers-*.deb
sed -i '/CONFIG_RUST=y/d' "$d/x/usr/src/linux-headers-$rel/include/config/auto.conf"
dpkg-deb --build -Zgzip "$d/x" "$d/linux-headers-${rel}_1_amd64.deb" >/dev/null; rm -rf "$d/x"
expect fail "the headers' config without an option of the fragment" "$d" "auto.conf lacks CONFIG_RUST=y"

d=$tmp/none; mkdir -p "$d"; expect fail "no image package" "$d" "expected one linux-image package"

echo "check-deb.sh: $pass passed, $fail failed"
[ $fail = 0 ]
