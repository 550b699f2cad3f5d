"""A goat-ball match as a fold over its events: tip-off, passes, carriers, moves, the end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..dice import Dice
from ..errors import IllegalAction, MatchOver, RulesError
from ..versions import CURRENT, require
from .passes import ONE_SKILL, Action, Check, Throw, resolve_pass
from .state import Arena, Player, Possession, Settings, arena_from_dict
from .tipoff import resolve_tipoff

EVENT_TYPES = ("tipoff", "possession", "carrier", "pass", "position", "status", "player", "end",
               "note")


def new_match(teams: list[Mapping[str, Any]], settings: Settings) -> dict:
    arena = arena_from_dict({"teams": teams}, settings)
    return {"game": "goatball", "settings": settings.as_dict(), **arena.as_dict(),
            "passes": 0, "status": "playing", "winner": None, "last": None,
            "tipoff_reroll": None, "choose_from": None}


def arena_of(state: Mapping[str, Any]) -> Arena:
    return arena_from_dict(state, Settings.from_dict(state["settings"]))


def _with_arena(state: dict, arena: Arena, **more: Any) -> dict:
    """The match state after an event: its arena validated, so an event that would leave an
    impossible arena (an out carrier, a zoneless player with zones on) is refused."""
    return {**state, **arena.validate().as_dict(), **more}


def check_from(d: Mapping[str, Any] | None) -> Check | None:
    if d is None:
        return None
    return Check(total=d.get("check"), modifier=d.get("modifier"),
                 advantage=bool(d.get("advantage")), disadvantage=bool(d.get("disadvantage")),
                 skill=d.get("skill"))


Bonuses = Mapping[str, Mapping[str, int]]     # {player: {"athletics": n, "acrobatics": n}}


def _bonus_check(pid: str, skill: str | None, action: str | None, bonuses: Bonuses | None,
                 **flags: bool) -> Check | None:
    """A check the table did not roll, rolled with the player's bonus (the suggest-to-pass
    round trip): the action's one skill, else the skill named, else the better of the two (a
    player's choice of skill, made in his favour). None: no bonus to roll with."""
    mine = (bonuses or {}).get(pid) or {}
    skill = ONE_SKILL.get(action) or skill or (
        max(mine, key=lambda k: (mine[k], k == "athletics")) if mine else None)
    if skill not in mine:
        return None
    return Check(modifier=mine[skill], skill=skill, **flags)


def actions_from(items: list[Mapping[str, Any]], bonuses: Bonuses | None = None) -> list[Action]:
    """The actions of a pass body. An action with no check given (no `check`, `modifier` or
    faces) is rolled with its player's bonus when the body gives one; so is a knock-off's
    defence, with the target's."""
    out = []
    for a in items:
        defense = None
        faces = a.get("defense_faces")
        if (a.get("defense") is not None or a.get("defense_modifier") is not None
                or faces is not None):
            defense = Check(total=a.get("defense"), modifier=a.get("defense_modifier"),
                            skill=a.get("defense_skill"),
                            faces=tuple(faces) if faces is not None else None)
        elif a["action"] == "knock_off" and a.get("target"):
            defense = _bonus_check(a["target"], a.get("defense_skill"), None, bonuses)
        check = check_from(a)
        if check.total is None and check.modifier is None:
            check = _bonus_check(a["player"], a.get("skill"), a["action"], bonuses,
                                 advantage=check.advantage,
                                 disadvantage=check.disadvantage) or check
        out.append(Action(player=a["player"], action=a["action"], target=a.get("target"),
                          check=check, defense=defense, zone=a.get("zone"),
                          initiative=a.get("initiative"), magic=a.get("magic")))
    return out


def throw_from(t: Mapping[str, Any] | None, bonuses: Bonuses | None = None,
               carrier: str | None = None) -> Throw | None:
    """A pass body's `throw`; a hot throw's Acrobatics contest not given is rolled with the
    carrier's and the target's Acrobatics bonus when the body gives them."""
    if t is None:
        return None

    def contest(pid: str, total_key: str, mod_key: str,
                faces_key: str | None = None) -> Check | None:
        faces = t.get(faces_key) if faces_key else None
        if t.get(total_key) is None and t.get(mod_key) is None and faces is None:
            return _bonus_check(pid, "acrobatics", None, bonuses) if t["kind"] == "hot" \
                else None
        return Check(total=t.get(total_key), modifier=t.get(mod_key), skill="acrobatics",
                     faces=tuple(faces) if faces is not None else None)
    return Throw(kind=t["kind"], target=t["target"],
                 carrier_check=contest(carrier or "", "carrier_check", "carrier_modifier"),
                 target_check=contest(t["target"], "target_check", "target_modifier",
                                      "target_faces"),
                 str_mod=t.get("str_mod", 0))


def pass_inputs(body: Mapping[str, Any], arena: Arena,
                bonuses: Bonuses | None = None) -> tuple[list[Action], Throw | None]:
    """A pass's actions and throw from its body (the route's or a `pass` event's). Without
    `throw`, the throw is the carrier's declaration (`kind` and `target`), so that a
    `/goatball/suggest` answer is a pass body as it stands; a declaration's `kind` is the
    carrier's alone and, with `throw` given, must agree with it."""
    items = body.get("actions") or []
    carrier = arena.possession.carrier if arena.possession else None
    thrown = body.get("throw")
    for i, a in enumerate(items):
        if a.get("kind") is None or carrier is None:     # no carrier: `validate` says so
            continue
        where = f"actions.{i}.kind"
        if a["player"] != carrier or a["action"] != "throw":
            raise RulesError("`kind` says where the carrier's throw goes: only the carrier's"
                             " throw has one", field=where)
        if not a.get("target"):
            raise RulesError("the carrier's throw names its kind: say to whom (`target`)",
                             field=f"actions.{i}.target")
        if thrown is None:
            thrown = {"kind": a["kind"], "target": a["target"]}
        elif (thrown["kind"], thrown["target"]) != (a["kind"], a["target"]):
            raise RulesError(f"the carrier's declaration ({a['kind']} to {a['target']}) and"
                             f" `throw` ({thrown['kind']} to {thrown['target']}) disagree",
                             field=where)
    return actions_from(items, bonuses), throw_from(thrown, bonuses, carrier)


def _edge(check: Check) -> str | None:
    """A check's advantage or disadvantage (both cancel, as in 5e)."""
    if check.advantage == check.disadvantage:
        return None
    return "advantage" if check.advantage else "disadvantage"


def apply_event(state: dict, event: Mapping[str, Any], dice: Dice,
                version: int = CURRENT["goatball"]) -> tuple[dict, dict | None]:
    """(state after the event, the resolution it produced), by the rules of `version` (the one
    it was played under). Refuses without touching `state`."""
    require("goatball", version)
    if state["status"] == "over":
        raise MatchOver("the match is over")
    kind = event.get("type")
    if kind not in EVENT_TYPES:
        raise RulesError(f"type must be one of {', '.join(EVENT_TYPES)}", field="type")
    arena = arena_of(state)
    if kind == "tipoff":
        checks = {pid: check_from(c) for pid, c in (event.get("checks") or {}).items()}
        pending = state.get("tipoff_reroll")
        if pending:
            # a remembered tie: this tip-off is the re-roll of exactly the tied players, with
            # the advantage or disadvantage of their first roll
            if sorted(checks) != sorted(pending["players"]):
                raise IllegalAction(f"the last tip-off was a tie: only"
                                    f" {', '.join(pending['players'])} roll again",
                                    field="checks")
            first = pending.get("advantage", {})
            checks = {pid: replace(c, advantage=c.advantage or first.get(pid) == "advantage",
                                   disadvantage=c.disadvantage
                                   or first.get(pid) == "disadvantage")
                      for pid, c in checks.items()}
        result = resolve_tipoff(arena, checks, dice, version)
        answer = result.as_dict()
        if result.reroll:
            tied = result.reroll
            flags = {pid: _edge(checks[pid]) for pid in tied}
            return _with_arena(state, result.arena, last=answer, choose_from=None,
                               tipoff_reroll={"players": tied, "advantage": flags}), answer
        return _with_arena(state, result.arena, last=answer, tipoff_reroll=None,
                           choose_from=result.choose_from), answer
    if kind == "possession":
        team, carrier = event.get("team"), event.get("carrier")
        if team not in arena.teams:
            raise RulesError(f"no team {team!r} in this match", field="team")
        pos = Possession(team, carrier, (arena.player(carrier).platform,) if carrier else (),
                         False)
        return _with_arena(state, replace(arena, possession=pos), tipoff_reroll=None,
                           choose_from=None), None
    if kind == "carrier":
        named = arena.with_carrier(event.get("player"), state.get("choose_from"),
                                   stored=dice.replaying)
        return _with_arena(state, named, choose_from=None), None
    if kind == "pass":
        actions, throw = pass_inputs(event, arena)
        result = resolve_pass(arena, actions, throw, dice, version=version)
        answer = result.as_dict()
        over = result.winner is not None
        return _with_arena(state, result.arena, passes=state["passes"] + 1, last=answer,
                           status="over" if over else "playing", winner=result.winner,
                           choose_from=result.choose_from), answer
    if kind == "position":
        p = arena.player(event.get("player"), "player")
        moved = replace(p, platform=event.get("platform", p.platform),
                        zone=event.get("zone", p.zone))
        return _with_arena(state, arena.with_players({p.id: moved})), None
    if kind == "player":
        team, p = event.get("team"), event.get("player") or {}
        if team not in arena.teams:
            raise RulesError(f"no team {team!r} in this match", field="team")
        if any(q.id == p.get("id") for q in arena.players):
            raise RulesError(f"a player {p.get('id')!r} is already in this match",
                             field="player.id")
        joined = Player(id=p["id"], team=team, platform=p["platform"], zone=p.get("zone"),
                        out=bool(p.get("out", False)), name=p.get("name"))
        return _with_arena(state, replace(arena, players=arena.players + (joined,))), None
    if kind == "status":
        p = arena.player(event.get("player"), "player")
        out = event.get("out")
        if not isinstance(out, bool):
            raise RulesError("out must be true or false", field="out")
        return _with_arena(state, arena.with_players({p.id: replace(p, out=out)})), None
    if kind == "end":
        winner = event.get("winner", "draw")
        if winner != "draw" and winner not in arena.teams:
            raise RulesError(f"no team {winner!r} in this match", field="winner")
        return {**state, "status": "over", "winner": winner}, None
    return dict(state), None
