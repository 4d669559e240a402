# The cross-checks of a decoded snapshot (snapshot_check.pyx).
from eve.core.defs cimport State, Tables

cdef int check_state(const State* st, const Tables* tb, int n_player_heroes) except -1
