"""The match report: a box score folded from a match's events in force (pure: no server).

`box_score(initial, events)` replays the log from the match's initial state with the same
rules fold the companion uses, and counts as it goes. Which figures each game has:

Per player
- Yaotzin: `goals`, `kicks`, `interceptions`, `stops`, `passes_thrown`, `passes_caught`,
  `dribbles`, `contests_won`, `knocked_out`, `nonlethal`. (No knock-offs: Yaotzin has no
  platforms.)
- Goat-ball: `interceptions`, `stops`, `passes_thrown`, `passes_caught`, `hot_throws`,
  `throws_joined`, `knock_offs`, `knocked_out`, `damage` (bloodball's spear; nonlethal damage
  does not exist in goat-ball). (No goals or kicks: goat-ball is won by putting the others
  out.)

Per team
- Yaotzin: `score`, `possession`, `passes`, `kicks`, `hoop_attempts`. (No heat.)
- Goat-ball: `possession`, `passes`, `heat`, `hot`, `hot_throws`, `knock_offs`. (No hoops.)

What they count:
- `interceptions` are tries to take the ball from the other side, `stops` the tries that
  got it. Yaotzin: a Reflex save at a ball in flight or rolling by; a stop is a yoke or a
  clean stop (a deflection is not). Goat-ball: an Intercept check; a stop is winning the ball.
- `kicks` (Yaotzin) are kicks, each counted once: a kick whose flight was intercepted counts
  once however many interceptors tried, and a new kick from the same square after the first
  one's flight ended (caught, deflected, landed) is a second kick.
- `possession` is a share (0 to 1). Goat-ball: of the passes played, those the team began
  with the ball. Yaotzin, which has no possession in its rules: of the plays on the ball
  (kicks, intercepted kicks included; hoop shots; dribbles; won contests; stops), those the
  team's players made. `dribbles` and `contests_won` are each player's own.
- `passes` (team) are passes completed. Goat-ball: the throw reached its target. Yaotzin: a
  kick whose landing square held a team-mate (`passes_thrown` by the kicker, `passes_caught`
  by the team-mate).
- Goat-ball throws are the carrier's: `passes_thrown` and `hot_throws` count one for him each
  pass that throws (his check rolled: made, intercepted or fallen), none when his slip throws
  nothing or he is knocked off before the throw; the team-mates who join a throw count it as
  `throws_joined`, apart.
- `heat` is the most counted passes (0 to 3) a team reached in one possession, `hot` how
  many times it made the ball hot, `hot_throws` the hot throws tried (one a throw, however
  many joined it).
- `knocked_out`: goat-ball, every fall, knock-off and hot-ball hit that put the player out;
  Yaotzin, every `damage` event marked `knocked_out` (the table knows hit points, the
  companion does not).

Yaotzin's own events (`ball`, `goal`, `hoop`, `damage`) say only where the ball is; who did
it rides in their optional `play` (the cards' Apply adds it). Events without one, from older
companions or typed by hand, still count for the score and nonlethal damage, and for nobody's
kicks or goals.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from .dice import Dice
from .goatball import match as goatball
from .versions import CURRENT
from .yaotzin import match as yaotzin

PLAYER_FIELDS = {
    "yaotzin": ("goals", "kicks", "interceptions", "stops", "passes_thrown", "passes_caught",
                "dribbles", "contests_won", "knocked_out", "nonlethal"),
    "goatball": ("interceptions", "stops", "passes_thrown", "passes_caught", "hot_throws",
                 "throws_joined", "knock_offs", "knocked_out", "damage"),
}
TEAM_FIELDS = {
    "yaotzin": ("score", "possession", "passes", "kicks", "hoop_attempts"),
    "goatball": ("possession", "passes", "heat", "hot", "hot_throws", "knock_offs"),
}
HOT_COUNTED = 3           # counted passes that make the ball hot (four platforms)


class _Tally:
    def __init__(self, game: str, teams: Iterable[tuple[str, str | None]]):
        self.game = game
        self.teams: dict[str, dict[str, Any]] = {}
        for tid, name in teams:
            self.teams[tid] = {"name": name or tid, **{f: 0 for f in TEAM_FIELDS[game]}}
        self.players: dict[str, dict[str, Any]] = {}
        self.held: dict[str, int] = {t: 0 for t in self.teams}   # possession counts

    def player(self, pid: str, team: str | None = None, name: str | None = None) -> dict:
        p = self.players.get(pid)
        if p is None:
            p = self.players[pid] = {"name": name or pid, "team": team,
                                     **{f: 0 for f in PLAYER_FIELDS[self.game]}}
        if team and not p["team"]:
            p["team"] = team
        if name and p["name"] == pid:
            p["name"] = name
        return p

    def add(self, pid: str | None, field: str, n: int = 1, team: str | None = None) -> None:
        if pid:
            self.player(pid, team)[field] += n

    def team_add(self, tid: str | None, field: str, n: int = 1) -> None:
        if tid in self.teams:
            self.teams[tid][field] += n

    def hold(self, tid: str | None) -> None:
        if tid in self.held:
            self.held[tid] += 1

    def shares(self) -> None:
        total = sum(self.held.values())
        for tid, team in self.teams.items():
            team["possession"] = round(self.held[tid] / total, 3) if total else 0.0


def box_score(initial: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> dict:
    """The box score of a match from its initial state and its events in force, oldest first.

    Answers `{"game", "status", "winner", "teams": {id: {...}}, "players": {id: {...}},
    "fields": {"teams": [...], "players": [...]}}` plus `score`/`round` (Yaotzin) or `passes`
    (goat-ball). Every player has `name` and `team` besides his figures.
    """
    game = initial["game"]
    events = [e for e in events if e.get("type") != "undo" and not e.get("undone")]
    fold = _yaotzin if game == "yaotzin" else _goatball
    state, tally = fold(copy.deepcopy(dict(initial)), events)
    out = {"game": game, "status": state["status"], "winner": state["winner"],
           "events": len(events), "teams": tally.teams, "players": tally.players,
           "fields": {"teams": list(TEAM_FIELDS[game]), "players": list(PLAYER_FIELDS[game])}}
    if game == "yaotzin":
        for tid, team in tally.teams.items():
            team["score"] = state["score"][tid]
        out.update(score=state["score"], round=state["round"])
    else:
        out["passes"] = state["passes"]
    return out


LOG_KEYS = ("seq", "created", "undone", "undoes", "rules_version", "digest")   # the log's


def _body(event: Mapping[str, Any]) -> dict:
    return {k: v for k, v in event.items() if k not in LOG_KEYS and v is not None}


def _version(event: Mapping[str, Any], game: str) -> int:
    """The rules version the event was played under (the log's record of it; today's rules
    for an event given without one)."""
    return event.get("rules_version") or CURRENT[game]


# -- Yaotzin -------------------------------------------------------------------------------

BALL_EVENTS = ("ball", "goal", "hoop")
STOPPED = ("yoke", "stopped")


def _yaotzin(state: dict, events: list[Mapping[str, Any]]) -> tuple[dict, _Tally]:
    tally = _Tally("yaotzin", ((t["id"], t.get("name")) for t in state["teams"]))
    for t in state["teams"]:
        for pid in t.get("players", ()):
            tally.player(pid, t["id"])
    last_kick: tuple | None = None       # (kicker, team, from) of the last kick counted
    # (kicker, from) of the kick still in flight: counted, and every interceptor so far missed
    # it. Its flight ends when it is caught, deflected or lands, or the ball does anything
    # else; a new kick from the same square after that is another kick (rulings "The match
    # report").
    in_flight: tuple | None = None
    for event in events:
        body = _body(event)
        before = state
        state = yaotzin.apply_event(state, body, _version(event, "yaotzin"))
        kind = body["type"]
        play = body.get("play") or {}
        who, team = play.get("player"), play.get("team")
        if who:
            tally.player(who, team, play.get("name"))
            team = tally.players[who]["team"]
        if kind in ("goal", "hoop"):
            scorer = next(t for t in state["score"] if state["score"][t] != before["score"][t])
            if kind == "goal":
                if who and team == scorer:
                    tally.add(who, "goals")
                elif last_kick and last_kick[1] == scorer:     # deflected in for the kicker
                    tally.add(last_kick[0], "goals")
        if kind == "damage":
            tally.player(body["player"])
            tally.add(body["player"], "nonlethal", body["nonlethal"])
            if body.get("knocked_out"):
                tally.add(body["player"], "knocked_out")
            continue
        if kind not in BALL_EVENTS:
            continue
        action = play.get("action") if who else None
        flying, in_flight = in_flight, None      # whatever the ball does, that flight is over
        if action == "kick":
            origin = _square(play.get("origin"))
            last_kick = (who, team, origin)
            if flying != (who, origin):          # not the landing of a kick already counted
                tally.add(who, "kicks")
                tally.team_add(team, "kicks")
                tally.hold(team)
            mate = play.get("receiver")
            if mate and play.get("receiver_team") == team:
                tally.player(mate, team, play.get("receiver_name"))
                tally.add(who, "passes_thrown")
                tally.add(mate, "passes_caught")
                tally.team_add(team, "passes")
        elif action == "hoop":
            tally.team_add(team, "hoop_attempts")
            tally.hold(team)
        elif action in ("intercept", "stop"):
            kicker = play.get("kicker")
            if kicker and action == "intercept":
                # the kick's own card was not applied (its flight was intercepted): count the
                # kick once, however many of its interceptors tried, and as a play on the ball
                # by the kicker's team
                origin = _square(play.get("origin"))
                if flying != (kicker, origin):
                    tally.player(kicker, play.get("kicker_team"), play.get("kicker_name"))
                    kicker_team = tally.players[kicker]["team"]
                    last_kick = (kicker, kicker_team, origin)
                    tally.add(kicker, "kicks")
                    tally.team_add(kicker_team, "kicks")
                    tally.hold(kicker_team)
                if play.get("outcome") == "missed":     # the ball flies on
                    in_flight = (kicker, origin)
            tally.add(who, "interceptions")
            if play.get("outcome") in STOPPED:
                tally.add(who, "stops")
                tally.hold(team)
        elif action == "dribble":
            tally.add(who, "dribbles")
            tally.hold(team)
        elif action == "contest" and play.get("success"):
            tally.add(who, "contests_won")
            tally.hold(team)
    tally.shares()
    return state, tally


def _square(sq: Any) -> tuple | None:
    return (sq.get("x"), sq.get("y")) if isinstance(sq, Mapping) else None


# -- goat-ball -------------------------------------------------------------------------------

def _goatball(state: dict, events: list[Mapping[str, Any]]) -> tuple[dict, _Tally]:
    tally = _Tally("goatball", ((t["id"], t.get("name")) for t in state["teams"]))
    for t in state["teams"]:
        for p in t.get("players", ()):
            tally.player(p["id"], t["id"], p.get("name"))
    pending: list[str] = []             # tied interceptors: the one named carrier gets the stop
    for event in events:
        body = _body(event)
        before = state
        replayed = Dice(body.get("rolls"), None, strict=False)    # as it was accepted
        state, result = goatball.apply_event(state, body, replayed,
                                             _version(event, "goatball"))
        kind = body["type"]
        if kind == "player":
            p = body["player"]
            tally.player(p["id"], body["team"], p.get("name"))
        elif kind == "carrier":
            if body["player"] in pending:
                tally.add(body["player"], "stops")
            pending = []
        elif kind == "pass":
            pending = _count_pass(tally, before, state, result)
    tally.shares()
    return state, tally


def _count_pass(tally: _Tally, before: dict, after: dict, r: dict) -> list[str]:
    pos = before.get("possession") or {}
    team = pos.get("team")
    tally.hold(team)
    kind = (r.get("throw") or {}).get("kind")      # None: the carrier's slip threw nothing
    carrier = pos.get("carrier")
    thrown = kind is not None and any(c["player"] == carrier and c["action"] == "throw"
                                      for c in r["checks"])
    if thrown:
        # the throw is the carrier's, one a pass (rulings "The match report"), made or not;
        # none when he was knocked off before it
        tally.add(carrier, "passes_thrown" if kind == "pass" else "hot_throws", team=team)
        if kind == "hot":
            tally.team_add(team, "hot_throws")
    for c in r["checks"]:
        if c["action"] == "intercept":
            tally.add(c["player"], "interceptions")
        elif c["action"] == "throw" and thrown and c["player"] != carrier:
            tally.add(c["player"], "throws_joined")
    for k in r["knock_offs"]:
        if k.get("success"):
            tally.add(k["player"], "knock_offs")
            tally.team_add(tally.player(k["player"])["team"], "knock_offs")
            tally.add(k["target"], "knocked_out")
    for pid in r["fell"]:
        tally.add(pid, "knocked_out")
    if r["outcome"] == "knocked_out":
        tally.add(r["throw"]["target"], "knocked_out")
    for d in r["damage"]:
        tally.add(d["player"], "damage", d["total"])
    now = after.get("possession") or {}
    if r["outcome"] == "pass":
        tally.add(r["throw"]["target"], "passes_caught")
        tally.team_add(team, "passes")
        counted = min(HOT_COUNTED, max(0, len(now.get("visited") or ()) - 1))
        if team in tally.teams:
            tally.teams[team]["heat"] = max(tally.teams[team]["heat"], counted)
        if now.get("hot") and not pos.get("hot"):
            tally.team_add(team, "hot")
    if r["outcome"] == "intercepted":
        if now.get("carrier"):
            tally.add(now["carrier"], "stops")
            return []
        return list(r.get("choose_from") or ())
    return []
