"""The `ballcourt` command: run the companion, or drive it from a shell or a script."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import __version__

RULE_COMMANDS = {
    "kick": "/yaotzin/kick", "preview": "/yaotzin/kick/preview",
    "intercept": "/yaotzin/intercept", "tick": "/yaotzin/tick", "hoop": "/yaotzin/hoop",
    "dribble": "/yaotzin/dribble", "contest": "/yaotzin/contest",
    "pass": "/goatball/pass", "tipoff": "/goatball/tipoff", "quick": "/goatball/quick",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ballcourt",
                                     description="GM-assist companion for Yaotzin and goat-ball.")
    parser.add_argument("--version", action="version", version=f"ballcourt {__version__}")
    parser.add_argument("--url", help="the companion's URL (default $BALLCOURT_URL or"
                                      " http://127.0.0.1:7770)")
    parser.add_argument("--token", help="the token (default $BALLCOURT_TOKEN or the data dir's)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = sub.add_parser("serve", help="run the companion in the foreground")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=7770)
    serve.add_argument("--data-dir", type=Path, default=None)
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       help="a browser origin allowed to call (repeatable)")

    token = sub.add_parser("token", help="print the token the companion wants")
    token.add_argument("--data-dir", type=Path, default=None)

    match = sub.add_parser("match", help="create and inspect matches")
    msub = match.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = msub.add_parser("new", help="create a match from a JSON file (or - for stdin)")
    new.add_argument("file")
    msub.add_parser("list", help="every match")
    for name in ("show", "events", "undo"):
        msub.add_parser(name, help=f"{name} a match").add_argument("id")
    apply = msub.add_parser("apply", help="apply an event from a JSON file")
    apply.add_argument("id")
    apply.add_argument("file")

    for name, route in RULE_COMMANDS.items():
        cmd = sub.add_parser(name, help=f"POST {route} with a JSON file (or - for stdin)")
        cmd.add_argument("file")
        cmd.add_argument("--text", action="store_true", help="print the card's text only")

    simulate = sub.add_parser("simulate", help="play many matches with a player policy and"
                                               " report the balance figures")
    ssub = simulate.add_subparsers(dest="game", metavar="GAME", required=True)
    sim = ssub.add_parser("goatball", help="goat-ball: how the number of zones plays out")
    sim.add_argument("--players", type=int, default=6, help="players a side (default 6)")
    sim.add_argument("--zones", default="0,2,4,6",
                     help="comma-separated zone counts, 0 = no zones (default 0,2,4,6)")
    sim.add_argument("--matches", type=int, default=300, help="matches per zone count")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--pass-limit", type=int, default=None,
                     help="a match still running after this many passes is a draw (200)")
    sim.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    sim.add_argument("--json", action="store_true", help="print the JSON object")
    sim.add_argument("--plot", type=Path, default=None, metavar="FILE",
                     help="also draw the figures to FILE (.png or .svg; needs ballcourt[sim])")
    kick = ssub.add_parser("yaotzin", help="Yaotzin: the exact chance to score by distance and"
                                            " Strength (a kick chart)")
    kick.add_argument("--dex", type=int, default=12)
    kick.add_argument("--bab", type=int, default=2)
    kick.add_argument("--feats", default="", help="comma-separated feat names")
    kick.add_argument("--max-ft", type=int, default=70, help="the chart's longest distance")
    kick.add_argument("--json", action="store_true", help="print the JSON object")
    return parser


def kick_chart(args) -> int:
    from .rules.errors import RulesError
    from .sim.yaotzin import chart_table, kick_chart

    try:
        chart = kick_chart(max_squares=args.max_ft // 5, dex=args.dex, bab=args.bab,
                           feats=[f.strip() for f in args.feats.split(",") if f.strip()])
    except RulesError as exc:
        print(f"ballcourt: {exc.field}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(chart, indent=2))
    else:
        print("Chance to score, kicking from the given distance in front of the goal line"
              " (no interceptors):")
        print(chart_table(chart))
    return 0


def simulate(args) -> int:
    from .rules.errors import RulesError
    from .sim import plot as plotting
    from .sim.goatball import PASS_LIMIT
    from .sim.run import parse_zones, simulate, table

    def bar(done: int, total: int) -> None:
        filled = round(30 * done / total)
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} matches", end="",
              file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr)

    try:
        if args.plot is not None:
            plotting.check_target(args.plot)
            plotting.require()
        report = simulate(args.players, parse_zones(args.zones), args.matches, args.seed,
                          workers=args.workers,
                          pass_limit=args.pass_limit if args.pass_limit is not None
                          else PASS_LIMIT,
                          progress=None if args.json or not sys.stderr.isatty() else bar)
        if args.plot is not None:
            plotting.plot([report], args.plot)
    except plotting.PlotUnavailable as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    except RulesError as exc:
        print(f"ballcourt: {exc.field}: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else table(report))
    if args.plot is not None and not args.json:
        print(f"plot: {args.plot}")
    return 0


def read_json(path: str):
    text = sys.stdin.read() if path == "-" else Path(path).read_text()
    return json.loads(text)


def serve(args) -> int:
    from .server import create_app
    from .server.config import Config, default_data_dir, env_origins

    origins = [o.rstrip("/") for o in args.allow_origin] or env_origins()
    cfg = Config(data_dir=args.data_dir or default_data_dir(), host=args.host, port=args.port,
                 allowed_origins=origins)
    app = create_app(cfg)
    print(f"Ballcourt companion {__version__}")
    print(f"  URL:      {cfg.url}")
    print(f"  Token:    {cfg.token}   (from {cfg.token_source})")
    print(f"  Origins:  {', '.join(cfg.allowed_origins)}")
    print(f"  Data dir: {cfg.data_dir}")
    sys.stdout.flush()
    app.extensions["socketio"].run(app, host=args.host, port=args.port,
                                   allow_unsafe_werkzeug=True, use_reloader=False,
                                   log_output=False)
    return 0


def print_card(result: dict) -> None:
    card = result.get("chat_card") or {}
    print(card.get("title", {}).get("text", ""))
    for line in card.get("lines", []):
        print("  " + line["text"])
    for roll in card.get("rolls", []):
        print(f"  [{roll['name']}: {roll['formula']} -> {roll['total']}]")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 0
    if args.command == "serve":
        return serve(args)
    if args.command == "simulate":
        return kick_chart(args) if args.game == "yaotzin" else simulate(args)
    if args.command == "token":
        from .server.config import default_data_dir, load_token
        print(load_token(args.data_dir or default_data_dir())[0])
        return 0

    from .client import Client, CompanionError
    client = Client(args.url, args.token)
    try:
        if args.command == "match":
            result = {
                "new": lambda: client.new_match(read_json(args.file)),
                "list": lambda: client.get("/matches"),
                "show": lambda: client.match(args.id),
                "events": lambda: {"events": client.events(args.id)},
                "undo": lambda: client.undo(args.id),
                "apply": lambda: client.apply(args.id, read_json(args.file)),
            }[args.action]()
        else:
            result = client.post(RULE_COMMANDS[args.command], read_json(args.file))
            if args.text:
                print_card(result)
                return 0
    except CompanionError as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
