"""The analysis put together: every check of eve.linting run over an Engine's catalog.

`lint_engine(engine)` takes a built Engine (anything with its `registry`, `config` and
`plugin_report`) and never imports eve.engine: the Engine runs it on itself at load (lint errors
as ContentWarnings), and `eve.lint.lint`, the public entry, builds the Engine and calls it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eve.linting.checks import Finding, LintReport
from eve.linting.encounters import EncounterChecks
from eve.linting.filters import FilterChecks
from eve.linting.items import ItemChecks
from eve.linting.loops import LoopChecks
from eve.linting.run import RunChecks
from eve.plugins.registry import KINDS


class Linter(ItemChecks, EncounterChecks, LoopChecks, FilterChecks, RunChecks):
    """Every check, in the order a run makes them."""

    def run(self) -> list[Finding]:
        self.collect()
        self.check_heroes()
        self.check_cards()
        self.check_units()
        self.check_tasks()
        self.check_keywords()
        self.check_encounters()
        self.check_programs()
        self.check_filters()
        self.check_statuses()
        self.check_counters()
        self.check_loops()
        self.check_damage_bound()
        self.check_match_end()
        self.check_run()
        # by pack (load order), kind, item (registration order); an item's findings in the
        # order the checks made them
        packs = {name: i for i, name in enumerate(self.engine.registry.packs)}
        order: dict[tuple[str | None, str], tuple[int, int]] = {
            (kind, ident): (k, i) for k, kind in enumerate(KINDS)
            for i, ident in enumerate(self.items.get(kind, {}))}
        kind_of = {ident: kind for kind in KINDS for ident in self.items.get(kind, {})}
        return sorted(self.found, key=lambda f: (packs.get(f.pack, len(packs)),
                                                 order.get((kind_of.get(f.item), f.item), (99, 0))))


def lint_engine(engine: Any, packs: Sequence[str] | None = None, strict: bool = False) -> LintReport:
    """The lint report of a built Engine: `packs` and `strict` as `eve.lint.lint` takes them."""
    loaded = list(engine.registry.packs)
    if packs is None:
        chosen = loaded
    else:
        if isinstance(packs, str):
            packs = [packs]
        chosen = []
        for name in packs:
            if name not in loaded:
                failed = next((p for p in engine.plugin_report.packs
                               if p.name == name and p.errors), None)
                if failed is not None:
                    first = str(failed.errors[0]).splitlines()[0]
                    raise ValueError(f"pack {name!r} did not load: {first}")
                raise ValueError(f"unknown pack {name!r}; loaded packs: {', '.join(loaded)}")
            if name not in chosen:
                chosen.append(name)
    found = Linter(engine, strict, frozenset(chosen)).run()
    return LintReport(tuple(found), tuple(chosen), strict)
