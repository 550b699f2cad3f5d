"""The autopilot's chasers move by the cheapest route (rulings "Player movement"): a fuzz of
`decide` judged by a cheapest-path count written here, apart from the rules' own search.

It fails on a frozen chaser (one who stands still, or stops short, while a square nearer the
ball is within his movement) and on a double move where one move action reaches.
"""

from __future__ import annotations

import heapq
import random

from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Square, distance
from companion.rules.yaotzin.movement import check_path
from companion.rules.yaotzin.players import Player, Roster
from companion.rules.yaotzin.settings import Settings
from companion.tactics.yaotzin import PRESETS, View, decide

NEIGHBOURS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def cheapest(court: Court, players: list[Player], mover: Player, ball: Square,
             equidistant: bool) -> dict[tuple[int, int], int]:
    """3.5 movement by Dijkstra over (square, diagonals so far odd): a diagonal costs 1 then
    2 alternately, a square entered uphill double; opponents' squares are shut, the ball's
    square ends the way, a teammate's square is passed through but not ended on."""
    shut = {(p.x, p.y) for p in players if p.team != mover.team}
    mates = {(p.x, p.y) for p in players if p.team == mover.team and p.id != mover.id}
    start = (mover.x, mover.y, 0)
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, (x, y, odd) = heapq.heappop(queue)
        if cost > best[(x, y, odd)] or ((x, y) == tuple(ball) and cost > 0):
            continue
        for dx, dy in NEIGHBOURS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < court.length and 0 <= ny < court.width) or (nx, ny) in shut:
                continue
            if (nx, ny) == (mover.x, mover.y):
                continue
            diagonal = dx != 0 and dy != 0 and not equidistant
            step = 2 if diagonal and odd else 1
            if court.height(ny) > court.height(y):
                step *= 2
            state = (nx, ny, odd ^ 1 if diagonal else odd)
            if cost + step < best.get(state, 10**9):
                best[state] = cost + step
                heapq.heappush(queue, (cost + step, state))
    out: dict[tuple[int, int], int] = {}
    for (x, y, _), cost in best.items():
        if (x, y) not in mates and cost < out.get((x, y), 10**9):
            out[(x, y)] = cost
    return out


def random_view(rng: random.Random) -> tuple[View, Player]:
    """A crowded court near the ball: a free ball or an opponent holding it, the mover within
    a double move or two of it, teammates and opponents in between."""
    width = rng.randint(8, 24)
    court = Court.from_dict({"length": rng.randint(16, 50), "width": width,
                             "slope": rng.randint(0, min(6, (width - 1) // 2))})
    ball = Square(rng.randrange(court.length), rng.randrange(court.width))
    taken = {ball}
    players: list[Player] = []

    def place(pid: str, team: str, spread: int) -> Player | None:
        for _ in range(20):
            sq = Square(min(max(ball.x + rng.randint(-spread, spread), 0), court.length - 1),
                        min(max(ball.y + rng.randint(-spread, spread), 0), court.width - 1))
            if sq not in taken:
                taken.add(sq)
                p = Player(pid, team, sq.x, sq.y, speed=rng.choice((30, 30, 30, 20, 40)))
                players.append(p)
                return p
        return None

    held = rng.random() < 0.5
    if held:
        players.append(Player("holder", "moon", ball.x, ball.y))
    mover = place("m", "sun", rng.choice((3, 6, 9, 13)))
    for i in range(rng.randint(0, 8)):
        place(f"s{i}", "sun", 5)
        place(f"o{i}", "moon", 7)
    assert mover is not None
    settings = Settings(equidistant_diagonals=rng.random() < 0.15)
    roster = Roster(players, court)
    return View(court, settings, roster, Ball.at(ball), {"sun": "east", "moon": "west"}), mover


def test_a_chaser_takes_the_cheapest_route():
    """2,000 chaser turns: one move action (or a 5-ft step, one 5-ft square) when it reaches
    the ball (or a square beside its holder), a double move only when it does not, and never
    short of the nearest square his movement reaches; a run (x4, a straight line, never onto
    the ball) only when it ends nearer than the double move would."""
    rng = random.Random(37)
    seen = {"move": 0, "double_move": 0, "beyond": 0, "run": 0}
    for _ in range(2000):
        view, mover = random_view(rng)
        ball = view.ball.square
        holder = view.holder()
        costs = cheapest(view.court, list(view.roster.players), mover, ball,
                         view.settings.equidistant_diagonals)
        targets = ({sq for sq in costs if max(abs(sq[0] - ball.x), abs(sq[1] - ball.y)) == 1}
                   if holder else {tuple(ball)} & set(costs))
        need = min((costs[t] for t in targets), default=None)
        turn = decide(view, PRESETS["press-ball"], mover.id)
        end = (turn.path[-1].x, turn.path[-1].y)
        one_move = mover.speed // 5
        where = (view.court, [(p.id, p.x, p.y) for p in view.roster.players], ball, turn)
        if need is not None and need <= one_move:
            seen["move"] += 1
            assert end in targets, where
            assert turn.budget == ("five_foot_step" if turn.budget == "five_foot_step"
                                   and need == 1 and len(turn.path) == 2 else "move"), where
        elif need is not None and need <= 2 * one_move:
            seen["double_move"] += 1
            assert turn.budget == "double_move" and end in targets, where
        else:
            seen["beyond"] += 1
            within = [sq for sq, c in costs.items() if c <= 2 * one_move]
            nearest = min(distance(Square(*sq), ball, view.settings.equidistant_diagonals)
                          for sq in within)
            got = distance(Square(*end), ball, view.settings.equidistant_diagonals)
            if turn.budget == "run":          # x4 in a straight line, ending nearer still
                seen["run"] += 1
                check_path(view.court, view.roster, mover.id, turn.path, "run", ball,
                           view.settings)
                assert got < nearest and ball not in turn.path, where
            else:
                assert turn.budget == "double_move" and got == nearest, where
    assert min(seen.values()) > 30, seen


def test_a_kick_after_one_level_square_is_a_5_ft_step_and_a_standing_kick():
    """Rulings "Player movement": the route's `budget` and the suggestion's `standing` agree.
    A chaser one level square from a free ball takes it with a 5-ft step and kicks standing;
    one diagonal-then-more or an uphill square away moves (a running kick)."""
    court = Court()
    settings = Settings()
    for mover_at, budget, standing in (((40, 12), "five_foot_step", True),
                                       ((39, 12), "move", False)):
        roster = Roster([Player("m", "sun", *mover_at, str=18, dex=16, bab=4),
                         Player("o", "moon", 10, 3)], court)
        view = View(court, settings, roster, Ball.at(Square(41, 12)),
                    {"sun": "east", "moon": "west"})
        turn = decide(view, PRESETS["kick-long"], "m")
        assert turn.kind == "kick" and turn.path[-1] == Square(41, 12), turn
        assert (turn.budget, turn.standing) == (budget, standing), turn


def test_every_kick_s_standing_agrees_with_its_budget():
    """The fuzz's states again: a kick is standing exactly when he did not move, or moved by
    a 5-ft step."""
    rng = random.Random(38)
    kicks = 0
    for _ in range(1500):
        view, mover = random_view(rng)
        turn = decide(view, PRESETS["kick-long"], mover.id)
        if turn.kind != "kick":
            continue
        kicks += 1
        stepped = len(turn.path) == 2 and turn.budget == "five_foot_step"
        assert turn.standing == (len(turn.path) == 1 or stepped), turn
    assert kicks > 100
