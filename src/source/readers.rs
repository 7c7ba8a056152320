//! Each format to its reader: a file's text read whole, or card by card.

use super::{Card, Format, Parsed, ReadOptions, SourceError, SourceNote};
use super::{cockatrice, delimited, forge, json, jsonl, text, yaml};

/// Read a whole file. Never panics, whatever the input.
pub fn read(format: Format, text: &str, options: &ReadOptions) -> Parsed {
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
pub fn read_each(
    format: Format,
    text: &str,
    options: &ReadOptions,
    on_card: &mut dyn FnMut(Card),
) -> Vec<SourceError> {
    read_each_noting(format, text, options, on_card, &mut Vec::new())
}

/// [`read_each`], with what the reader noticed besides errors in `notes` (a YAML file that holds
/// no card). Never panics.
pub fn read_each_noting(
    format: Format,
    text: &str,
    options: &ReadOptions,
    on_card: &mut dyn FnMut(Card),
    notes: &mut Vec<SourceNote>,
) -> Vec<SourceError> {
    let mut errors = Vec::new();
    match format {
        Format::Yaml => yaml::read(text, on_card, &mut errors, notes),
        Format::Json => json::read(text, options, on_card, &mut errors),
        Format::JsonLines => jsonl::read(text, options, on_card, &mut errors),
        Format::Text => text::read(text, on_card),
        Format::Cockatrice => cockatrice::read(text, on_card, &mut errors, notes),
        Format::Forge => forge::read(text, on_card, &mut errors),
        Format::Csv => delimited::read(text, b',', on_card, &mut errors, notes),
        Format::Tsv => delimited::read(text, b'\t', on_card, &mut errors, notes),
    }
    errors
}
