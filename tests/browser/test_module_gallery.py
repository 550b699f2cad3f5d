"""The module's gallery (foundry_module/gallery) in a real headless Chromium: every chat card,
dialog and window the module draws, in English and Russian, with ordinary and very long names,
in Foundry v13's light and dark themes, at the chat sidebar's width and a pop-out's. Nothing
overflows or is clipped, no button leaves its card, no key is left untranslated, no glyph is
missing, no text is too faint (gallery_checks.js says how each is told)."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.chromium import CHROMIUM_ARGS, chromium_path

MODULE = Path(__file__).parents[2] / "foundry_module"
CHECKS = (Path(__file__).parent / "gallery_checks.js").read_text()
VARIANTS = [(lang, theme, names) for lang in ("en", "ru") for theme in ("light", "dark")
            for names in ("short", "long")]


class _Files(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):   # quiet: the test says what failed
        pass


@pytest.fixture(scope="module")
def gallery():
    if not (MODULE / "node_modules" / "pixi.js").is_dir():
        pytest.fail("the module's npm packages are missing: cd foundry_module && npm ci "
                    "(scripts/test does this before the browser tests)")
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(_Files, directory=str(MODULE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(),
                                     args=[*CHROMIUM_ARGS, "--use-angle=swiftshader",
                                           "--enable-unsafe-swiftshader"])

        def open_page(query: str, extra: str = ""):
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"http://127.0.0.1:{server.server_port}/gallery/index.html?{query}")
            page.wait_for_selector("body[data-ready='1']", timeout=20000)
            assert errors == [], errors
            if extra:
                page.evaluate(extra)
            return page

        try:
            yield open_page
        finally:
            browser.close()
            server.shutdown()
            server.server_close()


@pytest.mark.parametrize("lang,theme,names", VARIANTS)
def test_every_card_and_dialog_reads_whole(gallery, lang, theme, names):
    page = gallery(f"lang={lang}&theme={theme}&names={names}")
    exhibits = page.eval_on_selector_all("[data-exhibit]", "els => els.map(e => e.dataset.exhibit)")
    assert {"kick", "contest", "tipoff", "report", "roll-requests", "aoo-question", "menu",
            "declarations", "autopilot-form", "score-yaotzin", "court-kick",
            "court-dribble"} <= set(exhibits)
    shown = set(page.eval_on_selector_all(".ballcourt-card[data-kind]",
                                          "els => els.map(e => e.dataset.kind)"))
    kinds = set(page.evaluate("window.gallery.kinds"))
    assert kinds <= shown, f"card kinds missing from gallery/exhibits.mjs: {kinds - shown}"
    problems = page.evaluate(CHECKS)
    page.close()
    assert problems == [], "\n".join(problems)


# A card that breaks every rule at once: the checks must see each break, or they prove nothing.
BROKEN = """() => {
  const log = document.querySelector('.chat-log.sidebar');
  const li = document.createElement('li');
  li.className = 'chat-message';
  li.innerHTML = '<div class="ballcourt-card" style="color: #222; background: #1e2129">'
    + '<p>BALLCOURT.Card.Missing for {player}</p>'
    + '<p style="white-space: nowrap">Tlahuizcalpantecuhtli-Xiuhcoatl '
    + 'Tlahuizcalpantecuhtli-Xiuhcoatl</p>'
    + '<p style="overflow: hidden; height: 1em">two<br>lines</p><p>\\u{F0001}</p>'
    + '<button style="position: relative; left: 400px">Apply</button></div>';
  log.appendChild(li);
}"""


def test_the_checks_see_each_kind_of_break(gallery):
    page = gallery("lang=en&theme=light&names=short", BROKEN)
    problems = "\n".join(page.evaluate(CHECKS))
    page.close()
    for expected in ('untranslated: "BALLCOURT.Card.Missing"', 'untranslated: "{player}"',
                     "text overflows", "clips", "button outside", "no glyph for", "too faint"):
        assert expected in problems, f"{expected!r} not among:\n{problems}"
