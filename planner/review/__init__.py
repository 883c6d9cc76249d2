"""Post-game review: each round of a recorded game against what was possible at that moment."""

from planner.review.game import GameReview, review_game

__all__ = ["GameReview", "review_game"]
