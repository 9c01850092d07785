// SPDX-License-Identifier: GPL-2.0

//! `sched_setattr(2)` and `sched_getattr(2)` with the latency_nice attribute.
//!
//! The C library may or may not define `struct sched_attr` (glibc does from 2.41, without
//! `sched_latency_nice`), so this crate defines its own, laid out exactly as the kernel's uapi
//! (`include/uapi/linux/sched/types.h`), and calls the system calls directly.

pub mod cli;

use std::io;
use std::mem::size_of;

/// `SCHED_FLAG_RESET_ON_FORK`: children get the default policy and latency_nice.
pub const SCHED_FLAG_RESET_ON_FORK: u64 = 0x01;
/// `SCHED_FLAG_KEEP_POLICY`: leave the policy as it is.
pub const SCHED_FLAG_KEEP_POLICY: u64 = 0x08;
/// `SCHED_FLAG_KEEP_PARAMS`: leave nice, priority, runtime/deadline/period as they are.
pub const SCHED_FLAG_KEEP_PARAMS: u64 = 0x10;
/// `SCHED_FLAG_KEEP_ALL`: both of the above.
pub const SCHED_FLAG_KEEP_ALL: u64 = SCHED_FLAG_KEEP_POLICY | SCHED_FLAG_KEEP_PARAMS;
/// `SCHED_FLAG_UTIL_CLAMP_MIN`.
pub const SCHED_FLAG_UTIL_CLAMP_MIN: u64 = 0x20;
/// `SCHED_FLAG_UTIL_CLAMP_MAX`.
pub const SCHED_FLAG_UTIL_CLAMP_MAX: u64 = 0x40;
/// `SCHED_FLAG_LATENCY_NICE`: `sched_latency_nice` is to be applied.
pub const SCHED_FLAG_LATENCY_NICE: u64 = 0x80;

/// First published size of `struct sched_attr`.
pub const SCHED_ATTR_SIZE_VER0: u32 = 48;
/// Size with `sched_util_{min,max}`.
pub const SCHED_ATTR_SIZE_VER1: u32 = 56;
/// Size with `sched_latency_nice`.
pub const SCHED_ATTR_SIZE_VER2: u32 = 60;

/// Lowest latency_nice: served soonest.
pub const MIN_LATENCY_NICE: i32 = -20;
/// Highest latency_nice: most tolerant of latency.
pub const MAX_LATENCY_NICE: i32 = 19;

/// `struct sched_attr` of the uapi, with `sched_latency_nice` at offset 56; 64 bytes with the
/// tail padding, which must stay zero.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SchedAttr {
    /// Size of the structure the caller passes, for forward/backward compatibility.
    pub size: u32,
    /// `SCHED_OTHER`, `SCHED_FIFO`, ...
    pub sched_policy: u32,
    /// `SCHED_FLAG_*`.
    pub sched_flags: u64,
    /// Nice value of `SCHED_OTHER`/`SCHED_BATCH`.
    pub sched_nice: i32,
    /// Priority of `SCHED_FIFO`/`SCHED_RR`.
    pub sched_priority: u32,
    /// `SCHED_DEADLINE` runtime, or the custom slice of a fair task (ns).
    pub sched_runtime: u64,
    /// `SCHED_DEADLINE` deadline (ns).
    pub sched_deadline: u64,
    /// `SCHED_DEADLINE` period (ns).
    pub sched_period: u64,
    /// Utilization clamp minimum.
    pub sched_util_min: u32,
    /// Utilization clamp maximum.
    pub sched_util_max: u32,
    /// latency_nice, [-20, 19].
    pub sched_latency_nice: i32,
    /// Padding of the struct to 8 bytes; zero.
    pub padding: u32,
}

const _: () = assert!(size_of::<SchedAttr>() == 64);
const _: () = assert!(std::mem::offset_of!(SchedAttr, sched_latency_nice) == 56);

/// Raw `sched_setattr(pid, attr, flags)`; `attr` may point at any number of bytes, as the
/// kernel reads `attr->size` of them.
///
/// # Safety
///
/// `attr` must be readable for the size it declares in its first four bytes, or be a pointer
/// the caller wants the kernel to fault on (`EFAULT`).
pub unsafe fn sched_setattr_raw(pid: i32, attr: *const u8, flags: u32) -> io::Result<()> {
    // SAFETY: the caller guarantees `attr`; the other arguments are plain integers.
    let ret = unsafe { libc::syscall(libc::SYS_sched_setattr, pid, attr, flags) };
    if ret == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Raw `sched_getattr(pid, attr, size, flags)`.
///
/// # Safety
///
/// `attr` must be writable for `size` bytes, or be a pointer the caller wants the kernel to
/// fault on (`EFAULT`).
pub unsafe fn sched_getattr_raw(pid: i32, attr: *mut u8, size: u32, flags: u32) -> io::Result<()> {
    // SAFETY: the caller guarantees `attr` for `size` bytes.
    let ret = unsafe { libc::syscall(libc::SYS_sched_getattr, pid, attr, size, flags) };
    if ret == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// `sched_getattr()` with the full structure. On a kernel without latency_nice the returned
/// `size` is below [`SCHED_ATTR_SIZE_VER2`] and `sched_latency_nice` stays 0.
pub fn sched_getattr(pid: i32) -> io::Result<SchedAttr> {
    let mut attr = SchedAttr::default();
    // SAFETY: `attr` is a live, writable 64-byte `SchedAttr`.
    unsafe {
        sched_getattr_raw(
            pid,
            (&raw mut attr).cast(),
            size_of::<SchedAttr>() as u32,
            0,
        )?
    };
    Ok(attr)
}

/// `sched_setattr()` of a full structure (its `size` is set to [`SCHED_ATTR_SIZE_VER2`]).
pub fn sched_setattr(pid: i32, attr: &SchedAttr) -> io::Result<()> {
    let mut attr = *attr;
    attr.size = SCHED_ATTR_SIZE_VER2;
    attr.padding = 0;
    // SAFETY: `attr` is a live `SchedAttr`, readable for the 60 bytes `size` declares.
    unsafe { sched_setattr_raw(pid, (&raw const attr).cast(), 0) }
}

/// Whether the running kernel knows latency_nice (its `sched_getattr()` fills a VER2 struct).
pub fn kernel_has_latency_nice() -> bool {
    sched_getattr(0).is_ok_and(|a| a.size >= SCHED_ATTR_SIZE_VER2)
}

/// latency_nice of the thread `pid` (0: the caller).
pub fn latency_nice(pid: i32) -> io::Result<i32> {
    let attr = sched_getattr(pid)?;
    if attr.size < SCHED_ATTR_SIZE_VER2 {
        return Err(io::Error::from_raw_os_error(libc::EOPNOTSUPP));
    }
    Ok(attr.sched_latency_nice)
}

/// Set the latency_nice of the thread `pid` (0: the caller) and nothing else: the policy is
/// read and passed back, `SCHED_FLAG_KEEP_PARAMS` keeps nice, priority and custom slice, and
/// without `UTIL_CLAMP` flags the clamps stay. `reset_on_fork` sets `SCHED_FLAG_RESET_ON_FORK`;
/// a thread that has it keeps it (only a privileged caller may clear it). The policy is
/// passed explicitly rather than with `SCHED_FLAG_KEEP_POLICY` because the kernel ignores the
/// reset-on-fork flag of a call that keeps the policy.
pub fn set_latency_nice(pid: i32, latency_nice: i32, reset_on_fork: bool) -> io::Result<()> {
    let current = sched_getattr(pid)?;
    if current.size < SCHED_ATTR_SIZE_VER2 {
        return Err(io::Error::from_raw_os_error(libc::EOPNOTSUPP));
    }
    let mut flags = SCHED_FLAG_KEEP_PARAMS | SCHED_FLAG_LATENCY_NICE;
    if reset_on_fork || current.sched_flags & SCHED_FLAG_RESET_ON_FORK != 0 {
        flags |= SCHED_FLAG_RESET_ON_FORK;
    }
    let attr = SchedAttr {
        sched_policy: current.sched_policy,
        sched_flags: flags,
        sched_latency_nice: latency_nice,
        ..Default::default()
    };
    sched_setattr(pid, &attr)
}

/// Shortest custom slice the kernel accepts for a fair task (`sched_runtime`, ns); it clamps
/// shorter requests up to this.
pub const CUSTOM_SLICE_MIN_NS: u64 = 100_000;
/// Longest custom slice (ns); longer requests are clamped down to it.
pub const CUSTOM_SLICE_MAX_NS: u64 = 100_000_000;

/// Give the `SCHED_OTHER`/`SCHED_BATCH` thread `pid` (0: the caller) a custom slice of
/// `slice_ns` (mainline's request-size knob, what util-linux 2.40's `chrt --other -T` sets),
/// or the default slice back with 0. The policy and nice value are read and passed back,
/// since a call without `SCHED_FLAG_KEEP_PARAMS` sets them too; clamps and latency_nice are
/// kept (their flags are not passed). Works on kernels with or without latency_nice.
pub fn set_custom_slice(pid: i32, slice_ns: u64) -> io::Result<()> {
    let current = sched_getattr(pid)?;
    if current.sched_policy != libc::SCHED_OTHER as u32
        && current.sched_policy != libc::SCHED_BATCH as u32
    {
        return Err(io::Error::from_raw_os_error(libc::EINVAL));
    }
    let attr = SchedAttr {
        sched_policy: current.sched_policy,
        sched_flags: current.sched_flags & SCHED_FLAG_RESET_ON_FORK,
        sched_nice: current.sched_nice,
        sched_runtime: slice_ns,
        ..Default::default()
    };
    sched_setattr(pid, &attr)
}

/// Thread IDs of the process `pid`, from `/proc/PID/task`.
pub fn threads_of(pid: i32) -> io::Result<Vec<i32>> {
    let mut tids: Vec<i32> = std::fs::read_dir(format!("/proc/{pid}/task"))?
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    tids.sort_unstable();
    Ok(tids)
}
