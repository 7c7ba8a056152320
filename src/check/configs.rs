//! Which `phaselint.toml` applies to each file: the one named with `--config` for every file, or
//! else the nearest one upward from the file's directory, up to the root of its repository (as
//! ruff finds `pyproject.toml`), or the defaults. A nearer config replaces a farther one whole;
//! nothing is inherited. A broken config is a problem reported once, and the files it would govern
//! are checked with the defaults: one bad file in a pull request does not turn the check off.

use crate::config::{Config, ConfigError, FILE_NAME, is_config_entry, search_dirs};
use crate::edition::Edition;
use crate::selection::RuleSelection;
use crate::source::ReadOptions;
use crate::walk::Filter;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The configs of one run, each file read once however many files it governs.
pub struct Configs {
    explicit: Option<Result<Arc<Config>, ConfigError>>,
    /// Defaults, rooted at the current directory, for files under no config.
    defaults: Arc<Config>,
    selection: RuleSelection,
    /// The command line's `--rules`, set on every config when given.
    edition: Option<Edition>,
    /// The config file governing each directory asked about (`None`: no config above it).
    nearest: RefCell<HashMap<PathBuf, Option<PathBuf>>>,
    /// Each config file read, by its absolute path.
    loaded: RefCell<HashMap<PathBuf, Result<Arc<Config>, ConfigError>>>,
    /// The broken configs met, once each, in the order met.
    problems: RefCell<Vec<ConfigError>>,
}

impl Configs {
    /// `explicit` is `--config`; `selection` (the command line's) is set on every config.
    pub fn new(explicit: Option<&Path>, selection: RuleSelection) -> Configs {
        let cwd = std::env::current_dir().unwrap_or_default();
        let mut defaults = Config::default_for(cwd);
        defaults.selection = selection.clone();
        let configs = Configs {
            explicit: None,
            defaults: Arc::new(defaults),
            selection,
            edition: None,
            nearest: RefCell::default(),
            loaded: RefCell::default(),
            problems: RefCell::default(),
        };
        let explicit = explicit.map(|path| configs.load(path));
        Configs {
            explicit,
            ..configs
        }
    }

    /// Sets `edition` (the command line's `--rules`) on every config, over the config files' key.
    pub fn with_edition(mut self, edition: Option<Edition>) -> Configs {
        let Some(edition) = edition else { return self };
        self.edition = Some(edition);
        Arc::make_mut(&mut self.defaults).edition = edition;
        if let Some(Ok(explicit)) = &mut self.explicit {
            Arc::make_mut(explicit).edition = edition;
        }
        self
    }

    /// How to read `path`: `read`, with the card field names its config adds (`[fields]`).
    pub fn read_options(&self, path: &Path, read: &ReadOptions) -> ReadOptions {
        ReadOptions {
            fields: self.for_path(path).fields.clone(),
            ..read.clone()
        }
    }

    /// The config for a file or directory; `-` (standard input) takes the current directory's.
    /// For a broken config, the defaults; the problem is listed once in [`Configs::problems`].
    pub fn for_path(&self, path: &Path) -> Arc<Config> {
        let path = if path.as_os_str() == "-" {
            Path::new(".")
        } else {
            path
        };
        if path.is_dir() {
            self.for_dir(path)
        } else {
            self.for_dir(path.parent().unwrap_or(Path::new("")))
        }
    }

    /// The config for the files of directory `dir`.
    pub fn for_dir(&self, dir: &Path) -> Arc<Config> {
        if let Some(explicit) = &self.explicit {
            return explicit.clone().unwrap_or_else(|_| self.defaults.clone());
        }
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        match self.nearest_config(&absolute) {
            Some(file) => self.load(&file).unwrap_or_else(|_| self.defaults.clone()),
            None => self.defaults.clone(),
        }
    }

    /// Every broken config met so far, once each.
    pub fn problems(&self) -> Vec<ConfigError> {
        self.problems.borrow().clone()
    }

    /// The config of `dir`'s files: the nearest in [`search_dirs`], each directory asked once.
    fn nearest_config(&self, dir: &Path) -> Option<PathBuf> {
        let mut searched = Vec::new();
        let mut found = None;
        for dir in search_dirs(dir) {
            if let Some(known) = self.nearest.borrow().get(dir) {
                found = known.clone();
                break;
            }
            searched.push(dir);
            let candidate = dir.join(FILE_NAME);
            if is_config_entry(&candidate) {
                found = Some(candidate);
                break;
            }
        }
        let mut nearest = self.nearest.borrow_mut();
        for dir in searched {
            nearest.insert(dir.to_path_buf(), found.clone());
        }
        found
    }

    fn load(&self, file: &Path) -> Result<Arc<Config>, ConfigError> {
        let key = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
        if let Some(loaded) = self.loaded.borrow().get(&key) {
            return loaded.clone();
        }
        let loaded = Config::load(&relative_to_current_dir(file))
            .map(|mut config| {
                config.selection = self.selection.clone();
                if let Some(edition) = self.edition {
                    config.edition = edition;
                }
                Arc::new(config)
            })
            .inspect_err(|error| self.problems.borrow_mut().push(error.clone()));
        self.loaded.borrow_mut().insert(key, loaded.clone());
        loaded
    }
}

/// A walk takes each entry as the config of its directory says.
impl Filter for Configs {
    fn excludes(&self, path: &Path) -> bool {
        self.for_dir(parent(path)).is_excluded(path)
    }

    fn includes(&self, path: &Path) -> bool {
        self.for_dir(parent(path)).is_included_extra(path)
    }
}

/// The directory `path` is in (`""`, the current directory, for a bare name).
fn parent(path: &Path) -> &Path {
    path.parent().unwrap_or(Path::new(""))
}

/// A path found by searching (absolute) made relative to the current directory when it is inside
/// it, so that a problem in it is reported under the same kind of path as the checked files.
fn relative_to_current_dir(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok())
        .filter(|relative| !relative.as_os_str().is_empty())
        .map_or_else(|| path.to_path_buf(), Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::lookup;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn each_file_takes_the_nearest_config() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(&root.join(FILE_NAME), "[rules]\nPL101 = \"error\"\n");
        write(
            &root.join("sub").join(FILE_NAME),
            "[rules]\nPL101 = \"off\"\n",
        );
        write(&root.join("a.yaml"), "");
        write(&root.join("sub/deep/b.yaml"), "");
        let configs = Configs::new(None, RuleSelection::default());
        let rule = lookup("PL101").unwrap();
        let level = |path: &Path| configs.for_path(path).level(rule, path, None).as_str();
        assert_eq!(level(&root.join("a.yaml")), "error");
        assert_eq!(level(&root.join("sub/deep/b.yaml")), "off");
        assert_eq!(level(&root.join("sub")), "off");
    }

    #[test]
    fn a_broken_config_is_one_problem_and_its_files_take_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        write(&dir.path().join(FILE_NAME), "[rules\n");
        let configs = Configs::new(None, RuleSelection::default());
        assert_eq!(configs.for_path(&dir.path().join("a.yaml")).file, None);
        assert_eq!(configs.for_path(&dir.path().join("b.yaml")).file, None);
        assert_eq!(configs.problems().len(), 1);
    }

    #[test]
    fn an_explicit_config_governs_every_file() {
        let dir = tempfile::tempdir().unwrap();
        let explicit = dir.path().join("strict.toml");
        write(&explicit, "[rules]\nPL101 = \"error\"\n");
        write(
            &dir.path().join("sub").join(FILE_NAME),
            "[rules]\nPL101 = \"off\"\n",
        );
        let configs = Configs::new(Some(&explicit), RuleSelection::default());
        let config = configs.for_path(&dir.path().join("sub/a.yaml"));
        assert_eq!(config.file.as_deref(), Some(explicit.as_path()));
    }
}
