"""Draw a simulation report with matplotlib (the optional extra: pip install 'ballcourt[sim]')."""

from __future__ import annotations

from pathlib import Path

INSTALL_HINT = "--plot needs matplotlib: pip install 'ballcourt[sim]'"
FORMATS = (".png", ".svg")

PANELS = [("passes_per_match", "passes per match"), ("draw_rate", "draw rate"),
          ("hot_throws_per_match", "hot throws per match"),
          ("knock_offs_per_match", "knock-offs per match"),
          ("possession_changes_per_match", "possession changes per match"),
          ("tipoff_winner_win_rate", "tip-off winner wins")]


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def check_target(path: Path) -> None:
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"--plot writes .png or .svg, not {path.suffix or 'no extension'!r}")


def require() -> None:
    """Fail early, before a long run, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise PlotUnavailable(INSTALL_HINT) from exc


def plot(reports: list[dict], path: Path) -> Path:
    """One panel per figure, zone count on x, a line (with its 95% band) per report."""
    check_target(path)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise PlotUnavailable(INSTALL_HINT) from exc
    fig, axes = plt.subplots(2, 3, figsize=(12, 6.5), constrained_layout=True)
    for ax, (key, title) in zip(axes.flat, PANELS):
        for report in reports:
            xs = [r["zones"] for r in report["results"]]
            ys = [r[key] for r in report["results"]]
            lo = [r["ci95"][key][0] for r in report["results"]]
            hi = [r["ci95"][key][1] for r in report["results"]]
            label = f"{report['players']} a side"
            line, = ax.plot(xs, ys, marker="o", label=label)
            ax.fill_between(xs, lo, hi, alpha=0.2, color=line.get_color())
            rec = report["recommended_zones"]
            if rec in xs:
                i = xs.index(rec)
                ax.plot([rec], [ys[i]], marker="*", markersize=14, color=line.get_color())
        ax.set_title(title)
        ax.set_xlabel("zones (0: none)")
        ax.grid(alpha=0.3)
    axes.flat[0].legend()
    seeds = sorted({r["seed"] for r in reports})
    fig.suptitle(f"goat-ball balance: {reports[0]['matches']} matches per point, seed"
                 f" {', '.join(map(str, seeds))}; star = recommended zones; bands = 95% CI")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, metadata={"Date": None} if path.suffix.lower() == ".svg" else None)
    plt.close(fig)
    return path
