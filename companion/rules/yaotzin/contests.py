"""Contests for the ball (rulebook 9.0, 10.0): grapple, disarm, feint, bull rush, overrun, trip.

No contest ever deals damage. Opposed checks follow D&D 3.5: the higher total wins, a tie goes
to the higher modifier, and a tie of both is rolled again.
"""

from __future__ import annotations

from ..dice import Dice, d20_succeeds
from ..errors import IllegalAction, RulesError
from .ball import Ball
from .court import Court
from .grid import Square, chebyshev, neighbours, snap
from .players import Player, Roster

CONTESTS = ("grapple", "disarm", "feint", "bull_rush", "overrun", "trip")
MAX_REROLLS = 20


def opposed(dice: Dice, a_name: str, a_mod: int, b_name: str, b_mod: int) -> dict:
    """An opposed check with 3.5's tie rule. Returns who won and every roll pair."""
    rounds = []
    for _ in range(MAX_REROLLS):
        a = dice.d20(a_name, a_mod)
        b = dice.d20(b_name, b_mod)
        rounds.append((a.total, b.total))
        if a.total != b.total:
            return {"winner": "actor" if a.total > b.total else "target", "rounds": rounds}
        if a_mod != b_mod:
            return {"winner": "actor" if a_mod > b_mod else "target", "rounds": rounds}
    return {"winner": "target", "rounds": rounds}


# The contests a target may answer with an attack of opportunity (10.0): a grapple only when
# taken as an action, never the dribble interception (9.0).
PROVOKING = ("grapple", "bull_rush", "trip", "overrun")
# The feat that denies it (3.5; RULINGS: Improved Overrun denies nothing, an overrun always
# provokes as the actor moves into the defender's square).
DENYING = {"grapple": "improved_grapple", "bull_rush": "improved_bull_rush",
           "trip": "improved_trip"}
# 3.5's Improved Grapple/Bull Rush/Trip/Overrun: +4 on that contest's own check
IMPROVED = {**DENYING, "overrun": "improved_overrun"}
IMPROVED_BONUS = 4
AOO_KINDS = ("unarmed", "grapple", "trip")
# What a trip back answers: a failed trip, a blocked and failed overrun (the knock-back: size
# modifiers only, 3.5 "no other modifiers"), or the target's failed trip as his attack of
# opportunity (the actor trips back).
AFTER = ("trip", "overrun", "target_aoo")
UNARMED_MIN_DAMAGE = 1      # 3.5: a hit's damage is at least 1, whatever the Str penalty
# Every die a contest may roll (docs/api.md, Roll names): `touch`, the opposed check, and the
# target's attack of opportunity's.
CONTEST_DICE = ("touch", "actor", "target", "aoo_attack", "aoo_damage", "aoo_touch",
                "aoo_check", "aoo_defense")


def touch_attack(dice: Dice, actor: Player, target: Player, name: str = "touch") -> dict:
    roll = dice.d20(name, actor.bab + actor.str_mod)
    ac = target.touch_ac
    hit = d20_succeeds(roll.natural, roll.total, ac)
    return {"natural": roll.natural, "total": roll.total, "ac": ac, "hit": hit}


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


def provokes(kind: str, actor: Player, target: Player, action: bool, reaction: bool) -> bool:
    """Does this contest provoke the target's attack of opportunity (rulebook 10.0)?"""
    if reaction or kind not in PROVOKING or (kind == "grapple" and not action):
        return False
    return not (kind in DENYING and actor.has(DENYING[kind])) and target.can_react


def target_attack(dice: Dice, kind: str, choice: str, actor: Player, target: Player) -> dict:
    """The target's attack of opportunity against the actor: an unarmed attack (any hit foils a
    grapple: its damage is at least 1, and never dealt), or a grapple or trip of his own that
    stops the action."""
    out: dict = {"kind": choice, "player": target.id, "success": False, "foiled": False,
                 "attack": None, "damage": None, "touch": None, "check": None,
                 "stops_dribbling": False}
    if choice == "unarmed":
        roll = dice.d20("aoo_attack", target.bab + target.str_mod)
        ac = actor.armor_class
        hit = d20_succeeds(roll.natural, roll.total, ac)
        out["attack"] = {"natural": roll.natural, "total": roll.total, "ac": ac, "hit": hit}
        if hit:
            dmg = dice.roll("aoo_damage", 3, 1, target.str_mod)
            total = max(UNARMED_MIN_DAMAGE, dmg.total)
            out["damage"] = {"dice": dmg.formula, "total": total, "dealt": False}
            out["success"] = True
            out["foiled"] = kind == "grapple"
        return out
    out["stops_dribbling"] = True      # a grapple or trip of his own: he stops dribbling
    touch = touch_attack(dice, target, actor, "aoo_touch")
    out["touch"] = touch
    if not touch["hit"]:
        return out
    if choice == "grapple":
        a_mod, b_mod = grapple_mod(target), grapple_mod(actor)
    else:
        a_mod, b_mod = trip_mods(target, actor)
    check = opposed(dice, "aoo_check", a_mod, "aoo_defense", b_mod)
    out["check"] = check
    out["success"] = out["foiled"] = check["winner"] == "actor"
    if out["success"] and choice == "trip":
        out["prone"] = actor.id
    return out


def resolve_contest(court: Court, roster: Roster, kind: str, actor_id: str, target_id: str,
                    ball: Square, dice: Dice, *, bluff: int = 0, sense_motive: int = 0,
                    to: Square | None = None, charging: bool = False,
                    avoids: bool = False, action: bool = False,
                    target_aoo: str | None = None, reaction: bool = False,
                    after: str | None = None, preview: bool = False) -> dict:
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
    steps aside. `preview`: check the contest and say whether it provokes, rolling nothing
    (the table asks the target about his attack of opportunity before the contest is rolled).
    """
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
    if reaction and kind != "trip":
        raise IllegalAction("a reaction is a trip back (after a failed trip, a blocked and"
                            " failed overrun, or the target's failed trip as his attack of"
                            " opportunity)", field="reaction")
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
    provoked = provokes(kind, actor, target, action, reaction)
    if target_aoo is not None:
        if target_aoo not in AOO_KINDS:
            raise RulesError(f"target_aoo.kind must be one of {', '.join(AOO_KINDS)}",
                             field="target_aoo.kind")
        if not provoked:
            raise IllegalAction(_no_aoo_why(kind, actor, target, action, reaction),
                                field="target_aoo")
    if preview:
        return {"kind": kind, "actor": actor.id, "target": target.id, "provokes": provoked,
                "preview": True}
    result: dict = {"kind": kind, "actor": actor.id, "target": target.id, "success": False,
                    "action": action, "provokes": provoked, "target_aoo": None,
                    "reaction": None, "touch": None, "check": None, "moves": [],
                    "ball": None, "prone": None, "ends_turn": False, "avoided": avoids}
    reactions: list[dict] = []
    result["reactions"] = reactions
    if target_aoo is not None:
        aoo = target_attack(dice, kind, target_aoo, actor, target)
        result["target_aoo"] = aoo
        if target_aoo == "trip" and aoo["check"] is not None and not aoo["success"]:
            # his trip failed: a trip like any other, so the actor may trip him back at once
            reactions.append(_trip_back(actor, target, "target_aoo"))
        if aoo["foiled"]:
            result["prone"] = aoo.get("prone")
            return _finish(result, dice)
    if kind in ("grapple", "trip") and not reaction:
        touch = touch_attack(dice, actor, target)
        result["touch"] = touch
        if not touch["hit"]:
            return _finish(result, dice)
    if kind == "grapple":
        check = opposed(dice, "actor", grapple_mod(actor), "target", grapple_mod(target))
    elif kind == "disarm":
        check = opposed(dice, "actor", actor.bab + actor.dex_mod, "target",
                        target.bab + target.dex_mod)
    elif kind == "feint":
        check = opposed(dice, "actor", bluff, "target", sense_motive)
    elif kind == "bull_rush":
        check = opposed(dice, "actor", actor.str_mod + (2 if charging else 0)
                        + _bonus(actor, kind), "target", target.str_mod)
    elif avoids:   # an overrun the defender steps aside from
        check = {"winner": "actor", "rounds": []}
    else:          # overrun or trip: Str against the defender's better of Str and Dex
        a_mod, b_mod = trip_mods(actor, target, kind, feats=(after or "trip") != "overrun")
        check = opposed(dice, "actor", a_mod, "target", b_mod)
    result["check"] = check
    result["success"] = check["winner"] == "actor"
    if result["success"]:
        _apply_success(court, roster, kind, actor, target, ball, to, check, result, avoids,
                       action)
    elif kind in ("trip", "overrun") and not reaction:
        # 3.5: a failed trip, or a blocked and failed overrun, lets the defender try to trip
        # the actor at once (another contest, the two swapped, "reaction": true)
        reactions.append(_trip_back(target, actor, kind))
    return _finish(result, dice)


def _trip_back(by: Player, against: Player, after: str) -> dict:
    """The immediate trip back `by` may try: posted as another contest with these players,
    `"reaction": true` and this `after`."""
    return {"kind": "trip", "actor": by.id, "target": against.id, "after": after}


def _finish(result: dict, dice: Dice) -> dict:
    """`reaction` is the first trip back in play order (the one after the target's attack of
    opportunity comes before the contest's own); `reactions` lists them all."""
    result["reaction"] = result["reactions"][0] if result["reactions"] else None
    result["rolls"] = dice.records()
    return result


def _no_aoo_why(kind: str, actor: Player, target: Player, action: bool, reaction: bool) -> str:
    if reaction:
        return "a reaction trip provokes no attack of opportunity"
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


def _apply_success(court: Court, roster: Roster, kind: str, actor: Player, target: Player,
                   ball: Square, to: Square | None, check: dict, result: dict,
                   avoids: bool, action: bool = False) -> None:
    if kind == "grapple" and action:
        # a grapple taken as an action: the grappler moves into the target's square (3.5);
        # the ball stays where it is
        result["ball"] = Ball.at(ball).as_dict()
        result["moves"] = [{"player": actor.id, "to": target.square.as_dict()}]
    elif kind == "grapple":
        spots = [sq for sq in [ball, *neighbours(ball)]
                 if court.on_field(sq) and chebyshev(sq, actor.square) == 1
                 and all(p.id == target.id for p in roster.at(sq))]   # never onto another
        result["ball"] = Ball.at(ball).as_dict()
        result["placements"] = [sq.as_dict() for sq in spots]
        result["ends_turn"] = True
    elif kind == "disarm":
        result["ball"] = Ball.at(actor.square).as_dict()
    elif kind == "feint":
        result["moves"] = [{"player": target.id, "to": to.as_dict()}]
    elif kind == "bull_rush":
        a_total, b_total = check["rounds"][-1]
        pushed = 1 + max(0, a_total - b_total) // 5
        away = snap(target.x - actor.x, target.y - actor.y)
        dest = target.square
        for _ in range(pushed):
            nxt = dest.step(away)
            if not court.on_field(nxt) or roster.at(nxt):
                break
            dest = nxt
        result["moves"] = [{"player": target.id, "to": dest.as_dict()}]
    elif kind == "trip":
        result["prone"] = target.id
    elif not avoids:   # an overrun blocked and lost knocks the defender down
        result["prone"] = target.id
