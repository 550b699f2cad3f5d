"""Yaotzin tactics presets: where each player goes, what he does, and which balls he tries for.

A preset is a model of players, not a rule: every number a turn rests on comes from the rules
engine (`companion.rules.yaotzin`): the movement search and its costs, the shot planner's exact
chance of a goal, the dribble's own check, the hoop's resolver enumerated over its dice. A
preset only chooses among what they allow. Each plays both sides of the ball.

What a preset sees is a `View`: the court, the settings, every player as the table sees him
(square, prone, attacks of opportunity left, the numbers on his sheet that the GM runs the
game with), the ball (square, speed, heading), which end each team attacks, and the round.
No other player's planned turn is in it: each turn is chosen alone, as the table would.

Shared habits (every preset):
- A player on the ball kicks when the planner's best aim scores at least the preset's
  `shoot_at` (standing still, so with his free range increments); from a hoop row he shoots at
  the hoop when its exact chance through beats `hoop_factor` times that; otherwise he dribbles
  the legal dribble (the dribble's own check) that gains the most ground towards the line he
  attacks, a goal first, fewest grabs at him next.
- A chaser goes for the ball: a free ball (at rest or rolling) he can reach with a move action
  he takes, then kicks (the planner, after moving) or dribbles one square; one he cannot
  reach he double-moves towards, or runs (`far_move`). An opponent on the ball he walks up to
  and disarms (opposed BAB + Dex), or trips. Each provokes the holder's attack of opportunity
  unless the matching feat denies it (Improved Disarm, Improved Trip; each one's +4 on its own
  check: rulings, turn 5). He trips when only the trip is free of it, or when both or neither
  are and his trip check's edge beats his disarm's by 4 or more (a won disarm takes the ball; a
  trip does not).
- A player who is not chasing takes his preset's spot with a move action and readies to
  intercept; a prone player stands up (his move action) and then acts where he lies.
- Tries: against a ball an opponent kicked, in flight, when his chance to stop it is at least
  `try_flight`; never against a teammate's kick; at a rolling ball, always.
- The end-game (`phase`): a side behind with `hoop_rounds` left works the ball to a hoop row
  and shoots at the hoop (a hoop wins at once), if its holder has a chance through it; a side
  ahead with `stall_rounds` left keeps the ball (no kick; a dribble only away from the
  opponents).
- A run (x4, a straight line) for a player who neither has nor touches the ball, where it ends
  nearer than a double move; Power Attack where it raises the chance (of a goal, or through
  the hoop) by `POWER_GAIN` (`power_options`: only the points that raise the Strength bonus).

The presets (`PRESETS`; docs/simulator.md has them in words, phase by phase):
- `press-ball`: every player chases; shoots at 20% or better.
- `hold-lanes`: the player of each side nearest the ball chases, the others stand in the
  lanes between the ball and their own goal line, spread across the flat; shoots at 30%;
  tries in flight only at 25% or better (the nonlethal damage of a stop).
- `kick-long`: the two nearest chase, the others go ahead to the half they attack; the ball
  is kicked at every chance: the planner's best aim when it can score, else as far towards
  the line as the kick reaches on the kicker's row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ..rules.dice_tree import outcomes
from ..rules.errors import IllegalAction, OutOfRange, RulesError
from ..rules.yaotzin.ball import Ball
from ..rules.yaotzin.contests import DENYING, disarm_mods, trip_mods
from ..rules.yaotzin.court import HOOP_SIDES, Court
from ..rules.yaotzin.dribble import DribblePlan, plan_dribble
from ..rules.yaotzin.grid import Direction, Square, chebyshev, distance
from ..rules.yaotzin.hoop import hoop_margin, resolve_hoop
from ..rules.yaotzin.kick import kick_modifiers
from ..rules.yaotzin.movement import budget_squares, nearest_route, nearest_run
from ..rules.yaotzin.odds import intercept_odds
from ..rules.yaotzin.plan import KickPlanner, LandingMemo
from ..rules.yaotzin.players import Player, Roster, ability_mod
from ..rules.yaotzin.settings import Settings


@dataclass(frozen=True)
class Preset:
    name: str
    summary: str
    chasers: int | None          # how many of a side go for the ball (None: all)
    shoot_at: float              # the planner's chance of a goal that makes him kick
    try_flight: float            # the chance to stop a kick in flight that makes him try
    hoop_factor: float | None    # shoot at the hoop when through > factor x p_goal (None: never)
    kick_always: bool = False    # kick even when nothing can score: as far as it goes
    spot: str = "lanes"          # where a non-chaser stands: lanes | ahead
    hoop_rounds: int = 15        # trailing with this many rounds left or fewer: the hoop
    stall_rounds: int = 5        # leading with this many rounds left or fewer: keep the ball


PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("press-ball", "every player chases the ball; the holder shoots at a 20% chance of"
           " a goal or better, else dribbles forward; tries for every ball", None, 0.20, 0.0,
           1.0),
    Preset("hold-lanes", "the nearest player chases, the rest hold the lanes between the ball"
           " and their own goal line, ready to intercept; shoots at 30%; tries in flight only"
           " at a 25% chance to stop it", 1, 0.30, 0.25, 1.0),
    Preset("kick-long", "the two nearest chase, the rest go ahead; the ball is kicked at every"
           " chance (the best aim, else as far towards the line as it goes), the hoop when its"
           " chance through beats the goal's", 2, 0.0, 0.0, 1.0, True, "ahead"),
)}
DEFAULT_PRESET = "press-ball"


@dataclass(frozen=True)
class View:
    court: Court
    settings: Settings
    roster: Roster
    ball: Ball
    attacks: Mapping[str, str]       # team -> the end it attacks
    round: int = 1
    score: Mapping[str, int] = field(default_factory=dict)    # team -> points (none: level)

    def holder(self) -> Player | None:
        at = self.roster.at(self.ball.square)
        return at[0] if at else None

    def lead(self, team: str) -> int:
        """The team's points less the best other team's."""
        others = [v for t, v in self.score.items() if t != team]
        return self.score.get(team, 0) - max(others, default=0)


def phase(view: View, preset: Preset, team: str) -> str:
    """The side's end-game: `hoop` when it trails with `hoop_rounds` rounds left or fewer (a
    hoop wins at once, whatever the score), `stall` when it leads with `stall_rounds` left or
    fewer, else `play`."""
    left = view.settings.round_limit - view.round + 1
    lead = view.lead(team)
    if lead < 0 and left <= preset.hoop_rounds:
        return "hoop"
    if lead > 0 and left <= preset.stall_rounds:
        return "stall"
    return "play"


def stage_of(view: View, preset: Preset, player: Player) -> str:
    """`phase` for this player on the ball: the hoop only for a kicker who has a chance
    through it from some square of a hoop row (else he plays on as before)."""
    stage = phase(view, preset, player.team)
    if stage == "hoop" and (preset.hoop_factor is None or not hoop_squares(view, player)):
        return "play"
    return stage


@dataclass
class Turn:
    """One player's turn: the squares he moves through (his own first) and his action."""

    player: str
    path: list[Square]
    reason: str
    kind: str | None = None          # kick | dribble | contest | hoop | ready | None
    budget: str = "move"             # the movement the path spends (movement.BUDGETS)
    target: Square | None = None     # a kick's aim
    standing: bool = False
    squares: list[Square] = field(default_factory=list)   # a dribble's
    started_with_ball: bool = False
    contest: str | None = None
    opponent: str | None = None
    hoop: str | None = None
    power_attack: int = 0            # a kick's or hoop shot's Power Attack points


def attack_dx(view: View, team: str) -> int:
    return -1 if view.attacks[team] == "west" else 1


def defaults_attacks(court: Court, players: list[Player]) -> dict[str, str]:
    """Which end each team attacks when the request does not say: the team standing further
    west on average defends the west end (the tables' kick-off line-up); ids break a tie."""
    teams = sorted({p.team for p in players})
    mean = {t: sum(p.x for p in players if p.team == t) / sum(p.team == t for p in players)
            for t in teams}
    order = sorted(teams, key=lambda t: (mean[t], t))
    return {t: "east" if i == 0 else "west" for i, t in enumerate(order)}


def view_of(court: Court, roster: Roster, settings: Settings, ball: Ball, mover: Player,
            attacks: str | None = None, round_: int = 1,
            score: Mapping[str, int] | None = None) -> View:
    """The view of a request: `attacks` is the end the mover's team attacks (the other teams
    attack the other end); without it, `defaults_attacks`. `score`: each team's points."""
    if attacks is None:
        ends = defaults_attacks(court, roster.players)
    else:
        other = "east" if attacks == "west" else "west"
        ends = {p.team: attacks if p.team == mover.team else other for p in roster.players}
    court.require_on_field(ball.square, "The ball", "ball")
    return View(court, settings, roster, ball, ends, round_, dict(score or {}))


def to_line(court: Court, sq: Square, attacks: str) -> int:
    """Squares from sq to the goal line it attacks, along the court."""
    return sq.x + 1 if attacks == "west" else court.length - sq.x


# -- kicks --------------------------------------------------------------------------------------
POWER_GAIN = 1.1
"""Power Attack is taken when it multiplies the chance (of a goal, or through the hoop) by this
or more, or makes a chance where there was none: each point costs 1 on the attack, so a raise
smaller than this is not worth the table's bother."""


def power_options(kicker: Player) -> list[int]:
    """0, and the fewest points of Power Attack that reach each higher Strength bonus: the only
    points that change a kick (its range and free increments, rulings "Kicking"); any other
    point only costs 1 on the attack."""
    if not kicker.has("power_attack"):
        return [0]
    return [0, *(p for p in range(1, max(0, kicker.bab) + 1)
                 if ability_mod(kicker.str + p) > ability_mod(kicker.str + p - 1))]


def best_kick(view: View, kicker: Player, standing: bool, at_least: float = 0.0,
              power_attack: int = 0) -> tuple[Square, float] | None:
    """The planner's best aim (and its chance of a goal) for the kicker where he stands; with
    `at_least`, None too when the best falls below it (`KickPlanner.all_aims`)."""
    return _best_kick(view.court, view.settings, tuple(view.roster.players), kicker.id,
                      standing, view.attacks[kicker.team], at_least, power_attack)


def powered_kick(view: View, kicker: Player, standing: bool,
                 at_least: float = 0.0) -> tuple[Square, float, int] | None:
    """`best_kick` over the Power Attack options (`power_options`): (aim, chance, points),
    with Power Attack only where it raises the chance by `POWER_GAIN` or makes one."""
    plain = best_kick(view, kicker, standing, at_least)
    best = (plain[0], plain[1], 0) if plain else None
    floor = POWER_GAIN * plain[1] if plain else 0.0
    for points in power_options(kicker)[1:]:
        got = best_kick(view, kicker, standing, at_least, points)
        if got and got[1] > 0 and got[1] >= floor and (best is None or got[1] > best[1]):
            best = (got[0], got[1], points)
    return best


@lru_cache(maxsize=1024)
def _best_kick(court: Court, settings: Settings, players: tuple[Player, ...], kicker_id: str,
               standing: bool, attacks: str, at_least: float,
               power_attack: int) -> tuple[Square, float] | None:
    """`best_kick`, remembered by everything the planner reads (the court, the settings, every
    player as he stands, in order, the kicker, standing or not, the end he attacks, the
    threshold, the Power Attack): a holder who neither kicks nor moves, with nobody else
    moved, asks the same question again."""
    roster = Roster(players, court)
    planner = KickPlanner(court, roster, roster.get(kicker_id), standing, power_attack,
                          settings, attacks, landings=_landings(court, settings, players,
                                                                kicker_id, attacks))
    aims = planner.all_aims(1, at_least)
    if not aims:
        return None
    return Square(aims[0].x, aims[0].y), aims[0].p_goal


@lru_cache(maxsize=4)
def _landings(court: Court, settings: Settings, players: tuple[Player, ...], kicker_id: str,
              attacks: str) -> LandingMemo:
    """The planner's memory of landings for one kicker among these players (`LandingMemo`),
    shared by `_best_kick`'s questions that differ only in how he kicks: each Power Attack
    option, standing or not."""
    return LandingMemo()


def long_kick(view: View, kicker: Player, standing: bool) -> Square | None:
    """The square furthest towards the attacked line on the kicker's row (or the nearest flat
    row) that his kick reaches: ground gained when nothing can score."""
    dx = attack_dx(view, kicker.team)
    court = view.court
    best = None
    for n in range(1, court.length + court.end_zone):
        sq = Square(kicker.x + dx * n, kicker.y)
        if not court.in_bounds(sq):
            break
        mods = kick_modifiers(court, kicker, sq, standing, 0, view.settings)
        if not mods.in_range:
            break
        best = sq
    return best


@lru_cache(maxsize=4096)
def _through(strength: int, dex: int, bab: int, feats: frozenset, x: int, y: int, side: str,
             standing: bool, power_attack: int, court: Court, settings: Settings
             ) -> float | None:
    """The exact chance through the hoop, the hoop's resolver enumerated over its dice."""
    kicker = Player(id="k", team="k", x=x, y=y, str=strength, dex=dex, bab=bab, feats=feats)
    roster = Roster([kicker], court)
    through = Fraction(0)
    try:
        for weight, r, _ in outcomes(lambda dice: resolve_hoop(
                court, roster, "k", side, standing, power_attack, settings, dice)):
            through += weight * r.through
    except (IllegalAction, OutOfRange):
        return None
    return float(through)


def hoop_shot(view: View, kicker: Player, standing: bool) -> tuple[str, float, int] | None:
    """The hoop he can shoot at from where he stands: (side, chance through, Power Attack
    points), Power Attack only where it raises the chance by `POWER_GAIN` or makes one."""
    for side in HOOP_SIDES:
        if hoop_margin(view.court, kicker, side, standing, 0, view.settings) is None:
            continue
        best: tuple[str, float, int] | None = None
        for points in power_options(kicker):
            p = _through(kicker.str, kicker.dex, kicker.bab, kicker.feats, kicker.x, kicker.y,
                         side, standing, points, view.court, view.settings)
            if p and (best is None or p >= POWER_GAIN * best[1]):
                best = (side, p, points)
        return best
    return None


def hoop_rows(court: Court) -> dict[int, str]:
    """The rows a hoop shot is taken from (the hoop's own row and the next one in), by hoop."""
    rows = {}
    for side in HOOP_SIDES:
        under = court.hoop(side)
        inward = 1 if side == "north" else -1
        rows[under.y] = rows[under.y + inward] = side
    return rows


@lru_cache(maxsize=1024)
def _hoop_squares(court: Court, settings: Settings, strength: int, dex: int, bab: int,
                  feats: frozenset) -> tuple[Square, ...]:
    """Every square a kicker with these numbers has a chance through a hoop from, standing
    (Power Attack's options included): an attack margin over the hoop's AC of -20 or better,
    so that a natural 20 reaches it (`hoop_margin`)."""
    out = []
    for y, side in hoop_rows(court).items():
        for x in range(court.length):
            k = Player(id="k", team="k", x=x, y=y, str=strength, dex=dex, bab=bab, feats=feats)
            margins = [hoop_margin(court, k, side, True, p, settings) for p in power_options(k)]
            if max((m for m in margins if m is not None), default=-99) >= -20:
                out.append(Square(x, y))
    return tuple(out)


def hoop_squares(view: View, kicker: Player) -> tuple[Square, ...]:
    return _hoop_squares(view.court, view.settings, kicker.str, kicker.dex, kicker.bab,
                         kicker.feats)


def shot(view: View, preset: Preset, kicker: Player, standing: bool, turn: Turn) -> bool:
    """Fill `turn` with a kick or a hoop shot when the preset takes one; say whether it did.

    The end-game (`phase`): stalling, he never kicks; trailing late, the hoop whenever it
    has any chance through, and a goal only when the side is one behind (it levels)."""
    stage = stage_of(view, preset, kicker)
    if stage == "stall":
        return False
    hoop = hoop_shot(view, kicker, standing) if preset.hoop_factor is not None else None
    if hoop and stage == "hoop":
        return _take_hoop(turn, hoop, standing, "trailing late, ")
    if stage == "hoop" and view.lead(kicker.team) < -1:
        return False            # a goal saves nothing: only the hoop wins now
    # the best kick's exact chance matters only beside the hoop's; else only whether it
    # reaches the preset's threshold
    best = powered_kick(view, kicker, standing, 0.0 if hoop else preset.shoot_at)
    p_goal = best[1] if best else 0.0
    if hoop and preset.hoop_factor is not None and hoop[1] > preset.hoop_factor * p_goal:
        return _take_hoop(turn, hoop, standing, "", p_goal)
    if best and p_goal > 0 and p_goal >= preset.shoot_at:
        turn.kind, turn.target, turn.standing, turn.power_attack = "kick", best[0], standing, \
            best[2]
        turn.reason = f"kicks at ({best[0].x}, {best[0].y}): {p_goal:.0%} chance of a goal" + (
            f", Power Attack {best[2]}" if best[2] else "")
        return True
    if preset.kick_always and stage == "play":
        far = long_kick(view, kicker, standing)
        if far is not None:
            turn.kind, turn.target, turn.standing = "kick", far, standing
            turn.reason = f"kicks long to ({far.x}, {far.y}): nothing scores from here"
            return True
    return False


def _take_hoop(turn: Turn, hoop: tuple[str, float, int], standing: bool, why: str,
               p_goal: float | None = None) -> bool:
    side, through, points = hoop
    turn.kind, turn.hoop, turn.standing, turn.power_attack = "hoop", side, standing, points
    against = "" if p_goal is None else f", against {p_goal:.0%} for the best kick"
    power = f", Power Attack {points}" if points else ""
    turn.reason = f"{why}shoots at the {side} hoop: {through:.1%} through{against}{power}"
    return True


# -- dribbles -----------------------------------------------------------------------------------
def dribbles(view: View, dribbler: Player, started: bool, headings: list[Direction]
             ) -> list[tuple[list[Square], DribblePlan]]:
    """Every legal dribble (the rules' own check) of up to 4 squares (1 when he did not start
    on the ball): a first heading for its first half, a second for the rest."""
    most = 4 if started else 1
    out = []
    tried: set[tuple[Square, ...]] = set()
    for first in headings:
        for second in headings:
            for n in range(1, most + 1):
                squares, here = [], dribbler.square
                for i in range(n):
                    here = here.step(first if i == 0 or i < n // 2 else second)
                    squares.append(here)
                key_squares = tuple(squares)
                if key_squares in tried:
                    continue        # the same squares again (a one-square dribble has no turn)
                tried.add(key_squares)
                try:
                    r = plan_dribble(view.court, view.roster, dribbler.id, dribbler.square,
                                     squares, started, False)
                except RulesError:
                    continue
                out.append((squares, r))
    return out


def best_dribble(view: View, dribbler: Player, started: bool
                 ) -> tuple[list[Square], DribblePlan] | None:
    """The legal dribble that gains the most ground: a goal first, then squares towards the
    line, then the fewest grabs at him, then the fewest squares."""
    dx = attack_dx(view, dribbler.team)
    court = view.court
    attacks = view.attacks[dribbler.team]
    headings = [Direction.of(dx, 0), Direction.of(dx, 1), Direction.of(dx, -1),
                Direction.N, Direction.S]
    best = None
    for squares, r in dribbles(view, dribbler, started, headings):
        end = squares[-1]
        gain = to_line(court, dribbler.square, attacks) - to_line(court, end, attacks)
        key = (bool(r.goal), gain, -len(r.provokers), -court.height(end.y),
               -len(squares))
        if best is None or key > best[0]:
            best = (key, squares, r)
    if best is None or (best[0][1] <= 0 and not best[0][0]):
        return None
    return best[1], best[2]


def to_hoop(view: View, sq: Square, targets: tuple[Square, ...]) -> int:
    """Squares of movement from sq to the nearest target, an uphill row counted twice (the
    slope's cost)."""
    return min(distance(sq, t) + view.court.climb_cost(sq, t)[0] for t in targets)


def hoop_dribble(view: View, dribbler: Player, started: bool
                 ) -> tuple[list[Square], DribblePlan] | None:
    """The legal dribble that brings him nearest a square he can shoot through a hoop from
    (`hoop_squares`, none held by another player), the fewest grabs at him next; None when
    no dribble brings him nearer."""
    targets = tuple(t for t in hoop_squares(view, dribbler)
                    if t == dribbler.square or not view.roster.at(t))
    if not targets:
        return None
    best = None
    for squares, r in dribbles(view, dribbler, started, list(Direction)):
        if r.goal:
            continue
        key = (-to_hoop(view, squares[-1], targets), -len(r.provokers), -len(squares))
        if best is None or key > best[0]:
            best = (key, squares, r)
    if best is None or -best[0][0] >= to_hoop(view, dribbler.square, targets):
        return None
    return best[1], best[2]


def room(view: View, player: Player, sq: Square) -> int:
    """Squares from sq to the nearest opponent (the court's length with none left)."""
    return min((distance(sq, p.square) for p in view.roster.players if p.team != player.team),
               default=view.court.length)


def stall_dribble(view: View, dribbler: Player, started: bool
                  ) -> tuple[list[Square], DribblePlan] | None:
    """Keeping the ball: the legal dribble, never over a line, with the fewest grabs at him
    and then the most room from the nearest opponent; None when none gives more room than
    standing where he is."""
    best = None
    for squares, r in dribbles(view, dribbler, started, list(Direction)):
        if r.goal:
            continue
        key = (-len(r.provokers), room(view, dribbler, squares[-1]), -len(squares))
        if best is None or key > best[0]:
            best = (key, squares, r)
    if best is None or best[0][1] <= room(view, dribbler, dribbler.square):
        return None
    return best[1], best[2]


def carry(view: View, preset: Preset, dribbler: Player, started: bool
          ) -> tuple[list[Square], DribblePlan, str] | None:
    """The dribble his side's end-game asks for (`stage_of`), with what it is for: towards a
    hoop row, away from the opponents, or towards the line (`best_dribble`)."""
    stage = stage_of(view, preset, dribbler)
    if stage == "hoop":
        got = hoop_dribble(view, dribbler, started)
        if got is not None:
            return got[0], got[1], "towards a hoop row (trailing late)"
    elif stage == "stall":
        got = stall_dribble(view, dribbler, started)
        return None if got is None else (got[0], got[1], "away from the opponents (stalling)")
    got = best_dribble(view, dribbler, started)
    if got is None:
        return None
    return got[0], got[1], "over the goal line" if got[1].goal else \
        f"towards the {view.attacks[dribbler.team]} line"


# -- movement -----------------------------------------------------------------------------------
def chasers(view: View, preset: Preset, team: str) -> list[str]:
    """The side's players who go for the ball: the nearest to it, by grid distance."""
    side = [p for p in view.roster.players if p.team == team and not p.prone]
    side.sort(key=lambda p: (distance(p.square, view.ball.square), p.id))
    n = len(side) if preset.chasers is None else preset.chasers
    return [p.id for p in side[:n]]


def spot(view: View, preset: Preset, player: Player) -> Square:
    """Where a player who does not chase stands: in the lanes between the ball and his own
    goal line (halfway, spread over the flat rows by his place in the side), or ahead, in the
    half he attacks."""
    court = view.court
    side = sorted(p.id for p in view.roster.players if p.team == player.team)
    k = side.index(player.id)
    flat = range(court.slope, court.width - court.slope)
    row = flat[(k * len(flat)) // max(1, len(side)) + len(flat) // (2 * max(1, len(side)))
               if len(side) < len(flat) else k % len(flat)]
    attacks = view.attacks[player.team]
    if preset.spot == "ahead":
        x = court.length // 4 if attacks == "west" else court.length - 1 - court.length // 4
    else:
        own = court.length - 1 if attacks == "west" else 0
        x = (view.ball.x + own) // 2
    return Square(min(max(x, 0), court.length - 1), row)


def route(view: View, me: Player, goal: Square, budget: str) -> tuple[int, tuple[Square, ...]]:
    """(cost, path) towards `goal` within the budget, by the movement search alone (rulings
    "Player movement": the cheapest route, never a greedy walk): the square his movement
    reaches nearest the goal (the goal itself when it is reached), the cheapest way there;
    among equals, the one most straight in line with the goal, then the lowest square."""
    return nearest_route(view.court, view.roster, me, budget_squares(me, budget),
                         view.ball.square, view.settings, goal)


def far_move(view: View, me: Player, goal: Square) -> tuple[str, list[Square]]:
    """(budget, path) for a goal one move action does not reach: the double move's cheapest
    route, or a run (x4, a straight line) when one ends nearer the goal than it does. Only a
    player who neither has nor touches the ball runs (rulings "Player movement"): never one
    whose double move reaches the ball."""
    _, path = route(view, me, goal, "double_move")
    ball = view.ball.square
    if me.square == ball or path[-1] == ball:
        return "double_move", list(path)
    eq = view.settings.equidistant_diagonals
    best = nearest_run(view.court, view.roster, me, ball, view.settings, goal)
    if best is not None and distance(best[-1], goal, eq) < distance(path[-1], goal, eq):
        return "run", list(best)
    return "double_move", list(path)


def decide(view: View, preset: Preset, player_id: str) -> Turn:
    """One whole turn for the player, under the preset (module docstring)."""
    me = view.roster.get(player_id, field="mover")
    court, settings = view.court, view.settings
    ball = view.ball.square
    here = me.square
    turn = Turn(me.id, [here], "")
    holder = view.holder()
    if me.prone:
        turn.reason = "stands up (his move action)"
        if holder is not None and holder.id == me.id:
            if not shot(view, preset, me, False, turn):
                turn.reason = "stands up and keeps the ball"
        return turn
    if holder is not None and holder.id == me.id:
        if shot(view, preset, me, True, turn):
            return turn
        dribble = carry(view, preset, me, True)
        if dribble is not None:
            squares, r, towards = dribble
            turn.kind, turn.squares, turn.started_with_ball = "dribble", squares, True
            turn.reason = ("dribbles over the goal line" if r.goal else
                           f"dribbles {len(squares)} square{'s' * (len(squares) > 1)} {towards}")
            return turn
        turn.reason = ("keeps the ball: stalling, his side ahead with little time left"
                       if stage_of(view, preset, me) == "stall" else
                       "keeps the ball: no kick or dribble gains ground")
        return turn
    if me.id in chasers(view, preset, me.team):
        if holder is None:
            cost, path = route(view, me, ball, "move")
            if path[-1] == ball:
                turn.path = list(path)
                moved = replace_at(view, me, ball)
                after = View(court, settings, moved, view.ball, view.attacks, view.round)
                kicker = moved.get(me.id)
                # one 5-ft square is a 5-ft step, and a kick after it a standing kick: the
                # route's budget says so too (rulings "Player movement")
                standing = len(path) == 1 or (len(path) == 2 and cost == 1)
                if len(path) == 2 and standing:
                    turn.budget = "five_foot_step"
                if shot(view=after, preset=preset, kicker=kicker, standing=standing, turn=turn):
                    turn.reason = "takes the ball and " + turn.reason
                    return turn
                dribble = carry(after, preset, kicker, False)
                if dribble is not None:
                    turn.kind, turn.squares = "dribble", dribble[0]
                    turn.reason = f"takes the ball and dribbles a square {dribble[2]}"
                    return turn
                turn.reason = "takes the ball"
                return turn
            turn.budget, turn.path = far_move(view, me, ball)
            turn.reason = ("goes to the ball (double move)" if turn.path[-1] == ball else
                           "runs towards the ball" if turn.budget == "run" else
                           "double-moves towards the ball")
            return turn
        if holder.team != me.team:
            return tackle(view, me, holder, turn)
    goal = spot(view, preset, me)
    if holder is not None and holder.team == me.team:
        turn.budget, turn.path = far_move(view, me, goal)
        turn.reason = (f"{'runs' if turn.budget == 'run' else 'moves'} up to ({goal.x},"
                       f" {goal.y}) in support")
        return turn
    turn.path = list(route(view, me, goal, "move")[1])
    turn.kind = "ready"
    turn.reason = (f"takes the {'lane' if preset.spot == 'lanes' else 'spot'} at ({goal.x},"
                   f" {goal.y}) and readies to intercept")
    return turn


def tackle(view: View, me: Player, holder: Player, turn: Turn) -> Turn:
    """Walk up to the opponent on the ball and take it from him (disarm), or trip him (module
    docstring); double-move towards him when he is out of reach."""
    disarm_edge = _edge(disarm_mods(me, holder))
    trip_edge = _edge(trip_mods(me, holder))
    free_trip, free_disarm = me.has(DENYING["trip"]), me.has(DENYING["disarm"])
    trips = (free_trip and not free_disarm) or (free_trip == free_disarm
                                                 and trip_edge >= disarm_edge + 4)
    kind = "trip" if trips else "disarm"
    _, path = route(view, me, holder.square, "move")
    if chebyshev(path[-1], holder.square) == 1:
        turn.path = list(path)
        turn.kind, turn.contest, turn.opponent = "contest", kind, holder.id
        turn.reason = f"closes on {holder.label} and tries to {kind.replace('_', ' ')} him"
        return turn
    turn.budget, turn.path = far_move(view, me, holder.square)
    turn.reason = (f"{'runs' if turn.budget == 'run' else 'double-moves'} towards"
                   f" {holder.label}, who has the ball")
    return turn


def _edge(mods: tuple[int, int]) -> int:
    """How far an opposed check's actor modifier beats the defender's."""
    return mods[0] - mods[1]


def replace_at(view: View, player: Player, sq: Square) -> Roster:
    """The roster with one player moved."""
    from dataclasses import replace

    return Roster([replace(p, x=sq.x, y=sq.y) if p.id == player.id else p
                   for p in view.roster.players], view.court)


# -- reactions ----------------------------------------------------------------------------------
def tries_in_flight(preset: Preset, player: Player, kicker_team: str, dc: int, rem: int) -> bool:
    """Try for a kick passing through his square: an opponent's, when the chance to stop it
    is at least the preset's `try_flight`."""
    if player.team == kicker_team:
        return False
    return intercept_odds(player.reflex, dc, rem)["p_stop"] >= preset.try_flight


def tries_rolling(preset: Preset, player: Player) -> bool:
    """Every preset tries for a ball rolling by (it costs no damage)."""
    return player.can_react


CANNOT = "cannot try: prone or no attack of opportunity left"


def reaction(preset: Preset, player: Player, kicker_team: str | None, dc: int,
             rem: int | None) -> dict:
    """The preset's answer for one chance at the ball, as the table's autopilot shows it: in
    flight (`kicker_team` and `rem` given) by `tries_in_flight`, rolling by `tries_rolling`;
    `why` says which test decided (odds, ally, cannot, rolling), with his odds in flight."""
    out: dict[str, object] = {"player": player.id, "team": player.team, "tactics": preset.name}
    if kicker_team is None or rem is None:
        tries = tries_rolling(preset, player)
        out.update(p_stop=None, expected_damage=None, try_flight=None, tries=tries,
                   why="rolling" if tries else "cannot", reason=(
                       f"tries to stop the rolling ball: {preset.name} tries for every ball"
                       f" rolling by" if tries else CANNOT))
        return out
    odds = intercept_odds(player.reflex, dc, rem)
    tries = player.can_react and tries_in_flight(preset, player, kicker_team, dc, rem)
    if not player.can_react:
        why, reason = "cannot", CANNOT
    elif player.team == kicker_team:
        why, reason = "ally", "lets it pass: his own team's kick"
    else:
        why = "odds"
        reason = (f"{'tries' if tries else 'lets it pass'}: {odds['p_stop']:.0%} chance to stop"
                  f" it, {preset.name} tries at {preset.try_flight:.0%} or better")
    out.update(p_stop=odds["p_stop"], expected_damage=odds["expected_damage"],
               try_flight=preset.try_flight, tries=tries, why=why, reason=reason)
    return out


def preset(name: str | None) -> Preset:
    if name is None:
        return PRESETS[DEFAULT_PRESET]
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown tactics {name!r}; presets: {', '.join(PRESETS)}",
                         field="tactics") from None


# -- the wire shapes: what /yaotzin/suggest answers ----------------------------------------------
def field_dict(court: Court) -> dict:
    out = {"length": court.length, "width": court.width, "slope": court.slope,
           "end_zone": court.end_zone}
    if court.hoop_x is not None:
        out["hoop_x"] = court.hoop_x
    return out


def player_dict(p: Player) -> dict:
    out = {"id": p.id, "team": p.team, "x": p.x, "y": p.y, "str": p.str, "dex": p.dex,
           "bab": p.bab, "reflex": p.reflex, "feats": sorted(p.feats), "prone": p.prone,
           "aoo_left": p.aoo_left, "speed": p.speed, "ac": p.ac}
    if p.name is not None:
        out["name"] = p.name
    return out


def action_body(view: View, turn: Turn) -> dict | None:
    """The route and body of the turn's action, as its route accepts it from where the path
    ends (the mover moved there, standing up if he was prone)."""
    from dataclasses import replace

    if turn.kind is None:
        return None
    if turn.kind == "ready":
        return {"ready": "intercept"}
    end = turn.path[-1]
    players = [player_dict(replace(p, x=end.x, y=end.y, prone=False) if p.id == turn.player
                           else p) for p in view.roster.players]
    common = {"field": field_dict(view.court), "players": players,
              "settings": view.settings.as_dict()}
    if turn.kind == "kick":
        assert turn.target is not None          # a kick's turn always has its aim
        body = {**common, "ball": end.as_dict(), "kicker": turn.player,
                "target": turn.target.as_dict(), "standing": turn.standing,
                "power_attack": turn.power_attack}
    elif turn.kind == "hoop":
        body = {**common, "kicker": turn.player, "hoop": turn.hoop, "standing": turn.standing,
                "power_attack": turn.power_attack}
    elif turn.kind == "dribble":
        body = {**common, "dribbler": turn.player, "ball": end.as_dict(),
                "squares": [sq.as_dict() for sq in turn.squares],
                "started_with_ball": turn.started_with_ball}
    else:
        body = {**common, "kind": turn.contest, "actor": turn.player, "target": turn.opponent,
                "ball": view.ball.square.as_dict()}
    return {"route": turn.kind, "body": body}


def turn_dict(view: View, turn: Turn) -> dict:
    return {"player": turn.player, "path": [sq.as_dict() for sq in turn.path],
            "budget": turn.budget, "action": action_body(view, turn), "reason": turn.reason}
