"""The check of the filters on a chosen card (L035, rule G05): a filter no card of the catalog
meets (or, on a Stack item target, no summon of an Encounter's), which leaves a card or an
ability without a target and a choice with nothing to offer."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from eve.linting.walk import Walk, as_list, as_map

# what a filter reads of a card or a summon: its kind, and its tags
_Met = tuple[Any, frozenset[Any]]


def _meets(pool: Iterable[_Met], kind: Any, tag: Any) -> bool:
    return any((kind is None or k == kind) and (tag is None or tag in tags) for k, tags in pool)


class FilterChecks(Walk):
    """L035: filters that nothing meets."""

    def check_filters(self) -> None:
        cards = [(c.data.get("kind"), frozenset(as_list(c.data.get("tags"))))
                 for c in self.each("card")]
        # G03: the Encounter's items on the Stack that a filter can meet are its summon moves
        units = {u.id: u for u in self.each("unit")}
        summons = [("character", frozenset(as_list(units[ref].data.get("tags"))))
                   for e in self.each("encounter") for _, mv in self.moves(e)
                   if mv.get("move") == "summon" and (ref := self.ref(e, mv.get("unit"))) in units]
        for kind in ("hero", "card"):
            for it in self.each(kind):
                for key in ("on_enter", "ability"):
                    ab = as_map(it.data.get(key))
                    stack = ab.get("target") == "foe_stack_item"
                    self._filter(it, f"{self.base(it)}.{key}", ab, "target_kind", "target_tag",
                                 summons if stack else cards,
                                 "no Encounter summon" if stack else "no card")
        for p in self.progs:
            for path, ins in p.instructions():
                if ins.get("op") == "choose":
                    self._filter(p.item, path, ins, "kind", "tag", cards, "no card")

    def _filter(self, it: Any, path: str, data: Mapping[str, Any], kind_key: str, tag_key: str,
                pool: list[_Met], none: str) -> None:
        kind, tag = data.get(kind_key), data.get(tag_key)
        if (kind is not None or tag is not None) and not _meets(pool, kind, tag):
            what = " ".join(w for w in (kind and f"a {kind}", tag and f"tagged {tag!r}") if w)
            self.report("EVE-L035", it, path,
                        f"{none} of the catalog is {what}: the filter is never met, so this "
                        "never has anything to choose",
                        f"give a card the tag or the kind, or change `{kind_key}`/`{tag_key}`")
