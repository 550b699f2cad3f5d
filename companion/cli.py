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
    serve.add_argument("--log-requests", action="store_true",
                       help="log every HTTP request to stderr (off by default)")

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
    return parser


def read_json(path: str):
    text = sys.stdin.read() if path == "-" else Path(path).read_text()
    return json.loads(text)


def serve(args) -> int:
    from .server import create_app
    from .server.config import Config, TokenError, default_data_dir, env_origins
    from .server.serving import BindError, bind
    from .server.serving import serve as serve_forever

    origins = [o.rstrip("/") for o in args.allow_origin] or env_origins()
    try:   # every reason not to serve is said before the banner, which holds the token
        cfg = Config(data_dir=args.data_dir or default_data_dir(), host=args.host,
                     port=args.port, allowed_origins=origins)
        sock = bind(args.host, args.port)
    except (TokenError, BindError) as exc:
        print(f"ballcourt: {exc}", file=sys.stderr)
        return 2
    app = create_app(cfg)
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
    if args.command == "token":
        from .server.config import TokenError, default_data_dir, load_token
        try:
            print(load_token(args.data_dir or default_data_dir())[0])
        except TokenError as exc:
            print(f"ballcourt: {exc}", file=sys.stderr)
            return 2
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
