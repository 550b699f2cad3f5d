"""Who did it: the `play` a Yaotzin card's Apply events carry, for the match report.

Yaotzin's match events say where the ball went; the report also needs who kicked it, who
tried to stop it and how that went. Each resolving route tags its card's Apply events with
one `play` object (see `rules/report.py` for what the report counts from it):

`{"action": "kick"|"hoop"|"intercept"|"stop"|"dribble"|"contest", "player": id, "team": id,
"name": label, ...}` plus, by action: kick `origin` (the kicker's square), `landing` (where
the ball came down, before it rolled on: the board draws the flight and the roll), `hit`,
`receiver`, `receiver_team`, `receiver_name`; hoop `through`; intercept/stop `outcome`
(and, for a kick's interceptor, `kicker`, `kicker_team`, `kicker_name`, `origin`);
contest `kind`, `success`.
"""

from __future__ import annotations

from typing import Any

from ..rules.yaotzin.contests import ContestResult
from ..rules.yaotzin.dribble import DribblePlan
from ..rules.yaotzin.hoop import HoopResult
from ..rules.yaotzin.intercept import InterceptResult
from ..rules.yaotzin.kick import KickResult
from ..rules.yaotzin.players import Roster


def _who(roster: Roster, pid: str, prefix: str = "") -> dict:
    p = roster.get(pid, prefix or "player")
    if not prefix:
        return {"player": p.id, "team": p.team, "name": p.label}
    return {prefix: p.id, f"{prefix}_team": p.team, f"{prefix}_name": p.label}


def tag(card: dict, play: dict[str, Any]) -> dict:
    """Put `play` on every event of the card's Apply (in place); answers the card."""
    for action in card.get("actions", ()):
        if action["id"] == "apply":
            for event in action["payload"].get("events", ()):
                event["play"] = dict(play)
    return card


def kick(r: KickResult, roster: Roster) -> dict:
    play = {"action": "kick", **_who(roster, r.kicker), "origin": r.origin.as_dict(),
            "landing": r.landing.as_dict(), "hit": r.attack.hit}
    if r.receiver:
        play.update(_who(roster, r.receiver, "receiver"))
    return play


def intercept(r: InterceptResult, roster: Roster, body: dict) -> dict:
    play = {"action": "intercept" if r.kind == "flight" else "stop",
            **_who(roster, r.player), "outcome": r.outcome}
    kicker = body.get("kicker")
    if kicker and r.kind == "flight":
        # a kicker no longer on the court still counts, without his team or name: the
        # interception itself must never be refused for the report's sake
        known = kicker in roster.by_id
        play.update(_who(roster, kicker, "kicker") if known else {"kicker": kicker},
                    origin=body["from_"])
    return play


def hoop(r: HoopResult, roster: Roster) -> dict:
    return {"action": "hoop", **_who(roster, r.kicker), "through": r.through}


def dribble(r: DribblePlan, roster: Roster) -> dict:
    return {"action": "dribble", **_who(roster, r.dribbler)}


def contest(r: ContestResult, roster: Roster) -> dict:
    return {"action": "contest", **_who(roster, r.actor), "kind": r.kind,
            "success": r.success}
