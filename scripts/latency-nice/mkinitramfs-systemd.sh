#!/usr/bin/env bash
# Build the make systemd image: Debian bookworm with systemd as init, as an initramfs.
#
# usage: mkinitramfs-systemd.sh OUTFILE
#
# The root file system comes from Debian's own packages (mmdebstrap --variant=minbase, with
# systemd, systemd-sysv, rt-tests and procps), cached as a tar archive under out/systemd/
# (named by the package list, so that a change of the list builds it afresh); the image adds
# the units and the test of scripts/latency-nice/guest/systemd/ and the series' CLI, and
# makes /init systemd itself. It runs from the initramfs (no disk, no file system driver):
# ~190 MB unpacked, so boot it with 2 GB (boot.sh's BOOT_MEM). Needs root (the archive holds
# device nodes and owners).
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
outfile=${1:?usage: mkinitramfs-systemd.sh OUTFILE}
say() { printf '==> initramfs-systemd: %s\n' "$*" >&2; }
[ "$(id -u)" -eq 0 ] || { say "needs root (the root file system's owners and device nodes)"; exit 1; }
command -v mmdebstrap >/dev/null || { say "no mmdebstrap: run scripts/latency-nice/deps.sh"; exit 1; }

pkgs=systemd,systemd-sysv,rt-tests,procps
cache=$top/out/systemd
mkdir -p "$cache"
tar=$cache/rootfs-bookworm-$(echo "$pkgs" | md5sum | cut -c1-8).tar
if [ ! -s "$tar" ]; then
	say "mmdebstrap bookworm: $pkgs"
	mmdebstrap --variant=minbase --format=tar --include="$pkgs" \
		--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
		--dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
		bookworm "$tar.tmp" http://deb.debian.org/debian >"$cache/mmdebstrap.log" 2>&1 ||
		{ tail -n 20 "$cache/mmdebstrap.log" >&2; rm -f "$tar.tmp"; exit 1; }
	mv "$tar.tmp" "$tar"
fi

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
tar -x -f "$tar" -C "$root"
rm -rf "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/*
# systemd is init: the kernel runs /init from an initramfs.
ln -s /lib/systemd/systemd "$root/init"
echo ln-systemd > "$root/etc/hostname"
# A quiet console: no login prompts, nothing that needs D-Bus.
for unit in serial-getty@ttyS0.service getty@tty1.service systemd-logind.service; do
	ln -sf /dev/null "$root/etc/systemd/system/$unit"
done

g=$top/scripts/latency-nice/guest/systemd
install -m 0644 "$g"/*.service "$root/etc/systemd/system/"
install -D -m 0755 "$g/ln-systemd.sh" "$root/usr/local/sbin/ln-systemd.sh"
# The operator's recipe, as README.md gives it: a drop-in for the latency-sensitive service
# and for the measuring one's -20 instance.
for unit in svc-latency.service ln-cyclictest@g20.service; do
	install -D -m 0644 "$g/latency-nice-example.conf" "$root/etc/systemd/system/$unit.d/latency-nice.conf"
done
mkdir -p "$root/etc/systemd/system/multi-user.target.wants"
ln -s ../ln-systemd.service "$root/etc/systemd/system/multi-user.target.wants/ln-systemd.service"
# The series' CLI (build-guest-tools.sh: static).
[ -x "$top/out/guest-bin/latency-nice" ] && install -m 0755 "$top/out/guest-bin/latency-nice" "$root/usr/local/bin/"

(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 > "$outfile.tmp"
mv "$outfile.tmp" "$outfile"
say "$outfile: $(du -sm "$root" | cut -f1) MB unpacked, $(($(stat -c %s "$outfile") / 1048576)) MB"
