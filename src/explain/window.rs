//! A window read as one span of time: the unit it is open during (its scope, "during an
//! opponent's turn") and the further bounds inside that unit (", after blockers are declared").
//! Every restriction of a window holds at once, so the window opens at the last of its openings
//! and closes at the first of its closings; a bound measured in "the turn" ("the first combat
//! phase", 506.7d) is measured in the turn the scope names.

use crate::model::{Edge, Finding, Kind, Occurrence, Owner, Role, TimingPoint, Unit};

/// The unit a window is open during and its other bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounded {
    /// The opening point of the unit it is open during: `opens begin(turn, each, opponent)`.
    pub scope: TimingPoint,
    /// A later opening inside the scope ("after blockers are declared").
    pub opens: Option<TimingPoint>,
    /// An earlier closing inside the scope ("before attackers are declared").
    pub closes: Option<TimingPoint>,
}

/// The scope and bounds of a window that has, besides the whole of one unit, one further opening
/// or closing, or both. `None` for any other finding: a window open for the whole of a unit, one
/// bounded only by points ("before blockers are declared"), or one with several further bounds
/// of the same role, which this reading does not order.
pub fn bounded(finding: &Finding) -> Option<Bounded> {
    if finding.kind != Kind::Window {
        return None;
    }
    let scope = *finding.timing.iter().find(|point| {
        point.role == Role::Opens
            && point.edge == Edge::Begin
            && finding.timing.contains(&closing_of(point))
    })?;
    let scope_close = closing_of(&scope);
    let others: Vec<&TimingPoint> = finding
        .timing
        .iter()
        .filter(|point| **point != scope && **point != scope_close)
        .collect();
    let with_role = |role: Role| -> Vec<TimingPoint> {
        let points = others.iter().filter(|point| point.role == role);
        points.map(|point| **point).collect()
    };
    let (opens, closes) = (with_role(Role::Opens), with_role(Role::Closes));
    let unordered = opens.len() > 1 || closes.len() > 1;
    if others.is_empty() || unordered || opens.len() + closes.len() != others.len() {
        return None;
    }
    let (opens, closes) = (opens.first().copied(), closes.first().copied());
    Some(Bounded {
        scope,
        opens,
        closes,
    })
}

/// The point that closes a window open for the whole of the unit `opens` begins.
fn closing_of(opens: &TimingPoint) -> TimingPoint {
    TimingPoint {
        role: Role::Closes,
        edge: Edge::End,
        ..*opens
    }
}

/// The owner of the turns a window is confined to ("during an opponent's turn, before attackers
/// are declared"), when it names one.
pub fn turn_owner(finding: &Finding) -> Option<Owner> {
    let bounded = bounded(finding)?;
    (bounded.scope.unit == Unit::Turn && bounded.scope.owner != Owner::Any)
        .then_some(bounded.scope.owner)
}

/// `point` as it is measured inside its window: a point of "the turn" with no owner of its own
/// (the first combat phase's, 506.7d) is in the turns the window is confined to.
pub fn within_window(point: &TimingPoint, owner: Option<Owner>) -> TimingPoint {
    match owner {
        Some(owner) if point.owner == Owner::Any && point.occurrence == Occurrence::First => {
            TimingPoint { owner, ..*point }
        }
        _ => *point,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve::find_and_resolve;

    fn finding(text: &str) -> Finding {
        let (mut findings, errors) = find_and_resolve(text);
        assert!(errors.is_empty() && findings.len() == 1, "{text}");
        findings.remove(0)
    }

    #[test]
    fn a_turn_with_a_combat_bound_is_one_bounded_window_506_7d() {
        let after =
            finding("Cast this spell only during an opponent's turn, after blockers are declared.");
        let read = bounded(&after).expect("bounded");
        assert_eq!(
            (read.scope.unit, read.scope.owner),
            (Unit::Turn, Owner::Opponent)
        );
        assert_eq!(read.opens.map(|p| p.unit), Some(Unit::DeclareBlockers));
        assert_eq!(read.closes, None);
        assert_eq!(turn_owner(&after), Some(Owner::Opponent));

        let before = finding("Activate only during your turn, before attackers are declared.");
        let read = bounded(&before).expect("bounded");
        assert_eq!(read.closes.map(|p| p.unit), Some(Unit::DeclareAttackers));
        assert_eq!(turn_owner(&before), Some(Owner::You));
    }

    #[test]
    fn whole_units_and_lone_points_are_not_bounded() {
        for text in [
            "Cast this spell only during combat on an opponent's turn.",
            "Activate only during your turn.",
            "Cast this spell only before blockers are declared.",
            "Cast this spell only during combat after blockers are declared.",
            "Until end of turn, it gets +1/+1.",
        ] {
            assert_eq!(bounded(&finding(text)), None, "{text}");
        }
    }

    #[test]
    fn a_bound_of_the_first_combat_is_in_the_windows_turns() {
        let before = finding("Activate only during your turn, before attackers are declared.");
        let owner = turn_owner(&before);
        let bound = before.timing[2];
        assert_eq!(within_window(&bound, owner).owner, Owner::You);
        // The scope's own points keep their owner.
        assert_eq!(within_window(&before.timing[0], owner), before.timing[0]);
        assert_eq!(within_window(&bound, None), bound);
    }
}
