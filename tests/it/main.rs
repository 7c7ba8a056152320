//! The integration tests that need no process of their own, in one binary: each top-level file
//! of `tests/` is a binary that links the whole library (issue 38's review). A test that counts
//! the process's allocations, sends it signals or runs an outside client keeps a file of its own.

#[path = "../support/cli.rs"]
mod cli;

mod add_allow;
mod check_flags;
mod check_formats;
mod check_show;
mod ci_formats;
mod exit_codes;
mod human_report;
mod mse;
mod never_in_part;
mod pre_commit_hooks;
mod ruff_habits;
mod stdin_fix;
