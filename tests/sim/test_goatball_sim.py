"""The goat-ball balance simulator: real engine, documented policy, seeded, figures with CIs."""

import json
import random
import subprocess
import sys
from dataclasses import replace

import pytest

from companion.rules.dice import Dice
from companion.rules.errors import RulesError
from companion.rules.goatball.passes import resolve_pass
from companion.rules.goatball.state import Possession
from companion.sim import goatball as sim
from companion.sim.run import mean_ci, parse_zones, rate_ci, recommend, simulate, table


def cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "companion.cli", "simulate", "goatball", *args],
                          capture_output=True, text=True, timeout=60, env=env)


def arena_with_ball(players=6, zones=0, hot=False, seed="a"):
    arena, skills = sim.make_arena(players, zones, random.Random(seed))
    carrier = arena.player("red1")
    pos = Possession("red", "red1", (carrier.platform, "x1", "x2", "x3") if hot
                     else (carrier.platform,), hot)
    return replace(arena, possession=pos), skills


def test_arena_spreads_each_team_over_the_zones_and_keeps_skills_across_zone_counts():
    a0, s0 = sim.make_arena(6, 0, random.Random("k"))
    a3, s3 = sim.make_arena(6, 3, random.Random("k"))
    assert s0 == s3 and all(0 <= s.athletics <= 5 for s in s0.values())
    assert all(p.zone is None for p in a0.players)
    for team in sim.TEAMS:
        zones = sorted(p.zone for p in a3.team_players(team))
        assert zones == ["z1", "z1", "z2", "z2", "z3", "z3"]
    assert len({p.platform for p in a3.players}) == 12
    assert sim.zone_links(3) == {"z1": ["z2"], "z2": ["z1", "z3"], "z3": ["z2"]}


def test_fall_chance_counts_dc5_and_advantage():
    assert sim.fall_chance(0, False) == pytest.approx(0.20)     # naturals 1-4 miss DC 5
    assert sim.fall_chance(2, False) == pytest.approx(0.10)
    assert sim.fall_chance(0, True) == pytest.approx(0.04)
    assert sim.fall_chance(5, False) == 0.0


def test_policy_without_zones_knocks_off_the_carrier_defends_and_passes_to_a_new_platform():
    arena, skills = arena_with_ball()
    actions, throw = sim.Policy(skills, random.Random(1)).declare(arena)
    kinds = {a.player: a.action for a in actions}
    assert throw.kind == "pass" and arena.player(throw.target).platform not in \
        arena.possession.visited
    knock = [a for a in actions if a.action == "knock_off"]
    assert len(knock) == 1 and knock[0].target == "red1"
    assert max((p for p in arena.team_players("blue")), key=lambda p: (
        skills[p.id].athletics, p.id)).id == knock[0].player
    assert [a.target for a in actions if a.action == "defend"] == ["red1"]
    for a in actions:
        if a.action in ("throw", "intercept") and a.player != "red1":
            assert sim.fall_chance(skills[a.player].best, False) <= sim.FALL_RISK
    assert kinds["red1"] == "throw"
    resolve_pass(arena, actions, throw, Dice(seed=3))        # the engine takes it as legal


def test_policy_with_a_hot_ball_throws_at_the_worst_dodger_and_knocks_someone_else_off():
    arena, skills = arena_with_ball(hot=True)
    actions, throw = sim.Policy(skills, random.Random(1)).declare(arena)
    blues = arena.team_players("blue")
    assert throw.kind == "hot"
    assert throw.target == min(blues, key=lambda p: (skills[p.id].acrobatics, p.id)).id
    offs = [a for a in actions if a.action == "knock_off" and a.player.startswith("red")]
    assert len(offs) == 1 and offs[0].target != throw.target
    resolve_pass(arena, actions, throw, Dice(seed=3))


def test_policy_with_zones_closes_in_or_blocks_and_knocks_off_only_in_the_zone():
    arena, skills = arena_with_ball(players=4, zones=4, seed="z")
    carrier = arena.player("red1")
    blues_here = [p for p in arena.team_players("blue") if p.zone == carrier.zone]
    actions, throw = sim.Policy(skills, random.Random(2)).declare(arena)
    for a in actions:
        if a.action in ("knock_off", "defend"):
            assert arena.player(a.player).zone == arena.player(a.target).zone
    if not blues_here:
        moves = [a for a in actions if a.action == "move"]
        assert len(moves) == 1
        mover = arena.player(moves[0].player)
        assert sim.zone_distance(moves[0].zone, carrier.zone) == \
            sim.zone_distance(mover.zone, carrier.zone) - 1
    resolve_pass(arena, actions, throw, Dice(seed=3))


def test_a_whole_match_ends_with_a_winner_or_a_draw_and_repeats_from_its_seeds():
    one = sim.play_match(4, 2, "s:1", "s:2:1")
    assert one == sim.play_match(4, 2, "s:1", "s:2:1")
    assert one.winner in ("red", "blue", "draw", "limit") and one.passes >= 1
    assert one.tipoff_team in sim.TEAMS
    capped = sim.play_match(8, 0, "s:1", "s:0:1", pass_limit=3)
    assert capped.passes <= 3 and (capped.winner == "limit" or capped.passes < 3)
    games = [sim.play_match(4, 0, f"t:{i}", f"t:0:{i}") for i in range(30)]
    assert any(g.winner in sim.TEAMS for g in games)
    assert sum(g.hot_throws for g in games) > 0 and sum(g.knock_offs for g in games) > 0


def test_confidence_intervals():
    mean, lo, hi = mean_ci([1, 2, 3, 4])
    assert mean == 2.5 and hi - mean == pytest.approx(1.96 * (5 / 3) ** 0.5 / 2)
    p, lo, hi = rate_ci(0, 100)
    assert p == 0 and lo == 0 and 0.03 < hi < 0.04          # Wilson: 0/100 -> [0, 3.7%]
    p, lo, hi = rate_ci(50, 100)
    assert lo == pytest.approx(0.404, abs=1e-3) and hi == pytest.approx(0.596, abs=1e-3)


def test_recommendation_takes_the_fewest_draws_then_the_fewest_zones():
    def r(z, draws, hi):
        return {"zones": z, "draw_rate": draws, "passes_per_match": 50,
                "ci95": {"draw_rate": [0, hi]}}
    results = [r(0, 0.30, 0.35), r(2, 0.16, 0.20), r(4, 0.12, 0.15), r(6, 0.10, 0.14),
               r(8, 0.09, 0.13)]
    zones, why = recommend(results)
    assert zones == 4 and "fewest draws" in why and "0.130" in why
    assert recommend([r(0, 0.05, 0.08), r(3, 0.04, 0.07)])[0] == 0
    assert recommend([r(3, 0.2, 0.3)])[0] == 3


def test_simulate_is_seeded_and_the_same_in_one_process_or_several():
    a = simulate(4, [0, 2], 30, seed=7, workers=1)
    b = simulate(4, [0, 2], 30, seed=7, workers=2)
    assert a == b
    assert simulate(4, [0, 2], 30, seed=8, workers=1) != a
    assert [r["zones"] for r in a["results"]] == [0, 2]
    assert a["recommended_zones"] in (0, 2)
    row = a["results"][0]
    for key in ("passes_per_match", "draw_rate", "hot_throws_per_match",
                "knock_offs_per_match", "possession_changes_per_match",
                "tipoff_winner_win_rate"):
        lo, hi = row["ci95"][key]
        assert lo <= row[key] <= hi
    assert "recommended zones:" in table(a) and "0 (none)" in table(a)


@pytest.mark.parametrize("bad, field", [("x,2", "zones"), ("", "zones"), ("0,99", "zones")])
def test_bad_zone_lists_are_refused(bad, field):
    with pytest.raises(RulesError) as err:
        parse_zones(bad)
    assert err.value.field == field


def test_cli_json_is_the_contracts_object_and_repeats():
    args = ("--players", "4", "--zones", "0,3", "--matches", "12", "--seed", "5", "--json")
    first = cli(*args)
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert {"players", "matches", "seed", "results", "recommended_zones"} <= set(report)
    assert (report["players"], report["matches"], report["seed"]) == (4, 12, 5)
    assert [r["zones"] for r in report["results"]] == [0, 3]
    for r in report["results"]:
        assert {"passes_per_match", "draw_rate", "hot_throws_per_match",
                "knock_offs_per_match", "ci95"} <= set(r)
    assert cli(*args).stdout == first.stdout


def test_cli_bad_input_names_the_field():
    out = cli("--zones", "two")
    assert out.returncode == 2 and "zones" in out.stderr and "Traceback" not in out.stderr
    out = cli("--players", "0", "--matches", "2")
    assert out.returncode == 2 and "players" in out.stderr
    out = cli("--matches", "2", "--plot", "figure.pdf")
    assert out.returncode == 2 and ".png or .svg" in out.stderr


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_cli_plot_draws_a_file(tmp_path, suffix):
    target = tmp_path / f"zones{suffix}"
    out = cli("--players", "4", "--zones", "0,2", "--matches", "8", "--plot", str(target))
    assert out.returncode == 0, out.stderr
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data[:2000]


def test_cli_plot_without_matplotlib_says_how_to_get_it(tmp_path):
    blocker = tmp_path / "block"
    blocker.mkdir()
    (blocker / "matplotlib.py").write_text("raise ImportError('no matplotlib here')\n")
    import os
    env = {**os.environ, "PYTHONPATH": f"{blocker}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    out = cli("--zones", "0", "--matches", "2", "--plot", str(tmp_path / "x.png"), env=env)
    assert out.returncode == 2
    assert "pip install 'ballcourt[sim]'" in out.stderr


def test_the_fall_risk_decides_who_joins_a_throw_or_an_intercept():
    arena, skills = arena_with_ball(players=8, seed="r")
    for risk in (0.0, 1.0):
        actions, _ = sim.Policy(skills, random.Random(1), fall_risk=risk).declare(arena)
        joined = {a.player for a in actions if a.action in ("throw", "intercept")} - {"red1"}
        busy = {a.player for a in actions if a.action not in ("throw", "intercept")} | {"red1"}
        free = {p.id for p in arena.players} - busy
        if risk == 1.0:
            assert joined == free
        else:
            assert joined == {pid for pid in free if skills[pid].best >= 4}
    with pytest.raises(RulesError) as err:
        simulate(4, [0], 2, fall_risk=1.5)
    assert err.value.field == "fall_risk"
