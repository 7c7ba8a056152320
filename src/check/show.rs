//! What a run of `check` would take, without checking: the settings that govern each path
//! (`--show-settings`) and the files a walk takes or leaves out, each with its reason
//! (`--show-files`). The same walk and the same configs as [`super::check_paths`].

use super::{CheckOptions, inputs};
use crate::config::{ConfigError, Settings};
use crate::walk::walk;
use std::path::PathBuf;

/// The settings that govern each of `paths` (standard input: `--stdin-filename`, or the current
/// directory). The error is the first broken config met: its files would be checked with the
/// defaults, which is not what it says.
pub fn settings_of(
    paths: &[PathBuf],
    options: &CheckOptions,
) -> Result<Vec<(PathBuf, Settings)>, ConfigError> {
    let configs = options.configs();
    let settings = paths
        .iter()
        .map(|path| {
            let stands_for = options.stands_for(path);
            (
                path.clone(),
                configs.for_path(stands_for).settings(stands_for),
            )
        })
        .collect();
    match configs.problems().into_iter().next() {
        Some(problem) => Err(problem),
        None => Ok(settings),
    }
}

/// What a walk of the paths takes and leaves out (`--show-files`), counted as a check counts
/// them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WalkedFiles {
    /// The files `check` would read, in its order.
    pub taken: Vec<PathBuf>,
    /// The files `check` would take but could not read (too large, binary), each with why: a
    /// check reports each as unreadable (PL900).
    pub unreadable: Vec<(PathBuf, String)>,
    /// The files skipped, each with why (lower case), in walk order: the files a check's summary
    /// counts as skipped ([`crate::walk::LeftOut::is_skipped`]).
    pub skipped: Vec<(PathBuf, String)>,
    /// The files and directories left out by design (hidden, excluded, links, the config, a set's
    /// card files), each with why, in walk order (a directory left out is not entered).
    pub left_out: Vec<(PathBuf, String)>,
    /// Paths that could not be walked (missing, unreadable), with the message.
    pub errors: Vec<(PathBuf, String)>,
}

/// The files a `check` of `paths` with `options` would take, and what it would leave out and
/// why: the same walk, the same configs, and the same bounds on each read (only the head of a
/// file is read, to tell a binary one).
pub fn files_of(paths: &[PathBuf], options: &CheckOptions) -> Result<WalkedFiles, String> {
    let configs = options.configs();
    let walked = walk(paths, &options.exclude, &configs)?;
    let mut files = WalkedFiles {
        errors: walked.errors.clone(),
        ..WalkedFiles::default()
    };
    for (path, why) in &walked.left_out {
        let list = if why.is_skipped() {
            &mut files.skipped
        } else {
            &mut files.left_out
        };
        list.push((path.clone(), why.reason().to_string()));
    }
    for path in &walked.files {
        let text = !inputs::is_mse_zip(path);
        let refused = (path.as_os_str() != "-")
            .then(|| walked.probe(path, options.max_file_size, text))
            .flatten();
        match refused {
            Some(message) => files.unreadable.push((path.clone(), message)),
            None => files.taken.push(path.clone()),
        }
    }
    Ok(files)
}
