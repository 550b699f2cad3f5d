"""The API keeps its own rules: undo refuses keys it does not know, as every body
does; the kick preview takes the kick's seed, so one body serves both routes."""

from tests.server.test_api import KICK


def test_undo_refuses_unknown_keys_and_takes_no_body_or_an_empty_one(api):
    mid = api.post("/api/v1/matches", {"game": "yaotzin", "teams": [{"id": "sun"},
                                                                     {"id": "moon"}]}).json["id"]
    url = f"/api/v1/matches/{mid}"
    for _ in range(3):
        assert api.post(f"{url}/events", {"type": "round"}).status_code == 201
    r = api.post(f"{url}/undo", {"x": 1})
    assert r.status_code == 422 and list(r.json["error"]["fields"]) == ["x"], r.json
    assert api.get(url).json["seq"] == 3, "the refused undo undid nothing"
    r = api.post(f"{url}/undo", [1])
    assert r.status_code == 400, r.json
    assert api.post(f"{url}/undo").json["seq"] == 2
    assert api.post(f"{url}/undo", {}).json["seq"] == 1


def test_the_kick_preview_takes_the_kicks_seed_and_it_changes_nothing(api):
    plain = api.post("/api/v1/yaotzin/kick/preview", KICK)
    seeded = api.post("/api/v1/yaotzin/kick/preview", {**KICK, "seed": 7})
    assert seeded.status_code == 200, seeded.json
    assert seeded.json == plain.json
    assert api.post("/api/v1/yaotzin/kick", {**KICK, "seed": 7}).status_code == 200
    r = api.post("/api/v1/yaotzin/kick/preview", {**KICK, "rolls": {"attack": 9}})
    assert r.status_code == 422 and "rolls" in r.json["error"]["fields"], r.json


def test_the_shot_planner_takes_the_previews_body_less_its_target(api):
    """docs/api.md: /kick/suggest's body is the preview's without `target`, seed included."""
    body = {k: v for k, v in KICK.items() if k != "target"}
    plain = api.post("/api/v1/yaotzin/kick/suggest", body)
    seeded = api.post("/api/v1/yaotzin/kick/suggest", {**body, "seed": 7})
    assert seeded.status_code == 200, seeded.json
    assert seeded.json == plain.json
