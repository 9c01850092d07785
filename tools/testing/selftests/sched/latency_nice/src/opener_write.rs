// SPDX-License-Identifier: GPL-2.0

//! Write a file through a descriptor that another user opened.
//!
//! cgroup files decide on the credentials of whoever opened them (`of->file->f_cred`), as
//! `cgroup.procs` does, so that a delegated, unprivileged user cannot open its group's file and
//! hand the descriptor to a privileged process that writes for it. This program plays both
//! sides in one process, as root: with its effective uid and gid set to `UID` (root kept as the
//! saved uid, so its effective capabilities are dropped and come back) it opens `FILE` for
//! writing, then becomes root again and writes `VALUE` through that descriptor.
//!
//! Usage: `latency_nice_opener_write UID FILE VALUE`. Exit 0 if the write succeeded; 1 with the
//! error on one line if the open or the write failed; 2 on bad usage (nothing opened).

use std::ffi::CString;
use std::io;
use std::process::exit;

fn fail(what: &str, err: io::Error) -> ! {
    eprintln!("latency_nice_opener_write: {what}: {err}");
    exit(1);
}

/// Set the effective uid and gid, keeping root as the saved ids.
fn set_effective(id: libc::uid_t) -> io::Result<()> {
    // SAFETY: plain system calls; -1 leaves an id unchanged.
    let r = unsafe {
        if id == 0 {
            libc::setresuid(u32::MAX, 0, u32::MAX) | libc::setresgid(u32::MAX, 0, u32::MAX)
        } else {
            libc::setresgid(u32::MAX, id, u32::MAX) | libc::setresuid(u32::MAX, id, u32::MAX)
        }
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (uid, path, value) = match args.as_slice() {
        [_, uid, path, value] => match uid.parse::<libc::uid_t>() {
            Ok(uid) if uid != 0 => (uid, path, value),
            _ => {
                eprintln!("latency_nice_opener_write: UID must be a user id other than 0");
                exit(2);
            }
        },
        _ => {
            eprintln!("usage: latency_nice_opener_write UID FILE VALUE");
            exit(2);
        }
    };
    let Ok(cpath) = CString::new(path.as_str()) else {
        eprintln!("latency_nice_opener_write: FILE has a NUL byte");
        exit(2);
    };

    if let Err(e) = set_effective(uid) {
        fail("setresuid to the opener", e);
    }
    // SAFETY: `cpath` is a NUL-terminated path.
    let fd = unsafe { libc::open(cpath.as_ptr(), libc::O_WRONLY) };
    if fd < 0 {
        fail(
            &format!("open {path} as uid {uid}"),
            io::Error::last_os_error(),
        );
    }
    if let Err(e) = set_effective(0) {
        fail("setresuid back to root", e);
    }
    let text = format!("{value}\n");
    // SAFETY: `fd` is open for writing and `text` is valid for its length.
    let n = unsafe { libc::write(fd, text.as_ptr().cast(), text.len()) };
    if n < 0 {
        fail(
            &format!("write {value} to {path} as root"),
            io::Error::last_os_error(),
        );
    }
    // SAFETY: `fd` is ours.
    unsafe { libc::close(fd) };
}
