#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The TCG plugin API header of the QEMU installed here, for insn-count (make insn-profile).
#
# usage: fetch-qemu-plugin-api.sh OUTDIR   (prints OUTDIR/include, the directory that holds
#                                           qemu-plugin.h)
#
# Why: Debian's qemu-system-x86 loads TCG plugins (-plugin) but no package ships the
# header they are built against, and a plugin must be built against the API version of
# the QEMU that loads it. The source of the installed version is fetched from Debian's
# index (apt-get source --download-only, a private apt state: nothing is installed and no
# deb-src line is added to the host's apt), its header extracted, the rest deleted.
# Idempotent: a header of the installed version is kept.
set -euo pipefail

out=${1:?usage: fetch-qemu-plugin-api.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
say() { printf '==> qemu-plugin-api: %s\n' "$*" >&2; }

command -v qemu-system-x86_64 >/dev/null || { echo "fetch-qemu-plugin-api: qemu-system-x86_64 missing (deps.sh)" >&2; exit 1; }
version=$(dpkg-query -W -f='${source:Version}' qemu-system-x86)
[ -n "$version" ] || { echo "fetch-qemu-plugin-api: qemu-system-x86 is not a Debian package here" >&2; exit 1; }
if [ -f "$out/include/qemu-plugin.h" ] && [ "$(cat "$out/version" 2>/dev/null)" = "$version" ]; then
	echo "$out/include"
	exit 0
fi

apt=$out/apt
rm -rf "$apt" "$out/include"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src" "$out/include"
# bookworm's point releases, its updates and its security archive: the installed version
# is in one of them.
cat > "$apt/sources.list" <<EOS
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm-updates main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security bookworm-security main
EOS
aptopts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
	 -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
	 -o Dir::State::Status=/dev/null -o Debug::NoLocking=1)
say "qemu $version's source (a private apt state under $apt)"
apt-get "${aptopts[@]}" -qq update
(cd "$apt/src" && apt-get "${aptopts[@]}" -qq source --download-only "qemu=$version")
orig=$(ls "$apt/src"/qemu_*.orig.tar.* 2>/dev/null | head -n1)
[ -n "$orig" ] || { echo "fetch-qemu-plugin-api: no orig tarball of qemu $version" >&2; exit 1; }
tar -xf "$orig" -O --wildcards '*/include/qemu/qemu-plugin.h' > "$out/include/qemu-plugin.h"
[ -s "$out/include/qemu-plugin.h" ] ||
	{ echo "fetch-qemu-plugin-api: $orig has no include/qemu/qemu-plugin.h" >&2; exit 1; }
echo "$version" > "$out/version"
rm -rf "$apt"
say "$out/include/qemu-plugin.h (qemu $version)"
echo "$out/include"
