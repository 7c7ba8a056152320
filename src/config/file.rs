//! Reading and finding the config file: the nearest `phaselint.toml` upward from a path, read as
//! card files are, and bounded.

use super::{Config, ConfigError, FILE_NAME};
use crate::tree::absolute;
use std::path::{Path, PathBuf};

impl Config {
    /// Read, parse and validate the config file at `path`. It is read as card files are
    /// ([`crate::read::read_file`]: a regular file of UTF-8 text, no link out of the tree), and
    /// at most [`MAX_CONFIG_BYTES`]; otherwise nothing of it is read or shown.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        match crate::read::read_file(path, MAX_CONFIG_BYTES) {
            Ok(text) => Config::parse(path, &text),
            Err(error) => Err(ConfigError {
                path: path.to_path_buf(),
                source_text: String::new(),
                span: None,
                message: format!("cannot read the config file: {}", error.message),
                more: Vec::new(),
            }),
        }
    }

    /// The nearest phaselint.toml in `start` (its directory, when `start` is a file) or a parent
    /// of it, up to the root of its repository ([`search_dirs`]). A relative `start` is taken
    /// from the current directory.
    pub fn find(start: &Path) -> Option<PathBuf> {
        let start = absolute(start);
        let dir = if start.is_file() {
            start.parent()?
        } else {
            &start
        };
        search_dirs(dir)
            .map(|dir| dir.join(FILE_NAME))
            .find(|candidate| is_config_entry(candidate))
    }

    /// The config of one file on its own, as an editor asks for it: the nearest phaselint.toml
    /// upward from the file's directory, or the defaults rooted there.
    pub fn for_file(file: &Path) -> Result<Config, ConfigError> {
        let dir = absolute(file.parent().unwrap_or(Path::new("")));
        match Config::find(&dir) {
            Some(found) => Config::load(&found),
            None => Ok(Config::default_for(dir)),
        }
    }
}

/// The directories whose phaselint.toml may govern the files of `dir`, nearest first: `dir` and
/// its parents, up to the nearest that holds `.git`. A repository's files are governed by its own
/// config or the defaults, never by a config above it, which its checkout does not hold.
pub fn search_dirs(dir: &Path) -> impl Iterator<Item = &Path> {
    let mut past_the_root = false;
    dir.ancestors().take_while(move |dir| {
        let searched = !past_the_root;
        past_the_root = past_the_root || crate::tree::is_repository(dir);
        searched
    })
}

/// A config larger than this is not read: configs are a few lines.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Whether `path` is where a config is: anything named `phaselint.toml`, so that a directory, a
/// FIFO or a broken link of that name is reported rather than passed over in silence.
pub fn is_config_entry(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_reports_a_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        let err = Config::load(&dir.path().join(FILE_NAME)).unwrap_err();
        assert_eq!(err.span, None);
        assert_eq!(
            err.message,
            "cannot read the config file: no such file or directory"
        );
    }

    #[test]
    fn load_sets_the_root_to_the_files_directory() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, "[files]\nexclude = [\"x\"]\n").unwrap();
        let config = Config::load(&path).unwrap();
        assert_eq!(config.root, dir.path());
        assert_eq!(config.file.as_deref(), Some(path.as_path()));
    }

    #[test]
    fn find_searches_upward_from_a_file_or_directory() {
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        let card_file = deep.join("cards.yaml");
        std::fs::write(&card_file, "").unwrap();
        let config = dir.path().join("a").join(FILE_NAME);
        std::fs::write(&config, "").unwrap();
        assert_eq!(Config::find(&deep), Some(config.clone()));
        assert_eq!(Config::find(&card_file), Some(config.clone()));
        assert_eq!(Config::find(&dir.path().join("a")), Some(config));
        // Only real parents count: `a/b/../c` is in `a`, not in `a/b`.
        let b_config = deep.join(FILE_NAME);
        std::fs::create_dir_all(dir.path().join("a/c")).unwrap();
        std::fs::write(&b_config, "").unwrap();
        assert_eq!(
            Config::find(&deep.join("../c")),
            Some(dir.path().join("a").join(FILE_NAME))
        );
        std::fs::remove_file(&b_config).unwrap();
        // A nearer file wins.
        let nearer = deep.join(FILE_NAME);
        std::fs::write(&nearer, "").unwrap();
        assert_eq!(Config::find(&card_file), Some(nearer));
    }

    #[test]
    fn find_stops_at_the_root_of_a_repository() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("set")).unwrap();
        std::fs::write(dir.path().join(FILE_NAME), "").unwrap();
        assert_eq!(Config::find(&repo.join("set")), None);
        assert_eq!(
            search_dirs(&repo.join("set")).collect::<Vec<_>>(),
            [repo.join("set"), repo.clone()]
        );
        // The repository's own config, at its root, is found.
        std::fs::write(repo.join(FILE_NAME), "").unwrap();
        assert_eq!(Config::find(&repo.join("set")), Some(repo.join(FILE_NAME)));
    }
}
