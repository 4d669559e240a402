"""A filter on a chosen card by its kind or tag (rules G01-G05): card tags, `target_kind` and
`target_tag` on a card's or an ability's target, `kind` and `tag` on a `choose`."""
import msgpack
import pytest
from conftest import rule

from eve.core import layout
from eve.core.snapshot import checksum
from eve.core.tables import LIMITS
from eve.encoding import CARD_BASE, STACK_BASE, encode_action
from eve.errors import ContentError, SchemaViolation
from eve.lint import lint
from eve.testing import (
    action,
    actions,
    build_engine,
    engine_fixture,
    instances,
    resolve,
    scenario,
    sortilege,
)

NOTHING = [{"op": "shield", "to": "own_leader", "n": 0}]


def _filtered(target, effect, kind=None, tag=None, **extra):
    card = sortilege(effect, target, **extra)
    if kind:
        card["on_enter"]["target_kind"] = kind
    if tag:
        card["on_enter"]["target_tag"] = tag
    return card


CARDS = {
    "wolf": {"kind": "character", "power": 1, "hp": 2, "tags": ["beast"]},
    "ghoul": {"kind": "character", "power": 1, "hp": 2, "tags": ["undead"]},
    "totem": {"kind": "relic", "tags": ["beast"]},
    "plain": sortilege(NOTHING),
    # a reaction always playable, so that a response window stays open for the player (S04)
    "flinch": sortilege(NOTHING, keywords=["reaction"]),
    # the issue's examples
    "raise_dead": _filtered("abyss_card", [{"op": "put", "into": "rift"}], kind="character"),
    "mirror": _filtered("rift_card", [{"op": "copy", "into": "rift"}], kind="character"),
    "unsummon": _filtered("foe_stack_item", [{"op": "counter"}], kind="character",
                          keywords=["reaction"]),
    "exhume": sortilege([{"op": "choose", "from": "abyss", "kind": "character",
                          "into": "rift"}]),
    # by tag, and by both
    "call_beast": _filtered("abyss_card", [{"op": "put", "into": "rift"}], tag="beast"),
    "beast_lore": sortilege([{"op": "choose", "from": "abyss", "tag": "beast", "n": 2,
                              "into": "rift"}]),
    "bane": _filtered("foe_stack_item", [{"op": "counter"}], tag="undead",
                      keywords=["reaction"]),
    "cull": _filtered("foe_stack_item", [{"op": "counter"}], tag="beast",
                      keywords=["reaction"]),
    "dig": sortilege([{"op": "choose", "from": "archive_top", "look": 4, "kind": "relic",
                       "into": "rift"}]),
    "wild_call": {"kind": "sortilege", "charges": 1, "ability": {
        "target": "void_card", "target_kind": "character", "target_tag": "beast",
        "effect": [{"op": "return"}]}},
}
UNITS = {"boss": {"kind": "enemy_hero", "max_hp": 50},
         "imp": {"kind": "unit", "power": 1, "hp": 2, "tags": ["beast"]}}
ENCOUNTERS = {
    "duel": {},
    "summoner": {"script": [{"move": "summon", "unit": "imp", "lane": 0}]},
    "blaster": {"script": [{"move": "effect", "effect": [
        {"op": "damage", "to": "foe_leader", "n": 1}]}]},
}
HEROES = {"mage": [], "seer": {"ability": {"target": "abyss_card", "target_tag": "undead",
                                           "effect": [{"op": "put", "into": "rift"}]}}}
eng = engine_fixture("cf", heroes=HEROES, cards=CARDS, units=UNITS, encounters=ENCOUNTERS)


def _match(engine, encounter="duel", **zones):
    zones.setdefault("archive", ["cf:plain"] * 6)
    return scenario(engine, heroes=["cf:mage"], encounter=f"cf:{encounter}",
                    meter={"capacity": 9}, **zones)


def _targets(m, card):
    return sorted(a.target for a in actions(m, "play", card))


# ---------------------------------------------------------------- G02: a card's target

@rule("G02")
def test_return_only_a_character_card_from_the_abyss(eng):
    m = _match(eng, rift=["cf:raise_dead"], abyss=["cf:plain", "cf:wolf", "cf:totem"])
    wolf, = instances(m, "abyss", "wolf")
    assert _targets(m, "raise_dead") == [CARD_BASE + wolf]
    for other in (instances(m, "abyss", "plain")[0], instances(m, "abyss", "totem")[0]):
        code = encode_action("play", instances(m, "rift", "raise_dead")[0], CARD_BASE + other)
        assert m.check(code) == 11                       # R_BAD_TARGET, as any wrong target
    m.apply(action(m, "play", "raise_dead"))
    resolve(m)
    assert m.card_zone(wolf) == "rift"


@rule("G02")
def test_copy_a_card_of_a_given_kind_in_the_rift(eng):
    m = _match(eng, rift=["cf:mirror", "cf:plain", "cf:wolf", "cf:totem"])
    wolf, = instances(m, "rift", "wolf")
    assert _targets(m, "mirror") == [CARD_BASE + wolf]
    m.apply(action(m, "play", "mirror"))
    resolve(m)
    assert len(instances(m, "rift", "wolf")) == 2


@rule("G02")
def test_a_tag_filter_takes_every_kind_with_the_tag(eng):
    m = _match(eng, rift=["cf:call_beast"], abyss=["cf:ghoul", "cf:wolf", "cf:totem"])
    beasts = [CARD_BASE + instances(m, "abyss", c)[0] for c in ("wolf", "totem")]
    assert _targets(m, "call_beast") == sorted(beasts)


@rule("G02")
def test_a_card_with_no_qualifying_target_is_not_playable(eng):
    m = _match(eng, rift=["cf:raise_dead", "cf:call_beast"], abyss=["cf:plain", "cf:ghoul"])
    assert _targets(m, "raise_dead") == [CARD_BASE + instances(m, "abyss", "ghoul")[0]]
    assert actions(m, "play", "call_beast") == []


@rule("G02")
def test_an_abilitys_target_filter_takes_kind_and_tag_together(eng):
    m = _match(eng, lattice=[("cf:wild_call", 1)], void=["cf:totem", "cf:ghoul", "cf:wolf"])
    wolf, = instances(m, "void", "wolf")
    assert sorted(a.target for a in actions(m, "activate", "wild_call")) == [CARD_BASE + wolf]


@rule("G02")
def test_a_heros_ability_takes_a_filter_too(eng):
    m = scenario(eng, heroes=["cf:seer"], encounter="cf:duel", abyss=["cf:wolf", "cf:ghoul"],
                 archive=["cf:plain"] * 6, meter={"capacity": 9})
    ghoul, = instances(m, "abyss", "ghoul")
    assert sorted(a.target for a in actions(m, "activate", "seer")) == [CARD_BASE + ghoul]
    m.apply(action(m, "activate", "seer"))
    resolve(m)
    assert m.card_zone(ghoul) == "rift"


@rule("G01", "G02", "G04")
def test_random_packs_draw_tags_and_filters():
    import random_packs

    def dicts(x):
        if isinstance(x, dict):
            yield x
            x = list(x.values())
        if isinstance(x, list):
            for v in x:
                yield from dicts(v)
    seen = set()
    for seed in range(30):
        p = random_packs.random_pack(seed)
        for d in dicts([p.cards, p.heroes, p.units, p.encounters]):
            seen |= {k for k in ("tags", "target_kind", "target_tag") if k in d}
            seen |= {f"choose.{k}" for k in ("kind", "tag") if d.get("op") == "choose" and k in d}
        random_packs.random_engine(seed)                # each loads
    assert seen == {"tags", "target_kind", "target_tag", "choose.kind", "choose.tag"}


# ---------------------------------------------------------------- G03: a summon on the Stack

@rule("G03")
def test_counter_only_a_summon(eng):
    m = scenario(eng, heroes=["cf:mage"], encounter="cf:summoner", rift=["cf:unsummon"],
                 archive=["cf:plain"] * 6, active="encounter", advance=True)
    assert [(s["side"], s["kind"]) for s in m.stack] == [("encounter", "move")]
    assert _targets(m, "unsummon") == [STACK_BASE]
    m.apply(action(m, "play", "unsummon"))
    resolve(m)
    assert m.characters("encounter")[0] is None           # the summon was countered


@rule("G03")
def test_an_effect_move_is_no_summon(eng):
    m = scenario(eng, heroes=["cf:mage"], encounter="cf:blaster", rift=["cf:unsummon", "cf:flinch"],
                 archive=["cf:plain"] * 6, active="encounter", advance=True)
    assert [(s["side"], s["kind"]) for s in m.stack] == [("encounter", "move")]
    assert actions(m, "play", "unsummon") == []
    code = encode_action("play", instances(m, "rift", "unsummon")[0], STACK_BASE)
    assert m.check(code) == 11


@rule("G03")
def test_a_summons_tags_are_its_units(eng):
    m = scenario(eng, heroes=["cf:mage"], encounter="cf:summoner",
                 rift=["cf:bane", "cf:cull", "cf:flinch"], archive=["cf:plain"] * 6,
                 active="encounter", advance=True)
    assert m.stack and actions(m, "play", "bane") == []   # an imp is a beast, not undead
    assert actions(m, "play", "cull")                     # ... and a beast it is


# ---------------------------------------------------------------- G04: choose

def _choose(m, card):
    m.apply(action(m, "play", card))
    while m.stack and m.choice is None:
        m.apply(action(m, "pass"))
    return m.choice


@rule("G04")
def test_choose_offers_only_the_cards_of_its_kind(eng):
    m = _match(eng, rift=["cf:exhume"], abyss=["cf:plain", "cf:wolf", "cf:totem", "cf:ghoul"])
    assert _choose(m, "exhume")["ids"] == ["cf:wolf", "cf:ghoul"]
    m.apply(encode_action("choose", 1))
    assert m.card_zone(instances(m, "rift", "ghoul")[0]) == "rift"


@rule("G04")
def test_a_restored_choice_offering_a_card_its_filter_refuses_is_refused(eng):
    m = _match(eng, rift=["cf:exhume"], abyss=["cf:plain", "cf:wolf", "cf:ghoul"])
    _choose(m, "exhume")
    eng.restore(m.snapshot())                           # as it is: it restores
    top = msgpack.unpackb(m.snapshot())
    body = top[6]
    choice = body[[s.name for s in layout.BODY].index("choice")]
    options = choice[layout.CHOICE_FIELDS.index("options")]
    options[0] = instances(m, "abyss", "plain")[0]      # a Sortilege, in the zone chosen from
    packed = msgpack.packb(body)
    forged = b"\x97" + b"".join(msgpack.packb(x) for x in top[:5]) + msgpack.packb(
        checksum(packed)) + packed
    with pytest.raises(SchemaViolation, match="G04"):
        eng.restore(forged)


@rule("G04")
def test_choose_by_tag(eng):
    m = _match(eng, rift=["cf:beast_lore"], abyss=["cf:ghoul", "cf:wolf", "cf:totem"])
    assert _choose(m, "beast_lore")["ids"] == ["cf:wolf", "cf:totem"]


@rule("G04")
def test_choose_from_the_archive_top_sees_all_and_offers_the_kind(eng):
    m = _match(eng, rift=["cf:dig"],
               archive=["cf:wolf", "cf:totem", "cf:plain", "cf:totem", "cf:totem"])
    assert _choose(m, "dig")["ids"] == ["cf:totem", "cf:totem"]    # the third is not seen


@rule("G04")
def test_choose_with_no_qualifying_card_offers_nothing(eng):
    m = _match(eng, rift=["cf:exhume"], abyss=["cf:plain", "cf:totem"])
    m.apply(action(m, "play", "exhume"))
    resolve(m)
    assert m.choice is None and len(instances(m, "abyss", "totem")) == 1


# ---------------------------------------------------------------- G01, G05: load and lint

def _loads(cards, units=None):
    return build_engine("cf", heroes={"mage": []}, cards={"plain": sortilege(NOTHING), **cards},
                        units={"boss": {"kind": "enemy_hero", "max_hp": 5}, **(units or {})},
                        encounters={"duel": {}})


@rule("G01")
def test_tags_compile_to_a_bit_set_in_a_fixed_order(eng):
    cards = eng.catalog.spec["cards"]
    tags = eng.catalog.tags             # the built-in pack's and this pack's, sorted: the same
    assert tags == tuple(sorted(tags)) and {"beast", "undead"} <= set(tags)    # for every order
    bits = {c: cards[eng.card_index(f"cf:{c}")]["tags"] for c in ("wolf", "ghoul", "plain")}
    assert bits == {"wolf": 1 << tags.index("beast"), "ghoul": 1 << tags.index("undead"),
                    "plain": 0}


@rule("G01")
def test_more_tags_than_the_core_holds_are_refused(eng):
    n = LIMITS["tags"] - len(_loads({}).catalog.tags)     # what the built-in pack leaves
    many = {f"c{i:02d}": {"kind": "relic", "tags": [f"t{i:02d}"]} for i in range(n + 1)}
    with pytest.raises(ContentError) as e:
        _loads(many)
    assert str(LIMITS["tags"]) in str(e.value) and "tags" in str(e.value)
    assert e.value.code == "EVE-P018"
    # exactly the limit loads, and a filter on the last tag (the bit set's top bit) works
    last = f"t{n - 1:02d}"
    full = _loads({**dict(list(many.items())[:n]), "seek": _filtered(
        "abyss_card", [{"op": "put", "into": "rift"}], tag=last)})
    assert last in full.catalog.tags
    m = scenario(full, heroes=["cf:mage"], encounter="cf:duel", rift=["cf:seek"],
                 abyss=["cf:c00", f"cf:c{n - 1:02d}"], meter={"capacity": 9})
    assert _targets(m, "seek") == [CARD_BASE + instances(m, "abyss", f"c{n - 1:02d}")[0]]


@rule("G05")
@pytest.mark.parametrize("card, path, words", [
    ({"kind": "relic", "tags": ["Beast"]}, "tags[0]", "[a-z]"),
    ({"kind": "relic", "tags": "beast"}, "tags", "list"),
    (_filtered("abyss_card", [{"op": "put", "into": "rift"}], kind="spell"),
     "on_enter.target_kind", "character"),
    (_filtered("abyss_card", [{"op": "put", "into": "rift"}], tag="ghost"),
     "on_enter.target_tag", "no card or unit"),
    (_filtered("foe", [{"op": "damage"}], kind="character"), "on_enter.target_kind",
     "card or Stack item"),
    (sortilege([{"op": "choose", "from": "abyss", "kind": "spell", "into": "rift"}]),
     "on_enter.effect[0].kind", "character"),
    (sortilege([{"op": "choose", "from": "abyss", "tag": "ghost", "into": "rift"}]),
     "on_enter.effect[0].tag", "no card or unit"),
])
def test_unknown_kinds_and_tags_are_refused_naming_the_field(card, path, words):
    with pytest.raises(ContentError) as e:
        _loads({"bad": card, "owner": {"kind": "relic", "tags": ["beast"]}})
    assert e.value.path == f"cards.cf:bad.{path}"
    assert words in str(e.value)


@rule("G01")
def test_an_enemy_hero_has_no_tags():
    with pytest.raises(ContentError) as e:
        _loads({}, units={"boss": {"kind": "enemy_hero", "max_hp": 5, "tags": ["beast"]}})
    assert e.value.path == "units.cf:boss.tags"


@rule("G05")
def test_rules_text_words_the_filter(eng):
    text = eng.catalog.rules_text
    assert "target character card in the Abyss" in text("cf:raise_dead")
    assert "another target character card in the Rift" in text("cf:mirror")
    assert "target foe summon on the Stack" in text("cf:unsummon")
    assert "a character card from your Abyss" in text("cf:exhume")
    assert "target beast card in the Abyss" in text("cf:call_beast")
    assert "2 beast cards from your Abyss" in text("cf:beast_lore")
    assert "target beast character card in the Void" in text("cf:wild_call")
    assert "Tags: beast" in text("cf:wolf")


@rule("G05")
def test_lint_warns_on_a_filter_no_card_can_meet():
    ok = _loads({"wolf": CARDS["wolf"], "raise": CARDS["raise_dead"]})
    assert not [f for f in lint(ok).findings if f.code == "EVE-L035"]
    never = _loads({"wolf": CARDS["wolf"], "imp_card": {"kind": "relic"},
                    "raise": _filtered("abyss_card", [{"op": "put", "into": "rift"}],
                                       kind="sortilege", tag="beast"),
                    "seek": sortilege([{"op": "choose", "from": "abyss", "tag": "swarm",
                                        "into": "rift"}])},
                   units={"imp": {"kind": "unit", "power": 1, "hp": 1, "tags": ["swarm"]}})
    found = [(f.item, f.path) for f in lint(never).findings if f.code == "EVE-L035"]
    assert found == [("cf:raise", "cards.cf:raise.on_enter"),
                     ("cf:seek", "cards.cf:seek.on_enter.effect[0]")]


@rule("G03")
def test_lint_warns_on_a_stack_filter_of_a_kind_the_encounter_never_pushes():
    never = _loads({"nope": _filtered("foe_stack_item", [{"op": "counter"}], kind="relic",
                                      keywords=["reaction"])})
    assert [f.item for f in lint(never).findings if f.code == "EVE-L035"] == ["cf:nope"]


@rule("G01")
def test_a_card_without_tags_or_filters_compiles_its_columns_to_0():
    cat = _loads({}, {"pup": {"kind": "unit", "hp": 1}}).catalog
    spec = cat.spec
    ours = [i for i, c in enumerate(cat.card_ids) if c.startswith("cf:")]
    assert {(spec["cards"][i]["tags"], spec["cards"][i]["play_filter"],
             spec["cards"][i]["ability_filter"]) for i in ours} == {(0, 0, 0)}
    assert spec["units"][cat.unit_ids.index("cf:pup")]["tags"] == 0
