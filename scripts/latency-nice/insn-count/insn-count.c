// SPDX-License-Identifier: GPL-2.0
/*
 * insn-count: a QEMU TCG plugin that counts the guest instructions each translated
 * block executes between two executions of a marker address, for make insn-profile.
 *
 *   -plugin insn-count.so,arg=mark=0xADDR,arg=out=PREFIX
 *
 * mark: the guest virtual address of a kernel function the guest enters only to mark
 * a window (insn-profile.sh: __x64_sys_sync; the guest runs sync(1) before and after
 * each measured run). Its odd executions open a window, the even ones close it; a
 * closed window k is written to PREFIX.k, one line per block that ran in it:
 *
 *   START_VADDR LAST_INSN_VADDR INSNS_PER_EXECUTION EXECUTIONS
 *
 * Every block counts its executions inline (QEMU_PLUGIN_INLINE_ADD_U64, no call per
 * block); a window's count of a block is its executions at the close less those at the
 * open. A block that an exception leaves early counts in full, so a count is an upper
 * bound by the faulting blocks' tails: kernel scheduling code takes no exceptions.
 * Counters are not atomic: run the guest with one TCG thread (icount does).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

struct block {
	uint64_t start, last;
	uint64_t insns;
	uint64_t executions;	/* added to inline by the translated code */
	uint64_t at_open;	/* executions when the window opened */
	struct block *next;
};

static struct block *blocks;
static uint64_t mark;
static const char *out_prefix;
static unsigned int window;	/* windows opened */
static int open_window;

static void window_open(void)
{
	struct block *b;

	for (b = blocks; b; b = b->next)
		b->at_open = b->executions;
	open_window = 1;
	window++;
}

static void window_close(void)
{
	char path[4096];
	struct block *b;
	FILE *f;

	open_window = 0;
	snprintf(path, sizeof(path), "%s.%u", out_prefix, window);
	f = fopen(path, "w");
	if (!f) {
		qemu_plugin_outs("insn-count: cannot write a window's counts\n");
		return;
	}
	for (b = blocks; b; b = b->next) {
		uint64_t n = b->executions - b->at_open;

		if (n)
			fprintf(f, "%" PRIx64 " %" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
				b->start, b->last, b->insns, n);
	}
	fclose(f);
}

/* The marker's block, at every execution: open or close a window. */
static void mark_hit(unsigned int vcpu_index, void *udata)
{
	if (open_window)
		window_close();
	else
		window_open();
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct block *b;

	if (!n)
		return;
	b = calloc(1, sizeof(*b));
	if (!b)
		return;
	b->start = qemu_plugin_tb_vaddr(tb);
	b->last = qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, n - 1));
	b->insns = n;
	/*
	 * A block translated while a window is open starts at zero executions, as its
	 * at_open does: all its executions fall in the window.
	 */
	b->next = blocks;
	blocks = b;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->executions, 1);
	if (b->start == mark)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, mark_hit, QEMU_PLUGIN_CB_NO_REGS, NULL);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "out=", 4))
			out_prefix = argv[i] + 4;
		else {
			fprintf(stderr, "insn-count: unknown argument '%s' (mark=ADDR, out=PREFIX)\n",
				argv[i]);
			return -1;
		}
	}
	if (!mark || !out_prefix) {
		fprintf(stderr, "insn-count: needs mark=ADDR and out=PREFIX\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	return 0;
}
