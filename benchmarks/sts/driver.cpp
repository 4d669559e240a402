// eve's side-by-side driver for the C++ Slay the Spire simulator (gamerpuppy/sts_lightspeed).
// Built against the simulator's sources by benchmarks/sts/build_sim.py; run by
// benchmarks/sts_side_by_side.py.
//
//   eve_sts_driver MODE SECONDS FIRST_SEED [POOL_RUNS]
//
// MODE
//   random_runs     whole runs (Ironclad, ascension 0) played uniformly at random: out of a fight
//                   over GameAction::getAllActionsInState, in a fight over the actions the
//                   simulator's own search enumerates (BattleScumSearcher2::enumerateActionsForNode,
//                   what its random playouts draw from)
//   agent_runs      whole runs played by the simulator's SimpleAgent (SimpleAgent::playout, as its
//                   `test simple_agent_mt` runs them)
//   random_battles  fights only, played at random as above, from a pool of fight openings: the
//                   fights met by SimpleAgent over POOL_RUNS runs (default 32) from FIRST_SEED, so
//                   every act, elites and bosses are in it; each fight is set up from its opening
//                   (BattleContext::init) and played out, round-robin over the pool
//   random_first_battles  the same with each run's first fight only (floor 1, the starting
//                   deck against an easy act 1 pack)
//
// It plays until SECONDS of process CPU time (CLOCK_PROCESS_CPUTIME_ID) have passed inside the
// timed loop, checking the clock every few runs or fights, and prints one JSON line.
//
// A decision is one action the player takes, as the simulator counts them: one search::Action
// executed on a BattleContext (a card played with its target, a potion used or discarded, a card
// chosen on a selection screen, the end of a turn) or one search::GameAction executed on a
// GameContext (a Neow or event option, a map node, a reward taken or skipped, a card reward
// pick, a rest site option, a purchase or leaving the shop, a boss relic, a chest, a card chosen
// on a select screen). For agent_runs it is the length of SimpleAgent's own actionHistory, to
// which its takeAction appends every action it executes.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "combat/BattleContext.h"
#include "constants/CharacterClasses.h"
#include "game/GameContext.h"
#include "sim/search/Action.h"
#include "sim/search/BattleScumSearcher2.h"
#include "sim/search/GameAction.h"
#include "sim/search/SimpleAgent.h"

namespace {

using sts::BattleContext;
using sts::GameContext;
using sts::GameOutcome;
using sts::Outcome;
using sts::ScreenState;
namespace search = sts::search;

// a run or fight that reaches this many decisions is ended and counted as capped
constexpr std::int64_t kMaxDecisions = 100000;
// runs or fights between two reads of the CPU clock (a read is a system call)
constexpr int kClockEvery = 16;

double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Tally {
    std::int64_t units = 0;      // runs or fights played
    std::int64_t decisions = 0;
    std::int64_t floors = 0;     // summed GameContext::floorNum at each run's end
    std::int64_t wins = 0;
    std::int64_t fights = 0;     // fights met in the runs
    std::int64_t stuck = 0;      // runs with no action to take before their end
    std::int64_t capped = 0;
};

// Fights are played with the simulator's own enumeration of a fight's actions; the searcher is
// only that enumeration's holder here (its tree is never used).
class RandomFighter {
public:
    explicit RandomFighter(std::uint64_t seed) : rng_(static_cast<unsigned>(seed)), enumerator_(BattleContext{}) {}

    // Plays bc to its end; returns the decisions taken, or -1 when capped.
    std::int64_t play(BattleContext &bc) {
        std::int64_t n = 0;
        while (bc.outcome == Outcome::UNDECIDED) {
            if (n == kMaxDecisions) return -1;
            node_.edges.clear();
            enumerator_.enumerateActionsForNode(node_, bc);
            if (node_.edges.empty()) return -1;
            std::uniform_int_distribution<int> pick(0, static_cast<int>(node_.edges.size()) - 1);
            node_.edges[pick(rng_)].action.execute(bc);
            ++n;
        }
        return n;
    }

    std::default_random_engine &rng() { return rng_; }

private:
    std::default_random_engine rng_;
    search::BattleScumSearcher2 enumerator_;
    search::BattleScumSearcher2::Node node_;
};

void random_run(std::uint64_t seed, RandomFighter &fighter, Tally &t) {
    GameContext gc(sts::CharacterClass::IRONCLAD, seed, 0);
    BattleContext bc;
    std::int64_t n = 0;
    while (gc.outcome == GameOutcome::UNDECIDED) {
        if (n >= kMaxDecisions) {
            ++t.capped;
            break;
        }
        if (gc.screenState == ScreenState::BATTLE) {
            bc = BattleContext();
            bc.init(gc);
            const std::int64_t d = fighter.play(bc);
            ++t.fights;
            if (d < 0) {
                ++t.capped;
                break;
            }
            n += d;
            bc.exitBattle(gc);
            continue;
        }
        const std::vector<search::GameAction> actions = search::GameAction::getAllActionsInState(gc);
        if (actions.empty()) {
            ++t.stuck;
            break;
        }
        std::uniform_int_distribution<int> pick(0, static_cast<int>(actions.size()) - 1);
        actions[pick(fighter.rng())].execute(gc);
        ++n;
    }
    t.decisions += n;
    t.floors += gc.floorNum;
    t.wins += gc.outcome == GameOutcome::PLAYER_VICTORY;
    ++t.units;
}

void agent_run(std::uint64_t seed, Tally &t) {
    GameContext gc(sts::CharacterClass::IRONCLAD, seed, 0);
    search::SimpleAgent agent;
    agent.playout(gc);
    t.decisions += static_cast<std::int64_t>(agent.actionHistory.size());
    t.floors += gc.floorNum;
    t.wins += gc.outcome == GameOutcome::PLAYER_VICTORY;
    ++t.units;
}

// The fight openings SimpleAgent meets over `runs` runs: its own playout loop, keeping a copy of
// the run at each fight's start.
std::vector<GameContext> fight_pool(std::uint64_t first_seed, int runs, bool first_only) {
    std::vector<GameContext> pool;
    for (int i = 0; i < runs; ++i) {
        GameContext gc(sts::CharacterClass::IRONCLAD, first_seed + static_cast<std::uint64_t>(i), 0);
        search::SimpleAgent agent;
        agent.curGameContext = &gc;
        BattleContext bc;
        bool kept = false;
        while (gc.outcome == GameOutcome::UNDECIDED) {
            if (gc.screenState == ScreenState::BATTLE) {
                if (first_only && kept) break;
                pool.push_back(gc);
                kept = true;
                bc = BattleContext();
                bc.init(gc);
                agent.playoutBattle(bc);
                bc.exitBattle(gc);
            } else {
                agent.stepOutOfCombat(gc);
            }
        }
    }
    return pool;
}

int usage() {
    std::fprintf(stderr, "usage: eve_sts_driver random_runs|agent_runs|random_battles|random_first_battles SECONDS FIRST_SEED [POOL_RUNS]\n");
    return 2;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 4) return usage();
    const std::string mode = argv[1];
    const double seconds = std::strtod(argv[2], nullptr);
    const std::uint64_t first_seed = std::strtoull(argv[3], nullptr, 10);
    const int pool_runs = argc > 4 ? std::atoi(argv[4]) : 32;
    const bool battles = mode == "random_battles" || mode == "random_first_battles";
    if (mode != "random_runs" && mode != "agent_runs" && !battles) return usage();

    Tally t;
    RandomFighter fighter(first_seed);
    std::vector<GameContext> pool;
    if (battles) {
        pool = fight_pool(first_seed, pool_runs, mode == "random_first_battles");
        if (pool.empty()) return usage();
    }
    search::SimpleAgent warm;   // its card tables are filled once, on the first agent made
    (void)warm;

    const double start = cpu_seconds();
    double elapsed = 0.0;
    std::uint64_t i = 0;
    BattleContext bc;
    while (true) {
        for (int k = 0; k < kClockEvery; ++k, ++i) {
            if (mode == "random_runs") {
                random_run(first_seed + i, fighter, t);
            } else if (mode == "agent_runs") {
                agent_run(first_seed + i, t);
            } else {
                bc = BattleContext();
                bc.init(pool[i % pool.size()]);
                const std::int64_t d = fighter.play(bc);
                if (d < 0) {
                    ++t.capped;
                } else {
                    t.decisions += d;
                }
                t.wins += bc.outcome == Outcome::PLAYER_VICTORY;
                ++t.units;
            }
        }
        elapsed = cpu_seconds() - start;
        if (elapsed >= seconds) break;
    }
    std::printf("{\"mode\": \"%s\", \"cpu_s\": %.6f, \"units\": %lld, \"decisions\": %lld, "
                "\"floors\": %lld, \"wins\": %lld, \"fights\": %lld, \"stuck\": %lld, "
                "\"capped\": %lld, \"pool\": %zu}\n",
                mode.c_str(), elapsed, static_cast<long long>(t.units),
                static_cast<long long>(t.decisions), static_cast<long long>(t.floors),
                static_cast<long long>(t.wins), static_cast<long long>(t.fights),
                static_cast<long long>(t.stuck), static_cast<long long>(t.capped), pool.size());
    return 0;
}
