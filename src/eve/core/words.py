"""The words of rules text: a template for every name content may use, which eve.text fills.

Plain Python importing nothing of eve but the tables of instructions and trigger events (whose
rows carry their own templates), so that the build can read it before the core exists; the
vocabulary (eve.core.vocabulary) re-exports TEXT beside the names it words.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from eve.core.instructions import INSTRUCTIONS
from eve.core.trigger_events import EVENTS

#: The words of every name content may use (each key of CONTENT, and the Action Meter's
#: categories), as templates that eve.text fills to write an item's rules text: one template a
#: member, keyed by its name (tests/test_rules_text.py checks that every member has one).
#: A template is an imperative clause or a noun phrase; `{field}` is filled from the data (an
#: instruction's `n`, `to`, `unit`, `task`; a task's `threshold`; a branch's `arg`...) or from the
#: point of view it is read in: `{our}`/`{their}` are the acting side's and its foe's possessive
#: ("your", "the Encounter's"), `{players}` the player's ("your" or "the player's"), `{self}`
#: the source unit, `{target}` the chosen target. `{n:# card/# cards}` is the singular or the
#: plural form, `#` standing for the number. An empty template is a name that adds no words.
TEXT: Mapping[str, Mapping[str, str]] = MappingProxyType({key: MappingProxyType(words) for key, words in {
    "card_kind": {
        "character": "character, {power} power, {hp} hp",
        "sortilege": "Sortilege, {charges:# charge/# charges}",
        "relic": "Relic",
    },
    "keyword": {
        "reaction": "Reaction",
        "swift": "Swift",
        "taunt": "Taunt",
    },
    "target": {
        "none": "",
        "foe": "target foe",
        "ally": "target ally",
        "any": "target hero or character",
        "foe_character": "target foe character",
        "ally_character": "target allied character",
        "foe_hero": "target foe hero",
        "ally_hero": "target allied hero",
        "foe_stack_item": "target foe item on the Stack",
        "void_card": "target card in the Void",
        "lattice_card": "target card in the Lattice",
        "rift_card": "another target card in the Rift",
        "abyss_card": "target card in the Abyss",
        "stack_card": "target card on the Stack",
    },
    "op": {o.name: o.text for o in INSTRUCTIONS if o.text},
    "choice_from": {
        "rift": "from {players} Rift",
        "abyss": "from {players} Abyss",
        "void": "from {players} Void",
        "lattice": "from {players} Lattice",
        "archive_top": "from the top {look:card/# cards} of {players} Archive",
    },
    "place": {
        "archive_top": "on top of {players} Archive",
        "archive_bottom": "at the bottom of {players} Archive",
        "archive_shuffled": "into {players} Archive, shuffled in",
        "rift": "into {players} Rift",
        "abyss": "into {players} Abyss",
        "void": "into {players} Void",
    },
    # an expression in words: `ref.attr` reads "{ref}'s {attr}", `count(what)` "the number of
    # {what}" (eve.text)
    "expr_ref": {
        "self": "{self}",
        "target": "{target}",
        "own_leader": "{our} leader",
        "foe_leader": "{their} leader",
    },
    "expr_attr": {
        "hp": "hp", "max_hp": "max hp", "power": "power", "shield": "shield",
        "poison": "poison", "alive": "life (1 alive, 0 not)",
    },
    "expr_count": {
        "archive": "cards in {players} Archive",
        "rift": "cards in {players} Rift",
        "lattice": "cards in {players} Lattice",
        "abyss": "cards in {players} Abyss",
        "void": "cards in {players} Void",
        "stack": "items on the Stack",
        "ally_characters": "{our} characters",
        "foe_characters": "{their} characters",
        "ally_heroes": "{our} living heroes",
        "foe_heroes": "{their} living heroes",
    },
    "selector": {
        "target": "{target}",
        "self": "{self}",
        "own_leader": "{our} leader",
        "foe_leader": "{their} leader",
        "all_foes": "all {their} heroes and characters",
        "all_foe_characters": "all {their} characters",
        "all_allies": "all {our} heroes and characters",
        "all_ally_heroes": "all {our} heroes",
        "all_ally_characters": "all {our} characters",
        "newest_void": "the newest card in {players} Void",
        "newest_lattice": "the newest card in {players} Lattice",
        "none": "",
        "source": "the unit that dealt it",
        "event_card": "that card",
        "random_foe": "a random foe",
        "random_foe_hero": "a random foe hero",
        "random_foe_character": "a random foe character",
        "random_ally": "a random ally",
        "random_ally_character": "a random allied character",
        "random_other_ally": "another random ally",
        "random_other_ally_character": "another random allied character",
        "this_card": "this card",
        # a run program's (rule U19)
        "party": "every living hero",
        "chosen_hero": "the chosen hero",
        "random_hero": "a random living hero",
        "chosen_card": "the chosen card",
        "random_card": "a random card of the deck",
    },
    "trigger": {e.name: e.text for e in EVENTS},
    "trigger_who": {
        "any": "any unit",
        "self": "{self}",
        "ally": "another of {our} units",
        "foe": "one of {their} units",
    },
    "trigger_limit": {
        "none": "",
        "turn": "once a turn",
        "match": "once a match",
    },
    "trigger_source": {
        "any": "from anything",
        "self": "from {self}",
        "ally": "from another of {our} units",
        "foe": "from one of {their} units",
        "none": "from no unit",
    },
    "trigger_unit": {
        "any": "unit",
        "hero": "hero",
        "character": "character",
    },
    "trigger_card": {
        "any": "card",
        "self": "this card",
    },
    "expr_event": {
        "amount": "the amount",
        "max_hp": "its max hp",
        "power": "its power",
        "hp": "its hp",
        "card_kind": "the card's kind",
        "side": "its side",
        "source_side": "the damage source's side",
        "source_power": "the damage source's power",
        "source_hero": "whether a hero dealt it",
    },
    "status_stacking": {
        "intensity": "{n} {status}",
        "duration": "{status} for {n:# turn/# turns}",
    },
    "status_polarity": {
        "buff": "beneficial",
        "debuff": "harmful",
    },
    "status_timing": {
        "never": "never",
        "turn_start": "at the start of its owner's turn",
        "turn_end": "at the end of its owner's turn",
    },
    "status_spend": {
        "never": "spends no stack by itself",
        "dealt": "loses one stack each time it deals damage",
        "taken": "loses one stack each time it takes damage",
    },
    "status_decay": {
        "one": "loses one stack",
        "all": "ends",
    },
    "goal": {
        "damage": "deal {threshold} damage",
        "deploy": "deploy or summon {threshold:# character/# characters}",
        "kills": "kill {threshold:# hero or character/# heroes or characters}",
        "rounds": "survive {threshold:# round/# rounds}",
        "cards": "play {threshold:# card/# cards}",
        "heal": "heal {threshold} hp",
        "effect": "gain {threshold} progress from effects",
    },
    "phase": {
        "beginning": "Beginning",
        "main": "Main",
        "combat": "Combat",
        "end": "End",
    },
    "move": {
        "effect": "{effect}",
        "summon": "summon {unit} into {lane}",
        "attack": "{attacker} attacks {lane}",
        "wait": "do nothing",
    },
    "lane": {
        "fixed": "lane {lane}",
        "first_empty": "the first empty lane",
        "strongest": "the lane of the player's strongest character",
        "random": "a random lane",
    },
    "enemy_target": {
        "none": "",
        "foe_leader": "the player's leader",
        "strongest_foe_character": "the player's strongest character",
        "weakest_foe": "the player's hero or character with the least hp",
        "random_foe": "a random hero or character of the player's",
        "own_leader": "the Encounter's leader",
        "weakest_ally": "the Encounter's hero or character with the least hp",
        "newest_lattice": "the newest card in the player's Lattice",
    },
    "condition": {
        "none": "never",
        "random_pct": "with a {arg}% chance",
        "own_hp_below_pct": "if the Encounter's leader is below {arg}% of its max hp",
        "foe_characters_at_least": "if the player has at least {arg:# character/# characters}",
        "round_at_least": "from round {arg}",
        "expr": "if {cond}",
    },
    "response_on": {
        "deploy": "the player deploys a character",
        "support": "the player plays a Sortilege or Relic",
        "ability": "the player activates an ability",
        "attack": "the player declares an attack",
        "any": "the player deploys, plays, activates or attacks",
    },
    "aura_who": {
        "allies": "{our} heroes and characters",
        "other_allies": "{our} other heroes and characters",
        "ally_characters": "{our} characters",
        "other_ally_characters": "{our} other characters",
        "ally_heroes": "{our} heroes",
        "foes": "{their} heroes and characters",
        "foe_characters": "{their} characters",
        "foe_heroes": "{their} heroes",
    },
    "until": {
        "source_leaves": "while {self} stays in play",
        "turn_end": "until the end of the turn",
    },
    "counter_reset": {
        "match": "counted over the match",
        "turn": "counted each turn, from 0",
    },
    # the run's (rules U01-U21)
    "run_node": {
        "fight": "a fight",
        "elite": "an elite fight",
        "event": "an event",
        "sanctum": "a Sanctum",
        "forge": "a Forge",
        "shop": "a shop",
        "boss": "the boss",
    },
    "rarity": {
        "starter": "starter",
        "common": "common",
        "uncommon": "uncommon",
        "rare": "rare",
        "special": "special",
    },
    "run_target": {
        "none": "",
        "hero": "choose a hero",
        "card": "choose a card of the deck",
        "upgradable_card": "choose a card of the deck that has an upgraded form",
    },
    "run_value": {
        "aurorune": "aurorune",
        "party": "living heroes",
        "deck": "cards in the deck",
        "act": "the act",
        "floor": "the floor",
        "hp": "the party's hp",
        "max_hp": "the party's max hp",
        "relics": "Relics held",
    },
    "compare": {
        ">=": "at least {n}",
        "<=": "at most {n}",
        "==": "exactly {n}",
        "!=": "not {n}",
        ">": "more than {n}",
        "<": "less than {n}",
    },
    "run_event": {
        "picked_up": "when the run gains it",
        "fight_won": "after each won fight",
        "act_start": "at the start of each act after the first",
    },
    "category": {
        "play_support": "play",
        "deploy": "deploy",
        "activate": "activate",
        "attack": "attack",
    },
}.items()})
