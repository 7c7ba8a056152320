use super::*;

/// Whether the line holds one of the needed literals of `template` anywhere: what
/// `Table::live_phrase` answers for every template at once.
fn can_start_anywhere(template: &Compiled, found: &Occurrences) -> bool {
    template
        .need
        .as_ref()
        .is_none_or(|need| need.iter().any(|&index| found.last[index].is_some()))
}

/// Answering on the first byte finds what comparing every literal finds: at every place of a
/// text of each kind of character, and for every pair of bytes.
#[test]
fn literal_sets_answer_as_comparing_every_literal_does() {
    let text = "a, b. “c” \"d\" — e • f\r\ng\rh\ni\tj (k) [l]: m; n! o? p’q";
    let mut places: Vec<Vec<u8>> = (0..text.len())
        .map(|at| text.as_bytes()[at..].to_vec())
        .collect();
    places.extend((0..=u8::MAX).flat_map(|a| (0..=u8::MAX).map(move |b| vec![a, b])));
    places.push(Vec::new());
    for set in [&WORD_ENDS, &CLAUSE_ENDS, &QUOTE_OPENS, &QUOTE_CLOSES] {
        for rest in &places {
            let compared = set
                .lists
                .iter()
                .flat_map(|list| list.iter())
                .any(|literal| rest.starts_with(literal.as_bytes()));
            assert_eq!(set.start(rest), compared, "{rest:?}");
        }
    }
    for byte in 0..=u8::MAX {
        let one_byte_end = LEADS_CLAUSE_END.iter().any(|end| end.as_bytes() == [byte]);
        assert_eq!(ends_clause(byte), one_byte_end, "{byte}");
    }
}

/// A `phrase` template that is an `ability_opening` template too is compiled alike in both
/// lists (leads, needed literals, clause guard, the masks by byte and by literal), so one that
/// missed as an opening at a place misses as a phrase there: the walk does not call it twice
/// (`phrase_also_opening`).
#[test]
fn a_phrase_that_is_an_opening_too_is_compiled_alike() {
    let table = Table::get();
    let mut both = 0;
    for (index, phrase) in table.phrase.iter().enumerate() {
        let opening = table
            .ability_opening
            .iter()
            .position(|opening| opening.entry == phrase.entry);
        assert_eq!(
            table.phrase_also_opening >> index & 1 == 1,
            opening.is_some(),
            "{:?}",
            phrase.entry
        );
        let Some(at) = opening else {
            continue;
        };
        both += 1;
        let opening = &table.ability_opening[at];
        assert!(phrase.leads_by_byte == opening.leads_by_byte);
        assert!(phrase.leads_by_second_byte == opening.leads_by_second_byte);
        assert_eq!(phrase.need, opening.need);
        assert!(phrase.in_clause == opening.in_clause);
        assert!(phrase.charged == opening.charged);
        for byte in 0..256 {
            let bit = |masks: &[u64; 256], index: usize| masks[byte] >> index & 1;
            assert_eq!(
                bit(&table.phrase_by_byte, index),
                bit(&table.opening_by_byte, at)
            );
        }
        for literal in 0..table.literals().len() {
            let phrase_needs = table.phrase_needing[literal] >> index & 1;
            assert_eq!(phrase_needs, table.opening_needing[literal] >> at & 1);
        }
        assert_eq!(
            table.phrase_needing_none >> index & 1,
            table.opening_needing_none >> at & 1
        );
    }
    // `combat_trigger`, today.
    assert!(both > 0);
}

/// The live masks made from the literals found are the templates that need none of the
/// literals or one found, asked one by one: for no literal, each literal alone, and lines of
/// many, over two lines in a row (the first line's literals are forgotten).
#[test]
fn live_masks_are_the_templates_that_can_start_anywhere() {
    let table = Table::get();
    let count = table.literals().len();
    let mut lines: Vec<Vec<usize>> = vec![Vec::new()];
    lines.extend((0..count).map(|literal| vec![literal]));
    lines.extend((1..8).map(|step| (0..count).step_by(step).collect()));
    let mut found = Occurrences::default();
    for literals in lines.iter().chain(lines.iter().rev()) {
        found.start_line(count);
        for (start, &literal) in literals.iter().enumerate() {
            found.saw(literal, start);
            found.saw(literal, start + 1);
        }
        let one_by_one = |templates: &[Compiled]| {
            (0..templates.len())
                .filter(|&index| can_start_anywhere(&templates[index], &found))
                .fold(0u64, |mask, index| mask | 1 << index)
        };
        assert_eq!(
            table.live_phrase(&found),
            one_by_one(&table.phrase),
            "{literals:?}"
        );
        assert_eq!(
            table.live_opening(&found),
            one_by_one(&table.ability_opening),
            "{literals:?}"
        );
    }
}

/// A position is compared with the leads that can start with its first two bytes alone: it
/// must start with one of them exactly where it starts with one of all the template's leads.
#[test]
fn leads_by_byte_answer_as_every_lead_does() {
    let table = Table::get();
    let text = "Until end of turn, UNTIL at the Beginning of “this turn” attacked \
                blocks (Skip) 3 {T}: — each opponent's upkeep whenever you cast ~ \
                Activate only as a sorcery. Équipé défaussé naïve";
    let templates = table.phrase.iter().chain(&table.ability_opening).chain([
        &table.ability_word,
        &table.quoted_mention,
        &table.sentence_opening,
        &table.reminder_sentence_opening,
    ]);
    for template in templates {
        for at in 0..text.len() {
            let rest = &text.as_bytes()[at..];
            assert_eq!(
                template.starts_with_a_lead(rest[0], rest),
                template.leads.iter().any(|lead| lead.starts(rest)),
                "{:?} at {at}",
                template.entry
            );
        }
        // Each lead's own text with every second byte, in both cases of its first: the
        // second byte's mask turns away no position a lead starts at.
        for lead in template.leads {
            let own: &[u8] = match lead {
                Lead::Literal(literal) => literal.as_bytes(),
                Lead::WordEnding(ending) => &[b"x", ending.as_bytes()].concat(),
                Lead::Bytes(low, _) => &[*low],
            };
            let Some(&head) = own.first() else { continue };
            for second in 0..=u8::MAX {
                for first in [head.to_ascii_lowercase(), head.to_ascii_uppercase()] {
                    let mut rest = vec![first, second];
                    rest.extend(own.get(2..).unwrap_or_default());
                    assert_eq!(
                        template.starts_with_a_lead(first, &rest),
                        template.leads.iter().any(|lead| lead.starts(&rest)),
                        "{:?} at {rest:?}",
                        template.entry
                    );
                }
            }
        }
        for byte in 0..=u8::MAX {
            let rest = [byte, b'x'];
            assert_eq!(
                template.starts_with_a_lead(byte, &rest),
                template.leads.iter().any(|lead| lead.starts(&rest)),
                "{:?} at byte {byte}",
                template.entry
            );
        }
    }
}

/// The answers of `Occurrences` at `at`, and those of the lists it once kept: every start of
/// each literal and every clause end.
fn answers(table: &Table, found: &Occurrences, line: &str, at: usize) -> [Vec<usize>; 2] {
    let rest = &line.as_bytes()[at..];
    let ends = [Clause::Whole, Clause::CommasInside];
    let searched = ends
        .iter()
        .map(|&clause| found.clause_end(rest, at, clause))
        .chain(table.literals.iter().enumerate().map(|(index, literal)| {
            let end = found.clause_end(rest, at, Clause::Whole);
            usize::from(found.starts_within(index, literal, rest, at, end))
        }))
        .collect();
    let first_end = |commas: bool| {
        (at..line.len())
            .find(|&p| ends_clause(line.as_bytes()[p]) && (commas || line.as_bytes()[p] != b','))
            .unwrap_or(usize::MAX)
    };
    let listed = [first_end(true), first_end(false)]
        .into_iter()
        .chain(table.literals.iter().map(|literal| {
            let end = first_end(true).min(line.len());
            let starts = (at..end).any(|p| {
                line.as_bytes()[p..]
                    .get(..literal.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(literal.as_bytes()))
            });
            usize::from(starts)
        }))
        .collect();
    [searched, listed]
}

/// A past participle leads where a word of ASCII letters ending in "ed" starts, one letter at
/// least before the ending: never at a shorter word or another ending.
#[test]
fn a_word_ending_lead_reads_the_whole_word() {
    let lead = Lead::WordEnding("ed");
    for yes in [
        "attacked this turn",
        "DIED",
        "red",
        "blocked, ",
        "entered's",
    ] {
        assert!(lead.starts(yes.as_bytes()), "{yes}");
    }
    for no in ["ed", "edge", "attacker", "", " attacked", "é-ed"] {
        assert!(!lead.starts(no.as_bytes()), "{no}");
    }
    // The grammar's past participle is turn_reference's lead (derived by the build script).
    let table = Table::get();
    let turn_reference = table
        .phrase
        .iter()
        .find(|template| template.entry == Rule::try_turn_reference)
        .expect("turn_reference is a template");
    assert!(
        turn_reference
            .leads
            .iter()
            .any(|lead| matches!(lead, Lead::WordEnding("ed")))
    );
    assert!(
        !turn_reference
            .leads
            .iter()
            .any(|lead| matches!(lead, Lead::Bytes(..)))
    );
}

#[test]
fn searches_answer_as_the_lists_did_forward_and_back() {
    let table = Table::get();
    let mut found = Occurrences::default();
    for line in [
        "Whenever a creature attacks, it gets +1/+1 until end of turn. Activate only once.",
        "This turn, THIS TURN; whenever, WHENEVER you attack. dies, dies.",
        "",
        "no clause end and no literal",
    ] {
        // Where each literal occurs, as the scan of the line says (`phrase::scan`).
        found.start_line(table.literals.len());
        for (index, literal) in table.literals.iter().enumerate() {
            for start in 0..line.len() {
                let head = line.as_bytes()[start..].get(..literal.len());
                if head.is_some_and(|head| head.eq_ignore_ascii_case(literal.as_bytes())) {
                    found.saw(index, start);
                }
            }
        }
        let found = &found;
        // Forward, as the walk asks.
        for at in 0..=line.len() {
            let [searched, listed] = answers(table, found, line, at);
            assert_eq!(searched, listed, "{line:?} at {at}");
        }
        // Back and forth: a question before the last one is searched anew.
        for at in (0..=line.len()).rev().step_by(3) {
            let [searched, listed] = answers(table, found, line, at);
            assert_eq!(searched, listed, "{line:?} at {at}, going back");
        }
    }
}
