//! The finder's table of templates: which grammar rules it calls, in which order, and where each
//! can start. The table is derived from `grammar/timing.pest` by the build script
//! `grammar/table.rs`, which documents how; this module compiles it into a matcher.

use super::parser::Rule;
use std::cell::Cell;
use std::sync::OnceLock;

/// What the first character of a template's match can be. A template's byte ranges come before
/// its literals.
pub(super) enum Lead {
    /// The first byte lies in this range, case as written.
    Bytes(u8, u8),
    /// The text starts with this lower-case literal, ASCII case ignored.
    Literal(&'static str),
    /// The text starts with a word of ASCII letters that ends in this lower-case literal, one
    /// letter at least before it, ASCII case ignored: "attacked" for "ed".
    WordEnding(&'static str),
}

/// One rule the finder calls, as the build script derived it.
pub(super) struct Template {
    /// `try_<rule>`: matches the rule or nothing, and never fails.
    pub entry: Rule,
    pub leads: &'static [Lead],
    /// Literals of which every match contains one; `None` where the rule guarantees none.
    pub need: Option<&'static [&'static str]>,
}

include!(concat!(env!("OUT_DIR"), "/templates.rs"));

/// Templates whose match reaches some literals before the end of the clause it starts in: a
/// clause without one of them cannot hold a match, and the template is not called there. Each is
/// read off the grammar: before those literals the template consumes only words (`word` stops at
/// every `clause_end` character), spaces and keywords, and for `CommasInside` also the commas of
/// `list_comma`. The literals are a rule's derived leads, or (`None`) the template's own derived
/// need. These are the costliest calls of the grammar, tried at words that are rarely theirs.
/// No build check reads a guard off the grammar: `tests/walk.rs`, the walk against a whole-line
/// parse over the corpus, the fixtures and random text, is what holds each one.
/// - `combat_trigger`: "when" or "whenever", a subject of at most 16 words, then `combat_event`;
/// - `joined_printed_trigger`: "when", at most 16 words, "and", then a `joined_point` (a printed trigger at a point);
/// - `trigger_this_turn`: "when" or "whenever", at most 24 words and list commas, then
///   `this_span`;
/// - `turn_reference`: a past verb and its clause fillers, then `clause_span`;
/// - `turn_duration`: an effect verb, clause fillers and list commas, then `clause_span`;
/// - `window` and `activation_condition`: an actor ("Activate", "Equip"), then "only";
/// - `unit_test`: "it's", "not", then `unit_ref` (owners, "the", "next", ordinals: words) or "a",
///   each ending in `unit_name`;
/// - `unit_mention`: "choose", "take", "rather than" and words, then `unit_name`, or a list of
///   units and commas that ends in one;
/// - `additional_each_turn`: "an additional", at most three words, then "each turn".
const CLAUSE_GUARDS: &[Guard] = &[
    Guard {
        entry: Rule::try_combat_trigger,
        literals: Some(LEADS_COMBAT_EVENT),
        clause: Clause::Whole,
    },
    Guard {
        entry: Rule::try_joined_printed_trigger,
        literals: Some(LEADS_JOINED_POINT),
        clause: Clause::Whole,
    },
    Guard {
        entry: Rule::try_trigger_this_turn,
        literals: Some(LEADS_THIS_SPAN),
        clause: Clause::CommasInside,
    },
    Guard {
        entry: Rule::try_turn_reference,
        literals: Some(LEADS_CLAUSE_SPAN),
        clause: Clause::Whole,
    },
    Guard {
        entry: Rule::try_turn_duration,
        literals: Some(LEADS_CLAUSE_SPAN),
        clause: Clause::CommasInside,
    },
    Guard {
        entry: Rule::try_unit_test,
        literals: Some(LEADS_UNIT_NAME),
        clause: Clause::Whole,
    },
    Guard {
        entry: Rule::try_unit_mention,
        literals: Some(LEADS_UNIT_NAME),
        clause: Clause::CommasInside,
    },
    Guard {
        entry: Rule::try_additional_each_turn,
        literals: Some(LEADS_EACH_TURN_CLOSING),
        clause: Clause::Whole,
    },
    Guard {
        entry: Rule::try_window,
        literals: None,
        clause: Clause::Whole,
    },
    Guard {
        entry: Rule::try_activation_condition,
        literals: None,
        clause: Clause::Whole,
    },
];

/// A template's clause guard (`CLAUSE_GUARDS`).
struct Guard {
    entry: Rule,
    /// The literals one of which starts before the clause ends; `None`, the template's need.
    literals: Option<&'static [&'static str]>,
    /// Where the clause ends, for the guard and for what a call is charged (`Compiled::reach`).
    clause: Clause,
}

/// Guarded templates charged to the first `clause_end` character whatever their guard's clause:
/// as before they had a guard, so that a line's work, and whether it is read at all, does not
/// change with one (a guard only saves the calls it turns away). `unit_mention` reads a list of
/// units past commas, but is charged to the first one, as it always was.
const CHARGED_TO_THE_FIRST_END: &[Rule] = &[Rule::try_unit_mention];

/// Where a guarded template's clause ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clause {
    /// At the first `clause_end` character.
    Whole,
    /// At the first `clause_end` character other than a comma.
    CommasInside,
}

/// A template ready for the walk.
pub(super) struct Compiled {
    pub entry: Rule,
    leads: &'static [Lead],
    /// For each first byte (as written), the leads that can start with it (bit i: `leads[i]`):
    /// a template has up to a few dozen leads, and a position is compared with those alone.
    leads_by_byte: Box<[u64; 256]>,
    /// The same for the second byte: a position is compared only with the leads that can start
    /// with both its bytes.
    leads_by_second_byte: Box<[u64; 256]>,
    /// Indices of the `need` literals in `Table::literals`.
    need: Option<Vec<usize>>,
    /// Literals (with their indices) one of which starts before the clause ends
    /// (`CLAUSE_GUARDS`).
    in_clause: Option<(Vec<(usize, &'static str)>, Clause)>,
    /// Where the clause a call is charged to ends (`reach`).
    charged: Clause,
}

/// Every template the walk calls, with one matcher for all their needed literals.
pub(super) struct Table {
    pub phrase: Vec<Compiled>,
    pub ability_opening: Vec<Compiled>,
    /// For each lower-cased first byte, the `phrase` templates that can start with it (bit i:
    /// `phrase[i]`), so a position is sent only to those.
    pub phrase_by_byte: [u64; 256],
    /// The same for `ability_opening`.
    pub opening_by_byte: [u64; 256],
    /// The `phrase` templates that are `ability_opening` templates too (bit i: `phrase[i]`).
    pub phrase_also_opening: u64,
    pub ability_word: Compiled,
    pub quoted_mention: Compiled,
    pub sentence_opening: Compiled,
    pub reminder_sentence_opening: Compiled,
    literals: Vec<&'static str>,
    /// For each literal, the `phrase` templates that need it (bit i: `phrase[i]`); with
    /// `phrase_needing_none`, what makes a line's `live` mask from the literals found in it.
    phrase_needing: Vec<u64>,
    /// The `phrase` templates that need no literal: live in every line.
    phrase_needing_none: u64,
    /// The same for `ability_opening`.
    opening_needing: Vec<u64>,
    opening_needing_none: u64,
}

impl Table {
    /// The table, compiled once.
    pub fn get() -> &'static Table {
        static TABLE: OnceLock<Table> = OnceLock::new();
        TABLE.get_or_init(Table::compile)
    }

    fn compile() -> Table {
        let mut literals: Vec<&'static str> = Vec::new();
        let mut indices = |wanted: &[&'static str]| -> Vec<usize> {
            wanted
                .iter()
                .map(|literal| match literals.iter().position(|l| l == literal) {
                    Some(index) => index,
                    None => {
                        literals.push(literal);
                        literals.len() - 1
                    }
                })
                .collect()
        };
        let mut compile = |template: &Template| Compiled {
            entry: template.entry,
            leads: template.leads,
            leads_by_byte: leads_by(template.leads, Lead::can_start_with),
            leads_by_second_byte: leads_by(template.leads, Lead::can_go_on_with),
            need: template.need.map(&mut indices),
            in_clause: guard(template.entry).map(|guard| {
                let literals = guard.literals.or(template.need).unwrap_or_else(|| {
                    panic!("{:?} is guarded by its need, and has none", template.entry)
                });
                let indexed = indices(literals).into_iter().zip(literals.iter().copied());
                (indexed.collect(), guard.clause)
            }),
            charged: match guard(template.entry) {
                Some(guard) if !CHARGED_TO_THE_FIRST_END.contains(&template.entry) => guard.clause,
                _ => Clause::Whole,
            },
        };
        let phrase: Vec<Compiled> = PHRASE.iter().map(&mut compile).collect();
        let ability_opening: Vec<Compiled> = ABILITY_OPENING.iter().map(&mut compile).collect();
        let ability_word = compile(&ABILITY_WORD);
        let quoted_mention = compile(&QUOTED_MENTION);
        let sentence_opening = compile(&SENTENCE_OPENING);
        let reminder_sentence_opening = compile(&REMINDER_SENTENCE_OPENING);
        let (phrase_needing, phrase_needing_none) = by_literal(&phrase, literals.len());
        let (opening_needing, opening_needing_none) = by_literal(&ability_opening, literals.len());
        Table {
            phrase_by_byte: by_first_byte(&phrase),
            phrase_also_opening: phrase
                .iter()
                .enumerate()
                .filter(|(_, template)| {
                    ability_opening
                        .iter()
                        .any(|opening| opening.entry == template.entry)
                })
                .fold(0, |mask, (index, _)| mask | 1 << index),
            opening_by_byte: by_first_byte(&ability_opening),
            phrase_needing,
            phrase_needing_none,
            opening_needing,
            opening_needing_none,
            phrase,
            ability_opening,
            ability_word,
            quoted_mention,
            sentence_opening,
            reminder_sentence_opening,
            literals,
        }
    }

    /// The literals the templates need, each once: `Occurrences` is told where they occur by
    /// their indices here (`phrase::scan`).
    pub fn literals(&self) -> &[&'static str] {
        &self.literals
    }

    /// The `phrase` templates whose needed literals occur in the line (bit i: `phrase[i]`).
    pub fn live_phrase(&self, found: &Occurrences) -> u64 {
        found.live(&self.phrase_needing, self.phrase_needing_none)
    }

    /// The `ability_opening` templates whose needed literals occur in the line.
    pub fn live_opening(&self, found: &Occurrences) -> u64 {
        found.live(&self.opening_needing, self.opening_needing_none)
    }
}

/// For each literal, the templates (a bit each, in order) that need it; and the templates that
/// need none.
fn by_literal(templates: &[Compiled], literals: usize) -> (Vec<u64>, u64) {
    let mut needing = vec![0u64; literals];
    let mut needing_none = 0;
    for (index, template) in templates.iter().enumerate() {
        match &template.need {
            Some(need) => need
                .iter()
                .for_each(|&literal| needing[literal] |= 1 << index),
            None => needing_none |= 1 << index,
        }
    }
    (needing, needing_none)
}

/// The clause guard of the template called through `entry`, if it has one.
fn guard(entry: Rule) -> Option<&'static Guard> {
    CLAUSE_GUARDS.iter().find(|guard| guard.entry == entry)
}

/// For each lower-cased byte, the templates (a bit each, in order) whose match can start with it.
fn by_first_byte(templates: &[Compiled]) -> [u64; 256] {
    assert!(templates.len() <= 64, "a template mask holds 64 templates");
    let mut masks = [0u64; 256];
    for (index, template) in templates.iter().enumerate() {
        for byte in 0..=u8::MAX {
            if template.leads_by_byte[usize::from(byte)] != 0 {
                masks[usize::from(byte.to_ascii_lowercase())] |= 1 << index;
            }
        }
    }
    masks
}

/// Where the table's literals occur in one line, and where its clauses end: what the walk asks of
/// the line, in a few words a literal, whatever the line's length. Where a literal starts next and
/// where a clause ends are searched for when asked, from the place asked at; the walk asks at
/// places that never go back, so each search goes on from the last, and the line is searched
/// once over for each literal and each kind of clause end.
#[derive(Default)]
pub(super) struct Occurrences {
    /// For each literal of `Table::literals`, where it starts last in the line.
    last: Vec<Option<usize>>,
    /// The literals found in the line: the only ones to forget before the next.
    touched: Vec<usize>,
    /// For each literal, the last search for where it starts next.
    next: Vec<Cell<Search>>,
    /// The last search for where a clause ends, of each `Clause`.
    clause_ends: [Cell<Search>; 2],
    /// The line searched, counted: a search of another line is forgotten.
    line: usize,
}

/// A search forward in a line: the first match at or after `from` (and before `to`) is `found`;
/// `None`, there is none there.
#[derive(Clone, Copy, Default)]
struct Search {
    line: usize,
    from: usize,
    to: usize,
    found: Option<usize>,
}

impl Occurrences {
    /// Forgets the line searched before, for a line of the table's `literals`.
    pub fn start_line(&mut self, literals: usize) {
        self.last.resize(literals, None);
        self.next.resize_with(literals, Default::default);
        for index in self.touched.drain(..) {
            self.last[index] = None;
        }
        self.line = self.line.wrapping_add(1);
    }

    /// The templates that need none of the literals or one found in the line, from the masks of
    /// the templates that need each literal (`Table::live_phrase`): the literals found in a line
    /// are few, the templates many.
    fn live(&self, needing: &[u64], needing_none: u64) -> u64 {
        self.touched
            .iter()
            .fold(needing_none, |live, &literal| live | needing[literal])
    }

    /// Literal `index` occurs at `start` in the line, after any place it was seen before.
    pub fn saw(&mut self, index: usize, start: usize) {
        if self.last[index].is_none() {
            self.touched.push(index);
        }
        self.last[index] = Some(start);
    }

    /// The search of `cell` to go on from, for a question at `at`: the last one, if it was of
    /// this line and its first match (if any) is not before `at`; else a new one from `at`.
    fn search_from(&self, cell: &Cell<Search>, at: usize) -> Search {
        let search = cell.get();
        if search.line == self.line && search.from <= at && search.found.is_none_or(|f| f >= at) {
            search
        } else {
            Search {
                line: self.line,
                from: at,
                to: at,
                found: None,
            }
        }
    }

    /// Whether `literal` (literal `index`) starts at or after `at` and before `end`; `rest` is
    /// the line from `at`.
    fn starts_within(
        &self,
        index: usize,
        literal: &str,
        rest: &[u8],
        at: usize,
        end: usize,
    ) -> bool {
        if self.last[index].is_none_or(|last| last < at) {
            return false;
        }
        let cell = &self.next[index];
        let mut search = self.search_from(cell, at);
        let end = end.min(at + rest.len());
        if search.found.is_none() && search.to < end {
            let first = literal.as_bytes().first().copied().unwrap_or_default();
            let from = search.to.max(at) - at;
            search.found = memchr::memchr2_iter(
                first.to_ascii_lowercase(),
                first.to_ascii_uppercase(),
                &rest[from..end - at],
            )
            .map(|offset| from + offset)
            .find(|&start| {
                rest[start..]
                    .get(..literal.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(literal.as_bytes()))
            })
            .map(|start| at + start);
            search.to = end;
        }
        cell.set(search);
        search.found.is_some_and(|found| found < end)
    }

    /// The first ASCII clause end at or after `at` (a comma only for `Clause::Whole`), or
    /// `usize::MAX` when none follows; `rest` is the line from `at`.
    fn clause_end(&self, rest: &[u8], at: usize, clause: Clause) -> usize {
        let cell = &self.clause_ends[usize::from(clause == Clause::CommasInside)];
        let mut search = self.search_from(cell, at);
        let end = at + rest.len();
        if search.found.is_none() && search.to < end {
            let from = search.to.max(at) - at;
            search.found = rest[from..]
                .iter()
                .position(|&byte| ends_clause(byte) && (clause == Clause::Whole || byte != b','))
                .map(|offset| at + from + offset);
            search.to = end;
        }
        cell.set(search);
        search.found.unwrap_or(usize::MAX)
    }
}

impl Compiled {
    /// About how far a call at `at` in a line of `len` bytes reads: to the end of its clause, past
    /// commas for a template whose guard charges so, and at least a word or two past its start.
    pub fn reach(&self, rest: &[u8], at: usize, found: &Occurrences) -> usize {
        found
            .clause_end(rest, at, self.charged)
            .min(at + rest.len())
            .saturating_sub(at)
            .max(16)
    }

    /// Whether a match can start at `at` in the line whose literals are `found`; `rest` is the
    /// line from `at`.
    pub fn can_start(&self, rest: &[u8], at: usize, found: &Occurrences) -> bool {
        let Some(&byte) = rest.first() else {
            return false;
        };
        if !self.starts_with_a_lead(byte, rest) {
            return false;
        }
        let needed = self.need.as_ref().is_none_or(|need| {
            need.iter()
                .any(|&index| found.last[index].is_some_and(|last| last >= at))
        });
        needed
            && self.in_clause.as_ref().is_none_or(|(literals, clause)| {
                let end = found.clause_end(rest, at, *clause);
                literals
                    .iter()
                    .any(|&(index, literal)| found.starts_within(index, literal, rest, at, end))
            })
    }

    /// Whether `rest` (which starts with `byte`) starts with one of the template's leads: only
    /// the leads that can start with that byte are compared.
    fn starts_with_a_lead(&self, byte: u8, rest: &[u8]) -> bool {
        let mut leads = self.leads_by_byte[usize::from(byte)];
        if let Some(&second) = rest.get(1) {
            leads &= self.leads_by_second_byte[usize::from(second)];
        }
        while leads != 0 {
            let index = leads.trailing_zeros() as usize;
            leads &= leads - 1;
            if self.leads[index].starts(rest) {
                return true;
            }
        }
        false
    }
}

impl Lead {
    /// Whether a text whose second byte is `byte` (as written) can start with this lead.
    fn can_go_on_with(&self, byte: u8) -> bool {
        match self {
            Lead::Literal(literal) => literal
                .as_bytes()
                .get(1)
                .is_none_or(|second| second.eq_ignore_ascii_case(&byte)),
            Lead::Bytes(..) => true,
            // A letter at least, then the ending: a word of two letters or more when the ending
            // is one letter or more.
            Lead::WordEnding(ending) => ending.is_empty() || byte.is_ascii_alphabetic(),
        }
    }

    /// Whether a text that starts with `byte` (as written) can start with this lead.
    fn can_start_with(&self, byte: u8) -> bool {
        match self {
            Lead::Literal(literal) => literal
                .as_bytes()
                .first()
                .is_none_or(|first| first.eq_ignore_ascii_case(&byte)),
            Lead::Bytes(low, high) => (*low..=*high).contains(&byte),
            Lead::WordEnding(_) => byte.is_ascii_alphabetic(),
        }
    }

    fn starts(&self, rest: &[u8]) -> bool {
        match self {
            Lead::Literal(literal) => rest
                .get(..literal.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(literal.as_bytes())),
            Lead::Bytes(low, high) => rest
                .first()
                .is_some_and(|byte| (low..=high).contains(&byte)),
            Lead::WordEnding(ending) => {
                let letters = rest
                    .iter()
                    .position(|byte| !byte.is_ascii_alphabetic())
                    .unwrap_or(rest.len());
                letters > ending.len()
                    && rest[letters - ending.len()..letters].eq_ignore_ascii_case(ending.as_bytes())
            }
        }
    }
}

/// Whether a byte is one of the grammar's one-byte `clause_end` characters. The others ("•",
/// "—", curly quotes) are not looked for: a guard that reads past them reads a longer clause,
/// which can only let a call through, never stop a match.
fn ends_clause(byte: u8) -> bool {
    CLAUSE_ENDS.by_first_byte[usize::from(byte)] == WHOLE
}

/// A few of the grammar's literals, asked at nearly every position of a line whether the text
/// there starts with one of them: most positions are answered on their first byte, with no
/// comparison at all.
struct Literals {
    lists: &'static [&'static [&'static str]],
    /// For each byte: `NONE`, no literal starts with it; `WHOLE`, it is a literal of one byte;
    /// `SOME`, longer literals start with it.
    by_first_byte: [u8; 256],
}

const NONE: u8 = 0;
const SOME: u8 = 1;
const WHOLE: u8 = 2;

impl Literals {
    /// The literals of `lists`. None of the grammar's literals these are built from is empty.
    const fn new(lists: &'static [&'static [&'static str]]) -> Literals {
        let mut by_first_byte = [NONE; 256];
        let mut list = 0;
        while list < lists.len() {
            let mut item = 0;
            while item < lists[list].len() {
                let bytes = lists[list][item].as_bytes();
                assert!(!bytes.is_empty(), "an empty literal starts every text");
                let first = bytes[0] as usize;
                if bytes.len() == 1 {
                    by_first_byte[first] = WHOLE;
                } else if by_first_byte[first] == NONE {
                    by_first_byte[first] = SOME;
                }
                item += 1;
            }
            list += 1;
        }
        Literals {
            lists,
            by_first_byte,
        }
    }

    /// Whether `rest` starts with one of the literals.
    fn start(&self, rest: &[u8]) -> bool {
        let Some(&first) = rest.first() else {
            return false;
        };
        match self.by_first_byte[usize::from(first)] {
            NONE => false,
            WHOLE => true,
            _ => self.lists.iter().any(|list| {
                list.iter()
                    .any(|literal| rest.starts_with(literal.as_bytes()))
            }),
        }
    }
}

static WORD_ENDS: Literals = Literals::new(&[LEADS_CLAUSE_END, LEADS_SP]);
static CLAUSE_ENDS: Literals = Literals::new(&[LEADS_CLAUSE_END]);
static QUOTE_OPENS: Literals = Literals::new(&[LEADS_QUOTE_OPEN]);
static QUOTE_CLOSES: Literals = Literals::new(&[LEADS_QUOTE_CLOSE]);

/// Whether `rest` starts with what ends a `word`: a `clause_end` character or a space (`sp`).
pub(super) fn ends_word(rest: &[u8]) -> bool {
    WORD_ENDS.start(rest)
}

/// Whether what ends a `word` can begin with `byte`: no letter or digit, nor most other bytes.
pub(super) fn can_end_word(byte: u8) -> bool {
    WORD_ENDS.by_first_byte[usize::from(byte)] != NONE
}

/// Whether `rest` starts with a character of the grammar's `clause_end`.
pub(super) fn ends_clause_at(rest: &[u8]) -> bool {
    CLAUSE_ENDS.start(rest)
}

/// Whether `rest` starts with the grammar's `quote_open`.
pub(super) fn opens_quote(rest: &[u8]) -> bool {
    QUOTE_OPENS.start(rest)
}

/// Whether `rest` starts with the grammar's `quote_close`.
pub(super) fn closes_quote(rest: &[u8]) -> bool {
    QUOTE_CLOSES.start(rest)
}

/// For each byte, the leads (bit i: `leads[i]`) that `can` take with it.
fn leads_by(leads: &[Lead], can: impl Fn(&Lead, u8) -> bool) -> Box<[u64; 256]> {
    // The build script refuses a template of more than 64 leads.
    assert!(leads.len() <= 64, "a lead mask holds 64 leads");
    let mut by_byte = Box::new([0u64; 256]);
    for (index, lead) in leads.iter().enumerate() {
        for byte in (0..=u8::MAX).filter(|&byte| can(lead, byte)) {
            by_byte[usize::from(byte)] |= 1 << index;
        }
    }
    by_byte
}

#[cfg(test)]
mod tests;
