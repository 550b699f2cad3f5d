"""Goat-ball's plain types: settings, players, teams, possession and the whole arena state."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Final

from ..errors import IllegalAction, RulesError, UnknownPlayer

SKILLS = ("athletics", "acrobatics")
DC: Final = 5        # Final: the compiled build reads the number, not a module global

# Flight is refused by what a spell or ability does (rulings "Magic"): anything that gives a
# flying speed or makes a creature fly or float. Spells and abilities known to do so, by what
# they do, for the names that do not say it themselves:
FLIGHT_MAGIC = {
    # spells (5e core books)
    "fly": "gives a flying speed",
    "levitate": "makes a creature float up and down",
    "gaseous form": "turns a creature into a floating cloud with a flying speed",
    "wind walk": "turns creatures into clouds with a flying speed",
    "investiture of wind": "gives a flying speed",
    "tensers floating disk": "a floating disk that carries a creature through the air",
    "telekinesis": "lifts a creature and moves it through the air",
    "reverse gravity": "makes creatures fall upward and float",
    "find greater steed": "a flying steed (griffon, pegasus)",
    "draconic transformation": "gives a flying speed (spectral wings)",
    "tree of wings": "gives a flying speed",
    "overland flight": "gives a flying speed (3.5)",
    # class and subclass features
    "dragon wings": "gives a flying speed (draconic sorcerer)",
    "wind soul": "gives a flying speed (storm sorcery)",
    "tempestuous magic": "lets the sorcerer fly 10 ft (storm sorcery)",
    "revelation in flesh": "may give a flying speed (aberrant mind sorcerer)",
    "avenging angel": "gives a flying speed (oath of vengeance)",
    "stormborn": "gives a flying speed (tempest cleric)",
    "steps of night": "gives a flying speed (twilight cleric)",
    "ride the wind": "casts fly on the monk (way of the four elements)",
    "wings unfurled": "gives a flying speed (way of the ascendant dragon)",
    "totemic attunement eagle": "gives a flying speed while raging (eagle totem)",
    "eagle totemic attunement": "gives a flying speed while raging (eagle totem)",
    "bond of fang and scale": "a drake companion that flies with its rider (drakewarden)",
    # eldritch invocations
    "ascendant step": "casts levitate at will (warlock invocation)",
    "elemental gift": "gives a flying speed (the genie warlock)",
    # racial traits
    "radiant soul": "gives a flying speed (aasimar)",
    "heavenly wings": "gives a flying speed (aasimar)",
    "celestial revelation": "may give a flying speed (aasimar)",
    "draconic wings": "gives a flying speed (aasimar or dragonborn)",
    "draconic flight": "gives a flying speed (dragonborn)",
    "gem flight": "gives a flying speed (gem dragonborn)",
    "mingle with the wind": "casts levitate (air genasi)",
    "fey flight": "gives a flying speed",
    "shadow wings": "gives a flying speed",
    "aarakocra flight": "gives a flying speed (aarakocra)",
    "fairy flight": "gives a flying speed (fairy)",
    "owlin flight": "gives a flying speed (owlin)",
}
# ...and the words by which a name says it itself (any spell or feature named for flight).
FLIGHT_WORDS = frozenset({
    "fly", "flies", "flying", "flight", "flyer", "levitate", "levitates", "levitation",
    "levitating", "float", "floats", "floating", "hover", "hovers", "hovering", "soar",
    "soars", "soaring", "wing", "wings", "winged", "airborne", "gaseous",
})


# A description that gives a flying speed or levitation, whatever the entry is called: it is
# read for flying, floating, hovering, levitating, soaring and wings (rulings "Magic").
FLIGHT_DESCRIPTION = re.compile(
    r"\bfly(ing)?\s+speed|\bspeed\b[^.]{0,30}\bfly|\blevitat|\bfloat|\bhover|\bcan fly"
    r"|\bflies\b|\bfly(ing)?\b|\bflight\b|\bairborne\b|\bsoar|\bwing(s|ed)?\b",
    re.IGNORECASE)


def magic_key(name: str) -> str:
    """A spell or ability's name compared loosely: case, apostrophes, punctuation, brackets
    and spacing ("Totemic Attunement (Eagle)" is "totemic attunement eagle")."""
    plain = name.lower().replace("'", "").replace("\u2019", "")
    return " ".join(w for w in re.split(r"[\W_]+", plain) if w)


def is_flight(name: str, more: tuple[str, ...] = ()) -> bool:
    """Does this spell or ability give a flying speed or make a creature fly or float? Known
    ones by what they do, any name that says so, and the names a match marks as flight."""
    key = magic_key(name)
    if key in FLIGHT_MAGIC or key in {magic_key(m) for m in more}:
        return True
    return bool(FLIGHT_WORDS & set(re.findall(r"[a-z]+", key)))


def magic_entry(entry: Any, where: str) -> tuple[str, bool, str]:
    """An allowed-magic entry: a name, or {"name", "grants_flight"?, "description"?}.
    Returns (name, grants_flight, description)."""
    if isinstance(entry, str):
        if not entry.strip():
            raise RulesError("an allowed-magic name cannot be blank", field=where)
        return entry, False, ""
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str) \
            or not entry["name"].strip():
        raise RulesError('an allowed-magic entry is a name or {"name", "grants_flight"?,'
                         ' "description"?}', field=where)
    unknown = set(entry) - {"name", "grants_flight", "description"}
    if unknown:
        raise RulesError(f"unknown key {sorted(unknown)[0]!r} in an allowed-magic entry",
                         field=where)
    flight = entry.get("grants_flight", False)
    description = entry.get("description") or ""
    if not isinstance(flight, bool) or not isinstance(description, str):
        raise RulesError("grants_flight is true or false; description is text", field=where)
    return entry["name"], flight, description


@dataclass(frozen=True)
class Settings:
    zones: bool = False
    zone_links: dict[str, list[str]] | None = None   # adjacency; None: all zones border
    bloodball: bool = False                          # the ball is a spear: hot knock-outs wound
    bloodball_lethal: bool = False                   # the stricter custom: every knock-out is death
    magic: bool = False
    allowed_magic: tuple[str, ...] = ()
    flight_magic: tuple[str, ...] = ()               # more names this match marks as flight

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Settings:
        data = dict(data or {})
        known = {f for f in cls.__dataclass_fields__}
        for key in data:
            if key not in known:
                raise RulesError(f"unknown setting {key!r}; known: {', '.join(sorted(known))}",
                                 field=f"settings.{key}")
        for key in ("zones", "bloodball", "bloodball_lethal", "magic"):
            if key in data and not isinstance(data[key], bool):
                raise RulesError(f"settings.{key} must be true or false", field=f"settings.{key}")
        data["flight_magic"] = tuple(data.get("flight_magic") or ())
        if not all(isinstance(n, str) and n.strip() for n in data["flight_magic"]):
            raise RulesError("settings.flight_magic is a list of spell or ability names",
                             field="settings.flight_magic")
        entries = data.get("allowed_magic") or ()
        if not isinstance(entries, (list, tuple)):
            raise RulesError("settings.allowed_magic is a list of spells or abilities",
                             field="settings.allowed_magic")
        names = []
        for i, entry in enumerate(entries):
            where = f"settings.allowed_magic.{i}"
            name, grants, description = magic_entry(entry, where)
            # flight is judged by what the magic does: a name known or marked as flight, an
            # entry marked grants_flight, a description that gives a flying speed or
            # levitation; the GM's flight_magic is final
            if is_flight(name, data["flight_magic"]) or grants:
                raise RulesError(f"{name!r} cannot be allowed: flight is refused in every match",
                                 field=where)
            if FLIGHT_DESCRIPTION.search(description):
                raise RulesError(f"{name!r} cannot be allowed: its description gives a flying"
                                 f" speed or levitation, and flight is refused in every match",
                                 field=where)
            names.append(name)
        data["allowed_magic"] = tuple(names)
        if data.get("bloodball_lethal") and not data.get("bloodball"):
            raise RulesError("bloodball_lethal needs bloodball", field="settings.bloodball_lethal")
        return cls(**data)

    def as_dict(self) -> dict:
        out = asdict(self)
        out["allowed_magic"] = list(self.allowed_magic)
        out["flight_magic"] = list(self.flight_magic)
        return out

    def is_flight(self, name: str) -> bool:
        return is_flight(name, self.flight_magic)

    def adjacent(self, a: str, b: str) -> bool:
        if a == b:
            return False
        if self.zone_links is None:
            return True
        return b in self.zone_links.get(a, ()) or a in self.zone_links.get(b, ())


# The engine builds players, possessions and arenas every pass. Their `__init__` is written
# out (init=False) rather than left to @dataclass: the one dataclass writes sets each field
# through a frozen class's generic path, which the compiled build runs as interpreted code
# at several times the cost of a pure-Python build's (tests/sim checks the two agree). Each
# field is set by `object.__setattr__(self, "name", value)` written literally: mypyc compiles
# that form to a plain store into the object, where a call through an alias of it went the
# generic way (an argument tuple, the type's look-up, the descriptor: about 850 machine
# instructions a field).


DEFAULT_SETTINGS = Settings()      # frozen: one instance serves every arena built without


@dataclass(frozen=True, init=False)
class Player:
    id: str
    team: str
    platform: str
    zone: str | None = None
    out: bool = False
    dead: bool = False
    name: str | None = None
    # not out and not dead: a field set once, not a property, because every pass asks it of
    # every player several times (the balance simulator asks it some sixty times a pass)
    standing: bool = field(init=False, repr=False, compare=False)

    def __init__(self, id: str, team: str, platform: str, zone: str | None = None,
                 out: bool = False, dead: bool = False, name: str | None = None) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "team", team)
        object.__setattr__(self, "platform", platform)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "out", out)
        object.__setattr__(self, "dead", dead)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "standing", not out and not dead)

    def __eq__(self, other: object) -> bool:
        """The dataclass's equality (every field but `standing`), written out: the one
        @dataclass writes runs as interpreted code in the compiled build, and the simulator's
        view compares the players every pass."""
        if type(other) is not Player:
            return NotImplemented
        return (self.id == other.id and self.team == other.team
                and self.platform == other.platform and self.zone == other.zone
                and self.out == other.out and self.dead == other.dead
                and self.name == other.name)

    def __hash__(self) -> int:
        """The dataclass's hash, written out with `__eq__` (a compiled class that defines
        `__eq__` alone is unhashable)."""
        return hash((self.id, self.team, self.platform, self.zone, self.out, self.dead,
                     self.name))

    @property
    def label(self) -> str:
        return self.name or self.id

    def with_status(self, out: bool, dead: bool) -> Player:
        """`replace(self, out=out, dead=dead)`, field by field: the engine knocks players out
        and brings them back every pass, and `replace`'s walk over the fields cost as much as
        everything else about it (tests/sim checks the two agree on every field)."""
        return Player(self.id, self.team, self.platform, self.zone, out, dead, self.name)

    def with_zone(self, zone: str | None) -> Player:
        """`replace(self, zone=zone)`, field by field, as `with_status`: a move made (the
        compiled build ran `replace` interpreted, some 19k instructions a move)."""
        return Player(self.id, self.team, self.platform, zone, self.out, self.dead, self.name)


@dataclass(frozen=True, init=False)
class Possession:
    team: str
    carrier: str | None          # None: the team has yet to name its carrier
    visited: tuple[str, ...] = ()
    hot: bool = False

    def __init__(self, team: str, carrier: str | None, visited: tuple[str, ...] = (),
                 hot: bool = False) -> None:
        object.__setattr__(self, "team", team)
        object.__setattr__(self, "carrier", carrier)
        object.__setattr__(self, "visited", visited)
        object.__setattr__(self, "hot", hot)

    def as_dict(self) -> dict:
        return {"team": self.team, "carrier": self.carrier, "visited": list(self.visited),
                "hot": self.hot}


@dataclass(frozen=True, init=False)
class Arena:
    """Everything a pass is resolved against: who plays for whom, where, and who has the ball.

    Building one checks nothing, so the engine and the balance simulator can build one every
    pass cheaply (and mypyc can compile it); `validate` is the one check, which every arena
    built from outside input passes through (`arena_from_dict`, the match log's every state,
    the simulator's arena for each match), as python-chess's `Board()` sits beside
    `is_valid()`."""

    teams: tuple[str, ...]
    players: tuple[Player, ...]
    possession: Possession | None
    settings: Settings = field(default_factory=Settings)
    eliminated: tuple[str, ...] = ()
    team_names: tuple[tuple[str, str], ...] = ()     # (team id, display name), when named
    # the same players by id, in their order, set by a pass on the arena it answers (and kept
    # by `with_carrier`): the next pass copies it rather than building it again, and knows
    # the arena's `eliminated` already names every team with nobody standing. Never changed
    by_id: dict[str, Player] | None = field(default=None, init=False, repr=False, compare=False)

    def __init__(self, teams: tuple[str, ...], players: tuple[Player, ...],
                 possession: Possession | None, settings: Settings = DEFAULT_SETTINGS,
                 eliminated: tuple[str, ...] = (),
                 team_names: tuple[tuple[str, str], ...] = ()) -> None:
        object.__setattr__(self, "teams", teams)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "possession", possession)
        object.__setattr__(self, "settings", settings)
        object.__setattr__(self, "eliminated", eliminated)
        object.__setattr__(self, "team_names", team_names)
        object.__setattr__(self, "by_id", None)

    def answered(self, by_id: dict[str, Player] | None) -> Arena:
        """This arena, just built by a pass (or `with_carrier`), given its players by id:
        set once, before anyone reads it."""
        object.__setattr__(self, "by_id", by_id)
        return self

    def validate(self) -> Arena:
        """This arena, if it is one a match can be in; otherwise the rules error naming the
        field: at least two teams with distinct ids, distinct player ids, a zone for everyone
        when zones are on, and a ball held by a playing team's standing player."""
        if len(self.teams) < 2:
            raise RulesError("goat-ball needs at least two teams", field="teams")
        if len(set(self.teams)) != len(self.teams):
            raise RulesError("two teams share an id", field="teams")
        seen: set[str] = set()
        for i, p in enumerate(self.players):
            if p.id in seen:
                raise RulesError(f"two players share the id {p.id!r}", field=f"players.{i}")
            seen.add(p.id)
            if self.settings.zones and not p.zone:
                raise RulesError(f"zones are on: {p.label} needs a zone", field=f"players.{i}")
        pos = self.possession
        if pos is not None:
            if pos.team not in self.teams:
                raise RulesError(f"possession.team {pos.team!r} is not playing",
                                 field="possession.team")
            if pos.carrier is not None:
                carrier = self.player(pos.carrier, "possession.carrier")
                if carrier.team != pos.team:
                    raise IllegalAction(f"the carrier {carrier.label} does not play for"
                                        f" {pos.team}", field="possession.carrier")
                if not carrier.standing:
                    raise IllegalAction(f"the carrier {carrier.label} is out",
                                        field="possession.carrier")
        return self

    def with_carrier(self, pid: str, tied: list[str] | None = None,
                     stored: bool = False) -> Arena:
        """This arena once the team with the ball names its carrier: a standing player of
        that team, after a tie inside it one of the tied (rulings "Change of possession"; a
        `stored` event replaying is spared that refusal), his platform the first visited.
        The one check for the table's carrier event and the balance simulator alike."""
        pos = self.possession
        if pos is None or pos.carrier is not None:
            raise IllegalAction("no team is waiting to name a carrier", field="player")
        p = self.player(pid, "player")
        if p.team != pos.team or not p.standing:
            raise IllegalAction(f"{p.label} cannot carry for {pos.team}", field="player")
        if tied and p.id not in tied and not stored:
            raise IllegalAction(f"{pos.team} tied: its carrier is one of {', '.join(tied)},"
                                f" not {p.label}", field="player")
        return Arena(self.teams, self.players,
                     Possession(pos.team, p.id, pos.visited or (p.platform,), pos.hot),
                     self.settings, self.eliminated, self.team_names).answered(self.by_id)

    def player(self, pid: str, field: str = "player") -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise UnknownPlayer(f"no player with id {pid!r} on these teams", field=field)

    def team_players(self, team: str) -> list[Player]:
        return [p for p in self.players if p.team == team]

    def with_players(self, players: dict[str, Player]) -> Arena:
        return replace(self, players=tuple(players.get(p.id, p) for p in self.players))

    def as_dict(self) -> dict:
        named = dict(self.team_names)
        return {
            "teams": [{"id": t, **({"name": named[t]} if t in named else {}), "players": [
                {"id": p.id, "platform": p.platform, "zone": p.zone, "out": p.out,
                 "dead": p.dead, **({"name": p.name} if p.name else {})}
                for p in self.team_players(t)]} for t in self.teams],
            "possession": self.possession.as_dict() if self.possession else None,
            "eliminated": list(self.eliminated),
        }


def arena_from_dict(data: Mapping[str, Any], settings: Settings) -> Arena:
    """Build an arena from the JSON shape the API and the match log use, and validate it."""
    teams = data.get("teams") or []
    players = []
    for ti, team in enumerate(teams):
        for pi, p in enumerate(team.get("players", [])):
            where = f"teams.{ti}.players.{pi}"
            if not isinstance(p.get("id"), str) or not isinstance(p.get("platform"), str):
                raise RulesError("each player needs a string id and platform", field=where)
            players.append(Player(id=p["id"], team=team["id"], platform=p["platform"],
                                  zone=p.get("zone"), out=bool(p.get("out", False)),
                                  dead=bool(p.get("dead", False)), name=p.get("name")))
    pos = data.get("possession")
    possession = None
    if pos:
        possession = Possession(pos["team"], pos.get("carrier"), tuple(pos.get("visited") or ()),
                                bool(pos.get("hot", False)))
        if possession.carrier and not possession.visited:
            carrier = next((p for p in players if p.id == possession.carrier), None)
            if carrier:
                possession = replace(possession, visited=(carrier.platform,))
    return Arena(teams=tuple(t["id"] for t in teams), players=tuple(players),
                 possession=possession, settings=settings,
                 eliminated=tuple(data.get("eliminated") or ()),
                 team_names=tuple((t["id"], t["name"]) for t in teams if t.get("name"))
                 ).validate()
