# Generated from eve/core/layout.py by setup.py (`write_pxd`): do not edit. The State's
# parts as int16 word offsets and lengths; every struct's fields are int16 in body order,
# so a part is written, read, copied and compared as a run of words.
from eve.core.defs cimport State, Unit, StackItem, Zone, Meter, Task, Foe, Grant

cdef enum:
    STATE_WORDS = 2608    # the State in int16 words
    W_TURN = 16    # the turn's fields, one after another
    W_CARDS = 32    # the card arrays, MAX_CARDS words each
    W_COUNTERS = 416    # the named counters
    W_ZONES = 424    # the zones, ZONE_WORDS each
    W_UNITS = 944    # the unit slots, UNIT_WORDS each
    W_STACK = 1936    # the Stack's slots, ITEM_WORDS each
    W_METER = 2248    # the Action Meter
    W_TASKS = 2255    # the task slots, TASK_WORDS each
    W_FOE = 2279    # the Encounter
    W_CHOICE = 2302    # a pending choice: its fields, then its options
    W_OPTS = 2317    # its options' slots (their count just before)
    W_GRANTS = 2381    # the grants' count, then their slots
    TURN_WORDS = 14    # a part's fields (an int16 word each): the turn's
    UNIT_WORDS = 31    # a unit slot's
    ITEM_WORDS = 13
    ZONE_WORDS = 65
    METER_WORDS = 7
    TASK_WORDS = 4
    FOE_WORDS = 23
    GRANT_WORDS = 7
    CHOICE_FIXED = 14    # a choice's fields before its options
    N_CHOICE = 15    # the body's choice array: those, then the options
    N_CARD_ARRAYS = 6    # the body's cards part
    N_BODY = 12    # the body's parts


cdef inline bint layout_matches() noexcept nogil:
    """Every offset and length above against the C structs (checked when the snapshot
    and search modules are imported)."""
    cdef State s
    cdef char* at = <char*>&s
    return (True
            and sizeof(State) // 2 == STATE_WORDS
            and <char*>&s.phase - at == 2 * W_TURN
            and <char*>&s.card_def[0] - at == 2 * W_CARDS
            and <char*>&s.counters[0] - at == 2 * W_COUNTERS
            and <char*>&s.zones[0] - at == 2 * W_ZONES
            and <char*>&s.units[0] - at == 2 * W_UNITS
            and <char*>&s.stack[0] - at == 2 * W_STACK
            and <char*>&s.meter - at == 2 * W_METER
            and <char*>&s.tasks[0] - at == 2 * W_TASKS
            and <char*>&s.foe - at == 2 * W_FOE
            and <char*>&s.choice - at == 2 * W_CHOICE
            and <char*>&s.choice.opts[0] - at == 2 * W_OPTS
            and <char*>&s.n_grants - at == 2 * W_GRANTS
            and sizeof(Unit) // 2 == UNIT_WORDS
            and sizeof(StackItem) // 2 == ITEM_WORDS
            and sizeof(Zone) // 2 == ZONE_WORDS
            and sizeof(Meter) // 2 == METER_WORDS
            and sizeof(Task) // 2 == TASK_WORDS
            and sizeof(Foe) // 2 == FOE_WORDS
            and sizeof(Grant) // 2 == GRANT_WORDS
            )
