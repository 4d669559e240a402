"""A card's upgraded form (rule U12): a card of its own, made from the card's data and its
`upgraded` fields, with the id `<id>+` and, unless it says its own, the name `<name>+`.

The forms come after every registered card, so that no card's index moves (old content, which
has none, compiles exactly as before). The compiler compiles each as a card, so rules text,
lint, the Catalog's ids and `eve cards` all see it as one; only the run's tables (CardRun) know
it as the upgrade of its card. Plain data in, plain data out.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eve.errors import ContentError
from eve.plugins import errors as codes
from eve.plugins.registry import Item, frozen

#: what an upgraded form's id adds to its card's
SUFFIX = "+"
#: the fields that are the card's in the run, never its form's: the form's rarity is always
#: "special" (never offered), its hero its card's, and a form has no form of its own
CARD_ONLY = ("upgraded", "rarity", "hero")


def form_id(card_id: str) -> str:
    return card_id + SUFFIX


def _form(it: Item) -> Item:
    up = it.data["upgraded"]
    path = f"cards.{it.id}.upgraded"
    if not isinstance(up, Mapping):
        raise ContentError(f"must be a table of the fields the upgraded form changes, not "
                           f"{type(up).__name__} {up!r}", pack=it.pack, path=path,
                           code=codes.WRONG_TYPE, item=it.id)
    for key in CARD_ONLY:
        if key in up:
            raise ContentError(f"`{key}` is the card's, not its upgraded form's (a form is "
                               "never offered, is in its card's hero pool and has no form of "
                               "its own)", pack=it.pack, path=f"{path}.{key}",
                               code=codes.INVALID_VALUE, item=it.id)
    if "kind" in up and up["kind"] != it.data.get("kind"):
        raise ContentError(f"an upgraded form is of its card's kind ({it.data.get('kind')!r}), "
                           f"not {up['kind']!r}", pack=it.pack, path=f"{path}.kind",
                           code=codes.INVALID_VALUE, item=it.id)
    data: dict[str, Any] = {k: v for k, v in it.data.items() if k not in CARD_ONLY}
    data.update(up)
    if "name" not in up:
        data["name"] = f"{it.data.get('name', it.id.split(':', 1)[1])}{SUFFIX}"
    return Item("card", form_id(it.id), it.pack, frozen(data), it.hook)


def with_forms(cards: Mapping[str, Item]) -> dict[str, Item]:
    """The card table with each card's upgraded form after every card (registration order);
    ContentError for an `upgraded` table that cannot make one."""
    forms = [_form(it) for it in cards.values() if it.data.get("upgraded") is not None]
    return {**cards, **{f.id: f for f in forms}}


def base_of(card_id: str, cards: Mapping[str, Any]) -> str | None:
    """The card whose upgraded form `card_id` is, or None."""
    if card_id.endswith(SUFFIX) and card_id[:-len(SUFFIX)] in cards:
        return card_id[:-len(SUFFIX)]
    return None
