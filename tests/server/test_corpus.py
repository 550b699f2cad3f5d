"""Matches stored by past companions, read by today's (the corpus: tests/corpus/, made by
tests/corpus/make.py COMMIT): each must read as that version answered, and its log, folded
again from its initial state by today's rules, must give the state it stored.

Each stored event replays by the rules of the version it was played under, which today's
companion finds once for a log stored before versions were recorded: the logs that replay only
by version 1's rules are listed below (PLAYED_UNDER_VERSION_1) with the event and why.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

from companion.rules.versions import CURRENT
from companion.server.matches import Matches
from tests.conftest import TOKEN

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
DB_NAME = "ballcourt.sqlite3"

# What today's companion adds to an older one's answers and states (a match's state as its
# rules version writes it, once it is found: "match." before a path is its GET answer): the
# path (dotted, `*` for any index or id), the value it must have there for a match of that
# older version (so an added field that says anything else still fails), and why it is new.
ADDED = {
    "choose_from": (None, "the tied players a carrier is chosen from, kept in the state since"
                    " 2026-12-01 (a carrier from outside a tie refused); none pending here"),
    "tipoff_reroll": (None, "a tip-off tie remembered in the state since 2026-12-01"),
    "last.checks.*.skill": (None, "each check of a pass names its skill since 2026-11-30"),
    "last.checks.*.advantage": (False, "each check says its advantage since 2026-11-30"),
    "last.knock_offs.*.defended_by": (None, "whose Defend a knock-off spent, since 2026-11-30"),
    "report.players.*.dribbles": (0, "a report figure since 82401af (2026-12-01, issue 26)"),
    "report.players.*.contests_won": (0, "a report figure since 82401af (2026-12-01, issue 26)"),
    "report.players.*.throws_joined": (0, "a report figure since 82401af (2026-12-01, issue 26)"),
}
ADDED_FIGURES = {"dribbles", "contests_won", "throws_joined"}    # in the report's `fields`

# (folder, match) -> why its log replays only by the rules of goat-ball's or Yaotzin's version 1
# (docs/rules.md, "Rules versions"): today's companion finds that version itself, once, as it
# opens the database (Matches.adopt_unversioned); every other stored match replays by today's
PLAYED_UNDER_VERSION_1 = {
    ("2026-11-30-f0cbeea", "yaotzin_clock"):
        "event 1, goal {team: b, end: west}: b defends the west end; the first companion gave b"
        " the point, version 2 refuses the event (a goal into the team's own end); event 2,"
        " damage -2, is refused by version 2 as well (damage cannot be negative)",
    ("2026-11-30-f0cbeea", "goatball_edges"):
        "event 1, a tip-off with g1 on Athletics: taken until 2026-12-01, refused by version 2"
        " (the tip-off is Dex (Acrobatics) only); event 3, a knock-off on Acrobatics, is"
        " refused by version 2 as well (a knock-off is Str (Athletics) only)",
    ("2026-11-30-d5442a5", "goatball_edges"):
        "event 1, a tip-off with g1 on Athletics: taken until 2026-12-01, refused by version 2"
        " (the tip-off is Dex (Acrobatics) only)",
    ("2026-12-01-34d7161", "goatball_bloodball"):
        "event 13, a hot throw whose target g1 the thrower's teammate r3 knocks off: that"
        " version gave the ball to the throwers (rams), version 2 gives it to the opponents"
        " (goats; the rule since 94a04d2, 2026-12-01, issue 26)",
}


def version_of(folder: Path, name: str, game: str) -> int:
    """The rules version today's companion must find a stored match was played under."""
    return 1 if (folder.name, name) in PLAYED_UNDER_VERSION_1 else CURRENT[game]


def corpus_matches() -> list:
    """One case per stored match."""
    return [pytest.param((folder, name), id=f"{folder.name}-{name}")
            for folder in sorted(p for p in CORPUS.iterdir() if (p / "expected.json").is_file())
            for name in json.loads((folder / "expected.json").read_text())["matches"]]


def replay(db: sqlite3.Connection, match_id: str, upto: int | None = None) -> dict:
    """The state today's companion folds from a match's initial state and its events in force,
    in order, each by the rules of its version, up to log record `upto`."""
    row = db.execute("SELECT game, initial FROM matches WHERE id = ?", (match_id,)).fetchone()
    state = json.loads(row["initial"])
    for event in Matches(db).active(match_id, before=None if upto is None else upto + 1):
        state, _, _ = Matches.fold(row["game"], state, event)
    return state


def differences(stored, today, path: str = "") -> list[str]:
    """Where today's value differs from the stored one, apart from the fields in ADDED."""
    if isinstance(stored, dict) and isinstance(today, dict):
        out = [f"{path}{key}: only in the stored answer" for key in stored if key not in today]
        for key, value in today.items():
            where = f"{path}{key}"
            if key in stored:
                out += differences(stored[key], value, where + ".")
            elif not any(fnmatchcase(where.removeprefix("match."), pattern) and value == neutral
                         for pattern, (neutral, _) in ADDED.items()):
                out.append(f"{where}: new today, {json.dumps(value)[:120]}")
        return out
    if path.startswith("report.fields.") and isinstance(stored, list):
        today = [figure for figure in today if figure in stored or figure not in ADDED_FIGURES]
    if isinstance(stored, list) and isinstance(today, list) and len(stored) == len(today):
        return [d for i, (s, t) in enumerate(zip(stored, today))
                for d in differences(s, t, f"{path}{i}.")]
    if stored != today:
        return [f"{path.rstrip('.')}: stored {json.dumps(stored)[:200]},"
                f" today {json.dumps(today)[:200]}"]
    return []


@pytest.fixture
def stored(request, tmp_path):
    """Today's companion on a copy of a corpus folder's database: (API, database, expected)."""
    from companion.server import create_app
    from companion.server.config import Config
    from tests.conftest import Api

    folder, name = request.param
    shutil.copyfile(folder / DB_NAME, tmp_path / DB_NAME)
    api = Api(create_app(Config(data_dir=tmp_path, token=TOKEN, port=7770)).test_client())
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.row_factory = sqlite3.Row
    expected = json.loads((folder / "expected.json").read_text())["matches"][name]
    yield api, db, expected, version_of(folder, name, expected["match"]["game"])
    db.close()


def read_today(api, match_id: str, with_report: bool) -> dict:
    events, after = [], 0
    while after is not None:
        page = api.get(f"/api/v1/matches/{match_id}/events?after={after}").json
        events += page["events"]
        after = page["next"]
    out = {"match": api.get(f"/api/v1/matches/{match_id}").json, "events": events}
    if with_report:
        out["report"] = api.get(f"/api/v1/matches/{match_id}/report").json
    return out


@pytest.mark.parametrize("stored", corpus_matches(), indirect=True)
def test_reads_as_its_version_answered_with_the_rules_version_found(stored):
    api, _, expected, version = stored
    today = read_today(api, expected["match"]["id"], "report" in expected)
    assert today["match"].pop("rules_version") == version
    for event in today["events"]:
        assert event.pop("rules_version", version) == version, event
    assert differences(expected, today) == []


@pytest.mark.parametrize("stored", corpus_matches(), indirect=True)
def test_replays_to_its_stored_state(stored):
    """The match's state, and each snapshot the store kept on the way (undo starts there), as
    the verify route and a replay here find it."""
    api, db, expected, version = stored
    match_id = expected["match"]["id"]
    check = api.get(f"/api/v1/matches/{match_id}/verify").json
    assert check["faithful"] is True, check
    assert check["versions"] == [version] and check["unversioned"] == 0
    state = json.loads(db.execute("SELECT state FROM matches WHERE id = ?",
                                  (match_id,)).fetchone()[0])
    assert differences(state, replay(db, match_id)) == []
    for seq, snapshot in db.execute("SELECT seq, state FROM snapshots WHERE match_id = ?",
                                    (match_id,)):
        assert differences(json.loads(snapshot), replay(db, match_id, upto=seq)) == [], seq


@pytest.mark.parametrize("stored", corpus_matches(), indirect=True)
def test_an_upgraded_companion_reports_and_undoes_it(stored):
    """What a GM does with last month's match after upgrading: read its report, undo."""
    api, _, expected, _ = stored
    match_id = expected["match"]["id"]
    assert api.get(f"/api/v1/matches/{match_id}/report").status_code == 200
    assert api.post(f"/api/v1/matches/{match_id}/undo", {}).status_code == 200


def test_every_corpus_folder_is_whole():
    """Each folder is one past companion: its database and what it answered, both there."""
    folders = [p for p in CORPUS.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert len(folders) >= 5
    for folder in folders:
        assert (folder / DB_NAME).is_file() and (folder / "expected.json").is_file(), folder
