//! How the words of a phrase map onto the contract's vocabulary: owners, units, occurrences.

use crate::model::{Occurrence, Owner, Unit};
use crate::phrase::ast::{OwnerWord, Quantifier, UnitName, UnitRef};

/// The owner a possessive names. No possessive ("the end step") means any player's turn.
pub fn owner(word: Option<OwnerWord>) -> Owner {
    match word {
        None | Some(OwnerWord::EachPlayer) => Owner::Any,
        Some(OwnerWord::Your) => Owner::You,
        Some(OwnerWord::EachOpponent | OwnerWord::AnOpponent) => Owner::Opponent,
        Some(OwnerWord::ThatPlayer | OwnerWord::Their) => Owner::ThatPlayer,
        Some(OwnerWord::TargetPlayer) => Owner::TargetPlayer,
        Some(OwnerWord::ChosenPlayer) => Owner::ChosenPlayer,
        Some(OwnerWord::DefendingPlayer) => Owner::DefendingPlayer,
        Some(OwnerWord::EnchantedPlayer) => Owner::EnchantedPlayer,
        Some(OwnerWord::ObjectController) => Owner::Controller,
        Some(OwnerWord::ObjectOwner) => Owner::ObjectOwner,
        Some(OwnerWord::EachOtherPlayer) => Owner::OtherPlayer,
        Some(OwnerWord::Monarch) => Owner::Monarch,
        Some(OwnerWord::Named) => Owner::NamedPlayer,
    }
}

/// The unit a name refers to. "First main phase" is the precombat main phase and "second main
/// phase" a postcombat one (505.1a, 505.1b).
pub fn unit(name: UnitName) -> Unit {
    match name {
        UnitName::PrecombatMain | UnitName::OrdinalMain(1) => Unit::PrecombatMain,
        UnitName::PostcombatMain | UnitName::OrdinalMain(_) => Unit::PostcombatMain,
        UnitName::Main => Unit::Main,
        UnitName::BeginningOfCombat => Unit::BeginningOfCombat,
        UnitName::DeclareAttackers => Unit::DeclareAttackers,
        UnitName::DeclareBlockers => Unit::DeclareBlockers,
        UnitName::CombatDamage => Unit::CombatDamage,
        UnitName::EndOfCombat => Unit::EndOfCombat,
        UnitName::Combat => Unit::Combat,
        UnitName::Untap => Unit::Untap,
        UnitName::Upkeep => Unit::Upkeep,
        UnitName::Draw => Unit::Draw,
        UnitName::End => Unit::End,
        UnitName::Cleanup => Unit::Cleanup,
        UnitName::BeginningPhase => Unit::Beginning,
        UnitName::EndingPhase => Unit::Ending,
        UnitName::Turn => Unit::Turn,
    }
}

/// The rule that defines a unit, for a condition or effect that names it.
pub fn defining_rule(unit: Unit) -> &'static str {
    match unit {
        // Whose turn it is: the active player's (102.1).
        Unit::Turn => "102.1",
        Unit::Phase | Unit::Step => "500.1",
        Unit::Beginning => "501.1",
        Unit::Untap => "502.3",
        Unit::Upkeep => "503.1",
        Unit::Draw => "504.1",
        Unit::PrecombatMain | Unit::PostcombatMain | Unit::Main => "505.1",
        Unit::Combat => "506.1",
        Unit::BeginningOfCombat => "507.1",
        Unit::DeclareAttackers => "508.1",
        Unit::DeclareBlockers => "509.1",
        Unit::CombatDamage => "510.1",
        Unit::EndOfCombat => "511.1",
        Unit::Ending => "512.1",
        Unit::End => "513.1",
        Unit::Cleanup => "514.2",
        Unit::Game => "103.6",
    }
}

/// How an unquantified unit ("your upkeep", "the end step") is read where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlainMeans {
    /// A printed trigger or a static skip: every one.
    Each,
    /// A delayed trigger or an "until": the next one (500.4, 603.7b).
    Next,
    /// "until the end of your turn": the one in progress.
    This,
}

/// The occurrence a unit reference picks out. An ordinal main phase counts the main phases within
/// the turn (505.1b): "second main phase" is the first postcombat one, and every "first main
/// phase" is the first of its turn, the contract's `first` (505.1a makes it the only precombat one).
pub fn occurrence(unit_ref: &UnitRef, plain: PlainMeans) -> Occurrence {
    match unit_ref.name {
        UnitName::OrdinalMain(2) => Occurrence::First,
        UnitName::OrdinalMain(_) => match named_occurrence(unit_ref, plain) {
            Occurrence::Each => Occurrence::First,
            other => other,
        },
        _ => named_occurrence(unit_ref, plain),
    }
}

/// The occurrence its quantifier gives a unit reference.
fn named_occurrence(unit_ref: &UnitRef, plain: PlainMeans) -> Occurrence {
    match unit_ref.quantifier {
        Quantifier::Next => Occurrence::Next,
        Quantifier::NextTurns => Occurrence::NextTurn,
        Quantifier::Each | Quantifier::Any => Occurrence::Each,
        Quantifier::FirstEachTurn => Occurrence::First,
        Quantifier::GameFirst => Occurrence::GameFirst,
        Quantifier::That => Occurrence::That,
        Quantifier::Plain => plain_occurrence(unit_ref.owner, plain),
    }
}

/// The occurrence of a unit named with no quantifier ("your upkeep", "end of combat"), given its
/// possessive: one that already says "each" ("each opponent's upkeep") reads as each.
pub fn plain_occurrence(owner: Option<OwnerWord>, plain: PlainMeans) -> Occurrence {
    match plain {
        _ if matches!(
            owner,
            Some(OwnerWord::EachOpponent | OwnerWord::EachOtherPlayer | OwnerWord::EachPlayer)
        ) =>
        {
            Occurrence::Each
        }
        PlainMeans::Each => Occurrence::Each,
        PlainMeans::Next => Occurrence::Next,
        PlainMeans::This => Occurrence::This,
    }
}
