"""The Yaotzin presets play a whole match : the end-game, the run and
Power Attack, each in a position built for it, for every preset."""

from __future__ import annotations

import pytest

from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Square, distance
from companion.rules.yaotzin.movement import check_path
from companion.rules.yaotzin.players import Player, Roster
from companion.rules.yaotzin.settings import Settings
from companion.sim.yaotzin_match import play_match
from companion.tactics.yaotzin import PRESETS, View, decide, hoop_rows, power_options

COURT = Court()
SETTINGS = Settings()
# a kicker who can put the ball through a hoop: BAB +4, Dex 18, no -4 for the pelota
ACE = {"str": 18, "dex": 18, "bab": 4,
       "feats": frozenset({"exotic_weapon_pelota", "point_blank_shot"})}
FAR_OPPONENTS = [Player("m1", "moon", 10, 12), Player("m2", "moon", 12, 14)]


def view(players: list[Player], ball: Square, score: dict | None = None,
         round_: int = 1) -> View:
    return View(COURT, SETTINGS, Roster(players, COURT), Ball.at(ball),
                {"sun": "east", "moon": "west"}, round_, score or {})


def legal(v: View, turn) -> None:
    """The turn's movement is one the rules' move check accepts."""
    check_path(v.court, v.roster, turn.player, turn.path, turn.budget, v.ball.square,
               v.settings)


@pytest.mark.parametrize("name", PRESETS)
def test_trailing_late_the_holder_works_the_ball_up_to_a_hoop_row(name):
    """Two behind with 6 rounds left, on the flat: he dribbles up the slope towards the hoop
    rows (before: towards the line, where a goal cannot save the match)."""
    v = view([Player("s1", "sun", 30, 8, **ACE), *FAR_OPPONENTS], Square(30, 8),
             {"sun": 3, "moon": 5}, 95)
    turn = decide(v, PRESETS[name], "s1")
    assert turn.kind == "dribble", turn.reason
    assert turn.squares[-1].y < 8 and "hoop row" in turn.reason


@pytest.mark.parametrize("name", PRESETS)
def test_trailing_late_on_a_hoop_row_he_shoots_at_the_hoop(name):
    v = view([Player("s1", "sun", 33, 0, **ACE), *FAR_OPPONENTS], Square(33, 0),
             {"sun": 3, "moon": 5}, 95)
    turn = decide(v, PRESETS[name], "s1")
    assert (turn.kind, turn.hoop, turn.standing) == ("hoop", "north", True), turn.reason


@pytest.mark.parametrize("name", PRESETS)
def test_level_or_early_the_same_holder_plays_for_a_goal(name):
    """The end-game is the score's and the clock's: level at round 95, or behind at round
    50, he kicks for the goal the planner gives him."""
    for score, round_ in (({"sun": 3, "moon": 3}, 95), ({"sun": 3, "moon": 5}, 50)):
        v = view([Player("s1", "sun", 30, 8, **ACE), *FAR_OPPONENTS], Square(30, 8), score,
                 round_)
        assert decide(v, PRESETS[name], "s1").kind == "kick"


@pytest.mark.parametrize("name", PRESETS)
def test_leading_late_the_holder_keeps_the_ball(name):
    """Two ahead with 3 rounds left, a sure goal in front of him and an opponent beside him:
    no kick; he dribbles away from the opponent (before: he kicked, and gave the ball up)."""
    players = [Player("s1", "sun", 64, 12, str=14, dex=14, bab=2), Player("m1", "moon", 63, 11)]
    late = view(players, Square(64, 12), {"sun": 5, "moon": 3}, 98)
    turn = decide(late, PRESETS[name], "s1")
    assert turn.kind == "dribble" and "stalling" in turn.reason, turn.reason
    assert distance(turn.squares[-1], Square(63, 11)) > 1
    early = view(players, Square(64, 12), {"sun": 5, "moon": 3}, 50)
    assert decide(early, PRESETS[name], "s1").kind == "kick"


@pytest.mark.parametrize("name", PRESETS)
def test_a_chaser_far_from_a_free_ball_runs(name):
    """30 squares from the ball on an open row: a run (x4, straight on) ends 6 squares from
    it, a double move 18; he runs, legally, and never onto the ball."""
    v = view([Player("s1", "sun", 10, 12), Player("m1", "moon", 60, 12)], Square(40, 12))
    turn = decide(v, PRESETS[name], "s1")
    assert turn.budget == "run" and turn.path[-1] == Square(34, 12), turn
    legal(v, turn)


def test_a_chaser_whose_double_move_reaches_the_ball_does_not_run():
    v = view([Player("s1", "sun", 30, 12), Player("m1", "moon", 60, 12)], Square(40, 12))
    turn = decide(v, PRESETS["press-ball"], "s1")
    assert turn.budget == "double_move" and turn.path[-1] == Square(40, 12)


def test_a_run_that_bends_or_touches_the_ball_is_refused():
    from companion.rules.errors import IllegalAction

    v = view([Player("s1", "sun", 10, 12), Player("m1", "moon", 60, 12)], Square(14, 12))
    for path in ([Square(10, 12), Square(11, 12), Square(12, 13)],
                 [Square(10, 12), Square(11, 12), Square(12, 12), Square(13, 12),
                  Square(14, 12)]):
        with pytest.raises(IllegalAction):
            check_path(COURT, v.roster, "s1", path, "run", v.ball.square, SETTINGS)


def powered(x: int) -> tuple[View, Player]:
    kicker = Player("s1", "sun", x, 12, str=13, dex=16, bab=4,
                    feats=frozenset({"power_attack"}))
    return view([kicker, Player("m1", "moon", 20, 12), Player("m2", "moon", x + 12, 10),
                 Player("m3", "moon", x + 12, 14)], Square(x, 12)), kicker


def test_power_attack_where_it_matters():
    """Str 13 and one point of Power Attack is Str 14: one more free increment and 5 ft more
    range. 39 squares out, that raises his best chance of a goal from 10% to 54%: taken."""
    v, _ = powered(33)
    turn = decide(v, PRESETS["press-ball"], "s1")
    assert (turn.kind, turn.power_attack) == ("kick", 1), turn.reason
    assert "Power Attack 1" in turn.reason


def test_no_power_attack_where_it_does_not():
    """27 squares out the same point raises 85% to 88%: not worth the -1, not taken; and a
    point that reaches no higher Strength bonus is never an option."""
    v, _ = powered(45)
    turn = decide(v, PRESETS["press-ball"], "s1")
    assert (turn.kind, turn.power_attack) == ("kick", 0), turn.reason
    assert power_options(Player("k", "sun", 0, 0, str=14, bab=1,
                                feats=frozenset({"power_attack"}))) == [0]
    assert power_options(Player("k", "sun", 0, 0, str=13, bab=4,
                                feats=frozenset({"power_attack"}))) == [0, 1, 3]
    assert power_options(Player("k", "sun", 0, 0, str=13, bab=4)) == [0]


def test_a_played_match_counts_hoop_rows_runs_and_power_attack():
    """The chart's new counts come from the match: hoop-row holds, runs, Power Attack."""
    stats = play_match(5, 120, 3.0, "x:0", "press-ball", 100)
    assert stats.runs > 0 and stats.hoop_row_holds > 0 and stats.power_attacks > 0
    assert set(hoop_rows(COURT)) == {0, 1, 22, 23}
