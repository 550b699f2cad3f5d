"""Rules versions: which rules a match's events were played under.

A version belongs to one game's rules, not to the package: it goes up only when the same event
could fold to another outcome (a rule reads differently, a new check refuses what was
accepted). Every stored event records the version it was played under, and is folded again by
that version's rules, so an upgrade never moves an old match (docs/rules.md lists what each
version changed). Events an older companion stored without a version were played under
version 1.
"""

from __future__ import annotations

from .errors import RulesError

CURRENT: dict[str, int] = {"yaotzin": 1, "goatball": 1}
UNVERSIONED = 1     # what an event stored before versions were recorded was played under


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
