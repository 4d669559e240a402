from libc.stdint cimport int16_t
from eve.core.defs cimport State, Ctx, Tables, Choice
from eve.core.defs cimport CHAR_BASE, UNITS_PER_SIDE
from eve.core.vocab cimport OUT_NONE

cdef int leader_of(const State* st, int side) noexcept nogil
cdef int living_heroes(const State* st, int side) noexcept nogil
cdef bint unit_live(const State* st, int u) noexcept nogil
cdef int deal_damage(State* st, Ctx* cx, int u, int n, int by_side, int src, bint pierce) noexcept nogil
cdef int unit_power(const State* st, const Tables* tb, int u) noexcept nogil
cdef void add_status(State* st, Ctx* cx, int u, int s, int n) noexcept nogil
cdef void status_turn(State* st, Ctx* cx, int side, int timing) noexcept nogil
cdef int heal_unit(State* st, Ctx* cx, int u, int n, int by_side) noexcept nogil
cdef void remove_character(State* st, Ctx* cx, int u, int card_to) noexcept nogil
cdef int summon_unit(State* st, Ctx* cx, int side, int def_id, int lane) noexcept nogil
cdef int first_empty_lane(const State* st, const Tables* tb, int side) noexcept nogil
cdef void task_progress(State* st, Ctx* cx, int side, int goal, int n) noexcept nogil
cdef void fire_triggers(State* st, Ctx* cx, int trigger, bint own_resolution) noexcept nogil
cdef void fire_event(State* st, Ctx* cx, int kind, int side, int unit, int amount, int card_kind,
                     int max_hp, int power, bint own_resolution) noexcept nogil
cdef void entered(State* st, Ctx* cx, int u) noexcept nogil
cdef void drawn(State* st, Ctx* cx) noexcept nogil
cdef void shuffled(State* st, Ctx* cx) noexcept nogil
cdef void card_resolved(State* st, Ctx* cx, int card) noexcept nogil
cdef void match_ended(State* st, Ctx* cx) noexcept nogil
cdef int eval_expr(const State* st, const Tables* tb, int at, int side, int self_unit,
                   int target) noexcept nogil
cdef void run_program(State* st, Ctx* cx, int prog, int side, int self_unit, int target) noexcept nogil
cdef bint target_ok(const State* st, const Tables* tb, int spec, int filt, int side,
                    int tgt) noexcept nogil
cdef int enum_targets(const State* st, const Tables* tb, int spec, int filt, int side,
                      int16_t* out) noexcept nogil
cdef bint item_passes(const State* st, const Tables* tb, int filt, int i) noexcept nogil
cdef int decide_outcome(State* st, Ctx* cx) noexcept nogil


cdef inline int check_outcome(State* st, Ctx* cx) noexcept nogil:
    """The match's outcome, decided now if a side has no living hero left (decide_outcome).
    It is asked after every resolution, nearly always of a match whose two leaders live: that
    answer is read here, inlined where it is asked, without a call."""
    cdef int p = st.leader[0], e = st.leader[1]
    if (st.outcome == OUT_NONE and 0 <= p < CHAR_BASE and 0 <= e < CHAR_BASE
            and st.units[p].alive and st.units[UNITS_PER_SIDE + e].alive):
        return OUT_NONE
    return decide_outcome(st, cx)
cdef int ally_power_bonus(const State* st, const Tables* tb) noexcept nogil
cdef void run_from(State* st, Ctx* cx, int prog, int pc, int side, int self_unit, int self_uid,
                   int target, int target_uid) noexcept nogil
cdef int begin_choice(State* st, Ctx* cx, int prog, int at, int n, int side, int self_unit,
                      int self_uid, int target, int target_uid) noexcept nogil
cdef int choice_take(State* st, Ctx* cx, int i) noexcept nogil
cdef void choice_choose(State* st, Ctx* cx, int i) noexcept nogil
cdef int choice_resume_pc(const Tables* tb, const Choice* ch, int option) noexcept nogil
cdef int discover_rows(int pool) noexcept nogil
cdef void grants_update(State* st, Ctx* cx) noexcept nogil
cdef void grants_reset(State* st, Ctx* cx) noexcept nogil
cdef void grants_turn_end(State* st, Ctx* cx) noexcept nogil
cdef void compute_intent(State* st, Ctx* cx) noexcept nogil
cdef int taunt_defender(const State* st, const Tables* tb, int side, int lane) noexcept nogil
cdef int pick_target(State* st, const Tables* tb, int esel) noexcept nogil
cdef int pick_lane(State* st, const Tables* tb, int sel, int lane) noexcept nogil


cdef inline bint same_move(const Tables* tb, int a, int b) noexcept nogil:
    """Whether moves a and b are one move (N09): the same index, or the same `name` (b -1:
    none made yet)."""
    return b >= 0 and (a == b or (tb.moves[a].name >= 0 and tb.moves[a].name == tb.moves[b].name))
