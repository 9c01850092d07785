#!/usr/bin/env python3
"""Estimate how many objects a kernel .config compiles, before building it.

usage: count-objects.py SRCDIR CONFIG [ARCH]

Follows kbuild's descent from the top-level Kbuild (and ARCH's Makefile, default x86): in
each directory it reads Kbuild (else Makefile), counts the .o names on assignment lines
whose condition holds in CONFIG (`obj-y`, `obj-$(CONFIG_FOO)`, `foo-y`, `foo-objs`,
`lib-y` ... with FOO y or m) and descends into the directories such lines name. Composite
objects count once for themselves and once per part, as kbuild compiles or links each;
`ifdef`/`ifeq` on one option are followed, conditions written with other make functions
count as on. An estimate for make deb's time estimate up front (its progress lines count
the objects really built): 1338 for the test kernel, which builds 1557 files named *.o
(host tools and Rust crates included), and 15136 for Debian's 7.2 amd64 config (about
15,500 objects).
"""
import os
import re
import sys

ASSIGN = re.compile(r'^([A-Za-z0-9_.$()-]+)-(y|m|objs|\$\(.*\))\s*(?::=|\+=|=)\s*(.*)$')


def enabled_options(config):
    on = set()
    with open(config, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'^CONFIG_([A-Za-z0-9_]+)=([ym])$', line.strip())
            if m:
                on.add(m.group(1))
    return on


def logical_lines(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read().replace('\\\n', ' ')
    return text.splitlines()


COND = re.compile(r'^\$\((?:subst m,y,)?\$\(CONFIG_([A-Za-z0-9_]+)\)\)$|^\$\(CONFIG_([A-Za-z0-9_]+)\)$')


def holds(cond, on):
    if cond in ('y', 'm', 'objs'):
        return True
    m = COND.match(cond)
    if not m:
        return True
    return (m.group(1) or m.group(2)) in on


def condition(line, on):
    """Whether a make conditional on one option holds (None: not one we read; taken)."""
    m = re.match(r'^(ifdef|ifndef)\s+CONFIG_([A-Za-z0-9_]+)$', line)
    if m:
        return (m.group(2) in on) == (m.group(1) == 'ifdef')
    m = re.match(r'^(ifeq|ifneq)\s*\(\s*\$\(CONFIG_([A-Za-z0-9_]+)\)\s*,\s*([ym]?)\s*\)$', line)
    if m:
        value = 'y' if m.group(2) in on else ''
        equal = value == m.group(3) or (m.group(3) == 'm' and m.group(2) in on)
        return equal == (m.group(1) == 'ifeq')
    return None


def assignments(path, on):
    """(target, words) of one kbuild file's assignment lines whose conditions all hold."""
    words, stack = [], []
    for line in logical_lines(path):
        line = line.split('#', 1)[0].strip()
        if re.match(r'^(ifdef|ifndef|ifeq|ifneq)\b', line):
            held = condition(line, on)
            stack.append(True if held is None else held)
            continue
        if line.startswith('else') and stack:
            stack[-1] = not stack[-1]
            continue
        if line == 'endif' and stack:
            stack.pop()
            continue
        if not all(stack):
            continue
        m = ASSIGN.match(line)
        if m and holds(m.group(2), on):
            words += [(m.group(1), w) for w in m.group(3).split()]
    return words


def count(src, config, arch='x86'):
    on = enabled_options(config)
    subst = {'$(SRCARCH)': arch, '$(ARCH_CORE)': '', '$(ARCH_LIB)': '',
             '$(ARCH_DRIVERS)': ''}
    arch_mk = os.path.join(src, 'arch', arch, 'Makefile')
    pending = [os.path.join('arch', arch, '')]
    pending += [w for _, w in assignments(arch_mk, on) if w.endswith('/')]
    total, seen = 0, set()
    pending += [w for _, w in assignments(os.path.join(src, 'Kbuild'), on) if w.endswith('/')]
    while pending:
        d = pending.pop()
        for key, val in subst.items():
            d = d.replace(key, val)
        d = os.path.normpath(d)
        if d in seen or d == '.' or d.startswith('..') or '$' in d:
            continue
        seen.add(d)
        path = next((os.path.join(src, d, n) for n in ('Kbuild', 'Makefile')
                     if os.path.isfile(os.path.join(src, d, n))), None)
        if path is None:
            continue
        # obj-*/lib-* name what is built; foo-y/foo-objs the parts of foo.o, which count
        # only when foo.o itself is built.
        parts = {}
        objects = []
        for target, word in assignments(path, on):
            if target in ('obj', 'lib'):
                if word.endswith('/'):
                    pending.append(os.path.join(d, word))
                elif word.endswith('.o'):
                    objects.append(word)
            elif word.endswith('.o'):
                parts.setdefault(target + '.o', []).append(word)
        total += len(objects) + sum(len(parts.get(o, [])) for o in set(objects))
    return total


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    src, config = argv[1], argv[2]
    if not os.path.isfile(os.path.join(src, 'Makefile')) or not os.path.isfile(config):
        print(f'count-objects: {src} is not a kernel tree or {config} is not a file', file=sys.stderr)
        return 2
    print(count(src, config, argv[3] if len(argv) == 4 else 'x86'))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
