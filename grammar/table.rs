//! Build script: derives the finder's template table from `grammar/timing.pest`.
//!
//! The finder walks each line in Rust and hands pest only the positions where a template can
//! start (ARCHITECTURE.md, "src/phrase/"). What can start where is read here from the grammar
//! itself, so a template added to the grammar is in the table without anyone writing it down:
//!
//! - the **templates** are the leaves of `phrase` and of `ability_opening`, in their PEG order
//!   (a silent rule that is a plain choice of rules is flattened into its alternatives);
//! - each template's **leads** are what its first consumed character can be: a case-insensitive
//!   literal, a character class, or anything;
//! - each template's **need** is a set of literals of which every match contains one (the most
//!   selective set the expression guarantees), so a line without any of them never calls it;
//! - each template is called through its **entry**, `try_<template> = { <template>? }`, which
//!   always succeeds: a failed pest parse builds an error with a copy of the whole line, which
//!   would make a long line quadratic. A template without an entry stops the build.
//!
//! Everything derived is a necessary condition only: pest still decides every match, and
//! `tests/walk.rs` holds the walk against a whole-line parse.

use pest_meta::ast::{Expr, Rule, RuleType};
use pest_meta::parser::{self, Rule as MetaRule};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

const GRAMMAR: &str = "grammar/timing.pest";

/// The rules written to try their choices by first letter (`check_letter_dispatch`): one that
/// loses the shape stops the build rather than lose its check in silence.
const LETTER_DISPATCHED: &[&str] = &[
    "owner",
    "anchor_by_letter",
    "combat_event",
    "step_name",
    "phase_name",
    "effect_verb_by_letter",
    "irregular_past",
];

/// A guard and the letter-dispatched rule it guards: the guard's character ranges must hold
/// exactly the first letters of the rule's groups, in both cases, or it would turn away a word
/// the rule matches (or let through one it never can).
const LETTER_GUARDS: &[(&str, &str)] = &[
    ("anchor_letter", "anchor_by_letter"),
    ("effect_verb_letter", "effect_verb_by_letter"),
    ("irregular_past_letter", "irregular_past"),
];

/// The choices whose leaves the finder calls one by one.
const SLOTS: &[&str] = &["phrase", "ability_opening"];
/// Rules whose literal leads the finder uses (`src/phrase/templates.rs`): what its clause guards
/// look for, and the characters that end a clause or a word and open or close a quote.
const LEADS: &[&str] = &[
    "combat_event",
    "unit_name",
    "each_turn_closing",
    "joined_point",
    "this_span",
    "clause_span",
    "clause_end",
    "sp",
    "quote_open",
    "quote_close",
];
/// The single rules the finder calls at fixed places (the head of a line, a quote, a period).
const SINGLES: &[&str] = &[
    "ability_word",
    "quoted_mention",
    "sentence_opening",
    "reminder_sentence_opening",
];

fn main() {
    println!("cargo::rerun-if-changed={GRAMMAR}");
    println!("cargo::rerun-if-changed=grammar/table.rs");
    let source = std::fs::read_to_string(GRAMMAR).expect("grammar/timing.pest is readable");
    let pairs = parser::parse(MetaRule::grammar_rules, &source)
        .unwrap_or_else(|error| panic!("{GRAMMAR}: {error}"));
    let rules =
        parser::consume_rules(pairs).unwrap_or_else(|errors| panic!("{GRAMMAR}: {}", errors[0]));
    let grammar = Grammar {
        rules: rules
            .iter()
            .map(|rule| (rule.name.as_str(), rule))
            .collect(),
    };
    let mut out = String::from("// Derived from grammar/timing.pest by grammar/table.rs.\n");
    for slot in SLOTS {
        let leaves = grammar.leaves(slot);
        // The finder keeps a slot's templates in a 64-bit mask.
        assert!(
            leaves.len() <= 64,
            "{GRAMMAR}: `{slot}` has more than 64 templates"
        );
        writeln!(
            out,
            "pub(super) static {}: &[Template] = &[",
            slot.to_uppercase()
        )
        .unwrap();
        for leaf in leaves {
            out.push_str(&grammar.template(leaf));
        }
        out.push_str("];\n");
    }
    let dispatched: HashMap<&str, BTreeSet<u8>> = rules
        .iter()
        .filter_map(|rule| {
            let letters = grammar.check_letter_dispatch(&rule.name, &rule.expr)?;
            Some((rule.name.as_str(), letters))
        })
        .collect();
    for (guard, rule) in LETTER_GUARDS {
        let letters = dispatched
            .get(rule)
            .unwrap_or_else(|| panic!("{GRAMMAR}: `{rule}` is guarded but not letter-dispatched"));
        let both_cases: BTreeSet<u8> = letters
            .iter()
            .flat_map(|letter| [*letter, letter.to_ascii_uppercase()])
            .collect();
        let ranges = |cases: [fn(&u8) -> u8; 2]| {
            cases
                .iter()
                .flat_map(|case| letters.iter().map(case))
                .map(|letter| format!("'{0}'..'{0}'", char::from(letter)))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        assert_eq!(
            grammar.range_bytes(guard),
            both_cases,
            "{GRAMMAR}: `{guard}` must hold the first letters of `{rule}`'s groups, both cases, \
             as `{guard} = _{{ {} }}` does",
            ranges([u8::to_ascii_lowercase, u8::to_ascii_uppercase])
        );
    }
    for rule in LETTER_DISPATCHED {
        assert!(
            dispatched.contains_key(rule),
            "{GRAMMAR}: `{rule}` no longer tries its choices by first letter (`&^\"x\" ~ (...)` \
             in every choice): its check would be off; write it so, or take it out of \
             LETTER_DISPATCHED"
        );
    }
    // pest runs without its stack probe (Cargo.toml): the walk's calls must not recurse.
    for template in SLOTS
        .iter()
        .flat_map(|slot| grammar.leaves(slot))
        .chain(SINGLES.iter().copied())
    {
        if let Some(rule) = grammar.recursion(template, &mut Vec::new(), &mut HashSet::new()) {
            panic!(
                "{GRAMMAR}: the template `{template}` reaches `{rule}`, which recurses; the finder \
                 calls pest without a stack probe, so a template must not recurse"
            );
        }
    }
    for single in SINGLES {
        writeln!(
            out,
            "pub(super) static {}: Template = {};",
            single.to_uppercase(),
            grammar.template(single).trim_end().trim_end_matches(',')
        )
        .unwrap();
    }
    for name in LEADS {
        let first = grammar.first(&grammar.rule(name).expr, &mut Vec::new());
        let literals = first.leads.iter().map(|lead| match lead {
            Lead::Literal(text) => text,
            other => panic!("{GRAMMAR}: `{name}` can start with {other:?}, not a literal"),
        });
        writeln!(
            out,
            "pub(super) static LEADS_{}: &[&str] = {};",
            name.to_uppercase(),
            str_slice(literals)
        )
        .unwrap();
    }
    let path = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("templates.rs");
    std::fs::write(path, out).expect("OUT_DIR is writable");
}

struct Grammar<'g> {
    rules: HashMap<&'g str, &'g Rule>,
}

/// What the first consumed character of a match can be. Byte ranges sort first: the finder tries
/// them before the literals, as one comparison decides them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Lead {
    /// The first byte lies in this range ("anything" is `0..=255`).
    Bytes(u8, u8),
    /// The text starts with this literal (ASCII case ignored).
    Literal(String),
    /// The text starts with a word of ASCII letters that ends in this literal, one letter at
    /// least before it (ASCII case ignored): `(!(^"ed" ~ wb) ~ ASCII_ALPHA)+ ~ ^"ed" ~ wb`, a
    /// past participle. As a lead it is its letters' byte ranges, checked to the word's end.
    WordEnding(String),
}

const ANY: Lead = Lead::Bytes(0, 0xff);
const UPPER: Lead = Lead::Bytes(b'A', b'Z');
const LOWER: Lead = Lead::Bytes(b'a', b'z');
const DIGIT: Lead = Lead::Bytes(b'0', b'9');

impl Lead {
    /// The lead as Rust source for the finder's table.
    fn source(&self) -> String {
        match self {
            Lead::Bytes(low, high) => format!("Lead::Bytes({low}, {high})"),
            Lead::Literal(text) => format!("Lead::Literal({text:?})"),
            Lead::WordEnding(text) => format!("Lead::WordEnding({text:?})"),
        }
    }
}

/// The leads of an expression, and whether it can match without consuming anything.
struct First {
    leads: BTreeSet<Lead>,
    nullable: bool,
}

impl<'g> Grammar<'g> {
    fn rule(&self, name: &str) -> &'g Rule {
        self.rules
            .get(name)
            .copied()
            .unwrap_or_else(|| panic!("{GRAMMAR}: no rule `{name}`"))
    }

    /// The alternatives of a choice, with silent choices of rules flattened, in PEG order.
    fn leaves(&self, name: &'g str) -> Vec<&'g str> {
        let rule = self.rule(name);
        let mut alternatives = Vec::new();
        choice_alternatives(&rule.expr, &mut alternatives);
        let mut leaves = Vec::new();
        for alternative in alternatives {
            let Expr::Ident(child) = alternative else {
                panic!("{GRAMMAR}: `{name}` must be a choice of rule names");
            };
            let inner = self.rule(child);
            let flattens = inner.ty == RuleType::Silent && {
                let mut sub = Vec::new();
                choice_alternatives(&inner.expr, &mut sub);
                sub.len() > 1 && sub.iter().all(|e| matches!(e, Expr::Ident(_)))
            };
            if flattens {
                leaves.extend(self.leaves(child));
            } else {
                leaves.push(child.as_str());
            }
        }
        leaves
    }

    /// A rule that `name` reaches and that reaches itself, if any (`path`: the rules on the way;
    /// `clear`: rules already found to reach no recursion, each explored once).
    fn recursion(
        &self,
        name: &str,
        path: &mut Vec<String>,
        clear: &mut HashSet<String>,
    ) -> Option<String> {
        if path.iter().any(|on_path| on_path == name) {
            return Some(name.to_string());
        }
        if clear.contains(name) {
            return None;
        }
        let rule = self.rules.get(name)?;
        path.push(name.to_string());
        let mut called = Vec::new();
        idents(&rule.expr, &mut called);
        let found = called
            .into_iter()
            .find_map(|callee| self.recursion(callee, path, clear));
        path.pop();
        if found.is_none() {
            clear.insert(name.to_string());
        }
        found
    }

    /// Whether `name` tries its choices by first letter, after checking it does so soundly.
    /// A rule whose every choice is `&^"x" ~ (...)` tries only the choices that can start with
    /// the text's first letter (`LETTER_DISPATCHED`). Stops the build unless each
    /// choice of a group can start with its letter, and each choice is in the group of every
    /// letter it can start with: otherwise a choice would not be tried where it can match. (The
    /// order within a group is the grammar's own, which no check can know.)
    fn check_letter_dispatch(&self, name: &str, expr: &Expr) -> Option<BTreeSet<u8>> {
        let mut arms = Vec::new();
        choice_alternatives(expr, &mut arms);
        let mut groups = Vec::new();
        for (index, arm) in arms.iter().enumerate() {
            let mut items = Vec::new();
            sequence_items(arm, &mut items);
            let group = match &items[..] {
                [Expr::PosPred(letter), first, rest @ ..] => match letter.as_ref() {
                    Expr::Insens(letter) => {
                        <[u8; 1]>::try_from(letter.to_ascii_lowercase().as_bytes())
                            .ok()
                            .map(|[letter]| (letter, first, rest.is_empty()))
                    }
                    _ => None,
                },
                _ => None,
            };
            let Some((letter, first, whole)) = group else {
                // Not dispatched at all, or only some choices are: the second is a slip.
                assert!(
                    index == 0,
                    "{GRAMMAR}: `{name}`: a choice is not `&^\"x\" ~ (...)` as the ones before it"
                );
                return None;
            };
            let mut choices = Vec::new();
            choice_alternatives(first, &mut choices);
            // A group of more than one item (`&^"o" ~ ^"only " ~ ...`) is taken to cover every
            // choice that starts with its letter: its own items are no list of choices.
            groups.push((letter, whole, choices));
        }
        for (letter, _, choices) in &groups {
            for choice in choices {
                let mut starts_here = false;
                for lead in self.first(choice, &mut Vec::new()).leads {
                    let Lead::Literal(literal) = &lead else {
                        panic!("{GRAMMAR}: `{name}`: a choice can start with {lead:?}, no letter");
                    };
                    let first = literal.as_bytes()[0].to_ascii_lowercase();
                    starts_here |= first == *letter;
                    let covered = groups.iter().any(|(other, whole, others)| {
                        *other == first && (!*whole || others.contains(choice))
                    });
                    assert!(
                        covered,
                        "{GRAMMAR}: `{name}`: a choice that can start with {literal:?} is missing \
                         from the `{}` group",
                        char::from(first)
                    );
                }
                assert!(
                    starts_here,
                    "{GRAMMAR}: `{name}`: a choice of the `{}` group cannot start with it",
                    char::from(*letter)
                );
            }
        }
        Some(groups.iter().map(|(letter, ..)| *letter).collect())
    }

    /// The bytes a rule that is a choice of ASCII character ranges (`'a'..'c' | ...`) matches.
    fn range_bytes(&self, name: &str) -> BTreeSet<u8> {
        let mut ranges = Vec::new();
        choice_alternatives(&self.rule(name).expr, &mut ranges);
        ranges
            .iter()
            .flat_map(|range| match range {
                Expr::Range(low, high) => match (low.as_bytes(), high.as_bytes()) {
                    ([low], [high]) => *low..=*high,
                    _ => panic!("{GRAMMAR}: `{name}`: a range of more than one byte"),
                },
                other => panic!("{GRAMMAR}: `{name}` is no choice of ranges: {other:?}"),
            })
            .collect()
    }

    /// The Rust source of one template's table entry.
    fn template(&self, name: &str) -> String {
        let entry = format!("try_{name}");
        match self.rules.get(entry.as_str()) {
            Some(rule) if rule.ty == RuleType::Normal && is_optional_of(&rule.expr, name) => {}
            _ => panic!(
                "{GRAMMAR}: the template `{name}` has no entry rule; add `{entry} = {{ {name}? }}` \
                 to the finder's entries at the end of the grammar"
            ),
        }
        let first = self.first(&self.rule(name).expr, &mut Vec::new());
        assert!(
            !first.nullable,
            "{GRAMMAR}: the template `{name}` can match nothing"
        );
        // The finder keeps a template's leads in a 64-bit mask a byte (src/phrase/templates.rs).
        assert!(
            first.leads.len() <= 64,
            "{GRAMMAR}: the template `{name}` can start in more than 64 ways"
        );
        let leads: Vec<String> = first.leads.iter().map(Lead::source).collect();
        let need = match self.need(&self.rule(name).expr, &mut Vec::new()) {
            Some(literals) => format!("Some({})", str_slice(literals.iter())),
            None => "None".into(),
        };
        format!(
            "    Template {{ entry: Rule::{entry}, leads: &[{}], need: {need} }},\n",
            leads.join(", ")
        )
    }

    /// The leads of an expression (see `Lead`).
    fn first(&self, expr: &Expr, visiting: &mut Vec<String>) -> First {
        let leads = |leads: &[Lead]| First {
            leads: leads.iter().cloned().collect(),
            nullable: false,
        };
        let empty = First {
            leads: BTreeSet::new(),
            nullable: true,
        };
        match expr {
            Expr::Str(text) | Expr::Insens(text) => match text.is_empty() {
                true => empty,
                false => leads(&[Lead::Literal(text.to_ascii_lowercase())]),
            },
            Expr::Range(low, high) => leads(&[range_lead(low, high)]),
            Expr::Ident(name) => match name.as_str() {
                "SOI" | "EOI" => empty,
                "ASCII_ALPHA_UPPER" => leads(&[UPPER]),
                "ASCII_ALPHA_LOWER" => leads(&[LOWER]),
                "ASCII_DIGIT" => leads(&[DIGIT]),
                "ASCII_ALPHA" => leads(&[UPPER, LOWER]),
                "ASCII_ALPHANUMERIC" => leads(&[UPPER, LOWER, DIGIT]),
                _ if !self.rules.contains_key(name.as_str()) => leads(&[ANY]),
                _ if visiting.contains(name) => leads(&[ANY]),
                _ => {
                    visiting.push(name.clone());
                    let first = self.first(&self.rule(name).expr, visiting);
                    visiting.pop();
                    first
                }
            },
            // A lookahead consumes nothing: what follows it is what starts the match.
            Expr::PosPred(_) | Expr::NegPred(_) => empty,
            Expr::Seq(..) => {
                // A sequence as its items, however pest nested it.
                let mut items = Vec::new();
                sequence_items(expr, &mut items);
                let mut first = empty;
                for (at, item) in items.iter().enumerate() {
                    let next = match word_ending(item, &items[at + 1..]) {
                        Some(ending) => leads(&[Lead::WordEnding(ending)]),
                        None => self.first(item, visiting),
                    };
                    first.leads.extend(next.leads);
                    if !next.nullable {
                        first.nullable = false;
                        break;
                    }
                }
                first
            }
            Expr::Choice(left, right) => {
                let mut first = self.first(left, visiting);
                let other = self.first(right, visiting);
                first.leads.extend(other.leads);
                first.nullable |= other.nullable;
                first
            }
            Expr::Opt(inner) | Expr::Rep(inner) | Expr::RepMax(inner, _) => First {
                nullable: true,
                ..self.first(inner, visiting)
            },
            Expr::RepOnce(inner) => self.first(inner, visiting),
            Expr::RepExact(inner, min)
            | Expr::RepMin(inner, min)
            | Expr::RepMinMax(inner, min, _) => {
                let first = self.first(inner, visiting);
                First {
                    nullable: first.nullable || *min == 0,
                    ..first
                }
            }
            Expr::Push(inner) => self.first(inner, visiting),
            #[allow(unreachable_patterns)]
            _ => leads(&[ANY]),
        }
    }

    /// Literals of which every match of the expression contains one, or `None` where the
    /// expression guarantees none. Of several guaranteed sets, the most selective is kept.
    fn need(&self, expr: &Expr, visiting: &mut Vec<String>) -> Option<BTreeSet<String>> {
        match expr {
            Expr::Str(text) | Expr::Insens(text) if !text.is_empty() => {
                Some(BTreeSet::from([text.to_ascii_lowercase()]))
            }
            Expr::Ident(name) if self.rules.contains_key(name.as_str()) => {
                if visiting.contains(name) {
                    return None;
                }
                visiting.push(name.clone());
                let need = self.need(&self.rule(name).expr, visiting);
                visiting.pop();
                need
            }
            // A positive lookahead reads text that lies after the match's start too.
            Expr::PosPred(inner) | Expr::RepOnce(inner) | Expr::Push(inner) => {
                self.need(inner, visiting)
            }
            Expr::RepExact(inner, min)
            | Expr::RepMin(inner, min)
            | Expr::RepMinMax(inner, min, _)
                if *min > 0 =>
            {
                self.need(inner, visiting)
            }
            Expr::Seq(head, tail) => {
                more_selective(self.need(head, visiting), self.need(tail, visiting))
            }
            Expr::Choice(left, right) => {
                let mut need = self.need(left, visiting)?;
                need.extend(self.need(right, visiting)?);
                Some(need)
            }
            _ => None,
        }
    }
}

/// The rule names an expression calls.
fn idents<'e>(expr: &'e Expr, out: &mut Vec<&'e str>) {
    match expr {
        Expr::Ident(name) => out.push(name),
        Expr::PosPred(inner)
        | Expr::NegPred(inner)
        | Expr::Opt(inner)
        | Expr::Rep(inner)
        | Expr::RepOnce(inner)
        | Expr::RepExact(inner, _)
        | Expr::RepMin(inner, _)
        | Expr::RepMax(inner, _)
        | Expr::RepMinMax(inner, _, _)
        | Expr::Push(inner) => idents(inner, out),
        Expr::Seq(left, right) | Expr::Choice(left, right) => {
            idents(left, out);
            idents(right, out);
        }
        #[allow(unreachable_patterns)]
        Expr::NodeTag(inner, _) => idents(inner, out),
        _ => {}
    }
}

/// The items of a sequence, in order, whether pest nested it to the left or to the right.
fn sequence_items<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    flatten(expr, out, |expr| match expr {
        Expr::Seq(head, tail) => Some((head, tail)),
        _ => None,
    });
}

/// The ending of a word that `item` and the items after it match: `(!(^"ed" ~ wb) ~
/// ASCII_ALPHA)+ ~ ^"ed" ~ wb`, letters up to an ending "ed" at a word boundary, where the
/// repetition stops at that ending only.
fn word_ending(item: &Expr, after: &[&Expr]) -> Option<String> {
    let Expr::RepOnce(letter) = item else {
        return None;
    };
    let Expr::Seq(not_ending, alpha) = letter.as_ref() else {
        return None;
    };
    let (Expr::NegPred(stop), Expr::Ident(alpha)) = (not_ending.as_ref(), alpha.as_ref()) else {
        return None;
    };
    let mut stop_items = Vec::new();
    sequence_items(stop, &mut stop_items);
    let [Expr::Insens(ending), Expr::Ident(boundary)] = stop_items[..] else {
        return None;
    };
    let [Expr::Insens(then), Expr::Ident(then_boundary), ..] = after else {
        return None;
    };
    // The lead reads the word's letters to their end: an ending of letters only, and `wb` must
    // be the boundary that no letter follows, or the lead would be narrower than the grammar.
    let found = alpha == "ASCII_ALPHA"
        && boundary == "wb"
        && then_boundary == "wb"
        && !ending.is_empty()
        && then.eq_ignore_ascii_case(ending);
    if found {
        assert!(
            ending.bytes().all(|b| b.is_ascii_alphabetic()),
            "{GRAMMAR}: a word ending `{ending}` of other than letters"
        );
    }
    found.then(|| ending.to_ascii_lowercase())
}

/// Strings as the Rust source of a `&[&str]`.
fn str_slice<'s>(items: impl Iterator<Item = &'s String>) -> String {
    let items: Vec<String> = items.map(|item| format!("{item:?}")).collect();
    format!("&[{}]", items.join(", "))
}

/// The alternatives of a (nested) choice, in order.
fn choice_alternatives<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    flatten(expr, out, |expr| match expr {
        Expr::Choice(left, right) => Some((left, right)),
        _ => None,
    });
}

/// A node's two sides, or `None` for a leaf.
type Split<'e> = fn(&'e Expr) -> Option<(&'e Box<Expr>, &'e Box<Expr>)>;

/// The leaves of a tree of binary nodes, in order: `split` gives a node's two sides.
fn flatten<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>, split: Split<'e>) {
    match split(expr) {
        Some((left, right)) => {
            flatten(left, out, split);
            flatten(right, out, split);
        }
        None => out.push(expr),
    }
}

/// Whether `expr` is `name?`.
fn is_optional_of(expr: &Expr, name: &str) -> bool {
    matches!(expr, Expr::Opt(inner) if matches!(inner.as_ref(), Expr::Ident(n) if n == name))
}

/// A `'a'..'z'` range: its bytes where both ends are ASCII, else anything.
fn range_lead(low: &str, high: &str) -> Lead {
    match (low.as_bytes(), high.as_bytes()) {
        ([low], [high]) if low.is_ascii() && high.is_ascii() => Lead::Bytes(*low, *high),
        _ => ANY,
    }
}

/// Of two guaranteed literal sets, the one less likely to occur: its shortest literal is the
/// longer (short words are common); on a tie, the one with fewer literals.
fn more_selective(
    a: Option<BTreeSet<String>>,
    b: Option<BTreeSet<String>>,
) -> Option<BTreeSet<String>> {
    let score = |set: &BTreeSet<String>| {
        let shortest = set.iter().map(|l| l.chars().count()).min().unwrap_or(0);
        (shortest, std::cmp::Reverse(set.len()))
    };
    match (a, b) {
        (Some(a), Some(b)) => Some(if score(&b) > score(&a) { b } else { a }),
        (a, b) => a.or(b),
    }
}
