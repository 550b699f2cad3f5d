"""Yaotzin over HTTP: each handler loads a body, calls one rules function, adds card and overlay."""

from __future__ import annotations

import secrets

from flask import Blueprint, current_app

from ...advice import npc_match as watched
from ...advice import yaotzin as charts
from ...present import plays
from ...present import yaotzin as present
from ...rules.dice import Dice
from ...rules.yaotzin.ball import Ball
from ...rules.yaotzin.contests import preview_contest, resolve_contest
from ...rules.yaotzin.court import Court
from ...rules.yaotzin.dribble import plan_dribble
from ...rules.yaotzin.grid import Square
from ...rules.yaotzin.hoop import resolve_hoop
from ...rules.yaotzin.inspection import inspect as inspect_players
from ...rules.yaotzin.intercept import resolve_flight_intercept, resolve_rolling_intercept
from ...rules.yaotzin.kick import resolve_kick
from ...rules.yaotzin.movement import check_path
from ...rules.yaotzin.odds import intercept_odds, kick_preview
from ...rules.yaotzin.plan import suggest_kicks
from ...rules.yaotzin.players import Roster
from ...rules.yaotzin.settings import Settings
from ...rules.yaotzin.tick import ball_action
from ...tactics import yaotzin as tactics
from ..errors import ApiError
from ..routing import api_route
from ..schemas import yaotzin as schemas
from ..tuning import client_gone, run_tune

bp = Blueprint("yaotzin", __name__, url_prefix="/api/v1/yaotzin")


def court_of(body: dict) -> tuple[Court, Roster, Settings, dict[str, str]]:
    court = Court.from_dict(body["field"])
    roster = Roster(body["players"], court)
    return court, roster, Settings.from_dict(body["settings"]), \
        {p.id: p.label for p in roster.players}


def sq(d: dict) -> Square:
    return Square(d["x"], d["y"])


def dice(body: dict) -> Dice:
    return Dice(body.get("rolls"), body.get("seed"))


def ball(d: dict) -> Ball:
    return Ball.from_values(d["x"], d["y"], d["speed"], d["direction"])


@api_route(bp, "POST", "/kick", schemas.KickSchema)
def kick(body):
    """Resolve a kick: attack, scatter, flight line, interceptors, where the ball goes."""
    court, roster, settings, names = court_of(body)
    kicked = resolve_kick(court, roster, body["kicker"], sq(body["ball"]), sq(body["target"]),
                          body["standing"], body["power_attack"], settings, dice(body))
    r = kicked.as_dict()
    # the planner's "try / let it pass" numbers for each interceptor, by player id
    r["intercept_odds"] = {i["player"]: intercept_odds(i["reflex"], i["dc"], i["rem"])
                           for i in r["interceptors"]}
    return 200, {**r, "chat_card": plays.tag(present.kick_card(kicked, names),
                                             plays.kick(kicked, roster)),
                 "overlay": present.kick_overlay(kicked)}


@api_route(bp, "POST", "/kick/preview", schemas.KickPreviewSchema)
def kick_preview_route(body):
    """What a kick at this square would look like: the same numbers, no dice, exact odds."""
    court, roster, settings, _ = court_of(body)
    p = kick_preview(court, roster, body["kicker"], sq(body["ball"]), sq(body["target"]),
                     body["standing"], body["power_attack"], settings)
    return 200, {**p.as_dict(), "overlay": present.preview_overlay(p, body["ball"])}


@api_route(bp, "POST", "/kick/suggest", schemas.KickSuggestSchema, heavy=True)
def kick_suggest(body):
    """The kicker's best aim squares by the exact chance of a goal (the shot planner)."""
    court, roster, settings, _ = court_of(body)
    return 200, suggest_kicks(court, roster, body["kicker"], sq(body["ball"]), body["standing"],
                              body["power_attack"], settings, body["attacks"],
                              body["top"]).as_dict()


def _chart(build, table, body) -> tuple[int, dict]:
    court = Court.from_dict(body["field"])
    chart = build(strengths=body["strengths"] or charts.STRENGTHS,
                  max_squares=(body["max_ft"] or 70) // 5, dex=body["dex"], bab=body["bab"],
                  feats=body["feats"], court=court, settings=Settings.from_dict(body["settings"]))
    return 200, {**chart, "table": table(chart)}


@api_route(bp, "POST", "/charts/aim", schemas.ChartSchema, heavy=True)
def aim_chart(body):
    """The best-aim chart: by Strength and distance to the line, the aim with the best chance."""
    return _chart(charts.aim_chart, charts.aim_table, body)


@api_route(bp, "POST", "/charts/hoop", schemas.ChartSchema, heavy=True)
def hoop_chart(body):
    """The hoop chart: by Strength and distance along the row, the chance through the hoop."""
    return _chart(charts.hoop_chart, charts.hoop_table, body)


@api_route(bp, "POST", "/intercept", schemas.InterceptSchema)
def intercept(body):
    """One player's attempt to stop the ball: in flight through his square, or rolling by."""
    court, roster, settings, names = court_of(body)
    if body["kind"] == "flight":
        r = resolve_flight_intercept(court, roster, body["player"], body["dc"], sq(body["ball"]),
                                     sq(body["from_"]), body["rem"], settings, dice(body),
                                     body["corner"])
    else:
        r = resolve_rolling_intercept(court, roster, body["player"], body["dc"],
                                      ball(body["ball"]), dice(body))
    return 200, {**r.as_dict(), "chat_card": plays.tag(present.intercept_card(r, names),
                                                       plays.intercept(r, roster, body)),
                 "overlay": present.intercept_overlay(r)}


@api_route(bp, "POST", "/tick", schemas.TickSchema)
def tick_route(body):
    """One ball action: where a rolling ball goes and who may stop it."""
    court, roster, settings, names = court_of(body)
    r = ball_action(court, roster, ball(body["ball"]), settings).as_dict()
    return 200, {**r, "chat_card": present.tick_card(r, names),
                 "overlay": present.tick_overlay(r)}


@api_route(bp, "POST", "/hoop", schemas.HoopSchema)
def hoop(body):
    """A shot at a stone hoop: AC 20 or 25, natural 20 and confirmation to go through."""
    court, roster, settings, names = court_of(body)
    r = resolve_hoop(court, roster, body["kicker"], body["hoop"], body["standing"],
                     body["power_attack"], settings, dice(body))
    return 200, {**r.as_dict(), "chat_card": plays.tag(present.hoop_card(r, names),
                                                       plays.hoop(r, roster)),
                 "overlay": present.hoop_overlay(r)}


@api_route(bp, "POST", "/dribble", schemas.DribbleSchema)
def dribble(body):
    """Check a dribble square by square and list who may grab the dribbler."""
    court, roster, _, names = court_of(body)
    r = plan_dribble(court, roster, body["dribbler"], sq(body["ball"]),
                     [sq(s) for s in body["squares"]], body["started_with_ball"],
                     body["readied"], overran=body["overran"])
    return 200, {**r.as_dict(), "chat_card": plays.tag(present.dribble_card(r, names),
                                                       plays.dribble(r, roster)),
                 "overlay": present.dribble_overlay(r)}


@api_route(bp, "POST", "/contest", schemas.ContestSchema)
def contest(body):
    """Grapple, disarm, feint, bull rush, overrun or trip over the ball (never any damage)."""
    court, roster, _, names = court_of(body)
    to = sq(body["to"]) if body["to"] else None
    target_aoo = (body["target_aoo"] or {}).get("kind")
    if body["preview"]:   # nothing rolled: no card to post
        return 200, preview_contest(court, roster, body["kind"], body["actor"], body["target"],
                                    sq(body["ball"]), dice(body), to=to, avoids=body["avoids"],
                                    action=body["action"], target_aoo=target_aoo,
                                    reaction=body["reaction"], after=body["after"],
                                    as_aoo=body["as_aoo"]).as_dict()
    r = resolve_contest(court, roster, body["kind"], body["actor"], body["target"],
                        sq(body["ball"]), dice(body), bluff=body["bluff"],
                        sense_motive=body["sense_motive"], to=to, charging=body["charging"],
                        avoids=body["avoids"], action=body["action"], target_aoo=target_aoo,
                        reaction=body["reaction"], after=body["after"], as_aoo=body["as_aoo"])
    return 200, {**r.as_dict(), "overlay": None,
                 "chat_card": plays.tag(present.contest_card(r, names), plays.contest(r, roster))}


@api_route(bp, "POST", "/move", schemas.MoveSchema)
def move(body):
    """Check a player's movement square by square (rulings "Player movement")."""
    court, roster, settings, _ = court_of(body)
    return 200, check_path(court, roster, body["mover"], [sq(s) for s in body["path"]],
                           body["budget"], sq(body["ball"]), settings)


@api_route(bp, "POST", "/suggest", schemas.YaotzinSuggestSchema, heavy=True)
def suggest(body):
    """The Yaotzin autopilot: one legal turn for the named player, with its reason."""
    court, roster, settings, _ = court_of(body)
    mover = roster.get(body["mover"], field="mover")
    view = tactics.view_of(court, roster, settings, ball(body["ball"]), mover,
                           body["attacks"], body["round"], body["score"])
    choice = body["tactics"]
    name = choice.get(mover.team) if isinstance(choice, dict) else choice
    turn = tactics.decide(view, tactics.preset(name), mover.id)
    return 200, {"turn": tactics.turn_dict(view, turn), "tactics": tactics.preset(name).name,
                 "attacks": view.attacks}


@api_route(bp, "POST", "/react", schemas.YaotzinReactSchema)
def react(body):
    """The Yaotzin autopilot's reactions: whether each player tries for the ball, by preset.

    One answer per chance (a kick's interceptors in flight, a rolling ball's opportunities),
    by the presets' own tests, the ones the match simulator plays by."""
    court, roster, _, _ = court_of(body)
    choice = body["tactics"]
    kicker_team = roster.get(body["kicker"], field="kicker").team if body["kicker"] else None
    flight = body["kind"] == "flight"
    reactions = []
    for i, chance in enumerate(body["chances"]):
        player = roster.get(chance["player"], field=f"chances.{i}.player")
        name = choice.get(player.team) if isinstance(choice, dict) else choice
        reactions.append(tactics.reaction(tactics.preset(name), player,
                                          kicker_team if flight else None, chance["dc"],
                                          chance["rem"] if flight else None))
    return 200, {"kind": body["kind"], "reactions": reactions}


@api_route(bp, "POST", "/inspect", schemas.InspectSchema)
def inspect(body):
    """The referee's inspection: each player's metal, magic, spells in effect and healing."""
    return 200, inspect_players(body["players"])


# -- NPC matches the party watches: whole matches from the scene's state ------------------------
def watch_of(body: dict) -> watched.Watch:
    court, roster, settings, _ = court_of(body)
    return watched.watch_from(court, settings, list(roster.players), body)


def odds_stage(body: dict, seed: int, matches: int) -> dict:
    """In the tune's worker: `matches` whole matches from the body's state (its plain JSON)."""
    return watched.odds(watch_of(schemas.YaotzinOddsSchema().load(body)), matches, seed)


def play_stage(body: dict, seed: int, matches: int) -> dict:
    """In the tune's worker: the one match played out from the body's state."""
    return watched.play_out(watch_of(schemas.YaotzinPlaySchema().load(body)), seed)


def _simulate(body: dict, work, matches: int) -> dict:
    """The body's state checked here (a refusal answered at once), then the matches played
    in the tune's worker (which gets the body as plain JSON), one simulation at a time, within
    the time limit, ended when the client goes away (server/tuning.py). No stage goes to a
    Socket.IO caller as it finishes: `tune_progress` is the zone tune's, and its listeners read
    a tune's answer."""
    watch_of(body)
    plain = {k: v for k, v in body.items() if v is not None and k not in ("seed", "matches")}
    plain["players"] = [tactics.player_dict(p) for p in body["players"]]
    seed = body["seed"] if body["seed"] is not None else secrets.randbelow(2**31)
    slot = current_app.extensions["ballcourt_tune"]
    limit = current_app.config["BALLCOURT"].tune_time_limit
    slot.acquire(limit)
    try:
        return run_tune({"body": plain, "seed": seed, "matches": matches}, limit, client_gone(),
                        work=work)
    except ApiError as exc:
        if exc.code != "tune_timeout":
            raise
        raise ApiError(503, "tune_timeout", f"not one match was played out within the time"
                       f" limit ({limit:g} s): try fewer players, or a match nearer its end"
                       ) from None
    finally:
        slot.release()


@api_route(bp, "POST", "/odds", schemas.YaotzinOddsSchema)
def odds(body):
    """The odds of an NPC match: each team's chance to win, the draw's and the expected score,
    from whole matches played by the presets from the scene's state."""
    answer = _simulate(body, odds_stage, body["matches"])
    if not answer["partial"]:
        del answer["partial"]
    return 200, answer


@api_route(bp, "POST", "/play", schemas.YaotzinPlaySchema)
def play(body):
    """An NPC match played out from the scene's state: its score, highlights and the match
    events that keep it as a companion match."""
    answer = _simulate(body, play_stage, 1)
    del answer["partial"]
    return 200, answer
