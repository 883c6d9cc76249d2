"""affo plan in the terminal: the advice drawn, and a progress bar while the search runs."""

from __future__ import annotations

import time

from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from cli.common import console, err_console, plain
from planner.advice import Advice

QUIET_SECONDS = 1.0  # a search shorter than this shows no progress at all


class SearchProgress:
    """A progress bar on standard error, shown only on a terminal and only once the run has
    lasted QUIET_SECONDS: nothing on a pipe, nothing under --json, nothing for a quick answer."""

    def __init__(self, enabled: bool, nodes: int | None, seconds: float | None):
        self.enabled = enabled and err_console.is_terminal
        self.total = nodes if nodes is not None else seconds
        self.unit = "states" if nodes is not None else "s"
        self.started = time.perf_counter()
        self.bar: Progress | None = None
        self.task = None

    def __call__(self, info: dict) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.started < QUIET_SECONDS:
                return
            self.bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[done]}"),
                                TimeElapsedColumn(), console=err_console, transient=True)  # fmt: skip
            self.bar.start()
            self.task = self.bar.add_task("searching", total=self.total, done="")
        done = info["expanded"] if self.unit == "states" else min(info["seconds"], self.total or 0)
        text = f"{info['expanded']}/{self.total} states" if self.unit == "states" else f"{info['expanded']} states"
        self.bar.update(self.task, completed=done, done=text, description=info.get("stage", "searching"))

    def explaining(self) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description="explaining", completed=self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def show(advice: Advice) -> None:
    plan = advice.plan
    if not advice.steps:
        console.print(f"[bold]Pass[/]: no action improves the forecast final score ({plan.value_now:.1f}).")
    else:
        first = advice.steps[0]
        console.print(f"[bold green]Next:[/] {plain(first.line.action.label)}  [dim]({_vikings(first.line.action.vikings)})[/]")
        console.print(f"  why: {plain(first.reason)}")
        if plan.rule:
            console.print(f"  [bold]{plain(plan.rule)}[/] [dim](the search's value underprices this move, and following the rule played better in whole games; the search's own choices are the alternatives below)[/]")
        console.print(f"Forecast final score: {plan.value_now:.1f} if you pass now, {plan.value:.1f} with this line [dim](estimates)[/]")
        _line(advice)
    _round_end(advice)
    _alternatives(advice)
    console.print(f"[dim]Forecast: {plain(plan.value_meaning)}.[/]")
    console.print(f"[dim]{plan.expanded} states expanded, {plan.graph_nodes} graph nodes, {plan.seconds:.1f} s[/]")


def _vikings(n: int) -> str:
    return f"{n} Viking{'s' if n != 1 else ''}" if n else "no Viking"


def _line(advice: Advice) -> None:
    rounds = len({s.line.before.round for s in advice.steps}) > 1 or any(s.line.action.kind == "pass" for s in advice.steps)
    table = Table(title="The line for the rest of the round" + (" and beyond" if rounds else ""))
    columns = [("#", "right")] + ([("round", "right")] if rounds else []) + [("action", "left"), ("Vikings", "right"), ("forecast", "right"), ("why", "left")]
    for name, justify in columns:
        table.add_column(name, justify=justify, overflow="fold")  # fold, never cut: an action's [id] must stay whole
    for step, planned in zip(advice.steps, advice.plan.steps):
        cells = [str(step.line.number)] + ([str(planned.round)] if rounds else [])
        table.add_row(*cells, plain(step.line.action.label), str(step.line.action.vikings), f"{planned.gain:+.1f}", plain(step.reason))
    console.print(table)
    console.print("[dim]forecast: how the forecast final score changes with the step (a dice step: on average)[/]")
    for step in advice.steps:
        if step.dice:
            console.print(f"[bold]Dice[/], step {step.line.number}: {plain(step.dice.text)}")
    played = [f"{', '.join(s.played)} (step {s.line.number})" for s in advice.steps if s.played]
    if played:
        console.print(f"[bold]Occupations played:[/] {plain('; '.join(played))} [dim](a card without a modelled effect counts by printed points: any such card of equal points does as well)[/]")


def _round_end(advice: Advice) -> None:
    end = advice.end
    if end.tiles:
        tiles = "; ".join(t.text for t in end.tiles)
        console.print(f"[bold]Before income, lay:[/] {plain(tiles)}: income {end.income_before} → {end.income_after} "
                      "[dim](the quick layout the forecast assumes; affo place finds the best)[/]")  # fmt: skip
    elif not end.last_round:
        console.print(f"[bold]Before income:[/] no tile to lay; income {end.income_before}")
    if end.feast is not None:
        proven = "proven optimal" if end.feast.status == "OPTIMAL" else f"solver status {end.feast.status}"
        console.print(f"[bold]This round's feast:[/] {plain(end.feast_text)} [dim](affo feast, {proven})[/]")
    else:
        console.print(f"[bold]This round's feast:[/] {plain(end.feast_text)}")


def _alternatives(advice: Advice) -> None:
    if not advice.alternatives:
        return
    console.print("Other first moves [dim](the best that differ in substance; forecast against this line's)[/]:")
    for alt in advice.alternatives:
        console.print(f"  {plain(alt.action.label)}: {alt.value:.1f} ({alt.value - advice.plan.value:+.1f}): {plain(alt.gains)}")
