"""Embedding eve in other programs: errors, matches and engines across processes, integer
types other than int, Match objects eve did not make, actions carried between matches, and
copies with the hidden information re-sampled."""
from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil

import pytest

import eve

# ---------------------------------------------------------------- every exception pickles

# constructor arguments for the exceptions whose constructors take more than a message
_SAMPLE_ARGS: dict[str, tuple[tuple[object, ...], dict[str, object]]] = {
    "IllegalAction": ((123, 10, "unaffordable"), {}),
    "ContentError": (("bad value",), {"pack": "p", "path": "cards.x.cost", "code": "EVE-P012",
                                       "item": "p:x"}),
    "ConfigError": (("unknown override",), {"path": "config.max_roundz"}),
    "RegistrationClosed": (("too late",), {"pack": "p", "code": "EVE-P022"}),
    "PluginError": (("EVE-P001", "cannot import"), {"pack": "p", "dist": "d", "dist_version": "1",
                                                     "entry_point": "ep", "hook": "h",
                                                     "item": "p:i", "path": "f", "source": "s"}),
    "UnsupportedABI": ((9, (5,)), {}),
    "ContentMismatch": (("abc", "def", ["core", "ember"]), {}),
    "ChecksumMismatch": ((1, 2), {}),
    "SchemaViolation": (("body.units[3]", "out of range"), {}),
}


def _eve_exceptions() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(eve.__path__, "eve."):
        mod = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(mod, inspect.isclass):
            if issubclass(obj, BaseException) and obj.__module__.startswith("eve"):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [found[k] for k in sorted(found)]


# internal to the plugin layer, always caught there and turned into a PluginError or a
# ContentError (which pickle); eve/plugins/ is not this change's to edit: strict, so that making
# them picklable fails here until they are listed as passing
_INTERNAL = {"eve.plugins.manifest.ManifestProblem", "eve.plugins.schema.UnknownField"}
_EXCEPTIONS = [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason="internal, not pickled"))
               if f"{c.__module__}.{c.__qualname__}" in _INTERNAL else c for c in _eve_exceptions()]


def test_the_walk_finds_the_exceptions():
    names = {c.__name__ for c in _eve_exceptions()}
    assert set(_SAMPLE_ARGS) <= names
    assert {"ReplayError", "CapacityError", "MalformedSnapshot", "SnapshotTooLarge", "BadMagic",
            "CoreNotBuilt", "EveError"} <= names


@pytest.mark.parametrize("cls", _EXCEPTIONS, ids=lambda c: f"{c.__module__}.{c.__qualname__}"
                         if isinstance(c, type) else None)
def test_exception_pickles(cls):
    args, kwargs = _SAMPLE_ARGS.get(cls.__name__, (("a message",), {}))
    exc = cls(*args, **kwargs)
    exc.add_note("a note")
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is cls
    assert str(back) == str(exc)
    assert back.args == exc.args
    assert back.__dict__ == exc.__dict__
