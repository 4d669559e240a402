"""The random packs' Encounter script forms (tests/random_packs.py): variables, waits,
weighted picks and phases (rules N06-N08), then move names, plain entries' limits and the
history read by `repeats.NAME` (rules N09, N10), each drawn from a stream of its own so that
the rest of a seed's pack stays what it was before they existed."""
from __future__ import annotations

import copy
import random
from typing import Any


def script_forms(s: random.Random, e: dict[str, Any]) -> dict[str, Any]:
    """Some scripts rewritten with variables (and `set`), waits, weighted picks and
    phases (nested), all within the core's capacities; `s`: the script forms' own stream."""
    names_ = [f"v{i}" for i in range(s.choice((0, 0, 1, 2, 4)))]
    if names_:
        e["vars"] = {v: s.randint(-3, 5) for v in names_}

    def var_expr() -> str:
        if not names_:
            return str(s.randint(0, 3))
        v = s.choice(names_)
        return s.choice((f"var.{v} + 1", f"var.{v} - 1", f"max(var.{v}, 0) * 2",
                         f"round + var.{v}", "1"))

    def cond() -> str:
        v = f"var.{s.choice(names_)}" if names_ else "round"
        return s.choice((f"{v} >= {s.randint(0, 4)}", f"{v} < {s.randint(1, 6)}",
                         f"own_leader.hp * 2 < own_leader.max_hp or {v} == 2"))

    def touch(mv: dict[str, Any]) -> dict[str, Any]:
        mv = copy.deepcopy(mv)
        if s.random() < 0.15:
            mv = {"move": "wait", **({"phase": mv["phase"]} if "phase" in mv else {})}
        if names_ and s.random() < 0.5:
            mv["set"] = {v: var_expr() for v in s.sample(names_, min(len(names_), s.randint(1, 2)))}
        if mv.get("move") == "effect" and names_ and s.random() < 0.3:
            for ins in mv.get("effect", []):
                if ins.get("op") in ("damage", "heal", "shield", "poison", "buff") and "n" in ins:
                    ins["n"] = f"clamp({var_expr()}, 0, 9)"
        return mv

    def entry(pool: list[dict[str, Any]]) -> dict[str, Any]:
        if len(pool) >= 2 and s.random() < 0.35:
            opts = [{**touch(mv), "weight": s.randint(1, 50)}
                    for mv in s.sample(pool, min(len(pool), s.randint(2, 4)))]
            for o in opts:
                if s.random() < 0.3:
                    o.pop("unless", None)
            pick: dict[str, Any] = {"pick": opts}
            if s.random() < 0.6:
                pick["max_repeats"] = s.randint(1, 3)
            return pick
        return touch(s.choice(pool))

    def phases(depth: int, pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for _ in range(s.randint(1, 3)):
            ph: dict[str, Any] = {}
            if depth < 2 and s.random() < 0.25:     # the registry nests data 16 deep at most
                ph["phases"] = phases(depth + 1, pool)
            else:
                ph["script"] = [entry(pool) for _ in range(s.randint(1, 4))]
            out.append(ph)
        for ph in out[:-1]:
            ph["when"] = cond()
        return out

    pool = e["script"]
    if s.random() < 0.3:
        e["phases"] = phases(1, pool)
        del e["script"]
    elif s.random() < 0.4:
        e["script"] = [entry(pool) for _ in range(len(pool))]
    return e


def history_forms(h: random.Random, e: dict[str, Any]) -> dict[str, Any]:
    """Some scripts given move names (one move wherever written, N09), plain entries'
    `max_repeats` (N10) and phases reading `repeats.NAME`; `h`: their own stream."""
    if h.random() < 0.4:
        return e
    pool = ("m0", "m1", "m2")
    used: set[str] = set()

    def scripts(phases: list[dict[str, Any]]) -> Any:
        for ph in phases:
            yield from scripts(ph.get("phases", []))
            if "script" in ph:
                yield ph["script"]

    for script in ([e["script"]] if "script" in e else list(scripts(e["phases"]))):
        for en in script:
            moves = en["pick"] if "pick" in en else [en]
            taken: set[str] = set()          # a pick's options are moves of their own
            for mv in moves:
                name = h.choice(pool)
                if h.random() < 0.6 and name not in taken:
                    mv["name"] = name
                    taken.add(name)
                alt = mv.get("unless", {}).get("do")
                if alt is not None and h.random() < 0.3:
                    alt["name"] = h.choice(pool)
                    used.add(alt["name"])
            used |= taken
            if "pick" not in en and h.random() < 0.3:
                en["max_repeats"] = h.randint(1, 2)
        # the compiler refuses a script whose every entry could be passed over at once
        if all("pick" not in en and "max_repeats" in en for en in script) and \
                len({en.get("name") or id(en) for en in script}) == 1:
            del script[0]["max_repeats"]
    if "phases" in e and used and h.random() < 0.6:
        ph = e["phases"][0]
        if "when" in ph:
            ph["when"] = (f"repeats.{h.choice(sorted(used))} >= {h.randint(1, 2)} or "
                          f"({ph['when']})")
    return e
