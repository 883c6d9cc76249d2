"""The command-line options many commands share (kept apart so cli.common needs no typer)."""

from __future__ import annotations

from typing import Annotated

import typer

SnapshotArg = Annotated[str, typer.Argument(help="Snapshot JSON file, or - to read standard input.", metavar="SNAPSHOT")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on standard output and nothing else.")]
