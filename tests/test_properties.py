"""Property tests: the checker and the scorer never crash, whatever the snapshot holds."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.boards import all_boards
from models.pieces import all_pieces, goods_names, special_names
from models.rules import check_snapshot, laying_order
from models.scoring import score
from models.snapshot import SnapshotError, dump_snapshot, parse_snapshot

placements = st.lists(
    st.fixed_dictionaries(
        {
            "piece": st.sampled_from(sorted(all_pieces())),
            "row": st.integers(-2, 13),
            "col": st.integers(-2, 14),
            "rotation": st.sampled_from([0, 90, 180, 270]),
            "flip": st.booleans(),
        }
    ),
    max_size=8,
)
boards = st.lists(
    st.builds(
        lambda name, tiles, wood, stone, i: {"id": f"b{i}", "board": name, "placements": tiles, "resources": {"wood": wood, "stone": stone}},
        st.sampled_from(sorted(all_boards())),
        placements,
        st.integers(0, 4),
        st.integers(0, 4),
        st.integers(0, 3),
    ),
    max_size=4,
)
snapshots = st.builds(
    lambda b, banquet, goods, specials, vikings, emigrated, silver, rnd: {
        "format": "affo-snapshot/1",
        "game": {"round": rnd},
        "player": {
            "boards": b, "banquet": {"placements": banquet}, "goods": goods, "specials": specials,
            "vikings": vikings, "emigrated": emigrated, "silver": silver,
        },
    },
    boards,
    placements,
    st.dictionaries(st.sampled_from(goods_names()), st.integers(0, 5), max_size=6),
    st.lists(st.sampled_from(special_names()), max_size=3),
    st.integers(0, 12),
    st.integers(0, 12),  # emigrated: the snapshot format refuses more than the table holds
    st.integers(0, 30),
    st.integers(1, 7),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(snapshots)
def test_checker_and_scorer_never_crash(data):
    snap = parse_snapshot(data)
    problems = check_snapshot(snap)
    report = score(snap)
    assert report.total == sum(report.breakdown.values())
    assert report.income >= 0 and report.breakdown["negatives"] <= 0
    if not problems:
        assert laying_order(snap) is not None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"format": st.just("affo-snapshot/1"), "player": st.dictionaries(st.sampled_from(["silver", "goods", "boards", "ships", "vikings", "emigrated", "banquet"]), json_values)}))
def test_any_json_either_parses_or_fails_with_paths(data):
    try:
        snap = parse_snapshot(data)
    except SnapshotError as err:
        assert err.problems and all(p.message for p in err.problems)
        return
    assert parse_snapshot(dump_snapshot(snap)) == snap  # what parses, writes back the same
    check_snapshot(snap)
    score(snap)
