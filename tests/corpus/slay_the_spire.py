"""Designs from Slay the Spire: cards, Powers (a status on the hero), relics and monsters."""
from __future__ import annotations

from .design import KILL, Design, block, dmg, draw, needs, power, spell, status

S = "Slay the Spire: "
# the damage a trigger deals for the player is the leader's (rule D01): blockable damage that
# nothing modifies (Slay the Spire's thorns) is not in the language
LEADERS_DAMAGE = ("its damage is the leader's, so Strength adds to it and Vulnerable multiplies "
                  "it; the original's does not change")
# Lagavulin sheds its sleeping Metallicize as it acts
WAKE = {"op": "remove_status", "status": "slumber_plate", "to": "own_leader", "n": 8}
AT_START = ("a Relic card in the deck that fires at the match's start from the Archive or the "
            "opening hand, where it stays: eve's Relics are cards, not run-long items")
PER_MATCH = "the count starts over each match: the original's runs on from combat to combat"
POWER_EXILED = ("the corpus's Powers leave the match for the Void, so each Power played counts as "
                "a card exhausted, this one included")


def _poke(n: int, **extra: object) -> dict[str, object]:
    return {"move": "effect", "target": "foe_leader", "effect": [dmg(n)], **extra}


def at_match_start(effect: list[dict[str, object]]) -> dict[str, object]:
    """A relic that acts as the combat starts: a Relic card heard from the deck or the hand."""
    return {"kind": "relic", "triggers": [{"on": "match_start", "zone": z, "effect": effect}
                                          for z in ("archive", "rift")]}


DESIGNS = [
    Design("strike", S + "Strike", "Deal 6 damage to an enemy.", "exact",
           cards={"strike": spell([dmg(6)], "foe")}),
    Design("rampage", S + "Rampage", "Deal 8 damage; this card deals 5 more each time after, "
           "this combat.", "exact",
           cards={"rampage": spell([dmg("8 + card.counter"),
                                    {"op": "add_counter", "counter": "card", "n": 5}], "foe")}),
    Design("defend", S + "Defend", "Gain 5 Block.", "exact",
           cards={"defend": spell([block(5)])}),
    Design("bash", S + "Bash", "Hit an enemy for 8, then make it Vulnerable for 2 turns.", "exact",
           cards={"bash": spell([dmg(8), status("core:vulnerable", 2)], "foe")}),
    Design("flex", S + "Flex", "Gain 2 Strength that goes away at the end of your turn.", "exact",
           cards={"flex": spell([status("strength_up", 2, "own_leader")])}),
    Design("inflame", S + "Inflame", "A Power: gain 2 Strength for the rest of combat.", "exact",
           cards={"inflame": power("strength", 2)}),
    Design("heavy_blade", S + "Heavy Blade",
           "Deal 14 damage; Strength counts three times for this card.", "exact",
           cards={"heavy_blade": spell(
               [dmg("14 + 2 * (own_leader.strength + own_leader.strength_up)")], "foe")}),
    Design("limit_break", S + "Limit Break", "Double your Strength, then exhaust.", "exact",
           cards={"limit_break": spell([status("strength", "own_leader.strength", "own_leader")],
                                       exhaust=True)}),
    Design("pommel_strike", S + "Pommel Strike", "Deal 9 damage and draw a card.", "exact",
           cards={"pommel_strike": spell([dmg(9), draw(1)], "foe")}),
    Design("shrug_it_off", S + "Shrug It Off", "Gain 8 Block and draw a card.", "exact",
           cards={"shrug_it_off": spell([block(8), draw(1)])}),
    Design("iron_wave", S + "Iron Wave", "Gain 5 Block and deal 5 damage.", "exact",
           cards={"iron_wave": spell([block(5), dmg(5)], "foe")}),
    Design("twin_strike", S + "Twin Strike", "Hit an enemy for 5, twice.", "exact",
           cards={"twin_strike": spell([dmg(5), dmg(5)], "foe")}),
    Design("cleave", S + "Cleave", "Deal 8 damage to every enemy.", "exact",
           cards={"cleave": spell([dmg(8, "all_foes")])}),
    Design("thunderclap", S + "Thunderclap",
           "Deal 4 damage to every enemy and make each Vulnerable for a turn.", "exact",
           cards={"thunderclap": spell([dmg(4, "all_foes"), status("core:vulnerable", 1, "all_foes")])}),
    Design("clothesline", S + "Clothesline", "Deal 12 damage and make the enemy Weak for 2 turns.",
           "exact", cards={"clothesline": spell([dmg(12), status("core:weak", 2)], "foe")}),
    Design("uppercut", S + "Uppercut", "Deal 13 damage; the enemy is Weak and Vulnerable for a turn.",
           "exact", cards={"uppercut": spell([dmg(13), status("core:weak", 1), status("core:vulnerable", 1)],
                                             "foe")}),
    Design("body_slam", S + "Body Slam", "Deal damage equal to your current Block.", "exact",
           cards={"body_slam": spell([dmg("own_leader.shield")], "foe")}),
    Design("entrench", S + "Entrench", "Double your Block.", "exact",
           cards={"entrench": spell([block("own_leader.shield")])}),
    Design("impervious", S + "Impervious", "Gain 30 Block, then exhaust.", "exact",
           cards={"impervious": spell([block(30)], exhaust=True)}),
    Design("barricade", S + "Barricade", "A Power: your Block no longer expires at turn start.",
           "exact", cards={"barricade": power("barricaded")},
           statuses={"barricaded": {"name": "Barricade", "polarity": "buff", "max": 1,
                                   "keeps": ["shield"]}}),
    Design("demon_form", S + "Demon Form", "A Power: gain 2 Strength at the start of each turn.",
           "exact", cards={"demon_form": power("demonic")},
           statuses={"demonic": {"name": "Demon Form", "polarity": "buff", "tick": {
               "at": "turn_start",
               "effect": [status("strength", "2 * self.demonic", "self")]}}}),
    Design("metallicize", S + "Metallicize", "A Power: gain 3 Block at the end of each turn.",
           "exact", cards={"metallicize": power("metallic")},
           statuses={"metallic": {"name": "Metallicize", "polarity": "buff", "tick": {
               "at": "turn_end", "effect": [{"op": "shield", "to": "self",
                                             "n": "3 * self.metallic"}]}}}),
    Design("noxious_fumes", S + "Noxious Fumes",
           "A Power: at the start of each turn, 2 Poison to every enemy.", "exact",
           cards={"noxious_fumes": power("fumes")},
           statuses={"fumes": {"name": "Noxious Fumes", "polarity": "buff", "tick": {
               "at": "turn_start",
               "effect": [{"op": "poison", "to": "all_foes", "n": "2 * self.fumes"}]}}}),
    Design("deadly_poison", S + "Deadly Poison", "Give an enemy 5 Poison.", "exact",
           cards={"deadly_poison": spell([{"op": "poison", "n": 5}], "foe")}),
    Design("catalyst", S + "Catalyst", "Double an enemy's Poison, then exhaust.", "exact",
           cards={"catalyst": spell([{"op": "poison", "n": "target.poison"}], "foe",
                                    exhaust=True)}),
    Design("bane", S + "Bane", "Deal 7 damage, and 7 more if the enemy is poisoned.", "exact",
           cards={"bane": spell([dmg(7), {"op": "if", "cond": "target.poison > 0",
                                          "then": [dmg(7)]}], "foe")}),
    Design("poisoned_stab", S + "Poisoned Stab", "Deal 6 damage and give 3 Poison.", "exact",
           cards={"poisoned_stab": spell([dmg(6), {"op": "poison", "n": 3}], "foe")}),
    Design("neutralize", S + "Neutralize", "Deal 3 damage and make the enemy Weak for a turn.",
           "exact", cards={"neutralize": spell([dmg(3), status("core:weak", 1)], "foe")}),
    Design("survivor", S + "Survivor", "Gain 8 Block, then discard a card of your choice.",
           "compromise", note="the card to discard is chosen as Survivor is played (a target), so "
           "it cannot be played from an otherwise empty hand",
           cards={"survivor": spell([block(8), {"op": "put", "into": "abyss"}], "rift_card")}),
    Design("backflip", S + "Backflip", "Gain 5 Block and draw 2 cards.", "exact",
           cards={"backflip": spell([block(5), draw(2)])}),
    Design("dagger_spray", S + "Dagger Spray", "Deal 4 damage to every enemy, twice.", "exact",
           cards={"dagger_spray": spell([dmg(4, "all_foes"), dmg(4, "all_foes")])}),
    Design("burning_pact", S + "Burning Pact", "Exhaust a card of your hand, then draw 2.",
           "compromise", note="the card to exhaust is chosen as Burning Pact is played (a target), "
           "so it cannot be played from an otherwise empty hand",
           cards={"burning_pact": spell([{"op": "exile"}, draw(2)], "rift_card")}),
    Design("headbutt", S + "Headbutt",
           "Deal 9 damage and put a card of your discard pile on top of your draw pile.",
           "compromise", note="the damage goes to the Encounter's leader: a card has one chosen "
           "target, here the discarded card; it cannot be played with an empty discard pile",
           cards={"headbutt": spell([dmg(9, "foe_leader"), {"op": "put", "into": "archive_top"}],
                                    "abyss_card")}),
    Design("anger", S + "Anger", "Deal 6 damage and put a copy of this card in the discard pile.",
           "exact", cards={"anger": spell([dmg(6), {"op": "copy", "to": "newest_lattice",
                                                    "into": "abyss"}], "foe")}),
    Design("wound", S + "Wound", "A status card that cannot be played.", "exact",
           cards={"wound": spell([], play_if="0")}),
    Design("wild_strike", S + "Wild Strike", "Deal 12 damage and shuffle a Wound into your draw pile.",
           "exact", cards={"wild_strike": spell(
               [dmg(12), {"op": "create", "card": "wound", "into": "archive_shuffled"}], "foe")}),
    Design("shockwave", S + "Shockwave", "Every enemy becomes Weak and Vulnerable for 3 turns; exhaust.",
           "exact", cards={"shockwave": spell([status("core:weak", 3, "all_foes"),
                                               status("core:vulnerable", 3, "all_foes")], exhaust=True)}),
    Design("disarm", S + "Disarm", "An enemy loses 2 Strength for good; exhaust.", "compromise",
           note="Strength never goes below 0: stacks are counts, so a foe without Strength loses "
           "nothing",
           cards={"disarm": spell([{"op": "remove_status", "status": "strength", "n": 2}], "foe",
                                  exhaust=True)}),
    Design("bouncing_flask", S + "Bouncing Flask", "Give 3 Poison to a random enemy, three times.",
           "exact",
           cards={"bouncing_flask": spell([{"op": "poison", "to": "random_foe", "n": 3}] * 3)}),
    Design("acrobatics", S + "Acrobatics", "Draw 3 cards, then discard one of your choice.",
           "compromise", note="the discarded card is random: a choice made during resolution "
           "is not in the language yet",
           cards={"acrobatics": spell([draw(3), {"op": "discard", "n": 1}])}),
    Design("orichalcum", S + "Orichalcum",
           "A relic: if you end your turn with no Block, gain 6 Block.", "exact",
           cards={"orichalcum": {"kind": "relic", "trigger": {"on": "turn_end", "effect": [
               {"op": "if", "cond": "own_leader.shield == 0", "then": [block(6)]}]}}}),
    Design("mercury_hourglass", S + "Mercury Hourglass",
           "A relic: at the start of your turn, 3 damage to every enemy.", "compromise",
           note=LEADERS_DAMAGE,
           cards={"mercury_hourglass": {"kind": "relic", "trigger": {
               "on": "turn_start", "effect": [dmg(3, "all_foes")]}}}),
    Design("jaw_worm", S + "Jaw Worm",
           "Opens with a bite, then picks bite, thrash or bellow by weight, never biting or "
           "bellowing twice in a row nor thrashing three times.", "exact",
           units={"jaw_worm_body": {"kind": "enemy_hero", "name": "Jaw Worm", "max_hp": 42,
                                    "power": 0}},
           encounters={"jaw_worm": {"roster": ["jaw_worm_body"], "initiative": 1,
                                    "vars": {"opened": 0}, "phases": [
               {"name": "opening", "when": "var.opened == 0",
                "script": [_poke(11, set={"opened": 1})]},
               {"name": "hunting", "script": [{"pick": [
                   {**_poke(11), "weight": 25, "max_repeats": 1},                     # chomp
                   {"move": "effect", "target": "foe_leader", "weight": 30, "max_repeats": 2,
                    "effect": [dmg(7), {"op": "shield", "to": "own_leader", "n": 5}]},  # thrash
                   {"move": "effect", "target": "own_leader", "weight": 45, "max_repeats": 1,
                    "effect": [status("strength", 3, "own_leader"),                    # bellow
                               {"op": "shield", "to": "own_leader", "n": 6}]}]}]}]}}),
    Design("lagavulin", S + "Lagavulin",
           "Sleeps behind 8 Metallicize until it loses hp or three turns pass (woken by a hit, "
           "it is stunned a turn), then hits hard twice and drains the player's Strength, over "
           "and over.", "compromise",
           note="the drain takes Strength only (no Dexterity), never below 0",
           units={"lagavulin_body": {"kind": "enemy_hero", "name": "Lagavulin", "max_hp": 109,
                                     "power": 0, "triggers": [
               {"on": "match_start", "effect": [status("slumber_plate", 8, "self")]},
               # woken by a hit, it sheds its plate; the sleep it announced is its stunned turn
               {"on": "damage_taken", "once": "match",
                "effect": [{"op": "remove_status", "status": "slumber_plate", "to": "self",
                            "n": 8}]}]}},
           statuses={"slumber_plate": {"name": "Metallicize", "polarity": "buff", "tick": {
                         "at": "turn_end", "effect": [{"op": "shield", "to": "self",
                                                       "n": "self.slumber_plate"}]}}},
           encounters={"lagavulin": {"roster": ["lagavulin_body"], "initiative": 1,
                                     "vars": {"slept": 0, "awake": 0}, "phases": [
               {"name": "asleep",
                "when": "var.awake == 0 and var.slept < 3 and own_leader.hp == own_leader.max_hp",
                "script": [{"move": "wait", "set": {"slept": "var.slept + 1"}}]},
               {"name": "awake", "script": [
                   {**_poke(18, set={"awake": 1}), "effect": [dmg(18), WAKE]},
                   {**_poke(18, set={"awake": 1}), "effect": [dmg(18), WAKE]},
                   {"move": "effect", "target": "foe_leader", "set": {"awake": 1},
                    "effect": [{"op": "remove_status", "status": "strength", "n": 1},
                               WAKE]}]}]}}),
    Design("transient", S + "Transient",
           "Hits for 30, then 10 more each turn, and fades away after 5 turns; whatever hp it "
           "loses, it deals that much less until the end of its turn.", "exact",
           units={"transient_body": {"kind": "enemy_hero", "name": "Transient", "max_hp": 999,
                                     "power": 0, "triggers": [
               {"on": "damage_taken", "effect": [status("shifting", "event.amount", "self")]}]}},
           statuses={"shifting": {"name": "Shifting", "polarity": "debuff", "dealt_add": -1,
                                  "decay": {"at": "turn_end", "by": "all"}}},
           encounters={"transient": {"roster": ["transient_body"], "initiative": 1,
                                     "vars": {"turns": 0}, "phases": [
               {"name": "faded", "when": "var.turns >= 5", "script": [
                   {"move": "effect", "target": "own_leader", "effect": [KILL]}]},
               {"name": "attacking", "script": [
                   {"move": "effect", "target": "foe_leader", "set": {"turns": "var.turns + 1"},
                    "effect": [dmg("20 + 10 * var.turns")]}]}]}}),
    Design("cultist", S + "Cultist",
           "Chants first (gaining 3 Strength at the end of each of its turns from the next one "
           "on), then strikes for 6 every turn.", "exact",
           units={"cultist_body": {"kind": "enemy_hero", "name": "Cultist", "max_hp": 50,
                                   "power": 0}},
           statuses={
               "ritual": {"name": "Ritual", "polarity": "buff", "tick": {
                   "at": "turn_end", "effect": [{"op": "if", "cond": "self.chanting == 0",
                                                 "then": [status("strength", "self.ritual",
                                                                 "self")]}]}},
               # the turn the Ritual is gained: it lasts until the Cultist's next turn
               "chanting": {"name": "Chanting", "polarity": "buff", "max": 1,
                            "decay": {"at": "turn_start", "by": "all"}}},
           encounters={"cultist": {"roster": ["cultist_body"], "initiative": 1,
                                   "vars": {"chanted": 0}, "phases": [
               {"name": "incantation", "when": "var.chanted == 0", "script": [
                   {"move": "effect", "target": "own_leader", "set": {"chanted": 1},
                    "effect": [status("ritual", 3, "own_leader"),
                               status("chanting", 1, "own_leader")]}]},
               {"name": "dark strike", "script": [_poke(6)]}]}}),
    Design("sword_boomerang", S + "Sword Boomerang", "Hit a random enemy for 3, three times.",
           "exact", cards={"sword_boomerang": spell([dmg(3, "random_foe")] * 3)}),
    Design("slimed", S + "Slimed", "A status card that does nothing when played, then exhausts.",
           "exact", cards={"slimed": spell([], exhaust=True)}),
    Design("acid_slime", S + "Acid Slime",
           "Spits for 7 and slips a Slimed into the discard pile, tackles for 10, or licks to "
           "make the player Weak, by weight.", "compromise",
           note="its limits on repeats are simplified: no move three times in a row",
           units={"acid_slime_body": {"kind": "enemy_hero", "name": "Acid Slime", "max_hp": 30,
                                      "power": 0}},
           encounters={"acid_slime": {"roster": ["acid_slime_body"], "initiative": 1,
                                      "script": [{"max_repeats": 2, "pick": [
               {"move": "effect", "target": "foe_leader", "weight": 30, "effect": [
                   dmg(7), {"op": "create", "card": "slimed", "into": "abyss"}]},
               {**_poke(10), "weight": 40},
               {"move": "effect", "target": "foe_leader", "weight": 30,
                "effect": [status("core:weak", 1)]}]}]}}),
    Design("corpse_explosion", S + "Corpse Explosion",
           "6 Poison; when that enemy dies, its max hp as damage to all the others.",
           "compromise", note="a Vulnerable foe takes half as much again of it: the original's "
           "damage changes for nothing",
           cards={"corpse_explosion": spell([{"op": "poison", "n": 6}, status("corpse", 1)], "foe")},
           statuses={"corpse": {"name": "Corpse Explosion", "polarity": "debuff", "max": 1,
                                "triggers": [{"on": "dies", "effect": [
                                    dmg("event.max_hp", "all_foes")]}]}}),
    Design("feel_no_pain", S + "Feel No Pain", "A Power: gain 3 Block whenever a card is exhausted.",
           "compromise", note=POWER_EXILED, cards={"feel_no_pain": power("no_pain")},
           statuses={"no_pain": {"name": "Feel No Pain", "polarity": "buff", "triggers": [
               {"on": "exiled", "effect": [{"op": "shield", "to": "self",
                                            "n": "3 * self.no_pain"}]}]}}),
    needs("kunai", S + "Kunai", "A relic: every third attack in a turn gives 1 Dexterity.",
          "a Dexterity status needs a modifier of the Block cards give (the count of every "
          "third card a turn is a trigger now: see Shuriken)"),
    Design("shuriken", S + "Shuriken", "A relic: every third attack in a turn gives 1 Strength.",
           "compromise", note="every third Sortilege played counts, skills too: the corpus's "
           "cards have no Attack type to filter on",
           cards={"shuriken": {"kind": "relic", "triggers": [
               {"on": "card_played", "card": "sortilege", "every": 3, "per": "turn",
                "effect": [status("strength", 1, "own_leader")]}]}}),
    Design("pen_nib", S + "Pen Nib", "A relic: every tenth attack deals double damage.",
           "compromise", note="every tenth Sortilege played counts, skills too (no Attack type), "
           "and only its first hit is doubled (a Twin Strike's second hit is not); " + PER_MATCH,
           cards={"pen_nib": {"kind": "relic", "triggers": [
               {"on": "card_played", "card": "sortilege", "every": 10,
                "effect": [status("inked", 1, "own_leader")]}]}},
           statuses={"inked": {"name": "Pen Nib", "polarity": "buff", "max": 1, "dealt_pct": 200,
                               "triggers": [{"on": "damage_dealt", "effect": [
                                   {"op": "remove_status", "status": "inked", "to": "self",
                                    "n": 1}]}]}}),
    Design("a_thousand_cuts", S + "A Thousand Cuts",
           "A Power: whenever you play a card, 1 damage to every enemy.", "compromise",
           note=LEADERS_DAMAGE, cards={"a_thousand_cuts": power("cuts")},
           statuses={"cuts": {"name": "A Thousand Cuts", "polarity": "buff", "triggers": [
               {"on": "card_played", "effect": [dmg("self.cuts", "all_foes")]}]}}),
    Design("after_image", S + "After Image", "A Power: whenever you play a card, gain 1 Block.",
           "exact", cards={"after_image": power("mirage")},
           statuses={"mirage": {"name": "After Image", "polarity": "buff", "triggers": [
               {"on": "card_played", "effect": [{"op": "shield", "to": "self",
                                                 "n": "self.mirage"}]}]}}),
    Design("dark_embrace", S + "Dark Embrace", "A Power: whenever a card is exhausted, draw 1.",
           "compromise", note=POWER_EXILED, cards={"dark_embrace": power("embrace")},
           statuses={"embrace": {"name": "Dark Embrace", "polarity": "buff", "triggers": [
               {"on": "exiled", "effect": [{"op": "draw", "n": "self.embrace"}]}]}}),
    Design("rupture", S + "Rupture",
           "A Power: whenever you lose hp from a card, gain 1 Strength.", "compromise",
           note="hp lost to your Relics' triggers counts too: their damage, as your cards', is "
           "your leader's (source self)",
           cards={"rupture": power("ruptured")},
           statuses={"ruptured": {"name": "Rupture", "polarity": "buff", "triggers": [
               {"on": "damage_taken", "source": "self", "if": "event.amount > 0",
                "effect": [status("strength", "self.ruptured", "self")]}]}}),
    Design("flame_barrier", S + "Flame Barrier",
           "Gain 12 Block; until your next turn, whoever attacks you takes 4 damage.",
           "compromise", note="it answers every attack a foe declares, at a character of yours "
           "too, and not the damage an Encounter's effect move deals; " + LEADERS_DAMAGE,
           cards={"flame_barrier": spell([block(12), status("flames", 4, "own_leader")])},
           statuses={"flames": {"name": "Flame Barrier", "polarity": "buff",
                                       "decay": {"at": "turn_start", "by": "all"}, "triggers": [
               {"on": "attack", "who": "foe", "effect": [dmg("self.flames")]}]}}),
    Design("centennial_puzzle", S + "Centennial Puzzle",
           "A relic: the first time you lose hp in a combat, draw 3.", "exact",
           cards={"centennial_puzzle": {"kind": "relic", "triggers": [
               {"on": "ally_hero_damaged", "once": "match", "effect": [draw(3)]}]}}),
    Design("vajra", S + "Vajra", "A relic: start each combat with 1 Strength.", "compromise",
           note=AT_START, cards={"vajra": at_match_start([status("strength", 1, "own_leader")])}),
    Design("bag_of_preparation", S + "Bag of Preparation",
           "A relic: draw 2 more cards at the start of each combat.", "compromise", note=AT_START,
           cards={"bag_of_preparation": at_match_start([draw(2)])}),
    Design("red_mask", S + "Red Mask", "A relic: every enemy starts each combat Weak for a turn.",
           "compromise", note=AT_START,
           cards={"red_mask": at_match_start([status("core:weak", 1, "all_foes")])}),
    Design("anchor", S + "Anchor", "A relic: start each combat with 10 Block.", "compromise",
           note=AT_START + "; the Block comes from a status at the first turn's start, since "
           "shield given at the match's start is cleared then (rule E13)",
           cards={"anchor": at_match_start([status("anchored", 1, "own_leader")])},
           statuses={"anchored": {"name": "Anchor", "polarity": "buff", "max": 1, "triggers": [
               {"on": "turn_start", "effect": [block(10), {"op": "remove_status", "status":
                                                           "anchored", "to": "self", "n": 1}]}]}}),
    Design("louse", S + "Red Louse",
           "Curls up for 7 Block the first time it is hurt; bites for 6, or grows 3 Strength.",
           "compromise", note="its bite is 6 and its Curl Up 7 (the original draws each from a "
           "range); it never grows twice in a row, the rest by weight",
           units={"louse_body": {"kind": "enemy_hero", "name": "Red Louse", "max_hp": 12,
                                 "power": 0, "triggers": [
               {"on": "damage_taken", "once": "match",
                "effect": [{"op": "shield", "to": "self", "n": 7}]}]}},
           encounters={"louse": {"roster": ["louse_body"], "initiative": 1, "script": [
               {"pick": [{**_poke(6), "weight": 75},
                         {"move": "effect", "target": "own_leader", "weight": 25,
                          "max_repeats": 1,
                          "effect": [status("strength", 3, "own_leader")]}]}]}}),
    Design("letter_opener", S + "Letter Opener",
           "A relic: every third skill in a turn deals 5 damage to every enemy.", "compromise",
           note="every third Sortilege played counts, attacks too (no Skill type); "
           + LEADERS_DAMAGE,
           cards={"letter_opener": {"kind": "relic", "triggers": [
               {"on": "card_played", "card": "sortilege", "every": 3, "per": "turn",
                "effect": [dmg(5, "all_foes")]}]}}),
    Design("mad_gremlin", S + "Mad Gremlin",
           "Scratches for 4; whenever it takes attack damage it gains 1 Strength.", "compromise",
           note="any damage angers it, poison's too: a damage event has no source to test",
           units={"mad_gremlin_body": {"kind": "enemy_hero", "name": "Mad Gremlin", "max_hp": 22,
                                       "power": 0, "triggers": [
               {"on": "damage_taken", "effect": [status("strength", 1, "self")]}]}},
           encounters={"mad_gremlin": {"roster": ["mad_gremlin_body"], "initiative": 1,
                                       "script": [_poke(4)]}}),
    Design("reflex", S + "Reflex", "Unplayable; when it is discarded from your hand, draw 2.",
           "compromise", note="it listens from the Abyss, so once there it also draws whenever "
           "another card is discarded: a card event does not say which card it was",
           cards={"reflex": spell([], play_if="0", triggers=[
               {"on": "discarded", "zone": "abyss", "effect": [draw(2)]}])}),
    Design("chosen", S + "Chosen",
           "Pokes twice for 5, then Hexes the player (each non-attack card played shuffles a "
           "Dazed into the draw pile), then alternates heavy blows and drains.", "compromise",
           note="every card played is hexed, attacks too (no Attack type); the Dazed is a Wound; "
           "its later moves are a fixed cycle: 10 and 2 Vulnerable, then 3 Weak and 3 Strength, "
           "then an 18 zap",
           units={"chosen_body": {"kind": "enemy_hero", "name": "Chosen", "max_hp": 95,
                                  "power": 0}},
           statuses={"hex": {"name": "Hex", "polarity": "debuff", "triggers": [
               {"on": "card_played", "effect": [
                   {"op": "create", "card": "wound", "into": "archive_shuffled"}]}]}},
           encounters={"chosen": {"roster": ["chosen_body"], "initiative": 1,
                                  "vars": {"hexed": 0, "poked": 0}, "phases": [
               {"name": "poke", "when": "var.poked == 0", "script": [
                   {"move": "effect", "target": "foe_leader", "set": {"poked": 1},
                    "effect": [dmg(5), dmg(5)]}]},
               {"name": "hex", "when": "var.hexed == 0", "script": [
                   {"move": "effect", "target": "foe_leader", "set": {"hexed": 1},
                    "effect": [status("hex", 1)]}]},
               {"name": "hunt", "script": [
                   {"move": "effect", "target": "foe_leader",
                    "effect": [dmg(10), status("core:vulnerable", 2)]},
                   {"move": "effect", "target": "foe_leader",
                    "effect": [status("core:weak", 3), status("strength", 3, "own_leader")]},
                   _poke(18)]}]}}),
    Design("ink_bottle", S + "Ink Bottle", "A relic: every tenth card you play draws a card.",
           "compromise", note=PER_MATCH, cards={"ink_bottle": {"kind": "relic", "triggers": [
               {"on": "card_played", "every": 10, "effect": [draw(1)]}]}}),
    Design("ornamental_fan", S + "Ornamental Fan",
           "A relic: every third attack in a turn gives 4 Block.", "compromise",
           note="every third Sortilege played counts, skills too: the corpus's cards have no "
           "Attack type",
           cards={"ornamental_fan": {"kind": "relic", "triggers": [
               {"on": "card_played", "card": "sortilege", "every": 3, "per": "turn",
                "effect": [block(4)]}]}}),
    Design("infinite_blades", S + "Infinite Blades",
           "A Power: at the start of each turn, a Shiv (4 damage, exhausts) comes into your hand.",
           "exact", cards={"infinite_blades": power("blades"),
                           "shiv": spell([dmg(4)], "foe", exhaust=True)},
           statuses={"blades": {"name": "Infinite Blades", "polarity": "buff", "tick": {
               "at": "turn_start", "effect": [{"op": "create", "card": "shiv", "into": "rift",
                                               "n": "self.blades"}]}}}),
    needs("armaments", S + "Armaments", "Gain 5 Block and upgrade a card in your hand.",
          "choices during resolution, and card upgrades"),
    needs("whirlwind", S + "Whirlwind", "Spend all energy: 5 damage to every enemy that many times.",
          "never (seed 002: effects never read the Action Meter)"),
    needs("perfected_strike", S + "Perfected Strike", "6 damage, +2 for each Strike you own.",
          "counts of cards by name or tag"),
    Design("reaper", S + "Reaper", "Damage every enemy for 4; heal the unblocked damage.",
           "exact", cards={"reaper": spell([dmg(4, "all_foes")], exhaust=True, triggers=[
               {"on": "damage_dealt", "effect": [{"op": "heal", "to": "own_leader",
                                                  "n": "event.amount"}]}])}),
    Design("juggernaut", S + "Juggernaut", "A Power: gaining Block hits a random enemy for 5.",
           "exact", cards={"juggernaut": power("momentum")},
           statuses={"momentum": {"name": "Juggernaut", "polarity": "buff", "triggers": [
               {"on": "status_applied", "status": "shield",
                "effect": [dmg("5 * self.momentum", "random_foe")]}]}}),
    Design("gremlin_nob", S + "Gremlin Nob",
           "Bellows first (from then on it gains 2 Strength whenever the player plays a skill), "
           "then rushes for 14 or skull-bashes for 6 and 2 Vulnerable.", "compromise",
           note="every Sortilege the player plays enrages it, attacks too: the corpus's cards have "
           "no Skill type; it never rushes three times in a row, and picks by weight",
           units={"gremlin_nob_body": {"kind": "enemy_hero", "name": "Gremlin Nob", "max_hp": 84,
                                       "power": 0}},
           statuses={"enrage": {"name": "Enrage", "polarity": "buff", "triggers": [
               {"on": "card_played", "who": "foe", "card": "sortilege",
                "effect": [status("strength", "2 * self.enrage", "self")]}]}},
           encounters={"gremlin_nob": {"roster": ["gremlin_nob_body"], "initiative": 1,
                                       "vars": {"bellowed": 0}, "phases": [
               {"name": "bellow", "when": "var.bellowed == 0", "script": [
                   {"move": "effect", "target": "own_leader", "set": {"bellowed": 1},
                    "effect": [status("enrage", 1, "own_leader")]}]},
               {"name": "rampage", "script": [{"pick": [
                   {**_poke(14), "weight": 67, "max_repeats": 2},
                   {"move": "effect", "target": "foe_leader", "weight": 33,
                    "effect": [dmg(6), status("core:vulnerable", 2)]}]}]}]}}),
    Design("bronze_scales", S + "Bronze Scales", "A relic: attackers take 3 damage.", "compromise",
           note="it answers every attack a foe declares, at a character of yours too, and not the "
           "damage an Encounter's effect move deals (eve's attacks are combat attacks); "
           + LEADERS_DAMAGE,
           cards={"bronze_scales": {"kind": "relic", "triggers": [
               {"on": "attack", "who": "foe", "effect": [dmg(3)]}]}}),
    Design("burning_blood", S + "Burning Blood", "A relic: heal 6 when a combat is won.",
           "compromise", note="a match is the whole fight, and nothing carries over: the heal "
           "shows in the final state only",
           cards={"burning_blood": {"kind": "relic", "triggers": [
               {"on": "match_end", "if": "event.amount == 1",
                "effect": [{"op": "heal", "to": "own_leader", "n": 6}]}]}}),
]
