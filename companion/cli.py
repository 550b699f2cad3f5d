"""The `ballcourt` command: run the companion, or drive it from a shell or a script."""

from __future__ import annotations

import json
import os
import re
import sys
import traceback
from typing import TYPE_CHECKING

from .cli_input import InputError, read_json, web_address
from .cli_parser import RULE_COMMANDS, build_parser
from .cli_serve import data_dir_refusal, module, serve
from .cli_sim import kick_chart, simulate
from .cli_tables import (
    TABLE_COMMANDS,
    TUNE_WAIT,
    inspection_text,
    match_list_text,
    match_show_text,
    odds_text,
    play_text,
    run_table_command,
    wants_table,
)
from .defaults import environment

if TYPE_CHECKING:
    from .client import CompanionError


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
    from .client import match_path

    mid = args.id
    if args.action == "share":
        made = client.post(match_path(mid, "viewers"),
                           {"label": args.label} if args.label else {})
        print(made["url"])
        print(f"  key: {made['key']}  (revoke: ballcourt board revoke {mid} {made['key']})")
    elif args.action == "list":
        keys = client.get(match_path(mid, "viewers"))["viewers"]
        if not keys:
            print(f"No viewer keys for match {mid}: make one with ballcourt board share {mid}")
        for k in keys:
            label = f"  ({k['label']})" if k.get("label") else ""
            print(f"{k['key']}  {k['created']}{label}\n  {k['url']}")
    else:
        client.request("DELETE", match_path(mid, "viewers", args.key))
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


def refusal_lines(exc: CompanionError) -> list[str]:
    """A refusal as the CLI says it: its status, code and message, then each bad field on its
    own line; one bad field is said once, named, whether the message names it or not."""
    head, _, said = str(exc).partition(": ")
    fields = [(field, " ".join(messages)) for field, messages in exc.fields.items()]
    if len(fields) == 1:
        field, text = fields[0]
        if said.startswith(f"{field}: "):
            return [f"ballcourt: {exc}"]
        if said == text:
            return [f"ballcourt: {head}: {field}: {said}"]
    return [f"ballcourt: {exc}", *(f"  {field}: {text}" for field, text in fields)]


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
        data_dir = args.data_dir or default_data_dir()
        try:
            print(load_token(data_dir)[0])
        except TokenError as exc:
            print(f"ballcourt: {exc}", file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"ballcourt: {data_dir_refusal(exc, data_dir)}", file=sys.stderr)
            return 2
        return 0

    if args.command == "module":
        return module(args)

    from .client import Client, CompanionError, CompanionUnreachable, match_path
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
                "verify": lambda: client.get(match_path(args.id, "verify")),
                "export": lambda: client.get(match_path(args.id, "export")),
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
        for line in refusal_lines(exc):
            print(line, file=sys.stderr)
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
