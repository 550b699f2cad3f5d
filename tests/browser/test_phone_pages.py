"""At 390 px (a phone): the status page fits and links each match's board; the board wraps a
120-character name, runs its script under a CSP with no 'unsafe-inline', and says
"connecting…" (not "reconnecting…") before its first connect."""

import signal

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.conftest import TOKEN, LiveServer

LONG = "The Extraordinarily Long-Named Federation of Mountain Goat Herders " + "X" * 53


@pytest.fixture
def server(tmp_path):
    live = LiveServer(tmp_path / "data").start()
    yield live
    live.kill(signal.SIGTERM)


def test_phone_pages_fit_and_the_board_runs_under_the_csp(server):
    s = server.session()
    mid = s.post(f"{server.url}/api/v1/matches", json={"game": "goatball", "name": LONG[:120],
                                                       "teams": [
        {"id": "rams", "name": LONG[:80], "players": [{"id": "r1", "platform": "p1",
                                                       "name": "Y" * 60}]},
        {"id": "goats", "name": "Peak Goats", "players": [{"id": "g1", "platform": "p2"}]}]}
    ).json()["id"]
    key = s.post(f"{server.url}/api/v1/matches/{mid}/viewers").json()["key"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        device_scale_factor=2, is_mobile=True)
            page = phone.new_page()
            csp_errors = []
            page.on("console", lambda m: csp_errors.append(m.text)
                    if "Content Security Policy" in m.text else None)
            page.goto(f"{server.url}/board/{mid}?key={key}")
            assert page.inner_text("#conn") in ("connecting…", "live")
            page.wait_for_selector('body[data-conn="live"]', timeout=15000)
            assert LONG[:80] in page.inner_text("#teams")              # the display name
            assert "players standing" in page.inner_text("#teams").lower()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, width
            assert csp_errors == []

            status = phone.new_page()
            status.goto(server.url + "/")
            assert status.evaluate("innerWidth") == 390              # the viewport meta tag
            box = status.evaluate("document.getElementById('manifest-url')"
                                  ".getBoundingClientRect().right")
            assert box <= 390
            status.fill("#token", TOKEN)
            status.click("#check button")
            status.wait_for_selector("#check-result.ok")
            status.wait_for_selector(f'a[data-board="{mid}"]')
            with phone.expect_page() as opened:
                status.click(f'a[data-board="{mid}"]')
            board = opened.value
            board.wait_for_selector('body[data-conn="live"]', timeout=15000)
            assert f"/board/{mid}?key=" in board.url
            assert status.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            browser.close()
