"""A busy court and a busy arena, shared by the benchmarks."""

from __future__ import annotations

import random


def yaotzin_players(n: int = 24, seed: int = 3) -> list[dict]:
    """n players spread over the default 72 x 24 court, the kicker first at (30, 12)."""
    rng = random.Random(seed)
    taken = {(30, 12)}
    players = [{"id": "kicker", "team": "sun", "x": 30, "y": 12, "str": 16, "dex": 15,
                "bab": 4, "reflex": 3, "feats": ["power_attack", "point_blank_shot"]}]
    while len(players) < n:
        x, y = rng.randrange(22, 50), rng.randrange(4, 20)
        if (x, y) in taken:
            continue
        taken.add((x, y))
        players.append({"id": f"p{len(players)}", "team": "sun" if len(players) % 2 else "moon",
                        "x": x, "y": y, "dex": rng.randrange(10, 18),
                        "reflex": rng.randrange(0, 8)})
    return players


def kick_body(n: int = 24) -> dict:
    return {"players": yaotzin_players(n), "ball": {"x": 30, "y": 12}, "kicker": "kicker",
            "target": {"x": 38, "y": 15}, "standing": True}


def goat_body(per_team: int = 6) -> dict:
    teams = [{"id": t, "players": [{"id": f"{t}{i}", "platform": f"{t}-p{i}"}
                                   for i in range(per_team)]} for t in ("red", "blue")]
    actions = [{"player": "red0", "action": "throw", "check": 14},
               {"player": "red1", "action": "throw", "check": 11},
               {"player": "red2", "action": "knock_off", "target": "blue2", "check": 13,
                "defense": 9},
               {"player": "blue0", "action": "intercept", "check": 12},
               {"player": "blue1", "action": "intercept", "check": 7},
               {"player": "blue3", "action": "knock_off", "target": "red4", "check": 15,
                "defense_faces": [10, 15], "defense_modifier": 0},     # defended: both d20s
               {"player": "red5", "action": "defend", "target": "red4"}]
    return {"teams": teams, "possession": {"team": "red", "carrier": "red0",
                                           "visited": ["red-p0"], "hot": False},
            "actions": actions, "throw": {"kind": "pass", "target": "red3"}}


def worst_suggest_body() -> dict:
    """The heaviest `/yaotzin/suggest` a body inside every limit can ask: a 1000 x 400 court, a
    speed-300 chaser, a free ball 40 squares away inside a ring of 16 opponents, so the
    straight walk is shut and the autopilot searches a move and then a double move."""
    bx, by = 500, 200
    ring = [(bx + dx, by + dy) for dx in range(-2, 3) for dy in range(-2, 3)
            if max(abs(dx), abs(dy)) == 2]
    players = [{"id": f"moon{i}", "team": "moon", "x": x, "y": y} for i, (x, y) in enumerate(ring)]
    players.append({"id": "chaser", "team": "sun", "x": bx - 40, "y": by, "speed": 300})
    return {"field": {"length": 1000, "width": 400}, "players": players,
            "ball": {"x": bx, "y": by}, "mover": "chaser"}
