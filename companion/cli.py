"""The `ballcourt` command: run the companion, or drive it from a shell or a script."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import traceback
from pathlib import Path

from . import __version__
from .cli_tables import (
    TABLE_COMMANDS,
    TUNE_WAIT,
    add_table_choice,
    add_table_commands,
    inspection_text,
    match_list_text,
    match_show_text,
    odds_text,
    play_text,
    run_table_command,
    wants_table,
)
from .defaults import DEFAULT_HOST, DEFAULT_PORT, DEFAULT_URL, TUNE_TIME_LIMIT, environment
from .module_files import default_foundry_data

RULE_COMMANDS = {
    "kick": "/yaotzin/kick", "preview": "/yaotzin/kick/preview",
    "intercept": "/yaotzin/intercept", "tick": "/yaotzin/tick", "hoop": "/yaotzin/hoop",
    "dribble": "/yaotzin/dribble", "contest": "/yaotzin/contest",
    "pass": "/goatball/pass", "tipoff": "/goatball/tipoff", "quick": "/goatball/quick",
}


MATCH_ACTIONS = {
    "show": "print a match's state", "events": "print a match's event log, oldest first",
    "undo": "undo a match's last applied event",
    "verify": "check that a match's log replays today to what was played",
    "export": "print a match whole, with its rules versions (for match import elsewhere)",
}
URL_HELP = f"the companion's URL (default $BALLCOURT_URL or {DEFAULT_URL})"
TOKEN_HELP = "the companion's token (default $BALLCOURT_TOKEN or the one in the data dir)"
DATA_DIR_HELP = ("where the companion keeps its token and matches (default $BALLCOURT_DATA_DIR"
                 " or ~/.local/share/ballcourt)")


class Help(argparse.RawDescriptionHelpFormatter):
    """--help says each option's default, unless its own help already does; a description or
    epilog keeps its own line breaks."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if "default" in text or default in (None, False, argparse.SUPPRESS, []) or \
                action.option_strings == [] and action.nargs is None:
            return text
        return f"{text} (default {default})"


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535 (argparse's type for --port)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: give 1 to 65535")
    return port


def seconds(text: str) -> float:
    """A time limit in seconds, 1 to 3600 (argparse's type for --tune-time-limit)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 1 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text} s is out of range: give 1 to 3600")
    return value


def add_link_options(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """--url and --token, accepted before the subcommand or after it."""
    default = None if top else argparse.SUPPRESS
    parser.add_argument("--url", default=default, help=URL_HELP)
    parser.add_argument("--token", default=default, help=TOKEN_HELP)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ballcourt", formatter_class=Help,
                                     description="GM-assist companion for Yaotzin and goat-ball.")
    parser.add_argument("--version", action="version", version=f"ballcourt {__version__}",
                        help="print the version and exit")
    add_link_options(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = sub.add_parser("serve", help="run the companion in the foreground")
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help=f"the address to listen on (default {DEFAULT_HOST}: this computer"
                            f" only)")
    serve.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                       help=f"the port, 1 to 65535 (default {DEFAULT_PORT})")
    serve.add_argument("--data-dir", type=Path, default=None, help=DATA_DIR_HELP)
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       type=origin_option,
                       help="a browser origin allowed to call, added to Foundry's default"
                            " http://localhost:30000 and http://127.0.0.1:30000 (repeatable;"
                            " $BALLCOURT_ALLOWED_ORIGINS adds a comma-separated list too)")
    serve.add_argument("--log-requests", action="store_true",
                       help="log every HTTP request to stderr (off by default)")
    serve.add_argument("--tune-time-limit", type=seconds, default=TUNE_TIME_LIMIT,
                       metavar="SECONDS",
                       help="how long one /goatball/tune may work before it answers what it"
                            " has (\"partial\": true), 1 to 3600 (default 30)")

    token = sub.add_parser("token", help="print the token the companion wants")
    token.add_argument("--data-dir", type=Path, default=None, help=DATA_DIR_HELP)

    module = sub.add_parser("module", help="install the Foundry module or write its zip")
    modsub = module.add_subparsers(dest="action", metavar="ACTION", required=True)
    install = modsub.add_parser("install", help="copy the module into Foundry's"
                                                " Data/modules/ballcourt/")
    install.add_argument("--foundry-data", type=Path, default=None, metavar="DIR",
                         help="Foundry's Data folder, the one holding modules/, systems/ and"
                              " worlds/ inside the User Data folder (default: Foundry's own"
                              f" default for this computer, {default_foundry_data()})")
    install.add_argument("--companion-url", default=None, metavar="URL", type=url_option,
                         help="the companion's address, written into the installed manifest so"
                              " Foundry can offer updates (default $BALLCOURT_URL or"
                              f" {DEFAULT_URL})")
    zip_cmd = modsub.add_parser("zip", help="write the module's release archive")
    zip_cmd.add_argument("out", nargs="?", type=Path, default=Path("ballcourt.zip"),
                         metavar="OUT", help="the archive to write (default ./ballcourt.zip)")

    match = sub.add_parser("match", help="create and inspect matches")
    msub = match.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = msub.add_parser("new", help="create a match from a JSON file (or - for stdin)")
    new.add_argument("file", help="the match's JSON body, or - to read stdin")
    add_link_options(new)
    listing = msub.add_parser("list", help="list every match")
    add_table_choice(listing)
    add_link_options(listing)
    for name, text in MATCH_ACTIONS.items():
        action = msub.add_parser(name, help=text)
        action.add_argument("id", help="the match's id")
        if name == "show":
            add_table_choice(action)
        add_link_options(action)
    apply = msub.add_parser("apply", help="apply an event from a JSON file (or - for stdin)")
    apply.add_argument("id", help="the match's id")
    apply.add_argument("file", help="the event's JSON body, or - to read stdin")
    add_link_options(apply)
    imported = msub.add_parser("import", help="keep a match another companion exported (a JSON"
                               " file, or - for stdin)")
    imported.add_argument("file", help="the file `ballcourt match export` wrote, or - for stdin")
    imported.add_argument("--new-id", action="store_true",
                          help="take it under a new id (when a match with its id is here)")
    add_link_options(imported)
    delete = msub.add_parser("delete", help="delete a match for good: its log and its viewer"
                                            " keys (asks first)")
    delete.add_argument("id", help="the match's id")
    delete.add_argument("--yes", action="store_true",
                        help="do not ask: delete at once (for scripts)")
    add_link_options(delete)
    report = msub.add_parser("report", help="print a match's box score (Markdown or JSON)")
    report.add_argument("id", help="the match's id")
    report.add_argument("--format", choices=("md", "json"), default="md",
                        help="Markdown (default) or the report's JSON")
    report.add_argument("--lang", choices=("en", "ru"), default=None,
                        help="the report's language (default English)")
    add_link_options(report)

    board = sub.add_parser("board", help="share a match's spectator board: viewer keys")
    bsub = board.add_subparsers(dest="action", metavar="ACTION", required=True)
    share = bsub.add_parser("share", help="make a read-only viewer key and print its board URL")
    share.add_argument("id", metavar="MATCH", help="the match's id")
    share.add_argument("--label", default=None, help="a note to tell keys apart (1 to 120"
                                                      " characters)")
    add_link_options(share)
    listing = bsub.add_parser("list", help="list a match's viewer keys and their board URLs")
    listing.add_argument("id", metavar="MATCH", help="the match's id")
    add_link_options(listing)
    revoke = bsub.add_parser("revoke", help="revoke a viewer key: its board stops at once")
    revoke.add_argument("id", metavar="MATCH", help="the match's id")
    revoke.add_argument("key", metavar="KEY", help="the viewer key (from `board list`)")
    add_link_options(revoke)

    for name, route in RULE_COMMANDS.items():
        cmd = sub.add_parser(name, help=f"POST {route} with a JSON file (or - for stdin)")
        cmd.add_argument("file", help="the request's JSON body, or - to read stdin")
        cmd.add_argument("--text", action="store_true", help="print the card's text only")
        add_link_options(cmd)
    add_table_commands(sub, add_link_options)
    yaotzin = sub.add_parser("yaotzin", help="Yaotzin at the table: the referee's inspection,"
                                             " NPC matches' odds and play")
    ysub = yaotzin.add_subparsers(dest="action", metavar="ACTION", required=True)
    inspect = ysub.add_parser("inspect", help="the referee's inspection: each player's metal,"
                              " magic items, spells in effect and healing (POST"
                              " /yaotzin/inspect)")
    inspect.add_argument("--roster", required=True, metavar="FILE",
                         help='the players\' sheets as the route\'s JSON body ({"players":'
                              ' [...]}), or - to read stdin')
    inspect.add_argument("--json", action="store_true", help="print the companion's JSON")
    add_link_options(inspect)
    for action, route, what in (
            ("odds", "/yaotzin/odds", "an NPC match's odds: each team's chance to win and its"
             " expected score, from whole matches played by the presets"),
            ("play", "/yaotzin/play", "an NPC match played out: the final score and its"
             " highlights (goals, the hoop, stops, knock-outs)")):
        npc = ysub.add_parser(action, help=f"{what} (POST {route}; can take up to the"
                                           f" companion's --tune-time-limit)")
        npc.add_argument("--roster", required=True, metavar="FILE",
                         help='the scene as the route\'s JSON body ({"players": [...],'
                              ' "teams"?, "ball"?, "round"?, "score"?, ...}), or - to read'
                              ' stdin')
        npc.add_argument("--seed", type=int, help="the dice's seed (default: the file's, else"
                                                  " one the companion picks)")
        if action == "odds":
            npc.add_argument("--matches", type=int,
                             help="matches to play (default: the file's, else 100)")
        npc.add_argument("--json", action="store_true", help="print the companion's JSON")
        add_link_options(npc)

    simulate = sub.add_parser("simulate", help="play many matches with a player policy and"
                                               " report the balance figures")
    ssub = simulate.add_subparsers(dest="game", metavar="GAME", required=True)
    from .sim.cli_help import goatball_epilog
    sim = ssub.add_parser("goatball", help="goat-ball: how the number of zones plays out",
                          formatter_class=argparse.RawDescriptionHelpFormatter,
                          epilog=goatball_epilog())
    sim.add_argument("--players", type=int, default=6, help="players a side (default 6)")
    sim.add_argument("--zones", default="0,1,2,3,4,6,8",
                     help="comma-separated zone counts, 0 = no zones (default 0,1,2,3,4,6,8)")
    sim.add_argument("--max-matches", "--matches", dest="matches", type=int, default=3000,
                     help="matches per zone count, at most, in adaptive rounds of 200 that"
                          " stop once the answer is decided; the robustness check plays at"
                          " most as many for each preset and seed, and --no-robustness skips"
                          " it (--matches: the older name) (default 3000)")
    sim.add_argument("--seed", type=int, default=1, help="the seed of the first match (default 1)")
    sim.add_argument("--seeds", default=None, metavar="LIST",
                     help="comma-separated seeds whose independent matches are pooled into one"
                          " answer, --max-matches a zone count in all (default: --seed alone)")
    sim.add_argument("--tactics", default=None, metavar="NAME[,NAME]",
                     help="a tactics preset for both teams, or one per team (default"
                          " single-chaser; the presets are listed below)")
    sim.add_argument("--budget", type=int, default=40,
                     help="the table's budget of passes: the criterion is the chance a match"
                          " ends within it (default 40)")
    sim.add_argument("--pass-limit", type=int, default=None,
                     help="a match still running after this many passes is a draw (default"
                          " twice the budget)")
    sim.add_argument("--workers", type=int, default=None,
                     help="processes (default: every core; 1 = this process only)")
    sim.add_argument("--roster", type=Path, default=None, metavar="FILE",
                     help="a JSON roster ({\"teams\": [{\"id\", \"players\": [{\"id\","
                          " \"athletics\", \"acrobatics\"}]}]}): tune zones for this table"
                          " (default: random teams of --players)")
    sim.add_argument("--no-adaptive", dest="adaptive", action="store_false",
                     help="play every one of --matches (default: stop once decided)")
    sim.add_argument("--margin", type=float, default=0.05,
                     help="a zone count is as good as the best when its chance to end within"
                          " the budget is shown within this of the best's (default 0.05)")
    sim.add_argument("--no-robustness", dest="robustness", action="store_false",
                     help="skip the check across the presets (default: run it)")
    sim.add_argument("--robust-matches", type=int, default=None,
                     help="matches a zone count for each preset and seed in the robustness"
                          " check (default 300, or --matches when fewer)")
    sim.add_argument("--robust-seeds", type=int, default=3,
                     help="seeds in the robustness check: --seed and the next ones (default 3)")
    sim.add_argument("--dask", default=None, metavar="ADDRESS",
                     help="run on a Dask scheduler at ADDRESS (needs ballcourt[dask];"
                          " default: local processes)")
    sim.add_argument("--json", action="store_true", help="print the JSON object")
    sim.add_argument("--plot", type=Path, default=None, metavar="FILE",
                     help="also draw the figures to FILE (.png or .svg; needs ballcourt[sim])")
    kick = ssub.add_parser("yaotzin", help="Yaotzin: exact charts by distance and Strength (the"
                                            " kick chart, the best aim, the hoop) and whole"
                                            " matches by team size and court")
    kick.add_argument("--chart", choices=("kick", "aim", "hoop", "matches"), default="kick",
                      help="kick: the chance to score aiming just past the line (default);"
                           " aim: the best aim and its chance, the roll-on counted; hoop: the"
                           " chance through the hoop from its row (AC 20) and the next (AC 25);"
                           " matches: whole matches by team size x width x length ratio")
    kick.add_argument("--players", default="4,5,6,7,8",
                      help="matches: comma-separated players a side (default 4,5,6,7,8)")
    kick.add_argument("--width", default="120",
                      help="matches: comma-separated court widths in feet (default 120)")
    kick.add_argument("--length-ratio", default="2.5,3,4",
                      help="matches: comma-separated length : width ratios (default 2.5,3,4)")
    kick.add_argument("--matches", type=int, default=40,
                      help="matches: matches per point (default 40)")
    kick.add_argument("--budget", type=int, default=100,
                      help="matches: the round limit, the rulebook's ten minutes (default 100)")
    kick.add_argument("--tactics", default=None, metavar="NAME[,NAME]",
                      help="matches: a preset for both sides or one each (default press-ball;"
                           " press-ball, hold-lanes, kick-long)")
    kick.add_argument("--seed", type=int, default=1, help="matches: the seed (default 1)")
    kick.add_argument("--workers", type=int, default=None,
                      help="matches: processes (default: every core; 1 = this process only)")
    kick.add_argument("--robust-matches", type=int, default=None,
                      help="matches: matches a point for each other preset (default --matches)")
    kick.add_argument("--no-robustness", dest="robustness", action="store_false",
                      help="matches: skip the other presets (default: run them)")
    kick.add_argument("--robust-seeds", default="",
                      help="matches: comma-separated further seeds to replay every preset at"
                           " --robust-matches on (default none)")
    kick.add_argument("--dask", default=None, metavar="ADDRESS",
                      help="matches: run on a Dask scheduler at ADDRESS (needs ballcourt[dask])")
    kick.add_argument("--plot", type=Path, default=None, metavar="FILE",
                      help="matches: also draw the figures to FILE (.png or .svg)")
    kick.add_argument("--strengths", default=None,
                      help="comma-separated Strength scores (default 8,10,...,20)")
    kick.add_argument("--dex", type=int, default=12, help="the kicker's Dex score (default 12)")
    kick.add_argument("--bab", type=int, default=2,
                      help="the kicker's base attack bonus (default 2)")
    kick.add_argument("--feats", default="", help="comma-separated feat names (default none)")
    kick.add_argument("--max-ft", type=int, default=70,
                      help="the chart's longest distance (default 70)")
    kick.add_argument("--json", action="store_true", help="print the JSON object")
    _with_defaults(parser)
    return parser


def _with_defaults(parser: argparse.ArgumentParser) -> None:
    """Every command's --help says its defaults (the Help formatter, all the way down)."""
    parser.formatter_class = Help
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _with_defaults(child)


def played(args, play):
    """What both simulators share: the plot's target checked before playing, `--dask`'s client
    (closed after), and a refusal said in one line. `play(client)`'s report, or None (exit 2)."""
    from .rules.errors import RulesError
    from .sim import plot as plotting

    client = None
    try:
        if args.plot is not None:
            plotting.check_target(args.plot)
            plotting.require()
        if args.dask:
            try:
                from distributed import Client
            except ImportError:
                raise InputError("--dask needs the distributed package:"
                                 " pip install 'ballcourt[dask]'") from None
            client = Client(args.dask)
        return play(client)
    except plotting.PlotUnavailable as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
    except BrokenPipeError:
        raise
    except RulesError as exc:
        print(f"ballcourt: {exc.field}: {exc}", file=sys.stderr)
    except (InputError, plotting.PlotTargetError, OSError) as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
    finally:
        if client is not None:
            client.close()
    return None


def match_chart(args) -> int:
    """`simulate yaotzin --chart matches`: whole matches by team size, width and ratio."""
    from .sim import plot as plotting
    from .sim import yaotzin_run as run

    def play(client):
        report = run.simulate(
            run.parse_list(args.players, int, "players", 1, 30),
            run.parse_list(args.width, int, "width", 15, 2000),
            run.parse_list(args.length_ratio, float, "length_ratio", 0.5, 20),
            args.matches, args.budget, args.tactics, args.seed, args.workers,
            args.robustness, args.robust_matches, client=client,
            robust_seeds=run.parse_list(args.robust_seeds, int, "robust_seeds", 0, 2**31)
            if args.robust_seeds.strip() else ())
        if args.plot is not None:
            plotting.plot_matches(report, args.plot)
        return report

    report = played(args, play)
    if report is None:
        return 2
    print(json.dumps(report, indent=2) if args.json else run.table(report))
    return 0


def kick_chart(args) -> int:
    from .advice import yaotzin as charts
    from .rules.errors import RulesError

    if args.chart == "matches":
        return match_chart(args)
    if args.plot is not None:
        print(f"ballcourt: --plot draws the matches chart only (--chart matches): the"
              f" {args.chart} chart is a table, printed here (--json for its numbers)",
              file=sys.stderr)
        return 2

    feats = [f.strip() for f in args.feats.split(",") if f.strip()]
    try:
        strengths = (charts.STRENGTHS if args.strengths is None
                     else [int(v) for v in args.strengths.split(",") if v.strip()])
    except ValueError:
        print(f"ballcourt: strengths: not a comma-separated list of numbers: {args.strengths!r}",
              file=sys.stderr)
        return 2
    build, table = {"kick": (charts.kick_chart, charts.chart_table),
                    "aim": (charts.aim_chart, charts.aim_table),
                    "hoop": (charts.hoop_chart, charts.hoop_table)}[args.chart]
    try:
        chart = build(strengths=strengths, max_squares=args.max_ft // 5, dex=args.dex,
                      bab=args.bab, feats=feats)
    except RulesError as exc:
        print(f"ballcourt: {exc.field}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(chart, indent=2))
    elif args.chart == "kick":
        print("Chance to score, kicking from the given distance in front of the goal line"
              f" (no interceptors). {charts.assumptions(args.dex, args.bab, feats)}:")
        print(table(chart))
    else:
        print(chart["header"])
        print(table(chart))
    return 0


def parse_seeds(text: str | None) -> list[int] | None:
    """--seeds LIST: whole numbers, comma-separated (None: --seed alone)."""
    from .rules.errors import RulesError

    if text is None:
        return None
    try:
        return [int(s) for s in text.split(",") if s.strip()] or None
    except ValueError:
        raise RulesError(f"seeds must be comma-separated whole numbers, not {text!r}",
                         field="seeds") from None


def robust_matches(args) -> int:
    """The robustness check's matches a zone count, preset and seed: never more than
    --matches, so a short run stays short."""
    from .sim.goatball_run import ROBUST_MATCHES

    return args.robust_matches if args.robust_matches is not None else \
        min(ROBUST_MATCHES, args.matches)


def simulate(args) -> int:
    from .advice.goatball import roster_from
    from .sim import plot as plotting
    from .sim.goatball_run import parse_zones, simulate, table

    def bar(done: int, total: int) -> None:
        filled = round(30 * done / total)
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} matches (at most)",
              end="", file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr)

    def play(client):
        roster = None if args.roster is None else roster_from(read_json(str(args.roster)))
        report = simulate(args.players, parse_zones(args.zones), args.matches, args.seed,
                          workers=args.workers,
                          pass_limit=args.pass_limit,
                          progress=None if args.json or not sys.stderr.isatty() else bar,
                          tactics=args.tactics, budget=args.budget, adaptive=args.adaptive,
                          robustness=args.robustness, roster=roster, client=client,
                          margin=args.margin, robust_matches=robust_matches(args),
                          robust_seeds=args.robust_seeds, seeds=parse_seeds(args.seeds))
        if args.plot is not None:
            plotting.plot([report], args.plot)
        return report

    report = played(args, play)
    if report is None:
        return 2
    print(json.dumps(report, indent=2) if args.json else table(report))
    if args.plot is not None and not args.json:
        print(f"plot: {args.plot}")
    return 0


class InputError(ValueError):
    """A request body the command cannot read: said in one line, with what to do."""


def read_json(path: str):
    """The JSON body in the file at `path` (`-`: stdin), or InputError saying what is wrong."""
    where = "stdin" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no file {path}: give the path of a JSON file, or - to read"
                         " stdin") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder: give the path of a JSON file") from None
    except PermissionError:
        raise InputError(f"cannot read {path}: permission denied") from None
    except UnicodeDecodeError:
        raise InputError(f"{where} is not UTF-8 text: save it as UTF-8 JSON") from None
    if not text.strip():
        raise InputError(f"{where} is empty: give a JSON object"
                         + (" (pipe one in, or name a file)" if path == "-" else ""))
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where} is not valid JSON: {exc.msg} at line {exc.lineno},"
                         f" column {exc.colno}") from None


def web_address(text: str, what: str, path: bool = True) -> str:
    """`text` as an http(s) address (`path=False`: an origin, scheme://host[:port] and no
    more), or ValueError saying how to write one."""
    from urllib.parse import urlsplit

    example = DEFAULT_URL if path else "http://localhost:30000"
    try:
        parts = urlsplit(text.strip())
        if parts.port == 0:      # reading a port that is not a number raises too
            raise ValueError("port 0")
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or parts.query or parts.fragment or parts.username or parts.password
            or (not path and parts.path not in ("", "/"))):
        shape = "scheme://host[:port], no path" if not path else "http://HOST:PORT"
        raise ValueError(f"{what} {text!r} is not {'an origin' if not path else 'a URL'}:"
                         f" write it as {shape} (e.g. {example})")
    return text.strip().rstrip("/")


def url_option(text: str) -> str:
    """argparse's type for --companion-url."""
    try:
        return web_address(text, "--companion-url")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--companion-url ")) from None


def origin_option(text: str) -> str:
    """argparse's type for --allow-origin."""
    try:
        return web_address(text, "--allow-origin", path=False)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--allow-origin ")) from None


WILDCARD_HOSTS = ("0.0.0.0", "::", "[::]", "")


def own_addresses() -> list[str]:
    """This machine's addresses other machines can reach (its LAN addresses, best guess: the
    one its default route uses, and its hostname's), for the wildcard refusal to suggest."""
    import socket

    found = []
    try:        # a UDP "connection" sends nothing: it only picks the outgoing address
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if not a.startswith("127.")]


def wildcard_refusal(host: str, port: int) -> str:
    """Why `serve --host 0.0.0.0` does not start. It would listen on every address and then
    refuse (403 forbidden_host) every request naming the machine by a LAN address: only the
    names the companion is given are answered, which is what defeats DNS rebinding."""
    addresses = own_addresses()
    example = addresses[0] if addresses else "192.168.1.20"
    found = f" (this machine's: {', '.join(addresses)})" if addresses else ""
    return (f"--host {host or repr(host)} listens on every address, but the companion answers"
            f" only the addresses it is given (what keeps DNS rebinding out), so other"
            f" machines would get 403: give the address they reach it by, --host {example}"
            f"{found}, and the module and the CLI (--url) then use http://{example}:{port}")


def serve(args) -> int:
    import sqlite3

    from .server import create_app
    from .server.config import Config, TokenError, default_data_dir, load_token
    from .server.db import disk_full, disk_full_message
    from .server.serving import BindError, bind, log_to_stderr
    from .server.serving import serve as serve_forever

    if args.host in WILDCARD_HOSTS:
        print(f"ballcourt: {wildcard_refusal(args.host, args.port)}", file=sys.stderr)
        return 2
    origins = [o.rstrip("/") for o in args.allow_origin]     # added to the defaults
    from .server.config import env_origins
    try:
        for origin in env_origins():
            web_address(origin, "BALLCOURT_ALLOWED_ORIGINS has", path=False)
    except ValueError as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    data_dir = args.data_dir or default_data_dir()
    sock = None
    try:   # every reason not to serve is said before the banner, which holds the token
        token, token_source = load_token(data_dir)   # serve makes one if none is kept
        cfg = Config(data_dir=data_dir, host=args.host, port=args.port, token=token,
                     token_source=token_source, allowed_origins=origins,
                     tune_time_limit=args.tune_time_limit)
        sock = bind(args.host, args.port)
        app = create_app(cfg)
    except (TokenError, BindError) as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:     # the data dir cannot be written
        if sock is not None:
            sock.close()
        if disk_full(exc, Path(data_dir)):
            print(f"ballcourt: {disk_full_message(data_dir)}", file=sys.stderr)
        else:
            print(f"ballcourt: cannot use the data dir {data_dir}: {exc}", file=sys.stderr)
        return 2
    log_to_stderr()
    print(f"Ballcourt companion {__version__}")
    print(f"  URL:      {cfg.url}")
    print(f"  Token:    {cfg.token}   (from {cfg.token_source})")
    print(f"  Origins:  {', '.join(cfg.allowed_origins)}")
    print(f"  Data dir: {cfg.data_dir}")
    sys.stdout.flush()
    try:
        serve_forever(app, sock, log_requests=args.log_requests)
    except KeyboardInterrupt:
        pass
    return 0


def module(args) -> int:
    """`module install` and `module zip`: the Foundry module this companion was built with."""
    from .module_files import ModuleFilesMissing, install, zip_bytes

    try:
        if args.action == "install":
            from .module_files import NotFoundryData, check_foundry_data
            data = args.foundry_data or default_foundry_data()
            if args.foundry_data is None and not data.is_dir():
                print(f"ballcourt: Foundry's Data folder is not at {data}; give yours with"
                      " --foundry-data DIR (Foundry: Configuration → User Data Path, then Data)",
                      file=sys.stderr)
                return 2
            try:
                check_foundry_data(data)
            except NotFoundryData as exc:
                print(f"ballcourt: {exc}", file=sys.stderr)
                return 2
            try:
                env_url = environment().url
                url = args.companion_url or (
                    web_address(env_url, "BALLCOURT_URL") if env_url else DEFAULT_URL)
            except ValueError as exc:
                print(f"ballcourt: {exc}", file=sys.stderr)
                return 2
            where = install(data, base_url=url)
            print(f"Installed the Ballcourt module {__version__} in {where}")
            print("Enable it in your world: Game Settings → Manage Modules → Ballcourt.")
        else:
            args.out.write_bytes(zip_bytes())
            print(f"Wrote {args.out.resolve()}")
    except BrokenPipeError:
        raise
    except (ModuleFilesMissing, OSError) as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    return 0


def import_body(exported, new_id: bool) -> dict:
    """What `match import` sends: the exported match, asked under a new id if `new_id`."""
    if not isinstance(exported, dict):
        raise InputError("the file holds no exported match (a JSON object)")
    return {**exported, "new_id": True} if new_id else exported


def delete_match(client, args) -> int:
    """`match delete ID`: names the match and asks before deleting it (unless --yes); any
    answer but y or yes keeps it."""
    if not args.yes:
        shown = client.match(args.id)
        teams = " v ".join(t.get("name") or t["id"] for t in shown.get("teams", []))
        print(f"Delete match {args.id} ({shown['game']}{': ' + teams if teams else ''},"
              f" {shown['seq']} events) and its viewer keys? This cannot be undone. [y/N] ",
              end="", file=sys.stderr, flush=True)
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            print(f"Kept match {args.id}.", file=sys.stderr)
            return 0
    client.delete_match(args.id)
    print(f"Deleted match {args.id}.")
    return 0


def board_command(client, args) -> int:
    """`board share|list|revoke MATCH`: the viewer keys of a match's spectator board."""
    mid = args.id
    if args.action == "share":
        made = client.post(f"/matches/{mid}/viewers",
                           {"label": args.label} if args.label else {})
        print(made["url"])
        print(f"  key: {made['key']}  (revoke: ballcourt board revoke {mid} {made['key']})")
    elif args.action == "list":
        keys = client.get(f"/matches/{mid}/viewers")["viewers"]
        if not keys:
            print(f"No viewer keys for match {mid}: make one with ballcourt board share {mid}")
        for k in keys:
            label = f"  ({k['label']})" if k.get("label") else ""
            print(f"{k['key']}  {k['created']}{label}\n  {k['url']}")
    else:
        client.request("DELETE", f"/matches/{mid}/viewers/{args.key}")
        print(f"Revoked {args.key}: its board stops at once.")
    return 0


def preview_text(preview: dict) -> str:
    """A kick preview (which has no card: it rolls nothing) as the overlay says it: the aim,
    the range, the chance to hit, who may intercept; or why the kick cannot be made."""
    aim = f"({preview['target']['x']}, {preview['target']['y']})"
    if not preview["legal"]:
        return f"{preview['kicker']} cannot kick at {aim}: {preview['reason']['message']}."
    attack = preview["attack"]
    lines = [f"{preview['kicker']} would kick at {aim}: {preview['target_ft']} ft of"
             f" {preview['max_range_ft']} ft, attack {attack['modifier']:+d} against AC"
             f" {attack['ac']}, hits {preview['odds']['hit']:.0%}."]
    for i in preview["interceptors"]:
        stops = i["odds"]["yoke"] + i["odds"]["stopped"]
        lines.append(f"  {i['player']} may intercept at ({i['square']['x']},"
                     f" {i['square']['y']}): Reflex DC {i['dc']}, stops it {stops:.0%}.")
    return "\n".join(lines)


def print_card(result: dict) -> None:
    """A card's English as a reader sees it: its texts and its rolls' labels, not their ids."""
    if "chat_card" not in result and "legal" in result:      # a kick preview
        print(preview_text(result))
        return
    card = result.get("chat_card") or {}
    print(card.get("title", {}).get("text", ""))
    for line in card.get("lines", []):
        print("  " + line["text"])
    for roll in card.get("rolls", []):
        print(f"  [{roll.get('label') or roll['name']}: {roll['formula']} -> {roll['total']}]")


# a terminal's escape sequences (CSI, OSC ... BEL or ST, and two-character ones), then any other
# C0 or C1 control character: what a name could use to retitle or clear the GM's terminal
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
                     r"|\x1b[@-_]?|\x9b[0-?]*[ -/]*[@-~]|\x9d[^\x07\x9c]*[\x07\x9c]?")
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_safe(text: str, keep: str = "") -> str:
    """Text with escape sequences and control characters (but newlines, tabs and `keep`)
    taken out: what the companion answers is the players' text, printed as it is."""
    text = ESCAPES.sub("", text)
    return CONTROLS.sub(lambda m: m.group() if m.group() in keep else "", text)


class TerminalSafe:
    """A text stream that writes only terminal-safe text (the CLI's stdout and stderr);
    `keep` is what the CLI itself writes there (stderr's progress bar returns with \\r)."""

    def __init__(self, stream, keep: str = ""):
        self.stream, self.keep = stream, keep

    def write(self, text: str) -> int:
        return self.stream.write(terminal_safe(text, self.keep))

    def __getattr__(self, name):
        return getattr(self.stream, name)


# what a shell reports for a command its reader stopped reading (`seq 9999 | head -1`): 128
# and the number of the signal, SIGPIPE, that ends a Unix tool then
CLOSED_PIPE = 128 + 13
# sysexits.h's EX_SOFTWARE: an error inside ballcourt, never one in what the user gave (2)
INTERNAL_ERROR = 70


def main(argv: list[str] | None = None) -> int:
    """The command; output into a closed pipe (`--json | head`) ends it quietly, with the
    status a Unix tool has then (not 1, "the companion refused", nor 2). An error no command
    expected is a bug: its traceback, a line saying so, and status 70, so it never reads as
    a mistake in the command line."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalSafe(out), TerminalSafe(err, keep="\r")
    try:
        status = _main(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)   # so the exit's own flush cannot fail
        os.dup2(devnull, out.fileno())
        return CLOSED_PIPE
    except Exception:
        traceback.print_exc()
        print("ballcourt: an error inside ballcourt, not in what you gave it: please report it"
              " with the command and the lines above", file=sys.stderr)
        return INTERNAL_ERROR
    finally:
        sys.stdout, sys.stderr = out, err


def yaotzin_command(client, args) -> int:
    """`ballcourt yaotzin inspect|odds|play`: a roster file posted, the answer as text."""
    body = read_json(args.roster)
    if args.action != "inspect":
        if not isinstance(body, dict):
            raise InputError(f"{args.roster}: the roster file holds a JSON object")
        for option in ("seed", "matches"):
            if getattr(args, option, None) is not None:
                body[option] = getattr(args, option)
        client.timeout = max(client.timeout, TUNE_WAIT)
    found = client.post(f"/yaotzin/{args.action}", body)
    text = {"inspect": inspection_text, "odds": odds_text, "play": play_text}[args.action]
    print(json.dumps(found, indent=2, ensure_ascii=False) if args.json else text(found))
    return 0


def _main(argv: list[str] | None = None) -> int:
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
        from .server.config import TokenError, default_data_dir, load_token
        try:
            print(load_token(args.data_dir or default_data_dir())[0])
        except TokenError as exc:
            print(f"ballcourt: {exc}", file=sys.stderr)
            return 2
        return 0

    if args.command == "module":
        return module(args)

    from .client import Client, CompanionError, CompanionUnreachable
    try:
        env_url = environment().url
        url = web_address(args.url, "--url") if args.url else (
            web_address(env_url, "BALLCOURT_URL") if env_url else None)
        client = Client(url, args.token)
    except ValueError as exc:   # a bad address, or BALLCOURT_TOKEN (a TokenError)
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    try:
        if args.command == "board":
            return board_command(client, args)
        if args.command == "yaotzin":
            return yaotzin_command(client, args)
        if args.command in TABLE_COMMANDS:
            return run_table_command(client, args, read_json)
        if args.command == "match" and args.action == "delete":
            return delete_match(client, args)
        if args.command == "match":
            result = {
                "new": lambda: client.new_match(read_json(args.file)),
                "list": lambda: client.get("/matches"),
                "show": lambda: client.match(args.id),
                "events": lambda: {"events": client.events(args.id)},
                "undo": lambda: client.undo(args.id),
                "apply": lambda: client.apply(args.id, read_json(args.file)),
                "verify": lambda: client.get(f"/matches/{args.id}/verify"),
                "export": lambda: client.get(f"/matches/{args.id}/export"),
                "import": lambda: client.post("/matches/import",
                                              import_body(read_json(args.file), args.new_id)),
                "report": lambda: client.report(args.id, args.format, args.lang),
            }[args.action]()
            if isinstance(result, str):        # match report --format md
                print(result, end="")
                return 0
            if args.action in ("list", "show") and wants_table(args):
                print(match_list_text(result) if args.action == "list"
                      else match_show_text(result))
                return 0
        else:
            result = client.post(RULE_COMMANDS[args.command], read_json(args.file))
            if args.text:
                print_card(result)
                return 0
    except CompanionUnreachable as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 3
    except CompanionError as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        lines = [f"{field}: {' '.join(messages)}" for field, messages in exc.fields.items()]
        if lines != [str(exc).partition(": ")[2]]:     # one field: the message said it all
            for line in lines:
                print(f"  {line}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise
    except (OSError, InputError) as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
