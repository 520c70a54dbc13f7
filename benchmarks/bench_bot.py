"""Tournaments of the computer opponent's levels (issue 27, docs/opponent.md).

Each match plays whole seeded games, both sides played by the computer, once with each
side assignment (level A as the first side, then as the second), on the small scenarios
made for it (``benchmarks/scenarios/bot-platoon.yaml`` and ``bot-squad.yaml``: 3 game
turns, 5 units a side) and, with ``--demos``, on the two bundled demos. It prints, per
match, A's wins, draws and losses with the 95% Wilson interval of A's share of the decided
games, and the decision times of each level (median, p95), beside the plain floor of a
game whose every decision is the first legal action (what the rules alone cost). Every
match's games (and one whole greedy-against-greedy game of each demo, with ``--demos``) run
in one pool of ``--jobs`` processes, the longest first, and the whole run's minutes are
printed last.

    python benchmarks/bench_bot.py                   # greedy v random, planner v greedy
    python benchmarks/bench_bot.py --games 50 --jobs 2 --demos --demo-games 10 --demo-budget 1
    python benchmarks/bench_bot.py --only demos --jobs 1 --demo-budget 1   # the demos alone

The targets (issue 27): greedy beats random in at least 90% of decided games; planner at a
1 s budget beats greedy in at least 65% of decided games over at least 100 games on the
small scenarios (its default 2 s budget no worse); planner v greedy on each demo for at
least 10 games (reported); planner's p95 decision time at most 5 s with the 2 s budget; a
whole greedy-against-greedy demo game under 5 minutes; the whole run under an hour on 2
cores.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop import bot  # noqa: E402
from tabletop.cli.common import load_play, make_los  # noqa: E402
from tabletop.rules import RandomDice, engine, victory  # noqa: E402

SMALL = (
    ROOT / "benchmarks/scenarios/bot-platoon.yaml",
    ROOT / "benchmarks/scenarios/bot-squad.yaml",
)
DEMOS = (ROOT / "scenarios/demo-platoon.yaml", ROOT / "scenarios/demo-squad.yaml")
MAX_ACTIONS = 3000


@dataclass(frozen=True)
class Player:
    level: str
    budget: float = bot.DEFAULT_BUDGET

    def __str__(self) -> str:
        return self.level if self.level != "planner" else f"planner@{self.budget:g}s"


@dataclass
class Game:
    winner: str | None  # "a", "b" or None (a draw)
    seconds: float
    times: dict[str, list[float]] = field(default_factory=dict)
    actions: int = 0


def play(path: str, a: Player, b: Player, a_first: bool, seed: int) -> Game:
    """One whole game: ``a`` plays the scenario's first side when ``a_first``."""
    state = load_play(path)
    los = make_los(state)
    first, second = list(state.scenario.sides)[:2]
    seats = {first: a, second: b} if a_first else {first: b, second: a}
    names = {first: "a" if a_first else "b", second: "b" if a_first else "a"}
    dice = RandomDice(seed)
    times: dict[str, list[float]] = {str(a): [], str(b): []}
    start = time.perf_counter()
    taken = 0
    while not state.finished and taken < MAX_ACTIONS:
        side = next((s for s in seats if bot.my_move(state, los, s)), None)
        if side is None:
            break
        player = seats[side]
        t0 = time.perf_counter()
        decision = bot.decide(state, los, side, player.level, seed=seed, budget=player.budget)
        times[str(player)].append(time.perf_counter() - t0)
        if decision is None:
            break
        engine.perform(state, decision.request, dice, los, by=bot.BY, why=decision.why)
        taken += 1
    result = victory.standing(state)
    winner = (
        victory.by_margin(state.scenario, result.vp) if result.winner is None else result.winner
    )
    return Game(names.get(winner) if winner else None, time.perf_counter() - start, times, taken)


def floor(path: str, seed: int) -> float:
    """Seconds of a game whose every decision is the first legal request: the rules'
    own cost, the plain baseline beside which the levels' times are read."""
    state = load_play(path)
    los = make_los(state)
    dice = RandomDice(seed)
    start = time.perf_counter()
    for _ in range(MAX_ACTIONS):
        if state.finished:
            break
        side = next((s for s in state.scenario.sides if bot.my_move(state, los, s)), None)
        if side is None:
            break
        requests = bot.levels.legal_requests(bot.view.side_view(state, side), los, side)
        idle = [r for r in requests if r.action in bot.levels.IDLE or r.action == "draw"]
        engine.perform(state, (idle or requests)[0], dice, los)
    return time.perf_counter() - start


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


Job = tuple[str, Player, Player, bool, int]


class Match(NamedTuple):
    """A match to report: its title, its two players, A's target share, its games."""

    title: str
    a: Player
    b: Player
    target: float | None
    jobs: list[Job]


def _job(args: Job) -> Game:
    return play(*args)


def games_of(paths: Sequence[Path], a: Player, b: Player, games: int) -> list[Job]:
    """``games`` games a scenario, half with ``a`` as the first side."""
    return [(str(p), a, b, i % 2 == 0, 1000 + i) for p in paths for i in range(games)]


def play_all(matches: dict[str, list[Job]], jobs: int) -> dict[str, list[Game]]:
    """Every match's games in one pool of ``jobs`` processes, the longest first (a demo
    game lasts minutes, a small one seconds: no process idles while another finishes the
    last long game of a match)."""
    work = [(name, i, job) for name, js in matches.items() for i, job in enumerate(js)]
    work.sort(key=lambda w: -_weight(w[2]))
    if jobs <= 1:
        done = [_job(job) for _name, _i, job in work]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            done = list(pool.map(_job, [job for _name, _i, job in work]))
    found = {(name, i): game for (name, i, _), game in zip(work, done, strict=True)}
    return {name: [found[name, i] for i in range(len(js))] for name, js in matches.items()}


def _weight(job: Job) -> float:
    """A game's expected length, for the order of the pool: a demo's is many times a small
    scenario's, and the planner's grows with its budget."""
    path, a, b, _first, _seed = job
    size = 20.0 if Path(path) in DEMOS else 1.0
    return size * sum(p.budget if p.level == "planner" else 0.3 for p in (a, b))


def report(title: str, a: Player, b: Player, played: list[Game], target: float | None) -> bool:
    wins = sum(g.winner == "a" for g in played)
    losses = sum(g.winner == "b" for g in played)
    draws = len(played) - wins - losses
    decided = wins + losses
    low, high = wilson(wins, decided)
    share = wins / decided if decided else 0.0
    print(f"{title}: {a} v {b}, {len(played)} games: {wins} won, {draws} drawn, {losses} lost; "
          f"{share:.0%} of decided games (95% {low:.0%}-{high:.0%})", end="")  # fmt: skip
    met = target is None or share >= target
    print("" if target is None else f"; target {target:.0%}: {'met' if met else 'NOT met'}")
    for player in (a, b):
        t = sorted(x for g in played for x in g.times.get(str(player), []))
        if t:
            p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
            print(f"    {player}: {len(t)} decisions, median {statistics.median(t):.2f} s, "
                  f"p95 {p95:.2f} s")  # fmt: skip
    print(f"    games: median {statistics.median(g.seconds for g in played):.1f} s, "
          f"{statistics.median(g.actions for g in played):.0f} actions")  # fmt: skip
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games a scenario and match")
    parser.add_argument("--jobs", type=int, default=2, help="processes in parallel")
    parser.add_argument("--demos", action="store_true", help="planner v greedy on the demos")
    parser.add_argument("--demo-games", type=int, default=10,
                        help="games a demo with --demos (default 10)")  # fmt: skip
    parser.add_argument("--demo-budget", type=float, default=bot.DEFAULT_BUDGET,
                        help="the planner's budget on the demos (default 2 s)")  # fmt: skip
    parser.add_argument("--only", choices=("random", "planner", "demos"),
                        help="one match only (demos: only the demos' games)")  # fmt: skip
    parser.add_argument("--budget", type=float, action="append",
                        help="the planner's budgets to play (default: 1 and 2 s)")  # fmt: skip
    args = parser.parse_args()
    start = time.perf_counter()
    for path in SMALL:
        print(f"floor ({path.name}, first legal action each time): {floor(str(path), 1):.1f} s")
    greedy, rand = Player("greedy"), Player("random")
    matches: dict[str, Match] = {}
    if args.only in (None, "random"):
        matches["random"] = Match("small scenarios", greedy, rand, 0.90,
                                  games_of(SMALL, greedy, rand, args.games))  # fmt: skip
    if args.only in (None, "planner"):
        for budget in args.budget or (1.0, bot.DEFAULT_BUDGET):
            a = Player("planner", budget)
            jobs = games_of(SMALL, a, greedy, args.games)
            matches[f"planner {budget}"] = Match("small scenarios", a, greedy, 0.65, jobs)
    if args.demos or args.only == "demos":
        a = Player("planner", args.demo_budget)
        for path in DEMOS:
            matches[path.name] = Match(path.name, a, greedy, None,
                                       games_of([path], a, greedy, args.demo_games))  # fmt: skip
        for path in DEMOS:  # one whole greedy-against-greedy game of each demo
            whole: Job = (str(path), greedy, greedy, True, 7)
            matches[f"whole {path.name}"] = Match("", greedy, greedy, None, [whole])
    played = play_all({name: m.jobs for name, m in matches.items()}, args.jobs)
    ok = True
    for name, m in matches.items():
        if name.startswith("whole "):
            game = played[name][0]
            print(f"greedy v greedy, {name}: {game.seconds:.0f} s, "
                  f"{game.actions} actions (target under 300 s)")  # fmt: skip
            ok &= game.seconds < 300
        else:
            ok &= report(m.title, m.a, m.b, played[name], m.target)
    print(f"whole run: {(time.perf_counter() - start) / 60:.1f} min with {args.jobs} processes")
    print("every target met" if ok else "some target NOT met")


if __name__ == "__main__":
    main()
