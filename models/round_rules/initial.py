"""A round engine state read from a snapshot and its round context."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from models.boards import all_boards, board as board_named
from models.data_files import load
from models.explorations import face_up_rounds, silver_on
from models.mountains import strips_in_round
from models.occupation_cards import card_named, effect_of, hand_entry
from models.pieces import piece, special_names
from models.round_context import RoundContext
from models.round_rules.state import Setting, State, counts
from models.snapshot import BoardEntry, Snapshot


def held_tiles(snapshot: Snapshot) -> set[str]:
    return {board_named(e.board).tile for e in snapshot.player.boards if board_named(e.board).tile}


def face_up_explorations(round_: int, length: str, held_tiles: set[str]) -> dict[str, int]:
    """The exploration faces showing in a round when nobody else has claimed them, with the silver
    the printed schedule puts on them."""
    boards = [board_named(n) for n in all_boards()]
    return {
        b.name: silver_on(b, round_, length)
        for b in boards
        if b.kind == "exploration" and b.tile not in held_tiles and round_ in face_up_rounds(b, length)
    }


def _placed(snapshot: Snapshot) -> set[str]:
    return {x for e in snapshot.player.boards for x in placed_specials(e)}


def _buildings_owned(snapshot: Snapshot) -> Counter:
    return Counter(e.board for e in snapshot.player.boards if board_named(e.board).is_building)


def initial_state(snapshot: Snapshot, context: RoundContext) -> State:
    p = snapshot.player
    supply = load("game")["building_supply"]
    owned = _buildings_owned(snapshot)
    buildings = context.buildings_left or {b: max(0, n - owned[b]) for b, n in supply.items()}
    owned_specials = set(p.specials)
    specials_left = context.specials_left if context.specials_left is not None else [
        s for s in special_names() if s not in owned_specials
    ]
    explorations = context.explorations_available
    if explorations is None:
        explorations = face_up_explorations(snapshot.game.round, snapshot.game.length, held_tiles(snapshot))
    mountains = context.mountains
    if mountains is None:  # unknown: the face-up strips of a game dealt with seed 0
        mountains = strips_in_round(snapshot.game.round, context.players or snapshot.game.players)
    hand, cards = _hand(p.occupations.hand, context.drawn_occupation_points)
    return State(
        round=snapshot.game.round,
        vikings_left=context.vikings_left if context.vikings_left is not None else snapshot.vikings,
        silver=p.silver,
        wood=p.resources.get("wood", 0),
        stone=p.resources.get("stone", 0),
        ore=p.resources.get("ore", 0),
        goods=counts(p.goods),
        weapons=counts(p.weapons),
        ships=tuple(sorted((s.type, s.ore) for s in p.ships)),
        emigrated=tuple(sorted(snapshot.emigrated_ships)),
        new_boards=(),
        specials=tuple(sorted(set(p.specials) - _placed(snapshot))),
        hand=hand,
        cards=cards,
        active=_in_play(p.occupations.played),
        occupation_points=p.occupations.played_points,
        taken=frozenset(context.taken),
        mountains=tuple(sorted(tuple(s) for s in mountains if s)),
        explorations=tuple(sorted(explorations.items())),
        specials_left=tuple(sorted(specials_left)),
        buildings_left=tuple(sorted(buildings.items())),
        thing_penalties=p.thing_penalties,
        vikings_total=snapshot.vikings,
    )


def _hand(entries: list[int | str], unseen: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A snapshot's hand as the state holds it: named cards with a modelled effect by number,
    every other card by its printed points (models/occupation_cards.hand_entry)."""
    plain, cards = [], []
    for entry in entries:
        card, points = hand_entry(entry, unseen)
        if card and effect_of(card.number):
            cards.append(card.number)
        else:
            plain.append(points)
    return tuple(sorted(plain)), tuple(sorted(cards))


def _in_play(played: list[int | str]) -> tuple[int, ...]:
    """The cards a snapshot lists as played whose lasting effect (each-time gains, discounts) the engine applies."""
    cards = (card_named(p) for p in played if isinstance(p, str))
    return tuple(sorted(c.number for c in cards if c and effect_of(c.number) and effect_of(c.number).lasting))


def setting_for(snapshot: Snapshot, context: RoundContext, values: Mapping[str, float] | None = None) -> Setting:
    extra = {"values": dict(values)} if values is not None else {}
    return Setting(snapshot, context.players or snapshot.game.players, context.drawn_occupation_points, **extra)


def placed_specials(entry: BoardEntry) -> list[str]:
    return [p.piece for p in entry.placements if piece(p.piece).kind == "special"]
