"""affo plan: the best next action, the rest of the round behind it, and why."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from cli.common import BAD_INPUT, console, err_console, fail, plain, print_json, summary
from cli.options import JsonOpt, SnapshotArg
from models.round_context import read_with_context
from models.round_rules import initial_state, setting_for
from models.snapshot import SnapshotError
from models.values import read_values
from planner.round_search import Options, Plan, plan as run_plan

DEFAULT_NODES = 300  # a few seconds on a 2-core machine; advice is reproducible, not clock-bound


def plan(
    snapshot: SnapshotArg,
    context: Annotated[
        str | None,
        typer.Option("--context", help="Round context JSON (taken spaces, mountain strips, explorations, specials left); overrides a \"round_context\" object inside the snapshot file."),
    ] = None,
    nodes: Annotated[int, typer.Option("--nodes", help="Budget of states to expand: the same position always gets the same advice.")] = DEFAULT_NODES,
    time_limit: Annotated[float | None, typer.Option("--time-limit", help="Seconds to search instead of a node budget: faster on a slow machine, but the advice may then vary with the machine's load.")] = None,
    beam: Annotated[int, typer.Option("--beam", help="Actions kept per layer in the first search pass (doubles each pass).")] = 8,
    horizon: Annotated[int, typer.Option("--horizon", help="Rounds to plan: 1 = this action phase; more carries the plan through the round's end into later rounds.")] = 1,
    harvest: Annotated[str | None, typer.Option("--harvest", help="Harvest level per round, comma-separated (default: models/data/harvest.toml), e.g. 1,2,0,3,0,4,0.")] = None,
    values: Annotated[str | None, typer.Option("--values", help="Flat JSON object piece -> value of one tile in supply (as affo feast --values).")] = None,
    value: Annotated[str, typer.Option("--value", help="Leaf value: a learned model's version (default: the current one, a calibrated forecast of the final score) or 'projection' (hand-made).")] = "",
    seed: Annotated[int, typer.Option("--seed", help="Seed for any random tie-breaking (the search itself is deterministic).")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Suggest the next action and the rest of the round, with forecast final scores (estimates) and reasons.

    Searches the action phase (61 action spaces with their choices, the column bonuses, buying
    and arming ships) under a node budget (the same position always gets the same advice) or, with --time-limit, a clock; dice actions are chance nodes with
    the exact distributions of the optimal stop-or-re-roll policy. Positions are valued by a
    projected final score (see planner/evaluate.py).

    The round's shared context (spaces taken by others - in a solo game the Vikings of last
    round -, mountain strips, exploration boards and their silver, special tiles left) comes
    from --context FILE or a "round_context" object in the snapshot file.

    Out of scope for now: occupation effects (occupations count by printed points only; a card
    drawn unseen is worth the context's drawn_occupation_points, default 0), laying tiles on
    boards during the round (affo place), and the exact feast (a greedy stand-in; affo feast).

    Examples:  affo plan examples/plan-round3.json  ·  affo plan mine.json --context examples/plan-context.json --nodes 2000 --json
    """
    del seed  # the search has no randomness; accepted so scripts can pass one uniformly
    try:
        snap, ctx = read_with_context(snapshot, context)
        user_values = read_values(values) if values else None
        schedule = tuple(int(x) for x in harvest.split(",")) if harvest else None
    except SnapshotError as err:
        fail(summary(err.problems), BAD_INPUT)
    except ValueError:
        fail("--harvest takes whole numbers separated by commas, e.g. 1,2,0,3,0,4,0", BAD_INPUT)
    if horizon < 1 or nodes < 1 or beam < 1 or (time_limit is not None and time_limit <= 0):
        fail("--horizon, --nodes and --beam must be at least 1 and --time-limit above 0", BAD_INPUT)
    setting = setting_for(snap, ctx, None if user_values is None else {**setting_for(snap, ctx).values, **user_values})
    from planner.value import CURRENT, versions

    if value and value != "projection" and value not in versions():
        fail(f"--value is 'projection' or a model version ({', '.join(versions())}), not {value!r}", BAD_INPUT)
    budget = {"nodes": nodes} if time_limit is None else {"nodes": None, "time_limit": time_limit}
    options = Options(beam=beam, horizon=horizon, harvest=schedule, value=value or CURRENT, **budget)
    result = _search(initial_state(snap, ctx), setting, options)
    if as_json:
        print_json(result.as_json())
    else:
        _show(result)


def _search(root, setting, options: Options) -> Plan:
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=err_console, transient=True) as bar:
        task = bar.add_task("searching", total=None)

        def report(info: dict) -> None:
            bar.update(task, description=f"searching: {info['expanded']} states expanded, beam {info['beam']}, depth {info['depth']}, {info['graph_nodes']} nodes")

        return run_plan(root, setting, options, report)


def _show(result: Plan) -> None:
    if not result.steps:
        console.print(f"[bold]Pass[/]: no action improves the position (value {result.value_now:.1f}).")
        console.print(f"[dim]Values: {result.value_meaning}.[/]")
        return
    first = result.steps[0]
    console.print(f"[bold green]Next:[/] {plain(first.action.label)}  [dim]({first.vikings} Vikings, forecast final score {first.value:.1f})[/]")
    table = Table(title=f"Plan for the rest of the round (forecast final score if you pass now {result.value_now:.1f} → with this plan {result.value:.1f})")
    for name, justify in (("#", "right"), ("round", "right"), ("action", "left"), ("Vikings", "right"), ("gain", "right"), ("why", "left")):
        table.add_column(name, justify=justify, overflow="fold")  # fold, never cut: an action's [id] must stay whole
    for i, step in enumerate(result.steps, 1):
        table.add_row(str(i), str(step.round), plain(step.action.label), str(step.vikings), f"{step.gain:+.1f}", plain(step.reason))
    console.print(table)
    for step in result.steps:
        if step.outcomes:
            odds = "; ".join(f"{o.probability:.0%} {o.note}" for o in step.outcomes[:5])
            console.print(f"[dim]{plain(step.action.label)}: {plain(odds)}{' …' if len(step.outcomes) > 5 else ''} (the plan follows the likeliest)[/]")
    if result.alternatives:
        console.print("Alternatives for the next action:")
        for alt in result.alternatives:
            console.print(f"  {plain(alt.action.label)}: forecast {alt.value:.1f} ({alt.value - first.value:+.1f})")
    console.print(f"[dim]Values: {result.value_meaning}.[/]")
    console.print(f"[dim]{result.expanded} states expanded, {result.graph.number_of_nodes()} graph nodes, {result.seconds:.1f} s[/]")
