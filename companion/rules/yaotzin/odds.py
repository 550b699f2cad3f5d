"""Exact odds for a kick, by enumerating the dice (no sampling), and the hover preview."""

from __future__ import annotations

from fractions import Fraction

from .court import Court
from .flight import flight_dc, interceptors, merged_path
from .grid import Square, distance, snap
from .intercept import flight_outcome
from .kick import KICK_AC, attack_hits, kick_modifiers, miss_squares, scatter_from, validate_kick
from .players import Player, Roster
from .settings import Settings

D20 = range(1, 21)


def landing_distribution(court: Court, kicker: Player, target: Square, modifier: int,
                         precise: bool, settings: Settings) -> tuple[Fraction, dict[Square,
                                                                                     Fraction]]:
    """P(hit) and P(landing square) over the attack d20 and the scatter d8."""
    straight_on = snap(target.x - kicker.x, target.y - kicker.y)
    dist: dict[Square, Fraction] = {}
    p_hit = Fraction(0)
    per_face = Fraction(1, 20 * 8)
    for natural in D20:
        total = natural + modifier
        if attack_hits(natural, total):
            p_hit += Fraction(1, 20)
            dist[target] = dist.get(target, Fraction(0)) + Fraction(1, 20)
            continue
        off = miss_squares(KICK_AC, total, precise)
        for face in range(1, 9):
            sq = scatter_from(court, target, straight_on, off, face, settings)
            dist[sq] = dist.get(sq, Fraction(0)) + per_face
    return p_hit, dist


def save_odds(reflex: int, dc: int) -> dict[str, float]:
    """Chance of each interception outcome for a Reflex bonus against a DC."""
    counts = {"yoke": 0, "stopped": 0, "deflected": 0, "missed": 0}
    for natural in D20:
        counts[flight_outcome(natural, natural + reflex - dc)] += 1
    return {k: v / 20 for k, v in counts.items()}


def kick_preview(court: Court, roster: Roster, kicker_id: str, ball: Square, target: Square,
                 standing: bool, power_attack: int, settings: Settings) -> dict:
    """What the module draws while the GM hovers a target: the same numbers the kick will use."""
    kicker = validate_kick(court, roster, kicker_id, ball, target)
    mods = kick_modifiers(court, kicker, target, standing, power_attack, settings)
    eq = settings.equidistant_diagonals
    path = [sq for sq in merged_path(kicker.square, target) if court.in_bounds(sq)]
    dc = flight_dc(5 * distance(kicker.square, target, eq))
    eligible, skipped = interceptors(roster, path, kicker, target, dc, eq)
    for entry in eligible:
        entry["odds"] = save_odds(entry["reflex"], dc)
    result = {
        "kicker": kicker.id,
        "target": target.as_dict(),
        "max_range_ft": mods.max_range_ft,
        "target_ft": mods.target_ft,
        "in_range": mods.in_range,
        "reason": None,
        "attack": {"modifier": mods.modifier, "ac": KICK_AC,
                   "breakdown": [{"label": lbl, "value": v} for lbl, v in mods.breakdown]},
        "path": [sq.as_dict() for sq in path],
        "dc": dc,
        "interceptors": eligible,
        "skipped": skipped,
        "odds": {"hit": 0.0, "landing": []},
    }
    if not mods.in_range:
        result["reason"] = (f"Kick of {mods.target_ft} ft is beyond {kicker.label}'s"
                            f" {mods.max_range_ft} ft max range")
        return result
    p_hit, dist = landing_distribution(court, kicker, target, mods.modifier, mods.precise,
                                       settings)
    result["odds"] = {"hit": float(p_hit), "landing": [
        {"x": sq.x, "y": sq.y, "p": float(p), "goal": court.scoring_end(sq)}
        for sq, p in sorted(dist.items(), key=lambda item: (-item[1], item[0].y, item[0].x))]}
    return result
