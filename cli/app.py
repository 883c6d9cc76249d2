"""The affo command line: one Typer app, one module per group of commands.

A command's module is imported only when that command runs (or when help lists them all), so
`affo validate` never pays for the solver libraries that `affo place` needs.
"""

from __future__ import annotations

import importlib

import typer
from typer.core import TyperGroup

from cli.common import tolerant_streams

# command name -> (module, function); the order is the order of `affo --help`.
COMMANDS = {
    "validate": ("cli.check", "validate"),
    "score": ("cli.check", "score"),
    "schema": ("cli.check", "schema"),
    "show": ("cli.show", "show"),
    "pieces": ("cli.reference", "pieces"),
    "spaces": ("cli.reference", "spaces"),
    "cards": ("cli.reference", "cards"),
    "new": ("cli.entry", "new"),
    "lay": ("cli.entry", "lay"),
    "lift": ("cli.entry", "lift"),
    "add": ("cli.entry", "add"),
    "take": ("cli.entry", "take"),
    "place": ("cli.place", "place"),
    "feast": ("cli.feast", "feast"),
    "plan": ("cli.plan", "plan"),
    "review": ("cli.review", "review"),
    "solo": ("cli.solo", "solo"),
    "selfplay": ("cli.selfplay", "selfplay"),
}


class LazyCommands(TyperGroup):
    """A command group that imports a command's module when the command is asked for."""

    def list_commands(self, ctx) -> list[str]:
        eager = super().list_commands(ctx)
        return list(COMMANDS) + [name for name in eager if name not in COMMANDS]

    def get_command(self, ctx, name: str):
        command = super().get_command(ctx, name)
        if command is not None or name not in COMMANDS:
            return command
        module, function = COMMANDS[name]
        single = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="markdown")  # paragraphs rewrap to the terminal
        single.command(name)(getattr(importlib.import_module(module), function))
        return typer.main.get_command(single)


app = typer.Typer(
    name="affo",
    cls=LazyCommands,
    help=(
        "affo: a solver and planning assistant for A Feast for Odin.\n\n"
        "Describe a tabletop position as a JSON snapshot (see `affo schema` and the README) and ask: "
        "is it legal (validate), what does it score (score), what does it look like (show), where should "
        "my goods go (place), how do I feed this round's feast (feast), what should I do next (plan).\n\n"
        "Reference at the table: `affo pieces` draws every tile with its colour, size and upgrade; "
        "`affo spaces` lists the 61 action spaces with their cost and effect; `affo cards` the 190 occupations "
        "with their points and the effect affo applies when one is played.\n\n"
        "Entering a position: `affo new` writes round 1; `affo lay`/`lift` put tiles on boards and take them off, "
        "`affo add`/`take` change the supply; each change is checked at once.\n\n"
        "Examples:  affo validate examples/round3-shetland.json   ·   affo show examples/round3-shetland.json   ·   "
        "affo pieces --colour blue"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _every_command() -> None:
    tolerant_streams()


def main() -> None:
    app()
