"""eve lint's analysis, split by job (the public entry is eve.lint).

    checks.py      the table of checks (CHECKS), Finding and LintReport
    walk.py        the catalog's items and programs, an Encounter's scripts and moves
    programs.py    the checks of a program's instructions in their context
    items.py       the checks of heroes, cards, units, statuses, keywords, counters and tasks
    encounters.py  the checks of an Encounter's scripts, responses and variables
    loops.py       trigger loops, the damage bound, match_end programs (L030-L032)
    linter.py      every check put together over an Engine's catalog (`lint_engine`)

Nothing here imports eve.engine: the Engine imports `lint_engine` to warn of lint errors at load,
and eve.lint builds an Engine from packs and runs it. This package imports none of its modules,
so importing one of them loads only what it needs.
"""
