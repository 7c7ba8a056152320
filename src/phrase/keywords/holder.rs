//! Who holds a keyword an effect names after a grant verb, read from the words of its clause
//! before the verb: the words "you" and "your" of the keyword's definition are its holder's
//! (109.5). The card's own keyword and one granted to what you control stay yours; one granted to
//! another permanent or spell is its controller's; one granted to a card in exile, a graveyard,
//! a hand or a library that is not named yours is its owner's (it has no controller). A keyword
//! only named ("if it doesn't have suspend", "spells that have foretell", "as long as it has
//! flying") is no grant at all.
//!
//! The words are read one at a time as the reader's one pass meets them, so the subject costs
//! nothing more than that pass.

use crate::phrase::ast::OwnerWord;
use crate::phrase::timing_words::has_curly_apostrophe;

/// What the words of the current clause, and of the line before it, say of a grant verb that
/// would come next.
#[derive(Debug, Default)]
pub struct Subject {
    clause: Clause,
    /// The clause before the last comma, while the clauses after it are the items of a list
    /// ("each creature card in your graveyard that's a Cleric, Rogue, and/or Wizard has"): the
    /// item after "and" or "or" goes on with its subject.
    head: Option<Clause>,
    /// The last word of the line so far that says where an object "it" refers to is: a word of
    /// exiling ("Exile target creature. ... it gains suspend") or "you cast" ("whenever you
    /// cast an instant spell, it gains rebound").
    zone_on_line: Zone,
}

/// The words of one clause, up to and a little past its verb.
#[derive(Debug, Default, Clone, Copy)]
struct Clause {
    /// Words of the subject read so far, without the words that join clauses.
    words: usize,
    /// The subject starts with the card's own name.
    card: bool,
    /// A grant verb ("has", "gains", "gets") ended the clause's subject: later words are its
    /// predicate, not who holds the keyword.
    predicate: bool,
    /// "if", "unless", "as long as", "when", "whenever", "while": a verb in the clause tests
    /// what an object has, or waits for it to gain it.
    condition: bool,
    /// The subject's first word (after "then", "and") refers back: "it", "they", "that card".
    refers_back: bool,
    /// The subject is yours: "this creature", "creatures you control", "cards in your graveyard",
    /// "the next spell you cast".
    yours: bool,
    /// The subject is in exile: "the exiled card", "each card exiled this way".
    exiled: bool,
    /// The subject lies in a zone with no controller: "cards in graveyards".
    unowned_zone: bool,
    /// The subject is a token being made ("a token that has haste"): its relative clause grants.
    token: bool,
    /// The last word read, as far as a verb after it cares.
    last: Last,
    /// The word before the last was "you" ("you control"), "your" ("your graveyard") or "as"
    /// ("as long").
    before: Before,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Zone {
    #[default]
    Unsaid,
    Exile,
    CastByYou,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Last {
    #[default]
    Other,
    /// "doesn't", "don't", "didn't", "not", "never", "no longer": the verb denies.
    Negation,
    /// "that", "which", "who": the verb is in a relative clause that picks objects out.
    Relative,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Before {
    #[default]
    Other,
    You,
    Your,
    As,
    AsLong,
}

/// The words that end a subject: the grant verbs and "gets" before them ("gets +1/+1 and has").
const VERBS: &[&str] = &["has", "have", "gains", "gain", "gets", "get"];

impl Subject {
    /// A clause ends: at a comma (`comma`), or at a period, a colon, a dash, a bullet or a
    /// parenthesis.
    pub fn end_clause(&mut self, comma: bool) {
        let ended = std::mem::take(&mut self.clause);
        // An item of one or two words ("Rogue,") goes on with the list's subject.
        let item = ended.words <= 2 && !ended.predicate;
        self.head = match (comma, self.head) {
            (false, _) => None,
            (true, Some(head)) if item => Some(head),
            (true, _) => Some(ended),
        };
    }

    /// Reads the next word of the line, in ASCII lower case.
    pub fn read_lower(&mut self, word: &str) {
        if has_curly_apostrophe(word) {
            self.lower_word(&word.replace('’', "'"));
        } else {
            self.lower_word(word);
        }
    }

    /// Reads the next word of the line, in lower case with straight apostrophes.
    fn lower_word(&mut self, word: &str) {
        if self.clause.words == 0
            && matches!(word, "and" | "or")
            && let Some(head) = self.head.filter(|head| !head.predicate && !head.condition)
        {
            self.clause = head;
        }
        if word.starts_with("exile") {
            self.zone_on_line = Zone::Exile;
        }
        // "Whenever you cast an instant spell, it gains ...": "it" is that spell.
        if self.clause.condition && self.clause.before == Before::You && word == "cast" {
            self.zone_on_line = Zone::CastByYou;
        }
        self.clause.word(word);
    }

    /// Whose "you" a keyword granted by a verb read next is (as an owner word of the keyword's
    /// definition), or `None` when the verb only names the keyword: it denies it ("doesn't
    /// have"), picks objects out by it ("spells that have foretell") or tests it in a condition
    /// ("as long as it has flying", "whenever a creature gains phasing").
    pub fn holder(&self) -> Option<OwnerWord> {
        let clause = &self.clause;
        let named_only = clause.last == Last::Negation
            || (clause.last == Last::Relative && !clause.token)
            || clause.condition;
        if named_only {
            return None;
        }
        let back = |zone| clause.refers_back && self.zone_on_line == zone;
        Some(if clause.exiled || back(Zone::Exile) {
            OwnerWord::ObjectOwner
        } else if clause.yours || (clause.card && clause.words == 1) || back(Zone::CastByYou) {
            OwnerWord::Your
        } else if clause.unowned_zone {
            OwnerWord::ObjectOwner
        } else {
            OwnerWord::ObjectController
        })
    }
}

impl Clause {
    /// Reads the next word of the clause, in lower case.
    fn word(&mut self, word: &str) {
        let first = self.words == 0;
        if word.starts_with("exile") && !self.predicate {
            self.exiled = true;
        }
        if matches!(word, "if" | "unless" | "when" | "whenever" | "while")
            || (self.before == Before::AsLong && word == "as")
        {
            self.condition = true;
        }
        let verb = VERBS.contains(&word) && self.last != Last::Relative;
        if !self.predicate {
            // "Then if ...", "and it gains ...": the words that join clauses name no one.
            if !(verb || matches!(word, "then" | "and")) {
                self.words += 1;
            }
            if first && matches!(word, "it" | "they" | "that" | "those" | "the") {
                self.refers_back = true;
            }
            self.card |= first && word == "~";
            if (first && word == "this")
                || (self.before == Before::You && matches!(word, "control" | "own" | "cast"))
                || (self.before == Before::Your && matches!(word, "graveyard" | "hand" | "library"))
            {
                self.yours = true;
            }
            if matches!(
                word,
                "graveyard" | "graveyards" | "hand" | "hands" | "library"
            ) && self.before != Before::Your
            {
                self.unowned_zone = true;
            }
            if word.starts_with("token") {
                self.token = true;
            }
            self.predicate = verb;
        }
        self.last = if word.ends_with("n't") || matches!(word, "not" | "never" | "longer") {
            Last::Negation
        } else if matches!(word, "that" | "which" | "who") {
            Last::Relative
        } else {
            Last::Other
        };
        self.before = match (self.before, word) {
            // "you next cast".
            (_, "you") | (Before::You, "next") => Before::You,
            (_, "your") => Before::Your,
            (Before::As, "long") => Before::AsLong,
            (_, "as") => Before::As,
            _ => Before::Other,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The holder of a keyword granted by the last word of `before`, a grant verb.
    fn holder(before: &str) -> Option<OwnerWord> {
        let mut subject = Subject::default();
        let words: Vec<&str> = before.split([' ', '/']).collect();
        let (verb, words) = words.split_last().expect("a verb");
        for word in words {
            subject.read_lower(&word.trim_end_matches([',', '.']).to_ascii_lowercase());
            if word.ends_with(',') {
                subject.end_clause(true);
            } else if word.ends_with('.') {
                subject.end_clause(false);
            }
        }
        let grant = subject.holder();
        subject.read_lower(&verb.to_ascii_lowercase());
        grant
    }

    /// The holder of each text's grant verb: the card and what you control or own keep you;
    /// another permanent or spell is its controller's; a card in exile, or in a graveyard not
    /// named yours, its owner's; a keyword only named is no grant.
    #[test]
    fn each_subject_names_its_holder() {
        let cases: [(Option<OwnerWord>, &[&str]); 4] = [
            (
                Some(OwnerWord::Your),
                &[
                    "This creature has",
                    "Creatures you control have",
                    "Other Sliver creatures you control have",
                    "Each creature card in your graveyard has",
                    "The next spell you cast has",
                    "Equipment you control have",
                    "~ gets +1/+1 and has",
                    "Each creature card in your graveyard that's a Cleric, Rogue, Warrior, and/or Wizard has",
                    "Blue, black, and/or red creature cards in your graveyard have",
                    "When you next cast an instant or sorcery spell from your hand this turn, it gains",
                    "Whenever you cast an instant or sorcery spell from your hand, if Taigam attacked this turn, that spell gains",
                ],
            ),
            (
                Some(OwnerWord::ObjectController),
                &[
                    "Enchanted creature has",
                    "Equipped creature gets +1/+1 and has",
                    "Target creature gains",
                    "Until end of turn, target creature gains",
                    "Creatures your opponents control have",
                    "Each land of the chosen type has",
                    "It has",
                    "~ and target creature gain",
                    "If you do, ~ and that creature each get +2/+0 and gain",
                    "If it's a creature, it has",
                    "As long as enchanted creature is red, it gets +1/+1 and has",
                ],
            ),
            (
                Some(OwnerWord::ObjectOwner),
                &[
                    "Exile target creature and put two time counters on it. If it doesn't have suspend, it gains",
                    "When this creature dies, exile it with three time counters on it and it gains",
                    "Then if the exiled card doesn't have suspend, it gains",
                    "Each card exiled this way that doesn't have suspend gains",
                    "Creature cards in graveyards have",
                    "Whenever a card is exiled because it was warped, put three time counters on it. It gains",
                    "When you cast this spell from anywhere other than exile, exile it with three time counters on it. It gains",
                ],
            ),
            (
                None,
                &[
                    "If it doesn't have",
                    "Whenever another Zombie you control dies, if it didn't have",
                    "Cards exiled this way that don't have",
                    "Spend this mana only to cast spells that have",
                    "Put four time counters on each of those cards that has",
                    "As long as it has",
                    "If it has",
                    "Whenever a creature you control gains",
                    "Sacrifice it unless it has",
                ],
            ),
        ];
        for (expected, befores) in cases {
            for before in befores {
                assert_eq!(holder(before), expected, "{before}");
            }
        }
    }
}
