"""Smoke check of an installed eve (a wheel, typically, in a venv of its own): the core is the
compiled one, a seeded match plays to its end the same twice, a short native search runs, ten
native whole runs give the same results twice, and the `eve` command answers. Run by
tools/build_wheel.sh and by cibuildwheel's test-command (pyproject.toml); run it from outside
the source tree, so that `import eve` finds the installed package. Exit 0, or a traceback."""
import random
import subprocess
import sysconfig
from pathlib import Path

import eve
import eve.core.match
import eve.search
from eve.core import playout


def play(engine: eve.Engine, seed: int) -> tuple[str, int]:
    m = engine.new_match(seed=seed, encounter="core:ash_warband")
    rng = random.Random(seed)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    return m.outcome, m.state_hash()


def main() -> None:
    core = Path(eve.core.match.__file__)
    assert core.suffix in (".so", ".pyd"), f"eve's core is not compiled: {core}"
    assert "site-packages" in core.parts, f"eve is not the installed one: {core}"
    engine = eve.Engine()
    first = play(engine, 7)
    assert first == play(engine, 7), "a seeded match played twice differs"
    m = engine.new_match(seed=3, encounter="core:ash_warband")
    eve.search.mcts(m, iterations=200, seed=1)
    runs = playout.run_runs(engine.catalog.tables, list(range(10)), policy="greedy")
    assert len(runs) == 10 and runs == playout.run_runs(engine.catalog.tables, list(range(10)),
                                                        policy="greedy")
    scripts = Path(sysconfig.get_path("scripts"))      # the venv's bin/ (Scripts\\ on Windows)
    cli = subprocess.run([str(scripts / "eve"), "simulate", "--games", "20", "--seed", "1"],
                         capture_output=True, text=True, check=True).stdout
    print(f"eve {eve.__version__} from {core.parent.parent}: seeded match {first[0]} "
          f"{first[1]:#x}; 10 native greedy runs; eve simulate: {len(cli.splitlines())} lines")


if __name__ == "__main__":
    main()
