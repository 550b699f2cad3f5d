"""The `ballcourt` command's tables: the shot planner, the autopilot, zone tuning and the
Yaotzin charts as commands, and `match list` / `match show` as a terminal user reads them.

Each command prints text for a person by default and the companion's JSON with `--json`;
`match list` and `match show` print a table on a terminal and JSON into a pipe (what scripts
read, as before), `--table` or `--json` forcing one or the other.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

TUNE_WAIT = 3605.0     # seconds: the companion answers within its time limit (at most 3600 s)
# seconds: a planner, autopilot or chart request costs a second or two of CPU, but runs at a
# lower priority behind at most a few others: on a loaded machine it can take many times that
HEAVY_WAIT = 120.0


def percent(p: float | None) -> str:
    return "-" if p is None else f"{p:.0%}"


def columns(rows: list[list[str]], right: set[int] = frozenset()) -> str:
    """Rows of cells as aligned columns, the first row the heads underlined."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]

    def line(row: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(row, widths))).rstrip()

    return "\n".join([line(rows[0]), "  ".join("-" * w for w in widths)]
                     + [line(r) for r in rows[1:]])


def plan_text(answer: dict) -> str:
    if answer.get("reason"):
        return f"No aim squares: {answer['reason']['message']}"
    head = (f"{answer['kicker']} attacks the {answer['attacks']} line: the best"
            f" {len(answer['squares'])} of {answer['considered']} squares weighed")
    rows = [["#", "aim (x, y)", "distance", "goal", "hit", "damage"]]
    for i, s in enumerate(answer["squares"], 1):
        rows.append([str(i), f"({s['x']}, {s['y']})", f"{s['target_ft']} ft",
                     percent(s["p_goal"]), percent(s.get("p_hit")),
                     f"{s.get('expected_damage', 0):.1f}"])
    return head + "\n" + columns(rows, right={0, 2, 3, 4, 5})


def autopilot_text(answer: dict) -> str:
    rows = [["player", "declares", "target", "skill", "why"]]
    for d in answer["declarations"]:
        action = d["action"].replace("_", " ")
        rows.append([d["player"], action + (f" ({d['kind']})" if d.get("kind") else ""),
                     d.get("target") or "-", d.get("skill") or "-", d["reason"]])
    lines = [columns(rows)] if answer["declarations"] else ["No declarations: nobody standing"
                                                            " was named."]
    carrier = answer.get("carrier")
    if carrier:
        lines.append(f"carrier: {carrier['player']} ({carrier['reason']})")
    return "\n".join(lines)


BUDGETS = {"move": "moves", "double_move": "double-moves", "five_foot_step": "takes a 5-ft step",
           "run": "runs"}


def square(s: dict) -> str:
    return f"({s['x']}, {s['y']})"


def yaotzin_turn_text(answer: dict) -> str:
    """The Yaotzin autopilot's turn as a GM reads it: who, where he goes, what he does, why;
    the action's body is the JSON (--json) the turn's route takes."""
    turn = answer["turn"]
    path = turn["path"]
    moves = (f"stays at {square(path[0])}" if len(path) == 1 else
             f"{BUDGETS.get(turn['budget'], turn['budget'])} {square(path[0])} to"
             f" {square(path[-1])} ({len(path) - 1} squares)")
    action = turn.get("action")
    if action is None:
        then = "no action"
    elif "ready" in action:
        then = f"readies an {action['ready']}"
    else:
        body = action["body"]
        then = {"kick": lambda: f"kicks at {square(body['target'])}",
                "hoop": lambda: "shoots at the hoop",
                "dribble": lambda: "dribbles",
                "contest": lambda: f"contests the ball ({body.get('kind', '')})".replace(
                    " ()", "")}.get(action["route"], lambda: action["route"])()
    ends = ", ".join(f"{team} attacks {end}" for team, end in answer["attacks"].items())
    return (f"{turn['player']} {moves}, then {then}.\n  why: {turn['reason']}\n"
            f"  tactics: {answer['tactics']}; {ends}")


def tune_text(answer: dict) -> str:
    budget = answer.get("budget")
    rows = [["zones", f"ends in {budget}", "95% interval", "median passes"]]
    for r in answer["results"]:
        lo, hi = r["ci95"]["finish_within_budget"]
        median = r.get("median_passes")
        rows.append([str(r["zones"]) if r["zones"] else "0 (none)",
                     percent(r["finish_within_budget"]), f"{percent(lo)}-{percent(hi)}",
                     "-" if median is None else f"{median:.0f}"])
    played = answer.get("matches_played", answer.get("matches"))
    note = (f"\npartial: the companion's time limit came first ({played} matches a zone count"
            " played)" if answer.get("partial") else f"\n{played} matches a zone count")
    return answer["sentence"] + "\n" + columns(rows, right={1, 2, 3}) + note


def chart_text(answer: dict) -> str:
    return (answer.get("header", "") + "\n" + answer["table"]).strip()


def inspection_text(answer: dict) -> str:
    """The referee's inspection, player by player: each finding's rule, what, and why."""
    lines = []
    for player in answer["players"]:
        found = player["findings"]
        lines.append(f"{player['id']}: " + (f"{len(found)} finding{'s' * (len(found) != 1)}"
                                            if found else "nothing found"))
        for f in found:
            verdict = "allowed (GM's call)" if f["allowed"] else "not allowed"
            judged = ", judged by name" if f["by_name"] else ""
            lines.append(f"  {f['what']}: {f['kind'].replace('_', ' ')}, {verdict}{judged}"
                         f" - {f['why']}")
    return "\n".join(lines)


def odds_text(answer: dict) -> str:
    """An NPC match's odds: each team's chance to win and its expected score, then the draw."""
    rows = [["team", "wins", "95% interval", "expected score"]]
    for team, p in answer["win"].items():
        lo, hi = answer["intervals"]["win"][team]
        rows.append([team, percent(p), f"{percent(lo)}-{percent(hi)}",
                     f"{answer['expected_score'][team]:.1f}"])
    lo, hi = answer["intervals"]["draw"]
    rows.append(["draw", percent(answer["draw"]), f"{percent(lo)}-{percent(hi)}", ""])
    note = (f"partial: the companion's time limit came first ({answer['matches']} matches"
            " played)" if answer.get("partial") else f"{answer['matches']} matches")
    return columns(rows, right={1, 2, 3}) + f"\n{note}, seed {answer['seed']}"


HIGHLIGHT_TEXT = {"goal": "goal", "hoop": "through the hoop", "stop": "stops the ball",
                  "knock_out": "knocked out"}


def play_text(answer: dict) -> str:
    """An NPC match played out: the final score and how it ended, then its highlights round by
    round (its kicks and contests left out: the JSON has them)."""
    names = answer.get("names", {})
    score = " - ".join(f"{team} {n}" for team, n in answer["score"].items())
    how = {"score": "by score", "hoop": "through the hoop", "time": "at the round limit"}
    winner = f"{answer['winner']} wins" if answer["winner"] else "a draw"
    lines = [f"Final: {score} ({winner} {how[answer['ended_by']]}, round {answer['rounds']})"]
    for h in answer["highlights"]:
        if h["kind"] not in HIGHLIGHT_TEXT:
            continue
        who = names.get(h["player"], h["player"]) if h["player"] else None
        line = f"  round {h['round']}: {HIGHLIGHT_TEXT[h['kind']]}"
        line += f", {who} ({h['team']})" if who else f" ({h['team']})" if h["team"] else ""
        if "score" in h["data"]:
            line += " - " + " - ".join(str(n) for n in h["data"]["score"].values())
        lines.append(line)
    return "\n".join(lines)


TABLE_COMMANDS: dict[str, tuple[str, str, Callable[[dict], str]]] = {
    "plan": ("/yaotzin/kick/suggest", "the shot planner: a kicker's best aim squares",
             plan_text),
    "autopilot": ("/goatball/suggest", "goat-ball's autopilot: a declaration and its reason"
                  " for each standing player", autopilot_text),
    "yaotzin-autopilot": ("/yaotzin/suggest", "Yaotzin's autopilot: one legal turn for one"
                          " player (`mover`), its path, its action and why", yaotzin_turn_text),
    "tune": ("/goatball/tune", "how many zones for your table's goat-ball roster (can take"
             " up to the companion's --tune-time-limit)", tune_text),
    "aim-chart": ("/yaotzin/charts/aim", "Yaotzin's best-aim chart by Strength and distance",
                  chart_text),
    "hoop-chart": ("/yaotzin/charts/hoop", "Yaotzin's hoop chart by Strength and distance",
                   chart_text),
}


def add_table_commands(sub, add_link_options: Callable) -> None:
    for name, (route, text, _) in TABLE_COMMANDS.items():
        cmd = sub.add_parser(name, help=f"{text} (POST {route} with a JSON file, or - for"
                                        " stdin)")
        cmd.add_argument("file", help="the request's JSON body, or - to read stdin")
        cmd.add_argument("--json", action="store_true", help="print the companion's JSON")
        add_link_options(cmd)


def add_table_choice(parser: argparse.ArgumentParser) -> None:
    """--table / --json for `match list` and `match show` (default: a table on a terminal)."""
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--table", dest="shape", action="store_const", const="table",
                       help="print a table (the default on a terminal)")
    shape.add_argument("--json", dest="shape", action="store_const", const="json",
                       help="print the companion's JSON (the default into a pipe or file)")


def run_table_command(client, args, read_json: Callable) -> int:
    route, _, text = TABLE_COMMANDS[args.command]
    body = read_json(args.file)
    client.timeout = max(client.timeout, TUNE_WAIT if args.command == "tune" else HEAVY_WAIT)
    answer = client.post(route, body)
    print(json.dumps(answer, indent=2, ensure_ascii=False) if args.json else text(answer))
    return 0


def wants_table(args) -> bool:
    shape = getattr(args, "shape", None)
    return shape == "table" or (shape is None and sys.stdout.isatty())


def score_of(m: dict, names: dict[str, str]) -> str:
    if m.get("score"):
        return " – ".join(f"{names.get(t, t)} {n}" for t, n in m["score"].items())
    if m.get("game") == "goatball":
        passes = m.get("passes") or 0
        holder = m.get("possession")
        return f"{passes} pass{'' if passes == 1 else 'es'}" + (
            f", {names.get(holder, holder)} has the ball" if holder else "")
    return ""


def status_of(m: dict, names: dict[str, str]) -> str:
    winner = m.get("winner")
    if not winner:
        return m["status"]
    return f"{m['status']}: " + ("a draw" if winner == "draw" else names.get(winner, winner))


def match_list_text(answer: dict) -> str:
    matches = answer["matches"]
    if not matches:
        return "No match yet: make one with ballcourt match new FILE"
    rows = [["id", "name", "game", "score", "status", "events"]]
    for m in matches:
        names = m.get("teams") or {}
        rows.append([m["id"], m.get("name") or "-", m["game"], score_of(m, names),
                     status_of(m, names), str(m["seq"])])
    return columns(rows, right={5})


def match_show_text(state: dict) -> str:
    names = {t["id"]: t.get("name") or t["id"] for t in state.get("teams", [])}
    holder = (state.get("possession") or {}).get("team")
    title = state.get("name") or " v ".join(names.values()) or state["id"]
    events = f"{state['seq']} event{'s' * (state['seq'] != 1)}"
    lines = [f"{title} ({state['game']}, {state['id']})",
             f"  {score_of({**state, 'possession': holder}, names)}",
             f"  {status_of(state, names)}; {events} in force"
             + (f", round {state['round']}" if state.get("round") else "")]
    rows = [["team", "id", "players"]]
    for t in state.get("teams", []):
        players = t.get("players")
        count = "-" if players is None else str(len(players))
        rows.append([names[t["id"]], t["id"], count])
    return "\n".join(lines) + "\n" + columns(rows, right={2})
