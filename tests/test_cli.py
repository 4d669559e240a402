"""The `eve` command line."""
import json
import subprocess
import sys

import pytest

from eve.cli import main


def test_simulate_json(capsys):
    assert main(["simulate", "--games", "20", "--seed", "3", "--policy", "random", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 20 == sum(v["games"] for v in out["encounters"].values())
    assert out["wins"] + out["losses"] == out["games"]
    assert out["decisions_per_s"] > 0 and out["mean_rounds"] >= 1


def test_simulate_is_deterministic(capsys):
    main(["simulate", "--games", "10", "--seed", "9", "--json", "--quiet"])
    a = json.loads(capsys.readouterr().out)
    main(["simulate", "--games", "10", "--seed", "9", "--json", "--quiet"])
    b = json.loads(capsys.readouterr().out)
    assert a["encounters"] == b["encounters"]


def test_simulate_text_and_progress(capsys):
    assert main(["simulate", "--games", "5", "--policy", "greedy"]) == 0
    cap = capsys.readouterr()
    assert "wins" in cap.out and "decisions/s" in cap.out
    assert "matches" in cap.err          # the progress bar


def test_console_script_runs():
    r = subprocess.run([sys.executable, "-m", "eve.cli", "simulate", "--games", "2", "--quiet"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "wins" in r.stdout


def test_bad_games_count_is_refused(capsys):
    assert main(["simulate", "--games", "0"]) == 2


# ---- bad arguments: one line on stderr, exit 2, never a traceback ----

def _run(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as e:         # argparse's own exit
        code = e.code
    err = capsys.readouterr().err
    return code, err


BAD_ARGUMENTS = [
    ["simulate", "--seed", "-1"], ["simulate", "--seed", str(2**64)],
    ["simulate", "--seed", str(2**64 - 1), "--games", "2"],
    ["simulate", "--games", "-3"], ["simulate", "--games", str(10**12)],
    ["simulate", "--games", "x"], ["simulate", "--threads", "0"],
    ["simulate", "--threads", str(10**9)], ["simulate", "--iterations", "0"],
    ["simulate", "--iterations", str(10**15)], ["simulate", "--max-depth", "-1"],
    ["simulate", "--max-depth", str(2**40)], ["simulate", "--c", "nan"],
    ["search", "f", "--seed", "-1"], ["search", "f", "--seed", str(2**70)],
    ["search", "f", "--iterations", "-1"], ["search", "f", "--threads", "-2"],
    ["search", "f", "--max-depth", str(2**40)],
    ["bench", "--seconds", "-1"], ["bench", "--seconds", "0"], ["bench", "--seconds", "nan"],
    ["bench", "--seconds", "inf"], ["bench", "--seconds", "1e9"],
    ["simulate", "--games", "1", "--heroes", "core:no_such_hero"],
    ["simulate", "--games", "1", "--encounter", "core:no_such_encounter"],
    ["simulate", "--games", "1", "--heroes", "core:aldric,core:aldric,core:aldric,core:aldric"],
    ["search", "/no/such/snapshot"], ["replay", "/no/such/replay"], ["nonsense"],
    ["cards", "nopack"], ["cards", "core:no_such_card"], ["cards", "--kind", "spell"],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=" ".join)
def test_bad_arguments_end_with_one_line_and_exit_2(argv, capsys):
    code, err = _run(argv, capsys)
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith("eve"), err
    assert "Traceback" not in err and "usage:" not in err


def test_an_enemy_hero_is_refused_before_playing(engine, capsys):
    enemy = sorted(set(engine.catalog.hero_ids) - set(engine.catalog.player_heroes))[0]
    code, err = _run(["simulate", "--games", "2", "--quiet", "--heroes", enemy], capsys)
    assert code == 2 and "enemy hero" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("where", ["a_file", "a_file/below", "/dev/null/replays"])
def test_save_replays_into_an_unwritable_place_is_refused_before_playing(where, tmp_path, capsys,
                                                                         monkeypatch):
    import eve.core.playout as playout
    played = []
    real = playout.run_matches
    monkeypatch.setattr(playout, "run_matches", lambda *a, **k: played.append(1) or real(*a, **k))
    (tmp_path / "a_file").write_text("x")
    target = where if where.startswith("/") else str(tmp_path / where)
    code, err = _run(["simulate", "--games", "3", "--quiet", "--save-replays", target], capsys)
    assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err
    assert played == []             # nothing was played and lost


def test_save_replays_checks_by_writing_into_the_folder(tmp_path, capsys, monkeypatch):
    # a folder that exists but refuses files (root passes any permission check, so the refusal
    # is made by the temporary file the check writes)
    import tempfile

    import eve.core.playout as playout
    played = []
    monkeypatch.setattr(playout, "run_matches", lambda *a, **k: played.append(1) or [])

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied", str(tmp_path))
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, err = _run(["simulate", "--games", "3", "--quiet", "--save-replays", str(tmp_path)], capsys)
    assert code == 2 and "Permission denied" in err and played == []


def test_save_replays_leaves_no_temporary_files(tmp_path, capsys):
    assert main(["simulate", "--games", "4", "--quiet", "--save-replays", str(tmp_path / "r")]) == 0
    names = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert len(names) == 4 and all(n.endswith(".evereplay") and not n.startswith(".") for n in names)


def test_search_reads_no_more_than_the_snapshot_cap(tmp_path, capsys):
    import tracemalloc
    big = tmp_path / "big.snap"
    with open(big, "wb") as f:
        f.truncate(64 * 1024 * 1024)
    tracemalloc.start()
    code, err = _run(["search", str(big)], capsys)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert code == 2 and "cap" in err and peak < 8 * 1024 * 1024


def test_json_into_a_closed_pipe_exits_quietly():
    import subprocess as sp
    p = sp.Popen([sys.executable, "-m", "eve.cli", "simulate", "--games", "2", "--json", "--quiet"],
                 stdout=sp.PIPE, stderr=sp.PIPE)
    p.stdout.close()                # the reader is gone before the summary is written
    err = p.stderr.read().decode()
    assert p.wait() == 141
    assert err == ""


INTERRUPTED = r"""
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)   # even if started with SIGINT ignored
import eve.core.playout as playout
from eve.cli import main
real = playout.run_matches
def announce(*a, **k):
    if not getattr(announce, "said", False):
        announce.said = True
        sys.stdout.write("playing\n"); sys.stdout.flush()
    return real(*a, **k)
playout.run_matches = announce
sys.exit(main(["simulate", "--games", "10000000", "--quiet"]))
"""


def test_ctrl_c_exits_130_with_one_line():
    import signal
    import subprocess as sp
    p = sp.Popen([sys.executable, "-c", INTERRUPTED], stdout=sp.PIPE, stderr=sp.PIPE, text=True)
    assert p.stdout.readline() == "playing\n"       # it is playing (ten million matches)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130
    assert err.splitlines() == ["eve simulate: interrupted"]


BAD_MANIFEST = '''
import eve

class NotIterable:
    def __iter__(self):
        raise RuntimeError("this manifest cannot be iterated")

@eve.hookimpl
def eve_pack_manifest():
    return NotIterable()
'''


def test_an_installed_pack_with_a_manifest_that_cannot_be_iterated(tmp_path):
    import os
    (tmp_path / "badmanifest_pack.py").write_text(BAD_MANIFEST)
    info = tmp_path / "badmanifest_pack-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: badmanifest-pack\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[eve.plugins]\nbad = badmanifest_pack\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path), PYTHONWARNINGS="ignore")
    env.pop("EVE_DISABLE_PLUGIN_AUTOLOAD", None)
    env.pop("EVE_PLUGINS", None)
    pl = subprocess.run([sys.executable, "-m", "eve.cli", "plugins"], capture_output=True,
                        text=True, env=env)
    assert pl.returncode == 1 and "Traceback" not in pl.stderr
    assert "EVE-P014" in pl.stdout and "badmanifest-pack" in pl.stdout
    si = subprocess.run([sys.executable, "-m", "eve.cli", "simulate", "--games", "2", "--quiet"],
                        capture_output=True, text=True, env=env)
    assert si.returncode == 0 and "Traceback" not in si.stderr and "wins" in si.stdout
    strict = subprocess.run([sys.executable, "-m", "eve.cli", "simulate", "--games", "2", "--quiet"],
                            capture_output=True, text=True, env=dict(env, EVE_STRICT_PLUGINS="1"))
    assert strict.returncode == 2 and "Traceback" not in strict.stderr
    assert len(strict.stderr.splitlines()) == 1 and "EVE-P014" in strict.stderr


def _saved_replay(tmp_path):
    assert main(["simulate", "--games", "1", "--seed", "4", "--quiet", "--save-replays", str(tmp_path)]) == 0
    (replay,) = tmp_path.glob("*.evereplay")
    return replay


@pytest.mark.parametrize("verify", [False, True])
def test_replay_into_a_closed_pipe_exits_quietly(tmp_path, verify):
    """Issue 20, point 14: `eve replay` (and --verify) into a closed pipe exit 141 quietly, as every
    other command does, not 2 with "Broken pipe"."""
    replay = _saved_replay(tmp_path)
    p = subprocess.Popen([sys.executable, "-m", "eve.cli", "replay", str(replay)]
                         + (["--verify"] if verify else []), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait() == 141
    assert err == ""


def test_a_content_warning_is_one_line_of_the_command_once(capsys):
    """Issue 20, point 18: content that loads with a lint error shows, on every `eve` command, as
    one line in the command's own words, once, not as a Python warning line."""
    from eve.testing import temporary_pack

    with temporary_pack(cards={"dud": {"kind": "sortilege", "charges": 1}}):
        assert main(["cards"]) == 0
        err = capsys.readouterr().err
        assert main(["simulate", "--games", "1", "--quiet"]) == 0
        err2 = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if "EVE-L004" in ln]
    assert len(lines) == 1 and lines[0].startswith("eve cards: warning: EVE-L004 pack 'test'")
    assert "ContentWarning" not in err and "cli.py" not in err and "warnings.warn" not in err
    assert "eve simulate: warning: EVE-L004" in err2 and err2.count("EVE-L004") == 1
