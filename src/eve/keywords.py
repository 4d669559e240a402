"""Keywords: names in an item's `keywords`, each a core flag or a macro.

A **core flag** (`reaction`, `swift`, `taunt`) is a bit the core reads; it is a member of the
vocabulary's `keyword` enum. A **macro** is data: the triggers (and the status those triggers
give) that it adds to the item before the item is compiled, with parameters (`{n}`) that the use
fills (`{name = "ward", n = 2}`). The standard macros below are in every catalog, written in the
form a pack registers its own with `eve_register_keywords` (eve.plugins.schema.KeywordData);
docs/modding.md's table of them is generated from this module (`keywords_table`).

Expansion (`expand`) is plain data to data: a use's parameters replace `{n}` and `{m}` in the
macro's strings (a string that is nothing but `"{n}"` becomes the number), `{status}` becomes the
id of the macro's own status, and the triggers are appended to the item's own. The compiler then
compiles the result like any written trigger, so a macro can say nothing a pack cannot write.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from eve.core.vocabulary import TEXT, names
from eve.plugins.registry import frozen

#: the parameters a macro may declare, and the range of their values
PARAMS = ("n", "m")
PARAM_RANGE = (0, 999)
#: the item kinds a keyword may be given to (`applies_to`)
KINDS = ("character", "sortilege", "relic", "unit")


STANDARD: Mapping[str, Mapping[str, Any]] = frozen({
    # heals the unit itself by the damage it deals (after the damage pipeline)
    "lifesteal": {
        "name": "Lifesteal", "applies_to": ["character", "unit"],
        "triggers": [{"on": "damage_dealt",
                      "effect": [{"op": "heal", "to": "self", "n": "event.amount"}]}],
    },
    # the first hit it takes is prevented whole (rule D01 step 3)
    "divine_shield": {
        "name": "Divine Shield", "applies_to": ["character", "unit"],
        "status": {"name": "Divine Shield", "polarity": "buff", "max": 1, "negate": True},
        "triggers": [{"on": "summoned",
                      "effect": [{"op": "status", "status": "{status}", "to": "self"}]}],
    },
    # the first n hits it takes are prevented whole
    "ward": {
        "name": "Ward", "params": {"n": 1}, "applies_to": ["character", "unit"],
        "status": {"name": "Ward", "polarity": "buff", "negate": True},
        "triggers": [{"on": "summoned",
                      "effect": [{"op": "status", "status": "{status}", "to": "self",
                                  "n": "{n}"}]}],
    },
    # a played Sortilege or Relic goes to the Void (exile) once its play has resolved, instead
    # of staying in the Lattice (or, spent, going to the Abyss)
    "exile_on_play": {
        "name": "Exile on play", "applies_to": ["sortilege", "relic"],
        "triggers": [{"on": "card_resolved", "card": "self",
                      "effect": [{"op": "put", "to": "event_card", "into": "void"}]}],
    },
    # Transient: at the start of its side's n-th turn in a lane, it goes to the Void
    "fading": {
        "name": "Fading", "params": {"n": 5}, "applies_to": ["character", "unit"],
        "triggers": [{"on": "turn_start", "every": "{n}",
                      "effect": [{"op": "exile", "to": "self"}]}],
    },
})

FLAGS: tuple[str, ...] = names("keyword")

#: keywords of other games that mean nothing in eve, refused with the reason (a pack may still
#: register a keyword of that name, which is its own)
REFUSED: Mapping[str, str] = MappingProxyType({
    "retain": "eve never discards the Rift (the hand) at the end of a turn (a card leaves the "
              "Rift for the Abyss only through an effect, rule Z11; the End draws up to a "
              "floor, rule T11): every card is retained, so `retain` would change nothing",
})


def use_of(entry: Any) -> tuple[Any, dict[str, Any]]:
    """A `keywords` entry as (name, the parameters it gives): `"ward"` or `{name, n, m}`."""
    if isinstance(entry, Mapping):
        return entry.get("name"), {k: v for k, v in entry.items() if k != "name"}
    return entry, {}


def params(macro: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """The parameter values of a use: the macro's defaults, then what the use gives."""
    return {**dict(macro.get("params", {})), **dict(given)}


def label(macro: Mapping[str, Any] | None, name: str, given: Mapping[str, Any]) -> str:
    """A keyword as rules text reads it: "Taunt", "Ward 2"."""
    if macro is None:
        return TEXT["keyword"].get(name, name)
    values = params(macro, given)
    template = macro.get("text") or " ".join(["{name}", *(f"{{{p}}}" for p in PARAMS
                                                          if p in values)])
    return _fill_text(template, {"name": macro.get("name", name), **values})


def _fill_text(template: str, values: Mapping[str, Any]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


def substitute(value: Any, values: Mapping[str, Any]) -> Any:
    """`value` with `{p}` replaced by values[p] in every string; a string that is one whole
    placeholder becomes the value itself (a number where a number is wanted)."""
    if isinstance(value, str):
        whole = re.fullmatch(r"\{(\w+)\}", value)
        if whole and whole.group(1) in values:
            return values[whole.group(1)]
        return _fill_text(value, values)
    if isinstance(value, Mapping):
        return {k: substitute(v, values) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [substitute(v, values) for v in value]
    return value


def expand(macro: Mapping[str, Any], given: Mapping[str, Any],
           status_id: str | None) -> list[Any]:
    """The triggers a use of `macro` adds to its item."""
    values = {**params(macro, given), "status": status_id or "{status}"}
    return [substitute(t, values) for t in macro.get("triggers", ())]


def _inline(value: Any) -> str:
    """Data as an inline TOML value, as docs/modding.md writes content."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def keywords_table() -> str:
    """docs/modding.md's table of the built-in keywords (tests/test_keywords_docs.py compares)."""
    rows = ["| keyword | reads | kind | what it is, or what it adds |", "|---|---|---|---|"]
    for flag in FLAGS:
        rows.append(f"| `{flag}` | {TEXT['keyword'][flag]} | core flag | "
                    f"{_flag_doc(flag)} |")
    for name, macro in STANDARD.items():
        p = dict(macro.get("params", {}))
        use = f"`{{name = \"{name}\", n = {p['n']}}}`" if "n" in p else f"`{name}`"
        what = f"`triggers = {_inline(macro.get('triggers', ()))}`"
        st = macro.get("status")
        if st is not None:
            what += f"; its status: `{_inline(st)}`"
        rows.append(f"| {use} | {label(macro, name, {})} | macro for "
                    f"{', '.join(macro.get('applies_to', KINDS))} | {what} |")
    return "\n".join(rows)


def _flag_doc(flag: str) -> str:
    from eve.core.vocabulary import BY_KEY
    return next(m.doc for m in BY_KEY["keyword"].members if m.name == flag)


def write_docs(path: str) -> bool:
    """Put the table between its markers in docs/modding.md; whether the file changed."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    begin, end = DOC_MARKERS
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    new = f"{head}{begin}\n{keywords_table()}\n{end}{tail}"
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return new != text


DOC_MARKERS = ("<!-- keywords:begin (generated from eve.keywords by eve.keywords.keywords_table(); "
               "python -m eve.keywords --write-docs docs/modding.md) -->", "<!-- keywords:end -->")


if __name__ == "__main__":     # python -m eve.keywords [--write-docs docs/modding.md]
    import sys
    if sys.argv[1:2] == ["--write-docs"]:
        print("rewrote" if write_docs(sys.argv[2]) else "unchanged", sys.argv[2])
    else:
        print(keywords_table())
