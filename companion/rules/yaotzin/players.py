"""Players on the court: their numbers, feats and whereabouts."""

from __future__ import annotations

import builtins  # the type, inside Player whose field `str` (its API name) shadows it
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import RulesError, UnknownPlayer
from .court import Court
from .grid import Square, square_at

FEATS = ("power_attack", "point_blank_shot", "precise_shot", "combat_reflexes",
         "exotic_weapon_pelota", "improved_grapple", "improved_bull_rush", "improved_trip",
         "improved_overrun", "improved_disarm")


def ability_mod(score: int) -> int:
    return (score - 10) // 2


@dataclass(frozen=True)
class Player:
    id: str
    team: str
    x: int
    y: int
    str: int = 10
    dex: int = 10
    bab: int = 0
    reflex: int = 0
    feats: frozenset[builtins.str] = field(default_factory=frozenset)
    prone: bool = False
    aoo_left: int | None = None   # None: a fresh round (1, plus Dex bonus with Combat Reflexes)
    name: builtins.str | None = None
    speed: int = 30
    ac: int | None = None          # None: 10 + Dex mod (no armour on the court)

    def __post_init__(self) -> None:
        unknown = set(self.feats) - set(FEATS)
        if unknown:
            raise RulesError(f"{self.label}: unknown feat {sorted(unknown)[0]!r};"
                             f" known: {', '.join(FEATS)}", field="players.feats")

    @property
    def label(self) -> builtins.str:
        return self.name or self.id

    @property
    def square(self) -> Square:
        return square_at(self.x, self.y)

    @property
    def str_mod(self) -> int:
        return ability_mod(self.str)

    @property
    def dex_mod(self) -> int:
        return ability_mod(self.dex)

    @property
    def armor_class(self) -> int:
        return self.ac if self.ac is not None else 10 + self.dex_mod

    @property
    def touch_ac(self) -> int:
        return 10 + self.dex_mod

    def has(self, feat: builtins.str) -> bool:
        return feat in self.feats

    @property
    def attacks_of_opportunity(self) -> int:
        if self.aoo_left is not None:
            return self.aoo_left
        return 1 + (max(0, self.dex_mod) if self.has("combat_reflexes") else 0)

    @property
    def can_react(self) -> bool:
        """May take an attack of opportunity now (not prone, one left)."""
        return not self.prone and self.attacks_of_opportunity > 0


class Roster:
    """The players of one request, looked up by id or square."""

    def __init__(self, players: Iterable[Player], court: Court):
        self.players = list(players)
        self.by_id: dict[str, Player] = {}
        self._by_square: dict[Square, list[Player]] = {}
        for i, p in enumerate(self.players):
            if p.id in self.by_id:
                raise RulesError(f"two players share the id {p.id!r}", field=f"players.{i}.id")
            court.require_on_field(p.square, p.label, f"players.{i}")
            self.by_id[p.id] = p
            self._by_square.setdefault(p.square, []).append(p)

    def get(self, pid: str, field: str = "player") -> Player:
        try:
            return self.by_id[pid]
        except KeyError:
            raise UnknownPlayer(f"no player with id {pid!r} on the court", field=field) from None

    def at(self, sq: Square) -> Sequence[Player]:
        return self._by_square.get(sq, ())

    def opponents_of(self, player: Player) -> list[Player]:
        return [p for p in self.players if p.team != player.team]
