//! Which lint rules a run reports: `--select`, `--extend-select` and `--ignore`, as ruff and
//! oxlint spell them. A selector is a rule code ("PL101", any case), a name
//! ("obsolete-end-of-turn"), a code prefix ("PL1": every PL1xx rule) or "ALL".
//!
//! Architecture invariant: it knows the registry of rules, and nothing of card text or configs.

use crate::rules::{RuleInfo, registry};

/// The rules a run reports, before the config's levels and ignores apply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSelection {
    /// `None`: every rule; else only the rules these select (and `extend`).
    select: Option<Vec<String>>,
    extend: Vec<String>,
    ignore: Vec<String>,
}

impl RuleSelection {
    /// A selection from the command line's lists. A selector that names no rule is an error,
    /// so that a typo never silently selects nothing.
    pub fn new(
        select: &[String],
        extend: &[String],
        ignore: &[String],
    ) -> Result<RuleSelection, String> {
        for selector in select.iter().chain(extend).chain(ignore) {
            if !registry().iter().any(|rule| matches(selector, rule)) {
                return Err(format!(
                    "`{selector}` names no rule: give a code (PL101), a name (obsolete-end-of-turn), a code prefix (PL1) or ALL; `phaselint rules` lists them"
                ));
            }
        }
        Ok(RuleSelection {
            select: (!select.is_empty()).then(|| select.to_vec()),
            extend: extend.to_vec(),
            ignore: ignore.to_vec(),
        })
    }

    /// Whether `--select` or `--extend-select` names `rule` (by code, name, prefix or ALL): that
    /// turns on a rule that is off by default.
    pub fn names(&self, rule: &RuleInfo) -> bool {
        self.select
            .iter()
            .flatten()
            .chain(&self.extend)
            .any(|selector| matches(selector, rule))
    }

    /// Whether `rule` is reported: selected (or everything is) and not ignored.
    pub fn runs(&self, rule: &RuleInfo) -> bool {
        let selected = match &self.select {
            None => true,
            Some(select) => select
                .iter()
                .chain(&self.extend)
                .any(|selector| matches(selector, rule)),
        };
        selected && !self.ignore.iter().any(|selector| matches(selector, rule))
    }
}

/// Whether `selector` names `rule`: its code, its name, a prefix of its code, or ALL.
fn matches(selector: &str, rule: &RuleInfo) -> bool {
    let code = rule.code.as_bytes();
    selector.eq_ignore_ascii_case("all")
        || selector == rule.name
        || (!selector.is_empty()
            && selector.len() <= code.len()
            && code[..selector.len()].eq_ignore_ascii_case(selector.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::lookup;

    fn rule(code: &str) -> &'static RuleInfo {
        lookup(code).expect("a rule")
    }

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| item.to_string()).collect()
    }

    #[test]
    fn codes_names_and_prefixes_select() {
        let selection =
            RuleSelection::new(&list(&["PL1", "until-the-end-of-turn"]), &[], &[]).expect("valid");
        assert!(selection.runs(rule("PL101")));
        assert!(selection.runs(rule("PL105")));
        assert!(selection.runs(rule("PL503")));
        assert!(!selection.runs(rule("PL001")));
    }

    #[test]
    fn ignore_wins_and_extend_adds() {
        let selection = RuleSelection::new(&list(&["pl5"]), &list(&["PL001"]), &list(&["PL503"]))
            .expect("valid");
        assert!(selection.runs(rule("PL501")));
        assert!(selection.runs(rule("PL001")));
        assert!(!selection.runs(rule("PL503")));
        let everything = RuleSelection::default();
        assert!(everything.runs(rule("PL001")));
        let all_but = RuleSelection::new(&[], &[], &list(&["ALL"])).expect("valid");
        assert!(!all_but.runs(rule("PL001")));
    }

    #[test]
    fn only_a_selector_names_a_rule() {
        assert!(!RuleSelection::default().names(rule("PL402")));
        let extended = RuleSelection::new(&[], &list(&["first-combat-only"]), &[]).expect("valid");
        assert!(extended.names(rule("PL402")));
        assert!(!extended.names(rule("PL403")));
        let prefix = RuleSelection::new(&list(&["PL4"]), &[], &[]).expect("valid");
        assert!(prefix.names(rule("PL403")));
    }

    #[test]
    fn a_selector_that_names_no_rule_is_an_error() {
        let error = RuleSelection::new(&list(&["PL9999"]), &[], &[]).unwrap_err();
        assert!(error.contains("`PL9999` names no rule"), "{error}");
        assert!(RuleSelection::new(&[], &[], &list(&["not-a-rule"])).is_err());
    }
}
