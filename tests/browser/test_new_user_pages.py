"""What a new user met on the pages at a phone's width: the status page's matches
pushed their status and links off screen, the goat-ball board said the standing count twice,
the overlay shrank its box score to about 8 px, and after an undo the board's "Last:" said
"The last event was undone" instead of what was undone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.browser.test_board_layout import MATCH, throw
from tests.conftest import TOKEN

SHOTS = Path(__file__).parents[2] / "build" / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def browser():
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def goat_match(live) -> tuple[str, str]:
    """A goat-ball match three passes in, and its board's URL."""
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json=MATCH).json()["id"]
    for event in ({"type": "possession", "team": "r", "carrier": "r0"}, throw("r0", "r1"),
                  throw("r1", "r2"), throw("r2", "r3")):
        assert s.post(f"{live.url}/api/v1/matches/{mid}/events", json=event).ok
    return mid, s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()["url"]


def test_the_status_page_keeps_each_match_s_status_and_links_on_a_phone(live, browser):
    mid, _ = goat_match(live)
    page = browser.new_page(viewport=PHONE, device_scale_factor=2)
    page.goto(live.url + "/")
    page.fill("#token", TOKEN)
    page.click("#check button")
    page.wait_for_selector(f'a[data-board="{mid}"]')
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "status-phone.png"), full_page=True)
    for label in ("status", "links", "score"):
        box = page.locator(f'#matches td[data-label="{label}"]').first.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= 390, (label, box)
    assert page.evaluate("document.getElementById('matches').scrollWidth") <= 390
    assert page.locator('#matches td[data-label="status"]').first.inner_text() == "playing"


def test_the_goatball_board_says_the_standing_count_once(live, browser):
    _, url = goat_match(live)
    page = browser.new_page(viewport=PHONE)
    page.goto(url)
    page.wait_for_selector('body[data-conn="live"]')
    team = page.locator('.team[data-team="r"]')
    said = [team.locator(s).text_content() for s in (".count-label", ".standing-count",
                                                   ".standing")]
    assert said == ["players standing", "6", "of 6"], said


def test_after_an_undo_the_board_says_what_was_undone(live, browser):
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json={"game": "yaotzin", "teams": [
        {"id": "sun", "name": "Sun"}, {"id": "moon"}]}).json()["id"]
    s.post(f"{live.url}/api/v1/matches/{mid}/events", json={"type": "goal", "team": "sun"})
    s.post(f"{live.url}/api/v1/matches/{mid}/undo")
    url = s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()["url"]
    page = browser.new_page(viewport=PHONE)
    page.goto(url)
    assert page.inner_text("#last-text") == "Undone: Goal for Sun"      # as served
    page.wait_for_selector('body[data-conn="live"]')
    s.post(f"{live.url}/api/v1/matches/{mid}/events", json={"type": "round"})
    expect(page.locator("#last-text")).to_have_text("Round 2 begins")
    s.post(f"{live.url}/api/v1/matches/{mid}/undo")                   # followed live
    expect(page.locator("#last-text")).to_have_text("Undone: a new round")
    ru = browser.new_page(viewport=PHONE)
    ru.goto(url + "&lang=ru")
    assert ru.inner_text("#last-text") == "Отменено: новый раунд"


def test_the_overlay_keeps_its_box_score_readable_at_a_phone_s_width(live, browser):
    _, url = goat_match(live)
    page = browser.new_page(viewport=PHONE, device_scale_factor=2)
    page.goto(url + "&overlay=1")
    page.wait_for_selector("#boxscore table")
    page.screenshot(path=str(SHOTS / "board-overlay-phone.png"), full_page=True)
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector("
                         "'#boxscore td')).fontSize)")
    assert size >= 12, f"the box score's figures are {size}px"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
