//! The walk: reads one ability line the way the grammar's `ability_line` does, in Rust, and calls
//! pest only where the template table (`templates`) says a template can start.
//!
//! `ability_line` is a loop over positions: at each it tries a quoted mention, a quoted ability,
//! reminder text, a sentence opening, every phrase template, and otherwise skips one word or
//! character. Quoted abilities and reminder text hold loops of their own. The walk keeps that
//! structure and order, so it finds what a whole-line parse finds; `tests/walk.rs` holds the two
//! against each other.

use super::ast::{Phrase, Place};
use super::lower;
use super::memo;
use super::parser::TimingParser;
use super::templates::{
    Compiled, Occurrences, Table, can_end_word, closes_quote, ends_word, opens_quote,
};
use super::work::Work;
use crate::model::Span;
use pest::Parser;

/// How deep quoted abilities and reminder text may nest. Real text nests two or three deep; the
/// bound keeps the walk's own recursion far from the stack's end on hostile input.
pub const MAX_NESTING: usize = 64;

/// The phrases of one line, in text order, or why the line could not be read; `found` is where
/// the templates' literals occur in it (`scan`). The walk stops once it has more than
/// `work.enough()` phrases: the caller keeps no more than that. Each template call spends what it
/// may read (`Compiled::reach`) from the line's `work`.
pub(super) fn walk_line(
    line: &str,
    found: &Occurrences,
    ability: usize,
    offset: usize,
    work: &mut Work,
) -> Result<Vec<Phrase>, String> {
    let table = Table::get();
    let live_phrase = table.live_phrase(found);
    let live_opening = table.live_opening(found);
    // Every phrase comes from a template or an opening. With none possible, only the nesting
    // bound is left to check, and a reminder nests in a quote at most, two levels a "(".
    let within_nesting = || {
        let parentheses = memchr::memchr_iter(b'(', line.as_bytes()).take(MAX_NESTING);
        2 * parentheses.count() < MAX_NESTING
    };
    if live_phrase == 0 && live_opening == 0 && within_nesting() {
        return Ok(Vec::new());
    }
    let walk = Walk {
        line,
        offset,
        table,
        live_phrase,
        live_opening,
        found,
        opening_missed_at: None,
        depth: 0,
        enough: work.enough(),
        work,
        phrases: Vec::new(),
    };
    let place = Place {
        ability,
        opens_ability: false,
        in_quotes: false,
        in_reminder: false,
    };
    walk.ability(place)
}

/// What holds the positions being walked, each with its own loop in the grammar.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Container {
    /// `ability`: quoted mention, quoted ability, reminder, sentence opening, phrase, skip.
    Ability,
    /// `quoted_ability`, up to its closing quote: reminder, phrase, skip.
    Quoted,
    /// `reminder`, up to its closing parenthesis: reminder sentence opening, quoted mention,
    /// quoted ability, phrase, skip.
    Reminder,
}

/// Where a template is tried: a byte of the line, the place of the phrases found there, and where
/// the content of the container being walked starts (a phrase there opens a quoted ability or a
/// sentence of reminder text, `lower::entry`).
#[derive(Clone, Copy)]
struct Site {
    at: usize,
    place: Place,
    content_start: usize,
}

struct Walk<'t, 'w> {
    line: &'t str,
    /// The line's start in the whole text.
    offset: usize,
    table: &'static Table,
    /// The phrase templates and openings whose needed literals occur in the line, a bit each.
    live_phrase: u64,
    live_opening: u64,
    /// Where the table's literals occur in the line.
    found: &'t Occurrences,
    /// Where the last opening was tried and none matched: the phrase templates that are openings
    /// too missed there already.
    opening_missed_at: Option<usize>,
    depth: usize,
    /// What the template calls may still read (`work::WORK_PER_BYTE`).
    work: &'w mut Work,
    phrases: Vec<Phrase>,
    /// The walk stops with more phrases than this.
    enough: usize,
}

impl Walk<'_, '_> {
    /// The line: an optional ability word, an optional opening, then the ability's loop.
    fn ability(mut self, place: Place) -> Result<Vec<Phrase>, String> {
        let table = self.table;
        let line = Site {
            at: 0,
            place,
            content_start: 0,
        };
        let at = self.single(&table.ability_word, line)?.unwrap_or(0);
        // The ability's content begins after its ability word ("Life Drain — Whenever ..."),
        // not after a Saga's chapter numbers.
        let line = Site {
            content_start: lower::content_after_label(&self.line[..at]),
            ..line
        };
        let at = self.opening(Site { at, ..line })?;
        self.inlines(Site { at, ..line }, Container::Ability)?;
        Ok(self.phrases)
    }

    /// The loop of a container from `from.at`; returns where it stopped.
    fn inlines(&mut self, from: Site, container: Container) -> Result<usize, String> {
        let mut at = from.at;
        while at < self.line.len() && self.phrases.len() <= self.enough {
            let site = Site { at, ..from };
            let rest = &self.line[at..];
            let ends = match container {
                Container::Ability => false,
                Container::Quoted => closes_quote(rest.as_bytes()),
                Container::Reminder => rest.starts_with(')'),
            };
            if ends {
                break;
            }
            let table = self.table;
            let structural = match container {
                _ if container != Container::Quoted && opens_quote(rest.as_bytes()) => {
                    Some(self.quote(site)?)
                }
                Container::Ability if rest.starts_with('(') => {
                    Some(self.nested(at, Container::Reminder, from.place)?)
                }
                Container::Ability => self.single(&table.sentence_opening, site)?,
                Container::Quoted if rest.starts_with('(') => {
                    Some(self.nested(at, Container::Reminder, from.place)?)
                }
                Container::Quoted => None,
                Container::Reminder => self.single(&table.reminder_sentence_opening, site)?,
            };
            at = match structural {
                Some(end) => end,
                None => match self.phrase(site)? {
                    Some(end) => end,
                    None => at + skip(rest),
                },
            };
        }
        Ok(at)
    }

    /// A timing phrase named in quotes, or else a quoted ability, at the site; returns where it
    /// ends.
    fn quote(&mut self, site: Site) -> Result<usize, String> {
        let table = self.table;
        match self.single(&table.quoted_mention, site)? {
            Some(end) => Ok(end),
            None => self.nested(site.at, Container::Quoted, site.place),
        }
    }

    /// A quoted ability or reminder text opening at `at`; returns where it ends.
    fn nested(&mut self, at: usize, container: Container, place: Place) -> Result<usize, String> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(format!(
                "quotes and parentheses are nested more than {MAX_NESTING} deep"
            ));
        }
        let place = match container {
            Container::Quoted => Place {
                in_quotes: true,
                ..place
            },
            _ => Place {
                in_reminder: true,
                ..place
            },
        };
        let content = at + self.line[at..].chars().next().map_or(0, char::len_utf8);
        let start = Site {
            at: content,
            place,
            content_start: content,
        };
        let at = self.opening(start)?;
        let mut end = self.inlines(Site { at, ..start }, container)?;
        let rest = &self.line[end..];
        let closed = match container {
            Container::Quoted => closes_quote(rest.as_bytes()),
            _ => rest.starts_with(')'),
        };
        if closed {
            end += rest.chars().next().map_or(0, char::len_utf8);
        }
        self.depth -= 1;
        Ok(end)
    }

    /// An optional `ability_opening` at the site; returns where the walk goes on.
    fn opening(&mut self, site: Site) -> Result<usize, String> {
        let table = self.table;
        let candidates = self.candidates(&table.opening_by_byte, self.live_opening, site.at);
        let end = self.first_match(&table.ability_opening, candidates, 0, site)?;
        if end.is_none() {
            self.opening_missed_at = Some(site.at);
        }
        Ok(end.unwrap_or(site.at))
    }

    /// The templates of a list (a bit each) that are `live` in the line and can start with the
    /// byte at `at` (`by_byte`).
    fn candidates(&self, by_byte: &[u64; 256], live: u64, at: usize) -> u64 {
        self.line.as_bytes().get(at).map_or(0, |&byte| {
            by_byte[usize::from(byte.to_ascii_lowercase())] & live
        })
    }

    /// The first of `templates` that matches at the site, in their order, of the `candidates`
    /// there. Those of `missed` are known to miss there: each is charged to the line's work as its
    /// call would be, in its turn, but not parsed.
    fn first_match(
        &mut self,
        templates: &[Compiled],
        mut candidates: u64,
        missed: u64,
        site: Site,
    ) -> Result<Option<usize>, String> {
        let at = site.at;
        while candidates != 0 {
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let template = &templates[index];
            if missed >> index & 1 == 1 {
                if template.can_start(&self.line.as_bytes()[at..], at, self.found) {
                    self.charge(template, at)?;
                }
                continue;
            }
            if let Some(end) = self.single(template, site)? {
                return Ok(Some(end));
            }
        }
        Ok(None)
    }

    /// The first phrase template that matches at the site, in the grammar's order.
    fn phrase(&mut self, site: Site) -> Result<Option<usize>, String> {
        let (table, at) = (self.table, site.at);
        // A template is a function of the text from `at`: one that missed as an opening here
        // misses as a phrase (`combat_trigger`, a line's "Whenever ~ is dealt damage, ...").
        let missed = match self.opening_missed_at {
            Some(missed) if missed == at => table.phrase_also_opening,
            _ => 0,
        };
        let candidates = self.candidates(&table.phrase_by_byte, self.live_phrase, at);
        self.first_match(&table.phrase, candidates, missed, site)
    }

    /// Charges a call of `template` at `at` to the line's work: what it may read, to the end of
    /// its clause.
    fn charge(&mut self, template: &Compiled, at: usize) -> Result<(), String> {
        let rest = &self.line.as_bytes()[at..];
        self.work.spend(
            template.reach(rest, at, self.found),
            "a clause runs on too long",
        )
    }

    /// Calls one template at the site where it can start there; on a match, lowers its phrases
    /// and returns where it ended.
    ///
    /// Most calls end at `can_start`: asked here, in the caller, they do not pay for entering the
    /// parse and the lowering, whose frame is large (one function: +1.2% instructions over the
    /// corpus's first 8,000 faces, with fat LTO).
    #[inline(always)]
    fn single(&mut self, template: &Compiled, site: Site) -> Result<Option<usize>, String> {
        let at = site.at;
        if !template.can_start(&self.line.as_bytes()[at..], at, self.found) {
            return Ok(None);
        }
        self.parse(template, site)
    }

    /// [`Walk::single`] once the template can start at the site.
    #[inline(never)]
    fn parse(&mut self, template: &Compiled, site: Site) -> Result<Option<usize>, String> {
        let Site {
            at,
            place,
            content_start,
        } = site;
        self.charge(template, at)?;
        let call = memo::Call {
            entry: template.entry,
            content_start: content_start.checked_sub(at),
            rest: &self.line[at..],
            place,
            offset: self.offset + at,
        };
        let end = memo::answer(&call, &mut self.phrases, |phrases| {
            let mut pairs = TimingParser::parse(call.entry, call.rest)
                .map_err(|error| error.variant.message().into_owned())?;
            let Some(matched) = pairs.next().filter(|pair| !pair.as_str().is_empty()) else {
                return Ok(None);
            };
            let end = matched.as_span().end();
            lower::entry(matched, place, call.content_start, call.offset, phrases).map_err(
                |mut error| {
                    // Counted from the line's start, as the whole-line parse counts them.
                    error.span = Span::new(error.span.start + at, error.span.end + at);
                    error.to_string()
                },
            )?;
            Ok(Some(end))
        })?;
        Ok(end.map(|end| at + end))
    }
}

/// The grammar's `skip`: one word, or one other character. Returns its length in bytes.
fn skip(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    if bytes.is_empty() {
        return 0;
    }
    if ends_word(bytes) {
        return rest.chars().next().map_or(1, char::len_utf8);
    }
    // What ends a word is whole characters, and no character begins with a UTF-8 continuation
    // byte, so stepping byte by byte never stops inside a character. Only the bytes an end can
    // begin with are looked at twice.
    let mut at = 1;
    while let Some(offset) = bytes[at..].iter().position(|&byte| can_end_word(byte)) {
        at += offset;
        if ends_word(&bytes[at..]) {
            return at;
        }
        at += 1;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_takes_a_word_or_one_character() {
        assert_eq!(skip("Flying, haste"), 6);
        assert_eq!(skip(", haste"), 1);
        assert_eq!(skip(" haste"), 1);
        assert_eq!(skip("—x"), "—".len());
        assert_eq!(skip("{2}{R}"), 6);
        assert_eq!(skip(""), 0);
    }

    /// Looking only at the bytes an end can begin with finds the end that asking at every byte
    /// finds: in words of letters, symbols, curly quotes, dashes and bullets, and before each.
    #[test]
    fn skip_finds_the_end_that_every_byte_finds() {
        let by_every_byte = |rest: &str| {
            let bytes = rest.as_bytes();
            (1..bytes.len())
                .find(|&at| ends_word(&bytes[at..]))
                .unwrap_or(bytes.len())
        };
        let text = "{2}{R}—x’s “Don’t” it•s +1/+1\tcounter; end (of) turn! [ok]? \"q\" x\r\ny·z é—";
        for (start, _) in text.char_indices() {
            let rest = &text[start..];
            if !rest.is_empty() && !ends_word(rest.as_bytes()) {
                assert_eq!(skip(rest), by_every_byte(rest), "{rest:?}");
            }
        }
    }
}
