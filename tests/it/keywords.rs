//! Keyword abilities whose definition is timing (CR 702): each keyword of the table is found on a
//! keyword line with its cost or number, in a comma list and where an effect grants it (and
//! each keyword action of CR 701 in the table, as a verb); the
//! keywords page (docs/keywords.md) lists exactly the keywords of the table, with their kinds, points and rules; and on the
//! Oracle card set a keyword means what its reminder text says.

use crate::corpus;
use crate::table;

use corpus::{corpus_file, tell};
use phaselint::model::Finding;
use phaselint::phrase::ast::{Form, Phrase, Template};
use phaselint::phrase::find;
use phaselint::phrase::keywords::{KEYWORDS, Keyword, Parameter};
use phaselint::resolve::resolve_all;
use std::collections::{BTreeMap, BTreeSet};

/// The keywords with timing: those docs/keywords.md lists.
fn timing_keywords() -> impl Iterator<Item = &'static Keyword> {
    KEYWORDS.iter().filter(|keyword| !keyword.says.is_empty())
}

/// A keyword as a keyword line writes it, with a cost or number where it takes one.
fn written(keyword: &Keyword) -> String {
    let parameter = match keyword.parameter {
        Parameter::None | Parameter::Any => "",
        Parameter::Number => " 3",
        Parameter::Cost => " {2}{R}",
        Parameter::NumberCost => " 4—{R}",
        Parameter::Label => " — {1}{W}, Reveal this card from your hand: Draw a card.",
        Parameter::Verb => " target creature.",
    };
    format!("{}{parameter}", keyword.name)
}

/// The keyword phrases of `text` with their findings.
fn keyword_findings(text: &str) -> Vec<(Phrase, Finding)> {
    let found = find(text);
    assert!(found.errors.is_empty(), "{text}: {:?}", found.errors);
    let findings = resolve_all(text, &found.phrases);
    found
        .phrases
        .into_iter()
        .zip(findings)
        .filter(|(phrase, _)| phrase.template == Template::Keyword)
        .collect()
}

/// `text` holds one finding for each thing `keyword` says, on `expected`, and nothing else of
/// keywords.
fn assert_found(keyword: &Keyword, text: &str, expected: &str, granted: bool) {
    let found = keyword_findings(text);
    assert_eq!(
        found.len(),
        keyword.says.len(),
        "{}: {text:?} gives {found:#?}",
        keyword.name
    );
    for (phrase, finding) in &found {
        let Form::Keyword(used) = &phrase.form else {
            panic!("{text:?}: not a keyword form");
        };
        assert_eq!(used.keyword.name, keyword.name, "{text:?}");
        assert_eq!(used.granted, granted, "{text:?}");
        assert_eq!(finding.phrase, expected, "{text:?}");
        assert_eq!(
            finding.rules.first(),
            Some(&keyword.rule),
            "{text:?} cites its 702 rule first"
        );
    }
}

#[test]
fn each_keyword_is_found_on_a_line_in_a_list_and_in_a_grant() {
    for keyword in timing_keywords() {
        let line = written(keyword);
        let name = keyword.name.to_lowercase();
        if keyword.parameter == Parameter::Verb {
            // A keyword action is a verb of an effect, in any person, never a keyword line.
            assert_found(keyword, &line, keyword.name, false);
            let third = format!("Whenever this creature attacks, it {name}s target creature.");
            assert_found(keyword, &third, &format!("{name}s"), false);
            continue;
        }
        let on_line = if keyword.parameter == Parameter::Label {
            keyword.name.to_string()
        } else {
            line.clone()
        };
        assert_found(keyword, &line, &on_line, false);
        assert_found(keyword, &format!("{line} (Reminder.)"), &on_line, false);
        // Lower case after the first keyword of a comma list; a label takes the rest of its
        // line, so it comes last.
        let listed = format!("Flying, {}", lower_first(&line));
        assert_found(keyword, &listed, &lower_first(&on_line), false);
        for grant in [
            format!("It has {name}."),
            format!("Target creature gains {name} until end of turn."),
            format!("Creatures you control have trample and {name}."),
        ] {
            assert_found(keyword, &grant, &name, true);
        }
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

#[test]
fn keyword_names_are_not_read_inside_words_or_prose() {
    for text in [
        "Flashback {2}{R}",
        "Echo of the First Murder — When this creature enters, draw a card.",
        "Whenever you cast a spell with flash, draw a card.",
        "This spell costs {1} less to cast for each creature with phasing.",
        "Rebounding Echo deals 2 damage to any target.",
        "Equip abilities you activate cost {1} less to activate.",
    ] {
        assert!(
            keyword_findings(text).is_empty(),
            "{text:?}: {:#?}",
            keyword_findings(text)
        );
    }
}

/// The table of docs/keywords.md: one row a keyword, `| name | kind | points | rule |`, kinds and
/// points joined by `; ` in the order of the table's findings.
fn docs_rows() -> BTreeMap<String, (String, String, String)> {
    include_str!("../../docs/keywords.md")
        .lines()
        .filter(|line| line.starts_with("| ") && !line.starts_with("| keyword"))
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
            match cells.as_slice() {
                [name, kind, points, rule] if !name.starts_with("---") => Some((
                    name.to_string(),
                    (
                        kind.to_string(),
                        points.trim_matches('`').to_string(),
                        rule.to_string(),
                    ),
                )),
                _ => None,
            }
        })
        .collect()
}

/// What the table gives a keyword, as docs/keywords.md writes it.
fn table_row(keyword: &Keyword) -> (String, String, String) {
    let findings = keyword_findings(&written(keyword));
    let kinds: Vec<String> = findings.iter().map(|(_, f)| f.kind.to_string()).collect();
    let points: Vec<String> = findings
        .iter()
        .filter(|(_, f)| !f.timing.is_empty())
        .map(|(_, f)| f.canonical())
        .collect();
    let points = if points.is_empty() {
        "(none)".to_string()
    } else {
        points.join("; ")
    };
    (kinds.join(", "), points, keyword.rule.to_string())
}

#[test]
fn the_docs_list_the_keywords_of_the_table() {
    let rows = docs_rows();
    let mut wrong = Vec::new();
    for keyword in timing_keywords() {
        let expected = table_row(keyword);
        match rows.get(keyword.name) {
            Some(row) if *row == expected => {}
            Some(row) => wrong.push(format!(
                "{}: docs {row:?}, table {expected:?}",
                keyword.name
            )),
            None => wrong.push(format!(
                "| {} | {} | `{}` | {} |  (missing from docs/keywords.md)",
                keyword.name, expected.0, expected.1, expected.2
            )),
        }
    }
    let names: BTreeSet<&str> = timing_keywords().map(|keyword| keyword.name).collect();
    for name in rows.keys() {
        if !names.contains(name.as_str()) {
            wrong.push(format!("{name}: in docs/keywords.md, not in the table"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Keywords whose reminder text on Oracle cards names other points than the keyword's
/// definition, each with the reason the two readings are both right.
const KEYWORD_EXCEPTIONS: &[(&str, &str)] = &[
    (
        "Ninjutsu",
        "the reminder says \"Return an unblocked attacker\" with no timing word; the window after \
         blockers are declared is what \"unblocked\" means (509.1h, 702.49c)",
    ),
    ("Commander ninjutsu", "as ninjutsu (702.49d)"),
    (
        "Daybound",
        "the reminder states the condition of the day/night check (\"during their own turn\", a \
         test of the turn that ended, and \"next turn\"); the keyword is the transformation at \
         that check in the untap step (502.2, 702.145b)",
    ),
    ("Nightbound", "as daybound (502.2, 702.145e)"),
];

/// Cards whose reminder text on a keyword line explains something else than the keyword.
const CARD_EXCEPTIONS: &[(&str, &str)] = &[
    (
        "Lashwrithe",
        "the reminder explains the Phyrexian mana of the equip cost",
    ),
    (
        "Mjölnir, Hammer of Thor",
        "the reminder explains \"worthy\" in the equip cost",
    ),
    (
        "Treizeci, Sun of Serra",
        "the reminder explains \"nostalgic\" in the companion condition",
    ),
    (
        "Deep Dish Pizza",
        "the reminder says the card has no mana cost",
    ),
    (
        "Gitaxian Spellstalker",
        "the reminder says each instance of prowess triggers separately",
    ),
    (
        "Devoted Mardu",
        "a joke card: its reminder nests parentheses, and what follows the inner ones is read as \
         text after the reminder",
    ),
];

/// For every keyword line of the Oracle card set with reminder text, the points of its keywords
/// are the points of its reminder's findings.
#[test]
fn keywords_mean_what_their_oracle_reminder_text_says() {
    let Some(path) = corpus_file("cards.jsonl") else {
        tell(
            "SKIPPED keywords_mean_what_their_oracle_reminder_text_says: ../shared/corpus/cards.jsonl is absent",
        );
        return;
    };
    let data = std::fs::read_to_string(&path).expect("the corpus is UTF-8");
    let mut checked = 0;
    let mut disagree: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in data.lines() {
        let face: serde_json::Value = serde_json::from_str(line).expect("a JSON object");
        let text = face["oracle_text"].as_str().unwrap_or("");
        let found = find(text);
        let findings = resolve_all(text, &found.phrases);
        let items: Vec<(&Phrase, &Finding)> = found.phrases.iter().zip(&findings).collect();
        let abilities: BTreeSet<usize> = items.iter().map(|(p, _)| p.place.ability).collect();
        for ability in abilities {
            let on_line = |keyword: bool| {
                items
                    .iter()
                    .filter(move |(p, _)| {
                        p.place.ability == ability
                            && !p.place.in_quotes
                            && (p.template == Template::Keyword) == keyword
                    })
                    .filter(move |(p, _)| keyword || p.place.in_reminder)
            };
            let keywords: Vec<&str> = on_line(true)
                .filter_map(|(p, _)| match &p.form {
                    Form::Keyword(used)
                        if !used.granted && used.keyword.parameter != Parameter::Verb =>
                    {
                        Some(used.keyword.name)
                    }
                    _ => None,
                })
                .collect();
            let reminder_text = text.lines().nth(ability).is_some_and(|l| l.contains('('));
            if keywords.is_empty() || !reminder_text {
                continue;
            }
            checked += 1;
            let points = |keyword: bool| -> BTreeSet<String> {
                on_line(keyword)
                    .flat_map(|(_, f)| f.timing.iter().map(ToString::to_string))
                    .collect()
            };
            let (said, reminded) = (points(true), points(false));
            if said != reminded {
                let key = keywords.join(", ");
                let name = face["name"].as_str().unwrap_or_default();
                let excepted = keywords.iter().any(|keyword| {
                    KEYWORD_EXCEPTIONS
                        .iter()
                        .any(|(excepted, _)| excepted == keyword)
                }) || CARD_EXCEPTIONS.iter().any(|(card, _)| *card == name);
                if excepted {
                    continue;
                }
                let show =
                    |set: &BTreeSet<String>| set.iter().cloned().collect::<Vec<_>>().join("; ");
                disagree.entry(key).or_default().push(format!(
                    "{}: keyword [{}] reminder [{}]",
                    face["name"],
                    show(&said),
                    show(&reminded)
                ));
            }
        }
    }
    tell(&format!(
        "keyword lines with reminder text: {checked}; keywords that disagree: {}",
        disagree.len()
    ));
    let report: Vec<String> = disagree
        .iter()
        .map(|(key, cards)| format!("{key} ({}): {}", cards.len(), cards[0]))
        .collect();
    assert!(checked > 1_000, "{checked} keyword lines");
    assert!(disagree.is_empty(), "{}", report.join("\n"));
}

/// tests/data/keyword_grants.table: a granted keyword's findings are its holder's (109.5), and a
/// keyword only named makes none.
#[test]
fn a_granted_keyword_is_its_holders_and_a_named_one_is_none() {
    let rows = table::rows(include_str!("../data/keyword_grants.table"));
    let mut failures = Vec::new();
    for row in &rows {
        let got: Vec<String> = keyword_findings(row.text)
            .iter()
            .map(|(_, f)| {
                format!("{}: {}", f.phrase, f.canonical())
                    .trim()
                    .to_string()
            })
            .collect();
        if got != row.cells {
            failures.push(format!(
                "line {}: {:?}\n  want {:?}\n  got  {got:?}",
                row.line, row.text, row.cells
            ));
        }
    }
    assert!(rows.len() >= 20, "the table was read");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
