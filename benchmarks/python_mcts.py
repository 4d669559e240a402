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


def search(match, iterations, seed=0, c=1.4):
    rng = random.Random(seed)
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
        while not m.is_over:
            m.apply(rng.choice(m.legal_action_codes()))
        reward = 1.0 if m.outcome == "win" else 0.0
        while node is not None:
            node.visits += 1
            node.value += reward
            node = node.parent
    return max(root.children, key=lambda ch: ch.visits).action


def iterations_per_s(match, seconds=2.0, seed=0):
    n = 0
    batch = 20
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        search(match, batch, seed + n)
        n += batch
    return n / (time.perf_counter() - t0)
