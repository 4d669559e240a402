/* C of search_uct.pxd (cimported by the one search extension, eve.core.search). */
#ifndef EVE_SEARCH_UCT_H
#define EVE_SEARCH_UCT_H

#include "portable.h"

static inline int eve_msb(unsigned int x) { return 31 - eve_clz(x); }
static double eve_inv_pow2[32];
static float eve_sqln[65536];

#endif /* EVE_SEARCH_UCT_H */
