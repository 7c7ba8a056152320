//! Issue 40 §2, "never in part": a finding reads the whole clause. A template that matches only
//! its head ("until the turn" of "until the turn ends", "until your turn" of "until your turn
//! begins") does not stand: the clause is read whole by a template of its own, or it is PL001
//! whole.
//!
//! Every template of the grammar (the leaves of `phrase` and `ability_opening` in
//! grammar/timing.pest, a silent choice of rules flattened, as grammar/table.rs derives the
//! finder's table) is tried on every example the tables under tests/data hold of it, and on
//! `MORE_EXAMPLES` for a template they hold none of at the end of a clause. Where the template's
//! phrase ends a clause, each continuation the grammar knows is put right after it ("until end of
//! combat" -> "until end of combat ends") and the text is read again. It holds when one finding
//! spans the phrase's start and the continuation (read whole, by a template or as unknown), or
//! when the continuation lies in a finding and no finding reads the phrase's head apart from it.
//! It fails when the continuation is left outside every finding (read in part), or when a finding
//! reads the head and another the continuation (read in two).

use phaselint::model::{Finding, Span};
use phaselint::phrase::ast::Template;
use phaselint::phrase::find;
use phaselint::resolve::find_and_resolve;
use std::collections::{BTreeMap, BTreeSet};

/// The words that continue a clause of a turn, a phase or a step, as the grammar knows them.
const CONTINUATIONS: &[&str] = &["ends", "begins", "starts", "is over"];

/// An example of each template no table under tests/data holds at the end of a clause.
const MORE_EXAMPLES: &[(&str, &str)] = &[
    ("class_level", "(Gain the next level as a sorcery.)"),
    (
        "loyalty_twice",
        "You may activate the loyalty abilities of planeswalkers you control twice each turn.",
    ),
    (
        "leading_this_turn",
        "This turn, creatures you control get +1/+1.",
    ),
    (
        "this_and_next_turn",
        "This turn and next turn, creatures you control get +1/+1.",
    ),
    (
        "equip_as_an_instant",
        "Equip {2}\nEquip only as an instant.",
    ),
    (
        "for_one_this_turn",
        "For one spell this turn, you may spend mana as though it were mana of any color.",
    ),
    (
        "until_turn_of_game",
        "This creature can't attack until you've begun your sixth turn of the game.",
    ),
    (
        "units_in_turn_order",
        "(Each player's turn had a beginning phase.)",
    ),
    (
        "each_combat",
        "This creature can block an additional creature each combat.",
    ),
    (
        "old_step_mention",
        "Untap all lands you control in the untap phase.",
    ),
    (
        "unit_mention",
        "Choose draw step, main phase, or combat phase.",
    ),
    (
        "game_end_test",
        "If you control the most creatures at the end of the game, you win.",
    ),
];

/// Silent templates whose phrases are the rules inside them, each a phrase of its own that the
/// test tries as a template (the finder's table holds at most 64 templates, so one template may
/// give several phrases).
const PHRASES_OF_SILENT: &[(&str, &[&str])] = &[(
    "effect_this_turn",
    &[
        "skip_chosen",
        "loyalty_any_time",
        "loyalty_twice",
        "lasting_this_turn",
    ],
)];

/// Templates whose phrase never ends a clause: nothing continues it.
const NEVER_AT_A_CLAUSE_END: &[(&str, &str)] = &[
    (
        "activation_condition",
        "\"Activate only if\" is followed by its condition",
    ),
    (
        "next_this_turn",
        "\"The next spell you cast this turn\" is the subject of its clause",
    ),
    ("upkeep_shorthand", "\"Upkeep —\" ends in its dash"),
    (
        "skip_chosen",
        "\"skips each instance of the chosen step or phase\" is followed by its \"this turn\"",
    ),
];

/// Templates read in part (or in two), each with the continuations it fails on and, for why, its
/// shortest example that fails and what is found there. A continuation here that holds fails the
/// test: take it off. Empty since the finder reads a template that a continuation follows as
/// unknown through the verb (`read_in_part` in src/phrase/finder.rs).
const PENDING: &[(&str, &[&str], &str)] = &[];

/// Every example text of the tables under tests/data, and `MORE_EXAMPLES`.
fn examples() -> Vec<String> {
    // Each table, its cell separator, and which cell is the text.
    let tables: &[(&str, &str, usize)] = &[
        (include_str!("../data/contract.table"), "|", 0),
        (include_str!("../data/contract_v2.table"), "|", 0),
        (include_str!("../data/contract_v3.table"), "|", 0),
        (include_str!("../data/contract_v4.table"), "|", 0),
        (include_str!("../data/phrases.table"), "=>", 0),
        (include_str!("../data/sentences.table"), "|", 1),
        (include_str!("../data/keyword_grants.table"), "=>", 0),
        (include_str!("../data/rule_scope.table"), "|", 0),
    ];
    let mut texts: Vec<String> = tables
        .iter()
        .flat_map(|(table, separator, cell)| {
            table
                .lines()
                .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
                .map(move |line| {
                    let text = line.split(separator).nth(*cell).expect("the text cell");
                    text.trim().to_string()
                })
        })
        .collect();
    texts.extend(MORE_EXAMPLES.iter().map(|(_, text)| text.to_string()));
    texts.sort();
    texts.dedup();
    texts
}

/// Whether the phrase at `span` ends a clause of `text`: it ends in a word, and punctuation, a
/// dash, a quote, a line break or the end of the text follows (the grammar's `clause_end`).
fn ends_clause(text: &str, span: Span) -> bool {
    if !span.of(text).ends_with(char::is_alphanumeric) {
        return false;
    }
    let rest = text[span.end..].trim_start_matches(' ');
    let ends = [
        '.', ',', ';', ':', '(', ')', '[', ']', '!', '?', '•', '—', '"', '“', '”', '\n', '\r',
    ];
    rest.is_empty() || rest.starts_with(ends) || rest.starts_with("- ")
}

/// The rules of a pest grammar: each its name, whether it is silent (`_{`), and its body.
fn rules(grammar: &str) -> Vec<(String, bool, String)> {
    let mut rules = Vec::new();
    let mut rest = grammar;
    while !rest.is_empty() {
        let line_end = rest.find('\n').map_or(rest.len(), |at| at + 1);
        let definition = rest[..line_end].split_once(" = ").filter(|(name, _)| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        });
        let Some((name, _)) = definition else {
            rest = &rest[line_end..];
            continue;
        };
        let after = &rest[name.len() + " = ".len()..];
        let silent = after.starts_with('_');
        let after = after.trim_start_matches(['_', '@', '$', '!']);
        let Some(body) = after.strip_prefix('{') else {
            rest = &rest[line_end..];
            continue;
        };
        let end = body_end(body);
        rules.push((name.to_string(), silent, body[..end].to_string()));
        rest = &body[end + 1..];
        rest = &rest[rest.find('\n').map_or(rest.len(), |at| at + 1)..];
    }
    rules
}

/// Where the rule body that starts `text` ends: its closing brace, strings and comments passed.
fn body_end(text: &str) -> usize {
    let mut depth = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' | '\'' => {
                while let Some((_, d)) = chars.next() {
                    if d == '\\' {
                        chars.next();
                    } else if d == c {
                        break;
                    }
                }
            }
            '/' if chars.peek().is_some_and(|&(_, d)| d == '/') => {
                chars.by_ref().find(|&(_, d)| d == '\n');
            }
            '{' => depth += 1,
            '}' if depth == 0 => return at,
            '}' => depth -= 1,
            _ => {}
        }
    }
    panic!("a rule's body is closed: {text:?}");
}

/// The grammar's templates, by the name a phrase gives as its template, and the silent ones
/// (a phrase they match is named by the rule inside).
fn templates() -> (BTreeSet<String>, Vec<String>) {
    let rules = rules(include_str!("../../grammar/timing.pest"));
    let by_name: BTreeMap<&str, (bool, &str)> = rules
        .iter()
        .map(|(name, silent, body)| (name.as_str(), (*silent, body.as_str())))
        .collect();
    let choice = |body: &str| -> Option<Vec<String>> {
        let choices: Vec<String> = body.split('|').map(|c| c.trim().to_string()).collect();
        choices
            .iter()
            .all(|c| {
                !c.is_empty()
                    && c.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            })
            .then_some(choices)
    };
    let (mut named, mut silent) = (BTreeSet::new(), Vec::new());
    let mut slots: Vec<String> = vec!["phrase".into(), "ability_opening".into()];
    while let Some(rule) = slots.pop() {
        let (is_silent, body) = by_name[rule.as_str()];
        match (is_silent, choice(body)) {
            (true, Some(choices)) => slots.extend(choices),
            (true, None) => {
                if let Some((_, phrases)) = PHRASES_OF_SILENT.iter().find(|(name, _)| *name == rule)
                {
                    named.extend(phrases.iter().map(|phrase| phrase.to_string()));
                }
                silent.push(rule);
            }
            (false, _) => {
                named.insert(rule);
            }
        }
    }
    assert!(named.len() > 50, "the grammar's templates were read");
    (named, silent)
}

/// One phrase of an example that ends a clause: its template, the text and the phrase's span.
struct Case {
    template: String,
    text: String,
    phrase: Span,
}

/// Every phrase of a grammar template in the examples that ends a clause.
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for text in examples() {
        for phrase in find(&text).phrases {
            let Template::Rule(rule) = phrase.template else {
                continue;
            };
            if ends_clause(&text, phrase.span) {
                cases.push(Case {
                    template: format!("{rule:?}"),
                    text: text.clone(),
                    phrase: phrase.span,
                });
            }
        }
    }
    cases
}

/// `findings` of `text` as `kind "phrase"`.
fn found(text: &str, findings: &[Finding]) -> String {
    let found: Vec<String> = findings
        .iter()
        .map(|f| format!("{} {:?}", f.kind, f.span.of(text)))
        .collect();
    format!("[{}]", found.join(", "))
}

/// `case` with `continuation` put after its phrase, read again; why it is not read whole.
fn continued(case: &Case, continuation: &str) -> Result<(), String> {
    let end = case.phrase.end;
    let text = format!("{} {continuation}{}", &case.text[..end], &case.text[end..]);
    let verb = Span::new(end + 1, end + 1 + continuation.len());
    let (findings, _) = find_and_resolve(&text);
    let spans = |from: usize, to: usize| {
        findings
            .iter()
            .any(|f| f.span.start <= from && f.span.end >= to)
    };
    let whole = spans(case.phrase.start, verb.end);
    let covered = spans(verb.start, verb.end);
    let head_apart = findings.iter().any(|f| {
        f.span.start <= case.phrase.start && f.span.end > case.phrase.start && f.span.end < verb.end
    });
    let problem = if whole || (covered && !head_apart) {
        return Ok(());
    } else if covered {
        "read in two"
    } else {
        "read in part"
    };
    Err(format!("{text:?}: {problem}: {}", found(&text, &findings)))
}

#[test]
fn every_template_has_an_example_at_the_end_of_a_clause() {
    let (named, silent) = templates();
    // "When this creature enters and at the beginning of your upkeep": its phrase is the
    // printed trigger it joins. "skips each instance of the chosen step or phase this turn": its
    // phrases are the effect's and the duration's (`effect_this_turn`).
    assert_eq!(
        silent,
        ["joined_printed_trigger", "effect_this_turn"],
        "silent templates"
    );
    let cases = cases();
    let with_case: BTreeSet<&str> = cases.iter().map(|case| case.template.as_str()).collect();
    let never: BTreeSet<&str> = NEVER_AT_A_CLAUSE_END.iter().map(|(t, _)| *t).collect();
    let without: BTreeSet<&str> = named
        .iter()
        .map(String::as_str)
        .filter(|template| !with_case.contains(template))
        .collect();
    assert_eq!(
        without, never,
        "the templates with no example at the end of a clause: add one to MORE_EXAMPLES"
    );
    for (template, text) in MORE_EXAMPLES {
        assert!(
            cases
                .iter()
                .any(|case| case.template == *template && case.text == *text),
            "{text:?} is no example of {template} at the end of a clause"
        );
    }
}

#[test]
fn a_finding_reads_the_whole_clause_never_its_head() {
    let (named, _) = templates();
    // What fails, by template and continuation.
    let mut failing: BTreeMap<(&str, &str), Vec<String>> = BTreeMap::new();
    let cases = cases();
    let mut tried: BTreeSet<(&str, &str)> = BTreeSet::new();
    for case in cases.iter().filter(|case| named.contains(&case.template)) {
        for &continuation in CONTINUATIONS {
            tried.insert((case.template.as_str(), continuation));
            if let Err(problem) = continued(case, continuation) {
                failing
                    .entry((case.template.as_str(), continuation))
                    .or_default()
                    .push(problem);
            }
        }
    }
    let pending = |template: &str, continuation: &str| {
        PENDING
            .iter()
            .any(|(t, continuations, _)| *t == template && continuations.contains(&continuation))
    };
    let mut failures = Vec::new();
    for (template, continuations, _) in PENDING {
        for continuation in *continuations {
            if !tried.contains(&(*template, *continuation)) {
                failures.push(format!(
                    "{template} + {continuation:?} is pending in PENDING but is never tried"
                ));
            } else if !failing.contains_key(&(*template, *continuation)) {
                failures.push(format!(
                    "{template} + {continuation:?} holds now: take it off PENDING"
                ));
            }
        }
    }
    for ((template, continuation), problems) in &failing {
        if !pending(template, continuation) {
            for problem in problems {
                failures.push(format!("{template} + {continuation:?}: {problem}"));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
