"""Cards for goat-ball results."""

from __future__ import annotations

from ..rules.goatball.quick import QuickResult
from ..rules.goatball.results import CheckRoll, PassResult
from ..rules.goatball.tipoff import TipoffResult
from .card import Card

Names = dict[str, str]


def _outcome_line(card: Card, r: PassResult, names: Names) -> None:
    pos = r.possession
    outcome = r.outcome
    data: dict = {}
    if outcome in ("pass", "no_change"):
        data = {"carrier": names.get(pos.carrier or "", "-")}
    elif outcome in ("intercepted", "turnover"):
        data = {"team": names.get(pos.team, pos.team)}
    elif outcome == "knocked_out" and r.throw is not None:
        data = {"target": names[r.throw.target]}
    tone = {"pass": "good", "knocked_out": "good", "no_change": "muted"}.get(outcome, "bad")
    card.line(f"BALLCOURT.Card.Pass.{outcome}", tone, **data)


def _check_key(line: str, skill: str | None, advantage: bool) -> str:
    """Pass.Roll, Pass.RollAdv, or Pass.RollBare(Adv) when the table did not say the skill."""
    return f"BALLCOURT.Card.Pass.{line}{'' if skill else 'Bare'}{'Adv' if advantage else ''}"


def _roll_line(card: Card, player: str, action: str, got: CheckRoll, names: Names,
               skill: str | None = None) -> None:
    """One check: its player, what it was for, its skill (`skill`: the one the rules roll,
    whatever the table named), advantage and total."""
    skill = skill or got.skill
    card.line(_check_key("Roll", skill, got.advantage), "muted", player=names[player],
              action=action, total=got.total, **({"skill": skill} if skill else {}))


def pass_card(r: PassResult, names: Names, team: str) -> dict:
    card = Card("goatball.pass", "BALLCOURT.Card.Pass.Title", team=team)
    for k in r.knock_offs:
        if k.attack is None or k.defense is None:      # it did not happen
            continue
        _roll_line(card, k.player, "knock_off", k.attack, names, skill="athletics")
        _roll_line(card, k.target, "hold", k.defense, names)
        key = "BALLCOURT.Card.Pass.KnockOff" if k.success else \
            "BALLCOURT.Card.Pass.KnockOffFails"
        card.line(key, "bad" if k.success else "muted", player=names[k.player],
                  target=names[k.target], attack=k.attack.total, defense=k.defense.total)
    for c in r.checks:
        skill = c.roll.skill
        card.line(_check_key("Check", skill, c.roll.advantage), player=names[c.player],
                  action=c.action, total=c.roll.total, margin=c.margin,
                  **({"skill": skill} if skill else {}))
        if c.fell:
            card.line("BALLCOURT.Card.Pass.Fell", "bad", player=names[c.player])
    if r.throw:
        card.line("BALLCOURT.Card.Pass.Totals", throw=r.throw_total,
                  intercept=r.intercept_total)
    contest = r.hot_contest
    if contest and r.throw:
        _roll_line(card, contest.thrower, "hot_throw", contest.carrier, names)
        _roll_line(card, r.throw.target, "dodge", contest.target, names)
    _outcome_line(card, r, names)
    for d in r.damage:
        card.line("BALLCOURT.Card.Pass.Spear", "bad", player=names[d.player],
                  total=d.total, dice=d.dice)
    for m in r.moves:
        for bc in m.contests:
            # the skill actually rolled: the mover's choice; the blocker's Athletics
            _roll_line(card, m.player, "move", bc.move, names)
            _roll_line(card, bc.blocker, "block", bc.block, names, skill="athletics")
        if m.moved:
            card.line("BALLCOURT.Card.Pass.Moved", player=names[m.player], zone=m.to)
        elif m.blocked_by:
            card.line("BALLCOURT.Card.Pass.Blocked", player=names[m.player], zone=m.to,
                      blocker=names[m.blocked_by])
    pos = r.possession
    if pos.hot:
        card.line("BALLCOURT.Card.Pass.Hot", "good")
    else:
        card.line("BALLCOURT.Card.Pass.Heat", count=len(pos.visited))
    if pos.carrier is None and r.winner is None:
        card.line("BALLCOURT.Card.Pass.Choose", team=names.get(pos.team, pos.team))
    for pid in r.returned:
        card.line("BALLCOURT.Card.Pass.Returned", "good", player=names[pid])
    for pid in r.dead:
        card.line("BALLCOURT.Card.Pass.Dead", "bad", player=names[pid])
    _winner_line(card, names.get(r.winner, r.winner) if r.winner else None)
    where = {p.id: p.platform for p in r.arena.players}
    out = r.out
    card.action("apply", "BALLCOURT.Action.Apply",
                {"out": out, "returned": r.returned, "dead": r.dead,
                 "possession": pos.as_dict(), "damage": [d.as_dict() for d in r.damage],
                 "ball_on": contest.ball_on if contest else None,
                 # where the out and the returned stand: Apply moves them off and back on
                 "platforms": {pid: where[pid] for pid in [*out, *r.returned]}})
    if pos.carrier is None and r.winner is None:
        standing = [p.id for p in r.arena.players if p.team == pos.team and p.standing]
        _carrier_actions(card, r.choose_from or standing, names)
    return card.build([roll.as_dict() for roll in r.rolls], names)


def _carrier_actions(card: Card, candidates: list[str], names: Names) -> None:
    """One button a candidate: the team that gained the ball names its carrier."""
    for pid in candidates:
        card.action(f"carrier:{pid}", "BALLCOURT.Action.Carrier", {"player": pid},
                    player=names[pid])


def _winner_line(card: Card, winner: str | None) -> None:
    if winner == "draw":
        card.line("BALLCOURT.Card.Draw", "good")
    elif winner:
        card.line("BALLCOURT.Card.Winner", "good", team=winner)


def tipoff_card(r: TipoffResult, names: Names) -> dict:
    card = Card("goatball.tipoff", "BALLCOURT.Card.Tipoff.Title")
    last = r.rounds[-1]
    for pid, total in last.items():
        card.line("BALLCOURT.Card.Tipoff.Check", player=names[pid], total=total)
    pos = r.possession
    if r.reroll or pos is None:
        reroll = r.reroll or []
        card.line("BALLCOURT.Card.Tipoff.Reroll", "bad",
                  players=", ".join(names[p] for p in reroll))
        card.action("reroll", "BALLCOURT.Action.Reroll", {"players": reroll})
    else:
        card.line("BALLCOURT.Card.Tipoff.Takes", "good", team=names.get(pos.team, pos.team))
        card.action("apply", "BALLCOURT.Action.Apply", {"possession": pos.as_dict()})
        if pos.carrier is None:
            card.line("BALLCOURT.Card.Pass.Choose", team=names.get(pos.team, pos.team))
            _carrier_actions(card, r.choose_from or [], names)
    return card.build([roll.as_dict() for roll in r.rolls], names)


def quick_card(r: QuickResult) -> dict:
    card = Card("goatball.quick", "BALLCOURT.Card.Quick.Title")
    for team, total in r.sums.items():
        card.line("BALLCOURT.Card.Quick.Sum", team=team, sum=total)
    top = max(r.sums.values())
    if r.winner == "draw":
        card.line("BALLCOURT.Card.Quick.Drawn", "muted", sum=top)
    elif r.decider is not None:
        card.line("BALLCOURT.Card.Quick.ByDecider", "muted", team=r.winner, value=r.decider,
                  sum=top)
    else:
        card.line("BALLCOURT.Card.Quick.BySum", "muted", team=r.winner)
    _winner_line(card, r.winner)
    return card.build([])


def arena_overlay(possession: dict | None, out: list[str] | None = None) -> dict:
    """What the module lights on the arena: the platforms visited (the heat), the carrier."""
    if possession is None:
        return {"kind": "arena", "team": None, "carrier": None, "visited": [], "hot": False,
                "out": out or []}
    return {"kind": "arena", "team": possession["team"], "carrier": possession["carrier"],
            "visited": possession["visited"], "hot": possession["hot"], "out": out or []}
