// SPDX-License-Identifier: GPL-2.0

//! latency_nice on Linux 7.3's flat queues: the value a task of a group is scheduled with.
//!
//! On 7.3 the tasks of every group share one queue per CPU, so a group has no entity of its own
//! to serve sooner: its `cpu.latency.nice` decides for its tasks instead. Along the path from a
//! task to the root, the innermost value set decides, within what every value set above it
//! allows. A value restricts what is below it, as `cpu.uclamp.max` does: nothing below is served
//! sooner than it (a higher latency_nice stands), so that whoever a subtree is delegated to may
//! make it more tolerant (a batch sub-group of an administrator's -20 slice at 19) but never
//! more latency-sensitive than the administrator set. A group's value is *set* once written,
//! 0 included, until `default` is written: a sub-group set to 0 serves its tasks at 0 under a
//! slice at -20. A new group has none set; nor has a task at 0, the default, which the ABI
//! cannot tell from a task that never asked (a task leaves its groups' value with one of its
//! own):
//!
//! ```text
//!   restrict(outer, inner) = inner unset ? outer : outer unset ? inner : max(outer, inner)
//!   group(tg)              = restrict(setting(root child),
//!                                     ... restrict(setting(parent), setting(tg)))
//!   effective(task)        = value(restrict(group(task's group), own latency_nice, unset at 0))
//! ```
//!
//! `restrict` is commutative and associative with "unset" as identity (the largest value set,
//! if any), so the glue folds from the task's group outward; `value` is 0 where none is set.
//! What of a value below 0 needs privilege stays each task's own (`latency_permission.rs`): a
//! group's value restricts it, never grants it.
//!
//! The C glue keeps a setting in the one `int` (or `signed char`) it kept the value in:
//! [`Setting::UNSET`] is 0, so that zeroed memory (a new group) is unset, a set value other
//! than 0 is itself, and a set 0 is [`Setting::SET_ZERO`], one above the range. (A task's copy,
//! `se->group_latency_nice`, is re-derived from its group at every enqueue.)
//!
//! Pure integer math with no dependency on the `kernel` crate (shared with the host crate): no
//! overflow, no panic.

use crate::latency::LatencyNice;

/// A `cpu.latency.nice` as the rule folds it: unset, or set to a value (0 included), in the
/// glue's encoding (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting(i32);

impl Setting {
    /// No value set: a new group, or a task at the default 0.
    pub const UNSET: Self = Self(0);
    /// 0, set: stops a value set above from reaching below.
    pub const SET_ZERO: Self = Self(crate::latency::MAX_LATENCY_NICE + 1);

    /// A value written to `cpu.latency.nice`: set, whatever it is (clamped to the range).
    pub fn set(value: LatencyNice) -> Self {
        match value.get() {
            0 => Self::SET_ZERO,
            v => Self(v),
        }
    }

    /// A task's own latency_nice: set unless it is the default 0.
    pub fn of_task(own: LatencyNice) -> Self {
        Self(own.get())
    }

    /// A setting the glue stored: an encoding outside the ones above counts as unset.
    pub fn from_raw(raw: i32) -> Self {
        if raw == Self::SET_ZERO.0 || LatencyNice::new(raw).get() == raw {
            Self(raw)
        } else {
            Self::UNSET
        }
    }

    /// The encoding the glue stores.
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// The value set, if any.
    pub fn get(self) -> Option<LatencyNice> {
        match self {
            Self::UNSET => None,
            Self::SET_ZERO => Some(LatencyNice::DEFAULT),
            Self(v) => Some(LatencyNice::new(v)),
        }
    }

    /// The value it makes a task scheduled with: the value set, or 0.
    pub fn value(self) -> LatencyNice {
        self.get().unwrap_or(LatencyNice::DEFAULT)
    }
}

/// The setting that decides below a group at `outer` for a group or task at `inner`: whichever
/// is set, the larger if both are, unset if neither is.
pub fn restrict(outer: Setting, inner: Setting) -> Setting {
    match (outer.get(), inner.get()) {
        (None, _) => inner,
        (_, None) => outer,
        (Some(o), Some(i)) => Setting::set(o.max(i)),
    }
}

/// The latency_nice a task whose own value is `own` is scheduled with below groups that fold
/// to `groups`.
pub fn effective(groups: Setting, own: LatencyNice) -> LatencyNice {
    restrict(groups, Setting::of_task(own)).value()
}
