"""Every enumerated name of eve, defined once.

Each `Enum` below is the one definition of a set of names and their integer codes. The rest is
derived from it:

- the core's C constants: `src/eve/core/vocab.pxd` is generated from this table (`python -m
  eve.vocabulary --pxd`, which setup.py runs before every build) and cimported by defs.pxd;
- the names the compiler accepts in content (`CONTENT`), the names Match reports (zones, phases,
  sides, outcomes, event kinds), the refusal messages of IllegalAction and the event schema;
- the words of rules text (`TEXT`: a template for every name content may use, which eve.text
  fills with an item's numbers);
- the tables of docs/modding.md and docs/rules.md (`python -m eve.core.vocabulary --docs`), which
  a test compares with the docs.

This module is plain Python importing nothing of eve but the instruction table (plain too), so
that the build can read both before the core exists (setup.py loads them by path). Codes are part of the snapshot ABI and of compiled content: never renumber a member;
add new ones at the end.
"""
from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from eve.core.generated import write_if_changed
from eve.core.instructions import INSTRUCTIONS, shifts
from eve.core.selectors import SELECTORS
from eve.core.trigger_events import EVENTS, events
from eve.core.words import TEXT


@dataclass(frozen=True)
class Member:
    name: str                  # the name content and Python use ("foe_character")
    code: int
    cname: str                 # the C constant ("T_FOE_CHAR")
    doc: str
    fields: tuple[str, ...] = ()   # events: the names of fields a, b, c, d


@dataclass(frozen=True)
class Enum:
    key: str                   # "target"
    title: str                 # for the docs
    members: tuple[Member, ...]
    count: str | None = None   # the C constant one past the last code ("N_TARGET_SPECS")
    content: bool = False      # whether content names its members (the compiler's tables)

    def by_name(self) -> Mapping[str, int]:
        return MappingProxyType({m.name: m.code for m in self.members})

    def by_code(self) -> Mapping[int, str]:
        return MappingProxyType({m.code: m.name for m in self.members})


def _enum(key: str, title: str, prefix: str, rows: list[tuple], *, start: int = 0,
          count: str | None = None, content: bool = False, bits: bool = False) -> Enum:
    """Rows are (name, doc) or (name, doc, cname) or, for events, (name, doc, cname, fields);
    codes count from `start` (or are powers of two with `bits`)."""
    members = []
    for i, row in enumerate(rows):
        name, doc = row[0], row[1]
        cname = row[2] if len(row) > 2 and row[2] else prefix + name.upper()
        fields = tuple(row[3]) if len(row) > 3 else ()
        code = 1 << i if bits else start + i
        members.append(Member(name, code, cname, doc, fields))
    return Enum(key, title, tuple(members), count, content)


ENUMS: tuple[Enum, ...] = (
    _enum("side", "Sides", "", [
        ("player", "the player: three heroes, a deck", "PLAYER"),
        ("encounter", "the Encounter: a roster and a move script, deckless", "ENCOUNTER"),
    ]),
    _enum("zone", "Zones", "Z_", [
        ("none", "not in the match (never a live card)"),
        ("archive", "the draw pile, face down"),
        ("rift", "the hand"),
        ("lattice", "Sortileges and Relics in play"),
        ("wastes", "the lanes where characters stand"),
        ("abyss", "the discard pile"),
        ("void", "cards exiled"),
        ("stack", "a card being played: on the Stack, in no zone"),
    ], count="N_ZONES"),
    _enum("phase", "Phases", "PH_", [
        ("beginning", "the meter is seeded, the intent shown"),
        ("main", "cards and abilities are played"),
        ("combat", "attacks are declared"),
        ("end", "the hand is refilled to its floor"),
    ]),
    _enum("outcome", "Outcomes", "OUT_", [
        ("none", "the match goes on"),
        ("win", "every Encounter hero has fallen"),
        ("loss", "every player hero has fallen"),
        ("timeout", "the round cap was reached with heroes alive on both sides: neither a win "
         "nor a loss"),
    ]),
    _enum("stream", "Random streams", "STREAM_", [
        ("shuffle", "the Archive's shuffles"),
        ("encounter", "the Encounter's random choices"),
    ]),
    _enum("category", "Action Meter categories", "CAT_", [
        ("play_support", "playing a Sortilege or Relic"),
        ("deploy", "deploying a character"),
        ("activate", "activating an ability"),
        ("attack", "declaring an attack"),
    ], count="N_CATS"),
    _enum("card_kind", "Card kinds", "CK_", [
        ("character", "deployed to a lane of the Wastes"),
        ("sortilege", "enters the Lattice with charges"),
        ("relic", "enters the Lattice; triggers and static modifiers"),
    ], content=True),
    _enum("keyword", "Keywords", "KW_", [
        ("reaction", "may be played while responding on the Stack"),
        ("swift", "a character that may attack the turn it is deployed"),
        ("taunt", "a character the other side's attacks, and its moves that pick among foes, "
                  "must aim at while it stands (rule K01)"),
    ], content=True, bits=True),
    _enum("target", "Targets (what a card or ability asks the player to choose)", "T_", [
        ("none", "no target"),
        ("foe", "a living foe hero or character"),
        ("ally", "a living allied hero or character"),
        ("any", "any living hero or character"),
        ("foe_character", "a foe character", "T_FOE_CHAR"),
        ("ally_character", "an allied character", "T_ALLY_CHAR"),
        ("foe_hero", "a living foe hero"),
        ("ally_hero", "a living allied hero"),
        ("foe_stack_item", "a live Stack item the other side pushed (counters)", "T_FOE_STACK"),
        ("void_card", "a card in the Void"),
        ("lattice_card", "a card in the Lattice"),
        ("rift_card", "another card in the Rift (never the card being played)"),
        ("abyss_card", "a card in the Abyss"),
        ("stack_card", "a card being played, on the Stack (a reaction's target: the Stack is "
                       "empty outside a response window)"),
    ], count="N_TARGET_SPECS", content=True),
    # the instructions are described whole, one row each, in eve.core.instructions
    _enum("op", "Effect instructions", "OP_", [(o.name, o.doc) for o in INSTRUCTIONS],
          count="N_OPS", content=True),
    # Expressions: an amount (`n`) or a condition (`cond`) written as text ("3 + self.power",
    # "target.poison > 0 and count(rift) >= 2"), compiled into postfix nodes [op, arg]
    _enum("expr_op", "Expression nodes (internal: the compiled form of an expression)", "E_", [
        ("const", "push arg"),
        ("attr", "push an attribute of a unit: arg = reference * 16 + attribute"),
        ("count", "push a count: arg = what is counted"),
        ("round", "push the round number"),
        ("add", "a + b"), ("sub", "a - b"), ("mul", "a * b"),
        ("div", "a / b, rounded toward zero; 0 when b is 0"),
        ("min", "the smaller"), ("max", "the larger"),
        ("neg", "-a"),
        ("lt", "a < b"), ("le", "a <= b"), ("gt", "a > b"), ("ge", "a >= b"),
        ("eq", "a == b"), ("ne", "a != b"),
        ("and", "both true"), ("or", "either true"), ("not", "not a"),
        ("clamp", "a held within [lo, hi]: clamp(a, lo, hi)"),
        ("status", "push a unit's stacks of a status: arg = reference * 64 + status index"),
        ("var", "push an Encounter script variable: arg = its index (`var.NAME`)"),
        ("event", "push a field of the event a trigger answers: arg = its field (`event.amount`)"),
        ("my_turn", "push 1 when it is the turn of the side running the program, else 0"),
        ("killed", "push 1 when the program's last `damage` instruction killed a unit, else 0"),
        ("counter", "push a pack's counter: arg = its index (`counter.NAME`)"),
        ("card_counter", "push this card's own counter (`card.counter`; 0 where no card runs "
                         "the program)"),
        ("repeats", "push how many times in a row the Encounter made its move named arg (its "
                    "index among the move names), 0 when its last move is another "
                    "(`repeats.NAME`, rule N09)"),
    ], count="N_EXPR_OPS"),
    _enum("expr_ref", "Units an expression reads (`self.hp`, `target.poison`)", "ER_", [
        ("self", "the source unit (the activator, the deployed character; else the leader)"),
        ("target", "the chosen target (a unit; 0 for every attribute otherwise)"),
        ("own_leader", "the acting side's leader (else its first living hero)"),
        ("foe_leader", "the other side's leader (else its first living hero)"),
    ], count="N_EXPR_REFS", content=True),
    _enum("expr_attr", "Unit attributes an expression reads (0 for a unit that is not there)",
          "EA_", [
        ("hp", "current hp"), ("max_hp", "maximum hp"), ("power", "power"),
        ("shield", "shield"), ("poison", "poison"), ("alive", "1 when alive, else 0"),
    ], count="N_EXPR_ATTRS", content=True),
    _enum("expr_event", "What a trigger's expressions read of its event (`event.amount`; 0 "
          "outside a trigger)", "EE_", [
        ("amount", "the damage taken or dealt, the stacks, the cards drawn, the hp healed; at "
                   "match_end the outcome (1 win, 2 loss, 3 timeout)"),
        ("max_hp", "the subject unit's max hp, as it was at the event (a dying unit's too)"),
        ("power", "the subject unit's power, as it was at the event"),
        ("hp", "the subject unit's hp after the event"),
        ("card_kind", "the kind of the event's card (0 character, 1 Sortilege, 2 Relic; -1 none)"),
        ("side", "the subject's side (0 the player, 1 the Encounter)"),
        ("source_side", "the side of the unit that dealt the damage (damage_taken, damage_dealt, "
                        "dies, shield_broken; -1: no unit dealt it, a status's tick such as "
                        "poison's)"),
        ("source_power", "the power of the unit that dealt the damage, read when the "
                         "expression is (0: none)"),
        ("source_hero", "1 when a hero dealt the damage, 0 a character, -1 no unit"),
    ], count="N_EXPR_EVENTS", content=True),
    _enum("expr_count", "What `count(...)` counts in an expression", "EC_", [
        ("archive", "cards in the Archive"), ("rift", "cards in the Rift (the hand)"),
        ("lattice", "cards in the Lattice"), ("abyss", "cards in the Abyss"),
        ("void", "cards in the Void"), ("stack", "items on the Stack"),
        ("ally_characters", "the acting side's living characters"),
        ("foe_characters", "the other side's living characters"),
        ("ally_heroes", "the acting side's living heroes"),
        ("foe_heroes", "the other side's living heroes"),
    ], count="N_EXPR_COUNTS", content=True),
    _enum("selector", "Selectors (which units an instruction acts on: `to`)", "SEL_",
          [(x.name, x.doc, x.cname) for x in SELECTORS], count="N_SELS", content=True),
    _enum("place", "Places a card is put, created or copied into (`into`)", "PL_", [
        ("archive_top", "the top of the player's Archive: the next card drawn"),
        ("archive_bottom", "the bottom of the player's Archive"),
        ("archive_shuffled", "the player's Archive, then shuffled (Fisher-Yates, `shuffle` "
                             "stream)"),
        ("rift", "the player's Rift (the hand)"),
        ("abyss", "the player's Abyss (the discard pile)"),
        ("void", "the player's Void (exile)"),
    ], count="N_PLACES", content=True),
    _enum("move_how", "How a card moved (a `move` event's `how`): enough to rebuild the "
          "Archive from the log", "MH_", [
        ("rule", "by the lifecycle's table (a draw, a death, a reshuffle...)"),
        ("effect", "by an effect (Z23); into the Archive: on its top"),
        ("bottom", "by an effect, to the bottom of the Archive"),
        ("shuffled", "by an effect, shuffled into the Archive (a `shuffle` event follows)"),
    ]),
    _enum("choice_from", "Where a `choose` instruction's cards come from (`from`)", "CF_", [
        ("rift", "the player's Rift (the hand; the card being played is on the Stack)"),
        ("abyss", "the player's Abyss"),
        ("void", "the player's Void"),
        ("lattice", "the player's Lattice"),
        ("archive_top", "the top `look` cards of the player's Archive, top first: they are seen "
                        "(known to the search, rule Z28)"),
    ], count="N_CHOICE_FROM", content=True),
    _enum("choice", "The kind of a choice pending in a resolution (internal: the state)", "CH_", [
        ("none", "no choice is pending"),
        ("cards", "cards, one at a time"),
        ("mode", "one of a `choose_mode`'s blocks"),
        ("discover", "one of the card defs a `discover` drew"),
    ]),
    # the trigger events are described whole, one row each, in eve.core.trigger_events
    _enum("trigger", "Relic triggers", "TR_", [(e.name, e.doc) for e in EVENTS],
          count="N_TRIGGERS", content=True),
    _enum("trigger_who", "Whose event a trigger answers (`who`), from the listener's side", "TW_", [
        ("any", "any unit or side"),
        ("self", "the listener itself (a card's: its side's)"),
        ("ally", "the listener's side, itself excepted"),
        ("foe", "the other side"),
    ], content=True),
    _enum("trigger_limit", "How often a trigger may fire (`once`; `every` counts `per`)", "TL_", [
        ("none", "every time"),
        ("turn", "once a turn (either side's), or `every` N counted within a turn"),
        ("match", "once a match, or `every` N counted over the match"),
    ], content=True),
    _enum("trigger_source", "Who dealt the damage a trigger answers (`source`), from the "
          "listener's side", "TS_", [
        ("any", "any unit, or none"),
        ("self", "the listening unit itself (a card's: its side's leader)"),
        ("ally", "a unit of the listener's side, the listener itself excepted"),
        ("foe", "a unit of the other side"),
        ("none", "no unit: a status's tick (poison's)"),
    ], content=True),
    _enum("trigger_unit", "Which kind of unit a trigger's subject is (`unit`)", "TU_", [
        ("any", "a hero or a character"),
        ("hero", "a hero"),
        ("character", "a character"),
    ], content=True),
    _enum("trigger_card", "Which card a card event's trigger answers (`card`, beside the kinds)",
          "TC_", [
        ("any", "any card"),
        ("self", "the trigger's own card only"),
    ], content=True),
    # Statuses are data (packs register them, eve.statuses holds the standard ones): these are
    # the words a status definition is written in
    _enum("standard_status", "The standard statuses (eve.statuses: every content has them, first)",
          "STATUS_", [
        ("shield", "absorbs damage; cleared at the start of its owner's turn"),
        ("poison", "its stacks in damage at its owner's End, through shields, then one less"),
    ]),
    _enum("status_stacking", "How a status's stacks read (`stacking`)", "SS_", [
        ("intensity", "the stacks are its strength (3 Poison deals 3)"),
        ("duration", "the stacks are the turns it lasts (2 Vulnerable: two of its owner's turns)"),
    ], content=True),
    _enum("status_polarity", "Whom a status helps (`polarity`: rules text and the baselines' "
          "evaluation)", "SP_", [
        ("buff", "good for the unit that has it"),
        ("debuff", "bad for the unit that has it"),
    ], content=True),
    _enum("status_timing", "When a status ticks or decays (`at`): its owner's turn", "ST_", [
        ("never", "never"),
        ("turn_start", "at the Beginning of its owner's turn"),
        ("turn_end", "at the End of its owner's turn, after its turn-end triggers"),
    ], content=True),
    _enum("status_spend", "When a status spends a stack by itself (`spend`)", "SX_", [
        ("never", "only by its decay or an instruction"),
        ("dealt", "after each hit its unit deals (a doubled attack: Pen Nib)"),
        ("taken", "after each hit its unit takes"),
    ], content=True),
    _enum("status_decay", "How much a status loses when it decays (`decay.by`)", "SD_", [
        ("one", "one stack"),
        ("all", "every stack: it ends"),
    ], content=True),
    _enum("goal", "World Task goals", "G_", [
        ("damage", "damage dealt"),
        ("deploy", "characters deployed"),
        ("kills", "units killed"),
        ("rounds", "rounds survived"),
        ("cards", "cards played"),
        ("heal", "hp healed"),
        ("effect", "only the task instruction advances it"),
    ], count="N_GOALS", content=True),
    _enum("action", "Action kinds", "A_", [
        ("pass", "pass priority while the Stack is open"),
        ("end_phase", "end the current phase"),
        ("play", "play a card from the Rift"),
        ("activate", "activate a hero's, character's or Sortilege's ability"),
        ("attack", "declare an attack with a hero or character into a lane"),
        ("choose", "take an option of the choice pending in a resolution (source: its index; "
                   "255: stop choosing)"),
        # the run's decisions out of a fight (rule U17)
        ("recruit", "a run's party choice: take the player hero of this index into the party"),
        ("travel", "a run's path: go to the node of this column on the next floor"),
        ("take", "take the offered item of this index (a reward's card; a shop's stock, paid)"),
        ("remove", "a shop's removal: pay its price and remove the deck card of this index"),
        ("option", "take a Sanctum's, Forge's or event's option of this index (target: the "
                   "party slot or the deck index it asks for, else 0)"),
        ("leave", "a run's node: take nothing more and go on"),
    ], start=1),
    _enum("stack_item", "Stack item kinds", "SI_", [
        ("card", "a card being played"),
        ("ability", "an activated ability"),
        ("attack", "a declared attack"),
        ("move", "an Encounter move (effect program or summon)"),
    ], start=1),
    _enum("move", "Encounter move kinds", "MV_", [
        ("effect", "run an effect program"),
        ("summon", "summon a unit into a lane"),
        ("attack", "attack a player lane with a roster hero"),
        ("wait", "make nothing: spend the move (its `set` still applies)"),
    ], content=True),
    _enum("lane", "Encounter lane choices", "LANE_", [
        ("fixed", "a lane number (written as the number itself)"),
        ("first_empty", "the Encounter's first empty lane (summons)"),
        ("strongest", "the player's lane with the most power (ties: the lowest lane)"),
        ("random", "a lane drawn from the Encounter stream"),
    ], content=True),
    _enum("enemy_target", "Encounter effect targets", "ESEL_", [
        ("none", "no target"),
        ("foe_leader", "the player's leader"),
        ("strongest_foe_character", "the player's character with the most power",
         "ESEL_STRONGEST_FOE_CHAR"),
        ("weakest_foe", "the player's living unit with the least hp"),
        ("random_foe", "a player unit drawn from the Encounter stream"),
        ("own_leader", "the Encounter's leader"),
        ("weakest_ally", "the Encounter's living unit with the least hp"),
        ("newest_lattice", "the player's most recent Lattice card"),
    ], count="N_ESELS", content=True),
    _enum("condition", "Script branch conditions (`unless.if`)", "COND_", [
        ("none", "no branch"),
        ("random_pct", "a draw in [0, 100) is below arg"),
        ("own_hp_below_pct", "the Encounter leader's hp is below arg percent of its max"),
        ("foe_characters_at_least", "the player has at least arg characters",
         "COND_FOE_CHARS_AT_LEAST"),
        ("round_at_least", "the round is at least arg"),
        ("expr", "the expression `cond` holds, read for the Encounter (`unless = {cond = ...}`)"),
    ], count="N_CONDS", content=True),
    _enum("response_on", "What an Encounter response rule answers (`on`)", "RESP_ON_", [
        ("deploy", "a character being deployed"),
        ("support", "a Sortilege or Relic being played"),
        ("ability", "an activated ability"),
        ("attack", "a declared attack"),
        ("any", "any of them"),
    ], count="N_RESP_ON", content=True),
    _enum("event", "Event kinds and their fields", "EV_", [
        ("move", "a card changed zones (how: a `move_how`, where it went)", None,
         ("card", "from_zone", "to_zone", "how")),
        ("damage", "a unit took damage", None, ("unit", "dealt", "absorbed", "by_side")),
        ("heal", "a unit was healed", None, ("unit", "gained", "", "by_side")),
        ("death", "a character left play", None, ("unit", "def_id", "card", "card_to")),
        ("hero_falls", "a hero fell", None, ("unit", "def_id")),
        ("leader", "a side's leader changed", None, ("slot",)),
        ("phase", "a phase began", None, ("phase", "round")),
        ("push", "an item was pushed on the Stack", None, ("kind", "index", "card", "target")),
        ("resolve", "the top Stack item resolved", None, ("kind", "card", "target")),
        ("fizzle", "the top Stack item fizzled", None, ("kind", "card", "target")),
        ("counter", "a Stack item was countered", None, ("index", "kind", "card")),
        ("shuffle", "the Archive was shuffled (the Abyss reshuffled into it, or a card "
                    "shuffled in); cards: how many it holds", None, ("cards",)),
        ("draw_skipped", "a draw found no card", None, ()),
        ("meter", "the Action Meter was seeded", None, ("capacity",)),
        ("status", "a unit's stacks of a status changed (status: its index; -1 for power, -2 "
                   "for max hp)",
         None, ("unit", "status", "value")),
        ("task", "World Task progress", None, ("slot", "task_def", "progress")),
        ("task_done", "a World Task was completed", None, ("slot", "task_def")),
        ("outcome", "the match ended", None, ("outcome", "round", "capped")),
        ("summon", "a character entered a lane", None, ("unit", "def_id", "lane", "token")),
        ("pass", "a side passed", None, ("stack_size",)),
        ("intent", "the Encounter's next move was shown, with the lane and the unit it drew at "
         "random (-1 none)", None, ("move", "move_kind", "lane", "target")),
        ("choice", "an option of a choice during resolution was taken (option: a card instance, "
         "a mode or a card def; -1: the player stopped choosing)", None,
         ("choice_kind", "option", "left")),
        # the run's own events (rules U01-U21), between its fights
        ("run_node", "the party entered a node of the map", None,
         ("act", "floor", "column", "node")),
        ("run_card", "the run's deck changed (how: 0 added, 1 removed, 2 upgraded)", None,
         ("card_def", "how", "new_def")),
        ("run_aurorune", "the run's aurorune changed", None, ("delta", "total")),
        ("run_hero", "a hero's run ratings changed", None,
         ("slot", "hp", "ambition", "morality")),
        ("run_fell", "a hero fell: it leaves the party for the rest of the run", None,
         ("slot", "hero_def")),
        ("run_relic", "the run gained a Relic", None, ("card_def",)),
        ("run_outcome", "the run ended", None, ("outcome", "act", "floor")),
    ], start=1),
    _enum("refusal", "Why an action is refused (IllegalAction.code)", "R_", [
        ("ok", "legal"),
        ("over", "the match is over"),
        ("malformed", "malformed action"),
        ("no_window", "there is no response window: pass is only legal while you hold priority "
                      "over the Stack"),
        ("not_your_turn", "you do not hold priority: it is not your turn to act"),
        ("stack_busy", "the Stack is not empty: a proactive action needs an empty Stack"),
        ("wrong_phase", "wrong phase: cards and abilities are played in Main, attacks are "
                        "declared in Combat"),
        ("not_in_rift", "that card is not in the Rift"),
        ("reaction_only", "a reaction may be used only while responding"),
        ("not_reaction", "only reactions may be used while responding"),
        ("unaffordable", "not affordable"),
        ("bad_target", "invalid target"),
        ("bad_lane", "invalid lane"),
        ("lane_occupied", "that lane is occupied"),
        ("no_ability", "that source has no activated ability"),
        ("already_used", "that ability was already used this turn"),
        ("no_charges", "that Sortilege has no charges left"),
        ("not_ready", "that character is not ready: it may attack from the turn after it was "
                      "deployed"),
        ("already_attacked", "that attacker already attacked this turn"),
        ("bad_source", "invalid source"),
        ("stack_full", "the Stack is full: only pass is possible"),
        ("turn_limit", "the turn's decision limit (max_decisions_per_turn) is reached: only pass "
         "or end the phase remain"),
        ("play_condition", "the card's play condition (`play_if`) does not hold"),
        ("choice_pending", "a choice is pending in a resolution: only its options are legal"),
        ("no_choice", "no choice is pending"),
    ]),
    # lasting effects held by a source while it stays (rules A01-A05): an item's `aura`, and a
    # `status` or `buff` instruction's `until`
    _enum("aura_who", "Whom an aura gives its stacks (`aura.who`), from its source's side",
          "AW_", [
        ("allies", "every living allied hero and character, the source included"),
        ("other_allies", "every living allied hero and character but the source"),
        ("ally_characters", "every allied character, the source included",
         "AW_ALLY_CHARS"),
        ("other_ally_characters", "every allied character but the source",
         "AW_OTHER_ALLY_CHARS"),
        ("ally_heroes", "every living allied hero"),
        ("foes", "every living foe hero and character"),
        ("foe_characters", "every foe character", "AW_FOE_CHARS"),
        ("foe_heroes", "every living foe hero"),
    ], count="N_AURA_WHO", content=True),
    _enum("counter_reset", "When a pack's counter goes back to 0 (`reset`)", "CR_", [
        ("match", "never: it counts over the match"),
        ("turn", "at the Beginning of each side's turn"),
    ], content=True),
    _enum("until", "How long an instruction's stacks last (`until`)", "UNTIL_", [
        ("source_leaves", "while the program's source (`self`: the character or hero, the "
                          "leader for a card's program) stays in play"),
        ("turn_end", "until the end of the turn it was given in (a buff's max hp too)"),
    ], content=True),
)

# ---- the run (rules U01-U21): its map, content and state ----
ENUMS += (
    _enum("run_node", "Map node kinds of a run (rule U09)", "RN_", [
        ("fight", "a fight: an Encounter of the act's fight pool"),
        ("elite", "an elite fight: the act's elite pool; a richer reward"),
        ("event", "an event: a data-defined scene with options"),
        ("sanctum", "a Sanctum: rest (heal) or train a hero"),
        ("forge", "a Forge: upgrade a card or temper a hero"),
        ("shop", "a shop: cards and Relics for aurorune, and card removal"),
        ("boss", "the act's boss"),
    ], start=1, count="N_RUN_NODES", content=True),
    _enum("rarity", "Card rarities (rule U10)", "RAR_", [
        ("starter", "in some hero's starting cards: never offered"),
        ("common", "offered often"),
        ("uncommon", "offered sometimes"),
        ("rare", "offered seldom"),
        ("special", "never offered: an event or a program gives it"),
    ], count="N_RARITIES", content=True),
    _enum("run_phase", "What a run waits for (internal: the state)", "RP_", [
        ("party", "the party's heroes to be chosen"),
        ("path", "the next node to be chosen"),
        ("fight", "a fight's decisions"),
        ("reward", "a card to be taken from a reward (or none)"),
        ("site", "a Sanctum's or Forge's option"),
        ("shop", "purchases, or leaving the shop"),
        ("event", "an event's option"),
        ("over", "the run has ended"),
    ]),
    _enum("run_target", "What a run option asks the player to pick (`target`)", "RT_", [
        ("none", "nothing"),
        ("hero", "a living hero of the party (read as `chosen_hero`)"),
        ("card", "a card of the deck (read as `chosen_card`)"),
        ("upgradable_card", "a card of the deck that has an upgraded form", "RT_UPGRADABLE"),
    ], content=True),
    _enum("run_value", "What a run option's condition (`if`) reads", "RV_", [
        ("aurorune", "the run's aurorune"),
        ("party", "living heroes"),
        ("deck", "cards in the deck"),
        ("act", "the act, from 1"),
        ("floor", "the floor of the act, from 1"),
        ("hp", "the party's hp (living heroes)"),
        ("max_hp", "the party's max hp (living heroes)"),
        ("relics", "Relics held"),
    ], content=True),
    _enum("compare", "Comparisons of a run option's condition", "CMP_", [
        (">=", "at least", "CMP_GE"), ("<=", "at most", "CMP_LE"), ("==", "equal", "CMP_EQ"),
        ("!=", "not equal", "CMP_NE"), (">", "more than", "CMP_GT"), ("<", "less than", "CMP_LT"),
    ], content=True),
    _enum("run_event", "What a Relic's run trigger answers (`run.on`)", "RE_", [
        ("picked_up", "the Relic joins the run"),
        ("fight_won", "a fight, elite or boss is won"),
        ("act_start", "an act begins (after the first)"),
    ], count="N_RUN_EVENTS", content=True),
    _enum("run_stream", "The run's random streams (rule U01)", "RS_", [
        ("map", "each act's map and its boss"),
        ("rewards", "rewards: aurorune, cards offered, Relics"),
        ("shop", "shop stock"),
        ("events", "which event a node holds; random run selectors"),
        ("encounters", "each fight's Encounter and its match seed"),
    ], count="N_RUN_STREAMS"),
)

BY_KEY: Mapping[str, Enum] = MappingProxyType({e.key: e for e in ENUMS})

#: the names content may use, by table (what eve.compiler checks a field against)
CONTENT: Mapping[str, Mapping[str, int]] = MappingProxyType(
    {e.key: MappingProxyType({m.name: m.code for m in e.members if not (e.key == "op" and m.code == 0)})
     for e in ENUMS if e.content})
# the phases an Encounter move names (a move is made in main or combat; the check is the
# compiler's) use the phase names
CONTENT = MappingProxyType({**CONTENT, "phase": BY_KEY["phase"].by_name()})


# The trigger events by what they carry (their rows in eve.core.trigger_events), read by the
# compiler (which filters and selectors an event allows), the rules text, lint and the test
# generators.
UNIT_EVENTS = events(subject="unit")    # the subject is a unit: `who` reads it, `unit` filters it
CARD_EVENTS = events(subject="card")    # the event has a card: `card` filters it, `to = "event_card"`
DAMAGE_EVENTS = events(damage=True)     # a damage's: `source` filters its dealer, `to = "source"`


def names(key: str) -> tuple[str, ...]:
    """The member names of an enumeration, in code order."""
    return tuple(m.name for m in BY_KEY[key].members)


#: IllegalAction's messages by refusal code
REASONS: Mapping[int, str] = MappingProxyType(
    {m.code: m.doc for m in BY_KEY["refusal"].members if m.code})

#: event kind name -> its field names (a, b, c, d; "" for a field it does not use)
EVENT_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {m.name: m.fields for m in BY_KEY["event"].members})


# ---------------------------------------------------------------- rules text

# TEXT, the words of rules text, lives in eve.core.words (one template a member, keyed by name)


# ---------------------------------------------------------------- derived files

PXD_HEADER = """\
# GENERATED from src/eve/core/vocabulary.py by `python -m eve.core.vocabulary --pxd`: do not edit.
# setup.py regenerates it before every build; tests/test_vocabulary.py checks it is current.
"""


def pxd_text() -> str:
    out = [PXD_HEADER]
    for e in ENUMS:
        out.append(f"\n# {e.title}\ncdef enum:\n")
        for m in e.members:
            out.append(f"    {m.cname} = {m.code}\n")
        if e.count:
            out.append(f"    {e.count} = {max(m.code for m in e.members) + 1}\n")
    out.append("\n# How an instruction's operands share a word (eve.core.instructions)\ncdef enum:\n")
    for name, shift in shifts().items():
        out.append(f"    {name} = {shift}\n")
    return "".join(out)


def docs_table(key: str) -> str:
    """The Markdown table of one enumeration, as the docs show it."""
    e = BY_KEY[key]
    if key == "event":
        rows = ["| kind | code | fields (a, b, c, d) | what |", "|---|---|---|---|"]
        for m in e.members:
            fields = ", ".join(f or "-" for f in m.fields) or "-"
            rows.append(f"| `{m.name}` | {m.code} | {fields} | {m.doc} |")
    elif key in TEXT:
        rows = ["| name | code | what | rules text |", "|---|---|---|---|"]
        for m in e.members:
            if key == "op" and m.code == 0:
                continue
            words = TEXT[key].get(m.name)
            shown = f"`{words}`" if words else "-"
            rows.append(f"| `{m.name}` | {m.code} | {m.doc} | {shown} |")
    else:
        rows = ["| name | code | what |", "|---|---|---|"]
        for m in e.members:
            if key == "op" and m.code == 0:
                continue
            rows.append(f"| `{m.name}` | {m.code} | {m.doc} |")
    return "\n".join(rows) + "\n"


def docs_block(key: str) -> str:
    """The table between its markers, as it stands in the docs."""
    return f"<!-- vocabulary:{key} -->\n{docs_table(key)}<!-- /vocabulary:{key} -->"


def write_pxd(path: str) -> bool:
    """Write the generated file if it differs; True when it was written."""
    return write_if_changed(path, pxd_text())


def rewrite_docs(folder: str) -> list[str]:
    """Replace every `<!-- vocabulary:KEY -->` block of the pages in `folder` by the current
    table; returns the pages that changed."""
    import pathlib
    import re
    changed = []
    for page in sorted(pathlib.Path(folder).glob("*.md")):
        text = page.read_text()
        new = re.sub(r"<!-- vocabulary:(\w+) -->.*?<!-- /vocabulary:\1 -->",
                     lambda m: docs_block(m.group(1)), text, flags=re.S)
        if new != text:
            page.write_text(new)
            changed.append(str(page))
    return changed


if __name__ == "__main__":  # pragma: no cover - a build and docs tool
    if sys.argv[1:] == ["--pxd"]:
        sys.stdout.write(pxd_text())
    elif len(sys.argv) == 3 and sys.argv[1] == "--docs":
        sys.stdout.write(docs_block(sys.argv[2]) + "\n")
    elif len(sys.argv) == 3 and sys.argv[1] == "--write-docs":
        for page in rewrite_docs(sys.argv[2]):
            print(f"rewrote {page}")
    else:
        sys.stderr.write("usage: python -m eve.core.vocabulary --pxd | --docs KEY | "
                         "--write-docs FOLDER\n")
        sys.exit(2)
