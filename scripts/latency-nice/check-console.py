#!/usr/bin/env python3
"""Judge one guest console log: KUnit suites, in-guest TAP, kernel splats.

usage: check-console.py LOG [REQUIRED_KUNIT_SUITE...]

Exit 0 only if the guest reached its end marker, every required KUnit suite
ran and passed, no TAP line (KUnit or in-guest, at any nesting) says
"not ok", every TAP plan ("1..N") got its N results at its nesting (a test
that exits 0 halfway does not pass), and the kernel printed no
WARN/BUG/Oops/panic.
"""
import re
import sys

# WARN()s ("WARNING: CPU: ..."), lockdep ("WARNING: possible circular locking dependency",
# "WARNING: inconsistent lock state", "WARNING: suspicious RCU usage", ...), might_sleep()
# ("BUG: sleeping function called from invalid context"), UBSAN, KASAN, Rust panics, stalls.
SPLAT = re.compile(
    r"(\bWARNING: |\bBUG:|Oops|Kernel panic|general protection fault|"
    r"Call Trace:|UBSAN:|KASAN:|rust_panic|panicked at|RCU stall|rcu_.*detected stalls|"
    r"soft lockup|hung_task|INFO: task .* blocked|possible deadlock|lock held when returning)"
)
# Optional "[   1.234] " timestamp, then TAP's indentation and "# " nesting.
TAP = re.compile(r"^(?:\[[ \d.]+\] )?[\s#]*(not ok|ok) (\d+) (.*)$")
# A TAP line with its nesting: the prefix before "1..N" or "ok"/"not ok" (KUnit's spaces, the
# in-guest runner's "# " per level), after the optional timestamp.
TAP_NESTED = re.compile(r"^(?:\[[ \d.]+\] )?([\s#]*?)(?:(not ok|ok) \d+ |1\.\.(\d+)(?:\s|$))")
KUNIT_SUITE_RESULT = re.compile(r"^(?:\[[ \d.]+\] )?\s*(not ok|ok) \d+ (\S+)\s*$")


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    path, required = sys.argv[1], sys.argv[2:]
    with open(path, errors="replace") as f:
        lines = [l.rstrip("\r\n").replace("\r", "") for l in f]

    problems = []
    done = any("LN-GUEST: done" in l for l in lines)
    if not done:
        problems.append("guest did not reach its end marker (timeout, hang or early panic)")
    splats = [i for i, l in enumerate(lines) if SPLAT.search(l)]
    for i in splats:
        problems.append(f"kernel splat: {lines[i].strip()}")

    passed = failed = 0
    for l in lines:
        m = TAP.match(l)
        if not m:
            continue
        if m.group(1) == "ok":
            passed += 1
        else:
            failed += 1
            problems.append(f"test failed: {l.strip()}")

    problems += unmet_plans(lines)

    suites = {}
    for l in lines:
        m = KUNIT_SUITE_RESULT.match(l)
        if m:
            suites[m.group(2)] = m.group(1)
    for s in required:
        if s not in suites:
            problems.append(f"KUnit suite {s} did not run")
        elif suites[s] != "ok":
            problems.append(f"KUnit suite {s} failed")

    status = "FAIL" if problems else "PASS"
    print(f"{status}: {path}: {passed} TAP lines ok, {failed} not ok, "
          f"KUnit suites {', '.join(f'{k}={v}' for k, v in suites.items() if k in required) or 'none required'}")
    for p in problems[:40]:
        print(f"  {p}")
    if splats:
        # The first report in full enough to act on (CI keeps only the end of make test's
        # output, and a clean clone's logs are gone): what was running, and the lines that
        # name the CPU or task and the stack.
        i = splats[0]
        print(f"  first report at line {i + 1}, during {running_test(lines, i)}:")
        for l in lines[i:i + CONTEXT_LINES]:
            print(f"    | {l.strip()[:160]}")
    return 1 if problems else 0


def unmet_plans(lines):
    """Each TAP plan "1..N" against the results at its nesting: those that follow it (a
    leading plan) up to the next plan there or a line of an outer nesting, or those that
    precede it since the block began (a trailing plan, as the kernel's selftests print)."""
    problems = []
    blocks = {}  # prefix -> [planned or None, seen, line number of the plan]

    def close(prefix):
        planned, seen, at = blocks.pop(prefix)
        if planned is not None and seen != planned:
            problems.append(f"TAP plan 1..{planned} at line {at} got {seen} result(s)")

    for i, l in enumerate(lines, 1):
        m = TAP_NESTED.match(l)
        if not m:
            continue
        prefix = m.group(1).replace("\t", "    ")
        for p in [p for p in blocks if len(p) > len(prefix)]:
            close(p)
        if m.group(3) is None:
            blocks.setdefault(prefix, [None, 0, i])[1] += 1
            continue
        planned = int(m.group(3))
        block = blocks.get(prefix)
        if block and block[0] is None:
            # A trailing plan: the results before it are its block.
            block[0], block[2] = planned, i
            close(prefix)
            continue
        if block:
            close(prefix)
        blocks[prefix] = [planned, 0, i]
    for p in list(blocks):
        close(p)
    return problems


CONTEXT_LINES = 14
# The in-guest runner prints "# selftests: NAME" when a test starts and "... took N s" at
# its end; KUnit runs before the runner starts (LN-GUEST's first line).
TEST_START = re.compile(r"^# selftests: (\S+)$")


def running_test(lines, i):
    for l in reversed(lines[:i]):
        m = TEST_START.match(l.strip())
        if m:
            return m.group(1)
        if "LN-GUEST:" in l:
            return "the guest runner, between tests"
    return "boot or KUnit (before the in-guest tests)"


if __name__ == "__main__":
    sys.exit(main())
