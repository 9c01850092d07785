#!/bin/sh
# make kasan, second boot: a known out-of-bounds write, so that the KASAN gate is seen to
# close. LKDTM's SLAB_LINEAR_OVERFLOW writes one byte past a kmalloc()ed object; the KASAN
# kernel must print "BUG: KASAN: slab-out-of-bounds" and the console checker must fail the
# boot (the Makefile expects both).
mount -t debugfs none /sys/kernel/debug 2>/dev/null
echo "LN-KASAN: canary: $(uname -r), LKDTM SLAB_LINEAR_OVERFLOW"
echo SLAB_LINEAR_OVERFLOW > /sys/kernel/debug/provoke-crash/DIRECT
echo "LN-KASAN: canary written"
