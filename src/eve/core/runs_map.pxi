# Included by runs.pyx: an act's map (U08), what each node holds (U09), rewards (U10) and the
# shop (U13).

cdef inline int _node_at(const RunState* rs, int f, int c) noexcept nogil:
    return rs.nodes[f * MAP_WIDTH + c]


cdef int _weighted(uint64_t* rng, const int16_t* w, int n) noexcept nogil:
    """An index drawn by the weights (-1 when they are all 0)."""
    cdef int i, total = 0, r
    for i in range(n):
        total += w[i] if w[i] > 0 else 0
    if total <= 0:
        return -1
    r = <int>sm_below(rng, <uint32_t>total)
    for i in range(n):
        if w[i] > 0:
            if r < w[i]:
                return i
            r -= w[i]
    return -1


cdef void _draw_kind(RunState* rs, const ActDef* ad, int f) noexcept nogil:
    """The kinds of floor f's nodes: the first floor's are fights, the last's (before the
    boss) Sanctums, the others drawn by the act's weights, no elite before `elite_floor`."""
    cdef int16_t w[RUN_NODE_KINDS]
    cdef int c, k
    for c in range(ad.width):
        if not rs.nodes[f * MAP_WIDTH + c]:
            continue
        if f == 0:
            rs.nodes[f * MAP_WIDTH + c] = RN_FIGHT
        elif f == ad.floors - 1:
            rs.nodes[f * MAP_WIDTH + c] = RN_SANCTUM
        else:
            for k in range(RUN_NODE_KINDS):
                w[k] = ad.weight[k]
            w[RN_BOSS - 1] = 0
            if f + 1 < ad.elite_floor:
                w[RN_ELITE - 1] = 0
            k = _weighted(&rs.rng[RS_MAP], w, RUN_NODE_KINDS)
            rs.nodes[f * MAP_WIDTH + c] = k + 1 if k >= 0 else RN_FIGHT


cdef void start_act(RunState* rs, const RunTables* rt, Ctx* cx, int act) noexcept nogil:
    """U08: the act's map from the `map` stream: `paths` walks from a column of the first
    floor up, each step to a neighbouring column (or the same), every node of the last floor
    leading to the boss; then each node's kind; and the act's boss, drawn now and shown."""
    cdef const ActDef* ad = &rt.acts[act]
    cdef int p, f, c, nc, w = ad.width, floors = ad.floors
    rs.act = act
    rs.floor = -1
    rs.col = -1
    rs.node = 0
    memset(rs.nodes, 0, sizeof(rs.nodes))
    memset(rs.edges, 0, sizeof(rs.edges))
    p = 0
    while p < ad.paths:
        p += 1
        c = <int>sm_below(&rs.rng[RS_MAP], <uint32_t>w)
        for f in range(floors):
            rs.nodes[f * MAP_WIDTH + c] = 1
            if f == floors - 1:
                rs.edges[f * MAP_WIDTH + c] |= 1 << (w // 2)
                break
            nc = c - 1 + <int>sm_below(&rs.rng[RS_MAP], 3)
            nc = _clamp(nc, 0, w - 1)
            rs.edges[f * MAP_WIDTH + c] |= 1 << nc
            c = nc
    for f in range(floors):
        _draw_kind(rs, ad, f)
    rs.nodes[floors * MAP_WIDTH + w // 2] = RN_BOSS
    rs.boss = ad.bosses[<int>sm_below(&rs.rng[RS_MAP], <uint32_t>ad.n_bosses)] \
        if ad.n_bosses > 0 else 0
    rs.phase = RP_PATH


cdef int _pick_event(RunState* rs, const RunTables* rt) noexcept nogil:
    """U14: an event of the act not met yet in this run (any of the act's once all were),
    from the `events` stream; -1 when the act has none."""
    cdef int e, n = 0, m = 0, r, pass_ = 0
    for pass_ in range(2):
        n = 0
        for e in range(rt.n_events):
            if rt.events[e].acts and not (rt.events[e].acts & (1 << rs.act)):
                continue
            if pass_ == 0 and rs.seen[e >> 4] & (1 << (e & 15)):
                continue
            n += 1
        if n > 0:
            break
    if n == 0:
        return -1
    r = <int>sm_below(&rs.rng[RS_EVENTS], <uint32_t>n)
    for e in range(rt.n_events):
        if rt.events[e].acts and not (rt.events[e].acts & (1 << rs.act)):
            continue
        if pass_ == 0 and rs.seen[e >> 4] & (1 << (e & 15)):
            continue
        if m == r:
            rs.seen[e >> 4] |= 1 << (e & 15)
            return e
        m += 1
    return -1


cdef int _site_of(const RunTables* rt, int node) noexcept nogil:
    cdef int i
    for i in range(rt.n_sites):
        if rt.sites[i].node == node:
            return i
    return -1


cdef void enter_node(RunState* rs, const RunTables* rt, Ctx* cx, int f, int c) noexcept nogil:
    """The party goes to the node (f, c) and meets what it holds (U09)."""
    cdef const ActDef* ad = &rt.acts[rs.act]
    cdef int node = _node_at(rs, f, c), enc
    rs.floor = f
    rs.col = c
    rs.node = node
    rs.floors_climbed += 1
    rs.n_offer = 0
    rs.site = -1
    _event(rs, cx, EV_RUN_NODE, rs.act + 1, f + 1, c, node)
    if node == RN_FIGHT or node == RN_ELITE or node == RN_BOSS:
        if node == RN_BOSS:
            enc = rs.boss
        elif node == RN_ELITE and ad.n_elites > 0:
            enc = ad.elites[<int>sm_below(&rs.rng[RS_ENCOUNTERS], <uint32_t>ad.n_elites)]
        else:
            enc = ad.fights[<int>sm_below(&rs.rng[RS_ENCOUNTERS], <uint32_t>ad.n_fights)] \
                if ad.n_fights > 0 else 0
        _start_fight(rs, rt, cx, enc)
    elif node == RN_EVENT:
        rs.site = _pick_event(rs, rt)
        rs.phase = RP_EVENT if rs.site >= 0 else RP_PATH
    elif node == RN_SANCTUM or node == RN_FORGE:
        rs.site = _site_of(rt, node)
        rs.phase = RP_SITE if rs.site >= 0 else RP_PATH
    elif node == RN_SHOP:
        if rt.has_shop:
            _stock_shop(rs, rt, cx)
            rs.phase = RP_SHOP
        else:
            rs.phase = RP_PATH
    else:
        rs.phase = RP_PATH


# ---------------------------------------------------------------- card pools (U10)

cdef bint _in_pool(const RunState* rs, const RunTables* rt, Ctx* cx, int card,
                   int rarity, bint relic) noexcept nogil:
    """A card the run may offer: of this rarity, a Relic or not as asked, in a hero of the
    party's pool or neutral, not already on offer; a Relic the run does not hold."""
    cdef const CardRun* cr = &rt.cards[card]
    cdef int i
    cdef bint ours
    if cr.rarity != rarity or cr.is_upgrade or (cx.tb.cards[card].kind == CK_RELIC) != relic:
        return False
    if cr.hero >= 0:
        ours = False
        for i in range(rs.n_party):
            ours = ours or rs.party[i].hero == cr.hero
        if not ours:
            return False
    for i in range(rs.n_offer):
        if rs.offer[i] == card:
            return False
    if relic:
        for i in range(rs.n_relics):
            if rs.relics[i] == card:
                return False
    return True


cdef int _draw_card(RunState* rs, const RunTables* rt, Ctx* cx, uint64_t* rng,
                    const int16_t* weights, bint relic) noexcept nogil:
    """A card def drawn from the pool: a rarity by the weights, then a card of it uniformly;
    a rarity with nothing left gives way to the next rarer, then to any (-1: none at all)."""
    cdef int16_t w[RARITY_WEIGHTS]
    cdef int k, tries, rarity, c, n, r
    for k in range(RARITY_WEIGHTS):
        w[k] = weights[k] if weights != NULL else 1
    k = _weighted(rng, w, RARITY_WEIGHTS)
    if k < 0:
        k = 0
    for tries in range(RARITY_WEIGHTS):
        rarity = RAR_COMMON + (k + tries) % RARITY_WEIGHTS
        n = 0
        for c in range(rt.n_cards):
            n += _in_pool(rs, rt, cx, c, rarity, relic)
        if n == 0:
            continue
        r = <int>sm_below(rng, <uint32_t>n)
        for c in range(rt.n_cards):
            if _in_pool(rs, rt, cx, c, rarity, relic):
                if r == 0:
                    return c
                r -= 1
    return -1


cdef const RewardDef* _reward_of(const RunTables* rt, int node) noexcept nogil:
    cdef int i
    for i in range(rt.n_rewards):
        if rt.rewards[i].node == node:
            return &rt.rewards[i]
    return NULL


cdef void give_reward(RunState* rs, const RunTables* rt, Ctx* cx, int node) noexcept nogil:
    """U10, U16: the node's reward: aurorune in [lo, hi], Ambition and healing for each living
    hero, Relics at once, and a choice of cards (one or none) waiting."""
    cdef const RewardDef* rd = _reward_of(rt, node)
    cdef int i, c, gain
    cdef RunHero* h
    rs.n_offer = 0
    if rd == NULL:
        return
    gain = rd.aur_lo
    if rd.aur_hi > rd.aur_lo:
        gain += <int>sm_below(&rs.rng[RS_REWARDS], <uint32_t>(rd.aur_hi - rd.aur_lo + 1))
    change_aurorune(rs, cx, gain)
    for i in range(rs.n_party):
        h = &rs.party[i]
        if h.alive and (rd.ambition or rd.heal):
            h.ambition = _ambition(h.ambition, rd.ambition, rt.cfg.ambition_cap)
            h.hp = _clamp(h.hp + h.max_hp * rd.heal // 100, 1, h.max_hp)
            _event(rs, cx, EV_RUN_HERO, i, h.hp, h.ambition, h.morality)
    for i in range(rd.relics):
        c = _draw_card(rs, rt, cx, &rs.rng[RS_REWARDS], NULL, True)
        if c >= 0:
            gain_relic(rs, rt, cx, c)
    for i in range(rd.cards):
        c = _draw_card(rs, rt, cx, &rs.rng[RS_REWARDS], rd.rarity, False)
        if c < 0:
            break
        rs.offer[rs.n_offer] = c
        rs.price[rs.n_offer] = 0
        rs.n_offer += 1
    rs.phase = RP_REWARD


# ---------------------------------------------------------------- the shop (U13)

cdef void _stock_shop(RunState* rs, const RunTables* rt, Ctx* cx) noexcept nogil:
    """Its stock from the `shop` stream: cards by the shop's rarity weights, then Relics, each
    at its `aurorune`; removal once a visit."""
    cdef const ShopDef* sd = &rt.shop
    cdef int i, c
    rs.n_offer = 0
    rs.removed_here = 0
    for i in range(sd.cards + sd.relics):
        if rs.n_offer >= MAX_OFFER:
            break
        c = _draw_card(rs, rt, cx, &rs.rng[RS_SHOP], sd.rarity, i >= sd.cards)
        if c < 0:
            continue
        rs.offer[rs.n_offer] = c
        rs.price[rs.n_offer] = rt.cards[c].price
        rs.n_offer += 1


cdef int removal_price(const RunState* rs, const RunTables* rt) noexcept nogil:
    return _clamp(rt.shop.removal + rt.shop.removal_step * rs.removals, 0, RUN_LIMIT)


cdef bint shop_can_buy(const RunState* rs, const RunTables* rt, Ctx* cx, int i) noexcept nogil:
    cdef int c = rs.offer[i]
    if c < 0 or rs.aurorune < rs.price[i]:
        return False
    if cx.tb.cards[c].kind == CK_RELIC:
        return rs.n_relics < rt.cfg.relic_cap
    return rs.n_deck < rt.cfg.deck_cap


cdef void shop_buy(RunState* rs, const RunTables* rt, Ctx* cx, int i) noexcept nogil:
    cdef int c = rs.offer[i]
    change_aurorune(rs, cx, -rs.price[i])
    rs.offer[i] = -1
    if cx.tb.cards[c].kind == CK_RELIC:
        gain_relic(rs, rt, cx, c)
    else:
        add_card(rs, rt, cx, c)
