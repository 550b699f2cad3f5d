"""Rules versions: which rules a match's events were played under.

A version belongs to one game's rules, not to the package: it goes up only when the same event
could fold to another outcome (a rule reads differently, a new check refuses what was
accepted). Every stored event records the version it was played under, and is folded again by
that version's rules, so an upgrade never moves an old match (docs/rules.md lists what each
version changed). Events an older companion stored without a version were played under
some version up to 2: the store finds which (matches.py, `adopt_unversioned`).
"""

from __future__ import annotations

from .errors import RulesError

CURRENT: dict[str, int] = {"yaotzin": 2, "goatball": 2}

# What each version changed (docs/rules.md, "Rules versions"): a rule asks `version >= X`.
# Yaotzin 2: a goal named for the team that defends the end named is refused (it scored for
# the team named); negative nonlethal damage is refused (it was subtracted).
YAOTZIN_GOAL_END_CHECKED = YAOTZIN_DAMAGE_NOT_NEGATIVE = 2
# Goat-ball 2: the tip-off is Dex (Acrobatics) only and a knock-off Str (Athletics) only (any
# skill was taken); a hot throw's target knocked off by a thrower's own teammate, with no
# interceptor ahead, gives the ball to the next team after the throwers (it went to the
# knocker's team: the throwers).
GOATBALL_ONE_SKILL_CHECKED = GOATBALL_KNOCKED_TARGET_TO_OPPONENTS = 2


class UnknownRulesVersion(RulesError):
    """A log written by a newer companion: this one cannot know its rules."""


def require(game: str, version: int, field: str = "rules_version") -> int:
    """`version` if this companion has those rules of `game`; else a refusal naming `field`."""
    newest = CURRENT[game]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise UnknownRulesVersion(f"{field}: a rules version is a whole number from 1",
                                  field=field)
    if version > newest:
        raise UnknownRulesVersion(
            f"{field}: {game} rules version {version} is newer than this companion's"
            f" ({newest}): upgrade the companion to read this match", field=field)
    return version
