"""The plugin manager's front: what the Engine calls, and the names tests and packs use.

The work is split by job: eve.plugins.discovery (where packs come from), .manifest (reading a
manifest), .loader (running hooks, ordering, validating), .report (what was found) and
.registry (the frozen data). See eve.plugins.loader for the steps every pack goes through.
"""
from __future__ import annotations

import pluggy  # noqa: F401  (tests patch manager.pluggy)

from eve.plugins.discovery import (
                                   BUILTIN,
                                   BUILTIN_NAME,
                                   ENTRY_POINT_GROUP,
                                   ENV_DISABLE_AUTOLOAD,
                                   ENV_PLUGINS,
                                   ENV_RULES,
                                   ENV_STRICT,
                                   TEMPORARY,
                                   PackSource,
                                   builtin_pack,
                                   find_sources,
                                   sources_from_objects,
)
from eve.plugins.loader import (
                                   MANIFEST_HOOK,
                                   REGISTRATION_HOOKS,
                                   LoadResult,
                                   hook_specs,
                                   is_strict,
                                   load,
                                   load_catalog,
)
from eve.plugins.manifest import MANIFEST_KEYS
from eve.plugins.report import PackReport, PluginReport, PluginWarning

# the temporary packs of eve.testing (the same list object)
_TEMPORARY = TEMPORARY

__all__ = ["BUILTIN", "BUILTIN_NAME", "ENTRY_POINT_GROUP", "ENV_DISABLE_AUTOLOAD", "ENV_PLUGINS",
           "ENV_RULES", "ENV_STRICT", "MANIFEST_HOOK", "MANIFEST_KEYS", "REGISTRATION_HOOKS",
           "LoadResult", "PackReport", "PackSource", "PluginReport", "PluginWarning",
           "builtin_pack", "find_sources", "hook_specs", "is_strict", "load", "load_catalog",
           "sources_from_objects"]
