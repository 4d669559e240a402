"""Random run content for a random pack (rules U01-U21): acts over the pack's Encounters, events
and sites whose options use every run instruction, selector, target, condition and cost, reward
tables, a shop, and the cards' rarity, pool, upgraded form and a Relic's run triggers.

It draws from a stream of its own, after the rest of the pack is made, so that a seed's match
content is what it was before runs existed. The names come from the instruction and selector
tables and the vocabulary, never written here a second time.
"""
from __future__ import annotations

import random
from typing import Any

from eve.core.instructions import INSTRUCTIONS
from eve.core.selectors import SELECTORS
from eve.core.vocabulary import CONTENT

RUN_OPS = [o for o in INSTRUCTIONS if o.acts_on == "run"]
HERO_SELECTORS = [s.name for s in SELECTORS if s.picks == "run_heroes"]
CARD_SELECTORS = [s.name for s in SELECTORS if s.picks == "run_card"]
CARD_OPS = {"remove_card", "upgrade_card"}
NODES = [n for n in CONTENT["run_node"] if n != "boss"]
RARITIES = list(CONTENT["rarity"])
TARGETS = list(CONTENT["run_target"])
VALUES = list(CONTENT["run_value"])
COMPARES = list(CONTENT["compare"])
RUN_EVENTS = list(CONTENT["run_event"])


def _instruction(r: random.Random, target: str, cards: list[str], relics: list[str]) -> dict[str, Any]:
    row = r.choice([o for o in RUN_OPS if cards or o.name != "add_card"])
    ins: dict[str, Any] = {"op": row.name}
    if row.amount == "number":
        ins["n"] = r.randint(1, 100) if row.name == "heal_share" else r.randint(0, 30)
    elif row.amount == "signed":
        ins["n"] = r.randint(-2, 2)
    if row.to_use == "read":
        if row.name in CARD_OPS:
            sels = [s for s in CARD_SELECTORS if s != "chosen_card" or target in
                    ("card", "upgradable_card")]
        else:
            sels = [s for s in HERO_SELECTORS if s != "chosen_hero" or target == "hero"]
        ins["to"] = r.choice(sels)
    if row.name == "add_card":
        ins["card"] = r.choice(cards)
    elif row.name == "gain_relic" and relics and r.random() < 0.5:
        ins["card"] = r.choice(relics)
    return ins


def _option(r: random.Random, cards: list[str], relics: list[str]) -> dict[str, Any]:
    o: dict[str, Any] = {"name": f"option {r.randint(0, 99)}"}
    if r.random() < 0.4:
        o["if"] = f"{r.choice(VALUES)} {r.choice(COMPARES)} {r.randint(0, 60)}"
    if r.random() < 0.4:
        cost: dict[str, int] = {}
        if r.random() < 0.5:
            cost["hp"] = r.randint(0, 8)
        if r.random() < 0.7:
            cost["aurorune"] = r.randint(0, 120)
        o["cost"] = cost
    target = r.choice(TARGETS)
    if target != "none" or r.random() < 0.5:
        o["target"] = target
    o["effect"] = [_instruction(r, target, cards, relics) for _ in range(r.randint(0, 3))]
    return o


def _weights(r: random.Random) -> dict[str, int]:
    return {"common": r.randint(0, 60), "uncommon": r.randint(0, 40), "rare": r.randint(1, 10)}


def add_run_content(seed: int, name: str, sections: dict[str, Any]) -> None:
    """Give the pack's `sections` (a DataPack's keyword arguments, changed in place) a run."""
    r = random.Random(seed * 104729 + 41)
    heroes, cards, encounters = sections["heroes"], sections["cards"], sections["encounters"]
    enc_ids = [f"{name}:{e}" for e in encounters]
    card_ids = [f"{name}:{c}" for c, d in cards.items() if d.get("kind") != "relic"]
    relic_ids = [f"{name}:{c}" for c, d in cards.items() if d.get("kind") == "relic"]
    for d in cards.values():
        d["rarity"] = r.choice(RARITIES)
        if r.random() < 0.5:
            d["hero"] = f"{name}:{r.choice(list(heroes))}"
        if r.random() < 0.5:
            if d.get("kind") == "character":
                d["upgraded"] = {"power": min(99, d.get("power", 0) + 1)}
            elif d.get("kind") == "sortilege":
                d["upgraded"] = {"charges": min(99, d.get("charges", 1) + 1)}
            else:
                d["upgraded"] = {"name": "An Upgraded Relic"}
        if d.get("kind") == "relic" and r.random() < 0.4:
            d["run"] = [{"on": r.choice(RUN_EVENTS),
                         "effect": [_instruction(r, "none", card_ids, relic_ids)]}]
    for h in heroes.values():
        if r.random() < 0.3:
            h["drift"] = r.randint(0, 5)
    slots = sections["rules"]["player_hero_slots"]
    sections["rules"]["run"] = {"party": r.randint(1, min(slots, len(heroes))),
                                "aurorune": r.randint(0, 300), "deck_cap": r.randint(10, 50),
                                "drift": r.randint(0, 2), "relic_cap": r.randint(0, 12),
                                "ambition_cap": r.randint(0, 20)}
    acts = {}
    for a in range(r.randint(1, 3)):
        floors = r.randint(3, 6)
        acts[f"a{a}"] = {"order": a + 1, "floors": floors, "width": r.randint(2, 7),
                         "paths": r.randint(1, 6), "elite_floor": r.randint(1, floors),
                         "nodes": {n: r.randint(1 if n == "fight" else 0, 40) for n in NODES},
                         "fights": r.sample(enc_ids, r.randint(1, len(enc_ids))),
                         "elites": r.sample(enc_ids, r.randint(1, len(enc_ids))),
                         "bosses": r.sample(enc_ids, r.randint(1, len(enc_ids)))}
    events = {}
    for e in range(r.randint(1, 4)):
        ev: dict[str, Any] = {"name": f"Event {e}",
                              "options": [_option(r, card_ids, relic_ids)
                                          for _ in range(r.randint(1, 4))]}
        if r.random() < 0.3:
            ev["acts"] = r.sample(list(acts), r.randint(1, len(acts)))
        events[f"v{e}"] = ev
    rewards = {n: {"node": n, "aurorune": sorted((r.randint(0, 50), r.randint(0, 50))),
                   "cards": r.randint(0, 4), "rarity": _weights(r), "relics": r.randint(0, 1),
                   "ambition": r.randint(0, 1), "heal": r.randint(0, 30)}
               for n in ("fight", "elite", "boss")}
    sites = {n: {"node": n, "options": [_option(r, card_ids, relic_ids)
                                        for _ in range(r.randint(1, 3))]}
             for n in ("sanctum", "forge")}
    shops = {"bazaar": {"cards": r.randint(0, 5), "relics": r.randint(0, 2),
                        "rarity": _weights(r), "removal": r.randint(0, 100),
                        "removal_step": r.randint(0, 50)}}
    sections.update(acts=acts, events=events, rewards=rewards, sites=sites, shops=shops)
