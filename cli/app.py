"""The affo command line: one Typer app, one module per group of commands."""

from __future__ import annotations

import typer

from cli import check, feast, place, plan, show

app = typer.Typer(
    name="affo",
    help=(
        "affo: a solver and planning assistant for A Feast for Odin.\n\n"
        "Describe a tabletop position as a JSON snapshot (see `affo schema` and the README) and ask: "
        "is it legal (validate), what does it score (score), what does it look like (show), where should "
        "my goods go (place), how do I feed this round's feast (feast), what should I do next (plan)."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command()(check.validate)
app.command()(check.score)
app.command()(check.schema)
app.command()(show.show)
app.command()(place.place)
app.command()(feast.feast)
app.command()(plan.plan)


def main() -> None:
    app()
