"""The board's box score in a real headless Chromium: shown from the start, then following
the match (a pass, an undo) with no reload, in English and Russian."""

from playwright.sync_api import expect, sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path
from tests.browser.test_board_page import MATCH, SHOTS, pass_to, wait_seq


def test_the_board_box_score_follows_the_match(live):
    s = live.session()
    mid = s.post(f"{live.url}/api/v1/matches", json=MATCH).json()["id"]
    events = f"{live.url}/api/v1/matches/{mid}/events"
    assert s.post(events, json={"type": "possession", "team": "Ulra's Rams",
                                "carrier": "r1"}).ok
    url = s.post(f"{live.url}/api/v1/matches/{mid}/viewers").json()["url"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.goto(url)
            page.wait_for_selector('body[data-conn="live"]')
            kavaki = page.locator('#boxscore tr[data-player="r2"] td[data-field="passes_caught"]')
            expect(kavaki).to_have_text("0")
            expect(page.locator("#boxscore h3")).to_have_text("Match report")

            s.post(events, json=pass_to("r2"))
            wait_seq(page, 2)
            expect(kavaki).to_have_text("1", timeout=15_000)
            team = page.locator('#boxscore tr[data-team="Ulra\'s Rams"] td[data-field="passes"]')
            expect(team).to_have_text("1")
            expect(page.locator('#boxscore tr[data-player="b1"] td[data-field="interceptions"]')
                   ).to_have_text("1")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "board-boxscore.png"), full_page=True)

            assert s.post(f"{live.url}/api/v1/matches/{mid}/undo").ok
            wait_seq(page, 1)
            expect(kavaki).to_have_text("0", timeout=15_000)

            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(url + "&lang=ru")
            phone.wait_for_selector('body[data-conn="live"]')
            expect(phone.locator("#boxscore h3")).to_have_text("Отчёт о матче")
            assert phone.locator('#boxscore th[data-field="passes_caught"]').first \
                .get_attribute("title") == "Передач принято"
        finally:
            browser.close()
