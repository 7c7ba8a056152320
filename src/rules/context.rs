//! What a rule sees of one card face: its text, the type line, and each phrase with its finding
//! and its place (which ability, whether it opens the ability or sits inside an effect).

use crate::edition::Edition;
use crate::model::{Finding, Kind, Span};
use crate::phrase::ast::{Form, Phrase, Template};
use crate::phrase::{CardName, FindError, find_named};
use crate::resolve::{CardKind, names_a_type, resolve_all_on};

/// The words of a permission to cast a spell (not to activate an ability) at some time.
const CAST_VERBS: &[&str] = &[
    "may cast",
    "may play",
    "may be cast",
    "may be played",
    "can be cast",
];

/// One face's text, read by the grammar and the resolver.
#[derive(Debug)]
pub struct FaceText<'a> {
    pub text: &'a str,
    pub type_line: Option<&'a str>,
    /// Every phrase with its finding, in text order.
    pub items: Vec<(Phrase, Finding)>,
    /// Lines the grammar could not read.
    pub errors: Vec<FindError>,
    /// The timing words of the lines read (`crate::phrase::timing_words`).
    pub timing_words: Vec<Span>,
    /// The edition of the rules the text is written in: its own templates are no obsolete
    /// wording (`crate::resolve::printed`).
    pub edition: Edition,
}

impl<'a> FaceText<'a> {
    pub fn read(text: &'a str, type_line: Option<&'a str>) -> Self {
        FaceText::read_in(text, type_line, Edition::Current)
    }

    /// Reads a text written in the terms of `edition`.
    pub fn read_in(text: &'a str, type_line: Option<&'a str>, edition: Edition) -> Self {
        FaceText::read_named(text, type_line, edition, &CardName::none())
    }

    /// Reads the text of the card `name` written in the terms of `edition`: the card's name in
    /// its text is the card itself.
    pub fn read_named(
        text: &'a str,
        type_line: Option<&'a str>,
        edition: Edition,
        name: &CardName,
    ) -> Self {
        let found = find_named(text, name);
        let findings = resolve_all_on(
            text,
            &found.phrases,
            CardKind::when_needed(&found.phrases, type_line),
        );
        let items = found.phrases.into_iter().zip(findings).collect();
        FaceText {
            text,
            type_line,
            items,
            errors: found.errors,
            timing_words: found.timing_words,
            edition,
        }
    }

    /// The trigger that opens ability `ability` (not one inside quotes or reminder text).
    pub fn opening_trigger(&self, ability: usize) -> Option<&(Phrase, Finding)> {
        self.items.iter().find(|(phrase, finding)| {
            phrase.place.ability == ability
                && phrase.place.opens_ability
                && !phrase.place.in_quotes
                && !phrase.place.in_reminder
                && finding.kind == Kind::Trigger
        })
    }

    /// The type line names a type (any case, whole word): "Instant", "Legendary Creature".
    pub fn has_type(&self, name: &str) -> bool {
        self.type_line
            .is_some_and(|line| names_a_type(line, &[name]))
    }

    /// The face can be cast only at sorcery speed (307.1, 505.6a): it is no instant, no line of its
    /// text grants it flash, and its text does not let it be cast as though it had flash. Unknown
    /// when there is no type line.
    pub fn casts_at_sorcery_speed(&self) -> Option<bool> {
        self.type_line?;
        if self.has_type("instant") || self.has_flash() || self.may_cast_as_though_flash() {
            return Some(false);
        }
        Some(true)
    }

    /// The text lets a spell be cast as though it had flash: "You may cast this spell as though it
    /// had flash", also under a condition or for an added cost ("if you pay {2} more", 601.3c,
    /// 601.3d), or "you may cast this card any time you could cast an instant", which is what flash
    /// means (702.8a). Such an ability of the card works wherever the card can be cast from
    /// (113.6e). A permission naming "it" may be about another card ("exile the top card ... you
    /// may cast it as though it had flash"); it is taken as this one's all the same, since a
    /// permission missed here reports a spell that can be cast as never castable. The grammar's
    /// flash permission (702.8a) is the phrase; "as though they had flash" is about spells of a
    /// kind, a permanent's permission for other spells.
    fn may_cast_as_though_flash(&self) -> bool {
        let flash = self
            .items
            .iter()
            .any(|(phrase, _)| matches!(phrase.form, Form::FlashPermission { it: true }));
        let text = self.text.to_lowercase();
        flash
            || text.split(['.', '\n']).any(|sentence| {
                let any_time = sentence.contains("any time you could cast an instant")
                    || sentence.contains("any time you could play an instant");
                any_time && CAST_VERBS.iter().any(|verb| sentence.contains(verb))
            })
    }

    /// A keyword line holds flash (702.8a): "Flash", "Flying, flash", "Flash (reminder)". A
    /// grant ("Creature spells you cast have flash") is about other spells.
    pub fn has_flash(&self) -> bool {
        self.items.iter().any(|(phrase, _)| {
            matches!(&phrase.form, Form::Keyword(used)
                if !used.granted && used.keyword.name == "Flash")
        })
    }

    /// The phrases written out in words, with their findings: every phrase but the keyword
    /// abilities. The wording rules judge these; what a keyword means is the CR's definition
    /// (702), which the card's author cannot reword.
    pub fn worded(&self) -> impl Iterator<Item = &(Phrase, Finding)> {
        self.items
            .iter()
            .filter(|(phrase, _)| phrase.template != Template::Keyword)
    }

    /// The phrase begins a sentence: only spaces, and a period, colon or line start, before it.
    pub fn starts_sentence(&self, span: Span) -> bool {
        let before = self.text.get(..span.start).unwrap_or("");
        let before = before.trim_end_matches(' ');
        before.is_empty() || before.ends_with(['.', ':', '\n', '\r', '"', '“', '(', '—'])
    }
}
