"""`ballcourt serve` and `ballcourt module`: run the companion, install the Foundry module."""

from __future__ import annotations

import sys
from pathlib import Path

from . import __version__
from .cli_input import web_address
from .defaults import DEFAULT_URL, environment
from .module_files import default_foundry_data

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


def data_dir_refusal(exc: BaseException, data_dir) -> str:
    """Why `serve` or `token` cannot use the data dir: its disk is full, or what the system
    said (a file where the folder should be, no permission)."""
    from .server.db import disk_full, disk_full_message

    if disk_full(exc, Path(data_dir)):
        return disk_full_message(data_dir)
    return f"cannot use the data dir {data_dir}: {exc}"


def serve(args) -> int:
    import sqlite3

    from .server import create_app
    from .server.config import Config, TokenError, default_data_dir, load_token
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
        print(f"ballcourt: {data_dir_refusal(exc, data_dir)}", file=sys.stderr)
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
