"""Tiny games that exercise the search package (and show how a game plugs into it)."""
