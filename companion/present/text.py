"""English texts of every card key. The module's lang/en.json holds the same keys and
placeholders (a test keeps them in step); lang/ru.json translates them. A count is a plural
(`format_text`), filled here exactly as the module's core/i18n.mjs fills it."""

from __future__ import annotations

import re
from typing import Any

TEXT = {
    # Yaotzin
    "BALLCOURT.Card.Kick.Title": "{kicker} kicks at ({x}, {y})",
    "BALLCOURT.Card.Kick.Hit": "Attack {total} against AC {ac}: on target.",
    "BALLCOURT.Card.Kick.Miss":
        "Attack {total} against AC {ac}: off by"
        " {squares, plural, one {# square} other {# squares}} ({heading}).",
    "BALLCOURT.Card.Kick.Landing":
        "The ball lands at ({x}, {y}), {feet, plural, one {# foot} other {# feet}} from the"
        " kicker.",
    "BALLCOURT.Card.Kick.Interceptor": "{player} may intercept at ({x}, {y}): Reflex DC {dc}.",
    "BALLCOURT.Card.Kick.Skipped.prone": "{player} cannot intercept: prone.",
    "BALLCOURT.Card.Kick.Skipped.no_aoo": "{player} cannot intercept: no attack of opportunity"
                                          " left.",
    "BALLCOURT.Card.Kick.Skipped.hoop_height": "{player} cannot intercept: the hoop kick is too"
                                               " high here.",
    "BALLCOURT.Card.Kick.Receiver": "{player} stands where it lands and has the ball.",
    "BALLCOURT.Card.Ball.RollsOn":
        "Unstopped, it rolls on {direction} at {speed, plural, one {# square} other {# squares}}.",
    "BALLCOURT.Card.Ball.Rests": "The ball comes to rest at ({x}, {y}).",
    "BALLCOURT.Card.Goal.west": "Goal! Over the west line.",
    "BALLCOURT.Card.Goal.east": "Goal! Over the east line.",
    "BALLCOURT.Card.Intercept.Title": "{player} tries to stop the ball",
    "BALLCOURT.Card.Intercept.Save": "Reflex {total} against DC {dc}.",
    "BALLCOURT.Card.Intercept.yoke": "Caught cleanly with the yoke.",
    "BALLCOURT.Card.Intercept.stopped": "Stopped, but not with the yoke.",
    "BALLCOURT.Card.Intercept.deflected":
        "Deflected: it caroms {squares, plural, one {# square} other {# squares}} {heading}.",
    "BALLCOURT.Card.Intercept.missed": "Missed: the ball flies on.",
    "BALLCOURT.Card.Damage": "{player} takes {total} nonlethal damage ({dice}).",
    "BALLCOURT.Card.Tick.Title":
        "The ball moves ({speed, plural, one {# square} other {# squares}} {direction})",
    "BALLCOURT.Card.Tick.Still": "The ball is still.",
    "BALLCOURT.Card.Tick.RollsBack": "It rolls back down the slope.",
    "BALLCOURT.Card.Tick.Chance": "{player} may stop it at ({x}, {y}): Reflex DC {dc}.",
    "BALLCOURT.Card.Tick.StoppedBy": "{player} has the ball.",
    "BALLCOURT.Card.Tick.Wall": "It stops against the wall.",
    "BALLCOURT.Card.Hoop.Title.north": "{kicker} shoots at the north hoop",
    "BALLCOURT.Card.Hoop.Title.south": "{kicker} shoots at the south hoop",
    "BALLCOURT.Card.Hoop.Attack": "Attack {total} against AC {ac}.",
    "BALLCOURT.Card.Hoop.Confirm": "Confirmation {total} against AC {ac}.",
    "BALLCOURT.Card.Hoop.Through":
        "Through the hoop! {points, plural, one {# point} other {# points}} and the game.",
    "BALLCOURT.Card.Hoop.Stone": "It strikes the stone and drops below the hoop.",
    "BALLCOURT.Card.Hoop.Miss":
        "A miss: it scatters {squares, plural, one {# square} other {# squares}} {heading}.",
    "BALLCOURT.Card.Dribble.Title":
        "{player} dribbles {count, plural, one {# square} other {# squares}}",
    "BALLCOURT.Card.Dribble.Cost": "Movement {cost} of {budget}.",
    "BALLCOURT.Card.Dribble.Provokes": "{player} may grab at him (grapple attack of"
                                       " opportunity).",
    "BALLCOURT.Card.Contest.Title.grapple": "{actor} grapples {target}",
    "BALLCOURT.Card.Contest.Title.disarm": "{actor} tries to take the ball from {target}",
    "BALLCOURT.Card.Contest.Title.feint": "{actor} feints {target}",
    "BALLCOURT.Card.Contest.Title.bull_rush": "{actor} bull-rushes {target}",
    "BALLCOURT.Card.Contest.Title.overrun": "{actor} overruns {target}",
    "BALLCOURT.Card.Contest.Title.trip": "{actor} tries to trip {target}",
    "BALLCOURT.Card.Contest.Won": "{actor} wins.",
    "BALLCOURT.Card.Contest.Lost": "{target} holds.",
    "BALLCOURT.Card.Contest.TouchMiss": "The touch attack misses.",
    "BALLCOURT.Card.Contest.Prone": "{player} is knocked prone (no damage).",
    "BALLCOURT.Card.Contest.Moved": "{player} is moved to ({x}, {y}).",
    "BALLCOURT.Card.Contest.Provokes": "{target} may take an attack of opportunity first.",
    "BALLCOURT.Card.Contest.AooStops": "{target}'s attack of opportunity ({kind}) stops it.",
    "BALLCOURT.Card.Contest.AooFails":
        "{target}'s attack of opportunity ({kind}) does not stop it.",
    "BALLCOURT.Card.Contest.StopsDribbling":
        "{target} must stop dribbling this turn (he keeps the ball if he has it).",
    "BALLCOURT.Card.Contest.TripBack": "{player} may try to trip {target} back at once.",
    "BALLCOURT.Card.Contest.DisarmBack":
        "{player} may try at once to disarm {target} back, if he still has his standard action.",
    "BALLCOURT.Card.Contest.SteppedAside": "{target} steps aside: {actor} passes.",
    # an attack's modifiers (card.py maps the rules' labels to these)
    "BALLCOURT.Card.Breakdown.BAB": "BAB",
    "BALLCOURT.Card.Breakdown.Dex": "Dex",
    "BALLCOURT.Card.Breakdown.NonProficient": "Non-proficient (pelota)",
    "BALLCOURT.Card.Breakdown.Range": "Range ({squares} sq, {free} free)",
    "BALLCOURT.Card.Breakdown.PowerAttack": "Power Attack",
    "BALLCOURT.Card.Breakdown.PointBlank": "Point Blank Shot",
    "BALLCOURT.Card.Breakdown.TooClose": "Too close to the hoop",
    # the rolls a card lists (card.py names each by the rules' roll name)
    "BALLCOURT.Card.Roll.attack": "Attack",
    "BALLCOURT.Card.Roll.confirm": "Confirmation",
    "BALLCOURT.Card.Roll.scatter": "Scatter",
    "BALLCOURT.Card.Roll.corner": "Corner",
    "BALLCOURT.Card.Roll.save": "Reflex save",
    "BALLCOURT.Card.Roll.damage": "Damage",
    "BALLCOURT.Card.Roll.touch": "Touch attack",
    "BALLCOURT.Card.Roll.actor": "Attacker's check",
    "BALLCOURT.Card.Roll.target": "Defender's check",
    "BALLCOURT.Card.Roll.aoo_attack": "Attack of opportunity",
    "BALLCOURT.Card.Roll.aoo_damage": "Attack of opportunity: damage",
    "BALLCOURT.Card.Roll.aoo_touch": "Attack of opportunity: touch attack",
    "BALLCOURT.Card.Roll.aoo_check": "Attack of opportunity: opportunist's check",
    "BALLCOURT.Card.Roll.aoo_defense": "Attack of opportunity: defender's check",
    "BALLCOURT.Card.Roll.Of.throw": "{player}: throw",
    "BALLCOURT.Card.Roll.Of.intercept": "{player}: intercept",
    "BALLCOURT.Card.Roll.Of.knock_off": "{player}: knock-off",
    "BALLCOURT.Card.Roll.Of.defense": "{player}: keeping the footing",
    "BALLCOURT.Card.Roll.Of.move": "{player}: move",
    "BALLCOURT.Card.Roll.Of.block": "{player}: block",
    "BALLCOURT.Card.Roll.Of.hot_throw": "{player}: hot throw",
    "BALLCOURT.Card.Roll.Of.dodge": "{player}: dodge",
    "BALLCOURT.Card.Roll.Of.spear": "{player}: spear damage",
    "BALLCOURT.Card.Roll.Of.tipoff": "{player}: tip-off",
    # goat-ball
    "BALLCOURT.Card.Pass.Title": "Pass: {team} has the ball",
    "BALLCOURT.Card.Pass.Totals": "Throw {throw} against intercept {intercept}.",
    # a check's line: `action` and `skill` are codes each language words (Card.Does, Card.Skill);
    # the Bare lines are checks whose skill the table did not say
    "BALLCOURT.Card.Pass.Check": "{player} {action} ({skill}): {total}, margin {margin}.",
    "BALLCOURT.Card.Pass.CheckAdv": "{player} {action} ({skill}, with advantage): {total},"
                                    " margin {margin}.",
    "BALLCOURT.Card.Pass.Roll": "{player} {action} ({skill}): {total}.",
    "BALLCOURT.Card.Pass.RollAdv": "{player} {action} ({skill}, with advantage): {total}.",
    "BALLCOURT.Card.Pass.CheckBare": "{player} {action}: {total}, margin {margin}.",
    "BALLCOURT.Card.Pass.CheckBareAdv": "{player} {action} (with advantage): {total},"
                                        " margin {margin}.",
    "BALLCOURT.Card.Pass.RollBare": "{player} {action}: {total}.",
    "BALLCOURT.Card.Pass.RollBareAdv": "{player} {action} (with advantage): {total}.",
    "BALLCOURT.Card.Pass.Fell": "{player} falls off the platform.",
    "BALLCOURT.Card.Pass.KnockOff": "{player} knocks {target} off ({attack} against"
                                    " {defense}).",
    "BALLCOURT.Card.Pass.KnockOffFails": "{target} keeps the footing against {player}"
                                         " ({attack} against {defense}).",
    "BALLCOURT.Card.Pass.pass": "The pass reaches {carrier}.",
    "BALLCOURT.Card.Pass.intercepted": "Intercepted! {team} takes the ball.",
    "BALLCOURT.Card.Pass.no_change": "Nothing changes: {carrier} keeps the ball.",
    "BALLCOURT.Card.Pass.knocked_out": "{target} is knocked out by the hot ball.",
    "BALLCOURT.Card.Pass.turnover": "The ball goes to {team}.",
    "BALLCOURT.Card.Pass.Hot": "The ball is hot!",
    "BALLCOURT.Card.Pass.Heat": "Platforms visited: {count} of 4.",
    "BALLCOURT.Card.Pass.Choose": "{team} names the new carrier.",
    "BALLCOURT.Card.Pass.Returned": "{player} is back in the game.",
    "BALLCOURT.Card.Pass.Out": "{player} is out.",
    "BALLCOURT.Card.Pass.Dead": "{player} is slain.",
    "BALLCOURT.Card.Pass.Moved": "{player} moves to zone {zone}.",
    "BALLCOURT.Card.Pass.Blocked": "{blocker} keeps {player} out of zone {zone}.",
    "BALLCOURT.Card.Pass.Spear": "The spear deals {total} piercing damage to {player}"
                                 " ({dice}).",
    # the words for the codes in a check's `action` and `skill`
    "BALLCOURT.Card.Does.throw": "throws",
    "BALLCOURT.Card.Does.intercept": "intercepts",
    "BALLCOURT.Card.Does.knock_off": "tries a knock-off",
    "BALLCOURT.Card.Does.defend": "defends",
    "BALLCOURT.Card.Does.move": "moves",
    "BALLCOURT.Card.Does.block": "blocks",
    "BALLCOURT.Card.Does.hold": "holds",
    "BALLCOURT.Card.Does.hot_throw": "makes a hot throw",
    "BALLCOURT.Card.Does.dodge": "dodges",
    "BALLCOURT.Card.Skill.athletics": "Athletics",
    "BALLCOURT.Card.Skill.acrobatics": "Acrobatics",
    "BALLCOURT.Card.Winner": "{team} wins the match!",
    "BALLCOURT.Card.Draw": "The match is a draw.",
    "BALLCOURT.Card.Tipoff.Title": "The goat kicks the ball in",
    "BALLCOURT.Card.Tipoff.Check": "{player}: Dexterity (Acrobatics) {total}.",
    "BALLCOURT.Card.Tipoff.Reroll": "A tie between teams: {players} roll again.",
    "BALLCOURT.Card.Tipoff.Takes": "{team} takes the ball.",
    "BALLCOURT.Card.Quick.Title": "Quick resolution",
    "BALLCOURT.Card.Quick.Sum": "{team}: {sum}.",
    "BALLCOURT.Card.Quick.BySum": "{team} has the highest sum.",
    "BALLCOURT.Card.Quick.ByDecider": "Sums tied at {sum}; only {team} has a {value}.",
    "BALLCOURT.Card.Quick.Drawn": "Sums tied at {sum} and nothing tells them apart: a draw after"
                                  " several gruelling hours.",
    # actions
    "BALLCOURT.Action.Apply": "Apply",
    "BALLCOURT.Action.Intercept": "{player} tries to intercept",
    "BALLCOURT.Action.Stop": "{player} tries to stop it",
    "BALLCOURT.Action.Undo": "Undo",
    "BALLCOURT.Action.Carrier": "{player} carries",
    "BALLCOURT.Action.Reroll": "Roll again",
    "BALLCOURT.Action.TripBack": "{player} trips back",
    "BALLCOURT.Action.DisarmBack": "{player} disarms back",
}


# ICU-style plurals, as the module's core/i18n.mjs reads them: `{n, plural, one {# square}
# other {# squares}}`, `#` the number; the lang files carry each language's forms.
_PLURAL = r"\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}"
_TOKEN = re.compile(rf"{_PLURAL}|\{{(\w+)\}}")
_FORM = re.compile(r"(\w+)\s*\{([^{}]*)\}")


def plural_category(n: Any, lang: str = "en") -> str:
    """CLDR's category of a count (what Intl.PluralRules gives the module): en and ru only,
    the languages the module ships; any other takes English's rule."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)                 # JavaScript has one number type: 2.0 is 2
    if not isinstance(n, int):
        return "other"
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def placeholders(template: str) -> set[str]:
    """The data fields a template needs: its `{name}`s and the counts of its plurals."""
    return {m[0] or m[2] for m in _TOKEN.findall(template)}


def format_text(template: str, data: dict[str, Any], lang: str = "en") -> str:
    """A template filled in one pass (a name holding braces stays as it is)."""
    def fill(m: re.Match) -> str:
        count, forms, key = m.groups()
        name = key or count
        if name not in data:   # a programming error: a key without its data
            raise KeyError(name)
        if key:
            return str(data[key])
        by_category = dict(_FORM.findall(forms))
        form = by_category.get(plural_category(data[count], lang), by_category.get("other", ""))
        return form.replace("#", str(data[count]))
    return _TOKEN.sub(fill, template)


# data fields holding a code that reads differently per language, as core/cards.mjs words them
# (direction codes are English already)
VALUE_KEYS = {"action": "BALLCOURT.Card.Does", "skill": "BALLCOURT.Card.Skill"}


def render(key: str, data: dict[str, Any]) -> str:
    """The English text of a card entry, codes in `data` put in words."""
    template = TEXT[key]
    worded = {field: TEXT.get(f"{prefix}.{data[field]}", data[field])
              for field, prefix in VALUE_KEYS.items() if field in data}
    try:
        return format_text(template, {**data, **worded})
    except KeyError as exc:   # a programming error: a key without its data
        raise AssertionError(f"text {key} lacks {exc}") from exc
