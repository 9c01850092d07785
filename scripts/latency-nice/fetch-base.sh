#!/usr/bin/env bash
# Obtain a pristine Linux 7.2 tree from Debian's linux-source-7.2 package.
#
# usage: fetch-base.sh DESTDIR [VERSION]
#
# Tries each pinned version of base/sources in order (or only VERSION),
# checks the .deb's sha256, unpacks the tarball into DESTDIR/linux and
# records the version used in DESTDIR/linux/.latency-nice-base.
# Download and unpack only: nothing is installed.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
dest=${1:?usage: fetch-base.sh DESTDIR [VERSION]}
want=${2:-}
mirror=${LN_MIRROR:-$(sed -n '1p' "$top/base/mirror")}
cache=${LN_CACHE:-$top/out/cache}
mkdir -p "$cache" "$dest"

say() { printf '==> fetch: %s\n' "$*" >&2; }

tried=()
while read -r version path sha; do
	case "$version" in ''|'#'*) continue ;; esac
	[ -n "$want" ] && [ "$want" != "$version" ] && continue
	deb="$cache/$(basename "$path")"
	if [ ! -f "$deb" ] || ! echo "$sha  $deb" | sha256sum -c --status; then
		say "downloading linux-source-7.2 $version"
		if ! curl -fsSL --retry 2 -o "$deb.part" "$mirror/$path"; then
			tried+=("$version (download failed: $mirror/$path)")
			rm -f "$deb.part"
			continue
		fi
		mv "$deb.part" "$deb"
	fi
	if ! echo "$sha  $deb" | sha256sum -c --status; then
		tried+=("$version (sha256 mismatch)")
		rm -f "$deb"
		continue
	fi
	say "unpacking linux-source-7.2 $version"
	rm -rf "$dest/linux" "$dest/linux.tmp"
	mkdir -p "$dest/linux.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/linux-source-7.2.tar.xz |
		tar -xJ -C "$dest/linux.tmp" --strip-components=1
	echo "$version" > "$dest/linux.tmp/.latency-nice-base"
	mv "$dest/linux.tmp" "$dest/linux"
	say "base is linux-source-7.2 $version"
	exit 0
done < "$top/base/sources"

echo "fetch-base: no pinned linux-source-7.2 could be obtained; tried:" >&2
if ((${#tried[@]})); then printf '  %s\n' "${tried[@]}" >&2; else echo "  (no version matched '${want}')" >&2; fi
exit 1
