//! The tree a path belongs to, and whether the path, resolved, stays inside it: what phaselint
//! reads and writes on a pull request a stranger wrote must not be outside the repository (a
//! link to `~/.ssh/id_rsa`) or inside its `.git` (a link to `.git/config`, which can hold a token).
//!
//! The tree of a path is the innermost of its parent directories that holds `.git` (the
//! repository); else the innermost that holds a `phaselint.toml`; else the current directory when
//! the path lies under it; else the path's own directory. The directories are looked at by the
//! path's text (made absolute, `..` taken by its text) from the file-system root down, and the
//! search stops at the first symbolic link met inside a repository or a config's directory: a
//! link inside a tree (`cards -> ../../other-repo`) cannot make a tree of its own. Links above
//! every tree (`/tmp -> /private/tmp`) are the system's and are passed.
//!
//! A path is read or written only when its resolved path (every link, in every component,
//! followed) lies inside its tree's resolved path and has no `.git` component.
//!
//! Architecture invariant: paths and the file system's links only; it knows nothing of what the
//! files hold.

use std::path::{Component, Path, PathBuf};

/// The name of phaselint's config file (`crate::config` reads it): a directory that holds one
/// roots a tree outside a repository.
pub const CONFIG_FILE_NAME: &str = "phaselint.toml";

/// Why a path is neither read nor written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Its resolved path is outside its tree.
    LeavesTheTree,
    /// Its resolved path is inside a `.git` directory.
    InGit,
}

impl Refusal {
    /// Lower-case, without the path.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::LeavesTheTree => {
                "a symbolic link out of the tree, which phaselint does not follow"
            }
            Refusal::InGit => "inside a .git directory, which phaselint does not read or write",
        }
    }
}

/// Whether `path` may be read or written (see the module docs). A path that does not resolve
/// (missing, a broken link, a name too long) passes: opening it fails with its own message.
pub fn judge(path: &Path) -> Result<(), Refusal> {
    let Ok(resolved) = path.canonicalize() else {
        return Ok(());
    };
    if resolved
        .components()
        .any(|component| component == Component::Normal(".git".as_ref()))
    {
        return Err(Refusal::InGit);
    }
    let named = absolute(path);
    // No link anywhere on the way: the path is where its text says, inside every parent.
    if resolved == named {
        return Ok(());
    }
    let inside = root_of(&named)
        .canonicalize()
        .is_ok_and(|root| resolved.starts_with(root));
    if inside {
        Ok(())
    } else {
        Err(Refusal::LeavesTheTree)
    }
}

/// The tree of `named`, an absolute path without `.` or `..` (see the module docs).
fn root_of(named: &Path) -> PathBuf {
    let dir = named.parent().unwrap_or(named);
    let (mut repository, mut configured) = (None, None);
    let mut prefix = PathBuf::new();
    for component in dir.components() {
        prefix.push(component);
        let in_a_tree = repository.is_some() || configured.is_some();
        if in_a_tree && is_link(&prefix) {
            break;
        }
        if is_repository(&prefix) {
            repository = Some(prefix.clone());
        }
        if prefix.join(CONFIG_FILE_NAME).symlink_metadata().is_ok() {
            configured = Some(prefix.clone());
        }
    }
    repository
        .or(configured)
        .or_else(|| {
            std::env::current_dir()
                .ok()
                .filter(|cwd| dir.starts_with(cwd))
        })
        .unwrap_or_else(|| dir.to_path_buf())
}

/// Whether `dir` is the root of a repository: it holds `.git` (a directory, or the file of a
/// worktree or submodule).
pub(crate) fn is_repository(dir: &Path) -> bool {
    dir.join(".git").symlink_metadata().is_ok()
}

fn is_link(path: &Path) -> bool {
    path.symlink_metadata()
        .is_ok_and(|metadata| metadata.file_type().is_symlink())
}

/// `path` made absolute against the current directory, with `..` resolved by its text, without
/// touching the file system; `path` itself when that is not possible.
pub(crate) fn absolute(path: &Path) -> PathBuf {
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    without_parent_dirs(&absolute)
}

/// `path` with each `..` taking away the name before it: `/a/b/../c` is `/a/c`, as `/a/c` is what
/// a glob of the config under `/a` should see (and `/a/b` is not one of its parents).
fn without_parent_dirs(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                // `/..` is `/`.
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(Component::ParentDir),
            },
            other => out.push(other),
        }
    }
    out
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A temporary tree: each path is created with empty contents; a trailing `/` makes a
    /// directory. Resolved, so that the system's links (`/tmp` on macOS) are out of the way.
    fn tree(paths: &[&str]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        for path in paths {
            let full = root.join(path);
            if path.ends_with('/') {
                std::fs::create_dir_all(&full).unwrap();
            } else {
                std::fs::create_dir_all(full.parent().unwrap()).unwrap();
                std::fs::write(&full, "").unwrap();
            }
        }
        (dir, root)
    }

    #[test]
    fn a_path_without_links_is_inside() {
        let (_dir, root) = tree(&["repo/.git/", "repo/cards/a.yaml"]);
        assert_eq!(judge(&root.join("repo/cards/a.yaml")), Ok(()));
        assert_eq!(judge(&root.join("repo/cards/../cards/a.yaml")), Ok(()));
        // A path that does not resolve is left to the open that fails.
        assert_eq!(judge(&root.join("repo/missing.yaml")), Ok(()));
    }

    #[test]
    fn a_link_is_judged_against_the_repository_not_its_directory() {
        let (_dir, root) = tree(&["repo/.git/", "repo/shared/a.yaml", "repo/set/", "secret"]);
        // Up and across, inside the repository: read, though it leaves its own directory.
        symlink("../shared/a.yaml", root.join("repo/set/a.yaml")).unwrap();
        assert_eq!(judge(&root.join("repo/set/a.yaml")), Ok(()));
        symlink("../../secret", root.join("repo/set/b.yaml")).unwrap();
        assert_eq!(
            judge(&root.join("repo/set/b.yaml")),
            Err(Refusal::LeavesTheTree)
        );
    }

    #[test]
    fn a_linked_directory_on_the_way_is_judged_too() {
        let (_dir, root) = tree(&["repo/.git/", "secret/credentials.yml"]);
        symlink("../secret", root.join("repo/cards")).unwrap();
        assert_eq!(
            judge(&root.join("repo/cards/credentials.yml")),
            Err(Refusal::LeavesTheTree)
        );
        assert_eq!(judge(&root.join("repo/cards")), Err(Refusal::LeavesTheTree));
    }

    #[test]
    fn a_link_inside_a_tree_makes_no_tree_of_its_own() {
        // The other repository has a .git and a config of its own: neither counts, reached
        // through a link of this one.
        let (_dir, root) = tree(&[
            "repo/.git/",
            "other/.git/",
            "other/phaselint.toml",
            "other/sets/credentials.yml",
        ]);
        symlink("../other", root.join("repo/cards")).unwrap();
        assert_eq!(
            judge(&root.join("repo/cards/sets/credentials.yml")),
            Err(Refusal::LeavesTheTree)
        );
        assert_eq!(
            judge(&root.join("repo/cards/phaselint.toml")),
            Err(Refusal::LeavesTheTree)
        );
    }

    #[test]
    fn a_config_directory_is_the_tree_outside_a_repository() {
        let (_dir, root) = tree(&["sets/phaselint.toml", "sets/a/b.yaml", "creds"]);
        symlink("../../creds", root.join("sets/a/link.yaml")).unwrap();
        assert_eq!(
            judge(&root.join("sets/a/link.yaml")),
            Err(Refusal::LeavesTheTree)
        );
        symlink("a/b.yaml", root.join("sets/c.yaml")).unwrap();
        assert_eq!(judge(&root.join("sets/c.yaml")), Ok(()));
    }

    #[test]
    fn nothing_inside_git_is_read() {
        let (_dir, root) = tree(&["repo/.git/config"]);
        symlink(".git/config", root.join("repo/phaselint.toml")).unwrap();
        assert_eq!(
            judge(&root.join("repo/phaselint.toml")),
            Err(Refusal::InGit)
        );
        assert_eq!(judge(&root.join("repo/.git/config")), Err(Refusal::InGit));
    }
}
