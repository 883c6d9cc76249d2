"""affo plan: the best next action, the rest of the round behind it, and why."""

from __future__ import annotations

from typing import Annotated

import typer
from cli.common import BAD_INPUT, BUG, fail, print_json, summary
from cli.options import RULES_OF_THUMB, JsonOpt, SnapshotArg
from cli.plan_show import SearchProgress, show
from models.round_context import read_with_context
from models.round_rules import initial_state, setting_for
from models.snapshot import SnapshotError
from models.values import read_values
from planner.advice import Advice, advise
from planner.next_round import plan_as_player as run_plan
from planner.round_search import Options

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
    rules: Annotated[bool, typer.Option("--rules/--no-rules", help=f"Follow the planner's rules of thumb ({RULES_OF_THUMB}), as affo solo does; the search's own choices are listed as alternatives.")] = True,
    seed: Annotated[int, typer.Option("--seed", help="Seed for any random tie-breaking (the search itself is deterministic).")] = 0,
    as_json: JsonOpt = False,
) -> None:
    """Suggest the next action and the rest of the round, with forecast final scores (estimates) and reasons.

    Searches the action phase (61 action spaces with their choices, the column bonuses, buying
    and arming ships) under a node budget (the same position always gets the same advice) or,
    with --time-limit, a clock; dice actions are chance nodes with the exact distributions of
    the optimal stop-or-re-roll policy. Positions are valued by a forecast of the final score
    (a model learned from self-play, planner/value/; --value projection for the hand-made one).

    The first move is the one affo solo's player makes here (the two-round root at 20 states a
    decision, 80 in the last round, with the rules of thumb unless --no-rules: the player the strength benchmark
    measures); the rest of the round behind it and the alternatives come from searches of
    --nodes states, which draw a longer line (on the strength benchmark, more states chose
    worse first moves).

    The answer, in the game's words: the line for the rest of the round with a short reason
    per step and how each step changes the forecast; when to keep or re-roll each die; the
    occupations played, by name; the tiles to lay before income and this round's feast (the
    feast engine's table, proven optimal); the best other first moves that differ in substance.
    --json gives all of it (steps[].reason, steps[].dice, steps[].occupations_played,
    round_end, alternatives).

    The round's shared context (spaces taken by others - in a solo game the Vikings of last
    round -, mountain strips, exploration boards and their silver, special tiles left) comes
    from --context FILE or a "round_context" object in the snapshot file.

    Occupations: name the cards in hand (affo cards); 30 of them are played for their effect, every
    other card counts by printed points (a card drawn unseen is worth the context's
    drawn_occupation_points, default 0).

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
    options = Options(beam=beam, horizon=horizon, harvest=schedule, value=value or CURRENT, rules_of_thumb=rules, **budget)
    advice = _search(initial_state(snap, ctx), setting, options, as_json)
    if as_json:
        print_json(advice.as_json())
    else:
        show(advice)


def _search(root, setting, options: Options, as_json: bool) -> Advice:
    progress = SearchProgress(not as_json, options.nodes, None if options.nodes is not None else options.time_limit)
    try:
        result = run_plan(root, setting, options, progress)
        progress.explaining()
        from planner.feast import FeastBug, ValuesTooFine  # the feast engine is loaded to explain anyway

        try:
            return advise(result, root, setting, options.harvest)
        except ValuesTooFine as err:
            fail(str(err), BAD_INPUT)
        except FeastBug as err:
            fail(f"BUG: {err}", BUG)
    finally:
        progress.close()
