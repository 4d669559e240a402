"""Lint content: dead or dangerous content of the loaded packs, reported with stable codes.

    import eve
    report = eve.lint()                              # what eve.Engine() finds
    report = eve.lint(engine, packs=["ember"], strict=True)
    for finding in report.findings:
        print(finding)                               # EVE-L004 error pack 'ember', item ...
    raise SystemExit(report.exit_code)               # 1 when there are errors

The checks read an Engine's registered data (`engine.registry`, plain data treated as read-only)
and its rule configuration; they never play a match. Every check is defined once, in CHECKS
(code, severity, title, description); docs/modding.md's "Lint checks" table is made from it by
`checks_table()`. Each finding names its pack, item and field path, says what is wrong and how
to fix it. An error is content that can never work as written or that makes a match degenerate;
a warning is dead or suspicious data the match plays around, or that depends on what lint
cannot see (a deck given to `new_match`, a run). `strict=True` counts warnings as errors.

The analysis follows docs/rules.md (rule ids in the comments) and the data format of
docs/modding.md. Whole-catalog questions ("does anything ever exile?", "is this unit ever
summoned?") are asked of every loaded pack, whatever `packs` limits the findings to.

`eve.lint` is this module's `lint` function: import the rest from the module itself
(`from eve.lint import LintReport, CHECKS`).

The analysis is the package eve.linting, split by job (its docstring lists the modules); this
module is its public entry, the one that builds an Engine from packs. The Engine imports the
analysis (to warn of lint errors at load), never this module, so the import graph has no cycle.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eve.engine import Engine
from eve.linting.checks import CHECKS, ERROR, WARNING, Check, Finding, LintReport, checks_table
from eve.linting.linter import lint_engine
from eve.linting.walk import is_seq

__all__ = ["CHECKS", "ERROR", "WARNING", "Check", "Finding", "LintReport", "checks_table", "lint"]


def lint(engine_or_packs: Any = None, *, packs: Sequence[str] | None = None,
         strict: bool = False, rules: Sequence[str] | None = None) -> LintReport:
    """Lint the content of an Engine (docs/modding.md, "Lint checks").

    `engine_or_packs`: an `eve.Engine`, or the pack objects (modules, DataPacks) to build one
    from (`eve.Engine(packs=...)`), or None for `eve.Engine()` (the built-in pack and the
    installed ones). `packs`: report only the findings of these packs (by name; default every
    loaded pack); the whole catalog is still analysed. A name that is not a loaded pack raises
    ValueError. `strict`: count warnings as errors (their severity is reported as "error").
    `rules`: the packs whose rule configurations apply, as `eve.Engine(rules=...)` (only when
    the Engine is built here).
    """
    if engine_or_packs is None:
        engine = Engine(rules=rules)
    elif isinstance(engine_or_packs, Engine):
        engine = engine_or_packs
    elif isinstance(engine_or_packs, (str, bytes)) or not is_seq(engine_or_packs):
        raise TypeError("lint() takes an Engine, a list of pack objects or None; name packs to "
                        "report with packs=[...]")
    else:
        engine = Engine(packs=list(engine_or_packs), rules=rules)
    return lint_engine(engine, packs=packs, strict=strict)
