//! The table of keyword abilities (CR 702), each with its rule, its parameter and what its
//! definition says about the turn; and a keyword looked up by the words it starts.

use crate::phrase::ast::{
    ClauseKind, CombatEvent, Declared, EachTurn, Keyword, LaterBy, OwnerWord, Parameter,
    Quantifier, Says, TriggerPoint, TurnBasedAction, UnitName, UnitRef, Until, WhichCombat,
    WhileCondition, WindowTime,
};
use crate::phrase::first_pairs::FirstPairs;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

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
    first: false,
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
    // The card exiled at the next end step may be cast after the current turn has ended.
    timing(
        "Warp",
        "702.185a",
        Cost,
        &[NEXT_END_STEP, Says::Later(LaterBy::Warp)],
    ),
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
    // Plotted as a sorcery; cast as a sorcery on any turn after the one it was plotted in
    // (702.170d).
    timing(
        "Plot",
        "702.170a",
        Cost,
        &[SORCERY, Says::Later(LaterBy::Plot)],
    ),
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
        &[
            Says::Window(Some(WindowTime::DuringTurn(OwnerWord::Your)), false),
            Says::Later(LaterBy::Foretell),
        ],
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
        &[Says::While(WhileCondition::StaticAsLongAs)],
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
        &[
            UNTIL_YOUR_NEXT_TURN,
            Says::EachTurn(EachTurn::IfAble {
                declared: Declared::Attackers,
                combat: WhichCombat::Each,
            }),
        ],
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

/// Keywords whose use is a special action (116.2), not an activated ability, each with the
/// special action's rule: their timing is not that of 602.5d, which is for activated abilities.
const SPECIAL_ACTIONS: &[(&str, &str)] = &[
    ("Suspend", "116.2f"),
    ("Companion", "116.2g"),
    ("Foretell", "116.2h"),
    ("Plot", "116.2k"),
];

/// The rule of the special action that the keyword `name` (any case) is used by, if it is one.
pub fn special_action(name: &str) -> Option<&'static str> {
    SPECIAL_ACTIONS
        .iter()
        .find(|(keyword, _)| keyword.eq_ignore_ascii_case(name))
        .map(|(_, rule)| *rule)
}

/// The keywords by the lower-cased first word of their names, longest name first.
/// Fx, not std's SipHash: it is looked up for every word that could start a keyword, on every line.
fn by_first_word() -> &'static FxHashMap<String, Vec<&'static Keyword>> {
    static INDEX: OnceLock<FxHashMap<String, Vec<&'static Keyword>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: FxHashMap<String, Vec<&'static Keyword>> = FxHashMap::default();
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
    let word_len = name_len(text);
    with_ascii_lower(text.get(..word_len)?, |word| {
        let found = by_first_word().get(word).and_then(|keywords| {
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
    })
}

/// Calls `f` with `word` in ASCII lower case, made on the stack when it is short (as every
/// keyword's name is): the keyword reader looks up each word of each line, and a `String` for each
/// was a good part of its time.
pub(super) fn with_ascii_lower<R>(word: &str, f: impl FnOnce(&str) -> R) -> R {
    let mut buffer = [0u8; 64];
    if let Some(lower) = buffer.get_mut(..word.len()) {
        lower.copy_from_slice(word.as_bytes());
        lower.make_ascii_lowercase();
        // Changing the case of ASCII letters leaves UTF-8 valid: this never fails.
        if let Ok(lower) = std::str::from_utf8(lower) {
            return f(lower);
        }
    }
    f(&word.to_ascii_lowercase())
}

/// The length of the word `text` starts with, as keywords' names are read: letters, digits and
/// hyphens ("Web-slinging"); a timing word's (`timing_words::word_len`) has apostrophes instead.
pub(super) fn name_len(text: &str) -> usize {
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

/// The first words of the keyword actions' names, lower-cased: every verb `action` finds
/// holds one ("goads" holds "goad").
pub(super) fn action_words() -> impl Iterator<Item = String> {
    KEYWORDS
        .iter()
        .filter(|keyword| keyword.parameter == Parameter::Verb)
        .map(|keyword| {
            let first = keyword.name.split(' ').next().unwrap_or(keyword.name);
            first.to_ascii_lowercase()
        })
}

/// The keyword action (701) whose verb is `word`, "goad" or "goads" (a whole word of letters and
/// digits, in ASCII lower case). "Goaded" and "exerted" name a state, not the action.
pub(super) fn action(word: &str) -> Option<&'static Keyword> {
    // Most words share their first two letters with no keyword's first word: both lookups
    // below would miss (a word of three bytes or more keeps its first two without its "s").
    if word.len() > 2 && !first_pairs().may_be(word.as_bytes()) {
        return None;
    }
    let verb = word.strip_suffix('s').unwrap_or(word);
    let index = by_first_word();
    let keywords = index.get(verb).or_else(|| index.get(word))?;
    keywords
        .iter()
        .find(|keyword| keyword.parameter == Parameter::Verb)
        .copied()
}

/// The first two bytes of the first words of the keyword actions' names: `action` finds no other
/// keyword.
fn first_pairs() -> &'static FirstPairs {
    static PAIRS: OnceLock<FirstPairs> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let words: Vec<String> = action_words().collect();
        FirstPairs::of(words.iter().map(String::as_str))
    })
}
