"""Reading action_spaces.toml: strict, key by key, into the frozen dataclasses of models/actions/spaces.py.

An unknown key, goods name, requirement or ship is an error, because a typo in the data would
otherwise silently become an effect the rules engine never applies.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from models.actions.spaces import (
    BUNDLE_SCALARS,
    ActionDataError,
    ActionSpace,
    Bundle,
    ColumnBonus,
    Counts,
    Emigrate,
    Explore,
    IfOwns,
    Occupation,
    Option,
    PerAnimal,
    Roll,
    Upgrade,
)
from models.actions.vocabulary import (
    ANIMALS,
    BUILDINGS,
    EXPLORATION_BOARDS,
    GOODS,
    NEEDS,
    ROLL_KINDS,
    ROLL_ORE,
    SHIPS,
    SPACE_COUNT,
    WEAPONS,
)
from models.data_files import parse_text, read

_TABLES = {"goods": GOODS, "weapons": WEAPONS, "ships": frozenset(SHIPS), "buildings": frozenset(BUILDINGS)}
_EFFECT_KEYS = {"needs", "pay", "pay_any_of", "gain", "upgrade", "mountain"}
_SPACE_KEYS = _EFFECT_KEYS | {
    "id", "name", "group", "column", "per_animal", "if_owns", "choose", "option", "roll",
    "explore", "emigrate", "occupation", "overseas_trade", "special_sale", "forge", "verify",
}  # fmt: skip
_ROLL_KEYS = {"kind", "die", "aim", "spend", "failure", "success", "take_blue_tile", "fail_at_or_below", "ore", "boats"}


def _fail(where: str, message: str) -> ActionDataError:
    return ActionDataError(f"{where}: {message}")


def check_keys(raw: dict[str, Any], allowed: set[str] | frozenset[str], where: str) -> None:
    """An error naming the keys of `raw` outside `allowed` (also read by models/occupation_cards.py)."""
    unknown = set(raw) - set(allowed)
    if unknown:
        raise _fail(where, f"unknown keys {sorted(unknown)}")


def _amount(value: Any, where: str) -> int:
    # bool is an int in Python; refuse it so `wood = true` is not read as 1
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(where, f"expected a whole number >= 0, got {value!r}")
    return value


def _member(value: Any, allowed: frozenset[str] | set[str], where: str) -> str:
    if value not in allowed:
        raise _fail(where, f"{value!r} is not one of {sorted(allowed)}")
    return value


def _counts(raw: dict[str, Any], allowed: frozenset[str], where: str) -> Counts:
    return tuple((_member(k, allowed, where), _amount(n, f"{where}.{k}")) for k, n in raw.items())


def parse_bundle(raw: dict[str, Any], where: str) -> Bundle:
    """A bundle table in the effect vocabulary (also read by models/occupation_cards.py)."""
    check_keys(raw, set(BUNDLE_SCALARS) | set(_TABLES), where)
    scalars = {k: _amount(raw[k], f"{where}.{k}") for k in BUNDLE_SCALARS if k in raw}
    tables = {k: _counts(raw[k], allowed, f"{where}.{k}") for k, allowed in _TABLES.items() if k in raw}
    return Bundle(**scalars, **tables)


def _upgrade(raw: dict[str, Any], where: str) -> Upgrade:
    check_keys(raw, {"count", "steps"}, where)
    if raw.get("steps") not in (1, 2):
        raise _fail(where, "steps must be 1 or 2")
    return Upgrade(count=_amount(raw["count"], f"{where}.count"), steps=raw["steps"])


def _mountain(raw: list[Any], where: str) -> tuple[int, ...]:
    takes = tuple(_amount(n, where) for n in raw)
    if not takes or 0 in takes:
        raise _fail(where, "expected a non-empty list of positive counts, one per strip")
    return takes


def _effects(raw: dict[str, Any], where: str) -> dict[str, Any]:
    """The keys a space and its options share, parsed."""
    out: dict[str, Any] = {"needs": tuple(_member(n, NEEDS, f"{where}.needs") for n in raw.get("needs", ()))}
    if "pay" in raw:
        out["pay"] = parse_bundle(raw["pay"], f"{where}.pay")
    if "pay_any_of" in raw:
        out["pay_any_of"] = tuple(parse_bundle(b, f"{where}.pay_any_of") for b in raw["pay_any_of"])
    if "gain" in raw:
        out["gain"] = parse_bundle(raw["gain"], f"{where}.gain")
    if "upgrade" in raw:
        out["upgrade"] = _upgrade(raw["upgrade"], f"{where}.upgrade")
    if "mountain" in raw:
        out["mountain"] = _mountain(raw["mountain"], f"{where}.mountain")
    return out


def _option(raw: dict[str, Any], where: str) -> Option:
    check_keys(raw, _EFFECT_KEYS | {"label"}, where)
    return Option(label=str(raw["label"]), **_effects(raw, where))


def _roll(raw: dict[str, Any], where: str) -> Roll:
    check_keys(raw, _ROLL_KEYS, where)
    kind = _member(raw["kind"], set(ROLL_KINDS), f"{where}.kind")
    if raw["aim"] != ROLL_KINDS[kind] or raw["die"] not in (8, 12):
        raise _fail(where, f"{kind} aims {ROLL_KINDS[kind]} with a d8 or d12")
    if "ore" in raw:
        _member(raw["ore"], ROLL_ORE, f"{where}.ore")
    boats = tuple(raw["boats"]) if "boats" in raw else None
    if boats is not None and not (len(boats) == 2 and 1 <= boats[0] <= boats[1] <= 3):
        raise _fail(where, "boats must be [min, max] within 1-3")
    return Roll(
        kind=kind,
        die=raw["die"],
        aim=raw["aim"],
        spend=tuple(_member(s, WEAPONS | {"wood", "stone"}, f"{where}.spend") for s in raw["spend"]),
        failure=parse_bundle(raw["failure"], f"{where}.failure"),
        success=parse_bundle(raw.get("success", {}), f"{where}.success"),
        take_blue_tile=bool(raw.get("take_blue_tile", False)),
        fail_at_or_below=_amount(raw["fail_at_or_below"], where) if "fail_at_or_below" in raw else None,
        ore=raw.get("ore"),
        boats=boats,  # type: ignore[arg-type]  # checked to be a pair above
    )


def _per_animal(raw: dict[str, Any], where: str) -> PerAnimal:
    check_keys(raw, {"animal", "good", "max"}, where)
    return PerAnimal(
        animal=_member(raw["animal"], ANIMALS, where),
        good=_member(raw["good"], GOODS, where),
        max=_amount(raw["max"], where),
    )


def _if_owns(raw: dict[str, Any], where: str) -> IfOwns:
    check_keys(raw, {"animal", "at_least", "gain"}, where)
    return IfOwns(
        animal=_member(raw["animal"], ANIMALS, where),
        at_least=_amount(raw["at_least"], where),
        gain=parse_bundle(raw["gain"], f"{where}.gain"),
    )


def _explore(raw: dict[str, Any], where: str) -> Explore:
    check_keys(raw, {"boards", "ships"}, where)
    return Explore(
        boards=tuple(_member(b, EXPLORATION_BOARDS, where) for b in raw["boards"]),
        ships=tuple(_member(s, frozenset(SHIPS), where) for s in raw["ships"]),
    )


def _emigrate(raw: dict[str, Any], where: str) -> Emigrate:
    check_keys(raw, {"ships", "silver_per_round", "exchange"}, where)
    swap = raw.get("exchange")
    return Emigrate(
        ships=tuple(_member(s, frozenset(SHIPS), where) for s in raw["ships"]),
        silver_per_round=_amount(raw["silver_per_round"], where),
        exchange=(_member(swap["give"], frozenset(SHIPS), where), _member(swap["take"], frozenset(SHIPS), where))
        if swap
        else None,
    )


def _occupation(raw: dict[str, Any], where: str) -> Occupation:
    check_keys(raw, {"draw", "play"}, where)
    return Occupation(draw=_amount(raw.get("draw", 0), where), play=_amount(raw.get("play", 0), where))


def _space(raw: dict[str, Any], bonuses: dict[int, ColumnBonus]) -> ActionSpace:
    where = f"space {raw.get('id', '?')}"
    check_keys(raw, _SPACE_KEYS, where)
    column = raw.get("column")
    if column not in (1, 2, 3, 4):
        raise _fail(where, f"column must be 1-4, got {column!r}")
    if ("option" in raw) != ("choose" in raw) or raw.get("choose", "one") not in ("one", "any"):
        raise _fail(where, 'options need choose = "one" or "any", and choose needs options')
    optional = {
        "per_animal": lambda r: _per_animal(r, f"{where}.per_animal"),
        "roll": lambda r: _roll(r, f"{where}.roll"),
        "explore": lambda r: _explore(r, f"{where}.explore"),
        "emigrate": lambda r: _emigrate(r, f"{where}.emigrate"),
        "occupation": lambda r: _occupation(r, f"{where}.occupation"),
    }
    return ActionSpace(
        id=raw["id"],
        name=raw["name"],
        group=raw["group"],
        column=column,
        **_effects(raw, where),
        **{key: parse(raw[key]) for key, parse in optional.items() if key in raw},
        if_owns=tuple(_if_owns(r, f"{where}.if_owns") for r in raw.get("if_owns", ())),
        choose=raw.get("choose"),
        options=tuple(_option(r, f"{where}.option") for r in raw.get("option", ())),
        overseas_trade=bool(raw.get("overseas_trade", False)),
        special_sale=_amount(raw.get("special_sale", 0), f"{where}.special_sale"),
        forge=_amount(raw.get("forge", 0), f"{where}.forge"),
        bonus=bonuses.get(column),
        verify=raw.get("verify"),
    )


def _column_bonuses(raw: dict[str, Any]) -> dict[int, ColumnBonus]:
    out = {}
    for column, table in raw.items():
        check_keys(table, {"draw_occupations", "play_occupations", "when", "verify"}, f"column_bonus.{column}")
        out[int(column)] = ColumnBonus(**{k: v for k, v in table.items() if k != "verify"})
    return out


def _check_board(spaces: tuple[ActionSpace, ...]) -> None:
    """The whole board: right size, ids unique."""
    if len(spaces) != SPACE_COUNT:
        raise ActionDataError(f"expected {SPACE_COUNT} action spaces, found {len(spaces)}")
    ids = [s.id for s in spaces]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ActionDataError(f"duplicate action-space ids: {duplicates}")


def parse_action_spaces(text: str) -> tuple[ActionSpace, ...]:
    """Parse and validate action-space TOML text (board order kept)."""
    return _spaces_from(parse_text(text))


def _spaces_from(data: dict[str, Any]) -> tuple[ActionSpace, ...]:
    """Validate the parsed action-space file (board order kept)."""
    check_keys(data, {"column_bonus", "dice", "space"}, "action_spaces.toml")
    bonuses = _column_bonuses(data.get("column_bonus", {}))
    spaces = tuple(_space(raw, bonuses) for raw in data["space"])
    _check_board(spaces)
    return spaces


@cache
def _board() -> tuple[ActionSpace, ...]:
    return _spaces_from(read("action_spaces"))


@cache
def _by_id() -> dict[str, ActionSpace]:
    return {s.id: s for s in _board()}


def load_action_spaces() -> dict[str, ActionSpace]:
    """All 61 spaces by id, in board order. Parsed once; each call gets its own (shallow) copy,
    so a caller editing it cannot change what the next caller sees."""
    return dict(_by_id())


@cache
def max_rolls() -> int:
    """Rolls a dice action allows before occupations change it (read once: the file is fixed)."""
    return int(read("action_spaces")["dice"]["max_rolls"])
