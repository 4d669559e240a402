from eve.core.defs cimport Tables

cdef class CompiledContent:
    cdef Tables* tb
    cdef readonly str fingerprint
