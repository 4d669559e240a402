"""Rules text of the run's content (rules U01-U21): acts, events, reward tables, shops and
sites, and what a card or a hero says of the run (its rarity, hero pool, upgraded form, run
triggers, drift). The words are the vocabulary's templates (`eve.core.vocabulary.TEXT`), filled
as eve.text fills a match item's; a card without run fields says nothing more than before."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import eve.wording as wording
from eve.compiler.normalise import OFFERED
from eve.compiler.upgrades import base_of, form_id

if TYPE_CHECKING:
    from eve.catalog import Catalog

#: a run program in words, as eve.text words a program of the player's: eve.text passes its
#: own (this module never imports eve.text, which imports it)
Effect = Callable[["Catalog", Sequence[Mapping[str, Any]], str], str]


def _ref(pack: str, name: str) -> str:
    return name if ":" in name else f"{pack}:{name}"


def _pack(ident: str) -> str:
    return ident.split(":", 1)[0]


def _w(key: str, name: str, **fields: Any) -> str:
    # read through the module, so that a spy on eve.wording.words sees every word said
    return wording.words(key, name, **fields)


def _name(catalog: Catalog, pack: str, ref: str) -> str:
    return catalog.names.get(_ref(pack, ref), ref)


def _list(catalog: Catalog, pack: str, refs: Sequence[str]) -> str:
    return ", ".join(_name(catalog, pack, r) for r in refs) or "none"


def _rarity(weights: Mapping[str, int]) -> str:
    return ", ".join(f"{_w('rarity', r)} {weights[r]}" for r in OFFERED)


def _option(catalog: Catalog, pack: str, i: int, o: Mapping[str, Any], say: Effect) -> str:
    """An option: its name, condition, cost, what the player picks, and its run program."""
    terms = []
    if "if" in o:
        value, cmp, n = str(o["if"]).split()
        terms.append(f"only if {_w('run_value', value)} is "
                     f"{_w('compare', cmp, n=int(n))}")
    cost = o["cost"]
    for key, what in (("aurorune", "aurorune"), ("hp", "hp from each living hero")):
        if cost[key]:
            terms.append(f"costs {cost[key]} {what}")
    pick = _w("run_target", o["target"])
    effect = say(catalog, o["effect"], pack)
    body = ", then ".join(w for w in (pick, effect) if w)
    return f"({i + 1}) {o.get('name', f'option {i + 1}')}" + \
        (f" ({'; '.join(terms)})" if terms else "") + f": {body}"


def _options(catalog: Catalog, pack: str, opts: Sequence[Mapping[str, Any]], say: Effect) -> str:
    return "options: " + "; ".join(_option(catalog, pack, i, o, say) for i, o in enumerate(opts))


def _act(catalog: Catalog, act: Mapping[str, Any], say: Effect) -> str:
    pack = _pack(act["id"])
    nodes = ", ".join(f"{_w('run_node', k)} {w}" for k, w in act["nodes"].items() if w)
    return wording.paragraph([
        f"act {list(catalog.acts).index(act['id']) + 1} (order {act['order']})",
        f"{act['floors']} floors of {act['width']} columns and {act['paths']} paths, then "
        f"{_w('run_node', 'boss')}",
        f"no elite before floor {act['elite_floor']}",
        f"the free floors draw {nodes}",
        f"fights: {_list(catalog, pack, act['fights'])}",
        f"elites: {_list(catalog, pack, act['elites'])}",
        f"bosses: {_list(catalog, pack, act['bosses'])}"])


def _event(catalog: Catalog, ev: Mapping[str, Any], say: Effect) -> str:
    pack = _pack(ev["id"])
    where = (f"in {_list(catalog, pack, ev['acts'])}" if "acts" in ev else "in every act")
    parts = [f"{_w('run_node', 'event')} {where}"]
    if ev.get("text"):
        parts.append(str(ev["text"]).rstrip("."))
    return wording.paragraph([*parts, _options(catalog, pack, ev["options"], say)])


def _reward(catalog: Catalog, rw: Mapping[str, Any], say: Effect) -> str:
    lo, hi = rw["aurorune"]
    parts = [f"after {_w('run_node', rw['node'])} is won",
             f"{lo}-{hi} aurorune" if lo != hi else f"{lo} aurorune"]
    if rw["cards"]:
        parts.append(f"take one of {rw['cards']} cards ({_rarity(rw['rarity'])}) or none")
    if rw["relics"]:
        parts.append(f"gain {rw['relics']} random Relic{'s' * (rw['relics'] > 1)}")
    if rw["ambition"]:
        parts.append(f"each living hero gains {rw['ambition']} Ambition")
    if rw["heal"]:
        parts.append(f"each living hero heals {rw['heal']}% of its max hp")
    return wording.paragraph(parts)


def _shop(catalog: Catalog, shop: Mapping[str, Any], say: Effect) -> str:
    run = list(catalog.shops).index(shop["id"]) == 0
    return wording.paragraph([
        _w("run_node", "shop") + ("" if run else " (not the run's: the first shop is)"),
        f"stocks {shop['cards']} cards ({_rarity(shop['rarity'])}) and {shop['relics']} Relics "
        "at their aurorune",
        f"removes a card for {shop['removal']} aurorune, {shop['removal_step']} more each time"])


def _site(catalog: Catalog, site: Mapping[str, Any], say: Effect) -> str:
    pack = _pack(site["id"])
    return wording.paragraph([_w("run_node", site["node"]),
                        _options(catalog, pack, site["options"], say)])


#: the writers of the run's kinds: (catalog, item, say) -> text
RUN_WRITERS: dict[str, Callable[..., str]] = {"act": _act, "event": _event, "reward": _reward, "shop": _shop, "site": _site}


def card_parts(catalog: Catalog, card: Mapping[str, Any], say: Effect) -> list[str]:
    """What a card says of the run: nothing for a card without run fields."""
    pack = _pack(card["id"])
    base = base_of(card["id"], catalog.cards)
    parts = []
    if base is not None:
        parts.append(f"the upgraded form of {catalog.names[base]} "
                     f"({_w('rarity', 'special')}: never offered)")
    elif "rarity" in card:
        parts.append(_w("rarity", card["rarity"]))
    if "hero" in card and base is None:
        parts.append(f"in the pool of {_name(catalog, pack, card['hero'])}")
    if "upgraded" in card:
        parts.append(f"upgrades into {catalog.names[form_id(card['id'])]}")
    for t in card.get("run", ()):
        parts.append(f"{_w('run_event', t['on'])}: " + say(catalog, t["effect"], pack))
    return parts


def hero_parts(hero: Mapping[str, Any]) -> list[str]:
    return [f"its Morality drifts {hero['drift']} a fight in a run"] if "drift" in hero else []
