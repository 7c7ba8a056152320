//! The lint rules, one per file, and the registry of them all.

use crate::diagnostic::Severity;

/// Whether a rule offers fixes, and how safe they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixAvailability {
    None,
    Sometimes,
    Always,
}

/// What a rule is: its identity, level and documentation.
#[derive(Debug)]
pub struct RuleInfo {
    /// Stable code: "PL001".
    pub code: &'static str,
    /// Stable kebab-case name: "unknown-timing-phrase".
    pub name: &'static str,
    /// The default severity.
    pub level: Severity,
    /// One line: what the rule finds.
    pub summary: &'static str,
    /// Markdown: what it does, why, an example, the fix.
    pub docs: &'static str,
    pub fix: FixAvailability,
}

/// Every rule, in code order.
pub fn registry() -> &'static [&'static RuleInfo] {
    &[]
}

/// A rule by its code or its name, case-insensitively for codes.
pub fn lookup(code_or_name: &str) -> Option<&'static RuleInfo> {
    registry()
        .iter()
        .copied()
        .find(|rule| rule.code.eq_ignore_ascii_case(code_or_name) || rule.name == code_or_name)
}
