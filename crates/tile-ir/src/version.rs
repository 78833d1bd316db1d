//! The Tile IR versions a module can be checked against.

/// A Tile IR version to check against: one speclint knows (`13.1` to `13.4`), or a
/// well-formed newer `MAJOR.MINOR` (`13.5`, `14.0`), which is checked against the newest known
/// with one TILE019 note. Older versions, three-part versions and words are refused. Major and
/// minor have at most two digits, as in NVIDIA's bytecode versions (`major*10000 + minor*100 +
/// tag`), which keeps a slip such as `133` out.
pub fn parse_version(text: &str) -> Result<String, String> {
    let known = speclint_spec_db::tile_ir::VERSIONS;
    if known.contains(&text) || is_newer_than_known(text) {
        return Ok(text.to_string());
    }
    Err(format!(
        "`{text}` is not a Tile IR version speclint can check against ({}, or a newer MAJOR.MINOR such as 13.5)",
        known.join(", ")
    ))
}

/// Is `version` a well-formed `MAJOR.MINOR` newer than the newest version in the spec-db?
pub fn is_newer_than_known(version: &str) -> bool {
    let number = |part: &str| {
        let ok = (1..=2).contains(&part.len())
            && part.bytes().all(|b| b.is_ascii_digit())
            && (part == "0" || !part.starts_with('0'));
        ok.then(|| part.parse::<u32>().ok()).flatten()
    };
    let Some((major, minor)) = version.split_once('.') else {
        return false;
    };
    let (Some(major), Some(minor)) = (number(major), number(minor)) else {
        return false;
    };
    (major, minor) > speclint_spec_db::tile_ir::version_key(newest_known_version())
}

/// The newest Tile IR version the spec-db holds, which newer versions are checked against.
pub fn newest_known_version() -> &'static str {
    speclint_spec_db::tile_ir::VERSIONS
        .last()
        .copied()
        .unwrap_or(speclint_spec_db::tile_ir::DEFAULT_VERSION)
}

/// The Tile IR version a fact is cited for: the one checked, or for a newer one the newest
/// the spec-db holds (which it is checked against).
pub fn cited_version(version: &str) -> &str {
    if speclint_spec_db::tile_ir::VERSIONS.contains(&version) {
        version
    } else {
        newest_known_version()
    }
}
