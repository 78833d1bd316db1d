//! Settings as the core sees them: per language, a map from key to a validated value and where
//! it came from. Each language declares its keys ([`SettingSpec`]) and reads typed values back
//! from its [`LanguageSettings`]; the core only validates, layers and passes them on.

use std::collections::BTreeMap;

/// One key a language accepts under its section.
#[derive(Debug)]
pub struct SettingSpec {
    pub key: &'static str,
    pub shape: SettingShape,
    /// Checks one value (one item of a list); the error says what is expected.
    pub validate: fn(&str) -> Result<(), String>,
    /// The `check` flag that sets it from the command line, if one does.
    pub flag: Option<SettingFlag>,
}

/// A command-line flag of `speclint check` (`--ptx-version 8.5`). Languages may share one
/// (`--target` sets the key of each language that declares it); the flag's help is then each
/// declaration's help in turn. A list setting's flag takes its items comma-separated.
#[derive(Debug)]
pub struct SettingFlag {
    /// Without the dashes: `ptx-version`.
    pub name: &'static str,
    pub help: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingShape {
    /// A string (`target = "sm_90"`).
    Text,
    /// A list of strings (`features = ["__opencl_c_images"]`).
    List,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    List(Vec<String>),
}

/// A validated value and where it came from, named in messages ("the check targets sm_60
/// (speclint.toml)"); `None` is the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub value: Value,
    pub origin: Option<&'static str>,
}

/// The settings of one language's section.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LanguageSettings {
    values: BTreeMap<&'static str, Setting>,
}

impl LanguageSettings {
    pub fn get(&self, key: &str) -> Option<&Setting> {
        self.values.get(key)
    }

    /// A text setting's value.
    pub fn text(&self, key: &str) -> Option<&str> {
        match &self.get(key)?.value {
            Value::Text(text) => Some(text),
            Value::List(_) => None,
        }
    }

    /// A list setting's items.
    pub fn list(&self, key: &str) -> Option<&[String]> {
        match &self.get(key)?.value {
            Value::List(items) => Some(items),
            Value::Text(_) => None,
        }
    }

    pub fn set(&mut self, key: &'static str, setting: Setting) {
        self.values.insert(key, setting);
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// These settings, each replaced by `over`'s where `over` sets it.
    pub fn overlay(&mut self, over: &LanguageSettings) {
        for (key, setting) in &over.values {
            self.values.insert(key, setting.clone());
        }
    }
}
