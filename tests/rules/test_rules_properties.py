"""Properties over the rules where the independent audit found misses (issue 12)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.yaotzin.ball import Ball
from companion.rules.yaotzin.court import Court
from companion.rules.yaotzin.grid import Direction
from companion.rules.yaotzin.players import Roster
from companion.rules.yaotzin.settings import Settings
from companion.rules.yaotzin.tick import tick


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
    result = tick(court, Roster([], court), ball, Settings())
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
