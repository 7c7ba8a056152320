//! The typed syntax of a timing phrase, lowered from the grammar's parse tree. It says what the
//! words are ("your next upkeep"); what they mean on the turn is the resolver's work.

use super::parser::Rule;
use crate::model::Span;

/// One phrase found in card text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    pub span: Span,
    pub place: Place,
    pub form: Form,
    /// Words inside the phrase that are worded in an old or nonstandard way.
    pub marks: Vec<Mark>,
    /// What found the phrase: a grammar rule (its template) or the timing-word tripwire.
    pub template: Template,
}

impl Phrase {
    /// Moves each of the phrase's spans (its own and its marks') boundary by boundary.
    pub fn map_spans(&mut self, map: impl Fn(usize) -> usize) {
        let moved = |span: Span| Span::new(map(span.start), map(span.end));
        self.span = moved(self.span);
        for mark in &mut self.marks {
            mark.span = moved(mark.span);
        }
    }
}

/// What found a phrase, for statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Template {
    /// The grammar rule that matched.
    Rule(Rule),
    /// A timing word that no template covered (`timing_words`): reported as not understood.
    TimingWord,
    /// A keyword ability whose definition is timing (`keywords`): "Echo {2}{R}", "has flash".
    Keyword,
}

impl Template {
    /// The template's name: the grammar rule's, or `timing_word`.
    pub fn name(self) -> String {
        match self {
            Template::Rule(rule) => format!("{rule:?}"),
            Template::TimingWord => "timing_word".to_string(),
            Template::Keyword => "keyword".to_string(),
        }
    }
}

/// Words of a phrase worded in an old or nonstandard way, with their span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub span: Span,
    pub wording: Wording,
}

/// An old or nonstandard wording the grammar accepts and names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wording {
    /// "untap phase", "upkeep phase", "draw phase", "end of turn step": step names of older rules.
    OldStepName(UnitName),
    /// "Play" or "Play this ability" as a window's actor: now "Activate".
    PlayVerb,
    /// "play" a spell ("any time you could play an instant"): now "cast".
    PlayForCast,
    /// "Activate this ability only": now "Activate only".
    ActivateThisAbility,
    /// "any time you could cast a sorcery": now "as a sorcery".
    AnyTimeSorcery,
    /// "once per turn": "once each turn".
    OncePerTurn,
    /// "until the end of turn": "until end of turn".
    UntilTheEndOfTurn,
    /// The "At", "On" or "During" of a trigger without "the beginning of".
    LooseTrigger,
    /// "at the end of combat": "at end of combat" (511.2).
    AtTheEndOfCombat,
    /// "your next two turns": several units from the next one on, of which the timing shows the
    /// first.
    NextSeveral,
    /// A designer's wording whose meaning is certain, read as its template.
    Designer(DesignerWording),
}

/// A designer's wording of a template (rules PL7xx): understood, and reported with the template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DesignerWording {
    /// "at the start of": "at the beginning of".
    AtTheStartOf,
    /// "your opponent's": "an opponent's".
    YourOpponent,
    /// "on" in a window ("Activate only on your turn"): "during".
    OnInWindow,
    /// "At the end of your turn," opening an ability: "At the beginning of your end step,".
    EndOfTurnTrigger,
    /// "Upkeep —" opening an ability: "At the beginning of your upkeep,".
    UpkeepShorthand,
    /// "at the beginning of your combat step": "at the beginning of combat on your turn".
    CombatStep,
    /// "till end of turn", "until turn's end", "until the turn ends", "for the rest of the turn":
    /// "until end of turn".
    UntilEndOfTurn,
    /// "until combat ends": "until end of combat".
    UntilEndOfCombat,
    /// "When your turn begins,", "When the combat phase begins,", "When combat ends,": a moment
    /// named by a verb, opening an ability.
    VerbMoment,
    /// "Whenever a turn ends,", "As your turn ends,": the end step's trigger named by a verb.
    TurnEnds,
    /// "At each end step,": "At the beginning of each end step,".
    AtEachStep,
    /// "This spell can be cast at instant speed.": flash.
    InstantSpeedSpell,
    /// "at instant speed" in a window: "as an instant".
    InstantSpeed,
    /// "at sorcery speed" in a window: "as a sorcery".
    SorcerySpeed,
    /// "may only cast one spell each turn": "can't cast more than one spell each turn".
    OnlyOne,
}

/// What an extra turn named, not given, asks of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraTurnTest {
    /// "would begin an extra turn": nothing.
    Named,
    /// "during extra turns": whether this turn is an extra one.
    IsExtra,
    /// "that's not an extra turn": whether it is not.
    IsNotExtra,
}

/// Where in the card text a phrase stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The index of the ability (line) it is in.
    pub ability: usize,
    /// The phrase opens an ability: a printed ability, a granted ability in quotes, or a sentence
    /// of reminder text that explains a keyword's trigger.
    pub opens_ability: bool,
    /// The phrase is inside an ability granted in quotes.
    pub in_quotes: bool,
    /// The phrase is inside reminder text.
    pub in_reminder: bool,
}

/// What a phrase says, by template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Form {
    /// "at the beginning of ...", "at end of combat", "at end of turn"; `this_turn` when the
    /// trigger states that duration ("at the beginning of combat this turn").
    AtPoint {
        point: TriggerPoint,
        this_turn: bool,
    },
    /// "Whenever ~ attacks / blocks / becomes blocked / deals combat damage".
    Combat(CombatTrigger),
    /// "until end of turn", "until your next turn", "until the end of your next turn".
    Until(Until),
    /// "during its controller's next turn": an effect that applies in that turn.
    During(UnitRef),
    /// "during your untap step", "during your turn", "if it's your main phase": a standing
    /// effect on a step, or a condition on the moment.
    DuringUnit(UnitRef),
    /// "would begin your turn", "would begin your draw step": a replacement's condition on a
    /// unit about to begin (614.1a).
    WouldBegin(UnitRef),
    /// "your last turn", "last combat": a unit already over, referred to.
    LastUnit,
    /// "at the end of the game": a condition on the moment the game ends.
    GameEndTest,
    /// A turn-based action a reminder spells out.
    TurnBasedAction(TurnBasedAction),
    /// "it becomes night next turn": the day/night check of the next turn (730.2).
    DayNightNextTurn,
    /// "for as long as ...", "until ~ leaves the battlefield".
    WhileCondition(WhileCondition),
    /// "phases out until ~ leaves the battlefield": the duration of a phasing out (610.4).
    PhasedOutUntil(WhileCondition),
    /// "until you reveal a land card": a repeated action.
    RepeatUntil,
    /// "Damage wears off at end of turn": the old name of the cleanup step's moment (514.2).
    EndOfTurnStatement,
    /// "Activate only if ...": a condition on activating, no time.
    Condition,
    /// A step named outside any template ("during your untap phase" after "does not untap").
    StepMention,
    /// "would begin an extra turn": an extra turn named, not given.
    ExtraTurnMention(ExtraTurnTest),
    /// "the number of turns you have begun", "your first, second, or third turns of the game":
    /// turns counted from the start of the game.
    TurnsCounted,
    /// "skip that draw": a replacement of a card draw (614.1b), no point of the turn.
    SkipDraw,
    /// A timing phrase named in quotes rather than used: "until end of turn" and "this turn"
    /// effects end.
    Mention,
    /// A clause ending in "this turn" or "this combat".
    ThisSpan { clause: ClauseKind, unit: ThisUnit },
    /// "only once each turn", "the first time each turn".
    EachTurn(EachTurn),
    /// "Cast this spell only ...", "Activate only ...".
    Window(Window),
    /// Extra turns, additional phases or steps, skipped units.
    TurnChange(TurnChange),
    /// A keyword ability, and one thing its definition says about the turn (CR 702).
    Keyword(KeywordUse),
    /// "As each turn begins, ...": an effect as each turn begins, with no trigger.
    EachTurnBegins,
    /// "on a later turn": a turn after the current one, when an exiled card may be cast; the
    /// keyword whose reminder the words are, where they say.
    LaterTurn(LaterBy),
    /// "as though it had flash", "as though they had flash" (702.8a); `it` when the spell is
    /// named "it" rather than spells of a kind.
    FlashPermission { it: bool },
    /// "any time a sorcery couldn't have been cast": a condition on when a spell was cast (307.5a).
    OutsideSorceryTiming,
    /// A timing anchor that no template accepted.
    Unknown,
}

/// The keyword whose reminder says "on a later turn".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaterBy {
    /// "for its foretell cost" (702.143a).
    Foretell,
    /// "On a later turn, you may cast it for its foretell cost": a card an effect made foretold
    /// (702.143d).
    Foretold,
    /// "without paying its mana cost" (702.170d).
    Plot,
    /// "from exile on a later turn" (702.185a).
    Warp,
    /// No keyword named.
    Unnamed,
}

/// The point an "at" trigger waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriggerPoint {
    /// "at the beginning of your upkeep".
    Beginning(UnitRef),
    /// "at the beginning of combat on your turn", "at the beginning of each combat".
    CombatOnTurn { owner: Option<OwnerWord> },
    /// "at end of combat", "at end of combat on your turn"; `next` for "at this turn's next end
    /// of combat", which an effect waits for.
    EndOfCombat {
        owner: Option<OwnerWord>,
        next: bool,
        /// "at the end of the first combat phase": the first combat phase of the turn.
        first: bool,
    },
    /// "at end of turn": obsolete (513.1a).
    ObsoleteEndOfTurn,
    /// "at the beginning of that turn's upkeep and end step": the first unit, and another of the
    /// same owner and occurrence.
    Beginnings(UnitRef, UnitName),
    /// "at the beginning of that combat": the combat an earlier phrase added (500.8).
    ThatCombat,
    /// "at end of that combat": the end of combat step of that combat (511.2).
    EndOfThatCombat,
    /// "at the beginning of the game": before the first turn (103.6).
    Game,
}

/// A turn-based action (no trigger, no stack).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnBasedAction {
    /// "phases in or out before you untap during each of your untap steps" (502.1).
    Phasing(UnitRef),
    /// "after your draw step, add a lore counter" (714.3b).
    LoreCounter,
}

/// A phase or step named with its owner and quantifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitRef {
    pub name: UnitName,
    pub owner: Option<OwnerWord>,
    pub quantifier: Quantifier,
}

/// The name of a phase or step as the text spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitName {
    PrecombatMain,
    PostcombatMain,
    /// "first main phase" (1), "second main phase" (2): counted in the turn (505.1b).
    OrdinalMain(u8),
    Main,
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    CombatDamage,
    EndOfCombat,
    Combat,
    Untap,
    Upkeep,
    Draw,
    End,
    Cleanup,
    BeginningPhase,
    EndingPhase,
    Turn,
}

/// How a unit is picked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantifier {
    /// "your upkeep", "the end step".
    Plain,
    /// "your next upkeep", "the next end step".
    Next,
    /// "each upkeep", "each of your upkeeps".
    Each,
    /// "the next turn's upkeep", "your next turn's end step", "the end step of that player's next
    /// turn": in the owner's next turn (the owner is the unit's).
    NextTurns,
    /// "any upkeep step".
    Any,
    /// "enchanted player's first upkeep each turn", "the first combat phase of the turn": the
    /// first in each turn.
    FirstEachTurn,
    /// "your first upkeep", "your first main phase of the game": the first in the game.
    GameFirst,
    /// "that turn's end step", "the untap step of that turn": in the turn an earlier phrase named.
    That,
}

/// A possessive naming whose turn a unit belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnerWord {
    Your,
    EachOpponent,
    EachOtherPlayer,
    EachPlayer,
    Monarch,
    AnOpponent,
    ThatPlayer,
    TargetPlayer,
    ChosenPlayer,
    DefendingPlayer,
    EnchantedPlayer,
    /// "the Horde's", "the Hydra's", "the first player's".
    Named,
    ObjectController,
    ObjectOwner,
    Their,
}

/// A combat trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CombatTrigger {
    pub event: CombatEvent,
    /// A player is the subject: "Whenever you attack" (508.3d).
    pub by_player: bool,
    /// Whose attack a player subject names: "you" attack only on your turn, as the active player
    /// (508.1); `None` for "a player".
    pub attacker: Option<OwnerWord>,
    /// Another trigger event is joined to the combat one ("enters or attacks").
    pub other_events: bool,
    /// The trigger states the duration "this turn" (603.7b).
    pub this_turn: bool,
    /// The trigger states the duration "this combat" (603.7b).
    pub this_combat: bool,
    /// "When you next attack": it waits for the next such event only (603.7b).
    pub next: bool,
    /// "during your turn", "during an opponent's combat phase": whose turns the event counts in.
    pub during: Option<OwnerWord>,
}

/// The event of a combat trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatEvent {
    Attacks,
    AttacksAndIsntBlocked,
    AttacksOrBlocks,
    Blocks,
    BlocksACreature,
    BlocksOrBecomesBlocked,
    BecomesBlocked,
    BecomesBlockedByACreature,
    DealsCombatDamage,
}

/// An "until" duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// "until end of turn".
    EndOfTurn,
    /// "until end of combat".
    EndOfCombat,
    /// "until the end of your next turn".
    TheEndOf(UnitRef),
    /// "until your next turn".
    Unit(UnitRef),
    /// "until end of combat on your next turn".
    EndOfCombatOn(OwnerWord),
    /// "for the rest of the game" (611.2a).
    RestOfGame,
}

/// A duration that lasts while a condition holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhileCondition {
    ForAsLongAs,
    /// "As long as ..." of a static ability (split second): its effect applies while the
    /// condition holds, to whatever its text names at each moment (611.3a).
    StaticAsLongAs,
    /// "exile target creature until this creature leaves the battlefield": a zone change and its
    /// return (610.3).
    UntilLeavesTheBattlefield,
    /// "Target land becomes a Forest until this creature leaves the battlefield": an effect that
    /// moves nothing, which lasts as stated (611.2a).
    UntilLeavesInPlace,
    UntilAbandoned,
    /// "until the last is removed", "until a player planeswalks": until an event of the game.
    UntilEvent,
    /// "until you've begun your sixth turn of the game": until that turn, counted from the game's
    /// first, begins (500.1).
    UntilTurnOfGame,
}

/// How a "this turn" clause uses the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClauseKind {
    /// "can't block this turn": an effect that lasts this turn.
    Duration,
    /// "The next time a source would deal damage to you this turn, prevent that damage": a
    /// prevention shield, which lasts this turn or until it is used (615.3).
    ShieldDuration,
    /// "Whenever you cast a spell this turn": a delayed trigger that lasts this turn.
    TriggerDuration,
    /// "When you next cast a spell this turn": a delayed trigger wherever it stands.
    NextTriggerDuration,
    /// "a creature died this turn": events counted this turn.
    Reference,
}

/// "this turn" or "this combat", or "that turn" or "that combat" (one an earlier phrase named).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThisUnit {
    Turn,
    Combat,
    ThatTurn,
    ThatCombat,
}

/// A phrase that counts within each turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EachTurn {
    /// "triggers only once each turn".
    OnlyOnce,
    /// "triggers only twice each turn".
    OnlyTwice,
    /// "the first time each turn", "your second spell each turn".
    Counted,
    /// "no more than one spell each turn", "an additional land each turn": a limit on what its
    /// clause names, counted within each turn.
    Limited,
    /// "attacks each combat if able", "blocks this combat if able", "attacks or blocks that
    /// combat if able": a requirement of the declarations it names (508.1d, 509.1c), in the
    /// combats it names.
    IfAble {
        declared: Declared,
        combat: WhichCombat,
    },
    /// "can block an additional creature each combat", "Activate only once each combat": a limit
    /// counted within each combat.
    EachCombat,
}

/// Which declarations a requirement is checked at: attackers (508.1d), blockers (509.1c) or
/// both ("attacks or blocks").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declared {
    Attackers,
    Blockers,
    Both,
}

/// Which combat a requirement names: every one, the one in progress, or the one named before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhichCombat {
    Each,
    This,
    That,
}

/// A casting or activation window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window {
    pub actor: WindowActor,
    pub time: Option<WindowTime>,
    /// "and only once each turn", or "only once each turn" alone.
    pub once_each_turn: bool,
    /// ", before attackers are declared": a second bound after the time.
    pub bound: Option<WindowTime>,
    /// "and only twice each turn".
    pub twice_each_turn: bool,
}

/// What a window restricts, as the text words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WindowActor {
    CastThisSpell,
    /// "Activate only" and the old "Activate this ability only".
    Activate {
        this_ability: bool,
    },
    /// The obsolete "Play this ability only" and "Play only".
    Play {
        this_ability: bool,
    },
    /// A keyword's own verb: "Equip only as a sorcery".
    Keyword(String),
    /// No actor in the phrase: "you may pay ... as a sorcery".
    Unstated,
    /// A further restriction of the window before it: "and only during combat".
    Continued,
}

/// When a window is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowTime {
    /// "as a sorcery", "any time you could cast a sorcery".
    Sorcery,
    /// "only any time they could cast a sorcery": another player's sorcery timing.
    SorceryFor(OwnerWord),
    /// "as an instant".
    Instant,
    /// "any time you could cast an instant": a spell's window, as flash gives (702.8a).
    InstantAnyTime,
    /// "loyalty abilities ... any time you could cast an instant": loyalty abilities with an
    /// instant's timing, still one a turn (606.3).
    LoyaltyAnyTime,
    /// "loyalty abilities ... twice each turn": 606.3's window, two a turn in place of one.
    LoyaltyTwice,
    /// "during combat", optionally "on [owner] turn".
    DuringCombat { on_turn: Option<OwnerWord> },
    /// "during combat after blockers are declared".
    DuringCombatAfterBlockers,
    /// "during combat before blockers are declared".
    DuringCombatBeforeBlockers,
    /// "before combat or during combat before blockers are declared".
    BeforeBlockersAnyCombat,
    /// "before [point]".
    Before(CombatPoint),
    /// "before the end step": a window that closes as a step outside combat begins.
    BeforeUnit(UnitRef),
    /// "after [point]".
    After(CombatPoint),
    /// "after [owner] upkeep" (503.2).
    AfterUpkeep(OwnerWord),
    /// "during [owner] turn".
    DuringTurn(OwnerWord),
    /// "during your upkeep", "during any upkeep step".
    During(UnitRef),
}

/// A point in the combat phase a window is measured from (506.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatPoint {
    AttackersDeclared,
    BlockersDeclared,
    CombatDamageStep,
    EndOfCombatStep,
    Combat,
}

/// A change to the turn structure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnChange {
    /// "take an extra turn after this one"; `by_you` for the imperative "Take", whose taker is
    /// the controller of the spell or ability; `instead` for "take an extra turn instead", a
    /// replacement of another extra turn (614.1a).
    ExtraTurn { by_you: bool, instead: bool },
    /// "After that turn, that player takes an extra turn".
    ExtraTurnAfterThat,
    /// "Gift an extra turn": an extra turn after this one if the gift was promised (702.174g).
    GiftExtraTurn,
    /// "after this (main) phase, there is an additional combat phase followed by ...", or after
    /// a phase counted in the turn ("After the first combat phase this turn").
    AdditionalPhases {
        after_main: bool,
        after_counted: Option<UnitRef>,
        phases: Vec<UnitName>,
    },
    /// "there is an additional upkeep step after this step"; `you_get` for "you get" (500.10a).
    AdditionalStep { step: UnitName, you_get: bool },
    /// "after this phase, there is an additional upkeep step": its phase is created for it;
    /// `you_get` for "you get" (500.10a).
    StepAfterPhase { step: UnitName, you_get: bool },
    /// "skip your next untap step".
    Skip(UnitRef),
    /// "skips that turn instead": the turn a player would begin is skipped (614.10).
    SkipThatTurn,
    /// "skip that step instead": the step a player would begin is skipped (614.10).
    SkipThatStep,
    /// "skips each instance of the chosen step or phase this turn": a unit a player chose.
    SkipChosen,
    /// "End the turn" (723.1).
    EndTurn,
    /// "End the combat phase" (723.2).
    EndCombat,
}

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
    /// The card may be cast on a later turn: foretell, plot, warp.
    Later(LaterBy),
}

/// One use of a keyword in card text: the keyword, the one thing of its definition this
/// finding is about, whether an effect grants it ("gains haste") rather than the card
/// printing it on a keyword line, and whose "you" its definition speaks of (109.5): `Your` for
/// the card's own keyword, `ObjectController` or `ObjectOwner` for one granted to another object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeywordUse {
    pub keyword: &'static Keyword,
    pub says: &'static Says,
    pub granted: bool,
    pub holder: OwnerWord,
}
