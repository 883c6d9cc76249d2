"""affo pieces, affo spaces, affo cards: the game's tiles, action spaces and occupation cards, at hand while entering a position."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.common import console, fail, plain, print_json
from cli.options import JsonOpt
from models.actions import ActionSpace, load_action_spaces
from models.bundle_words import bundle_text
from models.pieces import COLOURS, Piece, all_pieces
from models.snapshot import did_you_mean

NameArg = Annotated[str | None, typer.Argument(help="Show only this one (a name or id).", show_default=False, metavar="NAME")]
KINDS = ("good", "animal", "special", "token")
# Terminal colours that stay apart in a 16-colour palette and read as words without colour.
SWATCH = {"orange": "bold bright_yellow", "red": "bold red", "green": "bold green", "blue": "bold bright_blue",
          "silver": "bold white", "ore": "bold bright_black", "wood": "bold yellow", "stone": "bold white"}


# --- pieces ------------------------------------------------------------------------------------


def piece_json(p: Piece) -> dict:
    rows = len(p.mask)
    return {
        "name": p.name, "colour": p.colour, "kind": p.kind, "width": len(p.mask[0]), "height": rows,
        "area": p.area, "cells": sorted([r, c] for r, c in p.cells), "shape": list(p.mask),
        "upgrades_to": p.upgrade, "points": p.points, "sword": p.sword, "special_sale": p.cost,
        "flip_matters": len(p.orientations) > len({o.cells for o in p.orientations if not o.flip}),
    }


def _one_of(kind: str, value: str | None, allowed: tuple[str, ...]) -> None:
    if value is not None and value not in allowed:
        fail(f"--{kind} {value!r}: one of {', '.join(allowed)}{did_you_mean(value, list(allowed))}")


def pieces(
    name: NameArg = None,
    colour: Annotated[str | None, typer.Option("--colour", "--color", help="Only this colour: orange, red, green, blue.")] = None,
    kind: Annotated[str | None, typer.Option("--kind", help="Only this kind: good, animal, special, token.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Every tile of the game: name, colour, size, its shape drawn, and what it upgrades to.

    Shapes are drawn at rotation 0 (a w x h tile spans h rows and w columns); `--json` gives each
    piece's cells as \\[row, col]. The names are the ones a snapshot uses.

    Examples:  affo pieces   ·   affo pieces --colour blue   ·   affo pieces peas   ·   affo pieces --json
    """
    _one_of("colour", colour, COLOURS + ("silver", "ore", "wood", "stone"))
    _one_of("kind", kind, KINDS)
    chosen = [p for p in all_pieces().values()
              if (colour is None or p.colour == colour) and (kind is None or p.kind == kind)]
    if name is not None:
        known = list(all_pieces())
        if name not in known:
            fail(f"unknown piece {name!r}{did_you_mean(name, known)} (affo pieces lists them all)")
        chosen = [all_pieces()[name]]
    if as_json:
        print_json({"pieces": [piece_json(p) for p in chosen]})
        return
    for p in chosen:
        console.print(*piece_lines(p), sep="\n")


def piece_lines(p: Piece) -> list[str]:
    size = f"{len(p.mask[0])}x{len(p.mask)}"
    facts = [p.kind, size]
    if p.upgrade:
        facts.append(f"upgrades to {p.upgrade}")
    facts += [f"{n} {label}" for n, label in ((p.points, "points"), (p.sword, "sword"), (p.cost, "silver at the special sale")) if n]
    style = SWATCH.get(p.colour, "bold")
    head = f"[{style}]{p.name}[/] ({p.colour}): {', '.join(facts)}"
    return [head] + [f"    [{style}]" + "".join("██" if ch == "#" else "··" for ch in row) + "[/]" for row in p.mask] + [""]


# --- action spaces -----------------------------------------------------------------------------


def cost_text(s: ActionSpace) -> str:
    parts = [bundle_text(s.pay)] if s.pay else []
    if s.pay_any_of:
        parts.append(" or ".join(bundle_text(b) for b in s.pay_any_of))
    return "; ".join(parts) or "-"


def effect_text(s: ActionSpace) -> str:
    parts = [f"needs {' and '.join(s.needs)}"] if s.needs else []
    if s.gain:
        parts.append(f"gain {bundle_text(s.gain)}")
    if s.upgrade:
        parts.append(f"{'double-' if s.upgrade.steps == 2 else ''}upgrade up to {s.upgrade.count} goods")
    if s.mountain:
        parts.append("mountain items: " + ", ".join(f"up to {n}" for n in s.mountain) + " (one strip each)")
    if s.per_animal:
        parts.append(f"1 {s.per_animal.good} per {s.per_animal.animal} (at most {s.per_animal.max})")
    parts += [f"with {o.at_least}+ {o.animal}: {bundle_text(o.gain)}" for o in s.if_owns]
    if s.options:
        parts.append(("one of: " if s.choose == "one" else "any of: ") + "; ".join(o.label for o in s.options))
    if s.roll:
        parts.append(f"{s.roll.kind}: roll a d{s.roll.die}, aiming {s.roll.aim}")
    if s.explore:
        parts.append(f"explore {' / '.join(s.explore.boards)} with a {' or '.join(s.explore.ships)}")
    if s.emigrate:
        parts.append(f"emigrate a {' or '.join(s.emigrate.ships)} (silver = round x {s.emigrate.silver_per_round})")
    if s.occupation:
        parts += [t for t in (f"draw {s.occupation.draw} occupation" * bool(s.occupation.draw),
                              f"play up to {s.occupation.play} occupation" * bool(s.occupation.play)) if t]
    if s.overseas_trade:
        parts.append("turn different green goods to blue")
    if s.special_sale:
        parts.append(f"buy up to {s.special_sale} special tile(s)")
    if s.forge:
        parts.append(f"forge {s.forge} special tile or jewelry")
    if s.bonus:
        parts.append(f"column bonus: {bonus_text(s)}")
    return "; ".join(parts) or "-"


def bonus_text(s: ActionSpace) -> str:
    b = s.bonus
    words = [f"draw {b.draw_occupations}" * bool(b.draw_occupations), f"play {b.play_occupations}" * bool(b.play_occupations)]
    return " / ".join(w for w in words if w) + f" occupation ({b.when})"


def space_json(s: ActionSpace) -> dict:
    return {"id": s.id, "name": s.name, "group": s.group, "column": s.column, "vikings": s.vikings,
            "cost": cost_text(s), "effect": effect_text(s)}


def spaces(
    name: NameArg = None,
    column: Annotated[int | None, typer.Option("--column", min=1, max=4, help="Only spaces of this column (Vikings needed).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """The 61 action spaces: id, name, column (the Vikings it takes), cost and effect.

    The id is what `round_context.taken` and `affo plan` use.

    Examples:  affo spaces   ·   affo spaces --column 4   ·   affo spaces build-shed   ·   affo spaces --json
    """
    from rich.table import Table

    every = load_action_spaces()
    chosen = [s for s in every.values() if column is None or s.column == column]
    if name is not None:
        if name not in every:
            fail(f"unknown action space {name!r}{did_you_mean(name, list(every))} (affo spaces lists them all)")
        chosen = [every[name]]
    if as_json:
        print_json({"spaces": [space_json(s) for s in chosen]})
        return
    table = Table(show_lines=False, pad_edge=False)
    for title in ("id", "name", "col", "cost", "effect"):
        table.add_column(title, justify="right" if title == "col" else "left", overflow="fold")
    for s in chosen:
        table.add_row(plain(s.id), plain(s.name), str(s.column), plain(cost_text(s)), plain(effect_text(s)))
    console.print(table)


# --- occupation cards --------------------------------------------------------------------------


def card_json(c) -> dict:
    from models.occupation_cards import effect_of
    from models.occupation_words import effect_words

    effect = effect_of(c.number)
    return {"number": c.number, "name": c.name, "deck": c.deck, "starting": c.deck.islower(), "points": c.points,
            "effect_modelled": effect_words(effect) if effect else None}  # fmt: skip


def cards(
    name: NameArg = None,
    modelled: Annotated[bool, typer.Option("--modelled", help="Only the cards whose effect affo applies.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The 190 occupation cards: number, deck, printed points, and the effect affo applies when one is played and after.

    Name cards in a snapshot's hand to have them played for their effect (`"hand": ["Fisherman", 2]`);
    an int is a card by its printed points. Only the effects of the cards marked are modelled: when
    played, and for many of them from then on (each time an action of a kind is taken, a price, the
    dice, or after each feast); every card scores its printed points.

    A name two cards print (Tutor, Spice Merchant) lists both; in a hand such a name is a card drawn unseen.

    Examples:  affo cards   ·   affo cards --modelled   ·   affo cards fisherman   ·   affo cards --json
    """
    from rich.table import Table

    from models.occupation_cards import by_number, cards_by_name, effect_of
    from models.occupation_words import effect_words

    chosen = [c for c in by_number().values() if not modelled or effect_of(c.number)]
    if name is not None:
        chosen = list(cards_by_name().get(name.strip().casefold(), ()))  # two cards print some names (Tutor)
        if not chosen:
            names = sorted({c.name for c in by_number().values()})
            fail(f"occupation card {name!r}: no card is named so{did_you_mean(name, names)} (affo cards lists them all)")
    if as_json:
        print_json({"cards": [card_json(c) for c in chosen]})
        return
    table = Table(show_lines=False, pad_edge=False)
    for title in ("#", "name", "deck", "pts", "when played and after (modelled)"):
        table.add_column(title, justify="right" if title in ("#", "pts") else "left", overflow="fold")
    for c in chosen:
        effect = effect_of(c.number)
        table.add_row(str(c.number), plain(c.name), c.deck, str(c.points), plain(effect_words(effect)) if effect else "-")
    console.print(table)
