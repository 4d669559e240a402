"""The words of rules text: a vocabulary member's template filled in (`words`, with
`{n:# card/# cards}` plurals), an expression (eve.expressions) in words, and sentences put
together. eve.text shapes them into each kind of item's text; the words themselves are the
templates of eve.core.words.
"""
from __future__ import annotations

import functools
import string
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from eve.core.vocabulary import TEXT

if TYPE_CHECKING:
    from eve.catalog import Catalog


class _Formatter(string.Formatter):
    """`{n:# card/# cards}`: the singular when the number is 1, else the plural; `#` is the
    number."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec and isinstance(value, int) and not isinstance(value, bool):
            one, _, many = format_spec.partition("/")
            return (one if value == 1 else many).replace("#", str(value))
        if format_spec and isinstance(value, str):
            # an amount in words (an expression): the plural form, which says it whatever it is
            return format_spec.partition("/")[2].replace("#", value)
        return super().format_field(value, format_spec)


FORMAT = _Formatter()


def template(key: str, name: str) -> str:
    """The template of vocabulary member `name` of enumeration `key`."""
    return TEXT[key][name]


def words(key: str, name: str, **fields: Any) -> str:
    """The template of vocabulary member `name` of `key`, filled with `fields`."""
    return FORMAT.vformat(template(key, name), (), fields)


# the status names of the catalog being written, by the bare name expressions read them by
# (`target.no_pain` -> "No Pain"): set by every entry point that is given a catalog
_STATUS_NAMES: ContextVar[Mapping[str, str]] = ContextVar("status_names", default=MappingProxyType({}))


_F = TypeVar("_F", bound=Callable[..., Any])


def with_status_names(fn: _F) -> _F:
    @functools.wraps(fn)
    def wrapped(catalog: Catalog, *args: Any, **kwargs: Any) -> Any:
        token = _STATUS_NAMES.set({sid.split(":")[-1]: catalog.names.get(sid, sid)
                                   for sid in catalog.status_ids})
        try:
            return fn(catalog, *args, **kwargs)
        finally:
            _STATUS_NAMES.reset(token)
    return cast(_F, wrapped)


def expression(text: str, **fields: Any) -> str:
    """An expression (eve.expressions) in words: its references, attributes and counts with
    their templates, the rest as written (× for *)."""
    from eve.expressions import _tokens
    out: list[str] = []
    toks = _tokens(text)
    i = 0
    while toks[i].kind != "end":
        t = toks[i]
        if t.text == "event" and toks[i + 1].text == ".":
            out.append(words("expr_event", toks[i + 2].text))
            i += 3
            continue
        if t.text in TEXT["expr_ref"] and toks[i + 1].text == ".":
            ref = words("expr_ref", t.text, **fields)
            attr = toks[i + 2].text
            # an attribute, or the stacks of a status (its name as the data writes it)
            said = (words("expr_attr", attr) if attr in TEXT["expr_attr"]
                    else _STATUS_NAMES.get().get(attr, attr.replace("_", " ")))
            out.append(f"{ref}'s {said}")
            i += 3
            continue
        if t.text == "repeats" and toks[i + 1].text == ".":
            # rule N09: the history, by the move's name
            out.append(f"the times in a row the Encounter made {toks[i + 2].text}")
            i += 3
            continue
        if t.text == "var" and toks[i + 1].text == ".":
            # an Encounter script variable, by its own name
            out.append(f"{fields.get('our', 'its')} {toks[i + 2].text}")
            i += 3
            continue
        if t.text in ("counter", "card") and toks[i + 1].text == ".":
            # a counter (rule V03): a pack's by its name, or the card's own
            out.append("this card's counter" if t.text == "card"
                       else f"the counter {toks[i + 2].text.replace('_', ' ')}")
            i += 3
            continue
        if t.text == "count" and toks[i + 1].text == "(":
            out.append(f"the number of {words('expr_count', toks[i + 2].text, **fields)}")
            i += 4
            continue
        out.append({"*": "×", "round": "the round"}.get(t.text, t.text))
        i += 1
    text_out = " ".join(out)
    for a, b in (("( ", "("), (" )", ")"), (" ,", ","), ("min (", "min("), ("max (", "max("),
                 ("clamp (", "clamp(")):
        text_out = text_out.replace(a, b)
    return text_out


def fields_of(text: str) -> set[str]:
    return {f for _, f, _, _ in FORMAT.parse(text) if f}


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", ":")) else text + "."


def paragraph(parts: Iterable[str]) -> str:
    return " ".join(s for s in map(sentence, parts) if s)
