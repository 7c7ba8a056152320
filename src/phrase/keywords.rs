//! Keyword abilities (CR 702): the one table of them, and where card text uses them. A keyword
//! whose definition holds a timing phrase ("Echo [cost]" means "At the beginning of your upkeep,
//! ...", 702.30a) says what that phrase says, in the syntax of `ast`, so the resolver gives the
//! keyword exactly the meaning it gives the same words in reminder text. A keyword with no timing
//! in its definition is in the table too, with nothing to say: it is still a word of a keyword
//! line ("Flying, flash").
//!
//! Keywords are read on keyword lines (a comma list of keywords with their costs and numbers,
//! optionally followed by reminder text) and where an effect grants them ("has flash", "gains
//! haste"). Both ways are plain scans of the line, a few comparisons a word.

use super::ast::{
    ClauseKind, CombatEvent, EachTurn, Form, OwnerWord, Phrase, Place, Quantifier, Template,
    TriggerPoint, TurnBasedAction, UnitName, UnitRef, Until, WhileCondition, WindowTime,
};
use super::work::Work;
use crate::model::Span;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

/// One keyword ability of CR 702.
#[derive(Debug, PartialEq, Eq)]
pub struct Keyword {
    /// As Oracle text spells it at the start of a line.
    pub name: &'static str,
    /// Its rule in CR 702 (the rule that defines it, or for a variant, the variant's rule).
    pub rule: &'static str,
    pub parameter: Parameter,
    /// What its definition says about the turn: one finding each. Empty: no timing.
    pub says: &'static [Says],
}

/// What follows a keyword's name on a keyword line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parameter {
    /// Nothing: "Flash", "Rebound".
    None,
    /// A number: "Vanishing 3", "Mobilize X, where X is ...".
    Number,
    /// A cost: "Echo {2}{R}", "Equip legendary creature {3}", "Cumulative upkeep—Pay 1 life."
    Cost,
    /// A number and a cost: "Suspend 4—{R}".
    NumberCost,
    /// An ability or condition after a dash: "Forecast — {1}{W}, Reveal this card ...: ...". The
    /// finding lies on the name alone.
    Label,
    /// Anything up to the next comma (the keywords without timing: "Protection from red").
    Any,
    /// A keyword action (CR 701): a verb of an effect ("goad target creature"), never on a
    /// keyword line nor granted.
    Verb,
}

/// One thing a keyword's definition says about the turn, in the words of the templates the
/// grammar reads (`ast`).
#[derive(Debug, PartialEq, Eq)]
pub enum Says {
    /// A printed trigger: "At the beginning of your upkeep, ..." (500.6).
    Trigger(UnitRef),
    /// A delayed trigger an effect of the keyword creates (603.7): "at the beginning of the next
    /// end step", "at end of combat".
    Delayed(TriggerPoint),
    /// "Whenever this creature attacks / blocks / becomes blocked / deals combat damage".
    Combat(CombatEvent),
    /// A window: "Activate only as a sorcery", "any time you could cast an instant"; `None`
    /// for a window no point of the turn bounds ("any time you have priority"), and whether it
    /// is open only once each turn.
    Window(Option<WindowTime>, bool),
    /// "until end of turn", "for the rest of the game".
    Until(Until),
    /// "as long as this spell is on the stack": a duration with no point of the turn.
    While(WhileCondition),
    /// "this turn" in a clause: "if an opponent lost life this turn".
    ThisTurn(ClauseKind),
    /// A turn-based action: phasing (502.1).
    Action(TurnBasedAction),
    /// The day/night check of the untap step (502.2) that daybound and nightbound hang on.
    DayNight,
    /// "doesn't untap during your next untap step": an effect on a step.
    During(UnitRef),
    /// "attacks each combat if able" (508.1d).
    EachTurn(EachTurn),
}

const fn unit(name: UnitName, owner: Option<OwnerWord>, quantifier: Quantifier) -> UnitRef {
    UnitRef {
        name,
        owner,
        quantifier,
    }
}

const YOUR_UPKEEP: UnitRef = unit(UnitName::Upkeep, Some(OwnerWord::Your), Quantifier::Plain);
const UPKEEP_TRIGGER: &[Says] = &[Says::Trigger(YOUR_UPKEEP)];
/// "at the beginning of the next end step" (513.2, 603.7).
const NEXT_END_STEP: Says = Says::Delayed(TriggerPoint::Beginning(unit(
    UnitName::End,
    None,
    Quantifier::Next,
)));
/// "at end of combat", made by an effect (511.2, 603.7).
const END_OF_COMBAT: Says = Says::Delayed(TriggerPoint::EndOfCombat {
    owner: None,
    next: false,
});
/// "Activate only as a sorcery" (602.5d, 307.5).
const SORCERY: Says = Says::Window(Some(WindowTime::Sorcery), false);
const AS_A_SORCERY: &[Says] = &[SORCERY];
/// A special action "any time you have priority" (116.2): no point bounds it.
const ANY_TIME: &[Says] = &[Says::Window(None, false)];
const UNTIL_END_OF_TURN: Says = Says::Until(Until::EndOfTurn);
const PUMP_UNTIL_END_OF_TURN: &[Says] = &[UNTIL_END_OF_TURN];
/// "if ... this turn": a condition on the events of the turn, no point of it.
const THIS_TURN: &[Says] = &[Says::ThisTurn(ClauseKind::Reference)];
const ATTACKS: Says = Says::Combat(CombatEvent::Attacks);

const fn timing(
    name: &'static str,
    rule: &'static str,
    parameter: Parameter,
    says: &'static [Says],
) -> Keyword {
    Keyword {
        name,
        rule,
        parameter,
        says,
    }
}

const fn other(name: &'static str, rule: &'static str) -> Keyword {
    timing(name, rule, Parameter::Any, &[])
}

use Parameter::{Cost, Label, None as Bare, Number, NumberCost, Verb};

/// "Until your next turn" (500.4): "until the next turn of the controller of that spell or
/// ability" of goad and detain.
const UNTIL_YOUR_NEXT_TURN: Says = Says::Until(Until::Unit(unit(
    UnitName::Turn,
    Some(OwnerWord::Your),
    Quantifier::Next,
)));

/// Every keyword ability of CR 702, the ones with timing first. Variants with names of their
/// own (megamorph, commander ninjutsu, nightbound) have rows of their own.
pub static KEYWORDS: &[Keyword] = &[
    // Upkeep triggers.
    timing("Cumulative upkeep", "702.24a", Cost, UPKEEP_TRIGGER),
    timing("Echo", "702.30a", Cost, UPKEEP_TRIGGER),
    timing("Fading", "702.32a", Number, UPKEEP_TRIGGER),
    timing("Vanishing", "702.63a", Number, UPKEEP_TRIGGER),
    timing("Suspend", "702.62a", NumberCost, UPKEEP_TRIGGER),
    // "At the beginning of your end step, remove a time counter", and not a creature until the
    // last is removed.
    timing(
        "Impending",
        "702.176a",
        NumberCost,
        &[
            Says::Trigger(unit(
                UnitName::End,
                Some(OwnerWord::Your),
                Quantifier::Plain,
            )),
            Says::While(WhileCondition::UntilEvent),
        ],
    ),
    // Delayed triggers.
    timing(
        "Rebound",
        "702.88a",
        Bare,
        &[Says::Delayed(TriggerPoint::Beginning(unit(
            UnitName::Upkeep,
            Some(OwnerWord::Your),
            Quantifier::Next,
        )))],
    ),
    timing("Dash", "702.109a", Cost, &[NEXT_END_STEP]),
    timing("Blitz", "702.152a", Cost, &[NEXT_END_STEP]),
    timing("Warp", "702.185a", Cost, &[NEXT_END_STEP]),
    timing("Unearth", "702.84a", Cost, &[SORCERY, NEXT_END_STEP]),
    // The tokens attack "this turn if able", are sacrificed at the next end step; activated as
    // a sorcery.
    timing(
        "Encore",
        "702.141a",
        Cost,
        &[SORCERY, Says::ThisTurn(ClauseKind::Duration), NEXT_END_STEP],
    ),
    // "For the rest of the game, you can't cast spells", and a delayed trigger at each of your
    // upkeeps for the rest of the game.
    timing(
        "Epic",
        "702.50a",
        Bare,
        &[
            Says::Until(Until::RestOfGame),
            Says::Delayed(TriggerPoint::Beginning(unit(
                UnitName::Upkeep,
                Some(OwnerWord::Your),
                Quantifier::Each,
            ))),
        ],
    ),
    // Windows: activated only as a sorcery.
    timing("Equip", "702.6a", Cost, AS_A_SORCERY),
    timing("Fortify", "702.67a", Cost, AS_A_SORCERY),
    timing("Reconfigure", "702.151a", Cost, AS_A_SORCERY),
    timing("Level up", "702.87a", Cost, AS_A_SORCERY),
    timing("Outlast", "702.107a", Cost, AS_A_SORCERY),
    timing("Scavenge", "702.97a", Cost, AS_A_SORCERY),
    timing("Transmute", "702.53a", Cost, AS_A_SORCERY),
    timing("Transfigure", "702.71a", Cost, AS_A_SORCERY),
    timing("Embalm", "702.128a", Cost, AS_A_SORCERY),
    timing("Eternalize", "702.129a", Cost, AS_A_SORCERY),
    timing("Craft", "702.167a", Cost, AS_A_SORCERY),
    timing("Station", "702.184a", Bare, AS_A_SORCERY),
    // "Any time you have priority during your main phase while the stack is empty".
    timing("Plot", "702.170a", Cost, AS_A_SORCERY),
    // The special action: "only during a main phase of your turn", with the stack empty.
    timing("Companion", "702.139a", Label, AS_A_SORCERY),
    // "becomes saddled until end of turn. Activate only as a sorcery."
    timing("Saddle", "702.171a", Number, &[SORCERY, UNTIL_END_OF_TURN]),
    // Other windows.
    timing(
        "Flash",
        "702.8a",
        Bare,
        &[Says::Window(Some(WindowTime::InstantAnyTime), false)],
    ),
    // An unblocked attacker exists from the declare blockers step to the end of combat (509.1h).
    timing(
        "Ninjutsu",
        "702.49a",
        Cost,
        &[Says::Window(
            Some(WindowTime::DuringCombatAfterBlockers),
            false,
        )],
    ),
    timing(
        "Commander ninjutsu",
        "702.49d",
        Cost,
        &[Says::Window(
            Some(WindowTime::DuringCombatAfterBlockers),
            false,
        )],
    ),
    // "only during the upkeep step of the card's owner and only once each turn".
    timing(
        "Forecast",
        "702.57b",
        Label,
        &[Says::Window(Some(WindowTime::During(YOUR_UPKEEP)), true)],
    ),
    // "Activate only if this creature attacked this turn and only once each turn."
    timing(
        "Boast",
        "702.142a",
        Label,
        &[
            Says::Window(None, true),
            Says::ThisTurn(ClauseKind::Reference),
        ],
    ),
    // "Any time a player has priority during their turn".
    timing(
        "Foretell",
        "702.143a",
        Cost,
        &[Says::Window(
            Some(WindowTime::DuringTurn(OwnerWord::Your)),
            false,
        )],
    ),
    // Turning a face-down permanent face up: a special action any time you have priority.
    timing("Morph", "702.37e", Cost, ANY_TIME),
    timing("Megamorph", "702.37b", Cost, ANY_TIME),
    timing("Disguise", "702.168d", Cost, ANY_TIME),
    timing("Hidden agenda", "702.106a", Bare, ANY_TIME),
    timing("Double agenda", "702.106f", Bare, ANY_TIME),
    // Turn-based actions.
    timing(
        "Phasing",
        "702.26a",
        Bare,
        &[Says::Action(TurnBasedAction::Phasing(unit(
            UnitName::Untap,
            Some(OwnerWord::Your),
            Quantifier::Each,
        )))],
    ),
    timing("Daybound", "702.145b", Bare, &[Says::DayNight]),
    timing("Nightbound", "702.145e", Bare, &[Says::DayNight]),
    // Combat triggers.
    timing("Exalted", "702.83a", Bare, &[ATTACKS, UNTIL_END_OF_TURN]),
    timing("Annihilator", "702.86a", Number, &[ATTACKS]),
    timing("Battle cry", "702.91a", Bare, &[ATTACKS, UNTIL_END_OF_TURN]),
    timing(
        "Bushido",
        "702.45a",
        Number,
        &[
            Says::Combat(CombatEvent::BlocksOrBecomesBlocked),
            UNTIL_END_OF_TURN,
        ],
    ),
    timing(
        "Rampage",
        "702.23a",
        Number,
        &[Says::Combat(CombatEvent::BecomesBlocked), UNTIL_END_OF_TURN],
    ),
    timing(
        "Flanking",
        "702.25a",
        Bare,
        &[
            Says::Combat(CombatEvent::BecomesBlockedByACreature),
            UNTIL_END_OF_TURN,
        ],
    ),
    timing("Provoke", "702.39a", Bare, &[ATTACKS]),
    timing("Myriad", "702.116a", Bare, &[ATTACKS, END_OF_COMBAT]),
    timing("Melee", "702.121a", Bare, &[ATTACKS, UNTIL_END_OF_TURN]),
    timing(
        "Afflict",
        "702.130a",
        Number,
        &[Says::Combat(CombatEvent::BecomesBlocked)],
    ),
    timing("Dethrone", "702.105a", Bare, &[ATTACKS]),
    timing("Mentor", "702.134a", Bare, &[ATTACKS]),
    timing("Training", "702.149a", Bare, &[ATTACKS]),
    timing(
        "Frenzy",
        "702.68a",
        Number,
        &[
            Says::Combat(CombatEvent::AttacksAndIsntBlocked),
            UNTIL_END_OF_TURN,
        ],
    ),
    timing("Mobilize", "702.181a", Number, &[ATTACKS, NEXT_END_STEP]),
    timing(
        "Firebending",
        "702.189a",
        Number,
        &[ATTACKS, Says::Until(Until::EndOfCombat)],
    ),
    timing("Decayed", "702.147a", Bare, &[ATTACKS, END_OF_COMBAT]),
    timing(
        "Renown",
        "702.112a",
        Number,
        &[Says::Combat(CombatEvent::DealsCombatDamage)],
    ),
    timing(
        "Poisonous",
        "702.70a",
        Number,
        &[Says::Combat(CombatEvent::DealsCombatDamage)],
    ),
    timing(
        "Ingest",
        "702.115a",
        Bare,
        &[Says::Combat(CombatEvent::DealsCombatDamage)],
    ),
    // The encoded card gives its creature "Whenever this creature deals combat damage to a
    // player, ...".
    timing(
        "Cipher",
        "702.99a",
        Bare,
        &[Says::Combat(CombatEvent::DealsCombatDamage)],
    ),
    // Durations.
    timing("Prowess", "702.108a", Bare, PUMP_UNTIL_END_OF_TURN),
    timing("Crew", "702.122a", Number, PUMP_UNTIL_END_OF_TURN),
    timing("Enlist", "702.154a", Bare, PUMP_UNTIL_END_OF_TURN),
    timing("Backup", "702.165a", Number, PUMP_UNTIL_END_OF_TURN),
    timing(
        "Ascend",
        "702.131a",
        Bare,
        &[Says::Until(Until::RestOfGame)],
    ),
    timing(
        "Split second",
        "702.61a",
        Bare,
        &[Says::While(WhileCondition::ForAsLongAs)],
    ),
    timing(
        "Soulbond",
        "702.95a",
        Bare,
        &[Says::While(WhileCondition::ForAsLongAs)],
    ),
    // Conditions on the events of this turn. Haste lifts 302.6's condition, control since its
    // controller's most recent turn began (702.10b): a reference to that turn, no point of it.
    timing("Haste", "702.10b", Bare, THIS_TURN),
    timing("Storm", "702.40a", Bare, THIS_TURN),
    timing("Gravestorm", "702.69a", Bare, THIS_TURN),
    timing("Bloodthirst", "702.54a", Number, THIS_TURN),
    timing("Miracle", "702.94a", Cost, THIS_TURN),
    timing("Prowl", "702.76a", Cost, THIS_TURN),
    timing("Surge", "702.117a", Cost, THIS_TURN),
    timing("Spectacle", "702.137a", Cost, THIS_TURN),
    timing("Freerunning", "702.173a", Cost, THIS_TURN),
    timing("Mayhem", "702.187b", Cost, THIS_TURN),
    // Keyword actions (701) whose rules carry a timing phrase.
    timing(
        "Goad",
        "701.15a",
        Verb,
        &[UNTIL_YOUR_NEXT_TURN, Says::EachTurn(EachTurn::IfAble)],
    ),
    timing("Detain", "701.35a", Verb, &[UNTIL_YOUR_NEXT_TURN]),
    timing(
        "Exert",
        "701.43a",
        Verb,
        &[Says::During(unit(
            UnitName::Untap,
            Some(OwnerWord::Your),
            Quantifier::Next,
        ))],
    ),
    // No timing in their definitions.
    other("Deathtouch", "702.2"),
    other("Defender", "702.3"),
    other("Double strike", "702.4"),
    other("Enchant", "702.5"),
    other("First strike", "702.7"),
    other("Flying", "702.9"),
    other("Hexproof", "702.11"),
    other("Indestructible", "702.12"),
    other("Intimidate", "702.13"),
    other("Landwalk", "702.14"),
    other("Lifelink", "702.15"),
    other("Protection", "702.16"),
    other("Reach", "702.17"),
    other("Shroud", "702.18"),
    other("Trample", "702.19"),
    other("Vigilance", "702.20"),
    other("Ward", "702.21"),
    other("Banding", "702.22"),
    other("Bands with other", "702.22c"),
    other("Buyback", "702.27"),
    other("Shadow", "702.28"),
    other("Cycling", "702.29"),
    other("Horsemanship", "702.31"),
    other("Kicker", "702.33"),
    other("Multikicker", "702.33c"),
    other("Flashback", "702.34"),
    other("Madness", "702.35"),
    other("Fear", "702.36"),
    other("Amplify", "702.38"),
    other("Affinity", "702.41"),
    other("Entwine", "702.42"),
    other("Modular", "702.43"),
    other("Sunburst", "702.44"),
    other("Soulshift", "702.46"),
    other("Splice", "702.47"),
    other("Offering", "702.48"),
    other("Convoke", "702.51"),
    other("Dredge", "702.52"),
    other("Haunt", "702.55"),
    other("Replicate", "702.56"),
    other("Graft", "702.58"),
    other("Recover", "702.59"),
    other("Ripple", "702.60"),
    other("Absorb", "702.64"),
    other("Aura swap", "702.65"),
    other("Delve", "702.66"),
    other("Champion", "702.72"),
    other("Changeling", "702.73"),
    other("Evoke", "702.74"),
    other("Hideaway", "702.75"),
    other("Reinforce", "702.77"),
    other("Conspire", "702.78"),
    other("Persist", "702.79"),
    other("Wither", "702.80"),
    other("Retrace", "702.81"),
    other("Devour", "702.82"),
    other("Cascade", "702.85"),
    other("Umbra armor", "702.89"),
    other("Totem armor", "702.89"),
    other("Infect", "702.90"),
    other("Living weapon", "702.92"),
    other("Undying", "702.93"),
    other("Overload", "702.96"),
    other("Unleash", "702.98"),
    other("Evolve", "702.100"),
    other("Extort", "702.101"),
    other("Fuse", "702.102"),
    other("Bestow", "702.103"),
    other("Tribute", "702.104"),
    other("Exploit", "702.110"),
    other("Menace", "702.111"),
    other("Awaken", "702.113"),
    other("Devoid", "702.114"),
    other("Skulk", "702.118"),
    other("Emerge", "702.119"),
    other("Escalate", "702.120"),
    other("Fabricate", "702.123"),
    other("Partner", "702.124"),
    other("Undaunted", "702.125"),
    other("Improvise", "702.126"),
    other("Aftermath", "702.127"),
    other("Assist", "702.132"),
    other("Jump-start", "702.133"),
    other("Afterlife", "702.135"),
    other("Riot", "702.136"),
    other("Escape", "702.138"),
    other("Mutate", "702.140"),
    other("Demonstrate", "702.144"),
    other("Disturb", "702.146"),
    other("Cleave", "702.148"),
    other("Compleated", "702.150"),
    other("Casualty", "702.153"),
    other("Read ahead", "702.155"),
    other("Ravenous", "702.156"),
    other("Squad", "702.157"),
    other("Space sculptor", "702.158"),
    other("Visit", "702.159"),
    other("Prototype", "702.160"),
    // "During your turn, this Vehicle is also a creature" (702.161a): a test of the moment.
    timing(
        "Living metal",
        "702.161a",
        Bare,
        &[Says::During(unit(
            UnitName::Turn,
            Some(OwnerWord::Your),
            Quantifier::Plain,
        ))],
    ),
    other("More Than Meets the Eye", "702.162"),
    other("For Mirrodin!", "702.163"),
    other("Toxic", "702.164"),
    other("Bargain", "702.166"),
    other("Solved", "702.169"),
    other("Spree", "702.172"),
    other("Gift", "702.174"),
    other("Offspring", "702.175"),
    other("Exhaust", "702.177"),
    other("Max speed", "702.178"),
    other("Start your engines!", "702.179"),
    other("Harmonize", "702.180"),
    other("Job select", "702.182"),
    other("Tiered", "702.183"),
    other("Web-slinging", "702.188"),
];

/// One use of a keyword in card text: the keyword, the one thing of its definition this
/// finding is about, and whether an effect grants it ("gains haste") rather than the card
/// printing it on a keyword line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeywordUse {
    pub keyword: &'static Keyword,
    pub says: &'static Says,
    pub granted: bool,
}

/// The keywords by the lower-cased first word of their names, longest name first.
fn by_first_word() -> &'static HashMap<String, Vec<&'static Keyword>> {
    static INDEX: OnceLock<HashMap<String, Vec<&'static Keyword>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: HashMap<String, Vec<&'static Keyword>> = HashMap::new();
        for keyword in KEYWORDS {
            let first = keyword.name.split(' ').next().unwrap_or(keyword.name);
            index
                .entry(first.to_ascii_lowercase())
                .or_default()
                .push(keyword);
        }
        for keywords in index.values_mut() {
            keywords.sort_by_key(|keyword| std::cmp::Reverse(keyword.name.len()));
        }
        index
    })
}

/// The keyword whose name `text` starts with (any case, a whole word), and the name's length.
/// Words that end in "walk" or "cycling" are the variants of landwalk and typecycling
/// (702.14c, 702.29e), with no timing.
pub fn keyword_at(text: &str) -> Option<(&'static Keyword, usize)> {
    let word_len = word_len(text);
    let word = text.get(..word_len)?.to_ascii_lowercase();
    let found = by_first_word().get(&word).and_then(|keywords| {
        keywords.iter().find_map(|keyword| {
            let len = keyword.name.len();
            let head = text.get(..len)?;
            (head.eq_ignore_ascii_case(keyword.name) && ends_word(text, len))
                .then_some((*keyword, len))
        })
    });
    found.or_else(|| {
        (word.ends_with("walk") || word.ends_with("cycling"))
            .then_some((&LANDWALK_OR_CYCLING, word_len))
    })
}

/// The length of the word `text` starts with, as keywords' names are read: letters, digits and
/// hyphens ("Web-slinging").
fn word_len(text: &str) -> usize {
    text.find(|c: char| !(c.is_alphanumeric() || c == '-'))
        .unwrap_or(text.len())
}

/// What stands for a landwalk or typecycling variant ("Swampwalk", "Wizardcycling {3}").
static LANDWALK_OR_CYCLING: Keyword = other("Landwalk", "702.14");

/// No letter or digit goes on at `at`: "Flash" is not in "Flashback".
fn ends_word(text: &str, at: usize) -> bool {
    text.get(at..)
        .and_then(|rest| rest.chars().next())
        .is_none_or(|c| !c.is_alphanumeric())
}

/// Why the keyword reader gives a line up (after "reading it would take more than 16 passes over
/// it").
const TOO_LONG: &str = "its keywords run on too long";

/// The keyword phrases of one line of card text: the keywords of a keyword line, and the keywords
/// an effect grants or the keyword actions it takes. Of these, only the first `work.enough()` by
/// start are kept (the finder keeps no more); or why the line could not be read within what is
/// left of its `work`.
///
/// Every scan is charged to `work`. The reader reads a line a few times over, whatever it holds:
/// a keyword line twice (its start, then its items) or three times (a line of many items), each
/// word twice, each quoted keyword line as a keyword line (quoted lines never overlap), and each
/// granted list once.
pub fn find(
    line: &str,
    ability: usize,
    offset: usize,
    work: &mut Work,
) -> Result<Vec<Phrase>, String> {
    let mut kept = Kept {
        phrases: Vec::new(),
        offset,
        enough: work.enough(),
        furthest: 0,
    };
    keyword_line(line, ability, &mut kept, work)?;
    grants(line, ability, &mut kept, work)?;
    kept.keep_first();
    Ok(kept.phrases)
}

/// The phrases found on a line so far. The finder keeps the first `enough` of them by start (ties
/// in the order found, as its merge keeps them), so no more are held: a phrase that could not be
/// among them is dropped, and the rest are cut down to them when twice as many are held.
struct Kept {
    phrases: Vec<Phrase>,
    /// The line's start in the whole text.
    offset: usize,
    enough: usize,
    /// The furthest start of a phrase found, in bytes of the line: none held starts later.
    furthest: usize,
}

impl Kept {
    /// Holds one phrase for each thing `keyword` says, on `span` (bytes of the line); `false` when
    /// `enough` phrases that start no later are held already, so that it, and any phrase after it
    /// in the same list, could not be kept.
    fn push(&mut self, keyword: &'static Keyword, granted: bool, span: Span, place: Place) -> bool {
        if self.full_before(span.start) {
            return false;
        }
        for says in keyword.says {
            self.phrases.push(Phrase {
                span: Span::new(self.offset + span.start, self.offset + span.end),
                place,
                form: Form::Keyword(KeywordUse {
                    keyword,
                    says,
                    granted,
                }),
                marks: Vec::new(),
                template: Template::Keyword,
            });
        }
        self.furthest = self.furthest.max(span.start);
        if self.phrases.len() >= self.enough.saturating_mul(2) {
            self.keep_first();
        }
        true
    }

    /// Whether `enough` phrases are held that start at or before `at`: a phrase found later that
    /// starts at or after `at` comes after them all.
    fn full_before(&self, at: usize) -> bool {
        self.phrases.len() >= self.enough && self.furthest <= at
    }

    /// Keeps the first `enough` phrases by start, in a stable order.
    fn keep_first(&mut self) {
        if self.phrases.len() > self.enough {
            self.phrases.sort_by_key(|phrase| phrase.span.start);
            self.phrases.truncate(self.enough);
        }
    }
}

/// One keyword of a keyword line, with the span of its name and of its whole item (name and
/// parameter), in bytes of the line.
struct Item {
    keyword: &'static Keyword,
    name: Span,
    whole: Span,
}

/// How many items of a keyword line its first reading holds. A line of more is read again for
/// the rest, so that its items are never all held; real lines have a few.
const HELD_ITEMS: usize = 64;

/// The keywords of a keyword line: every item of the comma (or semicolon) list before any
/// reminder text is a keyword with its parameter. `None` for any other line. The first reading
/// says whether every item is a keyword, holding the first `HELD_ITEMS`; a line of more items is
/// read again for the others.
fn line_items<'l>(
    line: &'l str,
    work: &mut Work,
) -> Result<Option<impl Iterator<Item = Item> + 'l>, String> {
    // The test of its first word and the search for its reminder text.
    work.spend(line.len(), TOO_LONG)?;
    let Some(part) = keyword_part(line) else {
        return Ok(None);
    };
    work.spend(part.len(), TOO_LONG)?;
    let mut held = Vec::new();
    let mut count = 0usize;
    for item in items(line, part.clone()) {
        let Some(item) = item else {
            return Ok(None);
        };
        if held.len() < HELD_ITEMS {
            held.push(item);
        }
        count += 1;
    }
    let again = if count > HELD_ITEMS {
        work.spend(part.len(), TOO_LONG)?;
        Some(items(line, part).flatten().skip(HELD_ITEMS))
    } else {
        None
    };
    Ok(Some(held.into_iter().chain(again.into_iter().flatten())))
}

/// The part of a line that holds its keywords, when it starts with one: up to its reminder text,
/// without the blanks around it.
fn keyword_part(line: &str) -> Option<Range<usize>> {
    // A line of keywords starts with one: a cheap test for most lines.
    let start = line.len() - line.trim_start().len();
    keyword_at(line.get(start..)?)?;
    let part_end = line.find('(').unwrap_or(line.len());
    let part_end = start.max(line.get(..part_end)?.trim_end().len());
    Some(start..part_end)
}

/// The items of the keyword part `part` of a line, in order, up to and with the first that is no
/// keyword's item (`None`).
fn items(line: &str, part: Range<usize>) -> impl Iterator<Item = Option<Item>> + '_ {
    let mut next = Some(part.start);
    std::iter::from_fn(move || {
        let at = next.filter(|&at| at < part.end)?;
        let item = item_at(line, at, part.end);
        next = item.as_ref().map(|&(_, after)| after);
        Some(item.map(|(item, _)| item))
    })
}

/// The item of a keyword line at `at`, and where the next one starts; `None` when it is not a
/// keyword with its parameter.
fn item_at(line: &str, at: usize, part_end: usize) -> Option<(Item, usize)> {
    let rest = line.get(at..part_end)?;
    let (keyword, name_len) = keyword_at(rest)?;
    let after = rest.get(name_len..)?;
    // A dash takes the rest of the part: a cost or an ability that may hold commas.
    let dashed = after.trim_start().starts_with('—');
    let mut end = if dashed {
        rest.len()
    } else {
        rest.find([',', ';']).unwrap_or(rest.len())
    };
    // "Mobilize X, where X is ...": the definition of X belongs to the item.
    if rest.get(end..).is_some_and(|tail| {
        tail.get(1..)
            .is_some_and(|t| t.trim_start().starts_with("where "))
    }) {
        end = rest.len();
    }
    let parameter = rest.get(name_len..end)?;
    if !fits(keyword.parameter, parameter) {
        return None;
    }
    let item = Item {
        keyword,
        name: Span::new(at, at + name_len),
        whole: Span::new(at, at + rest.get(..end)?.trim_end().len()),
    };
    // Past the separator and the spaces after it.
    let next = at + end + 1;
    let skipped = line
        .get(next.min(part_end)..part_end)
        .map_or(0, |tail| tail.len() - tail.trim_start().len());
    Some((item, next + skipped))
}

/// Whether the text after a keyword's name (up to the end of its item) is the keyword's
/// parameter.
fn fits(parameter: Parameter, text: &str) -> bool {
    let text = text.trim();
    match parameter {
        Parameter::None => text.is_empty(),
        Parameter::Number => text.is_empty() || is_number(number_word(text)),
        Parameter::Cost => text.is_empty() || text.starts_with('—') || is_cost(text),
        Parameter::NumberCost => {
            text.is_empty()
                || text
                    .split_once('—')
                    .is_some_and(|(number, _)| is_number(number.trim()))
        }
        Parameter::Label => text.starts_with('—'),
        // A sentence or an ability is no keyword's parameter unless a dash opens it.
        Parameter::Any => text.starts_with('—') || !text.contains(['.', ':']),
        Parameter::Verb => false,
    }
}

/// The number of "X, where X is ...": the text before its comma.
fn number_word(text: &str) -> &str {
    text.split(',').next().unwrap_or(text).trim()
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && (text == "X" || text.bytes().all(|b| b.is_ascii_digit()))
}

/// A mana cost at the end, after words that say what it applies to ("legendary creature {3}",
/// "with one or more creatures {2}{B}{B}").
fn is_cost(text: &str) -> bool {
    let Some(open) = text.find('{') else {
        return false;
    };
    let (words, symbols) = text.split_at(open);
    !words.contains(['.', ':', '—', '"', '“'])
        && symbols.starts_with('{')
        && symbols.ends_with('}')
        && symbols
            .split_inclusive('}')
            .all(|symbol| symbol.starts_with('{') && symbol.matches('{').count() == 1)
}

/// The phrases of a keyword line: one for each thing each keyword says, on the keyword with
/// its parameter ("Echo {2}{R}"), or on its name alone for a label ("Forecast").
fn keyword_line(
    line: &str,
    ability: usize,
    kept: &mut Kept,
    work: &mut Work,
) -> Result<(), String> {
    let Some(items) = line_items(line, work)? else {
        return Ok(());
    };
    let place = Place {
        ability,
        opens_ability: false,
        in_quotes: false,
        in_reminder: false,
    };
    for item in items {
        let span = if item.keyword.parameter == Parameter::Label {
            item.name
        } else {
            item.whole
        };
        if !kept.push(item.keyword, false, span, place) {
            break;
        }
    }
    Ok(())
}

/// The quoted ability that starts at `at`: where its text starts, and its text without its quotes
/// and its closing period. It ends at the next quote of any kind, and a quote that opens there
/// (a quoted ability inside it) makes it no keyword line: so no two quoted lines overlap, and no
/// byte is searched for the end of more than one.
fn quoted_line<'l>(
    line: &'l str,
    at: usize,
    work: &mut Work,
) -> Result<Option<(usize, &'l str)>, String> {
    let Some(open) = line
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .filter(|c| matches!(c, '"' | '“'))
    else {
        return Ok(None);
    };
    let start = at + open.len_utf8();
    let content = line.get(start..).unwrap_or_default();
    let close = content.find(['"', '“', '”']);
    work.spend(close.unwrap_or(content.len()), TOO_LONG)?;
    let text = close
        .filter(|&close| !content[close..].starts_with('“'))
        .and_then(|close| content.get(..close));
    Ok(text.map(|text| (start, text.strip_suffix('.').unwrap_or(text))))
}

/// The words that grant keywords: "has flash", "have haste", "gains rebound".
const GRANT_VERBS: &[&str] = &["has", "have", "gains", "gain"];

/// The keyword action (701) whose verb `text` starts with, "goad" or "goads" (a whole word, any
/// case), and the verb's length. "Goaded" and "exerted" name a state, not the action.
fn action_at(text: &str) -> Option<(&'static Keyword, usize)> {
    let len = text
        .find(|c: char| !c.is_alphanumeric())
        .unwrap_or(text.len());
    let word = text.get(..len)?.to_ascii_lowercase();
    let verb = word.strip_suffix('s').unwrap_or(&word);
    let index = by_first_word();
    let keywords = index.get(verb).or_else(|| index.get(&word))?;
    let keyword = keywords
        .iter()
        .find(|keyword| keyword.parameter == Parameter::Verb)?;
    Some((*keyword, len))
}

/// The words that end at `end` in `line`, the text before a verb without its trailing blanks, are
/// "whenever you" or "when you" (any case): the verb names the event a trigger waits for
/// ("Whenever you exert a creature"), not an action the effect takes. Only those words are read.
fn in_trigger_condition(line: &[u8], end: usize) -> bool {
    ["whenever you", "when you"].iter().any(|words| {
        end.checked_sub(words.len())
            .and_then(|start| line.get(start..end))
            .is_some_and(|before| before.eq_ignore_ascii_case(words.as_bytes()))
    })
}

/// The keywords an effect grants, and the keyword actions an effect takes: after a grant verb, a
/// list of keywords joined by commas and "and" ("gains flying and haste", "have first strike,
/// vigilance, and lifelink"). Each finding lies on the keyword's name. One pass over the line,
/// counting quotes and parentheses as it goes; it stops where no phrase found could be kept.
fn grants(line: &str, ability: usize, kept: &mut Kept, work: &mut Work) -> Result<(), String> {
    // The pass, and each word read again by `action_at`.
    work.spend(2 * line.len(), TOO_LONG)?;
    let bytes = line.as_bytes();
    let mut opened = 0usize;
    let mut closed = 0usize;
    let mut quotes = 0usize;
    let mut previous: Option<char> = None;
    // Where the text before this character ends, without its trailing blanks.
    let mut text_end = 0;
    for (at, c) in line.char_indices() {
        match c {
            '(' => opened += 1,
            ')' => closed += 1,
            '"' | '“' | '”' => quotes += 1,
            _ => {}
        }
        let starts_word = c.is_ascii_alphabetic()
            && previous.is_none_or(|p| !(p.is_alphanumeric() || p == '\'' || p == '’'));
        previous = Some(c);
        let before = text_end;
        if !c.is_whitespace() {
            text_end = at + c.len_utf8();
        }
        if !starts_word {
            continue;
        }
        if kept.full_before(at) {
            break;
        }
        let place = Place {
            ability,
            opens_ability: false,
            in_quotes: quotes % 2 == 1,
            in_reminder: opened > closed,
        };
        let action = action_at(line.get(at..).unwrap_or_default())
            .filter(|_| !in_trigger_condition(bytes, before));
        if let Some((action, len)) = action {
            kept.push(action, false, Span::new(at, at + len), place);
            continue;
        }
        let Some(verb) = GRANT_VERBS.iter().find(|verb| {
            bytes
                .get(at..at + verb.len())
                .is_some_and(|word| word.eq_ignore_ascii_case(verb.as_bytes()))
                && bytes.get(at + verb.len()) == Some(&b' ')
        }) else {
            continue;
        };
        granted_list(line, at + verb.len() + 1, place, kept, work)?;
    }
    Ok(())
}

/// The keyword list that starts at `at`, after a grant verb; or a keyword line in quotes
/// ("has \"Cumulative upkeep {1}.\""), whose findings take in its costs as a keyword line's do.
fn granted_list(
    line: &str,
    mut at: usize,
    place: Place,
    kept: &mut Kept,
    work: &mut Work,
) -> Result<(), String> {
    if let Some((content, quoted)) = quoted_line(line, at, work)? {
        let inside = Place {
            in_quotes: true,
            ..place
        };
        for item in line_items(quoted, work)?.into_iter().flatten() {
            let span = Span::new(content + item.whole.start, content + item.whole.end);
            if !kept.push(item.keyword, true, span, inside) {
                break;
            }
        }
        return Ok(());
    }
    while let Some(rest) = line.get(at..) {
        // Each word of the list is read once, and the word that ends it.
        work.spend(word_len(rest), TOO_LONG)?;
        let Some((keyword, name_len)) =
            keyword_at(rest).filter(|(keyword, _)| keyword.parameter != Parameter::Verb)
        else {
            return Ok(());
        };
        if !kept.push(keyword, true, Span::new(at, at + name_len), place) {
            return Ok(());
        }
        let mut next = at + name_len;
        // "gains bushido 2": the number belongs to the keyword.
        if keyword.parameter == Parameter::Number
            && let Some(tail) = line.get(next..)
        {
            let digits = tail.strip_prefix(' ').map_or(0, |t| {
                t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len()
            });
            work.spend(digits, TOO_LONG)?;
            if digits > 0 {
                next += 1 + digits;
            }
        }
        let tail = line.get(next..).unwrap_or_default();
        let separator = [", and ", ", ", " and "]
            .iter()
            .find(|separator| tail.starts_with(*separator));
        match separator {
            Some(separator) => at = next + separator.len(),
            None => return Ok(()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keywords found, one for each keyword however many findings it gives.
    fn spans(line: &str) -> Vec<(&str, &str, bool)> {
        let mut found: Vec<_> = find(line, 0, 0, &mut Work::for_line(line.len(), usize::MAX))
            .expect("the line reads")
            .into_iter()
            .filter_map(|phrase| match phrase.form {
                Form::Keyword(used) => {
                    Some((phrase.span.of(line), used.keyword.name, used.granted))
                }
                _ => None,
            })
            .collect();
        found.dedup();
        found
    }

    #[test]
    fn keyword_lines_take_costs_and_numbers() {
        assert_eq!(
            spans("Echo {2}{R} (At the beginning of your upkeep, ...)"),
            [("Echo {2}{R}", "Echo", false)]
        );
        assert_eq!(spans("Vanishing 3"), [("Vanishing 3", "Vanishing", false)]);
        assert_eq!(
            spans("Suspend 4—{R}"),
            [("Suspend 4—{R}", "Suspend", false)]
        );
        assert_eq!(
            spans("Cumulative upkeep—Pay 1 life."),
            [("Cumulative upkeep—Pay 1 life.", "Cumulative upkeep", false)]
        );
        assert_eq!(
            spans("Equip legendary creature {3}"),
            [("Equip legendary creature {3}", "Equip", false)]
        );
        assert_eq!(spans("Flying, flash"), [("flash", "Flash", false)]);
        assert_eq!(
            spans("Mobilize X, where X is the number of creature cards in your graveyard."),
            [(
                "Mobilize X, where X is the number of creature cards in your graveyard.",
                "Mobilize",
                false
            )]
        );
        assert_eq!(
            spans("Forecast — {1}{W}, Reveal this card: Draw a card.").len(),
            1
        );
    }

    #[test]
    fn prose_is_not_a_keyword_line() {
        for line in [
            "Echo of the First Murder — When Drach'Nyen enters, exile up to one target creature.",
            "Flashback {2}{R}",
            "Provoke the Trolls deals 3 damage to any target.",
            "Scavenge the Dead — When this creature enters, exile target player's graveyard.",
            "Equip abilities you activate cost {1} less to activate.",
            "Flash back",
            "",
            "—",
        ] {
            assert_eq!(spans(line), [], "{line}");
        }
    }

    #[test]
    fn grants_lie_on_the_keyword() {
        assert_eq!(spans("It has flash."), [("flash", "Flash", true)]);
        assert_eq!(
            spans("Target creature gains flying and rebound until end of turn."),
            [("rebound", "Rebound", true)]
        );
        assert_eq!(
            spans("Creatures you control have first strike, exalted, and bushido 2."),
            [("exalted", "Exalted", true), ("bushido", "Bushido", true)]
        );
        assert_eq!(spans("You gain 3 life. It has flashback."), []);
        assert_eq!(
            spans("Goad target creature. Whenever a goaded creature attacks, it exerts."),
            [("Goad", "Goad", false), ("exerts", "Exert", false)]
        );
        assert_eq!(
            spans("Enchanted creature has \"Cumulative upkeep {1}.\" (At ...)"),
            [("Cumulative upkeep {1}", "Cumulative upkeep", true)]
        );
    }
}
