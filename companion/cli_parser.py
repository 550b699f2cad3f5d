"""The `ballcourt` command line: its commands, options and --help, parsed by argparse."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import __version__
from .cli_input import origin_option, url_option
from .cli_tables import add_table_choice, add_table_commands
from .defaults import DEFAULT_HOST, DEFAULT_PORT, DEFAULT_URL, TUNE_TIME_LIMIT
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


def _read(text: str, parse, what: str):
    """`text` read by `parse` (int, float), or argparse's error saying it is not `what`."""
    try:
        return parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535 (argparse's type for --port)."""
    port = _read(text, int, "a port number")
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: give 1 to 65535")
    return port


def seconds(text: str) -> float:
    """A time limit in seconds, 1 to 3600 (argparse's type for --tune-time-limit)."""
    value = _read(text, float, "a number of seconds")
    if not 1 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text} s is out of range: give 1 to 3600")
    return value


def processes(text: str) -> int:
    """A count of worker processes, 1 or more (argparse's type for --workers)."""
    count = _read(text, int, "a number of processes")
    if count < 1:
        raise argparse.ArgumentTypeError(f"{count} processes: give 1 or more (1 = this"
                                         " process only)")
    return count


def whole_squares_ft(text: str) -> int:
    """A chart's longest distance in feet, whole 5-ft squares (argparse's type for --max-ft)."""
    feet = _read(text, int, "a number of feet")
    if feet < 5:
        raise argparse.ArgumentTypeError(f"the chart runs from 5 ft, not {feet}")
    if feet % 5:
        raise argparse.ArgumentTypeError(f"{feet} ft is not a whole number of 5-ft squares")
    return feet


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
    sim.add_argument("--workers", type=processes, default=None,
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
    kick.add_argument("--workers", type=processes, default=None,
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
    kick.add_argument("--max-ft", type=whole_squares_ft, default=70,
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
