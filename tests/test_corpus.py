"""The reference corpus (tests/corpus/): every written design played in a real match of the
corpus pack, plus the checks that the corpus loads, lints without errors, has rules text for
every item and matches its table in docs/corpus.md."""
from __future__ import annotations

import pytest
from corpus import DESIGNS, PACK_NAME, corpus_pack, status_room, volumes
from corpus.support import DUMMY_HP, TESTER_HP
from corpus.table import DOC, render

import eve
import eve_content
from eve.testing import actions, build_engine, end_turn, play, resolve, scenario

# the number of designs written (exact or compromise) this corpus has reached: it may only grow
WRITTEN_AT_LEAST = 167

FOE, FOE2 = 16, 17                   # the Encounter's heroes by slot
CARD = 64                            # a card target is 64 + the card instance


def foe_lane(lane):
    return 24 + lane


def ally_lane(lane):
    return 8 + lane


TESTED: dict[str, str] = {}


def design(key):
    """Mark the behaviour test of one design."""
    def mark(fn):
        TESTED[key] = fn.__name__
        return fn
    return mark


@pytest.fixture(scope="module")
def engines():
    """One engine a volume of the corpus (corpus/pack.py): the designs it holds, and it."""
    builtin = len(eve.Engine(packs=[eve_content]).catalog.status_ids)
    return [({d.key for d in vol}, eve.Engine(packs=[eve_content, corpus_pack(vol)]))
            for vol in volumes(DESIGNS, status_room(builtin))]


@pytest.fixture
def eng(request, engines):
    """The engine of the volume that holds the design the test plays (the first volume for a
    test of no design)."""
    key = next((k for k, fn in TESTED.items() if fn == request.function.__name__), None)
    return next(e for keys, e in engines if key is None or key in keys)


def engine_with(engines, key):
    """The engine of the volume that holds a design another design's test plays against."""
    return next(e for keys, e in engines if key in keys)


def cid(name):
    return name if ":" in name else f"{PACK_NAME}:{name}"


def match(eng, rift=(), encounter="target_dummy", **kw):
    kw.setdefault("meter", {"capacity": 30})
    return scenario(eng, heroes=[cid("tester")], encounter=cid(encounter),
                    rift=[cid(c) for c in rift], **kw)


def foe(m, slot=0):
    return m.heroes("encounter")[slot]


def me(m):
    return m.heroes()[0]


def lost(m, slot=0):
    return DUMMY_HP - foe(m, slot)["hp"]


def st(unit, name):
    return unit["statuses"].get(cid(name), 0)


def zone(m, name):
    return [m.card_id(c) for c in m.zone_cards(name)]


def rift_size(m):
    return len(m.zone_cards("rift"))


def foes_hit(eng, card, seeds=range(40), **kw):
    """Over many seeds of a two-foe match, what each play of a random-foe card took from each
    foe: (losses of foe 0, losses of foe 1) per seed. Same seed, same split (rule E22)."""
    out = []
    for seed in seeds:
        m = match(eng, [card], encounter="twin_dummies", seed=seed, **kw)
        play(m, card, resolve=True)
        out.append((lost(m, 0), lost(m, 1)))
    return out


ARCHIVE = ["corpus:grizzly_bears"] * 6          # something to draw


# ============================================================== Slay the Spire

@design("strike")
def test_strike(eng):
    m = match(eng, ["strike"])
    play(m, "strike", FOE, resolve=True)
    assert lost(m) == 6
    assert zone(m, "abyss") == [cid("strike")] and zone(m, "lattice") == []


@design("defend")
def test_defend(eng):
    m = match(eng, ["defend"])
    play(m, "defend", resolve=True)
    assert me(m)["shield"] == 5
    end_turn(m)                                    # the dummy's 1 hits the shield, then it clears
    assert me(m)["shield"] == 0 and me(m)["hp"] == TESTER_HP


@design("bash")
def test_bash(eng):
    m = match(eng, ["bash", "strike"])
    play(m, "bash", FOE, resolve=True)
    assert lost(m) == 8 and st(foe(m), "core:vulnerable") == 2
    play(m, "strike", FOE, resolve=True)
    assert lost(m) == 8 + 9                         # 6 x 150%
    end_turn(m)
    end_turn(m)
    assert st(foe(m), "core:vulnerable") == 0      # two of its turns


@design("flex")
def test_flex(eng):
    m = match(eng, ["flex", "strike", "strike"])
    play(m, "flex", resolve=True)
    assert st(me(m), "strength_up") == 2
    play(m, "strike", FOE, resolve=True)
    assert lost(m) == 8
    end_turn(m)
    assert st(me(m), "strength_up") == 0
    play(m, "strike", FOE, resolve=True)
    assert lost(m) == 8 + 6


@design("inflame")
def test_inflame(eng):
    m = match(eng, ["inflame", "strike", "strike"])
    play(m, "inflame", resolve=True)
    assert zone(m, "void") == [cid("inflame")]      # a Power leaves the match
    end_turn(m)
    assert st(me(m), "strength") == 2
    play(m, "strike", FOE, resolve=True)
    assert lost(m) == 8


@design("heavy_blade")
def test_heavy_blade(eng):
    m = match(eng, ["heavy_blade", "heavy_blade", "inflame", "flex"])
    play(m, "heavy_blade", FOE, resolve=True)
    assert lost(m) == 14
    play(m, "inflame", resolve=True)
    play(m, "flex", resolve=True)                                 # 4 Strength in all
    play(m, "heavy_blade", FOE, resolve=True)
    assert lost(m) == 14 + 14 + 3 * 4


@design("limit_break")
def test_limit_break(eng):
    m = match(eng, ["inflame", "limit_break", "strike"])
    play(m, "inflame", resolve=True)
    play(m, "limit_break", resolve=True)
    assert st(me(m), "strength") == 4
    assert zone(m, "void") == [cid("inflame"), cid("limit_break")]
    play(m, "strike", FOE, resolve=True)
    assert lost(m) == 10


@design("pommel_strike")
def test_pommel_strike(eng):
    m = match(eng, ["pommel_strike"], archive=ARCHIVE)
    play(m, "pommel_strike", FOE, resolve=True)
    assert lost(m) == 9 and zone(m, "rift") == [cid("grizzly_bears")]


@design("shrug_it_off")
def test_shrug_it_off(eng):
    m = match(eng, ["shrug_it_off"], archive=ARCHIVE)
    play(m, "shrug_it_off", resolve=True)
    assert me(m)["shield"] == 8 and rift_size(m) == 1


@design("iron_wave")
def test_iron_wave(eng):
    m = match(eng, ["iron_wave"])
    play(m, "iron_wave", FOE, resolve=True)
    assert me(m)["shield"] == 5 and lost(m) == 5


@design("twin_strike")
def test_twin_strike(eng):
    m = match(eng, ["twin_strike"], enemy_state={0: {"shield": 4}})
    play(m, "twin_strike", FOE, resolve=True)
    assert lost(m) == 1 + 5                         # the first hit mostly into the shield
    hits = [e for e in m.events if e.kind == "damage"]
    assert len(hits) == 2


@design("cleave")
def test_cleave(eng):
    m = match(eng, ["cleave"], encounter="twin_dummies", enemy_lanes={2: "grunt"})
    play(m, "cleave", resolve=True)
    assert lost(m, 0) == 8 and lost(m, 1) == 8
    assert m.characters("encounter")[2] is None     # the 6-hp grunt died


@design("thunderclap")
def test_thunderclap(eng):
    m = match(eng, ["thunderclap", "strike"], encounter="twin_dummies")
    play(m, "thunderclap", resolve=True)
    assert lost(m, 0) == lost(m, 1) == 4
    assert st(foe(m, 1), "core:vulnerable") == 1
    play(m, "strike", FOE2, resolve=True)
    assert lost(m, 1) == 4 + 9


@design("clothesline")
def test_clothesline(eng):
    m = match(eng, ["clothesline", "strike"])
    play(m, "clothesline", FOE, resolve=True)
    assert lost(m) == 12 and st(foe(m), "core:weak") == 2


@design("uppercut")
def test_uppercut(eng):
    m = match(eng, ["uppercut", "strike"])
    play(m, "uppercut", FOE, resolve=True)
    assert lost(m) == 13
    assert st(foe(m), "core:weak") == 1 and st(foe(m), "core:vulnerable") == 1
    play(m, "strike", FOE, resolve=True)
    assert lost(m) == 13 + 9


@design("body_slam")
def test_body_slam(eng):
    m = match(eng, ["body_slam", "body_slam"], hero_state={0: {"shield": 11}})
    play(m, "body_slam", FOE, resolve=True)
    assert lost(m) == 11 and me(m)["shield"] == 11
    m2 = match(eng, ["body_slam"])
    play(m2, "body_slam", FOE, resolve=True)
    assert lost(m2) == 0


@design("entrench")
def test_entrench(eng):
    m = match(eng, ["entrench", "entrench"], hero_state={0: {"shield": 7}})
    play(m, "entrench", resolve=True)
    play(m, "entrench", resolve=True)
    assert me(m)["shield"] == 28


@design("impervious")
def test_impervious(eng):
    m = match(eng, ["impervious"])
    play(m, "impervious", resolve=True)
    assert me(m)["shield"] == 30 and zone(m, "void") == [cid("impervious")]


@design("barricade")
def test_barricade(eng):
    m = match(eng, ["barricade", "defend"])
    play(m, "barricade", resolve=True)
    play(m, "defend", resolve=True)
    end_turn(m)                                     # the dummy's 1 is absorbed
    assert me(m)["shield"] == 4 and st(me(m), "barricaded") == 1
    without = match(eng, ["defend"])
    play(without, "defend", resolve=True)
    end_turn(without)
    assert me(without)["shield"] == 0


@design("demon_form")
def test_demon_form(eng):
    m = match(eng, ["demon_form"])
    play(m, "demon_form", resolve=True)
    assert st(me(m), "strength") == 0
    end_turn(m)
    assert st(me(m), "strength") == 2
    end_turn(m)
    assert st(me(m), "strength") == 4


@design("metallicize")
def test_metallicize(eng):
    m = match(eng, ["metallicize"], enemy_lanes={0: "grunt"})
    play(m, "metallicize", resolve=True)
    assert me(m)["shield"] == 0 and st(me(m), "metallic") == 1
    end_turn(m)                                     # 3 Block at the End: the grunt's 3 into it
    assert me(m)["hp"] == TESTER_HP - 1             # and the dummy's 1 through


@design("noxious_fumes")
def test_noxious_fumes(eng):
    m = match(eng, ["noxious_fumes"], encounter="twin_dummies")
    play(m, "noxious_fumes", resolve=True)
    end_turn(m)
    assert foe(m, 0)["poison"] == 2 and foe(m, 1)["poison"] == 2
    end_turn(m)                                     # 2 ticked and 1 decayed, 2 more added
    assert lost(m, 1) == 2 and foe(m, 1)["poison"] == 3


@design("deadly_poison")
def test_deadly_poison(eng):
    m = match(eng, ["deadly_poison"])
    play(m, "deadly_poison", FOE, resolve=True)
    assert foe(m)["poison"] == 5
    end_turn(m)
    assert lost(m) == 5 and foe(m)["poison"] == 4


@design("catalyst")
def test_catalyst(eng):
    m = match(eng, ["catalyst"], enemy_state={0: {"poison": 6}})
    play(m, "catalyst", FOE, resolve=True)
    assert foe(m)["poison"] == 12 and zone(m, "void") == [cid("catalyst")]


@design("bane")
def test_bane(eng):
    m = match(eng, ["bane", "bane"])
    play(m, "bane", FOE, resolve=True)
    assert lost(m) == 7
    poisoned = match(eng, ["bane"], enemy_state={0: {"poison": 1}})
    play(poisoned, "bane", FOE, resolve=True)
    assert lost(poisoned) == 14


@design("poisoned_stab")
def test_poisoned_stab(eng):
    m = match(eng, ["poisoned_stab"])
    play(m, "poisoned_stab", FOE, resolve=True)
    assert lost(m) == 6 and foe(m)["poison"] == 3


@design("neutralize")
def test_neutralize(eng):
    m = match(eng, ["neutralize"], enemy_lanes={0: "grunt"})
    play(m, "neutralize", foe_lane(0), resolve=True)
    grunt = m.characters("encounter")[0]
    assert grunt["hp"] == 3 and st(grunt, "core:weak") == 1
    hp = me(m)["hp"]
    end_turn(m)                                     # the grunt's 3 is Weak: 2; the dummy's 1
    assert hp - me(m)["hp"] == 2 + 1


@design("survivor")
def test_survivor(eng):
    m = match(eng, ["survivor", "strike"])
    strike = m.zone_cards("rift")[1]
    play(m, "survivor", CARD + strike, resolve=True)
    assert me(m)["shield"] == 8
    assert zone(m, "abyss") == [cid("strike"), cid("survivor")] and zone(m, "rift") == []


@design("backflip")
def test_backflip(eng):
    m = match(eng, ["backflip"], archive=ARCHIVE)
    play(m, "backflip", resolve=True)
    assert me(m)["shield"] == 5 and rift_size(m) == 2


@design("dagger_spray")
def test_dagger_spray(eng):
    m = match(eng, ["dagger_spray"], encounter="twin_dummies", enemy_lanes={0: "brute"})
    play(m, "dagger_spray", resolve=True)
    assert lost(m, 0) == lost(m, 1) == 8 and m.characters("encounter")[0]["hp"] == 1


@design("burning_pact")
def test_burning_pact(eng):
    m = match(eng, ["burning_pact", "wound"], archive=ARCHIVE)
    wound = m.zone_cards("rift")[1]
    play(m, "burning_pact", CARD + wound, resolve=True)
    assert zone(m, "void") == [cid("wound")]
    assert zone(m, "rift") == [cid("grizzly_bears")] * 2


@design("headbutt")
def test_headbutt(eng):
    m = match(eng, ["headbutt"], archive=ARCHIVE, abyss=["strike", "defend"])
    defend = m.zone_cards("abyss")[1]
    play(m, "headbutt", CARD + defend, resolve=True)
    assert lost(m) == 9
    assert m.observation()["archive_known"][:1] == [defend] or zone(m, "archive")[0] == cid("defend")
    end_turn(m)                                     # the hand refills from the top: Defend first
    assert cid("defend") in zone(m, "rift")


@design("anger")
def test_anger(eng):
    m = match(eng, ["anger"])
    play(m, "anger", FOE, resolve=True)
    assert lost(m) == 6 and zone(m, "abyss") == [cid("anger")] * 2


@design("wound")
def test_wound(eng):
    m = match(eng, ["wound", "strike"])
    assert actions(m, "play", "wound") == [] and actions(m, "play", "strike")


@design("wild_strike")
def test_wild_strike(eng):
    m = match(eng, ["wild_strike"], archive=ARCHIVE)
    play(m, "wild_strike", FOE, resolve=True)
    assert lost(m) == 12
    assert sorted(zone(m, "archive")) == sorted([*ARCHIVE, cid("wound")])


@design("shockwave")
def test_shockwave(eng):
    m = match(eng, ["shockwave"], encounter="twin_dummies", enemy_lanes={3: "grunt"})
    play(m, "shockwave", resolve=True)
    for u in (foe(m, 0), foe(m, 1), m.characters("encounter")[3]):
        assert st(u, "core:weak") == 3 and st(u, "core:vulnerable") == 3
    assert zone(m, "void") == [cid("shockwave")]


@design("disarm")
def test_disarm(engines):
    eng = engine_with(engines, "cultist")           # (Disarm is in every volume)
    mm = match(eng, ["disarm", "disarm"], encounter="cultist")
    # give the cultist Strength the way it gets it: its Ritual ticks at its turns' ends
    for _ in range(3):
        end_turn(mm)
    assert st(foe(mm), "strength") == 6
    play(mm, "disarm", FOE, resolve=True)
    assert st(foe(mm), "strength") == 4
    assert zone(mm, "void") == [cid("disarm")]


@design("bouncing_flask")
def test_bouncing_flask(eng):
    m = match(eng, ["bouncing_flask"])
    play(m, "bouncing_flask", resolve=True)                       # one foe: all three flasks
    assert foe(m)["poison"] == 9
    splits = set()
    for seed in range(40):
        m = match(eng, ["bouncing_flask"], encounter="twin_dummies", seed=seed)
        play(m, "bouncing_flask", resolve=True)
        split = (foe(m, 0)["poison"], foe(m, 1)["poison"])
        assert sum(split) == 9
        splits.add(split)
    assert {(3, 6), (6, 3)} <= splits                # each flask picks anew


@design("acrobatics")
def test_acrobatics(eng):
    m = match(eng, ["acrobatics"], archive=ARCHIVE)
    play(m, "acrobatics", resolve=True)
    assert rift_size(m) == 2 and zone(m, "abyss") == [cid("grizzly_bears"), cid("acrobatics")]


@design("orichalcum")
def test_orichalcum(eng):
    m = match(eng, ["orichalcum"], enemy_lanes={0: "brute", 1: "grunt"})
    play(m, "orichalcum", resolve=True)
    end_turn(m)                                     # no Block at the End: 6 of the 1 + 5 + 3
    assert me(m)["hp"] == TESTER_HP - 3
    m2 = match(eng, ["orichalcum", "defend"], enemy_lanes={0: "brute", 1: "grunt"})
    play(m2, "orichalcum", resolve=True)
    play(m2, "defend", resolve=True)
    end_turn(m2)                                    # Block at the End: only the 5 of Defend
    assert me(m2)["hp"] == TESTER_HP - 4


@design("mercury_hourglass")
def test_mercury_hourglass(eng):
    m = match(eng, ["mercury_hourglass"], encounter="twin_dummies")
    play(m, "mercury_hourglass", resolve=True)
    assert lost(m, 0) == 0
    end_turn(m)
    assert lost(m, 0) == lost(m, 1) == 3
    assert zone(m, "lattice") == [cid("mercury_hourglass")]


@design("sword_boomerang")
def test_sword_boomerang(eng):
    m = match(eng, ["sword_boomerang"], enemy_state={0: {"shield": 2}})
    play(m, "sword_boomerang", resolve=True)
    assert lost(m) == 1 + 3 + 3
    splits = set(foes_hit(eng, "sword_boomerang"))
    assert all(a + b == 9 for a, b in splits) and {(3, 6), (6, 3)} <= splits
    assert foes_hit(eng, "sword_boomerang", range(5)) == foes_hit(eng, "sword_boomerang", range(5))


@design("slimed")
def test_slimed(eng):
    m = match(eng, ["slimed"])
    before = m.n_events
    play(m, "slimed", resolve=True)
    assert zone(m, "void") == [cid("slimed")]
    assert not [e for e in m.events_since(before) if e.kind in ("damage", "status", "draw")]


@design("corpse_explosion")
def test_corpse_explosion(eng):
    m = match(eng, ["corpse_explosion", "strike"], encounter="twin_dummies",
              enemy_lanes={0: {"id": "grunt", "hp": 2}, 1: "brute"})
    play(m, "corpse_explosion", foe_lane(0), resolve=True)
    grunt = m.characters("encounter")[0]
    assert grunt["poison"] == 6 and st(grunt, "corpse") == 1
    play(m, "strike", foe_lane(0), resolve=True)                  # it dies: its 6 max hp to all the others
    e = m.characters("encounter")
    assert e[0] is None and e[1]["hp"] == 9 - 6 and lost(m, 0) == lost(m, 1) == 6
    m = match(eng, ["thunderclap", "corpse_explosion", "strike"], encounter="twin_dummies",
              enemy_lanes={0: "grunt"})
    play(m, "thunderclap", resolve=True)                          # 4 to each, and Vulnerable
    play(m, "corpse_explosion", foe_lane(0), resolve=True)
    play(m, "strike", foe_lane(0), resolve=True)
    assert lost(m, 1) == 4 + 9                      # the compromise: Vulnerable counts


@design("feel_no_pain")
def test_feel_no_pain(eng):
    m = match(eng, ["feel_no_pain", "feel_no_pain", "impervious", "burning_pact", "strike"],
              archive=ARCHIVE)
    play(m, "feel_no_pain", resolve=True)                         # a Power goes to the Void: it hears itself
    assert me(m)["shield"] == 3
    play(m, "feel_no_pain", resolve=True)
    assert me(m)["shield"] == 3 + 6 and st(me(m), "no_pain") == 2
    play(m, "impervious", resolve=True)                           # 30, then 2 x 3 as it goes to the Void
    assert me(m)["shield"] == 9 + 30 + 6
    strike = next(c for c in m.zone_cards("rift") if m.card_id(c) == cid("strike"))
    play(m, "burning_pact", CARD + strike, resolve=True)          # the chosen card exiled; the pact is not
    assert me(m)["shield"] == 45 + 6


@design("shuriken")
def test_shuriken(eng):
    m = match(eng, ["strike"] * 6, lattice=["shuriken"])
    for _ in range(2):
        play(m, "strike", FOE, resolve=True)
    assert st(me(m), "strength") == 0
    play(m, "strike", FOE, resolve=True)                          # played, then it resolves with the Strength
    assert st(me(m), "strength") == 1 and lost(m) == 6 + 6 + 7
    play(m, "strike", FOE, resolve=True)
    assert st(me(m), "strength") == 1
    end_turn(m)                                     # the count starts over each turn
    play(m, "strike", FOE, resolve=True)
    play(m, "strike", FOE, resolve=True)
    assert st(me(m), "strength") == 1


@design("pen_nib")
def test_pen_nib(eng):
    m = match(eng, ["defend"] * 8 + ["twin_strike", "strike"], lattice=["pen_nib"],
              meter={"capacity": 99})
    for _ in range(8):
        play(m, "defend", resolve=True)
    play(m, "twin_strike", FOE, resolve=True)                     # the 9th card: no ink yet
    assert lost(m) == 10 and st(me(m), "inked") == 0
    play(m, "strike", FOE, resolve=True)                          # the 10th: 6 doubled, then the ink is spent
    assert lost(m) == 10 + 12 and st(me(m), "inked") == 0


@design("reaper")
def test_reaper(eng):
    m = match(eng, ["reaper", "strike"], encounter="twin_dummies", hero_state={0: {"hp": 50}},
              enemy_state={1: {"shield": 3}}, enemy_lanes={0: {"id": "grunt", "hp": 2}})
    play(m, "reaper", resolve=True)
    # 4 + 1 of the second dummy's (3 shielded) + 2 of the grunt's (its hp): the unblocked hp
    assert lost(m, 0) == 4 and lost(m, 1) == 1 and m.characters("encounter")[0] is None
    assert me(m)["hp"] == 50 + 4 + 1 + 2 and zone(m, "void") == [cid("reaper")]
    play(m, "strike", FOE, resolve=True)                          # Reaper has left play: no more healing
    assert me(m)["hp"] == 57


@design("bronze_scales")
def test_bronze_scales(eng):
    m = match(eng, ["bronze_scales"], enemy_lanes={0: "grunt", 1: "brute"})
    play(m, "bronze_scales", resolve=True)
    end_turn(m)                                     # both foes attack: each takes 3 back
    e = m.characters("encounter")
    assert e[0]["hp"] == 6 - 3 and e[1]["hp"] == 9 - 3
    assert lost(m) == 0 and me(m)["hp"] == TESTER_HP - 1 - 3 - 5   # the poke is no attack


@design("a_thousand_cuts")
def test_a_thousand_cuts(eng):
    m = match(eng, ["a_thousand_cuts", "defend", "grizzly_bears"], enemy_lanes={0: "grunt"})
    play(m, "a_thousand_cuts", resolve=True)
    assert lost(m) == 0
    play(m, "defend", resolve=True)
    play(m, "grizzly_bears", lane=0, resolve=True)                # any card: a character too
    assert lost(m) == 2 and m.characters("encounter")[0]["hp"] == 4
    m = match(eng, ["inflame", "a_thousand_cuts", "bash", "defend"])
    play(m, "inflame", resolve=True)
    play(m, "a_thousand_cuts", resolve=True)
    play(m, "bash", FOE, resolve=True)                            # (its own 1 + 2 Strength first)
    before = lost(m)
    play(m, "defend", resolve=True)                               # the compromise: 1 + 2 Strength, x 1.5
    assert before == 3 + 10 and lost(m) - before == 4


@design("after_image")
def test_after_image(eng):
    m = match(eng, ["after_image", "after_image", "strike"])
    play(m, "after_image", resolve=True)
    play(m, "after_image", resolve=True)
    assert me(m)["shield"] == 1
    play(m, "strike", FOE, resolve=True)
    assert me(m)["shield"] == 1 + 2


@design("dark_embrace")
def test_dark_embrace(eng):
    m = match(eng, ["dark_embrace", "impervious", "strike"], archive=ARCHIVE)
    play(m, "dark_embrace", resolve=True)                         # a Power goes to the Void: it hears itself
    assert rift_size(m) == 3
    play(m, "impervious", resolve=True)                           # exiled: a card drawn
    assert rift_size(m) == 3
    play(m, "strike", FOE, resolve=True)                          # to the Abyss: nothing
    assert rift_size(m) == 2


@design("rupture")
def test_rupture(eng):
    m = match(eng, ["rupture", "lightning_bolt"], enemy_lanes={0: "grunt"})
    play(m, "rupture", resolve=True)
    end_turn(m)                                     # the enemy's hits: hp lost, no Strength
    assert st(me(m), "strength") == 0 and me(m)["hp"] == TESTER_HP - 4
    play(m, "lightning_bolt", 0, resolve=True)                    # hp lost to a card of yours: 1 Strength
    assert st(me(m), "strength") == 1 and me(m)["hp"] == TESTER_HP - 4 - 3


@design("flame_barrier")
def test_flame_barrier(eng):
    m = match(eng, ["flame_barrier"], enemy_lanes={0: "grunt", 1: "brute"})
    play(m, "flame_barrier", resolve=True)
    assert me(m)["shield"] == 12 and st(me(m), "flames") == 4
    end_turn(m)                                     # each attacker takes 4; gone at our turn
    e = m.characters("encounter")
    assert e[0]["hp"] == 6 - 4 and e[1]["hp"] == 9 - 4 and st(me(m), "flames") == 0
    end_turn(m)
    assert m.characters("encounter")[0]["hp"] == 2


@design("centennial_puzzle")
def test_centennial_puzzle(eng):
    m = match(eng, ["centennial_puzzle", "defend"], archive=ARCHIVE * 2)
    play(m, "centennial_puzzle", resolve=True)
    play(m, "defend", resolve=True)
    end_turn(m)                                     # blocked: no hp lost, nothing drawn
    hand = rift_size(m)
    end_turn(m)
    assert rift_size(m) == hand + 3 + 0
    end_turn(m)                                     # once a match
    assert rift_size(m) == hand + 3


def _started(eng, relic, filler="strike", seed=0):
    """A real start (match-start triggers fire) with the relic in a deck of 10."""
    return eng.new_match(seed=seed, heroes=[cid("tester")], encounter=cid("target_dummy"),
                         deck=[cid(relic)] + [cid(filler)] * 9)


@design("vajra")
def test_vajra(eng):
    where = set()
    for seed in range(8):
        m = _started(eng, "vajra", seed=seed)
        assert st(me(m), "strength") == 1
        where |= {z for z in ("rift", "archive") if cid("vajra") in zone(m, z)}
    assert where == {"rift", "archive"}             # from the opening hand or the Archive
    m = match(eng, ["vajra"])                       # played later, it does nothing
    play(m, "vajra", resolve=True)
    assert st(me(m), "strength") == 0


@design("bag_of_preparation")
def test_bag_of_preparation(eng):
    assert rift_size(_started(eng, "bag_of_preparation")) == 5 + 2
    assert rift_size(_started(eng, "strike")) == 5


@design("red_mask")
def test_red_mask(eng):
    m = eng.new_match(seed=0, heroes=[cid("tester")], encounter=cid("twin_dummies"),
                      deck=[cid("red_mask")] + [cid("strike")] * 9)
    assert st(foe(m, 0), "core:weak") == st(foe(m, 1), "core:weak") == 1
    end_turn(m)
    assert st(foe(m, 0), "core:weak") == 0


@design("anchor")
def test_anchor(eng):
    m = _started(eng, "anchor")
    assert me(m)["shield"] == 10
    end_turn(m)                                     # the poke hit the Block; once a match
    assert me(m)["hp"] == TESTER_HP and me(m)["shield"] == 0 and st(me(m), "anchored") == 0


@design("letter_opener")
def test_letter_opener(eng):
    m = match(eng, ["defend", "defend", "grizzly_bears", "defend", "defend"],
              lattice=["letter_opener"], enemy_lanes={0: "grunt"})
    play(m, "defend", resolve=True)
    play(m, "grizzly_bears", lane=0, resolve=True)                # no Sortilege: not counted
    play(m, "defend", resolve=True)
    assert lost(m) == 0
    play(m, "defend", resolve=True)
    assert lost(m) == 5 and m.characters("encounter")[0]["hp"] == 1


@design("mad_gremlin")
def test_mad_gremlin(eng):
    m = match(eng, ["strike", "twin_strike"], encounter="mad_gremlin")
    play(m, "strike", FOE, resolve=True)
    play(m, "twin_strike", FOE, resolve=True)
    assert st(foe(m), "strength") == 3
    assert _encounter_damage(m, 1) == [[4 + 3]]


@design("reflex")
def test_reflex(eng):
    m = match(eng, ["survivor", "reflex", "strike"], archive=ARCHIVE)
    assert actions(m, "play", "reflex") == []                 # unplayable
    reflex = next(c for c in m.zone_cards("rift") if m.card_id(c) == cid("reflex"))
    play(m, "survivor", CARD + reflex, resolve=True)
    assert zone(m, "rift") == [cid("strike"), cid("grizzly_bears"), cid("grizzly_bears")]
    m2 = match(eng, ["survivor", "reflex", "strike"], archive=ARCHIVE)
    strike = next(c for c in m2.zone_cards("rift") if m2.card_id(c) == cid("strike"))
    play(m2, "survivor", CARD + strike, resolve=True)             # another card, Reflex in hand: nothing
    assert rift_size(m2) == 1


@design("ink_bottle")
def test_ink_bottle(eng):
    m = match(eng, ["defend"] * 8 + ["grizzly_bears", "defend"], lattice=["ink_bottle"],
              archive=["chillwind_yeti"] * 3, meter={"capacity": 99})
    for _ in range(8):
        play(m, "defend", resolve=True)
    play(m, "grizzly_bears", lane=0, resolve=True)                # the 9th card: a character counts too
    assert zone(m, "rift") == [cid("defend")]
    play(m, "defend", resolve=True)                               # the 10th draws
    assert zone(m, "rift") == [cid("chillwind_yeti")]


@design("ornamental_fan")
def test_ornamental_fan(eng):
    m = match(eng, ["strike", "grizzly_bears", "strike", "strike"], lattice=["ornamental_fan"])
    play(m, "strike", FOE, resolve=True)
    play(m, "grizzly_bears", lane=0, resolve=True)
    play(m, "strike", FOE, resolve=True)
    assert me(m)["shield"] == 0
    play(m, "strike", FOE, resolve=True)
    assert me(m)["shield"] == 4


@design("infinite_blades")
def test_infinite_blades(eng):
    m = match(eng, ["infinite_blades"])
    play(m, "infinite_blades", resolve=True)
    assert zone(m, "rift") == []
    end_turn(m)
    assert zone(m, "rift").count(cid("shiv")) == 1
    play(m, "shiv", FOE, resolve=True)
    assert lost(m) == 4 and zone(m, "void") == [cid("infinite_blades"), cid("shiv")]


# ---------------------------------------------------------------- monsters

def _monster(eng, encounter, seed=0, hp=999):
    """A match against a monster, its player's leader tough enough to see the script through."""
    return scenario(eng, seed, heroes=[cid("tester")], encounter=cid(encounter), archive=ARCHIVE,
                    hero_state={0: {"hp": hp, "max_hp": hp}})


def _encounter_damage(m, rounds):
    """The damage the Encounter's moves dealt the player, a list per round."""
    out = []
    for _ in range(rounds):
        start = m.n_events
        end_turn(m)
        out.append([e.fields["dealt"] for e in m.events_since(start)
                    if e.kind == "damage" and e.fields["by_side"] == 1])
    return out


@design("jaw_worm")
@pytest.mark.parametrize("seed", range(4))
def test_jaw_worm(eng, seed):
    m = _monster(eng, "jaw_worm", seed)
    made = []
    for _ in range(24):
        shown = m.intent
        made.append(shown["path"])
        end_turn(m)
    assert made[0].startswith("phases[0]")          # it always opens with a bite
    picks = [p.split("pick[")[1][0] for p in made[1:]]
    for a, b in zip(picks, picks[1:]):
        assert not (a == b and a in "02")          # no bite or bellow twice in a row
    for a, b, c in zip(picks, picks[1:], picks[2:]):
        assert not a == b == c
    assert set(picks) == {"0", "1", "2"}


def test_jaw_worm_bellow_strength_adds_to_its_bites(eng):
    m = _monster(eng, "jaw_worm", 0)
    for _ in range(30):
        shown = m.intent["path"]
        before = st(foe(m), "strength")
        dealt = _encounter_damage(m, 1)[0]
        if shown.endswith("pick[0]") and before:
            assert dealt == [11 + before]
            return
    raise AssertionError("no bite after a bellow in 30 rounds")


@design("lagavulin")
def test_lagavulin(eng):
    def lagavulin(deck):
        # a real start: its Metallicize comes from a match-start trigger
        return eng.new_match(seed=0, heroes=[cid("tester")], encounter=cid("lagavulin"),
                             deck=[cid(c) for c in deck])
    m = lagavulin(["grizzly_bears"] * 10)
    assert st(foe(m), "slumber_plate") == 8
    assert _encounter_damage(m, 3) == [[], [], []]  # three turns asleep
    assert foe(m)["shield"] == 8
    assert _encounter_damage(m, 3) == [[18], [18], []]
    assert st(foe(m), "slumber_plate") == 0 and foe(m)["shield"] == 0
    woken = lagavulin(["strike"] * 10)
    play(woken, "strike", FOE, resolve=True)                      # hp lost: awake, stunned for its turn
    assert st(foe(woken), "slumber_plate") == 0
    assert _encounter_damage(woken, 2) == [[], [18]]
    assert foe(woken)["shield"] == 0
    plated = lagavulin(["strike"] * 10)
    end_turn(plated)
    play(plated, "strike", FOE, resolve=True)                     # the 8 Metallicize soaks it: still asleep
    assert foe(plated)["hp"] == 109 and _encounter_damage(plated, 1) == [[]]


@design("transient")
def test_transient(eng):
    m = _monster(eng, "transient")
    assert _encounter_damage(m, 5) == [[30], [40], [50], [60], [70]]
    assert not m.is_over
    _encounter_damage(m, 1)                         # it fades instead of attacking
    assert m.outcome == "win" and m.player_life == 999 - 250


@design("acid_slime")
def test_acid_slime(eng):
    m = _monster(eng, "acid_slime", seed=3)
    seen = {}
    for _ in range(30):
        option = m.intent["path"].split("pick[")[1][0]
        before = (me(m)["hp"], zone(m, "abyss").count(cid("slimed")), st(me(m), "core:weak"))
        dealt = _encounter_damage(m, 1)[0]
        after = (zone(m, "abyss").count(cid("slimed")), st(me(m), "core:weak"))
        seen[option] = (dealt, after[0] - before[1], after[1] > 0 or before[2] > 0)
        if len(seen) == 3:
            break
    assert seen["0"][:2] == ([7], 1)                 # spit: 7 and a Slimed in the Abyss
    assert seen["1"][:2] == ([10], 0)                # tackle
    assert seen["2"] == ([], 0, True)                # lick: Weak


@design("cultist")
def test_cultist(eng):
    m = _monster(eng, "cultist")
    assert _encounter_damage(m, 4) == [[], [6], [9], [12]]
    assert st(foe(m), "ritual") == 3 and st(foe(m), "chanting") == 0


def test_transient_deals_less_for_the_hp_it_lost(engines):
    eng = engine_with(engines, "transient")
    m = _monster(eng, "transient")
    m2 = match(eng, ["strike", "strike"], encounter="transient")
    play(m2, "strike", FOE, resolve=True)
    play(m2, "strike", FOE, resolve=True)
    assert st(foe(m2), "shifting") == 12
    assert _encounter_damage(m2, 1) == [[30 - 12]]  # until the end of its own turn
    assert st(foe(m2), "shifting") == 0
    assert _encounter_damage(m, 1) == [[30]]


@design("gremlin_nob")
def test_gremlin_nob(eng):
    m = match(eng, ["strike", "grizzly_bears", "strike"], encounter="gremlin_nob",
              hero_state={0: {"hp": 300, "max_hp": 300}})
    play(m, "strike", FOE, resolve=True)                          # not enraged yet
    end_turn(m)                                     # it bellows
    assert st(foe(m), "enrage") == 1 and st(foe(m), "strength") == 0
    play(m, "strike", FOE, resolve=True)
    play(m, "grizzly_bears", lane=0, resolve=True)                # not a Sortilege: no rage
    assert st(foe(m), "strength") == 2
    hits = [h for h in _encounter_damage(m, 8)]
    # a rush or a skull bash, +2 Strength (x 1.5 while the bash's Vulnerable lasts)
    assert all(h in ([16], [8], [24], [12]) for h in hits)
    rush = [h[0] in (16, 24) for h in hits]
    assert [True] * 3 not in [rush[i:i + 3] for i in range(6)]


@design("louse")
def test_louse(eng):
    m = match(eng, ["strike", "strike"], encounter="louse")
    play(m, "strike", FOE, resolve=True)
    assert foe(m)["hp"] == 12 - 6 and foe(m)["shield"] == 7
    play(m, "strike", FOE, resolve=True)                          # curled: the Block soaks it, once a match
    assert foe(m)["hp"] == 6 and foe(m)["shield"] == 1
    m2 = _monster(eng, "louse", seed=1)
    hits = _encounter_damage(m2, 6)
    assert all(h in ([], [6], [9], [12]) for h in hits)


@design("chosen")
def test_chosen(eng):
    m = match(eng, ["strike", "strike", "slimed"], encounter="chosen",
              hero_state={0: {"hp": 200, "max_hp": 200}})
    play(m, "strike", FOE, resolve=True)                          # not hexed yet: nothing shuffled in
    assert zone(m, "archive") == []
    assert _encounter_damage(m, 2) == [[5, 5], []]  # two pokes, then the Hex
    assert st(me(m), "hex") == 1
    play(m, "slimed", resolve=True)
    play(m, "strike", FOE, resolve=True)
    assert zone(m, "archive").count(cid("wound")) == 2
    hits = _encounter_damage(m, 3)
    assert hits[0] == [10] and hits[1] == [] and st(foe(m), "strength") == 3


# ============================================================== Hearthstone

def _deploy(m, card, lane=0):
    play(m, card, lane=lane, resolve=True)
    return m.characters()[lane]


@design("rampage")
def test_rampage(eng):
    m = match(eng, ["rampage"])
    play(m, "rampage", FOE, resolve=True)
    assert lost(m) == 8
    end_turn(m)                                     # the Abyss reshuffled: the same card drawn
    assert zone(m, "rift") == [cid("rampage")]
    play(m, "rampage", FOE, resolve=True)
    assert lost(m) == 8 + 13


@design("raid_leader")
def test_raid_leader(eng):
    m = match(eng, ["chillwind_yeti", "raid_leader", "wolfrider", "fireball"],
              enemy_lanes={3: "grunt"})
    _deploy(m, "chillwind_yeti", 0)
    assert _deploy(m, "raid_leader", 1)["power"] == 2           # not itself
    assert m.characters()[0]["power"] == 5
    assert _deploy(m, "wolfrider", 2)["power"] == 4             # one arriving later too
    assert m.characters("encounter")[3]["power"] == 3           # not the foe's
    play(m, "fireball", ally_lane(1), resolve=True)                           # the leader dies: it ends
    assert [c and c["power"] for c in m.characters()[:3]] == [4, None, 3]


@design("fireball")
def test_fireball(eng):
    m = match(eng, ["fireball", "fireball"], enemy_lanes={1: "brute"})
    play(m, "fireball", FOE, resolve=True)
    play(m, "fireball", foe_lane(1), resolve=True)
    assert lost(m) == 6 and m.characters("encounter")[1]["hp"] == 3


@design("frostbolt")
def test_frostbolt(eng):
    m = match(eng, ["frostbolt"], enemy_lanes={0: "grunt"})
    play(m, "frostbolt", foe_lane(0), resolve=True)
    grunt = m.characters("encounter")[0]
    assert grunt["hp"] == 3 and st(grunt, "frozen") == 1
    hp = me(m)["hp"]
    end_turn(m)                                     # the grunt's attack deals nothing
    assert hp - me(m)["hp"] == 1                    # only the dummy's 1
    assert st(m.characters("encounter")[0], "frozen") == 0
    hp = me(m)["hp"]
    end_turn(m)
    assert hp - me(m)["hp"] == 1 + 3                # thawed


@design("arcane_intellect")
def test_arcane_intellect(eng):
    m = match(eng, ["arcane_intellect"], archive=ARCHIVE)
    play(m, "arcane_intellect", resolve=True)
    assert rift_size(m) == 2 and len(zone(m, "archive")) == 4


@design("flamestrike")
def test_flamestrike(eng):
    m = match(eng, ["flamestrike"], enemy_lanes={0: "grunt", 4: "brute"})
    play(m, "flamestrike", resolve=True)
    foes = m.characters("encounter")
    assert foes[0]["hp"] == 2 and foes[4]["hp"] == 5 and lost(m) == 0


@design("consecration")
def test_consecration(eng):
    m = match(eng, ["consecration"], encounter="twin_dummies", enemy_lanes={0: "grunt"})
    play(m, "consecration", resolve=True)
    assert lost(m, 0) == lost(m, 1) == 2 and m.characters("encounter")[0]["hp"] == 4


@design("holy_nova")
def test_holy_nova(eng):
    m = match(eng, ["holy_nova"], hero_state={0: {"hp": 70}}, enemy_lanes={0: "grunt"},
              player_lanes={2: {"id": "chillwind_yeti", "hp": 1}})
    play(m, "holy_nova", resolve=True)
    assert lost(m) == 2 and m.characters("encounter")[0]["hp"] == 4
    assert me(m)["hp"] == 72 and m.characters()[2]["hp"] == 3


@design("arcane_explosion")
def test_arcane_explosion(eng):
    m = match(eng, ["arcane_explosion"], enemy_lanes={0: "grunt", 1: "brute"})
    play(m, "arcane_explosion", resolve=True)
    assert [c["hp"] for c in m.characters("encounter") if c] == [5, 8] and lost(m) == 0


@design("healing_touch")
def test_healing_touch(eng):
    m = match(eng, ["healing_touch", "healing_touch"], hero_state={0: {"hp": 70}})
    play(m, "healing_touch", 0, resolve=True)
    assert me(m)["hp"] == 78
    play(m, "healing_touch", 0, resolve=True)
    assert me(m)["hp"] == TESTER_HP                 # never past max hp


@design("shield_block")
def test_shield_block(eng):
    m = match(eng, ["shield_block"], archive=ARCHIVE)
    play(m, "shield_block", resolve=True)
    assert st(me(m), "armor") == 5 and rift_size(m) == 1
    end_turn(m)
    end_turn(m)                                     # Armor stays: two pokes spent two of it
    assert st(me(m), "armor") == 3 and me(m)["hp"] == TESTER_HP


@design("execute")
def test_execute(eng):
    m = match(eng, ["execute"], enemy_lanes={0: "brute", 1: {"id": "grunt", "hp": 5, "shield": 50}})
    assert [a.target for a in actions(m, "play", "execute")] == [foe_lane(1)]   # the damaged one only
    play(m, "execute", foe_lane(1), resolve=True)
    assert m.characters("encounter")[1] is None     # destroyed: its shield prevents nothing


@design("kill_command")
def test_kill_command(eng):
    m = match(eng, ["kill_command", "kill_command", "chillwind_yeti"])
    play(m, "kill_command", FOE, resolve=True)
    assert lost(m) == 3
    _deploy(m, "chillwind_yeti")
    play(m, "kill_command", FOE, resolve=True)
    assert lost(m) == 3 + 5


@design("argent_squire")
def test_argent_squire(eng):
    m = match(eng, ["argent_squire"], enemy_lanes={0: "grunt"})
    squire = _deploy(m, "argent_squire", 0)
    assert st(squire, "divine_shield") == 1
    end_turn(m)                                     # the grunt's 3 is ignored, the shield spent
    squire = m.characters()[0]
    assert squire["hp"] == 1 and st(squire, "divine_shield") == 0
    end_turn(m)
    assert m.characters()[0] is None


@design("taunt")
def test_taunt(eng):
    # the grunt attacks its own lane, the yeti's: the taunting footman takes the hit instead
    m = match(eng, ["taunt", "chillwind_yeti"], enemy_lanes={0: "grunt"})
    _deploy(m, "chillwind_yeti", 0)
    _deploy(m, "taunt", 2)
    hp = me(m)["hp"]
    end_turn(m)
    assert m.characters()[0]["hp"] == 5 and m.characters()[2] is None
    assert me(m)["hp"] <= hp


@design("elven_archer")
def test_elven_archer(eng):
    m = match(eng, ["elven_archer", "elven_archer"], enemy_lanes={1: "grunt"})
    play(m, "elven_archer", target=FOE, lane=0, resolve=True)
    assert lost(m) == 1 and m.characters()[0]["power"] == 1
    play(m, "elven_archer", target=foe_lane(1), lane=2, resolve=True)
    assert m.characters("encounter")[1]["hp"] == 5


@design("chillwind_yeti")
def test_chillwind_yeti(eng):
    m = match(eng, ["chillwind_yeti"])
    yeti = _deploy(m, "chillwind_yeti", 3)
    assert (yeti["power"], yeti["hp"], yeti["ready"]) == (4, 5, False)
    end_turn(m)
    m.apply(next(a for a in m.legal_actions() if a.kind == "end_phase"))
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source == ally_lane(3)))
    resolve(m)
    assert lost(m) == 4


@design("boulderfist_ogre")
def test_boulderfist_ogre(eng):
    m = match(eng, ["boulderfist_ogre"], enemy_lanes={0: "brute"})
    ogre = _deploy(m, "boulderfist_ogre", 0)
    assert (ogre["power"], ogre["hp"]) == (6, 7)
    end_turn(m)                                     # the brute's 5
    assert m.characters()[0]["hp"] == 2


def _attack(m, lane):
    if m.phase == "main":
        m.apply(next(a for a in m.legal_actions() if a.kind == "end_phase"))
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source == ally_lane(lane)))
    resolve(m)


@design("wolfrider")
def test_wolfrider(eng):
    m = match(eng, ["wolfrider"])
    _deploy(m, "wolfrider", 2)
    _attack(m, 2)                                   # the turn it arrives
    assert lost(m) == 3


@design("novice_engineer")
def test_novice_engineer(eng):
    m = match(eng, ["novice_engineer"], archive=ARCHIVE)
    engineer = _deploy(m, "novice_engineer")
    assert zone(m, "rift") == [cid("grizzly_bears")] and (engineer["power"], engineer["hp"]) == (1, 1)


@design("darkscale_healer")
def test_darkscale_healer(eng):
    m = match(eng, ["darkscale_healer"], hero_state={0: {"hp": 75}},
              player_lanes={1: {"id": "chillwind_yeti", "hp": 2}})
    healer = _deploy(m, "darkscale_healer", 0)
    assert me(m)["hp"] == 77 and m.characters()[1]["hp"] == 4
    assert (healer["power"], healer["hp"]) == (4, 5)


@design("savage_roar")
def test_savage_roar(eng):
    m = match(eng, ["savage_roar"], player_lanes={0: "grizzly_bears"})
    play(m, "savage_roar", resolve=True)
    assert me(m)["power"] == 4 and m.characters()[0]["power"] == 4
    _attack(m, 0)
    assert lost(m) == 4
    end_turn(m)
    assert me(m)["power"] == 2 and m.characters()[0]["power"] == 2


@design("bloodlust")
def test_bloodlust(eng):
    m = match(eng, ["bloodlust"], player_lanes={0: "grizzly_bears", 1: "raging_goblin"})
    play(m, "bloodlust", resolve=True)
    assert [c["power"] for c in m.characters() if c] == [5, 4] and me(m)["power"] == 2
    end_turn(m)
    assert [c["power"] for c in m.characters() if c] == [2, 1]


@design("assassinate")
def test_assassinate(eng):
    m = match(eng, ["assassinate"], enemy_lanes={0: "brute"})
    assert [a.target for a in actions(m, "play", "assassinate")] == [foe_lane(0)]
    play(m, "assassinate", foe_lane(0), resolve=True)
    assert m.characters("encounter")[0] is None


@design("backstab")
def test_backstab(eng):
    m = match(eng, ["backstab", "backstab"], enemy_lanes={0: "brute", 1: {"id": "grunt", "hp": 5}})
    assert {a.target for a in actions(m, "play", "backstab")} == {foe_lane(0)}
    play(m, "backstab", foe_lane(0), resolve=True)
    assert m.characters("encounter")[0]["hp"] == 7 and actions(m, "play", "backstab") == []


@design("mortal_coil")
def test_mortal_coil(eng):
    m = match(eng, ["mortal_coil", "mortal_coil"], archive=ARCHIVE,
              enemy_lanes={0: "brute", 1: {"id": "grunt", "hp": 1}})
    play(m, "mortal_coil", foe_lane(0), resolve=True)
    assert m.characters("encounter")[0]["hp"] == 8 and rift_size(m) == 1                        # the brute lived: no card
    play(m, "mortal_coil", foe_lane(1), resolve=True)
    assert m.characters("encounter")[1] is None and zone(m, "rift") == [cid("grizzly_bears")]


@design("shadow_word_pain")
def test_shadow_word_pain(eng):
    m = match(eng, ["shadow_word_pain"], enemy_lanes={0: "brute", 1: "grunt"})
    assert [a.target for a in actions(m, "play", "shadow_word_pain")] == [foe_lane(1)]
    play(m, "shadow_word_pain", foe_lane(1), resolve=True)
    assert m.characters("encounter")[1] is None


@design("swipe")
def test_swipe(eng):
    m = match(eng, ["swipe"], encounter="twin_dummies", enemy_lanes={0: "grunt"})
    play(m, "swipe", FOE2, resolve=True)
    assert lost(m, 1) == 4 and lost(m, 0) == 1 and m.characters("encounter")[0]["hp"] == 5


@design("loot_hoarder")
def test_loot_hoarder(eng):
    m = match(eng, ["fireball"], archive=ARCHIVE, player_lanes={0: "loot_hoarder"})
    play(m, "fireball", ally_lane(0), resolve=True)
    assert m.characters()[0] is None and zone(m, "rift") == [cid("grizzly_bears")]


@design("acolyte_of_pain")
def test_acolyte_of_pain(eng):
    m = match(eng, ["shock", "lightning_bolt"], archive=ARCHIVE,
              player_lanes={0: "acolyte_of_pain"})
    play(m, "shock", ally_lane(0), resolve=True)
    assert m.characters()[0]["hp"] == 1 and rift_size(m) == 1 + 1
    play(m, "lightning_bolt", ally_lane(0), resolve=True)         # it dies of it: heard as its death, a card
    assert m.characters()[0] is None and rift_size(m) == 1 + 1


@design("gurubashi_berserker")
def test_gurubashi_berserker(eng):
    m = match(eng, ["shock", "shock"], player_lanes={0: "gurubashi_berserker"})
    play(m, "shock", ally_lane(0), resolve=True)
    play(m, "shock", ally_lane(0), resolve=True)
    b = m.characters()[0]
    assert b["power"] == 2 + 6 and b["hp"] == 3


@design("knife_juggler")
def test_knife_juggler(eng):
    m = match(eng, ["knife_juggler", "grizzly_bears", "wolfrider"])
    play(m, "knife_juggler", lane=0, resolve=True)                # not for itself
    assert lost(m) == 0
    play(m, "grizzly_bears", lane=1, resolve=True)
    play(m, "wolfrider", lane=2, resolve=True)
    assert lost(m) == 2
    # a random enemy: the foe's heroes and characters alike
    hit = set()
    for seed in range(30):
        m = match(eng, ["grizzly_bears"], encounter="twin_dummies", seed=seed,
                  player_lanes={0: "knife_juggler"}, enemy_lanes={0: "grunt"})
        grunt = m.characters("encounter")[0]["hp"]
        play(m, "grizzly_bears", lane=1, resolve=True)
        took = (lost(m, 0), lost(m, 1), grunt - m.characters("encounter")[0]["hp"])
        assert sum(took) == 1
        hit.add(took)
    assert len(hit) == 3


@design("blood_imp")
def test_blood_imp(eng):
    m = match(eng, player_lanes={0: "blood_imp", 1: "grizzly_bears"})
    end_turn(m)                                     # the only other minion: +1 health
    bears, imp = m.characters()[1], m.characters()[0]
    assert (bears["max_hp"], bears["hp"], bears["power"]) == (3, 3, 2) and imp["max_hp"] == 1
    grown = set()
    for seed in range(30):                          # another random one, never itself
        m = match(eng, seed=seed, player_lanes={0: "blood_imp", 1: "grizzly_bears",
                                                2: "grizzly_bears"})
        end_turn(m)
        lanes = m.characters()
        assert lanes[0]["max_hp"] == 1 and lanes[1]["max_hp"] + lanes[2]["max_hp"] == 5
        grown.add(lanes[1]["max_hp"])
    assert grown == {2, 3}
    m = match(eng, player_lanes={0: "blood_imp"})
    end_turn(m)                                     # no other minion: nothing
    assert m.characters()[0]["max_hp"] == 1


@design("blessing_of_kings")
def test_blessing_of_kings(eng):
    m = match(eng, ["blessing_of_kings"], player_lanes={0: {"id": "grizzly_bears", "hp": 1}})
    play(m, "blessing_of_kings", ally_lane(0), resolve=True)
    bears = m.characters()[0]
    assert (bears["power"], bears["max_hp"], bears["hp"]) == (6, 6, 5)


@design("arcane_missiles")
def test_arcane_missiles(eng):
    m = match(eng, ["arcane_missiles"])
    play(m, "arcane_missiles", resolve=True)
    assert lost(m) == 3
    splits = foes_hit(eng, "arcane_missiles")
    assert all(a + b == 3 for a, b in splits) and len(set(splits)) == 4
    assert foes_hit(eng, "arcane_missiles", range(5)) == foes_hit(eng, "arcane_missiles", range(5))


@design("wild_pyromancer")
def test_wild_pyromancer(eng):
    m = match(eng, ["darkscale_healer", "arcane_intellect"], archive=ARCHIVE,
              player_lanes={0: "wild_pyromancer", 1: {"id": "chillwind_yeti", "hp": 3}},
              enemy_lanes={0: "grunt"})
    play(m, "arcane_intellect", resolve=True)
    assert [c["hp"] for c in m.characters()[:2]] == [1, 2]
    assert m.characters("encounter")[0]["hp"] == 5 and lost(m) == 0
    play(m, "darkscale_healer", lane=2, resolve=True)             # a minion, not a spell: healed, not hit
    assert m.characters()[0]["hp"] == 2


@design("cult_master")
def test_cult_master(eng):
    m = match(eng, ["shock", "shock"], archive=ARCHIVE,
              player_lanes={0: "cult_master", 1: "grizzly_bears"})
    play(m, "shock", ally_lane(1), resolve=True)                  # another minion dies: a card
    assert rift_size(m) == 1 + 1
    play(m, "shock", ally_lane(0), resolve=True)                  # itself: nothing
    assert m.characters()[0] is None and rift_size(m) == 1


@design("mana_wyrm")
def test_mana_wyrm(eng):
    m = match(eng, ["arcane_intellect", "grizzly_bears"], archive=ARCHIVE,
              player_lanes={0: "mana_wyrm"})
    play(m, "arcane_intellect", resolve=True)
    play(m, "grizzly_bears", lane=1, resolve=True)
    assert m.characters()[0]["power"] == 2


@design("leper_gnome")
def test_leper_gnome(eng):
    m = match(eng, ["shock"], player_lanes={0: "leper_gnome"})
    play(m, "shock", ally_lane(0), resolve=True)
    assert m.characters()[0] is None and lost(m) == 2


@design("doomsayer")
def test_doomsayer(eng):
    m = match(eng, ["doomsayer"], enemy_lanes={0: "brute"}, player_lanes={1: "boulderfist_ogre"})
    play(m, "doomsayer", lane=0, resolve=True)
    assert m.characters()[0] is not None
    end_turn(m)                                     # at our next turn: every minion, itself too
    assert not any(m.characters()) and not any(m.characters("encounter"))


@design("imp_master")
def test_imp_master(eng):
    m = match(eng, [], player_lanes={0: "imp_master"})
    end_turn(m)
    c = m.characters()
    assert c[0]["hp"] == 4 and (c[1]["power"], c[1]["hp"]) == (1, 1)


@design("harvest_golem")
def test_harvest_golem(eng):
    m = match(eng, ["lightning_bolt"], player_lanes={0: "harvest_golem"})
    play(m, "lightning_bolt", ally_lane(0), resolve=True)
    g = m.characters()[0]
    assert (g["power"], g["hp"]) == (2, 1)


@design("soul_of_the_forest")
def test_soul_of_the_forest(eng):
    m = match(eng, ["soul_of_the_forest", "flamestrike", "pyroclasm"],
              player_lanes={0: "grizzly_bears", 2: "chillwind_yeti"}, enemy_lanes={0: "grunt"})
    play(m, "soul_of_the_forest", resolve=True)
    assert st(m.characters()[0], "forest_soul") == 1
    assert st(m.characters("encounter")[0], "forest_soul") == 0
    play(m, "pyroclasm", resolve=True)                            # the bears die: a Treant takes a lane
    c = m.characters()
    assert c[0] is not None and (c[0]["power"], c[0]["hp"]) == (2, 2)
    assert st(c[0], "forest_soul") == 0 and c[2]["hp"] == 3


@design("cairne_bloodhoof")
def test_cairne_bloodhoof(eng):
    m = match(eng, ["pyroclasm"], player_lanes={2: {"id": "cairne_bloodhoof", "hp": 2}})
    play(m, "pyroclasm", resolve=True)
    b = m.characters()[0]
    assert m.characters()[2] is None and (b["power"], b["hp"]) == (4, 5)


@design("haunted_creeper")
def test_haunted_creeper(eng):
    m = match(eng, ["shock"], player_lanes={0: "haunted_creeper"})
    play(m, "shock", ally_lane(0), resolve=True)
    assert [(c["power"], c["hp"]) for c in m.characters()[:2]] == [(1, 1), (1, 1)]


@design("nerubian_egg")
def test_nerubian_egg(eng):
    m = match(eng, ["shock"], player_lanes={0: "nerubian_egg"})
    play(m, "shock", ally_lane(0), resolve=True)
    n = m.characters()[0]
    assert (n["power"], n["hp"]) == (4, 4)


@design("gadgetzan_auctioneer")
def test_gadgetzan_auctioneer(eng):
    m = match(eng, ["shock", "grizzly_bears"], archive=ARCHIVE,
              player_lanes={0: "gadgetzan_auctioneer"})
    play(m, "shock", FOE, resolve=True)
    assert rift_size(m) == 2
    play(m, "grizzly_bears", lane=1, resolve=True)                # a minion, not a spell
    assert rift_size(m) == 1 and len(zone(m, "archive")) == 5


@design("archmage_antonidas")
def test_archmage_antonidas(eng):
    m = match(eng, ["shock"], player_lanes={0: "archmage_antonidas"})
    play(m, "shock", FOE, resolve=True)
    assert zone(m, "rift") == [cid("fireball")]
    play(m, "fireball", FOE, resolve=True)                        # a spell too: another Fireball
    assert zone(m, "rift") == [cid("fireball")] and lost(m) == 2 + 6


@design("imp_gang_boss")
def test_imp_gang_boss(eng):
    m = match(eng, ["shock", "shock"], player_lanes={0: "imp_gang_boss"})
    play(m, "shock", ally_lane(0), resolve=True)
    play(m, "shock", ally_lane(0), resolve=True)                  # it dies of the second: heard as its death
    c = m.characters()
    assert [(u["id"], u["power"], u["hp"]) for u in c if u] == [(cid("imp"), 1, 1)] * 2


@design("grim_patron")
def test_grim_patron(eng):
    m = match(eng, ["shock"], player_lanes={0: "grim_patron"})
    play(m, "shock", ally_lane(0), resolve=True)                  # survives: a second Patron
    c = m.characters()
    assert c[0]["hp"] == 1 and (c[1]["power"], c[1]["hp"]) == (3, 3)
    m2 = match(eng, ["shock", "shock"], player_lanes={0: "grim_patron"})
    play(m2, "shock", ally_lane(0), resolve=True)
    play(m2, "shock", ally_lane(1), resolve=True)                 # the summoned Patron calls its own
    assert [u["hp"] for u in m2.characters()[:3]] == [1, 1, 3]


@design("frothing_berserker")
def test_frothing_berserker(eng):
    m = match(eng, ["pyroclasm"], player_lanes={0: "frothing_berserker", 1: "chillwind_yeti"},
              enemy_lanes={0: "brute"})
    play(m, "pyroclasm", resolve=True)                            # three minions hit: itself too
    assert m.characters()[0]["power"] == 2 + 3
    m = match(eng, ["pyroclasm"], player_lanes={0: "frothing_berserker", 1: "grizzly_bears"})
    play(m, "pyroclasm", resolve=True)                            # the bears die of it, and still count
    assert m.characters()[1] is None and m.characters()[0]["power"] == 2 + 2


@design("flesheating_ghoul")
def test_flesheating_ghoul(eng):
    m = match(eng, ["pyroclasm"], player_lanes={0: "flesheating_ghoul", 1: "grizzly_bears"},
              enemy_lanes={0: {"id": "grunt", "hp": 2}, 1: "brute"})
    play(m, "pyroclasm", resolve=True)                            # the bears and the grunt die
    assert m.characters()[0]["power"] == 2 + 2


@design("violet_teacher")
def test_violet_teacher(eng):
    m = match(eng, ["shock", "grizzly_bears"], player_lanes={0: "violet_teacher"})
    play(m, "shock", FOE, resolve=True)
    play(m, "grizzly_bears", lane=2, resolve=True)
    c = m.characters()
    assert (c[1]["power"], c[1]["hp"]) == (1, 1) and sum(1 for u in c if u) == 3


@design("explosive_sheep")
def test_explosive_sheep(eng):
    m = match(eng, ["shock"], player_lanes={0: "explosive_sheep", 1: "chillwind_yeti"},
              enemy_lanes={0: "grunt"})
    play(m, "shock", ally_lane(0), resolve=True)
    assert m.characters()[1]["hp"] == 3 and m.characters("encounter")[0]["hp"] == 4
    assert lost(m) == 0                             # minions only


@design("questing_adventurer")
def test_questing_adventurer(eng):
    m = match(eng, ["shock", "grizzly_bears", "howling_mine"],
              player_lanes={0: "questing_adventurer"})
    play(m, "shock", FOE, resolve=True)
    play(m, "grizzly_bears", lane=1, resolve=True)
    play(m, "howling_mine", resolve=True)                         # any card: a Relic too
    q = m.characters()[0]
    assert q["power"] == 2 + 3 and q["hp"] == 2


# ============================================================== Magic: the Gathering

@design("lightning_bolt")
def test_lightning_bolt(eng):
    m = match(eng, ["lightning_bolt", "lightning_bolt"], player_lanes={0: "chillwind_yeti"})
    play(m, "lightning_bolt", FOE, resolve=True)
    play(m, "lightning_bolt", ally_lane(0), resolve=True)         # any target: one's own creature too
    assert lost(m) == 3 and m.characters()[0]["hp"] == 2


@design("shock")
def test_shock(eng):
    m = match(eng, ["shock", "shock"], enemy_lanes={0: {"id": "grunt", "hp": 2}, 1: "grunt"})
    play(m, "shock", foe_lane(0), resolve=True)
    play(m, "shock", foe_lane(1), resolve=True)
    assert m.characters("encounter")[0] is None and m.characters("encounter")[1]["hp"] == 4


@design("lightning_helix")
def test_lightning_helix(eng):
    m = match(eng, ["lightning_helix"], hero_state={0: {"hp": 70}})
    play(m, "lightning_helix", FOE, resolve=True)
    assert lost(m) == 3 and me(m)["hp"] == 73


@design("lava_axe")
def test_lava_axe(eng):
    m = match(eng, ["lava_axe"], enemy_lanes={0: "grunt"})
    assert [a.target for a in actions(m, "play", "lava_axe")] == [FOE]
    play(m, "lava_axe", FOE, resolve=True)
    assert lost(m) == 5


@design("giant_growth")
def test_giant_growth(eng):
    m = match(eng, ["giant_growth"], player_lanes={0: "grizzly_bears"}, enemy_lanes={0: "grunt"})
    play(m, "giant_growth", ally_lane(0), resolve=True)
    assert m.characters()[0]["power"] == 5 and m.characters()[0]["shield"] == 3
    _attack(m, 0)                                   # 5 into the 6-hp grunt
    assert m.characters("encounter")[0]["hp"] == 1
    end_turn(m)                                     # the grunt's 3 into the 3 shield
    bears = m.characters()[0]
    assert bears["hp"] == 2 and bears["power"] == 2


@design("counterspell")
def test_counterspell(eng):
    m = match(eng, ["counterspell"], hero_state={0: {"hp": 50}})
    assert actions(m, "play", "counterspell") == []           # nothing to counter on an empty Stack
    m.apply(next(a for a in m.legal_actions() if a.kind == "end_phase"))
    while not actions(m, "play", "counterspell"):             # the dummy's move goes on the Stack
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    play(m, "counterspell", resolve=True)                         # (resolving plays the rest of its turn)
    assert m.round == 2 and me(m)["hp"] == 50 and zone(m, "abyss") == [cid("counterspell")]


@design("wrath_of_god")
def test_wrath_of_god(eng):
    m = match(eng, ["wrath_of_god"], enemy_lanes={0: "brute", 3: "grunt"},
              player_lanes={1: "boulderfist_ogre"})
    play(m, "wrath_of_god", resolve=True)
    assert not any(m.characters("encounter")) and not any(m.characters())
    assert zone(m, "abyss") == [cid("boulderfist_ogre"), cid("wrath_of_god")] and lost(m) == 0


@design("pyroclasm")
def test_pyroclasm(eng):
    m = match(eng, ["pyroclasm"], enemy_lanes={0: "brute"}, player_lanes={1: "grizzly_bears",
                                                                         2: "chillwind_yeti"})
    play(m, "pyroclasm", resolve=True)
    assert m.characters("encounter")[0]["hp"] == 7
    assert m.characters()[1] is None and m.characters()[2]["hp"] == 3 and lost(m) == 0


@design("murder")
def test_murder(eng):
    m = match(eng, ["murder"], enemy_lanes={2: "brute"})
    play(m, "murder", foe_lane(2), resolve=True)
    assert m.characters("encounter")[2] is None


@design("swords_to_plowshares")
def test_swords_to_plowshares(eng):
    m = match(eng, ["swords_to_plowshares"], enemy_state={0: {"hp": 150}}, enemy_lanes={0: "brute"})
    play(m, "swords_to_plowshares", foe_lane(0), resolve=True)
    assert m.characters("encounter")[0] is None and foe(m)["hp"] == 155


@design("regrowth")
def test_regrowth(eng):
    m = match(eng, ["regrowth"], abyss=["lightning_bolt", "wrath_of_god"])
    bolt = m.zone_cards("abyss")[0]
    play(m, "regrowth", CARD + bolt, resolve=True)
    assert zone(m, "rift") == [cid("lightning_bolt")]


@design("raise_dead")
def test_raise_dead(eng):
    m = match(eng, ["raise_dead"], abyss=["grizzly_bears"])
    bears = m.zone_cards("abyss")[0]
    play(m, "raise_dead", CARD + bears, resolve=True)
    assert zone(m, "rift") == [cid("grizzly_bears")] and actions(m, "play", "grizzly_bears")


@design("ancestral_recall")
def test_ancestral_recall(eng):
    m = match(eng, ["ancestral_recall"], archive=ARCHIVE)
    play(m, "ancestral_recall", resolve=True)
    assert rift_size(m) == 3


@design("divination")
def test_divination(eng):
    m = match(eng, ["divination"], archive=ARCHIVE)
    play(m, "divination", resolve=True)
    assert rift_size(m) == 2


@design("healing_salve")
def test_healing_salve(eng):
    m = match(eng, ["healing_salve"], player_lanes={0: {"id": "chillwind_yeti", "hp": 1}})
    play(m, "healing_salve", ally_lane(0), resolve=True)
    assert m.characters()[0]["hp"] == 4


@design("fog")
def test_fog(eng):
    m = match(eng, ["fog"], enemy_lanes={0: "grunt"})
    assert actions(m, "play", "fog") == []                    # a reaction: only in answer to something
    m.apply(next(a for a in m.legal_actions() if a.kind == "end_phase"))
    while not actions(m, "play", "fog"):
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    play(m, "fog", resolve=True)                                  # (resolving plays the rest of its turn)
    assert m.round == 2 and me(m)["hp"] == TESTER_HP    # neither the poke nor the grunt's attack


@design("grizzly_bears")
def test_grizzly_bears(eng):
    m = match(eng, ["grizzly_bears"])
    bears = _deploy(m, "grizzly_bears")
    assert (bears["power"], bears["hp"], bears["ready"]) == (2, 2, False)


@design("raging_goblin")
def test_raging_goblin(eng):
    m = match(eng, ["raging_goblin"])
    assert _deploy(m, "raging_goblin")["ready"]
    _attack(m, 0)
    assert lost(m) == 1


@design("prodigal_pyromancer")
def test_prodigal_pyromancer(eng):
    m = match(eng, ["prodigal_pyromancer"])
    pyromancer = _deploy(m, "prodigal_pyromancer", 0)
    assert (pyromancer["power"], pyromancer["hp"]) == (1, 1)
    ping = [a for a in m.legal_actions() if a.kind == "activate" and a.source == ally_lane(0)]
    m.apply(next(a for a in ping if a.target == FOE))
    resolve(m)
    assert lost(m) == 1
    assert not [a for a in m.legal_actions() if a.kind == "activate"]   # once a turn (tapped)


@design("glorious_anthem")
def test_glorious_anthem(eng):
    m = match(eng, ["glorious_anthem"], player_lanes={0: "grizzly_bears"})
    play(m, "glorious_anthem", resolve=True)
    _attack(m, 0)
    assert lost(m) == 3


@design("howling_mine")
def test_howling_mine(eng):
    m = match(eng, ["howling_mine"], archive=ARCHIVE * 2)
    play(m, "howling_mine", resolve=True)
    end_turn(m)                                     # 5 at the End (the hand floor), 1 more now
    assert rift_size(m) == 6


@design("soul_warden")
def test_soul_warden(eng):
    m = match(eng, ["soul_warden", "grizzly_bears"], hero_state={0: {"hp": 70}},
              encounter="summoner")
    play(m, "soul_warden", lane=0, resolve=True)                  # not itself
    assert me(m)["hp"] == 70
    play(m, "grizzly_bears", lane=1, resolve=True)
    assert me(m)["hp"] == 71
    end_turn(m)                                     # the foe's creature too
    assert any(m.characters("encounter")) and me(m)["hp"] == 72


@design("blood_artist")
def test_blood_artist(eng):
    m = match(eng, ["shock", "shock"], hero_state={0: {"hp": 70}},
              player_lanes={0: "blood_artist", 1: "grizzly_bears"}, enemy_lanes={0: "grunt"},
              enemy_state={0: {"shield": 5}})
    play(m, "shock", ally_lane(1), resolve=True)                  # a creature of ours: the foe loses 1, unshielded
    assert lost(m) == 1 and me(m)["hp"] == 71 and foe(m)["shield"] == 5
    play(m, "shock", ally_lane(0), resolve=True)                  # itself
    assert lost(m) == 2 and me(m)["hp"] == 72


def test_blood_artist_hears_the_foes_deaths(eng):
    m = match(eng, ["shock"], hero_state={0: {"hp": 70}}, player_lanes={0: "blood_artist"},
              enemy_lanes={0: {"id": "grunt", "hp": 2}})
    play(m, "shock", foe_lane(0), resolve=True)
    assert lost(m) == 1 and me(m)["hp"] == 71


def test_blood_artist_hears_no_hero_fall(eng):
    m = match(eng, ["shock"], hero_state={0: {"hp": 70}}, player_lanes={0: "blood_artist"},
              encounter="twin_dummies", enemy_state={1: {"hp": 2}})
    play(m, "shock", FOE2, resolve=True)                           # a hero falls: not a creature
    assert foe(m, 1)["hp"] == 0 and lost(m) == 0 and me(m)["hp"] == 70


@design("zulaport_cutthroat")
def test_zulaport_cutthroat(eng):
    m = match(eng, ["shock", "shock", "shock"], hero_state={0: {"hp": 70}},
              player_lanes={0: "zulaport_cutthroat", 1: "grizzly_bears"},
              enemy_lanes={0: {"id": "grunt", "hp": 2}})
    play(m, "shock", foe_lane(0), resolve=True)                   # a foe's creature: nothing
    assert lost(m) == 0
    play(m, "shock", ally_lane(1), resolve=True)
    assert lost(m) == 1 and me(m)["hp"] == 71
    play(m, "shock", ally_lane(0), resolve=True)                  # itself
    assert lost(m) == 2 and me(m)["hp"] == 72


@design("guttersnipe")
def test_guttersnipe(eng):
    m = match(eng, ["divination", "grizzly_bears"], archive=ARCHIVE,
              player_lanes={0: "guttersnipe"})
    play(m, "divination", resolve=True)
    play(m, "grizzly_bears", lane=1, resolve=True)
    assert lost(m) == 2


@design("young_pyromancer")
def test_young_pyromancer(eng):
    m = match(eng, ["shock", "shock"], player_lanes={0: "young_pyromancer"})
    play(m, "shock", FOE, resolve=True)
    play(m, "shock", FOE, resolve=True)
    c = m.characters()
    assert [(u["power"], u["hp"]) for u in c[1:3]] == [(1, 1), (1, 1)]


@design("phyrexian_arena")
def test_phyrexian_arena(eng):
    m = match(eng, ["phyrexian_arena", "defend", "inflame"], archive=ARCHIVE * 2)
    play(m, "phyrexian_arena", resolve=True)
    play(m, "inflame", resolve=True)                              # Strength does not add to a loss of life
    play(m, "defend", resolve=True)                               # nor does Block stop it
    hand = 5                                        # refilled at the End
    end_turn(m)
    assert rift_size(m) == hand + 1 and me(m)["hp"] == TESTER_HP - 1


@design("impact_tremors")
def test_impact_tremors(eng):
    m = match(eng, ["impact_tremors", "grizzly_bears"], encounter="summoner")
    play(m, "impact_tremors", resolve=True)
    play(m, "grizzly_bears", lane=0, resolve=True)
    assert lost(m) == 1
    end_turn(m)                                     # the foe's creature: nothing
    assert lost(m) == 1


@design("ajanis_sunstriker")
def test_ajanis_sunstriker(eng):
    m = match(eng, [], hero_state={0: {"hp": 70}}, player_lanes={0: "ajanis_sunstriker"},
              enemy_lanes={0: "grunt"}, phase="combat")
    _attack(m, 0)
    assert m.characters("encounter")[0]["hp"] == 4 and me(m)["hp"] == 72


@design("ball_lightning")
def test_ball_lightning(eng):
    m = match(eng, ["ball_lightning"], archive=ARCHIVE)
    _deploy(m, "ball_lightning")
    _attack(m, 0)
    assert lost(m) == 6
    end_turn(m)
    assert m.characters()[0] is None and zone(m, "abyss") == [cid("ball_lightning")]


@design("warstorm_surge")
def test_warstorm_surge(eng):
    m = match(eng, ["warstorm_surge", "boulderfist_ogre"], player_lanes={0: "grizzly_bears"})
    play(m, "warstorm_surge", resolve=True)
    assert lost(m) == 0
    play(m, "boulderfist_ogre", lane=1, resolve=True)
    assert lost(m) == 6


@design("bitterblossom")
def test_bitterblossom(eng):
    m = match(eng, ["bitterblossom", "defend"], archive=ARCHIVE)
    play(m, "bitterblossom", resolve=True)
    play(m, "defend", resolve=True)
    end_turn(m)
    assert me(m)["hp"] == TESTER_HP - 1
    f = m.characters()[0]
    assert (f["power"], f["hp"]) == (1, 1)
    end_turn(m)
    assert sum(1 for c in m.characters() if c) == 2


@design("kiln_fiend")
def test_kiln_fiend(eng):
    m = match(eng, ["shock", "shock"], player_lanes={0: "kiln_fiend"})
    play(m, "shock", FOE, resolve=True)
    play(m, "shock", FOE, resolve=True)
    assert m.characters()[0]["power"] == 3 + 6
    end_turn(m)
    assert m.characters()[0]["power"] == 3


# ============================================================== the corpus as a whole

def test_every_written_design_has_its_behaviour_test():
    written = {d.key for d in DESIGNS if d.written}
    assert set(TESTED) == written
    assert len(written) >= WRITTEN_AT_LEAST


def test_design_keys_are_unique_and_needs_say_what():
    keys = [d.key for d in DESIGNS]
    assert len(keys) == len(set(keys))
    assert all(d.note for d in DESIGNS if d.status != "exact")


def test_every_design_is_in_a_volume_and_names_are_unique(engines):
    corpus_pack(DESIGNS)                            # refuses a name two designs define
    held = [k for keys, _ in engines for k in keys]
    assert {d.key for d in DESIGNS if d.written} <= set(held)
    assert len(engines) > 1                         # the corpus outgrew one catalog's statuses


def test_the_corpus_loads_and_lints_without_errors(engines):
    for _, eng in engines:
        assert PACK_NAME in eng.packs
        report = eve.lint(eng, packs=[PACK_NAME])
        assert not report.errors, "\n".join(map(str, report.errors))


def test_every_corpus_item_has_rules_text(engines):
    for keys, eng in engines:
        texts = eng.catalog.rules_texts(packs=[PACK_NAME])
        for d in DESIGNS:
            if d.written and d.key in keys:
                for table in (d.cards, d.statuses, d.units, d.encounters):
                    for name in table:
                        assert texts.get(cid(name)), name


def test_the_docs_table_is_current():
    assert DOC.read_text() == render(DESIGNS), "run: python -m tests.corpus"


def test_unpreventable_damage_says_so_in_its_rules_text():
    from corpus.design import dmg, spell

    cards = {"pierce": spell([dmg(5, pierce=True)], "foe"), "plain": spell([dmg(5)], "foe")}
    eng = build_engine("rt", requires=["core"], cards=cards)
    assert eng.catalog.rules_text("rt:pierce") != eng.catalog.rules_text("rt:plain")
    assert "cannot be prevented" in eng.catalog.rules_text("rt:pierce")


def test_a_status_triggers_rules_text_names_the_side_it_answers(engines):
    eng = engine_with(engines, "gremlin_nob")
    m = match(eng, ["strike"], encounter="gremlin_nob")
    end_turn(m)
    play(m, "strike", FOE, resolve=True)
    assert st(foe(m), "strength") == 2              # the player's Sortilege enraged it
    assert "the Encounter's Sortilege" not in eng.catalog.rules_text(cid("enrage"))
    assert "the other side's Sortilege" in eng.catalog.rules_text(cid("enrage"))


def test_an_amount_read_from_a_status_names_it_by_its_name(engines):
    text = engine_with(engines, "feel_no_pain").catalog.rules_text(cid("no_pain"))
    assert text.startswith("Feel No Pain:")
    assert "no pain" not in text.replace("Feel No Pain", "")


# ---------------------------------------------------------------- designs the trigger filters,
# the new events and the choices unblocked

@design("juggernaut")
def test_juggernaut(eng):
    m = match(eng, ["juggernaut", "defend", "defend"])
    play(m, "juggernaut", resolve=True)
    play(m, "defend", resolve=True)                               # gaining Block: 5 to the foe's leader
    assert me(m)["shield"] == 5 and lost(m) == 5
    play(m, "defend", resolve=True)
    assert lost(m) == 10
    hit = set()
    for seed in range(20):                          # a random enemy
        m = match(eng, ["juggernaut", "defend"], encounter="twin_dummies", seed=seed)
        play(m, "juggernaut", resolve=True)
        play(m, "defend", resolve=True)
        hit.add((lost(m, 0), lost(m, 1)))
    assert hit == {(5, 0), (0, 5)}


@design("burning_blood")
def test_burning_blood(eng):
    m = match(eng, ["strike"], lattice=[cid("burning_blood")], hero_state={0: {"hp": 50}},
              enemy_state={0: {"hp": 6}})
    play(m, "strike", FOE, resolve=True)
    assert m.outcome == "win" and me(m)["hp"] == 56  # healed as the match ends
    m = match(eng, ["strike"], lattice=[cid("burning_blood")], hero_state={0: {"hp": 50}})
    play(m, "strike", FOE, resolve=True)
    assert not m.is_over and me(m)["hp"] == 50       # no end, no heal


@design("ajanis_pridemate")
def test_ajanis_pridemate(eng):
    m = match(eng, ["healing_touch", "healing_touch"], hero_state={0: {"hp": 70}},
              player_lanes={0: "ajanis_pridemate", 1: {"id": "grizzly_bears", "hp": 1}})
    play(m, "healing_touch", 0, resolve=True)                      # your leader gains life: +1/+1
    pridemate = m.characters("player")[0]
    assert (pridemate["power"], pridemate["max_hp"], pridemate["hp"]) == (3, 3, 3)
    play(m, "healing_touch", ally_lane(1), resolve=True)           # a creature healed: no life gained
    assert m.characters("player")[1]["hp"] == 2 and m.characters("player")[0]["power"] == 3
    assert m.characters("player")[0]["max_hp"] == 3


@design("opt")
def test_opt(eng):
    m = match(eng, ["opt"], archive=["corpus:strike", "corpus:defend"])
    m.apply(actions(m, "play", "opt")[0])
    resolve_to_choice(m)
    assert m.choice["ids"] == [cid("strike")]
    m.apply(next(a for a in m.legal_actions() if a.kind == "choose" and a.source == 0))
    resolve(m)                                       # bottomed: the draw takes the next card
    assert zone(m, "rift") == [cid("defend")] and zone(m, "archive") == [cid("strike")]


@design("brainstorm")
def test_brainstorm(eng):
    m = match(eng, ["brainstorm"], archive=["corpus:strike", "corpus:defend", "corpus:bash",
                                            "corpus:shock"])
    m.apply(actions(m, "play", "brainstorm")[0])
    resolve_to_choice(m)
    assert sorted(m.choice["ids"]) == sorted(cid(c) for c in ("strike", "defend", "bash"))
    for _ in range(2):
        m.apply(next(a for a in m.legal_actions() if a.kind == "choose" and a.source == 0))
    resolve(m)
    # the first two of the Rift back on top, the last one put on top of the other
    assert zone(m, "rift") == [cid("bash")]
    assert zone(m, "archive") == [cid("defend"), cid("strike"), cid("shock")]


@design("wrath")
def test_wrath(eng):
    for mode, hp_left, drawn in ((0, 6 - 3, 0), (1, 6 - 1, 1)):
        m = match(eng, ["wrath"], archive=ARCHIVE, enemy_lanes={0: "grunt"})
        m.apply(next(a for a in actions(m, "play", "wrath") if a.target == foe_lane(0)))
        resolve_to_choice(m)
        assert m.choice["kind"] == "mode"
        m.apply(next(a for a in m.legal_actions() if a.kind == "choose" and a.source == mode))
        resolve(m)
        assert m.characters("encounter")[0]["hp"] == hp_left and rift_size(m) == drawn


def resolve_to_choice(m):
    """Pass until the resolution waits for the player's choice."""
    while m.stack and m.choice is None:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
