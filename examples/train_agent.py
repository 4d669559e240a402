"""Train a small agent on eve/Match-v0 and show it beats the random policy, with intervals.

numpy only (and eve's gym extra: `pip install 'eve-engine[gym]'`); a few minutes on one CPU core.

    python examples/train_agent.py                 # ~3 minutes of training, then the evaluation
    python examples/train_agent.py --quick         # 0.5 minutes' budget, 500 evaluation matches
    python examples/train_agent.py --save w.npz    # also write the weights (atomically)

The policy is a masked linear softmax over the compact action space: action a's logit is
b[a] + W[a] . phi(obs), phi a small normalized projection of the observation (the meter, the
zones' sizes, every unit slot's hp, power and flags, the pending choice), softmax over the legal
actions only (`info["action_mask"]`). A linear value V(obs) = v . phi(obs) is its baseline. It is
trained with PPO-clip (GAE advantages, lazy Adam, its rate decaying linearly to 0) on the native
vector env (`MatchVectorEnv(copy=False, autoreset_mode="same_step")`) against one Encounter (by
default the Hollow Court, which the random and greedy policies almost never win), with
potential-based shaping (`shaping`, the greedy policy's board value) during training only.

The evaluation plays the same fixed matches (env stream seeds 0..N-1; training seeds its streams
2**32 * (seed + 1) + i, so never these) with the trained policy (its most probable legal action) and
with the uniform random policy (`sample_legal()`), with the default rewards, counts wins, and
prints each win rate with its 95% Wilson interval and the difference with Newcombe's hybrid
score interval. The exit status is 1 when the trained policy's lower bound is not above the
random policy's upper bound.

Deterministic given --seed: the budget is a number of updates (--minutes converts to one at a
fixed rate measured on a reference machine, so a slower machine takes longer, not fewer
updates); wall times go to stderr, the results to stdout.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time

import numpy as np

import eve
import eve.gym as eg

#: updates a minute on the reference machine (one core of 2 shared; docs/observation.md, "Training an agent")
UPDATES_PER_MINUTE = 700
EVAL_STREAMS = 0            # evaluation stream seeds: EVAL_STREAMS .. EVAL_STREAMS + N - 1
Z95 = 1.959963984540054


# ---------------------------------------------------------------- features

class Features:
    """phi(obs): a compact, normalized projection of the observation (float32, with a bias)."""

    def __init__(self, observer) -> None:
        at = {s.name: s for s in observer.layout}
        turn, meter, zones = at["turn"], at["meter"], at["zone_sizes"]
        self.phase = turn.offset + turn.fields.index("phase")
        self.round = turn.offset + turn.fields.index("round")
        self.n_stack = turn.offset + turn.fields.index("n_stack")
        self.capacity = meter.offset + meter.fields.index("capacity")
        self.spent = meter.offset + meter.fields.index("spent")
        self.zones = [zones.offset + zones.fields.index(z) for z in ("archive", "rift", "lattice", "wastes")]
        u = at["units"]
        self.units = (u.offset, u.rows, len(u.fields))
        self.unit_fields = [u.fields.index(f) for f in ("alive", "hp", "max_hp", "power", "ready",
                                                         "attacked", "used")]
        c = at["choice"]
        self.choice_kind = c.offset + c.fields.index("kind")
        self.n_options = c.offset + c.fields.index("n_options")
        self.size = 1 + 4 + 3 + 4 + u.rows * 6 + 2

    def __call__(self, obs: np.ndarray) -> np.ndarray:
        o = obs.astype(np.float32)
        n = o.shape[0]
        off, rows, width = self.units
        units = o[:, off:off + rows * width].reshape(n, rows, width)
        alive, hp, max_hp, power, ready, attacked, used = (units[:, :, f] for f in self.unit_fields)
        phase = obs[:, self.phase]
        cols = [np.ones(n, np.float32),
                *[(phase == p).astype(np.float32) for p in range(4)],
                o[:, self.round] / 10, o[:, self.n_stack] / 4,
                (o[:, self.capacity] - o[:, self.spent]) / 5,
                o[:, self.zones[0]] / 20, o[:, self.zones[1]] / 8, o[:, self.zones[2]] / 8,
                o[:, self.zones[3]] / 20]
        unit_cols = [alive, hp / 20, hp / np.maximum(max_hp, 1), power / 5, ready,
                     np.maximum(attacked, used)]
        cols = np.column_stack(cols)
        return np.concatenate([cols, *unit_cols,
                               np.column_stack([(o[:, self.choice_kind] != 0),
                                                o[:, self.n_options] / 8]).astype(np.float32)],
                              axis=1, dtype=np.float32)


# ---------------------------------------------------------------- the policy

class Policy:
    """Masked linear softmax over the compact action space, and a linear value."""

    def __init__(self, n_actions: int, d: int) -> None:
        self.W = np.zeros((n_actions, d), np.float32)
        self.b = np.zeros(n_actions, np.float32)
        self.v = np.zeros(d, np.float32)

    def logits(self, A: np.ndarray, valid: np.ndarray, F: np.ndarray) -> np.ndarray:
        z = self.b[A] + np.einsum("bkd,bd->bk", self.W[A], F)
        return np.where(valid, z, -np.inf)


def legal(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The legal actions of each row as a padded (rows, K) index array and its validity."""
    n, width = mask.shape
    flat = np.flatnonzero(mask.view(np.bool_).ravel())
    rows, cols = np.divmod(flat, width)
    counts = np.bincount(rows, minlength=n)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    pos = np.arange(flat.size) - starts[rows]
    K = max(1, int(counts.max()))
    A = np.zeros((n, K), np.int64)
    valid = np.zeros((n, K), np.bool_)
    A[rows, pos] = cols
    valid[rows, pos] = True
    return A, valid


def pad(xs: list[np.ndarray], fill) -> np.ndarray:
    """Rows of (n, K_i) arrays padded to the widest K and stacked as one (sum n, K) array."""
    K = max(x.shape[1] for x in xs)
    return np.concatenate([np.pad(x, ((0, 0), (0, K - x.shape[1])), constant_values=fill)
                           for x in xs])


def log_softmax(z: np.ndarray) -> np.ndarray:
    m = z.max(axis=1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.exp(z - m)
    return z - m - np.log(e.sum(axis=1, keepdims=True))


class Adam:
    """Adam; `step_rows` updates only the rows a gradient touched (lazy Adam: the other rows'
    moments wait), which is what makes a 14,779-row table cheap to train."""

    def __init__(self, params: list[np.ndarray], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.s = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray]) -> None:
        self.step_rows(grads, slice(None))

    def step_rows(self, grads: list[np.ndarray], rows) -> None:
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        c1, c2 = 1 - b1 ** self.t, 1 - b2 ** self.t
        for p, g, m, s in zip(self.params, grads, self.m, self.s):
            m[rows] = b1 * m[rows] + (1 - b1) * g
            s[rows] = b2 * s[rows] + (1 - b2) * g * g
            p[rows] -= (self.lr * (m[rows] / c1) / (np.sqrt(s[rows] / c2) + eps)).astype(p.dtype)


def scatter_rows(idx: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sum `rows` by `idx`: the distinct indices and their sums."""
    order = np.argsort(idx, kind="stable")
    idx, rows = idx[order], rows[order]
    uniq, starts = np.unique(idx, return_index=True)
    return uniq, np.add.reduceat(rows, starts, axis=0)


# ---------------------------------------------------------------- training

def train(engine, args: argparse.Namespace, updates: int, log) -> Policy:
    env = eg.MatchVectorEnv(args.envs, encounter=args.encounter, engine=engine, copy=False,
                            autoreset_mode="same_step", shaping=args.shaping)
    phi = Features(env.observer)
    pol = Policy(env.observer.n_actions, phi.size)
    opt = Adam([pol.W, pol.b], args.lr)
    vopt = Adam([pol.v], args.lr)
    rng = np.random.default_rng(args.seed)
    obs, info = env.reset(seed=[2**32 * (args.seed + 1) + i for i in range(args.envs)])
    mask = info["action_mask"]
    T, n = args.steps, args.envs
    wins = episodes = 0
    for update in range(updates):
        opt.lr = vopt.lr = args.lr * (1 - update / updates)        # linear decay to 0
        Fs, As, Vs, Cs, Ls, Rs, Ds, Vals = [], [], [], [], [], [], [], []
        for _ in range(T):
            F = phi(obs)
            A, valid = legal(mask)
            lp = log_softmax(pol.logits(A, valid, F))
            g = rng.gumbel(size=lp.shape)
            choice = np.argmax(np.where(valid, lp + g, -np.inf), axis=1)
            Fs.append(F)
            As.append(A)
            Vs.append(valid)
            Cs.append(choice)
            Ls.append(lp[np.arange(n), choice])
            Vals.append(F @ pol.v)
            obs, reward, term, trunc, info = env.step(A[np.arange(n), choice])
            mask = info["action_mask"]
            Rs.append(reward.copy())
            Ds.append(term | trunc)
            episodes += int((term | trunc).sum())
            wins += int((term & (reward > 0.5)).sum())
        last = phi(obs) @ pol.v
        # GAE
        adv = np.zeros((T, n), np.float32)
        gae = np.zeros(n, np.float32)
        for t in range(T - 1, -1, -1):
            nxt = last if t == T - 1 else Vals[t + 1]
            notdone = 1.0 - Ds[t]
            delta = Rs[t] + args.gamma * nxt * notdone - Vals[t]
            gae = delta + args.gamma * args.lam * notdone * gae
            adv[t] = gae
        ret = (adv + np.stack(Vals)).reshape(-1)
        A_all, valid_all = pad(As, 0), pad(Vs, False)
        F_all = np.concatenate(Fs)
        C_all = np.concatenate(Cs)
        L_old = np.concatenate(Ls)
        adv = adv.reshape(-1)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        B = T * n
        for _ in range(args.epochs):
            perm = rng.permutation(B)
            for mb in np.array_split(perm, args.minibatches):
                A, valid, F, c = A_all[mb], valid_all[mb], F_all[mb], C_all[mb]
                lp = log_softmax(pol.logits(A, valid, F))
                p = np.where(valid, np.exp(lp), 0.0)
                r = np.exp(lp[np.arange(len(mb)), c] - L_old[mb])
                a = adv[mb]
                # d(-min(r a, clip(r) a))/d logp: -r a where the unclipped term is the min
                active = (a >= 0) & (r < 1 + args.clip) | (a < 0) & (r > 1 - args.clip)
                glp = np.where(active, -r * a, 0.0) / len(mb)
                onehot = np.zeros_like(p)
                onehot[np.arange(len(mb)), c] = 1
                plogp = np.where(valid, p * np.where(valid, lp, 0.0), 0.0)
                H = -plogp.sum(axis=1, keepdims=True)
                # entropy bonus: loss -= ent * H; dH/dz_k = -p_k (log p_k + H)
                gz = glp[:, None] * (onehot - p) + args.ent * (plogp + p * H) / len(mb)
                gz = np.where(valid, gz, 0.0).astype(np.float32)
                keep = valid.reshape(-1)
                idx = A.reshape(-1)[keep]
                gzf = gz.reshape(-1)[keep]
                rows = np.repeat(np.arange(len(mb)), A.shape[1])[keep]
                # the gradient of each touched row of [W | b]: its rows' g x [phi, 1], summed
                u, g = scatter_rows(idx, gzf[:, None] * np.column_stack([F[rows], np.ones(len(rows), np.float32)]))
                opt.step_rows([g[:, :-1], g[:, -1]], u)
                gv = F.T @ ((F @ pol.v) - ret[mb]) / len(mb)
                vopt.step([gv.astype(np.float32)])
        if args.verbose and (update + 1) % max(1, updates // 10) == 0:
            log(f"update {update + 1}/{updates}: {episodes} episodes, "
                f"win rate while training {wins / max(episodes, 1):.3f}")
            wins = episodes = 0
    env.close()
    return pol


# ---------------------------------------------------------------- evaluation

def evaluate(engine, args: argparse.Namespace, pol: Policy | None) -> int:
    """Wins of the policy (None: uniform random) over evaluation streams 0..N-1, one match each."""
    wins = 0
    for lo in range(0, args.eval, args.eval_batch):
        n = min(args.eval_batch, args.eval - lo)
        env = eg.MatchVectorEnv(n, encounter=args.encounter, engine=engine, copy=False)
        obs, info = env.reset(seed=[EVAL_STREAMS + lo + i for i in range(n)])
        phi = Features(env.observer) if pol is not None else None
        done = np.zeros(n, np.bool_)
        while not done.all():
            if pol is None:
                act = env.sample_legal()
            else:
                A, valid = legal(info["action_mask"])
                act = A[np.arange(n), np.argmax(pol.logits(A, valid, phi(obs)), axis=1)]
            obs, reward, term, trunc, info = env.step(act)
            ended = (term | trunc) & ~done
            wins += int((ended & (reward > 0.5)).sum())
            done |= ended
        env.close()
    return wins


def greedy_wins(engine, args: argparse.Namespace) -> int:
    """For reference: wins of the core's greedy policy (eve.core.playout) on the same matches
    (an env's episode seed is its stream's next value, eve.core.vec.next_seed)."""
    from eve.core.playout import run_matches
    from eve.core.vec import next_seed
    seeds = [next_seed(EVAL_STREAMS + i)[0] for i in range(args.eval)]
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    out = run_matches(engine.content, seeds, heroes, engine.encounter_index(args.encounter),
                      "greedy")
    return sum(1 for outcome, *_ in out if outcome == "win")


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if k == 0 else centre - half), (1.0 if k == n else centre + half)


def newcombe(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """p1 - p2 and its 95% interval by Newcombe's hybrid score method (his method 10)."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


# ---------------------------------------------------------------- the command

def save(path: str, pol: Policy, args: argparse.Namespace) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".train_agent.", suffix=".npz")
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, W=pol.W, b=pol.b, v=pol.v, encounter=args.encounter, seed=args.seed)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--encounter", default="core:hollow_court")
    ap.add_argument("--seed", type=int, default=0, help="training seed, 0 <= seed < 2**31")
    ap.add_argument("--minutes", type=float, default=3.0,
                    help=f"training budget: {UPDATES_PER_MINUTE} updates a minute (measured on "
                         "the reference machine; deterministic, whatever this machine's speed)")
    ap.add_argument("--updates", type=int, help="training budget in updates (instead of --minutes)")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 0.5 minutes, 500 evaluation matches")
    ap.add_argument("--eval", type=int, default=1000, help="evaluation matches per policy")
    ap.add_argument("--eval-batch", type=int, default=250)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=32, help="steps per env per update")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent", type=float, default=0.01)
    ap.add_argument("--shaping", type=float, default=0.01, help="potential-based shaping (training only)")
    ap.add_argument("--save", metavar="PATH", help="write the weights there (np.savez, atomically)")
    ap.add_argument("--verbose", action="store_true", help="training progress on stderr")
    args = ap.parse_args(argv)
    if args.quick:
        args.minutes, args.eval = 0.5, min(args.eval, 500)
    if not 0 <= args.seed < 2**31:
        ap.error("--seed must be in [0, 2**31)")
    updates = args.updates if args.updates is not None else max(1, round(args.minutes * UPDATES_PER_MINUTE))
    if args.eval > 2**32:
        ap.error("--eval is at most 2**32 (the evaluation's streams are below training's)")
    if updates < 1 or args.eval < 1 or args.envs < 1 or args.steps < 1 or args.eval_batch < 1:
        ap.error("--updates, --eval, --eval-batch, --envs and --steps must be at least 1")

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    engine = eve.Engine()
    engine.encounter_index(args.encounter)      # an unknown id fails here, before training
    print(f"training on {args.encounter}: {updates} updates x {args.envs} envs x {args.steps} steps, "
          f"seed {args.seed}")
    pol = train(engine, args, updates, log)
    t1 = time.perf_counter()
    log(f"training: {t1 - t0:.1f} s wall")
    if args.save:
        save(args.save, pol, args)
    n = args.eval
    k_t = evaluate(engine, args, pol)
    k_r = evaluate(engine, args, None)
    k_g = greedy_wins(engine, args)
    log(f"evaluation: {time.perf_counter() - t1:.1f} s wall")
    lt, ut = wilson(k_t, n)
    lr, ur = wilson(k_r, n)
    d, dl, du = newcombe(k_t, n, k_r, n)
    print(f"evaluation: {n} matches each, stream seeds {EVAL_STREAMS}..{EVAL_STREAMS + n - 1}, default rewards")
    print(f"trained: {k_t}/{n} wins = {k_t / n:.1%}, 95% Wilson [{lt:.1%}, {ut:.1%}]")
    print(f"random:  {k_r}/{n} wins = {k_r / n:.1%}, 95% Wilson [{lr:.1%}, {ur:.1%}]")
    print(f"difference: {d:+.1%}, 95% Newcombe [{dl:+.1%}, {du:+.1%}]")
    lg, ug = wilson(k_g, n)
    print(f"(for reference, the core's greedy policy: {k_g}/{n} wins = {k_g / n:.1%}, "
          f"95% Wilson [{lg:.1%}, {ug:.1%}])")
    beats = lt > ur
    print("the trained policy beats random: intervals apart" if beats
          else "the trained policy does not beat random by non-overlapping intervals")
    return 0 if beats else 1


if __name__ == "__main__":
    sys.exit(main())
