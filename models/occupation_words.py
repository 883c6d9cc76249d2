"""Occupation cards in the game's words: what affo applies when a card is played (`affo cards`),
and a note for a card name in a snapshot that is no one card's (`affo validate`)."""

from __future__ import annotations

from models.bundle_words import bundle_text
from models.actions import Bundle, load_action_spaces
from models.occupation_cards import DiceRule, Discount, EachTime, Effect, Part, card_named, cards_by_name

# what a part counts: "per" one of them, "by" how many of them
ONE = {
    "whaling-boat": "whaling boat", "knarr": "knarr", "longship": "longship", "fleet": "set of one ship of each type",
    "ship-ore": "ore added to a whaling boat or longship", "house": "stone or long house", "sheep": "sheep",
    "cattle": "cattle", "animal-kinds": "kind of animal held (sheep, cattle)", "silk": "silk in supply",
    "armed-longship": "longship holding 2 ore or more",
    "red-kinds": "kind of red good held (an animal pregnant or not)",
    "meat-pair": "pair of game meat and whale meat", "grain": "grain in supply",
}  # fmt: skip
MANY = ONE | {
    "whaling-boat": "whaling boats", "knarr": "knarrs", "longship": "longships", "fleet": "sets of one ship of each type",
    "ship-ore": "ore added to whaling boats and longships", "house": "stone and long houses",
    "animal-kinds": "kinds of animal held", "armed-longship": "longships holding 2 ore or more",
    "red-kinds": "kinds of red good held", "meat-pair": "pairs of game meat and whale meat",
}  # fmt: skip


# an each-time occasion that is no group's or space's name
OCCASION = {
    "emigrating": "you emigrate", "exploring": "you explore", "playing": "an action of yours plays an occupation",
    "house-building": "you build a stone or long house on a space", "hunt-success": "a Hunting Game roll succeeds",
    "snare-success": "a snare succeeds", "whaling-success": "a whaling succeeds", "raid-failure": "a raid fails",
    "raid-success": "a raid succeeds", "pillage-success": "a pillage succeeds",
    "hunt-failure": "a Hunting Game roll fails", "snare-failure": "a snare fails", "whaling-failure": "a whaling fails",
    "pillage-failure": "a pillage fails",
    "two-silver-or-more": "a space or an emigration costs you 2 silver or more",
    "mountain-stone": "you take a stone from a mountain strip",
    "mountain-silver": 'you take the "2 silver" from the last space of a mountain strip',
    "mountain-kinds": "you take items from the mountain strips",
}  # fmt: skip


def effect_words(effect: Effect) -> str:
    """What the round engine gives for a card when it is played and from then on, in the game's words."""
    said = [_part_words(p, p.gain) for p in effect.gains]
    if effect.buys:
        said.append("may buy " + " or ".join(_purchase_words(p) for p in effect.buys))
    said += [f"each time {_occasions(whens)}: {got}" for whens, got in _each_time_words(effect)]
    said += [_discount_words(d) for d in effect.discounts]
    said += [_dice_words(d) for d in effect.dice]
    said += [f"{PHASE[r.when]}: {_part_words(r.part, r.part.gain)}" for r in effect.each_round]
    return "; ".join(said)


PHASE = {"after-feast": "after each round's feast"}


ROLLS = {"hunt": "Hunting Game", "snare": "snare", "whaling": "whaling", "raid": "raid", "pillage": "pillage"}


def _dice_words(d: DiceRule) -> str:
    kinds = "every roll" if len(d.kinds) == len(ROLLS) else f"each {' or '.join(ROLLS[k] for k in d.kinds)} roll"
    said = [f"{d.add:+d} on each die rolled"] if d.add else []
    said += [f"each {bundle_text(_spent(((name, 1),))).removeprefix('1 ')} spent counts {n}" for name, n in d.counts_as]
    said += [f"up to {d.rolls} rolls"] if d.rolls else []
    return f"{kinds}: {', '.join(said)}"


def _discount_words(d: Discount) -> str:
    occasion = OCCASION.get(d.when, f"you use a {d.when} space")
    return f"each time {occasion}: {bundle_text(Bundle(silver=d.silver, stone=d.stone))} less to pay"


def _each_time_words(effect: Effect) -> list[tuple[list[EachTime], str]]:
    """(occasions, what they give), occasions giving the same said once (the Furrier's eight spaces)."""
    out: list[tuple[list[EachTime], str]] = []
    for e in effect.each_time:
        got = bundle_text(e.gain) + (f" per {ONE[e.per]}" if e.per else "")
        if e.steps:
            got = "by kinds of item taken, " + " / ".join(f"{st.at_least}+: {bundle_text(st.gain)}" for st in e.steps)
        if out and out[-1][1] == got:
            out[-1][0].append(e)
        else:
            out.append(([e], got))
    return out


def _occasions(each: list[EachTime]) -> str:
    spaces = [load_action_spaces()[e.when] for e in each if e.when in load_action_spaces()]
    said = [_occasion(e) for e in each if e.when not in load_action_spaces()]
    if spaces:
        said.append("you use " + " or ".join(f'"{sp.name}" (column {sp.column})' for sp in spaces))
    return " or ".join(said)


def _occasion(e: EachTime) -> str:
    if e.received:
        return f"an action gives you at least {bundle_text(Bundle(**dict(e.received)))}"
    said = OCCASION.get(e.when, f"you use a {e.when} space")
    return f"{said} spending exactly {bundle_text(_spent(e.spent))}" if e.spent else said


def _spent(spent: tuple[tuple[str, int], ...]) -> Bundle:
    """What a success spent, as a bundle to say: wood and stone, the rest weapons."""
    plain = {k: n for k, n in spent if k in ("wood", "stone")}
    return Bundle(**plain, weapons=tuple((k, n) for k, n in spent if k not in plain))


def _part_words(part: Part, gain: Bundle) -> str:
    if part.counts:
        steps = " / ".join(f"{s.at_least}+: {bundle_text(s.gain or gain) or 'nothing'}" for s in part.steps)
        return f"by {MANY[part.counts]}, {steps}"
    return bundle_text(gain) + (f" per {ONE[part.per]}" if part.per else "")


def _purchase_words(part: Part) -> str:
    if part.counts:
        prices = " / ".join(f"{s.at_least}+: {bundle_text(s.pay)}" for s in part.steps)
        return f"{bundle_text(part.gain)} for, by {MANY[part.counts]}, {prices}"
    price = bundle_text(part.pay) or ("the round's number in silver" if part.silver_per_round else "nothing")
    return f"{bundle_text(part.gain)} for {price}"


def unread_names(hand: list[int | str], played: list[int | str]) -> list[tuple[str, str]]:
    """(JSON path, note) for each card name in a snapshot's occupations that is no one card's: such a
    card counts as one drawn unseen, which the player may not have meant."""
    notes = []
    for where, entries in (("hand", hand), ("played", played)):
        for i, entry in enumerate(entries):
            if isinstance(entry, str) and card_named(entry) is None:
                notes.append((f"player.occupations.{where}[{i}]", _unread(entry)))
    return notes


def _unread(name: str) -> str:
    import difflib  # only for a name no card has

    if cards_by_name().get(name.strip().casefold()):
        numbers = ", ".join(str(c.number) for c in cards_by_name()[name.strip().casefold()])
        return f"{name!r}: cards {numbers} print this name, so it counts as a card drawn unseen (affo cards)"
    close = difflib.get_close_matches(name.strip().casefold(), list(cards_by_name()), n=1, cutoff=0.6)
    hint = f" (did you mean {cards_by_name()[close[0]][0].name!r}?)" if close else ""
    return f"{name!r} is no occupation card's name{hint}, so it counts as a card drawn unseen (affo cards)"
