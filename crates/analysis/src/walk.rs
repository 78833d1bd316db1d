//! Which files a check reads (the CLI's paths, the language server's workspace folders): the
//! paths named, and the files of the languages' extensions under the directories among them.
//!
//! Symbolic links are followed the way ruff and ripgrep do: each real file and directory is
//! visited once (by canonical path), and a link back to a directory being walked (a loop) is not
//! followed; both are noted in what the walk returns (the CLI says them on stderr). Entries are
//! visited in sorted order; hidden entries (`.name`) and those an exclude pattern matches are
//! skipped in walks (a path named on the command line is always checked).

use crate::Registry;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A file to check, or a path that could not be read.
pub struct Found {
    pub path: PathBuf,
    /// Named on the command line (not found by a walk).
    pub explicit: bool,
    /// Why the path could not be read (it does not exist, no permission).
    pub unreadable: Option<String>,
}

/// What a walk found, in order, and notes for stderr about what was skipped.
#[derive(Default)]
pub struct Walk {
    pub files: Vec<Found>,
    pub notes: Vec<String>,
}

/// The path that names standard input.
pub const STDIN: &str = "-";

/// Walks `paths` in order, picking up the files of `registry`'s languages in directories;
/// `excluded(path, is_dir)` says whether a walk skips an entry.
pub fn walk(
    registry: &Registry,
    paths: &[PathBuf],
    excluded: &mut dyn FnMut(&Path, bool) -> bool,
) -> Walk {
    let mut walker = Walker {
        registry,
        walk: Walk::default(),
        seen: HashMap::new(),
        ancestors: Vec::new(),
        excluded,
    };
    for path in paths {
        if path.as_os_str() == STDIN {
            walker.walk.files.push(Found {
                path: path.clone(),
                explicit: true,
                unreadable: None,
            });
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) => walker.unreadable(path, e),
            Ok(meta) if meta.is_dir() => walker.directory(path),
            Ok(_) => walker.file(path, None, true, false),
        }
    }
    walker.walk
}

struct Walker<'a> {
    registry: &'a Registry,
    walk: Walk,
    /// Canonical path of each file and directory visited → the path it was visited by.
    seen: HashMap<PathBuf, PathBuf>,
    /// Canonical paths of the directories being walked, outermost first.
    ancestors: Vec<PathBuf>,
    excluded: &'a mut dyn FnMut(&Path, bool) -> bool,
}

impl Walker<'_> {
    fn unreadable(&mut self, path: &Path, error: std::io::Error) {
        let why = match error.kind() {
            std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
            _ => error.to_string(),
        };
        self.walk.files.push(Found {
            path: path.to_path_buf(),
            explicit: true,
            unreadable: Some(why),
        });
    }

    /// `canonical` where the walk knows it already (a file that is not a link, in a directory
    /// whose canonical path it has).
    fn file(&mut self, path: &Path, canonical: Option<PathBuf>, explicit: bool, is_link: bool) {
        let canonical =
            canonical.unwrap_or_else(|| path.canonicalize().unwrap_or_else(|_| path.to_path_buf()));
        if let Some(first) = self.seen.get(&canonical) {
            // The same file named twice, or met again in a walk, is checked once; a link to
            // a file already checked is worth a note.
            if is_link {
                self.walk.notes.push(format!(
                    "note: {}: a link to {}, which is checked already; skipped",
                    path.display(),
                    first.display()
                ));
            }
            return;
        }
        self.seen.insert(canonical, path.to_path_buf());
        self.walk.files.push(Found {
            path: path.to_path_buf(),
            explicit,
            unreadable: None,
        });
    }

    fn directory(&mut self, dir: &Path) {
        let canonical = match dir.canonicalize() {
            Ok(canonical) => canonical,
            Err(e) => {
                self.unreadable(dir, e);
                return;
            }
        };
        if let Some(ancestor) = self.ancestors.iter().find(|a| **a == canonical) {
            let shown = self.seen.get(ancestor).unwrap_or(ancestor);
            self.walk.notes.push(format!(
                "warning: {}: a symbolic link loop (it leads back to {}); not followed",
                dir.display(),
                shown.display()
            ));
            return;
        }
        if let Some(first) = self.seen.get(&canonical) {
            // Reached again by another way (through a link, or a link came first).
            if first != dir {
                self.walk.notes.push(format!(
                    "note: {}: the same directory as {}, which is checked already; skipped",
                    dir.display(),
                    first.display()
                ));
            }
            return;
        }
        // With each entry, whether it is a link, from the directory listing (no system call).
        let mut entries: Vec<(PathBuf, Option<std::fs::FileType>)> = match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .flatten()
                .map(|e| (e.path(), e.file_type().ok()))
                .collect(),
            Err(e) => {
                self.unreadable(dir, e);
                return;
            }
        };
        self.seen.insert(canonical.clone(), dir.to_path_buf());
        self.ancestors.push(canonical.clone());
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        for (path, file_type) in entries {
            let hidden = path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('.'));
            if hidden {
                continue;
            }
            let file_type = match file_type {
                Some(t) => Some(t),
                None => std::fs::symlink_metadata(&path).ok().map(|m| m.file_type()),
            };
            let is_link = file_type.is_none_or(|t| t.is_symlink());
            // Only a link needs its target looked up.
            let is_dir = match file_type {
                Some(t) if !is_link => Ok(t.is_dir()),
                _ => std::fs::metadata(&path).map(|m| m.is_dir()),
            };
            let Ok(is_dir) = is_dir else {
                // Only a link can exist without its target.
                if self.registry.is_candidate_extension(&path) {
                    self.walk.notes.push(format!(
                        "warning: {}: a broken symbolic link; skipped",
                        path.display()
                    ));
                }
                continue;
            };
            if (self.excluded)(&path, is_dir) {
                continue;
            }
            if is_dir {
                self.directory(&path);
            } else if self.registry.is_candidate_extension(&path) {
                // Not a link, in a directory that is its own canonical path plus a name.
                let known =
                    (!is_link).then(|| canonical.join(path.file_name().unwrap_or_default()));
                self.file(&path, known, false, is_link);
            }
        }
        self.ancestors.pop();
    }
}

/// An exclude pattern, gitignore-style: a pattern without a `/` matches a file or directory
/// name at any depth; one with a `/` matches the path relative to `base` (the current
/// directory for `--exclude`, the file's directory for `speclint.toml`); a trailing `/`
/// matches directories only.
pub struct Exclude {
    base: PathBuf,
    pattern: glob::Pattern,
    anchored: bool,
    directories_only: bool,
}

impl Exclude {
    pub fn new(glob: &str, base: &Path) -> Result<Exclude, String> {
        let directories_only = glob.ends_with('/');
        let trimmed = glob.trim_end_matches('/');
        let anchored = trimmed.contains('/');
        let pattern = glob::Pattern::new(trimmed.trim_start_matches('/'))
            .map_err(|e| format!("`{glob}` is not a glob: {e}"))?;
        Ok(Exclude {
            base: base.to_path_buf(),
            pattern,
            anchored,
            directories_only,
        })
    }

    pub fn matches(&self, path: &Path, is_dir: bool) -> bool {
        if self.directories_only && !is_dir {
            return false;
        }
        let options = glob::MatchOptions {
            require_literal_separator: true,
            ..glob::MatchOptions::new()
        };
        if !self.anchored {
            return path
                .file_name()
                .is_some_and(|name| self.pattern.matches_with(&name.to_string_lossy(), options));
        }
        let Ok(absolute) = std::path::absolute(path) else {
            return false;
        };
        absolute
            .strip_prefix(&self.base)
            .is_ok_and(|relative| self.pattern.matches_path_with(relative, options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclude_patterns_are_gitignore_style() {
        let base = std::env::current_dir().unwrap();
        let matches = |glob: &str, path: &str, is_dir: bool| {
            Exclude::new(glob, &base)
                .unwrap()
                .matches(Path::new(path), is_dir)
        };
        assert!(matches("gen", "a/b/gen", true));
        assert!(matches("gen", "a/gen", false));
        assert!(matches("gen/", "a/gen", true));
        assert!(!matches("gen/", "a/gen", false));
        assert!(matches("*.g.ptx", "deep/x/k.g.ptx", false));
        assert!(!matches("*.g.ptx", "deep/x/k.ptx", false));
        // With a slash: relative to the base, `*` stays within one component.
        assert!(matches("a/gen", "a/gen", true));
        assert!(matches("/a/gen", "./a/gen", true));
        assert!(!matches("a/gen", "b/a/gen", true));
        assert!(!matches("a/*.ptx", "a/b/k.ptx", false));
        assert!(matches("a/**/*.ptx", "a/b/c/k.ptx", false));
        assert!(matches("**/gen", "x/y/gen", true));
        assert!(Exclude::new("[gen", &base).is_err());
    }
}
