"""The example pack (examples/eve-ember-pack), pip-installed into a fresh folder and loaded
through entry-point discovery in a new process, end to end."""
from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "eve-ember-pack"

PLAY = r"""
import json, random, eve
e = eve.Engine()
m = e.new_match(seed=11, heroes=["ember:pyra", "core:aldric"], encounter="ember:smoldering_den")
start = sorted(m.zone("rift") + m.zone("archive"))
rng = random.Random(11)
while not m.is_over:
    m.apply(rng.choice(m.legal_actions()))
print(json.dumps({"outcome": m.outcome, "rounds": m.round, "deck": start,
                  "fingerprint": m.fingerprint, "engine_fp": e.fingerprint,
                  "tasks": sorted(e.catalog.encounters["ember:smoldering_den"]["tasks"])}))
"""


def _offline_build_possible() -> bool:
    """Whether the venv's setuptools can build a wheel without fetching build dependencies."""
    if importlib.util.find_spec("wheel") is not None:
        return True
    try:
        major, minor = (int(x) for x in importlib.metadata.version("setuptools").split(".")[:2])
    except Exception:
        return False
    return (major, minor) >= (70, 1)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """pip install --target a fresh folder, from a copy (an in-tree build would litter examples/)."""
    work = tmp_path_factory.mktemp("example")
    src = work / "src"
    shutil.copytree(EXAMPLE, src, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = work / "site"
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--no-deps", "--no-compile", "--target", str(target), str(src)]
    if _offline_build_possible():
        cmd.insert(4, "--no-build-isolation")
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"pip could not install the example pack:\n{r.stdout}\n{r.stderr}"
    assert (target / "eve_ember_pack" / "data" / "cards.toml").exists()
    return target


def _run(site, *args, env=None):
    e = dict(os.environ)
    for k in ("EVE_STRICT_PLUGINS", "EVE_DISABLE_PLUGIN_AUTOLOAD", "EVE_PLUGINS"):
        e.pop(k, None)
    e["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p)
    e.update(env or {})
    r = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=e, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_eve_plugins_lists_the_installed_example(site):
    doc = json.loads(_run(site, "-m", "eve.cli", "plugins", "--json"))
    packs = {p["name"]: p for p in doc["packs"]}
    ember = packs["ember"]
    assert ember["status"] == "loaded" and ember["errors"] == []
    assert (ember["version"], ember["dist"], ember["dist_version"], ember["entry_point"]) == (
        "1.0.0", "eve-ember-pack", "1.0.0", "ember = eve_ember_pack")
    assert ember["requires"] == ["core"] and ember["engine"] == ">=0.1,<1"
    reg = ember["registered"]
    assert reg["hero"] == ["ember:pyra"]
    assert reg["card"] == ["ember:ember_hound", "ember:flare_sigil", "ember:kindling_idol"]
    assert reg["enemy_hero"] == ["ember:cinder_matron"] and reg["unit"] == ["ember:spark"]
    assert reg["task"] == ["ember:kindle"] and reg["encounter"] == ["ember:smoldering_den"]
    assert [p["name"] for p in doc["packs"]][:2] == ["core", "ember"]


def test_a_match_with_the_examples_hero_and_encounter_plays_to_the_end(site):
    out = json.loads(_run(site, "-c", PLAY))
    assert out["outcome"] in ("win", "loss") and out["rounds"] >= 1
    assert out["fingerprint"] == out["engine_fp"]
    assert "ember:flare_sigil" in out["deck"] and "core:insight" in out["deck"]
    assert out["tasks"] == ["core:vigil", "kindle"]
    again = json.loads(_run(site, "-c", PLAY))
    assert again == out                                     # deterministic across processes


def test_simulate_runs_the_examples_encounter_natively(site):
    out = json.loads(_run(site, "-m", "eve.cli", "simulate", "--games", "20", "--json", "--quiet",
                          "--encounter", "ember:smoldering_den", "--heroes", "ember:pyra,core:seraphine"))
    enc = out["encounters"]["ember:smoldering_den"]
    assert enc["games"] == 20 and enc["wins"] + enc["losses"] == 20


def test_the_switches_apply_to_the_installed_example(site):
    code = "import eve; print(','.join(eve.Engine().packs))"
    assert _run(site, "-c", code).strip().startswith("core,ember")
    assert _run(site, "-c", code, env={"EVE_DISABLE_PLUGIN_AUTOLOAD": "1"}).strip() == "core"
    assert _run(site, "-c", code, env={"EVE_PLUGINS": "ember"}).strip() == "core,ember"
