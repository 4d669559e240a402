"""Runs for tests (rules U01-U21): engines with run content, and policies to play runs through.

Today the built-in pack has no run content (the pipeline that compiles acts, events, rewards,
shops, sites and card rarities from TOML is being written), so `run_engine(**knobs)` builds a
hand-made compiled spec["run"] (the form of /work/coord/run_contract.md, "Compiled form") over
the built-in pack's cards, heroes and Encounters and loads it into a fresh Engine's tables.
Run programs (event and site options' effects, Relics' `run` triggers) are given as lists of
instructions `(op, selector, n, card)` by name and appended to the content's code pool, so
U19/U20 can be tested before the compiler writes them.

When the pipeline lands, set `HAND_MADE = False` (or let it follow `has_run`, as it does):
`run_engine()` without knobs then gives the built-in engine with its real run content, and
`real_run_engine()` too; the tests that force content (weights, prices, options, programs)
keep their knobs, which load a hand-made run over the built-in cards and Encounters. To build
the hand-made runs on the real content instead (its acts, events and rarities as the
defaults), change `build_run_spec`'s defaults to read `catalog.spec["run"]`.

Every engine is cached by its knobs; an Engine made here is private to its knobs (its tables
are reloaded), never the session's shared `eve.Engine()`.
"""
from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import eve
from eve.core.playout import choose
from eve.core.vocabulary import BY_KEY
from eve.encoding import decode_action

# True while the built-in pack has no run content (then every run here is hand-made)
HAND_MADE = not eve.Engine().catalog.tables.has_run

NODE = dict(BY_KEY["run_node"].by_name())          # fight 1 .. boss 7
RARITY = dict(BY_KEY["rarity"].by_name())          # starter 0 .. special 4
TARGET = dict(BY_KEY["run_target"].by_name())      # none hero card upgradable_card
VALUE = dict(BY_KEY["run_value"].by_name())
CMP = dict(BY_KEY["compare"].by_name())
OP = dict(BY_KEY["op"].by_name())
SEL = dict(BY_KEY["selector"].by_name())
RUN_EVENTS = ("picked_up", "fight_won", "act_start")
NODE_KINDS = ("fight", "elite", "event", "sanctum", "forge", "shop", "boss")

# ---------------------------------------------------------------- the default hand-made content

DEFAULT_WEIGHTS = {"fight": 40, "elite": 10, "event": 20, "sanctum": 10, "forge": 10,
                   "shop": 10, "boss": 0}

DEFAULT_ACTS = (
    {"floors": 5, "width": 5, "paths": 3, "elite_floor": 3, "nodes": DEFAULT_WEIGHTS,
     "fights": ["core:ash_warband", "core:hollow_court"], "elites": ["core:wyrm_lair"],
     "bosses": ["core:midnight_throne", "core:drowned_choir"]},
    {"floors": 4, "width": 4, "paths": 2, "elite_floor": 2, "nodes": DEFAULT_WEIGHTS,
     "fights": ["core:hollow_court", "core:drowned_choir"], "elites": ["core:wyrm_lair"],
     "bosses": ["core:midnight_throne"]},
)

DEFAULT_REWARDS = {
    "fight": {"aurorune": (10, 20), "cards": 3,
              "rarity": {"common": 60, "uncommon": 37, "rare": 3}},
    "elite": {"aurorune": (25, 35), "cards": 3,
              "rarity": {"common": 50, "uncommon": 40, "rare": 10}, "relics": 1, "ambition": 1},
    "boss": {"aurorune": (90, 100), "cards": 3,
             "rarity": {"common": 0, "uncommon": 0, "rare": 1}, "relics": 1, "ambition": 1},
}

DEFAULT_SHOP = {"cards": 5, "relics": 2, "rarity": {"common": 55, "uncommon": 35, "rare": 10},
                "removal": 75, "removal_step": 25}

# options: name (for the tests' eyes), if (value, cmp, n), cost_hp, cost_aurorune, target,
# effect (instructions (op, selector, n, card id or None))
REST = {"name": "rest", "effect": [("heal_share", "party", 30, None)]}
TRAIN = {"name": "train", "target": "hero", "effect": [("ambition", "chosen_hero", 1, None)]}
UPGRADE = {"name": "upgrade", "target": "upgradable_card",
           "effect": [("upgrade_card", "chosen_card", 0, None)]}
TEMPER_UP = {"name": "temper up", "target": "hero", "effect": [("morality", "chosen_hero", 1, None)]}
TEMPER_DOWN = {"name": "temper down", "target": "hero",
               "effect": [("morality", "chosen_hero", -1, None)]}

DEFAULT_SITES = {"sanctum": [REST, TRAIN], "forge": [UPGRADE, TEMPER_UP, TEMPER_DOWN]}

DEFAULT_EVENTS = (
    {"acts": 0, "options": [
        {"name": "pay 10: gain a relic", "cost_aurorune": 10,
         "effect": [("gain_relic", "none", 0, None)]},
        {"name": "bleed 2: 30 aurorune", "cost_hp": 2,
         "effect": [("gain_aurorune", "none", 30, None)]},
        {"name": "leave", "effect": []}]},
    {"acts": 0, "options": [
        {"name": "rich: pay 50, remove a card", "if": ("aurorune", ">=", 50),
         "cost_aurorune": 50, "target": "card",
         "effect": [("remove_card", "chosen_card", 0, None)]},
        {"name": "a gift", "effect": [("add_card", "none", 1, "core:insight")]},
        {"name": "hurt one", "effect": [("hurt", "random_hero", 3, None)]}]},
)

# built-in cards given an upgraded form: the "upgrade" points at another existing card def
DEFAULT_UPGRADES = {"core:ember_squire": "core:ashen_duelist",
                    "core:cinder_rite": "core:flame_lance",
                    "core:dawn_sentinel": "core:iron_bulwark",
                    "core:veil_ward": "core:riposte",
                    "core:insight": "core:tide_reading",
                    "core:mending_litany": "core:tidal_blessing"}


def _cards_default(catalog: Any) -> dict[str, dict[str, Any]]:
    """Every card def: a rarity by its index (common, uncommon, rare in turn), neutral, its
    price its `aurorune` (or 40), no upgrade, no run triggers."""
    out: dict[str, dict[str, Any]] = {}
    for i, cid in enumerate(catalog.card_ids):
        d = catalog.cards[cid]
        out[cid] = {"rarity": ("common", "uncommon", "rare")[i % 3], "hero": None,
                    "upgrade": None, "price": min(9999, max(0, d.get("aurorune") or 40)),
                    "run": {}}
    return out


# ---------------------------------------------------------------- building the spec


class _Builder:
    """Compiles the knobs into spec["run"] and the run programs into the code pool."""

    def __init__(self, catalog: Any, programs: list) -> None:
        self.c = catalog
        self.programs = programs

    def enc(self, e: str | int) -> int:
        return e if isinstance(e, int) else self.c.encounter_ids.index(e)

    def card(self, cid: str | int) -> int:
        return cid if isinstance(cid, int) else self.c.card_ids.index(cid)

    def hero(self, h: str | int | None) -> int:
        if h is None:
            return -1
        return h if isinstance(h, int) else self.c.hero_ids.index(h)

    def program(self, effect: list | None) -> int:
        """A run program from instructions (op, selector, n, card); -1 for None. An empty
        list is a program of no instruction."""
        if effect is None:
            return -1
        code = []
        for op, sel, n, card in effect:
            b = 0
            if card is not None:
                b = self.card(card) + (1 if op == "gain_relic" else 0)
            code.append((OP[op], 0 if sel == "none" else SEL[sel], n, b, -1))
        self.programs.append((0, code))
        return len(self.programs) - 1

    def option(self, o: dict[str, Any]) -> dict[str, Any]:
        row: dict[str, Any] = {"cost_hp": o.get("cost_hp", 0),
                               "cost_aurorune": o.get("cost_aurorune", 0),
                               "target": TARGET[o.get("target", "none")],
                               "prog": self.program(o.get("effect")) if "prog" not in o
                               else o["prog"]}
        if o.get("if"):
            v, cmp, n = o["if"]
            row["cond"] = (VALUE[v], CMP[cmp], n)
        return row


def build_run_spec(catalog: Any, programs: list, *, acts=DEFAULT_ACTS, weights=None,
                   rewards=DEFAULT_REWARDS, shop=DEFAULT_SHOP, sites=DEFAULT_SITES,
                   events=DEFAULT_EVENTS, cards=None, upgrades=DEFAULT_UPGRADES,
                   rarities=None, card_heroes=None, prices=None, relic_run=None,
                   config=None, drift=None) -> dict[str, Any]:
    """spec["run"] from the knobs (see run_engine); run programs are appended to `programs`."""
    b = _Builder(catalog, programs)
    cs = _cards_default(catalog) if cards is None else copy.deepcopy(cards)
    for cid, r in (rarities or {}).items():
        cs[cid]["rarity"] = r
    for cid, h in (card_heroes or {}).items():
        cs[cid]["hero"] = h
    for cid, u in (upgrades or {}).items():
        cs[cid]["upgrade"] = u
    for cid, p in (prices or {}).items():
        cs[cid]["price"] = p
    for cid, trig in (relic_run or {}).items():
        cs[cid]["run"] = trig
    card_rows = []
    for cid in catalog.card_ids:
        d = cs[cid]
        card_rows.append({"rarity": RARITY[d["rarity"]], "hero": b.hero(d["hero"]),
                          "upgrade": -1 if d["upgrade"] is None else b.card(d["upgrade"]),
                          "price": d["price"],
                          "run": {e: b.program(d["run"].get(e)) for e in RUN_EVENTS}})
    act_rows = []
    for a in acts:
        w = dict(DEFAULT_WEIGHTS)
        w.update(a.get("nodes", {}))
        w.update(weights or {})
        act_rows.append({"floors": a["floors"], "width": a["width"], "paths": a["paths"],
                         "elite_floor": a["elite_floor"], "nodes": w,
                         "fights": [b.enc(e) for e in a["fights"]],
                         "elites": [b.enc(e) for e in a["elites"]],
                         "bosses": [b.enc(e) for e in a["bosses"]]})
    options: list[dict[str, Any]] = []
    site_rows = []
    for kind, opts in (sites or {}).items():
        site_rows.append({"node": NODE[kind], "options": (len(options), len(opts))})
        options += [b.option(o) for o in opts]
    event_rows = []
    for ev in events or ():
        event_rows.append({"acts": ev.get("acts", 0), "options": (len(options), len(ev["options"]))})
        options += [b.option(o) for o in ev["options"]]
    reward_rows = []
    for kind, r in (rewards or {}).items():
        row = {"node": NODE[kind], "aurorune": tuple(r.get("aurorune", (0, 0))),
               "cards": r.get("cards", 3),
               "rarity": {"common": 60, "uncommon": 37, "rare": 3, **r.get("rarity", {})}}
        row.update({k: r[k] for k in ("relics", "ambition", "heal") if k in r})
        reward_rows.append(row)
    cfg = {"party": 3, "aurorune": 99, "deck_cap": 40, "drift": 1, "relic_cap": 8,
           "ambition_cap": 20}
    cfg.update(config or {})
    spec: dict[str, Any] = {
        "player_heroes": len(catalog.player_heroes), "config": cfg, "acts": act_rows,
        "options": options, "events": event_rows, "sites": site_rows, "rewards": reward_rows,
        "cards": card_rows,
        "heroes": [{"drift": (drift or {}).get(h, cfg["drift"])} for h in catalog.hero_ids]}
    if shop:
        spec["shop"] = {**DEFAULT_SHOP, **shop}
    return spec


def _base_engine(match_config: dict[str, Any] | None = None) -> eve.Engine:
    """A fresh Engine of the built-in pack (its tables are reloaded below: never shared)."""
    return eve.Engine(config=match_config)


def load_hand_run(engine: eve.Engine, **knobs: Any) -> eve.Engine:
    """Load a hand-made run (knobs: see run_engine, but match_config) into `engine`'s tables,
    in place: the engine is the caller's and is changed. Returns it."""
    hero_hp = knobs.pop("hero_hp", None)
    foe_hp = knobs.pop("foe_hp", None)
    catalog = engine.catalog
    spec = catalog.spec                     # a deep copy
    programs = [(t, [tuple(i) for i in code]) for t, code in spec["programs"]]
    spec["run"] = build_run_spec(catalog, programs, **knobs)
    spec["programs"] = programs
    n_player = len(catalog.player_heroes)
    for i, h in enumerate(spec["heroes"]):
        hp = hero_hp if i < n_player else foe_hp
        if hp is not None:
            h["max_hp"] = hp
    catalog.tables.load(spec, catalog.fingerprint)
    return engine


@functools.cache
def _cached(key: str) -> eve.Engine:
    knobs = json.loads(key)
    match_config = knobs.pop("match_config", None)
    knobs = {k: (tuple(v) if k in ("acts", "events") else v) for k, v in knobs.items()}
    for k in ("rewards", "sites", "events"):
        if k in knobs and knobs[k] is not None:
            knobs[k] = _untuple(knobs[k])
    return load_hand_run(_base_engine(match_config), **knobs)


def _untuple(v: Any) -> Any:
    """JSON gave lists where the spec has tuples: an option's `if` and `effect` instructions,
    a reward's aurorune range."""
    if isinstance(v, dict):
        out = {k: _untuple(x) for k, x in v.items()}
        if "if" in out and out["if"]:
            out["if"] = tuple(out["if"])
        if "effect" in out and out["effect"] is not None:
            out["effect"] = [tuple(i) for i in out["effect"]]
        if "aurorune" in out and isinstance(out["aurorune"], list):
            out["aurorune"] = tuple(out["aurorune"])
        return out
    if isinstance(v, list | tuple):
        return [_untuple(x) for x in v]
    return v


def run_engine(**knobs: Any) -> eve.Engine:
    """An Engine whose tables hold a run (cached by its knobs). Knobs (all optional):

    acts: act dicts (floors, width, paths, elite_floor, nodes weights by kind, fights, elites,
      bosses by Encounter id); weights: node weights applied over every act's;
    rewards: {node kind: {aurorune: (lo, hi), cards, rarity {common, uncommon, rare}, relics,
      ambition, heal}}; shop: a ShopDef dict or None;
    sites: {"sanctum"|"forge": [option]}; events: [{acts: bit mask, options: [option]}], an
      option being {name, if: (value, cmp, n), cost_hp, cost_aurorune, target, effect:
      [(op, selector, n, card)] or None (no program: prog -1)};
    rarities / card_heroes / upgrades / prices: {card id: rarity name / hero id / card id /
      int} over the defaults (rarity by index, neutral, DEFAULT_UPGRADES, the card's aurorune);
    relic_run: {relic id: {run event: effect}}; config: RunConfig fields; drift: {hero id: n};
    hero_hp, foe_hp: every player / Encounter hero def's max hp (test-only: fights a greedy
      party wins, or loses); match_config: the Engine's rule configuration overrides
      (max_rounds, ...).
    """
    if not knobs and not HAND_MADE:
        return real_run_engine()
    return _cached(json.dumps(knobs, sort_keys=True, default=list))


@functools.cache
def real_run_engine() -> eve.Engine:
    """The built-in pack's own run content (once the run pipeline compiles it)."""
    engine = _base_engine()
    if not engine.catalog.tables.has_run:
        raise LookupError("the built-in pack has no run content yet: use run_engine(**knobs)")
    return engine


def easy_engine(**knobs: Any) -> eve.Engine:
    """A run engine whose heroes have 200 hp and whose foes' heroes 3: greedy play wins its
    fights."""
    knobs.setdefault("hero_hp", 200)
    knobs.setdefault("foe_hp", 3)
    return run_engine(**knobs)


# ---------------------------------------------------------------- playing


def fight_action(run: Any, seed: int) -> int:
    """The greedy policy's action in the run's current fight."""
    return choose(run.match, "greedy", seed)


def step(run: Any, rng: random.Random, *, greedy_fights: bool = True) -> int:
    """One action: a greedy one in a fight (or random with greedy_fights False), else a random
    legal run action. Returns the code applied."""
    if run.in_fight and greedy_fights:
        code = fight_action(run, rng.randrange(2**32))
    else:
        code = rng.choice(run.legal_action_codes())
    run.apply(code)
    return code


def play(run: Any, seed: int, *, greedy_fights: bool = True, until=None, limit: int = 20000,
         chooser=None) -> list[int]:
    """Play on until the run is over or `until(run)` holds. `chooser(run, codes, rng)` picks
    the run's decisions out of a fight (default: uniformly). Returns the codes applied."""
    rng = random.Random(seed)
    codes: list[int] = []
    for _ in range(limit):
        if run.is_over or (until is not None and until(run)):
            return codes
        if run.in_fight and greedy_fights:
            code = fight_action(run, rng.randrange(2**32))
        elif run.in_fight or chooser is None:
            code = rng.choice(run.legal_action_codes())
        else:
            code = chooser(run, run.legal_action_codes(), rng)
        run.apply(code)
        codes.append(code)
    raise AssertionError(f"the run did not end in {limit} actions")


def run_kind(run: Any, code: int) -> str:
    """The action kind of a code (eve.encoding's names)."""
    return decode_action(code).kind


def first(run: Any, word: str) -> int | None:
    """The first legal action whose words start with `word` (out of a fight)."""
    for a in run.legal_actions():
        if a.text.startswith(word):
            return a.code
    return None


def destination(run: Any, code: int) -> str | None:
    """The node kind a travel action leads to."""
    f = run.floor                       # the next floor, 0-based, is run.floor (1-based now)
    return run.map["floors"][f][decode_action(code).source]


def prefer(*kinds: str, take: bool = True):
    """A chooser: travel to a node of the first of `kinds` reachable (else anywhere), take a
    reward's first card (or leave with take False), and random otherwise."""
    def chooser(run: Any, codes: list[int], rng: random.Random) -> int:
        if run.phase == "path":
            for k in kinds:
                ok = [c for c in codes if destination(run, c) == k]
                if ok:
                    return rng.choice(ok)
        if run.phase == "reward":
            want = "take" if take else "leave"
            ok = [c for c in codes if run_kind(run, c) == want]
            if ok:
                return ok[0]
        return rng.choice(codes)
    return chooser


def until_phase(*phases: str, node: str | None = None):
    """A stop condition: the run waits in one of `phases` (at a node of kind `node`)."""
    return lambda run: run.phase in phases and (node is None or run.node == node)


# ---------------------------------------------------------------- random run content

HERO_OPS = {"heal_share": (1, 100), "restore": (0, 20), "hurt": (0, 12), "max_hp": (0, 6),
            "ambition": (-3, 3), "morality": (-3, 3)}
HERO_SELS = ("party", "chosen_hero", "random_hero")
RUN_OP_NAMES = (*HERO_OPS, "gain_aurorune", "lose_aurorune", "add_card", "remove_card",
                "upgrade_card", "gain_relic")


def random_effect(rng: random.Random, catalog: Any, target: str) -> list[tuple]:
    """1-3 run instructions; `target` (none, hero, card, upgradable_card) says which chosen
    selector they may use."""
    cards = [c for c in catalog.card_ids if catalog.cards[c]["kind"] != "relic"]
    relics = [c for c in catalog.card_ids if catalog.cards[c]["kind"] == "relic"]
    out: list[tuple] = []
    for _ in range(rng.randint(1, 3)):
        op = rng.choice(RUN_OP_NAMES)
        if op in HERO_OPS:
            sels = [s for s in HERO_SELS if s != "chosen_hero" or target == "hero"]
            out.append((op, rng.choice(sels), rng.randint(*HERO_OPS[op]), None))
        elif op in ("gain_aurorune", "lose_aurorune"):
            out.append((op, "none", rng.randint(0, 60), None))
        elif op == "add_card" and cards:
            out.append((op, "none", rng.randint(1, 2), rng.choice(cards)))
        elif op in ("remove_card", "upgrade_card"):
            chosen = target in ("card", "upgradable_card")
            out.append((op, rng.choice(["random_card"] + ["chosen_card"] * chosen), 0, None))
        elif op == "gain_relic":
            out.append((op, "none", 0, rng.choice(relics) if relics and rng.random() < 0.5
                        else None))
    return out


def random_option(rng: random.Random, catalog: Any) -> dict[str, Any]:
    target = rng.choice(("none", "none", "hero", "card", "upgradable_card"))
    o: dict[str, Any] = {"name": "random", "target": target,
                         "effect": random_effect(rng, catalog, target)}
    if rng.random() < 0.3:
        v = rng.choice(list(VALUE))
        o["if"] = (v, rng.choice(list(CMP)), rng.randint(0, 120 if v in ("aurorune", "hp",
                                                                      "max_hp") else 12))
    if rng.random() < 0.3:
        o["cost_aurorune"] = rng.randint(0, 80)
    if rng.random() < 0.2:
        o["cost_hp"] = rng.randint(0, 8)
    return o


def random_run_knobs(catalog: Any, seed: int) -> dict[str, Any]:
    """Random run content over `catalog` (any pack's, with some Encounter and player hero):
    acts of random shapes and pools, random node weights, rewards, a shop or none, Sanctum,
    Forge and event options with random conditions, costs, picks and run programs of every
    run instruction and selector, random rarities, hero pools and upgrades, Relics' run
    triggers. Until the run pipeline lets random packs register run content, this is how
    random content reaches the run (tests/random_packs.py's packs included)."""
    rng = random.Random(seed)
    encs = list(catalog.encounter_ids)
    ids = list(catalog.card_ids)
    relics = [c for c in ids if catalog.cards[c]["kind"] == "relic"]
    acts = []
    for _ in range(rng.randint(1, 3)):
        floors = rng.randint(3, 9)
        acts.append({"floors": floors, "width": rng.randint(2, 8), "paths": rng.randint(1, 8),
                     "elite_floor": rng.randint(1, floors),
                     "nodes": {k: rng.choice((0, 1, 5, 20)) for k in NODE_KINDS[:-1]},
                     "fights": rng.sample(encs, rng.randint(1, min(3, len(encs)))),
                     "elites": rng.sample(encs, 1), "bosses": rng.sample(encs, 1)})

    def weights() -> dict[str, int]:
        return {k: rng.choice((0, 1, 10)) for k in ("common", "uncommon", "rare")}

    rewards = {k: {"aurorune": (lo, lo + rng.randint(0, 30)), "cards": rng.randint(0, 5),
                   "rarity": weights(), "relics": rng.randint(0, 2),
                   "ambition": rng.randint(0, 2), "heal": rng.choice((0, 0, 20))}
               for k, lo in (("fight", 5), ("elite", 20), ("boss", 60))}
    n_shop = rng.randint(0, 6)
    shop = None if rng.random() < 0.2 else {
        "cards": n_shop, "relics": rng.randint(0, min(2, 8 - n_shop)), "rarity": weights(),
        "removal": rng.randint(0, 90), "removal_step": rng.randint(0, 40)}
    sites = {k: [random_option(rng, catalog) for _ in range(rng.randint(1, 4))]
             for k in ("sanctum", "forge") if rng.random() < 0.9}
    events = [{"acts": rng.choice((0, 0, 1, 2, 3)),
               "options": [random_option(rng, catalog) for _ in range(rng.randint(1, 5))]}
              for _ in range(rng.randint(0, 6))]
    plain = [c for c in ids if c not in relics]
    upgrades = {c: rng.choice(plain) for c in rng.sample(plain, min(len(plain), 6))}
    upgrades = {c: u for c, u in upgrades.items() if u != c}
    n_player = len(catalog.player_heroes)
    party = max(1, min(3, n_player, catalog.tables.config["player_hero_slots"]))
    return {
        "acts": acts, "rewards": rewards, "shop": shop, "sites": sites, "events": events,
        "upgrades": upgrades,
        "rarities": {c: rng.choice(("starter", "common", "common", "uncommon", "rare",
                                    "special")) for c in ids},
        "card_heroes": {c: rng.choice(catalog.player_heroes) for c in ids
                        if rng.random() < 0.3},
        "relic_run": {r: {e: random_effect(rng, catalog, "none") for e in RUN_EVENTS
                          if rng.random() < 0.4} for r in relics},
        "config": {"party": party, "aurorune": rng.randint(0, 200),
                   "deck_cap": rng.randint(8, 40), "relic_cap": rng.randint(0, 8),
                   "drift": rng.randint(0, 3)},
        "hero_hp": rng.choice((30, 200)), "foe_hp": 3,
    }




def legal_run_actions(engine: eve.Engine, seed: int, pick: Any) -> list[int]:
    """The actions `pick(run)` plays in the run of `seed` (the default party) to its end,
    each checked legal before it is applied."""
    run, out = engine.new_run(seed, party=engine.default_heroes()), []
    while not run.is_over:
        a = pick(run)
        assert a in run.legal_action_codes()
        out.append(a)
        run.apply(a)
    return out
