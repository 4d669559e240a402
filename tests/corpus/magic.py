"""Designs from Magic: the Gathering: instants and sorceries (one-shot cards), creatures
(characters), artifacts and enchantments (Relics)."""
from __future__ import annotations

from .design import KILL, Design, character, dmg, draw, needs, spell, status

M = "Magic: the Gathering: "
EVERY_CHARACTER = ("all_foe_characters", "all_ally_characters")
HEAL_ONE = {"op": "heal", "to": "own_leader", "n": 1}
# losing life: damage that nothing prevents
LOSE_ONE = {"op": "damage", "to": "own_leader", "n": 1, "pierce": True}
DRAIN = [{"op": "damage", "to": "foe_leader", "n": 1, "pierce": True}, HEAL_ONE]

DESIGNS = [
    Design("lightning_bolt", M + "Lightning Bolt", "Deal 3 damage to any target.", "exact",
           cards={"lightning_bolt": spell([dmg(3)], "any")}),
    Design("shock", M + "Shock", "Deal 2 damage to any target.", "exact",
           cards={"shock": spell([dmg(2)], "any")}),
    Design("lightning_helix", M + "Lightning Helix", "Deal 3 damage and gain 3 life.", "exact",
           cards={"lightning_helix": spell([dmg(3), {"op": "heal", "to": "own_leader", "n": 3}],
                                           "any")}),
    Design("lava_axe", M + "Lava Axe", "Deal 5 damage to a player.", "exact",
           cards={"lava_axe": spell([dmg(5)], "foe_hero")}),
    Design("giant_growth", M + "Giant Growth", "A creature gets +3/+3 until end of turn.",
           "compromise", note="the +3 toughness is 3 shield, which lasts until the player's next "
           "turn and soaks up damage rather than raising the creature's toughness",
           cards={"giant_growth": spell([status("core:surge", 3), {"op": "shield", "n": 3}],
                                        "ally_character")}),
    Design("counterspell", M + "Counterspell", "Counter a spell as it is cast.", "compromise",
           note="it counters whatever the Encounter puts on the Stack, its attacks included: the "
           "Encounter casts no spells",
           cards={"counterspell": spell([{"op": "counter"}], "foe_stack_item",
                                        keywords=("reaction",))}),
    Design("wrath_of_god", M + "Wrath of God", "Destroy every creature.", "exact",
           cards={"wrath_of_god": spell([{**KILL, "to": to} for to in EVERY_CHARACTER])}),
    Design("pyroclasm", M + "Pyroclasm", "Deal 2 damage to every creature.", "exact",
           cards={"pyroclasm": spell([dmg(2, to) for to in EVERY_CHARACTER])}),
    Design("murder", M + "Murder", "Destroy a creature.", "compromise",
           note="enemy creatures only: no target is any character but not a hero",
           cards={"murder": spell([KILL], "foe_character")}),
    Design("swords_to_plowshares", M + "Swords to Plowshares",
           "Exile a creature; its controller gains life equal to its power.", "exact",
           cards={"swords_to_plowshares": spell([{"op": "heal", "to": "foe_leader",
                                                  "n": "target.power"}, {"op": "exile"}],
                                                "foe_character")}),
    Design("regrowth", M + "Regrowth", "Return a card from your graveyard to your hand.", "exact",
           cards={"regrowth": spell([{"op": "put", "into": "rift"}], "abyss_card")}),
    Design("raise_dead", M + "Raise Dead", "Return a creature card from your graveyard to your hand.",
           "compromise", note="any card of the Abyss: no filter on the chosen card's kind",
           cards={"raise_dead": spell([{"op": "put", "into": "rift"}], "abyss_card")}),
    Design("ancestral_recall", M + "Ancestral Recall", "Draw 3 cards.", "exact",
           cards={"ancestral_recall": spell([draw(3)])}),
    Design("divination", M + "Divination", "Draw 2 cards.", "exact",
           cards={"divination": spell([draw(2)])}),
    Design("healing_salve", M + "Healing Salve",
           "Choose: a player gains 3 life, or the next 3 damage to a target is prevented.",
           "compromise", note="the first mode only, on any hero or character: choosing a mode "
           "needs choices during resolution",
           cards={"healing_salve": spell([{"op": "heal", "n": 3}], "any")}),
    Design("fog", M + "Fog", "Prevent the combat damage of this turn.", "compromise",
           note="cast as a reaction in the Encounter's turn, it Freezes every foe: all their "
           "damage this turn is 0, not only combat damage",
           cards={"fog": spell([status("frozen", 1, "all_foes")], keywords=("reaction",))}),
    Design("grizzly_bears", M + "Grizzly Bears", "A plain 2/2 creature.", "exact",
           cards={"grizzly_bears": character(2, 2)}),
    Design("raging_goblin", M + "Raging Goblin", "A 1/1 with haste.", "exact",
           cards={"raging_goblin": character(1, 1, keywords=["swift"])}),
    Design("prodigal_pyromancer", M + "Prodigal Pyromancer",
           "A 1/1 that can tap to deal 1 damage to any target.", "compromise",
           note="it may use its ability the turn it arrives: eve has no summoning sickness for "
           "abilities (only attacks wait, rule E06)",
           cards={"prodigal_pyromancer": character(1, 1, ability={"target": "any",
                                                                  "effect": [dmg(1)]})}),
    Design("glorious_anthem", M + "Glorious Anthem", "Your creatures get +1/+1.", "compromise",
           note="+1 power only: no static modifier of toughness",
           cards={"glorious_anthem": {"kind": "relic", "ally_power": 1}}),
    Design("howling_mine", M + "Howling Mine", "Each player draws an extra card each turn.",
           "compromise", note="only the player draws: the Encounter has no deck (rule Z07)",
           cards={"howling_mine": {"kind": "relic", "trigger": {"on": "turn_start",
                                                                "effect": [draw(1)]}}}),
    Design("opt", M + "Opt", "Look at your top card, keep it or bottom it, then draw.", "exact",
           cards={"opt": spell([{"op": "choose", "from": "archive_top", "n": 1, "up_to": True,
                                 "into": "archive_bottom"}, draw(1)])}),
    Design("brainstorm", M + "Brainstorm", "Draw 3, then put 2 cards of your hand back on top.",
           "exact", cards={"brainstorm": spell([draw(3), {"op": "choose", "from": "rift", "n": 2,
                                                          "into": "archive_top"}])}),
    needs("llanowar_elves", M + "Llanowar Elves", "A 1/1 that taps for mana.",
          "never (seed 002: effects never write the Action Meter)"),
    needs("serra_angel", M + "Serra Angel", "A 4/4 with flying and vigilance.",
          "keywords: flying (blocking restrictions) and vigilance"),
    needs("unsummon", M + "Unsummon", "Return a creature to its owner's hand.",
          "a put of a character on the Wastes back to the Rift"),
    Design("ajanis_pridemate", M + "Ajani's Pridemate",
           "Grows a +1/+1 counter whenever you gain life.", "exact",
           cards={"ajanis_pridemate": character(2, 2, triggers=[
               {"on": "healed", "who": "ally", "unit": "hero",
                "effect": [{"op": "buff", "to": "self", "n": 1, "hp": 1}]}])}),
    Design("soul_warden", M + "Soul Warden",
           "A 1/1: whenever another creature enters the battlefield, you gain 1 life.", "exact",
           cards={"soul_warden": character(1, 1, triggers=[
               {"on": "summoned", "who": who, "effect": [HEAL_ONE]} for who in ("ally", "foe")])}),
    Design("blood_artist", M + "Blood Artist",
           "A 0/1: whenever it or another creature dies, the opponent loses 1 life and you gain "
           "1.", "compromise",
           note="the life is always the foe leader's, not a chosen player's",
           cards={"blood_artist": character(0, 1, triggers=[
               {"on": "dies", "who": "any", "unit": "character", "effect": DRAIN}])}),
    Design("zulaport_cutthroat", M + "Zulaport Cutthroat",
           "A 1/1: whenever it or another creature you control dies, the opponent loses 1 life "
           "and you gain 1.", "compromise",
           note="a hero of yours falling counts too: a death event does not say whether the "
           "unit was a hero",
           cards={"zulaport_cutthroat": character(1, 1, triggers=[
               {"on": "dies", "who": who, "effect": DRAIN} for who in ("self", "ally")])}),
    Design("guttersnipe", M + "Guttersnipe",
           "A 2/2: whenever you cast an instant or sorcery, 2 damage to each opponent.", "exact",
           cards={"guttersnipe": character(2, 2, triggers=[
               {"on": "card_played", "card": "sortilege", "effect": [dmg(2, "foe_leader")]}])}),
    Design("young_pyromancer", M + "Young Pyromancer",
           "A 2/1: whenever you cast an instant or sorcery, create a 1/1 Elemental.", "exact",
           units={"elemental": {"kind": "unit", "name": "Elemental", "power": 1, "hp": 1}},
           cards={"young_pyromancer": character(2, 1, triggers=[
               {"on": "card_played", "card": "sortilege",
                "effect": [{"op": "summon", "unit": "elemental"}]}])}),
    Design("phyrexian_arena", M + "Phyrexian Arena",
           "An enchantment: at the start of your turn, draw a card and lose 1 life.", "exact",
           cards={"phyrexian_arena": {"kind": "relic", "triggers": [
               {"on": "turn_start", "effect": [draw(1), LOSE_ONE]}]}}),
    Design("impact_tremors", M + "Impact Tremors",
           "An enchantment: whenever a creature enters under your control, 1 damage to each "
           "opponent.", "exact",
           cards={"impact_tremors": {"kind": "relic", "triggers": [
               {"on": "summoned", "effect": [dmg(1, "foe_leader")]}]}}),
    Design("ajanis_sunstriker", M + "Ajani's Sunstriker", "A 2/2 with lifelink.", "exact",
           cards={"ajanis_sunstriker": character(2, 2, triggers=[
               {"on": "damage_dealt", "effect": [{"op": "heal", "to": "own_leader",
                                                  "n": "event.amount"}]}])}),
    Design("ball_lightning", M + "Ball Lightning",
           "A 6/1 with trample and haste, sacrificed at the end of the turn.", "compromise",
           note="no trample: eve's attacks have no excess damage to carry over",
           cards={"ball_lightning": character(6, 1, keywords=["swift"], triggers=[
               {"on": "turn_end", "effect": [{**KILL, "to": "self"}]}])}),
    Design("warstorm_surge", M + "Warstorm Surge",
           "An enchantment: whenever a creature enters under your control, it deals damage equal "
           "to its power to any target.", "compromise",
           note="the damage goes to the foe's leader, dealt by your leader: a trigger has no "
           "chosen target, and its source is the listener",
           cards={"warstorm_surge": {"kind": "relic", "triggers": [
               {"on": "summoned", "effect": [dmg("event.power", "foe_leader")]}]}}),
    Design("bitterblossom", M + "Bitterblossom",
           "An enchantment: at the start of your turn, lose 1 life and create a 1/1 flying "
           "Faerie.", "compromise", note="the Faerie does not fly: eve has no flying",
           units={"faerie_rogue": {"kind": "unit", "name": "Faerie Rogue", "power": 1, "hp": 1}},
           cards={"bitterblossom": {"kind": "relic", "triggers": [
               {"on": "turn_start", "effect": [LOSE_ONE,
                                               {"op": "summon", "unit": "faerie_rogue"}]}]}}),
    Design("kiln_fiend", M + "Kiln Fiend",
           "A 3/3: whenever you cast an instant or sorcery, it gets +3/+0 until end of turn.",
           "exact", cards={"kiln_fiend": character(3, 3, triggers=[
               {"on": "card_played", "card": "sortilege",
                "effect": [status("core:surge", 3, "self")]}])}),
]
