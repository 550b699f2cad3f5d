"""The referee's inspection (rulebook 2.0): what a player brings onto the court that the rules
ban (metal, magic items, spells and Su/Sp abilities in effect, healing) and the extraordinary
abilities left to the GM.

The sheet's own data decides where it has it (an item's material and magic flag, an effect's
source, its healing flag, an ability's (Ex)/(Su)/(Sp) tag); otherwise the name and type do, and
the finding says so (`by_name`). The inspection only reports: the GM acknowledges or overrides.
"""

from __future__ import annotations

import re

KINDS = ("metal", "magic_item", "magic_effect", "healing", "extraordinary")
SOURCES = ("spell", "su", "sp", "ex", "item")

# Materials a sheet may name (3.5 SRD "Special Materials", the systems' material lists).
METALS = ("adamantine", "mithral", "mithril", "cold iron", "iron", "steel", "silver", "gold",
          "platinum", "copper", "bronze", "brass", "tin", "lead", "metal", "electrum")
# Words of a name that make the item metal: the SRD's metal armors (studded leather's rivets,
# chain, scale, splint, banded, plate, breastplate, mail), metal shields (buckler, steel),
# metal parts and ornaments (rings, chains, amulets, coins ...) and the metals themselves.
METAL_WORDS = re.compile(
    r"\b(studded|chain\w*|splint|banded|\w*plate|\w*mail|buckler|steel|iron|"
    r"bronze|copper|brass|tin|silver\w*|gold\w*|platinum|mithral|mithril|adamantine|"
    r"gauntlets?|spiked?|spikes|rings?|amulets?|necklaces?|bracelets?|brooch|earrings?|"
    r"circlet|crown|torc|coins?|medallion|periapt)\b")
# Weapons made without metal (3.5 SRD weapons table); any other weapon is taken as metal.
WOODEN_WEAPONS = re.compile(
    r"\b(club|greatclub|quarterstaff|sling|bolas|net|whip|blowgun|shortbow|longbow|sap|"
    r"unarmed|pelota|ball)\b")
# Names that make an item magic: an enhancement bonus, "<thing> of <power>", wondrous kinds.
MAGIC_NAME = re.compile(
    r"(\+\d)|\b(potion|wand|scroll|staff|rod|ring|amulet|cloak|cape|boots|bracers|gloves|"
    r"gauntlets|belt|headband|periapt|bag|robe|hat|helm|circlet|necklace|brooch|vest|goggles|"
    r"lenses|stone|pearl|figurine|horn|elixir|oil|phylactery|mantle|talisman) of\b|"
    r"\b(magic|magical|enchanted|ioun|holy avenger|flaming|frost|shock|keen|ghost touch)\b")
MAGIC_TYPES = ("potion", "wand", "scroll", "staff", "rod")
TYPE_TAG = re.compile(r"\((ex|su|sp)\)", re.I)
HEALING_NAME = re.compile(r"\b(fast healing|regenerat\w*|heal\w*|cure \w+ wounds|vigor)\b")
# Spells players run as buffs (3.5 SRD), for an effect that says nothing of its source.
SPELL_NAMES = re.compile(
    r"\b(bull's strength|bear's endurance|cat's grace|eagle's splendor|fox's cunning|"
    r"owl's wisdom|bless|haste|mage armor|shield of faith|barkskin|enlarge person|reduce person|"
    r"divine favor|heroism|protection from \w+|resistance|guidance|longstrider|expeditious "
    r"retreat|jump|spider climb|freedom of movement|fly|invisibility|blur|displacement|"
    r"mirror image|aid|prayer|magic vestment|magic fang|greater magic weapon|magic weapon|"
    r"righteous might|transformation|alter self|polymorph|stoneskin|death ward|good hope|"
    r"true strike|entropic shield|shield)\b")


def _finding(kind: str, what: str, why: str, by_name: bool) -> dict:
    return {"kind": kind, "what": what, "why": why, "by_name": by_name,
            "allowed": kind == "extraordinary"}


def _words(text: str | None) -> str:
    return (text or "").lower().replace("’", "'")


def _on_court(item: dict) -> bool:
    """Worn or carried: an item the sheet keeps but neither equips nor carries stays home."""
    return item.get("equipped") is True or item.get("carried") is not False


def _metal(item: dict) -> dict | None:
    name, material = item["name"], _words(item.get("material"))
    if material:
        metal = next((m for m in METALS if re.search(rf"\b{m}\b", material)), None)
        return _finding("metal", name, f"its material is {metal}: no metal on the court,"
                        " ornaments included", False) if metal else None
    word = METAL_WORDS.search(_words(name))
    if word:
        return _finding("metal", name, f"its name says metal ({word.group()}): no metal on the"
                        " court, ornaments included", True)
    if _words(item.get("type")) == "weapon" and not WOODEN_WEAPONS.search(_words(name)):
        return _finding("metal", name, "a weapon, and not one made without metal: no metal on"
                        " the court", True)
    return None


def _magic_item(item: dict) -> dict | None:
    name, magic = item["name"], item.get("magic")
    if magic is not None:
        return _finding("magic_item", name, "its sheet marks it magic: no magic item on the"
                        " court", False) if magic else None
    kind = _words(item.get("type"))
    if kind in MAGIC_TYPES:
        return _finding("magic_item", name, f"a {kind}: no magic item on the court", True)
    sign = MAGIC_NAME.search(_words(name))
    if sign:
        return _finding("magic_item", name, f"its name says magic ({sign.group().strip()}):"
                        " no magic item on the court", True)
    return None


def _ability(what: str, source: str | None, healing: bool | None,
             is_trait: bool) -> list[dict]:
    """An effect in force or a trait: healing is banned whatever its source; a spell, a Su or
    Sp ability (or an item's power) is banned; an Ex ability is the GM's call."""
    words = _words(what)
    tag = TYPE_TAG.search(what)
    if source is None and tag:
        source = tag.group(1).lower()
    found = []
    if healing or (healing is None and HEALING_NAME.search(words)):
        why = ("its sheet marks it healing" if healing
               else f"its name says healing ({HEALING_NAME.search(words).group()})")
        found.append(_finding("healing", what, f"{why}: no healing during the match",
                              not healing))
    if source in ("spell", "su", "sp", "item"):
        origin = {"spell": "a spell", "su": "a supernatural (Su) ability",
                  "sp": "a spell-like (Sp) ability", "item": "an item's magic"}[source]
        found.append(_finding("magic_effect", what, f"it comes from {origin}: no spell,"
                              " spell-like or supernatural ability in effect", False))
    elif source is None and not is_trait and SPELL_NAMES.search(words):
        spell = SPELL_NAMES.search(words).group()
        found.append(_finding("magic_effect", what, f"its name is a spell's ({spell}): no"
                              " spell in effect on the court", True))
    elif source == "ex" and not found:
        found.append(_finding("extraordinary", what, "an extraordinary (Ex) ability: the"
                              " GM's call, reported and allowed", False))
    return found


def inspect_player(player: dict) -> list[dict]:
    """The findings for one player: his items worn or carried, his effects in force, his
    traits, in that order, each with the rule it breaks and why."""
    findings: list[dict] = []
    for item in player.get("items") or ():
        if _on_court(item):
            findings += [f for f in (_metal(item), _magic_item(item)) if f]
    for effect in player.get("effects") or ():
        findings += _ability(effect["name"], effect.get("source"), effect.get("healing"),
                             is_trait=False)
    for trait in player.get("traits") or ():
        findings += _ability(trait, None, None, is_trait=True)
    return findings


def inspect(players: list[dict]) -> dict:
    """The inspection of every player, in the order given."""
    return {"players": [{"id": p["id"], "findings": inspect_player(p)} for p in players]}
