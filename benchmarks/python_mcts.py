"""The reference: the same determinized UCT search as the native one, written in plain Python
over eve's Python API (Match.clone, legal_action_codes, apply). Only the re-sampling of the
hidden information calls into the core (the Python API has no way to reorder the Archive).
`eve bench` times it beside the native search; it is not meant to be fast.
"""
import math
import random
import time

from eve.core.search import determinize_match


class Node:
    __slots__ = ("action", "parent", "children", "visits", "avail", "value")

    def __init__(self, action, parent):
        self.action = action
        self.parent = parent
        self.children = []
        self.visits = 0
        self.avail = 1
        self.value = 0.0


def search(match, iterations, seed=0, c=1.4, timings=None):
    """The best action after `iterations`; with a `timings` dict, adds to its "rollout_s" the
    time spent in the random rollouts (the rest of the search's time is its tree)."""
    rng = random.Random(seed)
    rollout_s = 0.0
    root = Node(None, None)
    for _ in range(iterations):
        m = match.clone()
        determinize_match(m, rng.getrandbits(64))
        node = root
        while not m.is_over:
            legal = m.legal_action_codes()
            by_action = {ch.action: ch for ch in node.children}
            best, bv = None, -1.0
            for a in legal:
                ch = by_action.get(a)
                if ch is not None:
                    ch.avail += 1
                    v = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > bv:
                        best, bv = ch, v
            untried = [a for a in legal if a not in by_action]
            if untried:
                a = rng.choice(untried)
                ch = Node(a, node)
                node.children.append(ch)
                m.apply(a)
                node = ch
                break
            m.apply(best.action)
            node = best
        t_roll = time.perf_counter()
        while not m.is_over:
            m.apply(rng.choice(m.legal_action_codes()))
        rollout_s += time.perf_counter() - t_roll
        reward = 1.0 if m.outcome == "win" else 0.0
        while node is not None:
            node.visits += 1
            node.value += reward
            node = node.parent
    if timings is not None:
        timings["rollout_s"] = timings.get("rollout_s", 0.0) + rollout_s
    return max(root.children, key=lambda ch: ch.visits).action


def measure(match, seconds=2.0, seed=0):
    """Searches of 20 iterations back to back for `seconds` (at least one): {"iterations", "elapsed_s",
    "rollout_s"}, the rollouts' share timed inside the same searches."""
    n = 0
    batch = 20
    timings = {"rollout_s": 0.0}
    t0 = time.perf_counter()
    while n == 0 or time.perf_counter() - t0 < seconds:      # at least one batch
        search(match, batch, seed + n, timings=timings)
        n += batch
    return {"iterations": n, "elapsed_s": time.perf_counter() - t0,
            "rollout_s": timings["rollout_s"]}


def iterations_per_s(match, seconds=2.0, seed=0):
    r = measure(match, seconds, seed)
    return r["iterations"] / r["elapsed_s"]
