"""The companion's status page in a real headless Chromium."""

from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.conftest import TOKEN

SHOTS = Path(__file__).parents[2] / "build" / "screenshots"


def test_status_page_shows_the_companion_and_checks_a_token(live):
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(live.url + "/")
            assert "Ballcourt companion" in page.title()
            assert live.url in page.inner_text("#state")
            assert "http://localhost:30000" in page.inner_text("#origins")
            assert TOKEN not in page.content()
            page.fill("#token", "wrong")
            page.click("#check button")
            page.wait_for_selector("#check-result.bad")
            assert "401" in page.inner_text("#check-result")
            page.fill("#token", TOKEN)
            page.click("#check button")
            page.wait_for_selector("#check-result.ok")
            assert page.inner_text("#check-result").startswith("Token OK")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "status-page.png"), full_page=True)
        finally:
            browser.close()
