//! The JSON form of an explanation: the findings in the shape of TIMING-MODEL.md, with the rules
//! of the explanation's edition in `rules` and in each caveat's `rule`.

use super::Explanation;
use crate::edition::Edition;
use crate::model::Finding;
use serde_json::Value;

/// The findings of `explanation` as a pretty JSON array. Under an older edition only the rule
/// numbers change, each into that edition's (`Edition::cite`); the shape stays the contract's,
/// though the keys of each object then come in alphabetical order.
pub fn findings_json(explanation: &Explanation) -> Result<String, serde_json::Error> {
    let findings: Vec<_> = explanation.explained.iter().map(|e| &e.finding).collect();
    findings_json_in(&findings, explanation.edition)
}

/// [`findings_json`] of findings found without an explanation (`findings_named`), cited in
/// `edition`.
pub fn findings_json_in(
    findings: &[&Finding],
    edition: Edition,
) -> Result<String, serde_json::Error> {
    if edition == Edition::Current {
        return serde_json::to_string_pretty(findings);
    }
    let mut values = Vec::new();
    for &finding in findings {
        let mut value = serde_json::to_value(finding)?;
        if let Some(rules) = value.get_mut("rules") {
            *rules = Value::from(edition.cite_all(&finding.rules));
        }
        if let Some(Value::Array(caveats)) = value.get_mut("caveats") {
            for (caveat, model) in caveats.iter_mut().zip(&finding.caveats) {
                if let Some(rule) = caveat.get_mut("rule") {
                    *rule = Value::from(edition.cite(model.rule).to_string());
                }
            }
        }
        values.push(value);
    }
    serde_json::to_string_pretty(&Value::Array(values))
}
