"""Draw a simulation report with matplotlib (the optional extra: pip install 'ballcourt[sim]')."""

from __future__ import annotations

from pathlib import Path

INSTALL_HINT = "--plot needs matplotlib: pip install 'ballcourt[sim]'"
FORMATS = (".png", ".svg")

PANELS = [("finish_within_budget", "ends within the budget"),
          ("median_passes", "median passes"), ("upset_rate", "upsets (weaker team wins)"),
          ("intercepted_share", "share of throws intercepted"), ("draw_rate", "draw rate"),
          ("knock_offs_per_match", "knock-offs per match")]


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


class PlotTargetError(ValueError):
    """--plot names a file the plot cannot be written as."""


def check_target(path: Path) -> None:
    if path.suffix.lower() not in FORMATS:
        raise PlotTargetError(f"--plot writes .png or .svg, not {path.suffix or 'no extension'!r}")


def require() -> None:
    """Fail early, before a long run, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise PlotUnavailable(INSTALL_HINT) from exc


def _pyplot(path: Path):
    """pyplot on the file-only Agg backend, once the target `path` is checked."""
    check_target(path)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotUnavailable(INSTALL_HINT) from exc
    return plt


def plot(reports: list[dict], path: Path, axis: str = "players_per_zone") -> Path:
    """One panel per figure, a line (with its 95% band) per report. `axis`: players per zone
    (the rulebook's own terms; the game without zones drawn as a dashed line) or "zones"."""
    plt = _pyplot(path)
    fig, axes = plt.subplots(2, 3, figsize=(12, 6.5), constrained_layout=True)
    for ax, (key, title) in zip(axes.flat, PANELS):
        if not any(r.get(key) is not None and (axis == "zones" or r["zones"])
                   for report in reports for r in report["results"]):
            # a figure no zone count gave (the median of matches that mostly never end): said
            # so, and no log axis, which cannot scale an empty panel
            ax.set_title(title)
            ax.text(0.5, 0.5, "no value: too few matches\nended to give one", ha="center",
                    va="center", transform=ax.transAxes)
            ax.set_xticks([])
            ax.set_yticks([])
            continue
        for report in reports:
            rows = [r for r in report["results"] if r.get(key) is not None
                    and (axis == "zones" or r["zones"])]
            xs = [r["zones"] if axis == "zones" else r["players_per_zone"] for r in rows]
            ys = [r[key] for r in rows]
            lo = [r["ci95"][key][0] if r["ci95"][key][0] is not None else r[key] for r in rows]
            hi = [r["ci95"][key][1] if r["ci95"][key][1] is not None else r[key] for r in rows]
            tactics = report.get("tactics", "")
            tactics = tactics if isinstance(tactics, str) else " vs ".join(tactics)
            label = f"{report['players']} a side" + (f", {tactics}" if len(
                {str(r.get('tactics')) for r in reports}) > 1 else "")
            line, = ax.plot(xs, ys, marker="o", label=label)
            ax.fill_between(xs, lo, hi, alpha=0.2, color=line.get_color())
            none = [r for r in report["results"] if not r["zones"] and r.get(key) is not None]
            if axis != "zones" and none:
                ax.axhline(none[0][key], linestyle="--", linewidth=1, color=line.get_color())
            rec = report["recommended_zones"]
            for r, x, y in zip(rows, xs, ys):
                if r["zones"] == rec:
                    ax.plot([x], [y], marker="*", markersize=14, color=line.get_color())
        ax.set_title(title)
        if axis == "zones":
            ax.set_xlabel("zones (0: none)")
        else:
            ax.set_xscale("log", base=2)
            ax.set_xlabel("players per zone (both teams; dashed: no zones)")
        ax.grid(alpha=0.3)
    axes.flat[0].legend(fontsize=8)
    seeds = sorted({r["seed"] for r in reports})
    budgets = sorted({r.get("budget", 40) for r in reports})
    fig.suptitle(f"goat-ball: up to {max(r['matches'] for r in reports)} matches per point, seed"
                 f" {', '.join(map(str, seeds))}, budget {', '.join(map(str, budgets))} passes;"
                 f" star = recommended; bands = 95% CI")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, metadata={"Date": None} if path.suffix.lower() == ".svg" else None)
    plt.close(fig)
    return path


MATCH_PANELS = [("finish_within_budget", "ends by 9 points or the hoop within the budget"),
                ("goals_per_match", "goals per match"),
                ("kicks_scoring_share", "share of kicks that score"),
                ("kicks_intercepted_share", "share of kicks intercepted in flight")]


def plot_matches(report: dict, path: Path) -> Path:
    """Yaotzin's chart of whole matches: one panel per figure against players a side, a line
    (with its 95% band) per court (width and ratio)."""
    plt = _pyplot(path)
    fig, axes = plt.subplots(2, 2, figsize=(10, 7), constrained_layout=True)
    courts = sorted({(r["width_ft"], r["ratio"]) for r in report["results"]})
    for ax, (key, title) in zip(axes.flat, MATCH_PANELS):
        for width, ratio in courts:
            rows = [r for r in report["results"] if (r["width_ft"], r["ratio"]) == (width, ratio)
                    and r[key] is not None]
            xs = [r["players"] for r in rows]
            lo = [r["ci95"][key][0] if r["ci95"][key][0] is not None else r[key] for r in rows]
            hi = [r["ci95"][key][1] if r["ci95"][key][1] is not None else r[key] for r in rows]
            line, = ax.plot(xs, [r[key] for r in rows], marker="o",
                            label=f"{width} ft wide, {ratio:g} to 1")
            ax.fill_between(xs, lo, hi, alpha=0.2, color=line.get_color())
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("players a side")
        ax.grid(alpha=0.3)
    axes.flat[0].legend(fontsize=8)
    tactics = report["tactics"] if isinstance(report["tactics"], str) else \
        " vs ".join(report["tactics"])
    fig.suptitle(f"Yaotzin: {report['matches']} matches a point, tactics {tactics}, seed"
                 f" {report['seed']}, budget {report['budget']} rounds; bands = 95% CI")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, metadata={"Date": None} if path.suffix.lower() == ".svg" else None)
    plt.close(fig)
    return path
