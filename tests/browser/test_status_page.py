"""The companion's status page in a real headless Chromium: its origins and matches, and the
match table's words kept whole with display names (first found by a new user)."""

import signal
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.browser.test_board_layout import WORDS_SPLIT
from tests.conftest import TOKEN, LiveServer

SHOTS = Path(__file__).parents[2] / "build" / "screenshots"
EXTRA_ORIGIN = "http://my-foundry.example:30000"


@pytest.fixture
def companion(tmp_path):
    server = LiveServer(tmp_path / "data", extra=["--allow-origin", EXTRA_ORIGIN]).start()
    s = server.session()
    made = s.post(server.url + "/api/v1/matches", json={
        "game": "yaotzin", "name": "Feast of Xipe", "teams": [
            {"id": "sun", "defends": "west"}, {"id": "moon", "defends": "east"}]}).json()
    s.post(f"{server.url}/api/v1/matches/{made['id']}/events", json={"type": "goal",
                                                                      "team": "sun"})
    server.match = made["id"]
    yield server
    server.kill(signal.SIGTERM)


def test_status_page_hides_the_table_until_the_token_then_lists_matches(companion):
    live = companion
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
            page = context.new_page()
            page.goto(live.url + "/")
            assert "Ballcourt companion" in page.title()
            assert live.url in page.inner_text("#state")
            for secret in (TOKEN, live.match, "Feast of Xipe", EXTRA_ORIGIN):
                assert secret not in page.content(), secret
            assert not page.is_visible("#origins") and not page.is_visible("#matches")

            manifest = live.url + "/foundry/module.json"
            assert page.input_value("#manifest-url") == manifest
            page.click("#copy-manifest")
            page.wait_for_selector("#copy-result.ok")
            assert page.evaluate("navigator.clipboard.readText()") == manifest

            page.fill("#token", "wrong")
            page.click("#check button")
            page.wait_for_selector("#check-result.bad")
            refused = page.inner_text("#check-result")
            assert "401" in refused and "ballcourt token" in refused
            assert live.match not in page.content() and not page.is_visible("#matches")

            page.fill("#token", TOKEN)
            page.click("#check button")
            page.wait_for_selector("#check-result.ok")
            assert page.inner_text("#check-result").startswith("Token OK")
            page.wait_for_selector("#matches tbody tr")
            origins = page.inner_text("#origins")
            assert "http://localhost:30000" in origins and EXTRA_ORIGIN in origins
            row = page.inner_text("#matches tbody tr")
            assert live.match in row and "Feast of Xipe" in row and "sun 1 – moon 0" in row
            page.click(f"#matches a[data-route='/api/v1/matches/{live.match}']")
            page.wait_for_selector("#match-detail:not([hidden])")
            assert f'"id": "{live.match}"' in page.inner_text("#match-detail")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "status-page.png"), full_page=True)
        finally:
            browser.close()


def test_the_match_table_keeps_words_whole_and_shows_display_names(live):
    s = live.session()
    for body in ({"game": "yaotzin", "name": "Feast of Xipe Totec at the Great Court",
                  "teams": [{"id": "sun", "name": "Sun Lords of Tenochtitlan"},
                            {"id": "moon", "name": "Moon Jaguars"}]},
                 {"game": "goatball", "name": "Frostmelt final", "teams": [
                     {"id": "r", "name": "Ulra's Mountain Rams",
                      "players": [{"id": "r1", "platform": "p1"}]},
                     {"id": "b", "name": "Peak Goats", "players": [{"id": "b1",
                                                                     "platform": "p2"}]}]}):
        mid = s.post(f"{live.url}/api/v1/matches", json=body).json()["id"]
    s.post(f"{live.url}/api/v1/matches/{mid}/events",
           json={"type": "possession", "team": "r", "carrier": "r1"})
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(live.url + "/")
            page.fill("#token", "wrong")
            page.click("#check button")
            page.wait_for_selector("#check-result.bad")
            assert "`" not in page.inner_text("#check-result")
            assert page.inner_text("#check-result code") == "ballcourt token"
            page.fill("#token", TOKEN)
            page.click("#check button")
            page.wait_for_selector("#matches tbody tr")
            table = page.inner_text("#matches")
            assert "Sun Lords of Tenochtitlan 0 – Moon Jaguars 0" in table
            assert "Ulra's Mountain Rams has the ball" in table
            assert page.evaluate(WORDS_SPLIT, "#matches th, #matches td") == []
        finally:
            browser.close()
