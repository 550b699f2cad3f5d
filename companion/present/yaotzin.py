"""Cards and overlays for Yaotzin results."""

from __future__ import annotations

from ..rules.yaotzin.contests import ContestResult
from ..rules.yaotzin.dribble import DribblePlan
from ..rules.yaotzin.flight import kick_line
from ..rules.yaotzin.grid import Square
from ..rules.yaotzin.hoop import HoopResult
from ..rules.yaotzin.intercept import InterceptResult
from ..rules.yaotzin.kick import KickResult
from ..rules.yaotzin.odds import KickPreview
from .card import Card

Names = dict[str, str]


def _sq(d: dict) -> Square:
    return Square(d["x"], d["y"])


def _ball_lines(card: Card, ball: dict, goal: dict | None) -> None:
    if goal:
        card.line(f"BALLCOURT.Card.Goal.{goal['end']}", "good")
    elif ball["speed"]:
        card.line("BALLCOURT.Card.Ball.RollsOn", direction=ball["direction"], speed=ball["speed"])
    else:
        card.line("BALLCOURT.Card.Ball.Rests", x=ball["x"], y=ball["y"])


def _apply_ball(card: Card, r: dict) -> None:
    """Apply: move the ball along the path to where it rests or rolls on (or score)."""
    card.action("apply", "BALLCOURT.Action.Apply",
                {"events": ball_events(r["ball"], r["goal"]), "path": r["path"],
                 "ball": r["ball"]})


def ball_events(ball: dict, goal: dict | None) -> list[dict]:
    """The match events that put a result on the table."""
    if goal:
        return [{"type": "goal", "end": goal["end"]}]
    return [{"type": "ball", **ball}]


def kick_card(r: KickResult, names: Names) -> dict:
    card = Card("yaotzin.kick", "BALLCOURT.Card.Kick.Title", kicker=names[r.kicker],
                **r.target.as_dict())
    a = r.attack.as_dict()
    card.breakdown = a["breakdown"]
    if a["hit"]:
        card.line("BALLCOURT.Card.Kick.Hit", "good", total=a["total"], ac=a["ac"])
    else:
        assert r.scatter is not None            # a miss always scatters
        card.line("BALLCOURT.Card.Kick.Miss", "bad", total=a["total"], ac=a["ac"],
                  squares=r.scatter.squares, heading=r.scatter.heading.name)
    landing = r.landing.as_dict()
    card.line("BALLCOURT.Card.Kick.Landing", feet=r.flight_ft, **landing)
    for i in r.interceptors:
        card.line("BALLCOURT.Card.Kick.Interceptor", player=names[i["player"]], dc=i["dc"],
                  **i["square"])
    for s in r.skipped:
        card.line(f"BALLCOURT.Card.Kick.Skipped.{s['reason']}", "muted",
                  player=names[s["player"]])
    if r.receiver:
        card.line("BALLCOURT.Card.Kick.Receiver", player=names[r.receiver])
    ball, goal = r.ball.as_dict(), {"end": r.goal} if r.goal else None
    _ball_lines(card, ball, goal)
    card.action("apply", "BALLCOURT.Action.Apply",
                {"events": ball_events(ball, goal), "path": [sq.as_dict() for sq in r.path],
                 "ball": ball})
    for i in r.interceptors:
        card.action(f"intercept:{i['player']}", "BALLCOURT.Action.Intercept",
                    {"kind": "flight", "player": i["player"], "dc": i["dc"], "rem": i["rem"],
                     "ball": {**landing, "speed": 0, "direction": None},
                     "from": r.origin.as_dict(), "corner": r.corner, "kicker": r.kicker},
                    player=names[i["player"]])
    return card.build(r.rolls)


def kick_overlay(r: KickResult) -> dict:
    p0, p1 = kick_line(r.origin, r.landing, r.corner)
    return {"kind": "kick", "origin": r.origin.as_dict(),
            "line": {"from": list(p0), "to": list(p1)},
            "path": [sq.as_dict() for sq in r.path], "target": r.target.as_dict(),
            "landing": r.landing.as_dict(),
            "interceptors": [{**i["square"], "player": i["player"], "dc": i["dc"],
                              "label": f"DC {i['dc']}"}
                             for i in r.interceptors],
            "goal": {"end": r.goal} if r.goal else None}


def preview_overlay(p: KickPreview, origin: dict) -> dict:
    """The preview's own shapes: the candidate lines and the range ring.

    The path, the interceptors and the landing heat map are drawn from the preview's
    top-level `path`, `interceptors` and `odds.landing`, not repeated here: a preview is
    sent on every mouse move and its size is most of its cost.
    """
    o, t = _sq(origin), p.target
    lines = [] if not p.legal and not p.target_ft else \
        [kick_line(o, t, c) for c in ((1, 2) if o.x == t.x or o.y == t.y else (1,))]
    return {"kind": "preview", "origin": origin, "target": t.as_dict(),
            "lines": [{"from": list(a), "to": list(b)} for a, b in lines],
            "in_range": p.in_range, "legal": p.legal,
            "reason": p.reason.as_dict() if p.reason else None,
            "range": {**origin, "feet": p.max_range_ft} if p.max_range_ft else None}


def intercept_card(r: InterceptResult, names: Names) -> dict:
    card = Card("yaotzin.intercept", "BALLCOURT.Card.Intercept.Title", player=names[r.player])
    card.line("BALLCOURT.Card.Intercept.Save", total=r.save.total, dc=r.save.dc)
    outcome = r.outcome
    tone = "good" if outcome in ("yoke", "stopped") else "bad"
    data = ({"squares": r.carom.squares, "heading": r.carom.heading.name}
            if outcome == "deflected" and r.carom else {})
    card.line(f"BALLCOURT.Card.Intercept.{outcome}", tone, **data)
    ball, goal = r.ball.as_dict(), {"end": r.goal} if r.goal else None
    events = ball_events(ball, goal)
    if r.damage:
        damage = r.damage.as_dict()
        card.line("BALLCOURT.Card.Damage", "bad", player=names[r.player],
                  total=damage["total"], dice=damage["dice"])
        events.append({"type": "damage", "player": r.player, "nonlethal": damage["total"]})
    _ball_lines(card, ball, goal)
    card.action("apply", "BALLCOURT.Action.Apply",
                {"events": events, "ball": ball, "damage": (
                    [{"player": r.player, "nonlethal": r.damage.total}] if r.damage else [])})
    return card.build(r.rolls)


def intercept_overlay(r: InterceptResult) -> dict:
    return {"kind": "intercept", "ball": r.ball.as_dict(), "outcome": r.outcome,
            "goal": {"end": r.goal} if r.goal else None}


def tick_card(r: dict, names: Names) -> dict:
    motion = r["motion"]
    if motion is None:
        card = Card("yaotzin.tick", "BALLCOURT.Card.Tick.Title", speed=0, direction="-")
        card.line("BALLCOURT.Card.Tick.Still", "muted")
    else:
        card = Card("yaotzin.tick", "BALLCOURT.Card.Tick.Title", speed=motion["speed"],
                    direction=motion["direction"])
        if motion["rolled_back"]:
            card.line("BALLCOURT.Card.Tick.RollsBack")
    for o in r["opportunities"]:
        card.line("BALLCOURT.Card.Tick.Chance", player=names[o["player"]], dc=o["dc"],
                  **o["square"])
    if r["stopped_by"]:
        card.line("BALLCOURT.Card.Tick.StoppedBy", "good", player=names[r["stopped_by"]])
    elif motion and motion["wall"]:
        card.line("BALLCOURT.Card.Tick.Wall")
    _ball_lines(card, r["ball"], r["goal"])
    _apply_ball(card, r)
    for o in r["opportunities"]:
        card.action(f"stop:{o['player']}:{o['step']}", "BALLCOURT.Action.Stop",
                    {"kind": "rolling", "player": o["player"], "dc": o["dc"],
                     "ball": {**o["square"], "speed": motion["speed"],
                              "direction": motion["direction"]}, "step": o["step"]},
                    player=names[o["player"]])
        # one try per player per ball action, at the square of his choice: once he has
        # tried, his other squares of this tick are gone (rulings "Ball ticks")
        card.actions[-1]["once"] = f"stop:{o['player']}"
    return card.build([])


def tick_overlay(r: dict) -> dict:
    return {"kind": "tick", "start": r["start"], "path": r["path"], "ball": r["ball"],
            "chances": [{**o["square"], "player": o["player"], "dc": o["dc"],
                         "label": f"DC {o['dc']}"}
                        for o in r["opportunities"]], "goal": r["goal"]}


def hoop_card(r: HoopResult, names: Names) -> dict:
    card = Card("yaotzin.hoop", f"BALLCOURT.Card.Hoop.Title.{r.hoop}", kicker=names[r.kicker])
    attack = r.attack.as_dict()
    card.breakdown = attack["breakdown"]
    card.line("BALLCOURT.Card.Hoop.Attack", total=r.attack.total, ac=r.ac)
    if r.confirm:
        card.line("BALLCOURT.Card.Hoop.Confirm", total=r.confirm.total, ac=r.ac)
    ball = r.ball.as_dict()
    events: list[dict]
    if r.through:
        card.line("BALLCOURT.Card.Hoop.Through", "good", points=r.points)
        events = [{"type": "hoop", "team": r.team}]
    elif r.attack.hit:
        card.line("BALLCOURT.Card.Hoop.Stone")
        events = [{"type": "ball", **ball}]
    else:
        assert r.scatter is not None            # a miss always scatters
        card.line("BALLCOURT.Card.Hoop.Miss", "bad", squares=r.scatter.squares,
                  heading=r.scatter.heading.name)
        events = [{"type": "ball", **ball}]
    for i in r.interceptors:
        card.line("BALLCOURT.Card.Kick.Interceptor", player=names[i["player"]], dc=i["dc"],
                  **i["square"])
    card.action("apply", "BALLCOURT.Action.Apply", {"events": events, "ball": ball,
                                                     "path": [sq.as_dict() for sq in r.path]})
    return card.build(r.rolls)


def hoop_overlay(r: HoopResult) -> dict:
    return {"kind": "hoop", "path": [sq.as_dict() for sq in r.path],
            "under": r.under.as_dict(), "ball": r.ball.as_dict(), "through": r.through,
            "interceptors": [{**i["square"], "player": i["player"], "dc": i["dc"],
                              "label": f"DC {i['dc']}"}
                             for i in r.interceptors]}


def dribble_card(r: DribblePlan, names: Names) -> dict:
    card = Card("yaotzin.dribble", "BALLCOURT.Card.Dribble.Title", player=names[r.dribbler],
                count=len(r.squares))
    card.line("BALLCOURT.Card.Dribble.Cost", cost=float(r.actions.cost), budget=float(r.budget))
    for p in r.provokers:
        card.line("BALLCOURT.Card.Dribble.Provokes", "bad", player=names[p.player])
    ball, goal = r.ball.as_dict(), {"end": r.goal} if r.goal else None
    _ball_lines(card, ball, goal)
    card.action("apply", "BALLCOURT.Action.Apply",
                {"events": ball_events(ball, goal), "path": [sq.as_dict() for sq in r.squares],
                 "moves": [{"player": r.dribbler, **r.end.as_dict()}]})
    return card.build([])


def dribble_overlay(r: DribblePlan) -> dict:
    return {"kind": "dribble", "path": [sq.as_dict() for sq in r.squares],
            "end": r.end.as_dict(),
            "provokers": [{**p.square.as_dict(), "player": p.player, "grapple": True,
                           "label": "grapple"}
                          for p in r.provokers]}


def contest_card(r: ContestResult, names: Names) -> dict:
    card = Card("yaotzin.contest", f"BALLCOURT.Card.Contest.Title.{r.kind}",
                actor=names[r.actor], target=names[r.target])
    aoo = r.target_aoo
    if r.provokes and aoo is None:
        card.line("BALLCOURT.Card.Contest.Provokes", "muted", target=names[r.target])
    if aoo:
        key = "BALLCOURT.Card.Contest.AooStops" if aoo.foiled else \
            "BALLCOURT.Card.Contest.AooFails"
        card.line(key, "bad" if aoo.foiled else "muted", target=names[r.target],
                  kind=aoo.kind)
        if aoo.stops_dribbling:
            card.line("BALLCOURT.Card.Contest.StopsDribbling", target=names[r.target])
    if aoo and aoo.foiled:
        pass                  # the action never happened: the line above says why
    elif r.avoided:
        card.line("BALLCOURT.Card.Contest.SteppedAside", actor=names[r.actor],
                  target=names[r.target])
    elif r.touch and not r.touch.hit:
        card.line("BALLCOURT.Card.Contest.TouchMiss", "bad")
    elif r.success:
        card.line("BALLCOURT.Card.Contest.Won", "good", actor=names[r.actor])
    else:
        card.line("BALLCOURT.Card.Contest.Lost", "bad", target=names[r.target])
    if r.prone:
        card.line("BALLCOURT.Card.Contest.Prone", player=names[r.prone])
    for m in r.moves:
        card.line("BALLCOURT.Card.Contest.Moved", player=names[m.player], **m.to.as_dict())
    events = [{"type": "ball", **r.ball.as_dict()}] if r.ball else []
    for back in r.reactions:
        card.line("BALLCOURT.Card.Contest.DisarmBack" if back.kind == "disarm" else
                  "BALLCOURT.Card.Contest.TripBack", player=names[back.actor],
                  target=names[back.target])
    card.action("apply", "BALLCOURT.Action.Apply",
                {"events": events, "moves": [{"player": m.player, **m.to.as_dict()}
                                             for m in r.moves], "prone": r.prone})
    for back in r.reactions:
        # a reaction: another contest with these two, "reaction": true and what it answers.
        # The defender's trip back (after a trip or overrun) is `trip_back`; the actor's,
        # after the target's failed trip as his attack of opportunity, `trip_back:<actor>`;
        # the dribbler's disarm back, after a disarm taken as an attack of opportunity,
        # `disarm_back`.
        if back.kind == "disarm":
            action_id, label = "disarm_back", "BALLCOURT.Action.DisarmBack"
        else:
            action_id = ("trip_back:" + back.actor if back.after == "target_aoo"
                         else "trip_back")
            label = "BALLCOURT.Action.TripBack"
        card.action(action_id, label,
                    {"kind": back.kind, "actor": back.actor, "target": back.target,
                     "reaction": True, "after": back.after}, player=names[back.actor])
    return card.build(r.rolls)
