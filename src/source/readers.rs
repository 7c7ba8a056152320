//! Each format to its reader: a file's text read whole, or card by card.

use super::json::lines as jsonl;
use super::{Card, Format, NoteKind, Parsed, ReadOptions, SourceError, SourceNote};
use super::{cockatrice, delimited, forge, html, json, mse, text, yaml};

/// Read a whole file. Never panics, whatever the input.
pub fn read<'t>(format: Format, text: &'t str, options: &ReadOptions) -> Parsed<'t> {
    let mut cards = Vec::new();
    let mut notes = Vec::new();
    let errors = read_each_noting(
        format,
        text,
        options,
        &mut |card| cards.push(card),
        &mut notes,
    );
    Parsed {
        cards,
        errors,
        notes,
    }
}

/// Read a file card by card: `on_card` gets each card as soon as it is read, so a caller that
/// drops them keeps only the file text and one card in memory (JSON, JSON Lines, Cockatrice XML,
/// CSV and TSV; YAML and text files are small and read whole, a Forge script is one card). Returns the errors. Never panics.
pub fn read_each<'t>(
    format: Format,
    text: &'t str,
    options: &ReadOptions,
    on_card: &mut dyn FnMut(Card<'t>),
) -> Vec<SourceError> {
    read_each_noting(format, text, options, on_card, &mut Vec::new())
}

/// [`read_each`] with the cards handed out in batches to `consume` on `threads` threads beside
/// this one, which reads them (0: all on this one); `emit` gets the result of each batch on this
/// thread, in the order of the cards, as soon as those before it are out
/// (`parallel::streamed`). Returns the errors.
pub fn read_batched<'t, R: Send>(
    format: Format,
    text: &'t str,
    options: &ReadOptions,
    threads: usize,
    consume: impl Fn(Vec<Card<'t>>) -> R + Sync,
    emit: &mut dyn FnMut(R),
) -> Vec<SourceError> {
    crate::parallel::streamed(
        threads,
        |send| {
            crate::parallel::in_batches(send, |on_card| read_each(format, text, options, on_card))
        },
        consume,
        emit,
    )
}

/// [`read_each`], with what the reader noticed besides errors in `notes` (a YAML file that holds
/// no card). Never panics.
pub fn read_each_noting<'t>(
    format: Format,
    text: &'t str,
    options: &ReadOptions,
    on_card: &mut dyn FnMut(Card<'t>),
    notes: &mut Vec<SourceNote>,
) -> Vec<SourceError> {
    let mut errors = Vec::new();
    let mut cards = 0usize;
    // The formats whose texts converters and websites write with HTML in them.
    let html = html::carried_by(format);
    let on_card = &mut |mut card: Card<'t>| {
        if html {
            html::decode_card(&mut card);
        }
        cards += 1;
        on_card(card);
    };
    match format {
        Format::Yaml => yaml::read(text, on_card, &mut errors, notes),
        Format::Json => json::read(text, options, on_card, &mut errors, notes),
        Format::JsonLines => jsonl::read(text, options, on_card, &mut errors, notes),
        Format::Text if forge::shape::is_edition(text) => notes.push(forge_edition(text)),
        Format::Text => text::read(text, on_card),
        Format::Mse => mse::read(text, on_card, &mut errors, notes),
        Format::Cockatrice => cockatrice::read(text, on_card, &mut errors, notes),
        Format::Forge => forge::read(text, on_card, &mut errors),
        Format::Csv => delimited::read(text, b',', &options.fields, on_card, &mut errors, notes),
        Format::Tsv => delimited::read(text, b'\t', &options.fields, on_card, &mut errors, notes),
    }
    if cards == 0 && errors.is_empty() && notes.is_empty() {
        notes.extend(no_card(format, text));
    }
    errors
}

/// `card`, read from `before`, as the file `after` holds it: `before`'s bytes `old` are
/// `after[old.start..new_end]` there. `None` unless the format can tell without reading the file
/// again (an edit inside one of the card's texts that cannot change the file's structure).
pub fn edited_card(
    format: Format,
    before: &str,
    after: &str,
    card: &Card<'_>,
    old: std::ops::Range<usize>,
    new_end: usize,
) -> Option<Card<'static>> {
    match format {
        Format::Yaml => yaml::edited(before, after, card, old, new_end),
        _ => None,
    }
}

/// The note for a Forge edition file named on the command line (a walk skips one): it is not
/// read as cards, at its first section.
fn forge_edition(text: &str) -> SourceNote {
    // The first section's line, never a `[` in a comment before it.
    let mut at = 0;
    let start = text
        .split_inclusive('\n')
        .find_map(|line| {
            let start = at;
            at += line.len();
            let trimmed = line.trim_start();
            trimmed
                .starts_with('[')
                .then(|| start + line.len() - trimmed.len())
        })
        .unwrap_or(0);
    let end = text[start..]
        .find(['\n', '\r'])
        .map_or(text.len(), |end| start + end);
    SourceNote {
        kind: NoteKind::NotACardFile,
        span: start..end,
        message: "a Forge edition file: it lists a set's cards by name and holds no card text, \
                  so it is not read"
            .to_string(),
        help: Some(
            "check the Forge scripts of the cards (`cardsfolder/`), which hold their text; a walk \
             of a folder skips edition files"
                .to_string(),
        ),
    }
}

/// The note for a file that read whole and held no card, when it holds anything at all: it was
/// skipped, and a run must not pass as if it had been checked.
fn no_card(format: Format, text: &str) -> Option<SourceNote> {
    let start = text.find(|c: char| !c.is_whitespace() && c != '\u{feff}')?;
    let (what, help) = match format {
        Format::Json | Format::JsonLines => (
            "JSON",
            "phaselint reads MTGJSON, Scryfall and any JSON of card objects (an array of them, an object whose values are cards, or a list under `cards` or `data`) whose fields it knows by name (`name`, `text`, `oracle_text`, `rulesText`, `type_line`, `manaCost`, ...); name your own fields in phaselint.toml (`[fields]`), or exclude the file (`[files] exclude`) to drop this note",
        ),
        // Any other text is cards, and the other readers say what they found themselves.
        Format::Yaml
        | Format::Text
        | Format::Mse
        | Format::Cockatrice
        | Format::Forge
        | Format::Csv
        | Format::Tsv => return None,
    };
    let len = text[start..].chars().next().map_or(0, char::len_utf8);
    Some(SourceNote {
        kind: NoteKind::NotACardFile,
        span: start..start + len,
        message: format!("no card in this {what} file: it is not read"),
        help: Some(help.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::forge_edition;

    #[test]
    fn the_edition_note_is_on_its_first_section_never_in_a_comment() {
        let text = "# see [notes] below\n  [metadata]\nCode=CWD\n[cards]\n";
        let note = forge_edition(text);
        assert_eq!(&text[note.span], "[metadata]");
    }
}
