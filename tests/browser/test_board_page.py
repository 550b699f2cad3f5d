"""The spectator board in a real headless Chromium: shows the match, follows it live, survives
the companion restarting; readable at 1920x1080 and on a phone; both variants photographed."""

import re
import signal
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.conftest import TOKEN, LiveServer

SHOTS = Path(__file__).parents[2] / "build" / "screenshots"
MATCH = {"game": "goatball", "name": "Frostmelt final", "teams": [
    {"id": "Ulra's Rams", "players": [
        {"id": "r1", "platform": "p1", "name": "Ulra"}, {"id": "r2", "platform": "p2",
                                                         "name": "Kavaki"},
        {"id": "r3", "platform": "p3", "name": "Thalai"}]},
    {"id": "Peak Goats", "players": [
        {"id": "b1", "platform": "p4", "name": "Gae"}, {"id": "b2", "platform": "p5",
                                                        "name": "Orun"},
        {"id": "b3", "platform": "p6", "name": "Mehel"}]}]}


def pass_to(target, throw=15, intercept=8, carrier="r1"):
    return {"type": "pass", "throw": {"kind": "pass", "target": target},
            "actions": [{"player": carrier, "action": "throw", "check": throw},
                        {"player": "b1", "action": "intercept", "check": intercept}]}


def wait_seq(page, seq):
    page.wait_for_selector(f'body[data-seq="{seq}"]', timeout=15000)


@pytest.fixture
def servers():
    """Every companion a test starts, stopped at the end whatever happened."""
    started = []
    yield started
    for server in started:
        server.kill(signal.SIGTERM)


def test_the_board_follows_the_match_live_and_through_a_restart(tmp_path, servers):
    server = LiveServer(tmp_path / "data").start()
    servers.append(server)
    s = server.session()
    mid = s.post(f"{server.url}/api/v1/matches", json=MATCH).json()["id"]
    assert s.post(f"{server.url}/api/v1/matches/{mid}/events",
                  json={"type": "possession", "team": "Ulra's Rams", "carrier": "r1"}).ok
    made = s.post(f"{server.url}/api/v1/matches/{mid}/viewers").json()
    url = made["url"]
    assert url.startswith(server.url + "/board/")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.goto(url)
            page.wait_for_selector('body[data-conn="live"]')
            assert TOKEN not in page.content()
            assert page.inner_text("#game") == "GOAT-BALL"       # upper-cased by CSS
            assert page.inner_text("#name") == "Frostmelt final"
            assert "Ulra's Rams" in page.inner_text("#teams")
            assert "Ulra's Rams" in page.inner_text(".team.has-ball h2")
            assert page.inner_text("li.carrier") == "Ulra"
            assert "Heat 0/3" in page.inner_text("#heat")
            assert page.inner_text("#last-text") == "Ulra's Rams has the ball"

            # an event applied by the GM shows up without a reload
            s.post(f"{server.url}/api/v1/matches/{mid}/events", json=pass_to("r2"))
            wait_seq(page, 2)
            expect(page.locator("#last-text")).to_contain_text("Pass completed", timeout=15_000)
            assert page.inner_text("li.carrier") == "Kavaki"
            assert "Heat 1/3" in page.inner_text("#heat")

            # readable at 1920x1080: big figures, nothing cut off
            size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.score'))"
                                 ".fontSize)")
            assert size >= 100
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "board-1920.png"))

            # the companion goes away and comes back: the page reconnects by itself
            server.kill(signal.SIGTERM)
            page.wait_for_selector('body[data-conn="offline"]', timeout=15000)
            assert page.inner_text("#conn") == "reconnecting…"
            server = LiveServer(tmp_path / "data", port=server.port).start()
            servers.append(server)
            page.wait_for_selector('body[data-conn="live"]', timeout=20000)
            s = server.session()
            s.post(f"{server.url}/api/v1/matches/{mid}/events",
                   json=pass_to("r3", throw=4, carrier="r2"))
            wait_seq(page, 3)
            expect(page.locator("#last-text")).to_have_text(re.compile("^Turnover"), timeout=15_000)
            assert "Peak Goats" in page.inner_text(".team.has-ball h2")
            assert "Kavaki (out)" in page.inner_text("#teams")

            # the overlay: transparent background, the same board
            overlay = browser.new_page(viewport={"width": 1920, "height": 1080})
            overlay.goto(url + "&overlay=1")
            overlay.wait_for_selector('body[data-conn="live"]')
            assert overlay.evaluate("getComputedStyle(document.body).backgroundColor") == \
                "rgba(0, 0, 0, 0)"
            overlay.screenshot(path=str(SHOTS / "board-overlay.png"), omit_background=True)

            # a phone, in Russian: the text stays large enough and nothing runs off the side
            phone = browser.new_page(viewport={"width": 390, "height": 844},
                                     device_scale_factor=2)
            phone.goto(url + "&lang=ru")
            phone.wait_for_selector('body[data-conn="live"]')
            assert phone.inner_text("#conn") == "в эфире"
            assert "Розыгрыш 2" in phone.inner_text("#clock")
            assert "Смена владения" in phone.inner_text("#last-text")
            assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
            assert phone.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 16
            phone.screenshot(path=str(SHOTS / "board-phone-ru.png"), full_page=True)

            # the end of the match
            s.post(f"{server.url}/api/v1/matches/{mid}/events",
                   json={"type": "end", "winner": "Peak Goats"})
            wait_seq(page, 4)
            assert page.inner_text("#result") == "Peak Goats wins!"
            expect(page.locator("#last-text")).to_have_text("The match is over", timeout=15_000)

            # a revoked key: the live page is dropped, a fresh load is refused
            assert s.delete(f"{server.url}/api/v1/matches/{mid}/viewers/{made['key']}"
                            ).status_code == 204
            page.wait_for_selector('body[data-conn="refused"]', timeout=15000)
            assert page.goto(url).status == 403
        finally:
            browser.close()


def test_a_yaotzin_board_shows_score_and_round_and_follows_goals_and_undo(live):
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches",
                 json={"game": "yaotzin", "teams": [{"id": "Sun"}, {"id": "Moon"}]}).json()["id"]
    url = s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()["url"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(url + "&lang=ru")
            page.wait_for_selector('body[data-conn="live"]')
            assert page.inner_text("#game") == "ЯОЦИН"
            assert page.inner_text("#clock") == "Раунд 1"
            assert page.inner_text("#last-text") == "Событий пока нет"
            s.post(f"{live.url}/api/v1/matches/{mid}/events", json={"type": "goal", "team": "Sun"})
            wait_seq(page, 1)
            assert page.inner_text('.team[data-team="Sun"] .score') == "1"
            expect(page.locator("#last-text")).to_have_text("Гол: Sun", timeout=15_000)
            s.post(f"{live.url}/api/v1/matches/{mid}/events", json={"type": "round"})
            wait_seq(page, 2)
            assert page.inner_text("#clock") == "Раунд 2"
            s.post(f"{live.url}/api/v1/matches/{mid}/undo")
            wait_seq(page, 1)
            expect(page.locator("#last-text")).to_have_text("Отменено: новый раунд",
                                                            timeout=15_000)
            assert page.inner_text("#clock") == "Раунд 1"
            assert page.inner_text('.team[data-team="Sun"] .score') == "1"
        finally:
            browser.close()
