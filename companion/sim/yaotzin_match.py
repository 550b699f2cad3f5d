"""One whole Yaotzin match, played by the rules engine with a tactics preset for each side.

The engine composes the same functions the routes call (`ball_action` behind `/tick`,
`resolve_kick`, `resolve_flight_intercept` and `resolve_rolling_intercept` behind
`/intercept`, `plan_dribble`, `resolve_contest`, `resolve_hoop`, the movement check behind
`/move`); it only keeps the state between them: who stands where, who has spent his attack of
opportunity, the nonlethal damage, the ball, the score and the round. The players' choices are
the presets' (`companion.tactics.yaotzin`, the autopilot's own code). With `trace`, every
resolution is logged with the route's body and the dice it used, which the differential test
posts to the routes.

A round: everyone's initiative (d20 + Dex mod) merged with the ball's six actions at 25, 20,
15, 10, 5 and 1 (players first on a tie with the ball; between players, the higher Dex
modifier, then a d20 roll-off: `turn_order`). A player's attacks of opportunity come
back at the start of his turn (3.5). A goal scores for the side attacking that end and the ball
rests on the centre square; 9 points or the hoop end the match; so does the round limit (100:
the rulebook's ten minutes), the higher score winning, a tie standing.

What the model adds (not rules; docs/simulator.md): the rosters (Str and Dex 10-18, BAB +1 to
+4, Reflex 2 + Dex mod + 0-2, 8-24 hit points, each of a few feats one time in five), the
line-up (each side spread over its own half), and that a player knocked out (nonlethal damage
past his hit points) leaves the court for the rest of the match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..rules.dice import Dice, mypyc_attr
from ..rules.errors import RulesError
from ..rules.yaotzin.ball import Ball
from ..rules.yaotzin.contests import preview_contest, resolve_contest
from ..rules.yaotzin.court import Court
from ..rules.yaotzin.dribble import plan_dribble
from ..rules.yaotzin.grid import Square
from ..rules.yaotzin.hoop import resolve_hoop
from ..rules.yaotzin.intercept import resolve_flight_intercept, resolve_rolling_intercept
from ..rules.yaotzin.kick import resolve_kick
from ..rules.yaotzin.movement import check_path
from ..rules.yaotzin.players import Player, Roster
from ..rules.yaotzin.settings import Settings
from ..rules.yaotzin.tick import ball_action, turn_order
from ..tactics.yaotzin import (
    Preset,
    View,
    decide,
    field_dict,
    hoop_rows,
    player_dict,
    preset,
    tries_in_flight,
    tries_rolling,
)

TEAMS = ("sun", "moon")          # sun defends the west end (attacks east), moon the east
ATTACKS = {"sun": "east", "moon": "west"}
MODEL_FEATS = ("power_attack", "point_blank_shot", "precise_shot", "combat_reflexes",
               "exotic_weapon_pelota", "improved_trip")


@dataclass
class MatchStats:
    rounds: int = 0
    winner: str | None = None          # a team, or "draw"
    by: str | None = None              # points | hoop | rounds
    goals: int = 0
    kicks: int = 0
    kick_goals: int = 0                # kicks whose flight, carom or roll-on crossed the line
    kicks_intercepted: int = 0         # stopped, caught or deflected in flight
    hoop_shots: int = 0
    dribbles: int = 0
    grabbed: int = 0                   # dribbles stopped by the grapple
    contests: int = 0
    contests_won: int = 0
    rolling_stops: int = 0
    knocked_out: int = 0
    hoop_row_holds: int = 0            # turns that began with a holder in a hoop shot's row
    runs: int = 0                      # players' turns spent running (x4)
    power_attacks: int = 0             # kicks and hoop shots with Power Attack

    @property
    def finished(self) -> bool:
        """Ended by the rules' 9 points or the hoop, not by the round limit."""
        return self.by in ("points", "hoop")

    @property
    def passes(self) -> int:
        """The match's length in the unit the simulator's comparison reads (`run.compare`
        counts a goat-ball match in passes; a Yaotzin match counts rounds)."""
        return self.rounds


def lineup(players: int, court: Court, rng: random.Random) -> tuple[list[Player], dict]:
    """Both sides' players and hit points: each side spread over its own half, the flat
    rows first."""
    out, hp = [], {}
    rows = list(range(court.slope, court.width - court.slope)) or list(range(court.width))
    taken = set()
    for team in TEAMS:
        for i in range(players):
            dex = rng.randint(10, 18)
            feats = frozenset(f for f in MODEL_FEATS if rng.random() < 0.2)
            while True:
                depth = rng.randint(1, max(1, court.length // 2 - 2))
                x = court.length // 2 - depth if team == "sun" else court.length // 2 + depth
                x = min(max(x, 0), court.length - 1)
                sq = Square(x, rows[(i * len(rows)) // players + rng.randrange(
                    max(1, len(rows) // players))] if players <= len(rows) else rng.choice(rows))
                if sq not in taken and sq != court.centre():
                    break
            taken.add(sq)
            pid = f"{team}{i + 1}"
            out.append(Player(id=pid, team=team, x=sq.x, y=sq.y, str=rng.randint(10, 18),
                              dex=dex, bab=rng.randint(1, 4),
                              reflex=2 + (dex - 10) // 2 + rng.randint(0, 2), feats=feats))
            hp[pid] = rng.randint(8, 24)
    return out, hp


@mypyc_attr(allow_interpreted_subclasses=True)     # advice/npc_match's told match, compiled or not
class Match:
    """The state between the rules' functions, and the order they are called in."""

    def __init__(self, court: Court, settings: Settings, players: list[Player],
                 hp: dict[str, int], presets: dict[str, Preset], rng: random.Random,
                 trace: list | None = None):
        self.court, self.settings, self.presets = court, settings, presets
        self.players = {p.id: p for p in players}
        self.hp, self.damage = hp, {p.id: 0 for p in players}
        self.rng = rng
        self.trace = trace
        self.ball = Ball.at(court.centre())
        self.score = {t: 0 for t in TEAMS}
        self.stats = MatchStats()
        self.initiative = {p.id: rng.randint(1, 20) + p.dex_mod for p in players}
        # the round's order, ties between players settled once (`turn_order`: the higher
        # Dex modifier, then a d20 roll-off)
        self.order = turn_order(self.initiative, {p.id: p.dex_mod for p in players},
                                self.dice())
        self.over = False
        self.kicked = False          # the ball rolls on from a kick nobody stopped
        self._roster: Roster | None = None    # built again only after someone changed

    # -- helpers -----------------------------------------------------------------------------
    def roster(self) -> Roster:
        """The players as they stand now: kept until one of them changes (`put`, `hurt`),
        since most calls between two changes read the same roster."""
        if self._roster is None:
            self._roster = Roster(self.players.values(), self.court)
        return self._roster

    def dice(self) -> Dice:
        return Dice(seed=self.rng.getrandbits(32))

    def put(self, pid: str, **changes) -> None:
        self.players[pid] = replace(self.players[pid], **changes)
        self._roster = None

    def spend(self, pid: str) -> None:
        p = self.players[pid]
        self.put(pid, aoo_left=p.attacks_of_opportunity - 1)

    def log(self, route: str, body: dict, dice: Dice, result: dict) -> None:
        if self.trace is not None:
            self.trace.append({"route": route, "body": {**self.common(body.pop("_roster")),
                                                         **body, "rolls": dice.given()},
                               "result": result})

    def common(self, roster: Roster) -> dict:
        return {"field": field_dict(self.court), "settings": self.settings.as_dict(),
                "players": [player_dict(p) for p in roster.players]}

    def hurt(self, pid: str, damage: dict | None) -> None:
        if not damage or pid not in self.players:
            return
        self.damage[pid] += damage["total"]
        if self.damage[pid] > self.hp[pid]:
            del self.players[pid]
            self._roster = None
            self.stats.knocked_out += 1

    def goal(self, end: str, by_kick: bool = False) -> None:
        team = next(t for t, e in ATTACKS.items() if e == end)
        self.score[team] += 1
        self.stats.goals += 1
        self.stats.kick_goals += by_kick
        self.ball = Ball.at(self.court.centre())
        if self.score[team] >= self.settings.points_to_win:
            self.end(team, "points")

    def end(self, winner: str, by: str) -> None:
        self.over = True
        self.stats.winner, self.stats.by = winner, by

    def view(self) -> View:
        return View(self.court, self.settings, self.roster(), self.ball, ATTACKS,
                    self.stats.rounds + 1, dict(self.score))

    # -- the round ---------------------------------------------------------------------------
    def play(self) -> MatchStats:
        limit = self.settings.round_limit
        while not self.over and self.stats.rounds < limit:
            for who, _ in self.order:
                if self.over:
                    break
                if who == "ball":
                    self.ball_turn()
                elif who in self.players:
                    self.player_turn(who)
            self.stats.rounds += 1
        if not self.over:
            a, b = (self.score[t] for t in TEAMS)
            self.end(TEAMS[0] if a > b else TEAMS[1] if b > a else "draw", "rounds")
        return self.stats

    def ball_turn(self) -> None:
        roster = self.roster()
        start = self.ball
        act = ball_action(self.court, roster, start, self.settings)
        if self.trace is not None and act.moved is not None:
            self.trace.append({"route": "tick", "body": {**self.common(roster),
                                                         "ball": start.as_dict()},
                               "result": act.as_dict()})
        dc = act.dc
        if act.moved is None or dc is None:      # held or at rest: no roll, so no DC either
            return
        tried = set()
        for p, step in act.chances:
            if p.id in tried or p.id not in self.players:
                continue
            tried.add(p.id)
            if not tries_rolling(self.presets[p.team], self.players[p.id]):
                continue
            at = Ball(act.path[step].x, act.path[step].y, act.moved.speed, act.moved.direction)
            dice = self.dice()
            roster = self.roster()
            r = resolve_rolling_intercept(self.court, roster, p.id, dc, at, dice).as_dict()
            self.log("intercept", {"_roster": roster, "kind": "rolling", "player": p.id,
                                   "dc": dc, "ball": at.as_dict()}, dice, r)
            self.spend(p.id)
            if r["outcome"] == "stopped":
                self.stats.rolling_stops += 1
                self.ball, self.kicked = Ball.at(act.path[step]), False
                return
        self.ball = act.after
        if act.goal:
            self.goal(act.goal, by_kick=self.kicked)
        if act.goal or act.stopped_by or self.ball.direction is None:
            self.kicked = False

    def player_turn(self, pid: str) -> None:
        if self.players[pid].aoo_left is not None:
            self.put(pid, aoo_left=None)             # his attacks of opportunity come back
        view = self.view()
        me = self.players[pid]
        holder = view.holder()
        if holder is not None and holder.y in hoop_rows(self.court):
            self.stats.hoop_row_holds += 1
        turn = decide(view, self.presets[me.team], pid)
        self.stats.runs += turn.budget == "run"
        self.stats.power_attacks += turn.power_attack > 0
        check_path(self.court, view.roster, pid, turn.path, turn.budget, self.ball.square,
                   self.settings)
        end = turn.path[-1]
        if end != me.square or me.prone:
            self.put(pid, x=end.x, y=end.y, prone=False)
        if end == self.ball.square:
            self.ball = Ball.at(end)                 # he stops it and controls it (7.0)
            self.kicked = False
        kind = turn.kind          # decide() fills in what its kind needs (the `is not None`
        if kind == "kick" and turn.target is not None:       # checks tell the type checker)
            self.kick(pid, turn.target, turn.standing, turn.power_attack)
        elif kind == "dribble":
            self.dribble(pid, turn.squares, turn.started_with_ball)
        elif kind == "contest" and turn.contest is not None and turn.opponent is not None:
            self.contest(pid, turn.contest, turn.opponent)
        elif kind == "hoop" and turn.hoop is not None:
            self.shoot_hoop(pid, turn.hoop, turn.standing, turn.power_attack)

    # -- actions -----------------------------------------------------------------------------
    def kick(self, pid: str, target: Square, standing: bool, power_attack: int) -> None:
        roster, dice = self.roster(), self.dice()
        ball = self.ball.square
        r = resolve_kick(self.court, roster, pid, ball, target, standing, power_attack,
                         self.settings, dice).as_dict()
        self.log("kick", {"_roster": roster, "ball": ball.as_dict(), "kicker": pid,
                          "target": target.as_dict(), "standing": standing,
                          "power_attack": power_attack}, dice, r)
        self.stats.kicks += 1
        landing = Square(r["landing"]["x"], r["landing"]["y"])
        if self.flight(pid, r["interceptors"], landing, ball, r["corner"]):
            return
        self.ball = Ball.from_values(**r["ball"])
        self.kicked = not r["receiver"] and self.ball.direction is not None
        if r["goal"]:
            self.goal(r["goal"]["end"], by_kick=True)

    def flight(self, pid: str, interceptors: list[dict], landing: Square, origin: Square,
               corner: int | None) -> bool:
        """Each interceptor on the line, in order, tries by his preset; the first who stops
        or deflects the ball decides where it goes. True when one did."""
        team = self.players[pid].team
        for i in interceptors:
            who = self.players.get(i["player"])
            if who is None or not who.can_react or not tries_in_flight(
                    self.presets[who.team], who, team, i["dc"], i["rem"]):
                continue
            roster, dice = self.roster(), self.dice()
            res = resolve_flight_intercept(self.court, roster, who.id, i["dc"], landing, origin,
                                           i["rem"], self.settings, dice, corner).as_dict()
            self.log("intercept", {"_roster": roster, "kind": "flight", "player": who.id,
                                   "dc": i["dc"], "rem": i["rem"], "ball": landing.as_dict(),
                                   "from": origin.as_dict(), "corner": corner}, dice, res)
            self.spend(who.id)
            if res["outcome"] == "missed":
                continue
            self.stats.kicks_intercepted += 1
            self.hurt(who.id, res["damage"])
            self.ball = Ball.from_values(**res["ball"])
            if res["goal"]:
                self.goal(res["goal"]["end"], by_kick=True)
            return True
        return False

    def dribble(self, pid: str, squares: list[Square], started: bool) -> None:
        roster, ball = self.roster(), self.ball.square
        r = plan_dribble(self.court, roster, pid, ball, squares, started, False)
        self.stats.dribbles += 1
        if self.trace is not None:
            self.trace.append({"route": "dribble", "body": {
                **self.common(roster), "dribbler": pid, "ball": ball.as_dict(),
                "squares": [s.as_dict() for s in squares], "started_with_ball": started},
                "result": r.as_dict()})
        for prov in r.provokers:
            opp = self.players.get(prov.player)
            if opp is None or not opp.can_react:
                continue
            at = prov.origin
            self.put(pid, x=at.x, y=at.y)
            roster, dice = self.roster(), self.dice()
            g = resolve_contest(self.court, roster, "grapple", opp.id, pid, at, dice).as_dict()
            self.log("contest", {"_roster": roster, "kind": "grapple", "actor": opp.id,
                                 "target": pid, "ball": at.as_dict()}, dice, g)
            self.spend(opp.id)
            if g["success"]:
                self.stats.grabbed += 1
                stand = self.last_free(pid, [ball, *squares][:prov.step + 1])
                self.put(pid, x=stand.x, y=stand.y)
                self.ball = Ball.at(stand)
                return
        end = r.end
        if r.goal:
            back = squares[-2] if len(squares) > 1 else ball    # he stays on the field
            self.put(pid, x=back.x, y=back.y)
            self.goal(r.goal)
            return
        self.put(pid, x=end.x, y=end.y)
        self.ball = Ball.at(end)

    def last_free(self, pid: str, path: list[Square]) -> Square:
        """Where a dribbler grabbed on his way stands: the square he was stopped in, or, when
        that is a teammate's he was passing through, the last one before it that held nobody
        else (rulings, "Player movement": never ending in a teammate's square; the dribble's
        first square is his own)."""
        for sq in reversed(path):
            if all(p.id == pid for p in self.players.values() if p.x == sq.x and p.y == sq.y):
                return sq
        return path[0]

    def contest(self, pid: str, kind: str, target: str) -> None:
        roster, dice = self.roster(), self.dice()
        ball = self.ball.square
        preview = preview_contest(self.court, roster, kind, pid, target, ball, dice)
        choice = "trip" if preview.provokes else None     # the target answers in kind
        r = resolve_contest(self.court, roster, kind, pid, target, ball, dice,
                            target_aoo=choice).as_dict()
        self.log("contest", {"_roster": roster, "kind": kind, "actor": pid, "target": target,
                             "ball": ball.as_dict(),
                             "target_aoo": {"kind": choice} if choice else None}, dice, r)
        self.stats.contests += 1
        if choice:
            self.spend(target)
        if r.get("prone"):
            self.put(r["prone"], prone=True)
        if r["success"]:
            self.stats.contests_won += 1
            if kind == "disarm":
                self.ball = Ball.at(self.players[pid].square)
        elif r["reaction"] and not self.players[target].prone:
            roster, dice = self.roster(), self.dice()
            back = resolve_contest(self.court, roster, "trip", target, pid, ball, dice,
                                   reaction=True).as_dict()
            self.log("contest", {"_roster": roster, "kind": "trip", "actor": target,
                                 "target": pid, "ball": ball.as_dict(), "reaction": True},
                     dice, back)
            if back["success"]:
                self.put(pid, prone=True)

    def shoot_hoop(self, pid: str, side: str, standing: bool, power_attack: int) -> None:
        roster, dice = self.roster(), self.dice()
        origin = self.players[pid].square
        r = resolve_hoop(self.court, roster, pid, side, standing, power_attack, self.settings,
                         dice)
        self.log("hoop", {"_roster": roster, "kicker": pid, "hoop": side,
                          "standing": standing, "power_attack": power_attack}, dice, r.as_dict())
        self.stats.hoop_shots += 1
        if self.flight(pid, r.interceptors, r.under, origin, None):
            return
        if r.through:
            team = self.players[pid].team
            self.score[team] += self.settings.hoop_points
            self.ball = Ball.at(self.court.centre())
            self.end(team, "hoop")
            return
        self.ball = r.ball


def court_for(width_ft: int, ratio: float) -> Court:
    """The court `width_ft` wide and `ratio` times as long (whole squares, slopes a quarter
    of the width on each side)."""
    width = width_ft // 5
    if width < 3:
        raise RulesError("the court must be at least 15 ft wide", field="width")
    return Court.from_dict({"width": width, "length": max(4, round(width * ratio))})


def play_match(players: int, width_ft: int, ratio: float, key: str,
               tactics: tuple[str, str] | str | None = None, round_limit: int = 100,
               trace: list | None = None) -> MatchStats:
    """One match of `players` a side on that court: the rosters and line-up from `key`, the
    dice from `key:dice`, so every preset meets the same teams and the same dice stream."""
    court = court_for(width_ft, ratio)
    settings = Settings(round_limit=round_limit)
    names = (tactics, tactics) if tactics is None or isinstance(tactics, str) else tactics
    presets = {team: preset(name) for team, name in zip(TEAMS, names)}
    people, hp = lineup(players, court, random.Random(key))
    return Match(court, settings, people, hp, presets, random.Random(f"{key}:dice"),
                 trace).play()
