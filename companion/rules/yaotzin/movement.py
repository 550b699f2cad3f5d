"""Player movement on the court (rulings "Player movement"): what a path costs, whether it is
legal, and every square a player can reach.

3.5 movement: a move action goes up to the player's speed; diagonals alternate 1 and 2
squares over the whole movement; a slope square entered uphill costs double (the court's
45-degree slopes are steep slopes, 3.5 DMG); a double move spends the standard action too; a
5-ft step is one square of 5 ft when the player moves no other way (standing up from prone is
a move action but not movement, so a 5-ft step may follow it); a run (3.5: a full-round action,
four times his speed in a straight line) is for a player who neither starts with nor touches
the ball that turn: every step in one of the 8 grid directions, the same one, and never into
the ball's square. A player never enters an
opponent's square, passes through a teammate's but does not end there, and stops where he
enters the ball's square (7.0: he stops it and controls it). The cost of the steps is the
dribble's own `action_cost` (one rule for both).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..errors import IllegalAction, RulesError
from .court import Court
from .dribble import action_cost, square_cost
from .grid import Direction, Square, chebyshev, distance_xy, square_at
from .players import Player, Roster
from .settings import Settings

BUDGETS = ("move", "double_move", "five_foot_step", "run")
RUN_MULTIPLIER = 4


def budget_squares(player: Player, budget: str) -> int:
    """Squares of movement the budget gives: a move action's speed, twice it (a double move),
    four times it (a run), or 5 ft."""
    if budget not in BUDGETS:
        raise RulesError(f"budget must be one of {', '.join(BUDGETS)}", field="budget")
    if budget == "five_foot_step":
        return 1
    times = {"move": 1, "double_move": 2, "run": RUN_MULTIPLIER}[budget]
    return (player.speed // 5) * times


def steps_of(court: Court, path: Sequence[Square], equidistant: bool) -> list[tuple[bool, bool]]:
    """(diagonal, uphill) for each step of the path (its first square is where he stands)."""
    heights = court.height
    return [(not equidistant and a.x != b.x and a.y != b.y, heights(b.y) > heights(a.y))
            for a, b in zip(path, path[1:])]


def path_cost(court: Court, path: Sequence[Square], settings: Settings) -> int:
    """Squares of movement the whole path spends."""
    return action_cost(steps_of(court, path, settings.equidistant_diagonals))


def check_path(court: Court, roster: Roster, mover_id: str, path: Sequence[Square],
               budget: str, ball: Square, settings: Settings) -> dict:
    """Refuse an illegal path (422 on `path.<i>`); else its cost and where it ends."""
    mover = roster.get(mover_id, field="mover")
    if not path or path[0] != mover.square:
        raise IllegalAction(f"the path starts at {mover.label}'s own square ({mover.x},"
                            f" {mover.y})", field="path.0")
    if mover.prone and len(path) > 1 and budget in ("double_move", "run"):
        raise IllegalAction(f"{mover.label} is prone: standing up takes his move action, so"
                            f" he has one move action's movement, or a 5-ft step, at most",
                            field="budget")
    if budget == "run":
        check_run(mover, path, ball)
    for i, (a, b) in enumerate(zip(path, path[1:]), start=1):
        where = f"path.{i}"
        if chebyshev(a, b) != 1:
            raise IllegalAction(f"({b.x}, {b.y}) is not next to ({a.x}, {a.y})", field=where)
        if not court.on_field(b):
            raise IllegalAction(f"({b.x}, {b.y}) is off the field of play", field=where)
        if any(p.team != mover.team for p in roster.at(b)):
            raise IllegalAction(f"({b.x}, {b.y}) holds an opponent: a player enters an"
                                f" opponent's square only by a contest", field=where)
        if a == ball and a != mover.square:
            raise IllegalAction(f"{mover.label} stops the ball where he enters its square"
                                f" ({a.x}, {a.y}): the path ends there", field=where)
        if b == mover.square:
            raise IllegalAction("the path comes back to where it started", field=where)
    end = path[-1]
    if len(path) > 1 and any(p.id != mover.id for p in roster.at(end)):
        raise IllegalAction(f"({end.x}, {end.y}) holds a teammate: a player passes through a"
                            f" teammate's square but does not end there",
                            field=f"path.{len(path) - 1}")
    have = budget_squares(mover, budget)
    cost = path_cost(court, path, settings)
    if cost > have:
        raise IllegalAction(f"the path costs {5 * cost} ft of movement; {mover.label} has"
                            f" {5 * have} ft ({budget.replace('_', ' ')})", field="path")
    return {"mover": mover.id, "cost_ft": 5 * cost, "budget_ft": 5 * have,
            "end": end.as_dict(), "takes_ball": end == ball and len(path) > 1}


def check_run(mover: Player, path: Sequence[Square], ball: Square) -> None:
    """A run (3.5, x4): a straight line, one grid direction for every step, by a player who
    neither starts with nor touches the ball (rulings "Player movement")."""
    if mover.square == ball:
        raise IllegalAction(f"{mover.label} starts his turn with the ball: he may not run",
                            field="budget")
    if ball in path:
        raise IllegalAction(f"a run never touches the ball: ({ball.x}, {ball.y}) is the"
                            f" ball's square", field=f"path.{list(path).index(ball)}")
    steps = [(b.x - a.x, b.y - a.y) for a, b in zip(path, path[1:])]
    for i, step in enumerate(steps[1:], start=2):
        if step != steps[0]:
            raise IllegalAction("a run goes in a straight line: every step in the same one of"
                                " the 8 grid directions", field=f"path.{i}")


def nearest_run(court: Court, roster: Roster, mover: Player, ball: Square, settings: Settings,
                goal: Square) -> tuple[Square, ...] | None:
    """The legal run (every step in one of the 8 grid directions, the same one, within four
    times his speed, stopping short of the ball, an opponent and the field's edge, ending on
    a square he may stand on) that ends nearest `goal`, the shortest among equals, the first
    direction (`Direction`'s order) among those; None when he has no run. Only that run is
    built."""
    have = budget_squares(mover, "run")
    length, width = court.length, court.width
    # squares as y * length + x (a roster's players stand on the field)
    blocked = {p.y * length + p.x for p in roster.players if p.team != mover.team}
    mates = {p.y * length + p.x for p in roster.players
             if p.team == mover.team and p.id != mover.id}
    heights = court.heights
    eq = settings.equidistant_diagonals
    gx, gy, bx, by = goal.x, goal.y, ball.x, ball.y
    best: tuple[Direction, int] | None = None
    best_far = best_n = 0
    for d in Direction:
        dx, dy = d.dx, d.dy
        diagonal = dx != 0 and dy != 0 and not eq
        x, y, n, cost, parity = mover.x, mover.y, 0, 0, 0
        while True:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < length and 0 <= ny < width) or ny * length + nx in blocked or (
                    nx == bx and ny == by):
                break
            cost += square_cost(diagonal, parity, heights[ny] > heights[y])
            parity ^= diagonal
            if cost > have:
                break
            x, y, n = nx, ny, n + 1
            if y * length + x not in mates:
                far = distance_xy(x, y, gx, gy, eq)
                if best is None or far < best_far or (far == best_far and n < best_n):
                    best, best_far, best_n = (d, n), far, n
    if best is None:
        return None
    d, n = best
    return tuple(mover.square.step(d, i) for i in range(n + 1))


_STEPS = tuple((d.dx, d.dy, d.dx != 0 and d.dy != 0) for d in Direction)


SEARCH_LIMIT = 25_000
"""States (square, diagonal parity) one search may reach: a double move at 150 ft on an open
court reaches about 19,500 (the fastest, 300 ft, about 75,600). Past it the search stops and
is refused (`SearchTooLarge`), so a request's work is bounded by design."""


class SearchTooLarge(RulesError):
    """A movement search that would pass SEARCH_LIMIT states: refused, never half-answered."""

    def __init__(self, mover: Player, limit: int):
        super().__init__(f"finding {mover.label}'s way would search more than {limit} squares:"
                         f" give a smaller court or a lower speed", field="mover")


class Reach:
    """A search's answer: the cheapest cost to each square he may end on, and the search's
    parent links, from which one square's path is rebuilt when it is wanted (a path for
    every square would cost memory in the square of the budget). A search state is one
    integer, (row * length + column) * 2 + diagonal parity; a parent of -1 is where he
    stood. The squares and their costs (`costs`) are built only when asked for: the presets
    ask only for the one nearest a goal (`nearest`), which needs none."""

    def __init__(self, best: list[int], order: list[int], mates: list[bool],
                 parents: list[int], length: int, toward: Square | None = None,
                 nearest_states: list[int] | None = None):
        self._best = best
        self._order = order                 # the states in the order first reached
        self._mates = mates                 # teammates' squares: passed through, not ended on
        self._parents = parents
        self._length = length
        # a search toward a goal (`nearest_route`) keeps the states it reached at the least
        # distance from it, in the order first reached: the only ones `nearest` can pick
        self._toward = toward
        self._nearest_states = nearest_states
        self._costs: dict[Square, int] | None = None
        self._ends: dict[Square, int] = {}

    @property
    def costs(self) -> dict[Square, int]:
        """Each square he may end on, the cheapest cost there (in the order first reached)."""
        if self._costs is None:
            costs: dict[Square, int] = {}
            for state in self._order:
                cell = state >> 1
                if self._mates[cell]:
                    continue
                cost = self._best[state]
                y = cell // self._length
                x = cell - y * self._length
                sq = Square(x, y)
                if sq in costs and costs[sq] <= cost:
                    continue
                costs[sq] = cost
                self._ends[sq] = state
            self._costs = costs
        return self._costs

    def path(self, square: Square) -> tuple[Square, ...]:
        """The cheapest path to `square` (a key of `costs`), from where he stands."""
        if square not in self.costs:
            raise KeyError(square)
        return self._path(self._ends[square])

    def _path(self, at: int) -> tuple[Square, ...]:
        path = []
        while at >= 0:
            y = (at >> 1) // self._length
            x = (at >> 1) - y * self._length
            path.append(square_at(x, y))
            at = self._parents[at]
        return tuple(reversed(path))

    def nearest(self, goal: Square, equidistant: bool) -> tuple[int, tuple[Square, ...]]:
        """(cost, path) to the square he may end on nearest `goal` (grid distance), the
        cheapest way; among equals the one most straight in line with the goal (the least
        squared distance), then the lowest square ((x, y) in order): the same square as the
        least of `costs` by (distance, cost, squared distance, square), without building a
        square per state. Of a square's two states, the cheaper, else the first reached."""
        gx, gy = goal.x, goal.y
        length = self._length
        best, mates = self._best, self._mates
        states = self._order
        if self._nearest_states is not None and goal == self._toward:
            states = self._nearest_states
        top = -1
        t_far = t_cost = t_line = t_x = t_y = 0
        for state in states:
            cell = state >> 1
            if mates[cell]:
                continue
            y = cell // length
            x = cell - y * length
            far = distance_xy(x, y, gx, gy, equidistant)
            cost = best[state]
            line = (x - gx) * (x - gx) + (y - gy) * (y - gy)
            if top >= 0:                    # (far, cost, line, x, y) against the best's
                if far != t_far:
                    if far > t_far:
                        continue
                elif cost != t_cost:
                    if cost > t_cost:
                        continue
                elif line != t_line:
                    if line > t_line:
                        continue
                elif x != t_x:
                    if x > t_x:
                        continue
                elif y >= t_y:
                    continue                # the same square: the first reached stays
            top, t_far, t_cost, t_line, t_x, t_y = state, far, cost, line, x, y
        return t_cost, self._path(top)


# A court of more squares than this gets no table of steps: a search works each square's steps
# out as it reaches it (the table of a 1000 x 400 court held 175 MB, kept for the next request).
STEP_TABLE_LIMIT = 20_000


def square_steps(court: Court, equidistant: bool, cell: int) -> list[int]:
    """The steps out of one square (row * length + column), each one integer: (the square
    entered * 2 + diagonal) * 2 + uphill, diagonal counted only when diagonals alternate."""
    length, width = court.length, court.width
    heights = court.heights
    y = cell // length
    x = cell - y * length
    steps = []
    for dx, dy, diagonal in _STEPS:
        nx, ny = x + dx, y + dy
        if 0 <= nx < length and 0 <= ny < width:
            slant = diagonal and not equidistant
            steps.append(((ny * length + nx) * 2 + slant) * 2 + (heights[ny] > heights[y]))
    return steps


@lru_cache(maxsize=64)
def court_steps(court: Court, equidistant: bool) -> tuple[list[int], ...]:
    """Every square's steps (`square_steps`), worked out once a court, not at every state of
    every search: for courts of at most STEP_TABLE_LIMIT squares."""
    return tuple(square_steps(court, equidistant, cell)
                 for cell in range(court.length * court.width))


# a step's cost by its code's low bits (diagonal, uphill) and the diagonal parity so far:
# the dribble's own `square_cost`, looked up
_STEP_COST = tuple(tuple(square_cost(bool(code & 2), parity, bool(code & 1)) for code in range(4))
                   for parity in (0, 1))


def reachable(court: Court, roster: Roster, mover: Player, budget: int, ball: Square,
              settings: Settings, limit: int = SEARCH_LIMIT) -> Reach:
    """Every square the mover may end on within `budget` squares, the cheapest way.

    A search over (square, diagonals so far odd or even), since what the next diagonal costs
    depends on that parity; the costs are small whole numbers, so the states are taken cost by
    cost from buckets (Dial's shortest paths). Opponents' squares are never entered; the
    ball's square ends the path; teammates' squares are passed through but not ended on.
    Past `limit` states reached: SearchTooLarge. The states are integers (`Reach`) and the
    search's tables flat lists over the court's squares: no tuple or dict entry per state.
    (A state's row and column are taken by // and -, not divmod, which builds a tuple of
    boxed integers even compiled.)
    """
    return _search(court, roster, mover, budget, ball, settings, limit, None)


def nearest_route(court: Court, roster: Roster, mover: Player, budget: int, ball: Square,
                  settings: Settings, goal: Square) -> tuple[int, tuple[Square, ...]]:
    """`reachable(...).nearest(goal, ...)`, the same square and path, searching less: a state
    from which no square can be reached as near the goal as one already reached is not
    expanded (`most_closed` bounds how much nearer the rest of the budget can bring him; the
    nearest starts at the end of one legal path towards the goal, `_walk_toward`).
    What it leaves out only reaches squares farther from the goal than the nearest, and
    never changes how a square nearer is reached (its cost, its path, or which of its two
    states came first). A state that could only tie the nearest distance reached is not
    expanded either once a square at that distance was reached as cheaply: every square past
    it costs more, and the cheaper one is preferred. The states at the nearest distance are
    kept as they are reached, so that `Reach.nearest` weighs only them. Unpruned where the
    search could reach `SEARCH_LIMIT` states, so that it refuses exactly where `reachable`
    does."""
    states = 2 * min(court.length * court.width, (2 * budget + 1) ** 2)
    toward = goal if states < SEARCH_LIMIT else None
    return _search(court, roster, mover, budget, ball, settings, SEARCH_LIMIT,
                   toward).nearest(goal, settings.equidistant_diagonals)


def most_closed(left: int, equidistant: bool, parity: int) -> int:
    """The most a path costing at most `left` squares can shorten the grid distance to a
    square, from a state whose diagonals so far are odd (`parity` 1: the next costs 2) or
    even. A straight step shortens it by at most 1; a diagonal by 1, and by half a square of
    the shorter leg more when that leg is even, which it is on every other diagonal at most,
    the diagonals costing 1 and 2 in turn: so never more than the cost, but for one square
    from a first diagonal that costs 1 (parity even, diagonals alternating). The exact most:
    tests/rules/yaotzin/test_movement.py finds it on an open court, every goal around."""
    return left + (left > 0 and not equidistant and parity == 0)


def _walk_toward(court: Court, equidistant: bool, table: tuple[list[int], ...] | None,
                 blocked: list[bool], mates: list[bool], here: int, stops: int, budget: int,
                 gx: int, gy: int) -> tuple[int, int]:
    """(distance, cost) of the nearest end to (gx, gy) on one legal path: each step the one
    that comes nearest the goal, the cheaper among equals, while a step comes nearer within
    the budget (never into an opponent, stopping on the ball). The search reaches that end as
    cheaply or more, so from its first state it may leave out what cannot come as near (its
    own `nearest` starts there): a far goal's search then expands a narrow band towards it,
    not the whole budget's diamond."""
    length = court.length
    y = here // length
    far = distance_xy(here - y * length, y, gx, gy, equidistant)
    best_far, best_cost = far, 0
    cell, parity, cost = here, 0, 0
    while cell != stops or cell == here:
        pick = pick_far = pick_cost = -1
        for step in table[cell] if table is not None else square_steps(court, equidistant, cell):
            ncell = step >> 2
            if blocked[ncell]:
                continue
            total = cost + _STEP_COST[parity][step & 3]
            if total > budget:
                continue
            y = ncell // length
            nfar = distance_xy(ncell - y * length, y, gx, gy, equidistant)
            if nfar < far and (pick < 0 or nfar < pick_far
                               or (nfar == pick_far and total < pick_cost)):
                pick, pick_far, pick_cost = step, nfar, total
        if pick < 0:
            break
        cell, far, cost = pick >> 2, pick_far, pick_cost
        parity ^= (pick >> 1) & 1
        if not mates[cell] and far < best_far:
            best_far, best_cost = far, cost
    return best_far, best_cost


def _search(court: Court, roster: Roster, mover: Player, budget: int, ball: Square,
            settings: Settings, limit: int, toward: Square | None) -> Reach:
    """`reachable`'s search; with `toward`, `nearest_route`'s."""
    length, width = court.length, court.width
    cells = length * width
    equidistant = settings.equidistant_diagonals
    table = court_steps(court, equidistant) if cells <= STEP_TABLE_LIMIT else None
    sx, sy = mover.x, mover.y
    blocked = [False] * cells               # opponents' squares, and his own
    mates = [False] * cells                 # teammates' squares: passed through, not ended on
    for p in roster.players:
        if 0 <= p.x < length and 0 <= p.y < width:
            if p.team != mover.team:
                blocked[p.y * length + p.x] = True
            elif p.id != mover.id:
                mates[p.y * length + p.x] = True
    here = sy * length + sx
    blocked[here] = True
    bx, by = ball
    stops = by * length + bx if 0 <= bx < length and 0 <= by < width else -1
    unseen = budget + 1
    best = [unseen] * (2 * cells)
    parents = [-1] * (2 * cells)
    order = [2 * here]                      # the states in the order first reached
    best[2 * here] = 0
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(2 * here)
    pruning = toward is not None
    gx, gy = (toward.x, toward.y) if toward is not None else (0, 0)
    closing = [[most_closed(left, equidistant, parity) for left in range(budget + 1)]
               for parity in (0, 1)]
    nearest = distance_xy(sx, sy, gx, gy, equidistant)    # the nearest end reached so far
    nearest_states = [2 * here]             # the ends reached at that distance, in order
    nearest_cost = 0                        # at most the cheapest of them (first reached)
    if pruning:
        ahead, ahead_cost = _walk_toward(court, equidistant, table, blocked, mates, here,
                                         stops, budget, gx, gy)
        if ahead < nearest:                 # an end as near will be reached: prune by it
            nearest, nearest_states, nearest_cost = ahead, [], ahead_cost
    for cost in range(budget + 1):
        for state in buckets[cost]:
            if best[state] != cost:
                continue
            cell = state >> 1
            parity = state & 1
            if cell == stops and cell != here:
                continue                    # he stops the ball there
            if pruning:
                y = cell // length
                x = cell - y * length
                closest = distance_xy(x, y, gx, gy, equidistant) - closing[parity][budget - cost]
                if closest > nearest or (closest == nearest and cost >= nearest_cost):
                    continue                # nothing from here comes as near as `nearest`,
                                            # or it comes as near only at a higher cost
            costs_now = _STEP_COST[parity]
            for step in (table[cell] if table is not None
                         else square_steps(court, equidistant, cell)):
                ncell = step >> 2
                if blocked[ncell]:
                    continue
                total = cost + costs_now[step & 3]
                if total > budget:
                    continue
                nxt = 2 * ncell + (parity ^ 1 if step & 2 else parity)
                if total < best[nxt]:
                    if best[nxt] == unseen:
                        if len(order) >= limit:
                            raise SearchTooLarge(mover, limit)
                        order.append(nxt)
                        if pruning and not mates[ncell]:
                            y = ncell // length
                            x = ncell - y * length
                            far = distance_xy(x, y, gx, gy, equidistant)
                            if far < nearest:
                                nearest, nearest_states, nearest_cost = far, [nxt], total
                            elif far == nearest:
                                nearest_states.append(nxt)
                                nearest_cost = min(nearest_cost, total)
                    best[nxt] = total
                    parents[nxt] = state
                    buckets[total].append(nxt)
    if pruning:
        return Reach(best, order, mates, parents, length, toward, nearest_states)
    return Reach(best, order, mates, parents, length)

