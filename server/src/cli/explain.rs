//! `speclint explain CODE`: the rule's documentation page.

use crate::languages::REGISTRY;
use std::process::ExitCode;

pub fn run(code: Option<&str>) -> ExitCode {
    let Some(code) = code else {
        println!("{:<8} {:<32} {:<8} SUMMARY", "CODE", "NAME", "LEVEL");
        for rule in REGISTRY.rules() {
            let fix = if rule.fixable { " (fix)" } else { "" };
            println!(
                "{:<8} {:<34} {:<8} {}{fix}",
                rule.code,
                rule.name,
                rule.severity.as_str(),
                rule.summary
            );
        }
        return ExitCode::SUCCESS;
    };
    match REGISTRY.rule(code) {
        Some(rule) => {
            println!("{} ({}) — {}\n", rule.code, rule.name, rule.summary);
            println!(
                "Default severity: {}. Fix available: {}.\n",
                rule.severity.as_str(),
                if rule.fixable {
                    "where one is obvious"
                } else {
                    "no"
                }
            );
            println!("{}\n", rule.explanation);
            println!("Example:\n");
            for line in rule.example.lines() {
                println!("    {line}");
            }
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("error: no rule `{code}`; `speclint explain` lists them");
            ExitCode::from(2)
        }
    }
}
