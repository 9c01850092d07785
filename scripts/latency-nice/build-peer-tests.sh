#!/usr/bin/env bash
# The kernel's own selftests of what the series touches, built statically from the applied
# tree (upstream's files, not copies) for the test initramfs:
#   tools/testing/selftests/cgroup/test_cpu      cpu controller: weight, nice, idle, max
#   tools/testing/selftests/sched/cs_prctl_test  core scheduling cookies (PR_SCHED_CORE)
# and the kselftests' KTAP helpers our in-guest tests print with
# (tools/testing/selftests/kselftest/ktap_helpers.sh; mkinitramfs.sh puts it at the guest's
# /kselftest/, where ../../kselftest/ of /tests/ leads as it does in a kernel tree).
# The guest runs them through tools/testing/selftests/sched/{cgroup_cpu,core_sched}/.
#
# usage: build-peer-tests.sh SRCDIR OUTDIR
set -euo pipefail
src=$(cd "${1:?usage: build-peer-tests.sh SRCDIR OUTDIR}" && pwd)
out=${2:?}
st=$src/tools/testing/selftests
mkdir -p "$out"
cflags=(-static -O2 -Wall -pthread -I"$st" -I"$src/tools/include")
gcc "${cflags[@]}" -I"$st/cgroup/lib/include" -o "$out/test_cpu" \
	"$st/cgroup/test_cpu.c" "$st/cgroup/lib/cgroup_util.c"
gcc "${cflags[@]}" -o "$out/cs_prctl_test" "$st/sched/cs_prctl_test.c"
install -m 0644 "$st/kselftest/ktap_helpers.sh" "$out/ktap_helpers.sh"
printf '==> peer-tests: test_cpu, cs_prctl_test, ktap_helpers.sh (from %s)\n' "$(cat "$src/.latency-nice-base" 2>/dev/null || echo "$src")" >&2
