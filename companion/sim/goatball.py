"""One whole goat-ball match, played by the real engine with a simple policy for the players.

The engine (`companion.rules.goatball`) decides everything the rules decide: tip-off, the
order of knock-offs, throw and intercept checks against DC 5, the comparison, hot throws,
falls, outs and returns, moves and blocks, the winner. The policy below only stands in for the
choices the players make at the table. It is a model of players, not a rule; docs/simulator.md
writes it out in words.

The policy (`declare`), for the team with the ball (attackers) and the rest (defenders):
- A player's check is his better skill (Athletics or Acrobatics); a knock-off is Athletics, the
  defence against it the target's better skill, a hot throw and its dodge Acrobatics.
- A player joins a throw or an intercept only when his chance to fall (miss DC 5) is at most
  15%, counting the zone advantage he would get; otherwise he does nothing this pass.
- The carrier throws. A hot ball is always thrown at the standing opponent who dodges worst
  (with zones, one in the carrier's zone first). Otherwise he passes to a teammate on a
  platform the ball has not visited (else any teammate), preferring one in his own zone, then
  a neighbouring zone, then the better thrower.
- Defenders: the strongest one who may (with zones: one in the carrier's zone) tries to knock
  the carrier off. With zones and nobody of theirs in the carrier's zone, the defender nearest
  to it moves one zone towards it. The rest intercept.
- Attackers: when a defender may knock the carrier off, one teammate (in the carrier's zone
  with zones) defends him. With zones, when no defender is in the carrier's zone but one is
  next to it, one teammate there blocks. When the ball is hot, the strongest free attacker
  tries to knock off the opponent he can reach who resists worst (not the hot throw's target).
  The rest join the throw.
- A team that must name a carrier names its best thrower (of those the engine offers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..rules.dice import Dice
from ..rules.goatball.passes import Action, Check, Throw, resolve_pass
from ..rules.goatball.state import DC, Arena, Player, Settings
from ..rules.goatball.tipoff import resolve_tipoff

TEAMS = ("red", "blue")
FALL_RISK = 0.15          # join a throw or intercept only below this chance to fall
PASS_LIMIT = 200          # a match still running after this many passes is a draw
MIN_PLATFORMS = 12        # "at least a dozen raised platforms"


@dataclass(frozen=True)
class Skills:
    athletics: int
    acrobatics: int

    @property
    def best(self) -> int:
        return max(self.athletics, self.acrobatics)


@dataclass
class MatchStats:
    passes: int = 0
    winner: str | None = None          # team id, "draw" (everyone out) or "limit"
    tipoff_team: str | None = None
    hot_throws: int = 0
    knock_offs: int = 0                # successful knock-offs (a player off his platform)
    knock_outs: int = 0                # successful hot throws
    possession_changes: int = 0
    falls: int = 0

    @property
    def draw(self) -> bool:
        return self.winner in ("draw", "limit")

    @property
    def tipoff_won(self) -> bool:
        return self.winner == self.tipoff_team


def zone_names(zones: int) -> list[str]:
    return [f"z{i + 1}" for i in range(zones)]


def zone_links(zones: int) -> dict[str, list[str]]:
    """The field cut into strips: each zone borders the ones before and after it."""
    names = zone_names(zones)
    return {z: [names[j] for j in (i - 1, i + 1) if 0 <= j < zones] for i, z in enumerate(names)}


def make_arena(players: int, zones: int, rng: random.Random) -> tuple[Arena, dict[str, Skills]]:
    """N a side on their own platforms, skills +0..+5, each team spread evenly over the zones
    (shuffled), the same for every zone count given the same `rng` state."""
    skills: dict[str, Skills] = {}
    for team in TEAMS:
        for i in range(players):
            skills[f"{team}{i + 1}"] = Skills(rng.randint(0, 5), rng.randint(0, 5))
    order = list(range(players))
    shuffles = {team: rng.sample(order, players) for team in TEAMS}
    platforms = max(MIN_PLATFORMS, 2 * players)
    spots = rng.sample(range(platforms), 2 * players)
    names = zone_names(zones)
    roster = []
    for t, team in enumerate(TEAMS):
        for i in range(players):
            zone = names[(shuffles[team][i] + t) % zones] if zones else None
            roster.append(Player(id=f"{team}{i + 1}", team=team,
                                 platform=f"p{spots[t * players + i] + 1}", zone=zone))
    settings = Settings(zones=bool(zones), zone_links=zone_links(zones) if zones else None)
    return Arena(teams=TEAMS, players=tuple(roster), possession=None, settings=settings), skills


def fall_chance(modifier: int, advantage: bool) -> float:
    """The chance that d20 + modifier (with advantage: the better of two) misses DC."""
    miss = min(1.0, max(0.0, (DC - 1 - modifier) / 20))
    return miss * miss if advantage else miss


def zone_distance(a: str | None, b: str | None) -> int:
    if a is None or b is None:
        return 0
    return abs(int(a[1:]) - int(b[1:]))


def step_towards(a: str, b: str) -> str:
    i, j = int(a[1:]), int(b[1:])
    return f"z{i + (1 if j > i else -1)}"


class Policy:
    """Chooses everyone's declaration for one pass from what the table can see."""

    def __init__(self, skills: dict[str, Skills], rng: random.Random,
                 fall_risk: float = FALL_RISK):
        self.skills = skills
        self.rng = rng
        self.fall_risk = fall_risk

    def carrier_for(self, arena: Arena, team: str, choose_from: list[str] | None) -> str:
        pool = choose_from or [p.id for p in arena.team_players(team) if p.standing]
        return max(pool, key=lambda pid: (self.skills[pid].best, pid))

    def declare(self, arena: Arena) -> tuple[list[Action], Throw | None]:
        pos = arena.possession
        zones = arena.settings.zones
        carrier = arena.player(pos.carrier)
        standing = [p for p in arena.players if p.standing]
        mates = [p for p in standing if p.team == pos.team and p.id != carrier.id]
        rivals = [p for p in standing if p.team != pos.team]
        sk = self.skills
        init = {p.id: self.rng.randint(1, 20) + sk[p.id].acrobatics for p in standing}

        def act(p: Player, action: str, **kw) -> Action:
            return Action(player=p.id, action=action, initiative=init[p.id], **kw)

        def check(mod: int) -> Check:
            return Check(modifier=mod)

        # where the ball goes
        throw: Throw | None = None
        if pos.hot and rivals:
            target = min(rivals, key=lambda r: (zones and r.zone != carrier.zone,
                                                sk[r.id].acrobatics, r.id))
            throw = Throw(kind="hot", target=target.id, carrier_check=check(sk[carrier.id]
                          .acrobatics), target_check=check(sk[target.id].acrobatics))
        elif mates:
            target = min(mates, key=lambda m: (m.platform in pos.visited,
                                               zone_distance(m.zone, carrier.zone),
                                               -sk[m.id].best, m.id))
            throw = Throw(kind="pass", target=target.id)
        ball_zones = {carrier.zone, arena.player(throw.target).zone} if throw else {carrier.zone}

        def advantage(p: Player) -> bool:
            return zones and p.zone in ball_zones

        def willing(p: Player) -> bool:
            return fall_chance(sk[p.id].best, advantage(p)) <= self.fall_risk

        def reach(p: Player, t: Player) -> bool:
            return not zones or p.zone == t.zone

        actions: list[Action] = []
        busy: set[str] = set()
        if throw is not None:
            actions.append(act(carrier, "throw", check=check(sk[carrier.id].best)))
            busy.add(carrier.id)

        # defenders: one knocks the carrier off, one closes in, the rest intercept
        knockers = [r for r in rivals if reach(r, carrier)]
        if knockers:
            k = max(knockers, key=lambda r: (sk[r.id].athletics, r.id))
            actions.append(act(k, "knock_off", target=carrier.id,
                               check=check(sk[k.id].athletics),
                               defense=check(sk[carrier.id].best)))
            busy.add(k.id)
        elif zones and rivals:
            m = min(rivals, key=lambda r: (zone_distance(r.zone, carrier.zone),
                                           -sk[r.id].athletics, r.id))
            actions.append(act(m, "move", zone=step_towards(m.zone, carrier.zone),
                               check=check(sk[m.id].athletics)))
            busy.add(m.id)
        for r in rivals:
            if r.id not in busy and throw is not None and willing(r):
                actions.append(act(r, "intercept", check=check(sk[r.id].best)))
                busy.add(r.id)

        # attackers: guard the carrier, bar the way, thin the other side, throw
        free = [m for m in mates if reach(m, carrier)]
        if knockers and free:
            d = max(free, key=lambda m: (sk[m.id].athletics, m.id))
            actions.append(act(d, "defend", target=carrier.id))
            busy.add(d.id)
        elif zones and rivals and any(zone_distance(r.zone, carrier.zone) == 1 for r in rivals):
            free = [m for m in free if m.id not in busy]
            if free:
                b = max(free, key=lambda m: (sk[m.id].athletics, m.id))
                actions.append(act(b, "block", check=check(sk[b.id].athletics)))
                busy.add(b.id)
        if pos.hot and throw is not None:
            hitters = [m for m in mates if m.id not in busy]
            marks = [(m, r) for m in hitters for r in rivals
                     if r.id != throw.target and reach(m, r)]
            if marks:
                m, r = max(marks, key=lambda mr: (sk[mr[0].id].athletics - sk[mr[1].id].best,
                                                  mr[0].id, mr[1].id))
                actions.append(act(m, "knock_off", target=r.id, check=check(sk[m.id].athletics),
                                   defense=check(sk[r.id].best)))
                busy.add(m.id)
        for m in mates:
            if m.id not in busy and throw is not None and willing(m):
                actions.append(act(m, "throw", check=check(sk[m.id].best)))
        return actions, throw


def tipoff(arena: Arena, policy: Policy, dice: Dice) -> Arena:
    checks = {p.id: Check(modifier=policy.skills[p.id].acrobatics)
              for p in arena.players if p.standing}
    while True:
        result, after = resolve_tipoff(arena, checks, dice)
        if not result["reroll"]:
            break
    if after.possession.carrier is None:
        carrier = policy.carrier_for(after, after.possession.team, result["choose_from"])
        after = name_carrier(after, carrier)
    return after


def name_carrier(arena: Arena, carrier: str) -> Arena:
    pos = arena.possession
    visited = pos.visited or (arena.player(carrier).platform,)
    return replace(arena, possession=replace(pos, carrier=carrier, visited=visited))


def play_match(players: int, zones: int, arena_seed: str, dice_seed: str,
               pass_limit: int = PASS_LIMIT, fall_risk: float = FALL_RISK) -> MatchStats:
    """Play one match to a winner, everyone out (a draw) or the pass limit (a draw)."""
    arena, skills = make_arena(players, zones, random.Random(arena_seed))
    rng = random.Random(dice_seed)
    dice = Dice(seed=rng.randrange(2 ** 32))
    policy = Policy(skills, rng, fall_risk)
    arena = tipoff(arena, policy, dice)
    stats = MatchStats(tipoff_team=arena.possession.team)
    while stats.passes < pass_limit:
        actions, throw = policy.declare(arena)
        dice.rolls.clear()
        result, after = resolve_pass(arena, actions, throw, dice)
        stats.passes += 1
        stats.hot_throws += bool(throw and throw.kind == "hot")
        stats.knock_offs += sum(1 for k in result["knock_offs"] if k.get("success"))
        stats.knock_outs += result["outcome"] == "knocked_out"
        stats.falls += len(result["fell"])
        stats.possession_changes += after.possession.team != arena.possession.team
        if result["winner"] is not None:
            stats.winner = result["winner"]
            return stats
        if after.possession.carrier is None:
            after = name_carrier(after, policy.carrier_for(after, after.possession.team,
                                                           result["choose_from"]))
        arena = after
    stats.winner = "limit"
    return stats
