# The snapshot body's reader (snapshot_read.pyx), for the snapshot's header and its cross-checks.
from libc.stdint cimport int16_t, int64_t, uint64_t

from eve.core.defs cimport State, Tables

cdef struct Rd:
    const unsigned char* p
    Py_ssize_t n
    Py_ssize_t i

cdef inline bint r_quick(Rd* r, int64_t lo, int64_t hi, int16_t* out) noexcept:
    """The common integers (fixint, uint8, uint16, int8, int16) within [lo, hi], read without
    building the error path a refusal needs; 0 (nothing read) for anything else, which the
    caller then reads with r_int and its path."""
    cdef unsigned char t
    cdef int64_t v
    cdef int k
    if r.i >= r.n:
        return 0
    t = r.p[r.i]
    if t <= 0x7f:
        v = t
        k = 1
    elif t >= 0xe0:
        v = <signed char>t
        k = 1
    elif t == 0xcc and r.i + 1 < r.n:
        v = r.p[r.i + 1]
        k = 2
    elif t == 0xcd and r.i + 2 < r.n:
        v = (<int64_t>r.p[r.i + 1] << 8) | r.p[r.i + 2]
        k = 3
    elif t == 0xd0 and r.i + 1 < r.n:
        v = <signed char>r.p[r.i + 1]
        k = 2
    elif t == 0xd1 and r.i + 2 < r.n:
        v = <int16_t>((<unsigned int>r.p[r.i + 1] << 8) | r.p[r.i + 2])
        k = 3
    else:
        return 0
    if v < lo or v > hi:
        return 0
    r.i += k
    out[0] = <int16_t>v
    return 1

cdef int r_need(Rd* r, Py_ssize_t k) except -1
cdef str what_type(unsigned char t)
cdef Py_ssize_t r_array(Rd* r, Py_ssize_t lo, Py_ssize_t hi, str path) except -1
cdef int r_u64(Rd* r, uint64_t* out, str path) except -1
cdef int r_int(Rd* r, int64_t lo, int64_t hi, int16_t* out, str path) except -1
cdef str r_str(Rd* r, Py_ssize_t maxlen, str path)
cdef int read_body(Rd* r, State* st, const Tables* tb) except -1
cdef int r_ints(Rd* r, int16_t* out, Py_ssize_t lo, Py_ssize_t hi, int64_t vlo, int64_t vhi,
                const char* path) except -1
cdef str path_of(const char* sect, Py_ssize_t idx, const char* field)
cdef const char* category_label(int k) noexcept
cdef const char* status_field(int k) noexcept
