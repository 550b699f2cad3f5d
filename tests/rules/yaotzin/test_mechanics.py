"""Dribbling, contests, rolling stops, odds and the match fold."""

import random
from fractions import Fraction

import pytest

from companion.rules.dice import Dice
from companion.rules.errors import IllegalAction, MatchOver, RulesError
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.contests import (
    ContestPreview,
    ContestResult,
    TripBack,
    preview_contest,
    resolve_contest,
)
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.dribble import plan_dribble
from companion.rules.yaotzin.grid import Square, snap
from companion.rules.yaotzin.intercept import flight_outcome, resolve_rolling_intercept
from companion.rules.yaotzin.kick import scatter_direction, scatter_from
from companion.rules.yaotzin.match import apply_event, new_match
from companion.rules.yaotzin.odds import attack_spread, kick_preview, landing_weights, save_odds
from companion.rules.yaotzin.players import Player
from companion.rules.yaotzin.settings import Settings
from companion.rules.yaotzin.tick import turn_order
from tests.rules.yaotzin_build import setup

S = Square


# -- dribbling -------------------------------------------------------------------------------
def dribble(squares, started=True, readied=False, others=()):
    court, roster, _ = setup({"players": [{"id": "d", "team": "sun", "x": 10, "y": 12},
                                          *others]})
    return plan_dribble(court, roster, "d", S(10, 12), [S(*s) for s in squares], started,
                        readied).as_dict()


def test_starting_with_the_ball_dribbles_half_speed_plus_one():
    result = dribble([(11, 12), (12, 12), (13, 12), (14, 12)])
    assert result["budget"] == 4 and result["end"] == {"x": 14, "y": 12}
    with pytest.raises(IllegalAction, match="needs 5 squares"):
        dribble([(11, 12), (12, 12), (13, 12), (14, 12), (15, 12)])


def test_not_starting_with_the_ball_or_readied_allows_one_square():
    assert dribble([(11, 12)], started=False)["budget"] == 1
    with pytest.raises(IllegalAction):
        dribble([(11, 12), (12, 12)], readied=True)


def test_second_diagonal_costs_double_and_uphill_doubles():
    with pytest.raises(IllegalAction, match="needs 6 squares"):
        dribble([(11, 13), (12, 14), (13, 15), (14, 16)])     # 1 + 2 + 1 + 2 = 6 > 4
    court, roster, _ = setup({"players": [{"id": "d", "team": "sun", "x": 10, "y": 6}]})
    up = plan_dribble(court, roster, "d", S(10, 6), [S(10, 5), S(11, 5)], True, False).as_dict()
    assert up["cost"] == 3 and up["actions"]["standard"] is None    # 10 ft up + 5 ft: the move


def uphill_court():
    return setup({"players": [{"id": "d", "team": "sun", "x": 10, "y": 6}]})


def test_the_move_action_and_the_standard_action_are_separate_budgets():
    court, roster, _ = uphill_court()
    # two uphill squares are 20 ft: more than the move action's 15 ft, and the standard
    # action's 5 ft cannot pick up what the move action left (rulings "Dribbling")
    with pytest.raises(IllegalAction, match="uphill") as refused:
        plan_dribble(court, roster, "d", S(10, 6), [S(10, 5), S(10, 4)], True, False)
    assert refused.value.field == "squares.1"
    # one uphill square and a level one on the move action (15 ft), a level one on the standard
    ok = plan_dribble(court, roster, "d", S(10, 6), [S(10, 5), S(11, 5), S(12, 5)], True,
                      False).as_dict()
    assert ok["actions"] == {"move": {"squares": 2, "cost": 3},
                             "standard": {"square": 2, "cost": 1}}
    assert ok["cost"] == 4 and ok["budget"] == 4 and ok["move_budget"] == 3


def test_the_standard_action_square_is_never_uphill():
    court, roster, _ = uphill_court()
    # three level squares fill the move action; the fourth, uphill, would be the standard's
    with pytest.raises(IllegalAction, match="uphill") as refused:
        plan_dribble(court, roster, "d", S(10, 6), [S(11, 6), S(12, 6), S(13, 6), S(13, 5)],
                     True, False)
    assert refused.value.field == "squares.3"
    # not starting with the ball: only the standard action's square, and not uphill
    with pytest.raises(IllegalAction, match="uphill"):
        plan_dribble(court, roster, "d", S(10, 6), [S(10, 5)], False, False)
    # the standard action may come first: a level square, then the move action's 5 + 10 ft
    first = plan_dribble(court, roster, "d", S(10, 6), [S(11, 6), S(12, 6), S(12, 5)],
                         True, False).as_dict()
    assert first["actions"] == {"move": {"squares": 2, "cost": 3},
                                "standard": {"square": 0, "cost": 1}}


def test_dribbling_out_of_a_threatened_square_provokes_once_per_opponent():
    result = dribble([(11, 12), (12, 12)], others=[
        {"id": "o", "team": "moon", "x": 11, "y": 13},
        {"id": "mate", "team": "sun", "x": 9, "y": 12},
        {"id": "down", "team": "moon", "x": 9, "y": 11, "prone": True}])
    assert [(p["player"], p["step"]) for p in result["provokers"]] == [("o", 0)]


def test_cannot_dribble_into_an_opponent():
    with pytest.raises(IllegalAction, match="into"):
        dribble([(11, 12)], others=[{"id": "o", "team": "moon", "x": 11, "y": 12}])


def test_a_dribble_passes_through_a_teammate_but_never_ends_on_him():
    # rulings, "Player movement": through a teammate's square, never ending there; a prone
    # teammate is no exception (a simulated match ended two players on one square this way)
    mate = [{"id": "mate", "team": "sun", "x": 11, "y": 12, "prone": True}]
    with pytest.raises(IllegalAction, match="not end the dribble there") as refused:
        dribble([(11, 12)], others=mate)
    assert refused.value.field == "squares.0"
    assert dribble([(11, 12), (12, 12)], others=mate)["end"] == {"x": 12, "y": 12}


# -- contests --------------------------------------------------------------------------------
def contest(kind, rolls, **kw):
    court, roster, _ = setup({"players": [
        {"id": "a", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 12, "bab": 2},
        {"id": "b", "team": "moon", "x": 11, "y": 12, "str": 12, "dex": 16, "bab": 1}]})
    return resolve_contest(court, roster, kind, "a", "b", S(11, 12), Dice(rolls),
                           **kw).as_dict()


def test_disarm_is_dex_against_dex_and_takes_the_ball():
    r = contest("disarm", {"actor": 10, "target": 9})          # 10+2+1 = 13 vs 9+1+3 = 13
    assert r["check"]["rounds"] == [(13, 13)]
    assert r["check"]["winner"] == "target"                    # tie: the higher modifier (+4)
    r = contest("disarm", {"actor": 12, "target": 9})
    assert r["success"] and r["ball"] == {"x": 10, "y": 12, "speed": 0, "direction": None}


def test_a_disarm_provokes_unless_improved_disarm_which_adds_4():
    """RULINGS, 10.0: a disarm provokes the target's attack of opportunity unless the actor has
    Improved Disarm, whose +4 goes on the disarm's own check."""
    court, roster, _ = setup({"players": [
        {"id": "a", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 12, "bab": 2},
        {"id": "b", "team": "moon", "x": 11, "y": 12, "str": 12, "dex": 16, "bab": 1}]})
    assert preview_contest(court, roster, "disarm", "a", "b", S(11, 12), Dice()).provokes
    court, roster, _ = setup({"players": [
        {"id": "a", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 12, "bab": 2,
         "feats": ["improved_disarm"]},
        {"id": "b", "team": "moon", "x": 11, "y": 12, "str": 12, "dex": 16, "bab": 1}]})
    assert not preview_contest(court, roster, "disarm", "a", "b", S(11, 12), Dice()).provokes
    r = resolve_contest(court, roster, "disarm", "a", "b", S(11, 12),
                        Dice({"actor": 10, "target": 9})).as_dict()
    assert r["check"]["rounds"] == [(17, 13)]                  # 10+2+1+4 against 9+1+3


def test_equal_totals_and_modifiers_are_rolled_again():
    r = contest("bull_rush", {"actor": [10, 15], "target": [11, 3]})   # +2 vs +1
    assert r["check"]["rounds"] == [(12, 12)]      # a tie, but +2 beats +1 without a re-roll
    assert r["check"]["winner"] == "actor"
    r = contest("feint", {"actor": [10, 15], "target": [10, 3]}, to=S(12, 12))
    assert r["check"]["rounds"] == [(10, 10), (15, 3)] and r["success"]
    assert r["moves"] == [{"player": "b", "to": {"x": 12, "y": 12}}]


def test_grapple_needs_a_touch_attack_then_wins_places_and_ends_the_turn():
    miss = contest("grapple", {"touch": 2})
    assert miss["touch"]["hit"] is False and miss["check"] is None and not miss["success"]
    win = contest("grapple", {"touch": 15, "actor": 15, "target": 5})
    assert win["success"] and win["ends_turn"]
    assert {"x": 11, "y": 12} in win["placements"]


def test_grapple_placements_never_offer_a_square_another_creature_stands_in():
    court, roster, _ = setup({"players": [
        {"id": "a", "team": "sun", "x": 10, "y": 12, "str": 14, "bab": 2},
        {"id": "b", "team": "moon", "x": 11, "y": 12},
        {"id": "c", "team": "moon", "x": 11, "y": 11},
        {"id": "mate", "team": "sun", "x": 10, "y": 13}]})
    win = resolve_contest(court, roster, "grapple", "a", "b", S(11, 12),
                          Dice({"touch": 15, "actor": 15, "target": 5})).as_dict()
    assert win["success"]
    assert sorted((p["x"], p["y"]) for p in win["placements"]) == [(10, 11), (11, 12), (11, 13)]


def test_trip_and_overrun_knock_prone_and_stepping_aside_does_not():
    assert contest("trip", {"touch": 15, "actor": 18, "target": 2})["prone"] == "b"
    assert contest("overrun", {"actor": 18, "target": 2})["prone"] == "b"
    aside = contest("overrun", {}, avoids=True)
    assert aside["success"] and aside["prone"] is None


def test_a_contest_answers_a_typed_result_and_its_trips_back_in_play_order():
    court, roster, _ = setup({"players": [
        {"id": "a", "team": "sun", "x": 10, "y": 12, "str": 14, "dex": 12, "bab": 2},
        {"id": "b", "team": "moon", "x": 11, "y": 12, "str": 12, "dex": 16, "bab": 1}]})
    # b's trip as his attack of opportunity fails, then a's own trip fails too
    r = resolve_contest(court, roster, "trip", "a", "b", S(11, 12),
                        Dice({"aoo_touch": 15, "aoo_check": 2, "aoo_defense": 15,
                              "touch": 15, "actor": 2, "target": 15}), target_aoo="trip")
    assert isinstance(r, ContestResult) and r.target_aoo and not r.target_aoo.foiled
    assert r.reactions == (TripBack("a", "b", "target_aoo"), TripBack("b", "a", "trip"))
    assert r.reaction == r.reactions[0] and r.check and r.check.winner == "target"
    assert r.as_dict()["reaction"] == {"kind": "trip", "actor": "a", "target": "b",
                                       "after": "target_aoo"}
    preview = preview_contest(court, roster, "trip", "a", "b", S(11, 12), Dice())
    assert preview == ContestPreview("trip", "a", "b", True)
    with pytest.raises(IllegalAction, match="teammate|not next to|provokes no"):
        preview_contest(court, roster, "grapple", "a", "b", S(11, 12), Dice(),
                        target_aoo="trip")


def test_contests_only_touch_players_at_the_ball():
    court, roster, _ = setup({"players": [{"id": "a", "team": "sun", "x": 10, "y": 12},
                                          {"id": "b", "team": "moon", "x": 11, "y": 12}]})
    with pytest.raises(IllegalAction, match="not at or next to the ball"):
        resolve_contest(court, roster, "trip", "a", "b", S(20, 12), Dice())


# -- rolling stops and outcomes ---------------------------------------------------------------
def test_rolling_stop_is_a_save_with_natural_20_and_1():
    court, roster, _ = setup({"players": [{"id": "p", "team": "sun", "x": 10, "y": 13,
                                           "reflex": 10}]})
    ball = Ball.from_values(10, 12, 3, "E")
    assert resolve_rolling_intercept(court, roster, "p", 5, ball, Dice({"save": 1})).as_dict()[
        "outcome"] == "missed"
    stopped = resolve_rolling_intercept(court, roster, "p", 30, ball,
                                        Dice({"save": 20})).as_dict()
    assert stopped["outcome"] == "stopped" and stopped["ball"]["speed"] == 0
    with pytest.raises(IllegalAction, match="not next to"):
        resolve_rolling_intercept(court, roster, "p", 5, Ball.from_values(14, 12, 3, "E"), Dice())


@pytest.mark.parametrize("natural,margin,outcome", [
    (10, 5, "yoke"), (10, 4, "stopped"), (10, 0, "stopped"), (10, -1, "deflected"),
    (10, -4, "deflected"), (10, -5, "missed"), (20, -9, "stopped"), (20, 6, "yoke"),
    (1, 7, "deflected"), (1, -5, "missed")])
def test_flight_outcome_bands(natural, margin, outcome):
    assert flight_outcome(natural, margin) == outcome


# -- odds -------------------------------------------------------------------------------------
def test_landing_weights_sum_to_the_dice_and_match_the_hit_chance():
    court = Court()
    kicker = Player("ix", "sun", 10, 12, str=14, dex=17, bab=2)
    hits, weights = landing_weights(court, kicker, S(18, 12), -9, False, Settings())
    assert Fraction(hits, 20) == Fraction(7, 20)     # naturals 14..20 reach AC 5 at -9
    assert sum(weights.values()) == 160              # 20 attack x 8 scatter
    assert Fraction(weights[S(18, 12)], 160) == Fraction(hits, 20)



def test_landing_weights_are_each_scatter_face_at_every_column_and_row():
    """The weights come from one scatter pattern a row, shifted along the court
    (`scatter_pattern`): against each miss distance and d8 face scattered from the target
    itself (`scatter_from`, walls and all), at every column of rows by the walls and mid-court,
    on courts of two widths; it fails when the pattern is shifted wrongly."""
    rng = random.Random(38)
    for width in (6, 24):
        court = Court.from_dict({"length": 30, "width": width})
        for settings in (Settings(), Settings(scatter_one="srd")):
            for _ in range(150):
                kicker = Player("k", "sun", rng.randrange(30), rng.randrange(width))
                target = S(rng.randrange(-2, 32), rng.choice((0, 1, width // 2, width - 1)))
                if target == kicker.square:
                    continue
                modifier, precise = rng.randint(-12, 12), rng.random() < 0.3
                hits, misses = attack_spread(modifier, precise)
                want: dict = {target: 8 * hits} if hits else {}
                straight_on = snap(target.x - kicker.x, target.y - kicker.y)
                for off, count in misses:
                    for face in range(1, 9):
                        sq = scatter_from(court, target,
                                          scatter_direction(face, straight_on, settings), off)
                        want[sq] = want.get(sq, 0) + count
                got = landing_weights(court, kicker, target, modifier, precise, settings)
                assert got == (hits, want) and list(got[1]) == list(want)

def test_save_odds_enumerate_the_d20():
    odds = save_odds(4, 15)           # margins -10..9 over naturals 1..20
    assert odds == {"yoke": 0.25, "stopped": 0.25, "deflected": 0.2, "missed": 0.3}


def test_preview_out_of_range_says_why():
    court, roster, settings = setup({"players": [{"id": "ix", "team": "sun", "x": 10, "y": 12,
                                                  "str": 14}]})
    p = kick_preview(court, roster, "ix", S(10, 12), S(30, 12), True, 0, settings).as_dict()
    assert p["in_range"] is False and p["legal"] is False and p["odds"]["landing"] == []
    assert p["reason"]["code"] == "out_of_range" and "beyond" in p["reason"]["message"]


# -- match ------------------------------------------------------------------------------------
def match():
    return new_match([{"id": "sun", "defends": "west"}, {"id": "moon", "defends": "east"}],
                     Court(), Settings(round_limit=2))


def test_goals_reset_the_ball_and_nine_wins():
    state = match()
    state = apply_event(state, {"type": "ball", "x": 3, "y": 4, "speed": 2, "direction": "E"})
    state = apply_event(state, {"type": "goal", "end": "east"})      # sun attacks east
    assert state["score"] == {"sun": 1, "moon": 0}
    assert state["ball"] == {"x": 36, "y": 12, "speed": 0, "direction": None}
    for _ in range(8):
        state = apply_event(state, {"type": "goal", "team": "moon"})
    assert state["status"] == "playing"
    state = apply_event(state, {"type": "goal", "team": "moon"})
    assert state["status"] == "over" and state["winner"] == "moon"
    with pytest.raises(MatchOver):
        apply_event(state, {"type": "round"})


def test_the_hoop_wins_at_once_and_the_clock_ends_in_a_draw():
    assert apply_event(match(), {"type": "hoop", "team": "sun"})["winner"] == "sun"
    state = apply_event(match(), {"type": "round"})
    assert state["round"] == 2 and state["status"] == "playing"
    state = apply_event(state, {"type": "round"})
    assert state["status"] == "over" and state["winner"] == "draw"


def test_bad_events_are_refused_and_change_nothing():
    state = match()
    for bad in ({"type": "goal", "team": "stars"}, {"type": "dance"},
                {"type": "ball", "x": 3, "y": 99}, {"type": "ball", "x": "3", "y": 1}):
        with pytest.raises(RulesError):
            apply_event(state, bad)
    assert state == match()


def test_turn_order_gives_players_the_ties():
    order = turn_order({"ix": 20, "yo": 12})
    assert order[:3] == [("ball", 25), ("ix", 20), ("ball", 20)]


def test_players_tied_on_initiative_go_by_modifier_then_a_named_d20_roll_off():
    """Rulings "Player movement" (3.5 SRD): the higher total initiative modifier first; still
    tied, a d20 roll-off, rolled again among those it leaves tied."""
    from companion.rules.dice import Dice

    dice = Dice({"a.initiative_tie": [7, 3], "b.initiative_tie": [7, 15],
                 "c.initiative_tie": 2})
    order = turn_order({"a": 15, "b": 15, "c": 15, "d": 15, "e": 12},
                       {"a": 1, "b": 1, "c": 1, "d": 3, "e": 0}, dice)
    assert [who for who, _ in order if who != "ball"] == ["d", "b", "a", "c", "e"]
    assert order[:6] == [("ball", 25), ("ball", 20), ("d", 15), ("b", 15), ("a", 15),
                         ("c", 15)]
    assert [r.name for r in dice.rolls] == ["a.initiative_tie", "b.initiative_tie",
                                            "c.initiative_tie", "a.initiative_tie",
                                            "b.initiative_tie"]


def test_negative_damage_is_refused_by_the_rules_too():
    from companion.rules.errors import RulesError
    from companion.rules.yaotzin import match as yaotzin
    from companion.rules.yaotzin.court import Court
    from companion.rules.yaotzin.settings import Settings

    state = yaotzin.new_match([{"id": "a"}, {"id": "b"}], Court.from_dict(None),
                              Settings.from_dict(None))
    with pytest.raises(RulesError, match="negative"):
        yaotzin.apply_event(state, {"type": "damage", "player": "x", "nonlethal": -1})
