"""The companion answers the module's node and browser tests use as fixtures.

`python -m tests.fixtures_for_module` rewrites foundry_module/test/fixtures/*.json;
tests/test_module_fixtures.py fails when they no longer match what the companion answers.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

FIXTURES = Path(__file__).parents[1] / "foundry_module" / "test" / "fixtures"

IX = {"id": "ix", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 17, "bab": 2,
      "name": "Ixpoetchitl"}
YO = {"id": "yo", "team": "moon", "x": 13, "y": 12, "reflex": 4, "name": "Yolteotl"}
KICK = {"players": [IX, YO], "ball": {"x": 10, "y": 12}, "kicker": "ix",
        "target": {"x": 18, "y": 12}, "standing": True}
GOAT = {"teams": [{"id": "red", "players": [{"id": "r1", "platform": "P1"},
                                            {"id": "r2", "platform": "P2"}]},
                  {"id": "blue", "players": [{"id": "b1", "platform": "P7"},
                                             {"id": "b2", "platform": "P8", "out": True}]}],
        "possession": {"team": "red", "carrier": "r1", "visited": ["P1"], "hot": False},
        "actions": [{"player": "r1", "action": "throw", "check": 7},
                    {"player": "b1", "action": "intercept", "check": 12}],
        "throw": {"kind": "pass", "target": "r2"}}


def _named(team: str, *players: tuple[str, str, str]) -> dict:
    return {"id": team, "players": [{"id": i, "platform": at, "name": name}
                                    for i, at, name in players]}


# a pass whose card lists every kind of check: a knock-off and its target's footing (helped by a
# Defend, so both d20s: the companion keeps the higher), the hot ball's throw and intercept,
# the hot throw's Acrobatics contest
HOT_PASS = {
    "teams": [_named("red", ("r1", "P1", "Citlali"), ("r2", "P2", "Tlaloc"),
                     ("r3", "P3", "Xochitl")),
              _named("blue", ("b1", "P7", "Mixtli"), ("b2", "P8", "Nochtli"),
                     ("b3", "P9", "Yaretzi"))],
    "possession": {"team": "red", "carrier": "r1", "visited": ["P1", "P2", "P3", "P4"],
                   "hot": True},
    "actions": [{"player": "b2", "action": "knock_off", "target": "r3", "skill": "athletics",
                 "check": 17, "defense_faces": [4, 9], "defense_modifier": 2,
                 "defense_skill": "acrobatics"},
                {"player": "r2", "action": "defend", "target": "r3"},
                {"player": "r1", "action": "throw", "skill": "athletics", "check": 16},
                {"player": "b3", "action": "intercept", "skill": "acrobatics", "check": 9,
                 "advantage": True}],
    "throw": {"kind": "hot", "target": "b1", "carrier_check": 15, "target_check": 9}}

REQUESTS = {
    "preview": ("/api/v1/yaotzin/kick/preview", KICK),
    "preview-own-square": ("/api/v1/yaotzin/kick/preview", {**KICK, "target": KICK["ball"]}),
    "kick": ("/api/v1/yaotzin/kick", {**KICK, "rolls": {"attack": 9, "scatter": 1,
                                                         "corner": 1}}),
    "intercept": ("/api/v1/yaotzin/intercept", {
        "players": [IX, YO], "kind": "flight", "player": "yo", "dc": 15, "rem": 7,
        "ball": {"x": 20, "y": 12}, "from": {"x": 10, "y": 12},
        "rolls": {"save": 9, "damage": [1, 2, 3], "scatter": 3}}),
    "tick": ("/api/v1/yaotzin/tick", {"players": [{**YO, "x": 12, "y": 13}],
                                      "ball": {"x": 10, "y": 12, "speed": 3,
                                               "direction": "E"}}),
    "pass": ("/api/v1/goatball/pass", GOAT),
    "pass-checks": ("/api/v1/goatball/pass", HOT_PASS),
    # the shot planner for the preview's kicker, as the module asks it: the preview's body
    # without `target`, and the east line, the one sun attacks (it defends the west)
    "suggest": ("/api/v1/yaotzin/kick/suggest", {
        **{k: v for k, v in KICK.items() if k != "target"}, "attacks": "east"}),
    # the play-through's kick: running, Power Attack 1 from the palette
    "kick-running": ("/api/v1/yaotzin/kick", {
        **KICK, "players": [{**IX, "feats": ["power_attack"]}, YO], "standing": False,
        "power_attack": 1, "rolls": {"attack": 9, "scatter": 1, "corner": 1}}),
    # the Yaotzin autopilot's turns (core/yaotzin-autopilot.mjs reads them): the holder's
    # dribble, the opponent who walks up and disarms him, a lane held and an interception readied
    "autopilot-dribble": ("/api/v1/yaotzin/suggest", {
        "players": [IX, YO], "ball": {"x": 10, "y": 12}, "mover": "ix", "tactics": "press-ball"}),
    "autopilot-contest": ("/api/v1/yaotzin/suggest", {
        "players": [IX, YO], "ball": {"x": 10, "y": 12}, "mover": "yo", "tactics": "press-ball"}),
    # the autopilot's reactions to a kick in flight (core/yaotzin-react.mjs reads them): the
    # moon holds the lanes, so Yolteotl tries at 50% and Nochtli lets it pass at 10%; the
    # kicker's teammate Citlali never tries
    "react": ("/api/v1/yaotzin/react", {
        "players": [IX, YO, {"id": "n2", "team": "moon", "x": 15, "y": 12, "reflex": -4,
                             "name": "Nochtli"},
                    {"id": "s2", "team": "sun", "x": 16, "y": 12, "name": "Citlali"}],
        "kind": "flight", "kicker": "ix", "tactics": {"moon": "hold-lanes"},
        "chances": [{"player": "yo", "dc": 15, "rem": 7}, {"player": "n2", "dc": 15, "rem": 5},
                    {"player": "s2", "dc": 15, "rem": 4}]}),
    "autopilot-ready": ("/api/v1/yaotzin/suggest", {
        "players": [IX, YO, {"id": "n1", "team": "moon", "x": 20, "y": 10}],
        "ball": {"x": 10, "y": 12}, "mover": "n1", "tactics": "hold-lanes"}),
    # the module's gallery (foundry_module/gallery) shows one card of each kind the companion
    # writes: these are the kinds the fixtures above do not already hold
    "contest": ("/api/v1/yaotzin/contest", {
        "players": [{**IX, "feats": ["power_attack"]}, {**YO, "x": 11, "y": 12, "reflex": 2}],
        "kind": "disarm", "actor": "yo", "target": "ix", "ball": {"x": 10, "y": 12}, "seed": 3}),
    "hoop": ("/api/v1/yaotzin/hoop", {
        "players": [{**IX, "x": 30, "y": 1}, YO], "kicker": "ix", "hoop": "north",
        "standing": True, "seed": 2}),
    "dribble": ("/api/v1/yaotzin/dribble", {
        "players": [IX, {**YO, "x": 12, "y": 13}], "dribbler": "ix", "ball": {"x": 10, "y": 12},
        "squares": [{"x": 11, "y": 12}, {"x": 12, "y": 12}]}),
    "tipoff": ("/api/v1/goatball/tipoff", {
        "teams": HOT_PASS["teams"], "seed": 1,
        "checks": {"r1": {"check": 14}, "b1": {"check": 11}}}),
    "quick": ("/api/v1/goatball/quick", {
        "teams": [{"id": "red", "checks": [14, 9, 17]}, {"id": "blue", "checks": [12, 11, 8]}]}),
}


def answers() -> dict[str, dict]:
    from companion.server import create_app
    from companion.server.config import Config

    app = create_app(Config(data_dir=tempfile.mkdtemp(), token="t"))
    client = app.test_client()
    out = {}
    for name, (route, body) in REQUESTS.items():
        r = client.post(route, json=body, headers={"Authorization": "Bearer t"},
                        base_url="http://127.0.0.1:7770")
        assert r.status_code == 200, r.json
        out[name] = r.json
    out["plurals"] = plurals()
    return out


PLURAL_COUNTS = (0, 1, 2, 5, 11, 12, 14, 21, 22, 25, 101, 111)


def plurals() -> dict:
    """Every plural text of both lang files as the companion's helper fills it, for counts that
    pick each Russian form: the module's test renders the same and must agree."""
    from companion.present.text import format_text, placeholders
    from tests.test_lang import EN, RU

    texts = {lang: {key: [format_text(text, dict.fromkeys(placeholders(text), n), lang)
                          for n in PLURAL_COUNTS]
                    for key, text in table.items() if ", plural," in text}
             for lang, table in (("en", EN), ("ru", RU))}
    return {"counts": list(PLURAL_COUNTS), "texts": texts}


def write() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, answer in answers().items():
        (FIXTURES / f"{name}.json").write_text(json.dumps(answer, indent=1, ensure_ascii=False)
                                               + "\n")


if __name__ == "__main__":
    write()
    sys.exit(0)
