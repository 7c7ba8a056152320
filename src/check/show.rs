//! What a run of `check` would take, without checking: the settings that govern each path
//! (`--show-settings`) and the files a walk takes or leaves out, each with its reason
//! (`--show-files`). The same walk and the same configs as [`super::check_paths`].

use super::{CheckOptions, Configs};
use crate::config::{ConfigError, Settings};
use std::path::{Path, PathBuf};

/// The configs of a run with `options`, as [`super::check_paths`] finds them.
fn configs(options: &CheckOptions) -> Configs {
    Configs::new(options.config.as_deref(), options.selection.clone()).with_edition(options.edition)
}

/// The settings that govern each of `paths` (standard input: `--stdin-filename`, or the current
/// directory). The error is the first broken config met: its files would be checked with the
/// defaults, which is not what it says.
pub fn settings_of(
    paths: &[PathBuf],
    options: &CheckOptions,
) -> Result<Vec<(PathBuf, Settings)>, ConfigError> {
    let configs = configs(options);
    let settings = paths
        .iter()
        .map(|path| {
            let stands_for = match (&options.stdin_filename, path.as_os_str() == "-") {
                (Some(name), true) => name.as_path(),
                _ => path.as_path(),
            };
            let config = configs.for_path(stands_for);
            (path.clone(), config.settings(Path::new(stands_for)))
        })
        .collect();
    match configs.problems().into_iter().next() {
        Some(problem) => Err(problem),
        None => Ok(settings),
    }
}
