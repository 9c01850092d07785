#!/usr/bin/env bash
# Install what building, booting and testing the series needs, idempotently.
# Debian bookworm packages only (dpkg-dev, debhelper, rsync, libdw-dev: make deb's bindeb-pkg;
# mmdebstrap: make systemd's root file system; pkg-config, zlib1g-dev, file: make bench's
# peers, build-peers.sh);
# bindgen-cli pinned from crates.io; rust-src via rustup.
set -euo pipefail

BINDGEN_VERSION=0.73.2
APT_PKGS=(flex bison bc libelf-dev libssl-dev cpio dwarves libclang1-19 clang-19 lld-19 llvm-19
	  qemu-system-x86 busybox-static ccache xz-utils quilt kmod rt-tests stress-ng musl-tools
	  linux-perf python3-matplotlib dpkg-dev debhelper rsync libdw-dev dbench mmdebstrap
	  pkg-config zlib1g-dev file)

say() { printf '==> deps: %s\n' "$*"; }

missing=()
for p in "${APT_PKGS[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
	say "apt-get install ${missing[*]}"
	SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
	say "Debian packages present"
fi

if ! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
	say "rustup component add rust-src"
	rustup component add rust-src
fi
if ! rustup target list --installed 2>/dev/null | grep -q '^x86_64-unknown-linux-musl$'; then
	say "rustup target add x86_64-unknown-linux-musl"
	rustup target add x86_64-unknown-linux-musl
fi

if ! bindgen --version 2>/dev/null | grep -q " $BINDGEN_VERSION\$"; then
	say "cargo install bindgen-cli $BINDGEN_VERSION"
	cargo install --locked --version "$BINDGEN_VERSION" bindgen-cli
else
	say "bindgen-cli $BINDGEN_VERSION present"
fi
say "done"
