"""Properties over the rules where an independent audit found misses."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.dice import Dice
from companion.rules.goatball.match import actions_from, throw_from
from companion.rules.goatball.passes import resolve_pass
from companion.rules.goatball.state import Settings as GoatSettings
from companion.rules.goatball.state import arena_from_dict
from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Direction
from companion.rules.yaotzin.players import Roster
from companion.rules.yaotzin.settings import Settings
from companion.rules.yaotzin.tick import ball_action


@st.composite
def stalled_on_a_slope(draw):
    """A court of any size, and a ball with no speed on one of its slope rows."""
    width = draw(st.integers(8, 40))
    slope = draw(st.integers(1, (width - 1) // 2))
    length = draw(st.integers(8, 80))
    court = Court.from_dict({"length": length, "width": width, "slope": slope})
    south = draw(st.booleans())
    row = draw(st.integers(0, slope - 1))
    y = width - 1 - row if south else row
    x = draw(st.integers(0, length - 1))
    heading = draw(st.sampled_from([None, *Direction]))
    return court, Ball(x, y, 0, heading)


@settings(max_examples=60, deadline=None)
@given(stalled_on_a_slope())
def test_a_stalled_ball_rolls_back_downhill_and_never_along_the_slope(case):
    court, ball = case
    result = ball_action(court, Roster([], court), ball, Settings()).as_dict()
    motion = result["motion"]
    assert motion["rolled_back"] and motion["speed"] == court.height(ball.y)
    down = court.downhill_dy(ball.y)
    along = ball.direction.dx if ball.direction is not None and ball.direction.dy != 0 else 0
    assert motion["direction"] == Direction.of(along, down).name
    here = (ball.x, ball.y)      # every step is its heading: downhill, along-court part kept
    for step in result["path"]:
        assert step["y"] - here[1] in (down, 0) and step["x"] - here[0] == along
        here = (step["x"], step["y"])
    if along == 0:
        assert all(step["x"] == ball.x for step in result["path"]), \
            "a ball stalled along the slope (or still) rolls straight down"


# -- goat-ball: one tie rule on every path ------------------------------------------------------
@st.composite
def brawls_with_a_tie(draw):
    """A thunder brawl where two or more other teams tie for the highest intercept check."""
    n = draw(st.integers(3, 6))
    teams = [f"t{i}" for i in range(n)]
    holder = draw(st.sampled_from(teams))
    others = [t for t in teams if t != holder]
    tied = draw(st.lists(st.sampled_from(others), min_size=2, max_size=len(others),
                         unique=True))
    top = draw(st.integers(6, 25))
    players = {t: [{"id": f"{t}a", "platform": f"{t}-1"}, {"id": f"{t}b", "platform": f"{t}-2"}]
               for t in teams}
    intercepts = [{"player": f"{t}a", "action": "intercept", "check": top} for t in tied]
    for t in others:
        if t not in tied and draw(st.booleans()):
            intercepts.append({"player": f"{t}a", "action": "intercept",
                               "check": draw(st.integers(5, top - 1))})
    order = draw(st.permutations(intercepts))
    carrier_at = draw(st.integers(0, len(order)))
    return teams, players, holder, tied, order, carrier_at


def _resolve_brawl(teams, players, holder, actions):
    arena = arena_from_dict({"teams": [{"id": t, "players": players[t]} for t in teams],
                             "possession": {"team": holder, "carrier": f"{holder}a"}},
                            GoatSettings())
    return resolve_pass(arena, actions_from(actions),
                        throw_from({"kind": "pass", "target": f"{holder}b"}),
                        Dice(seed=0)).as_dict()


@settings(max_examples=60, deadline=None)
@given(brawls_with_a_tie())
def test_the_same_tie_gives_the_same_team_whichever_path_resolves_it(brawl):
    teams, players, holder, tied, intercepts, carrier_at = brawl
    i = teams.index(holder)
    expected = next(t for t in teams[i + 1:] + teams[:i] if t in tied)
    outcomes = {}
    # the throw holds (margin 0) and loses the comparison: an interception; or the carrier
    # falls (below DC 5): the ball touches the ground
    for path, check in (("intercepted", 5), ("turnover", 4)):
        actions = list(intercepts)
        actions.insert(carrier_at, {"player": f"{holder}a", "action": "throw", "check": check})
        result = _resolve_brawl(teams, players, holder, actions)
        assert result["outcome"] == path
        outcomes[path] = result["possession"]["team"]
    assert outcomes == {"intercepted": expected, "turnover": expected}
