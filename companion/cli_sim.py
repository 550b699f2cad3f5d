"""`ballcourt simulate`: the goat-ball balance run and the Yaotzin charts, from a shell."""

from __future__ import annotations

import json
import sys

from .cli_input import InputError, read_json


def option_named(field: str | None, args) -> str | None:
    """The option a refused parameter came from, as a user types it (the charts'
    `max_squares` is --max-ft, `pass_limit` --pass-limit); a roster file's field
    (`teams.0.id`) as it is."""
    dest = "max_ft" if field == "max_squares" else field
    return f"--{dest.replace('_', '-')}" if dest in vars(args) else field


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
        print(f"ballcourt: {option_named(exc.field, args)}: {exc}", file=sys.stderr)
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
        print(f"ballcourt: --strengths: not a comma-separated list of numbers:"
              f" {args.strengths!r}", file=sys.stderr)
        return 2
    build, table = {"kick": (charts.kick_chart, charts.chart_table),
                    "aim": (charts.aim_chart, charts.aim_table),
                    "hoop": (charts.hoop_chart, charts.hoop_table)}[args.chart]
    try:
        chart = build(strengths=strengths, max_squares=args.max_ft // 5, dex=args.dex,
                      bab=args.bab, feats=feats)
    except RulesError as exc:
        print(f"ballcourt: {option_named(exc.field, args)}: {exc}", file=sys.stderr)
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


def roster_file(path) -> dict:
    """--roster's file: the teams, and nothing the options say (a /goatball/tune body's
    `zones` or `matches` would be left unused without a word)."""
    body = read_json(str(path))
    other = sorted(set(body) - {"teams"}) if isinstance(body, dict) else []
    if other:
        raise InputError(f"--roster: FILE gives the teams only, not {', '.join(other)}: say"
                         " those with the options (--zones, --max-matches, ...)")
    return body


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
        roster = None if args.roster is None else roster_from(roster_file(args.roster))
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
