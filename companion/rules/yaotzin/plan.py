"""The shot planner: the exact chance that a kick at a square ends up across a goal line.

For one kicker on the ball and the players where they stand, every square he can kick at is
scored by the probability that the ball crosses the goal line he attacks, counting

- the attack d20 and the scatter d8 (the same landing weights as the hover preview),
- the corner d2 of a kick straight along a row or a column,
- each opponent on the flight's line, in the order the ball reaches him, trying to stop it
  (his Reflex save d20: yoke, stop, deflection with its carom d8, or a miss),
- and the roll-on after landing: the ball's own actions (`ball_action`), square by square, with each
  opponent next to its path trying to stop it with his feet (Reflex d20).

Every step is the rules' own function (`kick_modifiers`, `landing_weights`, `flight_squares`,
`interceptors`, `flight_outcome`, `carom_squares`, `scatter_from`, `roll_on`, `ball_action`
(one ball action, as plain values), `d20_succeeds`); this module only adds up their
outcomes. tests/rules/yaotzin/test_plan.py checks it against a brute-force run of the real
resolvers over every sequence of dice.

The shortcuts (all off with `prune=False`, which the tests compare with) only leave out what
cannot change a chance of a goal: a ball heading away from the attacked line (`_can_score`), a
ball whose course on an empty court does not cross it or runs into a player standing on it
(`_course`), a ball action with nobody on or next to its squares (the empty court's action), a
flight with no opponent able to try on its line (`_may_be_on_line`), a kick none of whose
landings can score (`_out_of_play`). The empty-court courses and the flight lines are kept between
requests (`empty_court`, within one budget of bytes for every court, `PlannerMemory`;
`flight_squares`; `clear_caches` forgets them).

What the odds assume (the planner's policy, not the rules):
- Players stand where they are while the ball rolls (nobody moves between its actions).
- Every opponent of the kicker who may try, tries, at the first chance; teammates let the ball
  pass (a teammate in the ball's path still stops it: the rules give him no choice).
- Rounds are not counted: the attacks of opportunity a player has left when the ball is kicked
  are all he has until it stops. A try in flight or at a rolling ball spends one.
- A ball stopped or caught by anyone, or come to rest on the flat, scores nothing more.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from ..dice import d20_succeeds
from ..errors import IllegalAction, RulesError
from .ball import Ball
from .courses import MAX_TICKS, Course, EmptyCourt, PlannerMemory
from .court import ENDS, Court
from .flight import flight_dc, flight_squares, interceptors, needs_corner_roll
from .grid import Direction, Square, distance, snap, square_at
from .intercept import carom_squares, flight_outcome
from .kick import (
    KickModifiers,
    Refusal,
    kick_cost,
    kick_modifiers,
    modifiers_for,
    roll_on,
    scatter_from,
)
from .movement import court_steps
from .odds import (
    attack_spread,
    placed,
    scatter_headings,
    scatter_pattern,
    scatter_reach,
)
from .players import Player, Roster
from .settings import Settings
from .tick import BallAction, ball_action

D20 = range(1, 21)
D8 = range(1, 9)
MAX_AIMS = 12_000        # the most aim squares one request may weigh (Str 60: about 1,700)


@dataclass(frozen=True)
class AimOdds:
    """One aim square's chances: the goal, a hit, and the nonlethal damage expected."""

    x: int
    y: int
    p_goal: float
    p_hit: float
    expected_damage: float
    target_ft: int

    def as_dict(self) -> dict:
        return {"x": self.x, "y": self.y, "p_goal": self.p_goal, "p_hit": self.p_hit,
                "expected_damage": self.expected_damage, "target_ft": self.target_ft}


@dataclass(frozen=True)
class ShotPlan:
    """The shot planner's answer (`suggest_kicks`); `as_dict` is the `/yaotzin/kick/suggest`
    route's JSON. A kicker off the ball gets no squares and the `reason` (then `considered`
    is 0)."""

    kicker: str
    attacks: str
    considered: int
    reason: Refusal | None
    squares: tuple[AimOdds, ...]

    def as_dict(self) -> dict:
        if self.reason is not None:      # a refusal's keys come in the order they always have
            return {"kicker": self.kicker, "attacks": self.attacks, "squares": [],
                    "considered": 0, "reason": self.reason.as_dict()}
        return {"kicker": self.kicker, "attacks": self.attacks, "considered": self.considered,
                "reason": None, "squares": [a.as_dict() for a in self.squares]}


def default_attack_end(court: Court, kicker: Player) -> str:
    """The goal line nearer the kicker (east on a tie): used when a request does not say."""
    return "west" if kicker.x + 1 < court.length - kicker.x else "east"


@dataclass(slots=True)
class AimMemo:
    """What a planner remembers about aim squares, for one request: the modifiers of each
    (grid distance, cost) of kick, the landing patterns, and the modifiers, hits and landing
    pattern (`_kick`) of the squares whose bound says the search may weigh them further."""

    modifiers: dict[tuple[int, int], KickModifiers] = field(default_factory=dict)
    landings: dict[Square, tuple] = field(default_factory=dict)
    patterns: dict[tuple, tuple] = field(default_factory=dict)      # `_pattern`'s


@dataclass(slots=True)
class FlightMemo:
    """What a planner remembers about flights to a landing square: its (P(goal), expected
    damage) over the flight (`landing_value`), whether it can lead to a goal at all
    (`_matters`), and each (Reflex, DC)'s saves in flight (`_saves`)."""

    values: dict[Square, tuple[float, float]] = field(default_factory=dict)
    matters: dict[int, bool] = field(default_factory=dict)      # by x * width + y
    saves: dict[tuple[int, int], tuple[int, list[tuple[str, int]]]] = field(
        default_factory=dict)


@dataclass(slots=True)
class RollMemo:
    """What a planner remembers about the roll-on: the ball left by a flight nobody stopped
    (`roll_on`, per landing), each (ball, attacks spent)'s P(goal) (`roll_value`), the
    actions of a course its players can change (`_replay`), the rosters with attacks spent
    (`_roster_after`) and each (Reflex, DC)'s chance to stop a rolling ball."""

    after_landing: dict[Square, tuple] = field(default_factory=dict)
    chances: dict[tuple, float] = field(default_factory=dict)
    replays: dict[Ball, tuple] = field(default_factory=dict)
    rosters: dict[tuple, Roster] = field(default_factory=dict)
    stops: dict[tuple[int, int | None], float] = field(default_factory=dict)


@dataclass(slots=True)
class LandingMemo:
    """What a planner remembers about landings (`FlightMemo`, `RollMemo`): it depends on the
    court, the settings, the players, the kicker, the end he attacks and the shortcuts (`prune`),
    never on how he kicks (standing or not, Power Attack), so the planners of one turn's
    questions, one for each Power Attack option, may share it."""

    flights: FlightMemo = field(default_factory=FlightMemo)
    rolls: RollMemo = field(default_factory=RollMemo)


class KickPlanner:
    """Exact odds for every kick one kicker can make, sharing the work between aim squares.

    A landing square's value (the chance it leads to a goal, the damage it costs) does not
    depend on where the kicker aimed, so it is computed once per landing square; the roll-on
    is computed once per ball state and set of spent attacks of opportunity (of the players
    it can meet).
    """

    def __init__(self, court: Court, roster: Roster, kicker: Player, standing: bool,
                 power_attack: int, settings: Settings, attacks: str, *, prune: bool = True,
                 landings: LandingMemo | None = None):
        if attacks not in ENDS:
            raise RulesError("attacks must be west or east", field="attacks")
        self.court, self.roster, self.kicker = court, roster, kicker
        self._k = kicker.square
        self.standing, self.power_attack, self.settings = standing, power_attack, settings
        self.attacks = attacks
        self.toward = -1 if attacks == "west" else 1
        self.prune = prune
        self.eq = settings.equidistant_diagonals
        self._range_ft = kick_modifiers(court, kicker, kicker.square.step(Direction.E),
                                        standing, power_attack, settings).max_range_ft
        self._aims = AimMemo()
        landings = landings if landings is not None else LandingMemo()      # shared, or own
        self._flights, self._rolls = landings.flights, landings.rolls
        self._empty = empty = empty_court(court, settings)
        self.considered = 0
        self._occupied = 0              # the players' squares, as a course's `squares` are
        self._near = 0                  # ... and the squares on or next to a player
        self._within_one: dict[Square, list[str]] = {}      # square -> players on or next to it
        for p in roster.players:
            self._occupied |= empty.cell(p.x, p.y)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    self._within_one.setdefault(square_at(p.x + dx, p.y + dy), []).append(p.id)
                    if 0 <= p.y + dy < court.width:        # no course passes a wall
                        self._near |= empty.cell(p.x + dx, p.y + dy)
        reach = max(carom_squares(m) for m in range(-4, 0))     # the longest carom
        self._near_line = [p for p in roster.players
                           if p.id != kicker.id and p.team != kicker.team and p.can_react
                           and (p.x < reach if attacks == "west"
                                else p.x + reach >= court.length)]
        self._near_line_ids = {p.id for p in self._near_line}
        self._flyers = [p for p in roster.players     # who may try to stop a ball in flight
                        if p.id != kicker.id and p.team != kicker.team and p.can_react]

    # -- who tries ------------------------------------------------------------------------
    def tries(self, player_id: str) -> bool:
        """The planner's policy: opponents of the kicker try, teammates let the ball pass."""
        return self.roster.get(player_id).team != self.kicker.team

    # -- one aim square -------------------------------------------------------------------
    def _kick(self, target: Square) -> tuple | None:
        """(modifiers, hits out of 20, landing weights out of 160), or None out of range.
        The weights are built here, for the squares weighed further, from the kick's
        `landing_pattern` (kept by `_first_bound` for a square whose bound is above 0): most
        squares are never weighed further."""
        known = self._aims.landings.get(target)
        if known is None:
            mods = self._mods(target)
            if mods is None:
                return None
            hits, pattern = self._pattern(target, mods)
        else:
            mods, hits, pattern = known
        return mods, hits, placed(target.x, pattern)

    def _mods(self, target: Square) -> KickModifiers | None:
        """`kick_modifiers`, None out of range; shared by the kicks as far and as costly (the
        planner's __init__ has let `kick_modifiers` check the Power Attack)."""
        grid_squares = distance(self._k, target, self.eq)
        key = (grid_squares, kick_cost(self.court, self._k, target, grid_squares))
        mods = self._aims.modifiers.get(key)
        if mods is None:
            mods = self._aims.modifiers[key] = modifiers_for(self.kicker, *key, self.standing,
                                                      self.power_attack)
        return mods if mods.in_range else None

    def _pattern(self, target: Square, mods: KickModifiers
                 ) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """The kick's `landing_pattern` (its landing weights, no square built), kept for the
        request by what it depends on besides the court and the settings: `scatter_pattern`'s
        own table is keyed by those too, and hashes them (dataclasses) on every call."""
        k = self._k
        straight_on = snap(target.x - k.x, target.y - k.y)
        key = (target.y, straight_on, mods.modifier, mods.precise)
        known = self._aims.patterns.get(key)
        if known is None:
            known = self._aims.patterns[key] = scatter_pattern(
                self.court, target.y, straight_on, mods.modifier, mods.precise, self.settings)
        return known

    def aim(self, target: Square, full: bool = True) -> AimOdds | None:
        """The odds of a kick at `target`; None when it is beyond the kicker's range.

        With `full` false, the expected damage is left out (0.0) and only the landings that
        can lead to a goal are followed through their flight: enough to rank the squares.
        """
        kick = self._kick(target)
        if kick is None:
            return None
        mods, hits, weights = kick
        goal = damage = 0.0
        for landing, w in weights.items():
            if full or not self.prune or self._matters(landing):
                g, d = self.landing_value(landing)
                goal += w * g
                damage += w * d
        return AimOdds(target.x, target.y, goal / 160, hits / 20,
                       damage / 160 if full else 0.0, mods.target_ft)

    def _reach(self) -> int:
        """How far from the kicker a square in range can be, in grid squares. A kick's cost
        is its grid distance less half the rows it descends on a slope (`kick_cost`); it
        descends no more than one slope's rows, nor more rows than it moves, so no square
        farther than the range plus half of the smaller of those is in range."""
        squares = max(1, self._range_ft // 5)
        reach = squares + min(self.court.slope, 2 * squares + 1) // 2 + 1
        if (2 * reach + 1) * min(2 * reach + 1, self.court.width) > MAX_AIMS:
            raise RulesError(f"{self.kicker.label}'s range covers more than {MAX_AIMS} squares:"
                             f" more than the shot planner weighs", field="kicker")
        return reach

    def _in_range(self) -> Iterator[tuple[Square, KickModifiers]]:
        """(square, its kick's modifiers) for every square in range, each row from the
        kicker's column outwards. Along a row the rows climbed and descended do not change,
        and the grid distance does not shrink going away from the kicker's column, so
        neither does a kick's cost: the first square out of range (or beyond the end zone)
        ends that side of the row."""
        k, reach = self._k, self._reach()
        in_bounds = self.court.in_bounds
        for y in range(max(0, k.y - reach), min(self.court.width, k.y + reach + 1)):
            for xs in (range(k.x, k.x - reach - 1, -1), range(k.x + 1, k.x + reach + 1)):
                for x in xs:
                    sq = square_at(x, y)
                    if sq == k:
                        continue
                    mods = self._mods(sq) if in_bounds(sq) else None
                    if mods is None:
                        break
                    yield sq, mods

    def _first_bound(self, target: Square, mods: KickModifiers) -> float:
        """At least the chance of a goal from a kick at `target`, without any flight: every
        landing that can lead to a goal (`_matters`) counted as a sure one; 0 without weighing
        the landings of a kick that cannot score (`_out_of_play`)."""
        if self._out_of_play(target, mods):
            return 0.0
        hits, pattern = self._pattern(target, mods)
        bound = self._pattern_bound(target.x, pattern)
        if bound > 0:
            self._aims.landings[target] = (mods, hits, pattern)
        return bound

    def _out_of_play(self, target: Square, mods: KickModifiers) -> bool:
        """Whether no landing of a kick at `target` can lead to a goal (`_matters`), known
        without weighing its landings: they all lie within the farthest a miss scatters
        (`scatter_reach`) of the target, rows pulled back inside the walls. If none of those
        squares is beyond a goal line, none is past the kicker's column toward the attacked
        line (so the roll from any of them heads away from it or straight across: no
        `_can_score`), and no opponent near the line stands where a flight to one of them
        could pass (no `_carom_possible`), none of them matters."""
        reach = scatter_reach(mods.modifier, mods.precise)
        x0, x1 = target.x - reach, target.x + reach
        k = self._k
        if x0 < 0 or x1 >= self.court.length or (x0 < k.x if self.toward < 0 else x1 > k.x):
            return False
        if self._near_line:
            y0, y1 = max(0, target.y - reach), min(self.court.width - 1, target.y + reach)
            bx0, bx1 = min(k.x, x0) - 1, max(k.x, x1) + 1
            by0, by1 = min(k.y, y0) - 1, max(k.y, y1) + 1
            if any(bx0 <= p.x <= bx1 and by0 <= p.y <= by1 for p in self._near_line):
                return False
        return True

    def all_aims(self, top: int | None = None, at_least: float = 0.0) -> list[AimOdds]:
        """The aim squares in range, best first, each with its expected damage.

        With `top`, only the best `top`: squares are taken in order of an upper bound on
        their chance (every landing that might lead to a goal counted as a sure one), and the
        search stops once no square left can beat the `top`-th best found.

        With `at_least`, only the squares whose chance of a goal reaches it: a preset that
        kicks at a threshold asks no more, and when no square's bound reaches it (three
        questions in four) the ranking is skipped. The squares kept are the same, in the same
        order, as without it.
        """
        bounded = top is not None and self.prune
        bounds = [(self._first_bound(sq, mods) if bounded else 1.0, sq)
                  for sq, mods in self._in_range()]
        self.considered = len(bounds)
        if bounded:
            bounds.sort(key=lambda item: -item[0])
        least = at_least - 1e-9 if at_least > 0 else None
        ranked: list[AimOdds] = []
        for bound, sq in bounds:
            have_top = top is not None and bounded and len(ranked) >= top
            floor = ranked[top - 1].p_goal - 1e-9 if top is not None and have_top else None
            if least is not None and (floor is None or floor < least):
                floor = least
            if floor is not None and bound < floor:
                break
            odds = self._ranking_odds(sq, floor)
            if odds is not None:
                insort(ranked, odds, key=self._rank)
        head = ranked if top is None else ranked[:top]
        aims = [self.aim(Square(a.x, a.y)) for a in head]     # each in range: none is None
        return sorted((a for a in aims if a is not None and a.p_goal >= at_least),
                      key=self._rank)

    def _rank(self, a: AimOdds) -> tuple:
        """Best first: the chance of a goal, then of a hit, then the shorter kick, then the
        aim nearer the kicker's own row, then north before south, west before east."""
        return (-round(a.p_goal, 12), -round(a.p_hit, 12), a.target_ft,
                abs(a.y - self.kicker.y), a.y, a.x)

    def _ranking_odds(self, target: Square, floor: float | None) -> AimOdds | None:
        """`aim(target, full=False)`, or None as soon as its chance cannot reach `floor`: the
        landings are taken heaviest first, each one left counted as a sure goal until known."""
        if floor is None:
            return self.aim(target, full=False)
        kick = self._kick(target)
        assert kick is not None, "ranked squares are in range"
        mods, hits, weights = kick
        left = sum(w for sq, w in weights.items() if self._matters(sq))
        goal = 0.0
        for landing, w in sorted(weights.items(), key=lambda item: -item[1]):
            if not self._matters(landing):
                continue
            left -= w
            goal += w * self.landing_value(landing)[0]
            if (goal + left) / 160 < floor:
                return None
        return AimOdds(target.x, target.y, goal / 160, hits / 20, 0.0, mods.target_ft)

    def _pattern_bound(self, column: int, pattern: tuple[tuple[int, int, int], ...]) -> float:
        """The landings' weight that `_matters`, out of 160, for a `landing_pattern` at
        `column`: a square is built only for a landing not yet known."""
        matter = self._flights.matters
        width = self.court.width
        total = 0
        for dx, y, w in pattern:
            x = column + dx
            known = matter.get(x * width + y)
            if known is None:
                known = self._matters(square_at(x, y))
            if known:
                total += w
        return total / 160

    def _matters(self, landing: Square) -> bool:
        """Whether a landing can lead to a goal at all: it is beyond a line, or the ball would
        roll over the attacked line on an empty court without running into a player standing
        on its way (`_course`), or an opponent it passes stands close enough to the line for a
        deflection to carom over it. Otherwise the flight's interceptions can only stop a ball
        that was never going to score. Remembered by x * width + y (a landing is on a row)."""
        key = landing.x * self.court.width + landing.y
        known = self._flights.matters.get(key)
        if known is None:
            known = self._flights.matters[key] = self._could_score(landing)
        return known

    def _could_score(self, landing: Square) -> bool:
        if self.court.scoring_end(landing) or self._carom_possible(landing):
            return True
        after, _, receiver = self._after(landing)
        return receiver is None and self._can_score(after) and self._course(after) is not None

    def _after(self, landing: Square) -> tuple:
        """`roll_on` after a flight to `landing` that nobody stopped."""
        after_landing = self._rolls.after_landing
        if landing not in after_landing:
            after_landing[landing] = roll_on(self.court, self.roster, self._k, landing, self.eq)
        return after_landing[landing]

    def _carom_possible(self, landing: Square) -> bool:
        return self._may_be_on_line(self._near_line, landing)

    # -- one landing square ---------------------------------------------------------------
    def landing_value(self, landing: Square) -> tuple[float, float]:
        """(P(goal), expected nonlethal damage) once the ball lands here, over the corner d2,
        every interception in flight and the roll-on."""
        known = self._flights.values.get(landing)
        if known is None:
            k = self.kicker.square
            if self.prune and not self._may_be_on_line(self._flyers, landing):
                known = (self._untouched(landing, ()), 0.0)     # nobody to try in flight
            else:
                corners = (1, 2) if needs_corner_roll(k, landing) else (1,)
                parts = [self._flight(landing, c) for c in corners]
                known = (sum(g for g, _ in parts) / len(parts),
                         sum(d for _, d in parts) / len(parts))
            self._flights.values[landing] = known
        return known

    def _may_be_on_line(self, players: list[Player], landing: Square) -> bool:
        """Whether one of `players` may stand on the flight's line to `landing` (the landing
        square itself left out). The line runs from a corner of the kicker's square to a
        corner of the landing square, so it passes through no square outside the box they
        span; but a kick along a row (a column) runs along a grid line, and a line along a
        grid line passes through the squares on both sides of it: the row (column) beside
        the kick's, on the side the corner d2 picks, counts too."""
        if not players:
            return False
        k = self._k
        lx, ly = landing
        x0, x1 = (k.x, lx) if k.x <= lx else (lx, k.x)
        y0, y1 = (k.y, ly) if k.y <= ly else (ly, k.y)
        if k.y == ly:
            y0, y1 = y0 - 1, y1 + 1
        if k.x == lx:
            x0, x1 = x0 - 1, x1 + 1
        for p in players:
            if x0 <= p.x <= x1 and y0 <= p.y <= y1 and (p.x != lx or p.y != ly):
                return True
        return False

    def _line_in_bounds(self, landing: Square) -> bool:
        """Whether every square a flight's line to `landing` can pass through is in bounds:
        the box `_may_be_on_line` looks in, widened by a row and a column each way, is."""
        k, court = self._k, self.court
        return (min(k.x, landing.x) - 1 >= -court.end_zone
                and max(k.x, landing.x) + 1 < court.length + court.end_zone
                and min(k.y, landing.y) >= 1 and max(k.y, landing.y) + 1 < court.width)

    def _untouched(self, landing: Square, spent: tuple[str, ...]) -> float:
        """P(goal) once the ball lands here with nobody having stopped it in flight."""
        after, scored, receiver = self._after(landing)
        if scored:
            return float(scored["end"] == self.attacks)
        if receiver is None:
            return self.roll_value(after, spent)
        return 0.0

    def _flight(self, landing: Square, corner: int) -> tuple[float, float]:
        court, kicker, eq = self.court, self.kicker, self.eq
        origin = kicker.square
        path: Sequence[Square] = flight_squares(origin, landing, corner)
        if not self._line_in_bounds(landing):
            path = [sq for sq in path if court.in_bounds(sq)]
        dc = flight_dc(5 * distance(origin, landing, eq))
        eligible, _ = interceptors(self.roster, path, kicker, landing, dc, eq)
        along = snap(landing.x - origin.x, landing.y - origin.y) or Direction.E
        reach, goal, damage = 1.0, 0.0, 0.0
        spent: tuple[str, ...] = ()
        caroms = not self.prune     # else only near the line can a carom cross it (`_rest_value`)
        for entry in eligible:
            if not self.tries(entry["player"]):
                continue
            player = self.roster.get(entry["player"])
            spent = spent + (player.id,)
            dice = 2 * (entry["rem"] // 2)          # (rem // 2)d3 averages 2 a die
            missed, hurt = self._saves(player.reflex, dc)
            for outcome, margin in hurt:
                damage += reach * dice / 20
                if outcome == "deflected" and (caroms or player.id in self._near_line_ids):
                    off = carom_squares(margin)
                    for face in D8:
                        rest = scatter_from(court, player.square, along.rotate(face - 1), off)
                        goal += reach / 160 * self._rest_value(rest, spent)
            reach *= missed / 20
            if not reach:
                return goal, damage
        goal += reach * self._untouched(landing, spent)
        return goal, damage

    def _saves(self, reflex: int, dc: int) -> tuple[int, list[tuple[str, int]]]:
        """Over the interceptor's d20: how many naturals miss the ball, and the outcome and
        margin of each that stops or deflects it (a yoke hurts nobody), in the order of the
        naturals."""
        key = (reflex, dc)
        if key not in self._flights.saves:
            rolls = [(flight_outcome(n, n + reflex - dc), n + reflex - dc) for n in D20]
            self._flights.saves[key] = (sum(outcome == "missed" for outcome, _ in rolls),
                               [r for r in rolls if r[0] in ("stopped", "deflected")])
        return self._flights.saves[key]

    def _rest_value(self, rest: Square, spent: tuple[str, ...]) -> float:
        """A deflected ball: a goal if it caroms over the line, else it lies where it fell (at
        rest, heading nowhere: with the shortcuts on, no goal; so a carom from farther than
        its longest from the line is not followed)."""
        end = self.court.scoring_end(rest)
        if end:
            return float(end == self.attacks)
        return self.roll_value(Ball.at(rest), spent)

    # -- the roll-on ----------------------------------------------------------------------
    def roll_value(self, ball: Ball, spent: tuple[str, ...]) -> float:
        """P(goal) for a ball left on the court in this state, tick by tick."""
        if not self.prune:
            key = (ball, tuple(sorted(spent)))
            if key not in self._rolls.chances:
                self._rolls.chances[key] = self._roll_everyone(ball, spent)
            return self._rolls.chances[key]
        if not self._can_score(ball):
            return 0.0
        course = self._course(ball)
        if course is None:
            return 0.0
        involved, steps = self._replay(ball, course)
        if not steps:
            return 1.0          # nobody on or next to its way: it rolls over the line
        key = (ball, tuple(sorted(pid for pid in spent if pid in involved)))
        known = self._rolls.chances.get(key)
        if known is None:
            known = self._rolls.chances[key] = self._roll(steps, spent)
        return known

    def _can_score(self, ball: Ball) -> bool:
        """A shortcut the brute-force test keeps honest: the rules never turn a ball's
        along-court heading around (a wall stop and a roll down a slope both keep it), so a
        ball not heading for the attacked line never reaches it."""
        return ball.direction is not None and ball.direction.dx == self.toward

    def _course(self, ball: Ball) -> Course | None:
        """The ball's course on the empty court, or None if it cannot roll over the attacked
        line: it would not on an empty court, or a player stands on its way there.

        Players never turn a rolling ball, they only stop it (`ball_action`), so with players it
        rolls the same way until someone stops it: a player standing on its way stops it
        there if nobody did before (teammate or not, prone or not)."""
        course = self._empty.course(ball)
        if course is None or course.end != self.attacks or course.squares & self._occupied:
            return None
        return course

    def _replay(self, ball: Ball, course: Course) -> tuple[frozenset[str], tuple]:
        """Who can stop the ball on its course (the players next to a square of it), and the
        actions they can change, each with the players on or next to its own squares: an
        action with nobody on or next to its squares is the same action as on the empty
        court, so only the others are played again, with those players only."""
        known = self._rolls.replays.get(ball)
        if known is None:
            if not course.squares & self._near:
                known = (frozenset(), ())
            else:
                involved: set[str] = set()
                steps = []
                within = self._within_one
                for action in self._empty.actions(ball, course):
                    near = set(within.get(action.start.square, ()))
                    for sq in action.path:
                        near.update(within.get(sq, ()))
                    if near:
                        involved |= near
                        steps.append((action, tuple(p.id for p in self.roster.players
                                                    if p.id in near)))
                known = (frozenset(involved), tuple(steps))
            self._rolls.replays[ball] = known
        return known

    def _roll(self, steps: tuple, spent: tuple[str, ...]) -> float:
        """The chance that nobody stops a ball whose empty-court course scores: each action
        that passes a player is played again with those players (their spent attacks of
        opportunity taken off), every opponent trying at his first chance."""
        court, settings = self.court, self.settings
        alive = 1.0
        for action, near in steps:
            r = ball_action(court, self._roster_after(spent, near), action.start, settings)
            alive, spent, settled = self._tries_on(r, alive, spent)
            if settled is not None:
                return settled
        return alive

    def _roll_everyone(self, ball: Ball, spent: tuple[str, ...]) -> float:
        """The roll-on without a shortcut (prune off): every player on every tick."""
        involved = tuple(p.id for p in self.roster.players)
        court, settings = self.court, self.settings
        alive = 1.0
        seen: set[Ball] = set()
        for _ in range(MAX_TICKS):
            if ball in seen or (ball.speed == 0 and not court.on_slope(ball.square)):
                return 0.0          # at rest on the flat, or going round in a loop
            seen.add(ball)
            r = ball_action(court, self._roster_after(spent, involved), ball, settings)
            alive, spent, settled = self._tries_on(r, alive, spent)
            if settled is not None:
                return settled
            ball = r.after
        return 0.0

    def _tries_on(self, r: BallAction, alive: float, spent: tuple[str, ...]
                  ) -> tuple[float, tuple[str, ...], float | None]:
        """One ball action of a roll-on, every opponent with a chance at it trying at his
        first: the chance the ball is still free after their tries, the spent attacks of
        opportunity with theirs added, and the chance of a goal when this action settles the
        roll (the ball crosses a line, or is stopped for certain), else None."""
        tried: list[str] = []
        for player, _ in r.chances:
            pid = player.id
            if pid in tried or not self.tries(pid):
                continue
            tried.append(pid)
            alive *= 1 - self._rolling_stop(player.reflex, r.dc)
        spent = spent + tuple(tried)
        if r.goal:
            return alive, spent, alive * (r.goal == self.attacks)
        if r.stopped_by or not alive:
            return alive, spent, 0.0
        return alive, spent, None

    def _rolling_stop(self, reflex: int, dc: int | None) -> float:
        """A rolling ball's DC is None only when nobody has a chance at it (`BallAction`)."""
        key = (reflex, dc)
        if key not in self._rolls.stops:
            assert dc is not None
            self._rolls.stops[key] = sum(d20_succeeds(n, n + reflex, dc) for n in D20) / 20
        return self._rolls.stops[key]

    def _roster_after(self, spent: tuple[str, ...], involved: tuple[str, ...]) -> Roster:
        """The involved players, each spent attack of opportunity taken off its player."""
        spent = tuple(sorted(pid for pid in spent if pid in involved))
        key = (involved, spent)
        if key not in self._rolls.rosters:
            keep = set(involved)
            players = [replace(p, aoo_left=max(0, p.attacks_of_opportunity - spent.count(p.id)))
                       if p.id in spent else p for p in self.roster.players if p.id in keep]
            self._rolls.rosters[key] = Roster(players, self.court)
        return self._rolls.rosters[key]


MEMORY = PlannerMemory()


def empty_court(court: Court, settings: Settings) -> EmptyCourt:
    return MEMORY.court(court, settings)


def clear_caches() -> None:
    """Forget everything the planner's work keeps between requests (a cold start, for the
    benchmark): the empty courts' actions and courses (`MEMORY`, one budget of bytes), and
    the tables of pure functions, each an `lru_cache` of its own bound: the flight lines, the
    attack spreads and scatter headings, reaches and patterns, and the movement search's steps
    out of each square of a court. (A court's own tables, `Court.heights` and
    `Court.entry_costs`, go with the court.)"""
    MEMORY.clear()
    for table in (flight_squares, attack_spread, scatter_headings, scatter_reach,
                  scatter_pattern, court_steps):
        table.cache_clear()


def suggest_kicks(court: Court, roster: Roster, kicker_id: str, ball: Square, standing: bool,
                  power_attack: int, settings: Settings, attacks: str | None = None,
                  top: int = 5) -> ShotPlan:
    """The kicker's best aim squares, best first by the chance of a goal.

    - `court`, `roster`, `settings`: the court, everyone on it, the match's settings.
    - `kicker_id`: who kicks; `ball`: the ball's square (he must stand on it).
    - `standing`: he takes no other action this round but a 5-ft step (free range
      increments, rulebook 6.0); `power_attack`: the points he takes off the attack.
    - `attacks`: the goal line he aims over, "west" or "east"; None: the nearer one
      (`default_attack_end`).
    - `top`: how many squares to answer (the search stops once no square left can beat the
      `top`-th best).

    A kicker who is not on the ball is an answer, not an error (as for the preview): no
    squares, and the reason.
    """
    kicker = roster.get(kicker_id, field="kicker")
    court.require_on_field(ball, "The ball", "ball")
    end = attacks or default_attack_end(court, kicker)
    if kicker.square != ball:
        refusal = IllegalAction(f"{kicker.label} is at ({kicker.x}, {kicker.y}), not at the"
                                f" ball ({ball.x}, {ball.y})", field="kicker",
                                code="kicker_not_at_ball")
        return ShotPlan(kicker.id, end, 0, Refusal.of(refusal), ())
    planner = KickPlanner(court, roster, kicker, standing, power_attack, settings, end)
    aims = planner.all_aims(top)
    return ShotPlan(kicker.id, end, planner.considered, None, tuple(aims[:top]))
