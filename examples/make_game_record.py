"""How examples/game-long.json was made: a seeded long solo game written as an affo-game/1 record.

    python examples/make_game_record.py --seed 3 > examples/game-long.json

The same as `affo solo --seed 3 --record examples/game-long.json`: the round planner plays
(planner/solo_record.py), tiles are laid by the placement engine, each table is laid from
exactly the food and silver the round engine chose to serve.
"""

from __future__ import annotations

import argparse
import json
import sys

from planner.solo_record import play_solo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    json.dump(play_solo(parser.parse_args().seed).record, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
