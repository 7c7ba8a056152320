//! The keyword reader: the keywords of a keyword line, and the keywords an effect grants or the
//! keyword actions it takes, found with a few plain scans of a line, each charged to its work.

use super::holder::Subject;
use super::table::{action, action_words, keyword_at, name_len, with_ascii_lower};
use crate::model::Span;
use crate::phrase::ast::{
    Form, Keyword, KeywordUse, OwnerWord, Parameter, Phrase, Place, Template,
};
use crate::phrase::timing_words::{self, is_word_char};
use crate::phrase::work::Work;
use aho_corasick::AhoCorasick;
use std::ops::Range;
use std::sync::OnceLock;

/// Why the keyword reader gives a line up (after "reading it would take more than 16 passes over
/// it").
const TOO_LONG: &str = "its keywords run on too long";

/// The keyword phrases of one line of card text: the keywords of a keyword line, and the keywords
/// an effect grants or the keyword actions it takes. Of these, only the first `work.enough()` by
/// start are kept (the finder keeps no more); or why the line could not be read within what is
/// left of its `work`.
///
/// Every scan is charged to `work`. The reader reads a line a few times over, whatever it holds:
/// a keyword line twice (its start, then its items) or three times (a line of many items), each
/// word twice, each quoted keyword line as a keyword line (quoted lines never overlap), and each
/// granted list once.
pub fn find(
    line: &str,
    ability: usize,
    offset: usize,
    work: &mut Work,
) -> Result<Vec<Phrase>, String> {
    find_knowing_verbs(line, ability, offset, work, may_grant_or_act(line))
}

/// [`find`] in a line of which it is known whether it holds one of [`verbs`] anywhere
/// (`holds_a_verb`), in any case: the finder's scan of the line says so.
pub(in crate::phrase) fn find_knowing_verbs(
    line: &str,
    ability: usize,
    offset: usize,
    work: &mut Work,
    holds_a_verb: bool,
) -> Result<Vec<Phrase>, String> {
    let mut kept = Kept {
        phrases: Vec::new(),
        offset,
        enough: work.enough(),
        furthest: 0,
    };
    keyword_line(line, ability, &mut kept, work)?;
    grants(line, ability, holds_a_verb, &mut kept, work)?;
    kept.keep_first();
    Ok(kept.phrases)
}

/// The phrases found on a line so far. The finder keeps the first `enough` of them by start (ties
/// in the order found, as its merge keeps them), so no more are held: a phrase that could not be
/// among them is dropped, and the rest are cut down to them when twice as many are held.
struct Kept {
    phrases: Vec<Phrase>,
    /// The line's start in the whole text.
    offset: usize,
    enough: usize,
    /// The furthest start of a phrase found, in bytes of the line: none held starts later.
    furthest: usize,
}

impl Kept {
    /// Holds one phrase for each thing `keyword` says, on `span` (bytes of the line); `granted`
    /// is who holds a keyword an effect grants, `None` for the card's own. `false` when `enough`
    /// phrases that start no later are held already, so that it, and any phrase after it in the
    /// same list, could not be kept.
    fn push(
        &mut self,
        keyword: &'static Keyword,
        granted: Option<OwnerWord>,
        span: Span,
        place: Place,
    ) -> bool {
        if self.full_before(span.start) {
            return false;
        }
        for says in keyword.says {
            self.phrases.push(Phrase {
                span: Span::new(self.offset + span.start, self.offset + span.end),
                place,
                form: Form::Keyword(KeywordUse {
                    keyword,
                    says,
                    granted: granted.is_some(),
                    holder: granted.unwrap_or(OwnerWord::Your),
                }),
                marks: Vec::new(),
                template: Template::Keyword,
            });
        }
        self.furthest = self.furthest.max(span.start);
        if self.phrases.len() >= self.enough.saturating_mul(2) {
            self.keep_first();
        }
        true
    }

    /// Whether `enough` phrases are held that start at or before `at`: a phrase found later that
    /// starts at or after `at` comes after them all.
    fn full_before(&self, at: usize) -> bool {
        self.phrases.len() >= self.enough && self.furthest <= at
    }

    /// Keeps the first `enough` phrases by start, in a stable order.
    fn keep_first(&mut self) {
        if self.phrases.len() > self.enough {
            self.phrases.sort_by_key(|phrase| phrase.span.start);
            self.phrases.truncate(self.enough);
        }
    }
}

/// One keyword of a keyword line, with the span of its name and of its whole item (name and
/// parameter), in bytes of the line.
struct Item {
    keyword: &'static Keyword,
    name: Span,
    whole: Span,
}

/// How many items of a keyword line its first reading holds. A line of more is read again for
/// the rest, so that its items are never all held; real lines have a few.
const HELD_ITEMS: usize = 64;

/// The keywords of a keyword line: every item of the comma (or semicolon) list before any
/// reminder text is a keyword with its parameter. `None` for any other line. The first reading
/// says whether every item is a keyword, holding the first `HELD_ITEMS`; a line of more items is
/// read again for the others.
fn line_items<'l>(
    line: &'l str,
    work: &mut Work,
) -> Result<Option<impl Iterator<Item = Item> + 'l>, String> {
    // The test of its first word and the search for its reminder text.
    work.spend(line.len(), TOO_LONG)?;
    let Some(part) = keyword_part(line) else {
        return Ok(None);
    };
    work.spend(part.len(), TOO_LONG)?;
    let mut held = Vec::new();
    let mut count = 0usize;
    for item in items(line, part.clone()) {
        let Some(item) = item else {
            return Ok(None);
        };
        if held.len() < HELD_ITEMS {
            held.push(item);
        }
        count += 1;
    }
    let again = if count > HELD_ITEMS {
        work.spend(part.len(), TOO_LONG)?;
        Some(items(line, part).flatten().skip(HELD_ITEMS))
    } else {
        None
    };
    Ok(Some(held.into_iter().chain(again.into_iter().flatten())))
}

/// The part of a line that holds its keywords, when it starts with one: up to its reminder text,
/// without the blanks around it.
fn keyword_part(line: &str) -> Option<Range<usize>> {
    // A line of keywords starts with one: a cheap test for most lines.
    let start = line.len() - line.trim_start().len();
    keyword_at(line.get(start..)?)?;
    let part_end = line.find('(').unwrap_or(line.len());
    let part_end = start.max(line.get(..part_end)?.trim_end().len());
    Some(start..part_end)
}

/// The items of the keyword part `part` of a line, in order, up to and with the first that is no
/// keyword's item (`None`).
fn items(line: &str, part: Range<usize>) -> impl Iterator<Item = Option<Item>> + '_ {
    let mut next = Some(part.start);
    std::iter::from_fn(move || {
        let at = next.filter(|&at| at < part.end)?;
        let item = item_at(line, at, part.end);
        next = item.as_ref().map(|&(_, after)| after);
        Some(item.map(|(item, _)| item))
    })
}

/// The item of a keyword line at `at`, and where the next one starts; `None` when it is not a
/// keyword with its parameter.
fn item_at(line: &str, at: usize, part_end: usize) -> Option<(Item, usize)> {
    let rest = line.get(at..part_end)?;
    let (keyword, name_len) = keyword_at(rest)?;
    let after = rest.get(name_len..)?;
    // A dash takes the rest of the part: a cost or an ability that may hold commas.
    let dashed = after.trim_start().starts_with('—');
    let mut end = if dashed {
        rest.len()
    } else {
        rest.find([',', ';']).unwrap_or(rest.len())
    };
    // "Mobilize X, where X is ...": the definition of X belongs to the item.
    if rest.get(end..).is_some_and(|tail| {
        tail.get(1..)
            .is_some_and(|t| t.trim_start().starts_with("where "))
    }) {
        end = rest.len();
    }
    let parameter = rest.get(name_len..end)?;
    if !fits(keyword.parameter, parameter) {
        return None;
    }
    let item = Item {
        keyword,
        name: Span::new(at, at + name_len),
        whole: Span::new(at, at + rest.get(..end)?.trim_end().len()),
    };
    // Past the separator and the spaces after it.
    let next = at + end + 1;
    let skipped = line
        .get(next.min(part_end)..part_end)
        .map_or(0, |tail| tail.len() - tail.trim_start().len());
    Some((item, next + skipped))
}

/// Whether the text after a keyword's name (up to the end of its item) is the keyword's
/// parameter.
fn fits(parameter: Parameter, text: &str) -> bool {
    let text = text.trim();
    match parameter {
        Parameter::None => text.is_empty(),
        Parameter::Number => text.is_empty() || is_number(number_word(text)),
        Parameter::Cost => text.is_empty() || text.starts_with('—') || is_cost(text),
        Parameter::NumberCost => {
            text.is_empty()
                || text
                    .split_once('—')
                    .is_some_and(|(number, _)| is_number(number.trim()))
        }
        Parameter::Label => text.starts_with('—'),
        // A sentence or an ability is no keyword's parameter unless a dash opens it.
        Parameter::Any => text.starts_with('—') || !text.contains(['.', ':']),
        Parameter::Verb => false,
    }
}

/// The number of "X, where X is ...": the text before its comma.
fn number_word(text: &str) -> &str {
    text.split(',').next().unwrap_or(text).trim()
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && (text == "X" || text.bytes().all(|b| b.is_ascii_digit()))
}

/// A mana cost at the end, after words that say what it applies to ("legendary creature {3}",
/// "with one or more creatures {2}{B}{B}").
fn is_cost(text: &str) -> bool {
    let Some(open) = text.find('{') else {
        return false;
    };
    let (words, symbols) = text.split_at(open);
    !words.contains(['.', ':', '—', '"', '“'])
        && symbols.starts_with('{')
        && symbols.ends_with('}')
        && symbols
            .split_inclusive('}')
            .all(|symbol| symbol.starts_with('{') && symbol.matches('{').count() == 1)
}

/// The phrases of a keyword line: one for each thing each keyword says, on the keyword with
/// its parameter ("Echo {2}{R}"), or on its name alone for a label ("Forecast").
fn keyword_line(
    line: &str,
    ability: usize,
    kept: &mut Kept,
    work: &mut Work,
) -> Result<(), String> {
    let Some(items) = line_items(line, work)? else {
        return Ok(());
    };
    let place = Place {
        ability,
        opens_ability: false,
        in_quotes: false,
        in_reminder: false,
    };
    for item in items {
        let span = if item.keyword.parameter == Parameter::Label {
            item.name
        } else {
            item.whole
        };
        if !kept.push(item.keyword, None, span, place) {
            break;
        }
    }
    Ok(())
}

/// The quoted ability that starts at `at`: where its text starts, and its text without its quotes
/// and its closing period. It ends at the next quote of any kind, and a quote that opens there
/// (a quoted ability inside it) makes it no keyword line: so no two quoted lines overlap, and no
/// byte is searched for the end of more than one.
fn quoted_line<'l>(
    line: &'l str,
    at: usize,
    work: &mut Work,
) -> Result<Option<(usize, &'l str)>, String> {
    let Some(open) = line
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .filter(|c| matches!(c, '"' | '“'))
    else {
        return Ok(None);
    };
    let start = at + open.len_utf8();
    let content = line.get(start..).unwrap_or_default();
    let close = content.find(['"', '“', '”']);
    work.spend(close.unwrap_or(content.len()), TOO_LONG)?;
    let text = close
        .filter(|&close| !content[close..].starts_with('“'))
        .and_then(|close| content.get(..close));
    Ok(text.map(|text| (start, text.strip_suffix('.').unwrap_or(text))))
}

/// The words that grant keywords: "has flash", "have haste", "gains rebound".
const GRANT_VERBS: &[&str] = &["has", "have", "gains", "gain"];

/// The words that end at `end` in `line`, the text before a verb without its trailing blanks, are
/// "whenever you" or "when you" (any case): the verb names the event a trigger waits for
/// ("Whenever you exert a creature"), not an action the effect takes. Only those words are read.
fn in_trigger_condition(line: &[u8], end: usize) -> bool {
    ["whenever you", "when you"].iter().any(|words| {
        end.checked_sub(words.len())
            .and_then(|start| line.get(start..end))
            .is_some_and(|before| before.eq_ignore_ascii_case(words.as_bytes()))
    })
}

/// The keywords an effect grants, and the keyword actions an effect takes: after a grant verb, a
/// list of keywords joined by commas and "and" ("gains flying and haste", "have first strike,
/// vigilance, and lifelink"), held by whom the words before the verb name; a keyword the verb
/// only names ("if it doesn't have suspend") is none. Each finding lies on the keyword's name.
/// One pass over the line, counting quotes and parentheses and reading the clause's subject as
/// it goes; it stops where no phrase found could be kept.
fn grants(
    line: &str,
    ability: usize,
    holds_a_verb: bool,
    kept: &mut Kept,
    work: &mut Work,
) -> Result<(), String> {
    // Charged as when the pass read each word three times (the pass, the action, the subject),
    // so that a line is given up (PL902) where it was: each word is read once now.
    work.spend(3 * line.len(), TOO_LONG)?;
    if !holds_a_verb {
        return Ok(());
    }
    let bytes = line.as_bytes();
    let mut opened = 0usize;
    let mut closed = 0usize;
    let mut quotes = 0usize;
    let mut previous: Option<char> = None;
    let mut subject = Subject::default();
    // Where the text before this character ends, without its trailing blanks.
    let mut text_end = 0;
    for (at, c) in line.char_indices() {
        match c {
            '(' => opened += 1,
            ')' => closed += 1,
            '"' | '“' | '”' => quotes += 1,
            _ => {}
        }
        if matches!(
            c,
            '(' | ')' | '"' | '“' | '”' | '.' | ',' | ';' | ':' | '—' | '•'
        ) {
            subject.end_clause(c == ',');
        }
        if c == '~' {
            // The card's own name (`phrase::reading`), a word of the subject.
            subject.read_lower("~");
        }
        let starts_word = c.is_ascii_alphabetic() && !previous.is_some_and(is_word_char);
        previous = Some(c);
        let before = text_end;
        if !c.is_whitespace() {
            text_end = at + c.len_utf8();
        }
        if !starts_word {
            continue;
        }
        if kept.full_before(at) {
            break;
        }
        let rest = line.get(at..).unwrap_or_default();
        let holder = subject.holder();
        // The word is lower-cased once, for the subject and for the keyword action it may be,
        // whose verb is its letters and digits (up to an apostrophe: "goad's" is "goad").
        let word = &rest[..timing_words::word_len(rest)];
        let action = with_ascii_lower(word, |lower| {
            subject.read_lower(lower);
            let letters = lower.find(['\'', '’']).unwrap_or(lower.len());
            action(&lower[..letters]).map(|action| (action, letters))
        });
        let place = Place {
            ability,
            opens_ability: false,
            in_quotes: quotes % 2 == 1,
            in_reminder: opened > closed,
        };
        let action = action.filter(|_| !in_trigger_condition(bytes, before));
        if let Some((action, len)) = action {
            kept.push(action, None, Span::new(at, at + len), place);
            continue;
        }
        let Some(verb) = GRANT_VERBS.iter().find(|verb| {
            bytes
                .get(at..at + verb.len())
                .is_some_and(|word| word.eq_ignore_ascii_case(verb.as_bytes()))
                && bytes.get(at + verb.len()) == Some(&b' ')
        }) else {
            continue;
        };
        if let Some(holder) = holder {
            granted_list(line, at + verb.len() + 1, holder, place, kept, work)?;
        }
    }
    Ok(())
}

/// The grant verbs and the keyword actions' verbs, lower-cased: the words the pass of `grants`
/// can find something at.
pub(in crate::phrase) fn verbs() -> impl Iterator<Item = String> {
    GRANT_VERBS
        .iter()
        .map(|verb| verb.to_string())
        .chain(action_words())
}

/// Whether `line` holds one of [`verbs`] anywhere, in any case. Most lines hold none, and one
/// search of the line spares them the pass of `grants`, which reads every word. The finder knows
/// it from its scan of the line; this search serves [`find`] alone (the reference finder, tests).
fn may_grant_or_act(line: &str) -> bool {
    static VERBS: OnceLock<AhoCorasick> = OnceLock::new();
    VERBS
        .get_or_init(|| {
            AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build(verbs())
                .expect("the grant and action verbs make a matcher")
        })
        .is_match(line)
}

/// The keyword list that starts at `at`, after a grant verb, held by `holder`; or a keyword line
/// in quotes ("has \"Cumulative upkeep {1}.\""), whose findings take in its costs as a keyword
/// line's do.
fn granted_list(
    line: &str,
    mut at: usize,
    holder: OwnerWord,
    place: Place,
    kept: &mut Kept,
    work: &mut Work,
) -> Result<(), String> {
    if let Some((content, quoted)) = quoted_line(line, at, work)? {
        let inside = Place {
            in_quotes: true,
            ..place
        };
        for item in line_items(quoted, work)?.into_iter().flatten() {
            let span = Span::new(content + item.whole.start, content + item.whole.end);
            if !kept.push(item.keyword, Some(holder), span, inside) {
                break;
            }
        }
        return Ok(());
    }
    while let Some(rest) = line.get(at..) {
        // Each word of the list is read once, and the word that ends it.
        work.spend(name_len(rest), TOO_LONG)?;
        let Some((keyword, name_len)) =
            keyword_at(rest).filter(|(keyword, _)| keyword.parameter != Parameter::Verb)
        else {
            return Ok(());
        };
        if !kept.push(keyword, Some(holder), Span::new(at, at + name_len), place) {
            return Ok(());
        }
        let mut next = at + name_len;
        // "gains bushido 2": the number belongs to the keyword.
        if keyword.parameter == Parameter::Number
            && let Some(tail) = line.get(next..)
        {
            let digits = tail.strip_prefix(' ').map_or(0, |t| {
                t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len()
            });
            work.spend(digits, TOO_LONG)?;
            if digits > 0 {
                next += 1 + digits;
            }
        }
        let tail = line.get(next..).unwrap_or_default();
        let separator = [", and ", ", ", " and "]
            .iter()
            .find(|separator| tail.starts_with(*separator));
        match separator {
            Some(separator) => at = next + separator.len(),
            None => return Ok(()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keywords found, one for each keyword however many findings it gives.
    fn spans(line: &str) -> Vec<(&str, &str, bool)> {
        let mut found: Vec<_> = find(line, 0, 0, &mut Work::for_line(line.len(), usize::MAX))
            .expect("the line reads")
            .into_iter()
            .filter_map(|phrase| match phrase.form {
                Form::Keyword(used) => {
                    Some((phrase.span.of(line), used.keyword.name, used.granted))
                }
                _ => None,
            })
            .collect();
        found.dedup();
        found
    }

    #[test]
    fn keyword_lines_take_costs_and_numbers() {
        assert_eq!(
            spans("Echo {2}{R} (At the beginning of your upkeep, ...)"),
            [("Echo {2}{R}", "Echo", false)]
        );
        assert_eq!(spans("Vanishing 3"), [("Vanishing 3", "Vanishing", false)]);
        assert_eq!(
            spans("Suspend 4—{R}"),
            [("Suspend 4—{R}", "Suspend", false)]
        );
        assert_eq!(
            spans("Cumulative upkeep—Pay 1 life."),
            [("Cumulative upkeep—Pay 1 life.", "Cumulative upkeep", false)]
        );
        assert_eq!(
            spans("Equip legendary creature {3}"),
            [("Equip legendary creature {3}", "Equip", false)]
        );
        assert_eq!(spans("Flying, flash"), [("flash", "Flash", false)]);
        assert_eq!(
            spans("Mobilize X, where X is the number of creature cards in your graveyard."),
            [(
                "Mobilize X, where X is the number of creature cards in your graveyard.",
                "Mobilize",
                false
            )]
        );
        assert_eq!(
            spans("Forecast — {1}{W}, Reveal this card: Draw a card.").len(),
            1
        );
    }

    #[test]
    fn prose_is_not_a_keyword_line() {
        for line in [
            "Echo of the First Murder — When Drach'Nyen enters, exile up to one target creature.",
            "Flashback {2}{R}",
            "Provoke the Trolls deals 3 damage to any target.",
            "Scavenge the Dead — When this creature enters, exile target player's graveyard.",
            "Equip abilities you activate cost {1} less to activate.",
            "Flash back",
            "",
            "—",
        ] {
            assert_eq!(spans(line), [], "{line}");
        }
    }

    /// Only lines with a grant verb or a keyword action's verb are read word by word: the verbs
    /// are found in any case, inside longer words too ("regains", "Goads"), so none is missed.
    #[test]
    fn the_verbs_of_grants_and_actions_are_found_before_the_pass() {
        for line in [
            "It has flash.",
            "THEY HAVE HASTE",
            "It regains flying.",
            "Goads target creature.",
            "detain",
            "You may exert it.",
        ] {
            assert!(may_grant_or_act(line), "{line}");
        }
        for line in ["Flying", "Draw a card.", "It gets flash."] {
            assert!(!may_grant_or_act(line), "{line}");
        }
    }

    #[test]
    fn grants_lie_on_the_keyword() {
        assert_eq!(spans("It has flash."), [("flash", "Flash", true)]);
        assert_eq!(
            spans("Target creature gains flying and rebound until end of turn."),
            [("rebound", "Rebound", true)]
        );
        assert_eq!(
            spans("Creatures you control have first strike, exalted, and bushido 2."),
            [("exalted", "Exalted", true), ("bushido", "Bushido", true)]
        );
        assert_eq!(spans("You gain 3 life. It has flashback."), []);
        assert_eq!(
            spans("Goad target creature. Whenever a goaded creature attacks, it exerts."),
            [("Goad", "Goad", false), ("exerts", "Exert", false)]
        );
        assert_eq!(
            spans("Enchanted creature has \"Cumulative upkeep {1}.\" (At ...)"),
            [("Cumulative upkeep {1}", "Cumulative upkeep", true)]
        );
    }
}
