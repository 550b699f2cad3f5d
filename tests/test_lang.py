"""Every card key the companion emits is in the module's en and ru files, placeholders alike."""

import json
import re
from pathlib import Path

from companion.present.report import LABELS as REPORT_TEXT
from companion.present.report import SHORT as REPORT_SHORT
from companion.present.text import TEXT, placeholders
from companion.server.pages.board import TEXT as BOARD_TEXT

LANG = Path(__file__).parents[1] / "foundry_module" / "lang"


def flatten(node, prefix=""):
    out = {}
    for key, value in node.items():
        path = f"{prefix}.{key}" if prefix else key
        out.update(flatten(value, path) if isinstance(value, dict) else {path: value})
    return out


EN = flatten(json.loads((LANG / "en.json").read_text()))
RU = flatten(json.loads((LANG / "ru.json").read_text()))


def test_companion_texts_are_the_english_lang_entries():
    for key, text in TEXT.items():
        assert EN.get(key) == text, key


def test_russian_has_every_key_with_the_same_placeholders():
    assert set(RU) == set(EN)
    for key in EN:
        assert placeholders(RU[key]) == placeholders(EN[key]), key
        assert RU[key].strip(), key


# rulings "The match report": Russian uses the goat-ball rulebook's own words, never a synonym
# («пас» for «передача», «вбрасывание» for «начало игры», «блок» for «блокирование», «нагрев»
# for what the rulebook says in plain words: «мяч побывал на N площадках»)
SYNONYMS = re.compile(r"\bпас(а|е|ом|у|ы|ов)?\b|вбрасыван|нагре[вт]|\bблок\b", re.IGNORECASE)
# the keys that say a round of play (the mechanics' "pass"): «розыгрыш», never «передача»
ROUND_KEYS = ("BALLCOURT.Menu.pass", "BALLCOURT.Pass.NoAnswer", "BALLCOURT.Declare.Cancel",
              "BALLCOURT.Declare.Cancelled", "BALLCOURT.Declare.TimedOut",
              "BALLCOURT.Autopilot.TooLate", "BALLCOURT.Autopilot.Resolve",
              "BALLCOURT.Settings.tuneBudget.Name", "BALLCOURT.Settings.tuneBudget.Hint",
              "BALLCOURT.Settings.declarationTimeout.Hint", "BALLCOURT.Tune.Note",
              "BALLCOURT.Tune.NoDifference")


def test_russian_uses_the_rulebook_s_own_terms_everywhere():
    """The module's lang file, the board's and the report's Russian: no synonym anywhere, and
    a round of play is «розыгрыш»."""
    texts = {**RU, **{f"board.{k}": v for k, v in BOARD_TEXT["ru"].items()},
             **{f"report.{k}": v for k, v in REPORT_TEXT["ru"].items()},
             **{f"report.short.{k}": v for k, v in REPORT_SHORT["ru"].items()}}
    wrong = {k: v for k, v in texts.items() if SYNONYMS.search(v)}
    assert not wrong, wrong
    for key in ROUND_KEYS:
        assert "розыгрыш" in RU[key].lower() and "передач" not in RU[key].lower(), key
