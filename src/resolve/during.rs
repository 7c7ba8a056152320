//! What holds during a unit: a standing effect on what the untap or cleanup step does (502.3,
//! 514.2), or a condition that asks whether a moment lies in a unit ("during your turn", "if it's
//! your main phase"). Neither opens, closes nor expires anything.

use super::Meaning;
use super::vocabulary::{PlainMeans, defining_rule, occurrence, owner, unit};
use crate::model::{Edge, Kind, Occurrence, Role, TimingPoint, Unit};
use crate::phrase::ast::{Quantifier, UnitName, UnitRef};

/// "during your untap step" changes the step's turn-based action (502.3), "during cleanup steps"
/// what wears off in it (514.2): a step effect that applies in each such step, or in the next one.
/// Any other unit is the time a condition tests: the moment it names lies in that unit.
pub fn during_unit(unit_ref: &UnitRef) -> Meaning {
    let during = unit(unit_ref.name);
    let whose = owner(unit_ref.owner);
    if matches!(during, Unit::Untap | Unit::Cleanup) {
        let which = occurrence(unit_ref, PlainMeans::Each);
        return Meaning::new(Kind::StepEffect)
            .point(TimingPoint::new(
                Role::Applies,
                Edge::During,
                during,
                which,
                whose,
            ))
            .rule(defining_rule(during));
    }
    // The unit in progress at the tested moment ("each of your turns" is whichever of them is
    // in progress); a unit named otherwise is the one named: "the first combat phase of the
    // turn" (506.7d), "during that turn", "during your next turn".
    let which = match unit_ref.quantifier {
        Quantifier::Plain | Quantifier::Each | Quantifier::Any
            if unit_ref.name != UnitName::OrdinalMain(2) =>
        {
            Occurrence::This
        }
        _ => occurrence(unit_ref, PlainMeans::This),
    };
    Meaning::new(Kind::Reference)
        .point(TimingPoint::new(
            Role::Tests,
            Edge::During,
            during,
            which,
            whose,
        ))
        .rule(defining_rule(during))
}

/// "would begin your turn": a replacement's condition on each such unit as it is about to begin
/// (614.1a); the moment it asks about is the unit's beginning, not a moment inside it.
pub fn would_begin(unit_ref: &UnitRef) -> Meaning {
    Meaning::new(Kind::Reference)
        .point(TimingPoint::new(
            Role::Tests,
            Edge::Begin,
            unit(unit_ref.name),
            Occurrence::Each,
            owner(unit_ref.owner),
        ))
        .rule("614.1a")
}
