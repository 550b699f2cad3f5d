"""Goat-ball tactics presets: who throws, intercepts, knocks off, defends, moves and blocks.

A preset is a model of players, not a rule: the rules engine (`companion.rules.goatball`)
decides everything the rules decide. Each preset plays both sides: how its team attacks (the
team with the ball) and how it defends; in a match each team may use its own.

What a preset may see is a `View`: the arena (who stands where, who is out, who has the ball,
which platforms it visited, whether it is hot) and everyone's skill bonuses. The carrier's
sealed slip is not in it, and nothing here is ever given it: the carrier's slip is chosen from
the same view as everyone else's declaration, and no declaration depends on another's (the
carrier writes his slip without seeing theirs; they declare without seeing it). A team may
still guess what its own carrier will do from its own preset, as a team at the table knows
its habits.

Shared habits (every preset):
- A throw or intercept check is the player's better skill; a knock-off is Str (Athletics),
  resisted with the target's better skill; a move past a block is the mover's better skill; a
  block is Athletics; a hot throw and its dodge are Dex (Acrobatics).
- A player joins a throw or an intercept only when his chance to fall (miss DC 5) is at most
  15%, counting the zone advantage he can be sure of (the carrier's zone: the throw's target
  is on the sealed slip); at most 5% (only a natural 1) when `bloodball_lethal` makes a fall
  death. A player who will not risk it defends a teammate he can reach (5e's Help, no roll),
  else blocks (zones), else joins anyway: every player gets a declaration the pass route
  accepts.
- A new carrier is the team's best thrower (after a tie inside the team, of the tied).
- A carrier with no standing teammate has nobody to throw to: he blocks (zones), else knocks
  off the opponent who resists worst.
- The carrier ("nearest" slip): a hot ball goes at the standing opponent who dodges worst (with
  zones, one in his own zone first); otherwise a pass to a teammate on a platform the ball has
  not visited (else any), in his own zone, then the nearest zone, then the better thrower.

The presets (`PRESETS`; docs/simulator.md has them in words):
- `single-chaser` (the first simulator's policy, renamed for what it does): one defender
  acts on the carrier: the strongest in the carrier's zone knocks him off, or, with nobody
  there, the nearest one moves one zone towards him; the other defenders intercept. Attackers
  never move: one guards the carrier (Defend) when he can be knocked off, or blocks the
  carrier's zone when a defender is one zone away; with a hot ball the strongest free attacker
  knocks off the opponent he can reach who resists worst, sparing the one they guess the hot
  ball goes at (the opponent nearest the carrier who looks easiest to put down: a guess from
  the view, not the carrier's own choice); the rest join the throw.
- `follow-ball`: everyone crowds the ball: every defender who can reach the carrier and
  out-muscles him (Athletics at least his better skill) knocks him off (at least the strongest
  one does; with zones or without), every defender outside the carrier's zone moves one zone
  towards it, and so does every free attacker outside it.
- `thin-defence`: attackers knock off the weakest defenders: after the guard, every free
  attacker who can reach an opponent he out-muscles (his Athletics at least the opponent's
  better skill) knocks one off, the carrier's zone first, the weakest first; defence as
  single-chaser.
- `double-team`: two defenders go for the carrier: the two strongest in his zone knock him
  off, and the nearest others move in to make up two; attack as single-chaser.
- `evasive`: the carrier passes to the unvisited teammate whose zone holds the fewest
  opponents (then the nearest, then the better thrower), and a free attacker whose zone holds
  more opponents than a neighbouring one moves there (gets open); otherwise as single-chaser.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from ..rules.errors import IllegalAction
from ..rules.goatball.state import DC, Arena, Player, Possession

FALL_RISK = 0.15           # a fall puts a player out until the next change of possession
LETHAL_FALL_RISK = 0.05    # bloodball_lethal: a fall is death; only a natural 1 may drop him


@dataclass(frozen=True, init=False)
class Skills:
    athletics: int
    acrobatics: int
    # the better skill (Athletics on a tie) and its bonus: fields set once, because the presets
    # ask them of nearly every player every pass
    best_skill: str = field(init=False, repr=False, compare=False)
    best: int = field(init=False, repr=False, compare=False)

    def __init__(self, athletics: int, acrobatics: int) -> None:
        strong = athletics >= acrobatics
        object.__setattr__(self, "athletics", athletics)
        object.__setattr__(self, "acrobatics", acrobatics)
        object.__setattr__(self, "best_skill", "athletics" if strong else "acrobatics")
        object.__setattr__(self, "best", athletics if strong else acrobatics)


@dataclass(slots=True, init=False)
class Decl:
    """One player's declaration, with the one-line reason the autopilot shows. (Its
    `__init__` is written out, as the engine's arena types' are: rules/goatball/state.py.)"""

    player: str
    action: str                 # throw | intercept | knock_off | defend | move | block
    reason: str = ""
    target: str | None = None
    zone: str | None = None     # where a move goes
    skill: str | None = None    # the skill its check rolls (None: no check, as for Defend)
    kind: str | None = None     # the carrier's throw: pass | hot

    def __init__(self, player: str, action: str, reason: str = "", target: str | None = None,
                 zone: str | None = None, skill: str | None = None,
                 kind: str | None = None) -> None:
        self.player = player
        self.action = action
        self.reason = reason
        self.target = target
        self.zone = zone
        self.skill = skill
        self.kind = kind

    def as_dict(self) -> dict:
        out: dict = {"player": self.player, "action": self.action}
        if self.target is not None:
            out["target"] = self.target
        if self.zone is not None:
            out["zone"] = self.zone
        if self.kind is not None:
            out["kind"] = self.kind
        out["skill"] = self.skill
        out["reason"] = self.reason
        return out


@dataclass(slots=True, init=False)
class Slip:
    """The carrier's sealed slip: where the ball goes."""

    kind: str                   # pass | hot
    target: str
    reason: str = ""

    def __init__(self, kind: str, target: str, reason: str = "") -> None:
        self.kind = kind
        self.target = target
        self.reason = reason


def fall_chance(modifier: int, advantage: bool) -> float:
    """The chance that d20 + modifier (with advantage: the better of two) misses DC 5.
    (Worked out each time: a few float operations compiled, cheaper than a cache's call.)"""
    miss = (DC - 1 - modifier) / 20
    miss = 1.0 if miss >= 1.0 else miss if miss > 0.0 else 0.0
    return miss * miss if advantage else miss


_NOWHERE: Final[dict[str, int]] = {}       # the distances from a zone the map lacks


class ZoneMap:
    """Distances between zones over the match's adjacency (None: every zone borders every
    other), and the step a mover takes towards a zone."""

    def __init__(self, links: Mapping[str, Iterable[str]] | None, names: Iterable[str]):
        names = set(names)
        graph: dict[str, set[str]] = {z: set() for z in names}
        if links is not None:
            for a, bs in links.items():
                for b in bs:
                    graph.setdefault(a, set()).add(b)
                    graph.setdefault(b, set()).add(a)
        else:
            for a in names:
                graph[a] = names - {a}
        self.graph = {z: sorted(n) for z, n in graph.items()}
        self._steps: dict[tuple[str, str], str | None] = {}
        self._dist: dict[str, dict[str, int]] = {}
        for z in self.graph:
            seen = {z: 0}
            queue = deque([z])
            while queue:
                a = queue.popleft()
                for b in self.graph[a]:
                    if b not in seen:
                        seen[b] = seen[a] + 1
                        queue.append(b)
            self._dist[z] = seen

    @classmethod
    def of(cls, arena: Arena) -> ZoneMap | None:
        if not arena.settings.zones:
            return None
        return cls(arena.settings.zone_links, {p.zone for p in arena.players if p.zone})

    def distances_from(self, z: str) -> dict[str, int]:
        """Every zone's distance from `z` (none: `z` is no zone of the map)."""
        return self._dist.get(z, _NOWHERE)

    def dist(self, a: str | None, b: str | None) -> int:
        if a is None or b is None or a == b:
            return 0
        far = self._dist.get(a)           # (not `.get(a, {})`: a dict built every call)
        return 999 if far is None else far.get(b, 999)

    def step(self, a: str, b: str) -> str | None:
        """The neighbour of `a` nearest to `b` (None: no way there); remembered, as a match asks
        the same few steps again and again."""
        key = (a, b)
        if key not in self._steps:
            here = self.dist(a, b)
            best = [n for n in self.graph.get(a, ()) if self.dist(n, b) < here]
            self._steps[key] = best[0] if best else None
        return self._steps[key]


class View:
    """What the table can see when it declares, once the ball has a carrier (declarations
    start then). No sealed slip: there is no field for one.

    The simulator builds one a match and moves it on with `update` every pass: what follows
    from the skills alone (each team strongest first and weakest first) is worked out once."""

    __slots__ = ("arena", "skills", "zones", "explain", "pos", "carrier", "standing",
                 "by_team", "strongest", "weakest", "_by_strength", "_by_weakness",
                 "_players", "_eliminated", "_rivals", "_hot_known", "_hot_mark",
                 "_labels", "_mates", "_carrier_far")

    def __init__(self, arena: Arena, skills: Mapping[str, Skills],
                 zones: ZoneMap | None = None, explain: bool = True):
        self.skills = skills
        self.zones = zones if zones is not None or not arena.settings.zones \
            else ZoneMap.of(arena)
        self.explain = explain
        ids: dict[str, list[str]] = {}
        for p in arena.players:
            ids.setdefault(p.team, []).append(p.id)
        # each team strongest first and weakest first, as places in the arena's players (a
        # match keeps their order), sorted as (key, id) pairs, not by a Python-level key call
        place = {p.id: i for i, p in enumerate(arena.players)}
        self._by_strength = {t: [place[pid] for _, pid in sorted(
            [(-skills[pid].athletics, pid) for pid in team])] for t, team in ids.items()}
        self._by_weakness = {t: [place[pid] for _, pid in sorted(
            [(skills[pid].best, pid) for pid in team])] for t, team in ids.items()}
        self._players: tuple[Player, ...] | None = None
        self._eliminated: tuple[str, ...] = ()
        self._hot_mark: Player | None = None
        self.update(arena)

    def update(self, arena: Arena) -> None:
        """The view of the next pass of the same match: the same players in the same order
        (the engine keeps the arena's), some of them out, moved or carrying the ball now.
        Who stands where is worked out again only when a player changed (a third of the
        passes change nobody)."""
        self.arena = arena
        pos = arena.possession
        if pos is None or pos.carrier is None:
            raise IllegalAction("the ball has no carrier yet: he is named before anyone"
                                " declares", field="possession.carrier")
        self.pos: Possession = pos
        if arena.players != self._players or arena.eliminated != self._eliminated:
            self._players, self._eliminated = arena.players, arena.eliminated
            self._seat(arena)
        # the carrier as he stands (a scan of a dozen: cheaper than a dict built for it);
        # arena.player refuses an id that is nobody's
        self.carrier: Player = arena.player(pos.carrier)
        self._hot_known = False
        self._mates: list[Player] | None = None
        self._carrier_far: dict[str, int] | None = None

    def _seat(self, arena: Arena) -> None:
        out = arena.eliminated
        self.standing = [p for p in arena.players if p.standing and p.team not in out]
        # each team with a player standing, in table order (a scan of a dozen a team)
        self.by_team: dict[str, list[Player]] = {}
        for t in arena.teams:
            mates = [p for p in self.standing if p.team == t]
            if mates:
                self.by_team[t] = mates
        # each team's standing players, strongest first (Athletics, then id) and weakest
        # first (better skill, then id)
        players = arena.players
        self.strongest = {t: [] if t in out else [q for i in order if (q := players[i]).standing]
                          for t, order in self._by_strength.items()}
        self.weakest = {t: [] if t in out else [q for i in order if (q := players[i]).standing]
                        for t, order in self._by_weakness.items()}
        self._rivals: dict[str, list[Player]] = {}
        self._labels: dict[str, str] | None = None

    def label(self, pid: str) -> str:
        if self._labels is None:
            self._labels = {p.id: p.label for p in self.arena.players}
        return self._labels[pid]

    def reach(self, p: Player, t: Player) -> bool:
        """May p knock off or defend t (zones: the same zone)?"""
        return self.zones is None or p.zone == t.zone

    def from_carrier(self, p: Player) -> int:
        """`dist(p, carrier)`, read from the carrier's own distances (the zone graph is
        undirected), found once a view: the presets measure nearly everyone from him."""
        zm, a, b = self.zones, p.zone, self.carrier.zone
        if zm is None or a is None or b is None or a == b:
            return 0
        far = self._carrier_far
        if far is None:
            far = self._carrier_far = zm.distances_from(b)
        return far.get(a, 999)

    def carrier_mates(self) -> list[Player]:
        """The carrier's standing teammates, in the arena's order: worked out once a view
        (the slip and the attack both ask), so never to be changed by the caller."""
        if self._mates is None:
            c = self.carrier
            self._mates = [m for m in self.by_team.get(c.team, []) if m.id != c.id]
        return self._mates

    def rivals_of(self, team: str) -> list[Player]:
        if team not in self._rivals:
            self._rivals[team] = [p for p in self.standing if p.team != team]
        return self._rivals[team]


# -- the carrier's slip -----------------------------------------------------------------------
def _hot_mark(v: View) -> Player | None:
    """The opponent a hot ball goes at: the worst dodger, in the carrier's zone first. The
    carrier's own choice: his teammates guess it (`guess_hot_mark`)."""
    if not v._hot_known:
        c, sk = v.carrier, v.skills
        zoned = v.zones is not None
        # `min` by (outside his zone, Acrobatics, id), field by field: no lambda a rival
        mark: Player | None = None
        m_away, m_dodge = False, 0
        for r in v.rivals_of(c.team):
            away, dodge = zoned and r.zone != c.zone, sk[r.id].acrobatics
            if mark is None or (m_away and not away) or (away == m_away and (
                    dodge < m_dodge or (dodge == m_dodge and r.id < mark.id))):
                mark, m_away, m_dodge = r, away, dodge
        v._hot_mark = mark
        v._hot_known = True
    return v._hot_mark


def slip_nearest(v: View) -> Slip | None:
    c, pos, sk = v.carrier, v.pos, v.skills
    if pos.hot:
        t = _hot_mark(v)
        if t is not None:
            why = ""
            if v.explain:
                where = " in his zone" if v.zones is not None and t.zone == c.zone else ""
                why = (f"hot throw at {v.label(t.id)}: the worst dodger{where}"
                       f" (Acrobatics {sk[t.id].acrobatics:+d})")
            return Slip("hot", t.id, why)
    mates = v.carrier_mates()
    if not mates:
        return None
    t = _nearest_mate(v, mates)
    why = ""
    if v.explain:
        new = "a new platform" if t.platform not in pos.visited else "no new platform left"
        d = v.from_carrier(t)
        where = ("" if v.zones is None else
                 ", in his own zone" if d == 0 else f", {d} zone{'s' * (d > 1)} away")
        why = f"passes to {v.label(t.id)}: {new}{where}"
    return Slip("pass", t.id, why)


def _nearest_mate(v: View, mates: list[Player]) -> Player:
    """`min` of the teammates by (platform visited, zones from the carrier, less better skill,
    id), compared field by field: a key tuple and a call for each teammate cost more than
    the choice (slip_nearest runs for nearly every plan)."""
    visited, sk = v.pos.visited, v.skills
    t = mates[0]
    t_old, t_dist, t_best = t.platform in visited, v.from_carrier(t), sk[t.id].best
    for m in mates[1:]:
        old, dist, best = m.platform in visited, v.from_carrier(m), sk[m.id].best
        if old != t_old:
            better = t_old
        elif dist != t_dist:
            better = dist < t_dist
        elif best != t_best:
            better = best > t_best
        else:
            better = m.id < t.id
        if better:
            t, t_old, t_dist, t_best = m, old, dist, best
    return t


def slip_evasive(v: View) -> Slip | None:
    c, pos, sk = v.carrier, v.pos, v.skills
    if pos.hot or v.zones is None:
        return slip_nearest(v)
    mates = v.carrier_mates()
    if not mates:
        return None
    crowd: dict[str | None, int] = {}
    for r in v.rivals_of(c.team):
        crowd[r.zone] = crowd.get(r.zone, 0) + 1
    t = min(mates, key=lambda m: (m.platform in pos.visited, crowd.get(m.zone, 0),
                                  v.from_carrier(m), -sk[m.id].best, m.id))
    why = ""
    if v.explain:
        n = crowd.get(t.zone, 0)
        why = (f"passes to {v.label(t.id)}: the emptiest zone ({t.zone}, {n}"
               f" opponent{'s' * (n != 1)})")
    return Slip("pass", t.id, why)


# -- shared pieces ----------------------------------------------------------------------------
def _join(v: View, p: Player, action: str, fall_risk: float,
          defendable: list[Player]) -> Decl:
    """Join a throw/intercept if the fall risk is acceptable, else the safest legal action."""
    sk = v.skills[p.id]
    adv = v.zones is not None and p.zone == v.carrier.zone
    risk = fall_chance(sk.best, adv)
    if risk <= fall_risk:
        why = ""
        if v.explain:
            verb = "joins the throw" if action == "throw" else "intercepts"
            why = f"{verb}: {risk:.0%} to fall" + (" (advantage: the carrier's zone)"
                                                    if adv else "")
        return Decl(p.id, action, why, skill=sk.best_skill)
    too_much = ""
    if v.explain:
        deadly = " when a fall is death" if v.arena.settings.bloodball_lethal else ""
        too_much = (f"{risk:.0%} to fall is too much to"
                    f" {'throw' if action == 'throw' else 'intercept'}{deadly}")
    mates = [m for m in defendable if m.id != p.id and v.reach(p, m)]
    if mates:
        t = mates[0]
        why = f"defends {v.label(t.id)}: {too_much}" if v.explain else ""
        return Decl(p.id, "defend", why, target=t.id)
    if v.zones is not None:
        why = f"blocks his zone: {too_much}" if v.explain else ""
        return Decl(p.id, "block", why, skill="athletics")
    why = f"{action}s anyway: {risk:.0%} to fall, but nothing safer is legal" if v.explain else ""
    return Decl(p.id, action, why, skill=sk.best_skill)


def _move_towards(v: View, p: Player, to: Player, why_tail: str) -> Decl | None:
    zm = v.zones
    if zm is None or p.zone is None or to.zone is None:
        return None
    zone = zm.step(p.zone, to.zone)
    if zone is None:
        return None
    why = f"moves to {zone}: towards {why_tail}" if v.explain else ""
    return Decl(p.id, "move", why, zone=zone, skill=v.skills[p.id].best_skill)


# -- defence ----------------------------------------------------------------------------------
def defend(v: View, team: str, chasers: int, crowd: bool, fall_risk: float) -> list[Decl]:
    """The declarations of a team without the ball: `chasers` defenders go for the carrier
    (knock-off if in his zone, else the nearest move in); with `crowd`, every defender outside
    the carrier's zone moves towards it, and every one who can reach him and out-muscles him
    (Athletics at least his better skill) knocks him off, zones or none; the rest intercept."""
    c, sk = v.carrier, v.skills
    zoned = v.zones is not None
    mine = v.by_team.get(team, [])
    strongest = v.strongest.get(team, [])
    out: list[Decl] = []
    busy: set[str] = set()
    near = [d for d in strongest if d.zone == c.zone] if zoned else strongest
    if crowd:
        held = sk[c.id].best
        chasers = max(chasers, sum(1 for d in near if sk[d.id].athletics >= held))
    for d in near[:chasers]:
        why = ""
        if v.explain:
            where = "the carrier is in his zone" if v.zones is not None else "the carrier"
            why = (f"knocks off {v.label(c.id)}: {where}, Athletics {sk[d.id].athletics:+d}"
                   f" against {sk[c.id].best:+d}")
        out.append(Decl(d.id, "knock_off", why, target=c.id, skill="athletics"))
        busy.add(d.id)
    zm = v.zones
    if zm is not None and (crowd or chasers > len(near)):
        # nearest first, then the strongest: a stable sort of those already strongest first
        away = [d for d in strongest if d.id not in busy and d.zone != c.zone]
        if len(away) > 1:     # sorted by a C-level key (list.__getitem__), not a lambda
            dists = [zm.dist(d.zone, c.zone) for d in away]
            away = [away[i] for i in sorted(range(len(away)), key=dists.__getitem__)]
        movers = away if crowd else away[:chasers - len(near)]
        for d in movers:
            m = _move_towards(v, d, c, "the ball" if crowd else f"the carrier {v.label(c.id)}"
                              if v.explain else "")
            if m is not None:
                out.append(m)
                busy.add(d.id)
    weakest = v.weakest.get(team, [])
    for d in mine:
        if d.id not in busy:
            out.append(_join(v, d, "intercept", fall_risk, weakest))
    return out


# -- attack -----------------------------------------------------------------------------------
def guess_hot_mark(v: View) -> Player | None:
    """Whom the carrier's teammates expect a hot ball to go at, from what they see (not from
    the carrier's own choice, which they cannot know): the opponent nearest the carrier who
    looks easiest to put down (the least better skill), then the first by id. It is only a
    guess: the carrier aims at the worst dodger, so they can be wrong."""
    c, sk = v.carrier, v.skills
    # `min` by (zones from the carrier, better skill, id), field by field as `_hot_mark`
    mark: Player | None = None
    m_dist, m_best = 0, 0
    for r in v.rivals_of(c.team):
        dist, best = v.from_carrier(r), sk[r.id].best
        if mark is None or dist < m_dist or (dist == m_dist and (
                best < m_best or (best == m_best and r.id < mark.id))):
            mark, m_dist, m_best = r, dist, best
    return mark


def _support(v: View, m: Player, support: str) -> Decl | None:
    """A free attacker's move, with zones: "close" one zone towards the carrier when he is
    not in his zone; "spread" to the neighbouring zone with the fewest opponents when his own
    holds more opponents than that one (getting open for the next pass)."""
    c = v.carrier
    if support == "close":
        if m.zone == c.zone:
            return None
        return _move_towards(v, m, c, f"the carrier {v.label(c.id)}" if v.explain else "")
    crowd: dict[str | None, int] = {}
    for r in v.rivals_of(c.team):
        crowd[r.zone] = crowd.get(r.zone, 0) + 1
    here = crowd.get(m.zone, 0)
    zm = v.zones
    nearby = zm.graph.get(m.zone, []) if zm is not None and m.zone is not None else []
    if not here or not nearby:
        return None
    to = min(nearby, key=lambda z: (crowd.get(z, 0), z))
    if crowd.get(to, 0) >= here:
        return None
    why = (f"moves to {to}: gets open ({crowd.get(to, 0)} opponents there, {here} here)"
           if v.explain else "")
    return Decl(m.id, "move", why, zone=to, skill=v.skills[m.id].best_skill)


def attack(v: View, thin: bool, fall_risk: float, support: str | None = None) -> list[Decl]:
    """The declarations of the carrier's teammates (not the carrier: his is the slip, which
    they do not see). With a hot ball they spare the opponent they guess their carrier aims
    at (`guess_hot_mark`). With zones and `support`, free attackers move (`_support`) instead
    of joining the throw."""
    c = v.carrier
    mates = v.carrier_mates()
    strongest = [m for m in v.strongest.get(c.team, []) if m.id != c.id]
    rivals = v.rivals_of(c.team)
    out: list[Decl] = []
    busy: set[str] = set()
    guard = _guard_carrier(v, strongest, rivals)
    if guard is not None:
        out.append(guard)
        busy.add(guard.player)
    mark = guess_hot_mark(v) if v.pos.hot else None
    spare = mark.id if mark is not None else None
    if thin:
        out += _thin_knock_offs(v, strongest, rivals, busy, spare)
    elif v.pos.hot:
        out += _hot_knock_off(v, mates, rivals, busy, spare)
    if support is not None and v.zones is not None:
        out += _supporting_moves(v, mates, busy, support)
    defendable = [c] + [m for m in v.weakest.get(c.team, []) if m.id != c.id]
    for m in mates:
        if m.id not in busy:
            out.append(_join(v, m, "throw", fall_risk, defendable))
    return out


def _guard_carrier(v: View, strongest: list[Player], rivals: list[Player]) -> Decl | None:
    """The strongest free attacker beside the carrier defends him when an opponent can knock
    him off; with zones and nobody there yet, he blocks the carrier's zone against an
    opponent one zone away."""
    c = v.carrier
    zoned = v.zones is not None
    threats = [r for r in rivals if r.zone == c.zone] if zoned else rivals
    guards = [m for m in strongest if m.zone == c.zone] if zoned else strongest
    if threats and guards:
        why = (f"defends {v.label(c.id)}: {len(threats)} opponent{'s' * (len(threats) > 1)}"
               f" can knock the carrier off") if v.explain else ""
        return Decl(guards[0].id, "defend", why, target=c.id)
    if zoned and guards and any(v.from_carrier(r) == 1 for r in rivals):
        who = min((r for r in rivals if v.from_carrier(r) == 1), key=lambda r: r.id)
        why = (f"blocks {c.zone}: {v.label(who.id)} is one zone from the carrier"
               if v.explain else "")
        return Decl(guards[0].id, "block", why, skill="athletics")
    return None


def _thin_knock_offs(v: View, strongest: list[Player], rivals: list[Player], busy: set[str],
                     spare: str | None) -> list[Decl]:
    """`thin`: each free strong attacker knocks off the weakest defender he out-muscles and
    can reach (nearest the carrier first), one attacker a defender."""
    c, sk = v.carrier, v.skills
    out: list[Decl] = []
    taken: set[str] = set()
    for m in [m for m in strongest if m.id not in busy]:
        marks = [r for r in rivals if r.id != spare and r.id not in taken and v.reach(m, r)
                 and sk[m.id].athletics >= sk[r.id].best]
        if not marks:
            continue
        r = min(marks, key=lambda r: (v.from_carrier(r) != 0, sk[r.id].best, r.id))
        why = ""
        if v.explain:
            where = " in the carrier's zone" if v.zones is not None and r.zone == c.zone \
                else ""
            why = (f"knocks off {v.label(r.id)}: weakest defender{where}"
                   f" ({sk[r.id].best:+d} against Athletics {sk[m.id].athletics:+d})")
        out.append(Decl(m.id, "knock_off", why, target=r.id, skill="athletics"))
        busy.add(m.id)
        taken.add(r.id)
    return out


def _hot_knock_off(v: View, mates: list[Player], rivals: list[Player], busy: set[str],
                   spare: str | None) -> list[Decl]:
    """A hot ball: of every (free attacker, opponent he can reach) pair, the greatest
    Athletics over the opponent's better skill, then the greater ids: each attacker's softest
    reachable opponent (least better skill, then the greater id), then the best attacker for
    his."""
    sk = v.skills
    zoned = v.zones is not None
    softest: dict[str | None, Player] = {}
    for r in rivals:
        if r.id != spare:
            at = r.zone if zoned else None
            was = softest.get(at)
            if was is None or (-sk[r.id].best, r.id) > (-sk[was.id].best, was.id):
                softest[at] = r
    pick: tuple[Player, Player] | None = None
    edge: tuple[int, str] | None = None
    for m in mates:
        soft = softest.get(m.zone if zoned else None)
        if soft is not None and m.id not in busy:
            key = (sk[m.id].athletics - sk[soft.id].best, m.id)
            if edge is None or key > edge:
                pick, edge = (m, soft), key
    if pick is None:
        return []
    m, r = pick
    why = (f"knocks off {v.label(r.id)}: the weakest resister he can reach while the"
           f" ball is hot") if v.explain else ""
    busy.add(m.id)
    return [Decl(m.id, "knock_off", why, target=r.id, skill="athletics")]


def _supporting_moves(v: View, mates: list[Player], busy: set[str],
                      support: str) -> list[Decl]:
    """With zones and `support`, each free attacker moves where `_support` sends him."""
    out: list[Decl] = []
    for m in mates:
        if m.id not in busy:
            move = _support(v, m, support)
            if move is not None:
                out.append(move)
                busy.add(m.id)
    return out


def carrier_decl(v: View, slip: Slip | None) -> Decl:
    """The carrier's own declaration: his part in the throw his slip names. With nobody to
    throw to, a throw would have no target, which the pass route refuses: he blocks his zone
    (zones), else knocks off the opponent who resists worst (the one legal action left)."""
    c, sk = v.carrier, v.skills
    if slip is not None:
        return Decl(c.id, "throw", slip.reason, target=slip.target, kind=slip.kind,
                    skill=sk[c.id].best_skill)
    mates = v.carrier_mates()
    if mates:       # unreachable with the slips above; kept for a preset that holds the ball
        t = mates[0]
        return Decl(c.id, "defend", f"holds the ball and helps {v.label(t.id)}", target=t.id)
    if v.zones is not None:
        return Decl(c.id, "block", "nobody to throw to" if v.explain else "", skill="athletics")
    rivals = v.rivals_of(c.team)
    if not rivals:
        from ..rules.errors import IllegalAction
        raise IllegalAction(f"every opponent of {c.team} is out: the match is won, no pass is"
                            f" left to declare", field="possession")
    r = min(rivals, key=lambda r: (sk[r.id].best, r.id))
    why = (f"nobody to throw to: knocks off {v.label(r.id)}, who resists worst"
           f" ({sk[r.id].best:+d} against Athletics {sk[c.id].athletics:+d})"
           if v.explain else "")
    return Decl(c.id, "knock_off", why, target=r.id, skill="athletics")


@dataclass(frozen=True)
class Preset:
    name: str
    summary: str
    chasers: int = 1            # defenders who go for the carrier
    crowd: bool = False         # every defender closes in on the carrier's zone
    thin: bool = False          # attackers knock off the weakest defenders they out-muscle
    evasive: bool = False       # the carrier passes to the emptiest zone
    support: str | None = None  # attackers move: "close" in on the carrier, "spread" to get open
    fall_risk: float = FALL_RISK
    lethal_fall_risk: float = LETHAL_FALL_RISK

    def accepted_fall_risk(self, settings) -> float:
        """The chance to fall a player takes to throw or intercept: less when a fall is death
        (`bloodball_lethal`) than when it puts him out until possession changes."""
        if settings.bloodball_lethal:
            return min(self.fall_risk, self.lethal_fall_risk)
        return self.fall_risk

    def choose_carrier(self, arena: Arena, skills: Mapping[str, Skills], team: str,
                       choose_from: list[str] | None = None) -> tuple[str, str]:
        """The team names its carrier, with the autopilot's reason (`best_thrower`)."""
        pid = self.best_thrower(arena, skills, team, choose_from)
        return pid, f"carries: the best thrower ({skills[pid].best:+d})"

    def best_thrower(self, arena: Arena, skills: Mapping[str, Skills], team: str,
                     choose_from: list[str] | None = None) -> str:
        """The carrier a team names: its best thrower (of those the engine offers); the
        simulator's call, without `choose_carrier`'s reason (1% of a compiled match)."""
        pool = choose_from or [p.id for p in arena.players if p.team == team and p.standing]
        pid, best = pool[0], skills[pool[0]].best
        for other in pool:          # max by (better skill, id), without a key tuple for each
            bonus = skills[other].best
            if bonus > best or (bonus == best and other > pid):
                pid, best = other, bonus
        return pid

    def slip(self, v: View) -> Slip | None:
        """The carrier's sealed slip, from the view alone."""
        return slip_evasive(v) if self.evasive else slip_nearest(v)

    def declare(self, v: View, team: str) -> list[Decl]:
        """Every standing player of `team`: for the team with the ball, the carrier's throw
        (from his slip) first, then his teammates; else the defence."""
        risk = self.accepted_fall_risk(v.arena.settings)
        if team == v.pos.team:
            return [carrier_decl(v, self.slip(v)), *attack(v, self.thin, risk, self.support)]
        return defend(v, team, self.chasers, self.crowd, risk)


PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("single-chaser", "one defender goes for the carrier (knock-off, or moves in);"
           " attackers never move (the first simulator's policy)"),
    Preset("follow-ball", "everyone crowds the ball: defenders outside the carrier's zone"
           " move towards it and all who out-muscle him knock him off (zones or none);"
           " attackers outside his zone move in too", crowd=True, support="close"),
    Preset("thin-defence", "attackers knock off the weakest defenders they out-muscle",
           thin=True),
    Preset("double-team", "two defenders go for the carrier", chasers=2),
    Preset("evasive", "the carrier passes to the teammate in the emptiest zone; attackers"
           " crowded by opponents move to an emptier zone next to theirs", evasive=True,
           support="spread"),
)}
DEFAULT_PRESET = "single-chaser"


def preset(name: str) -> Preset:
    from ..rules.errors import RulesError

    if name not in PRESETS:
        raise RulesError(f"unknown tactics {name!r}; presets: {', '.join(PRESETS)}",
                         field="tactics")
    return PRESETS[name]


def presets_for(tactics, teams: list[str]) -> dict[str, Preset]:
    """Each team's preset from a name (every team), a list in table order (one name: every
    team) or {team: name} (teams left out: the default)."""
    from ..rules.errors import RulesError

    if tactics is None:
        names = [DEFAULT_PRESET] * len(teams)
    elif isinstance(tactics, str):
        names = [tactics] * len(teams)
    elif isinstance(tactics, dict):
        unknown = [t for t in tactics if t not in teams]
        if unknown:
            raise RulesError(f"tactics names a team that is not playing: {unknown[0]!r}",
                             field="tactics")
        names = [tactics.get(t, DEFAULT_PRESET) for t in teams]
    else:
        names = list(tactics)
        if len(names) == 1:
            names = names * len(teams)
        if len(names) != len(teams):
            raise RulesError(f"tactics: one preset, or one for each of the {len(teams)} teams",
                             field="tactics")
    return {t: preset(n) for t, n in zip(teams, names)}


def suggest(arena: Arena, skills: Mapping[str, Skills], presets: Mapping[str, Preset],
            players: list[str] | None = None, choose_from: list[str] | None = None) -> dict:
    """The autopilot: one legal declaration, with its reason, for each standing player named
    (default: every standing player), from the view alone (no slip is an input). With no
    carrier named yet, the team's choice of carrier instead: after a tie inside the team, one
    of the tied players (`choose_from`), as the rules allow no other."""
    from ..rules.errors import IllegalAction
    from ..rules.goatball.passes import with_eliminated

    arena = with_eliminated(arena)       # a team with nobody standing has lost, as a pass says
    pos = arena.possession
    if pos is None:
        raise IllegalAction("nobody has the ball yet: resolve the tip-off first",
                            field="possession")
    if choose_from is not None:
        if pos.carrier is not None:
            raise IllegalAction(f"{pos.team} already has its carrier: `choose_from` is for a"
                                f" team still to name one after a tie", field="choose_from")
        for i, pid in enumerate(choose_from):
            p = arena.player(pid, f"choose_from.{i}")
            if p.team != pos.team or not p.standing:
                raise IllegalAction(f"{p.label} cannot carry for {pos.team}",
                                    field=f"choose_from.{i}")
    if pos.carrier is None:
        pid, why = presets[pos.team].choose_carrier(arena, skills, pos.team, choose_from)
        return {"declarations": [], "carrier": {"player": pid, "reason": why}}
    v = View(arena, skills)
    standing = {p.id for p in v.standing}
    wanted = players if players is not None else [p.id for p in v.standing]
    for i, pid in enumerate(wanted):
        p = arena.player(pid, f"players.{i}")
        if p.team in arena.eliminated:
            raise IllegalAction(f"{p.label}'s team {p.team} has lost: no declaration",
                                field=f"players.{i}")
        if p.id not in standing:
            raise IllegalAction(f"{p.label} is out: no declaration this pass",
                                field=f"players.{i}")
    decls: dict[str, Decl] = {}
    for team in v.by_team:
        for d in presets[team].declare(v, team):
            decls[d.player] = d
    return {"declarations": [decls[pid].as_dict() for pid in dict.fromkeys(wanted)],
            "tactics": {t: p.name for t, p in presets.items()}}
