//! What the fuzz targets found, cut down, as plain tests. No case has panicked; these are the
//! inputs that showed where a property of the harness had to be stated more exactly.

use phaselint::check::fix_text;
use phaselint::config::Config;
use phaselint::diagnostic::Applicability;
use phaselint::export::each_face;
use phaselint::phrase::{MAX_WHOLE_LINE_BRACKETS, find, find_by_whole_lines};
use phaselint::source::{Format, ReadOptions};
use std::path::Path;

fn fix_yaml(text: &str) -> String {
    fix_text(
        Path::new("fuzz.yaml"),
        text.to_string(),
        Format::Yaml,
        &ReadOptions::default(),
        &Config::default_for(".".into()),
        Applicability::Safe,
    )
    .source
    .to_string()
}

/// The fix of "upkeep phase" leaves "upkeep phase" of "upkeep phase phase": a finding the fix
/// brought about is reported, not fixed in the same run (issue 11 §11), so a second `--fix`
/// changes the text again, and a third nothing. The `fixes` target asks that fixes come to rest,
/// not that a second run change nothing.
#[test]
fn a_finding_a_fix_brought_about_is_fixed_by_the_next_run() {
    let first = fix_yaml("- : \n  text: upkeep phase phase");
    assert_eq!(first, "- : \n  text: upkeep phase");
    let second = fix_yaml(&first);
    assert_eq!(second, "- : \n  text: upkeep");
    assert_eq!(fix_yaml(&second), second);
}

/// Past the nesting bound the walk gives the line up, where the whole-line parse reads it (and
/// finds nothing): the `finder` target compares the two only on lines both read.
#[test]
fn past_the_nesting_bound_only_the_walk_gives_up() {
    let deep = format!("{}x{}", "(\"".repeat(33), "\")".repeat(33));
    assert_eq!(find(&deep).errors.len(), 1);
    let whole = find_by_whole_lines(&deep);
    assert!(whole.errors.is_empty() && whole.phrases.is_empty());
}

/// The whole-line parse recurses through quotes and reminders, and pest probes no stack: past
/// its bound of quotes and parentheses it gives the line up, where 2,048 levels once overflowed
/// a 2 MiB stack (a crash, not an error); the walk gives such a line up at its own bound.
#[test]
fn a_whole_line_parse_gives_deep_nesting_up_instead_of_overflowing() {
    let on_small_stack = |text: String| {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || find_by_whole_lines(&text))
            .expect("a thread")
            .join()
            .expect("no overflow")
    };
    let deep = format!("{}x{}", "(\"".repeat(4_096), "\")".repeat(4_096));
    let whole = on_small_stack(deep.clone());
    assert_eq!(whole.errors.len(), 1);
    assert!(whole.errors[0].message.contains("whole-line parse"));
    assert_eq!(find(&deep).errors.len(), 1);
    // At the bound, all of it opening (256 levels of `("`), the line is read, on the same stack.
    let whole = on_small_stack(format!("{}x", "(\"".repeat(MAX_WHOLE_LINE_BRACKETS / 2)));
    assert!(whole.errors.is_empty(), "{:?}", whole.errors);
}

/// A lone CR ends a line for the places of `phaselint findings` (as YAML reads it), not for
/// `str::lines`: the `span_maps` target counts lines as the reports do. Here the CR is blank
/// space between two members of a JSON Lines object.
#[test]
fn a_lone_cr_ends_a_line_for_the_places_of_findings() {
    let text = "{\"name\": \"A\",\r\"oracle_text\": \"end of turn\"}\n";
    let mut lines = Vec::new();
    each_face(
        "fuzz.jsonl",
        text,
        Format::JsonLines,
        &ReadOptions::default(),
        &mut |face| lines.extend(face.findings.iter().map(|finding| finding.line)),
    );
    assert_eq!(lines, [Some(2)]);
}

/// An MSE `<atom-cardname>` element whose content is not the card's name was read as the name,
/// which mapped only as a whole (a finding inside it, "once per turn" of a card named so, was
/// placed on the whole element). Since issue 38 it is `~`, the card, one character standing for
/// the whole element: the name is never copied into the text.
#[test]
fn a_name_atom_is_the_card_standing_for_the_whole_element() {
    let text = "card:\n\tname:once per turn 3\n\trule_text:<atom-cardname></atom-cardname>";
    let parsed = phaselint::source::read(Format::Mse, text, &ReadOptions::default());
    let value = parsed.cards[0].faces[0].text.as_ref().expect("a text");
    assert_eq!(value.value, "~");
    let whole = value.map.to_file(0..1).expect("the whole element");
    assert_eq!(&text[whole], "<atom-cardname></atom-cardname>");
}
