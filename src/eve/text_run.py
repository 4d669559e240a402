"""Rules text of the run's content (rules U01-U21): acts, events, reward tables, shops and
sites, and what a card or a hero says of the run (its rarity, hero pool, upgraded form, run
triggers, drift). The words are the vocabulary's templates (`eve.core.vocabulary.TEXT`), filled
as eve.text fills a match item's; a card without run fields says nothing more than before."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from eve import text as T
from eve.compiler.normalise import OFFERED
from eve.compiler.upgrades import base_of, form_id

if TYPE_CHECKING:
    from eve.catalog import Catalog


def _name(catalog: Catalog, pack: str, ref: str) -> str:
    return catalog.names.get(T._ref(pack, ref), ref)


def _list(catalog: Catalog, pack: str, refs: Sequence[str]) -> str:
    return ", ".join(_name(catalog, pack, r) for r in refs) or "none"


def _rarity(weights: Mapping[str, int]) -> str:
    return ", ".join(f"{T.words('rarity', r)} {weights[r]}" for r in OFFERED)


def _option(catalog: Catalog, pack: str, i: int, o: Mapping[str, Any]) -> str:
    """An option: its name, condition, cost, what the player picks, and its run program."""
    terms = []
    if "if" in o:
        value, cmp, n = str(o["if"]).split()
        terms.append(f"only if {T.words('run_value', value)} is "
                     f"{T.words('compare', cmp, n=int(n))}")
    cost = o["cost"]
    for key, what in (("aurorune", "aurorune"), ("hp", "hp from each living hero")):
        if cost[key]:
            terms.append(f"costs {cost[key]} {what}")
    pick = T.words("run_target", o["target"])
    effect = T._effect(catalog, o["effect"], pack=pack, voice=T._PLAYER)
    body = ", then ".join(w for w in (pick, effect) if w)
    return f"({i + 1}) {o.get('name', f'option {i + 1}')}" + \
        (f" ({'; '.join(terms)})" if terms else "") + f": {body}"


def _options(catalog: Catalog, pack: str, opts: Sequence[Mapping[str, Any]]) -> str:
    return "options: " + "; ".join(_option(catalog, pack, i, o) for i, o in enumerate(opts))


def _act(catalog: Catalog, act: Mapping[str, Any]) -> str:
    pack = T._pack(act["id"])
    nodes = ", ".join(f"{T.words('run_node', k)} {w}" for k, w in act["nodes"].items() if w)
    return T.paragraph([
        f"act {list(catalog.acts).index(act['id']) + 1} (order {act['order']})",
        f"{act['floors']} floors of {act['width']} columns and {act['paths']} paths, then "
        f"{T.words('run_node', 'boss')}",
        f"no elite before floor {act['elite_floor']}",
        f"the free floors draw {nodes}",
        f"fights: {_list(catalog, pack, act['fights'])}",
        f"elites: {_list(catalog, pack, act['elites'])}",
        f"bosses: {_list(catalog, pack, act['bosses'])}"])


def _event(catalog: Catalog, ev: Mapping[str, Any]) -> str:
    pack = T._pack(ev["id"])
    where = (f"in {_list(catalog, pack, ev['acts'])}" if "acts" in ev else "in every act")
    parts = [f"{T.words('run_node', 'event')} {where}"]
    if ev.get("text"):
        parts.append(str(ev["text"]).rstrip("."))
    return T.paragraph([*parts, _options(catalog, pack, ev["options"])])


def _reward(catalog: Catalog, rw: Mapping[str, Any]) -> str:
    lo, hi = rw["aurorune"]
    parts = [f"after {T.words('run_node', rw['node'])} is won",
             f"{lo}-{hi} aurorune" if lo != hi else f"{lo} aurorune"]
    if rw["cards"]:
        parts.append(f"take one of {rw['cards']} cards ({_rarity(rw['rarity'])}) or none")
    if rw["relics"]:
        parts.append(f"gain {rw['relics']} random Relic{'s' * (rw['relics'] > 1)}")
    if rw["ambition"]:
        parts.append(f"each living hero gains {rw['ambition']} Ambition")
    if rw["heal"]:
        parts.append(f"each living hero heals {rw['heal']}% of its max hp")
    return T.paragraph(parts)


def _shop(catalog: Catalog, shop: Mapping[str, Any]) -> str:
    run = list(catalog.shops).index(shop["id"]) == 0
    return T.paragraph([
        T.words("run_node", "shop") + ("" if run else " (not the run's: the first shop is)"),
        f"stocks {shop['cards']} cards ({_rarity(shop['rarity'])}) and {shop['relics']} Relics "
        "at their aurorune",
        f"removes a card for {shop['removal']} aurorune, {shop['removal_step']} more each time"])


def _site(catalog: Catalog, site: Mapping[str, Any]) -> str:
    pack = T._pack(site["id"])
    return T.paragraph([T.words("run_node", site["node"]),
                        _options(catalog, pack, site["options"])])


RUN_WRITERS = {"act": _act, "event": _event, "reward": _reward, "shop": _shop, "site": _site}


def card_parts(catalog: Catalog, card: Mapping[str, Any]) -> list[str]:
    """What a card says of the run: nothing for a card without run fields."""
    pack = T._pack(card["id"])
    base = base_of(card["id"], catalog.cards)
    parts = []
    if base is not None:
        parts.append(f"the upgraded form of {catalog.names[base]} "
                     f"({T.words('rarity', 'special')}: never offered)")
    elif "rarity" in card:
        parts.append(T.words("rarity", card["rarity"]))
    if "hero" in card and base is None:
        parts.append(f"in the pool of {_name(catalog, pack, card['hero'])}")
    if "upgraded" in card:
        parts.append(f"upgrades into {catalog.names[form_id(card['id'])]}")
    for t in card.get("run", ()):
        parts.append(f"{T.words('run_event', t['on'])}: "
                     + T._effect(catalog, t["effect"], pack=pack, voice=T._PLAYER))
    return parts


def hero_parts(hero: Mapping[str, Any]) -> list[str]:
    return [f"its Morality drifts {hero['drift']} a fight in a run"] if "drift" in hero else []
