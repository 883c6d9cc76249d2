"""The command-line options many commands share (kept apart so cli.common needs no typer)."""

from __future__ import annotations

from typing import Annotated

import typer

SnapshotArg = Annotated[str, typer.Argument(help="Snapshot JSON file, or - to read standard input.", metavar="SNAPSHOT")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on standard output and nothing else.")]
# The rules of thumb `affo plan` and `affo solo` follow, in a player's words (planner/rules_of_thumb.py holds them).
RULES_OF_THUMB = ("in round 1 take 3 mountain items and upgrade the oil on one space, then build a whaling boat; go whaling whenever the "
                  "space is free from round 2; in rounds 4 and 5 the long house and a knarr where the search picks the stone house "
                  "and a longship: planner/rules_of_thumb.py")
