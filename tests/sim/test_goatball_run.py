"""The goat-ball balance simulator: seating, the lean path against the full engine, the
criterion and its paired comparisons, seeded runs, the CLI."""

import json
import os
import random
import subprocess
import sys
from dataclasses import fields, replace

import pytest

from companion.rules.errors import RulesError
from companion.rules.goatball.state import Player
from companion.sim import goatball_match as sim
from companion.sim.goatball_run import (
    compare,
    finish_within,
    mean_ci,
    median_passes,
    parse_tactics,
    parse_zones,
    rate_ci,
    recommend,
    simulate,
    survival,
    table,
)
from companion.tactics import PRESETS


def cli(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "companion.cli", "simulate", "goatball", *args],
                          capture_output=True, text=True, timeout=timeout, env=env)


def game(passes, finished=True, winner="red", weaker="blue"):
    return sim.MatchStats(passes=passes, winner=winner if finished else "limit",
                          weaker=weaker)


# -- seating ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players, zones", [(6, 2), (6, 4), (6, 6), (6, 12), (4, 3), (5, 7)])
def test_seating_fills_every_zone_and_spreads_each_team_over_the_strip(players, zones):
    arena, skills = sim.make_arena(players, zones, random.Random("seat"))
    total = 2 * players
    counts = {z: sum(1 for p in arena.players if p.zone == z) for z in sim.zone_names(zones)}
    assert all(c >= 1 for c in counts.values())
    assert max(counts.values()) - min(counts.values()) <= 1
    for team in sim.TEAMS:
        idx = sorted(int(p.zone[1:]) for p in arena.team_players(team))
        assert idx[0] <= 2 and idx[-1] >= zones - 1     # from one end of the strip to the other
    assert len({p.platform for p in arena.players}) == total


def test_seating_past_one_zone_a_player_leaves_gaps_so_every_zone_count_differs():
    layouts = set()
    for zones in (12, 13, 16, 20):
        arena, _ = sim.make_arena(6, zones, random.Random("gap"))
        used = [p.zone for p in arena.players]
        assert len(set(used)) == 12                      # one player a zone, gaps between
        assert {"z1", f"z{zones}"} & set(used)           # the strip's whole length is used
        layouts.add(tuple(sorted(used)))
    assert len(layouts) == 4


def test_the_same_arena_seed_gives_the_same_skills_and_order_for_every_zone_count():
    a0, s0 = sim.make_arena(6, 0, random.Random("k"))
    a5, s5 = sim.make_arena(6, 5, random.Random("k"))
    assert s0 == s5 and all(0 <= s.athletics <= 5 for s in s0.values())
    assert [p.platform for p in a0.players] == [p.platform for p in a5.players]
    assert all(p.zone is None for p in a0.players)


# -- the lean path ----------------------------------------------------------------------------
def test_lean_dice_draw_exactly_what_the_tables_dice_draw():
    full, lean = sim.StreamDice(sim.Streams("m")), sim.LeanDice(sim.Streams("m"))
    for i in range(500):
        adv, dis = i % 3 == 1, i % 5 == 2
        assert lean.d20_total(f"p{i % 4}.throw", i % 7, adv, dis) == \
            full.d20(f"p{i % 4}.throw", i % 7, adv, dis).total
    assert lean.rolls == [] and len(full.rolls) == 500
    assert {r.natural for r in full.rolls if not r.keep} == set(range(1, 21))


def test_each_match_player_and_purpose_draws_from_its_own_stream():
    """A player's k-th roll for a purpose depends on nothing else: not on what else was
    rolled before it, nor in what order, which is what pairs the zone counts."""
    names = ["red1.initiative", "red1.throw", "blue2.defense.red1", "blue2.knock_off"]

    def draws(order, rounds=3):
        s = sim.Streams("1:6:7:dice")
        return {(r, n): s.die(n) for r in range(rounds) for n in order}
    one, other = draws(names), draws(names[::-1] + ["red3.throw"])
    assert all(other[key] == v for key, v in one.items())
    s = sim.Streams("1:6:7:dice")
    assert s.die("red1.intercept") == one[0, "red1.throw"]     # one check stream, either side
    assert s.die("red1.throw") == one[1, "red1.throw"]
    apart = sim.Streams("1:6:8:dice")
    assert [apart.die(n) for n in names] != [one[0, n] for n in names]


def test_the_streams_pair_what_happens_at_two_zone_counts():
    """With the streams, the same matches at 6 and 8 zones (6 a side) end within the budget
    together far more often than independent matches would: the correlation is positive."""
    from companion.sim.stats import pairing

    a = [int(sim.play_match(6, 6, f"c:{i}", f"c:{i}:dice", 40).finished) for i in range(120)]
    b = [int(sim.play_match(6, 8, f"c:{i}", f"c:{i}:dice", 40).finished) for i in range(120)]
    corr, narrower = pairing(a, b)
    assert corr > 0.1 and narrower > 0.05


def test_a_players_status_and_zone_copies_are_replace_on_every_field():
    """The engine's fast copies (knock-outs, returns, moves) keep every other field, whatever
    is added."""
    values = {"id": "a", "team": "t", "platform": "p1", "zone": "z1", "name": "Al"}
    p = Player(**{f.name: values.get(f.name, True) for f in fields(Player) if f.init})
    for out, dead in [(True, False), (False, False), (False, True), (True, True)]:
        twin, reference = p.with_status(out=out, dead=dead), replace(p, out=out, dead=dead)
        assert [getattr(twin, f.name) for f in fields(Player)] == \
            [getattr(reference, f.name) for f in fields(Player)]
    moved, reference = p.with_zone("z2"), replace(p, zone="z2")
    assert [getattr(moved, f.name) for f in fields(Player)] == \
        [getattr(reference, f.name) for f in fields(Player)]


@pytest.mark.parametrize("tactics", [None, "follow-ball", ["thin-defence", "double-team"],
                                     "evasive"])
@pytest.mark.parametrize("players, zones", [(4, 0), (6, 3), (5, 8)])
def test_differential_the_lean_path_plays_every_seeded_match_exactly_as_the_full_engine(
        tactics, players, zones):
    """Same arena, same dice: every pass's outcome, totals, possession, outs and falls are the
    same on both paths; the full path validated every pass's declarations."""
    for i in range(4):
        full_trace, lean_trace = [], []
        full = sim.play_match(players, zones, f"d:{i}", f"d:{i}:dice", tactics=tactics,
                              lean=False, trace=full_trace)
        lean = sim.play_match(players, zones, f"d:{i}", f"d:{i}:dice", tactics=tactics,
                              lean=True, trace=lean_trace)
        assert len(full_trace) == full.passes >= 1
        assert lean_trace == full_trace
        assert lean == full


def test_a_whole_match_ends_with_a_winner_or_a_draw_and_repeats_from_its_seeds():
    one = sim.play_match(4, 2, "s:1", "s:1:dice")
    assert one == sim.play_match(4, 2, "s:1", "s:1:dice")
    assert one.winner in ("red", "blue", "draw", "limit") and one.passes >= 1
    capped = sim.play_match(8, 0, "s:1", "s:1:dice", pass_limit=3)
    assert capped.passes <= 3 and (capped.winner == "limit" or capped.passes < 3)
    games = [sim.play_match(4, 0, f"t:{i}", f"t:{i}:dice") for i in range(30)]
    assert any(g.winner in sim.TEAMS for g in games)
    assert sum(g.hot_throws for g in games) > 0 and sum(g.knock_offs for g in games) > 0
    assert sum(g.intercepted for g in games) <= sum(g.throws for g in games)
    for g in games:
        assert all(0 <= d <= n for d, n in zip(g.decisive, g.declared))


def test_a_roster_plays_with_its_own_skills():
    strong = [(f"s{i}", sim.Skills(5, 5)) for i in range(4)]
    weak = [(f"w{i}", sim.Skills(0, 0)) for i in range(4)]
    games = [sim.play_match(4, 2, f"r:{i}", f"r:{i}:dice", roster=[("s", strong), ("w", weak)])
             for i in range(20)]
    assert all(g.weaker == "w" for g in games)
    wins = sum(g.winner == "s" for g in games)
    assert wins > sum(g.winner == "w" for g in games)


# -- figures and the criterion ----------------------------------------------------------------
def test_confidence_intervals():
    mean, lo, hi = mean_ci([1, 2, 3, 4])
    assert mean == 2.5 and hi - mean == pytest.approx(1.96 * (5 / 3) ** 0.5 / 2)
    p, lo, hi = rate_ci(0, 100)
    assert p == 0 and lo == 0 and 0.03 < hi < 0.04          # Wilson: 0/100 -> [0, 3.7%]


def test_survival_censors_at_the_pass_limit():
    games = [game(10), game(20), game(20), game(200, finished=False), game(200, finished=False)]
    curve = survival(games)
    assert curve == [(10, pytest.approx(0.8)), (20, pytest.approx(0.4))]
    assert finish_within(games, 15) == pytest.approx(0.2)
    assert finish_within(games, 40) == pytest.approx(0.6)
    assert median_passes(games)[0] == 20.0
    assert median_passes([game(30)] + [game(200, finished=False)] * 3)[0] is None


def test_compare_recommends_the_fewest_zones_within_the_margin():
    clear = {0: [game(100)] * 150, 4: [game(30)] * 150, 8: [game(30)] * 150}
    c = compare(clear, budget=40)
    assert c["best"] == 4 and c["leaders"] == [4, 8] and c["behind"] == [0]
    assert c["recommended"] == 4 and c["decided"] and c["within_margin"] == [4, 8]
    assert "4 zones are within 5% of the best" in c["verdict"]
    same = {z: [game(30 if i % 2 else 100) for i in range(100)] for z in (0, 3, 6)}
    c = compare(same, budget=40)
    assert c["recommended"] == 0 and c["behind"] == []      # identical: none is worse
    assert sum(c["win_share"].values()) == pytest.approx(1)
    noisy = {0: [game(30 if i % 2 else 100) for i in range(20)],
             3: [game(30 if i % 2 == 0 else 100) for i in range(20)]}
    c = compare(noisy, budget=40)
    assert not c["decided"] and c["recommended"] is None and "cannot tell" in c["verdict"]


def test_the_first_simulators_rule_is_kept_for_reference():
    def r(z, draws, hi):
        return {"zones": z, "draw_rate": draws, "ci95": {"draw_rate": [0, hi]}}
    assert recommend([r(0, 0.30, 0.35), r(4, 0.12, 0.15), r(8, 0.09, 0.13)])[0] == 4


def test_simulate_is_seeded_the_same_in_one_process_or_several_and_adaptive():
    a = simulate(4, [0, 2], 30, seed=7, workers=1, batch=10, robustness=False)
    b = simulate(4, [0, 2], 30, seed=7, workers=2, batch=10, robustness=False)
    assert a == b
    assert simulate(4, [0, 2], 30, seed=8, workers=1, robustness=False) != a
    assert [r["zones"] for r in a["results"]] == [0, 2]
    row = a["results"][1]
    assert row["players_per_zone"] == 4.0 and a["results"][0]["players_per_zone"] is None
    for key in ("finish_within_budget", "passes_per_match", "draw_rate", "upset_rate",
                "intercepted_share", "knock_offs_per_match", "tipoff_winner_win_rate"):
        lo, hi = row["ci95"][key]
        assert lo <= row[key] <= hi
    assert set(row["actions"]) == set(sim.ACTION_KINDS)
    assert "recommended zones:" in table(a) and "0 (none)" in table(a)
    one = simulate(4, [3], 200, seed=1, workers=1, batch=20, robustness=False)
    assert one["matches_played"] == 20 and one["recommended_zones"] == 3      # decided at once
    assert row["players_per_zone_one_team"] == 2.0 and "both teams" in a["players_per_zone_reading"]
    shares = row["teams"]["red"]
    assert sum(shares[k] for k in ("win", "loss", "draw", "unfinished")) == pytest.approx(1)
    assert shares["unfinished"] == row["unfinished"] == pytest.approx(
        1 - row["finish_within_budget"])


def test_robustness_plays_every_preset_at_the_same_matches_for_each_seed():
    r = simulate(4, [0, 4], 20, seed=2, workers=1, robust_matches=10, batch=10)
    rob = r["robustness"]
    assert rob["seeds"] == [2, 3, 4] and rob["matches"] == 10
    assert set(rob["presets"]) == set(PRESETS)
    assert all(len(p["answers"]) == 3 and set(p["by_seed"]) == {"2", "3", "4"}
               for p in rob["presets"].values())
    assert set(rob["holds_for"]) | set(rob["fails_for"]) | set(rob["cannot_tell_for"]) == \
        set(PRESETS)
    assert rob["robust"] == (set(rob["holds_for"]) == set(PRESETS))
    # the run's own preset at its own seed is the first 10 of the run's own matches
    alone = simulate(4, [0, 4], 10, seed=2, workers=1, batch=10, robustness=False)
    own = rob["presets"]["single-chaser"]["by_seed"]["2"]
    assert own["finish_within_budget"] == {str(x["zones"]): x["finish_within_budget"]
                                           for x in alone["results"]}


@pytest.mark.parametrize("kw, field", [({"budget": 501}, "budget"), ({"budget": 0}, "budget"),
                                       ({"budget": 50, "pass_limit": 40}, "budget"),
                                       ({"pass_limit": 1001}, "pass_limit"),
                                       ({"tactics": "hoof"}, "tactics"),
                                       ({"fall_risk": 1.5}, "fall_risk"),
                                       ({"players": 0}, "players")])
def test_bad_options_are_refused_with_the_field(kw, field):
    with pytest.raises(RulesError) as err:
        simulate(**{"players": 4, "zones": [0], "matches": 2, **kw})
    assert err.value.field == field


@pytest.mark.parametrize("bad, field", [("x,2", "zones"), ("", "zones"), ("0,99", "zones")])
def test_bad_zone_lists_are_refused(bad, field):
    with pytest.raises(RulesError) as err:
        parse_zones(bad)
    assert err.value.field == field


def test_parse_tactics():
    assert parse_tactics("evasive, double-team") == ["evasive", "double-team"]
    assert parse_tactics(None) == ["single-chaser"]


def test_dask_runs_the_same_task_function_with_the_same_answer():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = simulate(4, [0, 2], 20, seed=3, robustness=False, client=client)
    here = simulate(4, [0, 2], 20, seed=3, robustness=False, workers=1)
    assert there == here


# -- the CLI ----------------------------------------------------------------------------------
def test_cli_help_lists_the_presets_and_every_default():
    out = cli("--help")
    assert out.returncode == 0
    for name in PRESETS:
        assert name in out.stdout
    for text in ("default 6", "default 0,1,2,3,4,6,8", "default 3000", "default 1)",
                 "default single-chaser", "default 40", "default twice the budget",
                 "every core"):
        assert text in " ".join(out.stdout.split()), text


def test_cli_json_is_the_contracts_object_and_repeats():
    args = ("--players", "4", "--zones", "0,3", "--matches", "12", "--seed", "5", "--json",
            "--no-robustness", "--tactics", "evasive,follow-ball", "--budget", "30")
    first = cli(*args)
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert {"players", "matches", "seed", "results", "recommended_zones"} <= set(report)
    assert (report["players"], report["matches"], report["seed"]) == (4, 12, 5)
    assert report["tactics"] == ["evasive", "follow-ball"] and report["budget"] == 30
    assert [r["zones"] for r in report["results"]] == [0, 3]
    for r in report["results"]:
        assert {"passes_per_match", "draw_rate", "hot_throws_per_match",
                "knock_offs_per_match", "ci95", "players_per_zone",
                "finish_within_budget"} <= set(r)
        assert len(r["ci95"]["finish_within_budget"]) == 2
    assert cli(*args).stdout == first.stdout


def test_cli_roster_tunes_for_that_table(tmp_path):
    roster = {"teams": [{"id": "a", "players": [{"id": f"a{i}", "athletics": 3,
                                                  "acrobatics": 1} for i in range(3)]},
                        {"id": "b", "players": [{"id": f"b{i}", "athletics": 0,
                                                  "acrobatics": 4} for i in range(3)]}]}
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(roster))
    out = cli("--roster", str(path), "--zones", "0,2", "--matches", "10", "--json",
              "--no-robustness")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["players"] == 3
    path.write_text(json.dumps({"teams": [roster["teams"][0]]}))
    bad = cli("--roster", str(path), "--matches", "2")
    assert bad.returncode == 2 and "teams" in bad.stderr


def test_cli_bad_input_names_the_field():
    out = cli("--zones", "two")
    assert out.returncode == 2 and "zones" in out.stderr and "Traceback" not in out.stderr
    out = cli("--players", "0", "--matches", "2")
    assert out.returncode == 2 and "players" in out.stderr
    out = cli("--matches", "2", "--plot", "figure.pdf")
    assert out.returncode == 2 and ".png or .svg" in out.stderr
    out = cli("--matches", "2", "--tactics", "hoof")
    assert out.returncode == 2 and "tactics" in out.stderr and "single-chaser" in out.stderr


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_cli_plot_draws_a_file(tmp_path, suffix):
    target = tmp_path / f"zones{suffix}"
    out = cli("--players", "4", "--zones", "0,2", "--matches", "8", "--no-robustness",
              "--plot", str(target))
    assert out.returncode == 0, out.stderr
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data[:2000]


def test_cli_plot_without_matplotlib_says_how_to_get_it(tmp_path):
    blocker = tmp_path / "block"
    blocker.mkdir()
    (blocker / "matplotlib.py").write_text("raise ImportError('no matplotlib here')\n")
    env = {**os.environ, "PYTHONPATH": f"{blocker}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    out = cli("--zones", "0", "--matches", "2", "--plot", str(tmp_path / "x.png"), env=env)
    assert out.returncode == 2
    assert "pip install 'ballcourt[sim]'" in out.stderr


def test_the_docs_headline_is_the_default_runs_answer():
    """docs/simulator.md's 6-a-side answer is docs/figures/goatball-6.json, and that JSON was
    made with exactly the CLI's defaults (so `ballcourt simulate goatball` prints the same)."""
    from pathlib import Path

    from companion.cli_parser import build_parser
    from companion.cli_sim import robust_matches
    from companion.sim.goatball_run import (
        DEFAULT_MATCHES,
        DEFAULT_ZONES,
        MARGIN,
        ROBUST_MATCHES,
        ROBUST_SEEDS,
        pass_limit_for,
    )

    root = Path(__file__).parents[2]
    report = json.loads((root / "docs" / "figures" / "goatball-6.json").read_text())
    args = build_parser().parse_args(["simulate", "goatball"])
    assert (report["players"], report["matches"], report["seed"], report["budget"],
            report["pass_limit"], report["margin"]) == (
        args.players, args.matches, args.seed, args.budget,
        pass_limit_for(args.budget, args.pass_limit), args.margin)
    assert [r["zones"] for r in report["results"]] == parse_zones(args.zones) == \
        list(DEFAULT_ZONES)
    assert args.matches == DEFAULT_MATCHES and report["tactics"] == "single-chaser"
    assert args.tactics is None and args.adaptive and args.robustness
    assert args.margin == MARGIN and robust_matches(args) == ROBUST_MATCHES == \
        report["robustness"]["matches"] and args.robust_seeds == ROBUST_SEEDS == \
        len(report["robustness"]["seeds"])
    doc = (root / "docs" / "simulator.md").read_text()
    rec = report["recommended_zones"]
    assert f'"recommended zones: {rec if rec is not None else "cannot tell"}' in doc
    assert report["answer"] in " ".join(doc.split())
    if rec is not None:
        row = next(r for r in report["results"] if r["zones"] == rec)
        lo, hi = row["ci95"]["finish_within_budget"]
        assert f"{row['finish_within_budget']:.0%} ({lo * 100:.0f}–{hi:.0%})" in doc
    robust = report["robustness"]["robust"]
    assert ("**robust**" if robust else "**not robust**") in doc


def test_a_short_run_has_a_short_robustness_check_and_help_says_how_to_skip_it(monkeypatch):
    """--matches 100 once ran 300 matches a preset and seed in the robustness check (six
    minutes); and nothing in --help's text said --no-robustness skips it."""
    import companion.sim.goatball_run as run
    from companion.cli import main
    from companion.cli_parser import build_parser

    asked = {}

    def fake_simulate(*args, **kwargs):
        asked.update(kwargs)
        raise RulesError("stop here", field="matches")

    monkeypatch.setattr(run, "simulate", fake_simulate)
    assert main(["simulate", "goatball", "--matches", "100", "--budget", "20"]) == 2
    assert asked["robust_matches"] == 100
    main(["simulate", "goatball", "--matches", "100", "--robust-matches", "250"])
    assert asked["robust_matches"] == 250
    main(["simulate", "goatball"])
    assert asked["robust_matches"] == run.ROBUST_MATCHES
    sub = next(a for a in build_parser()._actions if a.dest == "command").choices["simulate"]
    text = " ".join(next(a for a in sub._actions if a.dest == "game").choices["goatball"]
                    .format_help().split())
    matches_help = text[text.index("--matches MATCHES "):text.index("--seed SEED ")]
    assert "--no-robustness skips it" in matches_help
    assert "--no-robustness skips it (docs/simulator.md)" in text


def test_the_plot_draws_a_figure_no_zone_count_gave(tmp_path):
    """--zones 0,2,4 --matches 200: most matches never end, so no median at all; the plot
    crashed after the run ("Data cannot be log-scaled") and wrote nothing."""
    from companion.sim.plot import plot

    report = simulate(4, [0, 2], 8, workers=1, robustness=False)
    for row in report["results"]:
        row["median_passes"] = None
        row["ci95"]["median_passes"] = [None, None]
    target = plot([report], tmp_path / "zones.png")
    assert target.read_bytes().startswith(b"\x89PNG")


def test_plot_on_a_yaotzin_table_chart_is_refused_with_why(tmp_path):
    out = subprocess.run([sys.executable, "-m", "companion.cli", "simulate", "yaotzin",
                          "--chart", "hoop", "--max-ft", "15", "--plot", str(tmp_path / "h.png")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "--chart matches" in out.stderr, out.stderr
    assert out.stdout == ""


def test_the_table_prints_words_not_python_values():
    """"within the margin ['3']", "best None" and a count's interval from -0.4 leaked."""
    report = simulate(4, [0, 3], 8, workers=1, robustness=False)
    report["comparison"].update(best=None, within_margin=["3"], behind=[])
    row = report["results"][1]
    row["knock_offs_per_match"], row["ci95"]["knock_offs_per_match"] = 0.3, [-0.4, 1.0]
    row["median_passes"], row["ci95"]["median_passes"] = 57.0, [30.0, None]
    text = table(report)
    assert "[" not in text and "None" not in text and "-0.4" not in text, text
    assert "best none, within the margin 3, behind none" in text
    assert "0.3 (0.0-1.0)" in text
    assert f"57 (30 or more, past {report['pass_limit']})" in text


def test_a_run_given_what_was_played_replays_none_of_it(monkeypatch):
    """A tune trying one more zone count plays that count's matches only: the others' are the
    same matches (common random numbers), kept from the run before."""
    import companion.sim.goatball_run as run

    calls = []
    real = run.play_chunk
    monkeypatch.setattr(run, "play_chunk", lambda spec: calls.append(spec["zones"]) or real(spec))
    played: dict = {}
    first = simulate(3, [0, 2], 20, seed=5, workers=1, robustness=False, batch=10, played=played)
    calls.clear()
    again = simulate(3, [0, 2, 4], 20, seed=5, workers=1, robustness=False, batch=10,
                     played=played)
    assert set(calls) == {4}
    assert again["results"][:2] == first["results"]


def test_seeds_pool_independent_runs_into_one_answer():
    """--seeds 1,2: each seed's own matches, shared evenly, `matches` a count in all."""
    pooled = simulate(3, [0, 2], 20, workers=1, robustness=False, batch=10, adaptive=False,
                      seeds=[1, 2])
    alone = simulate(3, [0, 2], 10, seed=1, workers=1, robustness=False, batch=10,
                     adaptive=False)
    assert pooled["seeds"] == [1, 2] and pooled["seed"] == 1
    assert pooled["matches_played"] == 20 and pooled["plausible"]
    assert pooled["results"] != alone["results"]
    with pytest.raises(RulesError):
        simulate(3, [0, 2], 20, workers=1, robustness=False, seeds=list(range(21)))


@pytest.mark.parametrize("option, says", [
    ("--robust-seeds", "ballcourt: --robust-seeds: the robustness runs need 1 to 10 seeds\n"),
    ("--robust-matches",
     "ballcourt: --robust-matches: the robustness runs need 1 to 100000 matches\n")])
def test_a_bad_robustness_option_is_named_itself(option, says, capsys):
    """--robust-seeds 0 was refused as --robust-matches, naming both limits."""
    from companion.cli import main

    assert main(["simulate", "goatball", "--matches", "5", option, "0"]) == 2
    assert capsys.readouterr().err == says
