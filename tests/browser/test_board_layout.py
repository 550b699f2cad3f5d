"""The spectator board's layout in a real headless Chromium: the glyphs, names whole at 390 px,
the overlay's box score on a 1920x1080 stream with a legend of its column heads (first found by
a new user)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path

SHOTS = Path(__file__).parents[2] / "build" / "screenshots"
NAMES = [["Ulra Stonebreaker", "Kavaki Hornwise", "Thalai Quickhoof", "Brannoc Ridgeway",
          "Ysolde Cliffdancer", "Merrow Tallgrass"],
         ["Gaelinnor Frostpeak", "Orun Whitehorn", "Mehel Snowstride", "Idris Cragborn",
          "Tamsin Highmeadow", "Corwen Steepwalk"]]
MATCH = {"game": "goatball", "name": "Frostmelt championship final", "teams": [
    {"id": tid, "name": name, "players": [
        {"id": f"{tid}{i}", "platform": f"p{tid}{i}", "name": n} for i, n in enumerate(names)]}
    for tid, name, names in (("r", "Ulra's Mountain Rams", NAMES[0]),
                             ("b", "Peak Goats of Highcliff", NAMES[1]))]}


def throw(carrier, target, check=15, against="b0", intercept=8):
    return {"type": "pass", "throw": {"kind": "pass", "target": target},
            "actions": [{"player": carrier, "action": "throw", "check": check},
                        {"player": against, "action": "intercept", "check": intercept}]}


@pytest.fixture
def board_url(live):
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json=MATCH).json()["id"]
    for event in ({"type": "possession", "team": "r", "carrier": "r0"}, throw("r0", "r1"),
                  throw("r1", "r2"), throw("r2", "r3")):
        assert s.post(f"{live.url}/api/v1/matches/{mid}/events", json=event).ok
    return s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()["url"]


def pseudo(page, selector: str) -> str:
    return page.evaluate("s => getComputedStyle(document.querySelector(s), '::before').content",
                         selector)


WORDS_SPLIT = """(selector) => {
  // every word of the text in these elements: on one line each
  const split = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""


NAMES_ON_THE_BOARD = ".team h2, .players li, #name, #boxscore th"


def test_the_board_shows_its_glyphs_in_both_languages_and_the_overlay(board_url):
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for query in ("", "&lang=ru", "&overlay=1"):
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(board_url + query)
                page.wait_for_selector('body[data-conn="live"]')
                assert pseudo(page, "#conn") == '"● "', query
                assert pseudo(page, "li.carrier") == '"◉ "', query
                page.close()
        finally:
            browser.close()


def test_names_stay_whole_on_a_phone_and_the_overlay_fits_a_stream_with_a_legend(board_url):
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            for lang in ("en", "ru"):
                phone = browser.new_page(viewport={"width": 390, "height": 844},
                                         device_scale_factor=2)
                phone.goto(f"{board_url}&lang={lang}")
                phone.wait_for_selector('body[data-conn="live"]')
                phone.wait_for_selector("#boxscore table")
                assert phone.evaluate(WORDS_SPLIT, NAMES_ON_THE_BOARD) == [], lang
                assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
                SHOTS.mkdir(parents=True, exist_ok=True)
                phone.screenshot(path=str(SHOTS / f"board-phone-{lang}.png"), full_page=True)
                phone.close()

            overlay = browser.new_page(viewport={"width": 1920, "height": 1080})
            overlay.goto(board_url + "&overlay=1")
            overlay.wait_for_selector('body[data-conn="live"]')
            overlay.wait_for_selector("#boxscore table")
            overlay.screenshot(path=str(SHOTS / "board-overlay.png"), omit_background=True)
            rows = overlay.locator("#boxscore tbody tr").count()
            assert rows == 2 + 12                        # two teams, twelve players
            bottom = overlay.evaluate("Math.max(...[...document.querySelectorAll("
                                      "'#boxscore tr, #boxscore .legend')].map("
                                      "e => e.getBoundingClientRect().bottom))")
            assert bottom <= 1080, f"the box score ends at {bottom}px, below the stream's 1080"
            legend = overlay.inner_text("#boxscore .legend")
            for short, meaning in (("PT", "Passes thrown"), ("PC", "Passes caught"),
                                   ("KOff", "Knock-offs"), ("HotT", "Hot throws"),
                                   ("Out", "Knocked out")):
                assert f"{short} {meaning}" in legend, legend
            board = browser.new_page(viewport={"width": 1920, "height": 1080})
            board.goto(board_url)
            board.wait_for_selector("#boxscore .legend")
            board.screenshot(path=str(SHOTS / "board-1920.png"), full_page=True)
        finally:
            browser.close()
