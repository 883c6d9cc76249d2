"""The digest each state carries (models/engine/digest.py) is always the one its fields give,
whichever path built the state: every state of seeded random games, every successor of their
decisions and chance nodes, and states carried through pickle. Equal states merge whatever
their tables; different states stay apart even when their digests are forced equal."""

import pickle

import pytest

from models.engine import flow
from models.engine.state import NO_TABLE, Aside, fresh_digest, key
from planner.affo_game import AffoGame
from planner.search.policy import play, random_policy


def successors(s):
    moves = flow.legal_actions(s) if flow.who(s) == flow.PLAYER else [o for _, o in flow.chance_outcomes(s)]
    return [flow.apply(s, a) for a in moves]


@pytest.mark.parametrize("seed", [51, 52, 53])
def test_every_state_and_successor_carries_the_digest_of_its_fields(seed):
    t = play(AffoGame(), random_policy, seed=seed)
    checked = 0
    for s in t.states:
        assert s.digest == fresh_digest(s), s.stage
        if flow.who(s) != flow.TERMINAL:
            for child in successors(s):
                assert child.digest == fresh_digest(child), (s.stage, child.stage)
                checked += 1
    assert checked > 3000


def test_a_pickled_state_works_its_digest_out_afresh():
    t = play(AffoGame(), random_policy, seed=54)
    for s in t.states[::25]:
        back = pickle.loads(pickle.dumps(s))
        assert back == s and hash(back) == hash(s) == fresh_digest(back)


def test_states_differing_only_in_their_table_are_one_key():
    t = play(AffoGame(), random_policy, seed=55)
    s = next(x for x in t.states if x.table)
    bare = s._replace(table=NO_TABLE)
    assert bare == s and hash(bare) == hash(s) and len({key(s), key(bare)}) == 1
    assert Aside((1,)) == Aside((2,)) and Aside() != ()


def test_equality_not_the_digest_decides_whether_states_merge():
    start = flow.start()
    other = start._replace(silver=start.silver + 1)
    forged = tuple.__new__(type(other), list(other[:-1]) + [start.digest])  # same digest, other silver
    assert hash(forged) == hash(start) and forged != start and len({start, forged}) == 2


def test_replacing_a_field_by_itself_changes_neither_the_state_nor_its_digest():
    s = play(AffoGame(), random_policy, seed=56).states[40]
    same = s._replace(goods=s.goods, ships=s.ships, silver=s.silver)
    assert same == s and same.digest == s.digest
    richer = s._replace(goods=s.goods, silver=s.silver + 2, ships=s.ships + ((0, 0),))
    assert richer.digest == fresh_digest(richer) != s.digest
