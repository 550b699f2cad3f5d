"""Goat-ball over HTTP: passes, tip-offs, quick resolution, zone tuning and the autopilot's
suggestions, stateless."""

from __future__ import annotations

from flask import Blueprint, current_app

from ...advice.goatball import roster_from
from ...present import goatball as present
from ...rules.dice import Dice
from ...rules.errors import RulesError
from ...rules.goatball.match import check_from, pass_inputs
from ...rules.goatball.passes import resolve_pass
from ...rules.goatball.quick import resolve_quick
from ...rules.goatball.state import SKILLS, Settings, arena_from_dict
from ...rules.goatball.tipoff import resolve_tipoff
from ...tactics.goatball import Skills, presets_for, suggest
from ..routing import api_route
from ..schemas import goatball as schemas
from ..tuning import client_gone, progress_to_caller, run_tune

bp = Blueprint("goatball", __name__, url_prefix="/api/v1/goatball")


def names_of(teams: list[dict]) -> dict[str, str]:
    """Display names by id: the teams' (when named), then the players' (which win a clash)."""
    return {**{t["id"]: t["name"] for t in teams if t.get("name")},
            **{p["id"]: p.get("name") or p["id"] for t in teams for p in t["players"]}}


def bonuses_of(teams: list[dict]) -> dict[str, dict[str, int]]:
    """Each player's skill bonuses that the body gives: what a check not rolled at the table is
    rolled with."""
    return {p["id"]: {k: p[k] for k in SKILLS if k in p} for t in teams for p in t["players"]}


def with_acrobatics(check: dict, bonuses: dict[str, int]) -> dict:
    """A tip-off check given neither as a total nor as a modifier, rolled with the player's
    Acrobatics when the body gives it (the tip-off is Dex (Acrobatics))."""
    unrolled = check.get("check") is None and check.get("modifier") is None
    if unrolled and check.get("skill") in (None, "acrobatics") and "acrobatics" in bonuses:
        return {**check, "modifier": bonuses["acrobatics"], "skill": "acrobatics"}
    return check


def arena_of(body: dict):
    return arena_from_dict(body, Settings.from_dict(body["settings"]))


@api_route(bp, "POST", "/pass", schemas.PassSchema)
def pass_route(body):
    """Resolve one pass (round) from everyone's declared actions."""
    arena = arena_of(body)
    actions, throw = pass_inputs(body, arena, bonuses_of(body["teams"]))
    r = resolve_pass(arena, actions, throw, Dice(body.get("rolls"), body.get("seed")))
    names = names_of(body["teams"])
    team = arena.possession.team
    answer = r.as_dict()
    return 200, {**answer, "chat_card": present.pass_card(r, names, names.get(team, team)),
                 "overlay": present.arena_overlay(answer["possession"], answer["out"])}


@api_route(bp, "POST", "/tipoff", schemas.TipoffSchema)
def tipoff(body):
    """The goat kicks the ball in: highest Dex (Acrobatics) takes it."""
    arena = arena_of({**body, "possession": None})
    bonuses = bonuses_of(body["teams"])
    checks = {pid: check_from(with_acrobatics(c, bonuses.get(pid, {})))
              for pid, c in body["checks"].items()}
    r = resolve_tipoff(arena, checks, Dice(body.get("rolls"), body.get("seed")))
    answer = r.as_dict()
    return 200, {**answer, "chat_card": present.tipoff_card(r, names_of(body["teams"])),
                 "overlay": present.arena_overlay(answer["possession"])}


@api_route(bp, "POST", "/quick", schemas.QuickSchema)
def quick(body):
    """Settle a whole match with one check a player."""
    ids = [t["id"] for t in body["teams"]]
    if len(set(ids)) != len(ids):
        raise RulesError("two teams share an id", field="teams")
    r = resolve_quick({t["id"]: t["checks"] for t in body["teams"]})
    return 200, {**r.as_dict(), "chat_card": present.quick_card(r), "overlay": None}


@api_route(bp, "POST", "/tune", schemas.TuneSchema)
def tune_route(body):
    """For this roster: how many zones, and how often a match ends within the budget (the
    roster checked here, and sent to the tune's worker as the body's plain JSON)."""
    teams = [t for t, _ in roster_from(body)]
    tactics = [p.name for p in presets_for(body["tactics"], teams).values()]
    slot = current_app.extensions["ballcourt_tune"]
    limit = current_app.config["BALLCOURT"].tune_time_limit
    slot.acquire(limit)
    try:
        return 200, run_tune({"roster": {"teams": body["teams"]}, "tactics": tactics,
                              "budget": body["budget"], "seed": body["seed"],
                              "zones": body["zones"], "matches": body["matches"],
                              "margin": body["margin"],
                              "minutes_per_pass": body["minutes_per_pass"]},
                             limit, client_gone(), on_stage=progress_to_caller())
    finally:
        slot.release()


@api_route(bp, "POST", "/suggest", schemas.SuggestSchema, heavy=True)
def suggest_route(body):
    """The autopilot: a declaration and its reason for each standing player named."""
    arena = arena_of(body)
    skills = {p["id"]: Skills(p["athletics"], p["acrobatics"])
              for t in body["teams"] for p in t["players"]}
    return 200, suggest(arena, skills, presets_for(body["tactics"], list(arena.teams)),
                        body["players"], body["choose_from"])
