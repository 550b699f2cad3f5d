"""What a new user saw on the status page (issue 28, newcomer's list 2 and 7): the match
table's words broken at 1366 px, team ids where the board shows names, Markdown backticks."""

from __future__ import annotations

from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.browser.test_board_newcomer import WORDS_SPLIT
from tests.conftest import TOKEN


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
