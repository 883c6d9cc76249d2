"""The review as one self-contained HTML page: tables, inline SVG pictures, a score chart.

Nothing is linked from outside the page (no scripts, no fonts, no images by address), so it
opens offline and can be shared as one file.
"""

from __future__ import annotations

import html
import tempfile
from pathlib import Path

from models.record import GameRecord
from planner.review import GameReview

STYLE = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:right}
th{background:#f3efe6}.better{color:#a35b00;font-weight:bold}section{margin:2em 0}
svg{max-width:100%;height:auto}.note{color:#666;font-size:.9em}
"""


def write_html(record: GameRecord, review: GameReview, path: Path) -> None:
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>affo review</title><style>{STYLE}</style></head><body>",
             "<h1>Game review</h1>", _summary(review), _chart(review), _rounds_table(review)]  # fmt: skip
    for i, r in enumerate(review.rounds):
        parts.append(_round_pictures(record, r, i))
    if review.final and review.final.missed_points > 0:
        parts.append("<section><h2>End-of-game placement: the better layout</h2>")
        parts.append(_svg_of_layout(review.final.best_layout, record.rounds[-1].snapshot) + "</section>")
    parts.append("<p class='note'>Feasts and layouts are proven by affo's engines and checked by its rule checker; "
                 "points missed through income are an estimate (one point per income phase left).</p></body></html>")  # fmt: skip
    path.write_text("\n".join(parts), encoding="utf-8")


def _summary(review: GameReview) -> str:
    items = "".join(
        f"<li>{'round ' + str(m.round) if m.round is not None else 'game end'}: {html.escape(m.what)} ({m.points:g} points)</li>"
        for m in review.moments()[:3]
    )
    return f"<p><b>Points missed in all: {review.missed_total:g}</b></p><ol>{items}</ol>" if items else "<p>Nothing missed that the engines can prove.</p>"


def _rounds_table(review: GameReview) -> str:
    head = "<tr><th>round</th><th>score</th><th>feast penalties</th><th>value served</th><th>tiles laid</th><th>income</th><th>points missed</th></tr>"
    rows = []
    for r in review.rounds:
        f, p = r.feast, r.placement
        rows.append(
            f"<tr><td>{r.round}</td><td>{r.score}</td><td>{_pair(f.penalties, f.best_penalties, True)}</td>"
            f"<td>{f.value_served:g} → {f.best_value_served:g}</td><td>{p.laid}</td>"
            f"<td>{_pair(p.income, p.best_income)}</td><td>{r.missed_points:g}</td></tr>"
        )
    return f"<section><h2>Round by round (as laid → best)</h2><table>{head}{''.join(rows)}</table></section>"


def _pair(laid, best, lower_is_better: bool = False) -> str:
    better = best < laid if lower_is_better else best > laid
    return f"{laid} → <span class='better'>{best}</span>" if better else f"{laid}"


def _chart(review: GameReview) -> str:
    """Score if the game ended after each round: as played, and with every miss so far avoided."""
    import io

    from matplotlib.figure import Figure

    rounds = [r.round for r in review.rounds]
    actual = [r.score for r in review.rounds]
    missed, best = 0.0, []
    for r in review.rounds:
        missed += r.missed_points
        best.append(r.score + missed)
    fig = Figure(figsize=(7, 3.2))
    ax = fig.add_subplot()
    ax.plot(rounds, actual, marker="o", label="as played")
    ax.plot(rounds, best, marker="o", linestyle="--", label="with the misses avoided (estimate)")
    ax.set_xlabel("round")
    ax.set_ylabel("score if the game ended now")
    ax.set_xticks(rounds)
    ax.legend(loc="upper left")
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None})
    return "<section><h2>Score by round</h2>" + _strip_xml_header(out.getvalue()) + "</section>"


def _round_pictures(record: GameRecord, r, index: int) -> str:
    out = []
    if r.feast.best_penalties < r.feast.penalties or r.feast.best_value_served < r.feast.value_served:
        out.append(f"<h3>Round {r.round}: the better feast table</h3>" + _svg_of_table(record.rounds[index].snapshot, r.feast.best_table))
    if r.placement.best_income > r.placement.income:
        out.append(f"<h3>Round {r.round}: the better layout of the round's tiles</h3>" + _svg_of_layout(r.placement.best_layout, record.before(index)))
    return f"<section>{''.join(out)}</section>" if out else ""


def _svg_of_layout(layout, before) -> str:
    from cli.pictures import draw_boards

    had = {e.id: len(e.placements) for e in before.player.boards} if before else {}
    highlight = {(e.id, i) for e in layout.after.player.boards for i in range(had.get(e.id, 0), len(e.placements))}
    return _svg(lambda path: draw_boards(layout.after, path, highlight))


def _svg_of_table(snapshot, placements) -> str:
    from cli.pictures import draw_banquet

    return _svg(lambda path: draw_banquet(snapshot, placements, path))


def _svg(draw) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "picture.svg"
        draw(path)
        return _strip_xml_header(path.read_text(encoding="utf-8"))


def _strip_xml_header(svg: str) -> str:
    """Inline SVG in HTML needs no XML declaration or DOCTYPE."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg
