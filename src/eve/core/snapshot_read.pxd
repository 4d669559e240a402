# The snapshot body's reader (snapshot_read.pyx), for the snapshot's header and its cross-checks.
from libc.stdint cimport int16_t, int64_t, uint64_t

from eve.core.defs cimport State, Tables

cdef struct Rd:
    const unsigned char* p
    Py_ssize_t n
    Py_ssize_t i

cdef int r_need(Rd* r, Py_ssize_t k) except -1
cdef str what_type(unsigned char t)
cdef Py_ssize_t r_array(Rd* r, Py_ssize_t lo, Py_ssize_t hi, str path) except -1
cdef int r_u64(Rd* r, uint64_t* out, str path) except -1
cdef int r_int(Rd* r, int64_t lo, int64_t hi, int16_t* out, str path) except -1
cdef str r_str(Rd* r, Py_ssize_t maxlen, str path)
cdef int read_body(Rd* r, State* st, const Tables* tb) except -1
cdef str path_of(const char* sect, Py_ssize_t idx, const char* field)
cdef const char* category_label(int k) noexcept
cdef const char* status_field(int k)
