"""Contests for the ball (rulebook 9.0, 10.0): grapple, disarm, feint, bull rush, overrun, trip.

No contest ever deals damage. Opposed checks follow D&D 3.5: the higher total wins, a tie goes
to the higher modifier, and a tie of both is rolled again.

`resolve_contest` answers a `ContestResult` (the target's attack of opportunity an `AooResult`
inside it), whose `as_dict()` is the `/yaotzin/contest` route's JSON; `preview_contest`, the
same checks with nothing rolled, a `ContestPreview`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..dice import Dice, d20_succeeds
from ..errors import IllegalAction, RulesError
from .ball import Ball
from .court import Court
from .grid import Square, chebyshev, neighbours, snap
from .players import Player, Roster

CONTESTS = ("grapple", "disarm", "feint", "bull_rush", "overrun", "trip")
MAX_REROLLS = 20


class Opposed(NamedTuple):
    """An opposed check: who won ("actor", the side that rolled first, or "target") and the
    totals of every round, the last the one that decided it (a tie of both re-rolls)."""

    winner: str
    rounds: tuple[tuple[int, int], ...]

    @property
    def won(self) -> bool:
        return self.winner == "actor"

    def as_dict(self) -> dict:
        return {"winner": self.winner, "rounds": list(self.rounds)}


def opposed(dice: Dice, a_name: str, a_mod: int, b_name: str, b_mod: int) -> Opposed:
    """An opposed check with 3.5's tie rule. Returns who won and every roll pair."""
    rounds = []
    for _ in range(MAX_REROLLS):
        a = dice.d20(a_name, a_mod)
        b = dice.d20(b_name, b_mod)
        rounds.append((a.total, b.total))
        if a.total != b.total:
            return Opposed("actor" if a.total > b.total else "target", tuple(rounds))
        if a_mod != b_mod:
            return Opposed("actor" if a_mod > b_mod else "target", tuple(rounds))
    return Opposed("target", tuple(rounds))


# The contests a target may answer with an attack of opportunity (10.0): a grapple only when
# taken as an action, never the dribble interception (9.0); a disarm, "a disarm attack as per
# the normal rules" (RULINGS).
PROVOKING = ("grapple", "bull_rush", "trip", "overrun", "disarm")
# The feat that denies it (3.5; RULINGS: Improved Overrun denies nothing, an overrun always
# provokes as the actor moves into the defender's square).
DENYING = {"grapple": "improved_grapple", "bull_rush": "improved_bull_rush",
           "trip": "improved_trip", "disarm": "improved_disarm"}
# 3.5's Improved Grapple/Bull Rush/Trip/Overrun/Disarm: +4 on that contest's own check
IMPROVED = {**DENYING, "overrun": "improved_overrun"}
IMPROVED_BONUS = 4
AOO_KINDS = ("unarmed", "grapple", "trip")
# What a reaction answers: a failed trip, a blocked and failed overrun (the knock-back: size
# modifiers only, 3.5 "no other modifiers"), or the target's failed trip as his attack of
# opportunity (the actor trips back); or a disarm taken as an attack of opportunity that took
# the ball (the dribbler disarms back, 10.0: "disarm_aoo", the one reaction that is a disarm).
AFTER = ("trip", "overrun", "target_aoo", "disarm_aoo")
UNARMED_MIN_DAMAGE = 1      # 3.5: a hit's damage is at least 1, whatever the Str penalty
# Every die a contest may roll (docs/api.md, Roll names): `touch`, the opposed check, and the
# target's attack of opportunity's.
CONTEST_DICE = ("touch", "actor", "target", "aoo_attack", "aoo_damage", "aoo_touch",
                "aoo_check", "aoo_defense")


class AttackRoll(NamedTuple):
    """A d20 attack against an armour class: a grapple's or trip's touch attack, or the target's
    unarmed attack of opportunity."""

    natural: int
    total: int
    ac: int
    hit: bool

    def as_dict(self) -> dict:
        return {"natural": self.natural, "total": self.total, "ac": self.ac, "hit": self.hit}


class UnarmedDamage(NamedTuple):
    """A hit's unarmed damage (1d3 + Str, at least 1): it only foils a grapple, never dealt."""

    formula: str
    total: int

    def as_dict(self) -> dict:
        return {"dice": self.formula, "total": self.total, "dealt": False}


class Move(NamedTuple):
    """A player a won contest moves: the grappler into his target's square, a feint's victim,
    a bull rush's pushed defender."""

    player: str
    to: Square

    def as_dict(self) -> dict:
        return {"player": self.player, "to": self.to.as_dict()}


class TripBack(NamedTuple):
    """The immediate trip back `actor` may try against `target` (or, `after` "disarm_aoo",
    his disarm back): posted as another contest with these players, `"reaction": true` and
    this `after`."""

    actor: str
    target: str
    after: str

    @property
    def kind(self) -> str:
        return "disarm" if self.after == "disarm_aoo" else "trip"

    def as_dict(self) -> dict:
        return {"kind": self.kind, "actor": self.actor, "target": self.target,
                "after": self.after}


@dataclass(frozen=True)
class AooResult:
    """The target's attack of opportunity against the actor (`target_attack`): `kind` is
    "unarmed" (`attack`, and `damage` on a hit) or his own "grapple" or "trip" (`touch`, then
    `check` if it hit); `foiled` says it stopped the contest; `prone` is the actor his won trip
    knocked down."""

    kind: str
    player: str
    success: bool = False
    foiled: bool = False
    attack: AttackRoll | None = None
    damage: UnarmedDamage | None = None
    touch: AttackRoll | None = None
    check: Opposed | None = None
    stops_dribbling: bool = False
    prone: str | None = None

    def as_dict(self) -> dict:
        out: dict = {"kind": self.kind, "player": self.player, "success": self.success,
                     "foiled": self.foiled,
                     "attack": self.attack.as_dict() if self.attack else None,
                     "damage": self.damage.as_dict() if self.damage else None,
                     "touch": self.touch.as_dict() if self.touch else None,
                     "check": self.check.as_dict() if self.check else None,
                     "stops_dribbling": self.stops_dribbling}
        if self.prone is not None:
            out["prone"] = self.prone
        return out


@dataclass(frozen=True)
class ContestResult:
    """A rolled contest (`resolve_contest`); `as_dict` is the `/yaotzin/contest` route's JSON.

    `touch`, `check` are None where the contest stopped before them (a foiling attack of
    opportunity, a missed touch attack, a reaction's trip has no touch); `ball` is where a won
    grapple or disarm leaves the ball, else None; `placements` are the squares a won dribble
    grapple may put the ball in (None for every other contest); `reactions` the trips back in
    play order."""

    kind: str
    actor: str
    target: str
    action: bool
    provokes: bool
    avoided: bool
    rolls: list[dict]
    success: bool = False
    target_aoo: AooResult | None = None
    touch: AttackRoll | None = None
    check: Opposed | None = None
    moves: tuple[Move, ...] = ()
    ball: Ball | None = None
    prone: str | None = None
    ends_turn: bool = False
    reactions: tuple[TripBack, ...] = ()
    placements: tuple[Square, ...] | None = None

    @property
    def reaction(self) -> TripBack | None:
        """The first trip back in play order (the one after the target's attack of
        opportunity comes before the contest's own)."""
        return self.reactions[0] if self.reactions else None

    def as_dict(self) -> dict:
        out: dict = {"kind": self.kind, "actor": self.actor, "target": self.target,
                     "success": self.success, "action": self.action,
                     "provokes": self.provokes,
                     "target_aoo": self.target_aoo.as_dict() if self.target_aoo else None,
                     "reaction": self.reactions[0].as_dict() if self.reactions else None,
                     "touch": self.touch.as_dict() if self.touch else None,
                     "check": self.check.as_dict() if self.check else None,
                     "moves": [m.as_dict() for m in self.moves],
                     "ball": self.ball.as_dict() if self.ball else None,
                     "prone": self.prone, "ends_turn": self.ends_turn, "avoided": self.avoided,
                     "reactions": [back.as_dict() for back in self.reactions]}
        if self.placements is not None:
            out["placements"] = [sq.as_dict() for sq in self.placements]
        out["rolls"] = self.rolls
        return out


class ContestPreview(NamedTuple):
    """A checked contest before any die is rolled (`preview_contest`): whether it provokes."""

    kind: str
    actor: str
    target: str
    provokes: bool

    def as_dict(self) -> dict:
        return {"kind": self.kind, "actor": self.actor, "target": self.target,
                "provokes": self.provokes, "preview": True}


def touch_attack(dice: Dice, actor: Player, target: Player, name: str = "touch"
                 ) -> AttackRoll:
    roll = dice.d20(name, actor.bab + actor.str_mod)
    ac = target.touch_ac
    return AttackRoll(roll.natural, roll.total, ac, d20_succeeds(roll.natural, roll.total, ac))


def _bonus(player: Player, kind: str) -> int:
    feat = IMPROVED.get(kind)
    return IMPROVED_BONUS if feat and player.has(feat) else 0


def grapple_mod(player: Player) -> int:
    """3.5's grapple check: BAB + Str mod + size modifier (every player is Medium: 0)."""
    return player.bab + player.str_mod + _bonus(player, "grapple")


def trip_mods(actor: Player, defender: Player, kind: str = "trip",
              feats: bool = True) -> tuple[int, int]:
    """Trip and overrun: the actor's Str against the defender's better of Str and Dex.
    `feats`: False for the knock-back after an overrun, which takes size modifiers only (every
    player is Medium: 0)."""
    bonus = _bonus(actor, kind) if feats else 0
    return actor.str_mod + bonus, max(defender.str_mod, defender.dex_mod)


def disarm_mods(actor: Player, target: Player) -> tuple[int, int]:
    """Disarm for the ball: BAB + Dex on both sides, no -4s, no size (rulings), Improved
    Disarm's +4 on the actor's check only."""
    return actor.bab + actor.dex_mod + _bonus(actor, "disarm"), target.bab + target.dex_mod


def provokes(kind: str, actor: Player, target: Player, action: bool, reaction: bool) -> bool:
    """Does this contest provoke the target's attack of opportunity (rulebook 10.0)?"""
    if reaction or kind not in PROVOKING or (kind == "grapple" and not action):
        return False
    return not (kind in DENYING and actor.has(DENYING[kind])) and target.can_react


def target_attack(dice: Dice, kind: str, choice: str, actor: Player, target: Player
                  ) -> AooResult:
    """The target's attack of opportunity against the actor: an unarmed attack (any hit foils a
    grapple: its damage is at least 1, and never dealt), or a grapple or trip of his own that
    stops the action."""
    if choice == "unarmed":
        roll = dice.d20("aoo_attack", target.bab + target.str_mod)
        ac = actor.armor_class
        attack = AttackRoll(roll.natural, roll.total, ac,
                            d20_succeeds(roll.natural, roll.total, ac))
        if not attack.hit:
            return AooResult(choice, target.id, attack=attack)
        dmg = dice.roll("aoo_damage", 3, 1, target.str_mod)
        damage = UnarmedDamage(dmg.formula, max(UNARMED_MIN_DAMAGE, dmg.total))
        return AooResult(choice, target.id, success=True, foiled=kind == "grapple",
                         attack=attack, damage=damage)
    # a grapple or trip of his own: he stops dribbling
    touch = touch_attack(dice, target, actor, "aoo_touch")
    if not touch.hit:
        return AooResult(choice, target.id, touch=touch, stops_dribbling=True)
    if choice == "grapple":
        a_mod, b_mod = grapple_mod(target), grapple_mod(actor)
    else:
        a_mod, b_mod = trip_mods(target, actor)
    check = opposed(dice, "aoo_check", a_mod, "aoo_defense", b_mod)
    return AooResult(choice, target.id, success=check.won, foiled=check.won, touch=touch,
                     check=check, stops_dribbling=True,
                     prone=actor.id if check.won and choice == "trip" else None)


def resolve_contest(court: Court, roster: Roster, kind: str, actor_id: str, target_id: str,
                    ball: Square, dice: Dice, *, bluff: int = 0, sense_motive: int = 0,
                    to: Square | None = None, charging: bool = False,
                    avoids: bool = False, action: bool = False,
                    target_aoo: str | None = None, reaction: bool = False,
                    after: str | None = None, as_aoo: bool = False) -> ContestResult:
    """Resolve one contest between two players over the ball.

    `kind`: one of `CONTESTS`; `actor_id` contests `target_id` (an opponent next to him, at
    or next to the ball in `ball`'s square); `dice`: the rolls of `CONTEST_DICE`, given
    naturals first, every roll listed under `rolls`. `bluff`, `sense_motive`: a feint's
    modifiers; `to`: the free square a won feint moves the victim to; `charging`: a bull
    rush's +2. `action`: a grapple taken as an action (10.0), not the dribble interception (9.0).
    `target_aoo`: the target's attack of opportunity, when the contest provokes one
    ("unarmed", "grapple" or "trip"). `reaction`: an immediate trip back (no touch attack,
    provokes nothing); `after` says what it answers (AFTER; default "trip"): after an
    overrun it is the knock-back, which no feat adds to. `avoids`: an overrun's defender
    steps aside. `as_aoo`: a disarm taken as an attack of opportunity (10.0): it provokes
    nothing, and when it takes the ball the dribbler may disarm back at once if he still has
    his standard action (a reaction, `after` "disarm_aoo").
    """
    actor, target, provoked = _checked(court, roster, kind, actor_id, target_id, ball, dice,
                                       to, avoids, action, target_aoo, reaction, after, as_aoo)
    aoo: AooResult | None = None
    reactions: list[TripBack] = []

    def done(**outcome: Any) -> ContestResult:
        """The result as it stands, with every roll made so far."""
        return ContestResult(kind, actor.id, target.id, action, provoked, avoids,
                             dice.records(), target_aoo=aoo, reactions=tuple(reactions),
                             **outcome)

    if target_aoo is not None:
        aoo = target_attack(dice, kind, target_aoo, actor, target)
        if target_aoo == "trip" and aoo.check is not None and not aoo.success:
            # his trip failed: a trip like any other, so the actor may trip him back at once
            reactions.append(TripBack(actor.id, target.id, "target_aoo"))
        if aoo.foiled:
            return done(prone=aoo.prone)
    touch = None
    if kind in ("grapple", "trip") and not reaction:
        touch = touch_attack(dice, actor, target)
        if not touch.hit:
            return done(touch=touch)
    if kind == "grapple":
        check = opposed(dice, "actor", grapple_mod(actor), "target", grapple_mod(target))
    elif kind == "disarm":
        a_mod, b_mod = disarm_mods(actor, target)
        check = opposed(dice, "actor", a_mod, "target", b_mod)
    elif kind == "feint":
        check = opposed(dice, "actor", bluff, "target", sense_motive)
    elif kind == "bull_rush":
        check = opposed(dice, "actor", actor.str_mod + (2 if charging else 0)
                        + _bonus(actor, kind), "target", target.str_mod)
    elif avoids:   # an overrun the defender steps aside from
        check = Opposed("actor", ())
    else:          # overrun or trip: Str against the defender's better of Str and Dex
        a_mod, b_mod = trip_mods(actor, target, kind, feats=(after or "trip") != "overrun")
        check = opposed(dice, "actor", a_mod, "target", b_mod)
    if check.won:
        if as_aoo:
            reactions.append(TripBack(target.id, actor.id, "disarm_aoo"))
        return done(touch=touch, check=check, success=True,
                    **_won(court, roster, kind, actor, target, ball, to, check, avoids, action))
    if kind in ("trip", "overrun") and not reaction:
        # 3.5: a failed trip, or a blocked and failed overrun, lets the defender try to trip
        # the actor at once (another contest, the two swapped, "reaction": true)
        reactions.append(TripBack(target.id, actor.id, kind))
    return done(touch=touch, check=check)


def preview_contest(court: Court, roster: Roster, kind: str, actor_id: str, target_id: str,
                    ball: Square, dice: Dice, *, to: Square | None = None,
                    avoids: bool = False, action: bool = False,
                    target_aoo: str | None = None, reaction: bool = False,
                    after: str | None = None, as_aoo: bool = False) -> ContestPreview:
    """Check a contest as `resolve_contest` would (the same parameters, the same refusals,
    the given roll names too) and say whether it provokes, rolling nothing. A different thing
    from a resolution, so a value of its own: the table asks the target about his attack of
    opportunity before the contest is rolled, and nothing has happened yet to show."""
    actor, target, provoked = _checked(court, roster, kind, actor_id, target_id, ball, dice,
                                       to, avoids, action, target_aoo, reaction, after, as_aoo)
    return ContestPreview(kind, actor.id, target.id, provoked)


def _checked(court: Court, roster: Roster, kind: str, actor_id: str, target_id: str,
             ball: Square, dice: Dice, to: Square | None, avoids: bool, action: bool,
             target_aoo: str | None, reaction: bool, after: str | None, as_aoo: bool
             ) -> tuple[Player, Player, bool]:
    """The actor and target of a contest the rules allow, and whether it provokes; else the
    refusal naming the field."""
    dice.expect(CONTEST_DICE)
    if kind not in CONTESTS:
        raise RulesError(f"kind must be one of {', '.join(CONTESTS)}", field="kind")
    actor = roster.get(actor_id, field="actor")
    target = roster.get(target_id, field="target")
    if actor.id == target.id:
        raise IllegalAction("a player cannot contest himself", field="target")
    if actor.team == target.team:
        raise IllegalAction(f"{target.label} is {actor.label}'s teammate: contests target an"
                            f" opponent only", field="target")
    if reaction and kind != ("disarm" if after == "disarm_aoo" else "trip"):
        raise IllegalAction("a reaction is a trip back (after a failed trip, a blocked and"
                            " failed overrun, or the target's failed trip as his attack of"
                            " opportunity), or a disarm back after a disarm taken as an attack"
                            " of opportunity (\"after\": \"disarm_aoo\")", field="reaction")
    if as_aoo and (kind != "disarm" or reaction):
        raise IllegalAction("`as_aoo` says a disarm is taken as an attack of opportunity (10.0);"
                            " it is for a disarm that is not a reaction", field="as_aoo")
    if after is not None and not reaction:
        raise IllegalAction("`after` says what a trip back answers: it needs"
                            " \"reaction\": true", field="after")
    if after is not None and after not in AFTER:
        raise RulesError(f"after must be one of {', '.join(AFTER)}", field="after")
    if kind == "disarm" and target.square != ball:
        raise IllegalAction(f"{target.label} is not in the ball's square: a disarm takes the"
                            f" ball from the player who controls it", field="target")
    if not reaction and chebyshev(target.square, ball) > 1:
        raise IllegalAction(f"{target.label} is not at or next to the ball, so the rules"
                            f" forbid touching him", field="target")
    if chebyshev(actor.square, target.square) > 1:
        raise IllegalAction(f"{actor.label} is not next to {target.label}", field="actor")
    if action and kind != "grapple":
        raise IllegalAction("`action` says a grapple is taken as an action; it is for"
                            " grapples only", field="action")
    if avoids and kind != "overrun":
        raise IllegalAction("only an overrun's defender may step aside", field="avoids")
    if avoids and actor.has("improved_overrun"):
        raise IllegalAction(f"{actor.label} has Improved Overrun: {target.label} may not step"
                            f" aside", field="avoids")
    if kind == "feint":
        if to is None:
            raise IllegalAction("a feint needs `to`: the square the victim is moved to",
                                field="to")
        if chebyshev(to, target.square) != 1 or not court.on_field(to) or roster.at(to):
            raise IllegalAction(f"({to.x}, {to.y}) is not a free square next to"
                                f" {target.label}", field="to")
    provoked = provokes(kind, actor, target, action, reaction or as_aoo)
    if target_aoo is not None:
        if target_aoo not in AOO_KINDS:
            raise RulesError(f"target_aoo.kind must be one of {', '.join(AOO_KINDS)}",
                             field="target_aoo.kind")
        if not provoked:
            raise IllegalAction(_no_aoo_why(kind, actor, target, action, reaction, as_aoo),
                                field="target_aoo")
    return actor, target, provoked


def _no_aoo_why(kind: str, actor: Player, target: Player, action: bool, reaction: bool,
                as_aoo: bool = False) -> str:
    if reaction:
        return "a reaction provokes no attack of opportunity"
    if as_aoo:
        return "a disarm taken as an attack of opportunity provokes none"
    if kind not in PROVOKING:
        return f"a {kind.replace('_', ' ')} provokes no attack of opportunity"
    if kind == "grapple" and not action:
        return ("the dribble interception's grapple provokes no attack of opportunity"
                " (a grapple taken as an action does: \"action\": true)")
    if kind in DENYING and actor.has(DENYING[kind]):
        feat = DENYING[kind].replace("_", " ").title()
        return f"{actor.label} has {feat}: no attack of opportunity"
    if target.prone:
        return f"{target.label} is prone: no attack of opportunity"
    return f"{target.label} has no attack of opportunity left this round"


def _won(court: Court, roster: Roster, kind: str, actor: Player, target: Player,
         ball: Square, to: Square | None, check: Opposed, avoids: bool, action: bool
         ) -> dict[str, Any]:
    """What a won contest changes: the `ContestResult` fields it sets."""
    if kind == "grapple" and action:
        # a grapple taken as an action: the grappler moves into the target's square (3.5);
        # the ball stays where it is
        return {"ball": Ball.at(ball), "moves": (Move(actor.id, target.square),)}
    if kind == "grapple":
        spots = tuple(sq for sq in [ball, *neighbours(ball)]
                      if court.on_field(sq) and chebyshev(sq, actor.square) == 1
                      and all(p.id == target.id for p in roster.at(sq)))   # never onto another
        return {"ball": Ball.at(ball), "placements": spots, "ends_turn": True}
    if kind == "disarm":
        return {"ball": Ball.at(actor.square)}
    if kind == "feint":
        assert to is not None     # _checked refuses a feint without `to`
        return {"moves": (Move(target.id, to),)}
    if kind == "bull_rush":
        a_total, b_total = check.rounds[-1]
        pushed = 1 + max(0, a_total - b_total) // 5
        away = snap(target.x - actor.x, target.y - actor.y)
        dest = target.square
        for _ in range(pushed):
            nxt = dest.step(away)
            if not court.on_field(nxt) or roster.at(nxt):
                break
            dest = nxt
        return {"moves": (Move(target.id, dest),)}
    if kind == "trip" or not avoids:   # an overrun blocked and lost knocks the defender down
        return {"prone": target.id}
    return {}
