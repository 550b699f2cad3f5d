"""What the companion advises a GM: answers it serves (`/api/v1/yaotzin/charts/*`,
`/api/v1/goatball/tune`) and prints (`ballcourt simulate yaotzin --chart`), kept out of the
simulator's package because they are product features, not balance research.

- `yaotzin.py`: the kick, best-aim and hoop charts. Exact sums over the rules engine's own dice
  (no match is played), so this module imports nothing from `companion.sim`.
- `goatball.py`: the zone tune for one table's roster, and the roster's reader. A tune does
  play hundreds of simulated matches, so it calls the simulator through one narrow function,
  `companion.sim.goatball_run.simulate`, with that function's defaults and limits (`BUDGET`,
  `MAX_PLAYERS`, `MARGIN`) and parameter types; nothing else of the simulator (its match
  drivers, its workers) is imported here. Moving the simulator's engine in too would make this
  package the simulator; leaving the tune in `sim/` kept a product feature there.
- `npc_match.py`: NPC matches the party watches, from the table's own state (its rosters, the
  ball, the round, the score): their odds, and one match played out with its highlights and
  the events that keep it. It plays the simulator's Yaotzin match itself (`Match`, the presets
  choosing every turn, told through the methods it overrides) and says how sure the odds are
  by the simulator's intervals (`mean_ci`, `rate_ci`): a match from a given state is no
  simulation the simulator's entry point plays.

The dependency runs one way: `companion.sim` and the CLI may import this package, which takes
from the simulator only `simulate`, the Yaotzin `Match` and the names above
(tests/advice/test_layers.py checks it). Pure like `companion.rules`: no Flask, no disk; the
server's worker process and time limit are `server/tuning.py`'s.
"""
