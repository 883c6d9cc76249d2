"""A round engine state back as a snapshot, for the rule checker and the scorer."""

from __future__ import annotations

from models.occupation_cards import by_number, card_named
from models.round_rules.initial import placed_specials
from models.round_rules.state import Setting, State
from models.snapshot import Ship, Snapshot, parse_snapshot


def to_snapshot(s: State, setting: Setting) -> Snapshot:
    """The position a state describes, as a snapshot for the rule checker and the scorer."""
    base = setting.snapshot
    data = base.model_dump(mode="json")
    player = data["player"]
    player.update(
        silver=s.silver,
        resources={"wood": s.wood, "stone": s.stone, "ore": s.ore},
        goods=dict(s.goods),
        weapons=dict(s.weapons),
        specials=list(s.specials) + [x for e in base.player.boards for x in placed_specials(e)],
        ships=[{"type": t, "ore": o} for t, o in s.ships],
        emigrated=[t for t in s.emigrated if t in ("knarr", "longship")],
        thing_penalties=s.thing_penalties,
        vikings=s.vikings_total,
    )
    player["occupations"]["played_points"] = s.occupation_points
    player["occupations"]["hand"] = list(s.hand) + [by_number()[c].name for c in s.cards]
    listed = {card_named(p).number for p in player["occupations"]["played"] if isinstance(p, str) and card_named(p)}
    player["occupations"]["played"] += [by_number()[c].name for c in s.active if c not in listed]
    ids = {e["id"] for e in player["boards"]}
    for name in s.new_boards:
        new_id = name
        k = 2
        while new_id in ids:
            new_id, k = f"{name}-{k}", k + 1
        ids.add(new_id)
        player["boards"].append({"id": new_id, "board": name, "placements": [], "resources": {}})
    if s.banquet_cleared:
        player["banquet"]["placements"] = []
    data["game"]["round"] = s.round
    return parse_snapshot(data)


def ship_models(s: State) -> list[Ship]:
    return [Ship(type=t, ore=o) for t, o in s.ships]
