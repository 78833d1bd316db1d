//! Small helpers that render values as Rust source for the generated tables.

/// A Rust string literal (Debug escaping produces valid Rust syntax).
pub fn str_lit(text: &str) -> String {
    format!("{text:?}")
}

pub fn opt_str(text: &Option<String>) -> String {
    str_lit(text.as_deref().unwrap_or(""))
}

pub fn str_slice<S: AsRef<str>>(items: &[S]) -> String {
    let inner: Vec<String> = items.iter().map(|s| str_lit(s.as_ref())).collect();
    format!("&[{}]", inner.join(", "))
}

pub fn version(text: &str) -> Result<String, String> {
    let (major, minor) = text
        .split_once('.')
        .ok_or_else(|| format!("version `{text}` is not MAJOR.MINOR"))?;
    let major: u16 = major
        .parse()
        .map_err(|_| format!("version `{text}` is not MAJOR.MINOR"))?;
    let minor: u16 = minor
        .parse()
        .map_err(|_| format!("version `{text}` is not MAJOR.MINOR"))?;
    Ok(format!("Version::new({major}, {minor})"))
}

pub fn opt_version(text: &Option<String>) -> Result<String, String> {
    Ok(match text {
        Some(v) => format!("Some({})", version(v)?),
        None => "None".to_string(),
    })
}

fn target(text: &str) -> Result<String, String> {
    let digits_and_suffix = text
        .strip_prefix("sm_")
        .ok_or_else(|| format!("target `{text}` is not sm_NN[a|f]"))?;
    let (digits, suffix) = if let Some(d) = digits_and_suffix.strip_suffix('a') {
        (d, "ArchSpecific")
    } else if let Some(d) = digits_and_suffix.strip_suffix('f') {
        (d, "FamilySpecific")
    } else {
        (digits_and_suffix, "Plain")
    };
    let number: u16 = digits
        .parse()
        .map_err(|_| format!("target `{text}` is not sm_NN[a|f]"))?;
    Ok(format!("Target::new({number}, TargetSuffix::{suffix})"))
}

/// `Requirement { .. }` from the optional `ptx` and space-separated `target` fields.
pub fn requirement(ptx: &Option<String>, targets: &Option<String>) -> Result<String, String> {
    let targets: Vec<String> = match targets {
        Some(list) => list
            .split_whitespace()
            .map(target)
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    Ok(format!(
        "Requirement {{ version: {}, targets: &[{}] }}",
        opt_version(ptx)?,
        targets.join(", ")
    ))
}

pub fn citation(section: &str, anchor: &Option<String>) -> String {
    format!(
        "Citation {{ section: {}, anchor: {} }}",
        str_lit(section),
        opt_str(anchor)
    )
}
