"""Rules text: what every hero, card, unit, World Task and Encounter does, in words, numbers
included, generated from the catalog.

The words of every enumerated name are its template in the vocabulary
(`eve.core.vocabulary.TEXT`); this module puts them together in the shape of each kind of item,
fills in the item's numbers and the rule configuration's (category costs, the meter's base), and
words each clause from the point of view of the side that runs it (a `foe_leader` is "the
Encounter's leader" on a card and "the player's leader" in an Encounter's script). Encounter
moves are worded from the catalog's own reading of them (`Catalog.describe_move`: defaults
applied, references resolved). So the text changes with the data, the config and the language:
a new vocabulary member needs only its template. For example, `Catalog.rules_text` of the
built-in pack's Cinder Rite is

    Sortilege, 3 charges. Costs 2 to play. Activate (spends a charge, cost 1): deal 2 damage to
    target foe.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eve.compiler.normalise import defaults, record, shaped
from eve.core.content_kinds import LISTED
from eve.core.instructions import filled
from eve.core.trigger_events import UNIT_TARGET
from eve.core.vocabulary import UNIT_EVENTS, names
from eve.keywords import expand as expand_keyword
from eve.keywords import label as keyword_label
from eve.keywords import use_of
from eve.plugins.schema import When
from eve.text_run import RUN_WRITERS, card_parts, hero_parts
from eve.wording import (
    FORMAT,
    expression,
    fields_of,
    paragraph,
    sentence,
    template,
    with_status_names,
    words,
)

if TYPE_CHECKING:
    from eve.catalog import Catalog

#: the kinds of items, in the order texts are listed, and the Catalog table of each
KINDS: Mapping[str, str] = {k.name: k.catalog for k in LISTED}

# the items are the Catalog's records, every default filled in by the compile step's normalise
# half (eve.compiler.normalise); a keyword macro's triggers and status, made here, are
# normalised here the same way
_MAX_STACKS = defaults("StatusData")["max"]


def instruction(ins: Mapping[str, Any]) -> dict[str, Any]:
    """An effect instruction with what the compiler fills in when the data leaves it out (the
    defaults of its row in eve.core.instructions)."""
    return filled(ins)


@dataclass(frozen=True)
class _Voice:
    """The words for "us" and "them" of the side a clause is read for."""
    our: str                      # the acting side's possessive
    their: str                    # its foe's
    players: str                  # the player's: the only Rift, Void and Lattice (rule Z07)


_PLAYER = _Voice("your", "the Encounter's", "your")
_ENCOUNTER = _Voice("the Encounter's", "the player's", "the player's")
# a World Task's reward is run for whichever side reaches the goal first
_WINNER = _Voice("its", "the other side's", "the player's")
# a status's trigger is read for whichever side holds it
_HOLDER = _Voice("its side's", "the other side's", "the player's")


def _ref(pack: str, name: str) -> str:
    """A reference as data writes it (a bare name is of the item's own pack) -> its id."""
    return name if ":" in name else f"{pack}:{name}"


def _status_id(catalog: Catalog, pack: str, name: str) -> str:
    """A status reference -> its id: the standard statuses are named bare."""
    # a standard keyword's own status, bare, is named in its keyword's text (pack "")
    return name if name in catalog.statuses or not pack else _ref(pack, name)


def _status_data(catalog: Catalog, sid: str) -> Mapping[str, Any]:
    """A status's data; a keyword macro's own status is there even where no item uses it."""
    if sid in catalog.statuses:
        return catalog.statuses[sid]
    return catalog.keywords[sid]["status"]


def _keyword(catalog: Catalog, kw: Mapping[str, Any]) -> str:
    """A keyword macro's rules text: its words with its parameters named, their defaults, the
    kinds it is for, then what its triggers do (with the defaults) and its status."""
    ident = kw["id"]
    local = ident.split(":")[-1]
    params = dict(kw.get("params", {}))
    parts = [keyword_label(kw, local, {p: p for p in params}) + ": a keyword"]
    if params:
        parts.append("by default " + ", ".join(f"{p} = {v}" for p, v in params.items()))
    if kw.get("applies_to"):
        parts.append("for a " + " or a ".join(kw["applies_to"]))
    item = {"id": ident, "triggers": [shaped(When, t) for t in expand_keyword(
        kw, {}, ident if "status" in kw else None)]}
    parts += _triggers(catalog, item, pack=_pack(ident) if ":" in ident else "", voice=_PLAYER,
                       self_unit="this unit", unit=True)
    text = "; ".join(parts) + "."
    if "status" in kw:
        text += " Its status: " + _status(catalog, {**kw["status"], "id": ident})
    return text


def _status(catalog: Catalog, st: Mapping[str, Any]) -> str:
    """A status's rules text: how its stacks read, what it modifies, when it ticks and decays."""
    st = record("status", st)
    pack = _pack(st["id"]) if ":" in st["id"] else ""
    name = catalog.names.get(st["id"]) or st.get("name", st["id"].split(":")[-1])
    parts = [f"{name}: {words('status_polarity', st['polarity'])}",
             "its stacks are turns" if st["stacking"] == "duration" else "its stacks add up"]
    if st["max"] != _MAX_STACKS:
        parts.append(f"at most {st['max']}")
    each = "" if st["stacking"] == "duration" else " for each stack"
    for key, what in (("power", "power"), ("dealt_add", "damage dealt"),
                      ("taken_add", "damage taken"), ("shield_add", "shield gained")):
        if st[key]:
            parts.append(f"{st[key]:+d} {what}{each}")
    if st["dealt_pct"] != 100:
        parts.append(f"deals {st['dealt_pct']}% damage")
    if st["taken_pct"] != 100:
        parts.append(f"takes {st['taken_pct']}% damage")
    if st["shield_pct"] != 100:
        parts.append(f"gains {st['shield_pct']}% shield")
    if st["cap"]:
        parts.append(f"takes at most {st['cap']} damage a hit")
    if st["spend"] != "never":
        parts.append(words("status_spend", st["spend"]))
    if st["negate"]:
        parts.append("prevents the next hit, spending a stack")
    if st["absorb"]:
        parts.append("absorbs damage, spending a stack a point")
    if "tick" in st:
        who = _PLAYER
        parts.append(f"{words('status_timing', st['tick']['at'])}: " + _effect(
            catalog, st["tick"]["effect"], pack=pack, voice=who, self_unit="the unit"))
    if "decay" in st:
        parts.append(f"{words('status_decay', st['decay']['by'])} "
                     f"{words('status_timing', st['decay']['at'])}")
    if st["keeps"]:
        kept = ", ".join(catalog.names[_status_id(catalog, pack, k)] for k in st["keeps"])
        parts.append(f"{kept} does not decay while it lasts")
    parts += _triggers(catalog, st, pack=pack, voice=_HOLDER, self_unit="the unit", unit=True)
    return "; ".join(parts) + "."


def _pack(ident: str) -> str:
    return ident.split(":", 1)[0]


def _keywords(catalog: Catalog, pack: str, keywords: Iterable[Any]) -> str:
    """The core flags in the vocabulary's order, then the macros as written, each with its
    parameters ("Taunt, Ward 2")."""
    uses = [use_of(k) for k in keywords]
    flags = {name for name, _ in uses if name in names("keyword")}
    out = [words("keyword", k) for k in names("keyword") if k in flags]
    for name, given in uses:
        if isinstance(name, str) and name not in flags:
            macro = catalog.keywords.get(name) or catalog.keywords.get(_ref(pack, name))
            out.append(keyword_label(macro, name, given))
    return ", ".join(out)


def _kind_noun(kind: str) -> str:
    """A card kind as a noun: its template's first words ("character", "Sortilege")."""
    return template("card_kind", kind).split(",")[0]


def _filter(kind: str | None, tag: str | None, noun: str = "card") -> str:
    """A filter on a chosen card in words (rules G02-G04): "beast character card"."""
    return " ".join(w for w in (tag, _kind_noun(kind) if kind else None, noun) if w)


def _target(ab: Mapping[str, Any]) -> str:
    """A card's or an ability's target in words, its filter included (G02): "target character
    card in the Abyss"; on the Stack a character is a summon (G03): "target foe summon"."""
    target = ab.get("target", "none")
    kind, tag = ab.get("target_kind"), ab.get("target_tag")
    text = words("target", target)
    if kind is None and tag is None:
        return text
    if target == "foe_stack_item":
        noun = ("summon" if kind == "character" else _filter(kind, None, "item"))
        return text.replace("item", _filter(None, tag, noun), 1)
    return text.replace("card", _filter(kind, tag), 1)


def _tags(item: Mapping[str, Any]) -> list[str]:
    return [f"tags: {', '.join(item['tags'])}"] if item.get("tags") else []


def _unit(catalog: Catalog, ident: str) -> str:
    """A summonable unit with its numbers: "Shade (3 power, 1 hp, Swift)"."""
    u = catalog.units[ident]
    kw = _keywords(catalog, _pack(ident), u["keywords"])
    return (f"{catalog.names[ident]} ({u['power']} power, {u['hp']} hp"
            + (f", {kw})" if kw else ")"))


_ALL_TASKS = filled({"op": "task"})["task"]         # "all": the row's default
# every stack a unit can hold: remove_status's default amount, "all" in words
_ALL_STACKS = filled({"op": "remove_status"})["n"]


def _task_name(catalog: Catalog, pack: str, task: str) -> str:
    if task == _ALL_TASKS:
        return "every World Task in play that effects advance"
    return catalog.names[_ref(pack, task)]


def _effect(catalog: Catalog, effect: Sequence[Mapping[str, Any]] | None, *, pack: str, voice: _Voice,
            target: str = "", self_unit: str = "") -> str:
    """An effect program in words: a clause an instruction, joined by "then". The chosen `target`
    is named at its first use and is "it" after; a target chosen but never used is named
    first, since the effect still needs it."""
    if not effect:
        return "do nothing"
    clauses = []
    target_used = False
    self_unit = self_unit or f"{voice.our} leader"
    for written in effect:
        ins = instruction(written)
        # control instructions (if, choose_mode) have neither `to` nor `n`
        op, to, n = ins["op"], ins.get("to", "none"), ins.get("n", 0)
        fields: dict[str, Any] = {
            "target": "it" if target_used else target, "self": self_unit,
            "our": voice.our, "their": voice.their, "players": voice.players}
        if op == "if":
            # the branches name the target as the effect does: first use, then "it"
            cond = expression(ins["cond"], **fields)
            then = _effect(catalog, ins["then"], pack=pack, voice=voice, target=target,
                           self_unit=self_unit)
            clause = words("op", "if", cond=cond, then=then)
            if ins.get("else"):
                clause += "; otherwise: " + _effect(catalog, ins["else"], pack=pack, voice=voice,
                                                   target=target, self_unit=self_unit)
            clauses.append(clause)
            target_used |= bool(target) and target in clause
            continue
        if isinstance(n, str):
            n = f"({expression(n, **fields)})"
        elif op == "summon":
            n = max(n, 1)         # effects.pyx: a summon makes at least one
        fields["n"] = n
        op_fields = fields_of(template("op", op))
        if "to" in op_fields:
            fields["to"] = words("selector", to, **fields)
            target_used |= "target" in fields_of(template("selector", to))
        target_used |= "target" in op_fields
        if "unit" in op_fields:
            fields["unit"] = _unit(catalog, _ref(pack, ins["unit"]))
        if "task" in op_fields:
            fields["task"] = _task_name(catalog, pack, ins["task"])
        if "status" in op_fields:
            sid = _status_id(catalog, pack, ins["status"])
            st = record("status", _status_data(catalog, sid))
            name = catalog.names.get(sid) or st.get("name", sid.split(":")[-1])
            if op == "status":
                stacking = st["stacking"]
                fields["status"] = words("status_stacking", stacking, status=name, n=fields["n"])
            else:
                fields["status"] = name
                if ins["n"] == _ALL_STACKS:
                    fields["n"] = "all"
        if "buff" in op_fields:
            # power and max hp (rule E23); the hp a max-hp buff adds comes with it
            hp = ins.get("hp", 0)
            parts = [f"+{n} power"] if n != 0 or not hp else []
            parts += [f"+{hp} max hp and hp"] if hp else []
            fields["buff"] = " and ".join(parts)
        if "counter" in op_fields:
            fields["counter"] = ("this card's counter" if ins["counter"] == "card" else
                                 "the counter " + catalog.names[_ref(pack, ins["counter"])])
        if "into" in op_fields:
            fields["into"] = words("place", ins["into"], **fields)
        if "card" in op_fields:
            # a gain_relic without a card gains a random one (rule U19)
            fields["card"] = (catalog.names[_ref(pack, ins["card"])] if "card" in ins
                              else "a random Relic")
        if op == "choose":
            fields["from"] = words("choice_from", ins["from"], look=ins.get("look", 0), **fields)
            fields["up_to"] = "up to " if ins["up_to"] else ""
            # rule G04: "a character card"
            fields["filter"] = "".join(f"{w} " for w in (ins.get("tag"), ins.get("kind") and
                                                        _kind_noun(ins["kind"])) if w)
        if op == "discover":
            fields["cards"] = _either([catalog.names[_ref(pack, c)] for c in ins["cards"]])
        if op == "choose_mode":
            fields["modes"] = "; or ".join(
                f"({i + 1}) " + _effect(catalog, block, pack=pack, voice=voice, target=target,
                                        self_unit=self_unit)
                for i, block in enumerate(ins["modes"]))
        clause = words("op", op, **fields).replace("up to a card", "up to one card")
        if "until" in written:
            clause += " " + words("until", written["until"], self=self_unit)     # rule A04
        if op == "damage" and ins.get("pierce"):
            clause += " (hp loss: it cannot be prevented or changed)"     # rule D01
        if ins.get("times", 1) > 1:
            clause += f", {ins['times']} times"                                 # rule E25
        clauses.append(clause)
    if target and not target_used and target != _EVENT_UNIT:
        clauses.insert(0, f"choose {target}")
    return ", then ".join(clauses)


def _either(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _cost(catalog: Catalog, category: str, reaction: bool) -> str:
    """What using a category costs (rule M04), or nothing for a reaction (M05)."""
    return "free" if reaction else f"cost {catalog.config['costs'][category]}"


def _ability(catalog: Catalog, ability: Mapping[str, Any], *, pack: str, label: str,
             limit: str, self_unit: str) -> str:
    reaction = ability["reaction"]
    terms = [limit] + (["as a reaction"] if reaction else []) + [_cost(catalog, "activate", reaction)]
    effect = _effect(catalog, ability["effect"], pack=pack, voice=_PLAYER,
                     target=_target(ability), self_unit=self_unit)
    return f"{label} ({', '.join(terms)}): {effect}"


# ---------------------------------------------------------------- items

def _card(catalog: Catalog, card: Mapping[str, Any]) -> str:
    pack = _pack(card["id"])
    kind = card["kind"]
    character = kind == "character"
    keywords = card["keywords"]
    reaction = "reaction" in keywords
    category = "deploy" if character else "play_support"
    self_unit = "this character" if character else ""
    verb = words("category", category)
    parts = [words("card_kind", kind, power=card.get("power", 0), hp=card.get("hp", 0),
                   charges=card.get("charges", 0)),
             _keywords(catalog, pack, keywords), *_tags(card),
             f"free to {verb}" if reaction else f"costs {catalog.config['costs'][category]} to {verb}"]
    if "play_if" in card:
        target = _target(card.get("on_enter", {})) or "no target"
        parts.append(f"{verb} only if " + expression(
            card["play_if"], self="your leader", target=target, our="your",
            their="the Encounter's", players="your"))
    # an ability, on-enter effect, trigger or reward without an effect compiles to no program
    on_enter = card.get("on_enter")
    if on_enter is not None and "effect" in on_enter:
        label = "when deployed" if character else "when it enters the Lattice"
        parts.append(f"{label}: " + _effect(
            catalog, on_enter["effect"], pack=pack, voice=_PLAYER,
            target=_target(on_enter), self_unit=self_unit))
    ability = card.get("ability")
    if ability is not None and "effect" in ability:
        parts.append(_ability(catalog, ability, pack=pack, label="activate",
                              limit="once a turn" if character else "spends a charge",
                              self_unit=self_unit))
    if kind == "relic" and card["ally_power"]:
        parts.append(f"your characters' attacks deal +{card['ally_power']}")
    parts += _aura(catalog, card, pack=pack, voice=_PLAYER,
                   self_unit=self_unit or "this Relic")
    parts += _triggers(catalog, card, pack=pack, voice=_PLAYER,
                       self_unit=self_unit or "your leader", unit=character)
    parts += card_parts(catalog, card, _run_effect)     # the run's (rules U10, U12, U19)
    return paragraph(parts)


def _aura(catalog: Catalog, item: Mapping[str, Any], *, pack: str, voice: _Voice,
          self_unit: str) -> list[str]:
    """An item's aura (rule A01) in words: what it gives whom while it is in play."""
    aura = item.get("aura")
    if not aura:
        return []
    who = words("aura_who", aura["who"], our=voice.our, their=voice.their, players=voice.players)
    if "power" in aura:
        what = f"+{aura['power']} power"
    else:
        sid = _status_id(catalog, pack, aura["status"])
        st = record("status", _status_data(catalog, sid))
        name = catalog.names.get(sid) or st.get("name", sid.split(":")[-1])
        what = words("status_stacking", st["stacking"], status=name, n=aura["n"])
    return [f"while {self_unit} is in play, {who} have {what}"]


_EVENT_UNIT = "that unit"        # a trigger's target: the event's unit, chosen by no one
_UNIT_EVENTS = UNIT_EVENTS
_ORDINAL = {1: "", 2: "2nd ", 3: "3rd "}


def _triggers(catalog: Catalog, item: Mapping[str, Any], *, pack: str, voice: _Voice,
              self_unit: str, unit: bool) -> list[str]:
    """An item's triggers (and a Relic's `trigger`), a clause each: when, its filters and limit,
    then its effect. `unit`: whether the item listens as a unit (a hero, a character, a status's
    holder), so that `who = "self"` is that unit; else it is the item's side."""
    written = ([shaped(When, item["trigger"])] if "trigger" in item else []) + list(
        item.get("triggers", ()))
    out = []
    for t in written:
        if "effect" not in t:
            continue
        on = t["on"]
        who = t["who"]
        fields: dict[str, Any] = {"our": voice.our, "their": voice.their, "players": voice.players,
                                  "self": self_unit}
        if on in _UNIT_EVENTS and unit:
            fields["who"] = words("trigger_who", who, **fields)
        elif on in _UNIT_EVENTS:
            fields["who"] = {"self": f"one of {voice.our} units", "ally": f"one of {voice.our} units",
                             "foe": f"one of {voice.their} units"}.get(who, "any unit")
        else:                     # a side's event: whose
            fields["who"] = {"foe": voice.their, "any": "any"}.get(who, voice.our)
        card = t.get("card", "any")
        if card in ("any", "self"):
            fields["card"] = words("trigger_card", card)
            if card == "self":
                fields["who"] = ""          # "whenever this card is exiled"
        else:
            fields["card"] = {"character": "character", "sortilege": "Sortilege",
                              "relic": "Relic"}[card]
        fields["status"] = (catalog.names[_status_id(catalog, pack, t["status"])]
                            if "status" in t else "a status")
        clause = " ".join(words("trigger", on, **fields).split())
        if t.get("source", "any") != "any":
            clause += " " + words("trigger_source", t["source"], **fields)
        if t.get("unit", "any") != "any":
            clause += f", if it is a {words('trigger_unit', t['unit'])}"
        if "zone" in t:
            clause += f" while this card is in {voice.players} {t['zone'].capitalize()}"
        if "if" in t:
            clause += ", if " + expression(t["if"], target=_EVENT_UNIT, **{
                k: v for k, v in fields.items() if k in ("our", "their", "players", "self")})
        if "once" in t:
            clause += ", " + words("trigger_limit", t["once"])
        elif "every" in t:
            n = t["every"]
            clause += (f", every {_ORDINAL.get(n, f'{n}th ')}time"
                       + (" in a turn" if t["per"] == "turn" else ""))
        target = _EVENT_UNIT if on in UNIT_TARGET else ""
        out.append(clause + ": " + _effect(catalog, t["effect"], pack=pack, voice=voice,
                                           target=target, self_unit=self_unit))
    return out


def _leader_meter(catalog: Catalog, hero: Mapping[str, Any]) -> str:
    """The Action Meter a hero seeds when it leads (rules M01-M04, core/rules.pyx seed_meter):
    its capacity and the category costs its Morality biases."""
    cfg = catalog.config
    morality = hero["morality"]
    costs = dict(cfg["costs"])
    if morality >= cfg["morality_high"]:
        costs["play_support"] -= cfg["support_discount"]
    if morality <= cfg["morality_low"]:
        costs["attack"] -= cfg["attack_discount"]
    costs = {k: max(0, v) for k, v in costs.items()}
    floor = costs["attack"]
    if "effect" in hero.get("ability", {}):
        floor = min(floor, costs["activate"])
    capacity = max(floor, cfg["meter_base"] + hero["ambition"])
    listed = ", ".join(f"{words('category', k)} {costs[k]}" for k in names("category"))
    return f"as leader: an Action Meter of {capacity}; costs: {listed}"


def _hero(catalog: Catalog, hero: Mapping[str, Any]) -> str:
    pack = _pack(hero["id"])
    parts = [f"hero, {hero['max_hp']} hp, {hero['power']} power",
             f"Ambition {hero['ambition']}, Morality {hero['morality']}",
             _leader_meter(catalog, hero)]
    ability = hero.get("ability")
    if ability is not None and "effect" in ability:
        label = f"activate {ability['name']}" if "name" in ability else "activate"
        parts.append(_ability(catalog, ability, pack=pack, label=label, limit="once a turn",
                              self_unit="this hero"))
    cards = [_ref(pack, c) for c in hero["cards"]]
    if cards:
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        listed = ", ".join(FORMAT.format("{n:/# × }{name}", n=k, name=catalog.names[c])
                           for c, k in counts.items())
        parts.append(f"starting cards: {listed}")
    parts += _aura(catalog, hero, pack=pack, voice=_PLAYER, self_unit="this hero")
    parts += _triggers(catalog, hero, pack=pack, voice=_PLAYER, self_unit="this hero", unit=True)
    parts += hero_parts(hero)
    return paragraph(parts)


def _enemy_hero(catalog: Catalog, hero: Mapping[str, Any]) -> str:
    return paragraph([f"enemy hero, {hero['max_hp']} hp, {hero['power']} power",
                       *_aura(catalog, hero, pack=_pack(hero["id"]), voice=_ENCOUNTER,
                              self_unit="this hero"),
                       *_triggers(catalog, hero, pack=_pack(hero["id"]), voice=_ENCOUNTER,
                                  self_unit="this hero", unit=True)])


def _summoned(catalog: Catalog, unit: Mapping[str, Any]) -> str:
    return paragraph([f"summoned character, {unit['power']} power, {unit['hp']} hp",
                      _keywords(catalog, _pack(unit["id"]), unit["keywords"]), *_tags(unit),
                       *_aura(catalog, unit, pack=_pack(unit["id"]), voice=_PLAYER,
                              self_unit="this character"),
                       *_triggers(catalog, unit, pack=_pack(unit["id"]), voice=_PLAYER,
                                  self_unit="this character", unit=True)])


def _task(catalog: Catalog, task: Mapping[str, Any]) -> str:
    goal = words("goal", task["goal"], threshold=task["threshold"])
    if "reward" not in task:
        return paragraph(["World Task", f"the first side to {goal} completes it (no reward)"])
    reward = _effect(catalog, task["reward"], pack=_pack(task["id"]), voice=_WINNER)
    return paragraph(["World Task", f"the first side to {goal} gets: {reward}"])


@with_status_names
def move_words(catalog: Catalog, info: Mapping[str, Any]) -> str:
    """One Encounter move in words, from `Catalog.describe_move`'s reading of it (without its
    branch): "Main: summon Cinder Imp (2 power, 2 hp) into the first empty lane."."""
    return sentence(f"{words('phase', info['phase'])}: {_move_body(catalog, info)}")


def _move_body(catalog: Catalog, info: Mapping[str, Any]) -> str:
    pack = _pack(info["encounter"])
    kind = info["move"]
    fields: dict[str, Any] = {}
    if "effect" in info:
        fields["effect"] = _effect(catalog, info["effect"], pack=pack, voice=_ENCOUNTER,
                                   target=words("enemy_target", info["target"]),
                                   self_unit=f"{_ENCOUNTER.our} leader")
    if "unit" in info:
        fields["unit"] = _unit(catalog, info["unit"])
    if "attacker" in info:
        fields["attacker"] = _attacker(catalog, info)
    if "lane" in info:
        lane = info["lane"]
        if kind == "summon" and lane == "strongest":
            lane = "first_empty"   # encounter.pyx: a summon has no strongest lane of its own
        fields["lane"] = (words("lane", "fixed", lane=lane) if isinstance(lane, int)
                          else words("lane", lane))
    return words("move", kind, **fields)


def _attacker(catalog: Catalog, info: Mapping[str, Any]) -> str:
    attacker = info["attacker"]
    roster = catalog.encounters[info["encounter"]]["roster"]
    if attacker == "leader" or attacker >= len(roster):   # past the roster: the leader (EVE-L013)
        return f"{_ENCOUNTER.our} leader"
    return catalog.names[_ref(_pack(info["encounter"]), roster[attacker])]


def _response(catalog: Catalog, pack: str, rule: Mapping[str, Any]) -> str:
    if rule["counter"]:
        # what the compiler makes of `counter = true`: a counter of the item responded to
        effect = _effect(catalog, [{"op": "counter"}], pack=pack, voice=_ENCOUNTER, target="it")
    else:
        effect = _effect(catalog, rule.get("effect"), pack=pack, voice=_ENCOUNTER,
                         target=words("enemy_target", rule["target"]))
    limits = []
    if rule["per_round"] > 0:
        limits.append(f"at most {rule['per_round']} a round")
    if rule["charges"] >= 0:
        limits.append(FORMAT.format("{n:# charge/# charges}", n=rule["charges"]))
    return sentence(f"whenever {words('response_on', rule['on'])}: {effect} "
                     f"({', '.join(limits) or 'every time'})")


def _encounter(catalog: Catalog, enc: Mapping[str, Any]) -> str:
    pack = _pack(enc["id"])
    roster = []
    for i, name in enumerate(enc["roster"]):
        h = catalog.enemies[_ref(pack, name)]
        roster.append(f"{catalog.names[h['id']]} ({'the leader, ' if i == 0 else ''}"
                      f"{h['max_hp']} hp, {h['power']} power)")
    initiative = enc["initiative"]
    lines = [paragraph(["Encounter", f"roster: {', '.join(roster)}",
                         FORMAT.format("Initiative {n}: up to {n:# move/# moves} a turn",
                                        n=initiative)])]
    setup = [_unit(catalog, _ref(pack, u)) for u in enc.get("setup", ())]
    if setup:
        lines.append(sentence(f"setup: {', '.join(setup)}"))
    tasks = [catalog.names[_ref(pack, t)] for t in enc.get("tasks", ())]
    if tasks:
        lines.append(sentence(f"World Tasks: {', '.join(tasks)}"))
    variables = enc.get("vars", {})
    if variables:
        lines.append(sentence("variables: " + ", ".join(
            f"{name} (starting at {v})" for name, v in variables.items())))
    by_path = {}
    for move, branch in catalog.script_moves(enc["id"]):
        by_path[catalog.describe_move(move)["path"]] = (move, branch)
    if "phases" in enc:
        lines.append("Phases (the first whose condition holds plays its script, in a cycle, "
                     "from its first move each time it is entered; the next move is the intent):")
        lines += _phase_lines(catalog, enc["phases"], "phases", by_path, "  ")
    else:
        lines.append("Script, in a cycle (the next move is the intent):")
        lines += _script_lines(catalog, enc["script"], "script", by_path, "  ")
    responses = enc.get("responses", ())
    if responses:
        lines.append("Responses:")
        lines.extend(f"  - {_response(catalog, pack, r)}" for r in responses)
    return "\n".join(lines)


_ENC_FIELDS = {"self": "the Encounter's leader", "target": "its target", "our": "the Encounter's",
               "their": "the player's", "players": "the player's"}


def _phase_lines(catalog: Catalog, phases: Sequence[Mapping[str, Any]], path: str,
                 by_path: Mapping[str, tuple[int, int | None]], indent: str) -> list[str]:
    lines = []
    for i, ph in enumerate(phases):
        name = f" ({ph['name']})" if "name" in ph else ""
        if "when" in ph:
            head = f"while {expression(ph['when'], **_ENC_FIELDS)}{name}:"
        else:
            head = f"{'otherwise' if i else 'always'}{name}:"
        lines.append(indent + head[0].upper() + head[1:])
        if "phases" in ph:
            lines += _phase_lines(catalog, ph["phases"], f"{path}[{i}].phases", by_path,
                                  indent + "  ")
        else:
            lines += _script_lines(catalog, ph["script"], f"{path}[{i}].script", by_path,
                                   indent + "  ")
    return lines


def _script_lines(catalog: Catalog, script: Sequence[Mapping[str, Any]], path: str,
                  by_path: Mapping[str, tuple[int, int | None]], indent: str) -> list[str]:
    lines = []
    for i, entry in enumerate(script, 1):
        at = f"{path}[{i - 1}]"
        if "pick" not in entry:
            line = _move_line(catalog, *by_path[at])
            repeats = catalog.describe_move(by_path[at][0]).get("max_repeats", 0)
            if repeats:
                # N10: passed over, the next entry is the intent
                line += " " + sentence(FORMAT.format(
                    "never more than {n:# time/# times} in a row (else the next move)", n=repeats))
            lines.append(f"{indent}{i}. {line}")
            continue
        total = sum(opt.get("weight", 1) for opt in entry["pick"])
        lines.append(f"{indent}{i}. One of, drawn at random when it becomes the intent:")
        for j, opt in enumerate(entry["pick"]):
            move, branch = by_path[f"{at}.pick[{j}]"]
            repeats = catalog.describe_move(move).get("max_repeats", 0)
            never = (FORMAT.format(", never more than {n:# time/# times} in a row", n=repeats)
                     if repeats else "")
            lines.append(f"{indent}   - {opt.get('weight', 1)} in {total}{never}: "
                         f"{_move_line(catalog, move, branch)}")
    return lines


def _move_line(catalog: Catalog, move: int, branch: int | None) -> str:
    """A move's words, its assignments and its branch."""
    info = catalog.describe_move(move)
    line = _with_sets(info["text"], info["script"])
    if "name" in info:
        line = f"[{info['name']}] {line}"          # one move wherever written (N09)
    if branch is not None:
        alt = catalog.describe_move(branch)
        unless = info["script"]["unless"]
        if "cond" in unless:
            when = words("condition", "expr", cond=expression(unless["cond"], **_ENC_FIELDS))
        else:
            when = words("condition", unless["if"], arg=unless["arg"])
        phase = "" if alt["phase"] == info["phase"] else f" (in {words('phase', alt['phase'])})"
        body = _move_body(catalog, alt)
        said = _assignments(alt["script"])
        if said and alt["script"].get("move") != "wait":
            body = f"first {said}, then {body}"
        elif said:
            body += f"; then {said}"
        line += " " + sentence(f"instead, {when}: {body}{phase}")
    return line


def _assignments(move: Mapping[str, Any]) -> str:
    """A move's `set`, in words ("" without one)."""
    return " and ".join(f"the Encounter's {name} becomes {expression(str(v), **_ENC_FIELDS)}"
                        for name, v in move.get("set", {}).items())


def _with_sets(text: str, move: Mapping[str, Any]) -> str:
    """A move's words with its assignments: a wait makes nothing, so they follow it; any other
    move's effect resolves after its own `set` and reads the new values (rule N07), so they
    come first."""
    said = _assignments(move)
    if not said:
        return text
    if move.get("move") == "wait":
        return text + " " + sentence("then " + said)
    head, _, body = text.partition(": ")
    return f"{head}: first {said}, then {body}"


def _counter(catalog: Catalog, counter: Mapping[str, Any]) -> str:
    """A counter's rules text (rule V01): when it counts from 0."""
    return paragraph(["counter", words("counter_reset", counter.get("reset", "match"))])


_WRITERS = {"hero": _hero, "enemy_hero": _enemy_hero, "card": _card, "unit": _summoned,
            "task": _task, "encounter": _encounter, "status": _status, "keyword": _keyword,
            "counter": _counter}


# ---------------------------------------------------------------- the API

def kind_of(catalog: Catalog, ident: str) -> str:
    """The kind of an item id: one of KINDS (KeyError for an id the catalog does not have). A
    keyword macro's status has the keyword's id: the id is the keyword's, whose text tells both."""
    if ident in catalog.keywords:
        return "keyword"
    for kind, table in KINDS.items():
        if ident in getattr(catalog, table):
            return kind
    raise KeyError(ident)


@with_status_names
def rules_text(catalog: Catalog, ident: str) -> str:
    """The rules text of one item by id: sentences for a card, hero, unit or World Task; for an
    Encounter, lines (its roster, setup and tasks, each script move, each response). KeyError
    for an id the catalog does not have."""
    kind = kind_of(catalog, ident)
    return _WRITERS[kind](catalog, getattr(catalog, KINDS[kind])[ident])


@with_status_names
def rules_texts(catalog: Catalog, *, kinds: Iterable[str] | None = None,
                packs: Iterable[str] | None = None) -> dict[str, str]:
    """Every item's rules text by id, in the order of KINDS then registration; only the given
    kinds (of KINDS) and packs when given (ValueError for a kind that is not one)."""
    chosen = tuple(KINDS) if kinds is None else tuple(kinds)
    unknown = [k for k in chosen if k not in KINDS]
    if unknown:
        raise ValueError(f"unknown kind {unknown[0]!r} (one of: {', '.join(KINDS)})")
    wanted = None if packs is None else set(packs)
    out: dict[str, str] = {}
    for kind in KINDS:
        if kind not in chosen:
            continue
        for ident, item in getattr(catalog, KINDS[kind]).items():
            if kind == "status" and ident in catalog.keywords:
                continue                # its keyword's text tells it
            if wanted is None or _pack(ident) in wanted:
                out[ident] = _WRITERS[kind](catalog, item)
    return out


def move_text(catalog: Catalog, move: int) -> str:
    """One Encounter move by its table index, in words (as `Catalog.describe_move` gives it,
    under "text")."""
    return str(catalog.describe_move(move)["text"])



def _run_effect(catalog: Catalog, effect: Sequence[Mapping[str, Any]], pack: str) -> str:
    """A run program (rule U19) in words: the player's."""
    return _effect(catalog, effect, pack=pack, voice=_PLAYER)


# the run's content (rules U01-U21): its writers, given the words of a run program
_WRITERS.update({kind: functools.partial(write, say=_run_effect)
                 for kind, write in RUN_WRITERS.items()})
