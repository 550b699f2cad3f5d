"""Player movement: the golden cases, and the search's routes (the presets' only ones)
against the path check on random courts."""

from __future__ import annotations

import hashlib
import heapq
import random

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.dribble import square_cost
from companion.rules.yaotzin.grid import Direction, Square, distance
from companion.rules.yaotzin.movement import (
    check_path,
    most_closed,
    nearest_route,
    nearest_run,
    path_cost,
    reachable,
)
from companion.rules.yaotzin.players import Player, Roster
from companion.rules.yaotzin.settings import Settings
from tests.helpers import expect_or_refuse, golden

CASES = golden("yaotzin/movement.json")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_movement(case):
    court, settings = Court(), Settings()
    at = case.get("mover_at", [30, 12])
    roster = Roster([Player("m", "sun", *at, prone=case.get("prone", False)),
                     Player("o", "moon", 33, 12), Player("t", "sun", 29, 12)], court)
    ball = Square(*case.get("ball", [40, 12]))
    expect_or_refuse(case, lambda: check_path(court, roster, "m",
                                              [Square(*s) for s in case["path"]],
                                              case["budget"], ball, settings))


def test_every_route_the_presets_take_passes_the_check():
    """The search's cheapest paths, on random courts: each is legal by the path check and
    costs what it says."""
    rng = random.Random(7)
    for _ in range(300):
        width = rng.randint(6, 26)
        court = Court.from_dict({"length": rng.randint(10, 60), "width": width})
        settings = Settings(equidistant_diagonals=rng.random() < 0.2)
        taken, players = set(), []
        for i in range(rng.randint(2, 14)):
            sq = Square(rng.randrange(court.length), rng.randrange(court.width))
            if sq in taken:
                continue
            taken.add(sq)
            players.append(Player(f"p{i}", rng.choice(("sun", "moon")), sq.x, sq.y))
        roster = Roster(players, court)
        mover = players[0]
        ball = Square(rng.randrange(court.length), rng.randrange(court.width))
        budget = rng.choice((1, 6, 12))
        kind = {1: "five_foot_step", 6: "move", 12: "double_move"}[budget]
        options = reachable(court, roster, mover, budget, ball, settings)
        for sq, cost in options.costs.items():
            path = options.path(sq)
            check_path(court, roster, mover.id, list(path), kind, ball, settings)
            assert path_cost(court, list(path), settings) == cost and path[-1] == sq


def test_the_search_answers_as_the_tuple_keyed_search_it_replaced():
    """The integer-state search (the speed-up) gives every cost, in the same order, and
    every cheapest path that the search keyed by (x, y, parity) tuples gave: a digest of its
    answers on random courts, pinned from that search (the presets' routes, so every seeded
    match, depend on them to the bit)."""
    rng = random.Random(38)
    digest = hashlib.md5()
    for _ in range(200):
        width = rng.randint(6, 26)
        court = Court.from_dict({"length": rng.randint(10, 60), "width": width})
        settings = Settings(equidistant_diagonals=rng.random() < 0.2)
        taken, players = set(), []
        for i in range(rng.randint(2, 14)):
            sq = Square(rng.randrange(court.length), rng.randrange(court.width))
            if sq in taken:
                continue
            taken.add(sq)
            players.append(Player(f"p{i}", rng.choice(("sun", "moon")), sq.x, sq.y))
        ball = Square(rng.randrange(court.length), rng.randrange(court.width))
        options = reachable(court, Roster(players, court), players[0],
                            rng.choice((1, 6, 12, 24)), ball, settings)
        digest.update(repr([(sq, cost, options.path(sq))
                            for sq, cost in options.costs.items()]).encode())
    assert digest.hexdigest() == "af879ea76f0adba0c6842b93ca1ac32a"



def random_court(rng: random.Random, speeds: bool = False):
    """A random court, its diagonal rule (`eq`, and as Settings) and 2 to 14 players on squares
    of their own (each with a speed of 20, 30 or 40 ft when `speeds`)."""
    court = Court.from_dict({"length": rng.randint(10, 60), "width": rng.randint(6, 26)})
    eq = rng.random() < 0.3
    taken, players = set(), []
    for i in range(rng.randint(2, 14)):
        sq = Square(rng.randrange(court.length), rng.randrange(court.width))
        if sq not in taken:
            taken.add(sq)
            team = rng.choice(("sun", "moon"))
            extra = {"speed": rng.choice((20, 30, 40))} if speeds else {}
            players.append(Player(f"p{i}", team, sq.x, sq.y, **extra))
    return court, eq, Settings(equidistant_diagonals=eq), players

def test_the_square_nearest_a_goal_is_the_least_of_every_square_by_the_presets_preference():
    """`Reach.nearest` (without a square per state) and `nearest_route` (the presets' `route`,
    which also leaves out what cannot come nearer) pick the square and path that the least
    of `costs` by (distance, cost, squared distance, square) picks, on random courts, goals
    on and off the court and far away, both diagonal rules."""
    rng = random.Random(11)
    for _ in range(1500):
        court, eq, settings, players = random_court(rng)
        ball = Square(rng.randrange(court.length), rng.randrange(court.width))
        goal = rng.choice((ball, Square(rng.randrange(-3, court.length + 3),
                                        rng.randrange(-3, court.width + 3)),
                           Square(rng.choice((-20, court.length + 20)), rng.randrange(-9, 30))))
        budget = rng.choice((1, 6, 12, 24))
        options = reachable(court, Roster(players, court), players[0], budget, ball, settings)
        fresh = reachable(court, Roster(players, court), players[0], budget, ball, settings)
        costs = options.costs
        end = min(costs, key=lambda sq: (distance(sq, goal, eq), costs[sq],
                                         (sq.x - goal.x) ** 2 + (sq.y - goal.y) ** 2, sq))
        want = (costs[end], options.path(end))
        assert fresh.nearest(goal, eq) == want
        assert nearest_route(court, Roster(players, court), players[0], budget, ball, settings,
                             goal) == want


@pytest.mark.parametrize("equidistant", [False, True])
def test_most_closed_is_the_most_any_path_shortens_the_distance_to_a_square(equidistant):
    """`most_closed`, the bound `nearest_route` prunes by, against the cheapest cost to every
    square of an open flat court (a slope or a player only adds cost or bars a square), from
    either diagonal parity, with up to a double move's 12 squares left, to every goal within
    16 squares: never exceeded, and reached."""
    for parity in (0, 1):
        costs = {(0, 0, parity): 0}     # Dijkstra over (x, y, parity), the rules' step costs
        frontier = [(0, 0, 0, parity)]
        while frontier:
            cost, x, y, p = heapq.heappop(frontier)
            if cost > costs[(x, y, p)]:
                continue
            for d in Direction:
                diagonal = d.dx != 0 and d.dy != 0 and not equidistant
                state = (x + d.dx, y + d.dy, p ^ diagonal)
                total = cost + square_cost(diagonal, p, False)
                if total <= 12 and total < costs.get(state, 99):
                    costs[state] = total
                    heapq.heappush(frontier, (total, *state))
        for left in range(13):
            ends = {(x, y) for (x, y, _), c in costs.items() if c <= left}
            most = max(distance(Square(0, 0), goal, equidistant)
                       - min(distance(Square(*sq), goal, equidistant) for sq in ends)
                       for goal in (Square(gx, gy) for gx in range(-16, 17)
                                    for gy in range(-16, 17)))
            assert most == most_closed(left, equidistant, parity), (left, parity)


def test_the_run_nearest_a_goal_is_the_nearest_of_every_run_the_path_check_allows():
    """`nearest_run` (the presets' runs) against every straight path of every length that
    the path check takes as a run, the least by (distance to the goal, squares), the first
    direction and the shortest among equals, on random courts."""
    rng = random.Random(5)
    for _ in range(400):
        court, eq, settings, players = random_court(rng, speeds=True)
        roster, mover = Roster(players, court), players[0]
        ball = Square(rng.randrange(court.length), rng.randrange(court.width))
        if ball == mover.square:
            continue
        goal = rng.choice((ball, Square(rng.randrange(-9, court.length + 9),
                                        rng.randrange(-3, court.width + 3))))
        runs = []
        for d in Direction:
            for n in range(1, 4 * mover.speed // 5 + 1):
                path = [mover.square.step(d, i) for i in range(n + 1)]
                try:
                    check_path(court, roster, mover.id, path, "run", ball, settings)
                except IllegalAction:
                    continue
                runs.append(tuple(path))
        want = min(runs, key=lambda r: (distance(r[-1], goal, eq), len(r)), default=None)
        assert nearest_run(court, roster, mover, ball, settings, goal) == want


def test_a_route_to_a_goal_past_the_ball_ends_where_the_ball_stops_him():
    """The ball between him and the goal, the squares beside it held by opponents: no path
    goes on past the ball, so neither may the walk `nearest_route` prunes by (it would take a
    square beyond the ball for one he reaches)."""
    court, settings = Court(), Settings()
    mover = Player("m", "sun", 5, 12)
    players = [mover, *(Player(f"o{i}", "moon", x, y)
                        for i, (x, y) in enumerate(((6, 11), (6, 13), (7, 11), (7, 13))))]
    roster, ball, goal = Roster(players, court), Square(7, 12), Square(20, 12)
    for budget in (6, 12):
        options = reachable(court, roster, mover, budget, ball, settings)
        costs = options.costs
        end = min(costs, key=lambda sq: (distance(sq, goal), costs[sq],
                                         (sq.x - goal.x) ** 2 + (sq.y - goal.y) ** 2, sq))
        assert nearest_route(court, roster, mover, budget, ball, settings, goal) == (
            costs[end], options.path(end))
