"""The match report as text: Markdown in English or Russian, and the labels the board shows."""

from __future__ import annotations

import re
from typing import Any

LANGS = ("en", "ru")

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Match report", "yaotzin": "Yaotzin", "goatball": "Goat-ball",
        "teams": "Teams", "players": "Players", "team": "Team", "player": "Player",
        "playing": "In play", "over": "Over", "winner": "Winner: {team}", "draw": "A draw",
        "round": "Round {n}", "passes_played": "Passes played: {n}", "events": "Events: {n}",
        "none": "No players yet.",
        # team figures
        "score": "Score", "possession": "Possession", "passes": "Passes", "kicks": "Kicks",
        "hoop_attempts": "Hoop shots", "heat": "Heat", "hot": "Hot", "hot_throws": "Hot throws",
        "knock_offs": "Knock-offs",
        # player figures
        "goals": "Goals", "interceptions": "Interceptions", "stops": "Stops",
        "passes_thrown": "Passes thrown", "passes_caught": "Passes caught",
        "dribbles": "Dribbles", "contests_won": "Contests won", "throws_joined": "Throws joined",
        "knocked_out": "Knocked out", "nonlethal": "Nonlethal taken", "damage": "Damage taken",
    },
    "ru": {
        "title": "Отчёт о матче", "yaotzin": "Яоцин", "goatball": "Козлобол",
        "teams": "Команды", "players": "Игроки", "team": "Команда", "player": "Игрок",
        "playing": "Идёт игра", "over": "Окончен", "winner": "Победа: {team}", "draw": "Ничья",
        "round": "Раунд {n}", "passes_played": "Сыграно розыгрышей: {n}",
        "events": "Событий: {n}", "none": "Игроков пока нет.",
        # the rulebook's own words: «передача», «перехват», «выбивание», «горячий бросок»
        "score": "Счёт", "possession": "Владение", "passes": "Передачи", "kicks": "Удары",
        "hoop_attempts": "Броски в кольцо", "heat": "Передач на новые площадки", "hot": "Горячий",
        "hot_throws": "Горячие броски", "knock_offs": "Выбивания",
        "goals": "Голы", "interceptions": "Перехваты", "stops": "Остановки",
        "passes_thrown": "Передач отдано", "passes_caught": "Передач принято",
        "dribbles": "Ведения мяча", "contests_won": "Выиграно схваток",
        "throws_joined": "Участие в бросках",
        "knocked_out": "Сколько раз выбит", "nonlethal": "Несмерт. урон", "damage": "Урон",
    },
}


# column heads where room is short (the board, the module's card: lang Report.Short)
SHORT: dict[str, dict[str, str]] = {
    "en": {
        "score": "Pts", "possession": "Poss", "passes": "Pass", "kicks": "Kick",
        "hoop_attempts": "Hoop", "heat": "Heat", "hot": "Hot", "hot_throws": "HotT",
        "knock_offs": "KOff", "goals": "G", "interceptions": "Int", "stops": "Stop",
        "passes_thrown": "PT", "passes_caught": "PC", "dribbles": "Drb", "contests_won": "CW",
        "throws_joined": "TJ", "knocked_out": "Out", "nonlethal": "NL", "damage": "Dmg",
    },
    "ru": {
        "score": "Оч", "possession": "Влад", "passes": "Пер", "kicks": "Уд",
        "hoop_attempts": "Кол", "heat": "НовПл", "hot": "Гор", "hot_throws": "ГБр",
        "knock_offs": "Выбив", "goals": "Г", "interceptions": "Пх", "stops": "Ост",
        "passes_thrown": "ПО", "passes_caught": "ПП", "dribbles": "Вед", "contests_won": "Сх",
        "throws_joined": "УБ", "knocked_out": "Выб", "nonlethal": "НУ", "damage": "Ур",
    },
}


def pick_lang(asked: str | None, accept: Any = None) -> str:
    """`asked` (`?lang=`) when given, else the best of Accept-Language, else English."""
    if asked:
        return asked
    if accept is not None:
        best = accept.best_match(LANGS)
        if best:
            return best
    return "en"


def figure(field: str, value: Any) -> str:
    if field == "possession":
        return f"{int(value * 100 + 0.5)}%"      # half up, as the module's card rounds
    return str(value)


# what could start markup inside a cell or a heading: emphasis, code, links and images,
# raw HTML and entities, headings' closing #s, strike-through, a cell's end, the escape itself
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&!])")
# line breaks and other control characters: a name that held one (before names were checked)
# would end the row or the heading
BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def md_text(text: str) -> str:
    """A name as literal text in a Markdown cell or heading, whatever it holds."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", BREAKS.sub(" ", text))


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(md_text(c) for c in cells) + " |"


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    return [_row(head), _row(["---"] + ["---:"] * (len(head) - 1))] + [_row(r) for r in rows]


def summary(report: dict, lang: str, quote=str) -> str:
    """The report's one line; `quote` writes the winner's name (md_text for Markdown)."""
    t = LABELS[lang]
    teams = report["teams"]
    if report["status"] == "over":
        w = report["winner"]
        head = t["draw"] if w == "draw" else t["winner"].format(
            team=quote(teams.get(w, {}).get("name", w))) if w else t["over"]
    else:
        head = t["playing"]
    clock = (t["round"].format(n=report["round"]) if report["game"] == "yaotzin"
             else t["passes_played"].format(n=report["passes"]))
    return f"{head} · {clock} · {t['events'].format(n=report['events'])}"


def markdown(report: dict, lang: str = "en", name: str | None = None) -> str:
    t = LABELS[lang]
    title = f"# {t['title']}: {t[report['game']]}" + (f" — {md_text(name)}" if name else "")
    lines = [title, "", summary(report, lang, md_text), "", f"## {t['teams']}", ""]
    tf = report["fields"]["teams"]
    lines += _table([t["team"]] + [t[f] for f in tf],
                    [[team["name"]] + [figure(f, team[f]) for f in tf]
                     for team in report["teams"].values()])
    lines += ["", f"## {t['players']}", ""]
    pf = report["fields"]["players"]
    players = report["players"]
    if not players:
        lines.append(t["none"])
    else:
        names = {tid: team["name"] for tid, team in report["teams"].items()}
        order = list(report["teams"])
        ranked = sorted(players.items(), key=lambda kv: (
            order.index(kv[1]["team"]) if kv[1]["team"] in order else len(order)))
        lines += _table([t["player"], t["team"]] + [t[f] for f in pf],
                        [[p["name"], names.get(p["team"], p["team"] or "—")]
                         + [figure(f, p[f]) for f in pf] for _, p in ranked])
    return "\n".join(lines) + "\n"
