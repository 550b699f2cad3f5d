"""One pass (round) of goat-ball, resolved from everyone's declared actions.

Order (rulings): knock-offs in initiative order; then the throw and intercept checks against
DC 5; then the comparison; moves and blocks (zones) take effect at the end of the pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..dice import Dice, Roll
from ..errors import IllegalAction, RulesError
from ..versions import CURRENT, GOATBALL_KNOCKED_TARGET_TO_OPPONENTS, GOATBALL_ONE_SKILL_CHECKED
from .results import (
    BlockContest,
    CheckResult,
    CheckRoll,
    Damage,
    HotContest,
    KnockOff,
    MoveResult,
    PassResult,
)
from .state import DC, Arena, Player, Possession, Settings, magic_key

ACTIONS = ("throw", "intercept", "knock_off", "defend", "move", "block")
THROW_KINDS = ("pass", "hot")
HOT_PLATFORMS = 4          # three counted passes: four different platforms
# the actions that roll one skill only (rulings "Knock-off", "Zones"): Str (Athletics)
ONE_SKILL = {"knock_off": "athletics", "block": "athletics"}


# Check, Action and Throw write out their `__init__` (init=False), with `object.__setattr__`
# written literally, as the arena's types do (state.py): the balance simulator builds hundreds
# a match.
@dataclass(frozen=True, init=False)
class Check:
    """A check as rolled at the table (`total`, advantage already applied) or for us to roll."""

    total: int | None = None
    modifier: int | None = None
    advantage: bool = False
    disadvantage: bool = False
    skill: str | None = None
    faces: tuple[int, ...] | None = None   # both d20s rolled at the table: we pick (Defend)

    def __init__(self, total: int | None = None, modifier: int | None = None,
                 advantage: bool = False, disadvantage: bool = False, skill: str | None = None,
                 faces: tuple[int, ...] | None = None) -> None:
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "modifier", modifier)
        object.__setattr__(self, "advantage", advantage)
        object.__setattr__(self, "disadvantage", disadvantage)
        object.__setattr__(self, "skill", skill)
        object.__setattr__(self, "faces", faces)

    def resolve(self, dice: Dice, name: str, advantage: bool = False) -> CheckRoll:
        # The advantage a card shows: the rules' (zone, Defend) or the table's own flag.
        shown = (self.advantage or advantage) and not self.disadvantage
        if self.faces:
            # the table rolled two d20s; the companion alone decides which counts: the
            # higher with advantage, the lower with disadvantage, else the first
            adv, dis = self.advantage or advantage, self.disadvantage
            keep = None if adv == dis else "highest" if adv else "lowest"
            faces = tuple(self.faces) if keep else tuple(self.faces[:1])
            roll = Roll(name, 20, faces, self.modifier or 0, keep)
            dice.rolls.append(roll)
            return CheckRoll(roll.total, self.skill, False, shown, tuple(self.faces),
                             roll.natural)
        if self.total is not None:
            return CheckRoll(self.total, self.skill, False, shown)
        total = dice.d20_total(name, self.modifier or 0, self.advantage or advantage,
                               self.disadvantage)
        return CheckRoll(total, self.skill, True, shown)


@dataclass(frozen=True, init=False)
class Action:
    player: str
    action: str
    target: str | None = None
    check: Check | None = None
    defense: Check | None = None      # a knock-off's target's check
    zone: str | None = None           # where a move goes
    initiative: int | None = None
    magic: str | None = None
    # the names its throw, intercept or knock-off check and a knock-off's defence roll under
    # (docs/api.md, Roll names): worked out once, not every pass (the balance simulator
    # keeps a match's actions)
    roll_name: str = field(init=False, repr=False, compare=False)
    defense_name: str = field(init=False, repr=False, compare=False)

    def __init__(self, player: str, action: str, target: str | None = None,
                 check: Check | None = None, defense: Check | None = None,
                 zone: str | None = None, initiative: int | None = None,
                 magic: str | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "check", check)
        object.__setattr__(self, "defense", defense)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "initiative", initiative)
        object.__setattr__(self, "magic", magic)
        object.__setattr__(self, "roll_name", f"{player}.{action}")
        object.__setattr__(self, "defense_name",
                           f"{target}.defense.{player}" if action == "knock_off" else "")


@dataclass(frozen=True, init=False)
class Throw:
    kind: str
    target: str
    carrier_check: Check | None = None    # a hot throw's Acrobatics contest
    target_check: Check | None = None
    str_mod: int = 0                      # bloodball: the spear's damage bonus

    def __init__(self, kind: str, target: str, carrier_check: Check | None = None,
                 target_check: Check | None = None, str_mod: int = 0) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "carrier_check", carrier_check)
        object.__setattr__(self, "target_check", target_check)
        object.__setattr__(self, "str_mod", str_mod)


def _need_check(check: Check | None, who: str, what: str, field: str) -> Check:
    if check is not None and check.faces is not None:
        faces_field = (field[:-len("_check")] if field.endswith("_check") else field) + "_faces"
        if len(check.faces) not in (1, 2) or not all(
                isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 20
                for f in check.faces):
            raise RulesError(f"{who}'s {what}: `faces` are the d20s rolled (one or two results"
                             f" 1-20)", field=faces_field)
        if check.total is not None:
            raise RulesError(f"{who}'s {what}: give the faces and the modifier, or the"
                             f" total, not both", field=faces_field)
        return check
    if check is None or (check.total is None and check.modifier is None):
        raise RulesError(f"{who}'s {what} needs a check: `check` (the total rolled at the"
                         f" table) or `modifier` (for the companion to roll)", field=field)
    return check


def _not_lost(arena: Arena, target, field: str) -> None:
    """A lost team's players can no longer be targeted (rulings "Out and back")."""
    if target.team in arena.eliminated:
        raise IllegalAction(f"{target.label}'s team {target.team} has lost: its players can no"
                            f" longer be targeted", field=field)


def _no_plain_total(check: Check, who: str, field: str, instead: str) -> None:
    """A Defend names this check's player: a total rolled at the table would have decided the
    advantage there, and only the companion decides it (rulings "A plain total against a
    Defend")."""
    if check.total is not None:
        raise RulesError(f"a Defend names {who} this pass, so the companion decides whether his"
                         f" check has advantage: send {instead} instead of a total",
                         field=field)


def _faces_as_rolled(actions: list[Action], throw: Throw | None) -> None:
    """The faces sent must be as many as the check rolls (rulings "A plain total against a
    Defend"): two for a check a Defend still covers as declared, one for any other, never
    half-used. Each Defend covers its target's next check against a knock-off or a hot
    throw, in the order the pass resolves them (knock-offs by initiative, then the dodge);
    a defender knocked out before that check is the resolution's to know (it keeps the first
    face then, docs/api.md)."""
    helps: dict[str, int] = {}
    for a in actions:
        if a.action == "defend" and a.target:
            helps[a.target] = helps.get(a.target, 0) + 1
    ordered = sorted(enumerate(actions), key=lambda ia: _initiative_first(ia[1])) \
        if any(a.initiative is not None for a in actions) else list(enumerate(actions))
    checks = [(a.target, a.defense, f"actions.{i}.defense_faces") for i, a in ordered
              if a.action == "knock_off" and a.target]
    if throw is not None and throw.kind == "hot":
        checks.append((throw.target, throw.target_check, "throw.target_faces"))
    for target, check, where in checks:
        covered = helps.get(target or "", 0) > 0
        if covered:
            helps[target or ""] -= 1
        if check is None or not check.faces:
            continue
        rolls = ("two d20s (a Defend gives it advantage)" if covered
                 else "one d20 (no advantage or disadvantage)")
        if len(check.faces) != (2 if covered else 1):
            raise RulesError(f"this check rolls {rolls}: send as many faces, not"
                             f" {len(check.faces)}", field=where)


def validate(arena: Arena, actions: list[Action], throw: Throw | None,
             stored: bool = False, version: int = CURRENT["goatball"]) -> None:
    """Refuse anything the rules forbid, before a single die is rolled. A `stored` event (a
    log replaying) is spared the refusals added after logs were already stored (a lost team's
    player as a target, a plain total against a Defend): it replays as it was accepted."""
    pos, carrier = _ball_held(arena)
    acted: set[str] = set()
    # a Defend's target: his checks against a knock-off or a hot throw may have advantage,
    # which the companion alone decides (rulings "A plain total against a Defend")
    defended = {a.target for a in actions if a.action == "defend" and a.target} \
        if not stored else set()
    for i, a in enumerate(actions):
        where = f"actions.{i}"
        p = _actor(arena, a, where, acted)
        _magic_allowed(arena.settings, a.magic, where)
        _on_the_right_side(p, a.action, pos, where)
        _own_check(p, a, where, version)
        if a.action in ("knock_off", "defend"):
            _target_allowed(arena, p, a, where, defended, stored)
        _zone_action_allowed(arena, actions, p, a, where)
    if not stored:
        _faces_as_rolled(actions, throw)
    _throw_allowed(arena, pos, arena.player(carrier), actions, throw, defended, stored)


def _ball_held(arena: Arena) -> tuple[Possession, str]:
    """A pass needs the ball and its carrier named: (the possession, the carrier's id)."""
    pos = arena.possession
    if pos is None:
        raise IllegalAction("nobody has the ball yet: resolve the tip-off first",
                            field="possession")
    if pos.carrier is None:
        raise IllegalAction(f"{pos.team} must name its ball carrier first",
                            field="possession.carrier")
    return pos, pos.carrier


def _actor(arena: Arena, a: Action, where: str, acted: set[str]) -> Player:
    """The declaring player: one action a pass, a known action, a standing player of a team
    still playing."""
    p = arena.player(a.player, f"{where}.player")
    if a.action not in ACTIONS:
        raise RulesError(f"action must be one of {', '.join(ACTIONS)}", field=f"{where}.action")
    if p.id in acted:
        raise IllegalAction(f"{p.label} already has an action this pass", field=where)
    acted.add(p.id)
    if p.team in arena.eliminated:
        raise IllegalAction(f"{p.label}'s team {p.team} has lost: its players no longer"
                            f" act", field=where)
    if not p.standing:
        raise IllegalAction(f"{p.label} is out and cannot act until possession changes",
                            field=where)
    return p


def _magic_allowed(s: Settings, magic: str | None, where: str) -> None:
    """Magic only when the match allows it and lists it; flight never."""
    if magic is None:
        return
    if s.is_flight(magic):
        raise IllegalAction("flight is refused in every goat-ball match", field=f"{where}.magic")
    if not s.magic:
        raise IllegalAction("this match allows no magic", field=f"{where}.magic")
    if magic_key(magic) not in {magic_key(m) for m in s.allowed_magic}:
        raise IllegalAction(f"{magic!r} is not on this match's list of allowed magic",
                            field=f"{where}.magic")


def _on_the_right_side(p: Player, action: str, pos: Possession, where: str) -> None:
    """The team with the ball throws; the others intercept."""
    if action == "throw" and p.team != pos.team:
        raise IllegalAction(f"{p.label} cannot take part in a throw: {pos.team} has the ball",
                            field=where)
    if action == "intercept" and p.team == pos.team:
        raise IllegalAction(f"{p.label} cannot intercept his own team's throw", field=where)


def _own_check(p: Player, a: Action, where: str, version: int) -> None:
    """A throw, an intercept and a knock-off each need the actor's check (a knock-off's is
    Str (Athletics))."""
    if a.action not in ("throw", "intercept", "knock_off"):
        return
    check = _need_check(a.check, p.label, a.action.replace("_", "-"), f"{where}.check")
    if (a.action == "knock_off" and version >= GOATBALL_ONE_SKILL_CHECKED
            and check.skill not in (None, ONE_SKILL["knock_off"])):
        raise IllegalAction(f"a knock-off is always Str (Athletics); {p.label} cannot"
                            f" knock off with {check.skill}", field=f"{where}.skill")


def _target_allowed(arena: Arena, p: Player, a: Action, where: str, defended: set[str],
                    stored: bool) -> None:
    """A knock-off's or a Defend's target: someone else, standing, of a team still playing,
    an opponent to knock off or a teammate to defend, in the actor's zone; a knock-off also
    needs the target's check."""
    if a.target is None:
        raise RulesError(f"a {a.action.replace('_', '-')} needs a target",
                         field=f"{where}.target")
    t = arena.player(a.target, f"{where}.target")
    if t.id == p.id:
        raise IllegalAction(f"{p.label} cannot target himself", field=f"{where}.target")
    if not t.standing:
        raise IllegalAction(f"{t.label} is already out", field=f"{where}.target")
    if not stored:
        _not_lost(arena, t, f"{where}.target")
    if a.action == "knock_off" and t.team == p.team:
        raise IllegalAction(f"{p.label} cannot knock off a teammate", field=f"{where}.target")
    if a.action == "defend" and t.team != p.team and not stored:
        raise IllegalAction(f"{p.label} defends a teammate only, not {t.label}"
                            f" (5e's Help aids an ally)", field=f"{where}.target")
    if a.action == "knock_off":
        defense = _need_check(a.defense, t.label, "defence", f"{where}.defense")
        if t.id in defended:
            _no_plain_total(defense, t.label, f"{where}.defense",
                            "`defense_faces` and `defense_modifier`, or"
                            " `defense_modifier` alone")
    if arena.settings.zones and p.zone != t.zone:
        raise IllegalAction(f"{p.label} must be in {t.label}'s zone ({t.zone}) to"
                            f" {a.action.replace('_', '-')} him", field=where)


def _zone_action_allowed(arena: Arena, actions: list[Action], p: Player, a: Action,
                         where: str) -> None:
    """Moves and blocks need the zones rule: a move goes next door (with a check when a
    block waits there), a block rolls Str (Athletics)."""
    s = arena.settings
    if a.action in ("move", "block") and not s.zones:
        raise IllegalAction(f"{a.action} needs the zones rule, which is off", field=where)
    if a.action == "move":
        if not a.zone:
            raise RulesError("a move needs `zone`: where to", field=f"{where}.zone")
        if not s.adjacent(p.zone or "", a.zone):
            raise IllegalAction(f"{a.zone} is not next to {p.label}'s zone ({p.zone})",
                                field=f"{where}.zone")
        if any(b.action == "block" and arena.player(b.player).team != p.team
               and arena.player(b.player).zone == a.zone for b in actions):
            _need_check(a.check, p.label, "move past a block", f"{where}.check")
    if a.action == "block":
        check = _need_check(a.check, p.label, "block", f"{where}.check")
        if check.skill not in (None, ONE_SKILL["block"]):
            raise IllegalAction(f"a blocker rolls Str (Athletics) only; {p.label} cannot"
                                f" block with {check.skill}", field=f"{where}.skill")


def _throw_allowed(arena: Arena, pos: Possession, carrier: Player, actions: list[Action],
                   throw: Throw | None, defended: set[str], stored: bool) -> None:
    """The throw, if the carrier declares one: a pass to a standing teammate, or a hot throw
    (once the ball is hot) at a standing opponent with both Acrobatics checks."""
    carrier_throws = any(a.player == carrier.id and a.action == "throw" for a in actions)
    if throw is None:
        if carrier_throws:
            raise RulesError(f"{carrier.label} declares a throw: say to whom (`throw.target`)",
                             field="throw")
        return
    if throw.kind not in THROW_KINDS:
        raise RulesError("throw.kind must be pass or hot", field="throw.kind")
    if not carrier_throws:
        raise IllegalAction(f"the carrier {carrier.label} must take part in the throw"
                            f" (a throw action with a check)", field="throw")
    target = arena.player(throw.target, "throw.target")
    if not target.standing:
        raise IllegalAction(f"{target.label} is out", field="throw.target")
    if not stored:
        _not_lost(arena, target, "throw.target")
    if throw.kind == "pass":
        if target.team != pos.team or target.id == carrier.id:
            raise IllegalAction(f"a pass goes to a teammate of {carrier.label}, not to"
                                f" {target.label}", field="throw.target")
        return
    if not pos.hot:
        raise IllegalAction("the ball is not hot yet: three passes to new platforms first",
                            field="throw.kind")
    if target.team == pos.team:
        raise IllegalAction("a hot throw is aimed at an opponent", field="throw.target")
    _need_check(throw.carrier_check, carrier.label, "hot-throw Acrobatics",
                "throw.carrier_check")
    dodge = _need_check(throw.target_check, target.label, "Acrobatics", "throw.target_check")
    if target.id in defended:
        _no_plain_total(dodge, target.label, "throw.target_check",
                        "`target_faces` and `target_modifier`, or `target_modifier` alone")


def _rolled(check: Check | None) -> bool:
    """A check the companion rolls: one given as a modifier (a total or two faces roll nothing)."""
    return check is not None and check.total is None and check.faces is None


def roll_names(arena: Arena, actions: list[Action], throw: Throw | None) -> list[str]:
    """Every die this pass may roll, by name (docs/api.md, Roll names), in declaration order:
    the names a table may give in `rolls`."""
    names: list[str] = []

    def add(name: str, check: Check | None) -> None:
        if _rolled(check):
            names.append(name)

    for a in actions:
        if a.action == "knock_off":
            add(a.roll_name, a.check)
            add(a.defense_name, a.defense)
        elif a.action in ("throw", "intercept"):
            add(a.roll_name, a.check)
        elif a.action == "move":
            team = arena.player(a.player).team
            for b in actions:
                blocker = arena.player(b.player)
                if b.action == "block" and blocker.team != team and blocker.zone == a.zone:
                    add(f"{a.player}.move.{b.player}", a.check)
                    add(f"{b.player}.block.{a.player}", b.check)
    if throw is not None and throw.kind == "hot" and arena.possession is not None:
        add(f"{arena.possession.carrier}.hot_throw", throw.carrier_check)
        add(f"{throw.target}.dodge", throw.target_check)
        if arena.settings.bloodball:
            names.append(f"{throw.target}.spear")
    return names


def with_eliminated(arena: Arena) -> Arena:
    """The arena as a pass starts: a team with no standing player has lost (rulings "Out and
    back"), whether or not `eliminated` names it, and none of its players comes back. An
    arena a pass answered (`by_id` set) has already been through this."""
    if arena.by_id is not None:
        return arena
    for i, team in enumerate(arena.eliminated):
        if team not in arena.teams:
            raise RulesError(f"eliminated names {team!r}, which is not playing",
                             field=f"eliminated.{i}")
        if arena.possession is not None and team == arena.possession.team:
            raise IllegalAction(f"{team} has the ball, so it has not been eliminated",
                                field=f"eliminated.{i}")
    up = {p.team for p in arena.players if p.standing}
    lost = tuple(t for t in arena.teams if t not in arena.eliminated and t not in up)
    return replace(arena, eliminated=arena.eliminated + lost) if lost else arena


def resolve_pass(arena: Arena, actions: list[Action], throw: Throw | None, dice: Dice,
                 version: int = CURRENT["goatball"]) -> PassResult:
    """Resolve one pass as the table declared it: refused (`validate`) before any die is
    rolled, the dice told which names it may roll. The result's `arena` is the one after."""
    arena = with_eliminated(arena)
    validate(arena, actions, throw, stored=dice.replaying, version=version)
    dice.expect(roll_names(arena, actions, throw))
    return _Pass(arena, actions, throw, dice, version).run()


def play_pass(arena: Arena, actions: list[Action], throw: Throw | None, dice: Dice,
              version: int = CURRENT["goatball"]) -> PassResult:
    """`resolve_pass` for declarations already validated: the balance simulator validates a
    match's once and builds only legal ones, then plays hundreds of passes."""
    return _Pass(with_eliminated(arena), actions, throw, dice, version).run()


def _initiative_first(a: Action) -> int:
    """Sort key: the highest initiative first (none given counts as 0)."""
    return 0 if a.initiative is None else -a.initiative


class _Pass:
    """The working state of one pass while it resolves."""

    __slots__ = ("arena", "dice", "throw", "knock_off_actions", "check_actions",
                 "move_actions", "block_actions", "players", "pos", "carrier",
                 "knock_offs", "checks", "falls", "moves", "damage", "throw_total",
                 "intercept_total", "outcome", "new_pos", "changed", "contest", "choose_from",
                 "target_knocked_by", "helps", "returned", "dead", "eliminated", "winner",
                 "final_pos", "version", "touched")

    def __init__(self, arena: Arena, actions: list[Action], throw: Throw | None, dice: Dice,
                 version: int):
        self.version = version
        self.arena = arena
        self.dice = dice
        self.throw = throw
        # a stable sort: equal initiatives keep the order given (the balance simulator gives
        # none and hands its actions over already in initiative order)
        if any(a.initiative is not None for a in actions):
            actions = sorted(actions, key=_initiative_first)
        known = arena.by_id         # the pass before's, copied: this pass changes its own
        self.players = dict(known) if known is not None else {p.id: p for p in arena.players}
        self.touched = False          # no player changed yet: the arena after keeps its players
        pos = arena.possession
        if pos is None or pos.carrier is None:     # validate() says which; play_pass's
            raise IllegalAction("a pass needs the ball and its carrier named",   # caller too
                                field="possession")
        self.pos: Possession = pos
        self.carrier: str = pos.carrier
        self.knock_offs: list[KnockOff] = []
        self.checks: list[CheckResult] = []
        self.falls: list[str] = []
        self.moves: list[MoveResult] = []
        self.damage: list[Damage] = []
        self.throw_total = 0
        self.intercept_total = 0
        self.outcome = "no_change"
        self.new_pos: Possession = self.pos
        self.changed = False
        self.contest: HotContest | None = None
        self.choose_from: list[str] | None = None
        self.target_knocked_by: str | None = None    # who knocked off the throw's target
        # what the pass ends with (`run`): who came back or died, who lost, who won
        self.returned: list[str] = []
        self.dead: list[str] = []
        self.eliminated: tuple[str, ...] = ()
        self.winner: str | None = None
        self.final_pos: Possession = self.pos
        # each Defend (5e's Help) is spent on its target's next check against a knock-off
        # or a hot throw: {target: [defenders, in initiative order]}
        self.helps: dict[str, list[str]] = {}
        # each step's actions in initiative order (throws and intercepts together)
        self.knock_off_actions: list[Action] = []
        self.check_actions: list[Action] = []
        self.move_actions: list[Action] = []
        self.block_actions: list[Action] = []
        for a in actions:
            kind = a.action
            if kind == "throw" or kind == "intercept":
                self.check_actions.append(a)
            elif kind == "knock_off":
                self.knock_off_actions.append(a)
            elif kind == "defend" and a.target is not None:     # validate() needs one
                helpers = self.helps.get(a.target)
                if helpers is None:
                    self.helps[a.target] = [a.player]
                else:
                    helpers.append(a.player)
            elif kind == "move":
                self.move_actions.append(a)
            elif kind == "block":
                self.block_actions.append(a)

    # -- helpers ------------------------------------------------------------------------------
    def standing(self, pid: str) -> bool:
        return self.players[pid].standing

    def knock_out(self, pid: str) -> None:
        p = self.players[pid]
        self.set_player(p.with_status(out=True, dead=p.dead))

    def set_player(self, p: Player) -> None:
        """A player changed (out, back, dead or moved): the arena after gets new players."""
        self.players[p.id] = p
        self.touched = True

    def give_ball(self, team: str, carrier: str | None, outcome: str,
                  choose_from: list[str] | None = None) -> None:
        """A change of possession; with no carrier, the gaining team names one."""
        platform = [self.players[carrier].platform] if carrier else []
        self.new_pos = Possession(team, carrier, tuple(platform), False)
        self.outcome = outcome
        self.changed = True
        self.choose_from = choose_from

    def use_help(self, target: str) -> str | None:
        """Spend one standing defender's Help on the target's check now: who helped, if any."""
        helpers = self.helps.get(target)
        while helpers:
            helper = helpers.pop(0)
            if self.standing(helper):
                return helper
        return None

    def first_tied_team(self, tied: set[str]) -> str:
        """One tie rule on every path: the first tied team in table order, counting from the
        team after the one that had the ball."""
        teams = list(self.arena.teams)
        i = teams.index(self.pos.team)
        return next(t for t in teams[i + 1:] + teams[:i + 1] if t in tied)

    def next_team(self, after: str, eliminated: tuple[str, ...]) -> str:
        teams = list(self.arena.teams)
        i = teams.index(after)
        for t in teams[i + 1:] + teams[:i]:
            if t not in eliminated:
                return t
        return after

    def ground_ball(self, outcome: str) -> None:
        """The ball touched the ground: the best interceptor's team, else the next team."""
        best = self.best_interceptors()
        if best:
            self.give_ball(self.first_tied_team({self.players[b].team for b in best}), None,
                           outcome)
        else:
            self.give_ball(self.next_team(self.pos.team, self.arena.eliminated), None, outcome)

    def best_interceptors(self) -> list[str]:
        made = [c for c in self.checks if c.action == "intercept" and not c.fell]
        if not made:
            return []
        top = max(c.roll.total for c in made)
        return [c.player for c in made if c.roll.total == top]

    def advantage_zones(self) -> tuple[str | None, ...]:
        """Where a throw or intercept check has advantage (zones rule): the carrier's zone and
        the throw's target's (a tuple of one or two: cheaper to build and search than a set).
        Nobody changes zone before the move phase."""
        if not self.arena.settings.zones:
            return ()
        carriers = self.players[self.carrier].zone
        if self.throw:
            return carriers, self.players[self.throw.target].zone
        return (carriers,)

    # -- the steps ----------------------------------------------------------------------------
    def run(self) -> PassResult:
        """Resolve the pass: what it did, and the arena after it."""
        ended = self.knock_off_phase()
        if not ended:
            self.check_phase()
            if self.outcome == "no_change" and self.throw and not self.changed:
                self.compare(self.throw)
        self.move_phase()
        after = self.finish()
        return PassResult(self.throw_total, self.intercept_total, self.outcome, self.throw,
                          self.final_pos, self.returned, self.falls, self.dead,
                          self.eliminated, self.winner, self.knock_offs, self.checks,
                          self.contest, self.choose_from, self.moves, self.damage, after,
                          tuple(self.dice.rolls))

    def knock_off_phase(self) -> bool:
        for a in self.knock_off_actions:
            # validate() refuses a knock-off without a target or a check
            assert a.target is not None and a.check is not None and a.defense is not None
            if not self.standing(a.player) or not self.standing(a.target):
                self.knock_offs.append(KnockOff(a.player, a.target, False,
                                                "out before it could happen"))
                continue
            target = self.players[a.target]
            helper = self.use_help(a.target)
            attack = a.check.resolve(self.dice, a.roll_name)
            defense = a.defense.resolve(self.dice, a.defense_name, advantage=helper is not None)
            success = attack.total > defense.total
            effect = None
            ended = False
            if success:
                self.knock_out(target.id)
                if target.id == self.carrier:
                    self.give_ball(self.players[a.player].team, None, "turnover")
                    effect = "carrier knocked off: the pass ends"
                    ended = True
                elif self.throw and target.id == self.throw.target:
                    effect = "the throw's target is down: the throw fails"
                    self.target_knocked_by = self.target_knocked_by or a.player
            self.knock_offs.append(KnockOff(a.player, a.target, True, None, attack, defense,
                                            helper, success, effect))
            if ended:
                return True
        return False

    def check_phase(self) -> None:
        players, dice, checks = self.players, self.dice, self.checks
        favoured = self.advantage_zones()
        for a in self.check_actions:
            p = players[a.player]
            if not p.standing:
                continue
            adv = p.zone in favoured
            assert a.check is not None          # validate() refuses a check action without
            got = a.check.resolve(dice, a.roll_name, adv)
            total = got.total
            fell = total < DC
            margin = 0 if fell else total - DC
            checks.append(CheckResult(p.id, p.team, a.action, got, margin, fell, adv))
            if fell:
                self.knock_out(p.id)
                self.falls.append(p.id)
            elif a.action == "throw":
                self.throw_total += margin
            else:
                self.intercept_total += margin
        if not self.standing(self.carrier):
            self.ground_ball("turnover")          # the carrier fell: the ball hits the ground
        elif self.throw and self.target_knocked_by:
            self.target_knocked_off(self.target_knocked_by)
        elif self.throw and not self.standing(self.throw.target):
            self.ground_ball("turnover")          # nobody there to catch it

    def target_knocked_off(self, knocker: str) -> None:
        """The throw's target was knocked off: the throw fails and the ball goes to the
        opponents, never to the throwers (a thrower's own teammate may have knocked a hot
        throw's target off): the team of the highest intercept check this pass, else the
        knocker's team if it is not the throwers', else the next team after the throwers."""
        best = self.best_interceptors()
        knockers = self.players[knocker].team
        if best:
            team = self.first_tied_team({self.players[b].team for b in best})
        elif knockers != self.pos.team or self.version < GOATBALL_KNOCKED_TARGET_TO_OPPONENTS:
            team = knockers
        else:
            team = self.next_team(self.pos.team, self.arena.eliminated)
        self.give_ball(team, None, "turnover")

    def compare(self, throw: Throw) -> None:
        if self.throw_total > self.intercept_total:
            if throw.kind == "pass":
                self.complete_pass(throw)
            else:
                self.hot_contest(throw)
        elif self.intercept_total > self.throw_total:
            best = self.best_interceptors()
            team = self.first_tied_team({self.players[b].team for b in best})
            holders = [b for b in best if self.players[b].team == team]
            if len(holders) == 1:
                self.give_ball(team, holders[0], "intercepted")
            else:                                 # tied interceptors: their team picks one
                self.give_ball(team, None, "intercepted", choose_from=holders)

    def complete_pass(self, throw: Throw) -> None:
        target = self.players[throw.target]
        visited = self.pos.visited
        if target.platform not in visited:
            visited = visited + (target.platform,)
        self.new_pos = Possession(self.pos.team, target.id, visited,
                                  self.pos.hot or len(visited) >= HOT_PLATFORMS)
        self.outcome = "pass"

    def hot_contest(self, throw: Throw) -> None:
        carrier, target = self.carrier, throw.target
        # validate() refuses a hot throw without both checks
        assert throw.carrier_check is not None and throw.target_check is not None
        mine = throw.carrier_check.resolve(self.dice, f"{carrier}.hot_throw", advantage=True)
        helper = self.use_help(target)       # Defend covers a hot-ball hit too
        theirs = throw.target_check.resolve(self.dice, f"{target}.dodge",
                                            advantage=helper is not None)
        if mine.total > theirs.total:
            self.contest = HotContest(mine, theirs, helper, carrier,
                                      self.players[target].platform)
            self.knock_out(target)
            self.new_pos = Possession(self.pos.team, None, self.pos.visited, True)
            self.outcome = "knocked_out"
            if self.arena.settings.bloodball:
                spear = self.dice.roll(f"{target}.spear", 6, 1, throw.str_mod)
                self.damage.append(Damage(target, spear.formula, max(0, spear.total)))
            return
        self.contest = HotContest(mine, theirs, helper, carrier)
        if theirs.total > mine.total:
            self.give_ball(self.players[target].team, None, "turnover")

    def move_phase(self) -> None:
        for a in self.move_actions:
            if not self.standing(a.player):
                self.moves.append(MoveResult(a.player, a.zone, False, None))
                continue
            mover = self.players[a.player]
            blockers = [b for b in self.block_actions if self.standing(b.player)
                        and self.players[b.player].team != mover.team
                        and self.players[b.player].zone == a.zone]
            contests: list[BlockContest] = []
            blocked_by = None
            for b in blockers:
                # validate() refuses a block, or a move past one, without a check
                assert a.check is not None and b.check is not None
                mine = a.check.resolve(self.dice, f"{a.player}.move.{b.player}")
                theirs = b.check.resolve(self.dice, f"{b.player}.block.{a.player}")
                contests.append(BlockContest(b.player, mine, theirs))
                if theirs.total >= mine.total:
                    blocked_by = b.player
                    break
            if blocked_by is None:
                self.set_player(mover.with_zone(a.zone))
            self.moves.append(MoveResult(a.player, a.zone, blocked_by is None, blocked_by,
                                         tuple(contests)))

    def finish(self) -> Arena:
        # self.players is keyed in the arena's order, so its order is the table's everywhere;
        # the arena before says who was out as the pass began
        before = self.arena
        dead = self.dead
        if before.settings.bloodball_lethal:
            for was in before.players:
                p = self.players[was.id]
                if not p.standing and was.standing:
                    self.set_player(p.with_status(out=p.out, dead=True))
                    dead.append(p.id)
        returned = self.returned
        if self.changed:
            for was in before.players:
                if was.standing:
                    continue
                p = self.players[was.id]
                if not p.dead and p.team not in before.eliminated:
                    self.set_player(p.with_status(out=False, dead=p.dead))
                    returned.append(p.id)
        players = tuple(self.players.values()) if self.touched else before.players
        # a team with nobody standing has lost (a scan of a dozen a team: cheaper than a set)
        eliminated = tuple([t for t in before.teams if t in before.eliminated
                            or not any(p.standing and p.team == t for p in players)])
        # built unchecked: the arena before was validated by whoever built it from outside
        # input, and these changes are the engine's own
        pos = self.new_pos
        arena = Arena(before.teams, players, pos, before.settings, eliminated,
                      before.team_names).answered(self.players)
        standing = [t for t in before.teams if t not in eliminated]   # each has a player up
        winner = None
        if len(standing) == 1:
            winner = standing[0]
        elif not standing:
            winner = "draw"
        elif pos.team in eliminated:
            pos = Possession(self.next_team(pos.team, eliminated), None, (), False)
            arena = Arena(arena.teams, arena.players, pos, arena.settings, arena.eliminated,
                          arena.team_names).answered(arena.by_id)
        self.eliminated, self.winner, self.final_pos = eliminated, winner, pos
        return arena
