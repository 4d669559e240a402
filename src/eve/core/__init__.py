"""The compiled Cython core: state, rules, Stack, zones, effects, the Encounter, playouts."""
