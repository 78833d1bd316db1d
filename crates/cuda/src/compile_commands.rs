//! How a file is built, from its entry in `compile_commands.json` (in its directory, an
//! ancestor, or `build/` beside one): the targets of its `-arch`/`-gencode` flags and the
//! directories of its `-I` flags.

use std::path::{Path, PathBuf};

use speclint_spec_db::Target;

/// A file's entry in a compilation database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The `compile_commands.json` it is in.
    pub database: PathBuf,
    /// The real targets it builds, lowest first.
    pub targets: Vec<Target>,
    /// Its `-I` directories, in order, relative ones joined to the entry's `directory`.
    pub includes: Vec<PathBuf>,
}

/// The `compile_commands.json` that names `file`, and the targets its entry builds.
#[cfg(test)]
pub fn targets_of(file: &Path) -> Option<(PathBuf, Vec<Target>)> {
    entry_of(file).map(|e| (e.database, e.targets))
}

/// `file`'s entry in the first `compile_commands.json` that names it.
pub fn entry_of(file: &Path) -> Option<Entry> {
    let file = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    let mut dir = file.parent();
    while let Some(d) = dir {
        for candidate in [
            d.join("compile_commands.json"),
            d.join("build/compile_commands.json"),
        ] {
            if let Some((targets, includes)) = std::fs::read_to_string(&candidate)
                .ok()
                .and_then(|text| entry_flags(&text, &file))
            {
                return Some(Entry {
                    database: candidate,
                    targets,
                    includes,
                });
            }
        }
        dir = d.parent();
    }
    None
}

/// The targets and include directories of `file`'s entry in the database `text`; `None`
/// without one.
fn entry_flags(text: &str, file: &Path) -> Option<(Vec<Target>, Vec<PathBuf>)> {
    let entries: Vec<serde_json::Value> = serde_json::from_str(text).ok()?;
    entries.iter().find_map(|entry| {
        let directory = Path::new(entry.get("directory")?.as_str()?);
        let named = directory.join(entry.get("file")?.as_str()?);
        let named = std::fs::canonicalize(&named).unwrap_or(named);
        if named != file {
            return None;
        }
        let arguments: Vec<String> = match entry.get("arguments") {
            Some(serde_json::Value::Array(a)) => a
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => entry
                .get("command")?
                .as_str()?
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        };
        let includes = include_flags(&arguments)
            .into_iter()
            .map(|d| directory.join(d))
            .collect();
        Some((arch_flags(&arguments), includes))
    })
}

/// The directories of the `-I dir`, `-Idir`, `--include-path dir` and `--include-path=dir`
/// flags, in order. System directories (`-isystem`) are not the project's: not read.
pub fn include_flags(arguments: &[String]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut i = 0;
    while i < arguments.len() {
        let argument = arguments[i].as_str();
        let next = arguments.get(i + 1);
        let (value, step) = match argument {
            "-I" | "--include-path" => (next.map(String::as_str), 2),
            _ => match argument
                .strip_prefix("--include-path=")
                .or_else(|| argument.strip_prefix("-I"))
            {
                Some(value) => (Some(value), 1),
                None => (None, 1),
            },
        };
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            dirs.push(PathBuf::from(value.trim_matches(['"', '\''])));
        }
        i += step;
    }
    dirs
}

/// The real targets the flags build (`-arch=sm_90`, `-arch sm_90`, `--gpu-architecture=…`,
/// `-gencode arch=compute_90a,code=sm_90a`), lowest first.
pub fn arch_flags(arguments: &[String]) -> Vec<Target> {
    let mut targets = Vec::new();
    let mut add = |value: &str| {
        for name in value.split([',', '[', ']', '=']) {
            let name = name.trim_matches(['"', '\'']).replace("compute_", "sm_");
            if let Some(target) = Target::parse(&name) {
                if !targets.contains(&target) {
                    targets.push(target);
                }
            }
        }
    };
    let mut i = 0;
    while i < arguments.len() {
        let argument = arguments[i].as_str();
        let next = arguments.get(i + 1).map(String::as_str);
        let (flag, value) = match argument.split_once('=') {
            Some((flag, value)) if flag.starts_with('-') => (flag, Some(value)),
            _ => (argument, None),
        };
        match flag {
            "-arch" | "--gpu-architecture" | "-code" | "--gpu-code" => {
                if let Some(value) = value.or(next) {
                    add(value);
                }
            }
            "-gencode" | "--generate-code" => {
                // `-gencode arch=compute_90,code=sm_90`: the `code` part names what is built.
                let value = value.or(next).unwrap_or("");
                let code = value
                    .split(',')
                    .find_map(|p| p.strip_prefix("code="))
                    .unwrap_or(value);
                add(code);
            }
            _ => {}
        }
        i += if value.is_none()
            && matches!(
                flag,
                "-arch"
                    | "--gpu-architecture"
                    | "-code"
                    | "--gpu-code"
                    | "-gencode"
                    | "--generate-code"
            ) {
            2
        } else {
            1
        };
    }
    targets.sort_by_key(crate::targets::rank);
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(arguments: &str) -> Vec<String> {
        let arguments: Vec<String> = arguments.split_whitespace().map(str::to_string).collect();
        arch_flags(&arguments)
            .iter()
            .map(|t| t.to_string())
            .collect()
    }

    #[test]
    fn arch_flags_are_read() {
        assert_eq!(names("nvcc -arch=sm_90 -c x.cu"), ["sm_90"]);
        assert_eq!(names("nvcc -arch sm_100a -c x.cu"), ["sm_100a"]);
        assert_eq!(names("nvcc --gpu-architecture=sm_80 x.cu"), ["sm_80"]);
        assert_eq!(
            names("nvcc -gencode arch=compute_90a,code=sm_90a -gencode=arch=compute_80,code=[sm_80,compute_80] x.cu"),
            ["sm_80", "sm_90a"]
        );
        assert!(names("nvcc -O2 -c x.cu").is_empty());
    }

    #[test]
    fn include_flags_are_read_in_order() {
        let arguments: Vec<String> =
            "nvcc -Iinclude -I ../cutlass/include --include-path=gen -isystem /usr/include -c x.cu"
                .split_whitespace()
                .map(str::to_string)
                .collect();
        let dirs: Vec<String> = include_flags(&arguments)
            .iter()
            .map(|d| d.display().to_string())
            .collect();
        assert_eq!(dirs, ["include", "../cutlass/include", "gen"]);
    }

    #[test]
    fn the_file_s_entry_is_found_beside_it_or_in_build() {
        let dir = std::env::temp_dir().join(format!("speclint-cc-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::create_dir_all(dir.join("build")).unwrap();
        std::fs::write(dir.join("src/k.cu"), "").unwrap();
        let database = format!(
            r#"[{{"directory": "{}", "file": "src/k.cu", "arguments": ["nvcc", "-arch", "sm_90", "-c", "src/k.cu"]}},
               {{"directory": "{}", "file": "src/other.cu", "command": "nvcc -arch=sm_70 -c src/other.cu"}}]"#,
            dir.display(),
            dir.display()
        );
        std::fs::write(dir.join("build/compile_commands.json"), database).unwrap();
        let (path, targets) = targets_of(&dir.join("src/k.cu")).unwrap();
        assert!(path.ends_with("build/compile_commands.json"), "{path:?}");
        assert_eq!(targets, [Target::parse("sm_90").unwrap()]);
        assert_eq!(targets_of(&dir.join("src/none.cu")), None);
        let entry = entry_of(&dir.join("src/k.cu")).unwrap();
        assert!(entry.includes.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
