//! `phaselint rules [CODE]`: the list of rules, or one rule's documentation (as `ruff rule`).

use super::outcome::Outcome;
use clap::Args;
use phaselint::rules::{lookup, registry};

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// A rule's code or name: print its documentation.
    #[arg(value_name = "CODE")]
    pub rule: Option<String>,
}

pub fn run(args: &RulesArgs) -> (Result<String, String>, Outcome) {
    match &args.rule {
        None => (Ok(list()), Outcome::Clean),
        Some(code) => match lookup(code) {
            Some(rule) => (
                Ok(format!(
                    "# {} {}\n\nLevel: {}. Fix: {}.\n\n{}\n\n{}\n",
                    rule.code,
                    rule.name,
                    rule.level,
                    match rule.fix {
                        phaselint::rules::FixAvailability::None => "none",
                        phaselint::rules::FixAvailability::Sometimes => "sometimes",
                        phaselint::rules::FixAvailability::Always => "always",
                    },
                    rule.summary,
                    rule.docs
                )),
                Outcome::Clean,
            ),
            None => (
                Err(format!(
                    "no rule is called {code:?}; `phaselint rules` lists them"
                )),
                Outcome::Failed,
            ),
        },
    }
}

fn list() -> String {
    let mut out = String::new();
    let name_width = registry()
        .iter()
        .map(|rule| rule.name.len())
        .max()
        .unwrap_or(0);
    for rule in registry() {
        out.push_str(&format!(
            "{:<6} {:<name_width$} {:<8} {}\n",
            rule.code,
            rule.name,
            // `Severity`'s Display writes without padding: pad the string.
            rule.level.as_str(),
            rule.summary
        ));
    }
    out
}
