"""The native observation and the compact action space (eve.observation, eve.encoding.ActionSpace):
each legal action has exactly one index, the mask is the legal list, the observation says what
the match says, and each observer kind sees what it may."""
from __future__ import annotations

import array
import random
from pathlib import Path

import pytest

from eve.core import obs_layout as L
from eve.core.observe import content_dims, run_dims
from eve.encoding import ActionSpace, decode_action
from eve.observation import Observer, decode

ROOT = Path(__file__).resolve().parents[1]


def _positions(engine, n_matches=12, seed=0):
    """Matches at every decision of random play over several Encounters."""
    rnd = random.Random(seed)
    encs = list(engine.catalog.encounters)
    for s in range(n_matches):
        m = engine.new_match(s, encounter=encs[s % len(encs)])
        while not m.is_over:
            yield m
            m.apply(rnd.choice(m.legal_action_codes()))


@pytest.fixture(scope="module")
def player(engine):
    return Observer(engine, "player")


def _obs(observer, match):
    buf = array.array("h", bytes(2 * observer.size))
    observer.observe(match, buf)
    return buf


def test_every_index_round_trips(engine, player):
    space = ActionSpace(engine)
    assert space.n == player.n_actions == len(space)
    for i in range(space.n):
        assert space.encode(space.decode(i)) == i
    with pytest.raises(ValueError):
        space.decode(space.n)
    with pytest.raises(ValueError):
        space.decode(-1)


def test_the_mask_is_the_legal_list(engine, player):
    mask = bytearray(player.n_actions)
    seen = 0
    for m in _positions(engine):
        codes = m.legal_action_codes()
        n = player.mask(m, mask)
        assert n == len(codes)
        marked = [i for i, v in enumerate(mask) if v]
        assert len(marked) == len(codes), "two legal actions share an index"
        assert sorted(player.code(i) for i in marked) == sorted(codes)
        seen += 1
    assert seen > 300


def test_an_index_outside_the_space_is_refused(engine, player):
    with pytest.raises(ValueError):
        player.index(0x7F000000)        # no action kind 127


def test_the_space_is_sized_by_the_content(engine, player):
    blocks = ActionSpace(engine).blocks()
    lanes = engine.config["lanes"]
    assert blocks["attack"][2] == lanes          # an attacker's lanes
    assert blocks["attack"][1] == engine.config["player_hero_slots"] + lanes
    assert sum(b[1] * b[2] for b in blocks.values()) == player.n_actions


def test_the_observation_says_what_the_match_says(engine, player):
    for k, m in enumerate(_positions(engine, 6, seed=3)):
        if k % 7:
            continue
        ob = decode(player, _obs(player, m))
        assert ob.turn.round == m.round
        assert ob.zone_sizes.rift == len(m.zone_cards("rift"))
        assert ob.zone_sizes.archive == m.observation()["archive_count"]
        for h in m.heroes("player"):
            u = ob.units[h["slot"]]
            assert (u.hp, u.max_hp, bool(u.alive)) == (h["hp"], h["max_hp"], h["alive"])
        # the Rift in order, by the cards' places
        rift = sorted((c.pos, i) for i, c in enumerate(ob.cards) if c.zone == 2 and c.pos >= 0)
        assert [i for _, i in rift] == list(m.zone_cards("rift"))
        assert [engine.catalog.card_ids[ob.cards[i].def_id] for _, i in rift] == m.zone("rift")
        assert ob.meter.capacity == m.meter["capacity"]
        assert ob.turn.n_stack == len(m.stack)


def test_the_player_never_sees_the_archive_order(engine):
    player, omni = Observer(engine, "player"), Observer(engine, "omniscient")
    m = engine.new_match(5)
    a = _obs(player, m)
    assert a == _obs(player, m.determinize(1)) == _obs(player, m.determinize(2))
    assert _obs(omni, m.determinize(1)) != _obs(omni, m.determinize(2))
    ob = decode(player, a)
    archive = [c for c in ob.cards if c.zone == 1]
    assert archive and all(c.pos == -1 for c in archive)
    omni_ob = decode(omni, _obs(omni, m))
    assert sorted(c.pos for c in omni_ob.cards if c.zone == 1) == list(range(len(archive)))


def test_public_hides_the_rift_and_the_options(engine):
    public = Observer(engine, "public")
    m = engine.new_match(2)
    ob = decode(public, _obs(public, m))
    rift = [c for c in ob.cards if c.zone == 2]
    assert rift and all(c.def_id == -1 for c in rift)
    assert all(v == -1 for v in ob.choice_options.option)


def test_only_omniscient_sees_the_script(engine):
    for kind in L.OBSERVERS:
        o = Observer(engine, kind)
        m = engine.new_match(1, encounter=list(engine.catalog.encounters)[-1])
        for _ in range(6):
            if m.is_over:
                break
            m.apply(m.legal_action_codes()[0])
        foe = decode(o, _obs(o, m)).foe
        if kind != "omniscient":
            assert foe.script_pos == foe.part == 0 and set(foe.vars) == {0}


def test_buffers(engine, player):
    m = engine.new_match(1)
    ref = _obs(player, m)
    b = bytearray(2 * player.size)
    player.observe(m, b)
    assert array.array("h", bytes(b)) == ref
    with pytest.raises(TypeError):
        player.observe(m, array.array("i", [0]) * player.size)      # int32 items
    with pytest.raises(ValueError):
        player.observe(m, array.array("h", [0]) * (player.size - 1))
    with pytest.raises(TypeError):
        player.observe(m, bytes(2 * player.size))                   # read-only
    with pytest.raises(ValueError):
        player.mask(m, bytearray(player.n_actions - 1))
    np = pytest.importorskip("numpy")
    out = np.zeros(player.size, np.int16)
    player.observe(m, out)
    assert out.tolist() == list(ref)


def test_the_layout_is_declared_once(engine, player):
    names = L.names(player.layout)
    assert len(names) == player.size == len(set(names))
    assert player.layout[-1].offset + player.layout[-1].size == player.size
    units = next(s for s in player.layout if s.name == "units")
    d = content_dims(engine.content)
    assert units.rows == 2 * d.lanes + d.player_heroes + d.enemy_heroes


def test_the_docs_tables_are_generated(engine):
    text = (ROOT / "docs" / "observation.md").read_text(encoding="utf-8")
    d, r = content_dims(engine.content), run_dims(engine.content)
    for block in (L.docs_block(L.match_layout(d)),
                  L.docs_block(L.run_layout(d, r), "run-observation")):
        assert block in text, ("docs/observation.md's tables are stale: "
                               "python -m eve.observation docs/observation.md")


def test_every_unit_the_match_uses_has_a_row(engine, player):
    rows = set(L.unit_rows(player.dims))
    for m in _positions(engine, 8, seed=9):
        for side in ("player", "encounter"):
            for h in m.heroes(side):
                assert ((0 if side == "player" else 1), h["slot"]) in rows


def test_decoded_codes_name_their_kind(engine, player):
    kinds = {decode_action(player.code(off)).kind for off, _, _ in player.blocks().values()}
    assert kinds == set(player.blocks())


def _run_positions(engine, n_runs=6, seed=0):
    rnd = random.Random(seed)
    for s in range(n_runs):
        r = engine.new_run(s)
        while not r.is_over:
            yield r
            r.apply(rnd.choice(r.legal_action_codes()))


def test_a_runs_mask_is_its_legal_list(engine):
    o = Observer(engine, "player", run=True)
    mask = bytearray(o.n_actions)
    kinds = set()
    for r in _run_positions(engine):
        codes = r.legal_action_codes()
        assert o.mask(r, mask) == len(codes)
        marked = [i for i, v in enumerate(mask) if v]
        assert sorted(o.code(i) for i in marked) == sorted(codes)
        kinds |= {decode_action(c).kind for c in codes}
    assert {"recruit", "travel", "play", "end_phase"} <= kinds


def test_a_runs_observation_says_what_the_run_says(engine):
    o = Observer(engine, "player", run=True)
    match_part = Observer(engine, "player")
    for k, r in enumerate(_run_positions(engine, 4, seed=2)):
        if k % 5:
            continue
        ob = decode(o, _obs(o, r))
        # the State's act and floor count from 0 (floor -1: before the first); the Run's from 1
        assert (ob.run.act + 1, ob.run.floor + 1, ob.run.aurorune) == (r.act, r.floor, r.aurorune)
        assert ob.deck.n_deck == len(r.deck)
        assert [engine.catalog.card_ids[c] for c in ob.deck.card[:ob.deck.n_deck]] == r.deck
        words = _obs(o, r)
        head = o.layout[[s.name for s in o.layout].index("match_turn")].offset
        if r.in_fight:
            assert words[head:] == _obs(match_part, r.match)
        else:
            assert set(words[head:]) == {0}


def test_observers_refuse_the_other_game(engine):
    with pytest.raises(TypeError):
        Observer(engine, "player", run=True).observe(engine.new_match(1), bytearray(1 << 16))
    with pytest.raises(TypeError):
        Observer(engine).mask(engine.new_run(1), bytearray(1 << 16))
