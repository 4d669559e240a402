"""Card tags and the filters on a chosen card (rules G01-G05): the content's tags numbered, an
item's tags as a bit set, and a filter (a card kind and a tag) as the one integer the core
tests. A filter packs as the high part of a `choose`'s selector word (eve.core.instructions'
row, which operands.pxd reads): kind + 1, then tag + 1 above it; 0 passes any card."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from eve.compiler.context import CARD_TARGET_ZONES, Ctx
from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.tables import LIMITS
from eve.errors import ContentError
from eve.plugins import errors as codes

TAG_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
# the targets a filter may narrow (G02): a card of a zone, or a Stack item (G03)
FILTERED_TARGETS = (*CARD_TARGET_ZONES, "foe_stack_item")
_SHIFTS = {field: shift for word, field, shift in INSTRUCTION["choose"].pack if word == "sel"}
KIND_SHIFT = _SHIFTS["kind"]
TAG_SHIFT = _SHIFTS["tag"] - KIND_SHIFT        # within a filter


def content_tags(items: Iterable[Mapping[str, Any]]) -> tuple[str, ...]:
    """The content's distinct tags (of its cards and units), in sorted order: a tag's number
    does not depend on the order packs load in. Malformed names are left to each item's check."""
    found = sorted({t for d in items for t in (d.get("tags") or ())
                    if isinstance(t, str) and TAG_NAME.match(t)})
    if len(found) > LIMITS["tags"]:
        raise ContentError(f"{len(found)} distinct tags exceed the core's limit of "
                           f"{LIMITS['tags']} tags (rule G01)", code=codes.CAPACITY)
    return tuple(found)


def tag_bits(ctx: Ctx, data: Mapping[str, Any], index: Mapping[str, int]) -> int:
    """An item's `tags` as the int16 bit set its def holds (bit 15 as the sign bit)."""
    bits = 0
    for i, t in enumerate(ctx.seq(data, "tags", "list of tag names")):
        if not isinstance(t, str) or not TAG_NAME.match(t):
            raise ctx.err(f"tags[{i}]", f"a tag is a name of [a-z][a-z0-9_]*, not {t!r}",
                          codes.INVALID_VALUE)
        bits |= 1 << index[t]
    return bits - (1 << 16) if bits >> 15 else bits


def kind_operand(ctx: Ctx, value: Any, path: str) -> int:
    """A filter's card kind as it packs: its code + 1, 0 for none."""
    return 0 if value is None else ctx.enum("card_kind", value, path) + 1


def tag_operand(ctx: Ctx, value: Any, path: str, index: Mapping[str, int]) -> int:
    """A filter's tag as it packs: its number + 1, 0 for none. A tag no card or unit of the
    content has is refused, as an unknown name is: it could never be met."""
    if value is None:
        return 0
    if not isinstance(value, str) or value not in index:
        known = ", ".join(index) or "none"
        raise ctx.err(path, f"no card or unit of the content has the tag {value!r} (its tags: "
                      f"{known})", codes.UNKNOWN_REFERENCE)
    return index[value] + 1


def target_filter(ctx: Ctx, ab: Mapping[str, Any], key: str, index: Mapping[str, int]) -> int:
    """The filter of a card's or an ability's target (`target_kind`, `target_tag`), 0 when it
    has none; only a card or Stack item target takes one."""
    given = [k for k in ("target_kind", "target_tag") if ab.get(k) is not None]
    if not given:
        return 0
    target = ab.get("target", "none")
    if target not in FILTERED_TARGETS:
        raise ctx.err(f"{key}.{given[0]}", f"filters a card or Stack item target "
                      f"({', '.join(FILTERED_TARGETS)}); {target!r} is not one")
    kind = kind_operand(ctx, ab.get("target_kind"), f"{key}.target_kind")
    tag = tag_operand(ctx, ab.get("target_tag"), f"{key}.target_tag", index)
    return kind | tag << TAG_SHIFT

