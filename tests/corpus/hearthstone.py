"""Designs from Hearthstone: spells (one-shot cards) and minions (characters)."""
from __future__ import annotations

from .design import KILL, Design, character, dmg, draw, spell, status

H = "Hearthstone: "
HEAL = "heal"
LETHAL_IS_DEATH = ("a unit that dies of the damage hears its death, not the damage, so lethal "
                   "damage is a second trigger on its death: any death counts, a destroy too")
# a Grim Patron that lives through damage calls another, which does the same
PATRON = {"on": "damage_taken", "if": "event.hp > 0",
          "effect": [{"op": "summon", "unit": "grim_patron_unit"}]}

DESIGNS = [
    Design("fireball", H + "Fireball", "Deal 6 damage to any character.", "exact",
           cards={"fireball": spell([dmg(6)], "any")}),
    Design("frostbolt", H + "Frostbolt", "Deal 3 damage to a character and Freeze it.", "compromise",
           note="Frozen makes its holder's hits deal 0 until the end of its next turn: it still "
           "attacks (for nothing) rather than skipping the attack",
           cards={"frostbolt": spell([dmg(3), status("frozen")], "any")}),
    Design("arcane_intellect", H + "Arcane Intellect", "Draw 2 cards.", "exact",
           cards={"arcane_intellect": spell([draw(2)])}),
    Design("flamestrike", H + "Flamestrike", "Deal 4 damage to every enemy minion.", "exact",
           cards={"flamestrike": spell([dmg(4, "all_foe_characters")])}),
    Design("consecration", H + "Consecration", "Deal 2 damage to every enemy, hero included.",
           "exact", cards={"consecration": spell([dmg(2, "all_foes")])}),
    Design("holy_nova", H + "Holy Nova", "2 damage to every enemy, 2 healing to every friend.",
           "exact", cards={"holy_nova": spell([dmg(2, "all_foes"),
                                               {"op": HEAL, "to": "all_allies", "n": 2}])}),
    Design("arcane_explosion", H + "Arcane Explosion", "Deal 1 damage to every enemy minion.",
           "exact", cards={"arcane_explosion": spell([dmg(1, "all_foe_characters")])}),
    Design("healing_touch", H + "Healing Touch", "Restore 8 health to a character.", "exact",
           cards={"healing_touch": spell([{"op": HEAL, "n": 8}], "any")}),
    Design("shield_block", H + "Shield Block", "Gain 5 Armor and draw a card.", "exact",
           cards={"shield_block": spell([status("armor", 5, "own_leader"), draw(1)])},
           statuses={"armor": {"name": "Armor", "polarity": "buff", "absorb": True}}),
    Design("execute", H + "Execute", "Destroy an enemy minion that is damaged.", "exact",
           cards={"execute": spell([KILL], "foe_character",
                                   play_if="target.hp < target.max_hp")}),
    Design("kill_command", H + "Kill Command", "3 damage, or 5 if you control a Beast.",
           "compromise", note="any character of yours counts: characters have no tribe to test",
           cards={"kill_command": spell([{"op": "if", "cond": "count(ally_characters) > 0",
                                          "then": [dmg(5)], "else": [dmg(3)]}], "foe")}),
    Design("argent_squire", H + "Argent Squire (Divine Shield)",
           "A 1/1 whose Divine Shield ignores the first damage it takes.", "exact",
           cards={"argent_squire": character(1, 1, on_enter={"effect": [
               status("divine_shield", 1, "self")]})},
           statuses={"divine_shield": {"name": "Divine Shield", "polarity": "buff", "max": 1,
                                       "negate": True}}),
    Design("chillwind_yeti", H + "Chillwind Yeti", "A plain 4/5 minion.", "exact",
           cards={"chillwind_yeti": character(4, 5)}),
    Design("boulderfist_ogre", H + "Boulderfist Ogre", "A plain 6/7 minion.", "exact",
           cards={"boulderfist_ogre": character(6, 7)}),
    Design("wolfrider", H + "Wolfrider", "A 3/1 with Charge: it attacks the turn it arrives.",
           "exact", cards={"wolfrider": character(3, 1, keywords=["swift"])}),
    Design("novice_engineer", H + "Novice Engineer", "A 1/1 that draws a card when it arrives.",
           "exact", cards={"novice_engineer": character(1, 1, on_enter={"effect": [draw(1)]})}),
    Design("darkscale_healer", H + "Darkscale Healer",
           "A 4/5 that restores 2 health to every friendly character when it arrives.", "exact",
           cards={"darkscale_healer": character(4, 5, on_enter={"effect": [
               {"op": HEAL, "to": "all_allies", "n": 2}]})}),
    Design("savage_roar", H + "Savage Roar", "Your characters get +2 attack this turn.", "exact",
           cards={"savage_roar": spell([status("core:surge", 2, "all_allies")])}),
    Design("bloodlust", H + "Bloodlust", "Your minions get +3 attack this turn.", "exact",
           cards={"bloodlust": spell([status("core:surge", 3, "all_ally_characters")])}),
    Design("assassinate", H + "Assassinate", "Destroy an enemy minion.", "exact",
           cards={"assassinate": spell([KILL], "foe_character")}),
    Design("backstab", H + "Backstab", "Deal 2 damage to an undamaged minion.", "compromise",
           note="enemy minions only: no target is any character (foe or ally) but not a hero",
           cards={"backstab": spell([dmg(2)], "foe_character",
                                    play_if="target.hp == target.max_hp")}),
    Design("mortal_coil", H + "Mortal Coil", "Deal 1 damage to a minion; if it dies, draw a card.",
           "compromise", note="enemy minions only: no target is any character but not a hero",
           cards={"mortal_coil": spell([dmg(1), {"op": "if", "cond": "target.alive == 0",
                                                 "then": [draw(1)]}], "foe_character")}),
    Design("shadow_word_pain", H + "Shadow Word: Pain", "Destroy a minion with 3 attack or less.",
           "compromise", note="enemy minions only: no target is any character but not a hero",
           cards={"shadow_word_pain": spell([KILL], "foe_character", play_if="target.power <= 3")}),
    Design("swipe", H + "Swipe", "4 damage to an enemy and 1 to every other enemy.", "compromise",
           note="every foe takes 1, then the target 3 more: the same total, but two hits on the "
           "target (a Divine Shield stops only the first)",
           cards={"swipe": spell([dmg(1, "all_foes"), dmg(3)], "foe")}),
    Design("loot_hoarder", H + "Loot Hoarder", "A 2/1 that draws a card when it dies.", "exact",
           cards={"loot_hoarder": character(2, 1, triggers=[{"on": "dies", "effect": [draw(1)]}])}),
    Design("acolyte_of_pain", H + "Acolyte of Pain",
           "A 1/3 that draws a card whenever it takes damage.", "compromise",
           note=LETHAL_IS_DEATH,
           cards={"acolyte_of_pain": character(1, 3, triggers=[
               {"on": on, "effect": [draw(1)]} for on in ("damage_taken", "dies")])}),
    Design("gurubashi_berserker", H + "Gurubashi Berserker",
           "A 2/7 that gains 3 attack whenever it takes damage.", "exact",
           cards={"gurubashi_berserker": character(2, 7, triggers=[
               {"on": "damage_taken", "effect": [{"op": "buff", "to": "self", "n": 3}]}])}),
    Design("knife_juggler", H + "Knife Juggler",
           "A 2/2: after you summon another minion, 1 damage to a random enemy.", "exact",
           cards={"knife_juggler": character(2, 2, triggers=[
               {"on": "summoned", "who": "ally", "effect": [dmg(1, "random_foe")]}])}),
    Design("wild_pyromancer", H + "Wild Pyromancer",
           "A 3/2: after you cast a spell, 1 damage to every minion.", "compromise",
           note="it fires as the spell is played, before the spell resolves (played triggers "
           "run with the card waiting on the Stack), not after",
           cards={"wild_pyromancer": character(3, 2, triggers=[
               {"on": "card_played", "card": "sortilege",
                "effect": [dmg(1, "all_foe_characters"), dmg(1, "all_ally_characters")]}])}),
    Design("cult_master", H + "Cult Master",
           "A 4/2: whenever one of your other minions dies, draw a card.", "compromise",
           note="a hero of yours falling draws too: a death event does not say whether the unit "
           "was a hero or a character",
           cards={"cult_master": character(4, 2, triggers=[
               {"on": "dies", "who": "ally", "effect": [draw(1)]}])}),
    Design("mana_wyrm", H + "Mana Wyrm", "A 1/3 that gains 1 attack whenever you cast a spell.",
           "exact", cards={"mana_wyrm": character(1, 3, triggers=[
               {"on": "card_played", "card": "sortilege",
                "effect": [{"op": "buff", "to": "self", "n": 1}]}])}),
    Design("leper_gnome", H + "Leper Gnome", "A 1/1 that deals 2 damage to the enemy hero when "
           "it dies.", "exact", cards={"leper_gnome": character(1, 1, triggers=[
               {"on": "dies", "effect": [dmg(2, "foe_leader")]}])}),
    Design("doomsayer", H + "Doomsayer", "A 0/7: at the start of your turn, destroy every minion.",
           "exact", cards={"doomsayer": character(0, 7, triggers=[
               {"on": "turn_start", "effect": [{**KILL, "to": to} for to in
                                               ("all_foe_characters", "all_ally_characters")]}])}),
    Design("imp_master", H + "Imp Master",
           "A 1/5: at the end of your turn, it deals 1 damage to itself and summons a 1/1 Imp.",
           "exact", units={"imp": {"kind": "unit", "name": "Imp", "power": 1, "hp": 1}},
           cards={"imp_master": character(1, 5, triggers=[
               {"on": "turn_end", "effect": [dmg(1, "self"),
                                             {"op": "summon", "unit": "imp"}]}])}),
    Design("harvest_golem", H + "Harvest Golem", "A 2/3 that leaves a 2/1 Damaged Golem when it "
           "dies.", "exact",
           units={"damaged_golem": {"kind": "unit", "name": "Damaged Golem", "power": 2, "hp": 1}},
           cards={"harvest_golem": character(2, 3, triggers=[
               {"on": "dies", "effect": [{"op": "summon", "unit": "damaged_golem"}]}])}),
    Design("soul_of_the_forest", H + "Soul of the Forest",
           "Your minions gain: when it dies, summon a 2/2 Treant.", "exact",
           units={"treant": {"kind": "unit", "name": "Treant", "power": 2, "hp": 2}},
           statuses={"forest_soul": {"name": "Soul of the Forest", "polarity": "buff", "max": 1,
                                     "triggers": [{"on": "dies", "effect": [
                                         {"op": "summon", "unit": "treant"}]}]}},
           cards={"soul_of_the_forest": spell([status("forest_soul", 1, "all_ally_characters")])}),
    Design("cairne_bloodhoof", H + "Cairne Bloodhoof", "A 4/5 that leaves a 4/5 Baine when it "
           "dies.", "exact",
           units={"baine": {"kind": "unit", "name": "Baine Bloodhoof", "power": 4, "hp": 5}},
           cards={"cairne_bloodhoof": character(4, 5, triggers=[
               {"on": "dies", "effect": [{"op": "summon", "unit": "baine"}]}])}),
    Design("haunted_creeper", H + "Haunted Creeper", "A 1/2 that leaves two 1/1 Spiders when it "
           "dies.", "exact",
           units={"spectral_spider": {"kind": "unit", "name": "Spectral Spider", "power": 1,
                                      "hp": 1}},
           cards={"haunted_creeper": character(1, 2, triggers=[
               {"on": "dies", "effect": [{"op": "summon", "unit": "spectral_spider", "n": 2}]}])}),
    Design("nerubian_egg", H + "Nerubian Egg", "A 0/2 that hatches a 4/4 Nerubian when it dies.",
           "exact", units={"nerubian": {"kind": "unit", "name": "Nerubian", "power": 4, "hp": 4}},
           cards={"nerubian_egg": character(0, 2, triggers=[
               {"on": "dies", "effect": [{"op": "summon", "unit": "nerubian"}]}])}),
    Design("gadgetzan_auctioneer", H + "Gadgetzan Auctioneer",
           "A 4/4: whenever you cast a spell, draw a card.", "exact",
           cards={"gadgetzan_auctioneer": character(4, 4, triggers=[
               {"on": "card_played", "card": "sortilege", "effect": [draw(1)]}])}),
    Design("archmage_antonidas", H + "Archmage Antonidas",
           "A 5/7: whenever you cast a spell, put a Fireball into your hand.", "exact",
           cards={"archmage_antonidas": character(5, 7, triggers=[
               {"on": "card_played", "card": "sortilege",
                "effect": [{"op": "create", "card": "fireball", "into": "rift"}]}])}),
    Design("imp_gang_boss", H + "Imp Gang Boss",
           "A 2/4: whenever it takes damage, summon a 1/1 Imp.", "compromise",
           note=LETHAL_IS_DEATH,
           cards={"imp_gang_boss": character(2, 4, triggers=[
               {"on": on, "effect": [{"op": "summon", "unit": "imp"}]}
               for on in ("damage_taken", "dies")])}),
    Design("grim_patron", H + "Grim Patron",
           "A 3/3: whenever it survives damage, summon another Grim Patron.", "exact",
           units={"grim_patron_unit": {"kind": "unit", "name": "Grim Patron", "power": 3, "hp": 3,
                                       "triggers": [PATRON]}},
           cards={"grim_patron": character(3, 3, triggers=[PATRON])}),
    Design("frothing_berserker", H + "Frothing Berserker",
           "A 2/4: whenever a minion takes damage, it gains 1 attack.", "compromise",
           note="a hero taking damage counts too: a damage event does not say whether the unit "
           "is a hero or a character",
           cards={"frothing_berserker": character(2, 4, triggers=[
               {"on": "damage_taken", "who": "any",
                "effect": [{"op": "buff", "to": "self", "n": 1}]}])}),
    Design("flesheating_ghoul", H + "Flesheating Ghoul",
           "A 2/3: whenever a minion dies, it gains 1 attack.", "compromise",
           note="a hero falling counts too: a death event does not say whether the unit was a "
           "hero or a character",
           cards={"flesheating_ghoul": character(2, 3, triggers=[
               {"on": "dies", "who": who, "effect": [{"op": "buff", "to": "self", "n": 1}]}
               for who in ("ally", "foe")])}),
    Design("violet_teacher", H + "Violet Teacher",
           "A 3/5: whenever you cast a spell, summon a 1/1 Violet Apprentice.", "exact",
           units={"violet_apprentice": {"kind": "unit", "name": "Violet Apprentice", "power": 1,
                                        "hp": 1}},
           cards={"violet_teacher": character(3, 5, triggers=[
               {"on": "card_played", "card": "sortilege",
                "effect": [{"op": "summon", "unit": "violet_apprentice"}]}])}),
    Design("explosive_sheep", H + "Explosive Sheep",
           "A 1/1 that deals 2 damage to every minion when it dies.", "exact",
           cards={"explosive_sheep": character(1, 1, triggers=[
               {"on": "dies", "effect": [dmg(2, "all_foe_characters"),
                                         dmg(2, "all_ally_characters")]}])}),
    Design("questing_adventurer", H + "Questing Adventurer",
           "A 2/2 that gains +1/+1 whenever you play a card.", "compromise",
           note="+1 attack only: no modifier raises a character's max hp",
           cards={"questing_adventurer": character(2, 2, triggers=[
               {"on": "card_played", "effect": [{"op": "buff", "to": "self", "n": 1}]}])}),
    Design("blood_imp", H + "Blood Imp",
           "At the end of your turn, another random friendly minion gets +1 health.", "exact",
           cards={"blood_imp": character(0, 1, triggers=[
               {"on": "turn_end", "effect": [
                   {"op": "buff", "to": "random_other_ally_character", "hp": 1}]}])}),
    Design("taunt", H + "Taunt (Goldshire Footman)", "Enemies must attack this minion first.",
           "exact", cards={"taunt": character(1, 2, keywords=["taunt"])}),
    Design("elven_archer", H + "Elven Archer",
           "A 1/1 that deals 1 damage to a chosen target on arrival.", "exact",
           cards={"elven_archer": character(1, 1, on_enter={"target": "any",
                                                            "effect": [dmg(1)]})}),
    Design("raid_leader", H + "Raid Leader", "Your other minions have +1 attack.", "exact",
           cards={"raid_leader": character(2, 2, aura={"power": 1,
                                                         "who": "other_ally_characters"})}),
    Design("blessing_of_kings", H + "Blessing of Kings", "Give a minion +4/+4.", "compromise",
           note="your minions only: no target is any character but not a hero",
           cards={"blessing_of_kings": spell([{"op": "buff", "n": 4, "hp": 4}],
                                             "ally_character")}),
    Design("wrath", H + "Wrath", "Choose: 3 damage to a minion, or 1 damage and draw a card.",
           "compromise", note="enemy minions only: no target is any character but not a hero; "
           "the mode is chosen on resolution, after the target",
           cards={"wrath": spell([{"op": "choose_mode", "modes": [
               [dmg(3)], [dmg(1), draw(1)]]}], "foe_character")}),
    Design("arcane_missiles", H + "Arcane Missiles", "Three 1-damage missiles at random enemies.",
           "exact", cards={"arcane_missiles": spell([dmg(1, "random_foe")] * 3)}),
]
