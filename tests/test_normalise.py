"""The compile step's normalise half (eve.compiler.normalise): an item's record has every default
filled in, means what its data means, and is what the Catalog, rules text and lint read."""
import pytest

from eve.compiler.normalise import DEFAULTS, RECORDED, defaults, record
from eve.core.instructions import filled
from eve.core.records import data_fields
from eve.plugins.registry import thaw
from eve.testing import build_engine
from eve.text import rules_texts

# every kind of item, each leaving out what it may, with fields whose presence means something
# (a Relic's ally_power, `per` beside `every`, `look` of a choice from the Archive's top)
SHORT = dict(
    heroes={"h": {"max_hp": 30, "cards": ["bolt", "idol", "sight"],
                  "ability": {"effect": [{"op": "damage", "n": 1}], "target": "foe"}}},
    cards={
        "bolt": {"kind": "character", "power": 2, "hp": 3,
                 "on_enter": {"effect": [{"op": "shield", "to": "self", "n": 2}]},
                 "triggers": [{"on": "foe_turn_start", "effect": [{"op": "heal", "to": "self"}]}]},
        "idol": {"kind": "relic", "trigger": {"on": "turn_start", "effect": [{"op": "draw"}]},
                 "triggers": [{"on": "drawn", "every": 2, "effect": [{"op": "task", "n": 1}]}]},
        "sight": {"kind": "sortilege", "charges": 2, "on_enter": {"effect": [
            {"op": "choose", "from": "rift", "into": "abyss"},
            {"op": "choose", "from": "archive_top", "into": "rift", "n": 2},
            {"op": "if", "cond": "target.hp > 0", "then": [{"op": "remove_status", "status": "rot",
                                                           "to": "all_foes"}],
             "else": [{"op": "status", "status": "rot", "to": "all_foes"}]}]}},
    },
    units={"imp": {"hp": 2},
           "boss": {"kind": "enemy_hero", "max_hp": 40}},
    statuses={"rot": {"polarity": "debuff", "decay": {"at": "turn_end"},
                      "tick": {"at": "turn_end", "effect": [{"op": "damage", "to": "self"}]}}},
    counters={"seen": {}},
    tasks={"goal": {"goal": "effect", "threshold": 3, "reward": [{"op": "draw"}]}},
    encounters={"arena": {"roster": ["boss"], "initiative": 2, "script": [
        {"move": "summon", "unit": "imp"},
        {"move": "effect", "effect": [{"op": "damage", "n": 2}], "target": "foe_leader"},
        {"pick": [{"move": "attack"}, {"move": "wait", "weight": 2}], "max_repeats": 1},
        {"move": "attack", "unless": {"if": "round_at_least", "arg": 3,
                                      "do": {"move": "effect", "effect": [{"op": "heal"}],
                                             "target": "own_leader"}}}],
        "responses": [{"on": "deploy", "counter": True, "per_round": 1}]}},
)

_KINDS = {"heroes": "hero", "cards": "card", "statuses": "status", "counters": "counter",
          "tasks": "task", "encounters": "encounter"}


def _kind(section: str, data: dict) -> str:
    if section == "units":
        return "enemy_hero" if data.get("kind") == "enemy_hero" else "unit"
    return _KINDS[section]


def _written_out(sections: dict) -> dict:
    """The same content with every default written: each item's record, as plain data."""
    return {sec: {k: thaw(record(_kind(sec, v), v)) for k, v in items.items()}
            for sec, items in sections.items()}


@pytest.fixture(scope="module")
def short():
    return build_engine("t", **SHORT)


@pytest.fixture(scope="module")
def long():
    return build_engine("t", **_written_out(SHORT))


def test_a_record_means_what_its_data_means(short, long):
    # the data's record, written out in full, compiles to the same tables and reads the same
    assert short.catalog.spec == long.catalog.spec
    assert rules_texts(short.catalog) == rules_texts(long.catalog)


def test_every_default_is_filled_in(short):
    c = short.catalog
    hero = c.heroes["t:h"]
    assert (hero["power"], hero["ambition"], hero["morality"]) == (0, 0, 0)
    assert hero["ability"]["reaction"] is False
    bolt = c.cards["t:bolt"]
    assert bolt["keywords"] == () and bolt["on_enter"]["target"] == "none"
    # a foe's turn's trigger answers the other side's turn: its `who` is "foe"
    assert bolt["triggers"][0]["who"] == "foe"
    idol = c.cards["t:idol"]
    assert idol["ally_power"] == 0 and idol["triggers"][0]["per"] == "match"
    assert c.units["t:imp"]["power"] == 0
    rot = c.statuses["t:rot"]
    assert rot["max"] == 999 and rot["stacking"] == "intensity" and rot["decay"]["by"] == "one"
    assert c.counters["t:seen"]["reset"] == "match"
    enc = c.encounters["t:arena"]
    summon, effect, pick, attack = enc["script"]
    assert (summon["phase"], summon["lane"]) == ("main", "first_empty")
    assert (attack["phase"], attack["lane"], attack["attacker"]) == ("combat", "strongest",
                                                                      "leader")
    assert attack["unless"]["do"]["phase"] == "main"
    assert pick["pick"][1] == {"move": "wait", "weight": 2, "phase": "main"}
    assert enc["responses"][0]["charges"] == -1 and enc["responses"][0]["target"] == "none"


def test_an_instruction_is_filled_by_its_row_at_every_depth(short):
    sight = short.catalog.cards["t:sight"]["on_enter"]["effect"]
    assert dict(sight[0]) == filled({"op": "choose", "from": "rift", "into": "abyss"})
    assert sight[2]["then"][0]["n"] == filled({"op": "remove_status"})["n"]
    assert sight[2]["else"][0]["n"] == 1


def test_a_field_whose_presence_means_something_is_left_out(short):
    c = short.catalog
    # only a Relic has ally_power, only a Sortilege charges: the compiler refuses them elsewhere
    assert "ally_power" not in c.cards["t:bolt"] and "charges" not in c.cards["t:bolt"]
    # `per` counts an `every`; `once` with `per` is refused
    assert "per" not in c.cards["t:idol"]["trigger"]
    # only a choice from the Archive's top looks at cards
    choose_rift, choose_top = c.cards["t:sight"]["on_enter"]["effect"][:2]
    assert "look" not in choose_rift and choose_top["look"] == 2
    # a wait has no other field; an attack's lane is a player lane
    assert set(c.encounters["t:arena"]["script"][2]["pick"][1]) == {"move", "weight", "phase"}


def test_the_numbers_default_as_the_records_columns_say():
    for shape, struct in (("HeroData", "HeroDef"), ("UnitData", "UnitDef"),
                          ("StatusData", "StatusDef")):
        given = defaults(shape)
        for key, (default, _, _) in data_fields(struct).items():
            assert given[key] == default, (shape, key)
    assert defaults("CardData", {"kind": "relic"})["ally_power"] == data_fields(
        "CardDef")["ally_power"][0]


def test_data_of_the_wrong_shape_is_left_for_the_compiler_to_report():
    bad = {"max_hp": 5, "ability": ["not", "a", "table"], "triggers": "nor a list"}
    assert thaw(record("hero", bad))["ability"] == ["not", "a", "table"]
    assert record("hero", bad)["triggers"] == "nor a list"


def test_every_kind_a_record_is_made_for_has_a_shape():
    from eve.plugins.schema import SCHEMAS
    assert RECORDED <= set(SCHEMAS)
    assert set(DEFAULTS) <= {t.__name__ for t in _shapes()}


def _shapes():
    import typing

    from eve.plugins import schema
    return [v for v in vars(schema).values()
            if isinstance(v, type) and issubclass(v, dict) and hasattr(v, "__total__")
            and v is not typing.TypedDict]
