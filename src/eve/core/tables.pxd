from eve.core.defs cimport Tables
from eve.core.run_defs cimport RunTables

cdef class CompiledContent:
    cdef Tables* tb
    cdef RunTables* rt              # the run's content (rt.n_acts 0: none)
    cdef readonly str fingerprint
