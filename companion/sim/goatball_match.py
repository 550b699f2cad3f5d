"""One whole goat-ball match, played by the real engine with a tactics preset for each team.

The engine (`companion.rules.goatball`) decides everything the rules decide: tip-off, the
order of knock-offs, throw and intercept checks against DC 5, the comparison, hot throws,
falls, outs and returns, moves and blocks, the winner. The players' choices come from the
tactics presets (`companion.tactics.goatball`, the same code the GM's autopilot suggests
with), one per team; docs/simulator.md writes them out in words.

Two paths through the same engine and the same `PassResult`: the full one (`lean=False`: the
table's `Dice` with every roll recorded, `resolve_pass` validating every pass, reason strings,
the presets asked every pass) and the lean one the simulator runs (`lean=True`: dice that
record nothing, validation once a match and `play_pass` after it, no reason strings, and each
team's declarations remembered by what its preset saw, as a match shows the presets the same
view again and again). Both
consume the same random numbers in the same order, so a seeded match plays out identically on
either (tests/sim prove it, which also checks what the lean path remembers its plans by).

Seating: each team is shuffled and the two are interleaved (which team first is drawn), then
the k-th of the T players sits in zone floor((k + 1/2) * Z / T): every zone holds players when
Z <= T, each team is spread evenly over the whole strip, and past T zones the players spread
out with empty zones between them (so every zone count plays a different game).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final

from ..rules.dice import Dice
from ..rules.errors import RulesError
from ..rules.goatball.passes import (
    ACTIONS,
    Action,
    Check,
    PassResult,
    Throw,
    play_pass,
    resolve_pass,
    validate,
)
from ..rules.goatball.state import Arena, Player, Possession, Settings
from ..rules.goatball.tipoff import resolve_tipoff
from ..tactics.goatball import DEFAULT_PRESET, PRESETS, Decl, Preset, Skills, View, ZoneMap

if TYPE_CHECKING:      # mypyc's machine integer; to pure Python an annotation, never imported
    from mypy_extensions import i64

TEAMS = ("red", "blue")
PASS_LIMIT = 200          # a match still running after this many passes is a draw
MIN_PLATFORMS = 12        # "at least a dozen raised platforms"
ACTION_KINDS = ACTIONS      # the declaration order, as the pass's rules write it
# (Final, these and the stores below: the compiled build reads each as a native static, not
# by a look-up in the module's globals every pass)
_KIND: Final = {k: i for i, k in enumerate(ACTION_KINDS)}
_THROW: Final = _KIND["throw"]
_INTERCEPT: Final = _KIND["intercept"]
_KNOCK_OFF: Final = _KIND["knock_off"]
_DEFEND: Final = _KIND["defend"]
_MOVE: Final = _KIND["move"]
_BLOCK: Final = _KIND["block"]
# the outcomes that compared the throw with the intercepts
_COMPARED: Final = frozenset(("pass", "intercepted", "knocked_out", "no_change"))

TeamSheets = Sequence[tuple[str, Sequence[tuple[str, Skills]]]]   # (team, [(player id, skills)])


@dataclass
class MatchStats:
    passes: int = 0
    winner: str | None = None          # team id, "draw" (everyone out) or "limit"
    tipoff_team: str | None = None
    hot_throws: int = 0
    knock_offs: int = 0                # successful knock-offs (a player off his platform)
    knock_outs: int = 0                # successful hot throws
    possession_changes: int = 0
    falls: int = 0
    throws: int = 0                    # passes with a throw (pass or hot)
    intercepted: int = 0               # ... that the other side intercepted
    weaker: str | None = None          # the team with the lower summed skill (None: equal)
    declared: list[int] = field(default_factory=lambda: [0] * len(ACTION_KINDS))
    decisive: list[int] = field(default_factory=lambda: [0] * len(ACTION_KINDS))

    @property
    def draw(self) -> bool:
        return self.winner in ("draw", "limit")

    @property
    def finished(self) -> bool:
        """Ended by the rules (a win, or everyone out) rather than by the pass limit."""
        return self.winner is not None and self.winner != "limit"

    @property
    def tipoff_won(self) -> bool:
        return self.winner == self.tipoff_team

    @property
    def upset(self) -> bool:
        return self.weaker is not None and self.winner == self.weaker


def zone_names(zones: int) -> list[str]:
    return [f"z{i + 1}" for i in range(zones)]


def zone_links(zones: int) -> dict[str, list[str]]:
    """The field cut into strips: each zone borders the ones before and after it."""
    names = zone_names(zones)
    return {z: [names[j] for j in (i - 1, i + 1) if 0 <= j < zones] for i, z in enumerate(names)}


def random_roster(players: int, rng: random.Random) -> list[tuple[str, list[tuple[str, Skills]]]]:
    return [(team, [(f"{team}{i + 1}", Skills(rng.randint(0, 5), rng.randint(0, 5)))
                    for i in range(players)]) for team in TEAMS]


# The draws of a match's arena (roster, seating order, platforms), which do not depend on the
# zone count: (roster, seated ids, platform spots)
_Draws = tuple[list[tuple[str, Sequence[tuple[str, Skills]]]], list[str], list[int]]


def make_arena(players: int, zones: int, rng: random.Random,
               roster: TeamSheets | None = None) -> tuple[Arena, dict[str, Skills]]:
    """A match's arena: the roster (skills +0..+5 when none is given), everyone on his own
    platform, seated over all the zones (module docstring). Given the same `rng` state, the
    same skills, order and platforms for every zone count."""
    return _arena(zones, _draw(players, rng, roster))


def _draw(players: int, rng: random.Random, roster: TeamSheets | None) -> _Draws:
    """What `make_arena` draws from `rng`, in its order."""
    sheets: list[tuple[str, Sequence[tuple[str, Skills]]]] = (
        list(roster) if roster is not None else list(random_roster(players, rng)))
    orders = [rng.sample([pid for pid, _ in team], len(team)) for _, team in sheets]
    first = rng.randrange(len(sheets))
    orders = orders[first:] + orders[:first]
    seated = [order[j] for j in range(max(len(o) for o in orders)) for order in orders
              if j < len(order)]
    total = len(seated)
    return sheets, seated, rng.sample(range(max(MIN_PLATFORMS, total)), total)


# Each (players, arena seed)'s draws, remembered across the matches of a process: a run's zone
# counts and presets play the same arena seeds, paired, and the draws (Python's `random`,
# interpreted code) cost about 3% of a compiled match. Emptied when full.
_DRAWN: Final[dict[tuple[int, str], _Draws]] = {}


def _drawn(players: int, arena_seed: str) -> _Draws:
    """`_draw` of a random roster from `random.Random(arena_seed)`, remembered."""
    key = (players, arena_seed)
    draws = _DRAWN.get(key)
    if draws is None:
        if len(_DRAWN) >= _REMEMBERED:
            _DRAWN.clear()
        draws = _DRAWN[key] = _draw(players, random.Random(arena_seed), None)
    return draws


# Each (players, zones)'s zone map, remembered across a process's matches: its distances
# (a search from every zone) and its steps depend on nothing else, and building it was about
# 1% of a compiled match
_ZONE_MAPS: Final[dict[tuple[int, int], ZoneMap | None]] = {}


def _zone_map(arena: Arena, zones: int) -> ZoneMap | None:
    """`ZoneMap.of(arena)` for a simulated arena of `zones` zones (which its players' count
    and `zones` decide: `_arena`), remembered."""
    key = (len(arena.players), zones)
    if key not in _ZONE_MAPS:
        if len(_ZONE_MAPS) >= _REMEMBERED:
            _ZONE_MAPS.clear()
        _ZONE_MAPS[key] = ZoneMap.of(arena)
    return _ZONE_MAPS[key]


def _arena(zones: int, draws: _Draws) -> tuple[Arena, dict[str, Skills]]:
    """The arena of `make_arena`'s draws, seated over `zones`."""
    roster, seated, spots = draws
    skills = {pid: s for _, team in roster for pid, s in team}
    total = len(seated)
    names = zone_names(zones)
    where = {pid: (names[int((k + 0.5) * zones / total)] if zones else None, spots[k])
             for k, pid in enumerate(seated)}
    team_of = {pid: team for team, members in roster for pid, _ in members}
    people = [Player(id=pid, team=team_of[pid], platform=f"p{where[pid][1] + 1}",
                     zone=where[pid][0]) for _, members in roster for pid, _ in members]
    settings = Settings(zones=bool(zones), zone_links=zone_links(zones) if zones else None)
    arena = Arena(teams=tuple(t for t, _ in roster), players=tuple(people), possession=None,
                  settings=settings)
    return arena.validate(), skills


_MASK: Final = (1 << 64) - 1
_SAME_STREAM: Final = {"throw": "check", "intercept": "check"}   # his DC 5 check, whichever side
# A stream's dice are worked in 32 bits with multipliers below 2**31, so that every
# intermediate stays below 2**63: a machine integer (`i64`) in the compiled build, the same
# numbers in pure Python, where `i64` is only an annotation.
_M32: Final = 0xFFFFFFFF
_WEYL: Final = 0x9E3779B9          # the golden ratio's 32 bits: the counter's odd step
_MUL1: Final = 0x14AA4D2F          # two multipliers below 2**31, of full avalanche
_MUL2: Final = 0x193C3CCF          # (docs/simulator.md, "Paired streams")


def _mix(z: int) -> int:
    """SplitMix64's finaliser: 64 well-mixed bits from any 64-bit integer (once a stream)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def stream_id(text: str) -> int:
    """A fixed 64-bit number for a text (the same in every process, unlike hash()),
    remembered (`_IDS`: a dict read natively, where `functools.lru_cache`'s wrapper is a
    Python-level call)."""
    got = _IDS.get(text)
    if got is None:
        if len(_IDS) >= 8 * _REMEMBERED:
            _IDS.clear()
        got = _IDS[text] = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8)
                                          .digest(), "big")
    return got


# Remembered across the matches of a process: each text's stream id (`stream_id`), each roll
# name's purpose (names are player ids and actions, a few hundred in a run), and each match
# seed's streams' keys (a run's zone counts and presets play the same matches' seeds, paired,
# and a key's mixing is 64-bit arithmetic on Python integers, beyond the compiled build's
# machine integers). Each is emptied when full, so it stays small.
_REMEMBERED: Final = 1024
_PURPOSES: Final[dict[str, str]] = {}
_IDS: Final[dict[str, int]] = {}
_KEYS: Final[dict[int, dict[str, tuple[int, int]]]] = {}   # a key as its 32-bit halves


def purpose_of(name: str) -> str:
    """A roll's stream within a pass: its name ("red3.knock_off", "blue1.defense.red3"), with
    a throw and an intercept one stream ("red3.check"): the same luck whichever side he is on."""
    who, _, what = name.partition(".")
    return f"{who}.{_SAME_STREAM[what]}" if what in _SAME_STREAM else name


class Stream:
    """One (match, player, purpose)'s dice: the k-th is a function of the stream's 64-bit key
    and k alone (counter-based: a Weyl sequence in the key's low half, xored with its high
    half, through a 32-bit finaliser), so nothing drawn elsewhere moves it, and no generator
    is seeded or kept."""

    __slots__ = ("low", "high", "drawn")

    def __init__(self, low: i64, high: i64) -> None:
        self.low = low                  # the key's two 32-bit halves
        self.high = high
        self.drawn: i64 = 0

    def die(self, sides: i64 = 20) -> int:
        """The stream's next die: 1 to `sides` (at most 2**31), from the hash's high bits."""
        k = self.drawn + 1
        self.drawn = k
        x: i64 = ((self.low + k * _WEYL) & _M32) ^ self.high
        x ^= x >> 16
        x = (x * _MUL1) & _M32
        x ^= x >> 15
        x = (x * _MUL2) & _M32
        x ^= x >> 16
        return 1 + ((x * sides) >> 32)


class Streams:
    """Every (match, player, purpose) its own stream of dice, drawn in order: a player's k-th
    roll for a purpose in a match depends on nothing else, so whatever else happened (another
    zone count, another preset, a pass more or less before it), the same player meets the same
    luck: comparisons between zone counts and presets are paired roll by roll, not only until
    the first pass that differs. (Keyed by the pass too, as first planned, the streams fell out
    of step as soon as two zone counts' matches did: docs/simulator.md, "Paired streams".)"""

    def __init__(self, match_key: str):
        self.seed = stream_id(match_key)
        self._by_name: dict[str, Stream] = {}
        self._by_purpose: dict[str, Stream] = {}
        keys = _KEYS.get(self.seed)
        if keys is None:
            if len(_KEYS) >= _REMEMBERED:
                _KEYS.clear()
            keys = _KEYS[self.seed] = {}
        self._keys = keys

    def stream(self, name: str) -> Stream:
        """The stream a roll of this name draws from (a throw and an intercept: one)."""
        s = self._by_name.get(name)
        if s is None:
            purpose = _PURPOSES.get(name)
            if purpose is None:
                if len(_PURPOSES) >= _REMEMBERED:
                    _PURPOSES.clear()
                purpose = _PURPOSES[name] = purpose_of(name)
            s = self._by_purpose.get(purpose)
            if s is None:
                halves = self._keys.get(purpose)
                if halves is None:
                    key = _mix(self.seed ^ stream_id(purpose))
                    halves = self._keys[purpose] = (key & _M32, key >> 32)
                s = self._by_purpose[purpose] = Stream(halves[0], halves[1])
            self._by_name[name] = s
        return s

    def die(self, name: str, sides: int = 20) -> int:
        """The next die of the stream for `name`'s purpose: 1 to `sides`."""
        return self.stream(name).die(sides)


class StreamDice(Dice):
    """The table's dice (given naturals first, every roll recorded) drawing from `Streams`."""

    def __init__(self, streams: Streams):
        super().__init__(None, None)
        self.streams = streams

    def _take(self, name: str, sides: int, count: int) -> list[int]:
        stream = self.streams.stream(name)
        return [stream.die(sides) for _ in range(count)]


class LeanDice(StreamDice):
    """`StreamDice` without the records: the same numbers, a check's total without the roll
    built (the engine reads only its total)."""

    def d20_total(self, name: str, modifier: int = 0, advantage: bool = False,
                  disadvantage: bool = False) -> int:
        stream = self.streams.stream(name)
        r = stream.die()
        if advantage != disadvantage:
            s = stream.die()
            r = (r if r > s else s) if advantage else (r if r < s else s)
        return r + modifier


def ball(arena: Arena) -> Possession:
    """Who has the ball: every arena past the tip-off has an answer."""
    pos = arena.possession
    if pos is None:
        raise RulesError("nobody has the ball yet: the tip-off comes first", field="possession")
    return pos


def tipoff(arena: Arena, skills: dict[str, Skills], presets: dict[str, Preset],
           dice: Dice) -> Arena:
    checks = {p.id: Check(modifier=skills[p.id].acrobatics) for p in arena.players if p.standing}
    while True:
        result = resolve_tipoff(arena, checks, dice)
        if not result.reroll:
            break
        checks = {pid: checks[pid] for pid in result.reroll}
    after = result.arena
    pos = ball(after)
    if pos.carrier is None:
        carrier = presets[pos.team].best_thrower(after, skills, pos.team, result.choose_from)
        after = after.with_carrier(carrier, result.choose_from)
    return after


def resolve_presets(tactics: Sequence[str] | str | None, teams: Sequence[str],
                    fall_risk: float | None = None) -> dict[str, Preset]:
    names = [tactics] if isinstance(tactics, str) else list(tactics or [DEFAULT_PRESET])
    if len(names) == 1:
        names = names * len(teams)
    out = {}
    for team, name in zip(teams, names):
        p = PRESETS[name]
        out[team] = p if fall_risk is None else replace(p, fall_risk=fall_risk)
    return out


def play_match(players: int, zones: int, arena_seed: str, dice_seed: str,
               pass_limit: int = PASS_LIMIT, fall_risk: float | None = None,
               tactics: Sequence[str] | str | None = None, lean: bool = True,
               roster: TeamSheets | None = None, trace: list | None = None) -> MatchStats:
    """Play one match to a winner, everyone out (a draw) or the pass limit (a draw).

    `tactics`: one preset name for both teams or one per team (table order). `trace`, when
    given, gets one tuple per pass: what the differential test compares."""
    draws = (_draw(players, random.Random(arena_seed), roster) if roster is not None
             else _drawn(players, arena_seed))
    arena, skills = _arena(zones, draws)
    streams = Streams(dice_seed)
    dice = LeanDice(streams) if lean else StreamDice(streams)
    presets = resolve_presets(tactics, arena.teams, fall_risk)
    zmap = _zone_map(arena, zones)
    sums = {t: sum(s.athletics + s.acrobatics for pid, s in skills.items()
                   if arena.player(pid).team == t) for t in arena.teams}
    low = min(sums.values())
    weakest = [t for t, s in sums.items() if s == low]
    arena = tipoff(arena, skills, presets, dice)
    view = View(arena, skills, zmap, explain=not lean)
    plans = _Plans(view, presets, skills, streams, remember=lean)
    stats = MatchStats(tipoff_team=ball(arena).team,
                       weaker=weakest[0] if len(weakest) == 1 and len(sums) > 1 else None)
    first = True
    while stats.passes < pass_limit:
        pos = ball(arena)
        throw = None
        actions: list[Action] = []
        initiatives: list[int] = []         # each action's, in step with `actions`
        for team in arena.teams:
            if team not in view.by_team:
                continue
            for step in plans.of(team):
                # initiative order, highest first (ties: declaration order), as the engine
                # sorts; each player's initiative die from his own stream. Each declaration
                # goes in after every one whose initiative is at least its own: a scan of a
                # dozen small integers costs less than sorting keys boxed for it
                initiative = step.initiative.die() + step.bonus
                i = len(initiatives)
                while i and initiatives[i - 1] < initiative:
                    i -= 1
                initiatives.insert(i, initiative)
                actions.insert(i, step.action)
                step.declared += 1
                if step.throw is not None:
                    throw = step.throw
        if lean and first:
            validate(arena, actions, throw)        # validation once per match
        first = False
        if not lean:
            dice.rolls.clear()
        # (each called by name: compiled, a direct call, where a chosen function is a
        # Python-level one)
        result = (play_pass(arena, actions, throw, dice) if lean
                  else resolve_pass(arena, actions, throw, dice))
        after = result.arena
        _count(stats, result, throw)
        got = ball(after)
        stats.possession_changes += got.team != pos.team
        if trace is not None:
            trace.append((result.outcome, result.throw_total, result.intercept_total,
                          result.possession.as_dict(), tuple(result.out),
                          tuple(result.fell), result.winner))
        if result.winner is not None:
            stats.winner = result.winner
            break
        if got.carrier is None:
            carrier = presets[got.team].best_thrower(after, skills, got.team,
                                                     result.choose_from)
            after = after.with_carrier(carrier, result.choose_from)
        arena = after
        view.update(arena)
    if stats.winner is None:
        stats.winner = "limit"
    plans.count_declared(stats.declared)
    return stats


class _Step:
    """One declaration as the engine takes it: the action, its initiative bonus, its kind's
    index in ACTION_KINDS, the throw if it is the carrier's, the player's initiative stream;
    and the rest of what the preset declared (target, zone, throw kind), to know it again;
    and how many times it was declared this match (`declared`: counted on the step, a machine
    integer, and added up by kind once the match ends).
    A class, not a tuple: compiled, a plan's list holds the one built, where a tuple of
    machine integers was boxed again into every new plan."""

    __slots__ = ("action", "bonus", "kind", "throw", "initiative", "target", "zone",
                 "throw_kind", "declared")

    def __init__(self, action: Action, bonus: int, kind: int, throw: Throw | None,
                 initiative: Stream, d: Decl) -> None:
        self.action, self.bonus, self.kind, self.throw = action, bonus, kind, throw
        self.initiative = initiative
        self.target, self.zone, self.throw_kind = d.target, d.zone, d.kind
        self.declared = 0


_Plan = list[_Step]


class _Plans:
    """A team's declarations this pass as the engine takes them (`_Step`s).

    The presets decide from the view alone, and a match shows them the same view again and
    again (a third of the plans asked for, at 6 a side), so with `remember` (the lean path)
    each team's plan is kept by everything its preset reads that changes during a match: for
    the side with the ball, the possession (carrier, hot, platforms visited) and where every
    standing player is; for a side without it, the carrier and where he and its own standing
    players are. The full path always asks the presets, so the differential test checks
    these keys too."""

    def __init__(self, view: View, presets: dict[str, Preset], skills: dict[str, Skills],
                 streams: Streams, remember: bool):
        self.view, self.presets, self.skills = view, presets, skills
        self.initiative = {pid: streams.stream(pid + ".initiative") for pid in skills}
        self.checks = {pid: {"athletics": Check(modifier=s.athletics),
                             "acrobatics": Check(modifier=s.acrobatics)}
                       for pid, s in skills.items()}
        # by player: the few declarations each has made this match
        self.steps: dict[str, list[_Step]] = {}
        self.kept: dict[tuple, _Plan] | None = {} if remember else None
        self.seated: list[Player] | None = None    # the view's standing list the seats are of
        # each seating seen this match as a small integer, so that a plan's key hashes a
        # few values, not every player's zone at every look-up
        self.seatings: dict[tuple[str | None | bool, ...], int] = {}
        self.everyone = -1
        self.seats: dict[str, int] = {}
        # each team's places in the arena's players, which a match keeps
        players = view.arena.players
        self.places = {t: [i for i, p in enumerate(players) if p.team == t]
                       for t in view.arena.teams}

    def of(self, team: str) -> _Plan:
        """The team's plan for the view as it stands."""
        v = self.view
        if self.kept is None:
            return [self.step(d) for d in self.presets[team].declare(v, team)]
        if v.standing is not self.seated:           # the view seated the players again
            self.seated = v.standing
            self.everyone = -1                      # each worked out when first asked for
            self.seats = {}
        pos, c = v.pos, v.carrier
        if team == pos.team:
            if self.everyone < 0:
                self.everyone = self.seating(None)
            key: tuple = (team, c.id, pos.hot, pos.visited, self.everyone)
        else:
            seats = self.seats.get(team)
            if seats is None:
                seats = self.seats[team] = self.seating(team)
            key = (team, c.id, c.zone, seats)
        plan = self.kept.get(key)
        if plan is None:
            plan = self.kept[key] = [self.step(d) for d in self.presets[team].declare(v, team)]
        return plan

    def seating(self, team: str | None) -> int:
        """Where `team`'s players (None: everyone's) stand, as this match's number for it:
        one flat tuple of each one's zone, or False when he is not standing, in the arena's
        order, which a match keeps (so a place says who: cheaper to build and to hash than
        his id beside his zone)."""
        arena = self.view.arena
        players = arena.players
        if team is None:
            out = arena.eliminated
            seated = tuple([p.zone if p.standing and p.team not in out else False
                            for p in players])
        else:           # (asked only for a team still playing, by its places: no filter)
            seated = tuple([players[i].zone if players[i].standing else False
                            for i in self.places[team]])
        return self.seatings.setdefault(seated, len(self.seatings))

    def count_declared(self, declared: list[int]) -> None:
        """Add each step's declarations this match to `declared`, by kind."""
        for mine in self.steps.values():
            for step in mine:
                declared[step.kind] += step.declared

    def step(self, d: Decl) -> _Step:
        """One declaration as the engine takes it, built once a match: a match declares the
        same few hundred again and again."""
        mine = self.steps.get(d.player)
        if mine is None:
            mine = self.steps[d.player] = []
        # a player declares a handful of different things a match: a scan of his few costs
        # less than a key tuple's hashing
        action, target, zone, kind = d.action, d.target, d.zone, d.kind
        for got in mine:
            if (got.action.action == action and got.target == target and got.zone == zone
                    and got.throw_kind == kind):
                return got
        got = _Step(self.action(d), self.skills[d.player].acrobatics, _KIND[action],
                    self.throw(d), self.initiative[d.player], d)
        mine.append(got)
        return got

    def action(self, d: Decl) -> Action:
        checks, skill = self.checks, d.skill
        defense = None
        if d.action == "knock_off":
            assert d.target is not None         # a preset's knock-off names its man
            defense = checks[d.target][self.skills[d.target].best_skill]
        return Action(player=d.player, action=d.action, target=d.target, zone=d.zone,
                      check=checks[d.player][skill] if skill else None, defense=defense)

    def throw(self, d: Decl) -> Throw | None:
        """The carrier's throw, if this is his declaration."""
        if d.kind is None:
            return None
        assert d.target is not None             # ... and his throw its target
        hot = d.kind == "hot"
        return Throw(kind=d.kind, target=d.target,
                     carrier_check=self.checks[d.player]["acrobatics"] if hot else None,
                     target_check=self.checks[d.target]["acrobatics"] if hot else None)


def _count(stats: MatchStats, result: PassResult, throw: Throw | None) -> None:
    """One pass into the match's figures, and which declarations changed something in it
    (docs/simulator.md, "Criterion"): a knock-off that knocked its man off; a throw or
    intercept check that fell, or whose margin decided the comparison (without it, the other
    side would have won or tied); a Defend spent on a check that then held; a block that kept
    a mover out; a move made."""
    decisive = stats.decisive
    outcome = result.outcome
    stats.passes += 1
    if throw is not None:
        stats.throws += 1
        stats.hot_throws += throw.kind == "hot"
        stats.intercepted += outcome == "intercepted"
    stats.knock_outs += outcome == "knocked_out"
    stats.falls += len(result.fell)
    for k in result.knock_offs:
        if k.success:
            stats.knock_offs += 1
            decisive[_KNOCK_OFF] += 1
        elif k.defended_by:
            decisive[_DEFEND] += 1
    contest = result.hot_contest
    if contest and contest.defended_by and outcome != "knocked_out":
        decisive[_DEFEND] += 1
    t, i = result.throw_total, result.intercept_total
    compared = throw is not None and outcome in _COMPARED
    for c in result.checks:       # a throw's or an intercept's check, nothing else
        thrown = c.action == "throw"
        kind = _THROW if thrown else _INTERCEPT
        if c.fell:
            decisive[kind] += 1
        elif compared and c.margin:
            if (t > i >= t - c.margin) if thrown else (i > t >= i - c.margin):
                decisive[kind] += 1
    for m in result.moves:
        if m.moved:
            decisive[_MOVE] += 1
        elif m.blocked_by:
            decisive[_BLOCK] += 1
