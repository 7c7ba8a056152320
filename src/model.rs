//! The vocabulary of the timing contract (../shared/TIMING-MODEL.md): units, edges, occurrences,
//! owners, roles, kinds, and the finding that `explain --format json` prints. Everything here
//! serialises to exactly the strings the contract names; outside tools read this shape.
//!
//! Architecture invariant: plain data of the timing contract; it knows nothing of card text, the
//! grammar, the turn model, rules or files.

use serde::Serialize;
use std::fmt;

/// A span in bytes of the text that was checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The spanned text, or "" when the span does not fit `text`.
    pub fn of<'a>(&self, text: &'a str) -> &'a str {
        text.get(self.start..self.end).unwrap_or_default()
    }
}

/// Declares a fieldless enum whose every variant has one contract spelling, used both for
/// serialisation and for `Display` (the canonical form), so the two can never disagree.
macro_rules! contract_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The contract's spelling of this value.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };
}

contract_enum! {
    /// What a timing point is about: a whole turn, a phase or a step (CR 500.1, 501.1, 505.1,
    /// 506.1, 512.1). `Phase` and `Step` mean whichever is in progress ("after this phase").
    Unit {
        Turn => "turn",
        Phase => "phase",
        Step => "step",
        Beginning => "beginning",
        PrecombatMain => "precombat-main",
        Combat => "combat",
        PostcombatMain => "postcombat-main",
        /// Either main phase (505.1).
        Main => "main",
        Ending => "ending",
        Untap => "untap",
        Upkeep => "upkeep",
        Draw => "draw",
        BeginningOfCombat => "beginning-of-combat",
        DeclareAttackers => "declare-attackers",
        DeclareBlockers => "declare-blockers",
        CombatDamage => "combat-damage",
        EndOfCombat => "end-of-combat",
        End => "end",
        Cleanup => "cleanup",
        /// The whole game: it begins before the first turn (103.6) and ends when the game does.
        Game => "game",
    }
}

impl Unit {
    /// The combat phase or one of its steps (506.1): what "that combat" and 506.7d measure in.
    pub fn is_combat(self) -> bool {
        matches!(
            self,
            Unit::Combat
                | Unit::BeginningOfCombat
                | Unit::DeclareAttackers
                | Unit::DeclareBlockers
                | Unit::CombatDamage
                | Unit::EndOfCombat
        )
    }
}

contract_enum! {
    /// Which moment of a unit: as it begins, as it ends, or the 514.2 moment of the cleanup step
    /// when "until end of turn" and "this turn" effects end; or the whole unit (`during`), with
    /// the roles `applies` and `tests` only.
    Edge {
        Begin => "begin",
        End => "end",
        Cleanup => "cleanup",
        During => "during",
    }
}

contract_enum! {
    /// Which instance of a unit a point refers to.
    Occurrence {
        /// The one in progress (for a turn, the current turn).
        This => "this",
        /// The first one to begin after the effect or ability is created.
        Next => "next",
        /// Every one.
        Each => "each",
        /// The first one in the turn (503.2, 506.7d).
        First => "first",
        /// The first one in the owner's next turn, never one in the current turn ("the end step
        /// of that player's next turn", "the next turn's upkeep").
        NextTurn => "next-turn",
        /// The owner's first one in the game ("your first upkeep", "the first upkeep").
        GameFirst => "game-first",
        /// The one in the turn or combat an earlier phrase of the ability named; the finding
        /// carries that phrase's span as its `antecedent`.
        That => "that",
        /// Each one in a turn after the current one ("on a later turn": foretell 702.143a, plot
        /// 702.170d).
        Later => "later",
    }
}

contract_enum! {
    /// Whose turn the unit belongs to.
    Owner {
        Any => "any",
        You => "you",
        Opponent => "opponent",
        /// A player the text names earlier ("that player's", "their" after a player).
        ThatPlayer => "that-player",
        TargetPlayer => "target-player",
        ChosenPlayer => "chosen-player",
        DefendingPlayer => "defending-player",
        /// The controller of an object the text names ("enchanted creature's controller's
        /// upkeep", "its controller's next turn").
        Controller => "controller",
        /// The owner of an object the text names ("its owner's upkeep").
        ObjectOwner => "object-owner",
        /// The player an Aura or effect names ("enchanted player's upkeep").
        EnchantedPlayer => "enchanted-player",
        /// Every player but you ("each other player's upkeep"); in a game without teams, the
        /// opponents.
        OtherPlayer => "other-player",
        /// Whoever is the monarch as the unit begins ("the monarch's end step", 724).
        Monarch => "monarch",
        /// A player the text calls by a name: the Horde of Archenemy, the Hydra of the Theros
        /// challenge decks, "the first player" a spell chose.
        NamedPlayer => "named-player",
    }
}

contract_enum! {
    /// What a timing point does.
    Role {
        Triggers => "triggers",
        Expires => "expires",
        Opens => "opens",
        Closes => "closes",
        /// The unit is skipped as it would begin (500.11, 614.10).
        Skips => "skips",
        /// New turns, phases or steps are put directly after the point (500.7-500.10).
        Adds => "adds",
        /// A standing effect changes what the game does in the unit (502.3, 514.2).
        Applies => "applies",
        /// A turn-based action at the point: no trigger, no stack (502.1, 714.3b).
        Happens => "happens",
        /// A condition asks whether a moment lies in the unit.
        Tests => "tests",
        /// The effect ends the unit at once, skipping what is left of it ("End the turn", 723.1;
        /// "End the combat phase", 723.2).
        Ends => "ends",
    }
}

contract_enum! {
    /// The kind of a finding.
    Kind {
        Trigger => "trigger",
        DelayedTrigger => "delayed-trigger",
        CombatTrigger => "combat-trigger",
        Duration => "duration",
        Window => "window",
        TurnChange => "turn-change",
        Reference => "reference",
        ObjectDuration => "object-duration",
        NotTiming => "not-timing",
        /// A standing or one-shot effect on what a step does (`applies` points).
        StepEffect => "step-effect",
        /// A turn-based action (`happens` points).
        TurnBasedAction => "turn-based-action",
        /// Looks like timing but matches no template: never given a meaning.
        Unknown => "unknown",
    }
}

contract_enum! {
    /// An extra requirement of a window.
    Condition {
        /// The stack must be empty (307.5, 602.5d).
        StackEmpty => "stack-empty",
        /// Only once each turn.
        OncePerTurn => "once-each-turn",
        /// The spell was cast when a sorcery couldn't have been: without priority, outside its
        /// controller's main phase, or with another object on the stack (307.5a).
        OutsideSorceryTiming => "outside-sorcery-timing",
        /// The turn is an extra turn (500.7): "during extra turns".
        ExtraTurn => "extra-turn",
        /// The turn is not an extra turn: "that's not an extra turn".
        NotExtraTurn => "not-extra-turn",
    }
}

/// One point on the turn model: `ROLE EDGE(UNIT, OCCURRENCE, OWNER)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct TimingPoint {
    pub role: Role,
    pub edge: Edge,
    pub unit: Unit,
    pub occurrence: Occurrence,
    pub owner: Owner,
}

impl TimingPoint {
    pub fn new(role: Role, edge: Edge, unit: Unit, occurrence: Occurrence, owner: Owner) -> Self {
        TimingPoint {
            role,
            edge,
            unit,
            occurrence,
            owner,
        }
    }

    /// The canonical form's pieces: "role edge(unit, occurrence, owner)".
    fn canonical_pieces(&self) -> [&'static str; 10] {
        [
            self.role.as_str(),
            " ",
            self.edge.as_str(),
            "(",
            self.unit.as_str(),
            ", ",
            self.occurrence.as_str(),
            ", ",
            self.owner.as_str(),
            ")",
        ]
    }
}

impl fmt::Display for TimingPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.canonical_pieces()
            .iter()
            .try_for_each(|piece| f.write_str(piece))
    }
}

/// Something about a phrase that depends on how the turn goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Caveat {
    pub code: &'static str,
    pub rule: &'static str,
    pub message: String,
}

/// What one phrase means on the turn timeline: the contract's JSON shape, with its `canonical`
/// form written from `timing` (`Finding::canonical`) where it is serialised, so it is never out of
/// step with the points and a check that prints no finding never builds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub phrase: String,
    pub span: Span,
    pub kind: Kind,
    pub timing: Vec<TimingPoint>,
    pub conditions: Vec<Condition>,
    pub rules: Vec<&'static str>,
    pub caveats: Vec<Caveat>,
    /// The phrase that named the turn or combat of a `that` occurrence.
    pub antecedent: Option<Span>,
}

impl Finding {
    /// The canonical form of its timing points (`""` for none), as the contract writes it.
    pub fn canonical(&self) -> String {
        Canonical(&self.timing).to_string()
    }
}

/// The contract's fields in the contract's order; `antecedent` only when there is one.
impl Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let fields = if self.antecedent.is_some() { 9 } else { 8 };
        let mut finding = serializer.serialize_struct("Finding", fields)?;
        finding.serialize_field("phrase", &self.phrase)?;
        finding.serialize_field("span", &self.span)?;
        finding.serialize_field("kind", &self.kind)?;
        finding.serialize_field("timing", &self.timing)?;
        finding.serialize_field("conditions", &self.conditions)?;
        finding.serialize_field("canonical", &Canonical(&self.timing))?;
        finding.serialize_field("rules", &self.rules)?;
        finding.serialize_field("caveats", &self.caveats)?;
        match &self.antecedent {
            Some(antecedent) => finding.serialize_field("antecedent", antecedent)?,
            None => finding.skip_field("antecedent")?,
        }
        finding.end()
    }
}

/// A list of points in its canonical form, joined by `; ` as the contract says: written where it
/// is displayed or serialised, without a string of its own.
struct Canonical<'p>(&'p [TimingPoint]);

impl fmt::Display for Canonical<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, point) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{point}")?;
        }
        Ok(())
    }
}

impl Serialize for Canonical<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_form_matches_the_contract() {
        let point = TimingPoint::new(
            Role::Expires,
            Edge::End,
            Unit::Combat,
            Occurrence::This,
            Owner::Any,
        );
        assert_eq!(
            Canonical(&[point]).to_string(),
            "expires end(combat, this, any)"
        );
    }

    /// A finding is written with the contract's keys in the contract's order, its canonical form
    /// from its points (joined by `; `, empty for none), `antecedent` only when it has one.
    #[test]
    fn a_finding_is_written_in_the_contracts_shape() {
        let point =
            |role, unit| TimingPoint::new(role, Edge::End, unit, Occurrence::This, Owner::Any);
        let mut finding = Finding {
            phrase: "until end of combat".to_string(),
            span: Span::new(3, 22),
            kind: Kind::Duration,
            timing: vec![
                point(Role::Expires, Unit::Combat),
                point(Role::Expires, Unit::Turn),
            ],
            conditions: Vec::new(),
            rules: vec!["514.2"],
            caveats: Vec::new(),
            antecedent: None,
        };
        // The keys as written, in order.
        let keys = |finding: &Finding| -> Vec<String> {
            let text = serde_json::to_string(finding).unwrap();
            let json: serde_json::Value = serde_json::from_str(&text).unwrap();
            let mut keys: Vec<String> = json.as_object().unwrap().keys().cloned().collect();
            keys.sort_by_key(|key| text.find(&format!("\"{key}\":")));
            keys
        };
        let contract = [
            "phrase",
            "span",
            "kind",
            "timing",
            "conditions",
            "canonical",
            "rules",
            "caveats",
        ];
        assert_eq!(keys(&finding), contract);
        let json = serde_json::to_value(&finding).unwrap();
        assert_eq!(
            json["canonical"],
            "expires end(combat, this, any); expires end(turn, this, any)"
        );
        assert_eq!(json["canonical"], finding.canonical());
        finding.antecedent = Some(Span::new(0, 2));
        finding.timing.clear();
        assert_eq!(
            keys(&finding).last().map(String::as_str),
            Some("antecedent")
        );
        assert_eq!(serde_json::to_value(&finding).unwrap()["canonical"], "");
    }

    #[test]
    fn enums_serialise_as_their_contract_spelling() {
        for unit in Unit::ALL {
            let json = serde_json::to_string(unit).unwrap();
            assert_eq!(json, format!("\"{}\"", unit.as_str()));
        }
        assert_eq!(
            serde_json::to_string(&Occurrence::NextTurn).unwrap(),
            "\"next-turn\""
        );
        // Version 3's words.
        assert_eq!(
            serde_json::to_string(&Occurrence::Later).unwrap(),
            "\"later\""
        );
        assert_eq!(serde_json::to_string(&Role::Ends).unwrap(), "\"ends\"");
        assert_eq!(
            serde_json::to_string(&Condition::OutsideSorceryTiming).unwrap(),
            "\"outside-sorcery-timing\""
        );
    }
}
