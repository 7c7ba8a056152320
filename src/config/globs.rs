//! Globs matched against paths, the same way wherever they are written: relative to one base
//! directory, as `.gitignore` matches (the rule is in the module docs of `crate::config`).

use crate::tree::absolute;
use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

/// Globs from one place, all matched against paths relative to one base directory (see the
/// module docs for the rule).
#[derive(Debug, Clone)]
pub(crate) struct PathGlobs {
    base: PathBuf,
    /// The globs as written: two sets are the same when these and `base` are.
    globs: Vec<String>,
    /// Globs with a `/`: matched against the relative path and its parents.
    whole: GlobSet,
    /// Globs without a `/`: matched against each name in the relative path.
    names: GlobSet,
}

// A `GlobSet` cannot be compared; the globs it was built from can.
impl PartialEq for PathGlobs {
    fn eq(&self, other: &PathGlobs) -> bool {
        self.base == other.base && self.globs == other.globs
    }
}

impl PathGlobs {
    /// Compile `globs` against `base`. The error names the glob at fault by its index
    /// (`usize::MAX` when none is).
    pub(crate) fn new<'a>(
        base: &Path,
        globs: impl IntoIterator<Item = &'a str>,
    ) -> Result<PathGlobs, (usize, String)> {
        let mut whole = GlobSetBuilder::new();
        let mut names = GlobSetBuilder::new();
        let mut written = Vec::new();
        for (index, text) in globs.into_iter().enumerate() {
            written.push(text.to_string());
            let (anchored, pattern) = normalize_glob(text);
            if pattern.is_empty() {
                return Err((index, "empty glob".to_string()));
            }
            let glob = GlobBuilder::new(pattern)
                .literal_separator(true)
                .build()
                .map_err(|err| (index, format!("invalid glob: {}", err.kind())))?;
            if anchored || pattern.contains('/') {
                whole.add(glob);
            } else {
                names.add(glob);
            }
        }
        // Building the set fails only on regex size limits; no single glob is at fault.
        let build = |set: GlobSetBuilder| {
            set.build()
                .map_err(|err| (usize::MAX, format!("invalid globs: {}", err.kind())))
        };
        Ok(PathGlobs {
            base: absolute(base),
            globs: written,
            whole: build(whole)?,
            names: build(names)?,
        })
    }

    /// Globs that match nothing.
    pub(crate) fn empty(base: &Path) -> PathGlobs {
        PathGlobs {
            base: absolute(base),
            globs: Vec::new(),
            whole: GlobSet::empty(),
            names: GlobSet::empty(),
        }
    }

    /// The globs as written.
    pub(crate) fn written(&self) -> &[String] {
        &self.globs
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.whole.is_empty() && self.names.is_empty()
    }

    /// Whether a glob matches `path` or one of its parent directories.
    pub(crate) fn is_match(&self, path: &Path) -> bool {
        if self.is_empty() {
            return false;
        }
        let relative = relative_to(&self.base, path);
        let mut current: &Path = &relative;
        loop {
            let named = current
                .file_name()
                .is_some_and(|name| self.names.is_match(name));
            if named || self.whole.is_match(current) {
                return true;
            }
            match current.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => current = parent,
                _ => return false,
            }
        }
    }
}

/// Strip the anchoring `./` or `/` and a trailing `/` from a glob; say whether it was anchored.
fn normalize_glob(text: &str) -> (bool, &str) {
    let mut pattern = text.trim_end_matches('/');
    let mut anchored = false;
    loop {
        if let Some(rest) = pattern.strip_prefix("./") {
            pattern = rest;
        } else if let Some(rest) = pattern.strip_prefix('/') {
            pattern = rest;
        } else {
            break;
        }
        anchored = true;
    }
    (anchored, pattern)
}

/// `path` relative to `base` (which is absolute) when it lies inside it, else as given, without
/// `.` components either way.
fn relative_to<'a>(base: &Path, path: &'a Path) -> Cow<'a, Path> {
    if let Ok(inside) = absolute(path).strip_prefix(base) {
        return Cow::Owned(inside.to_path_buf());
    }
    if path.components().any(|c| c == Component::CurDir) {
        return Cow::Owned(
            path.components()
                .filter(|c| *c != Component::CurDir)
                .collect(),
        );
    }
    Cow::Borrowed(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &str = "/project";

    #[test]
    fn glob_matching_rule() {
        let globs = PathGlobs::new(
            Path::new(ROOT),
            ["drafts", "*.json", "/top", "./sets/*.yaml", "old/"],
        )
        .unwrap();
        let matches = |path: &str| globs.is_match(Path::new(path));
        // Names match at any depth, and cover what is inside.
        assert!(matches("/project/drafts"));
        assert!(matches("/project/a/drafts/b/c.yaml"));
        assert!(matches("/project/a/b.json"));
        assert!(matches("/project/a/old/b.yaml"));
        assert!(!matches("/project/a/drafts.yaml"));
        // Anchored globs match from the root only; `*` stops at `/`.
        assert!(matches("/project/top/a.yaml"));
        assert!(!matches("/project/a/top/a.yaml"));
        assert!(matches("/project/sets/a.yaml"));
        assert!(!matches("/project/sets/x/a.yaml"));
        assert!(!matches("/project/x/sets/a.yaml"));
    }
}
