"""Print the hash chain of seeded random matches: run it under a release build and under an
EVE_DEBUG=1 build (UBSan, overflow checks) and diff the outputs; a difference is undefined
behaviour in the core.

    python benchmarks/hash_chains.py 200 > release.txt
"""
import hashlib
import random
import sys

import eve

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
engine = eve.Engine()
encounters = sorted(engine.catalog.encounters)
for seed in range(n):
    m = engine.new_match(seed=seed, encounter=encounters[seed % len(encounters)])
    rng = random.Random(seed)
    chain = [m.state_hash()]
    while not m.is_over:
        m.apply(rng.choice(m.legal_action_codes()))
        chain.append(m.state_hash())
    digest = hashlib.sha256(" ".join("%x" % h for h in chain).encode()).hexdigest()[:16]
    print(seed, m.outcome, len(chain), "%016x" % chain[-1], digest)
