"""NPC matches the party watches: whole Yaotzin matches from the table's own state
(`/api/v1/yaotzin/odds` and `/play`, `ballcourt yaotzin odds|play`).

The GM's scene gives two rosters (the player shape of every Yaotzin route), perhaps a match
under way (the ball, the round, the score, each player's nonlethal damage). From there the
simulator's own match (`yaotzin_match.Match`, the presets choosing every turn) plays on:

- `odds`: many matches, each from the same state with its own dice (`<seed>:<i>`), so the
  first k matches of a longer run are the k matches of a shorter one: each team's chance to
  win, the draw's, the expected final score, each with its 95% interval;
- `play_out`: one match, told as it went: its highlights (goals, the hoop, stops in flight
  or of a rolling ball, knock-outs, contests won, kicks) and the match events that
  `/matches/<id>/events` folds into the same score, round and end (with the `play` each card's
  Apply would tag them with, so the match report counts them, and the dice each used in
  `meta.rolls`). `setup` are the events that bring a new match to the starting state.

Inside, the two teams play as the simulator's `sun` (defends the west end) and `moon`
(the east), whatever the table calls them: a team's own id and name come back in every
answer. A player's hit points are the body's, else `DEFAULT_HIT_POINTS` (the middle of the
simulator's 8-24); one already past them is out before the match goes on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..rules.errors import RulesError
from ..rules.yaotzin.ball import Ball
from ..rules.yaotzin.court import Court
from ..rules.yaotzin.players import Player
from ..rules.yaotzin.settings import Settings
from ..sim.stats import mean_ci, rate_ci
from ..sim.yaotzin_match import ATTACKS, Match
from ..tactics.yaotzin import defaults_attacks, preset

DEFAULT_HIT_POINTS = 16
SIDE = {"west": "sun", "east": "moon"}      # the simulator's side that defends each end
ENDED_BY = {"points": "score", "hoop": "hoop", "rounds": "time"}
STOPPED = ("yoke", "stopped")       # a deflection is not a stop (the report's rule)


@dataclass(frozen=True)
class Watch:
    """The state a watched match goes on from, in the table's own names."""

    court: Court
    settings: Settings
    players: tuple[Player, ...]
    defends: Mapping[str, str]          # team -> the end it defends
    tactics: Mapping[str, str]          # team -> preset name
    ball: Ball
    round: int
    score: Mapping[str, int]
    hit_points: Mapping[str, int]
    nonlethal: Mapping[str, int]

    @property
    def teams(self) -> list[str]:
        return sorted(self.defends, key=lambda t: self.defends[t] != "west")

    def side(self, team: str) -> str:
        return SIDE[self.defends[team]]

    def team(self, side: str) -> str:
        return next(t for t in self.defends if self.side(t) == side)


def watch_from(court: Court, settings: Settings, players: list[Player], body: Mapping) -> Watch:
    """The watched state from a loaded body; what cannot be played on is refused by field."""
    seen = list(dict.fromkeys(p.team for p in players))
    if len(seen) != 2:
        raise RulesError(f"a Yaotzin match has exactly two teams; the players name"
                         f" {len(seen)}", field="players")
    given = {t["id"]: t for t in body.get("teams") or ()}
    if given:
        if sorted(given) != sorted(seen):
            raise RulesError(f"the teams must be the players' own: {', '.join(sorted(seen))}",
                             field="teams")
        defends = {t: given[t].get("defends") for t in seen}
        if sorted(str(d) for d in defends.values()) != ["east", "west"]:
            raise RulesError("one team defends the west end and the other the east",
                             field="teams")
    else:
        attacks = defaults_attacks(court, players)
        defends = {t: "west" if attacks[t] == "east" else "east" for t in seen}
    choice = body.get("tactics")
    tactics = {t: (given.get(t) or {}).get("tactics")
               or (choice.get(t) if isinstance(choice, dict) else choice) for t in seen}
    for t, name in tactics.items():
        tactics[t] = preset(name).name
    score = {t: 0 for t in seen}
    for t, points in (body.get("score") or {}).items():
        if t not in score:
            raise RulesError(f"no team {t!r} among the players", field=f"score.{t}")
        score[t] = points
    if max(score.values()) >= settings.points_to_win:
        raise RulesError(f"the match is over: a team has {settings.points_to_win} points",
                         field="score")
    round_ = body.get("round") or 1
    if round_ > settings.round_limit:
        raise RulesError(f"the match is over: round {round_} is past the round limit"
                         f" ({settings.round_limit})", field="round")
    ids = {p.id for p in players}
    for key in ("hit_points", "nonlethal"):
        for pid in body.get(key) or {}:
            if pid not in ids:
                raise RulesError(f"no player {pid!r}", field=f"{key}.{pid}")
    ball = body.get("ball")
    start = Ball.at(court.centre()) if ball is None else Ball.from_values(
        ball["x"], ball["y"], ball.get("speed", 0), ball.get("direction"))
    court.require_on_field(start.square, "The ball", "ball")
    return Watch(court, settings, tuple(players), defends, tactics, start, round_, score,
                 {p.id: (body.get("hit_points") or {}).get(p.id, DEFAULT_HIT_POINTS)
                  for p in players},
                 dict(body.get("nonlethal") or {}))


def _start(match: Match, watch: Watch) -> None:
    """The simulator's match put in the watched state (it starts at a kick-off)."""
    match.ball = watch.ball
    match.score = {watch.side(t): n for t, n in watch.score.items()}
    match.stats.rounds = watch.round - 1
    for pid, damage in watch.nonlethal.items():
        match.damage[pid] = damage
        if damage > match.hp[pid] and pid in match.players:
            del match.players[pid]             # already out when the match goes on
            match._roster = None


def _match(watch: Watch, rng: random.Random, make=Match) -> Match:
    """The simulator's match (`make`: its class, or what builds it) in the watched state."""
    players = [replace(p, team=watch.side(p.team)) for p in watch.players]
    presets = {watch.side(t): preset(name) for t, name in watch.tactics.items()}
    match = make(watch.court, watch.settings, players, dict(watch.hit_points), presets, rng)
    _start(match, watch)
    return match


# -- odds ----------------------------------------------------------------------------------
def odds(watch: Watch, matches: int, seed: int) -> dict[str, Any]:
    """`matches` whole matches from the watched state: each team's chance to win, the draw's,
    and the expected final score, with their 95% intervals."""
    teams = watch.teams
    wins = {t: 0 for t in teams}
    draws = 0
    scores: dict[str, list[float]] = {t: [] for t in teams}
    for i in range(matches):
        match = _match(watch, random.Random(f"{seed}:{i}"))
        stats = match.play()
        if stats.winner == "draw":
            draws += 1
        else:
            wins[watch.team(stats.winner)] += 1
        for t in teams:
            scores[t].append(match.score[watch.side(t)])
    win = {t: rate_ci(wins[t], matches) for t in teams}
    draw = rate_ci(draws, matches)
    expected = {t: mean_ci(scores[t]) for t in teams}
    return {"win": {t: round(p, 4) for t, (p, _, _) in win.items()},
            "draw": round(draw[0], 4),
            "intervals": {"win": {t: [round(lo, 4), round(hi, 4)]
                                  for t, (_, lo, hi) in win.items()},
                          "draw": [round(draw[1], 4), round(draw[2], 4)],
                          "expected_score": {t: [round(lo, 3), round(hi, 3)]
                                             for t, (_, lo, hi) in expected.items()}},
            "expected_score": {t: round(m, 3) for t, (m, _, _) in expected.items()},
            "matches": matches, "seed": seed, "tactics": dict(watch.tactics),
            "defends": dict(watch.defends)}


# -- one match, told -----------------------------------------------------------------------
class _Told(Match):
    """The simulator's match, telling what happened as match events and highlights.

    A change of the ball is sent as a `ball` event when the next thing happens (the next
    resolution, a turn, a round), with the `play` of the resolution under way when it was made;
    a goal or the hoop replaces it (their own events put the ball where the rules do). Only
    methods are overridden, each calling the simulator's own: the compiled build lets an
    interpreted class do no more (yaotzin_match.Match allows interpreted subclasses)."""

    def __init__(self, watch: Watch, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.watch = watch
        self.events: list[dict] = []
        self.highlights: list[dict] = []
        self.play_now: dict | None = None       # the resolution under way: who did it
        self.rolls_now: list[dict] = []
        self.sent = self.ball                   # the ball as the events have it
        self.rounds_sent = self.stats.rounds    # the rounds the events have played through
        self.last_kicker: str | None = None

    # -- what the events say -------------------------------------------------------------------
    def round_now(self) -> int:
        return self.stats.rounds + 1

    def emit(self, event: dict, rolls: list | None = None) -> None:
        if rolls:
            event["meta"] = {"rolls": rolls}
        self.events.append(event)

    def send_ball(self) -> None:
        """The ball's change since the last event, if any, as a `ball` event."""
        if self.ball != self.sent:
            self.sent = self.ball
            play = self.play_now
            self.emit({"type": "ball", **self.ball.as_dict(), **({"play": play} if play else {})},
                      self.rolls_now)

    def send_rounds(self) -> None:
        """A `round` event for each round played through since the last."""
        while self.rounds_sent < self.stats.rounds:
            self.send_ball()
            self.emit({"type": "round"})
            self.rounds_sent += 1

    def ball_here(self, play: dict, rolls: list) -> None:
        """An event for a play that leaves the ball where it is (a missed try, a contest):
        the report counts the try."""
        self.send_ball()
        self.sent = self.ball
        self.emit({"type": "ball", **self.ball.as_dict(), "play": play}, rolls)

    def highlight(self, kind: str, player: str | None, data: dict, side: str | None = None
                  ) -> None:
        """One highlight of the round under way: `side` (the simulator's) when no player
        on the court now names the team."""
        p = self.players.get(player) if player else None
        side = side or (p.team if p else None)
        team = self.watch.team(side) if side else None
        self.highlights.append({"round": self.round_now(), "kind": kind, "team": team,
                                "player": player, "data": data})

    def who(self, pid: str, prefix: str = "player") -> dict:
        """A play's player (`prefix`: or its kicker, its receiver) in the table's names; one
        knocked out since still counts, under his own team."""
        on_court = self.players.get(pid)
        given = next(q for q in self.watch.players if q.id == pid)
        team = self.watch.team(on_court.team) if on_court else given.team
        if prefix == "player":
            return {"player": pid, "team": team, "name": given.label}
        return {prefix: pid, f"{prefix}_team": team, f"{prefix}_name": given.label}

    def score_now(self) -> dict:
        return {t: self.score[self.watch.side(t)] for t in self.watch.teams}

    # -- the simulator's hooks -----------------------------------------------------------------
    def log(self, route: str, body: dict, dice, result: dict) -> None:
        rolls = dice.records()
        if route == "kick":
            self.send_ball()
            play = {"action": "kick", **self.who(result["kicker"]),
                    "origin": result["origin"], "hit": result["attack"]["hit"]}
            if result["receiver"]:
                play.update(self.who(result["receiver"], "receiver"))
            self.play_now, self.rolls_now = play, rolls
            self.last_kicker = result["kicker"]
            self.highlight("kick", result["kicker"], {
                "target": result["target"], "landing": result["landing"],
                "hit": result["attack"]["hit"], "receiver": result["receiver"],
                "goal": bool(result["goal"])})
        elif route == "hoop":
            self.send_ball()
            self.play_now = {"action": "hoop", **self.who(result["kicker"]),
                             "through": result["through"]}
            self.rolls_now = rolls
        elif route == "intercept":
            flight = body["kind"] == "flight"
            play = {"action": "intercept" if flight else "stop",
                    **self.who(result["player"]), "outcome": result["outcome"]}
            if flight and self.play_now and self.play_now["action"] == "kick":
                play.update(self.who(self.play_now["player"], "kicker"),
                            origin=body["from"])
            if result["outcome"] == "missed":
                self.ball_here(play, rolls)
            else:
                self.send_ball()
                self.play_now, self.rolls_now = play, rolls
            if result["outcome"] in STOPPED:
                self.highlight("stop", result["player"], {
                    "outcome": result["outcome"], "in_flight": flight,
                    "kicker": play.get("kicker")})
        elif route == "contest":
            play = {"action": "contest", **self.who(result["actor"]), "kind": result["kind"],
                    "success": result["success"]}
            self.ball_here(play, rolls)
            if result["success"]:
                self.highlight("contest", result["actor"], {
                    "kind": result["kind"], "target": result["target"]})
        super().log(route, body, dice, result)

    def turn_starts(self) -> None:
        self.send_rounds()
        self.send_ball()
        self.play_now, self.rolls_now = None, []

    def ball_turn(self) -> None:
        self.turn_starts()
        super().ball_turn()

    def player_turn(self, pid: str) -> None:
        self.turn_starts()
        super().player_turn(pid)

    def dribble(self, pid: str, squares, started: bool) -> None:
        self.send_ball()
        self.play_now, self.rolls_now = {"action": "dribble", **self.who(pid)}, []
        super().dribble(pid, squares, started)

    def hurt(self, pid: str, damage: dict | None) -> None:
        if not damage or pid not in self.players:
            return
        side = self.players[pid].team
        super().hurt(pid, damage)
        out = pid not in self.players
        self.send_ball()
        self.emit({"type": "damage", "player": pid, "nonlethal": damage["total"],
                   "knocked_out": out})
        if out:
            self.highlight("knock_out", pid, {"nonlethal": self.damage[pid]}, side)

    def goal(self, end: str, by_kick: bool = False) -> None:
        side = next(s for s, e in ATTACKS.items() if e == end)
        play = self.play_now
        scorer = play["player"] if play and play["team"] == self.watch.team(side) else None
        kicker = self.players.get(self.last_kicker or "")
        if play is None and by_kick and kicker and kicker.team == side:
            scorer = kicker.id                # his kick rolled on over the line
        self.emit({"type": "goal", "team": self.watch.team(side), "end": end,
                   **({"play": play} if play else {})}, self.rolls_now)
        super().goal(end, by_kick)
        self.sent = self.ball             # the goal put the ball on the centre square
        self.highlight("goal", scorer, {"end": end, "by": (play or {}).get("action", "roll"),
                                        "score": self.score_now()}, side)

    def end(self, winner: str, by: str) -> None:
        if by == "rounds":                # the last round's event ends it in the match's fold
            self.send_rounds()
        if by == "hoop":
            play = self.play_now or {}
            self.emit({"type": "hoop", "team": self.watch.team(winner),
                       **({"play": play} if play else {})}, self.rolls_now)
            self.highlight("hoop", play.get("player"), {"score": self.score_now()}, winner)
        super().end(winner, by)


def setup_events(watch: Watch) -> list[dict]:
    """The events that bring a new match (round 1, no score, the ball on the centre square)
    to the watched state."""
    events: list[dict] = [{"type": "round"} for _ in range(watch.round - 1)]
    for team, points in watch.score.items():
        events += [{"type": "goal", "team": team} for _ in range(points)]
    if watch.ball != Ball.at(watch.court.centre()):
        events.append({"type": "ball", **watch.ball.as_dict()})
    events += [{"type": "damage", "player": pid, "nonlethal": n}
               for pid, n in watch.nonlethal.items() if n]
    return events


def play_out(watch: Watch, seed: int) -> dict[str, Any]:
    """One whole match from the watched state, told: the score, the winner, how it ended, its
    highlights, and the events that keep it as a companion match."""
    match = _match(watch, random.Random(f"{seed}:0"), lambda *args: _Told(watch, *args))
    assert isinstance(match, _Told)
    match.sent, match.rounds_sent = match.ball, match.stats.rounds    # the setup's
    stats = match.play()
    winner = None if stats.winner == "draw" else watch.team(stats.winner)
    return {"score": match.score_now(), "winner": winner, "rounds": stats.rounds,
            "ended_by": ENDED_BY[stats.by or "rounds"], "highlights": match.highlights,
            "events": match.events, "setup": setup_events(watch), "seed": seed,
            "tactics": dict(watch.tactics), "defends": dict(watch.defends),
            "names": {p.id: p.label for p in watch.players}}
