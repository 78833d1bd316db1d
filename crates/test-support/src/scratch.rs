//! A test's own folder under the system's temporary directory, removed when the test passes
//! (kept after a failure, to look at what it wrote).

use std::path::{Path, PathBuf};

pub struct Scratch(PathBuf);

impl Scratch {
    /// An empty folder `speclint-NAME-PID` (emptied if a previous run left it).
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("speclint-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// A path for a file (or folder) named `name` in it.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}
