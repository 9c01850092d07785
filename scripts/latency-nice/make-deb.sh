#!/usr/bin/env bash
# Build installable Debian packages of the patched kernel (make deb): linux-image and
# linux-headers through the kernel's own bindeb-pkg.
#
# usage: make-deb.sh SRCDIR BUILDDIR OUTDIR
#
#   CONFIG_BASE  the config the packages are built from:
#                debian (default): Debian's amd64 config for the pinned 7.2 (base/debian-config;
#                  the headers .deb is downloaded, its sha256 checked, the config read from it);
#                a file: /usr/lib/modules/$(uname -r)/config (Debian sid, trixie),
#                  /boot/config-$(uname -r) (bookworm, Ubuntu);
#                test: BUILDDIR is the test kernel's build directory, packaged as configured
#                  (make test; no config is merged).
#   LSMOD=FILE   `make localmodconfig` against an lsmod listing: only the modules a machine
#                has loaded (run `lsmod > FILE` on the server), a build of minutes, not hours.
#   KDEB_SUITE   the package version's ~suite suffix (default: this machine's VERSION_CODENAME).
#   DEB_DBG=1    also build linux-image-...-dbg (off: the debug info of the kernel and of
#                every module, gigabytes for a distribution config).
#   JOBS         parallel jobs (default: nproc).
#
# The series' options (kernel/configs/latency_nice.config) are merged onto the base with
# scripts/kconfig/merge_config.sh, the base's build-only settings reset (module signing key
# path, BUILD_SALT, trusted and revocation key files), olddefconfig run, and the build fails
# if one of the fragment's options did not stick (RUST above all). The packages land in
# OUTDIR; linux-libc-dev, which bindeb-pkg always makes, is deleted: installed, it would
# replace the distribution's own kernel headers for userspace.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
usage="usage: make-deb.sh SRCDIR BUILDDIR OUTDIR"
src=$(cd "${1:?$usage}" && pwd)
mkdir -p "${2:?$usage}" "${3:?$usage}"
bdir=$(cd "$2" && pwd)
out=$(cd "$3" && pwd)
base=${CONFIG_BASE:-debian}
jobs=${JOBS:-$(nproc)}
fragment=$top/kernel/configs/latency_nice.config
say() { printf '==> deb: %s\n' "$*" >&2; }
die() { printf 'make-deb: %s\n' "$*" >&2; exit 1; }

[ -f "$src/.latency-nice-series" ] || die "$src has no series applied (run make apply)"
for tool in dpkg-buildpackage dh_testdir rsync; do
	command -v "$tool" >/dev/null || die "$tool is missing (make deps installs it)"
done
if [ -n "${LSMOD:-}" ]; then
	[ -f "$LSMOD" ] || die "LSMOD=$LSMOD: no such file (make it on the server: lsmod > FILE)"
	[ "$base" != test ] || die "LSMOD= needs a distribution config, not CONFIG_BASE=test"
fi
suite=${KDEB_SUITE:-$(. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")}
[[ "$suite" =~ ^[a-z0-9.+-]+$ ]] || die "KDEB_SUITE=$suite: not a suite name (lower case, digits, . + -)"

cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/latency-nice-ccache} CCACHE_BASEDIR=$src
# The same make line as build-kernel.sh: a different CC would make every object out of date.
kmake() { make -s -C "$src" O="$bdir" CC="$cc" HOSTCC=gcc -j"$jobs" "$@"; }

tmp=$(mktemp -d)
monitor=
trap 'rm -rf "$tmp"; [ -z "$monitor" ] || kill "$monitor" 2>/dev/null || true' EXIT

# The base config, as a file in $tmp/base.config.
if [ "$base" = debian ]; then
	mirror=${LN_MIRROR:-$(sed -n '1p' "$top/base/mirror")}
	cache=${LN_CACHE:-$top/out/cache}
	mkdir -p "$cache"
	got=
	while read -r version path sha inner; do
		case "$version" in ''|'#'*) continue ;; esac
		deb=$cache/$(basename "$path")
		if [ ! -f "$deb" ] || ! echo "$sha  $deb" | sha256sum -c --status; then
			say "downloading Debian's config for $version ($(basename "$path"))"
			curl -fsSL --retry 2 -o "$deb.part" "$mirror/$path" || { rm -f "$deb.part"; continue; }
			mv "$deb.part" "$deb"
		fi
		echo "$sha  $deb" | sha256sum -c --status || { say "$version: sha256 mismatch"; rm -f "$deb"; continue; }
		dpkg-deb --fsys-tarfile "$deb" | tar -xO "$inner" > "$tmp/base.config"
		got="Debian $version ($(basename "$path"))"
		break
	done < "$top/base/debian-config"
	[ -n "$got" ] || die "none of base/debian-config's pinned headers packages could be obtained"
elif [ "$base" != test ]; then
	[ -f "$base" ] || die "CONFIG_BASE=$base: no such file (debian, test, or a kernel config file)"
	cp "$base" "$tmp/base.config"
	got=$base
fi

if [ "$base" != test ]; then
	grep -qx 'CONFIG_X86_64=y' "$tmp/base.config" ||
		die "CONFIG_BASE=$base is not an x86_64 kernel config (no CONFIG_X86_64=y)"
	say "config: $got + $(basename "$fragment")${LSMOD:+, localmodconfig against $LSMOD}"
	mkdir -p "$tmp/o"
	cp "$tmp/base.config" "$tmp/o/.config"
	# Build-only settings of the distribution's own build: its signing key's path (which
	# does not exist here; the default makes kbuild generate a key), its build salt, its
	# key files.
	"$src/scripts/config" --file "$tmp/o/.config" \
		--set-str MODULE_SIG_KEY certs/signing_key.pem --set-str BUILD_SALT "" \
		--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS ""
	kmake O="$tmp/o" olddefconfig >/dev/null
	if [ -n "${LSMOD:-}" ]; then
		kmake O="$tmp/o" LSMOD="$(cd "$(dirname "$LSMOD")" && pwd)/$(basename "$LSMOD")" \
			localmodconfig </dev/null >"$tmp/localmod.log" 2>&1 ||
			{ cat "$tmp/localmod.log" >&2; die "localmodconfig failed"; }
	fi
	"$src/scripts/kconfig/merge_config.sh" -m -O "$tmp/o" "$tmp/o/.config" "$fragment" >"$tmp/merge.log"
	kmake O="$tmp/o" olddefconfig >/dev/null 2>"$tmp/olddef.log" || { cat "$tmp/olddef.log" >&2; exit 1; }
	dropped=()
	while read -r line; do
		case "$line" in
		CONFIG_*=*) grep -qxF "$line" "$tmp/o/.config" || dropped+=("$line") ;;
		'# CONFIG_'*' is not set') opt=${line#\# }; opt=${opt%% *}
			! grep -q "^$opt=" "$tmp/o/.config" || dropped+=("$line") ;;
		esac
	done < "$fragment"
	if ((${#dropped[@]})); then
		echo "make-deb: olddefconfig did not keep: ${dropped[*]}" >&2
		if [[ " ${dropped[*]} " == *" CONFIG_RUST=y "* ]]; then
			echo "make-deb: the Rust toolchain is not usable; make rustavailable says:" >&2
			kmake O="$tmp/o" rustavailable >&2 || true
		fi
		exit 1
	fi
	if ! cmp -s "$tmp/o/.config" "$bdir/.config"; then
		cp "$tmp/o/.config" "$bdir/.config"
		say "new .config in $bdir ($(grep -c '=m$' "$bdir/.config") modules, $(grep -c '=y$' "$bdir/.config") built-in options)"
	fi
else
	[ -f "$bdir/.config" ] || die "CONFIG_BASE=test: $bdir has no .config (make kernel first)"
	grep -qx 'CONFIG_SCHED_LATENCY_NICE=y' "$bdir/.config" ||
		die "CONFIG_BASE=test: $bdir/.config lacks CONFIG_SCHED_LATENCY_NICE=y"
fi

# Package version: the kernel's version, then our revision: the series' commit count (or
# the date outside git) and the suite, e.g. 7.2.13-1+ln88~bookworm.
kver=$(kmake kernelversion)
rev=$(git -C "$top" rev-list --count HEAD 2>/dev/null || date +%Y%m%d)
pkgversion=$kver-1+ln$rev~$suite
# The release the packages are named after (make kernelrelease needs a prepared tree).
release=$kver$(sed -n 's/^CONFIG_LOCALVERSION="\(.*\)"$/\1/p' "$bdir/.config")

# Time estimate up front: objects of this config (count-objects.py, an estimate) times the
# rate of this machine's cold build of the test kernel (1338 estimated objects in 487 s at
# -j2 on 2 cores, 2026-12-01: 0.73 core-seconds an object). Debug info and BTF, as in a
# distribution config, make each object slower; the progress lines measure the real rate.
objects=$("$top/scripts/latency-nice/count-objects.py" "$src" "$bdir/.config")
done_before=$(find "$bdir" -name '*.o' 2>/dev/null | wc -l)
estimate=$((objects * 73 / 100 / jobs))
say "about $objects objects to compile ($done_before already in $bdir): cold, about $((estimate / 60)) min at -j$jobs; a warm build directory takes a fraction of it"
say "packages: linux-image-$release and linux-headers-$release, version $pkgversion"

# Progress: objects compiled since the start, every PROGRESS_SECS seconds.
start=$(date +%s)
touch "$tmp/stamp"
(
	while sleep "${PROGRESS_SECS:-60}"; do
		n=$(find "$bdir" -name '*.o' -newer "$tmp/stamp" 2>/dev/null | wc -l)
		el=$(($(date +%s) - start))
		left=
		((n > 50)) && ((n < objects)) && left=", about $(((objects - n) * el / n / 60)) min left at this rate"
		say "$((el / 60)) min: $n objects compiled of about $objects$left"
	done
) &
monitor=$!

profiles=pkg.linux-upstream.nokerneldbg
[ "${DEB_DBG:-0}" = 1 ] && profiles=
log=$out/build.log
say "bindeb-pkg (-j$jobs, O=$bdir; log $log)"
parent=$(dirname "$bdir")
rm -f "$parent"/linux-*_"$pkgversion"_*.deb "$parent"/linux-upstream_"$pkgversion"_*
if ! kmake KBUILD_VERBOSE=0 KDEB_PKGVERSION="$pkgversion" KDEB_CHANGELOG_DIST="$suite" \
	DPKG_FLAGS="${profiles:+--build-profiles=$profiles}" bindeb-pkg >"$log" 2>&1; then
	tail -40 "$log" >&2
	die "bindeb-pkg failed (full log: $log)"
fi
kill "$monitor" 2>/dev/null || true
monitor=

rm -f "$out"/*.deb
rm -f "$parent"/linux-libc-dev_"$pkgversion"_*.deb "$parent"/linux-upstream_"$pkgversion"_*
mv "$parent"/linux-*_"$pkgversion"_*.deb "$out"/
say "built in $((($(date +%s) - start) / 60)) min $((($(date +%s) - start) % 60)) s:"
for deb in "$out"/*.deb; do
	say "  $(basename "$deb") ($(du -h "$deb" | cut -f1))"
done
say "install: apt install $(cd "$out" && ls ./linux-image-*.deb ./linux-headers-*.deb 2>/dev/null | sed "s|^\./|$out/|" | tr '\n' ' ')"
