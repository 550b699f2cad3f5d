"""The board's picture of the match and its replay, in a real headless Chromium: a Yaotzin
court to scale with the ball and its last flight, goat-ball's platforms, on a desktop, a phone
and the overlay, in English and Russian; a replay stepped to its end is the live board; names
with markup stay text; a viewer key replays its own match only."""

from __future__ import annotations

from playwright.sync_api import expect, sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.browser.test_board_page import SHOTS

HOSTILE = '<img src=x onerror="window.pwned=1">Final'
PLAYERS = [{"id": "s1", "team": "sun", "name": "<b>Tal</b>", "str": 14, "x": 30, "y": 12},
           {"id": "m1", "team": "moon", "x": 60, "y": 3}]
# what a spectator sees, read the same way on the live board and on a replay's step
SEEN = """() => ({
  court: document.getElementById("court").innerHTML,
  teams: document.getElementById("teams").innerText,
  status: document.getElementById("status").innerText,
  last: document.getElementById("last-text").innerText,
  result: document.getElementById("result").innerText,
  tables: [...document.querySelectorAll("#boxscore table")].map((t) => t.innerText),
})"""
NO_MARKUP_RAN = """() => !window.pwned && !document.querySelector(
  "#board img, #board i, #teams b, #court b, #court foreignObject, #court script")"""


def apply_kick(s, url, mid, ball, target, kicker="s1"):
    players = [{**p, **(ball if p["id"] == kicker else {})} for p in PLAYERS]
    card = s.post(f"{url}/api/v1/yaotzin/kick", json={
        "players": players, "kicker": kicker, "ball": ball, "target": target,
        "rolls": {"attack": 20}}).json()["chat_card"]
    (apply,) = [a for a in card["actions"] if a["id"] == "apply"]
    for event in apply["payload"]["events"]:
        assert s.post(f"{url}/api/v1/matches/{mid}/events", json=event).status_code == 201


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_yaotzin_court_to_scale_with_the_ball_its_flight_and_a_replay(live):
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json={"game": "yaotzin", "name": HOSTILE, "teams": [
        {"id": "sun", "name": "Sun of Tula", "defends": "west", "players": ["s1"]},
        {"id": "moon", "name": "Moon", "defends": "east", "players": ["m1"]}]}).json()["id"]
    apply_kick(s, live.url, mid, {"x": 36, "y": 12}, {"x": 43, "y": 9})       # 1: a kick
    assert s.post(f"{live.url}/api/v1/matches/{mid}/events", json={"type": "round"}).ok  # 2
    url = s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()["url"]
    state = s.get(f"{live.url}/api/v1/matches/{mid}").json()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.goto(url)
            page.wait_for_selector('body[data-conn="live"]')
            court = page.locator("#court svg.yaotzin")
            f = state["field"]
            assert court.get_attribute("viewBox") == \
                f"{-f['end_zone'] - 0.5} -2 {f['length'] + 2 * f['end_zone'] + 1} {f['width'] + 4}"
            assert page.locator("#court .slope").count() == 2 * f["slope"]
            assert [page.locator(f'#court .hoop[data-side="{side}"]').get_attribute("cx")
                    for side in ("north", "south")] == [str(f["hoops"]["north"]["x"] + 0.5)] * 2
            assert page.locator("#court .goal-line").count() == 2
            ball = page.locator("#court-ball")
            assert (ball.get_attribute("data-x"), ball.get_attribute("data-y")) == \
                (str(state["ball"]["x"]), str(state["ball"]["y"]))
            # the kick's flight from Tal's square, arcing to where it came down (43, 9)
            assert page.locator("#court svg .flight").get_attribute("d").startswith("M36.5,12.5 Q")
            assert page.locator("#court svg .flight").get_attribute("d").endswith(" 43.5,9.5")
            assert page.text_content("#court .end-zone[data-end=west] text") == "Sun of Tula"
            assert page.inner_text("#name") == HOSTILE
            assert page.evaluate(NO_MARKUP_RAN)
            # a goal, live: the trail runs into the west end, where the goal was scored
            assert s.post(f"{live.url}/api/v1/matches/{mid}/events",
                          json={"type": "goal", "team": "moon"}).ok
            page.wait_for_selector('body[data-seq="3"]')
            page.wait_for_selector('#court .trail[data-seq="3"]', state="attached")
            assert page.locator('#court svg .move').count() == 1
            live_view = page.evaluate(SEEN)

            # the replay from the same link: step by step, the box score following
            page.click("#rp-toggle")
            page.wait_for_selector('body[data-step="0"]')
            assert page.inner_text("#rp-where") == "Event 0 of 3"
            assert page.locator("#court .trail").count() == 0
            assert page.inner_text('#boxscore tr[data-player="s1"] td[data-field="kicks"]') == "0"
            page.click("#rp-next")
            page.wait_for_selector('body[data-step="1"]')
            assert page.locator("#court svg .flight").count() == 1
            assert page.inner_text('#boxscore tr[data-player="s1"] td[data-field="kicks"]') == "1"
            assert page.inner_text('.team[data-team="moon"] .score') == "0"
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "board-court.png"), full_page=True)
            page.click("#rp-last")
            page.wait_for_selector('body[data-step="3"]')
            assert page.evaluate(SEEN) == live_view       # the end of the replay is the board
            assert page.evaluate(NO_MARKUP_RAN)
            # the match goes on under the replay: the bar counts it, the step shown stays
            assert s.post(f"{live.url}/api/v1/matches/{mid}/events", json={"type": "round"}).ok
            expect(page.locator("#rp-where")).to_have_text("Event 3 of 4", timeout=15_000)
            assert page.get_attribute("body", "data-step") == "3"
            page.click("#rp-toggle")
            page.wait_for_selector('body[data-mode="live"][data-seq="4"]')
            expect(page.locator("#last-text")).to_have_text("Round 3 begins", timeout=15_000)

            # a phone, in Russian: the court fits, the bar speaks Russian
            phone = browser.new_page(viewport={"width": 390, "height": 844},
                                     device_scale_factor=2)
            phone.goto(url + "&lang=ru&step=1")
            phone.wait_for_selector('body[data-step="1"]')
            assert phone.inner_text("#rp-where") == "Событие 1 из 4"
            assert phone.inner_text("#rp-toggle") == "Вернуться в эфир"
            assert "последний полёт мяча" in phone.inner_text("#court .legend")
            assert phone.evaluate("document.querySelector('#court svg')"
                                  ".getBoundingClientRect().right") <= 390
            assert no_sideways_scroll(phone)
            phone.screenshot(path=str(SHOTS / "board-replay-phone-ru.png"), full_page=True)

            # the overlay plays the replay by itself from its link, with no bar to click
            overlay = browser.new_page(viewport={"width": 1920, "height": 1080})
            overlay.goto(url + "&overlay=1&play=1&speed=4")
            overlay.wait_for_selector('body[data-step="4"]', timeout=15_000)
            assert not overlay.locator("#rp-first").is_visible()
            assert overlay.locator("#rp-where").is_visible()
            assert overlay.evaluate("document.querySelector('#court svg')"
                                    ".getBoundingClientRect().bottom") <= 1080
        finally:
            browser.close()


GOATS = {"game": "goatball", "name": "Frostmelt final", "teams": [
    {"id": "r", "name": "Rams", "players": [
        {"id": "r1", "platform": "p1", "name": "<i>Ulra</i> Stonebreaker"},
        {"id": "r2", "platform": "p2", "name": "Kavaki"}, {"id": "r3", "platform": "p3"}]},
    {"id": "g", "name": "Goats", "players": [
        {"id": "g1", "platform": "p4", "name": "Gae"}, {"id": "g2", "platform": "p5"}]}]}


def throw(carrier, target, check=15):
    return {"type": "pass", "throw": {"kind": "pass", "target": target},
            "actions": [{"player": carrier, "action": "throw", "check": check},
                        {"player": "g1", "action": "intercept", "check": 5}]}


def test_goatball_platforms_and_a_replay_only_of_the_keys_own_match(live):
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json=GOATS).json()["id"]
    other = s.post(f"{live.url}/api/v1/matches", json=GOATS).json()["id"]
    for event in ({"type": "possession", "team": "r", "carrier": "r1"}, throw("r1", "r2"),
                  {"type": "status", "player": "g2", "out": True}):
        assert s.post(f"{live.url}/api/v1/matches/{mid}/events", json=event).status_code == 201
    made = s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(made["url"] + "&lang=ru")
            page.wait_for_selector('body[data-conn="live"]')

            def states():
                return {p.get_attribute("data-player"): p.get_attribute("data-state")
                        for p in page.locator("#court .platform").all()}
            assert states() == {"r1": "standing", "r2": "carrier", "r3": "standing",
                                "g1": "standing", "g2": "out"}
            assert page.locator("#court .platform.visited").count() == 2        # p1, p2
            assert page.locator('#court svg.has-ball').get_attribute("data-team") == "r"
            assert page.locator("#court .heat-meter").get_attribute("data-heat") == "1"
            name = page.locator('#court .platform[data-player="r1"] .player-name')
            assert name.locator("title").text_content() == "<i>Ulra</i> Stonebreaker"
            assert page.evaluate(NO_MARKUP_RAN)
            live_view = page.evaluate(SEEN)

            page.goto(made["url"] + "&lang=ru&step=1")
            page.wait_for_selector('body[data-step="1"]')
            assert states()["r1"] == "carrier" and states()["g2"] == "standing"
            assert page.inner_text("#rp-where") == "Событие 1 из 3"
            page.click("#rp-play")
            page.wait_for_selector('body[data-step="3"]', timeout=15_000)
            assert page.inner_text("#rp-play") == "▶"              # stopped at the end
            assert page.evaluate(SEEN) == live_view

            # the key opens this match's replay and no other's, whatever the page asks
            asked = page.evaluate("""async ([mine, other, key]) => {
              const get = (id) => fetch("/api/v1/matches/" + id + "/replay?step=0",
                {headers: {Authorization: "Bearer " + key}}).then((r) => r.status);
              return [await get(mine), await get(other)];
            }""", [mid, other, made["key"]])
            assert asked == [200, 403]
            assert page.goto(made["url"].replace(mid, other)).status == 403
        finally:
            browser.close()
