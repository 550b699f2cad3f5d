"""Every entry of every chat card the companion builds carries an i18n key the module's en and
ru files both hold, with data that fills each placeholder of both texts: a card can be
rendered on each client in its reader's language (the module does it from key and data)."""

import collections
import json
import re
import tempfile
from pathlib import Path

import pytest

from companion.present import goatball as goat_cards
from companion.present import yaotzin as yao_cards
from companion.present.card import BREAKDOWN_KEYS, breakdown_entry, roll_entry
from companion.present.text import TEXT, VALUE_KEYS, format_text, plural_category, render
from companion.rules.dice import Dice
from companion.rules.errors import RulesError
from companion.rules.goatball.match import actions_from, throw_from
from companion.rules.goatball.passes import resolve_pass
from companion.rules.goatball.quick import resolve_quick
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.contests import resolve_contest
from companion.rules.yaotzin.hoop import resolve_hoop
from companion.rules.yaotzin.kick import resolve_kick
from companion.rules.yaotzin.tick import ball_action
from tests.fixtures_for_module import GOAT, IX, YO, answers
from tests.helpers import GOLDEN, golden
from tests.rules.goatball.test_engine import PASSES, arena_for
from tests.rules.yaotzin.test_golden import STAR, WEAK
from tests.rules.yaotzin_build import setup, sq
from tests.test_lang import EN, RU, placeholders

PRESENT = Path(__file__).parents[1] / "companion" / "present"
NAMES = collections.defaultdict(lambda: "Someone")


def _refused(resolve, *args, **kwargs):
    """The result, or None for a golden case that pins a refusal."""
    try:
        return resolve(*args, **kwargs)
    except RulesError:
        return None


def _kicks():
    for case in golden("yaotzin/kicks.json"):
        court, roster, settings = setup(case)
        r = _refused(resolve_kick, court, roster, case["kicker"], sq(case["ball"]),
                     sq(case["target"]), case["standing"], case.get("power_attack", 0), settings,
                     Dice(case.get("rolls"), seed=0))
        if r:
            yield yao_cards.kick_card(r, NAMES)


def _contests():
    table = json.loads((GOLDEN / "yaotzin/contests.json").read_text())
    for case in table["cases"]:
        court, roster, _ = setup({"players": case.get("players", table["defaults"]["players"])})
        r = _refused(
            resolve_contest, court, roster, case["kind"], case.get("actor", "a"),
            case.get("target", "b"), sq(case.get("ball", table["defaults"]["ball"])),
            Dice(case.get("rolls"), seed=0), to=sq(case["to"]) if "to" in case else None,
            avoids=case.get("avoids", False), action=case.get("action", False),
            target_aoo=case.get("target_aoo"), reaction=case.get("reaction", False),
            after=case.get("after"), as_aoo=case.get("as_aoo", False))
        if r:
            yield yao_cards.contest_card(r, NAMES)


def _hoops():
    for case in golden("yaotzin/hoops.json"):
        kicker = dict(WEAK if case.get("weak") else STAR, id="k", team="sun", **case["kicker"])
        court, roster, settings = setup({"players": [kicker, *case.get("others", [])]})
        r = _refused(resolve_hoop, court, roster, "k", case["hoop"], case["standing"], 0,
                     settings, Dice(case.get("rolls"), seed=0))
        if r:
            yield yao_cards.hoop_card(r, NAMES)


def _ticks():
    for case in golden("yaotzin/ticks.json"):
        court, roster, settings = setup(case)
        b = case["ball"]
        yield yao_cards.tick_card(ball_action(court, roster, Ball.from_values(
            b["x"], b["y"], b["speed"], b["direction"]), settings).as_dict(), NAMES)


def _passes():
    for case in PASSES["cases"]:
        # a case may pin a refusal of its settings, which building its arena raises
        got = _refused(lambda c=case: resolve_pass(arena_for(c), actions_from(c["actions"]),
                                                   throw_from(c.get("throw")),
                                                   Dice(c.get("rolls"), seed=1)))
        if got:
            yield goat_cards.pass_card(got, NAMES, got.possession.team)


def _quick():
    for case in golden("goatball/quick.json"):
        yield goat_cards.quick_card(resolve_quick(case["teams"]))


def _api_cards(client):
    """Contests, dribbles, tip-offs and interceptions over a few seeds (no golden files)."""
    at_ball = {**IX, "x": 10, "y": 12, "feats": ["power_attack"]}
    beside = {**YO, "x": 11, "y": 12, "reflex": 2}
    requests = [("/api/v1/yaotzin/dribble", {
        "players": [at_ball, {**YO, "x": 12, "y": 13}], "dribbler": "ix",
        "ball": {"x": 10, "y": 12}, "squares": [{"x": 11, "y": 12}, {"x": 12, "y": 12}]})]
    for seed in range(6):
        for kind in ("grapple", "disarm", "feint", "bull_rush", "overrun", "trip"):
            requests.append(("/api/v1/yaotzin/contest", {
                "players": [at_ball, beside], "kind": kind, "actor": "yo", "target": "ix",
                "ball": {"x": 10, "y": 12}, "seed": seed,
                **({"to": {"x": 10, "y": 13}} if kind == "feint" else {})}))
        requests.append(("/api/v1/yaotzin/intercept", {
            "players": [at_ball, beside], "kind": "rolling", "player": "yo", "dc": 12,
            "ball": {"x": 10, "y": 12, "speed": 3, "direction": "E"}, "seed": seed}))
        requests.append(("/api/v1/goatball/tipoff", {
            "teams": GOAT["teams"], "seed": seed,
            "checks": {"r1": {"check": 10 + seed % 2}, "b1": {"check": 11}}}))
    for route, body in requests:
        r = client.post(route, json=body, headers={"Authorization": "Bearer t"},
                        base_url="http://127.0.0.1:7770")
        if r.status_code == 200:
            yield r.json["chat_card"]


def _cards():
    yield from (a["chat_card"] for a in answers().values() if "chat_card" in a)
    from companion.server import create_app
    from companion.server.config import Config
    yield from _api_cards(create_app(Config(data_dir=tempfile.mkdtemp(), token="t")).test_client())
    for source in (_kicks, _contests, _hoops, _ticks, _passes, _quick):
        yield from source()


CARDS = list(_cards())


def _entries(card):
    yield "title", card["title"]
    yield from (("line", line) for line in card["lines"])
    yield from (("breakdown", b) for b in card["breakdown"])
    yield from (("roll", r) for r in card["rolls"])
    yield from (("action", a) for a in card["actions"])


def test_the_sweep_reaches_every_kind_of_card_and_nearly_every_text():
    assert {c["kind"] for c in CARDS} >= {"yaotzin.kick", "yaotzin.intercept", "yaotzin.tick",
                                          "yaotzin.hoop", "goatball.pass", "goatball.quick"}
    entries = [e for c in CARDS for _, e in _entries(c)]
    used = {e["key"] for e in entries} | {f"{prefix}.{e['data'][field]}" for e in entries
                                          for field, prefix in VALUE_KEYS.items()
                                          if field in e["data"]}
    assert len(used) >= 0.9 * len(TEXT), sorted(set(TEXT) - used)


@pytest.mark.parametrize("lang,texts", [("en", EN), ("ru", RU)])
def test_every_entry_has_a_key_in_the_lang_file_and_data_for_each_placeholder(lang, texts):
    for card in CARDS:
        for where, entry in _entries(card):
            key = entry.get("key")
            assert key in texts, f"{card['kind']} {where} {key!r} is not in {lang}.json"
            missing = placeholders(texts[key]) - set(entry["data"])
            assert not missing, f"{card['kind']} {where} {key}: no data for {missing} ({lang})"


def test_the_english_beside_each_key_is_that_key_rendered():
    for card in CARDS:
        for where, entry in _entries(card):
            english = entry["label"] if where in ("breakdown", "roll", "action") else entry["text"]
            assert english == render(entry["key"], entry["data"]), (where, entry)


def test_every_code_in_a_cards_data_has_its_words_in_both_languages():
    for card in CARDS:
        for where, entry in _entries(card):
            for field, prefix in VALUE_KEYS.items():
                if field in entry["data"]:
                    key = f"{prefix}.{entry['data'][field]}"
                    assert key in TEXT and key in RU, f"{card['kind']} {where}: {key}"
                    assert TEXT[key] in entry["text"], entry


def test_every_key_the_presenters_name_is_a_text():
    """Literal keys and f-string key prefixes in companion/present: each one exists (a prefix
    has at least one completion), so a card never carries a key the lang files lack."""
    for path in PRESENT.glob("*.py"):
        if path.name == "text.py":
            continue
        source = path.read_text()
        for key in re.findall(r'"(BALLCOURT(?:\.[A-Za-z0-9_]+)+)"', source):
            assert key in TEXT, f"{path.name}: {key}"
        for prefix in re.findall(r'f"(BALLCOURT(?:\.[A-Za-z0-9_]+)+\.)\{', source):
            assert any(k.startswith(prefix) for k in TEXT), f"{path.name}: {prefix}"


def test_rolls_are_named_by_what_they_are_for_and_goat_balls_by_their_players():
    names = {"r3": "Xochitl"}
    assert roll_entry({"name": "save", "total": 9}, names) == {
        "name": "save", "total": 9, "key": "BALLCOURT.Card.Roll.save", "data": {},
        "label": "Reflex save"}
    assert roll_entry({"name": "r3.defense.b2"}, names)["label"] == "Xochitl: keeping the footing"
    assert roll_entry({"name": "r3.tipoff#2"}, names)["key"] == "BALLCOURT.Card.Roll.Of.tipoff"
    with pytest.raises(AssertionError, match="has no key"):
        roll_entry({"name": "r3.juggle"}, names)


def test_every_modifier_label_has_a_key_and_an_unknown_one_is_caught():
    keys = {key for _, key in BREAKDOWN_KEYS}
    assert keys == {k for k in TEXT if k.startswith("BALLCOURT.Card.Breakdown.")}
    assert breakdown_entry({"label": "Range (3 sq, 1 free)", "value": -2}) == {
        "label": "Range (3 sq, 1 free)", "value": -2, "key": "BALLCOURT.Card.Breakdown.Range",
        "data": {"squares": 3, "free": 1}}
    with pytest.raises(AssertionError, match="has no key"):
        breakdown_entry({"label": "Blessed", "value": 1})


PLURAL = re.compile(r"\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}")


@pytest.mark.parametrize("lang,texts,forms", [("en", EN, ["one", "other"]),
                                              ("ru", RU, ["one", "few", "many", "other"])])
def test_each_plural_lists_its_languages_forms(lang, texts, forms):
    found = [(key, m) for key, text in texts.items() for m in PLURAL.findall(text)]
    assert len({key for key, _ in found if key.startswith("BALLCOURT.Card.")}) >= 8
    for key, (_, body) in found:
        assert re.findall(r"(\w+)\s*\{", body) == forms, f"{lang} {key}"


def test_a_card_count_takes_its_languages_form():
    def miss(lang, n):
        data = {"total": 3, "ac": 5, "squares": n, "heading": "E"}
        return format_text((RU if lang == "ru" else EN)["BALLCOURT.Card.Kick.Miss"], data, lang)
    assert [miss("ru", n).split("мимо на ")[1] for n in (1, 2, 5, 11, 21, 22)] == [
        "1 клетку (E).", "2 клетки (E).", "5 клеток (E).", "11 клеток (E).", "21 клетку (E).",
        "22 клетки (E)."]
    assert miss("en", 1) == "Attack 3 against AC 5: off by 1 square (E)."
    assert miss("en", 2) == render("BALLCOURT.Card.Kick.Miss", {
        "total": 3, "ac": 5, "squares": 2, "heading": "E"}) == \
        "Attack 3 against AC 5: off by 2 squares (E)."
    assert [plural_category(n, "ru") for n in (1, 2, 5, 11, 12, 14, 21, 22, 111, 1.5)] == [
        "one", "few", "many", "many", "many", "many", "one", "few", "many", "other"]


def test_a_plural_without_its_count_is_a_programming_error():
    with pytest.raises(AssertionError, match="lacks 'squares'"):
        render("BALLCOURT.Card.Hoop.Miss", {"heading": "E"})
