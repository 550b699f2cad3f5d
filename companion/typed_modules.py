"""The modules held to mypy, and the ones among them mypyc compiles: written here once.

setup.py compiles `COMPILED` (its HOT_MODULES) with BALLCOURT_COMPILE=1; pyproject.toml's
`[tool.mypy] files`, which mypy can only read as a list of its own, is `TYPED` in this order
(tests/test_typed_modules.py fails when the two differ). Paths are from the checkout's root."""

# What mypyc compiles: the pure, typed modules a simulated match spends its time in (each
# passes mypy; tests/sim/test_compiled.py checks that the compiled build plays the same
# matches to the bit), the arena's dataclasses (state.py) among them.
COMPILED = (
    "companion/rules/dice.py",
    "companion/rules/goatball/state.py",
    "companion/rules/goatball/results.py",
    "companion/rules/goatball/passes.py",
    "companion/rules/goatball/tipoff.py",
    "companion/tactics/goatball.py",
    "companion/sim/goatball_match.py",
    "companion/sim/stats.py",
    # Yaotzin's whole matches: the shot planner (most of a match's time) and the rules it
    # follows, the movement searches, the presets and the match loop (docs/benchmarks.md)
    "companion/rules/yaotzin/grid.py",
    "companion/rules/yaotzin/ball.py",
    "companion/rules/yaotzin/court.py",
    "companion/rules/yaotzin/tick.py",
    "companion/rules/yaotzin/dribble.py",
    "companion/rules/yaotzin/players.py",
    "companion/rules/yaotzin/flight.py",
    "companion/rules/yaotzin/intercept.py",
    "companion/rules/yaotzin/kick.py",
    "companion/rules/yaotzin/odds.py",
    "companion/rules/yaotzin/courses.py",
    "companion/rules/yaotzin/plan.py",
    "companion/rules/yaotzin/movement.py",
    "companion/tactics/yaotzin.py",
    "companion/sim/yaotzin_match.py",
)

# Held to mypy without being compiled: the simulator's driver and goat-ball's advice
TYPED = COMPILED + (
    "companion/sim/goatball_run.py",
    "companion/advice/goatball.py",
)
