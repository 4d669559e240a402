"""The docs run as written (rule F09): every code and TOML block of README.md and docs/*.md is
extracted and run, loaded or checked, as a new modder would try it.

- ```toml: parsed with tomllib; a block of pack content (its tables are data sections:
  `[cards.x]`, `[encounters.y]` ...) is loaded on its own into a temporary pack "doc" that
  requires core, through the real loader in strict mode, and must lint with no error.
- ```python: a page's hook implementations (blocks that start with `@eve.hookimpl`) are one pack
  module, loaded next to core in strict mode and linted with no error; the page's other blocks
  are executed in a temporary folder, with that module importable as `my_pack`, and the
  `test_*` functions a block defines are called.
- ```sh: every `eve` command is parsed by eve's own command line parser, every `core:` id it
  names must exist, every script it runs must exist; `eve lint` commands are run.
- ```text: output or a diagram; not run.

A block that is deliberately a fragment says so on the line before its fence, with a reason:
`<!-- fragment: why it cannot stand alone -->`. A block with no language is refused: say what it
is (`text` for output).
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import shlex
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

import eve
import eve_content
from eve.cli import build_parser, main
from eve.lint import lint
from eve.plugins.data import SECTIONS, DataPack
from tests.conftest import rule

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LANGUAGES = ("toml", "python", "sh", "text")
FRAGMENT = re.compile(r"^<!-- fragment: (\S.*\S) -->$")


@dataclass(frozen=True)
class Block:
    page: str
    line: int             # of the opening fence, from 1
    lang: str
    text: str
    fragment: str | None  # the reason, when marked as a fragment

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(page: Path) -> list[Block]:
    lines = page.read_text().splitlines()
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while not re.match(r"^```\s*$", lines[j]):
            j += 1
        mark = FRAGMENT.match(lines[i - 1]) if i else None
        name = page.relative_to(ROOT).as_posix() if page.is_relative_to(ROOT) else str(page)
        out.append(Block(name, i + 1, m.group(1),
                         "\n".join(lines[i + 1:j]) + "\n", mark.group(1) if mark else None))
        i = j + 1
    return out


ALL = [b for p in PAGES for b in blocks(p)]


def _ids(kind: str) -> list[Block]:
    return [b for b in ALL if b.lang == kind]


def test_every_block_says_what_it_is():
    assert len(ALL) > 40
    bad = [str(b) for b in ALL if b.lang not in LANGUAGES]
    assert not bad, f"blocks with no known language (one of {LANGUAGES}): {bad}"


def test_fragments_are_few_and_say_why():
    fragments = [b for b in ALL if b.fragment]
    assert all(len(b.fragment or "") > 10 for b in fragments)
    assert len(fragments) <= 8, [str(b) for b in fragments]


def test_a_fragment_is_marked_on_the_line_before_its_fence(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n<!-- fragment: one field of a card, not a card -->\n```toml\n"
                    "keywords = [\"reaction\"]\n```\n\n```toml\n[cards.x]\n```\n")
    first, second = blocks(page)
    assert first.fragment == "one field of a card, not a card" and first.line == 4
    assert second.fragment is None and second.text == "[cards.x]\n"


# ---- TOML

def _pack_content(doc: dict) -> bool:
    return bool(doc) and set(doc) <= set(SECTIONS)


def _load(doc: dict, name: str = "doc") -> eve.Engine:
    sections = dict(doc)
    rules = sections.pop("rules", {}).get("config")
    pack = DataPack(name, "1.0", requires=["core"], rules=rules, **sections)
    return eve.Engine(packs=[eve_content, pack], strict=True)


@rule("F09")
@pytest.mark.parametrize("block", _ids("toml"), ids=str)
def test_every_toml_block_parses_and_its_content_loads_and_lints(block):
    if block.fragment:
        pytest.skip(block.fragment)
    doc = tomllib.loads(block.text)
    if not _pack_content(doc):
        return
    engine = _load(doc)
    errors = lint(engine, packs=["doc"]).errors
    assert not errors, "\n".join(map(str, errors))


# ---- Python

def _hook_blocks(page: str) -> list[Block]:
    return [b for b in _ids("python") if b.page == page and not b.fragment
            and b.text.lstrip().startswith("@eve.hookimpl")]


def _hook_module(page: str, folder: Path):
    src = "import eve\n\n" + "\n\n".join(b.text for b in _hook_blocks(page))
    path = folder / "my_pack.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("my_pack", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOK_PAGES = sorted({b.page for b in _ids("python") if _hook_blocks(b.page)})


@rule("F09")
@pytest.mark.parametrize("page", HOOK_PAGES)
def test_a_pages_hook_examples_make_a_pack_that_loads_and_lints(page, tmp_path):
    module = _hook_module(page, tmp_path)
    engine = eve.Engine(packs=[eve_content, module], strict=True)
    name = module.eve_pack_manifest()["name"]
    errors = lint(engine, packs=[name]).errors
    assert not errors, "\n".join(map(str, errors))


@rule("F09")
@pytest.mark.parametrize("block", [b for b in _ids("python")
                                   if not b.text.lstrip().startswith("@eve.hookimpl")], ids=str)
def test_every_python_block_runs(block, tmp_path, monkeypatch):
    if block.fragment:
        pytest.skip(block.fragment)
    monkeypatch.chdir(tmp_path)
    if block.page in HOOK_PAGES:
        monkeypatch.setitem(sys.modules, "my_pack", _hook_module(block.page, tmp_path))
    scope: dict = {"__name__": "docs_block"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(block.text, str(block), "exec"), scope)
        for name, fn in list(scope.items()):
            if name.startswith("test_") and callable(fn):
                fn()


# ---- shell

def _commands(text: str) -> list[list[str]]:
    """The commands of a shell block, `for v in a b; do` loops read with their first value."""
    first: dict[str, str] = {}
    out = []
    text = text.replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip()
        for m in re.finditer(r"\bfor (\w+) in ([^;]+);", line):
            first[m.group(1)] = m.group(2).split()[0]
        for part in re.split(r"&&|;|\|", line):
            words = shlex.split(part)
            if not words or words[0] in ("for", "do", "done"):
                continue
            out.append([re.sub(r"\$(\w+)", lambda m: first.get(m.group(1), m.group(0)), w)
                        for w in words])
    return out


@rule("F09")
@pytest.mark.parametrize("block", _ids("sh"), ids=str)
def test_every_shell_block_names_real_commands_and_ids(block, monkeypatch):
    if block.fragment:
        pytest.skip(block.fragment)
    engine = eve.Engine()
    known = {i for table in engine.registry.items.values() for i in table}
    checked = 0
    for words in _commands(block.text):
        for w in words:
            for ident in re.findall(r"\bcore:[a-z][a-z0-9_]*", w):
                assert ident in known, f"{block}: {ident} is not an id of the built-in pack"
        prog = Path(words[0]).name
        if prog == "eve":
            args = words[1:]
            try:
                build_parser().parse_args(args)
            except SystemExit as e:
                pytest.fail(f"{block}: `eve {' '.join(args)}` does not parse (exit {e.code})")
            if args and args[0] == "lint" and (len(args) == 1 or args[1].startswith("-")):
                with contextlib.redirect_stdout(io.StringIO()):
                    assert main(args) == 0, f"{block}: `eve {' '.join(args)}` fails"
            checked += 1
        elif prog.startswith("python"):
            script = next((w for w in words[1:] if w.endswith(".py")), None)
            if script is not None:
                assert (ROOT / script).exists(), f"{block}: no {script}"
            checked += 1
        elif prog in ("pip", "nice"):
            checked += 1
    assert checked, f"{block}: no command checked"
