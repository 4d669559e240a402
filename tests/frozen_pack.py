"""A self-contained content pack that never changes: golden snapshots, replays and hashes are
made with it, so that they change only when the engine does (and then on purpose)."""
from eve import hookimpl

RULES = {"player_hero_slots": 3, "lanes": 5, "hand_floor": 5, "opening_hand": 5, "max_rounds": 30,
         "max_decisions_per_turn": 100, "meter_base": 2, "morality_high": 3, "morality_low": -3,
         "support_discount": 1, "attack_discount": 1,
         "costs": {"play_support": 2, "deploy": 2, "activate": 1, "attack": 1}}


class FrozenPack:
    @hookimpl
    def eve_pack_manifest(self):
        return {"name": "frozen", "version": "1.0.0"}

    @hookimpl
    def eve_register_rules(self, register):
        register("config", RULES)

    @hookimpl
    def eve_register_heroes(self, register):
        register("knight", {"max_hp": 14, "power": 3, "ambition": 2, "morality": -3,
                            "cards": ["squire", "squire", "blade_rite", "banner", "parry", "sprite"],
                            "ability": {"target": "none", "effect": [{"op": "buff", "to": "all_ally_characters", "n": 1}]}})
        register("cleric", {"max_hp": 12, "power": 1, "ambition": 1, "morality": 4,
                            "cards": ["warden", "litany", "lamp", "ward", "insight", "echo"],
                            "ability": {"target": "ally", "effect": [{"op": "heal", "n": 3}]}})
        register("hexer", {"max_hp": 11, "power": 2, "ambition": 3, "morality": 0,
                           "cards": ["stalker", "caller", "sigil", "idol", "storm", "squire"],
                           "ability": {"target": "foe", "effect": [{"op": "poison", "n": 2}]}})

    @hookimpl
    def eve_register_cards(self, register):
        register("squire", {"kind": "character", "power": 2, "hp": 3})
        register("sprite", {"kind": "character", "power": 2, "hp": 2, "keywords": ["reaction", "swift"]})
        register("warden", {"kind": "character", "power": 1, "hp": 6,
                            "on_enter": {"effect": [{"op": "shield", "to": "own_leader", "n": 2}]}})
        register("stalker", {"kind": "character", "power": 2, "hp": 3,
                             "ability": {"target": "foe", "effect": [{"op": "poison", "n": 1}]}})
        register("caller", {"kind": "character", "power": 1, "hp": 3,
                            "on_enter": {"effect": [{"op": "summon", "unit": "wisp", "n": 1}]}})
        register("blade_rite", {"kind": "sortilege", "charges": 3,
                                "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}})
        register("litany", {"kind": "sortilege", "charges": 2,
                            "ability": {"target": "ally", "effect": [{"op": "heal", "n": 3}]}})
        register("ward", {"kind": "sortilege", "keywords": ["reaction"], "charges": 1,
                          "on_enter": {"target": "foe_stack_item", "effect": [{"op": "counter"}]}})
        register("parry", {"kind": "sortilege", "keywords": ["reaction"], "charges": 1,
                           "on_enter": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}})
        register("insight", {"kind": "sortilege", "charges": 1,
                             "on_enter": {"effect": [{"op": "draw", "n": 2}]},
                             "ability": {"target": "none", "effect": [{"op": "discard", "n": 1}, {"op": "draw", "n": 1}]}})
        register("echo", {"kind": "sortilege", "charges": 1,
                          "on_enter": {"target": "void_card", "effect": [{"op": "return"}]}})
        register("sigil", {"kind": "sortilege", "charges": 1,
                           "on_enter": {"target": "foe_character", "effect": [{"op": "exile"}]}})
        register("storm", {"kind": "sortilege", "charges": 2,
                           "ability": {"target": "none", "effect": [{"op": "damage", "to": "all_foe_characters", "n": 2}]}})
        register("banner", {"kind": "relic", "ally_power": 1})
        register("idol", {"kind": "relic", "trigger": {"on": "turn_start", "effect": [{"op": "damage", "to": "foe_leader", "n": 1}]}})
        register("lamp", {"kind": "relic", "trigger": {"on": "turn_end", "effect": [{"op": "heal", "to": "all_ally_heroes", "n": 1}]}})

    @hookimpl
    def eve_register_units(self, register):
        register("chief", {"kind": "enemy_hero", "max_hp": 26, "power": 4})
        register("shaman", {"kind": "enemy_hero", "max_hp": 14, "power": 2})
        register("wisp", {"kind": "unit", "power": 1, "hp": 1})
        register("imp", {"kind": "unit", "power": 2, "hp": 2})
        register("shade", {"kind": "unit", "power": 2, "hp": 1, "keywords": ["swift"]})

    @hookimpl
    def eve_register_tasks(self, register):
        register("bloodletting", {"goal": "damage", "threshold": 15,
                                  "reward": [{"op": "damage", "to": "foe_leader", "n": 4}]})
        register("vigil", {"goal": "rounds", "threshold": 4,
                           "reward": [{"op": "heal", "to": "all_ally_heroes", "n": 2}]})

    @hookimpl
    def eve_register_encounters(self, register):
        register("warband", {
            "roster": ["chief", "shaman"], "initiative": 2, "setup": ["imp"],
            "tasks": ["bloodletting", "vigil"],
            "script": [
                {"move": "summon", "phase": "main", "unit": "imp",
                 "unless": {"if": "random_pct", "arg": 40, "do": {"move": "summon", "phase": "main", "unit": "shade"}}},
                {"move": "attack", "phase": "combat", "lane": "strongest"},
                {"move": "effect", "phase": "main", "target": "foe_leader", "effect": [{"op": "poison", "n": 2}],
                 "unless": {"if": "own_hp_below_pct", "arg": 40,
                            "do": {"move": "effect", "phase": "main", "target": "own_leader", "effect": [{"op": "heal", "n": 4}]}}},
                {"move": "attack", "phase": "combat", "attacker": 1, "lane": "random"},
                {"move": "effect", "phase": "main", "target": "newest_lattice", "effect": [{"op": "destroy"}]},
                {"move": "effect", "phase": "main", "effect": [{"op": "discard", "n": 1}]},
            ],
            "responses": [{"on": "deploy", "counter": True, "per_round": 1, "charges": 2},
                          {"on": "support", "target": "own_leader", "effect": [{"op": "shield", "n": 2}], "per_round": 1}],
        })


def frozen_engine():
    import eve
    return eve.Engine(packs=[FrozenPack()])
