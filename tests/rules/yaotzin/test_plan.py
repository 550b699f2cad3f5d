"""The shot planner's exact odds against brute force: every sequence of dice, played through the
real resolvers (kick, flight interception, ball ticks, rolling interception) the way a table
plays them, under the planner's documented policy (opponents try at the first chance,
teammates let the ball pass, players stand still, attacks of opportunity are not refreshed).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.rules.dice_tree import outcomes
from companion.rules.errors import RulesError
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.flight import flight_squares
from companion.rules.yaotzin.grid import Square, distance
from companion.rules.yaotzin.intercept import (
    resolve_flight_intercept,
    resolve_rolling_intercept,
)
from companion.rules.yaotzin.kick import kick_modifiers, resolve_kick
from companion.rules.yaotzin.odds import landing_pattern
from companion.rules.yaotzin.plan import (
    KickPlanner,
    LandingMemo,
    clear_caches,
    default_attack_end,
    suggest_kicks,
)
from companion.rules.yaotzin.players import Roster
from companion.rules.yaotzin.settings import Settings
from companion.rules.yaotzin.tick import ball_action
from tests.rules.yaotzin_build import player

SMALL = Court.from_dict({"length": 14, "width": 9, "slope": 2, "end_zone": 3})


def roster_of(court, *players) -> Roster:
    return Roster([player(p) for p in players], court)


def spend(roster: Roster, spent: Counter, court: Court) -> Roster:
    return Roster([replace(p, aoo_left=max(0, p.attacks_of_opportunity - spent[p.id]))
                   if spent[p.id] else p for p in roster.players], court)


def squares_maybe_in_range(plan: KickPlanner):
    """Every square on the court within the planner's reach of its kicker, the slow way: the
    oracle `_in_range`'s row-by-row scan with its early stops is compared with."""
    k, reach = plan.kicker.square, plan._reach()
    for y in range(max(0, k.y - reach), min(plan.court.width, k.y + reach + 1)):
        for x in range(k.x - reach, k.x + reach + 1):
            sq = Square(x, y)
            if sq != k and plan.court.in_bounds(sq) and distance(k, sq, plan.eq) <= reach:
                yield sq


def ball_of(d: dict) -> Ball:
    return Ball.from_values(d["x"], d["y"], d["speed"], d["direction"])


def play(court, roster, kicker_id, target, standing, power_attack, settings, attacks, dice):
    """One kick as the table plays it: (goal at the attacked end, damage dealt, hit)."""
    scored, damage, kick = _play(court, roster, kicker_id, target, standing, power_attack,
                                 settings, attacks, dice)
    return scored, damage, kick["attack"]["hit"]


def _play(court, roster, kicker_id, target, standing, power_attack, settings, attacks, dice):
    kicker = roster.get(kicker_id)
    opponent = {p.id: p.team != kicker.team for p in roster.players}
    kick = resolve_kick(court, roster, kicker_id, kicker.square, target, standing, power_attack,
                        settings, dice).as_dict()
    spent: Counter = Counter()
    damage = 0
    landing = Square(kick["landing"]["x"], kick["landing"]["y"])
    ball = None
    for entry in kick["interceptors"]:
        if not opponent[entry["player"]]:
            continue
        r = resolve_flight_intercept(court, spend(roster, spent, court), entry["player"],
                                     entry["dc"], landing, kicker.square, entry["rem"],
                                     settings, dice, corner=kick["corner"]).as_dict()
        spent[entry["player"]] += 1
        damage += r["damage"]["total"] if r["damage"] else 0
        if r["outcome"] in ("yoke", "stopped"):
            return False, damage, kick
        if r["outcome"] == "deflected":
            if r["goal"]:
                return r["goal"]["end"] == attacks, damage, kick
            ball = ball_of(r["ball"])
            break
    if ball is None:
        if kick["goal"]:
            return kick["goal"]["end"] == attacks, damage, kick
        if kick["receiver"]:
            return False, damage, kick
        ball = ball_of(kick["ball"])
    seen = set()
    while not (ball in seen or (ball.speed == 0 and not court.on_slope(ball.square))):
        seen.add(ball)
        t = ball_action(court, spend(roster, spent, court), ball, settings).as_dict()
        tried = set()
        for chance in t["opportunities"]:
            pid = chance["player"]
            if pid in tried or not opponent[pid]:
                continue
            tried.add(pid)
            at = Ball.at(Square(chance["square"]["x"], chance["square"]["y"]))
            r = resolve_rolling_intercept(court, spend(roster, spent, court), pid, chance["dc"],
                                          at, dice).as_dict()
            spent[pid] += 1
            if r["outcome"] == "stopped":
                return False, damage, kick
        if t["goal"]:
            return t["goal"]["end"] == attacks, damage, kick
        if t["stopped_by"]:
            return False, damage, kick
        ball = ball_of(t["ball"])
    return False, damage, kick


def brute(court, roster, kicker_id, target, attacks, standing=True, power_attack=0,
          settings=None):
    """(P(goal), P(hit), E[damage]) over every sequence of naturals, as Fractions."""
    settings = settings or Settings()
    goal = hit = damage = Fraction(0)
    runs = 0
    for weight, (scored, dealt, hit_it), _ in outcomes(
            lambda dice: play(court, roster, kicker_id, target, standing, power_attack,
                              settings, attacks, dice)):
        runs += 1
        goal += weight * scored
        damage += weight * dealt
        hit += weight * hit_it
    assert runs > 20          # the tree really branched
    return goal, hit, damage


def planner(court, roster, kicker_id, attacks, prune=True, standing=True, power_attack=0,
            settings=None):
    return KickPlanner(court, roster, roster.get(kicker_id), standing, power_attack,
                       settings or Settings(), attacks, prune=prune)


CASES = {
    # along a row: a corner d2, an opponent in flight (rem 2: 1d3), another next to the roll,
    # a teammate next to it too (he lets it pass)
    "row": (roster_of(SMALL,
                      {"id": "k", "team": "a", "x": 6, "y": 4, "str": 14, "dex": 14, "bab": 6,
                       "feats": ["exotic_weapon_pelota"]},
                      {"id": "o1", "team": "b", "x": 4, "y": 4, "reflex": 3},
                      {"id": "o2", "team": "b", "x": 1, "y": 3, "reflex": 1},
                      {"id": "t2", "team": "a", "x": 2, "y": 6, "reflex": 9}),
            "west", [Square(3, 4), Square(2, 3)]),
    # a diagonal kick up a slope toward the east line, a teammate on the way (he lets it pass
    # in flight but stops it if it rolls into him), an opponent beside the roll
    "slope": (roster_of(SMALL,
                        {"id": "k", "team": "a", "x": 8, "y": 5, "str": 12, "dex": 12, "bab": 3,
                         "feats": ["precise_shot"]},
                        {"id": "t1", "team": "a", "x": 10, "y": 3},
                        {"id": "o1", "team": "b", "x": 12, "y": 1, "reflex": 2}),
              "east", [Square(10, 3), Square(11, 2), Square(12, 4)]),
    # a deflection can carom over the line: an opponent one square from it, a weak kicker
    "carom": (roster_of(SMALL,
                        {"id": "k", "team": "a", "x": 4, "y": 6, "str": 10, "dex": 10,
                         "bab": 1},
                        {"id": "o1", "team": "b", "x": 1, "y": 5, "reflex": 0},
                        {"id": "o2", "team": "b", "x": 2, "y": 8, "prone": True}),
              "west", [Square(0, 5), Square(1, 7)]),
    # a kick along a row runs along a grid line: the opponent in the row beside it, next to
    # the line, is on the flight's line and can carom the ball over it, though the ball
    # would stop short on its own
    "beside": (roster_of(SMALL,
                         {"id": "k", "team": "a", "x": 3, "y": 4, "str": 10, "dex": 10,
                          "bab": 1},
                         {"id": "o1", "team": "b", "x": 2, "y": 3, "reflex": 0}),
               "west", [Square(1, 4)]),
}


_BRUTE: dict = {}


def brute_case(case: str, target: Square):
    if (case, target) not in _BRUTE:
        roster, attacks, _ = CASES[case]
        _BRUTE[case, target] = brute(SMALL, roster, "k", target, attacks)
    return _BRUTE[case, target]


@pytest.mark.parametrize("case", CASES)
def test_exact_odds_equal_brute_force_over_every_die(case):
    roster, attacks, targets = CASES[case]
    plans = [planner(SMALL, roster, "k", attacks, prune) for prune in (True, False)]
    for target in targets:
        goal, hit, damage = brute_case(case, target)
        for plan in plans:
            odds = plan.aim(target)
            assert odds.p_goal == pytest.approx(float(goal), abs=1e-12), (case, target)
            assert odds.p_hit == pytest.approx(float(hit), abs=1e-12), (case, target)
            assert odds.expected_damage == pytest.approx(float(damage), abs=1e-12), \
                (case, target)


def test_the_cases_exercise_what_they_claim():
    # not trivial: each case has an uncertain goal, and some damage somewhere
    for case, (_, _, targets) in CASES.items():
        assert any(0 < brute_case(case, t)[0] < 1 for t in targets), case
    assert any(brute_case(c, t)[2] > 0 for c in CASES for t in CASES[c][2])


@pytest.mark.parametrize("case", CASES)
def test_the_ranking_odds_leave_out_only_landings_that_cannot_score(case):
    # the search ranks squares on the landings `_matters` keeps (full=False) and drops a
    # square against a bound made of them: every aim's chance must come out the same
    roster, attacks, _ = CASES[case]
    fast, full = (planner(SMALL, roster, "k", attacks, prune) for prune in (True, False))
    aims = [sq for sq in squares_maybe_in_range(fast) if fast.aim(sq) is not None]
    assert len(aims) > 10
    for sq in aims:
        p_goal = full.aim(sq).p_goal
        assert fast.aim(sq, full=False).p_goal == pytest.approx(p_goal, abs=1e-12), (case, sq)
        assert fast._first_bound(sq, fast._mods(sq)) >= p_goal - 1e-12, (case, sq)


@pytest.mark.parametrize("str_", [10, 16, 24])
@pytest.mark.parametrize("court, kicker_at", [(Court(), (30, 12)), (Court(), (3, 1)),
                                              (Court(), (60, 22)), (Court(), (70, 5)),
                                              (SMALL, (6, 4)), (SMALL, (1, 8))])
@pytest.mark.parametrize("equidistant", [False, True])
def test_the_squares_in_range_are_those_within_reach_in_range(str_, court, kicker_at,
                                                                    equidistant):
    roster = roster_of(court, {"id": "k", "team": "a", "x": kicker_at[0], "y": kicker_at[1],
                               "str": str_, "dex": 12, "bab": 2})
    plan = planner(court, roster, "k", "west",
                   settings=Settings(equidistant_diagonals=equidistant))
    scanned = [sq for sq, _ in plan._in_range()]
    assert len(scanned) == len(set(scanned))
    assert set(scanned) == {sq for sq in squares_maybe_in_range(plan) if plan.aim(sq) is not None}
    for sq, mods in plan._in_range():       # shared by the kicks as far and as costly
        assert mods == kick_modifiers(court, plan.kicker, sq, True, 0, plan.settings)
        # and so are the landing patterns, kept by row, heading and attack for the request
        assert plan._pattern(sq, mods) == landing_pattern(court, plan.kicker, sq, mods.modifier,
                                                          mods.precise, plan.settings)


@pytest.mark.parametrize("attacks", ["west", "east"])
@pytest.mark.parametrize("kicker_at", [(30, 12), (8, 3), (64, 20), (2, 12), (70, 12)])
def test_a_kick_left_out_unweighed_has_no_landing_that_matters(attacks, kicker_at):
    # `_out_of_play` spares the landing weights of a kick that cannot score: checked against
    # the weights on a crowded court, the kicker in mid-court and near each line, opponents
    # close enough to the line for a carom (beside the kicker's column: on the line of a kick
    # along it)
    from bench.scenario import yaotzin_players

    court = Court()
    near = [{"id": "n1", "team": "moon", "x": 1, "y": 4, "reflex": 2},
            {"id": "n2", "team": "moon", "x": 70, "y": 19, "reflex": 2},
            {"id": "n3", "team": "moon", "x": 1, "y": 14, "reflex": 1},
            {"id": "n4", "team": "moon", "x": 71, "y": 10, "reflex": 1}]
    taken = {tuple(kicker_at)} | {(p["x"], p["y"]) for p in near}
    players = [p for p in yaotzin_players(24, 7)[1:] if (p["x"], p["y"]) not in taken] + near
    roster = roster_of(court, {"id": "k", "team": "sun", "x": kicker_at[0], "y": kicker_at[1],
                               "str": 18, "dex": 14, "bab": 3}, *players)
    plan = planner(court, roster, "k", attacks)
    spared = 0
    for sq, mods in plan._in_range():
        if plan._out_of_play(sq, mods):
            spared += 1
            assert plan._pattern_bound(sq.x, plan._pattern(sq, mods)[1]) == 0, sq
    assert spared > 10 or kicker_at[0] in (2, 70)    # nothing to spare on the near side


@pytest.mark.parametrize("kicker_at", [(6, 4), (6, 0), (0, 8), (13, 3)])
def test_a_flight_found_inside_the_bounds_passes_only_squares_in_bounds(kicker_at):
    roster = roster_of(SMALL, {"id": "k", "team": "a", "x": kicker_at[0], "y": kicker_at[1],
                               "str": 14})
    plan = planner(SMALL, roster, "k", "west")
    inside = 0
    for x in range(-SMALL.end_zone, SMALL.length + SMALL.end_zone):
        for y in range(SMALL.width):
            landing = Square(x, y)
            if landing == plan.kicker.square or not plan._line_in_bounds(landing):
                continue
            inside += 1
            for corner in (1, 2):
                assert all(SMALL.in_bounds(sq)
                           for sq in flight_squares(plan.kicker.square, landing, corner))
    assert inside > 20 or kicker_at[1] in (0, SMALL.width - 1)    # a wall row: never inside


def test_the_top_squares_are_the_best_of_all_and_in_order():
    roster, attacks, _ = CASES["row"]
    every = planner(SMALL, roster, "k", attacks, prune=False).all_aims()
    top = planner(SMALL, roster, "k", attacks).all_aims(4)
    assert [a.as_dict() for a in top] == [a.as_dict() for a in every[:4]]
    chances = [round(a.p_goal, 12) for a in every]    # as the planner ranks: equal to 1e-12 ties
    assert chances == sorted(chances, reverse=True) and chances[0] > 0


def test_the_best_aim_on_an_open_court_is_checked_by_brute_force():
    roster = roster_of(SMALL, {"id": "k", "team": "a", "x": 5, "y": 4, "str": 12, "dex": 12,
                               "bab": 2})
    best = planner(SMALL, roster, "k", "west").all_aims(1)[0]
    square = Square(best.x, best.y)
    goal, _, _ = brute(SMALL, roster, "k", square, "west")
    assert best.p_goal == pytest.approx(float(goal), abs=1e-12)
    plan = planner(SMALL, roster, "k", "west")
    for other in (Square(best.x + 1, best.y), Square(best.x - 1, best.y)):
        if SMALL.in_bounds(other) and plan.aim(other) is not None:
            assert float(brute(SMALL, roster, "k", other, "west")[0]) <= best.p_goal + 1e-12


def test_suggest_answers_and_refuses():
    roster, _, _ = CASES["row"]
    out = suggest_kicks(SMALL, roster, "k", Square(6, 4), True, 0, Settings(), "west", top=3)
    assert len(out.squares) == 3 and out.attacks == "west"
    assert out.squares[0].p_goal >= out.squares[-1].p_goal
    off = suggest_kicks(SMALL, roster, "k", Square(5, 4), True, 0, Settings(), "west")
    assert off.squares == () and off.reason is not None
    assert off.reason.code == "kicker_not_at_ball"
    with pytest.raises(RulesError) as err:
        suggest_kicks(SMALL, roster, "nobody", Square(6, 4), True, 0, Settings())
    assert err.value.field == "kicker"
    with pytest.raises(RulesError) as err:
        suggest_kicks(SMALL, roster, "k", Square(6, 4), True, 2, Settings())
    assert err.value.field == "power_attack"


def test_the_default_end_is_the_nearer_line():
    roster = roster_of(SMALL, {"id": "k", "team": "a", "x": 3, "y": 4},
                       {"id": "j", "team": "a", "x": 10, "y": 4})
    assert default_attack_end(SMALL, roster.get("k")) == "west"
    assert default_attack_end(SMALL, roster.get("j")) == "east"


@pytest.mark.parametrize("attacks", ["west", "east"])
@pytest.mark.parametrize("seed", [3, 5])
def test_the_shortcuts_change_nothing_on_a_busy_court(attacks, seed):
    # the benchmark's 24 players (seed 3) and another crowd: the bounded search with every
    # shortcut gives the same five squares, in the same order, with the same numbers, as
    # weighing every square in full
    from bench.scenario import yaotzin_players

    court = Court()
    roster = roster_of(court, *yaotzin_players(24, seed))
    fast = planner(court, roster, "kicker", attacks).all_aims(5)
    full = planner(court, roster, "kicker", attacks, prune=False).all_aims()[:5]
    assert [a.as_dict() for a in fast] == pytest.approx([a.as_dict() for a in full])
    assert fast[0].p_goal > 0


@pytest.mark.parametrize("attacks", ["west", "east"])
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_a_threshold_keeps_exactly_the_squares_that_reach_it(attacks, seed):
    # the presets' question (tactics.yaotzin.shot): with `at_least`, the same squares as
    # weighing every square in full, those whose chance reaches it, in the same order, and
    # none when the best falls short (then the ranking was skipped)
    from bench.scenario import yaotzin_players

    court = Court()
    roster = roster_of(court, *yaotzin_players(24, seed))
    full = planner(court, roster, "kicker", attacks, prune=False).all_aims()
    best = full[0].p_goal
    for at_least in (best / 2, best, best + 1e-6, 0.2, 0.3):
        kept = planner(court, roster, "kicker", attacks).all_aims(3, at_least)
        want = [a for a in full if a.p_goal >= at_least][:3]
        assert [a.as_dict() for a in kept] == pytest.approx([a.as_dict() for a in want])
    assert planner(court, roster, "kicker", attacks).all_aims(1, best + 1e-6) == []


def test_what_the_planner_keeps_between_turns_changes_no_aim():
    """The tables kept across requests and turns (the empty courts' courses, the flight lines,
    the scatter patterns) give the same aims, to the bit, as a cold start for each question:
    kickers at random squares of two courts, asked in turn with everything kept, then each
    asked again after `clear_caches`."""
    from bench.scenario import yaotzin_players

    rng = random.Random(38)
    questions = []
    for court in (Court(), Court.from_dict({"length": 40, "width": 16, "slope": 3})):
        for seed in range(6):
            crowd = [p for p in yaotzin_players(12, seed)
                     if p["x"] < court.length and p["y"] < court.width]
            kicker = next(p for p in crowd if p["id"] == "kicker")
            kicker.update(x=rng.randrange(court.length), y=rng.randrange(court.width))
            crowd = [p for p in crowd if p is kicker or (p["x"], p["y"]) != (kicker["x"],
                                                                            kicker["y"])]
            questions.append((court, roster_of(court, *crowd), rng.choice(("west", "east")),
                              rng.choice((0.0, 0.1, 0.3))))
    warm = [planner(c, r, "kicker", end).all_aims(3, at_least)
            for c, r, end, at_least in questions]
    cold = []
    for c, r, end, at_least in questions:
        clear_caches()
        cold.append(planner(c, r, "kicker", end).all_aims(3, at_least))
    assert warm == cold and any(warm)


def test_a_memory_of_landings_shared_by_how_he_kicks_changes_no_aim():
    """Planners of one kicker among the same players share a `LandingMemo` whatever the kick
    (standing or not, each Power Attack): asked in a random order, each gives the aims, to the
    bit, that a planner with its own memory gives."""
    from bench.scenario import yaotzin_players

    rng = random.Random(5)
    court = Court()
    kinds = [(standing, points) for standing in (True, False) for points in (0, 1, 3)]
    scored = 0
    for seed in range(5):
        crowd = yaotzin_players(12, seed)
        kicker = crowd[0]
        kicker.update(x=rng.choice((rng.randrange(3, 14), rng.randrange(58, 69))),
                      y=rng.randrange(court.width))
        crowd = [p for p in crowd if p is kicker or (p["x"], p["y"]) != (kicker["x"],
                                                                        kicker["y"])]
        roster = roster_of(court, *crowd)
        end = "west" if kicker["x"] < 36 else "east"
        shared = LandingMemo()
        for standing, points in rng.sample(kinds, len(kinds)):
            got = KickPlanner(court, roster, roster.get("kicker"), standing, points, Settings(),
                              end, landings=shared).all_aims(3)
            want = planner(court, roster, "kicker", end, standing=standing,
                           power_attack=points).all_aims(3)
            assert got == want, (seed, standing, points)
            scored += any(a.p_goal > 0 for a in got)
    assert scored > 10
