"""The modding guide's examples still load and play: its hook examples, put together, are a
pack; its test example passes."""
import re
import types
from pathlib import Path

import eve
import eve_content

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "modding.md"


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)


def test_the_guides_hook_examples_make_a_pack_that_plays():
    hooks = [b for b in _blocks() if b.lstrip().startswith("@eve.hookimpl")]
    names = [re.search(r"def (eve_\w+)", b).group(1) for b in hooks]
    assert len(names) == len(set(names)) >= 7           # one example a hook, every hook
    module = types.ModuleType("guide_pack")
    module.eve = eve
    exec(compile("\n".join(hooks), str(GUIDE), "exec"), module.__dict__)
    engine = eve.Engine(packs=[eve_content, module], rules=["ember"])
    assert engine.config["max_rounds"] == 30            # its rules, selected
    assert eve.lint(engine, packs=["ember"]).errors == ()
    m = engine.new_match(seed=3, heroes=["ember:pyra"], encounter="ember:smoldering_den")
    while not m.is_over:
        m.apply(m.legal_actions()[0])
    assert m.outcome in ("win", "loss")


def test_the_guides_test_example_passes():
    (block,) = [b for b in _blocks() if "def test_flare_sigil_deals_two" in b]
    ns: dict = {}
    exec(compile(block, str(GUIDE), "exec"), ns)
    ns["test_flare_sigil_deals_two"]()
