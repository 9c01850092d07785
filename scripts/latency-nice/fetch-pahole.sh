#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# A pahole new enough for the bench kernels' BTF, run from a private root.
#
# usage: fetch-pahole.sh OUTDIR     (prints OUTDIR/bin/pahole, the wrapper to pass as PAHOLE=)
#
# Why: sched_ext schedulers (make bench's peer columns, scx_lavd and scx_bpfland) load only
# on a kernel whose BTF describes its kfuncs right. 7.2 flags 70 of sched_ext's kfuncs
# KF_IMPLICIT_ARGS, which pahole encodes correctly from 1.26 on
# (Documentation/process/changes.rst); bookworm has 1.24, whose prototypes make every
# scheduler fail to load ("func_proto incompatible with vmlinux"). Trixie's pahole needs
# trixie's libc, so it cannot be installed into bookworm; instead its packages are
# downloaded from Debian's trixie index (apt-get download, a private apt state: nothing is
# installed on the host), unpacked with dpkg-deb -x into OUTDIR/root, and pahole runs
# through that root's own dynamic loader and libraries. Idempotent: a wrapper that
# reports PAHOLE_VERSION is kept.
set -euo pipefail

PAHOLE_VERSION=1.30
# pahole and what it links (readelf -d), from trixie's main: the versions the index has.
PKGS=(pahole libdw1t64 libelf1t64 libbpf1 libzstd1 liblzma5 libbz2-1.0 zlib1g libc6)

out=${1:?usage: fetch-pahole.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
wrapper=$out/bin/pahole
say() { printf '==> pahole: %s\n' "$*" >&2; }

if [ -x "$wrapper" ] && [ "$("$wrapper" --version 2>/dev/null)" = "v$PAHOLE_VERSION" ]; then
	echo "$wrapper"
	exit 0
fi

apt=$out/apt
rm -rf "$apt" "$out/root" "$out/bin"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs" "$out/root" "$out/bin"
cat > "$apt/sources.list" <<EOF
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
EOF
aptopts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
	 -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
	 -o Dir::State::Status=/dev/null -o APT::Architecture=amd64 -o Debug::NoLocking=1)
say "trixie's index (a private apt state under $apt)"
apt-get "${aptopts[@]}" -qq update
(cd "$apt/debs" && apt-get "${aptopts[@]}" -qq download "${PKGS[@]}")
for deb in "$apt/debs"/*.deb; do
	dpkg-deb -x "$deb" "$out/root"
done
ls "$apt/debs" > "$out/packages.txt"

ld=$out/root/usr/lib64/ld-linux-x86-64.so.2
[ -e "$ld" ] || ld=$out/root/lib64/ld-linux-x86-64.so.2
[ -e "$ld" ] || { echo "fetch-pahole: no dynamic loader in trixie's libc6 under $out/root" >&2; exit 1; }
libs=$out/root/usr/lib/x86_64-linux-gnu:$out/root/lib/x86_64-linux-gnu
cat > "$wrapper" <<EOF
#!/bin/sh
# trixie's pahole through trixie's own loader and libraries (scripts/latency-nice/fetch-pahole.sh)
exec "$ld" --library-path "$libs" "$out/root/usr/bin/pahole" "\$@"
EOF
chmod +x "$wrapper"
got=$("$wrapper" --version 2>&1) || true
[ "$got" = "v$PAHOLE_VERSION" ] ||
	{ echo "fetch-pahole: $wrapper reports '$got', not v$PAHOLE_VERSION (trixie's index moved?)" >&2; exit 1; }
say "pahole $got from $(grep '^pahole_' "$out/packages.txt")"
echo "$wrapper"
