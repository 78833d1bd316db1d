//! `--select`, `--extend-select` and `--ignore`: the command line's layer of rule choices, over
//! the `[rules]` table of `speclint.toml` (see `speclint_analysis::selection`).

use crate::languages::REGISTRY;
use clap::Args;
use speclint_analysis::selection::{RuleSelection, Selector};

#[derive(Args, Clone, Debug, Default)]
pub struct RuleArgs {
    /// Check only these rules: codes or prefixes (`PTX005`, `PTX0`, `TILE`, `ALL`),
    /// comma-separated; replaces the configuration's choice.
    #[arg(long, value_delimiter = ',', value_parser = selector, value_name = "CODES")]
    select: Option<Vec<Selector>>,
    /// Also check these rules (codes or prefixes, comma-separated).
    #[arg(long = "extend-select", value_delimiter = ',', value_parser = selector, value_name = "CODES")]
    extend_select: Vec<Selector>,
    /// Do not check these rules (codes or prefixes, comma-separated); a more specific selector
    /// wins (`--ignore PTX --extend-select PTX005` keeps PTX005).
    #[arg(long, value_delimiter = ',', value_parser = selector, value_name = "CODES")]
    ignore: Vec<Selector>,
}

/// A selector of the rules of every language speclint knows.
fn selector(text: &str) -> Result<Selector, String> {
    Selector::parse(text, &REGISTRY.rules())
}

impl RuleArgs {
    /// The flags as the top layer of rule choices.
    pub fn selection(&self) -> RuleSelection {
        RuleSelection {
            select: self.select.clone(),
            extend_select: self.extend_select.clone(),
            ignore: self.ignore.clone(),
            severity: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        rules: RuleArgs,
    }

    fn parse(args: &[&str]) -> Result<RuleSelection, String> {
        let all = std::iter::once("check").chain(args.iter().copied());
        Command::try_parse_from(all)
            .map(|c| c.rules.selection())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn lists_and_repeats() {
        let selection = parse(&[
            "--select",
            "PTX0,TILE",
            "--select",
            "spv01",
            "--ignore",
            "PTX005",
        ])
        .unwrap();
        let texts: Vec<String> = selection
            .select
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(texts, ["PTX0", "TILE", "SPV01"]);
        assert_eq!(selection.ignore.len(), 1);
        assert!(parse(&[]).unwrap().is_empty());
        let error = parse(&["--ignore", "PTX099"]).unwrap_err();
        assert!(error.contains("did you mean `PTX009`"), "{error}");
    }
}
