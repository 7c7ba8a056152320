//! The rules phaselint cites, held against the current CR itself
//! (../shared/rules/MagicCompRules-2026-01-16.txt, not shipped with phaselint): every rule number
//! the program can cite is a rule of it. When the CR file is absent each test says so on stderr
//! and passes without checking anything. And every finding that times something cites a rule,
//! over the test tables and over the corpus (../shared/corpus) when it is present.

use crate::corpus;
use crate::table;

use corpus::{corpus_file, shared_file, tell};
use phaselint::edition::Edition;
use phaselint::resolve::find_and_resolve;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CR: &str = "rules/MagicCompRules-2026-01-16.txt";

/// The rules of the current CR, each number with its text; `None`, and `test` says it skipped,
/// when the file is absent.
fn cr_rules(test: &str) -> Option<BTreeMap<String, String>> {
    let Some(path) = shared_file(CR) else {
        tell(&format!("SKIPPED {test}: ../shared/{CR} is absent"));
        return None;
    };
    let text = std::fs::read_to_string(path).expect("the CR is UTF-8");
    // A rule's line starts with its number: "611.3." for a rule, "611.3a" for a subrule.
    let rules: BTreeMap<String, String> = text
        .lines()
        .filter_map(|line| {
            let (number, rest) = line.split_once(' ')?;
            let number = number.strip_suffix('.').unwrap_or(number);
            (rule_numbers(number) == [number]).then(|| (number.to_string(), rest.to_string()))
        })
        .collect();
    assert!(rules.len() > 2000, "the CR was read: {} rules", rules.len());
    Some(rules)
}

/// The rule numbers in `text` ("514.2", "506.7d"): three digits, a point, digits and at most one
/// letter, standing alone.
fn rule_numbers(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at + 5 <= bytes.len() {
        let starts = (at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'.'))
            && bytes[at..at + 3].iter().all(u8::is_ascii_digit)
            && bytes[at + 3] == b'.'
            && bytes[at + 4].is_ascii_digit();
        if !starts {
            at += 1;
            continue;
        }
        let mut end = at + 4;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        if end < bytes.len() && bytes[end].is_ascii_lowercase() {
            end += 1;
        }
        let stands_alone = bytes.get(end).is_none_or(|b| {
            !(b.is_ascii_alphanumeric()
                || *b == b'.' && bytes.get(end + 1).is_some_and(u8::is_ascii_digit))
        });
        if stands_alone {
            found.push(&text[at..end]);
        }
        at = end;
    }
    found
}

/// The string literals of Rust source `text`, with the line each starts on. Comments are not
/// literals; char literals and lifetimes are stepped over.
fn string_literals(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut literals = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let newlines = |from: &[char]| from.iter().filter(|c| **c == '\n').count();
    while i < chars.len() {
        match chars[i] {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let end = (i + 2..chars.len().saturating_sub(1))
                    .find(|&j| chars[j] == '*' && chars[j + 1] == '/')
                    .map_or(chars.len(), |j| j + 2);
                line += newlines(&chars[i..end]);
                i = end;
            }
            '\'' => {
                // A char literal ('"', '\''), or a lifetime ('a), which has no closing quote.
                i += match (chars.get(i + 1), chars.get(i + 2)) {
                    (Some('\\'), _) => (i + 2..chars.len())
                        .find(|&j| chars[j] == '\'')
                        .map_or(chars.len() - i, |j| j + 1 - i),
                    (Some(_), Some('\'')) => 3,
                    _ => 1,
                };
            }
            'r' if matches!(chars.get(i + 1), Some('"' | '#'))
                && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')) =>
            {
                let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
                let open = i + 1 + hashes;
                if chars.get(open) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let close: Vec<char> = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let end = (open + 1..chars.len())
                    .find(|&j| chars[j..].starts_with(&close))
                    .unwrap_or(chars.len());
                literals.push((line, chars[open + 1..end].iter().collect()));
                line += newlines(&chars[i..end]);
                i = (end + close.len()).min(chars.len());
            }
            '"' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '"' {
                    j += if chars[j] == '\\' { 2 } else { 1 };
                }
                let end = j.min(chars.len());
                literals.push((line, chars[i + 1..end].iter().collect()));
                line += newlines(&chars[i..end]);
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    literals
}

/// The code of a source file that is built into phaselint: its unit tests (a `#[cfg(test)] mod
/// NAME {` to the end of the file) cite rules that do not exist on purpose.
fn built(text: &str) -> &str {
    let mut offset = 0;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod ") && next.ends_with('{'))
        {
            return &text[..offset];
        }
        offset += line.len() + 1;
    }
    text
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// Every rule number in a string literal of phaselint's source, with where it is written. The
/// edition tables hold older editions' numbers beside the current ones: of `edition/numbers.rs`
/// only the first number of each row (the current rule) counts, and `edition/facts.rs` is read
/// through `Edition::facts` of the current edition.
fn cited_in_source() -> BTreeMap<String, Vec<String>> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut cited: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let name = file
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if name == "edition/facts.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file is UTF-8");
        let code = built(&text);
        for (line, literal) in string_literals(code) {
            if name == "edition/numbers.rs" {
                let row = code.lines().nth(line - 1).unwrap_or_default().trim_start();
                if !row.starts_with(&format!("(\"{literal}\"")) {
                    continue;
                }
            }
            for number in rule_numbers(&literal) {
                cited
                    .entry(number.to_string())
                    .or_default()
                    .push(format!("src/{name}:{line}"));
            }
        }
    }
    for fact in Edition::Current.facts() {
        for rule in fact.rules {
            cited.entry(rule.to_string()).or_default().push(format!(
                "the current edition's fact on {}",
                fact.topic.label()
            ));
        }
    }
    cited
}

/// The phrases of the test tables: the text before " => " (phrases.table) or the first cell
/// (the contract tables).
fn table_phrases() -> Vec<String> {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut phrases = Vec::new();
    for entry in std::fs::read_dir(data)
        .expect("tests/data is readable")
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|ext| ext != "table") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a table is UTF-8");
        for (_, line) in table::lines(&text) {
            let phrase = match line.split_once(" => ") {
                Some((phrase, _)) => phrase,
                None => line.split('|').next().unwrap_or_default(),
            };
            phrases.push(phrase.trim().to_string());
        }
    }
    phrases
}

#[test]
fn the_rule_number_scanner_reads_numbers_and_literals() {
    assert_eq!(
        rule_numbers("CR 514.2, 506.7d and 601.2f–h; (500.7-500.11) 1.5 1000.1 514.2.1"),
        ["514.2", "506.7d", "601.2f", "500.7", "500.11"]
    );
    let source = "// \"999.1\"\nlet a = '\"'; let b: &'static str = \"611.3a\";\n/// r\"999.2\"\nr#\"in \"702.6a\"\"#";
    assert_eq!(
        string_literals(source),
        [(2, "611.3a".to_string()), (4, "in \"702.6a\"".to_string())]
    );
}

#[test]
fn every_rule_phaselint_cites_is_a_rule_of_the_current_cr() {
    let Some(rules) = cr_rules("every_rule_phaselint_cites_is_a_rule_of_the_current_cr") else {
        return;
    };
    let mut cited = cited_in_source();
    // And what the resolver cites at run time, over every phrase of the test tables.
    for phrase in table_phrases() {
        let (findings, _) = find_and_resolve(&phrase);
        for finding in findings {
            let caveats = finding.caveats.iter().map(|caveat| caveat.rule);
            for rule in finding.rules.iter().copied().chain(caveats) {
                cited
                    .entry(rule.to_string())
                    .or_default()
                    .push(format!("explain {phrase:?}"));
            }
        }
    }
    let missing: Vec<String> = cited
        .iter()
        .filter(|(number, _)| !rules.contains_key(*number))
        .map(|(number, places)| format!("{number}: {}", places.join(", ")))
        .collect();
    tell(&format!(
        "phaselint cites {} rules of the current CR; {} do not exist",
        cited.len(),
        missing.len()
    ));
    assert!(cited.len() > 150, "the sources were read: {}", cited.len());
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
}

/// The kinds whose findings may cite no rule: a phrase no template reads, a reference that names
/// no point of the turn to time ("attacked this turn", "your last upkeep"), and words that are no
/// timing at all (a quoted "this turn", "until you reveal a land card").
const MAY_CITE_NONE: &[&str] = &["unknown", "reference", "not-timing"];

/// Phrases no rule of the CR speaks of: what happens "as each turn begins" (no rule says what
/// happens as a turn begins, before its untap step's actions).
const NO_RULE_SPEAKS_OF: &[&str] = &["as each turn begins"];

/// Each finding of `kind` with no rule, as "phrase (where)".
fn uncited(kind: &str, rules: &[serde_json::Value], phrase: &str, place: &str) -> Option<String> {
    (rules.is_empty()
        && !MAY_CITE_NONE.contains(&kind)
        && !NO_RULE_SPEAKS_OF.contains(&phrase.to_lowercase().as_str()))
    .then(|| format!("{kind} {phrase:?} ({place})"))
}

#[test]
fn every_finding_that_times_something_cites_a_rule() {
    let mut missing = Vec::new();
    for phrase in table_phrases() {
        let (findings, _) = find_and_resolve(&phrase);
        for finding in findings {
            let rules: Vec<serde_json::Value> = finding.rules.iter().map(|r| (*r).into()).collect();
            missing.extend(uncited(
                finding.kind.as_str(),
                &rules,
                &finding.phrase,
                &phrase,
            ));
        }
    }
    assert!(missing.is_empty(), "in the tables:\n{}", missing.join("\n"));
    let Some(path) = corpus_file("cards.jsonl") else {
        tell(
            "SKIPPED the corpus half of every_finding_that_times_something_cites_a_rule: ../shared/corpus/cards.jsonl is absent",
        );
        return;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .arg("findings")
        .arg(&path)
        .stdin(Stdio::null())
        .output()
        .expect("the phaselint binary runs");
    assert_eq!(output.status.code(), Some(0));
    let mut findings = 0;
    for line in String::from_utf8(output.stdout).expect("UTF-8").lines() {
        let face: serde_json::Value = serde_json::from_str(line).expect("a JSON object a line");
        for finding in face["findings"].as_array().into_iter().flatten() {
            findings += 1;
            let rules = finding["rules"].as_array().cloned().unwrap_or_default();
            let kind = finding["kind"].as_str().unwrap_or_default();
            let phrase = finding["phrase"].as_str().unwrap_or_default();
            let card = face["face"].as_str().unwrap_or_default();
            missing.extend(uncited(kind, &rules, phrase, card));
        }
    }
    tell(&format!(
        "{findings} findings of the corpus; {} that time something cite no rule",
        missing.len()
    ));
    assert!(
        findings > 20_000,
        "the corpus was read: {findings} findings"
    );
    assert!(missing.is_empty(), "in the corpus:\n{}", missing.join("\n"));
}

/// The rules of each finding of `text`, in order.
fn rules_of(text: &str) -> Vec<Vec<&'static str>> {
    let (findings, _) = find_and_resolve(text);
    findings.into_iter().map(|finding| finding.rules).collect()
}

#[test]
fn only_activated_abilities_cite_602_5d() {
    // Plotting and a companion's {3} are special actions (116.2k, 116.2g); casting as a sorcery
    // is 307.5.
    assert_eq!(
        rules_of(
            "Plot {2}{R} (You may pay {2}{R} and exile this card from your hand. Cast it as a \
             sorcery on a later turn without paying its mana cost. Plot only as a sorcery.)"
        ),
        [
            vec!["702.170a", "116.2k", "307.5"],
            vec!["702.170a", "702.170d"],
            vec!["307.5"],
            vec!["702.170d"],
            vec!["702.170a", "116.2k", "307.5"],
        ]
    );
    assert_eq!(
        rules_of(
            "Companion — Each nonland card in your starting deck has an even mana value. (If this \
             card is your chosen companion, you may put it into your hand from outside the game \
             for {3} as a sorcery.)"
        ),
        [vec!["702.139a", "116.2g", "307.5"], vec!["307.5"]]
    );
    // Activated abilities, written out or by their keyword, keep 602.5d.
    assert_eq!(
        rules_of("{T}: Draw a card. Activate only as a sorcery."),
        [vec!["602.5d", "307.5"]]
    );
    assert_eq!(rules_of("Equip {2}"), [vec!["702.6a", "602.5d", "307.5"]]);
}

#[test]
fn a_window_in_a_turn_cites_the_rule_of_what_it_restricts() {
    // Foretell's special action (702.143a, 116.2h), in its reminder as in its keyword.
    assert_eq!(
        rules_of(
            "Foretell {1}{U} (During your turn, you may pay {2} and exile this card from your \
             hand face down. Cast it on a later turn for its foretell cost.)"
        ),
        [
            vec!["702.143a", "116.2h"],
            vec!["702.143a"],
            vec!["702.143a", "116.2h"],
            vec!["702.143a"],
        ]
    );
    // A card an effect made foretold (702.143d).
    assert_eq!(
        rules_of("(On a later turn, you may cast it for its foretell cost.)"),
        [vec!["702.143d"]]
    );
    // An activated ability's instructions (602.1b), a spell's prohibition (601.3), a static
    // ability's permission (611.3a).
    assert_eq!(
        rules_of("Activate only during your turn."),
        [vec!["602.1b"]]
    );
    // "Any player may activate this ability but only ...": an activation's instructions too.
    assert_eq!(
        rules_of(
            "Pay 5 life: Destroy this enchantment. Any player may activate this ability but only \
             during their turn."
        ),
        [vec!["602.1b"]]
    );
    assert_eq!(
        rules_of("{1}: Draw a card. Any player may activate this ability but only as a sorcery."),
        [vec!["602.5d", "307.5"]]
    );
    assert_eq!(
        rules_of("Cast this spell only during an opponent's turn."),
        [vec!["601.3"]]
    );
    assert_eq!(
        rules_of("During your turn, you may play lands from your graveyard."),
        [vec!["611.3a"]]
    );
}

#[test]
fn kinds_cite_rules_whose_own_words_cover_them() {
    let Some(rules) = cr_rules("kinds_cite_rules_whose_own_words_cover_them") else {
        return;
    };
    let scopes = include_str!("../data/rule_scope.table");
    let mut failures = Vec::new();
    let mut rows = 0;
    for (number, cells) in table::cells(scopes, "|") {
        rows += 1;
        let [text, kind, rule, words] = cells[..] else {
            panic!("line {}: four cells expected", number);
        };
        let (findings, _) = find_and_resolve(text);
        if !findings
            .iter()
            .any(|finding| finding.kind.as_str() == kind && finding.rules.contains(&rule))
        {
            let got: Vec<String> = findings
                .iter()
                .map(|finding| format!("{} {:?}", finding.kind, finding.rules))
                .collect();
            failures.push(format!(
                "line {}: no {kind} finding cites {rule}: {got:?}",
                number
            ));
        }
        match rules.get(rule) {
            Some(said) if said.contains(words) => {}
            Some(said) => failures.push(format!(
                "line {}: {rule} does not say {words:?}: {said:?}",
                number
            )),
            None => failures.push(format!("line {}: {rule} is no rule", number)),
        }
    }
    assert!(rows >= 20, "the table was read: {rows} rows");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
