#!/usr/bin/env bash
# Obtain a pristine Linux tree from one of Debian's linux-source packages of base/sources.
#
# usage: fetch-base.sh DESTDIR [VERSION]
#
# Without VERSION, tries in order each pinned version of the main base (the lines of the
# package of base/sources' first line, linux-source-7.2); with VERSION, only that line, of
# whichever package (e.g. 7.3~rc7-1~exp1). Checks the .deb's sha256, unpacks the tarball
# into DESTDIR/linux and records the version used in DESTDIR/linux/.latency-nice-base.
# Download and unpack only: nothing is installed.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
dest=${1:?usage: fetch-base.sh DESTDIR [VERSION]}
want=${2:-}
mirror=${LN_MIRROR:-$(sed -n '1p' "$top/base/mirror")}
cache=${LN_CACHE:-$top/out/cache}
mkdir -p "$cache" "$dest"

say() { printf '==> fetch: %s\n' "$*" >&2; }
# The package of a pool path: linux-source-X.Y from .../linux-source-X.Y_VERSION_all.deb.
package() {
	local p
	p=$(basename "$1"); p=${p%%_*}
	[[ $p =~ ^linux-source-[0-9]+\.[0-9]+$ ]] ||
		{ echo "fetch-base: base/sources: $1 is not a linux-source-X.Y package" >&2; return 1; }
	echo "$p"
}

main='' name=''
tried=()
while read -r version path sha; do
	case "$version" in ''|'#'*) continue ;; esac
	pkg=$(package "$path")
	main=${main:-$pkg}
	if [ -n "$want" ]; then
		[ "$want" != "$version" ] && continue
	else
		[ "$pkg" != "$main" ] && continue
	fi
	name=$pkg
	deb="$cache/$(basename "$path")"
	if [ ! -f "$deb" ] || ! echo "$sha  $deb" | sha256sum -c --status; then
		say "downloading $pkg $version"
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
	say "unpacking $pkg $version"
	rm -rf "$dest/linux" "$dest/linux.tmp"
	mkdir -p "$dest/linux.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg.tar.xz" |
		tar -xJ -C "$dest/linux.tmp" --strip-components=1
	echo "$version" > "$dest/linux.tmp/.latency-nice-base"
	mv "$dest/linux.tmp" "$dest/linux"
	say "base is $pkg $version"
	exit 0
done < "$top/base/sources"

echo "fetch-base: no pinned ${name:-base} could be obtained; tried:" >&2
if ((${#tried[@]})); then printf '  %s\n' "${tried[@]}" >&2; else echo "  (no version matched '${want}')" >&2; fi
exit 1
