# Included by rules.pyx (one translation unit, so that the C compiler inlines across
# jobs): a match's setup (heroes, the shuffled Archive, the Encounter's roster) and the
# Action Meter (what an action costs, its seeding each round).

cdef void _place_hero(State* st, Ctx* cx, int side, int slot, int hdef) noexcept nogil:
    cdef const HeroDef* hd = &cx.tb.heroes[hdef]
    cdef Unit* h = &st.units[side * UNITS_PER_SIDE + slot]
    memset(h, 0, sizeof(Unit))
    h.def_id = hdef
    h.card = -1
    h.alive = 1
    h.hp = hd.max_hp
    h.max_hp = hd.max_hp
    h.power = hd.power
    h.ambition = hd.ambition
    h.morality = hd.morality
    h.uid = new_uid(st)


cdef void setup_match(State* st, Ctx* cx, uint64_t seed, const int16_t* heroes, int n_heroes,
                      int enc, const int16_t* deck, int n_deck) noexcept nogil:
    """A new match before its first Beginning: heroes, the shuffled Archive (the union of the
    heroes' starting cards unless a deck is given), the Encounter's roster, setup summons,
    tasks and first intent, and the opening hand. Call `begin` to start the first turn."""
    setup_fight(st, cx, seed, heroes, n_heroes, enc, deck, n_deck, 0, NULL)


cdef void setup_fight(State* st, Ctx* cx, uint64_t seed, const int16_t* heroes, int n_heroes,
                      int enc, const int16_t* deck, int n_deck, int n_lattice,
                      const int16_t* ratings) noexcept nogil:
    """setup_match, for a run's fight too: the last `n_lattice` cards of `deck` (the run's
    Relics, rule U07) start on the Lattice instead of in the Archive, and `ratings` (NULL: the
    heroes' own) gives each hero's hp, max hp, Ambition and Morality, 4 a hero (U03), before
    anything reads them (auras, the intent's draws)."""
    cdef const Tables* tb = cx.tb
    cdef const EncDef* e = &tb.encs[enc]
    cdef int i, j, c, u, n_arch
    cdef Unit* h
    memset(st, 0, sizeof(State))
    st.rng[STREAM_SHUFFLE] = stream_seed(seed, b"shuffle")
    st.rng[STREAM_ENCOUNTER] = stream_seed(seed, b"encounter")
    for u in range(MAX_UNITS):
        st.units[u].def_id = -1
        st.units[u].card = -1
    st.n_hero_slots[PLAYER] = n_heroes
    for i in range(n_heroes):
        _place_hero(st, cx, PLAYER, i, heroes[i])
        if ratings != NULL:
            h = &st.units[i]
            h.hp = ratings[4 * i]
            h.max_hp = ratings[4 * i + 1]
            h.ambition = ratings[4 * i + 2]
            h.morality = ratings[4 * i + 3]
    st.n_hero_slots[ENCOUNTER] = e.n_roster
    for i in range(e.n_roster):
        _place_hero(st, cx, ENCOUNTER, i, e.roster[i])
    # the deck
    c = 0
    if n_deck >= 0:
        for i in range(n_deck):
            if c < MAX_CARDS:
                st.card_def[c] = deck[i]; c += 1
    else:
        for i in range(n_heroes):
            for j in range(tb.heroes[heroes[i]].n_start):
                if c < MAX_CARDS:
                    st.card_def[c] = tb.heroes[heroes[i]].start_cards[j]; c += 1
    st.n_cards = c
    n_arch = c - n_lattice if n_lattice <= c else 0
    for i in range(n_arch):
        st.card_zone[i] = Z_ARCHIVE
        st.zones[Z_ARCHIVE].c[i] = i
    st.zones[Z_ARCHIVE].n = n_arch
    for i in range(n_arch, c):
        st.card_zone[i] = Z_LATTICE
        st.zones[Z_LATTICE].c[st.zones[Z_LATTICE].n] = i
        st.zones[Z_LATTICE].n += 1
    sm_shuffle16(&st.rng[STREAM_SHUFFLE], st.zones[Z_ARCHIVE].c, n_arch)
    # the Encounter
    st.foe.enc = enc
    st.foe.initiative = e.initiative
    for i in range(e.n_resp):
        st.foe.resp_charges[i] = e.resp[i].charges
    st.foe.part = -1
    st.foe.last_move = -1
    for i in range(e.n_vars):
        st.foe.vars[i] = e.var_init[i]
    for i in range(e.n_setup):
        summon_unit(st, cx, ENCOUNTER, e.setup_units[i], i)
    for i in range(e.n_tasks):
        st.tasks[i].def_id = e.tasks[i]
        st.tasks[i].active = 1
    st.round = 1
    if tb.n_auras:
        grants_update(st, cx)           # A03: the heroes' auras hold from the start
    compute_intent(st, cx)
    for i in range(tb.cfg.opening_hand):
        draw_one(st, cx)
    st.active = PLAYER
    st.phase = PH_BEGINNING


cdef void begin(State* st, Ctx* cx) noexcept nogil:
    # match_start triggers: each side's, the player's first (rule E19); the match's start and
    # what the game runs on its own up to the first decision are one step (B01)
    new_step(cx)
    fire_event(st, cx, TR_MATCH_START, PLAYER, -1, 0, -1, 0, 0, True)
    fire_event(st, cx, TR_MATCH_START, ENCOUNTER, -1, 0, -1, 0, 0, True)
    if st.phase == PH_END and st.outcome == OUT_NONE:
        # T21: the player's first turn, ended before it began, still has its Beginning (the
        # meter seeded, turn_start triggers), then goes to its End
        _beginning(st, cx)
    advance(st, cx)


# ---------------- the meter ----------------

cdef void seed_meter(State* st, Ctx* cx) noexcept nogil:
    """Beginning: capacity = max(floor, base + ambition) of the leader-else-first-living hero,
    floor = the cheapest cost of a category that hero can always use itself (M02: Attack, and
    ActivateAbility when it has an ability), so it acts at least once whatever the hand holds;
    costs biased by its morality. No carryover."""
    cdef const Config* cfg = &cx.tb.cfg
    cdef int u = leader_of(st, PLAYER), k, floor_cost, cap, amb = 0, mor = 0
    if u >= 0:
        amb = st.units[u].ambition
        mor = st.units[u].morality
    for k in range(N_CATS):
        st.meter.cost[k] = cfg.cost[k]
    if mor >= cfg.morality_high:
        st.meter.cost[CAT_PLAY_SUPPORT] -= cfg.support_discount
    if mor <= cfg.morality_low:
        st.meter.cost[CAT_ATTACK] -= cfg.attack_discount
    for k in range(N_CATS):
        if st.meter.cost[k] < 0:
            st.meter.cost[k] = 0
    floor_cost = st.meter.cost[CAT_ATTACK]          # every living hero may attack once (S05)
    if u >= 0 and cx.tb.heroes[st.units[u].def_id].ability_prog >= 0 \
            and st.meter.cost[CAT_ACTIVATE] < floor_cost:
        floor_cost = st.meter.cost[CAT_ACTIVATE]
    cap = cfg.meter_base + amb
    st.meter.capacity = cap if cap > floor_cost else floor_cost
    st.meter.spent = 0
    st.meter.regen = 0
    emit(cx, EV_METER, PLAYER, st.meter.capacity, 0, 0, 0)


cdef inline int _category(const State* st, const Tables* tb, int32_t a) noexcept nogil:
    cdef int k = a_kind(a)
    if k == A_PLAY:
        return CAT_DEPLOY if tb.cards[st.card_def[a_src(a)]].kind == CK_CHARACTER else CAT_PLAY_SUPPORT
    if k == A_ACTIVATE:
        return CAT_ACTIVATE
    if k == A_ATTACK:
        return CAT_ATTACK
    return -1


cdef int action_cost(const State* st, Ctx* cx, int32_t a) noexcept nogil:
    """What committing `a` debits: its category cost when proactive, 0 for responses."""
    cdef int cat
    if st.n_stack > 0:
        return 0
    cat = _category(st, cx.tb, a)
    return st.meter.cost[cat] if cat >= 0 else 0
