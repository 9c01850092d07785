// SPDX-License-Identifier: GPL-2.0

//! Compiles the C reference formulas for the differential tests.

fn main() {
    println!("cargo::rerun-if-changed=c");
    cc::Build::new()
        .file("c/sis_util_ref.c")
        .file("c/latency_ref.c")
        .file("c/latency_offset_ref.c")
        .warnings(true)
        .extra_warnings(true)
        .compile("sched_policy_c_ref");
}
